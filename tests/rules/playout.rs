//! Long random games under the rules (burns, freezing, anti-trade, brouhaha squares): the
//! incremental hash always equals the recomputed one, and unmaking every move restores the
//! start exactly.

use super::common::*;
use crate::support::runner;
use koma_runtime::Position;
use koma_runtime::testing::Picks;
use proptest::prelude::*;

/// Plays up to `plies` moves chosen by `picks`, checking the hash after each, then unmakes
/// them all.
fn playout(mut p: Position, plies: usize, picks: &mut Picks) -> usize {
    let start = p.to_text();
    let mut played = 0;
    for _ in 0..plies {
        let moves = p.moves();
        if moves.is_empty() || p.result_with(&moves).is_some() {
            break;
        }
        let m = moves[picks.below(moves.len())];
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

/// `games` random games of up to `plies` plies from `start` (proptest draws the choices, the
/// same on every run, and shrinks a failing game); returns the shortest game's length.
fn playouts(start: &Position, plies: usize, games: u32) -> usize {
    let shortest = std::cell::Cell::new(usize::MAX);
    let choices = proptest::collection::vec(any::<usize>(), 1..64);
    let result = runner(games).run(&choices, |picks| {
        let n = playout(start.clone(), plies, &mut Picks::new(picks));
        shortest.set(shortest.get().min(n));
        Ok(())
    });
    if let Err(e) = result {
        panic!("{}: {e}", start.to_text());
    }
    shortest.get()
}

#[test]
fn seed_games_play_and_unplay() {
    for (name, games) in [
        ("minjiku-shogi", 2),
        ("suzumu-shogi", 1),
        ("tengu-dai-shogi", 1),
        ("chu-shogi", 1),
    ] {
        let p = Position::start(variant(name)).expect("setup");
        // A random game may end early (a Minjiku Jumping General can mate in 15 plies), but
        // it always gets going.
        let n = playouts(&p, 300, games);
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
        playouts(&pos(&variant(name), fen), 60, 20);
    }
}

#[test]
fn drop_games_play_and_unplay() {
    for (name, games) in [("shogi", 2), ("minishogi", 1), ("crazyhouse", 2)] {
        let p = Position::start(variant(name)).expect("setup");
        let n = playouts(&p, 200, games);
        assert!(n > 10, "{name}: {n} plies");
    }
}
