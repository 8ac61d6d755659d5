//! `koma moves`.

use super::{CliError, CommandResult};
use crate::args::MovesArgs;

pub fn moves(_args: &MovesArgs) -> CommandResult {
    Err(CliError::Usage("`koma moves` is not available yet".to_string()))
}
