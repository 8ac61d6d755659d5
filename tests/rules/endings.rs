//! Check counting (`check N wins`), compulsory capture (`captures compulsory`), `no-pieces
//! wins|loses` and a side without a royal, on the shipped Three-check, Antichess and Horde
//! (lichess's rule pages: <https://lichess.org/variant/threeCheck>,
//! <https://lichess.org/variant/antichess>, <https://lichess.org/variant/horde>).

use super::common::*;
use koma_runtime::ByPlayer;
use koma_runtime::result::Reason;
use koma_runtime::spec::Player;

fn outcome(p: &mut koma_runtime::Position) -> Option<(Option<Player>, Reason)> {
    result(p).map(|r| (r.winner, r.reason))
}

/// White has given two checks (Fairy-Stockfish's field: one left to give, Black three); the
/// Bishop takes f7 with the third.
const TWO_CHECKS: &str = "rnbqkbnr/ppp2ppp/3p4/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR w KQkq - 1+3 0 3";

#[test]
fn the_third_check_wins_at_once() {
    let t = variant("three-check");
    let mut p = pos(&t, TWO_CHECKS);
    assert_eq!(p.checks_given(), ByPlayer::new(2, 0));
    play(&mut p, &["c4f7"]);
    assert_eq!(p.checks_given(), ByPlayer::new(3, 0));
    assert_eq!(outcome(&mut p), Some((Some(Player::First), Reason::Checks)));
    assert!(all_moves(&mut p).is_empty(), "the game is over: no reply");
    assert_eq!(p.perft(1), 0);
    // With four checks to give the game goes on: Black has its King's three moves.
    let t = variant_with("three-check", "check 3 wins", "check 4 wins");
    let mut p = pos(&t, &TWO_CHECKS.replace("1+3", "2+4"));
    play(&mut p, &["c4f7"]);
    assert_eq!(outcome(&mut p), None);
    assert_eq!(all_moves(&mut p), list(&["e8d7", "e8e7", "e8f7"]));
}

#[test]
fn the_checks_given_are_position_state() {
    let t = variant("three-check");
    let mut p = pos(&t, "startpos");
    play(&mut p, &["e2e4", "e7e5", "f1c4", "d7d6", "c4f7"]);
    assert_eq!(p.checks_given(), ByPlayer::new(1, 0));
    let text = p.to_text();
    assert!(text.ends_with("checks:1+0"), "{text}");
    // Read back, the position is the same, hash included; the board alone is not.
    let back = pos(&t, &text);
    assert!(back == p, "{text}");
    assert_eq!(back.compute_hash(), p.compute_hash());
    assert_eq!(
        p.hash(),
        p.compute_hash(),
        "the incremental hash counts the check"
    );
    let board_only = pos(&t, text.trim_end_matches(" checks:1+0"));
    assert_ne!(board_only.hash(), p.hash());
    // Unmake gives the check back.
    p.unmake();
    assert_eq!(p.checks_given(), ByPlayer::new(0, 0));
    assert_eq!(p.hash(), p.compute_hash());
    // A variant that does not count checks refuses the field.
    let chess = variant("chess");
    assert!(koma_runtime::Position::from_text(chess, &text).is_err());
}

#[test]
fn fairy_stockfish_writes_the_checks_left() {
    let t = variant("three-check");
    let p = pos(
        &t,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
    );
    assert_eq!(p.checks_given(), ByPlayer::new(0, 0));
    let p = pos(
        &t,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+1 0 1",
    );
    assert_eq!(p.checks_given(), ByPlayer::new(0, 2));
    // More left than the variant gives is an error, not a wrap-around.
    assert!(koma_runtime::Position::from_text(t, "8/8/8/8/8/8/8/K6k w - - 4+3 0 1").is_err());
}

#[test]
fn antichess_captures_are_compulsory() {
    let fen = "8/8/8/3p4/4P3/8/8/R7 w - - 0 1";
    let t = variant("antichess");
    assert_eq!(all_moves(&mut pos(&t, fen)), list(&["e4d5"]));
    let t = variant_with("antichess", "  captures compulsory\n", "");
    assert_eq!(all_moves(&mut pos(&t, fen)).len(), 16);
}

