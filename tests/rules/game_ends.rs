//! Game ends scored otherwise than chess, as Fairy-Stockfish documents them in its
//! variants.ini: `nFoldValue` (a repetition won or lost, for the side to move or, with
//! `nFoldValueAbsolute`, for White), `extinctionPieceTypes` with `extinctionPieceCount` and
//! `extinctionOpponentPieceCount`, `materialCounting` and `stalematePieceCount`. Fixture
//! tests/fixtures/rules/game-ends.koma (5x5, Rooks, Knights, royal Kings, `win checkmate`).

use super::common::*;
use koma_runtime::result::Reason;
use koma_runtime::spec::Player;

const FIRST: Option<Player> = Some(Player::First);
const SECOND: Option<Player> = Some(Player::Second);

fn outcome(p: &mut koma_runtime::Position) -> Option<(Option<Player>, Reason)> {
    result(p).map(|r| (r.winner, r.reason))
}

/// The fixture with `draw repetition 3` replaced by `clause`.
fn repetition(clause: &str) -> std::sync::Arc<koma_runtime::Tables> {
    variant_with("game-ends", "draw repetition 3", clause)
}

/// The fixture with `clauses` added to its rules.
fn with(clauses: &str) -> std::sync::Arc<koma_runtime::Tables> {
    variant_with(
        "game-ends",
        "draw repetition 3\n",
        &format!("draw repetition 3\n  {clauses}\n"),
    )
}

/// The Kings step out and back twice: the start position occurs a third time after the
/// second player's move.
const SHUFFLE: [&str; 8] = [
    "a1a2", "e5e4", "a2a1", "e4e5", "a1a2", "e5e4", "a2a1", "e4e5",
];
const KINGS: &str = "4k/5/5/5/K4 w";

#[test]
fn a_repetition_is_scored_for_its_maker() {
    let winner = |clause: &str| {
        let t = repetition(clause);
        let mut p = pos(&t, KINGS);
        play(&mut p, &SHUFFLE[..7]);
        assert_eq!(
            outcome(&mut p),
            None,
            "{clause}: only the second occurrence"
        );
        play(&mut p, &SHUFFLE[7..]);
        let r = outcome(&mut p).expect("the third occurrence ends the game");
        assert_eq!(r.1, Reason::Repetition);
        r.0
    };
    assert_eq!(winner("draw repetition 3"), None);
    // The second player's `e4e5` made it.
    assert_eq!(winner("repetition 3 wins"), SECOND);
    assert_eq!(winner("repetition 3 loses"), FIRST);
    // Fairy-Stockfish's Minishogi: `nFoldValue = loss` for White, whoever repeats.
    assert_eq!(winner("repetition 3 first loses"), SECOND);
    assert_eq!(winner("repetition 3 first wins"), FIRST);
    assert_eq!(winner("repetition 3 second loses"), FIRST);
}

#[test]
fn the_first_player_repeating_is_scored_the_other_way() {
    let t = repetition("repetition 3 wins");
    let mut p = pos(&t, "4k/5/5/5/K4 b");
    play(
        &mut p,
        &[
            "e5e4", "a1a2", "e4e5", "a2a1", "e5e4", "a1a2", "e4e5", "a2a1",
        ],
    );
    assert_eq!(outcome(&mut p), Some((FIRST, Reason::Repetition)));
    let t = repetition("repetition 3 first loses");
    let mut p = pos(&t, "4k/5/5/5/K4 b");
    play(
        &mut p,
        &[
            "e5e4", "a1a2", "e4e5", "a2a1", "e5e4", "a1a2", "e4e5", "a2a1",
        ],
    );
    assert_eq!(outcome(&mut p), Some((SECOND, Reason::Repetition)));
}

#[test]
fn perpetual_check_still_decides_first() {
    // White's Rook checks from c5 and c4 while the Black King shuttles: Black never checks.
    let t = variant_edited(
        "game-ends",
        &[(
            "draw repetition 3",
            "repetition 3 wins\n  perpetual-check loses",
        )],
    );
    let mut p = pos(&t, "k4/5/5/2R2/4K w");
    play(
        &mut p,
        &[
            "c2a2", "a5b5", "a2b2", "b5a5", "b2a2", "a5b5", "a2b2", "b5a5", "b2a2",
        ],
    );
    // The checker loses, though the repetition alone would have won for White, its maker.
    assert_eq!(outcome(&mut p), Some((SECOND, Reason::PerpetualCheck)));
}

#[test]
fn extinction_of_a_type_ends_the_game_at_once() {
    let t = with("extinction N loses");
    let mut p = pos(&t, "k4/5/2n2/5/K1R1N w");
    play(&mut p, &["c1c3"]);
    assert_eq!(outcome(&mut p), Some((FIRST, Reason::Extinction)));
    assert!(all_moves(&mut p).is_empty(), "the game is over: no reply");
    assert_eq!(p.perft(1), 0);
    // Without the clause Black's King plays on.
    let t = variant("game-ends");
    let mut p = pos(&t, "k4/5/2n2/5/K1R1N w");
    play(&mut p, &["c1c3"]);
    assert_eq!(outcome(&mut p), None);
    assert_eq!(all_moves(&mut p), list(&["a5a4", "a5b4", "a5b5"]));
}

#[test]
fn extinction_of_any_one_of_several_types() {
    // White has its Knight but no Rook: it has lost the game before it moves.
    let t = with("extinction N R loses");
    let mut p = pos(&t, "kn3/5/5/1r3/KN3 w");
    assert_eq!(outcome(&mut p), Some((SECOND, Reason::Extinction)));
    assert_eq!(p.perft(2), 0);
    let t = with("extinction N loses");
    let mut p = pos(&t, "kn3/5/5/1r3/KN3 w");
    assert_eq!(outcome(&mut p), None);
}

