//! `koma import`: an Interactive Diagram parameter block to a .koma file.

use std::io::{IsTerminal, Read, Write};
use std::path::Path;
use std::process::ExitCode;

use koma_compiler::diagnostic::{Diagnostic, SourceMap};

use super::{CliError, CommandResult};
use crate::args::{ImportArgs, ImportSource};
use crate::report::{self, Style};

pub fn import(args: &ImportArgs) -> CommandResult {
    let (display, text) = read_input(&args.file)?;
    let mut sources = SourceMap::default();
    let file = sources.add(display, text.clone());
    let ini = match args.from {
        Some(from) => from == ImportSource::Fsf,
        None => koma_compiler::import::fsf::looks_like_ini(&text),
    };
    let imported = if ini {
        koma_compiler::import::fsf::import(file, &text, args.section.as_deref())
    } else {
        koma_compiler::import::import(file, &text, &variant_name(&args.file))
    };
    render(&sources, &imported.diagnostics);
    let failed = imported.has_errors();
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
    // The file is written even when it does not check (I028), to be fixed by hand.
    if failed {
        return Ok(ExitCode::from(1));
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
    let text = super::read_source_text(path)?;
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

/// Rich codespan rendering on standard error (standard output carries the .koma text).
fn render(sources: &SourceMap, diagnostics: &[Diagnostic]) {
    let color = std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let text = report::render(sources, diagnostics, Style::Rich, color);
    let _ = std::io::stderr().lock().write_all(text.as_bytes());
}
