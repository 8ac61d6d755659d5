//! Walking semantics against the worked examples of the Interactive Diagram's (sources in docs/xbetza.md), with
//! hand-expanded path templates.

use crate::runtime_common::{self as common, *};
use koma_runtime::Position;
use koma_runtime::spec::*;
use koma_runtime::testing::move_tokens;

/// Two-leg K paths: leg 1 in every direction, leg 2 turned by each of `turns` (in 45° steps).
fn two_leg_k(m1: Modes, m2: Modes, turns: &[usize]) -> Vec<PathTemplate> {
    let mut out = Vec::new();
    for d in 0..8 {
        for &t in turns {
            let (a, b) = (KING_DIRS[d], KING_DIRS[(d + t) % 8]);
            out.push(path(vec![leg(a.0, a.1, 1, m1), leg(b.0, b.1, 1, m2)]));
        }
    }
    out
}

/// Destinations of piece `X` (moves `paths`) on `from`, with `friends` and `enemies` as
/// immobile dummies: `to` plus `x` for a capture there, plus `[victims]`.
fn dests(
    size: u8,
    paths: Vec<PathTemplate>,
    from: &str,
    friends: &[&str],
    enemies: &[&str],
) -> Vec<String> {
    let spec = VariantSpec {
        name: "test".to_string(),
        board: board(size, size),
        pieces: vec![piece("X", "Mover", paths), piece("D", "Dummy", Vec::new())],
        setup: None,
        rules: RulesSpec::default(),
    };
    let tables = common::tables(spec);
    let mut pos = Position::empty(tables.clone());
    let geo = &tables.geo();
    let sq = |n: &str| geo.parse_square(n).expect("square");
    pos.put(sq(from), Some((Player::First, PieceType(0))));
    for f in friends {
        pos.put(sq(f), Some((Player::First, PieceType(1))));
    }
    for e in enemies {
        pos.put(sq(e), Some((Player::Second, PieceType(1))));
    }
    let moves = pos.moves();
    move_tokens(&pos, &moves, sq(from))
}

fn list(s: &str) -> Vec<String> {
    let mut v: Vec<String> = s.split_whitespace().map(str::to_string).collect();
    v.sort();
    v
}

#[test]
fn rook_stops_at_first_piece() {
    let r = riders(&ORTHO, 0, MC);
    assert_eq!(
        dests(8, r, "d4", &["f4"], &["d6"]),
        list("a4 b4 c4 d1 d2 d3 d5 d6x e4")
    );
}

#[test]
fn cannon_hops_to_capture() {
    let mut p = riders(&ORTHO, 0, Modes::MOVE);
    p.extend(riders(&ORTHO, 0, Modes::CAPTURE | Modes::HOP));
    assert_eq!(
        dests(8, p, "d4", &["f4"], &["d6", "d7", "h4"]),
        list("a4 b4 c4 d1 d2 d3 d5 e4 d7x h4x")
    );
}

#[test]
fn grasshopper_lands_behind_hurdle() {
    let g = riders(&KING_DIRS, 0, MC | Modes::GRASSHOP);
    assert_eq!(
        dests(8, g, "d4", &["f6", "a4"], &["d6", "b4"]),
        list("d7 g7")
    );
}

#[test]
fn hopping_knight() {
    let p = riders(&KNIGHT, 1, MC | Modes::HOP);
    assert_eq!(dests(9, p, "e5", &[], &["f7"]), list("g9"));
}

#[test]
fn ski_rook_skips_first_square() {
    let j = riders(&ORTHO, 0, MC | Modes::JUMP);
    assert_eq!(
        dests(8, j, "d4", &[], &["d5"]),
        list("a4 b4 d1 d2 d6 d7 d8 f4 g4 h4")
    );
}

#[test]
fn lame_and_jumping_dabbaba() {
    let d = [(0, 2), (2, 0), (0, -2), (-2, 0)];
    let lame = riders(&d, 1, MC | Modes::LAME);
    assert_eq!(dests(9, lame, "e5", &["e6"], &["f5"]), list("c5 e3"));
    let jump = riders(&d, 1, MC | Modes::JUMP);
    assert_eq!(dests(9, jump, "e5", &[], &["e6"]), list("e7"));
}

#[test]
fn locust_capture_and_igui() {
    // caK: capture on the first step, continue in any direction but straight back.
    let ca = two_leg_k(Modes::CAPTURE, MC, &[0, 1, 2, 3, 5, 6, 7]);
    assert_eq!(
        dests(9, ca.clone(), "e5", &[], &["f6"]),
        list("e6[f6] e7[f6] f5[f6] f7[f6] g5[f6] g6[f6] g7[f6]")
    );
    assert_eq!(
        dests(9, ca, "e5", &[], &["f6", "g7"]),
        list("e6[f6] e7[f6] f5[f6] f7[f6] g5[f6] g6[f6] g7x[f6]")
    );
    // mcabK: step (or capture) and come straight back: pass and igui.
    let igui = two_leg_k(Modes::MOVE | Modes::CAPTURE, MC, &[4]);
    assert_eq!(dests(9, igui, "e5", &[], &["f6"]), list("e5 e5[f6]"));
}

