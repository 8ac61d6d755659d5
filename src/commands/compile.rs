//! `koma compile`: writes a variant as a compiled file (versioned, checksummed) that `perft`
//! and `moves` load without the compiler.

use std::process::ExitCode;

use koma_runtime::serialize;

use super::{CliError, CommandResult, load_variant};
use crate::args::CompileArgs;

pub fn compile(args: &CompileArgs) -> CommandResult {
    let ir = load_variant(&args.file)?;
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
