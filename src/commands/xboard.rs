//! `koma xboard`: the engine under the XBoard protocol on standard input and output.

use std::process::ExitCode;

use koma_engine::Variant;
use koma_engine::cecp::{Cecp, CecpOptions};

use super::{CommandResult, load_tables};
use crate::args::XboardArgs;

pub fn xboard(args: &XboardArgs) -> CommandResult {
    let mut variants = Vec::new();
    for file in &args.files {
        variants.push(Variant::named_for_xboard(load_tables(file)?));
    }
    let options = CecpOptions {
        zero_based_ranks: args.zero_based_ranks,
    };
    koma_engine::driver::run(
        Cecp::new(variants, options),
        std::io::BufReader::new(std::io::stdin()),
        std::io::stdout(),
    );
    Ok(ExitCode::SUCCESS)
}
