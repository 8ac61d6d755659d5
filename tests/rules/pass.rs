//! Passing: forbidden, only some pieces, not right after the opponent passed, and the player
//! who passed first must deviate from a repetition.

use super::common::*;

/// White Lion a1 and King e1, Black Lion a5 and King e5.
const FEN: &str = "l3k/5/5/5/L3K w";
const PASS: &str = "pass";

fn can_pass(p: &mut koma_runtime::Position) -> bool {
    all_moves(p).contains(&PASS.to_string())
}

#[test]
fn not_after_pass() {
    let t = variant("pass");
    let mut p = pos(&t, FEN);
    assert!(can_pass(&mut p));
    play(&mut p, &[PASS]);
    assert!(!can_pass(&mut p));
    play(&mut p, &["a5a4"]);
    assert!(can_pass(&mut p));
    let t = variant_with("pass", "  pass not-after-pass", "");
    let mut p = pos(&t, FEN);
    play(&mut p, &[PASS]);
    assert!(can_pass(&mut p));
}

#[test]
fn forbidden_and_only() {
    let t = variant_with("pass", "pass not-after-pass", "pass forbidden");
    assert!(!can_pass(&mut pos(&t, FEN)));
    let t = variant_with("pass", "pass not-after-pass", "pass only N");
    assert!(!can_pass(&mut pos(&t, FEN)));
    // The Knight (NmabW) passes by stepping out and back; a pass is one move whoever makes it.
    let mut p = pos(&t, "l3k/5/5/5/L1N1K w");
    let moves = all_moves(&mut p);
    assert_eq!(moves.iter().filter(|m| *m == PASS).count(), 1);
}

#[test]
fn the_first_passer_must_deviate() {
    let t = variant_with("pass", "pass not-after-pass", "pass first-passer-deviates");
    let mut p = pos(&t, FEN);
    play(&mut p, &[PASS]);
    // Black may answer a pass with a pass (it recreates the start, but White passed first).
    assert!(can_pass(&mut p));
    play(&mut p, &[PASS]);
    // White passing again would go on with the repetition White started.
    assert!(!can_pass(&mut p));
    assert!(all_moves(&mut p).contains(&"a1a2".to_string()));
    let t = variant_with("pass", "pass not-after-pass", "");
    let mut p = pos(&t, FEN);
    play(&mut p, &[PASS, PASS]);
    assert!(can_pass(&mut p));
}

#[test]
fn a_stuck_side_passes_when_stuck() {
    let clause = "  pass when-stuck\n  draw repetition 3\n";
    let t = variant_with("antichess", "  draw repetition 3\n", clause);
    let fen = "8/8/8/8/8/p7/P7/8 w - - 0 1";
    let mut p = pos(&t, fen);
    assert_eq!(all_moves(&mut p), vec![PASS.to_string()]);
    assert!(result(&mut p).is_none());
    assert_eq!(p.perft(2), 1, "Black, as blocked, passes too");
    // A side with a move does not pass.
    let mut free = pos(&t, "8/8/8/8/8/8/P7/7p w - - 0 1");
    assert!(!can_pass(&mut free));
    // Without the clause White is stalemated, and wins.
    let mut stuck = pos(&variant("antichess"), fen);
    assert!(all_moves(&mut stuck).is_empty());
    assert!(result(&mut stuck).is_some());
}
