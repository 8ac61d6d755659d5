//! Regions: confined leapers, riders and multi-leg pieces, moves that change with the square
//! (`in REGION`), the facing-royals rule and drops of confined pieces, each against the same
//! position without the clause. Fixture: tests/fixtures/rules/regions.koma.

use super::common::*;
use koma_runtime::result::Reason;
use koma_runtime::spec::Player;

#[test]
fn a_confined_leaper_stays_in_its_palace() {
    let fen = "3k3/7/7/7/7/7/2K4 w";
    let t = variant_with("regions", "facing-royals forbidden\n", "");
    assert_eq!(moves_from(&mut pos(&t, fen), "c1"), list(&["c1c2", "c1d1"]));
    let t = variant_edited(
        "regions",
        &[
            ("facing-royals forbidden\n", ""),
            ("royal confined palace", "royal"),
        ],
    );
    assert_eq!(
        moves_from(&mut pos(&t, fen), "c1"),
        list(&["c1b1", "c1c2", "c1d1"])
    );
}

#[test]
fn the_second_players_region_is_the_rotation() {
    // Black's palace is c5-e7: its General on e7 may not step to f7 or e4... only e6 and d7.
    let t = variant_with("regions", "facing-royals forbidden\n", "");
    let mut p = pos(&t, "4k2/7/7/7/7/7/2K4 b");
    assert_eq!(moves_from(&mut p, "e7"), list(&["e7d7", "e7e6"]));
    let mut p = pos(&t, "7/7/4k2/7/7/7/2K4 b");
    assert_eq!(moves_from(&mut p, "e5"), list(&["e5d5", "e5e6"]));
}

#[test]
fn a_confined_rider_is_cut_where_it_would_leave() {
    let fen = "3k3/7/7/7/7/7/2K1R2 w";
    let t = variant("regions");
    assert_eq!(
        moves_from(&mut pos(&t, fen), "e1"),
        list(&["e1e2", "e1e3", "e1f1", "e1g1", "e1d1"])
    );
    let t = variant_with("regions", "R confined home", "R");
    let got = moves_from(&mut pos(&t, fen), "e1");
    assert!(got.contains(&"e1e7".to_string()), "{got:?}");
    assert!(got.contains(&"e1e4".to_string()), "{got:?}");
}

#[test]
fn a_confined_multi_leg_move_stops_only_inside() {
    let fen = "3k3/7/7/7/1H5/7/2K4 w";
    // From b3: via b4 (outside home) nothing; via c3 to d2 (d4 is outside); via b2 to a1 and c1
    // (c1 is the General's).
    let t = variant("regions");
    assert_eq!(moves_from(&mut pos(&t, fen), "b3"), list(&["b3a1", "b3d2"]));
    let t = variant_with("regions", "mafsW confined home", "mafsW");
    assert_eq!(
        moves_from(&mut pos(&t, fen), "b3"),
        list(&["b3a1", "b3a5", "b3c5", "b3d2", "b3d4"])
    );
}

#[test]
fn moves_in_a_region_replace_the_pieces_own() {
    let t = variant("regions");
    let mut p = pos(&t, "k6/7/7/3P3/7/7/6K w");
    assert_eq!(moves_from(&mut p, "d4"), list(&["d4d5"]));
    let mut p = pos(&t, "k6/7/3P3/7/7/7/6K w");
    assert_eq!(moves_from(&mut p, "d5"), list(&["d5c5", "d5d6", "d5e5"]));
    // The second player's `across` is a1-g3, its forward is down.
    let mut p = pos(&t, "k6/7/7/3p3/7/7/6K b");
    assert_eq!(moves_from(&mut p, "d4"), list(&["d4d3"]));
    let mut p = pos(&t, "k6/7/7/7/3p3/7/6K b");
    assert_eq!(moves_from(&mut p, "d3"), list(&["d3c3", "d3d2", "d3e3"]));
    let t = variant_with("regions", "in across fsW", "");
    let mut p = pos(&t, "k6/7/3P3/7/7/7/6K w");
    assert_eq!(moves_from(&mut p, "d5"), list(&["d5d6"]));
}

/// Where two `in` options' regions overlap, the first written applies (docs/lints.md, L027),
/// as the diagram draws it; an option with an earlier option's region never applies.
#[test]
fn the_first_of_overlapping_region_options_applies() {
    // `home` (a1-g3) overlaps `palace` (c1-e3): on d2 the palace's `bW` only, on a2 `home`'s.
    let t = variant_with("regions", "fW in across fsW", "fW in palace bW in home sW");
    let mut p = pos(&t, "k6/7/7/7/7/3P3/6K w");
    assert_eq!(moves_from(&mut p, "d2"), list(&["d2d1"]));
    let mut p = pos(&t, "k6/7/7/7/7/P6/6K w");
    assert_eq!(moves_from(&mut p, "a2"), list(&["a2b2"]));
    let t = variant_with(
        "regions",
        "fW in across fsW",
        "fW in palace bW in palace sW",
    );
    let mut p = pos(&t, "k6/7/7/7/7/3P3/6K w");
    assert_eq!(moves_from(&mut p, "d2"), list(&["d2d1"]));
}

