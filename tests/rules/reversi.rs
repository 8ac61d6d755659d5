//! Reversi's rules (`flip enclosed`, `drop enclosing`, `draw full-board`) on a 4x4 board:
//! what a drop may enclose, what it turns, what unmaking restores, and how the game ends.

use super::common::*;
use koma_runtime::result::Reason;
use koma_runtime::spec::Player;

const START: &str = "4/1pP1/1Pp1/4[PPPPPPpppppp] w - - 0 1";

#[test]
fn a_drop_must_enclose_an_enemy_disc() {
    let t = variant("reversi");
    let mut p = pos(&t, START);
    assert_eq!(all_moves(&mut p), list(&["P@a3", "P@b4", "P@c1", "P@d2"]));
    // Without the clause every empty square takes a drop.
    let t = variant_with("reversi", "  drop enclosing\n", "");
    let mut p = pos(&t, START);
    assert_eq!(all_moves(&mut p).len(), 12);
}

#[test]
fn a_drop_turns_what_it_encloses_and_unmake_turns_it_back() {
    let t = variant("reversi");
    let mut p = pos(&t, START);
    let hash = p.hash();
    play(&mut p, &["P@a3"]);
    assert_eq!(placement(&p), "4/PPP1/1Pp1/4[PPPPPpppppp]");
    assert_eq!(p.hash(), p.compute_hash());
    p.unmake();
    assert_eq!(p.to_text(), START);
    assert_eq!(p.hash(), hash);
    // Two lines at once: c1 encloses b2 (up to a3) and c2 (up to c3); b3, which no line
    // from c1 crosses, stays.
    let mut p = pos(&t, "4/PpP1/1pp1/P3[Pp] w - - 0 1");
    play(&mut p, &["P@c1"]);
    assert_eq!(placement(&p), "4/PpP1/1PP1/P1P1[p]");
    // Without `flip enclosed` nothing turns.
    let t = variant_with("reversi", "  flip enclosed\n", "");
    let mut p = pos(&t, START);
    play(&mut p, &["P@a3"]);
    assert_eq!(placement(&p), "4/PpP1/1Pp1/4[PPPPPpppppp]");
}

#[test]
fn a_full_board_ends_the_game_and_the_discs_decide() {
    let t = variant("reversi");
    let mut p = pos(&t, "PPPP/PPPP/PPPP/PPp1[P] w - - 0 1");
    play(&mut p, &["P@d1"]);
    let r = result(&mut p).expect("the board is full");
    assert_eq!(
        (r.winner, r.reason),
        (Some(Player::First), Reason::FullBoard)
    );
    assert!(all_moves(&mut p).is_empty());
    assert_eq!(p.perft(1), 0);
}

#[test]
fn two_sides_without_a_drop_pass_and_the_game_ends() {
    let t = variant("reversi");
    let mut p = pos(&t, "P3/4/1pp1/4[Pp] w - - 0 1");
    assert_eq!(p.perft(1), 1, "White can only pass");
    let m = p.moves();
    p.make(&m[0]);
    assert_eq!(p.perft(1), 1, "so can Black");
    let m = p.moves();
    p.make(&m[0]);
    let r = result(&mut p).expect("two passes");
    assert_eq!(
        (r.winner, r.reason),
        (Some(Player::Second), Reason::Passing)
    );
}
