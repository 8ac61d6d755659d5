//! Goal squares (`goal`, with `reply-draws`) and `check forbidden`, on the shipped King of the
//! Hill and Racing Kings (lichess's rule pages: <https://lichess.org/variant/kingOfTheHill>,
//! <https://lichess.org/variant/racingKings>).

use super::common::*;
use koma_runtime::result::Reason;
use koma_runtime::spec::Player;

const HILL: &str = "  goal K d4 e4 d5 e5\n";

fn outcome(p: &mut koma_runtime::Position) -> Option<(Option<Player>, Reason)> {
    result(p).map(|r| (r.winner, r.reason))
}

#[test]
fn a_king_on_the_hill_wins_at_once() {
    let t = variant("king-of-the-hill");
    let mut p = pos(&t, "k7/8/8/8/8/4K3/8/8 w - - 0 1");
    play(&mut p, &["e3d4"]);
    assert_eq!(outcome(&mut p), Some((Some(Player::First), Reason::Goal)));
    assert!(all_moves(&mut p).is_empty(), "the game is over: no reply");
    assert_eq!(p.perft(1), 0);
    // Without the clause the game goes on.
    let t = variant_with("king-of-the-hill", HILL, "");
    let mut p = pos(&t, "k7/8/8/8/8/4K3/8/8 w - - 0 1");
    play(&mut p, &["e3d4"]);
    assert_eq!(outcome(&mut p), None);
}

#[test]
fn the_second_players_goal_is_the_rotated_squares() {
    let t = variant("king-of-the-hill");
    let mut p = pos(&t, "8/8/3k4/8/8/8/8/K7 b - - 0 1");
    play(&mut p, &["d6e5"]);
    assert_eq!(outcome(&mut p), Some((Some(Player::Second), Reason::Goal)));
}

#[test]
fn a_king_may_not_climb_the_hill_into_check() {
    let t = variant("king-of-the-hill");
    // The Rook on a4 guards d4 and e4.
    let mut p = pos(&t, "k7/8/8/8/r7/4K3/8/8 w - - 0 1");
    let moves = moves_from(&mut p, "e3");
    assert!(!moves.contains(&"e3e4".to_string()) && !moves.contains(&"e3d4".to_string()));
    assert_eq!(moves, list(&["e3d2", "e3d3", "e3e2", "e3f2", "e3f3"]));
}

#[test]
fn racing_kings_forbids_every_check() {
    let t = variant("racing-kings");
    // Rg1-g2 would check the King on a2 along the second rank.
    let fen = "8/8/8/8/8/8/k7/6RK w - - 0 1";
    let mut p = pos(&t, fen);
    let moves = moves_from(&mut p, "g1");
    assert!(!moves.contains(&"g1g2".to_string()), "{moves:?}");
    assert!(!moves.contains(&"g1a1".to_string()), "{moves:?}");
    assert!(moves.contains(&"g1f1".to_string()));
    let t = variant_with("racing-kings", "  check forbidden\n", "");
    let mut p = pos(&t, fen);
    let moves = moves_from(&mut p, "g1");
    assert!(moves.contains(&"g1g2".to_string()) && moves.contains(&"g1a1".to_string()));
}

#[test]
fn black_may_answer_white_reaching_the_last_rank() {
    let t = variant("racing-kings");
    let fen = "8/1k4K1/8/8/8/8/8/8 w - - 0 1";
    // Black can reach the eighth rank too: the game goes on, with all of Black's moves.
    let mut p = pos(&t, fen);
    play(&mut p, &["g7g8"]);
    assert_eq!(outcome(&mut p), None);
    assert_eq!(all_moves(&mut p).len(), 8);
    // Reaching it as well draws.
    let mut drawn = p.clone();
    play(&mut drawn, &["b7b8"]);
    assert_eq!(outcome(&mut drawn), Some((None, Reason::Goal)));
    assert!(all_moves(&mut drawn).is_empty());
    // Any other answer loses.
    play(&mut p, &["b7a6"]);
    assert_eq!(outcome(&mut p), Some((Some(Player::First), Reason::Goal)));
    // Without `reply-draws`, White wins at once.
    let t = variant_with(
        "racing-kings",
        "goal first K a8-h8 reply-draws",
        "goal first K a8-h8",
    );
    let mut p = pos(&t, fen);
    play(&mut p, &["g7g8"]);
    assert_eq!(outcome(&mut p), Some((Some(Player::First), Reason::Goal)));
}

#[test]
fn white_wins_at_once_when_black_cannot_answer() {
    let t = variant("racing-kings");
    let mut p = pos(&t, "8/6K1/1k6/8/8/8/8/8 w - - 0 1");
    play(&mut p, &["g7g8"]);
    assert_eq!(outcome(&mut p), Some((Some(Player::First), Reason::Goal)));
    assert_eq!(p.perft(1), 0);
}

#[test]
fn black_reaching_first_wins_at_once() {
    let t = variant("racing-kings");
    let mut p = pos(&t, "8/1k6/6K1/8/8/8/8/8 b - - 0 1");
    play(&mut p, &["b7b8"]);
    assert_eq!(outcome(&mut p), Some((Some(Player::Second), Reason::Goal)));
    assert!(all_moves(&mut p).is_empty(), "White gets no answer");
}

