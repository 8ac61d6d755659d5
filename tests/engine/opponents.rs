//! Moves as other programs read them (issue 23): koma writes every move of a position the way
//! Fairy-Stockfish does, so that it understands koma's moves (e.p. as `c5b6`, not leg by leg).
//! Without fairy-stockfish the tests are skipped, or fail when KOMA_REQUIRE_EXTERNAL is set.

use std::collections::BTreeSet;
use std::path::Path;

use koma_engine::Variant;
use koma_engine::uci::Uci;
use koma_runtime::Position;

use super::common::{Engine, external, requests, tables};
use super::conversation::EN_PASSANT_ONLY;

/// Chess positions with every kind of move: castling both ways, e.p., promotions with and
/// without capture, and a check answered by e.p. only.
const POSITIONS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/2pPN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq c6 0 2",
    "8/2p5/3p4/KP5r/1R3pPk/8/4P3/8 b - g3 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    EN_PASSANT_ONLY,
];

/// The UCI text koma gives every legal move of `fen`.
fn koma_moves(fen: &str) -> BTreeSet<String> {
    let mut uci = Uci::new(vec![Variant::named_for_uci(tables("chess.koma"))]);
    let input = format!("position fen {fen}\ngo depth 1\n");
    let (_, searches) = requests(&mut uci, input.as_bytes());
    let req = searches.into_iter().next().expect("a search");
    let text = req.info.expect("UCI reports progress").moves;
    let mut pos: Position = req.position;
    pos.moves().iter().map(|m| text.text(&mut pos, m)).collect()
}

/// Sends `commands` to Fairy-Stockfish and returns its lines up to the one starting `until`.
fn ask(fsf: &Path, commands: &[&str], until: &str) -> Vec<String> {
    let mut e = Engine::spawn(fsf, &[]);
    e.send("uci");
    e.expect("uciok");
    for c in commands {
        e.send(c);
    }
    e.expect(until);
    let seen = e.seen().to_vec();
    e.quit();
    seen
}

#[test]
fn fairy_stockfish_writes_every_move_as_koma_does() {
    let Some(fsf) = external(&["fairy-stockfish"]) else {
        return;
    };
    for fen in POSITIONS {
        let lines = ask(
            &fsf[0],
            &[&format!("position fen {fen}"), "go perft 1"],
            "Nodes searched",
        );
        let theirs: BTreeSet<String> = lines
            .iter()
            .filter_map(|l| l.strip_suffix(": 1"))
            .filter(|m| !m.contains(' '))
            .map(str::to_string)
            .collect();
        assert_eq!(koma_moves(fen), theirs, "{fen}");
    }
}

#[test]
fn fairy_stockfish_plays_koma_s_en_passant() {
    let Some(fsf) = external(&["fairy-stockfish"]) else {
        return;
    };
    let mut koma = Engine::start(&["uci", "variants/chess.koma"]);
    koma.send(&format!("position fen {EN_PASSANT_ONLY}"));
    koma.send("go depth 3");
    let best = koma.expect("bestmove ");
    koma.quit();
    let mv = best.split_whitespace().nth(1).expect("a move");
    assert_eq!(mv, "c5b6");
    let position = format!("position fen {EN_PASSANT_ONLY} moves {mv}");
    let lines = ask(&fsf[0], &[&position, "d"], "Fen: ");
    assert_eq!(
        lines.last().map(String::as_str),
        Some("Fen: 7k/8/pPn5/8/K7/PP6/8/8 b - - 0 2"),
        "Fairy-Stockfish did not play {mv}"
    );
}
