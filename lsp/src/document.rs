//! One open document and what the compiler says about it, recomputed on every change.

use std::path::PathBuf;

use koma_compiler::Loaded;
use koma_compiler::diagnostic::{Diagnostic, FileId};
use koma_compiler::limits::MAX_SOURCE_BYTES;
use koma_compiler::lint::{self, LintConfig};
use koma_compiler::loader::DiskLoader;
use koma_grammar::Parsed;
use lsp_types::Url;

use crate::position::LineIndex;

/// An open `.koma` file: its text and the compiler's view of it.
#[derive(Debug)]
pub struct Document {
    pub uri: Url,
    pub version: i32,
    pub text: String,
    pub index: LineIndex,
    /// Where the lines of each file of the compilation start, by [`FileId`] (built once: a
    /// diagnostic's labels are mapped to positions through them).
    pub file_indexes: Vec<LineIndex>,
    /// The lossless tree and AST of this file alone.
    pub parsed: Parsed,
    /// The whole compilation (files it extends included).
    pub loaded: Loaded,
    /// Errors, then lint findings when the variant checks.
    pub diagnostics: Vec<Diagnostic>,
}

impl Document {
    pub fn new(uri: Url, version: i32, text: String) -> Document {
        // `extends` paths are relative to the file: give the compiler its path when there is one.
        let name = uri
            .to_file_path()
            .map(|p| p.display().to_string())
            .unwrap_or_else(|()| uri.to_string());
        let loaded = koma_compiler::load_source(&name, &text, &DiskLoader);
        let mut diagnostics = loaded.diagnostics.clone();
        if let Some(variant) = &loaded.variant {
            diagnostics.extend(lint::lint(variant, &loaded.sources, &LintConfig::default()));
        }
        // A document over the limit is not parsed: its one diagnostic says why.
        let too_large = text.len() as u64 > MAX_SOURCE_BYTES;
        Document {
            index: LineIndex::new(&text),
            file_indexes: loaded
                .sources
                .iter()
                .map(|(_, f)| LineIndex::new(&f.text))
                .collect(),
            parsed: koma_grammar::parse(if too_large { "" } else { &text }),
            uri,
            version,
            text,
            loaded,
            diagnostics,
        }
    }

    /// The URI of a file of the compilation (this document, or a file it extends).
    pub fn file_uri(&self, file: FileId) -> Option<Url> {
        if file == FileId(0) {
            return Some(self.uri.clone());
        }
        let name = &self.loaded.sources.get(file)?.name;
        let path = std::fs::canonicalize(PathBuf::from(name)).ok()?;
        Url::from_file_path(path).ok()
    }

    /// Where the lines of a file of the compilation start.
    pub fn file_index(&self, file: FileId) -> Option<&LineIndex> {
        self.file_indexes.get(file.0 as usize)
    }

    /// The text of a file of the compilation.
    pub fn file_text(&self, file: FileId) -> Option<&str> {
        self.loaded.sources.get(file).map(|f| f.text.as_str())
    }
}
