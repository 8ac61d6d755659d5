//! `koma export`: a variant as a Fairy-Stockfish `variants.ini` section or an Interactive
//! Diagram parameter block.

use std::process::ExitCode;

use koma_compiler::export::{self, Exported};
use serde_json::json;

use super::{CliError, CommandResult, load_variant_with_sources};
use crate::args::{ExportArgs, ExportTarget, ReportFormat};
use crate::report;

/// Exit 0 with the text written (warnings allowed), 1 when a feature is refused or the file
/// has errors (nothing written), 2 for usage errors.
pub fn export(args: &ExportArgs) -> CommandResult {
    let (variant, sources) = load_variant_with_sources(&args.file)?;
    let exported = match args.to {
        ExportTarget::Fsf => export::fsf::export(&variant),
        ExportTarget::Id => export::id::export(&variant),
    };
    if let (Some(path), Some(text)) = (&args.output, &exported.text) {
        std::fs::write(path, text)
            .map_err(|e| CliError::Failed(format!("cannot write `{}`: {e}", path.display())))?;
    }
    if args.format == ReportFormat::Json {
        let document = json!({
            "target": match args.to { ExportTarget::Fsf => "fsf", ExportTarget::Id => "id" },
            "text": exported.text,
            "diagnostics": report::json(&sources, &exported.diagnostics),
        });
        crate::output::outln!(
            "{}",
            serde_json::to_string_pretty(&document).unwrap_or_default()
        );
    } else {
        report::eprint(&sources, &exported.diagnostics);
        if let (None, Some(text)) = (&args.output, &exported.text) {
            crate::output::text(text);
        }
    }
    Ok(exit_code(&exported))
}

fn exit_code(exported: &Exported) -> ExitCode {
    if exported.text.is_some() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
