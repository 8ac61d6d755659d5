//! Times chess perft from the hand-built spec: `cargo run --release --example chess_perft [depth] [fen]`.

#[path = "../tests/common/mod.rs"]
mod common;

use std::time::Instant;

use koma_runtime::Position;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let depth = args.get(1).and_then(|d| d.parse().ok()).unwrap_or(5);
    let fen = args.get(2).map_or("startpos", String::as_str);
    let mut pos =
        Position::from_text(common::tables(common::chess_spec()), fen).expect("valid position");
    let start = Instant::now();
    let nodes = pos.perft(depth);
    let secs = start.elapsed().as_secs_f64();
    println!(
        "perft({depth}) = {nodes} in {secs:.3} s: {:.2} M leaves/s",
        nodes as f64 / secs / 1e6
    );
}
