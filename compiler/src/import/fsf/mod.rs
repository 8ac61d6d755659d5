//! `koma import` of a Fairy-Stockfish `variants.ini` section -> .koma text.
//!
//! [`ini`] reads the sections with spans, `game` follows `[name:parent]` inheritance (built-in
//! parents come from `builtins.ini`, the same format), `translate` maps the options to a
//! [`crate::import::model::KomaFile`], translating the places where Fairy-Stockfish reads Betza
//! differently (`betza`). docs/import.md says what is translated and what becomes a comment.

mod betza;
mod game;
pub mod ini;
mod setup;
mod squares;
mod translate;

use super::{Imported, Sink, write};
use crate::diagnostic::{Diagnostic, FileId};
use koma_grammar::Span;

pub use ini::looks_like_ini;

/// Imports the section `section` of the ini `text` (the only section when `None`).
///
/// ```
/// use koma_compiler::diagnostic::SourceMap;
/// let ini = "[mini:chess]\nmaxRank = 6\nmaxFile = 6\nbishop = -\nstartFen = rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1\npromotionRegionWhite = *6\npromotionRegionBlack = *1\npromotionPieceTypes = qrn\ndoubleStep = false\ncastling = false\n";
/// let mut sources = SourceMap::default();
/// let file = sources.add("mini.ini", ini);
/// let imported = koma_compiler::import::fsf::import(file, ini, None);
/// assert!(imported.koma.expect("no errors").contains("promotes Q R N"));
/// ```
pub fn import(file: FileId, text: &str, section: Option<&str>) -> Imported {
    let mut sink = Sink::new(file);
    let sections = ini::read(text);
    let koma = pick(&sections, section, &mut sink).and_then(|i| {
        for stray in &sections[i].stray {
            let d = sink.warning(
                "I031",
                "a line that is not `key = value`".into(),
                *stray,
                "Fairy-Stockfish skips it; so does the importer",
            );
            sink.push(d);
        }
        let game = game::resolve(&sections, i, &mut sink)?;
        let model = translate::translate(&game, &title(&sections[i].name), &mut sink)?;
        Some((write::write(&model), sections[i].header))
    });
    let mut diagnostics = sink.into_diagnostics();
    diagnostics.sort_by_key(|d| (d.primary.location.span.start, d.primary.location.span.end));
    let koma = koma.filter(|_| !diagnostics.iter().any(Diagnostic::is_error));
    if let Some((text, header)) = &koma {
        let mut sink = Sink::new(file);
        check_written(text, *header, &mut sink);
        diagnostics.extend(sink.into_diagnostics());
    }
    Imported {
        koma: koma.map(|k| k.0),
        diagnostics,
    }
}

/// The section to import: the named one, or the only one.
fn pick(sections: &[ini::Section], name: Option<&str>, sink: &mut Sink) -> Option<usize> {
    let whole = Span::new(0, 0);
    let names = || {
        sections
            .iter()
            .map(|s| s.name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let found = match name {
        Some(n) => sections.iter().position(|s| s.name == n),
        None if sections.len() == 1 => Some(0),
        None => None,
    };
    if found.is_none() {
        let message = match (name, sections.len()) {
            (_, 0) => "the file has no `[name]` section".to_string(),
            (Some(n), _) => format!("no section `[{n}]` in the file (it has: {})", names()),
            (None, _) => format!(
                "the file has several sections ({}): say which with --section",
                names()
            ),
        };
        let d = sink.error("I029", message, whole, "here");
        sink.push(d);
    }
    found
}

/// `caught-in-a-snag` -> `Caught In A Snag`.
fn title(name: &str) -> String {
    name.split(['-', '_'])
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_uppercase().chain(c).collect::<String>())
                .unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Checks the written file as `koma check` would; each error becomes `I028` on the header.
fn check_written(koma: &str, header: Span, sink: &mut Sink) {
    let checked = crate::load_source("imported.koma", koma, &crate::loader::MemoryLoader::new());
    for d in checked.diagnostics.iter().filter(|d| d.is_error()) {
        let at = d.primary.location.span.start.min(koma.len());
        let line = koma[..at].lines().count().max(1);
        let message = format!(
            "the imported file does not check: error[{}] {}",
            d.code, d.message
        );
        let diagnostic = sink
            .error(
                "I028",
                message,
                header,
                &format!("becomes line {line} of the written file"),
            )
            .with_help("fix the written .koma file by hand");
        sink.push(diagnostic);
    }
}
