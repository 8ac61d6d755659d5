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

/// The castlings of the piece on `from` in Chess960 (`castling to g c`), as king-takes-rook text.
fn castles_960(fen: &str, from: &str) -> Vec<String> {
    let t = variant("chess960");
    let mut p = pos(&t, fen);
    let rank = &from[1..];
    moves_from(&mut p, from)
        .into_iter()
        .filter(|m| {
            let to = &m[2..];
            to.ends_with(rank)
                && p.piece_at(t.geo().parse_square(to).expect("square"))
                    .is_some()
        })
        .collect()
}

/// Chess960 castling (`castling to g c`): King and Rook anywhere on the rank, landing on g/c and
/// f/d; each case fails when `castling to` is taken out (the King then castles two squares
/// towards a Rook in the corner only).
#[test]
fn chess960_castling_lands_on_the_usual_squares_from_anywhere() {
    // King b1, Rooks a1 and h1: queenside the King moves right, to c1, the Rook to d1.
    let mut p = pos(&variant("chess960"), "4k3/8/8/8/8/8/8/RK5R w HA - 0 1");
    play(&mut p, &["b1a1"]);
    assert_eq!(placement(&p), "4k3/8/8/8/8/8/8/2KR3R");
    assert_eq!(
        p.to_text().split(' ').nth(2),
        Some("-"),
        "both rights are gone"
    );
    p.unmake();
    assert_eq!(p.to_text(), "4k3/8/8/8/8/8/8/RK5R w HA - 0 1");
    // The King already on g1: castling moves the Rook alone, and is no pass.
    let mut p = pos(&variant("chess960"), "4k3/8/8/8/8/8/8/R5KR w HA - 0 1");
    play(&mut p, &["g1h1"]);
    assert_eq!(placement(&p), "4k3/8/8/8/8/8/8/R4RK1");
    // King f1 and Rook g1 swap squares.
    let mut p = pos(&variant("chess960"), "r3k2r/8/8/8/8/8/8/5KR1 w G - 0 1");
    assert_eq!(
        castles_960("r3k2r/8/8/8/8/8/8/5KR1 w G - 0 1", "f1"),
        list(&["f1g1"])
    );
    play(&mut p, &["f1g1"]);
    assert_eq!(placement(&p), "r3k2r/8/8/8/8/8/8/5RK1");
    p.unmake();
    assert_eq!(placement(&p), "r3k2r/8/8/8/8/8/8/5KR1");
    // Without `castling to` the same position has no castling right to read.
    let plain = variant_with("chess960", "castling to g c", "");
    assert!(koma_runtime::Position::from_text(plain, "4k3/8/8/8/8/8/8/RK5R w HA - 0 1").is_err());
}

#[test]
fn chess960_castling_keeps_its_legality_rules() {
    // A Rook that shields its King's destination from an enemy Rook on a1 cannot castle away
    // (c1b1 would leave c1 attacked); the other side stands.
    assert_eq!(
        castles_960("1r2k3/8/8/8/8/8/8/rRK4R w HB - 0 1", "c1"),
        list(&["c1h1"])
    );
    // d1 attacked (by f3) bars the King's way to g1, not the Rook's landing there.
    assert_eq!(
        castles_960("4k3/8/8/8/8/5b2/8/RK5R w HA - 0 1", "b1"),
        list(&["b1a1"])
    );
    // A piece between the Rook and its destination blocks.
    assert_eq!(
        castles_960("4k3/8/8/8/8/8/8/RK3N1R w HA - 0 1", "b1"),
        list(&["b1a1"])
    );
}

#[test]
fn chess960_position_text_reads_shredder_and_x_fen() {
    let t = variant("chess960");
    for (given, written) in [
        (
            "4k3/8/8/8/8/8/8/RK5R w HA - 0 1",
            "4k3/8/8/8/8/8/8/RK5R w HA - 0 1",
        ),
        (
            "4k3/8/8/8/8/8/8/RK5R w KQ - 0 1",
            "4k3/8/8/8/8/8/8/RK5R w HA - 0 1",
        ),
        // Two Rooks on the kingside: X-FEN's `K` is the outer one, `F` the inner.
        (
            "4k3/8/8/8/8/8/8/1K3R1R w K - 0 1",
            "4k3/8/8/8/8/8/8/1K3R1R w H - 0 1",
        ),
        (
            "4k3/8/8/8/8/8/8/1K3R1R w F - 0 1",
            "4k3/8/8/8/8/8/8/1K3R1R w F - 0 1",
        ),
    ] {
        assert_eq!(pos(&t, given).to_text(), written, "{given}");
    }
}

