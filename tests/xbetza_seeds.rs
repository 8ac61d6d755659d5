//! The XBetza strings of the five seed games (docs/seed-rulings.md): every one expands on its
//! game's board, and the pieces whose prose describes their moves produce exactly those moves.
//! The expected sets below are derived from the prose, square by square, not from the program.

use crate::xbetza_common;

use std::collections::BTreeSet;

use koma_compiler::xbetza::expand;
use xbetza_common::{assert_moves, board, moves, set, squares_where};

/// Every distinct piece string of the seeds (and the corrected ones), with its game's board.
const SEED_STRINGS: &[(&str, u8, u8)] = &[
    // Suzumu (16x16), from the seed's Interactive Diagram line.
    ("fW", 16, 16),
    ("bFfW", 16, 16),
    ("fFbW", 16, 16),
    ("fFvW", 16, 16),
    ("FfW", 16, 16),
    ("FvW", 16, 16),
    ("WfF", 16, 16),
    ("FsbW", 16, 16),
    ("FsfW", 16, 16),
    ("N", 16, 16),
    ("FD", 16, 16),
    ("WA", 16, 16),
    ("fRbW2", 16, 16),
    ("vR", 16, 16),
    ("vWsR", 16, 16),
    ("sWvR", 16, 16),
    ("bWsRfW2", 16, 16),
    ("bWfRsW2", 16, 16),
    ("B", 16, 16),
    ("R", 16, 16),
    ("BW", 16, 16),
    ("RF", 16, 16),
    ("BsbRfWfDfcavWfabW", 16, 16),
    ("RbBfFfAfcavFfabF", 16, 16),
    ("KNADcaKmcabK", 16, 16),
    ("Q", 16, 16),
    ("B(paf)2cB", 16, 16),
    ("R(paf)2cR", 16, 16),
    ("BvRsW2", 16, 16),
    ("BsRvW2", 16, 16),
    ("QADcaFmcabF", 16, 16),
    ("BWNADcaKmcabK", 16, 16),
    ("B(paf)2cB(a)2KabK", 16, 16),
    ("Q(paf)2cQ", 16, 16),
    (
        "shQshy(mpacab)2Q(a)2Kmcab(mpacab)1K(a)2mpacabK(a)2mpacabmpacabK",
        16,
        16,
    ),
    ("K", 16, 16),
    ("bBfR", 16, 16),
    ("FsWvR", 16, 16),
    ("fBvR", 16, 16),
    ("bBvR", 16, 16),
    ("BsR", 16, 16),
    ("BvR", 16, 16),
    ("jvhQjsQ3cab(mpacab)1K", 16, 16),
    // Kyou (12x12), derived from the prose.
    ("sRfW2bW", 12, 12),
    ("fRsW2bW", 12, 12),
    ("fRbB", 12, 12),
    ("QpafQ", 12, 12),
    ("KNADcaKmabKBpafB", 12, 12),
    ("BsbRfWfDfcavWfabWpafBpsbafR", 12, 12),
    ("RbBfFfAfcavFfabFpafRpbafB", 12, 12),
    ("BsW2", 12, 12),
    ("FfsW", 12, 12),
    // Kuuzen Dai (15x15).
    ("vW", 15, 15),
    ("vWfF", 15, 15),
    ("sRvW", 15, 15),
    ("vRsW", 15, 15),
    ("vRsWF", 15, 15),
    ("fR", 15, 15),
    ("vRfB", 15, 15),
    ("vRbB", 15, 15),
    ("F3vW2sR", 15, 15),
    ("F3sW2vR", 15, 15),
    ("BbsRfWfDfcavWfmabW", 15, 15),
    ("RbBfFfAfcavFfmabF", 15, 15),
    ("WfFN", 15, 15),
    ("fF", 15, 15),
    ("fWfF", 15, 15),
    ("W", 15, 15),
    ("F", 15, 15),
    ("fsWfF", 15, 15),
    ("W2", 15, 15),
    ("F2", 15, 15),
    // Tengu Dai (15x15), the Tengu corrected from `WBmsB`.
    ("fFfsW", 15, 15),
    ("FbsW", 15, 15),
    ("WBmasB", 15, 15),
    ("KADcavKmcpafmcpavK", 15, 15),
    ("KNADcaKmabKmcpafmcpavK", 15, 15),
    ("KNADcaKmcabKmcpafmcpavK", 15, 15),
    ("vRsW2flBfrF", 15, 15),
    ("sRvW2frBflF", 15, 15),
    ("KflBbrB", 15, 15),
    ("KfrBblB", 15, 15),
    ("sRvW2bF3sDsH", 15, 15),
    ("vRsW2F3", 15, 15),
    // Minjiku (10x12 grid), our suggested strings.
    ("sRvWifR2", 10, 12),
    ("B(paf)cB", 10, 12),
    ("BcabW", 10, 12),
    ("RcabF", 10, 12),
    ("R(paf)cR", 10, 12),
    ("NcabK", 10, 12),
    ("FsjRcabW", 10, 12),
    ("Q(paf)cQ", 10, 12),
    ("KmafKmafsKmasK", 10, 12),
    ("B(paf)cBKmafKmafsKmasK", 10, 12),
];

