//! `koma fmt`: rewrite variant files in the canonical layout, or with `--check` list those that
//! are not in it.

use std::process::ExitCode;

use koma_compiler::diagnostic::{Diagnostic, SourceMap};
use koma_compiler::format::{FormatError, format};

use super::{CommandResult, read_source_text, save_source};
use crate::args::FmtArgs;
use crate::report;

pub fn fmt(args: &FmtArgs) -> CommandResult {
    let mut clean = true;
    for path in &args.files {
        let text = read_source_text(path)?;
        let formatted = match format(&text) {
            Ok(formatted) => formatted,
            Err(FormatError::Syntax { .. }) => {
                // Show the syntax errors the way `koma check` does.
                let mut sources = SourceMap::default();
                let file = sources.add(path.display().to_string(), text.clone());
                let (_, errors) = koma_compiler::parse::parse(file, &text);
                let errors: Vec<Diagnostic> = errors;
                report::eprint(&sources, &errors);
                eprintln!(
                    "error: `{}` has syntax errors; it was not formatted",
                    path.display()
                );
                clean = false;
                continue;
            }
        };
        if formatted == text {
            continue;
        }
        if args.check {
            let line = text
                .lines()
                .zip(formatted.lines())
                .position(|(a, b)| a != b)
                .unwrap_or_else(|| text.lines().count().min(formatted.lines().count()));
            println!("{}:{}: not formatted", path.display(), line + 1);
            clean = false;
        } else {
            save_source(path, &formatted)?;
            println!("formatted {}", path.display());
        }
    }
    Ok(if clean {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
