//! `koma lint`.

use super::{CliError, CommandResult};
use crate::args::LintArgs;

pub fn lint(_args: &LintArgs) -> CommandResult {
    Err(CliError::Usage("`koma lint` is not available yet".to_string()))
}
