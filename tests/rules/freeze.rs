//! Freezing: a piece next to an enemy freezer has no move and no pass until the freezer leaves.

use super::common::*;

/// White Lion c2 next to the Black Tetrarch c3; the White Tetrarch d3 next to it is immune.
const FEN: &str = "k4/5/2tT1/2L2/K4 w";

#[test]
fn a_frozen_piece_has_no_move_and_no_pass() {
    let t = variant("freeze");
    let mut p = pos(&t, FEN);
    assert!(moves_from(&mut p, "c2").is_empty());
    assert!(!all_moves(&mut p).contains(&"pass".to_string()));
    // The immune Tetrarch moves: c3 (a capture), c4 d4 e4 e3 e2 d2.
    assert_eq!(moves_from(&mut p, "d3").len(), 7);
    let t = variant_with("freeze", "  freeze T area king immune T", "");
    let mut p = pos(&t, FEN);
    // Seven steps (d3 is a friend; c3 a capture) and the pass.
    assert_eq!(moves_from(&mut p, "c2").len(), 7);
    assert!(all_moves(&mut p).contains(&"pass".to_string()));
}

#[test]
fn a_piece_thaws_when_the_freezer_leaves() {
    let t = variant("freeze");
    let mut p = pos(&t, "k4/5/2tT1/2L2/K4 b");
    play(&mut p, &["c3c4"]);
    assert_eq!(moves_from(&mut p, "c2").len(), 7);
    assert!(all_moves(&mut p).contains(&"pass".to_string()));
}

#[test]
fn immunity_matters() {
    // Without immunity the White Tetrarch d3 is frozen too.
    let t = variant_with("freeze", " immune T", "");
    let mut p = pos(&t, FEN);
    assert!(moves_from(&mut p, "d3").is_empty());
}

/// Suzumu Shogi as shipped: the White Heavenly Tetrarch h8 freezes the Black Gold g9 but not
/// the Black Tetrarch i9.
#[test]
fn suzumu_heavenly_tetrarch_freezes() {
    let fen = "15k/16/16/16/16/16/16/6g1+[cs]7/7+[CS]8/16/16/16/16/16/16/K15 b";
    let t = variant("suzumu-shogi");
    let mut p = pos(&t, fen);
    assert!(moves_from(&mut p, "g9").is_empty());
    assert!(!moves_from(&mut p, "i9").is_empty());
    let t = variant_with("suzumu-shogi", "  freeze +CS area king immune +CS", "");
    let mut p = pos(&t, fen);
    // Gold (WfF, rotated): g8, f9, h9, g10, f8, and h8 taking the Tetrarch.
    assert_eq!(moves_from(&mut p, "g9").len(), 6);
}

/// The freezing fixture under `win checkmate`.
fn under_checkmate() -> std::sync::Arc<koma_runtime::Tables> {
    variant_with(
        "freeze",
        "  freeze T area king immune T",
        "  freeze T area king immune T\n  win checkmate",
    )
}

/// White King a1 next to a Black Lion b2 that the White Tetrarch c3 freezes.
const FROZEN_CHECKER: &str = "4k/5/2T2/1l3/K4 w";

#[test]
fn a_frozen_piece_gives_no_check() {
    let t = under_checkmate();
    let mut p = pos(&t, FROZEN_CHECKER);
    assert!(!p.in_check());
    assert_eq!(moves_from(&mut p, "a1"), list(&["a1a2", "a1b1", "a1b2"]));
    // Thawed, the Lion checks: the King may only take it.
    let t = variant_with("freeze", "  freeze T area king immune T", "  win checkmate");
    let mut p = pos(&t, FROZEN_CHECKER);
    assert!(p.in_check());
    assert_eq!(moves_from(&mut p, "a1"), list(&["a1b2"]));
}

#[test]
fn a_freezer_may_not_step_away_from_a_checker_it_holds() {
    let t = under_checkmate();
    let mut p = pos(&t, FROZEN_CHECKER);
    // Only where it still touches b2 (or takes the Lion) does the Tetrarch keep it frozen.
    assert_eq!(moves_from(&mut p, "c3"), list(&["c3b2", "c3b3", "c3c2"]));
}
