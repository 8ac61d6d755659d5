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

/// Castling with a partner inside the board edge and with a partner that is no Rook (issue 27,
/// point 5), on Omega Chess with its usual square names: `castling with R` finds the Rooks on
/// b0 and i0 inside the Champions; `castling with C` the Champions in the corners instead.
#[test]
fn castling_partners_inside_the_edge_and_other_than_rooks() {
    let two_steps = |t: &std::sync::Arc<koma_runtime::Tables>, fen: &str| {
        let mut p = pos(t, fen);
        let mut m: Vec<String> = moves_from(&mut p, "f0")
            .into_iter()
            .filter(|m| m.starts_with("f0d0") || m.starts_with("f0h0"))
            .collect();
        m.sort();
        m
    };
    let rooks = "1**********1/*5k4*/*10*/*10*/*10*/*10*/*10*/*10*/*10*/*10*/*1R3K2R1*/1**********1 w KQ - 0 1";
    let champions = "1**********1/*5k4*/*10*/*10*/*10*/*10*/*10*/*10*/*10*/*10*/*C4K3C*/1**********1 w KQ - 0 1";
    let with_rooks = variant("omega");
    assert_eq!(two_steps(&with_rooks, rooks), list(&["f0d0", "f0h0"]));
    let with_champions = variant_with("omega", "castling with R", "castling with C");
    assert_eq!(
        two_steps(&with_champions, champions),
        list(&["f0d0", "f0h0"])
    );
    // The other pieces are no partners: a castling right without one is refused.
    for (t, fen) in [(&with_rooks, champions), (&with_champions, rooks)] {
        let refused = koma_runtime::Position::from_text(t.clone(), fen).err();
        assert!(
            refused.is_some_and(|e| e.to_string().contains("no king and partner")),
            "{fen}"
        );
    }
}
