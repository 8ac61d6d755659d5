//! The `koma` command line: parses arguments and dispatches to one module per subcommand.

mod args;
mod commands;
mod output;
mod report;

use std::process::ExitCode;

use clap::Parser;

use args::{Cli, Command};
use commands::CliError;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Check(a) => commands::check::check(&a),
        Command::Lint(a) => commands::lint::lint(&a),
        Command::Explain(a) => commands::explain::explain(&a),
        Command::Diagram(a) => commands::diagram::diagram(&a),
        Command::Moves(a) => commands::moves::moves(&a),
        Command::Perft(a) => commands::perft::perft(&a),
        Command::Compile(a) => commands::compile::compile(&a),
        Command::Import(a) => commands::import::import(&a),
        Command::Export(a) => commands::export::export(&a),
        Command::Bench(a) => commands::bench::bench(&a),
        Command::Xboard(a) => commands::xboard::xboard(&a),
        Command::Uci(a) => commands::uci::uci(&a),
        Command::Play(a) => commands::play::play(&a),
        Command::Values(a) => commands::values::values(&a),
        Command::Match(a) => commands::r#match::r#match(&a),
        Command::Analyse(a) => commands::analyse::analyse(&a),
        Command::Tune(a) => commands::tune::tune(&a),
        Command::Serve(a) => commands::serve::serve(&a),
        Command::Book(a) => commands::book::book(&a),
        Command::Fmt(a) => commands::fmt::fmt(&a),
        Command::Lsp(a) => commands::lsp::lsp(&a),
    };
    match result {
        Ok(code) => code,
        Err(CliError::Usage(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
        Err(CliError::Failed(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(1)
        }
    }
}