#[test]
fn chu_lion() {
    let mut lion = riders(&KING_DIRS, 1, MC);
    lion.extend(riders(&KNIGHT, 1, MC));
    lion.extend(riders(&[(2, 2), (2, -2), (-2, -2), (-2, 2)], 1, MC));
    lion.extend(riders(&[(0, 2), (2, 0), (0, -2), (-2, 0)], 1, MC));
    lion.extend(two_leg_k(Modes::CAPTURE, MC, &[0, 1, 2, 3, 5, 6, 7]));
    lion.extend(two_leg_k(Modes::MOVE | Modes::CAPTURE, MC, &[4]));
    let moves = dests(9, lion, "e5", &[], &["f6", "d4"]);
    // 24 KNAD squares, 7 + 7 continuations after each locust capture, 2 igui, 1 pass.
    assert_eq!(moves.len(), 24 + 14 + 3);
    for m in [
        "d4x", "f6x", "c3[d4]", "g7[f6]", "e5[d4]", "e5[f6]", "e5", "g7",
    ] {
        assert!(moves.contains(&m.to_string()), "{m} missing from {moves:?}");
    }
}

#[test]
fn equihopper_and_iso_rook() {
    let mut eq = Vec::new();
    for &(dx, dy) in &KING_DIRS {
        eq.push(path(vec![
            leg(dx, dy, 0, Modes::HOP),
            leg(dx, dy, 0, MC | Modes::ISO),
        ]));
    }
    assert_eq!(dests(8, eq, "d4", &["f6", "b4"], &["d6"]), list("d8 h8"));
    let mut iso = Vec::new();
    for &(dx, dy) in &ORTHO {
        iso.push(path(vec![
            leg(dx, dy, 0, Modes::MOVE),
            leg(dx, dy, 0, MC | Modes::ISO),
        ]));
    }
    assert_eq!(dests(8, iso, "d4", &[], &[]), list("b4 d2 d6 d8 f4 h4"));
}

#[test]
fn checker_jump_rotates_for_second_player() {
    let mut checker = Vec::new();
    for &(dx, dy) in &[(1, 1), (-1, 1)] {
        checker.push(path(vec![
            leg(dx, dy, 1, Modes::CAPTURE),
            leg(dx, dy, 1, Modes::MOVE),
        ]));
    }
    assert_eq!(dests(8, checker, "d4", &["c5"], &["e5"]), list("f6[e5]"));
}

#[test]
fn destroy_and_royal_capture() {
    let d = riders(&ORTHO, 0, Modes::DESTROY);
    assert_eq!(dests(8, d, "d4", &["f4"], &["d6"]), list("f4x"));
    let k = riders(&ORTHO, 0, Modes::ROYAL_CAPTURE);
    assert_eq!(
        dests(8, k, "d4", &[], &["d6"]),
        list(""),
        "the dummy is not royal"
    );
}

#[test]
fn vanishing_square_disappears_when_left() {
    let mut spec = VariantSpec {
        name: "test".to_string(),
        board: board(4, 4),
        pieces: vec![piece("X", "Mover", riders(&ORTHO, 0, MC))],
        setup: None,
        rules: RulesSpec::default(),
    };
    spec.board.vanishing = vec![Coord { x: 0, y: 0 }];
    let tables = common::tables(spec);
    let mut pos = Position::from_text(tables, "4/4/4/X3 w").expect("position");
    let before = pos.clone();
    let m = pos.parse_move("a1a3").expect("legal");
    pos.make(&m);
    assert_eq!(pos.to_text(), "4/X3/4/*3 b - - 1 1");
    let a1 = pos.tables().geo().parse_square("a1").expect("square");
    assert!(pos.is_vanished(a1));
    // A vanished square blocks rides like the board edge.
    let again = Position::from_text(pos.tables().clone(), "4/X3/4/*3 w").expect("round trip");
    let dests: Vec<String> = again
        .clone()
        .moves()
        .iter()
        .map(|m| again.move_text(m))
        .collect();
    assert!(!dests.iter().any(|d| d.ends_with("a1")), "{dests:?}");
    pos.unmake();
    assert!(pos == before);
}

