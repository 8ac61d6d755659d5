//! `koma explain`: what a lint catches, why, and an example before and after; the meaning of
//! an error, import or export code.

use std::process::ExitCode;

use koma_compiler::lint;

use super::{CliError, CommandResult};
use crate::args::ExplainArgs;

pub fn explain(args: &ExplainArgs) -> CommandResult {
    let code = args.code.to_ascii_uppercase();
    if let Some(meaning) = koma_compiler::codes::describe(&code) {
        crate::output::outln!("{code}: {meaning}\n\nSee docs/diagnostics.md for every error code.");
        return Ok(ExitCode::SUCCESS);
    }
    let import = koma_compiler::import::codes::CODES
        .iter()
        .find(|(c, _, _)| *c == code);
    if let Some((_, _, meaning)) = import {
        crate::output::outln!("{code}: {meaning}\n\nSee docs/import.md for every import code.");
        return Ok(ExitCode::SUCCESS);
    }
    let export = koma_compiler::export::codes::CODES
        .iter()
        .find(|(c, _, _)| *c == code);
    if let Some((_, _, meaning)) = export {
        crate::output::outln!("{code}: {meaning}\n\nSee docs/export.md for every export code.");
        return Ok(ExitCode::SUCCESS);
    }
    let Some(lint) = lint::find(&args.code) else {
        let known = lint::LINTS.iter().map(|l| l.name);
        let hint = koma_compiler::diagnostic::did_you_mean(&args.code, known)
            .map(|n| format!("; did you mean `{n}`?"))
            .unwrap_or_default();
        return Err(CliError::Usage(format!(
            "no lint `{}`{hint} (see `koma lint --list` and docs/diagnostics.md)",
            args.code
        )));
    };
    crate::output::outln!("{} {}: {}\n", lint.code, lint.name, lint.summary);
    crate::output::outln!("{}\n", lint.explanation);
    crate::output::outln!("Triggers the lint:\n\n{}\n", indent(lint.before));
    crate::output::outln!("Lints clean:\n\n{}", indent(lint.after));
    Ok(ExitCode::SUCCESS)
}

fn indent(text: &str) -> String {
    text.lines()
        .map(|l| format!("    {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}
