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
