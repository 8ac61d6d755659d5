//! `koma perft`: counts the leaves of the legal move tree of a variant file or compiled file,
//! ending with a line `nodes N`; progress goes to stderr (a terminal only) once a run takes over a second.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use koma_runtime::Position;

use super::{CommandResult, load_tables, position};
use crate::args::PerftArgs;

pub fn perft(args: &PerftArgs) -> CommandResult {
    let tables = load_tables(&args.file)?;
    let mut pos = position(tables, args.fen.as_deref())?;
    let started = Instant::now();
    let nodes = if args.depth == 0 {
        1
    } else if args.divide {
        let mut total = 0;
        for (m, n) in pos.divide(args.depth) {
            crate::output::outln!("{} {n}", pos.move_text(&m));
            total += n;
        }
        total
    } else {
        count_with_progress(&mut pos, args.depth, started)
    };
    let elapsed = started.elapsed();
    if elapsed > Duration::from_secs(1) && std::io::stderr().is_terminal() {
        eprintln!(
            "\n{:.2} s, {:.2} M leaves/s",
            elapsed.as_secs_f64(),
            nodes as f64 / elapsed.as_secs_f64() / 1e6
        );
    }
    crate::output::outln!("nodes {nodes}");
    Ok(ExitCode::SUCCESS)
}

/// Perft one first move at a time, reporting progress after the first second when standard
/// error is a terminal.
fn count_with_progress(pos: &mut Position, depth: u32, started: Instant) -> u64 {
    let terminal = std::io::stderr().is_terminal();
    let moves = pos.moves();
    let mut total = 0;
    for (i, &m) in moves.iter().enumerate() {
        pos.make(m);
        total += pos.perft(depth - 1);
        pos.unmake();
        if terminal && started.elapsed() > Duration::from_secs(1) {
            let width = 30;
            let done = (i + 1) * width / moves.len().max(1);
            eprint!(
                "\r[{}{}] {}/{} first moves",
                "#".repeat(done),
                " ".repeat(width - done),
                i + 1,
                moves.len()
            );
            let _ = std::io::stderr().flush();
        }
    }
    total
}
