//! `koma book`: writes a variant's pages as a static site with `koma-web`.

use std::path::PathBuf;
use std::process::ExitCode;

use super::{CommandResult, load_variant};
use crate::args::BookArgs;

pub fn book(args: &BookArgs) -> CommandResult {
    // Errors are reported the way every command reports them before anything is written.
    load_variant(&args.file)?;
    let book = koma_web::book::write(&args.file, &args.output)
        .map_err(|e| super::CliError::Failed(e.to_string()))?;
    if !book.replaced.is_empty() {
        eprintln!("{}", replaced_line(&book.replaced));
    }
    println!(
        "wrote {} with {} piece diagrams ({} KiB)",
        book.index.display(),
        book.diagrams,
        book.bytes.div_ceil(1024)
    );
    if book.plays {
        println!(
            "it plays in the browser with no server (koma's WebAssembly build); {} edits the variant live",
            book.index.with_file_name("playground.html").display()
        );
    } else {
        println!(
            "note: this koma was built without its WebAssembly build: the book shows, it does not play"
        );
    }
    if !book.start {
        println!(
            "note: `{}` has no start position (no `setup`): the book shows its board empty, its pieces and rules",
            args.file.display()
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// `replaced site/index.html and 12 files in site/diagrams/`: what the book wrote over.
fn replaced_line(replaced: &[PathBuf]) -> String {
    let (pages, diagrams): (Vec<&PathBuf>, Vec<&PathBuf>) = replaced
        .iter()
        .partition(|p| p.extension().is_some_and(|e| e == "html"));
    let mut parts: Vec<String> = pages.iter().map(|p| p.display().to_string()).collect();
    if let Some(folder) = diagrams.first().and_then(|p| p.parent()) {
        let n = diagrams.len();
        let files = if n == 1 { "file" } else { "files" };
        parts.push(format!("{n} {files} in {}/", folder.display()));
    }
    format!("replaced {}", parts.join(" and "))
}