#[test]
fn every_seed_string_expands_on_its_board() {
    for &(text, files, ranks) in SEED_STRINGS {
        let result = expand(text, board(files, ranks));
        let (expansion, warnings) = result.unwrap_or_else(|e| panic!("{text}: {e:?}"));
        assert!(!expansion.paths.is_empty(), "{text}");
        assert!(warnings.is_empty(), "{text}: {warnings:?}");
    }
}

/// The Tengu page's notation for the Lion is not XBetza; its garbled Tengu string is legal
/// but is no hook mover (no `a`), which is why the variant file corrects it.
#[test]
fn garbled_seed_strings() {
    let errors = expand("KNAD(cK-aK)(mK-bK)", board(15, 15)).expect_err("page notation");
    assert!(errors[0].code.starts_with("E03"));
    let b = board(8, 8);
    assert_eq!(
        moves("WBmsB", b, "d4", "", ""),
        moves("WB", b, "d4", "", "")
    );
    assert_ne!(
        moves("WBmasB", b, "d4", "", ""),
        moves("WB", b, "d4", "", "")
    );
}

const FIRE_DEMON: &str = "shQshy(mpacab)2Q(a)2Kmcab(mpacab)1K(a)2mpacabK(a)2mpacabmpacabK";

/// Fire Demon on an empty board: slides sideways and diagonally (`sR` + `B`), and an area move
/// of up to three king steps that may come back to its start (a pass).
fn fire_demon_quiet() -> BTreeSet<String> {
    squares_where(board(9, 9), "e5", |dx, dy| {
        let slide = dx != 0 && (dy == 0 || dx.abs() == dy.abs());
        let area = dx.abs() <= 3 && dy.abs() <= 3;
        slide || area
    })
}

#[test]
fn fire_demon_slides_and_area_move() {
    let got = moves(FIRE_DEMON, board(9, 9), "e5", "", "");
    let want = fire_demon_quiet();
    assert!(want.contains("e5") && !want.contains("e9") && want.contains("a5"));
    assert_moves("Fire Demon, empty board", &got, &want);
}

