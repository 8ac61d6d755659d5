//! `koma check`.

use super::{CliError, CommandResult};
use crate::args::CheckArgs;

pub fn check(_args: &CheckArgs) -> CommandResult {
    Err(CliError::Usage("`koma check` is not available yet".to_string()))
}
