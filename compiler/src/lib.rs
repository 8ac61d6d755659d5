//! The koma compiler: `parse` -> `lower` -> `validate` -> `lint` -> `emit`.
//!
//! Its front door is [`tables`]: a variant file in, the runtime's move tables out, or every
//! error located in the sources.
//!
//! ```
//! use koma_runtime::Position;
//! let chess = koma_compiler::tables(concat!(env!("CARGO_MANIFEST_DIR"), "/../variants/chess.koma"))?;
//! let mut start = Position::start(chess).expect("chess has a start position");
//! assert_eq!(start.moves().len(), 20);
//! # Ok::<(), koma_compiler::Diagnostics>(())
//! ```
//!
//! [`tables_from_str`] compiles text held in memory; [`load`] and [`load_source`] give the
//! checked IR with every warning, and [`Loaded::tables`] turns it into tables.

pub mod codes;
pub mod diagnostic;
pub mod diagram;
pub mod emit;
pub mod export;
pub mod format;
pub mod fsf;
pub mod import;
pub mod ir;
pub mod limits;
pub mod lint;
pub mod loader;
mod lower;
pub mod parse;
pub mod validate;
pub mod write;
pub mod xbetza;

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use diagnostic::{Diagnostic, FileId, Lines, Location, SourceMap, Span};
use koma_runtime::Tables;
use koma_runtime::serialize::{self, Invalid};
use loader::{DiskLoader, FileLoader, MemoryLoader, ReadError};
use lower::extends::{Unit, load_chain};

pub use emit::emit;

/// The move tables of the variant in the file at `path`: a `.koma` source (with the files it
/// extends) or a file written by `koma compile`. On failure, every error with the sources it
/// points into.
pub fn tables(path: impl AsRef<Path>) -> Result<Arc<Tables>, Diagnostics> {
    let path = path.as_ref();
    let name = path.display().to_string();
    let bytes = match loader::read_file(path, koma_runtime::limits::MAX_COMPILED_BYTES) {
        Ok(bytes) => bytes,
        Err(error) => return unreadable(SourceMap::default(), &name, &error).tables(),
    };
    if serialize::is_compiled(&bytes) {
        return decoded(&name, &bytes);
    }
    if bytes.len() as u64 > limits::MAX_SOURCE_BYTES {
        let too_large = ReadError::TooLarge {
            limit: limits::MAX_SOURCE_BYTES,
        };
        return unreadable(SourceMap::default(), &name, &too_large).tables();
    }
    load_bytes(&name, bytes).tables()
}

/// The move tables of the variant source `text` (a variant that `extends` another needs
/// [`load_source`] and a loader for it).
///
/// ```
/// let text = "variant \"Kings\"\nboard 3 x 3\npieces\n  K \"King\" K royal\nsetup rotate\n  K a1\n";
/// let kings = koma_compiler::tables_from_str(text)?;
/// assert_eq!(kings.piece_count(), 1);
/// let error = koma_compiler::tables_from_str("variant \"Nothing\"\n").unwrap_err();
/// assert!(error.to_string().starts_with("<text>:"), "{error}");
/// # Ok::<(), koma_compiler::Diagnostics>(())
/// ```
pub fn tables_from_str(text: &str) -> Result<Arc<Tables>, Diagnostics> {
    load_source("<text>", text, &MemoryLoader::new()).tables()
}

/// The move tables of a checked variant; the runtime checks the spec once more
/// ([`Tables::try_new`]), so a compiler bug is an error rather than corrupt tables.
pub fn emit_tables(variant: &ir::Variant) -> Result<Arc<Tables>, Invalid> {
    Tables::try_new(emit(variant)).map(Arc::new)
}

