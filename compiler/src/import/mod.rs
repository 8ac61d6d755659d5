//! `koma import`: Interactive Diagram parameter block -> .koma text.
//!
//! `read` splits the block into items with spans ([`block`]), `translate` turns them into a
//! [`model::KomaFile`] while collecting diagnostics (codes `I0xx`, located in the block), and
//! `write` renders the file. docs/import.md says what is translated and what becomes a comment.

pub mod block;
pub mod codes;
pub mod keys;
pub mod model;
mod pieces;
mod settings;
mod setup;
pub mod square;
mod translate;
pub mod write;

use crate::diagnostic::{Diagnostic, FileId, Location};

pub use translate::translate;

/// What an import produced.
#[derive(Clone, Debug)]
pub struct Imported {
    /// The .koma text; `None` when there were errors.
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
    diagnostics.sort_by_key(|d| (d.primary.location.start, d.primary.location.end));
    let failed = diagnostics.iter().any(Diagnostic::is_error);
    let koma = (!failed).then(|| write::write(&koma_file));
    Imported { koma, diagnostics }
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
    pub(crate) fn location(&self, span: block::Span) -> Location {
        Location {
            file: self.file,
            start: span.start,
            end: span.end,
        }
    }
    pub(crate) fn error(
        &self,
        code: &str,
        message: String,
        span: block::Span,
        label: &str,
    ) -> Diagnostic {
        Diagnostic::error(code, message, self.location(span), label)
    }
    pub(crate) fn warning(
        &self,
        code: &str,
        message: String,
        span: block::Span,
        label: &str,
    ) -> Diagnostic {
        Diagnostic::warning(code, message, self.location(span), label)
    }
    pub(crate) fn push(&mut self, diagnostic: Diagnostic) {
        self.diagnostics.push(diagnostic);
    }
}
