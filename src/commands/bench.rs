//! `koma bench`: leaves per second on the benchmark positions (single thread, bulk counting).

use std::process::ExitCode;
use std::time::Instant;

use koma_runtime::Position;

use super::CommandResult;
use super::{load_tables, position};
use crate::args::BenchArgs;

/// (label, variant file, position, depth).
const CASES: [(&str, &str, &str, u32); 4] = [
    ("chess start", "chess", "startpos", 5),
    (
        "kiwipete",
        "chess",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
    ),
    ("chu start", "chu-shogi", "startpos", 4),
    ("suzumu start", "suzumu-shogi", "startpos", 3),
];

pub fn bench(args: &BenchArgs) -> CommandResult {
    crate::output::outln!(
        "{:<14} {:>5} {:>12} {:>9} {:>12}",
        "position",
        "depth",
        "leaves",
        "seconds",
        "M leaves/s"
    );
    let mut total_nodes = 0u64;
    let mut total_secs = 0f64;
    for (label, variant, fen, depth) in CASES {
        let tables = load_tables(&args.variants.join(format!("{variant}.koma")))?;
        let mut pos: Position = position(tables, Some(fen))?;
        let started = Instant::now();
        let nodes = pos.perft(depth);
        let secs = started.elapsed().as_secs_f64();
        total_nodes += nodes;
        total_secs += secs;
        crate::output::outln!(
            "{label:<14} {depth:>5} {nodes:>12} {secs:>9.3} {:>12.2}",
            nodes as f64 / secs.max(1e-9) / 1e6
        );
    }
    crate::output::outln!(
        "{:<14} {:>5} {total_nodes:>12} {total_secs:>9.3} {:>12.2}",
        "total",
        "",
        total_nodes as f64 / total_secs.max(1e-9) / 1e6
    );
    Ok(ExitCode::SUCCESS)
}
