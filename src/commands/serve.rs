//! `koma serve`: wires the web app of `koma-web` to a port and, with `--open`, a browser.

use std::io::Write;
use std::net::SocketAddr;
use std::process::ExitCode;

use std::sync::Arc;

use koma_web::App;
use koma_web::game::EngineSearch;

use super::{CliError, CommandResult, load_tables, position};
use crate::args::ServeArgs;
use crate::report;

pub fn serve(args: &ServeArgs) -> CommandResult {
    let mut app = App::new(&args.files).with_engine(Arc::new(EngineSearch));
    for (i, file) in args.files.iter().enumerate() {
        // A file with errors is still served (the page shows them); say so here too.
        if let Some(c) = app.compiled(i)
            && c.tables.is_none()
        {
            let loaded = koma_compiler::load(file);
            let errors: Vec<_> = loaded
                .diagnostics
                .into_iter()
                .filter(koma_compiler::diagnostic::Diagnostic::is_error)
                .collect();
            report::eprint(&loaded.sources, &errors);
        }
    }
    if let Some(fen) = &args.fen {
        for file in &args.files {
            position(load_tables(file)?, Some(fen))?;
        }
        app = app.with_start(fen.clone());
    }
    let addr = SocketAddr::new(args.bind, args.port);
    let open = args.open;
    let result = koma_web::serve(app, addr, |bound| {
        let url = format!("http://{bound}/");
        println!(
            "koma: serving {} file(s) at {url} (Ctrl-C stops)",
            args.files.len()
        );
        let _ = std::io::stdout().flush();
        if open {
            open_browser(&url);
        }
    });
    result.map_err(|e| CliError::Failed(format!("cannot serve on {addr}: {e}")))?;
    Ok(ExitCode::SUCCESS)
}

/// Hands the URL to the desktop's opener; when there is none, the printed URL is enough.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    if let Err(e) = std::process::Command::new(opener).arg(url).spawn() {
        eprintln!("koma: cannot start `{opener}` ({e}); open {url} yourself");
    }
}