#[test]
fn antichess_kings_are_taken_and_pawns_become_kings() {
    let t = variant("antichess");
    // The Pawn must take the King, and may become a King doing it.
    let mut p = pos(&t, "4k3/3P4/8/8/8/8/8/R7 w - - 0 1");
    assert_eq!(
        all_moves(&mut p),
        list(&["d7e8=B", "d7e8=K", "d7e8=N", "d7e8=Q", "d7e8=R"])
    );
    play(&mut p, &["d7e8=K"]);
    assert_eq!(
        outcome(&mut p),
        Some((Some(Player::Second), Reason::NoPieces))
    );
}

#[test]
fn losing_every_piece_wins_antichess() {
    let t = variant("antichess");
    let mut p = pos(&t, "8/8/8/8/8/8/p7/1N6 b - - 0 1");
    play(&mut p, &["a2b1=Q"]);
    assert_eq!(
        outcome(&mut p),
        Some((Some(Player::First), Reason::NoPieces))
    );
    assert_eq!(p.perft(1), 0);
    // Without the clause White, with no move, wins only by the stalemate rule.
    let t = variant_with("antichess", "  no-pieces wins\n", "");
    let mut p = pos(&t, "8/8/8/8/8/8/p7/1N6 b - - 0 1");
    play(&mut p, &["a2b1=Q"]);
    assert_eq!(
        outcome(&mut p),
        Some((Some(Player::First), Reason::Stalemate))
    );
}

#[test]
fn an_antichess_side_without_moves_wins() {
    let fen = "8/8/8/8/8/1p6/1P6/8 w - - 0 1";
    let t = variant("antichess");
    assert_eq!(
        outcome(&mut pos(&t, fen)),
        Some((Some(Player::First), Reason::Stalemate))
    );
    let t = variant_with("antichess", "stalemate wins", "stalemate draws");
    assert_eq!(outcome(&mut pos(&t, fen)), Some((None, Reason::Stalemate)));
}

#[test]
fn horde_white_loses_with_its_last_piece() {
    let t = variant("horde");
    let mut p = pos(&t, "4k3/8/8/8/8/8/4q3/4P3 b - - 0 1");
    play(&mut p, &["e2e1"]);
    assert_eq!(
        outcome(&mut p),
        Some((Some(Player::Second), Reason::NoPieces))
    );
    assert_eq!(p.perft(1), 0);
    // With a piece left, White plays on.
    let mut p = pos(&t, "4k3/8/8/8/8/8/4q3/4PP2 b - - 0 1");
    play(&mut p, &["e2e1"]);
    assert_eq!(outcome(&mut p), None);
    assert_eq!(all_moves(&mut p), list(&["f1f2", "f1f3"]));
}

#[test]
fn horde_white_has_no_royal_and_black_is_mated() {
    let t = variant("horde");
    // White has no King: it is never in check and loses no royal; a lone Pawn moves on.
    let mut p = pos(&t, "4k3/8/8/8/8/8/8/4P3 w - - 0 1");
    assert_eq!(outcome(&mut p), None);
    // From the first rank a Pawn steps once or twice; the double step leaves no e.p. square.
    assert_eq!(all_moves(&mut p), list(&["e1e2", "e1e3"]));
    play(&mut p, &["e1e3"]);
    assert!(p.to_text().contains(" - 0 1"), "{}", p.to_text());
    // From the second rank it does.
    let mut p = pos(&t, "4k3/8/8/8/8/8/4P3/8 w - - 0 1");
    play(&mut p, &["e2e4"]);
    assert!(p.to_text().contains(" e3 "), "{}", p.to_text());
    // White still wins by checkmate.
    let mut p = pos(&t, "k7/8/PQ6/8/8/8/8/8 w - - 0 1");
    play(&mut p, &["b6b7"]);
    assert_eq!(
        outcome(&mut p),
        Some((Some(Player::First), Reason::Checkmate))
    );
}
