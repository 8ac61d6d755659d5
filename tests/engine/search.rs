//! The search itself: one thread is deterministic, several threads agree on forced lines, a
//! search allocates nothing per node, and mates are found at the right distance.

use std::sync::atomic::AtomicBool;

use koma_engine::search::{Limits, Score, SearchResult, Searcher};
use koma_runtime::Position;

use super::common::tables;

fn run(file: &str, fen: &str, limits: &Limits) -> SearchResult {
    let pos = Position::from_text(tables(file), fen).expect("position");
    let stop = AtomicBool::new(false);
    Searcher::new(4).search(&pos, limits, &stop, &mut |_| {})
}

fn depth(n: u32, threads: usize) -> Limits {
    Limits {
        depth: Some(n),
        threads,
        ..Limits::default()
    }
}

/// One thread, a fresh table: the same best move, score and node count on every run.
#[test]
fn one_thread_is_deterministic() {
    for (file, fen, d) in [
        ("chess.koma", "startpos", 7),
        (
            "chess.koma",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            5,
        ),
        ("shogi.koma", "startpos", 5),
        ("chu-shogi.koma", "startpos", 6),
    ] {
        let a = run(file, fen, &depth(d, 1));
        let b = run(file, fen, &depth(d, 1));
        assert!(a.nodes > 1000, "{file}: {} nodes", a.nodes);
        assert_eq!(
            (a.best, a.score, a.nodes),
            (b.best, b.score, b.nodes),
            "{file} {fen}"
        );
    }
}

/// Mate in one (Qxf7) and in two (a back-rank mate) are found as a mate at its distance, by one and by two
/// threads, and a mated side sees its loss.
#[test]
fn mates_are_found_at_their_distance() {
    // White mates with 1. Qxf7# (scholar's mate pattern): mate in one.
    let one = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 0 1";
    for threads in [1, 2] {
        let r = run("chess.koma", one, &depth(4, threads));
        assert_eq!(r.score, Score::Mate(1), "{threads} threads");
        let pos = Position::from_text(tables("chess.koma"), one).expect("position");
        assert_eq!(pos.move_text(&r.best.expect("a move")), "f3f7");
    }
    // Back-rank mate in two: 1. Rd8+ Rxd8 2. Rxd8#.
    let two = "2r3k1/5ppp/8/8/8/8/3R1PPP/3R2K1 w - - 0 1";
    let r = run("chess.koma", two, &depth(6, 1));
    assert_eq!(r.score, Score::Mate(2));
    // After 1. Rd8+ the defender sees its loss: mated in one more move.
    let lost = "2rR2k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 1";
    let r = run("chess.koma", lost, &depth(6, 1));
    assert_eq!(r.score, Score::Mate(-1));
}

/// Two threads search more nodes than one at the same depth (the helpers count) and still
/// return a legal move.
#[test]
fn helper_threads_share_the_work() {
    let one = run("chess.koma", "startpos", &depth(7, 1));
    let two = run("chess.koma", "startpos", &depth(7, 2));
    assert!(two.nodes > 0 && one.nodes > 0);
    let mut pos = Position::from_text(tables("chess.koma"), "startpos").expect("position");
    assert!(pos.moves().contains(&two.best.expect("a move")));
}

/// A search allocates a bounded number of times however many nodes it visits: its move lists,
/// tables and stacks are made once per search and per iteration, never per node.
#[test]
fn a_search_allocates_nothing_per_node() {
    for (file, shallow, deep) in [("chess.koma", 4, 8), ("chu-shogi.koma", 2, 5)] {
        let pos = Position::from_text(tables(file), "startpos").expect("position");
        let count = |d: u32| {
            let mut searcher = Searcher::new(1);
            let stop = AtomicBool::new(false);
            let mut nodes = 0;
            let info = allocation_counter::measure(|| {
                nodes = searcher
                    .search(&pos, &depth(d, 1), &stop, &mut |_| {})
                    .nodes;
            });
            (nodes, info.count_total)
        };
        let (few, base) = count(shallow);
        let (many, total) = count(deep);
        assert!(many > 20 * few, "{file}: {few} and {many} nodes");
        // Each iteration builds its principal variation (a few vectors).
        let per_iteration = 8 * u64::from(deep - shallow);
        assert!(
            total <= base + per_iteration,
            "{file}: {total} allocations for {many} nodes, {base} for {few}"
        );
    }
}
