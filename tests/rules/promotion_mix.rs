//! Pawn promotion and piece promotion in one game (`promotion forced IDS last N` beside
//! `promotion on start-or-end`), and promotion limits counting several pieces together. The
//! fixtures are Forward chess and Grandhouse as `koma import` writes them from
//! Fairy-Stockfish's definitions; every expected list is pyffish 0.0.90's `legal_moves` for the
//! same position (tests/fixtures/rules/promotion-mix.koma, limit-group.koma).

use super::common::*;

#[test]
fn pawns_must_promote_where_pieces_may() {
    let t = variant("promotion-mix");
    // pyffish: a7a8b a7a8n a7a8q a7a8r, no plain a7a8.
    let mut p = pos(&t, "4g3/P7/8/8/8/8/8/4G3 w - - 0 1");
    assert_eq!(
        moves_from(&mut p, "a7"),
        list(&["a7a8=N", "a7a8=B", "a7a8=R", "a7a8=Q"])
    );
    // pyffish: a6a7 a6a8 a6a8+: the Lance chooses.
    let mut p = pos(&t, "4g3/8/L7/8/8/8/8/4G3 w - - 0 1");
    assert_eq!(moves_from(&mut p, "a6"), list(&["a6a7", "a6a8+", "a6a8"]));
    // pyffish: b2a1b b2a1n b2a1q b2a1r b2b1b b2b1n b2b1q b2b1r for Black's Pawn.
    let mut p = pos(&t, "4g3/8/8/8/8/8/1p6/L3G3 b - - 0 1");
    assert_eq!(moves_from(&mut p, "b2").len(), 8);
    // Without the forced line the Pawn could stay a Pawn on the last rank.
    let free = variant_with("promotion-mix", "promotion forced P last 1\n", "");
    let mut p = pos(&free, "4g3/P7/8/8/8/8/8/4G3 w - - 0 1");
    assert!(moves_from(&mut p, "a7").contains(&"a7a8".to_string()));
}

#[test]
fn a_limit_counts_a_type_and_its_promoted_copies_together() {
    let t = variant("limit-group");
    // A promoted Queen (`Q~`, koma's `+Q`) on the board closes the Queen promotion
    // (pyffish: i9i10a b c n r).
    let copy = "4k5/8P1/10/10/10/10/10/10/4Q~5/4K5[] w - - 0 1";
    let five = list(&["i9i10=+A", "i9i10=+C", "i9i10=+R", "i9i10=+B", "i9i10=+N"]);
    assert_eq!(moves_from(&mut pos(&t, copy), "i9"), five);
    // So does a Queen (pyffish: the same five).
    let queen = "4k5/8P1/10/10/10/10/10/10/4Q5/4K5[] w - - 0 1";
    assert_eq!(moves_from(&mut pos(&t, queen), "i9"), five);
    // A Queen in hand does not: only the board counts (pyffish: i9i10q too).
    let held = "4k5/8P1/10/10/10/10/10/10/10/4K5[Q] w - - 0 1";
    assert_eq!(moves_from(&mut pos(&t, held), "i9").len(), 6);
    // Limiting the Queen alone leaves the promotion into the copy open.
    let apart = variant_with("limit-group", "Q +Q 1", "Q 1");
    assert_eq!(moves_from(&mut pos(&apart, copy), "i9").len(), 6);
}
