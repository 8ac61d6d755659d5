//! Freezing: a piece next to an enemy freezer has no move and no pass until the freezer leaves.

use crate::common::*;

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