fn goal_outcome(
    name: &str,
    from: &str,
    to: &str,
    fen: &str,
    moves: &[&str],
) -> Option<(Option<Player>, Reason)> {
    let t = if from.is_empty() {
        variant(name)
    } else {
        variant_with(name, from, to)
    };
    let mut p = pos(&t, fen);
    play(&mut p, moves);
    outcome(&mut p)
}

#[test]
fn a_counted_goal_needs_all_its_pieces() {
    let won = Some((Some(Player::First), Reason::Goal));
    let fen = "6N1/8/6N1/8/8/8/8/k6K w - - 0 1";
    assert_eq!(goal_outcome("goal-count", "", "", fen, &["g6h8"]), won);
    // One Knight on the goal is not enough ...
    assert_eq!(goal_outcome("goal-count", "", "", fen, &["g6e5"]), None);
    // ... but it is without the count, or once every goal square is filled.
    assert_eq!(
        goal_outcome("goal-count", " count 2", "", fen, &["g6e5"]),
        won
    );
    let filled = "6Nn/8/6N1/8/8/8/8/k6K w - - 0 1";
    assert_eq!(goal_outcome("goal-count", "", "", filled, &["g6e5"]), None);
    let or_filled = ("goal-count", " count 2", " count 2 or-filled");
    assert_eq!(
        goal_outcome(or_filled.0, or_filled.1, or_filled.2, filled, &["g6e5"]),
        won
    );
    // The second player's goal is the rotation.
    let second = "k7/8/8/8/8/1n6/8/1n5K b - - 0 1";
    assert_eq!(
        goal_outcome("goal-count", "", "", second, &["b3a1"]),
        Some((Some(Player::Second), Reason::Goal))
    );
}

#[test]
fn a_safe_goal_waits_while_attacked() {
    let won = Some((Some(Player::First), Reason::Goal));
    let fen = "8/8/1n5k/8/8/8/R7/K7 w - - 0 1";
    // The Knight on b6 attacks a8: the game goes on.
    assert_eq!(goal_outcome("goal-safe", "", "", fen, &["a2a8"]), None);
    // Still attacked on White's next turn: it goes on; no longer attacked: White wins.
    assert_eq!(
        goal_outcome("goal-safe", "", "", fen, &["a2a8", "h6h5"]),
        None
    );
    assert_eq!(
        goal_outcome("goal-safe", "", "", fen, &["a2a8", "b6d5"]),
        won
    );
    assert_eq!(
        goal_outcome("goal-safe", "", "", fen, &["a2a8", "b6a8"]),
        None
    );
    // Unattacked on arrival, it wins at once; without `safe` any arrival does.
    assert_eq!(
        goal_outcome(
            "goal-safe",
            "",
            "",
            "8/8/7k/8/8/8/R7/K7 w - - 0 1",
            &["a2a8"]
        ),
        won
    );
    assert_eq!(
        goal_outcome("goal-safe", "a8-h8 safe", "a8-h8", fen, &["a2a8"]),
        won
    );
}

#[test]
fn a_held_goal_wins_once_it_survives_a_move() {
    // Results from Fairy-Stockfish's Jeson Mor (pyffish 0.0.90, `flagMove` with Knights).
    let won = |p| Some((Some(p), Reason::Goal));
    let fen = "n7n/9/9/9/9/2N6/9/9/4N4 w - - 0 1";
    // The arrival does not end the game: Black has its 4 moves ...
    let t = variant("goal-hold");
    let mut p = pos(&t, fen);
    play(&mut p, &["c4e5"]);
    assert_eq!(outcome(&mut p), None);
    assert_eq!(p.perft(1), 4);
    // ... and the Knight still on e5 when White's turn comes wins.
    assert_eq!(
        goal_outcome("goal-hold", "", "", fen, &["c4e5", "a9b7"]),
        won(Player::First)
    );
    // Without `hold` the arrival wins at once.
    let plain = goal_outcome("goal-hold", " hold", "", fen, &["c4e5"]);
    assert_eq!(plain, won(Player::First));
    // Taken on e5, the taker holds the goal in turn: it wins unless White takes back.
    let fen = "n7n/9/3n5/9/9/2N6/5N3/9/9 w - - 0 1";
    let taken = ["c4e5", "d7e5"];
    assert_eq!(goal_outcome("goal-hold", "", "", fen, &taken), None);
    let on = [&taken[..], &["f3g5"]].concat();
    assert_eq!(
        goal_outcome("goal-hold", "", "", fen, &on),
        won(Player::Second)
    );
    let back = [&taken[..], &["f3e5"]].concat();
    assert_eq!(goal_outcome("goal-hold", "", "", fen, &back), None);
}

