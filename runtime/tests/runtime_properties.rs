//! Property tests over random chess games: hash, make/unmake, position text and move text
//! round trips, and generated moves == moves that survive an independent legality check.

mod common;

use koma_runtime::{FullMove, MoveList, Position};

/// A small deterministic generator (xorshift64*), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n.max(1)
    }
}

const FENS: [&str; 5] = [
    "startpos",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
];

/// Whether the opponent (to move after `m`) can remove a royal of the mover: found by
/// generating every opponent move, not by the attack test.
fn exposes_royal(pos: &mut Position, m: FullMove) -> bool {
    let me = pos.side_to_move();
    pos.make(&m);
    let royals: Vec<_> = pos.royal_squares(me).to_vec();
    let mut replies = MoveList::new();
    pos.pseudo_legal_moves(&mut replies);
    let replies = replies.to_vec();
    let hit = royals.is_empty()
        || replies.iter().any(|r| {
            royals.contains(&r.to) || r.side_captures().iter().any(|s| royals.contains(s))
        });
    pos.unmake();
    hit
}

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

#[test]
fn random_games_keep_every_invariant() {
    let tables = common::tables(common::chess_spec());
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    for fen in FENS {
        for _game in 0..4 {
            let mut pos = Position::from_text(tables.clone(), fen).expect("valid FEN");
            for _ply in 0..80 {
                check_position(&mut pos);
                let moves = pos.moves();
                if moves.is_empty() {
                    assert!(pos.result().is_some());
                    break;
                }
                pos.make(&moves[rng.below(moves.len())]);
            }
        }
    }
}

#[test]
fn unmake_all_returns_to_start() {
    let tables = common::tables(common::chess_spec());
    let mut rng = Rng(77);
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
    assert!(pos == start);
    assert_eq!(
        pos.to_text(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
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

#[test]
fn garbage_text_never_panics() {
    let tables = common::tables(common::chess_spec());
    let mut rng = Rng(0xdead_beef);
    let alphabet: Vec<char> = "pnbrqkPNBRQK+[]*/ -0123456789wbKQkqa-h@,x=é"
        .chars()
        .collect();
    let mut pos = Position::from_text(tables.clone(), "startpos").expect("startpos");
    for _ in 0..3000 {
        let len = rng.below(60);
        let text: String = (0..len)
            .map(|_| alphabet[rng.below(alphabet.len())])
            .collect();
        let _ = Position::from_text(tables.clone(), &text);
        let _ = pos.parse_move(&text);
    }
    // Mutations of a valid FEN reach deeper into the parser.
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    for _ in 0..3000 {
        let mut chars: Vec<char> = fen.chars().collect();
        for _ in 0..1 + rng.below(3) {
            let i = rng.below(chars.len());
            chars[i] = alphabet[rng.below(alphabet.len())];
        }
        let text: String = chars.into_iter().collect();
        if let Ok(mut p) = Position::from_text(tables.clone(), &text) {
            let _ = p.perft(2);
            let _ = p.to_text();
        }
    }
}
