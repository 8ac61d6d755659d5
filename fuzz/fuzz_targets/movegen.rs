//! Random games in shipped variants, checking move-generation invariants at every ply:
//! make/unmake restores position text and hash, the incremental hash equals the recomputed
//! one, no legal move (under checkmate rules) leaves a royal attacked, and perft at depth 2
//! equals the sum of its divide.
#![no_main]

use koma_runtime::Position;
use koma_runtime::spec::WinCondition;
use libfuzzer_sys::fuzz_target;

#[path = "../variants.rs"]
mod variants;

fuzz_target!(|data: &[u8]| {
    let Some((&which, choices)) = data.split_first() else { return };
    let tables = variants::pick(which);
    let checkmate = tables.spec.rules.royals.win == WinCondition::Checkmate
        && !tables.spec.rules.royals.check_last_only;
    let Some(mut pos) = Position::start(tables) else { return };
    for (ply, &c) in choices.iter().take(24).enumerate() {
        let moves = pos.moves();
        if moves.is_empty() {
            break;
        }
        if ply % 8 == 0 {
            let divide: u64 = pos.divide(2).iter().map(|(_, n)| n).sum();
            assert_eq!(pos.perft(2), divide, "perft 2 = sum of divide");
        }
        let before = (pos.to_text(), pos.hash());
        let me = pos.side_to_move();
        for &m in &moves {
            pos.make(m);
            if checkmate {
                for &r in pos.royal_squares(me) {
                    assert!(!pos.is_attacked(r, me.opponent()), "a legal move leaves a royal attacked");
                }
            }
            assert_eq!(pos.hash(), pos.compute_hash(), "incremental hash");
            pos.unmake();
            assert_eq!((pos.to_text(), pos.hash()), before, "make/unmake restores");
        }
        pos.make(moves[usize::from(c) % moves.len()]);
    }
});
