//! `koma import`: an Interactive Diagram parameter block to a .koma file.

use std::io::{Read, Write};
use std::path::Path;
use std::process::ExitCode;

use koma_compiler::diagnostic::{Diagnostic, Severity, SourceMap};

use super::{CliError, CommandResult};
use crate::args::ImportArgs;

pub fn import(args: &ImportArgs) -> CommandResult {
    let (display, text) = read_input(&args.file)?;
    let mut sources = SourceMap::default();
    let file = sources.add(display.clone(), text.clone());
    let imported = koma_compiler::import::import(file, &text, &variant_name(&args.file));
    render(&display, &text, &imported.diagnostics);
    let Some(koma) = imported.koma else {
        return Ok(ExitCode::from(1));
    };
    match &args.output {
        Some(path) => std::fs::write(path, koma)
            .map_err(|e| CliError::Failed(format!("cannot write `{}`: {e}", path.display())))?,
        None => std::io::stdout()
            .write_all(koma.as_bytes())
            .map_err(|e| CliError::Failed(format!("cannot write to standard output: {e}")))?,
    }
    Ok(ExitCode::SUCCESS)
}

fn read_input(path: &Path) -> Result<(String, String), CliError> {
    if path.as_os_str() == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| CliError::Failed(format!("cannot read standard input: {e}")))?;
        return Ok(("<stdin>".to_string(), text));
    }
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::Failed(format!("cannot read `{}`: {e}", path.display())))?;
    Ok((path.display().to_string(), text))
}

/// `suzumu-shogi.id` -> `Suzumu Shogi`; standard input -> `Imported`.
fn variant_name(path: &Path) -> String {
    let stem = path
        .file_stem()
        .and_then(|s| s.to_str())
        .filter(|s| *s != "-");
    let Some(stem) = stem else {
        return "Imported".to_string();
    };
    stem.split(['-', '_', ' '])
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut chars = w.chars();
            chars
                .next()
                .map(|c| c.to_uppercase().chain(chars).collect::<String>())
                .unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Plain rendering to standard error: `error[I004]: message` then `  --> file:line:col`.
fn render(display: &str, text: &str, diagnostics: &[Diagnostic]) {
    let mut err = std::io::stderr().lock();
    for d in diagnostics {
        let level = match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let (line, col) = line_col(text, d.primary.location.start);
        let _ = writeln!(err, "{level}[{}]: {}", d.code, d.message);
        let _ = writeln!(err, "  --> {display}:{line}:{col}: {}", d.primary.message);
        for s in &d.secondary {
            let (line, col) = line_col(text, s.location.start);
            let _ = writeln!(err, "  --> {display}:{line}:{col}: {}", s.message);
        }
        if let Some(help) = &d.help {
            let _ = writeln!(err, "  = help: {help}");
        }
    }
}

/// 1-based line and column (in characters) of byte `offset`.
fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = text.get(..offset).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}
