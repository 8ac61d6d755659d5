//! `koma explain`: what a lint catches, why, and an example before and after.

use std::process::ExitCode;

use koma_compiler::lint;

use super::{CliError, CommandResult};
use crate::args::ExplainArgs;

pub fn explain(args: &ExplainArgs) -> CommandResult {
    let Some(lint) = lint::find(&args.code) else {
        let known = lint::LINTS.iter().map(|l| l.name);
        let hint = koma_compiler::diagnostic::did_you_mean(&args.code, known)
            .map(|n| format!("; did you mean `{n}`?"))
            .unwrap_or_default();
        return Err(CliError::Usage(format!(
            "no lint `{}`{hint} (see `koma lint --list`)",
            args.code
        )));
    };
    println!("{} {}: {}\n", lint.code, lint.name, lint.summary);
    println!("{}\n", lint.explanation);
    println!("Triggers the lint:\n\n{}\n", indent(lint.before));
    println!("Lints clean:\n\n{}", indent(lint.after));
    Ok(ExitCode::SUCCESS)
}

fn indent(text: &str) -> String {
    text.lines()
        .map(|l| format!("    {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}
