//! `koma bench`: leaves per second on the benchmark positions (bulk counting; one thread unless
//! `--threads` says otherwise). `benches/perft.rs` runs the same positions under criterion.
//! `koma bench --search`: the engine's nodes per second at a fixed depth on the search
//! benchmark positions (one thread, a fresh table each: the node counts are deterministic).

use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use koma_engine::{Limits, Searcher};

use super::CommandResult;
use super::{load_tables, position};
use crate::args::BenchArgs;

/// The benchmark positions, one per line: `label | file | position | depth`.
const POSITIONS: &str = include_str!("../../tests/fixtures/bench/positions.txt");

/// The search benchmark positions, in the same layout with a search depth.
const SEARCH_POSITIONS: &str = include_str!("../../tests/fixtures/bench/search.txt");

/// The benchmark positions of `text` as (label, file under the source tree, position, depth).
fn cases(
    text: &'static str,
) -> impl Iterator<Item = (&'static str, &'static str, &'static str, u32)> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let mut f = l.split('|').map(str::trim);
            let (label, file, fen) = (f.next()?, f.next()?, f.next()?);
            Some((label, file, fen, f.next()?.parse().ok()?))
        })
}

pub fn bench(args: &BenchArgs) -> CommandResult {
    if args.search {
        return bench_search(args);
    }
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
    for (label, file, fen, depth) in cases(POSITIONS) {
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

/// Searches each search benchmark position to its depth `--repeat` times, each from a fresh
/// table, and prints the median's nodes per second of the search thread's CPU time (the
/// machine's other load does not count; wall-clock seconds beside) and the spread of the runs.
fn bench_search(args: &BenchArgs) -> CommandResult {
    crate::output::outln!(
        "{:<15} {:>5} {:>10} {:>8} {:>8} {:>10} {:>7}  best move",
        "position",
        "depth",
        "nodes",
        "cpu s",
        "wall s",
        "k nodes/s",
        "spread"
    );
    let (mut total_nodes, mut total_cpu) = (0u64, 0f64);
    for (label, file, fen, depth) in cases(SEARCH_POSITIONS) {
        let tables = load_tables(&args.root.join(file))?;
        let pos = position(tables, Some(fen))?;
        let runs: Vec<Run> = (0..args.repeat).map(|_| Run::search(&pos, depth)).collect();
        let run = Run::median(&runs);
        let rates: Vec<f64> = runs.iter().map(Run::rate).collect();
        let spread = rates.iter().copied().fold(f64::MIN, f64::max)
            - rates.iter().copied().fold(f64::MAX, f64::min);
        total_nodes += run.nodes;
        total_cpu += run.cpu;
        crate::output::outln!(
            "{label:<15} {depth:>5} {:>10} {:>8.4} {:>8.4} {:>10.0} {:>6.1}%  {}",
            run.nodes,
            run.cpu,
            run.wall,
            run.rate() / 1e3,
            100.0 * spread / run.rate().max(1e-9),
            run.best
                .map_or_else(|| "-".to_string(), |m| pos.move_text(&m))
        );
    }
    crate::output::outln!(
        "{:<15} {:>5} {total_nodes:>10} {total_cpu:>8.4} {:>8} {:>10.0}",
        "total",
        "",
        "",
        total_nodes as f64 / total_cpu.max(1e-9) / 1e3
    );
    Ok(ExitCode::SUCCESS)
}

/// One timed search of a benchmark position.
#[derive(Clone, Copy)]
struct Run {
    nodes: u64,
    cpu: f64,
    wall: f64,
    best: Option<koma_runtime::FullMove>,
}

impl Run {
    /// Searches `pos` to `depth` on one thread from a fresh 16 MB table (the node count is the
    /// same every time).
    fn search(pos: &koma_runtime::Position, depth: u32) -> Run {
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let mut searcher = Searcher::new(16);
        // The evaluator is built once per variant, as in a game: not part of the search's time.
        searcher.evaluator(pos.tables());
        let (wall, cpu) = (Instant::now(), thread_cpu());
        let result = searcher.search(pos, &limits, &AtomicBool::new(false), &mut |_| {});
        let wall = wall.elapsed().as_secs_f64();
        let cpu = cpu
            .and_then(|c| thread_cpu().map(|d| d - c))
            .unwrap_or(wall);
        Run {
            nodes: result.nodes,
            cpu,
            wall,
            best: result.best,
        }
    }

    /// Nodes per CPU second.
    fn rate(&self) -> f64 {
        self.nodes as f64 / self.cpu.max(1e-9)
    }

    /// The run of median speed (the slower middle one of an even number).
    fn median(runs: &[Run]) -> Run {
        let mut sorted = runs.to_vec();
        sorted.sort_by(|a, b| a.rate().total_cmp(&b.rate()));
        sorted[(sorted.len() - 1) / 2]
    }
}

/// The CPU seconds this thread has run: the clock the system keeps per thread, to the
/// nanosecond (`/proc`'s schedstat advances only at the scheduler's tick, 4 ms here).
#[cfg(unix)]
fn thread_cpu() -> Option<f64> {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    Some(t.tv_sec as f64 + t.tv_nsec as f64 / 1e9)
}

/// No thread CPU clock: the wall clock stands in.
#[cfg(not(unix))]
fn thread_cpu() -> Option<f64> {
    None
}
