//! Sides that differ: a region, a promotion zone and a drop zone given per player, each
//! against the turned reading a line without a side has. Fixture:
//! tests/fixtures/rules/sides.koma.

use super::common::*;

#[test]
fn each_player_double_steps_from_its_own_region() {
    let t = variant("sides");
    // White's region is its second rank; Black's is its third (a6), not the turn (a7).
    let mut p = pos(&t, "4k3/p7/1p6/8/8/8/P7/4K3 b");
    assert_eq!(moves_from(&mut p, "a7"), list(&["a7a6"]));
    assert_eq!(moves_from(&mut p, "b6"), list(&["b6b5", "b6b4"]));
    let mut p = pos(&t, "4k3/p7/1p6/8/8/8/P7/4K3 w");
    assert_eq!(moves_from(&mut p, "a2"), list(&["a2a3", "a2a4"]));
    let turned = variant_edited(
        "sides",
        &[(
            "region twostep first a2-h2\n  region twostep second a6-h6",
            "region twostep a2-h2",
        )],
    );
    let mut p = pos(&turned, "4k3/p7/1p6/8/8/8/P7/4K3 b");
    assert_eq!(moves_from(&mut p, "a7"), list(&["a7a6", "a7a5"]));
}

#[test]
fn each_player_promotes_in_its_own_zone() {
    let t = variant("sides");
    // Black's zone is its last two ranks: a3-a2 promotes; White's is the last rank only.
    let mut p = pos(&t, "4k3/8/P7/8/8/p7/8/4K3 b");
    let black = moves_from(&mut p, "a3");
    assert_eq!(black.len(), 1, "{black:?}");
    assert_ne!(black[0], "a3a2", "{black:?}");
    let mut p = pos(&t, "4k3/8/P7/8/8/p7/8/4K3 w");
    assert_eq!(moves_from(&mut p, "a6"), list(&["a6a7"]));
    let turned = variant_edited(
        "sides",
        &[(
            "promotion zone first 1\n  promotion zone second 2",
            "promotion zone 1",
        )],
    );
    let mut p = pos(&turned, "4k3/8/P7/8/8/p7/8/4K3 b");
    assert_eq!(moves_from(&mut p, "a3"), list(&["a3a2"]));
}

#[test]
fn a_side_without_a_zone_line_never_promotes() {
    let t = variant_with("sides", "promotion zone first 1\n", "");
    let mut p = pos(&t, "4k3/P7/8/8/8/8/8/4K3 w");
    assert_eq!(moves_from(&mut p, "a7"), list(&["a7a8"]));
}

#[test]
fn one_sides_drop_zone_leaves_the_other_free() {
    let t = variant("sides");
    let drops = |fen: &str| {
        let mut p = pos(&t, fen);
        all_moves(&mut p)
            .into_iter()
            .filter(|m| m.contains('@'))
            .collect::<Vec<_>>()
    };
    // Black drops its Pawn on its fifth rank only (a5-h5, as written).
    let black = drops("4k3/8/8/8/8/8/8/4K3[Pp] b");
    assert_eq!(black.len(), 8, "{black:?}");
    assert!(black.iter().all(|m| m.ends_with('5')), "{black:?}");
    // White's Pawn drops are not confined: every empty square.
    assert_eq!(drops("4k3/8/8/8/8/8/8/4K3[Pp] w").len(), 62);
}

#[test]
fn a_confined_piece_keeps_to_its_own_sides_region() {
    let t = variant("sides");
    // White's Rook keeps to ranks 1-4; Black's may go anywhere.
    let mut p = pos(&t, "4k3/8/8/8/8/8/8/R3K3 w");
    let white = moves_from(&mut p, "a1");
    assert!(!white.iter().any(|m| m == "a1a5"), "{white:?}");
    assert!(white.iter().any(|m| m == "a1a4"), "{white:?}");
    let mut p = pos(&t, "r3k3/8/8/8/8/8/8/4K3 b");
    assert!(moves_from(&mut p, "a8").iter().any(|m| m == "a8a1"));
}

#[test]
fn each_player_promotes_to_its_own_choices() {
    let t = variant_with("sides", "promotes Q", "promotes first Q promotes second R");
    // White's Pawn becomes a Queen on the eighth rank, Black's a Rook on its second.
    let mut p = pos(&t, "4k3/P7/8/8/8/8/8/4K3 w");
    assert_eq!(moves_from(&mut p, "a7"), list(&["a7a8=Q"]));
    let mut p = pos(&t, "4k3/8/8/8/8/p7/8/4K3 b");
    assert_eq!(moves_from(&mut p, "a3"), list(&["a3a2=R"]));
    let both = variant("sides");
    let mut p = pos(&both, "4k3/8/8/8/8/p7/8/4K3 b");
    assert_eq!(moves_from(&mut p, "a3"), list(&["a3a2=Q"]));
}