#[test]
fn a_safe_held_goal_wins_at_once_or_after_a_move_attacked_or_not() {
    // Fairy-Stockfish's `flagPieceSafe` with `flagMove` (Alapo), pyffish 0.0.90 on this
    // fixture's rules: an attacked arrival wins on the next turn even if still attacked.
    let won = Some((Some(Player::First), Reason::Goal));
    let hold = |fen, moves: &[&str]| goal_outcome("goal-safe", " safe", " safe hold", fen, moves);
    let fen = "8/8/1n5k/8/8/8/R7/K7 w - - 0 1";
    assert_eq!(hold(fen, &["a2a8"]), None);
    assert_eq!(hold(fen, &["a2a8", "h6h5"]), won);
    assert_eq!(hold(fen, &["a2a8", "b6d5"]), won);
    assert_eq!(hold(fen, &["a2a8", "b6a8"]), None);
    assert_eq!(hold("8/8/7k/8/8/8/R7/K7 w - - 0 1", &["a2a8"]), won);
}

#[test]
fn three_stones_in_a_row_win_along_every_line() {
    let won = Some((Some(Player::First), Reason::Goal));
    // a rank, a file, each diagonal.
    for (fen, drop) in [
        ("PP1/pp1/3[PPPppp] w - - 0 1", "P@c3"),
        ("Pp1/Pp1/3[PPPppp] w - - 0 1", "P@a1"),
        ("P1p/1Pp/3[PPPppp] w - - 0 1", "P@c1"),
        ("p1P/pP1/3[PPPppp] w - - 0 1", "P@a1"),
    ] {
        let t = variant("rows");
        let mut p = pos(&t, fen);
        play(&mut p, &[drop]);
        assert_eq!(outcome(&mut p), won, "{fen} {drop}");
        assert!(all_moves(&mut p).is_empty(), "{fen}: the game is over");
        assert_eq!(p.perft(1), 0);
    }
}

#[test]
fn a_row_needs_the_lines_named_and_the_goal_pieces() {
    let diagonal = "P1p/1Pp/3[PPPppp] w - - 0 1";
    // Without diagonals the diagonal row is no goal.
    let t = variant_with("rows", "goal P row 3", "goal P row 3 ranks files");
    let mut p = pos(&t, diagonal);
    play(&mut p, &["P@c1"]);
    assert_eq!(outcome(&mut p), None);
    // A Knight in the line breaks it.
    let t = variant("rows");
    let mut p = pos(&t, "PN1/pp1/3[PPPppp] w - - 0 1");
    play(&mut p, &["P@c3"]);
    assert_eq!(outcome(&mut p), None);
    // The second player's row wins for it; two in a row are not three.
    let mut p = pos(&t, "pp1/PP1/3[PPPppp] b - - 0 1");
    play(&mut p, &["P@c3"]);
    assert_eq!(outcome(&mut p), Some((Some(Player::Second), Reason::Goal)));
    let mut p = pos(&t, "p2/PP1/3[PPPppp] b - - 0 1");
    play(&mut p, &["P@b3"]);
    assert_eq!(outcome(&mut p), None);
}

#[test]
fn a_full_board_without_a_row_is_stalemate() {
    let t = variant("rows");
    let mut p = pos(&t, "PpP/PpP/p1p[P] w - - 0 1");
    play(&mut p, &["P@b1"]);
    let r = result(&mut p).expect("decided");
    assert_eq!((r.winner, r.reason), (None, Reason::Stalemate));
}

// `check royal-captures-only` (Makpong: in check, the King moves only to capture the one
// checker). Move lists and results from pyffish 0.0.90 for `makpong`, and for `makruk` without
// the rule.
#[test]
fn in_check_the_royal_moves_only_to_capture_the_checker() {
    let t = variant("makpong");
    let plain = variant_with("makpong", "  check royal-captures-only\n", "");
    // A Rua next to the King: it may take it, not step aside.
    let fen = "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1";
    assert_eq!(all_moves(&mut pos(&t, fen)), list(&["e1e2"]));
    assert_eq!(
        all_moves(&mut pos(&plain, fen)),
        list(&["e1d1", "e1e2", "e1f1"])
    );
    // A distant Rua: another piece may block, the King may not move.
    let fen = "4k3/4r3/8/8/8/8/R7/4K3 w - - 0 1";
    assert_eq!(all_moves(&mut pos(&t, fen)), list(&["a2e2"]));
    assert_eq!(all_moves(&mut pos(&plain, fen)).len(), 5);
    // Nothing blocks: checkmate (Fairy-Stockfish's result -32000, a loss for White), where
    // Makruk's King would flee to d1, d2, f1 or f2.
    let fen = "4k3/4r3/8/8/8/8/8/R3K3 w - - 0 1";
    let mut p = pos(&t, fen);
    assert!(all_moves(&mut p).is_empty());
    let r = result(&mut p).expect("over");
    assert_eq!(r.winner, Some(Player::Second));
    assert_eq!(all_moves(&mut pos(&plain, fen)).len(), 4);
    // Double check (a Ma and a Rua): taking one checker is no escape either.
    let fen = "4k3/8/8/8/8/2n5/4r3/4K3 w - - 0 1";
    assert!(all_moves(&mut pos(&t, fen)).is_empty());
    assert_eq!(all_moves(&mut pos(&plain, fen)), list(&["e1f1"]));
}
