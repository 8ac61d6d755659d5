//! `koma book`: the page of one variant as a static site, readable from disk or any static host:
//! `index.html` (the page of `koma serve`, style, script and data inlined), `playground.html`
//! (the same page with the variant's text in an editor), `koma-wasm.js` (koma's WebAssembly
//! build, which answers the page as the server would) and a `diagrams/` folder. A koma built
//! without the WebAssembly build (`web/build.rs`) writes `index.html` as a page that shows the
//! start position and its legal moves but cannot play.

use std::path::{Path, PathBuf};

use koma_compiler::write::{WriteError, Written, write_file};
use koma_runtime::Position;

use crate::api::{BookData, GameRequest, SourceFile};
use crate::assets;
use crate::game;
use crate::site::Compiled;

/// Why a book could not be written.
#[derive(Debug, thiserror::Error)]
pub enum BookError {
    #[error("`{}` has errors", path.display())]
    Invalid { path: PathBuf },
    #[error("{0}")]
    Write(#[from] WriteError),
    #[error("the start position cannot be played: {0}")]
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
    /// The book plays (koma's WebAssembly build is in it) and has a playground.
    pub plays: bool,
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
    let sources = compiled
        .sources()
        .map(|(file, text)| SourceFile {
            file: file.to_string(),
            text: text.to_string(),
        })
        .collect();
    let data = BookData {
        book: true,
        start: has_start,
        info: compiled.info.clone(),
        state,
        wasm: assets::WASM.is_some(),
        sources,
        playground: false,
    };
    let index = out.join("index.html");
    let mut pages = vec![(index.clone(), page(&data))];
    if let Some(wasm) = &assets::WASM {
        let playground = BookData {
            playground: true,
            ..data
        };
        pages.push((out.join("playground.html"), page(&playground)));
        pages.push((out.join(WASM_SCRIPT), wasm_script(wasm)));
    }
    for (path, text) in &pages {
        output.file(path, text.as_bytes())?;
        bytes += text.len() as u64;
    }
    Ok(Book {
        index,
        diagrams: compiled.piece_count(),
        bytes,
        replaced: output.replaced,
        start: has_start,
        plays: assets::WASM.is_some(),
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

/// The classic script beside the pages that holds koma's WebAssembly build: a module script or
/// a `fetch` cannot read a file from `file://`, a `<script src>` can.
const WASM_SCRIPT: &str = "koma-wasm.js";

/// `koma-wasm.js`: sets `komaWasm` to `{worker, wasm}`, the worker's code (wasm-bindgen's glue,
/// then `worker.js`) and the module in base64.
fn wasm_script(wasm: &assets::Wasm) -> String {
    let worker = format!("{}\n{}", wasm.glue, assets::WORKER_JS);
    format!(
        "// koma's WebAssembly build for the book's pages (docs/web.md).\nself.komaWasm = {{ worker: {}, wasm: \"{}\" }};\n",
        serde_json::Value::from(worker),
        base64(wasm.wasm)
    )
}

/// Standard base64 with padding.
fn base64(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            out.push(if i <= chunk.len() {
                char::from(DIGITS[(n >> (18 - 6 * i)) as usize & 63])
            } else {
                '='
            });
        }
    }
    out
}

/// The server's page with its style sheet, script and `data` inlined, and the WebAssembly
/// build's script beside it when `data` says the page plays with it.
fn page(data: &BookData) -> String {
    let wasm = if data.wasm {
        format!("<script src=\"{WASM_SCRIPT}\"></script>\n")
    } else {
        String::new()
    };
    let data = script_json(data);
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
            &format!("{wasm}<script type=\"module\">\n{script}</script>"),
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
fn script_json(data: &BookData) -> String {
    let json = serde_json::to_string(data).expect("the book's data serialises");
    let mut out = String::new();
    for c in json.chars() {
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
    use super::base64;

    #[test]
    fn base64_pads_every_length() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
        assert_eq!(base64(&[0xff, 0xfe, 0x00, 0x80]), "//4AgA==");
    }

    /// The book's inlined icon is one attribute value: no quote or bracket of the SVG leaks
    /// into the page (it used to show a stray `k">` at the top left).
    #[test]
    fn the_inlined_icon_stays_inside_its_attribute() {
        let uri = super::data_uri("image/svg+xml", super::assets::FAVICON_SVG);
        assert!(!uri.contains(['"', '<', '>', '\'', ' ', '#']), "{uri}");
        assert!(uri.ends_with("%3C/svg%3E"), "{uri}");
    }
}