/// Why a variant gave no tables: its errors, in file order, with the sources they point
/// into. Displayed one error a line as `file:line:column: error[CODE]: message`.
#[derive(Debug)]
pub struct Diagnostics {
    pub sources: SourceMap,
    /// The errors (never empty; warnings left out).
    pub diagnostics: Vec<Diagnostic>,
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lines = Lines::new(&self.sources);
        for (i, d) in self.diagnostics.iter().enumerate() {
            let at = lines.locate(d.primary.location);
            let (line, column) = at.start;
            if i > 0 {
                writeln!(f)?;
            }
            write!(
                f,
                "{}:{line}:{column}: error[{}]: {}",
                at.file, d.code, d.message
            )?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostics {}

/// The tables of a file written by `koma compile`, or why it cannot be loaded.
fn decoded(name: &str, bytes: &[u8]) -> Result<Arc<Tables>, Diagnostics> {
    let spec = serialize::decode(bytes).map_err(|e| e.to_string());
    match spec.and_then(|spec| Tables::try_new(spec).map_err(|e| e.to_string())) {
        Ok(tables) => Ok(Arc::new(tables)),
        Err(why) => {
            let mut sources = SourceMap::default();
            let at = Location::new(sources.add(name, String::new()), Span::new(0, 0));
            let diagnostic = Diagnostic::error(
                codes::UNREADABLE_FILE,
                format!("`{name}`: {why}"),
                at,
                "compiled tables",
            )
            .with_help("compile the variant again from its source with `koma compile`");
            Err(Diagnostics {
                sources,
                diagnostics: vec![diagnostic],
            })
        }
    }
}

/// Everything a compilation produced: the files it read, the variant (when there is no error)
/// and every diagnostic, errors and warnings, in file order.
#[derive(Debug)]
pub struct Loaded {
    pub sources: SourceMap,
    /// `Some` exactly when no diagnostic is an error.
    pub variant: Option<ir::Variant>,
    pub diagnostics: Vec<Diagnostic>,
}

impl Loaded {
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }

    /// The move tables of the checked variant, or its errors.
    pub fn tables(&self) -> Result<Arc<Tables>, Diagnostics> {
        let failed = |diagnostics: Vec<Diagnostic>| Diagnostics {
            sources: self.sources.clone(),
            diagnostics,
        };
        let Some(variant) = &self.variant else {
            let errors = self.diagnostics.iter().filter(|d| d.is_error()).cloned();
            return Err(failed(errors.collect()));
        };
        emit_tables(variant).map_err(|why| {
            let at = Location::new(FileId(0), Span::new(0, 0));
            let message = format!("the runtime cannot hold the compiled variant: {why}");
            let error = Diagnostic::error(codes::EXCEEDS_CAPACITY, message, at, "this variant")
                .with_help("this is a bug in koma's checks; please report it with the file");
            failed(vec![error])
        })
    }
}

/// The file an `extends "TARGET"` line in the file at `from` names (relative to it, `.koma`
/// added when left out).
pub fn extends_path(from: &Path, target: &str) -> PathBuf {
    lower::extends::resolve(from, target)
}

/// Loads, checks and lowers the variant file at `path` (and the files it extends) from disk.
/// An unreadable file (missing, not a regular file, too large) is a diagnostic, not a panic.
pub fn load(path: &Path) -> Loaded {
    let name = path.display().to_string();
    match loader::read_source(path) {
        Ok(bytes) => load_bytes(&name, bytes),
        Err(error) => unreadable(SourceMap::default(), &name, &error),
    }
}

/// [`load`] for the bytes of the file `name`, already read.
fn load_bytes(name: &str, bytes: Vec<u8>) -> Loaded {
    let mut sources = SourceMap::default();
    if let Some(diagnostic) = not_source(&mut sources, name, &bytes) {
        return Loaded {
            sources,
            variant: None,
            diagnostics: vec![diagnostic],
        };
    }
    match String::from_utf8(bytes) {
        Ok(text) => compile(sources, name, text, &DiskLoader, Vec::new()),
        Err(error) => {
            let valid = error.utf8_error().valid_up_to();
            let text = String::from_utf8_lossy(error.as_bytes()).into_owned();
            let at = Location::new(
                FileId(0),
                Span::new(valid, valid + char::REPLACEMENT_CHARACTER.len_utf8()),
            );
            let diagnostic = Diagnostic::error(
                codes::NOT_UTF8,
                "the file is not valid UTF-8".to_string(),
                at,
                "invalid byte here",
            )
            .with_help("save the file as UTF-8");
            compile(sources, name, text, &DiskLoader, vec![diagnostic])
        }
    }
}

/// The one error of a file that cannot be read.
fn unreadable(mut sources: SourceMap, name: &str, error: &ReadError) -> Loaded {
    let at = Location::new(sources.add(name, String::new()), Span::new(0, 0));
    let help = match error {
        ReadError::Io(_) => "check the path",
        ReadError::NotRegular { .. } | ReadError::TooLarge { .. } => {
            "give the `.koma` text file of the variant"
        }
    };
    let diagnostic = Diagnostic::error(
        codes::UNREADABLE_FILE,
        format!("cannot read `{name}`: {error}"),
        at,
        error.to_string(),
    )
    .with_help(help);
    Loaded {
        sources,
        variant: None,
        diagnostics: vec![diagnostic],
    }
}

/// One error, without echoing the bytes, for a file that is no variant source at all: a file
/// written by `koma compile`, or binary data (a NUL byte, or more than a few invalid UTF-8
/// sequences; a stray invalid byte in text is located by the caller instead).
fn not_source(sources: &mut SourceMap, name: &str, bytes: &[u8]) -> Option<Diagnostic> {
    const MAX_STRAY_BYTES: usize = 8;
    let compiled = koma_runtime::serialize::is_compiled(bytes);
    let binary = bytes.contains(&0)
        || (std::str::from_utf8(bytes).is_err()
            && String::from_utf8_lossy(bytes)
                .matches(char::REPLACEMENT_CHARACTER)
                .count()
                > MAX_STRAY_BYTES);
    if !compiled && !binary {
        return None;
    }
    let at = Location::new(
        sources.add(name.to_string(), String::new()),
        Span::new(0, 0),
    );
    Some(if compiled {
        Diagnostic::error(
            codes::UNREADABLE_FILE,
            format!("`{name}` is a compiled variant file (written by `koma compile`), not source"),
            at,
            "compiled tables",
        )
        .with_help(
            "check, lint and fmt read the `.koma` source; perft, moves and the engines read both",
        )
    } else {
        Diagnostic::error(
            codes::NOT_UTF8,
            format!("`{name}` is a binary file, not variant source"),
            at,
            "binary data",
        )
        .with_help("give the `.koma` text file of the variant")
    })
}

/// Checks and lowers `text`, shown to users as `name`; `extends` paths are relative to `name`
/// and read through `loader`.
///
/// ```
/// use koma_compiler::loader::MemoryLoader;
/// let text = "variant \"Mini\"\nboard 3 x 3\npieces\n  K \"King\" K royal\nsetup rotate\n  K a1\n";
/// let loaded = koma_compiler::load_source("mini.koma", text, &MemoryLoader::new());
/// assert!(loaded.diagnostics.is_empty());
/// assert_eq!(loaded.variant.map(|v| v.pieces.len()), Some(1));
/// ```
pub fn load_source(name: &str, text: &str, loader: &dyn FileLoader) -> Loaded {
    if text.len() as u64 > limits::MAX_SOURCE_BYTES {
        let limit = limits::MAX_SOURCE_BYTES;
        return unreadable(SourceMap::default(), name, &ReadError::TooLarge { limit });
    }
    compile(
        SourceMap::default(),
        name,
        text.to_string(),
        loader,
        Vec::new(),
    )
}

fn compile(
    mut sources: SourceMap,
    name: &str,
    text: String,
    loader: &dyn FileLoader,
    mut diagnostics: Vec<Diagnostic>,
) -> Loaded {
    let file = sources.add(name, text.clone());
    let (ast, errors) = parse::parse(file, &text);
    diagnostics.extend(errors);
    let first = Unit {
        file,
        path: PathBuf::from(name),
        ast,
    };
    let chain = load_chain(first, &mut sources, loader, &mut diagnostics);
    let variant = lower::lower(&chain, &mut diagnostics);
    if let Some(variant) = &variant {
        diagnostics.extend(validate::validate(variant));
        if !diagnostics.iter().any(Diagnostic::is_error) {
            validate::capacities(variant, &mut diagnostics);
        }
    }
    diagnostics.sort_by_key(|d| (d.primary.location.file, d.primary.location.span.start));
    let variant = variant.filter(|_| !diagnostics.iter().any(Diagnostic::is_error));
    Loaded {
        sources,
        variant,
        diagnostics,
    }
}