#[test]
fn jump_ranks_limit_hurdles() {
    let mut hopper = Vec::new();
    for &(dx, dy) in &ORTHO {
        hopper.push(path(vec![
            leg(dx, dy, 0, Modes::HOP),
            leg(dx, dy, 0, Modes::CAPTURE),
        ]));
    }
    let mut spec = VariantSpec {
        name: "test".to_string(),
        board: board(8, 8),
        pieces: vec![
            piece("J", "Jumper", hopper),
            piece("D", "Dummy", Vec::new()),
            piece("H", "High", Vec::new()),
        ],
        setup: None,
        rules: RulesSpec::default(),
    };
    spec.rules.jump_rank = vec![2, 0, 2];
    let tables = common::tables(spec);
    // Hurdles: a dummy (rank 0) on d5, a high piece (rank 2, equal) on e4.
    let mut pos = Position::from_text(tables, "8/3d4/8/3D4/3JH1h1/8/8/8 w").expect("position");
    let moves: Vec<String> = pos.moves().iter().map(|m| pos.move_text(m)).collect();
    assert_eq!(
        moves,
        vec!["d4d7".to_string()],
        "only the low hurdle may be leapt"
    );
}

#[test]
fn castling_through_a_hopper_attack_is_forbidden() {
    let mut spec = common::chess_spec();
    let mut cannon = Vec::new();
    for &(dx, dy) in &ORTHO {
        cannon.push(path(vec![
            leg(dx, dy, 0, Modes::HOP),
            leg(dx, dy, 0, Modes::CAPTURE),
        ]));
    }
    spec.pieces.push(piece("C", "Cannon", cannon));
    let tables = common::tables(spec);
    // The cannon on f8 hops the pawn on f4 and would capture a king on f1, not on g1.
    let mut pos =
        Position::from_text(tables.clone(), "4kc2/8/8/8/5P2/8/8/4K2R w K - 0 1").expect("fen");
    assert!(
        pos.parse_move("e1g1").is_err(),
        "castling through an attacked f1"
    );
    let mut pos = Position::from_text(tables, "4k1c1/8/8/8/6P1/8/8/4K2R w K - 0 1").expect("fen");
    assert!(
        pos.parse_move("e1g1").is_err(),
        "castling into an attacked g1"
    );
    let mut pos =
        Position::from_text(pos.tables().clone(), "4k2c/8/8/8/7P/8/8/4K2R w K - 0 1").expect("fen");
    assert!(
        pos.parse_move("e1g1").is_ok(),
        "the rook on h1 may be attacked"
    );
}

/// The captures stage skips a piece with no enemy within its capture reach: with one enemy on
/// each square in turn, it must still give exactly the captures of the full list, for pieces
/// whose captures reach past their first leg (igui and double captures, iso legs, lame leaps,
/// destroying a friend).
#[test]
fn captures_stage_skips_only_pieces_that_cannot_capture() {
    let iso = vec![path(vec![
        leg(1, 0, 3, Modes::MOVE),
        leg(0, 1, 1, MC | Modes::ISO),
    ])];
    let lame = vec![path(vec![leg(2, 2, 1, MC | Modes::LAME)])];
    let destroy = riders(&KING_DIRS, 1, Modes::MOVE | Modes::DESTROY);
    let shapes = [
        ("lion", two_leg_k(MC, MC, &[0, 1, 2, 3, 4, 5, 6, 7])),
        ("knight", riders(&KNIGHT, 1, MC)),
        ("iso", iso),
        ("lame", lame),
        ("destroyer", destroy),
        ("rook", riders(&ORTHO, 0, MC)),
    ];
    for (name, paths) in shapes {
        let spec = VariantSpec {
            name: "test".to_string(),
            board: board(8, 8),
            pieces: vec![piece("X", "Mover", paths), piece("D", "Dummy", Vec::new())],
            setup: None,
            rules: RulesSpec::default(),
        };
        let tables = common::tables(spec);
        let geo = &tables.geo();
        let sq = |n: &str| geo.parse_square(n).expect("square");
        for enemy in geo.squares() {
            let mut pos = Position::empty(tables.clone());
            pos.put(sq("d4"), Some((Player::First, PieceType(0))));
            pos.put(sq("e5"), Some((Player::First, PieceType(1))));
            if enemy == sq("d4") || enemy == sq("e5") {
                continue;
            }
            pos.put(enemy, Some((Player::Second, PieceType(1))));
            let mut all = koma_runtime::MoveList::new();
            pos.legal_moves(&mut all);
            let expected: Vec<_> = all
                .iter()
                .filter(|m| pos.removes_piece(m))
                .map(|m| m.to_full())
                .collect();
            let mut captures = koma_runtime::MoveList::new();
            pos.legal_moves_of(&mut captures, koma_runtime::Gen::Captures);
            let got: Vec<_> = captures.iter().map(|m| m.to_full()).collect();
            assert_eq!(got, expected, "{name}, enemy on {}", geo.name(enemy));
        }
    }
}
