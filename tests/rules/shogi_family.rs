//! The historical shogi family (docs/shogi-family.md): scenario tests written from the sources
//! for the rulings a perft comparison does not single out. Wa Shogi's moves are Wikipedia's
//! (and Sjaak II's and HaChu's); each test names the ruling it checks.

use super::common::*;

/// Wikipedia: the Treacherous Fox "can jump" to the second square, or step one, forward,
/// backward and diagonally; never sideways. Over its own Pawn on f7 to f8, taking on e7.
#[test]
fn wa_treacherous_fox_jumps_two_or_steps_one_in_six_directions() {
    let t = variant("wa-shogi");
    let mut p = pos(&t, "10k/11/11/11/4pP5/5X5/11/11/11/11/K10 w");
    let expected = [
        "f6e7", "f6g7", "f6e5", "f6g5", "f6d8", "f6h8", "f6d4", "f6h4", "f6f5", "f6f8", "f6f4",
    ];
    assert_eq!(moves_from(&mut p, "f6"), list(&expected));
}

/// Wikipedia: the Cloud Eagle ranges straight forward and back, steps one sideways or
/// diagonally back, and moves at most three squares diagonally forward: c9 and i9, not b10/j10.
#[test]
fn wa_cloud_eagle_goes_three_squares_diagonally_forward() {
    let t = variant("wa-shogi");
    let mut p = pos(&t, "10k/11/11/11/11/5E5/11/11/11/11/K10 w");
    let mut expected: Vec<String> = ["f7", "f8", "f9", "f10", "f11", "f5", "f4", "f3", "f2", "f1"]
        .iter()
        .chain(&["e6", "g6", "e5", "g5", "e7", "d8", "c9", "g7", "h8", "i9"])
        .map(|to| format!("f6{to}"))
        .collect();
    expected.sort();
    assert_eq!(moves_from(&mut p, "f6"), expected);
}

/// Ruling 5: a Sparrow Pawn or Oxcart reaching the last rank must promote; a Flying Cock there
/// can still move sideways, so it may defer; a move that starts in the zone (the Cock on h10)
/// or leaves it (the Swooping Owl stepping back from i9 to rank 8) may promote too.
#[test]
fn wa_promotion_is_optional_except_for_pieces_stuck_on_the_last_rank() {
    let t = variant("wa-shogi");
    let mut p = pos(&t, "10k/2P1O2C3/8L2/11/11/11/11/11/11/11/K10 w");
    assert_eq!(moves_from(&mut p, "c10"), list(&["c10c11+"]));
    assert_eq!(moves_from(&mut p, "e10"), list(&["e10e11+"]));
    let cock = [
        "h10g11", "h10g11+", "h10i11", "h10i11+", "h10g10", "h10g10+", "h10i10", "h10i10+",
    ];
    assert_eq!(moves_from(&mut p, "h10"), list(&cock));
    let owl = ["i9i10", "i9i10+", "i9h8", "i9h8+", "i9j8", "i9j8+"];
    assert_eq!(moves_from(&mut p, "i9"), list(&owl));
}

/// Ruling 7: with drops, a captured promoted Swooping Owl (which moves as a Cloud Eagle) goes
/// to the hand as a Swooping Owl, and a captured Cloud Eagle as a Cloud Eagle.
#[test]
fn wa_drops_return_a_promoted_owl_as_an_owl() {
    let t = variant("wa-shogi-drops");
    let mut p = pos(&t, "10k/11/11/11/5p5/5+L5/11/11/11/11/K10[] b");
    play(&mut p, &["f7f6"]);
    assert!(p.to_text().contains("[l]"), "{}", p.to_text());
    let mut p = pos(&t, "10k/11/11/11/5p5/5E5/11/11/11/11/K10[] b");
    play(&mut p, &["f7f6"]);
    assert!(p.to_text().contains("[e]"), "{}", p.to_text());
}
