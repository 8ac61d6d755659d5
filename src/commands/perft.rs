//! `koma perft`.

use super::{CliError, CommandResult};
use crate::args::PerftArgs;

pub fn perft(_args: &PerftArgs) -> CommandResult {
    Err(CliError::Usage("`koma perft` is not available yet".to_string()))
}
