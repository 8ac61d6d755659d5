//! First moves (`first-move not-in-check`, `first-move lost-when-aimed`) on Ouk Chatrang
//! (tests/fixtures/rules/cambodian.koma, as `koma import` writes Fairy-Stockfish's built-in
//! `cambodian`). The expected moves and castling fields are pyffish 0.0.90's (`legal_moves` and
//! `get_fen` of `cambodian` on the same positions); each test also checks the file without the
//! clause, so that it fails when the clause stops working.

use super::common::*;

/// The castling field of a position's text.
fn field(p: &koma_runtime::Position) -> String {
    p.to_text().split(' ').nth(2).unwrap_or("").to_string()
}

#[test]
fn the_castling_field_alone_gives_the_king_and_met_their_first_moves() {
    let t = variant("cambodian");
    let mut p = koma_runtime::Position::start(t.clone()).expect("a setup");
    assert_eq!(all_moves(&mut p).len(), 25);
    assert!(moves_from(&mut p, "d1").contains(&"d1b2".to_string()));
    let with = "4k3/8/8/8/8/8/8/3KM3 w DE - 0 1";
    let mut p = pos(&t, with);
    assert_eq!(
        all_moves(&mut p),
        list(&[
            "d1b2", "d1c1", "d1c2", "d1d2", "d1e2", "d1f2", "e1d2", "e1e3", "e1f2"
        ])
    );
    assert_eq!(field(&p), "DE");
    let mut p = pos(&t, "4k3/8/8/8/8/8/8/3KM3 w - - 0 1");
    assert_eq!(
        all_moves(&mut p),
        list(&["d1c1", "d1c2", "d1d2", "d1e2", "e1d2", "e1f2"])
    );
}

#[test]
fn the_king_does_not_leap_out_of_check_and_keeps_its_right() {
    let t = variant("cambodian");
    let fen = "4k3/8/8/8/8/8/5n2/3KM3 w DE - 0 1";
    let mut p = pos(&t, fen);
    assert_eq!(
        all_moves(&mut p),
        list(&["d1c1", "d1c2", "d1d2", "d1e2", "e1f2"])
    );
    assert_eq!(field(&p), "DE");
    // Without the clause the King leaps out of the Knight's check.
    let free = variant_with("cambodian", "first-move K not-in-check", "");
    let mut p = pos(&free, fen);
    assert!(all_moves(&mut p).contains(&"d1b2".to_string()));
}

#[test]
fn a_rook_aiming_at_the_king_ends_its_leap_for_good() {
    let t = variant("cambodian");
    // The Rook checks down the d-file: no leap, and the right is gone (`Ee`, as pyffish).
    let mut p = pos(&t, "r3k3/8/8/8/8/8/8/3KM3 b DEde - 0 1");
    let before = p.hash();
    play(&mut p, &["a8d8"]);
    assert_eq!(all_moves(&mut p), list(&["d1c1", "d1c2", "d1e2", "e1d2"]));
    assert_eq!(field(&p), "Ee");
    assert_eq!(p.hash(), p.compute_hash());
    p.unmake();
    assert_eq!(p.hash(), before);
    assert_eq!(field(&p), "DEe");
    // Behind the Knight on b1 the Rook gives no check, and still ends the leap.
    let mut p = pos(&t, "r3k3/8/8/8/8/8/8/1N1KM3 b DEde - 0 1");
    play(&mut p, &["a8a1"]);
    assert_eq!(field(&p), "Ee");
    assert!(!moves_from(&mut p, "d1").contains(&"d1b2".to_string()));
    // Without the clause the King keeps it.
    let kept = variant_with("cambodian", "first-move K lost-when-aimed R", "");
    let mut p = pos(&kept, "r3k3/8/8/8/8/8/8/1N1KM3 b DEde - 0 1");
    play(&mut p, &["a8a1"]);
    assert_eq!(field(&p), "DEe");
}