#[test]
fn royals_may_not_face_on_an_open_file() {
    // The Soldier between the Generals is pinned to the file.
    let pinned = "3k3/7/3P3/7/7/7/3K3 w";
    // The General may not step onto the open d-file.
    let open = "3k3/7/7/7/7/7/2K4 w";
    let t = variant("regions");
    assert_eq!(moves_from(&mut pos(&t, pinned), "d5"), list(&["d5d6"]));
    assert_eq!(moves_from(&mut pos(&t, open), "c1"), list(&["c1c2"]));
    let t = variant_with("regions", "facing-royals forbidden\n", "");
    assert_eq!(
        moves_from(&mut pos(&t, pinned), "d5"),
        list(&["d5c5", "d5d6", "d5e5"])
    );
    assert_eq!(
        moves_from(&mut pos(&t, open), "c1"),
        list(&["c1c2", "c1d1"])
    );
}

#[test]
fn a_royal_facing_the_other_is_in_check() {
    let t = variant("regions");
    let mut p = pos(&t, "3k3/7/7/7/7/7/3K3 w");
    assert!(p.in_check());
    // d2 stays on the open file: only the steps off it are legal.
    assert_eq!(all_moves(&mut p), list(&["d1c1", "d1e1"]));
    let t = variant_with("regions", "facing-royals forbidden\n", "");
    let mut p = pos(&t, "3k3/7/7/7/7/7/3K3 w");
    assert!(!p.in_check());
    assert_eq!(all_moves(&mut p), list(&["d1c1", "d1d2", "d1e1"]));
}

#[test]
fn a_confined_piece_drops_only_in_its_region() {
    let t = variant("regions");
    let mut p = pos(&t, "4k2/7/7/7/7/7/2K4[A] w");
    let drops: Vec<String> = all_moves(&mut p)
        .into_iter()
        .filter(|m| m.contains('@'))
        .collect();
    assert_eq!(
        drops,
        list(&[
            "A@c2", "A@c3", "A@d1", "A@d2", "A@d3", "A@e1", "A@e2", "A@e3"
        ])
    );
    // An unconfined piece drops anywhere empty.
    let mut p = pos(&t, "4k2/7/7/7/7/7/2K4[C] w");
    let n = all_moves(&mut p).iter().filter(|m| m.contains('@')).count();
    assert_eq!(n, 47);
}

#[test]
fn stalemate_loses_for_the_side_without_a_move() {
    // Black's General on d7, not in check, has no square: the Chariots cover c7 and e7, the
    // Soldier across the river d6.
    let fen = "3k3/7/2CPC2/7/7/7/2K4 b";
    let t = variant("regions");
    let r = result(&mut pos(&t, fen)).expect("the game is over");
    assert_eq!(r.reason, Reason::Stalemate);
    assert_eq!(r.winner, Some(Player::First));
    let t = variant_with("regions", "stalemate loses", "stalemate draws");
    let r = result(&mut pos(&t, fen)).expect("the game is over");
    assert_eq!(r.winner, None);
}

// Janggi (variants/janggi.koma): bikjang, passing, the Cannon's limits.

#[test]
fn bikjang_allows_only_moves_that_break_the_line_and_the_pass() {
    // The Generals face on the e-file: the Guard may step onto it (d1e2) or the General off
    // it (e1f1), or White passes; d1d2 would leave them facing.
    let fen = "4k4/9/9/9/9/9/9/9/9/3AK4 w";
    let t = variant("janggi");
    assert_eq!(
        all_moves(&mut pos(&t, fen)),
        list(&["d1e2", "e1f1", "pass"])
    );
    // Without the clause facing means nothing.
    let t = variant_with("janggi", "facing-royals must-break", "");
    assert_eq!(
        all_moves(&mut pos(&t, fen)),
        list(&["d1d2", "d1e2", "e1e2", "e1f1", "pass"])
    );
}

#[test]
fn in_bikjang_the_pass_is_legal_even_in_check() {
    // The Horse on c2 gives check; the Generals face each other.
    let fen = "4k4/9/9/9/9/9/9/9/2n6/4K4 w";
    let t = variant("janggi");
    let mut p = pos(&t, fen);
    assert!(p.in_check());
    assert_eq!(all_moves(&mut p), list(&["e1d1", "e1f1", "pass"]));
    let t = variant_with("janggi", "facing-royals must-break", "");
    assert_eq!(
        all_moves(&mut pos(&t, fen)),
        list(&["e1d1", "e1e2", "e1f1"])
    );
}

#[test]
fn a_pass_in_bikjang_ends_the_game() {
    let t = variant("janggi");
    let mut p = pos(&t, "4k4/9/9/9/9/9/9/9/9/3AK4 w");
    play(&mut p, &["pass"]);
    assert!(p.moves().is_empty());
    let r = result(&mut p).expect("the game is over");
    assert_eq!((r.winner, r.reason), (None, Reason::Passing));
}

