//! `koma book`: writes a variant's pages as a static site with `koma-web`.

use std::process::ExitCode;

use super::{CommandResult, load_variant};
use crate::args::BookArgs;

pub fn book(args: &BookArgs) -> CommandResult {
    // Errors are reported the way every command reports them before anything is written.
    load_variant(&args.file)?;
    let book = koma_web::book::write(&args.file, &args.output)
        .map_err(|e| super::CliError::Failed(e.to_string()))?;
    println!(
        "wrote {} with {} piece diagrams ({} KiB)",
        book.index.display(),
        book.diagrams,
        book.bytes.div_ceil(1024)
    );
    if !book.start {
        println!(
            "note: `{}` has no start position (no `setup`): the book shows its board empty, its pieces and rules",
            args.file.display()
        );
    }
    Ok(ExitCode::SUCCESS)
}