/// A slide or an area move may end by burning one or two enemies next to its destination.
#[test]
fn fire_demon_burns_after_slides_and_area_moves() {
    let b = board(9, 9);
    // a4 is 4 files away: out of the area move's reach and off every slide line, so it can
    // only be burned: from a5 and b5 (slides along rank 5) and b3, b4, b5 (area squares).
    let mut want = fire_demon_quiet();
    want.extend(set("a5[a4] b5[a4] b3[a4] b4[a4]"));
    assert_moves("one enemy", &moves(FIRE_DEMON, b, "e5", "", "a4"), &want);
    // a4 and a6: both can burn from a5 and b5 (singly or together); b3, b4 reach a4; b6, b7 reach a6.
    let mut want = fire_demon_quiet();
    want.extend(set(
        "a5[a4] a5[a6] a5[a4,a6] b5[a4] b5[a6] b5[a4,a6] b3[a4] b4[a4] b6[a6] b7[a6]",
    ));
    assert_moves(
        "two enemies",
        &moves(FIRE_DEMON, b, "e5", "", "a4 a6"),
        &want,
    );
}

/// Standing still, it captures one or two adjacent enemies (double igui); it never captures a
/// friend, and no move removes more than three pieces (a capture plus two burns).
#[test]
fn fire_demon_igui_and_limits() {
    let b = board(9, 9);
    let got = moves(FIRE_DEMON, b, "e5", "d6", "d5 f6");
    for want in ["e5[d5]", "e5[f6]", "e5[d5,f6]", "d5x", "f6x", "e5"] {
        assert!(got.contains(want), "missing {want}");
    }
    let d = xbetza_common::play(FIRE_DEMON, b, &xbetza_common::scene(b, "e5", "d6", "d5 f6"));
    let friend = d.scene.friends[0];
    assert!(
        d.moves
            .iter()
            .all(|m| !m.captures.contains(&friend) && m.captures.len() <= 3)
    );
}

/// Heavenly Tetrarch: skips the first square on every line, sideways at most 3 from the start,
/// never a one-square step; igui and double igui on adjacent enemies.
#[test]
fn heavenly_tetrarch() {
    const HT: &str = "jvhQjsQ3cab(mpacab)1K";
    let b = board(9, 9);
    let want = squares_where(b, "e5", |dx, dy| {
        let line = dx == 0 || dy == 0 || dx.abs() == dy.abs();
        let far = dx.abs().max(dy.abs()) >= 2;
        let sideways_ok = dy != 0 || dx.abs() <= 3;
        line && far && sideways_ok
    });
    assert_moves("HT, empty board", &moves(HT, b, "e5", "", ""), &want);
    // An enemy on the first square is skipped (and may be captured by igui); one on the second
    // square is captured and ends the line.
    let got = moves(HT, b, "e5", "", "e6 e7");
    let mut want = want.clone();
    want.remove("e8");
    want.remove("e9");
    want.remove("e7");
    want.extend(set("e7x e5[e6]"));
    assert_moves("HT, enemies e6 e7", &got, &want);
}

/// Chu Lion: `mcabK` (igui and pass) is the ID's `cabKmabK`.
#[test]
fn lion_strings_agree() {
    let b = board(9, 9);
    for (friends, enemies) in [
        ("", ""),
        ("", "f6"),
        ("e6", "d4 f6 g7"),
        ("d5 f5", "e6 e7 d6"),
    ] {
        let chu = moves("KNADcaKmcabK", b, "e5", friends, enemies);
        let id_default = moves("KNADcaKcabKmabK", b, "e5", friends, enemies);
        assert_moves("lion", &chu, &id_default);
        assert!(
            enemies.is_empty() || chu.iter().any(|m| m.starts_with("e5[")),
            "igui"
        );
    }
}

/// Horned Falcon: Bishop, sideways and backward Rook, and forward two Lion steps.
#[test]
fn horned_falcon_forward_lion_power() {
    let b = board(9, 9);
    let got = moves("BsbRfWfDfcavWfabW", b, "e5", "", "e6 e7");
    let mut want = squares_where(b, "e5", |dx, dy| {
        (dx.abs() == dy.abs() || dy == 0 || (dx == 0 && dy < 0)) && (dx, dy) != (0, 0)
    });
    want.extend(set("e6x e7x e7x[e6] e5[e6]"));
    assert_moves("Horned Falcon", &got, &want);
}

