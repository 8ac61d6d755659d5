//! `koma perft`: counts the leaves of the legal move tree of a variant file or compiled file,
//! ending with a line `nodes N`; progress goes to stderr (a terminal only) once a run takes over a second.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use super::{CommandResult, load_tables, start_or_position};
use crate::args::PerftArgs;

pub fn perft(args: &PerftArgs) -> CommandResult {
    let tables = load_tables(&args.file)?;
    let mut pos = start_or_position(tables, args.start, args.fen.as_deref())?;
    let threads = args.threads.map_or_else(all_cores, |n| n as usize);
    let started = Instant::now();
    let terminal = std::io::stderr().is_terminal();
    let progress = |finished: usize, total: usize| {
        if !args.divide && terminal && started.elapsed() > Duration::from_secs(1) {
            let width = 30;
            let bar = finished * width / total.max(1);
            eprint!(
                "\r[{}{}] {finished}/{total} first moves",
                "#".repeat(bar),
                " ".repeat(width - bar)
            );
            let _ = std::io::stderr().flush();
        }
    };
    let nodes = if args.depth == 0 {
        1
    } else {
        let counts = pos.divide_threads(args.depth, threads, &progress);
        if args.divide {
            for (m, n) in &counts {
                crate::output::outln!("{} {n}", pos.move_text(m));
            }
        }
        counts.iter().map(|&(_, n)| n).sum()
    };
    let elapsed = started.elapsed();
    if elapsed > Duration::from_secs(1) && std::io::stderr().is_terminal() {
        eprintln!(
            "\n{:.2} s, {:.2} M leaves/s on {threads} thread{}",
            elapsed.as_secs_f64(),
            nodes as f64 / elapsed.as_secs_f64() / 1e6,
            if threads == 1 { "" } else { "s" }
        );
    }
    crate::output::outln!("nodes {nodes}");
    Ok(ExitCode::SUCCESS)
}

/// Every core the system lets this process use.
pub fn all_cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}
