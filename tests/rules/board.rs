//! Board shape: Minjiku's brouhaha squares exist until the piece on them leaves; the piece
//! there can be captured, and the capturer keeps the square until it leaves in turn.

use super::common::*;

fn rows(p: &koma_runtime::Position) -> Vec<String> {
    let text = p.to_text();
    let board = text.split(' ').next().unwrap_or_default();
    board.split('/').map(str::to_string).collect()
}

#[test]
fn a_brouhaha_square_vanishes_when_evacuated() {
    let t = variant("minjiku-shogi");
    let mut p = pos(&t, "****k1****/10/10/10/10/10/10/10/10/10/10/****MK**** w");
    assert_eq!(moves_from(&mut p, "f0"), list(&["f0e1", "f0f1", "f0g1"]));
    play(&mut p, &["f0f1"]);
    assert_eq!(rows(&p)[11], "****M*****");
    play(&mut p, &["e11e10"]);
    assert_eq!(rows(&p)[0], "*****1****");
    // The King cannot come back: f0 is gone (e0 still holds the Minister).
    let moves = moves_from(&mut p, "f1");
    assert!(moves.iter().all(|m| !m.ends_with("f0")), "{moves:?}");
    p.unmake();
    p.unmake();
    assert_eq!(rows(&p)[11], "****MK****");
}

#[test]
fn the_piece_on_a_brouhaha_square_can_be_captured() {
    let t = variant("minjiku-shogi");
    let mut p = pos(&t, "****k1****/4r5/10/10/10/10/10/10/10/10/10/****MK**** b");
    play(&mut p, &["e10e0"]);
    assert_eq!(rows(&p)[11], "****rK****");
    assert!(p.in_check());
    play(&mut p, &["f0e0"]);
    // The King took the Rook on e0 and left f0, which vanished.
    assert_eq!(rows(&p)[11], "****K*****");
    play(&mut p, &["e11f10", "e0e1"]);
    assert_eq!(rows(&p)[11], "**********");
}
