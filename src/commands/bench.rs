//! `koma bench`.

use super::{CliError, CommandResult};
use crate::args::BenchArgs;

pub fn bench(_args: &BenchArgs) -> CommandResult {
    Err(CliError::Usage("`koma bench` is not available yet".to_string()))
}
