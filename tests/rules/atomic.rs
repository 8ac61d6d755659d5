//! Atomic explosions (`explode`) on the shipped Atomic, from lichess's rules
//! (<https://lichess.org/variant/atomic>) and Fairy-Stockfish's `atomic`: a capture removes the
//! capturer and every piece next to the square of the capture but Pawns; a King never captures;
//! no move may explode its own King; exploding the enemy King wins, whatever one's own King
//! faces; Kings that touch cannot take each other, so neither is in check; e.p. explodes where
//! the Pawn lands. Each test compares with the file without its `explode` line.

use super::common::*;
use koma_runtime::result::Reason;
use koma_runtime::spec::Player;

const EXPLODE: &str = "explode immune P";

#[test]
fn a_capture_explodes_the_capturer_and_its_neighbours_but_pawns() {
    let fen = "4k3/8/8/2p1b3/R2n4/3PN3/8/4K3 w - - 0 1";
    let t = variant("atomic");
    let mut p = pos(&t, fen);
    play(&mut p, &["a4d4"]);
    // The Rook, the Knight it took, the Bishop e5 and White's own Knight e3 are gone; the
    // Pawns c5 and d3 next to d4 stay.
    assert_eq!(placement(&p), "4k3/8/8/2p5/8/3P4/8/4K3");
    assert_eq!(p.hash(), p.compute_hash());
    p.unmake();
    assert_eq!(placement(&p), "4k3/8/8/2p1b3/R2n4/3PN3/8/4K3");
    let t = variant_with("atomic", EXPLODE, "");
    let mut p = pos(&t, fen);
    play(&mut p, &["a4d4"]);
    assert_eq!(placement(&p), "4k3/8/8/2p1b3/3R4/3PN3/8/4K3");
}

#[test]
fn a_king_never_captures() {
    // In check from the Pawn d2, the King may not take it: it would explode with it.
    let fen = "7k/8/8/8/8/8/3p4/4K3 w - - 0 1";
    let mut p = pos(&variant("atomic"), fen);
    assert_eq!(all_moves(&mut p), list(&["e1d1", "e1e2", "e1f1", "e1f2"]));
    let mut p = pos(&variant_with("atomic", EXPLODE, ""), fen);
    assert!(all_moves(&mut p).contains(&"e1d2".to_string()));
}

#[test]
fn no_move_may_explode_its_own_king() {
    // The Rook's capture of the checking Queen would explode both Kings: illegal. The King may
    // step next to the Black King (e2, f2), where nothing can take it.
    let fen = "8/8/8/8/8/4k3/3q4/3RK3 w - - 0 1";
    let mut p = pos(&variant("atomic"), fen);
    assert_eq!(all_moves(&mut p), list(&["e1e2", "e1f1", "e1f2"]));
    let mut p = pos(&variant_with("atomic", EXPLODE, ""), fen);
    assert_eq!(all_moves(&mut p), list(&["d1d2", "e1f1"]));
}

#[test]
fn touching_kings_are_not_in_check() {
    // The Rook d1 sees the White King, but taking it would explode the Black King next to it.
    let fen = "8/8/8/3k4/3K4/8/8/3r4 w - - 0 1";
    let mut p = pos(&variant("atomic"), fen);
    assert!(!p.in_check());
    assert_eq!(
        all_moves(&mut p),
        list(&["d4c3", "d4c4", "d4c5", "d4e3", "d4e4", "d4e5"])
    );
    let mut p = pos(&variant_with("atomic", EXPLODE, ""), fen);
    assert!(p.in_check());
    assert_eq!(all_moves(&mut p), list(&["d4c3", "d4e3"]));
}