/// Soaring Eagle: Rook, backward Bishop, forward-diagonal Lion steps.
#[test]
fn soaring_eagle_forward_lion_power() {
    let b = board(9, 9);
    let got = moves("RbBfFfAfcavFfabF", b, "e5", "", "f6 g7");
    let mut want = squares_where(b, "e5", |dx, dy| {
        ((dx == 0) != (dy == 0)) || (dx.abs() == dy.abs() && dy < 0)
    });
    // Forward-left diagonal: one and two steps; forward-right: the Lion steps over f6.
    want.extend(set("d6 c7 f6x g7x g7x[f6] e5[f6] e5"));
    assert_moves("Soaring Eagle", &got, &want);
}

/// Lion Dog: 1-3 squares along one ray; squares 1 and 2 empty, captured or hopped; the end
/// empty or captured; 2-out-1-in; igui; no pass.
#[test]
fn lion_dog() {
    const LD: &str = "KADcavKmcpafmcpavK";
    let b = board(9, 9);
    let rays = squares_where(b, "e5", |dx, dy| {
        (dx == 0 || dy == 0 || dx.abs() == dy.abs()) && (1..=3).contains(&dx.abs().max(dy.abs()))
    });
    assert_moves("Lion Dog, empty", &moves(LD, b, "e5", "", ""), &rays);
    let mut want: BTreeSet<String> = rays
        .iter()
        .filter(|s| !["e6", "e7", "e8"].contains(&s.as_str()))
        .cloned()
        .collect();
    want.extend(set(
        "e6x e7x e7x[e6] e8x e8x[e6] e8x[e7] e8x[e6,e7] e6x[e7] e5[e6]",
    ));
    assert_moves(
        "Lion Dog, three enemies ahead",
        &moves(LD, b, "e5", "", "e6 e7 e8"),
        &want,
    );
}

/// Jumping generals capture after leaping any number of pieces (`(paf)`) or at most two.
#[test]
fn jumping_generals() {
    let b = board(9, 9);
    let queen_off_file = squares_where(b, "e5", |dx, dy| {
        (dx == 0 || dy == 0 || dx.abs() == dy.abs()) && (dx, dy) != (0, 0) && !(dx == 0 && dy > 0)
    });
    let mut want = queen_off_file.clone();
    want.extend(set("e7x e9x"));
    assert_moves(
        "Q(paf)cQ",
        &moves("Q(paf)cQ", b, "e5", "e6 e8", "e7 e9"),
        &want,
    );
    let mut want = queen_off_file;
    want.extend(set("e7x"));
    assert_moves(
        "Q(paf)2cQ",
        &moves("Q(paf)2cQ", b, "e5", "e6 e8", "e7 e9"),
        &want,
    );
}

/// Minjiku's area move: at most two king steps, the second only after an empty first, never
/// back to the start, at most one capture.
#[test]
fn minjiku_area_move() {
    let b = board(9, 9);
    let area = squares_where(b, "e5", |dx, dy| {
        dx.abs() <= 2 && dy.abs() <= 2 && (dx, dy) != (0, 0)
    });
    assert_moves("empty", &moves("KmafKmafsKmasK", b, "e5", "", ""), &area);
    // g7 lies only behind f6.
    let mut want = area.clone();
    want.remove("g7");
    want.remove("f6");
    want.insert("f6x".to_string());
    assert_moves(
        "enemy f6",
        &moves("KmafKmafsKmasK", b, "e5", "", "f6"),
        &want,
    );
}

/// Suzumu's Vice General: Bishop General plus an area move of up to three steps.
#[test]
fn vice_general() {
    let b = board(9, 9);
    let want = squares_where(b, "e5", |dx, dy| {
        dx.abs() == dy.abs() || (dx.abs() <= 3 && dy.abs() <= 3)
    });
    assert_moves(
        "Vice General",
        &moves("B(paf)2cB(a)2KabK", b, "e5", "", ""),
        &want,
    );
}
