//! `koma compile`.

use super::{CliError, CommandResult};
use crate::args::CompileArgs;

pub fn compile(_args: &CompileArgs) -> CommandResult {
    Err(CliError::Usage("`koma compile` is not available yet".to_string()))
}
