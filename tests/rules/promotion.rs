//! Promotion triggers: start-or-end (Suzumu), enter or capture touching the zone (Dai family),
//! enter or capture starting in the zone (Minjiku), enter with mid-move stops, automatic (Kyou).

use super::common::*;

/// White Stepper (WF) c4 inside the zone (ranks 4-5); a Black Stepper b3 outside it.
const INSIDE: &str = "k4/2S2/1s3/5/4K w";

fn promoting(moves: &[String]) -> usize {
    moves.iter().filter(|m| m.ends_with('+')).count()
}

#[test]
fn start_or_end() {
    // Eight moves (b5 c5 d5 b4 d4 inside; b3 c3 d3 leaving), each promoting or not.
    let t = variant("promotion");
    let moves = moves_from(&mut pos(&t, INSIDE), "c4");
    assert_eq!((moves.len(), promoting(&moves)), (16, 8), "{moves:?}");
}

#[test]
fn enter_or_capture_in_zone() {
    // Quiet moves inside or out of the zone do not promote; the capture b3 leaving it does.
    let t = variant_with("promotion", "start-or-end", "enter capture-in-zone");
    let moves = moves_from(&mut pos(&t, INSIDE), "c4");
    assert_eq!((moves.len(), promoting(&moves)), (9, 1), "{moves:?}");
    assert!(moves.contains(&"c4b3+".to_string()));
    // Entering without a capture promotes.
    let moves = moves_from(&mut pos(&t, "k4/5/2S2/5/4K w"), "c3");
    assert_eq!(promoting(&moves), 3, "{moves:?}");
}

#[test]
fn enter_only_and_capture_from_zone() {
    let t = variant_with("promotion", "start-or-end", "enter");
    let moves = moves_from(&mut pos(&t, INSIDE), "c4");
    assert_eq!((moves.len(), promoting(&moves)), (8, 0), "{moves:?}");
    let t = variant_with("promotion", "start-or-end", "enter capture-from-zone");
    let moves = moves_from(&mut pos(&t, INSIDE), "c4");
    assert_eq!((moves.len(), promoting(&moves)), (9, 1), "{moves:?}");
    // A capture that ends in the zone from outside promotes only by entering; a capture from
    // outside that stays outside never does. White c2 takes b3 (outside): no promotion.
    let moves = moves_from(&mut pos(&t, "k4/5/1s3/2S2/4K w"), "c2");
    assert_eq!(promoting(&moves), 0, "{moves:?}");
}

#[test]
fn mid_move_entry_promotes_automatically() {
    // The Hook (fmasW) steps c3-c4 and turns to b4 or d4; only c4 is in the zone.
    let kyou = |on: &str| {
        variant_with(
            "promotion",
            "  promotion zone 2\n  promotion on start-or-end\n  promotion optional",
            &format!("  promotion zone c4\n  promotion on {on}\n  promotion automatic"),
        )
    };
    let t = kyou("enter mid-move");
    assert_eq!(
        moves_from(&mut pos(&t, "k4/5/2H2/5/4K w"), "c3"),
        list(&["c3b4+", "c3d4+"])
    );
    let t = kyou("enter");
    assert_eq!(
        moves_from(&mut pos(&t, "k4/5/2H2/5/4K w"), "c3"),
        list(&["c3b4", "c3d4"])
    );
}

/// A Pawn whose double step ends in its promotion zone (White's zone starts on the fourth rank)
/// is another piece once there: it leaves no e.p. square, and the Black Pawn on d4 cannot take
/// it on e3. pyffish 0.0.90 (chess with `promotionRegionWhite = *4 *5 *6 *7 *8`) lists the same
/// three replies.
#[test]
fn a_double_step_that_promotes_leaves_no_en_passant() {
    let t = variant_with(
        "chess",
        "  promotion zone 1",
        "  promotion zone first 5\n  promotion zone second 1",
    );
    let mut p = pos(&t, "7k/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    play(&mut p, &["e2e4=Q"]);
    assert!(p.ep_squares().is_empty());
    assert_eq!(all_moves(&mut p), list(&["d4d3", "h8g7", "h8g8"]));
}
