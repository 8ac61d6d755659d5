//! Jump ranks: a hop may not leap a piece of equal or higher rank, friend or foe.

use super::common::*;

#[test]
fn a_jumper_may_not_leap_a_higher_piece() {
    // D a1; on its diagonal a Pawn c3, a Jumping General e5 and a Pawn g7.
    let fen = "k7/6p1/8/4j3/8/2p5/8/D6K w";
    let t = variant("jump-rank");
    assert_eq!(
        moves_from(&mut pos(&t, fen), "a1"),
        list(&["a1b2", "a1c3", "a1e5"])
    );
    let t = variant_with("jump-rank", "  jump-rank K > J > D", "");
    assert_eq!(
        moves_from(&mut pos(&t, fen), "a1"),
        list(&["a1b2", "a1c3", "a1e5", "a1g7"])
    );
}

#[test]
fn a_jumper_may_not_leap_an_equal_friend() {
    // D a1, a friendly D b2, an enemy Pawn d4.
    let fen = "k7/8/8/8/3p4/8/1D6/D6K w";
    let t = variant("jump-rank");
    assert!(moves_from(&mut pos(&t, fen), "a1").is_empty());
    let t = variant_with("jump-rank", "  jump-rank K > J > D", "");
    assert_eq!(moves_from(&mut pos(&t, fen), "a1"), list(&["a1d4"]));
    // A Jumping General outranks the friendly Diagonal Jumper and leaps it.
    let t = variant("jump-rank");
    assert_eq!(
        moves_from(&mut pos(&t, "8/8/7k/8/3p4/8/1D6/J6K w"), "a1"),
        list(&[
            "a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8", "a1b1", "a1c1", "a1d1", "a1e1",
            "a1f1", "a1g1", "a1d4"
        ])
    );
}

#[test]
fn a_jump_count_limit_and_unranked_jumpers() {
    // The unranked Bishop General (B(paf)2cB) on a1 leaps at most two pieces, and may leap
    // unranked pieces: it takes b2, c3 (over b2) and d4 (over b2, c3), never e5.
    let t = variant("jump-rank");
    assert_eq!(
        moves_from(&mut pos(&t, "8/8/7k/4p3/3p4/2p5/1p6/G6K w"), "a1"),
        list(&["a1b2", "a1c3", "a1d4"])
    );
    // A ranked piece in the way stops it: the Diagonal Jumper c3 outranks it.
    assert_eq!(
        moves_from(&mut pos(&t, "8/8/7k/4p3/3p4/2d5/1p6/G6K w"), "a1"),
        list(&["a1b2", "a1c3"])
    );
}
