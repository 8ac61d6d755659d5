//! Game results: royals lost, stalemate as the variant scores it, n-fold repetition, perpetual
//! check, the move-count rule with its reset events, bare royals.

use super::common::*;
use koma_runtime::result::Reason;
use koma_runtime::spec::Player;

fn outcome(p: &mut koma_runtime::Position) -> Option<(Option<Player>, Reason)> {
    result(p).map(|r| (r.winner, r.reason))
}

const NO_MOVE_LIMIT: &str = "  draw moves 2 reset capture\n";

#[test]
fn capturing_the_last_royal_wins() {
    let t = variant("results");
    let mut p = pos(&t, "4k/5/5/5/K3R w");
    play(&mut p, &["e1e5"]);
    assert_eq!(
        outcome(&mut p),
        Some((Some(Player::First), Reason::RoyalsLost))
    );
}

#[test]
fn threefold_repetition_draws() {
    let t = variant_with("results", NO_MOVE_LIMIT, "");
    let mut p = pos(&t, "4k/5/5/5/K2R1 w");
    play(&mut p, &["a1a2", "e5e4", "a2a1", "e4e5"]);
    assert_eq!(outcome(&mut p), None, "second occurrence");
    play(&mut p, &["a1a2", "e5e4", "a2a1", "e4e5"]);
    assert_eq!(outcome(&mut p), Some((None, Reason::Repetition)));
    // Four-fold: the third occurrence is not the end yet.
    let t = variant_edited(
        "results",
        &[
            (NO_MOVE_LIMIT, ""),
            ("draw repetition 3", "draw repetition 4"),
        ],
    );
    let mut p = pos(&t, "4k/5/5/5/K2R1 w");
    play(
        &mut p,
        &[
            "a1a2", "e5e4", "a2a1", "e4e5", "a1a2", "e5e4", "a2a1", "e4e5",
        ],
    );
    assert_eq!(outcome(&mut p), None);
}

#[test]
fn perpetual_check_loses() {
    let fen = "3k1/5/5/4R/K4 w";
    let line = ["e2d2", "d5e5", "d2e2", "e5d5"];
    let t = variant_with("results", NO_MOVE_LIMIT, "");
    let mut p = pos(&t, fen);
    play(&mut p, &line);
    play(&mut p, &line);
    assert_eq!(
        outcome(&mut p),
        Some((Some(Player::Second), Reason::PerpetualCheck))
    );
    let t = variant_edited(
        "results",
        &[(NO_MOVE_LIMIT, ""), ("  perpetual-check loses\n", "")],
    );
    let mut p = pos(&t, fen);
    play(&mut p, &line);
    play(&mut p, &line);
    assert_eq!(outcome(&mut p), Some((None, Reason::Repetition)));
}

#[test]
fn the_move_count_rule_and_its_reset_events() {
    let t = variant("results");
    let mut p = pos(&t, "4k/5/5/5/K2R1 w");
    play(&mut p, &["a1a2", "e5e4", "a2a1"]);
    assert_eq!(outcome(&mut p), None);
    play(&mut p, &["e4e5"]);
    assert_eq!(outcome(&mut p), Some((None, Reason::MoveLimit)));
    // A capture resets the count; a promotion does not unless the clause says so.
    let mut p = pos(&t, "4k/5/5/3r1/K2R1 w");
    play(&mut p, &["a1a2", "e5e4"]);
    assert_eq!(p.halfmove_clock(), 2);
    play(&mut p, &["d1d2"]);
    assert_eq!(p.halfmove_clock(), 0);
    let mut p = pos(&t, "4k/5/5/5/K2R1 w");
    play(&mut p, &["d1d5+"]);
    assert_eq!(p.halfmove_clock(), 1);
    let t = variant_with("results", "reset capture", "reset capture promotion");
    let mut p = pos(&t, "4k/5/5/5/K2R1 w");
    play(&mut p, &["d1d5+"]);
    assert_eq!(p.halfmove_clock(), 0);
}

