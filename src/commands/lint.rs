//! `koma lint`: report definitions that are legal but probably wrong; `--fix` applies the
//! machine-applicable suggestions.

use std::path::Path;
use std::process::ExitCode;

use koma_compiler::diagnostic::{Diagnostic, FileId, LineStarts, SourceMap};
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
    // An unknown name changes no level; like a misspelt attribute (L000) it is a warning, so a
    // script written for a newer koma still runs.
    for (code, nearest) in lint::unknown_codes(&config) {
        let hint = nearest
            .map(|l| format!("; did you mean `{}` ({})?", l.name, l.code))
            .unwrap_or_else(|| "; `koma lint --list` lists every lint".to_string());
        eprintln!("warning: no lint is named `{code}`{hint}");
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
/// suggestions that overlap one already applied, and says on standard error what it changed.
/// Columns stay aligned: a shorter or longer replacement takes or gives back the spaces after
/// it, and a file in `koma fmt`'s layout is laid out again so its tables stay aligned.
fn fix(path: &Path, config: &LintConfig) -> Result<(), CliError> {
    let (sources, diagnostics) = lint_file(path, config);
    let own = FileId(0);
    let Some(file) = sources.get(own) else {
        return Ok(());
    };
    let mut edits: Vec<_> = diagnostics
        .iter()
        .filter_map(|d| d.suggestion.as_ref().map(|s| (d, s)))
        .filter(|(_, s)| s.location.file == own)
        .collect();
    if edits.is_empty() {
        return Ok(());
    }
    edits.sort_by_key(|(_, s)| std::cmp::Reverse((s.location.span.start, s.location.span.end)));
    let mut text = file.text.clone();
    let lines = LineStarts::new(&file.text);
    let mut floor = usize::MAX;
    let mut done = Vec::new();
    for (d, s) in edits {
        let (start, end) = (s.location.span.start, s.location.span.end);
        if end > floor || end > text.len() || !text.is_char_boundary(start) {
            continue;
        }
        let old = text[start..end].to_string();
        text.replace_range(start..end, &s.replacement);
        realign(&mut text, start + s.replacement.len(), &old, &s.replacement);
        floor = start;
        let line = lines.line(start).0 + 1;
        let name = lint::find(&d.code).map_or("", |l| l.name);
        done.push(format!(
            "fixed {}:{line}: `{old}` -> `{}` ({} {name})",
            path.display(),
            s.replacement,
            d.code
        ));
    }
    if koma_compiler::format::format(&file.text).as_ref() == Ok(&file.text) {
        if let Ok(formatted) = koma_compiler::format::format(&text) {
            text = formatted;
        }
    }
    super::save_source(path, &text)?;
    for line in done.iter().rev() {
        eprintln!("{line}");
    }
    Ok(())
}

/// Keeps the column after a replaced word where it was: the spaces between the word's new end
/// `at` and the next word on the line grow or shrink by the change in width (one space stays).
fn realign(text: &mut String, at: usize, old: &str, new: &str) {
    let rest = &text[at..];
    let spaces = rest.len() - rest.trim_start_matches(' ').len();
    let next = rest[spaces..].chars().next();
    if spaces == 0 || matches!(next, None | Some('\n' | '\r')) {
        return;
    }
    let (old, new) = (old.chars().count(), new.chars().count());
    if new < old {
        text.insert_str(at, &" ".repeat(old - new));
    } else {
        let remove = (new - old).min(spaces - 1);
        text.replace_range(at..at + remove, "");
    }
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
