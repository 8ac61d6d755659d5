//! Random games in shipped variants, checking move-generation invariants at every ply:
//! make/unmake restores the hash after every move and the position text after all of them,
//! the incremental hash equals the recomputed one (after about 8 moves a ply), no legal move
//! (under checkmate rules) leaves a royal attacked, and perft equals the sum of its divide (once,
//! where the game ends, at depth 2 when the position has at most 60 moves). The text is compared
//! once a ply and perft run once a game, not more often: that made one Tenjiku input take
//! seconds under the sanitizer.
#![no_main]

use koma_runtime::Position;
use koma_runtime::spec::WinCondition;
use libfuzzer_sys::fuzz_target;

#[path = "../variants.rs"]
mod variants;

fuzz_target!(|data: &[u8]| {
    let Some((&which, choices)) = data.split_first() else {
        return;
    };
    let tables = variants::pick(which);
    let checkmate = tables.spec().rules.royals.win == WinCondition::Checkmate
        && !tables.spec().rules.royals.check_last_only;
    let Some(mut pos) = Position::start(tables) else {
        return;
    };
    for &c in choices.iter().take(16) {
        let moves = pos.moves();
        if moves.is_empty() {
            break;
        }
        let before = (pos.to_text(), pos.hash());
        let me = pos.side_to_move();
        let played = usize::from(c) % moves.len();
        // The incremental hash is compared with a full recomputation (which reads every square)
        // after the move played and every `stride`-th other move, from an offset the input
        // chooses: about 8 a ply, and any move of the list can be chosen. Recomputing after
        // every move took a third of the time on the large boards.
        let stride = moves.len().div_ceil(8);
        for (i, &m) in moves.iter().enumerate() {
            pos.make(&m);
            if checkmate {
                for &r in pos.royal_squares(me) {
                    assert!(
                        !pos.is_attacked(r, me.opponent()),
                        "a legal move leaves a royal attacked"
                    );
                }
            }
            if i == played || i % stride == usize::from(c) % stride {
                assert_eq!(pos.hash(), pos.compute_hash(), "incremental hash");
            }
            pos.unmake();
            assert_eq!(pos.hash(), before.1, "make/unmake restores the hash");
        }
        assert_eq!((pos.to_text(), pos.hash()), before, "make/unmake restores");
        pos.make(&moves[played]);
    }
    // Depth 2 where the position is small enough (a Tenjiku perft 2 takes a quarter second
    // under the sanitizer); depth 1 still checks bulk counting against the move list.
    let depth = if pos.moves().len() <= 60 { 2 } else { 1 };
    let divide: u64 = pos.divide(depth).iter().map(|(_, n)| n).sum();
    assert_eq!(pos.perft(depth), divide, "perft = sum of divide");
    // Perft counts moves, not game results, so it ignores `repeat` (docs/rules.md): there the
    // legal move list may be shorter.
    let repeat = pos.tables().spec().rules.repeat.is_some();
    assert!(
        depth == 2 || repeat || divide == pos.moves().len() as u64,
        "perft 1 = moves"
    );
});
