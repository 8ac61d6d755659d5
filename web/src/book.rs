//! `koma book`: the page of one variant as a static site (start position with its legal moves,
//! every piece's diagram, promotions, rules), one self-contained `index.html` plus a `diagrams/`
//! folder, readable from disk or any static host.

use std::path::{Path, PathBuf};

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
    #[error("cannot write `{}`: {source}", path.display())]
    #[diagnostic(
        code(koma::book::write),
        help("choose an output folder you can write to")
    )]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
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
}

/// Writes the book of the variant in `file` into `out` (created when missing).
pub fn write(file: &Path, out: &Path) -> Result<Book, BookError> {
    let compiled = Compiled::load(file, &|n, _| format!("diagrams/{n}.svg"));
    let Some(tables) = compiled.tables.clone() else {
        return Err(BookError::Invalid {
            path: file.to_path_buf(),
        });
    };
    let start = GameRequest {
        start: "startpos".to_string(),
        moves: Vec::new(),
    };
    let state = game::state(tables, &start)?;
    let dir = out.join("diagrams");
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| BookError::Write { path, source }
    };
    std::fs::create_dir_all(&dir).map_err(io(&dir))?;
    let mut bytes = 0;
    for n in 0..compiled.piece_count() {
        if let Some(svg) = compiled.diagram_svg(n) {
            let path = dir.join(format!("{n}.svg"));
            std::fs::write(&path, &svg).map_err(io(&path))?;
            bytes += svg.len() as u64;
        }
    }
    let html = page(&compiled.info, &state);
    let index = out.join("index.html");
    std::fs::write(&index, &html).map_err(io(&index))?;
    bytes += html.len() as u64;
    Ok(Book {
        index,
        diagrams: compiled.piece_count(),
        bytes,
    })
}

/// The server's page with its style sheet, script and data inlined.
fn page(info: &VariantInfo, state: &crate::api::GameState) -> String {
    let data = serde_json::json!({ "book": true, "info": info, "state": state });
    // `</` cannot close the data's script element once escaped.
    let data = data.to_string().replace("</", "<\\/");
    let script = assets::APP_JS.replace("</script", "<\\/script");
    let icon = format!(
        "data:image/svg+xml,{}",
        assets::FAVICON_SVG.replace('#', "%23").replace('\n', "")
    );
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
