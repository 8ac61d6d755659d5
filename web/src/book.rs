//! `koma book`: the page of one variant as a static site (start position with its legal moves,
//! every piece's diagram, promotions, rules), one self-contained `index.html` plus a `diagrams/`
//! folder, readable from disk or any static host.

use std::path::{Path, PathBuf};

use koma_compiler::write::{WriteError, Written, write_file};
use koma_runtime::Position;

use crate::api::{GameRequest, VariantInfo};
use crate::assets;
use crate::game;
use crate::site::Compiled;

/// Why a book could not be written.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum BookError {
    #[error("`{}` has errors", path.display())]
    #[diagnostic(
        code(koma::book::invalid),
        help("`koma check` shows them; fix them and write the book again")
    )]
    Invalid { path: PathBuf },
    #[error("{0}")]
    #[diagnostic(
        code(koma::book::write),
        help("choose an output folder you can write to")
    )]
    Write(#[from] WriteError),
    #[error("the start position cannot be played: {0}")]
    #[diagnostic(code(koma::book::start))]
    Start(#[from] game::GameError),
}

/// What was written.
#[derive(Debug)]
pub struct Book {
    pub index: PathBuf,
    pub diagrams: usize,
    pub bytes: u64,
    /// The files that were there before and are now replaced.
    pub replaced: Vec<PathBuf>,
    /// The variant has a start position; without one the book shows the board empty.
    pub start: bool,
}

/// Writes the book of the variant in `file` into `out` (created when missing).
pub fn write(file: &Path, out: &Path) -> Result<Book, BookError> {
    let compiled = Compiled::load(file, &|n, _| format!("diagrams/{n}.svg"));
    let Some(tables) = compiled.tables.clone() else {
        return Err(BookError::Invalid {
            path: file.to_path_buf(),
        });
    };
    let start = Position::start(tables.clone());
    let has_start = start.is_some();
    let shown = GameRequest {
        start: start
            .unwrap_or_else(|| Position::empty(tables.clone()))
            .to_text(),
        moves: Vec::new(),
    };
    let mut state = game::state(tables, &shown)?;
    if !has_start {
        // An empty board is no game: its side without royals has not lost one.
        state.result = None;
    }
    let dir = out.join("diagrams");
    let mut output = Output::default();
    output.folder(&dir)?;
    let mut bytes = 0;
    for n in 0..compiled.piece_count() {
        if let Some(svg) = compiled.diagram_svg(n) {
            output.file(&dir.join(format!("{n}.svg")), svg.as_bytes())?;
            bytes += svg.len() as u64;
        }
    }
    let html = page(&compiled.info, &state, has_start);
    let index = out.join("index.html");
    output.file(&index, html.as_bytes())?;
    bytes += html.len() as u64;
    Ok(Book {
        index,
        diagrams: compiled.piece_count(),
        bytes,
        replaced: output.replaced,
        start: has_start,
    })
}

/// The files a book wrote, each with [`write_file`] (all or nothing, never through a link).
#[derive(Debug, Default)]
struct Output {
    replaced: Vec<PathBuf>,
}

impl Output {
    /// Creates the folder `dir` unless it is there; a link in its place is refused.
    fn folder(&self, dir: &Path) -> Result<(), WriteError> {
        if std::fs::symlink_metadata(dir).is_ok_and(|m| m.file_type().is_symlink()) {
            return Err(WriteError::Symlink(dir.to_path_buf()));
        }
        std::fs::create_dir_all(dir).map_err(|error| WriteError::Io {
            path: dir.to_path_buf(),
            error,
        })
    }

    fn file(&mut self, path: &Path, contents: &[u8]) -> Result<(), WriteError> {
        if write_file(path, contents)? == Written::Replaced {
            self.replaced.push(path.to_path_buf());
        }
        Ok(())
    }
}

/// The server's page with its style sheet, script and data inlined.
fn page(info: &VariantInfo, state: &crate::api::GameState, start: bool) -> String {
    let data = serde_json::json!({ "book": true, "start": start, "info": info, "state": state });
    let data = script_json(&data);
    let script = assets::APP_JS.replace("</script", "<\\/script");
    let icon = data_uri("image/svg+xml", assets::FAVICON_SVG);
    assets::INDEX_HTML
        .replace(
            r#"<link rel="stylesheet" href="/assets/style.css">"#,
            &format!("<style>\n{}</style>", assets::STYLE_CSS),
        )
        .replace("/assets/favicon.svg", &icon)
        .replace(
            r#"<script id="koma-data" type="application/json">null</script>"#,
            &format!(r#"<script id="koma-data" type="application/json">{data}</script>"#),
        )
        .replace(
            r#"<script type="module" src="/assets/app.js"></script>"#,
            &format!("<script type=\"module\">\n{script}</script>"),
        )
}

/// `text` as a `data:` address that can stand in a double-quoted HTML attribute: every byte
/// but letters, digits and `-._~/:=;,` is percent-encoded (the icon's own quotes once closed the
/// attribute and showed its tail on the page).
fn data_uri(kind: &str, text: &str) -> String {
    let mut out = format!("data:{kind},");
    for b in text.trim_end().bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/:=;,".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// `data` as JSON that stays data in every state of HTML's script parsing: `<`, `>` and `&` are
/// written as `\u003c`, `\u003e` and `\u0026` (valid only inside JSON strings, where they can
/// only be), so no `</script>`, `<!--` or `<script` appears; U+2028 and U+2029 are escaped too,
/// for JavaScript parsers that take them as line ends.
fn script_json(data: &serde_json::Value) -> String {
    let mut out = String::new();
    for c in data.to_string().chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    /// The book's inlined icon is one attribute value: no quote or bracket of the SVG leaks
    /// into the page (it used to show a stray `k">` at the top left).
    #[test]
    fn the_inlined_icon_stays_inside_its_attribute() {
        let uri = super::data_uri("image/svg+xml", super::assets::FAVICON_SVG);
        assert!(!uri.contains(['"', '<', '>', '\'', ' ', '#']), "{uri}");
        assert!(uri.ends_with("%3C/svg%3E"), "{uri}");
    }
}
