//! Royal sets whose size changes (docs/rules.md, "Pseudo-royal pieces"): `check duple`
//! (Fairy-Stockfish's `dupleCheck`, Spartan Chess) and `check last-royal-only`, on the fixture
//! tests/fixtures/rules/duple.koma (chess Kings as a royal set, Pawns that may promote to one).
//! Every count and result is pyffish 0.0.90's for the fixture's Fairy-Stockfish definition (its
//! header), `[duple:chess]` and the same without `dupleCheck`.

use super::common::*;
use koma_runtime::result::Reason;
use koma_runtime::spec::Player;

/// The fixture with `check last-royal-only` in place of `check duple`.
fn last_royal() -> std::sync::Arc<koma_runtime::Tables> {
    variant_with("duple", "check duple", "check last-royal-only")
}

fn perfts(t: &std::sync::Arc<koma_runtime::Tables>, fen: &str) -> [u64; 3] {
    let mut p = pos(t, fen);
    [p.perft(1), p.perft(2), p.perft(3)]
}

#[test]
fn a_second_king_may_be_left_attacked_but_not_both() {
    let duple = variant("duple");
    // The Rook on a1 attacks the King on a8; the other, on h8, is safe: every move is legal,
    // a8a7 into the Rook's file too.
    let fen = "k6k/8/8/8/8/8/8/R3K3 b - - 0 1";
    let mut p = pos(&duple, fen);
    assert!(!p.in_check(), "one of two Kings attacked is no check");
    assert!(
        !pos(&last_royal(), fen).in_check(),
        "no King of two is guarded alone"
    );
    assert_eq!(
        all_moves(&mut p),
        list(&["a8a7", "a8b7", "a8b8", "h8g7", "h8g8", "h8h7"])
    );
    assert_eq!(perfts(&duple, fen), [6, 89, 765]);
    assert_eq!(perfts(&last_royal(), fen), [6, 89, 779]);
    // The Queen on g2 watches g7 and g8: the h8 King may not step there while a8 stays
    // attacked. With `last-royal-only` it may.
    let fen = "kr5k/8/8/8/8/8/6Q1/R3K3 b - - 0 1";
    assert_eq!(perfts(&duple, fen), [15, 493, 7118]);
    // Its perft(3) goes through a Rook pinned to one of two Kings (the next test).
    assert_eq!(perfts(&last_royal(), fen), [17, 568, 10306]);
}

#[test]
fn a_piece_pinned_to_one_of_two_kings_may_leave_the_line() {
    // The Queen on g2 pins the Rook on b7 to the a8 King; with the h8 King on the board the
    // Rook may go anywhere, g7 and b1 too, under `last-royal-only` (under `check duple`
    // also, the h8 King being safe).
    let fen = "k6k/1r6/8/8/8/8/6Q1/1R2K3 b - - 0 1";
    let t = last_royal();
    let mut p = pos(&t, fen);
    let rook = [
        "b7a7", "b7b1", "b7b2", "b7b3", "b7b4", "b7b5", "b7b6", "b7b8", "b7c7", "b7d7", "b7e7",
        "b7f7", "b7g7", "b7h7",
    ];
    let kings = ["a8a7", "a8b8", "h8g7", "h8g8", "h8h7"];
    assert_eq!(all_moves(&mut p), list(&[&rook[..], &kings[..]].concat()));
    assert_eq!(perfts(&t, fen), [19, 615, 11396]);
}

#[test]
fn both_kings_attacked_with_no_way_out_is_mate() {
    let fen = "k6k/8/8/8/8/8/1R4RR/R3K3 b - - 0 1";
    let duple = variant("duple");
    let mut p = pos(&duple, fen);
    assert!(p.in_check());
    assert!(all_moves(&mut p).is_empty());
    let r = result(&mut p).expect("mated");
    assert_eq!(
        (r.winner, r.reason),
        (Some(Player::First), Reason::Checkmate)
    );
    // With `last-royal-only` neither King is guarded while there are two.
    assert_eq!(perfts(&last_royal(), fen), [6, 266, 2290]);
}

#[test]
fn a_promotion_to_a_second_king_frees_the_first() {
    // White's King is in check from a1; b7b8k makes a second King, so neither is guarded
    // alone and the first may stay attacked; b7b8q may not.
    let fen = "7k/1P6/8/8/8/8/8/r3K3 w - - 0 1";
    for t in [variant("duple"), last_royal()] {
        let mut p = pos(&t, fen);
        assert_eq!(all_moves(&mut p), list(&["b7b8=K", "e1d2", "e1e2", "e1f2"]));
    }
    assert_eq!(perfts(&variant("duple"), fen), [4, 65, 523]);
    assert_eq!(perfts(&last_royal(), fen), [4, 65, 534]);
}
