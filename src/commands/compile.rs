//! `koma compile`: writes a variant as a compiled file (versioned, checksummed) that `perft`
//! and `moves` load without the compiler.

use std::process::ExitCode;

use koma_runtime::serialize;

use super::{CliError, CommandResult};
use crate::args::CompileArgs;
use crate::report;

pub fn compile(args: &CompileArgs) -> CommandResult {
    let loaded = koma_compiler::load(&args.file);
    let Some(ir) = loaded.variant else {
        let errors: Vec<_> = loaded
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .cloned()
            .collect();
        eprint!(
            "{}",
            report::render(&loaded.sources, &errors, report::Style::Rich, false)
        );
        return Err(CliError::Failed(format!(
            "`{}` has errors",
            args.file.display()
        )));
    };
    let bytes = serialize::encode(&koma_compiler::emit(&ir));
    std::fs::write(&args.output, &bytes)
        .map_err(|e| CliError::Failed(format!("cannot write `{}`: {e}", args.output.display())))?;
    eprintln!(
        "compiled `{}` -> `{}` ({} bytes)",
        args.file.display(),
        args.output.display(),
        bytes.len()
    );
    Ok(ExitCode::SUCCESS)
}