#[test]
fn two_passes_in_a_row_end_the_game() {
    let t = variant("janggi");
    let mut p = koma_runtime::Position::start(t.clone()).expect("a setup");
    play(&mut p, &["pass"]);
    assert!(result(&mut p).is_none());
    play(&mut p, &["pass"]);
    assert!(p.moves().is_empty());
    assert_eq!(result(&mut p).map(|r| r.reason), Some(Reason::Passing));
    let t = variant_with("janggi", "pass twice-ends", "");
    let mut p = koma_runtime::Position::start(t).expect("a setup");
    play(&mut p, &["pass", "pass"]);
    assert_eq!(p.moves().len(), 32);
}

#[test]
fn the_printed_position_after_two_passes_stays_over() {
    // The repro: the text read back had 32 legal moves.
    let t = variant("janggi");
    let mut p = koma_runtime::Position::start(t.clone()).expect("a setup");
    play(&mut p, &["pass"]);
    assert!(
        p.to_text().ends_with(" b - - 1 1 last:pass"),
        "{}",
        p.to_text()
    );
    play(&mut p, &["pass"]);
    let text = p.to_text();
    assert!(text.ends_with(" w - - 2 2 last:pass-pass"), "{text}");
    let mut back = pos(&t, &text);
    assert!(back.moves().is_empty(), "{text}");
    assert_eq!(result(&mut back).map(|r| r.reason), Some(Reason::Passing));
    assert!(back == p, "{text}");
    // One pass read back, then a second: the game is over too.
    let mut one = pos(&t, &text.replace("last:pass-pass", "last:pass"));
    assert_eq!(one.moves().len(), 32);
    play(&mut one, &["pass"]);
    assert!(one.moves().is_empty());
    // A move between the passes: the game goes on, and the text says one pass.
    let mut p = koma_runtime::Position::start(t.clone()).expect("a setup");
    play(&mut p, &["pass", "a7a6", "pass"]);
    assert!(p.to_text().ends_with(" last:pass"), "{}", p.to_text());
    assert!(!pos(&t, &p.to_text()).moves().is_empty());
}

#[test]
fn a_general_passes_anytime_even_hemmed_in_by_cannons() {
    // Its own Cannons on d1, f1 and e2: no move of its own comes back to e1.
    let fen = "4k4/9/9/9/9/9/9/9/4C4/3CKC3 w";
    let t = variant("janggi");
    assert!(all_moves(&mut pos(&t, fen)).contains(&"pass".to_string()));
    let t = variant_with("janggi", "pass anytime K", "");
    assert!(!all_moves(&mut pos(&t, fen)).contains(&"pass".to_string()));
}

#[test]
fn a_cannon_neither_jumps_nor_captures_a_cannon() {
    // The Cannon on a5: the Cannon on c5 is no hurdle, the one on a9 no victim.
    let fen = "4k4/c8/9/P8/9/C1c6/9/9/9/3K5 w";
    let t = variant("janggi");
    assert_eq!(moves_from(&mut pos(&t, fen), "a5"), list(&["a5a8"]));
    let t = variant_edited(
        "janggi",
        &[("jump-rank C", ""), ("anti-trade C takes C always", "")],
    );
    assert_eq!(
        moves_from(&mut pos(&t, fen), "a5"),
        list(&[
            "a5a8", "a5a9", "a5d5", "a5e5", "a5f5", "a5g5", "a5h5", "a5i5"
        ])
    );
}

#[test]
fn palace_lines_give_diagonal_moves_on_their_points() {
    let t = variant("janggi");
    // The Chariot on d1 runs up the line to e2 and f3; from d2 (no line) it has none.
    let mut p = pos(&t, "4k4/9/9/9/9/9/9/9/9/3R1K3 w");
    let d1 = moves_from(&mut p, "d1");
    assert!(
        d1.contains(&"d1e2".to_string()) && d1.contains(&"d1f3".to_string()),
        "{d1:?}"
    );
    let mut p = pos(&t, "4k4/9/9/9/9/9/9/9/3R5/5K3 w");
    assert!(!moves_from(&mut p, "d2").contains(&"d2e3".to_string()));
    // The Soldier in the enemy palace: from d8 also to e9, from e9 also to d10 and f10.
    let mut p = pos(&t, "5k3/9/3P5/9/9/9/9/9/9/4K4 w");
    assert_eq!(
        moves_from(&mut p, "d8"),
        list(&["d8c8", "d8d9", "d8e8", "d8e9"])
    );
    let mut p = pos(&t, "9/4P4/4k4/9/9/9/9/9/9/3K5 w");
    assert_eq!(
        moves_from(&mut p, "e9"),
        list(&["e9d10", "e9d9", "e9e10", "e9f10", "e9f9"])
    );
}