#[test]
fn bare_royals_draw() {
    let t = variant("results");
    assert_eq!(
        outcome(&mut pos(&t, "4k/5/5/5/K4 w")),
        Some((None, Reason::BareRoyals))
    );
    let t = variant_with("results", "  draw bare-royal\n", "");
    assert_eq!(outcome(&mut pos(&t, "4k/5/5/5/K4 w")), None);
}

#[test]
fn stalemate_is_scored_by_the_variant() {
    // White King a1 has no move and is not in check (Black Queen c2).
    let fen = "5k/6/6/6/2q3/K5 w";
    let t = variant("burn-check");
    assert_eq!(outcome(&mut pos(&t, fen)), Some((None, Reason::Stalemate)));
    let t = variant_with(
        "burn-check",
        "  win checkmate\n",
        "  win checkmate\n  stalemate loses\n",
    );
    assert_eq!(
        outcome(&mut pos(&t, fen)),
        Some((Some(Player::Second), Reason::Stalemate))
    );
    let t = variant_with(
        "burn-check",
        "  win checkmate\n",
        "  win checkmate\n  stalemate wins\n",
    );
    assert_eq!(
        outcome(&mut pos(&t, fen)),
        Some((Some(Player::First), Reason::Stalemate))
    );
}

#[test]
fn extinction_needs_king_and_prince() {
    let t = variant("results");
    let mut p = pos(&t, "r3k/5/5/5/K1[CP]2 b");
    play(&mut p, &["a5a1"]);
    assert_eq!(outcome(&mut p), None, "the Prince is left");
    play(&mut p, &["c1b1", "a1b1"]);
    assert_eq!(
        outcome(&mut p),
        Some((Some(Player::Second), Reason::RoyalsLost))
    );
}

#[test]
fn koma_moves_prints_the_result() {
    let file = root().join("tests/fixtures/rules/results.koma");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_koma"))
        .args([
            "moves",
            &file.display().to_string(),
            "--fen",
            "4k/5/5/5/K4 w",
        ])
        .output()
        .expect("koma runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(
        text.lines().any(|l| l == "result 1/2-1/2 (bareroyals)"),
        "{text}"
    );
}

#[test]
fn a_bare_royal_loses_unless_it_bares_back() {
    let t = variant("shatranj");
    // Black's King is bare and cannot reach the Rook: Black loses, whoever is to move.
    let lone = "4k3/8/8/8/8/8/8/R3K3";
    let first_wins = Some((Some(Player::First), Reason::BareRoyals));
    assert_eq!(
        outcome(&mut pos(&t, &format!("{lone} b - - 0 1"))),
        first_wins
    );
    assert_eq!(
        outcome(&mut pos(&t, &format!("{lone} w - - 0 1"))),
        first_wins
    );
    // Here Black can take the last Rook at once: the game goes on, and after it both are bare.
    let mut p = pos(&t, "8/8/8/8/8/8/1k6/R3K3 b - - 0 1");
    assert_eq!(outcome(&mut p), None);
    play(&mut p, &["b2a1"]);
    assert_eq!(outcome(&mut p), Some((None, Reason::BareRoyals)));
    // Without the clause a bare King plays on.
    let t = variant_with("shatranj", "  bare-royal loses\n", "");
    assert_eq!(outcome(&mut pos(&t, &format!("{lone} b - - 0 1"))), None);
}

