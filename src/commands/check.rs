//! `koma check`: validate variant files; exit 0 when none has an error (warnings allowed).

use std::process::ExitCode;

use serde_json::json;

use super::CommandResult;
use crate::args::{CheckArgs, ReportFormat};
use crate::report;

pub fn check(args: &CheckArgs) -> CommandResult {
    let mut failed = false;
    let mut all_json = Vec::new();
    let mut files_json = Vec::new();
    for path in &args.files {
        let loaded = koma_compiler::load(path);
        let errors = loaded.diagnostics.iter().filter(|d| d.is_error()).count();
        let warnings = loaded.diagnostics.len() - errors;
        failed |= errors > 0;
        match args.format {
            ReportFormat::Json => {
                all_json.extend(report::json(&loaded.sources, &loaded.diagnostics));
                files_json.push(json!({
                    "file": path.display().to_string(),
                    "errors": errors,
                    "warnings": warnings,
                }));
            }
            format => {
                report::print(&loaded.sources, &loaded.diagnostics, format);
                println!("{}: {}", path.display(), summary(errors, warnings));
            }
        }
    }
    if args.format == ReportFormat::Json {
        let document = json!({ "files": files_json, "diagnostics": all_json });
        println!(
            "{}",
            serde_json::to_string_pretty(&document).unwrap_or_default()
        );
    }
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn summary(errors: usize, warnings: usize) -> String {
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    match (errors, warnings) {
        (0, 0) => "ok".to_string(),
        (0, w) => format!("ok, {}", plural(w, "warning")),
        (e, 0) => plural(e, "error"),
        (e, w) => format!("{}, {}", plural(e, "error"), plural(w, "warning")),
    }
}