#[test]
fn exploding_the_enemy_king_wins_even_in_check() {
    // White is in check from a1; the Queen takes e7 and the explosion takes the King e8.
    let fen = "4k3/4p3/8/8/7Q/8/8/r3K3 w - - 0 1";
    let mut p = pos(&variant("atomic"), fen);
    assert!(p.in_check());
    assert!(
        moves_from(&mut p, "h4")
            .iter()
            .any(|m| m.starts_with("h4e7"))
    );
    play(&mut p, &["h4e7"]);
    let r = result(&mut p).expect("the game is over");
    assert_eq!(
        (r.winner, r.reason),
        (Some(Player::First), Reason::RoyalsLost)
    );
    assert!(all_moves(&mut p).is_empty());
    // Without explosions the capture leaves the King in check: illegal.
    let mut p = pos(&variant_with("atomic", EXPLODE, ""), fen);
    assert!(
        !moves_from(&mut p, "h4")
            .iter()
            .any(|m| m.starts_with("h4e7"))
    );
}

#[test]
fn en_passant_explodes_where_the_pawn_lands() {
    // e5xd6 e.p. takes d5 and explodes on d6: the Knight c6 goes too.
    let fen = "4k3/8/2n5/3pP3/8/8/8/4K3 w - d6 0 1";
    let mut p = pos(&variant("atomic"), fen);
    play(&mut p, &["e5d6"]);
    assert_eq!(placement(&p), "4k3/8/8/8/8/8/8/4K3");
    let mut p = pos(&variant_with("atomic", EXPLODE, ""), fen);
    play(&mut p, &["e5d6"]);
    assert_eq!(placement(&p), "4k3/8/2nP4/8/8/8/8/4K3");
}

/// Fairy-Stockfish's `atomiczh` (tests/fsf-corpus/atomiczh.koma): every piece a capture removes
/// joins its owner's opponent's hand, and its `dropChecks = false` bars nothing, its royal being
/// a pseudo-royal Commoner: the import leaves `drop no-check` out. Counts from pyffish 0.0.90.
#[test]
fn atomic_crazyhouse_hands_and_checking_drops() {
    let fen = "rn1qkbnr/p1pb1p1p/3pp3/1p4p1/P2N4/4P3/1PPPKPPP/RNBQ1B1R[] w - - 0 6";
    let t = variant("atomiczh");
    let mut p = pos(&t, fen);
    assert_eq!([p.perft(1), p.perft(2)], [29, 878]);
    // d4xe6 explodes the Bishop d7: White gains it and the Pawn, Black the Knight.
    play(&mut p, &["d4e6"]);
    let after_d4e6 = "rn1qkbnr/p1p2p1p/3p4/1p4p1/P7/4P3/1PPPKPPP/RNBQ1B1R[BPn] b - - 0 6";
    assert_eq!(p.to_text(), pos(&t, after_d4e6).to_text());
    // N@c3, N@d4, N@f4, N@g1 and N@g3 attack the King e2, and are legal.
    let knight_checks = ["N@c3", "N@d4", "N@f4", "N@g1", "N@g3"];
    let moves = all_moves(&mut p);
    assert!(knight_checks.iter().all(|m| moves.contains(&m.to_string())));
    assert_eq!([p.perft(1), p.perft(2)], [62, 5110]);
    // a4xb5 explodes only the two Pawns: each goes to its owner's opponent.
    let mut p = pos(&t, fen);
    play(&mut p, &["a4b5"]);
    let after = "rn1qkbnr/p1pb1p1p/3pp3/6p1/3N4/4P3/1PPPKPPP/RNBQ1B1R[Pp] b - - 0 6";
    assert_eq!(p.to_text(), pos(&t, after).to_text());
    assert_eq!([p.perft(1), p.perft(2)], [58, 3346]);
    // koma's `drop no-check` (Crazyhouse's reading) bars the five.
    let barred = variant_with(
        "atomiczh",
        "  drop zone P",
        "  drop no-check\n  drop zone P",
    );
    let mut p = pos(&barred, after_d4e6);
    let moves = all_moves(&mut p);
    assert!(
        knight_checks
            .iter()
            .all(|m| !moves.contains(&m.to_string()))
    );
    assert_eq!(moves.len(), 57);
}
