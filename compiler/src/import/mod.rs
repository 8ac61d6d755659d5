//! `koma import`: Interactive Diagram parameter block -> .koma text.
//!
//! `read` splits the block into items with spans ([`block`]), `translate` turns them into a
//! [`model::KomaFile`] while collecting diagnostics (codes `I0xx`, located in the block), and
//! `write` renders the file. docs/import.md says what is translated and what becomes a comment.

pub mod block;
pub mod codes;
pub mod fsf;
pub mod keys;
pub mod model;
mod pieces;
mod settings;
mod setup;
pub mod square;
mod translate;
pub mod write;

use koma_grammar::Span;

use crate::diagnostic::{Diagnostic, FileId, Location};

pub use translate::translate;

/// What an import produced.
#[derive(Clone, Debug)]
pub struct Imported {
    /// The .koma text; `None` when the block could not be translated. Present but failing
    /// `koma check` when [`Imported::has_errors`] says so (`I028`, located in the block).
    pub koma: Option<String>,
    /// Errors and warnings, located in the block.
    pub diagnostics: Vec<Diagnostic>,
}

impl Imported {
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

/// Imports the block `text` (registered as `file`), naming the variant `name`.
///
/// ```
/// use koma_compiler::diagnostic::SourceMap;
/// let block = "files=5 ranks=5 promoChoice=G pawn:P:fW:p:a2-e2 gold:G::g: king:K:K:k:c1";
/// let mut sources = SourceMap::default();
/// let file = sources.add("mini.id", block);
/// let imported = koma_compiler::import::import(file, block, "Mini");
/// let koma = imported.koma.expect("no errors");
/// assert!(koma.contains("promotes G"));
/// ```
pub fn import(file: FileId, text: &str, name: &str) -> Imported {
    let block = block::read(text);
    let mut sink = Sink {
        file,
        diagnostics: Vec::new(),
    };
    let koma_file = translate(&block, name, &mut sink);
    let mut diagnostics = sink.diagnostics;
    diagnostics.sort_by_key(|d| (d.primary.location.span.start, d.primary.location.span.end));
    let failed = diagnostics.iter().any(Diagnostic::is_error);
    let koma = (!failed).then(|| write::write(&koma_file));
    if let Some(koma) = &koma {
        let mut sink = Sink::new(file);
        check_written(&block, koma, name, &mut sink);
        diagnostics.extend(sink.diagnostics);
    }
    Imported { koma, diagnostics }
}

/// Checks the written file as `koma check` would; each error becomes `I028`, located on the
/// block line the offending .koma line came from (the piece line with the same ID, or the
/// whole block for lines made from settings).
fn check_written(block: &block::Block, koma: &str, name: &str, sink: &mut Sink) {
    let checked = crate::load_source(
        &format!("{name}.koma"),
        koma,
        &crate::loader::MemoryLoader::new(),
    );
    let whole = Span::new(
        block.items.first().map_or(0, |i| item_span(i).start),
        block.items.last().map_or(0, |i| item_span(i).end),
    );
    for d in checked.diagnostics.iter().filter(|d| d.is_error()) {
        let at = d.primary.location.span.start.min(koma.len());
        let line_start = koma[..at].rfind('\n').map_or(0, |i| i + 1);
        let line = koma[line_start..].lines().next().unwrap_or("");
        // A piece line reads `ID "Name" MOVES ...`; the block's line has the name (and
        // usually the ID) as written.
        let quoted = line.split('"').nth(1).unwrap_or("");
        let id = line.split_whitespace().next().unwrap_or("");
        let piece = block.pieces().find(|p| {
            (!quoted.is_empty() && p.name.text.eq_ignore_ascii_case(quoted))
                || (!id.is_empty() && p.id.text.eq_ignore_ascii_case(id))
        });
        let span = piece.map_or(whole, |p| {
            let in_moves = line.contains(p.betza.text.as_str()) && !p.betza.text.is_empty();
            if in_moves { p.betza.span } else { p.span }
        });
        let message = format!(
            "the imported file does not check: {}[{}] {}",
            if d.is_error() { "error" } else { "warning" },
            d.code,
            d.message
        );
        let label = format!(
            "becomes line {} of the written file",
            koma[..line_start].lines().count() + 1
        );
        let diagnostic = sink
            .error("I028", message, span, &label)
            .with_help("fix this in the block, or fix the written .koma file by hand");
        sink.push(diagnostic);
    }
}

fn item_span(item: &block::Item) -> Span {
    match item {
        block::Item::Key(k) => k.span,
        block::Item::Piece(p) => p.span,
        block::Item::Stray(f) => f.span,
    }
}

/// Collects diagnostics for one block.
#[derive(Debug)]
pub struct Sink {
    file: FileId,
    diagnostics: Vec<Diagnostic>,
}

impl Sink {
    pub fn new(file: FileId) -> Self {
        Sink {
            file,
            diagnostics: Vec::new(),
        }
    }
    pub fn into_diagnostics(self) -> Vec<Diagnostic> {
        self.diagnostics
    }
    pub(crate) fn location(&self, span: Span) -> Location {
        Location::new(self.file, span)
    }
    pub(crate) fn error(&self, code: &str, message: String, span: Span, label: &str) -> Diagnostic {
        Diagnostic::error(code, message, self.location(span), label)
    }
    pub(crate) fn warning(
        &self,
        code: &str,
        message: String,
        span: Span,
        label: &str,
    ) -> Diagnostic {
        Diagnostic::warning(code, message, self.location(span), label)
    }
    pub(crate) fn push(&mut self, diagnostic: Diagnostic) {
        self.diagnostics.push(diagnostic);
    }
}