#[test]
fn chess960_numbered_starts_follow_scharnagl() {
    let t = variant("chess960");
    let back = |n| {
        let p = koma_runtime::Position::start_numbered(t.clone(), n).expect("a numbered start");
        placement(&p)
    };
    assert_eq!(back(518), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
    assert_eq!(back(0), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR");
    assert_eq!(back(959), "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB");
    assert!(koma_runtime::Position::start_numbered(t.clone(), 960).is_none());
    assert_eq!(koma_runtime::Position::start_count(&t), 960);
    let start = koma_runtime::Position::start_numbered(t, 0).expect("array 0");
    assert_eq!(start.to_text().split(' ').nth(2), Some("HFhf"));
}

/// `castling safe royal-only`: a King that is no royal in Fairy-Stockfish's sense (Duck chess,
/// taken rather than mated) castles out of, through and into attack; without the clause it
/// does not.
#[test]
fn castling_through_attack_for_a_king_that_is_not_kept_out_of_check() {
    let fen = "r3k2r/3r4/8/8/1b6/*6n/8/R3K2R w KQkq - 0 20";
    let castles = |t: &std::sync::Arc<koma_runtime::Tables>| {
        let mut p = pos(t, fen);
        let mut v: Vec<String> = moves_from(&mut p, "e1")
            .into_iter()
            .filter_map(|m| m.split(',').next().map(str::to_string))
            .filter(|m| m == "e1c1" || m == "e1g1")
            .collect();
        v.sort();
        v.dedup();
        v
    };
    assert_eq!(castles(&variant("duck")), list(&["e1c1", "e1g1"]));
    let strict = variant_with("duck", "castling safe royal-only", "");
    assert!(castles(&strict).is_empty());
}

/// The result after `moves` from `fen` in the `castling-wins` fixture (Fairy-Stockfish's
/// `castle`: `castlingWins = q`), as winner and reason.
fn castle_outcome(
    fen: &str,
    moves: &[&str],
) -> Option<(
    Option<koma_runtime::spec::Player>,
    koma_runtime::result::Reason,
)> {
    let t = variant("castling-wins");
    let mut p = pos(&t, fen);
    play(&mut p, moves);
    result(&mut p).map(|r| (r.winner, r.reason))
}

#[test]
fn castling_on_the_winning_wing_wins_and_losing_it_loses() {
    // Results from pyffish 0.0.90 on Fairy-Stockfish's `castle` (`castlingWins = q`).
    use koma_runtime::result::Reason::Castling;
    use koma_runtime::spec::Player::{First, Second};
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1";
    assert_eq!(castle_outcome(fen, &[]), None);
    assert_eq!(
        castle_outcome(fen, &["e8c8"]),
        Some((Some(Second), Castling))
    );
    // The other wing's castling, the King's step and the a8 Rook's moves give the wing up.
    for lost in ["e8g8", "e8d8", "a8b8", "a8a1"] {
        assert_eq!(
            castle_outcome(fen, &[lost]),
            Some((Some(First), Castling)),
            "{lost}"
        );
    }
    // The h8 Rook is not needed; White's castling wins nothing.
    assert_eq!(castle_outcome(fen, &["h8g8"]), None);
    let white = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(castle_outcome(white, &["e1c1"]), None);
    // The a8 Rook taken; a position without the right is lost before Black moves.
    assert_eq!(
        castle_outcome(white, &["a1a8"]),
        Some((Some(First), Castling))
    );
    let without = "r3k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1";
    assert_eq!(castle_outcome(without, &[]), Some((Some(First), Castling)));
    let t = variant("castling-wins");
    assert_eq!(pos(&t, without).perft(1), 0);
    assert_eq!(pos(&t, fen).perft(1), 26);
}

#[test]
fn castling_on_a_wing_bars_the_other_players_castling_there() {
    // Fairy-Stockfish's `opposite-castling` (pyffish 0.0.90): chess with `oppositeCastling`.
    let t = variant_with(
        "chess",
        "  win checkmate\n",
        "  win checkmate\n  castling opposite-wings\n",
    );
    let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    for (castle, left, king) in [
        (
            "e1g1",
            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b q",
            ["e8c8", "e8d8", "e8f8"],
        ),
        (
            "e1c1",
            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/2KR3R b k",
            ["e8d8", "e8f8", "e8g8"],
        ),
    ] {
        let mut p = pos(&t, fen);
        play(&mut p, &[castle]);
        assert!(p.to_text().starts_with(left), "{}", p.to_text());
        assert_eq!(moves_from(&mut p, "e8"), list(&king));
    }
    // Black castles on the other wing; neither side can castle any more.
    let mut p = pos(&t, fen);
    play(&mut p, &["e1g1", "e8c8"]);
    assert!(p.to_text().contains(" w - "), "{}", p.to_text());
    // Perft from pyffish's `opposite-castling` (chess: 625 and 15206).
    assert_eq!(pos(&t, fen).perft(2), 623);
    assert_eq!(pos(&t, fen).perft(3), 15121);
}
