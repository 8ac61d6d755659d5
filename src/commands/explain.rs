//! `koma explain`.

use super::{CliError, CommandResult};
use crate::args::ExplainArgs;

pub fn explain(_args: &ExplainArgs) -> CommandResult {
    Err(CliError::Usage("`koma explain` is not available yet".to_string()))
}
