//! One module per subcommand; each exposes one function named after the command.

pub mod bench;
pub mod check;
pub mod compile;
pub mod diagram;
pub mod explain;
pub mod import;
pub mod lint;
pub mod moves;
pub mod perft;

use std::process::ExitCode;

/// How a command failed, beyond the diagnostics it already printed.
#[derive(Debug)]
pub enum CliError {
    /// Bad arguments: exit code 2.
    Usage(String),
    /// The command could not do its job (unreadable file, invalid variant): exit code 1.
    Failed(String),
}

pub type CommandResult = Result<ExitCode, CliError>;