#[test]
fn extinction_at_a_count_above_zero() {
    // Fairy-Stockfish's Three Kings: a side left with `extinctionPieceCount` or fewer loses.
    let t = with("extinction R loses at 1");
    let mut p = pos(&t, "k4/1r2r/5/5/K2RR w");
    assert_eq!(outcome(&mut p), None, "two Rooks each");
    play(&mut p, &["e1e4"]);
    assert_eq!(outcome(&mut p), Some((FIRST, Reason::Extinction)));
    assert_eq!(p.perft(1), 0);
}

#[test]
fn extinction_by_the_opponents_count() {
    // One Rook each: both are at the count, but neither opponent has two.
    let t = with("extinction R loses at 1 if-opponent-has 2");
    let mut p = pos(&t, "k4/r4/5/5/K3R w");
    assert_eq!(outcome(&mut p), None);
    // Without the condition the side that just moved is judged first: Black.
    let t = with("extinction R loses at 1");
    let mut p = pos(&t, "k4/r4/5/5/K3R w");
    assert_eq!(outcome(&mut p), Some((FIRST, Reason::Extinction)));
    let mut p = pos(&t, "k4/r4/5/5/K3R b");
    assert_eq!(outcome(&mut p), Some((SECOND, Reason::Extinction)));
}

#[test]
fn extinction_of_all_pieces_together() {
    // Rookmate's `extinctionPieceTypes = *` with a count of one: a bare King loses.
    let t = with("extinction all loses at 1");
    let mut p = pos(&t, "k4/5/5/5/K3R w");
    assert_eq!(outcome(&mut p), Some((FIRST, Reason::Extinction)));
    let mut p = pos(&t, "kr3/5/5/5/K3R w");
    assert_eq!(outcome(&mut p), None);
}

/// Black, not in check, cannot move: the King on c5 and the Rook on d4 cover a4, b4 and b5.
const STALEMATE: &str = "k1K2/3R1/5/5/5 b";

#[test]
fn a_tiebreak_decides_a_drawn_stalemate() {
    let winner = |clause: &str| {
        let t = with(clause);
        let mut p = pos(&t, STALEMATE);
        let r = outcome(&mut p).expect("stalemate");
        assert_eq!(r.1, Reason::Stalemate);
        r.0
    };
    assert_eq!(winner("# no tiebreak"), None);
    // Armageddon's draw odds (`materialCounting = blackdrawodds`).
    assert_eq!(winner("tiebreak second"), SECOND);
    assert_eq!(winner("tiebreak first"), FIRST);
    // Two pieces against one.
    assert_eq!(winner("tiebreak pieces"), FIRST);
    // The Rook is worth 5 points, the Kings nothing; the second player adds its komi.
    assert_eq!(winner("tiebreak material R 5, komi second 6"), SECOND);
    assert_eq!(winner("tiebreak material R 5, komi second 4.5"), FIRST);
    assert_eq!(winner("tiebreak material R 5, komi second 5"), None);
}

#[test]
fn a_tiebreak_decides_a_drawn_repetition_but_not_a_scored_one() {
    let t = with("tiebreak pieces");
    let mut p = pos(&t, "4k/5/5/5/KR3 w");
    play(
        &mut p,
        &[
            "a1a2", "e5d5", "a2a1", "d5e5", "a1a2", "e5d5", "a2a1", "d5e5",
        ],
    );
    assert_eq!(outcome(&mut p), Some((FIRST, Reason::Repetition)));
    let t = variant_edited(
        "game-ends",
        &[("draw repetition 3", "repetition 3 wins\n  tiebreak pieces")],
    );
    let mut p = pos(&t, "4k/5/5/5/KR3 w");
    play(
        &mut p,
        &[
            "a1a2", "e5d5", "a2a1", "d5e5", "a1a2", "e5d5", "a2a1", "d5e5",
        ],
    );
    assert_eq!(outcome(&mut p), Some((SECOND, Reason::Repetition)));
}

#[test]
fn stalemate_by_piece_count() {
    // Fairy-Stockfish's Suicide chess: the stalemated side with fewer pieces wins.
    let t = variant_with(
        "game-ends",
        "stalemate draws",
        "stalemate fewer-pieces-wins",
    );
    let mut p = pos(&t, STALEMATE);
    assert_eq!(outcome(&mut p), Some((SECOND, Reason::Stalemate)));
    let t = variant_with("game-ends", "stalemate draws", "stalemate more-pieces-wins");
    let mut p = pos(&t, STALEMATE);
    assert_eq!(outcome(&mut p), Some((FIRST, Reason::Stalemate)));
    // Equal counts draw: the Black Knight on a4 is pinned by the Rook on a1.
    let mut p = pos(&t, "k1K2/n4/5/5/R4 b");
    assert_eq!(outcome(&mut p), Some((None, Reason::Stalemate)));
}

#[test]
fn checkmate_scored_otherwise_than_a_loss() {
    // Fairy-Stockfish's Misere chess: `checkmateValue = win`, the mated side wins.
    let mated = |clause: &str| {
        let t = with(clause);
        let mut p = pos(&t, "k4/5/1K3/5/4R w");
        play(&mut p, &["e1e5"]);
        outcome(&mut p)
    };
    assert_eq!(mated("# chess"), Some((FIRST, Reason::Checkmate)));
    assert_eq!(mated("checkmate wins"), Some((SECOND, Reason::Checkmate)));
    assert_eq!(mated("checkmate draws"), Some((None, Reason::Checkmate)));
}
