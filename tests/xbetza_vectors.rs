//! Every worked example of XBetza's sources (docs/xbetza.md), played by the reference walker of
//! `koma_compiler::diagram` on the position the vector names.
//!
//! A move is written `to`, plus `x` when it captures on `to`, plus `[a,b]` for the other
//! squares it removes pieces from (locust victims), e.g. `g7x[f6]`.

use crate::xbetza_common;

use std::collections::BTreeSet;

use koma_compiler::diagram::{EnPassant, parse_square};
use koma_compiler::xbetza::{BoardSize, expand};
use xbetza_common::{play, scene, set as expected, tokens};

/// One vector: the string, board `WxH`, mover square, white (friendly) and black (enemy)
/// dummies, and the expected moves.
struct Case {
    betza: &'static str,
    board: (u8, u8),
    from: &'static str,
    friends: &'static str,
    enemies: &'static str,
    expect: &'static str,
}

const fn case(
    betza: &'static str,
    board: (u8, u8),
    from: &'static str,
    friends: &'static str,
    enemies: &'static str,
    expect: &'static str,
) -> Case {
    Case {
        betza,
        board,
        from,
        friends,
        enemies,
        expect,
    }
}

fn check(cases: &[Case]) {
    let mut failures = Vec::new();
    for c in cases {
        let board = BoardSize {
            files: c.board.0,
            ranks: c.board.1,
        };
        let d = play(c.betza, board, &scene(board, c.from, c.friends, c.enemies));
        let got = tokens(&d);
        let want = expected(c.expect);
        if got != want {
            let missing: Vec<_> = want.difference(&got).collect();
            let extra: Vec<_> = got.difference(&want).collect();
            failures.push(format!(
                "{} from {}: missing {missing:?}, unexpected {extra:?}",
                c.betza, c.from
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

const N9: (u8, u8) = (9, 9);
const C8: (u8, u8) = (8, 8);

#[test]
fn atoms_section_3() {
    check(&[
        case("W", N9, "e5", "", "", "d5 e4 e6 f5"),
        case("F", N9, "e5", "", "", "d4 d6 f4 f6"),
        case("D", N9, "e5", "", "", "c5 e3 e7 g5"),
        case("N", N9, "e5", "", "", "c4 c6 d3 d7 f3 f7 g4 g6"),
        case("A", N9, "e5", "", "", "c3 c7 g3 g7"),
        case("H", N9, "e5", "", "", "b5 e2 e8 h5"),
        case("C", N9, "e5", "", "", "b4 b6 d2 d8 f2 f8 h4 h6"),
        case("L", N9, "e5", "", "", "b4 b6 d2 d8 f2 f8 h4 h6"),
        case("Z", N9, "e5", "", "", "b3 b7 c2 c8 g2 g8 h3 h7"),
        case("J", N9, "e5", "", "", "b3 b7 c2 c8 g2 g8 h3 h7"),
        case("G", N9, "e5", "", "", "b2 b8 h2 h8"),
        case("K", N9, "e5", "", "", "d4 d5 d6 e4 e6 f4 f5 f6"),
        case("WX", (11, 11), "f6", "", "", "b6 f2 f10 j6"),
        case("FX", (11, 11), "f6", "", "", "b5 b7 e2 e10 g2 g10 j5 j7"),
        case("NY", (11, 11), "f6", "", "", "b3 b9 c2 c10 i2 i10 j3 j9"),
    ]);
}

#[test]
fn ranges_and_riders_section_4() {
    check(&[
        case("R", C8, "d4", "f4", "d6", "a4 b4 c4 d1 d2 d3 d5 d6x e4"),
        case("R2", C8, "d4", "", "", "b4 c4 d2 d3 d5 d6 e4 f4"),
        case("W2", C8, "d4", "", "", "b4 c4 d2 d3 d5 d6 e4 f4"),
        case(
            "NN",
            N9,
            "e5",
            "",
            "f7",
            "a3 a7 c1 c4 c6 c9 d3 d7 f3 f7x g1 g4 g6 i3 i7",
        ),
        case("AA", N9, "e5", "g7", "", "a1 a9 c3 c7 g3 i1"),
        case("mfW*", C8, "d2", "", "", "d3 d4"),
    ]);
}

#[test]
fn orthogonal_and_diagonal_directions_section_5() {
    check(&[
        case("fW", N9, "e5", "", "", "e6"),
        case("fsW", N9, "e5", "", "", "d5 e6 f5"),
        case("vW", N9, "e5", "", "", "e4 e6"),
        case("lW", N9, "e5", "", "", "d5"),
        case("fF", N9, "e5", "", "", "d6 f6"),
        case("frF", N9, "e5", "", "", "f6"),
        case("flF", N9, "e5", "", "", "d6"),
        case("bF", N9, "e5", "", "", "d4 f4"),
        case("lF", N9, "e5", "", "", "d4 d6"),
    ]);
}

#[test]
fn knight_directions_section_5_3() {
    let table = [
        ("f", "d7 f7"),
        ("ff", "d7 f7"),
        ("fs", "c6 g6"),
        ("b", "d3 f3"),
        ("bs", "c4 g4"),
        ("l", "c4 c6"),
        ("lv", "d3 d7"),
        ("r", "g4 g6"),
        ("rv", "f3 f7"),
        ("v", "d3 d7 f3 f7"),
        ("s", "c4 c6 g4 g6"),
        ("fr", "g6"),
        ("rf", "f7"),
        ("fl", "c6"),
        ("lf", "d7"),
        ("fh", "c6 d7 f7 g6"),
        ("lh", "c4 c6 d3 d7"),
        ("hr", "c6 d3 f7 g4"),
        ("hl", "c4 d7 f3 g6"),
        ("br", "g4"),
        ("rb", "f3"),
        ("bl", "c4"),
        ("lb", "d3"),
        ("bh", "c4 d3 f3 g4"),
        ("rh", "f3 f7 g4 g6"),
        ("vh", "d3 d7 f3 f7"),
        ("sh", "c4 c6 g4 g6"),
    ];
    let cases: Vec<Case> = table
        .iter()
        .map(|(spec, want)| {
            let betza: &'static str = Box::leak(format!("{spec}N").into_boxed_str());
            case(betza, N9, "e5", "", "", want)
        })
        .collect();
    check(&cases);
}

#[test]
fn king_system_section_5_4() {
    check(&[
        case("fK", N9, "e5", "", "", "e6"),
        case("frK", N9, "e5", "", "", "f6"),
        case("fsK", N9, "e5", "", "", "d6 f6"),
        case("ffK", N9, "e5", "", "", "e6"),
        case("fhK", N9, "e5", "", "", "d6 e6 f6"),
        case("vK", N9, "e5", "", "", "e4 e6"),
        case("sK", N9, "e5", "", "", "d5 f5"),
        case("lK", N9, "e5", "", "", "d5"),
        case("lhK", N9, "e5", "", "", "d4 d5 d6"),
        case("bsK", N9, "e5", "", "", "d4 f4"),
        case("flK", N9, "e5", "", "", "d6"),
        case("brK", N9, "e5", "", "", "f4"),
        case("vhK", N9, "e5", "", "", "d4 d6 e4 e6 f4 f6"),
        case("shK", N9, "e5", "", "", "d4 d5 d6 f4 f5 f6"),
    ]);
}

/// `shQ` = every queen square off the e-file; `vhQ` = every queen square off rank 5.
#[test]
fn half_queens() {
    let board = BoardSize { files: 9, ranks: 9 };
    let s = scene(board, "e5", "", "");
    let q = tokens(&play("Q", board, &s));
    let sh: BTreeSet<String> = q.iter().filter(|t| !t.starts_with('e')).cloned().collect();
    let vh: BTreeSet<String> = q.iter().filter(|t| !t.ends_with('5')).cloned().collect();
    assert_eq!(q.len(), 32);
    assert_eq!(tokens(&play("shQ", board, &s)), sh);
    assert_eq!(tokens(&play("vhQ", board, &s)), vh);
}

#[test]
fn modes_section_6() {
    check(&[
        case("mR", C8, "d4", "", "d6", "a4 b4 c4 d1 d2 d3 d5 e4 f4 g4 h4"),
        case("cR", C8, "d4", "", "d6", "d6x"),
        case("dR", C8, "d4", "f4", "d6", "f4x"),
        case(
            "mRcpR",
            C8,
            "d4",
            "f4",
            "d6 d7 h4",
            "a4 b4 c4 d1 d2 d3 d5 e4 d7x h4x",
        ),
        case("gQ", C8, "d4", "f6 a4", "d6 b4", "d7 g7"),
        case("gB", C8, "d4", "", "f6", "g7"),
        case("nD", N9, "e5", "e6", "f5", "c5 e3"),
        case("jD", N9, "e5", "", "e6", "e7"),
        case("jR", C8, "d4", "", "d5", "a4 b4 d1 d2 d6 d7 d8 f4 g4 h4"),
        case("oN", C8, "a1", "", "", "b3 c2 g2 h3"),
        case(
            "zB",
            N9,
            "e5",
            "",
            "",
            "a5 b4 b6 c5 d2 d4 d6 d8 e1 e3 e7 e9 f2 f4 f6 f8 g5 h4 h6 i5",
        ),
        case(
            "qN",
            N9,
            "e5",
            "",
            "",
            "a5 b2 b8 c4 c6 d3 d7 e1 e9 f3 f7 g4 g6 h2 h8 i5",
        ),
        case("pN", N9, "e5", "", "f7", "g9"),
        case("iW2", C8, "d4", "", "", "b4 c4 d2 d3 d5 d6 e4 f4"),
        case("ooN", C8, "a1", "", "", "b3 c2 g2 h3 b7 c8 g8 h7"),
        case("jA", N9, "e5", "", "f6", "g7"),
        case("nA", N9, "e5", "", "f6", "c3 c7 g3"),
        case("U", (3, 3), "b2", "a1", "c3", "a2 a3 b1 b3 c1 c2 c3x"),
        case("jsQ3", N9, "e5", "", "", "b5 c5 g5 h5"),
    ]);
}

#[test]
fn royal_capture_only_takes_royals() {
    let board = BoardSize { files: 8, ranks: 8 };
    let mut s = scene(board, "d4", "", "d7 f4");
    s.royal_enemies = vec![parse_square("d7", board, 1).expect("square")];
    assert_eq!(tokens(&play("kR", board, &s)), expected("d7x"));
}

#[test]
fn unload_swaps_with_the_victim() {
    let board = BoardSize { files: 8, ranks: 8 };
    let s = scene(board, "d4", "", "d7");
    let d = play("ucR", board, &s);
    assert_eq!(tokens(&d), expected("d7x"));
    assert_eq!(d.moves[0].unload, parse_square("d4", board, 1));
}

/// `afudQ`: slide, go on the same way and swap with a friend, which lands where the second
/// leg began.
#[test]
fn unload_lands_on_the_start_of_its_leg() {
    let board = BoardSize { files: 8, ranks: 8 };
    let d = play("afudQ", board, &scene(board, "d4", "d7", ""));
    let sq = |s| parse_square(s, board, 1).expect("square");
    let mut unloads: Vec<_> = d
        .moves
        .iter()
        .filter(|m| m.to == sq("d7"))
        .map(|m| m.unload)
        .collect();
    unloads.sort();
    assert_eq!(unloads, vec![Some(sq("d5")), Some(sq("d6"))]);
    assert!(d.moves.iter().all(|m| m.captures == vec![m.to]));
}

#[test]
fn initial_moves_need_a_virgin_piece() {
    let board = BoardSize { files: 8, ranks: 8 };
    let mut s = scene(board, "d4", "", "");
    let d = play("iW2", board, &s);
    assert!(d.moves.iter().all(|m| m.initial));
    s.virgin = false;
    assert!(play("iW2", board, &s).moves.is_empty());
}

#[test]
fn multi_leg_section_7_4() {
    check(&[
        case("afsW", N9, "e5", "", "e6", "c4 c6 d3 f3 g4 g6"),
        case("afsF", N9, "e5", "", "f6", "c4 c6 d3 d7 f3 g4"),
        case("afsK", N9, "e5", "", "e6 f6", "c4 c6 d3 d7 f3 g4 g6"),
        case("mafF", N9, "e5", "", "f6", "c3 c7 g3"),
        case("mafW", N9, "e5", "", "", "c5 e3 e7 g5"),
        case("mpafsK", N9, "e5", "f6", "e6", "c4 c6 d3 d7 f3 f7 g4 g6"),
        case(
            "caK",
            N9,
            "e5",
            "",
            "f6",
            "e6[f6] e7[f6] f5[f6] f7[f6] g5[f6] g6[f6] g7[f6]",
        ),
        case(
            "caK",
            N9,
            "e5",
            "",
            "f6 g7",
            "e6[f6] e7[f6] f5[f6] f7[f6] g5[f6] g6[f6] g7x[f6]",
        ),
        case("cabK", N9, "e5", "", "f6", "e5[f6]"),
        case("mcabK", N9, "e5", "", "f6", "e5 e5[f6]"),
        case("cafcafK", N9, "e5", "", "e6 e7", "e8[e6,e7]"),
        case(
            "KNADcaKmcabK",
            N9,
            "e5",
            "",
            "f6 d4",
            "d4x d5 d6 e4 e6 f4 f5 f6x c4 c6 d3 d7 f3 f7 g4 g6 c3 c7 g3 g7 c5 e3 e7 g5 \
             c3[d4] c4[d4] c5[d4] d3[d4] d5[d4] e3[d4] e4[d4] \
             e6[f6] e7[f6] f5[f6] f7[f6] g5[f6] g6[f6] g7[f6] e5 e5[d4] e5[f6]",
        ),
        case("fcafmF", C8, "d4", "c5", "e5", "f6[e5]"),
        case(
            "FyafsF",
            N9,
            "e5",
            "",
            "f7",
            "d4 d6 f4 f6 a4 a6 b4 b6 c4 c6 d1 d2 d3 d7 d8 d9 f1 f2 f3 f7x g4 g6 h4 h6 i4 i6",
        ),
        case(
            "yafsF",
            C8,
            "d4",
            "",
            "",
            "a3 b3 c1 c2 a5 b5 c6 c7 c8 f3 g3 h3 e1 e2 f5 g5 h5 e6 e7 e8",
        ),
        case(
            "masB",
            C8,
            "d4",
            "",
            "",
            "a3 a5 b4 b8 c1 c7 d2 d6 d8 e1 e7 f4 f8 g3 g5 h2 h4 h6",
        ),
        case(
            "WBmasB",
            C8,
            "d4",
            "",
            "f6",
            "c4 d3 d5 e4 c3 b2 a1 c5 b6 a7 e3 f2 g1 e5 f6x \
             a3 a5 b4 b8 c1 c7 d2 d6 d8 e1 e7 f4 f8 g3 g5 h2 h4 h6",
        ),
        case("pafiQ", C8, "d4", "f6 b4", "d6", "d8 h8"),
        case("mafiR", C8, "d4", "", "", "b4 d2 d6 d8 f4 h4"),
        case(
            "BsbRfWfDfcavWfabW",
            N9,
            "e5",
            "",
            "e6",
            "d4 c3 b2 a1 d6 c7 b8 a9 f4 g3 h2 i1 f6 g7 h8 i9 a5 b5 c5 d5 f5 g5 h5 i5 e4 e3 e2 e1 \
             e6x e7 e7[e6] e5[e6]",
        ),
        case(
            "RbBfFfAfcavFfabF",
            N9,
            "e5",
            "",
            "f6",
            "e6 e7 e8 e9 e4 e3 e2 e1 a5 b5 c5 d5 f5 g5 h5 i5 d4 c3 b2 a1 f4 g3 h2 i1 \
             d6 f6x c7 g7 g7[f6] e5[f6] e5",
        ),
        case(
            "mpacabK",
            N9,
            "e5",
            "f5",
            "g5 e6",
            "d5[e6] d6[e6] f6[e6] f4[g5] f6[g5]",
        ),
    ]);
}

/// The checker (`fcafmF`) of the second player moves down the board.
#[test]
fn second_player_is_rotated() {
    let board = BoardSize { files: 8, ranks: 8 };
    let mut s = scene(board, "d5", "c4 e4", "");
    s.second = true;
    // For the second player the dummies swap sides: white c4 and e4 are its enemies.
    std::mem::swap(&mut s.friends, &mut s.enemies);
    assert_eq!(
        tokens(&play("fcafmF", board, &s)),
        expected("b3[c4] f3[e4]")
    );
    let mut n = scene(board, "e5", "", "");
    n.second = true;
    assert_eq!(tokens(&play("lN", board, &n)), expected("g4 g6"));
}

#[test]
fn free_eagle_has_diagonal_lion_power() {
    let board = BoardSize { files: 9, ranks: 9 };
    let got = tokens(&play("QADcaFmcabF", board, &scene(board, "e5", "", "f6")));
    for want in ["g7[f6]", "e5[f6]", "e5", "f6x", "g7", "c5"] {
        assert!(got.contains(want), "missing {want} in {got:?}");
    }
    // The second leg of `caF` defaults to every turn but straight back, 45 degree turns
    // included, and a 45 degree turn makes the F a W (docs/xbetza.md, "Multi-leg moves"): after taking f6
    // the eagle may also step orthogonally, e.g. to f7, a square no other part reaches.
    assert!(got.contains("f7[f6]") && got.contains("g6[f6]"));
    assert!(!got.contains("f7"));
}

#[test]
fn parentheses_section_8() {
    check(&[
        case(
            "B(paf)2cB",
            C8,
            "d4",
            "e5",
            "f6 g7 b6 a7",
            "a1 b2 c3 c5 e3 f2 g1 a7x b6x f6x g7x",
        ),
        case(
            "jvhQjsQ3cab(mpacab)1K",
            N9,
            "e5",
            "e6",
            "f6 d5",
            "e7 e8 e9 g7 h8 i9 g3 h2 i1 e3 e2 e1 c3 b2 a1 c7 b8 a9 b5 c5 g5 h5 e5[d5] e5[f6] e5[d5,f6]",
        ),
    ]);
}

#[test]
fn area_move_reaches_the_whole_7x7_square() {
    let board = BoardSize { files: 9, ranks: 9 };
    let d = play("(a)2K", board, &scene(board, "e5", "e6", "f5"));
    let got = tokens(&d);
    let mut want = BTreeSet::new();
    for file in b'b'..=b'h' {
        for rank in 2..=8 {
            let name = format!("{}{rank}", file as char);
            match name.as_str() {
                "e6" => {}
                "f5" => {
                    want.insert("f5x".to_string());
                }
                _ => {
                    want.insert(name);
                }
            }
        }
    }
    assert_eq!(want.len(), 48);
    assert_eq!(got, want);
}

#[test]
fn en_passant_creation_and_capture_section_9() {
    let board = BoardSize { files: 8, ranks: 8 };
    let sq = |s| parse_square(s, board, 1).expect("square");
    let mut s = scene(board, "d5", "", "e5");
    s.en_passant = Some(EnPassant {
        square: sq("e6"),
        victim: sq("e5"),
    });
    let d = play("ifmnDfmWfceF", board, &s);
    assert_eq!(tokens(&d), expected("d6 d7 e6[e5]"));
    let double = d
        .moves
        .iter()
        .find(|m| m.to == sq("d7"))
        .expect("double step");
    assert_eq!(double.en_passant, vec![sq("d6")]);
    let push = play("mfW*", board, &scene(board, "d2", "", ""));
    let to_d4 = push
        .moves
        .iter()
        .find(|m| m.to == sq("d4"))
        .expect("push to d4");
    assert_eq!(to_d4.en_passant, vec![sq("d3")]);
}

#[test]
fn castling_section_9() {
    check(&[
        case("KisO2", C8, "e1", "a1 h1", "", "d1 d2 e2 f2 f1 c1 g1"),
        case("KisO2", C8, "e1", "a1 b1 h1", "", "d1 d2 e2 f2 f1 g1"),
    ]);
    let board = BoardSize { files: 8, ranks: 8 };
    let d = play("KisO2", board, &scene(board, "e1", "a1 h1", ""));
    let c1 = d
        .moves
        .iter()
        .find(|m| m.castling.is_some() && d.scene.square_name(m.to) == "c1")
        .expect("long castling");
    let (partner, lands) = c1.castling.expect("castling");
    assert_eq!(
        (d.scene.square_name(partner), d.scene.square_name(lands)),
        ("a1".to_string(), "d1".to_string())
    );
}

/// Undefined or unsupported combinations get a diagnostic with a stable code, not a guess.
#[test]
fn undefined_combinations_are_diagnosed() {
    let board = BoardSize { files: 9, ranks: 9 };
    let cases = [
        ("hW", "E0307", 0..1),
        ("fhW", "E0307", 1..2),
        ("hK", "E0307", 0..1),
        ("W03", "E0306", 1..3),
        ("rfNalN", "E0308", 4..5),
        ("xR", "E0310", 0..1),
        ("I", "E0310", 0..1),
        ("wR", "E0309", 0..1),
        ("nC", "E0314", 0..1),
        ("(a)K", "E0311", 0..4),
        ("(a)0K", "E0316", 3..4),
        ("zaB", "E0313", 0..3),
        ("eafW", "E0318", 0..1),
        ("fO2", "E0317", 0..1),
        ("RX", "E0312", 1..2),
        ("EW", "E0303", 0..1),
    ];
    for (text, code, range) in cases {
        let errors = expand(text, board).expect_err(text);
        assert_eq!(
            (errors[0].code, errors[0].span.start..errors[0].span.end),
            (code, range),
            "{text}: {}",
            errors[0].message
        );
        assert!(!errors[0].message.is_empty());
    }
}

#[test]
fn explosive_strings_fail_fast() {
    let board = BoardSize {
        files: 25,
        ranks: 25,
    };
    for text in ["(a)K", "(a)(a)(a)Q", "(mpacab)9(a)9K", "((a)9)9K"] {
        let errors = expand(text, board).expect_err(text);
        assert_eq!(errors[0].code, "E0311", "{text}");
    }
}

#[test]
fn bracket_notation() {
    check(&[
        case(
            "[F?R]",
            N9,
            "e5",
            "",
            "f7",
            "d4 d6 f4 f6 a4 a6 b4 b6 c4 c6 d1 d2 d3 d7 d8 d9 f1 f2 f3 f7x g4 g6 h4 h6 i4 i6",
        ),
        case("[F-B]", C8, "d4", "", "", "a1 a7 b2 b6 f2 f6 g1 g7 h8"),
        case(
            "[W-sR]",
            C8,
            "d4",
            "",
            "",
            "a3 a5 b3 b5 c3 c5 c2 c1 e2 e1 c6 c7 c8 e6 e7 e8 f3 g3 h3 f5 g5 h5 e3 e5",
        ),
    ]);
}

#[test]
fn templates_are_deduplicated() {
    let board = BoardSize { files: 9, ranks: 9 };
    let (single, _) = expand("K", board).expect("K");
    let (double, _) = expand("KK", board).expect("KK");
    assert_eq!(single.paths.len(), 8);
    assert_eq!(double.paths.len(), 8);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]

    /// Random strings over the whole XBetza alphabet: a diagnostic or a diagram, never a panic.
    #[test]
    fn random_strings_never_panic(
        text in r"[WFDNAHCZGKQRBOUILJXY fblrvsh mcdekipgynjozquxtw aaaa()\[\]?0-9*E.é-]{1,32}"
    ) {
        let board = BoardSize { files: 9, ranks: 9 };
        if let Ok((expansion, _)) = expand(&text, board) {
            let d = koma_compiler::diagram::draw(
                &expansion,
                &koma_compiler::diagram::Scene::centre(board),
            );
            let _ = koma_compiler::diagram::render_svg(&d, &text);
        }
    }
}
