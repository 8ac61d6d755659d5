//! Petrification (`petrify`, docs/rules.md "Petrification") on the corpus's import of
//! Fairy-Stockfish's `petrified` (tests/fsf-corpus/petrified.koma): a Knight, Bishop, Rook,
//! Queen or King that captures turns into a wall; Pawns do not. Every list, position and count
//! is pyffish 0.0.90's for `petrified`, and for `[pethouse:petrified]` with `pieceDrops` and
//! `capturesToHand` (the variant with `captures to-hand`).

use super::common::*;
use std::sync::Arc;

use koma_runtime::Tables;

fn perfts(t: &Arc<Tables>, fen: &str) -> [u64; 3] {
    let mut p = pos(t, fen);
    [p.perft(1), p.perft(2), p.perft(3)]
}

/// `petrified` with `captures to-hand as-is` (no piece here has promoted: `as-is` keeps a
/// Rook a Rook, where plain `to-hand` would demote it to the Pawn that promotes to it). The
/// Pawns drop anywhere: `petrified`'s Pawn is a custom piece, which Fairy-Stockfish's pawn drop
/// limits leave alone.
fn pethouse() -> Arc<Tables> {
    variant_with(
        "petrified",
        "petrify K N B R Q",
        "petrify K N B R Q\n  captures to-hand as-is",
    )
}

#[test]
fn a_capturing_rook_becomes_a_wall_that_blocks_both_sides() {
    let t = variant("petrified");
    let fen = "3qk3/8/8/1r1p1R2/8/1B6/8/4K3 w - - 0 1";
    assert_eq!(perfts(&t, fen), [22, 485, 9357]);
    let mut p = pos(&t, fen);
    play(&mut p, &["f5d5"]);
    assert_eq!(placement(&p), "3qk3/8/8/1r1*4/8/1B6/8/4K3");
    assert_eq!(p.hash(), p.compute_hash());
    // Black's Rook stops at c5, its Queen at d6: neither passes nor takes the wall.
    assert_eq!(
        all_moves(&mut p),
        list(&[
            "b5a5", "b5b3", "b5b4", "b5b6", "b5b7", "b5b8", "b5c5", "d8a5", "d8a8", "d8b6", "d8b8",
            "d8c7", "d8c8", "d8d6", "d8d7", "d8e7", "d8f6", "d8g5", "d8h4", "e8d7", "e8e7", "e8f7",
            "e8f8",
        ])
    );
    // White's Bishop b3 stops at c4 too; the wall never moves.
    assert_eq!([p.perft(1), p.perft(2), p.perft(3)], [23, 203, 5517]);
    p.unmake();
    assert_eq!(placement(&p), "3qk3/8/8/1r1p1R2/8/1B6/8/4K3");
    assert_eq!(p.hash(), pos(&t, fen).hash());
}

#[test]
fn a_pawn_that_captures_stays_a_pawn() {
    let t = variant("petrified");
    let mut p = pos(&t, "4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1");
    play(&mut p, &["e4d5"]);
    assert_eq!(placement(&p), "4k3/8/8/3P4/8/8/8/4K3");
    assert_eq!([p.perft(1), p.perft(2)], [5, 40]);
}

#[test]
fn a_petrifying_king_never_captures() {
    let t = variant("petrified");
    // Taking the Queen would petrify, so lose, the King: e1f1 only.
    let fen = "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1";
    assert_eq!(all_moves(&mut pos(&t, fen)), list(&["e1f1"]));
    assert_eq!(perfts(&t, fen), [1, 28, 71]);
    // Kings that cannot take each other may stand side by side.
    let fen = "8/8/8/3k4/3K4/8/8/8 w - - 0 1";
    assert_eq!(
        all_moves(&mut pos(&t, fen)),
        list(&["d4c3", "d4c4", "d4c5", "d4d3", "d4e3", "d4e4", "d4e5"])
    );
    assert_eq!(perfts(&t, fen), [7, 52, 397]);
}

#[test]
fn with_captures_to_hand_the_petrified_piece_goes_to_the_opponent() {
    let t = pethouse();
    let fen = "4k3/8/8/3p4/8/8/8/3RK3[] w - - 0 1";
    let mut p = pos(&t, fen);
    play(&mut p, &["d1d5"]);
    // White gains the Pawn it took, Black the Rook that turned to stone.
    assert_eq!(
        p.to_text(),
        pos(&t, "4k3/8/8/3*4/8/8/8/4K3[Pr] b - - 0 1").to_text()
    );
    assert_eq!(p.hash(), p.compute_hash());
    assert_eq!(p.moves().len(), 66);
    p.unmake();
    assert_eq!(p.to_text(), pos(&t, fen).to_text());
    assert_eq!(perfts(&t, fen), [11, 145, 4732]);
}

#[test]
fn a_dropped_piece_next_to_a_petrifying_king_is_safe() {
    // The King cannot take the Queen dropped next to it.
    let t = pethouse();
    let mut p = pos(&t, "4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1");
    assert_eq!([p.perft(1), p.perft(2)], [67, 225]);
}
