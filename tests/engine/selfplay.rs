//! Self-play in every shipped variant with a start position: the first plies are random (so that
//! games differ), the rest are the engine's choice at a tiny node budget. Every move must be one
//! of the runtime's legal moves; a game ends with the result the runtime's rules give, or is
//! stopped unfinished at a ply cap (counted and printed, never scored). `KOMA_SELFPLAY_GAMES`
//! sets the games per variant (default 2; the 100 is `KOMA_SELFPLAY_GAMES=100`).

use std::sync::atomic::AtomicBool;

use koma_engine::referee::opening::SplitMix64;
use koma_engine::{Limits, Searcher};
use koma_runtime::Position;

use super::common::tables_at;
use crate::support::variant_files;

const PLY_CAP: usize = 160;
const RANDOM_PLIES: usize = 4;
const NODES: u64 = 150;

#[test]
fn self_play_games_are_legal_and_end_by_the_rules() {
    let games: usize = std::env::var("KOMA_SELFPLAY_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2);
    let stop = AtomicBool::new(false);
    let limits = Limits {
        nodes: Some(NODES),
        ..Limits::default()
    };
    let mut played = 0;
    for (vi, file) in variant_files().iter().enumerate() {
        let tables = tables_at(file);
        let Some(start) = Position::start(tables.clone()) else {
            continue;
        };
        let mut searcher = Searcher::new(1);
        let (mut finished, mut capped) = (Vec::new(), 0);
        for g in 0..games {
            // The referee's seeded generator, one stream per game: the same games on every
            // run, and any game count (proptest would shrink through engine searches).
            let mut rng = SplitMix64::for_stream(0x6b6f_6d61, ((vi as u64) << 32) | g as u64);
            let mut pos = start.clone();
            let mut result = None;
            for ply in 0..PLY_CAP {
                let moves = pos.moves();
                if let Some(r) = pos.result_with(&moves) {
                    result = Some(r);
                    break;
                }
                let m = if ply < RANDOM_PLIES {
                    moves[rng.below(moves.len())]
                } else {
                    searcher
                        .search(&pos, &limits, &stop, &mut |_| {})
                        .best
                        .expect("a move while the game goes on")
                };
                assert!(
                    moves.contains(&m),
                    "{}: engine move {} is not legal in {}",
                    file.display(),
                    pos.move_text(&m),
                    pos.to_text()
                );
                pos.make(&m);
            }
            if result.is_none() {
                // The cap reached exactly at a game end still counts as finished.
                result = pos.result();
            }
            match result {
                Some(r) => finished.push(format!("{} {:?}", r.score(), r.reason)),
                None => capped += 1,
            }
            played += 1;
        }
        eprintln!(
            "{}: {} finished {:?}, {capped} stopped at {PLY_CAP} plies",
            file.display(),
            finished.len(),
            finished
        );
    }
    assert!(played >= 10 * games, "only {played} games played");
}
