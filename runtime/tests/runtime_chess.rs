//! Chess perft from a hand-built spec against the published counts (shared/perft/chess.perft).

mod common;

use koma_runtime::fen::PositionError;
use koma_runtime::moves::MoveError;
use koma_runtime::serialize::Invalid;
use koma_runtime::spec::{PieceType, Player};
use koma_runtime::{Position, Setup, Square, Tables};

fn perft(fen: &str, depth: u32) -> u64 {
    let mut pos =
        Position::from_text(common::tables(common::chess_spec()), fen).expect("valid FEN");
    pos.perft(depth)
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const POS3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
const POS4: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
const POS5: &str = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";

#[test]
fn start_position() {
    assert_eq!(perft(START, 1), 20);
    assert_eq!(perft(START, 2), 400);
    assert_eq!(perft(START, 3), 8902);
}

#[test]
fn kiwipete() {
    assert_eq!(perft(KIWIPETE, 1), 48);
    assert_eq!(perft(KIWIPETE, 2), 2039);
    assert_eq!(perft(KIWIPETE, 3), 97862);
}

#[test]
fn position3() {
    assert_eq!(perft(POS3, 1), 14);
    assert_eq!(perft(POS3, 2), 191);
    assert_eq!(perft(POS3, 3), 2812);
    assert_eq!(perft(POS3, 4), 43238);
}

#[test]
fn position4() {
    assert_eq!(perft(POS4, 1), 6);
    assert_eq!(perft(POS4, 2), 264);
    assert_eq!(perft(POS4, 3), 9467);
}

#[test]
fn position5() {
    assert_eq!(perft(POS5, 1), 44);
    assert_eq!(perft(POS5, 2), 1486);
    assert_eq!(perft(POS5, 3), 62379);
}

#[test]
#[ignore = "deep: run in release with --include-ignored"]
fn deep_counts() {
    assert_eq!(perft(START, 4), 197281);
    assert_eq!(perft(START, 5), 4865609);
    assert_eq!(perft(KIWIPETE, 4), 4085603);
    assert_eq!(perft(POS3, 5), 674624);
    assert_eq!(perft(POS4, 4), 422333);
    assert_eq!(perft(POS5, 4), 2103487);
}

/// Black to move mates at once (Qh4#): a first move without replies.
const FOOLS_MATE: &str = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2";

#[test]
fn threads_count_the_same_as_one_thread() {
    for fen in [KIWIPETE, POS4, FOOLS_MATE] {
        let mut pos =
            Position::from_text(common::tables(common::chess_spec()), fen).expect("valid FEN");
        let one = pos.divide(3);
        for threads in [2, 3, 64] {
            // Progress: one call per first move, each with the total, the last with all done.
            let calls = std::sync::Mutex::new(Vec::new());
            let counts = pos.divide_threads(3, threads, &|finished, total| {
                calls.lock().expect("no panic").push((finished, total));
            });
            assert_eq!(counts, one, "{threads} threads");
            let mut calls = calls.into_inner().expect("no panic");
            calls.sort_unstable();
            let n = one.len();
            assert_eq!(calls, (1..=n).map(|k| (k, n)).collect::<Vec<_>>());
            assert_eq!(
                pos.perft_threads(3, threads),
                one.iter().map(|&(_, n)| n).sum::<u64>()
            );
        }
        assert_eq!(pos.perft_threads(3, 1), pos.perft(3));
    }
}

#[test]
fn play_makes_legal_moves_and_refuses_others() {
    let mut pos = Position::from_text(common::tables(common::chess_spec()), START).expect("FEN");
    let e4 = pos.parse_move("e2e4").expect("legal");
    pos.play(&e4).expect("legal at the start");
    let after = pos.hash();
    assert_eq!(pos.play(&e4), Err(MoveError::NotLegal));
    assert_eq!(pos.hash(), after, "a refused move changes nothing");
    assert_eq!(pos.ply(), 1);
}

#[test]
fn try_new_checks_the_spec() {
    assert!(Tables::try_new(common::chess_spec()).is_ok());
    let mut bad = common::chess_spec();
    bad.pieces[0].promotions.push(PieceType(99));
    assert!(matches!(
        Tables::try_new(bad),
        Err(Invalid::UnknownPromotion { .. })
    ));
}

#[test]
fn a_setup_becomes_a_position_only_when_valid() {
    let tables = common::tables(common::chess_spec());
    let king = PieceType(5);
    let mut setup = Setup::new(tables.clone());
    assert_eq!(
        setup.put(Square(64), Some((Player::First, king))),
        Err(PositionError::SquareIndex {
            index: 64,
            squares: 64
        })
    );
    assert!(matches!(
        setup.put(Square(0), Some((Player::First, PieceType(6)))),
        Err(PositionError::PieceIndex { index: 6, .. })
    ));
    for i in 0..33 {
        setup
            .put(Square(i), Some((Player::First, king)))
            .expect("on the board");
    }
    let error = setup.clone().into_position().expect_err("33 royals");
    assert!(error.to_string().contains("royal"), "{error}");
    setup.put(Square(32), None).expect("on the board");
    setup.set_side_to_move(Player::Second);
    let pos = setup.into_position().expect("32 royals are tracked");
    assert_eq!(pos.royal_squares(Player::First).len(), 32);
    assert_eq!(pos.side_to_move(), Player::Second);
}

#[test]
fn fairy_stockfish_run_together_ep_fields_are_read() {
    // Fairy-Stockfish writes `d5d6` after ...d7-d5 (the Pawn's square, then the passed one):
    // the empty square is the e.p. square, so e5xd6 is there, as with `d6`.
    let fsf = "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d5d6 0 3";
    let plain = "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3";
    assert_eq!(perft(fsf, 1), perft(plain, 1));
    assert_eq!(perft(fsf, 2), perft(plain, 2));
    assert_eq!(perft(plain, 1), 31);
    // A run of occupied squares only is no e.p. field.
    let tables = common::tables(common::chess_spec());
    let bad = "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d5e5 0 3";
    assert!(Position::from_text(tables, bad).is_err());
}
