//! `koma check`: validate variant files; exit 0 when none has an error (warnings allowed).

use super::CommandResult;
use crate::args::CheckArgs;
use crate::report::FileReports;

pub fn check(args: &CheckArgs) -> CommandResult {
    let mut reports = FileReports::new(args.format, "ok", true);
    for path in &args.files {
        let loaded = koma_compiler::load(path);
        reports.add(path, &loaded.sources, &loaded.diagnostics);
    }
    Ok(reports.finish())
}
