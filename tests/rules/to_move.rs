//! `to-move second`: the start position has the second player to move (Argess). Fixture:
//! tests/fixtures/rules/to-move.koma; the counts are pyffish's for Fairy-Stockfish's `argess`.

use koma_runtime::Position;
use koma_runtime::spec::Player;

use super::common::*;

/// pyffish 0.0.90, `argess` from its start FEN (`... b 0 1`): perft 1 to 3.
const BLACK_FIRST: [u64; 3] = [45, 542, 24982];
/// The same board with `w` in the FEN.
const WHITE_FIRST: [u64; 3] = [12, 538, 9434];

fn start(t: &std::sync::Arc<koma_runtime::Tables>) -> Position {
    Position::start(t.clone()).expect("a setup")
}

#[test]
fn the_start_position_has_the_second_player_to_move() {
    let t = variant("to-move");
    let mut p = start(&t);
    assert_eq!(p.side_to_move(), Player::Second);
    assert!(p.to_text().ends_with(" b - - 0 1"), "{}", p.to_text());
    for (depth, want) in (1..).zip(BLACK_FIRST) {
        assert_eq!(p.perft(depth), want, "perft({depth})");
    }
    // The hash is the one its own text gives: repetition sees the start position again.
    assert_eq!(p.hash(), pos(&t, &p.to_text()).hash());
}

#[test]
fn without_the_line_the_first_player_starts() {
    let t = variant_with("to-move", "  to-move second\n", "");
    let mut p = start(&t);
    assert_eq!(p.side_to_move(), Player::First);
    for (depth, want) in (1..).zip(WHITE_FIRST) {
        assert_eq!(p.perft(depth), want, "perft({depth})");
    }
}

#[test]
fn a_position_text_keeps_its_own_side() {
    let t = variant("to-move");
    let board = placement(&start(&t));
    let mut p = pos(&t, &format!("{board} w - - 0 1"));
    assert_eq!(p.perft(1), WHITE_FIRST[0]);
}

#[test]
fn the_move_number_goes_up_after_the_second_players_first_move() {
    let t = variant("to-move");
    let mut p = start(&t);
    let first = p.moves().remove(0);
    p.make(&first);
    assert_eq!(p.side_to_move(), Player::First);
    assert_eq!(p.fullmove_number(), 2);
    let text = p.to_text();
    let fields: Vec<&str> = text.split(' ').collect();
    assert_eq!((fields[1], fields[fields.len() - 1]), ("w", "2"), "{text}");
}
