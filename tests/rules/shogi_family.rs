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

/// Cashew ruling 5 (HaChu's `piece H!& RmasR`): the Hook Mover slides like a Rook, then may turn
/// once at a right angle through empty squares. Own Golds on g10 and j7 block both corners of
/// the way to j10, so j10 is out of reach while j8 and j9 (turning at g8, g9) are not.
#[test]
fn cashew_hook_mover_turns_once_at_a_right_angle() {
    let t = variant("cashew-shogi");
    let mut p = pos(&t, "12k/13/13/6G6/13/13/6[HM]2G3/13/13/13/13/13/K12 w");
    let moves = moves_from(&mut p, "g7");
    for reached in [
        "g7g9", "g7j9", "g7j8", "g7b1", "g7m1", "g7i13", "g7a13", "g7f13",
    ] {
        assert!(
            moves.contains(&reached.to_string()),
            "{reached} in {moves:?}"
        );
    }
    for blocked in ["g7g10", "g7j10", "g7k11", "g7j7", "g7m13", "g7a1"] {
        assert!(
            !moves.contains(&blocked.to_string()),
            "{blocked} in {moves:?}"
        );
    }
    // 8 squares on the file and 8 on the rank, and the perpendicular lines from each: 144
    // squares, each counted once however many routes reach it, less a1 (the own King).
    assert_eq!(moves.len(), 143, "{moves:?}");
}

/// Cashew ruling 6 (HaChu's `piece W!& KADcavKmcpafmcpavK`): the Lion Dog goes up to three
/// squares along a line, leaping; it captures on the way, both pieces in one move, and may take
/// the second square's piece and step back to the empty first (the move HaChu's engine leaves
/// out). A capture may promote (to the Great Elephant); a quiet move may not.
#[test]
fn cashew_lion_dog_captures_along_its_line() {
    let t = variant("cashew-shogi");
    let mut p = pos(&t, "12k/13/13/13/13/6p6/6p6/13/6[LD]6/13/13/13/K12 w");
    let expected = [
        "g5g6", "g5g7", "g5g7+", "g5g8", "g5g8+", "g5xg7g8", "g5xg7g8+", "g5xg7g6", "g5xg7g6+",
        "g5g4", "g5g3", "g5g2", "g5f5", "g5e5", "g5d5", "g5h5", "g5i5", "g5j5", "g5f6", "g5e7",
        "g5d8", "g5h6", "g5i7", "g5j8", "g5f4", "g5e3", "g5d2", "g5h4", "g5i3", "g5j2",
    ];
    assert_eq!(moves_from(&mut p, "g5"), list(&expected));
}

/// Cashew ruling 2: the whole board is the zone and only a capture promotes, optionally; a
/// piece with no promoted form (the Pawn) never does.
#[test]
fn cashew_promotes_by_capture_only() {
    let t = variant("cashew-shogi");
    let mut p = pos(&t, "12k/13/13/13/13/13/6p6/6[OK]6/13/13/13/13/K12 w");
    let kite = [
        "g6g7", "g6g7+", "g6f7", "g6h7", "g6g5", "g6g4", "g6f6", "g6e6", "g6h6", "g6i6",
    ];
    assert_eq!(moves_from(&mut p, "g6"), list(&kite));
    let mut p = pos(&t, "12k/13/13/13/13/13/6p6/6P6/13/13/13/13/K12 w");
    assert_eq!(moves_from(&mut p, "g6"), list(&["g6g7"]));
}

/// Macadamia ruling 7 (HaChu's `piece C!& BmasB`): the Capricorn slides diagonally, then may
/// turn once at a right angle. Boxed in forward by its own Pawns, it steps back to e1 or g1 and
/// turns there up the other diagonal (HaChu's engine plays only the two back steps).
#[test]
fn macadamia_capricorn_hooks_off_its_back_diagonals() {
    let t = variant("macadamia-shogi");
    let mut p = pos(&t, "12k/13/13/13/13/13/13/13/13/13/4P1P6/5[CA]7/K12 w");
    let expected = [
        "f2e1", "f2g1", "f2d2", "f2c3", "f2b4", "f2a5", "f2h2", "f2i3", "f2j4", "f2k5", "f2l6",
        "f2m7",
    ];
    assert_eq!(moves_from(&mut p, "f2"), list(&expected));
}

/// Macadamia ruling 2: the Deva (`rbfFlW`) and the Dark Spirit (`lbfFrW`) are mirror images and
/// stand on the f- and h-files for both players, so the second player's Deva, seen from its own
/// side, steps to its left (h8 from g8) and back to its right (f9).
#[test]
fn macadamia_deva_and_dark_spirit_are_placed_mirrored() {
    let t = variant("macadamia-shogi");
    let start = koma_runtime::Position::start(t.clone()).expect("a setup");
    let text = start.to_text();
    assert!(text.starts_with("l[ph]csg[dv]k[ds]gsc[ky]l/"), "{text}");
    assert!(text.contains("/L[KY]CSG[DV]K[DS]GSC[PH]L "), "{text}");
    let mut p = pos(&t, "k12/13/13/13/13/6[dv]6/13/13/13/13/13/13/12K b");
    assert_eq!(
        moves_from(&mut p, "g8"),
        list(&["g8f7", "g8h7", "g8f9", "g8h8"])
    );
}
