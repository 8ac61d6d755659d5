//! `koma lsp`: the language server on standard input and output (the `koma-lsp` crate).

use std::process::ExitCode;

use super::{CliError, CommandResult};
use crate::args::LspArgs;

pub fn lsp(_args: &LspArgs) -> CommandResult {
    koma_lsp::run_stdio().map_err(|e| CliError::Failed(e.to_string()))?;
    Ok(ExitCode::SUCCESS)
}
