//! Gating (`gating`) on the shipped Seirawan chess and S-House, from Fairy-Stockfish's
//! `seirawan` and `shouse`: a piece leaving a first-rank gate for the first time may bring a
//! piece from the hand onto the square it left; a castling may fill the King's or the Rook's
//! square; a gate closes when its piece moves or is taken, not when the King moves; with
//! `only`, a piece in hand is never dropped. Each test compares with the file without gates.

use super::common::*;

#[test]
fn a_piece_leaving_its_gate_may_bring_a_piece_from_the_hand() {
    let t = variant("seirawan");
    let mut p = koma_runtime::Position::start(t.clone()).expect("a setup");
    let from_b1 = moves_from(&mut p, "b1");
    assert_eq!(
        from_b1,
        list(&["b1a3", "b1a3e", "b1a3h", "b1c3", "b1c3e", "b1c3h"])
    );
    // 20 chess moves and two gated twins of each of the four Knight moves; no drops.
    assert_eq!(all_moves(&mut p).len(), 28);
    let before = p.hash();
    play(&mut p, &["g1f3h"]);
    assert_eq!(
        placement(&p),
        "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKBHR[Ehe]"
    );
    assert_eq!(p.hash(), p.compute_hash());
    // The gate g1 is closed: the Hawk there gates nothing when it moves.
    assert!(p.to_text().contains(" KQBCDFkqbcdfg "), "{}", p.to_text());
    p.unmake();
    assert_eq!(p.hash(), before);
    assert_eq!(p, koma_runtime::Position::start(t).expect("a setup"));
    // Without the clause nothing is gated, and a piece in hand is dropped instead.
    let mut p = pos(
        &variant_with("seirawan", "gating a1-h1 only", ""),
        "4k3/8/8/8/8/8/8/1N2K3[H] w - - 0 1",
    );
    assert!(moves_from(&mut p, "b1").iter().all(|m| m.len() == 4));
    assert!(all_moves(&mut p).iter().any(|m| m.starts_with("H@")));
}

#[test]
fn castling_gates_onto_the_kings_or_the_rooks_square() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R[HEhe] w KQBCDFGkqbcdfg - 0 1";
    let mut p = pos(&variant("seirawan"), fen);
    let castles: Vec<String> = all_moves(&mut p)
        .into_iter()
        .filter(|m| {
            ["e1g1", "e1c1", "h1e1", "a1e1"]
                .iter()
                .any(|c| m.starts_with(c))
        })
        .collect();
    assert_eq!(
        castles,
        list(&[
            "a1e1e", "a1e1h", "e1c1", "e1c1e", "e1c1h", "e1g1", "e1g1e", "e1g1h", "h1e1e", "h1e1h"
        ])
    );
    play(&mut p, &["h1e1e"]);
    assert_eq!(placement(&p), "r3k2r/8/8/8/8/8/8/R4RKE[Hhe]");
    assert_eq!(p.hash(), p.compute_hash());
    play(&mut p, &["e8c8h"]);
    assert_eq!(placement(&p), "2krh2r/8/8/8/8/8/8/R4RKE[He]");
}

#[test]
fn a_gated_piece_shields_no_royal() {
    // The Knight d1 is pinned by the Rook a1: it may not move, not even with a Hawk gated onto
    // d1 behind it (Fairy-Stockfish's legality: only the King may move).
    let mut p = pos(&variant("seirawan"), "4k3/8/8/8/8/8/8/r2NK3[Hh] w D - 0 1");
    assert_eq!(all_moves(&mut p), list(&["e1d2", "e1e2", "e1f1", "e1f2"]));
    // Unpinned (no Rook), the Knight gates as usual.
    let mut p = pos(&variant("seirawan"), "4k3/8/8/8/8/8/8/3NK3[Hh] w D - 0 1");
    assert!(moves_from(&mut p, "d1").contains(&"d1c3h".to_string()));
}

#[test]
fn a_gate_closes_when_its_piece_moves_or_is_taken_not_when_the_king_moves() {
    let t = variant("seirawan");
    // The King moved to f1: no castling, but the Rooks' gates a1 and h1 are open.
    let mut p = pos(&t, "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4K1R[Ee] w AHah - 0 1");
    assert!(moves_from(&mut p, "h1").contains(&"h1g1e".to_string()));
    assert!(moves_from(&mut p, "f1").iter().all(|m| m.len() == 4));
    // The Rook a8 leaves its gate and takes the Rook a1 on its gate: both gates close.
    let mut q = pos(&t, "r3k3/8/8/8/8/8/8/R3K3[Ee] b Aa - 0 1");
    play(&mut q, &["a8a1e"]);
    assert_eq!(placement(&q), "e3k3/8/8/8/8/8/8/r3K3[E]");
    assert!(q.to_text().contains(" w - "), "{}", q.to_text());
    assert_eq!(q.hash(), q.compute_hash());
}

#[test]
fn s_house_gates_or_drops_a_captured_piece_but_never_gates_a_pawn_on_the_first_rank() {
    let t = variant("shouse");
    let mut p = pos(
        &t,
        "r3kbnr/pppppppp/8/8/8/8/PPPPPPPP/RN2KBNR[Pn] w KQBFGkqfg - 0 1",
    );
    let moves = all_moves(&mut p);
    assert!(moves.iter().any(|m| m == "P@e4"));
    assert!(!moves.iter().any(|m| m.len() == 5 && m.ends_with('p')));
    let mut p = pos(&t, "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[Nn] w KQkq - 0 1");
    let moves = all_moves(&mut p);
    assert!(moves.contains(&"N@d4".to_string()));
    assert!(moves.contains(&"a1b1n".to_string()));
    assert!(moves.contains(&"e1c1n".to_string()));
    assert!(moves.contains(&"a1e1n".to_string()));
}

#[test]
fn position_text_round_trips_the_gates() {
    let t = variant("shouse");
    let mut p = koma_runtime::Position::start(t.clone()).expect("a setup");
    play(&mut p, &["e2e4", "d7d5", "e4d5", "g8f6", "f1b5h", "c8d7"]);
    let text = p.to_text();
    let again = pos(&t, &text);
    assert_eq!(again.to_text(), text);
    assert_eq!(again.hash(), p.hash());
}
