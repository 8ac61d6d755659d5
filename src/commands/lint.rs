//! `koma lint`: report definitions that are legal but probably wrong; `--fix` applies the
//! machine-applicable suggestions.

use std::path::Path;
use std::process::ExitCode;

use koma_compiler::diagnostic::{Diagnostic, FileId, SourceMap};
use koma_compiler::ir::LintLevel;
use koma_compiler::lint::{self, LINTS, LintConfig};

use super::{CliError, CommandResult};
use crate::args::LintArgs;
use crate::report::FileReports;

pub fn lint(args: &LintArgs) -> CommandResult {
    if args.list {
        print_list();
        return Ok(ExitCode::SUCCESS);
    }
    let config = LintConfig {
        allow: args.allow.clone(),
        warn: Vec::new(),
        deny: args.deny.clone(),
        deny_warnings: args.deny_warnings,
    };
    let unknown = lint::unknown_codes(&config);
    if !unknown.is_empty() {
        return Err(CliError::Usage(format!(
            "unknown lint `{}` (see `koma lint --list`)",
            unknown.join("`, `")
        )));
    }
    let mut reports = FileReports::new(args.format, "clean", false);
    for path in &args.files {
        if args.fix {
            fix(path, &config)?;
        }
        let (sources, diagnostics) = lint_file(path, &config);
        reports.add(path, &sources, &diagnostics);
    }
    Ok(reports.finish())
}

/// The errors of a file that does not check, or its lint findings.
fn lint_file(path: &Path, config: &LintConfig) -> (SourceMap, Vec<Diagnostic>) {
    let loaded = koma_compiler::load(path);
    match &loaded.variant {
        Some(variant) => {
            let mut found = lint::lint(variant, &loaded.sources, config);
            found.extend(loaded.diagnostics.iter().cloned());
            (loaded.sources, found)
        }
        None => (loaded.sources, loaded.diagnostics),
    }
}

/// Applies every suggestion in the file itself (not in files it extends), last first, skipping
/// suggestions that overlap one already applied.
fn fix(path: &Path, config: &LintConfig) -> Result<(), CliError> {
    let (sources, diagnostics) = lint_file(path, config);
    let own = FileId(0);
    let Some(file) = sources.get(own) else {
        return Ok(());
    };
    let mut edits: Vec<_> = diagnostics
        .iter()
        .filter_map(|d| d.suggestion.as_ref())
        .filter(|s| s.location.file == own)
        .collect();
    if edits.is_empty() {
        return Ok(());
    }
    edits.sort_by_key(|s| std::cmp::Reverse((s.location.start, s.location.end)));
    let mut text = file.text.clone();
    let mut floor = usize::MAX;
    for s in edits {
        if s.location.end > floor || s.location.end > text.len() {
            continue;
        }
        text.replace_range(s.location.start..s.location.end, &s.replacement);
        floor = s.location.start;
    }
    std::fs::write(path, text)
        .map_err(|e| CliError::Failed(format!("cannot write `{}`: {e}", path.display())))
}

fn print_list() {
    for lint in LINTS {
        let level = match lint.default {
            LintLevel::Allow => "allow",
            LintLevel::Warn => "warn",
            LintLevel::Deny => "deny",
        };
        crate::output::outln!(
            "{}  {:<28} {:<5}  {}",
            lint.code,
            lint.name,
            level,
            lint.summary
        );
    }
}
