//! `koma uci`: the engine under the UCI protocol on standard input and output.

use std::process::ExitCode;

use koma_engine::Variant;
use koma_engine::uci::Uci;

use super::{CommandResult, load_tables};
use crate::args::UciArgs;

pub fn uci(args: &UciArgs) -> CommandResult {
    let mut variants = Vec::new();
    for file in &args.files {
        variants.push(Variant::named_for_uci(load_tables(file)?));
    }
    koma_engine::driver::run(
        Uci::new(variants),
        std::io::BufReader::new(std::io::stdin()),
        std::io::stdout(),
    );
    Ok(ExitCode::SUCCESS)
}
