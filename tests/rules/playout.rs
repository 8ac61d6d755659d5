//! Long pseudo-random games under the rules (burns, freezing, anti-trade, brouhaha squares):
//! the incremental hash always equals the recomputed one, and unmaking every move restores the
//! start exactly.

use super::common::*;
use koma_runtime::Position;

/// Plays up to `plies` moves chosen by a fixed linear congruential sequence, checking the hash
/// after each, then unmakes them all.
fn playout(mut p: Position, plies: usize, seed: u64) -> usize {
    let start = p.to_text();
    let mut x = seed;
    let mut played = 0;
    for _ in 0..plies {
        let moves = p.moves();
        if moves.is_empty() || p.result_with(&moves).is_some() {
            break;
        }
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let m = moves[(x >> 33) as usize % moves.len()];
        p.make(&m);
        played += 1;
        assert_eq!(
            p.hash(),
            p.compute_hash(),
            "after {played} plies: {}",
            p.to_text()
        );
    }
    for _ in 0..played {
        p.unmake();
    }
    assert_eq!(p.to_text(), start);
    played
}

#[test]
fn seed_games_play_and_unplay() {
    for (name, seed) in [
        ("minjiku-shogi", 1),
        ("minjiku-shogi", 2),
        ("suzumu-shogi", 3),
        ("tengu-dai-shogi", 4),
        ("chu-shogi", 5),
    ] {
        let p = Position::start(variant(name)).expect("setup");
        // A random game may end early (a Minjiku Jumping General mates in 15 plies with
        // seed 1), but it always gets going.
        let n = playout(p, 300, seed);
        assert!(n > 10, "{name}: {n} plies");
    }
}

#[test]
fn burning_fixtures_play_and_unplay() {
    for (name, fen) in [
        ("burn-auto", "[fd]pp1k/5/5/5/K1PP[FD] w"),
        ("burn-choose", "[fd]pp1k/5/5/5/K1PP[FD] w"),
        ("burn-check", "f[q]3k/6/6/6/6/K3[Q]F w"),
        ("freeze", "tl2k/5/5/5/K2LT w"),
    ] {
        for seed in 0..20 {
            playout(pos(&variant(name), fen), 60, seed);
        }
    }
}

#[test]
fn drop_games_play_and_unplay() {
    for (name, seed) in [
        ("shogi", 6),
        ("shogi", 7),
        ("minishogi", 8),
        ("crazyhouse", 9),
        ("crazyhouse", 10),
    ] {
        let p = Position::start(variant(name)).expect("setup");
        let n = playout(p, 200, seed);
        assert!(n > 10, "{name}: {n} plies");
    }
}
