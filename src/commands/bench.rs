//! `koma bench`: leaves per second on the benchmark positions (bulk counting; one thread unless
//! `--threads` says otherwise). `benches/perft.rs` runs the same positions under criterion.

use std::process::ExitCode;
use std::time::Instant;

use super::CommandResult;
use super::{load_tables, position};
use crate::args::BenchArgs;

/// The benchmark positions, one per line: `label | file | position | depth`.
const POSITIONS: &str = include_str!("../../tests/fixtures/bench/positions.txt");

/// The benchmark positions as (label, file under the source tree, position, depth).
fn cases() -> impl Iterator<Item = (&'static str, &'static str, &'static str, u32)> {
    POSITIONS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let mut f = l.split('|').map(str::trim);
            let (label, file, fen) = (f.next()?, f.next()?, f.next()?);
            Some((label, file, fen, f.next()?.parse().ok()?))
        })
}

pub fn bench(args: &BenchArgs) -> CommandResult {
    crate::output::outln!(
        "{:<15} {:>5} {:>12} {:>9} {:>12}",
        "position",
        "depth",
        "leaves",
        "seconds",
        "M leaves/s"
    );
    let mut total_nodes = 0u64;
    let mut total_secs = 0f64;
    for (label, file, fen, depth) in cases() {
        let tables = load_tables(&args.root.join(file))?;
        let mut pos = position(tables, Some(fen))?;
        let started = Instant::now();
        let nodes = pos.perft_threads(depth, args.threads as usize);
        let secs = started.elapsed().as_secs_f64();
        total_nodes += nodes;
        total_secs += secs;
        crate::output::outln!(
            "{label:<15} {depth:>5} {nodes:>12} {secs:>9.3} {:>12.2}",
            nodes as f64 / secs.max(1e-9) / 1e6
        );
    }
    crate::output::outln!(
        "{:<15} {:>5} {total_nodes:>12} {total_secs:>9.3} {:>12.2}",
        "total",
        "",
        total_nodes as f64 / total_secs.max(1e-9) / 1e6
    );
    Ok(ExitCode::SUCCESS)
}
