//! `koma perft`: counts the leaves of the legal move tree of a variant file or compiled file,
//! ending with a line `nodes N`; progress goes to stderr once a run takes over a second.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use koma_runtime::{Position, Tables, serialize};

use super::{CliError, CommandResult};
use crate::args::PerftArgs;
use crate::report;

pub fn perft(args: &PerftArgs) -> CommandResult {
    let tables = load_tables(&args.file)?;
    let mut pos = position(tables, args.fen.as_deref())?;
    let started = Instant::now();
    let nodes = if args.depth == 0 {
        1
    } else if args.divide {
        let mut total = 0;
        for (m, n) in pos.divide(args.depth) {
            println!("{} {n}", pos.move_text(&m));
            total += n;
        }
        total
    } else {
        count_with_progress(&mut pos, args.depth, started)
    };
    let elapsed = started.elapsed();
    if elapsed > Duration::from_secs(1) {
        eprintln!(
            "\n{:.2} s, {:.2} M leaves/s",
            elapsed.as_secs_f64(),
            nodes as f64 / elapsed.as_secs_f64() / 1e6
        );
    }
    println!("nodes {nodes}");
    Ok(ExitCode::SUCCESS)
}

/// Perft one first move at a time, reporting progress on stderr after the first second.
fn count_with_progress(pos: &mut Position, depth: u32, started: Instant) -> u64 {
    let moves = pos.moves();
    let mut total = 0;
    for (i, &m) in moves.iter().enumerate() {
        pos.make(m);
        total += pos.perft(depth - 1);
        pos.unmake();
        if started.elapsed() > Duration::from_secs(1) {
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

/// Loads a variant from a `.koma` file or from a file written by `koma compile`.
pub fn load_tables(path: &Path) -> Result<Arc<Tables>, CliError> {
    let bytes = std::fs::read(path)
        .map_err(|e| CliError::Failed(format!("cannot read `{}`: {e}", path.display())))?;
    if serialize::is_compiled(&bytes) {
        let spec = serialize::decode(&bytes)
            .map_err(|e| CliError::Failed(format!("`{}`: {e}", path.display())))?;
        return Ok(Arc::new(Tables::new(spec)));
    }
    let loaded = koma_compiler::load(path);
    match loaded.variant {
        Some(ir) => Ok(Arc::new(Tables::new(koma_compiler::emit(&ir)))),
        None => {
            let errors: Vec<_> = loaded
                .diagnostics
                .iter()
                .filter(|d| d.is_error())
                .cloned()
                .collect();
            eprint!(
                "{}",
                report::render(&loaded.sources, &errors, report::Style::Rich, false)
            );
            Err(CliError::Failed(format!("`{}` has errors", path.display())))
        }
    }
}

/// The position given with `--fen`, or the start position.
pub fn position(tables: Arc<Tables>, fen: Option<&str>) -> Result<Position, CliError> {
    Position::from_text(tables, fen.unwrap_or("startpos"))
        .map_err(|e| CliError::Usage(format!("--fen: {e}")))
}
