//! `koma diagram`.

use super::{CliError, CommandResult};
use crate::args::DiagramArgs;

pub fn diagram(_args: &DiagramArgs) -> CommandResult {
    Err(CliError::Usage("`koma diagram` is not available yet".to_string()))
}
