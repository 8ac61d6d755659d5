//! `koma import`.

use super::{CliError, CommandResult};
use crate::args::ImportArgs;

pub fn import(_args: &ImportArgs) -> CommandResult {
    Err(CliError::Usage("`koma import` is not available yet".to_string()))
}
