//! Blockers placed with the move (`wall`) on the shipped Duck chess and its clause changed to the
//! other kinds: where the blocker may go, that it blocks, that the moving one is lifted, that the
//! move text names it and reads back, and that make, unmake and the hash agree.

use super::common::*;
use koma_runtime::result::Reason;
use koma_runtime::spec::Player;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The blocker squares of the legal moves from `from` to `to`, sorted.
fn walls_of(p: &mut koma_runtime::Position, from: &str, to: &str) -> Vec<String> {
    let prefix = format!("{from}{to},{to}");
    let mut v: Vec<String> = all_moves(p)
        .into_iter()
        .filter_map(|m| m.strip_prefix(&prefix).map(str::to_string))
        .collect();
    v.sort();
    v
}

#[test]
fn every_move_puts_the_duck_on_an_empty_square() {
    let t = variant("duck");
    let mut p = pos(&t, START);
    // 20 moves, each with the 32 squares empty after it.
    assert_eq!(p.moves().len(), 640);
    assert_eq!(walls_of(&mut p, "e2", "e4").len(), 32);
    play(&mut p, &["e2e4,e4e5"]);
    assert_eq!(
        placement(&p),
        "rnbqkbnr/pppppppp/8/4*3/4P3/8/PPPP1PPP/RNBQKBNR"
    );
    assert_eq!(p.hash(), p.compute_hash());
    // The duck blocks e5, and must leave it: no Black move keeps it there or enters it.
    let moves = all_moves(&mut p);
    assert!(
        !moves
            .iter()
            .any(|m| m.ends_with("e5") || m.starts_with("e7e5"))
    );
    play(&mut p, &["d7d5,d5e3"]);
    assert_eq!(
        placement(&p),
        "rnbqkbnr/ppp1pppp/8/3p4/4P3/4*3/PPPP1PPP/RNBQKBNR"
    );
    assert_eq!(p.hash(), p.compute_hash());
    p.unmake();
    assert_eq!(
        placement(&p),
        "rnbqkbnr/pppppppp/8/4*3/4P3/8/PPPP1PPP/RNBQKBNR"
    );
    assert_eq!(p.hash(), p.compute_hash());
    p.unmake();
    assert_eq!(placement(&p), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
    assert_eq!(p.hash(), pos(&t, START).hash());
}

#[test]
fn move_text_reads_back_with_its_duck() {
    let t = variant("duck");
    let mut p = pos(
        &t,
        "rnbqkbnr/pppppppp/8/4*3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    );
    for m in p.moves() {
        let text = p.move_text(&m);
        assert_eq!(p.parse_move(&text), Ok(m), "{text}");
    }
    // Without its leg the move names 31 moves.
    assert!(p.parse_move("d7d5").is_err());
    assert!(p.parse_move("d7d5,d5e5").is_err(), "the duck must move");
}

#[test]
fn the_duck_blocks_castling_and_landing() {
    let t = variant("duck");
    let mut p = pos(&t, "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K*1R w KQkq - 0 10");
    let kings: Vec<String> = moves_from(&mut p, "e1")
        .into_iter()
        .map(|m| m[..4].to_string())
        .collect();
    assert!(kings.contains(&"e1c1".to_string()));
    assert!(!kings.contains(&"e1g1".to_string()));
    // The Knight may not land on the duck (d2); after f1e3, 60 squares are empty.
    let mut p = pos(&t, "4k3/8/8/8/8/8/3*4/4KN2 w - - 0 10");
    assert!(walls_of(&mut p, "f1", "d2").is_empty());
    assert_eq!(walls_of(&mut p, "f1", "e3").len(), 60);
}

#[test]
fn there_is_no_check_and_taking_the_king_wins() {
    let t = variant("duck");
    let mut p = pos(&t, "4k3/8/8/8/8/*7/4q3/4K3 w - - 0 30");
    // The King may stay next to the Queen, or take it: all five King steps are legal.
    let steps: std::collections::BTreeSet<String> = all_moves(&mut p)
        .iter()
        .map(|m| m[..4].to_string())
        .collect();
    assert_eq!(steps.len(), 5);
    play(&mut p, &["e1f1,f1a1", "e2f1,f1a2"]);
    assert_eq!(p.moves().len(), 0);
    let r = result(&mut p).expect("decided");
    assert_eq!(
        (r.winner, r.reason),
        (Some(Player::Second), Reason::RoyalsLost)
    );
}

#[test]
fn the_other_kinds_place_their_blockers_where_they_say() {
    // `anywhere`: blockers stay.
    let t = variant_with("duck", "wall moving", "wall anywhere");
    let mut p = pos(&t, START);
    play(&mut p, &["e2e4,e4e5", "d7d5,d5e3"]);
    assert_eq!(
        placement(&p),
        "rnbqkbnr/ppp1pppp/8/3p*3/4P3/4*3/PPPP1PPP/RNBQKBNR"
    );
    // `shot`: the squares the Knight could move to from f3, g1 included.
    let t = variant_with("duck", "wall moving", "wall shot");
    let mut p = pos(&t, START);
    assert_eq!(
        walls_of(&mut p, "g1", "f3"),
        list(&["d4", "e5", "g1", "g5", "h4"])
    );
    // `edge`: the outer files and ranks (a2 is on the a-file).
    let t = variant_with("duck", "wall moving", "wall edge");
    let mut p = pos(&t, START);
    let edge = list(&["a2", "a4", "a5", "a6", "h3", "h4", "h5", "h6"]);
    assert_eq!(walls_of(&mut p, "a2", "a3"), edge);
    // `except`: never on the third rank.
    let t = variant_with("duck", "wall moving", "wall moving except a3-h3");
    let mut p = pos(&t, START);
    assert_eq!(walls_of(&mut p, "e2", "e4").len(), 24);
}