/// After a move that lost the mover's last royal: the other side has won, and the game is
/// over everywhere: no pseudo-legal or legal move, a bulk count of 0, perft 0 below it.
fn assert_mover_lost(p: &mut koma_runtime::Position, winner: Player) {
    let text = p.to_text();
    let won = Some((Some(winner), Reason::RoyalsLost));
    assert_eq!(outcome(p), won, "{text}");
    assert_eq!(p.decided().map(|r| (r.winner, r.reason)), won, "{text}");
    assert_eq!(all_moves(p), Vec::<String>::new(), "{text}");
    let mut list = koma_runtime::MoveList::new();
    p.pseudo_legal_moves(&mut list);
    assert!(list.is_empty(), "pseudo-legal moves in {text}");
    assert_eq!(p.count_legal(&mut list), 0, "counted moves in {text}");
    assert_eq!((p.perft(1), p.perft(2)), (0, 0), "perft in {text}");
}

/// The perft(2) of each first move, by its text.
fn divide2(p: &mut koma_runtime::Position) -> Vec<(String, u64)> {
    let divide = p.divide(2);
    let mut v: Vec<(String, u64)> = divide.iter().map(|(m, n)| (p.move_text(m), *n)).collect();
    v.sort();
    v
}

#[test]
fn a_king_that_burns_itself_ends_the_game() {
    // Kyou Shogi: the King steps next to the enemy Fire Demon, which burns it (passively).
    let t = variant("kyou-shogi");
    let fen = "11k/12/12/12/12/12/12/12/12/2[fd]9/12/2K9 w - - 0 1";
    let burned = ["c1b2!b2", "c1c2!c2", "c1d2!d2"];
    for m in burned {
        let mut p = pos(&t, fen);
        play(&mut p, &[m]);
        assert_mover_lost(&mut p, Player::Second);
    }
    // Perft stops below each: Black's 21 replies count only after the two safe steps.
    let mut p = pos(&t, fen);
    let counts = divide2(&mut p);
    for (m, n) in &counts {
        assert_eq!(*n == 0, burned.contains(&m.as_str()), "{m}: {n}");
    }
    assert_eq!(p.perft(2), 42);
    assert_eq!(p.perft_threads(3, 2), p.perft(3));
    // Ember Shogi (examples/): the same with the Demon's `burn ... passive`.
    let t = variant("ember");
    let fen = "4k4/9/9/9/9/9/4[fd]4/9/4K4 w - - 0 1";
    for m in ["e1d2!d2", "e1e2!e2", "e1f2!f2"] {
        let mut p = pos(&t, fen);
        play(&mut p, &[m]);
        assert_mover_lost(&mut p, Player::Second);
    }
    assert_eq!(pos(&t, fen).perft(2), 2 * 26);
}

#[test]
fn promoting_the_last_royal_away_ends_the_game() {
    // Kinglet (fixture): the Pawns are royal and promote to a King that is not.
    let t = variant("kinglet");
    let fen = "4k3/6P1/8/8/8/8/p7/4K3 w - - 0 1";
    let mut p = pos(&t, fen);
    play(&mut p, &["g7g8=K"]);
    assert_mover_lost(&mut p, Player::Second);
    // Black's last Pawn promoting loses for Black the same way.
    let mut p = pos(&t, fen);
    play(&mut p, &["e1d1", "a2a1=K"]);
    assert_mover_lost(&mut p, Player::First);
    // Fairy-Stockfish's `kinglet` perft(2): 30 (5 King moves, 6 replies each; none after the
    // promotion).
    let mut p = pos(&t, fen);
    assert_eq!(
        divide2(&mut p)
            .iter()
            .find(|(m, _)| m == "g7g8=K")
            .map(|x| x.1),
        Some(0)
    );
    assert_eq!(p.perft(2), 30);
}

#[test]
fn koma_moves_lists_no_move_after_the_royal_is_lost() {
    // Kyou after `c1c2!c2`: White's King burned itself.
    let file = root().join("variants/kyou-shogi.koma");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_koma"))
        .arg("moves")
        .arg(&file)
        .args([
            "--fen",
            "11k/12/12/12/12/12/12/12/12/2[fd]9/12/12 b - - 1 1",
        ])
        .output()
        .expect("koma runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(lines, ["result 0-1 (royalslost)"], "{text}");
}
