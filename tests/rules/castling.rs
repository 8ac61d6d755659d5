//! Castling against a multi-leg attacker: a cannon (`mRcpR`) attacks the square the king
//! crosses only through a screen, and the castling test must see it with the king placed there.

use super::common::*;

const CASTLES: [&str; 2] = ["e1c1", "e1g1"];

fn castles(fen: &str) -> Vec<String> {
    let t = variant("cannon-castling");
    let mut p = pos(&t, fen);
    moves_from(&mut p, "e1")
        .into_iter()
        .filter(|m| CASTLES.iter().any(|c| m.starts_with(c)))
        .collect()
}

#[test]
fn a_cannon_with_a_screen_stops_castling_through_its_file() {
    // The cannon on f8 hops the pawn on f4 and would take a king on f1.
    assert_eq!(
        castles("4kc2/8/8/8/5P2/8/8/R3K2R w KQ - 0 1"),
        list(&["e1c1"])
    );
    // With its own piece as the screen the same.
    assert_eq!(
        castles("4kc2/8/8/8/5p2/8/8/R3K2R w KQ - 0 1"),
        list(&["e1c1"])
    );
    // Without a screen the cannon only moves along the file: both castlings stand.
    assert_eq!(
        castles("4kc2/8/8/8/8/8/8/R3K2R w KQ - 0 1"),
        list(&["e1c1", "e1g1"])
    );
    // Two screens: the first piece past the first screen is the second one, not f1.
    assert_eq!(
        castles("4kc2/8/8/5p2/5P2/8/8/R3K2R w KQ - 0 1"),
        list(&["e1c1", "e1g1"])
    );
}
