//! One module per subcommand; each exposes one function named after the command.

pub mod analyse;
pub mod bench;
pub mod book;
pub mod check;
pub mod compile;
pub mod diagram;
pub mod explain;
pub mod export;
pub mod fmt;
pub mod import;
pub mod lint;
pub mod lsp;
pub mod r#match;
pub mod moves;
pub mod perft;
pub mod play;
pub mod serve;
pub mod tune;
pub mod uci;
pub mod values;
pub mod xboard;

use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

use koma_compiler::diagnostic::{Diagnostic, SourceMap};
use koma_compiler::ir::Variant;
use koma_runtime::fen::PositionError;
use koma_runtime::{Position, Tables, serialize};

use crate::report;

/// How a command failed, beyond the diagnostics it already printed.
#[derive(Debug)]
pub enum CliError {
    /// Bad arguments: exit code 2.
    Usage(String),
    /// The command could not do its job (unreadable file, invalid variant): exit code 1.
    Failed(String),
}

pub type CommandResult = Result<ExitCode, CliError>;

/// Loads a variant file; on errors prints them to standard error and fails.
pub fn load_variant(path: &Path) -> Result<Variant, CliError> {
    load_variant_with_sources(path).map(|(variant, _)| variant)
}

/// [`load_variant`], keeping the sources for diagnostics reported later.
pub fn load_variant_with_sources(path: &Path) -> Result<(Variant, SourceMap), CliError> {
    let loaded = koma_compiler::load(path);
    match loaded.variant {
        Some(variant) => Ok((variant, loaded.sources)),
        None => {
            let errors: Vec<Diagnostic> = loaded
                .diagnostics
                .into_iter()
                .filter(Diagnostic::is_error)
                .collect();
            report::eprint(&loaded.sources, &errors);
            Err(CliError::Failed(format!("`{}` has errors", path.display())))
        }
    }
}

/// The text of a file given on the command line, read like every variant source: a regular
/// file of at most [`koma_compiler::limits::MAX_SOURCE_BYTES`], in UTF-8.
pub fn read_source_text(path: &Path) -> Result<String, CliError> {
    let failed =
        |reason: String| CliError::Failed(format!("cannot read `{}`: {reason}", path.display()));
    let bytes = koma_compiler::loader::read_source(path).map_err(|e| failed(e.to_string()))?;
    String::from_utf8(bytes).map_err(|_| failed("it is not valid UTF-8".to_string()))
}

/// Replaces the variant source at `path` with `text` without ever leaving it half written
/// ([`koma_compiler::write::write_file`]). A link is followed first: the file it points to is
/// the one edited, and the link stays.
pub fn save_source(path: &Path, text: &str) -> Result<(), CliError> {
    let failed =
        |reason: String| CliError::Failed(format!("cannot write `{}`: {reason}", path.display()));
    let real = std::fs::canonicalize(path).map_err(|e| failed(e.to_string()))?;
    match koma_compiler::write::write_file(&real, text.as_bytes()) {
        Ok(_) => Ok(()),
        Err(koma_compiler::write::WriteError::Io { error, .. }) => Err(failed(error.to_string())),
        Err(e) => Err(CliError::Failed(e.to_string())),
    }
}

/// Loads a variant from a `.koma` file or from a file written by `koma compile`.
pub fn load_tables(path: &Path) -> Result<Arc<Tables>, CliError> {
    let bytes = koma_compiler::loader::read_file(path, koma_runtime::limits::MAX_COMPILED_BYTES)
        .map_err(|e| CliError::Failed(format!("cannot read `{}`: {e}", path.display())))?;
    let spec = if serialize::is_compiled(&bytes) {
        serialize::decode(&bytes)
            .map_err(|e| CliError::Failed(format!("`{}`: {e}", path.display())))?
    } else {
        koma_compiler::emit(&load_variant(path)?)
    };
    Tables::try_new(spec)
        .map(Arc::new)
        .map_err(|e| CliError::Failed(format!("`{}`: {e}", path.display())))
}

/// Plays the moves of `--play` (separated by spaces) on `pos`; a move that is not legal there
/// is a usage error naming it and its number.
pub fn play_moves(pos: &mut Position, moves: &str) -> Result<(), CliError> {
    for (n, text) in moves.split_whitespace().enumerate() {
        let m = pos
            .parse_move(text)
            .map_err(|e| CliError::Usage(format!("--play: move {} ({text}): {e}", n + 1)))?;
        pos.make(&m);
    }
    Ok(())
}

/// The position given with `--fen`, or the start position.
/// The numbered start positions a variant has, for `--start`'s message.
pub fn numbered_range(tables: &Tables) -> String {
    match Position::start_count(tables) {
        1 => "the variant has no `shuffle` in its setup, so no numbered start positions".into(),
        n => format!("the variant's start positions are numbered 0 to {}", n - 1),
    }
}

/// The position a command starts from: `--start N`, else `--fen`, else the start position.
pub fn start_or_position(
    tables: Arc<Tables>,
    start: Option<u64>,
    fen: Option<&str>,
) -> Result<Position, CliError> {
    match start {
        Some(n) => Position::start_numbered(tables.clone(), n)
            .ok_or_else(|| CliError::Usage(format!("--start: {}", numbered_range(&tables)))),
        None => position(tables, fen),
    }
}

pub fn position(tables: Arc<Tables>, fen: Option<&str>) -> Result<Position, CliError> {
    Position::from_text(tables, fen.unwrap_or("startpos")).map_err(|e| match e {
        PositionError::NoStartPosition => {
            CliError::Usage("the variant has no start position; give one with --fen".to_string())
        }
        _ => CliError::Usage(format!("--fen: {e}")),
    })
}
