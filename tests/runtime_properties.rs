//! Property tests over random chess games: hash, make/unmake, position text and move text
//! round trips, and generated moves == moves that survive an independent legality check.

use crate::runtime_common as common;
use koma_runtime::testing::{Picks, exposes_royal};
use koma_runtime::{MoveList, Position};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};

/// A proptest configuration with `cases` cases, the same on every run.
fn config(cases: u32) -> Config {
    Config {
        cases,
        failure_persistence: None,
        rng_seed: RngSeed::Fixed(0x6b6f_6d61),
        ..Config::default()
    }
}

/// Choices of a random game: proptest shrinks a failing game to a short one.
fn picks() -> impl Strategy<Value = Picks> {
    proptest::collection::vec(any::<usize>(), 1..64).prop_map(Picks::new)
}

const FENS: [&str; 5] = [
    "startpos",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
];

fn check_position(pos: &mut Position) {
    assert_eq!(
        pos.hash(),
        pos.compute_hash(),
        "incremental hash at {}",
        pos.to_text()
    );
    let text = pos.to_text();
    let parsed = Position::from_text(pos.tables().clone(), &text).expect("own text parses");
    assert_eq!(parsed.to_text(), text);
    assert!(parsed == *pos, "position text round trip: {text}");
    let legal = pos.moves();
    let mut pseudo = MoveList::new();
    pos.pseudo_legal_moves(&mut pseudo);
    let pseudo = pseudo.to_vec();
    for &m in &pseudo {
        let is_legal = legal.contains(&m);
        // Castling also needs the squares it crosses to be safe, which this check does not see.
        if m.castling_partner().is_none() || !is_legal {
            assert_eq!(
                is_legal,
                !exposes_royal(pos, m),
                "legality of {} in {text}",
                pos.move_text(&m)
            );
        }
    }
    for &m in &legal {
        let mt = pos.move_text(&m);
        assert_eq!(pos.parse_move(&mt), Ok(m), "move text `{mt}` in {text}");
        let before = pos.clone();
        pos.make(&m);
        assert_eq!(pos.hash(), pos.compute_hash(), "hash after {mt} in {text}");
        pos.unmake();
        assert!(before == *pos, "make/unmake of {mt} in {text}");
    }
}

proptest! {
    #![proptest_config(config(20))]

    #[test]
    fn random_games_keep_every_invariant(fen in 0..FENS.len(), mut rng in picks()) {
        let tables = common::tables(common::chess_spec());
        let mut pos = Position::from_text(tables, FENS[fen]).expect("valid FEN");
        for _ply in 0..80 {
            check_position(&mut pos);
            let moves = pos.moves();
            if moves.is_empty() {
                prop_assert!(pos.result().is_some());
                break;
            }
            pos.make(&moves[rng.below(moves.len())]);
        }
    }

    #[test]
    fn unmake_all_returns_to_start(mut rng in picks()) {
        let tables = common::tables(common::chess_spec());
        let start = Position::from_text(tables, "startpos").expect("startpos");
        let mut pos = start.clone();
        for _ in 0..60 {
            let moves = pos.moves();
            if moves.is_empty() {
                break;
            }
            pos.make(&moves[rng.below(moves.len())]);
        }
        while pos.ply() > 0 {
            pos.unmake();
        }
        prop_assert!(pos == start);
        prop_assert_eq!(
            pos.to_text(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
    }
}

#[test]
fn game_results() {
    let tables = common::tables(common::chess_spec());
    // Fool's mate.
    let mut pos = Position::from_text(tables.clone(), "startpos").expect("startpos");
    for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        let mv = pos.parse_move(m).expect("legal");
        pos.make(&mv);
    }
    let r = pos.result().expect("game over");
    assert_eq!(r.score(), "0-1");
    assert_eq!(r.reason, koma_runtime::result::Reason::Checkmate);
    // Stalemate: black king a8, white queen b6, white king c7... black to move.
    let mut pos =
        Position::from_text(tables.clone(), "k7/8/1Q6/8/8/8/8/2K5 b - - 0 1").expect("fen");
    assert_eq!(
        pos.result().map(|r| r.reason),
        Some(koma_runtime::result::Reason::Stalemate)
    );
    // Repetition: knights out and back twice.
    let mut pos = Position::from_text(tables, "startpos").expect("startpos");
    for m in [
        "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
    ] {
        assert!(pos.result().is_none());
        let mv = pos.parse_move(m).expect("legal");
        pos.make(&mv);
    }
    assert_eq!(
        pos.result(),
        None,
        "no repetition rule in the hand-built spec"
    );
}

#[test]
fn move_text_forms() {
    let tables = common::tables(common::chess_spec());
    let mut pos =
        Position::from_text(tables, "4k3/1P6/8/3pP3/8/8/8/R3K2R w KQ d6 0 1").expect("fen");
    let ep = pos
        .parse_move("e5d6")
        .expect("e.p. without the capture square");
    assert_eq!(pos.move_text(&ep), "e5xd5d6");
    assert_eq!(pos.parse_move("e5xd5d6"), Ok(ep));
    let promo = pos.parse_move("b7b8=N").expect("promotion");
    assert_eq!(pos.parse_move("b7b8n"), Ok(promo));
    assert!(
        pos.parse_move("b7b8").is_err(),
        "a pawn on the last rank must promote"
    );
    let castle = pos.parse_move("e1g1").expect("castling");
    assert_eq!(
        castle.castling_partner().map(|(a, b)| (a.0, b.0)),
        Some((7, 5))
    );
    assert!(pos.parse_move("e1e3").is_err());
    assert!(pos.parse_move("zz").is_err());
}

/// Characters of position and move text, and some that are not.
const ALPHABET: &str = "pnbrqkPNBRQK+[]*/ -0123456789wbKQkqa-h@,x=é";

fn alphabet() -> impl Strategy<Value = char> {
    proptest::sample::select(ALPHABET.chars().collect::<Vec<char>>())
}

proptest! {
    #![proptest_config(config(3000))]

    #[test]
    fn garbage_text_never_panics(text in proptest::collection::vec(alphabet(), 0..60)) {
        let tables = common::tables(common::chess_spec());
        let text: String = text.into_iter().collect();
        let _ = Position::from_text(tables.clone(), &text);
        let mut pos = Position::from_text(tables, "startpos").expect("startpos");
        let _ = pos.parse_move(&text);
    }

    /// Mutations of a valid FEN reach deeper into the parser.
    #[test]
    fn mutated_fen_never_panics(
        edits in proptest::collection::vec((any::<proptest::sample::Index>(), alphabet()), 1..4)
    ) {
        let tables = common::tables(common::chess_spec());
        let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        let mut chars: Vec<char> = fen.chars().collect();
        for (at, c) in edits {
            let i = at.index(chars.len());
            chars[i] = c;
        }
        let text: String = chars.into_iter().collect();
        if let Ok(mut p) = Position::from_text(tables, &text) {
            let _ = p.perft(2);
            let _ = p.to_text();
        }
    }
}
