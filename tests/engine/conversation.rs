//! Conversations with the CECP and UCI state machines, searches run in place.

use koma_engine::Variant;
use koma_engine::cecp::{Cecp, CecpOptions};
use koma_engine::uci::Uci;
use koma_engine::xboard_setup::XboardPieces;
use koma_runtime::Position;
use koma_runtime::spec::{PieceType, Player};

use super::common::{converse, tables, xboard_variants};

fn cecp(files: &[&str]) -> Cecp {
    Cecp::new(xboard_variants(files), CecpOptions::default())
}

fn piece(pos: &Position, id: &str) -> PieceType {
    let i = pos
        .tables()
        .spec()
        .pieces
        .iter()
        .position(|p| p.id == id)
        .expect("piece id");
    PieceType(i as u16)
}

fn square(pos: &Position, name: &str) -> koma_runtime::Square {
    pos.tables().geo().parse_square(name).expect("square")
}

/// A Chu position: White King a1 and Lion f5; Black King l12, Queen f6 and Rook f7.
fn lion_position() -> String {
    let mut pos = Position::empty(tables("chu-shogi.koma"));
    for (sq, player, id) in [
        ("a1", Player::First, "K"),
        ("f5", Player::First, "LN"),
        ("l12", Player::Second, "K"),
        ("f6", Player::Second, "Q"),
        ("f7", Player::Second, "R"),
    ] {
        let (s, t) = (square(&pos, sq), piece(&pos, id));
        pos.put(s, Some((player, t)));
    }
    pos.to_text()
}

#[test]
fn cecp_announces_variants_and_describes_engine_defined_ones() {
    let mut e = cecp(&["chu-shogi.koma", "sho-shogi.koma", "kyou-shogi.koma"]);
    let out = converse(&mut e, &["xboard", "protover 2"]);
    assert_eq!(out[0], "feature done=0");
    assert_eq!(out.last().map(String::as_str), Some("feature done=1"));
    let features = out
        .iter()
        .find(|l| l.contains("variants="))
        .expect("features");
    assert!(features.contains("variants=\"chu,shoshogi\""), "{features}");
    for f in [
        "ping=1",
        "setboard=1",
        "usermove=1",
        "sigint=0",
        "sigterm=0",
        "exclude=1",
        "memory=1",
    ] {
        assert!(features.contains(f), "{f} missing from {features}");
    }
    // Kyou Shogi has no start position: not offered, and said why.
    assert!(
        out.iter()
            .any(|l| l.starts_with('#') && l.contains("kyoushogi"))
    );

    let out = converse(&mut e, &["variant shoshogi", "ping 7"]);
    let setup = out
        .iter()
        .find(|l| l.starts_with("setup ("))
        .expect("setup");
    assert!(setup.contains(") 9x9+0_chu "), "{setup}");
    assert!(out.iter().any(|l| l == "piece P& fW"), "{out:?}");
    // The setup comes before the pong that follows the variant command.
    assert_eq!(out.last().map(String::as_str), Some("pong 7"));

    // XBoard's own Chu: no setup (XBoard ignores it and uses its own letters).
    let out = converse(&mut e, &["variant chu", "ping 8"]);
    assert!(!out.iter().any(|l| l.starts_with("setup")), "{out:?}");
}

#[test]
fn xboard_fen_round_trips_and_too_large_variants_are_refused() {
    let t = tables("suzumu-shogi.koma");
    let pieces = XboardPieces::new(&t).expect("Suzumu fits XBoard");
    let start = Position::start(t.clone()).expect("start");
    let fen = pieces.fen(&start);
    let back = pieces.parse_fen(&t, &fen).expect("own FEN parses");
    assert_eq!(back.hash(), start.hash());
    // 66 slots a side, the last the King's: every ID distinct.
    let mut ids = pieces.ids.clone();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), t.piece_count());

    let mut e = cecp(&["tenjiku-shogi.koma"]);
    let out = converse(&mut e, &["protover 2", "variant tenjikushogi"]);
    assert!(
        out.iter()
            .any(|l| l.starts_with("tellusererror") || l.starts_with("setup"))
    );
}

/// XBoard's `setboard` goes through the same gate as position text: more royals than the
/// legality test tracks is an error, not a position that forgets some of them.
#[test]
fn xboard_fen_with_too_many_royals_is_refused() {
    let t = tables("chess.koma");
    let pieces = XboardPieces::new(&t).expect("chess fits XBoard");
    let fen = "KKKKKKKK/KKKKKKKK/KKKKKKKK/KKKKKKKK/K7/8/8/7k w - - 0 1";
    let error = pieces.parse_fen(&t, fen).expect_err("33 white royals");
    assert!(error.to_string().contains("royal"), "{error}");
    let fen = "KKKKKKKK/KKKKKKKK/KKKKKKKK/KKKKKKKK/8/8/8/7k b - - 0 1";
    let pos = pieces.parse_fen(&t, fen).expect("32 royals fit");
    assert_eq!(pos.royal_squares(Player::First).len(), 32);
    assert_eq!(pos.side_to_move(), Player::Second);
}

#[test]
fn cecp_plays_a_game_with_undo_and_rejects_illegal_moves() {
    let mut e = cecp(&["chu-shogi.koma"]);
    let out = converse(
        &mut e,
        &["protover 2", "new", "variant chu", "sd 2", "usermove e4e5"],
    );
    let reply = out
        .iter()
        .find(|l| l.starts_with("move "))
        .expect("engine answers");
    assert_eq!(e.position().ply(), 2, "{reply}");
    let out = converse(&mut e, &["force", "usermove z9z1", "usermove e5e7"]);
    assert_eq!(
        out,
        ["Illegal move (not a move): z9z1", "Illegal move: e5e7"]
    );
    let out = converse(&mut e, &["remove"]);
    assert!(out.is_empty());
    assert_eq!(e.position().ply(), 0);
    // In force mode moves are only recorded; `go` makes the engine play the side to move.
    let out = converse(&mut e, &["usermove e4e5", "usermove h9h8", "go"]);
    assert_eq!(
        out.iter().filter(|l| l.starts_with("move ")).count(),
        1,
        "{out:?}"
    );
    assert_eq!(e.position().ply(), 3);
}

#[test]
fn lion_double_capture_goes_leg_by_leg_both_ways() {
    let fen = lion_position();
    let mut e = cecp(&["chu-shogi.koma"]);
    converse(&mut e, &["protover 2"]);
    let out = converse(
        &mut e,
        &[
            "variant chu",
            "force",
            &format!("setboard {fen}"),
            "sd 2",
            "go",
        ],
    );
    let moves: Vec<&String> = out.iter().filter(|l| l.starts_with("move ")).collect();
    assert_eq!(moves, ["move f5f6,", "move f6f7"], "{out:?}");

    let mut e = cecp(&["chu-shogi.koma"]);
    converse(&mut e, &["protover 2"]);
    let out = converse(
        &mut e,
        &[
            "variant chu",
            "force",
            &format!("setboard {fen}"),
            "usermove f5f6,f6f7",
        ],
    );
    assert!(out.is_empty(), "{out:?}");
    let pos = e.position();
    assert_eq!(pos.piece_at(square(pos, "f6")), None);
    assert_eq!(
        pos.piece_at(square(pos, "f7")).map(|(p, _)| p),
        Some(Player::First)
    );
    assert_eq!(pos.side_to_move(), Player::Second);
}

#[test]
fn cecp_claims_mate_and_honours_exclude() {
    let mut e = cecp(&["chess.koma"]);
    converse(&mut e, &["protover 2"]);
    let out = converse(
        &mut e,
        &[
            "variant normal",
            "force",
            "setboard 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
            "sd 3",
            "go",
        ],
    );
    assert_eq!(out, ["move a1a8", "1-0 {checkmate}"]);

    let mut e = cecp(&["chess.koma"]);
    converse(&mut e, &["protover 2"]);
    let out = converse(
        &mut e,
        &[
            "variant normal",
            "force",
            "setboard 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
            "exclude all",
            "include h2h3",
            "sd 2",
            "go",
        ],
    );
    assert_eq!(out, ["move h2h3"]);
}

#[test]
fn cecp_posts_thinking() {
    let mut e = cecp(&["chess.koma"]);
    let out = converse(
        &mut e,
        &[
            "protover 2",
            "new",
            "variant normal",
            "post",
            "sd 3",
            "force",
            "go",
        ],
    );
    let thinking: Vec<&String> = out.iter().filter(|l| l.contains('\t')).collect();
    assert_eq!(thinking.len(), 3, "{out:?}");
    // depth score time nodes seldepth nps tbhits <TAB> pv
    let fields: Vec<&str> = thinking[2]
        .split('\t')
        .next()
        .unwrap_or("")
        .split(' ')
        .collect();
    assert_eq!(fields.len(), 7, "{}", thinking[2]);
    assert_eq!(fields[0], "3");
}

#[test]
fn uci_variant_option_position_and_go() {
    let variants = vec![
        Variant::named_for_uci(tables("chess.koma")),
        Variant::named_for_uci(tables("chu-shogi.koma")),
    ];
    let mut e = Uci::new(variants);
    let out = converse(&mut e, &["uci", "isready"]);
    assert!(out.iter().any(|l| l == "option name UCI_Variant type combo default chess var chess var chushogi"), "{out:?}");
    assert_eq!(out[out.len() - 2..], ["uciok", "readyok"]);
    let out = converse(
        &mut e,
        &[
            "setoption name UCI_Variant value chushogi",
            "position startpos moves e4e5 h9h8",
            "go depth 2",
        ],
    );
    assert!(
        out[0].starts_with("info string variant chushogi files 12 ranks 12"),
        "{out:?}"
    );
    assert!(
        out.iter()
            .any(|l| l.starts_with("info depth 2 ") && l.contains(" nps ") && l.contains(" pv "))
    );
    assert!(
        out.last().is_some_and(|l| l.starts_with("bestmove ")),
        "{out:?}"
    );

    let out = converse(
        &mut e,
        &["position startpos moves e4e5 a1a9 h9h8", "go depth 1"],
    );
    assert_eq!(
        out[0],
        "info string illegal move a1a9: it and the moves after it are ignored"
    );
    // The position is the one before the illegal move: the second player moves.
    let best = out.last().expect("bestmove");
    let mut pos = Position::start(tables("chu-shogi.koma")).expect("start");
    let e4e5 = pos.parse_move("e4e5").expect("e4e5");
    pos.make(&e4e5);
    let text = best
        .trim_start_matches("bestmove ")
        .split(' ')
        .next()
        .unwrap_or("");
    assert!(pos.parse_move(text).is_ok(), "{best}");
}

/// White's only move is c5xb6 e.p.: Black's b7-b5 checks the King on a4.
pub const EN_PASSANT_ONLY: &str = "7k/8/p1n5/1pP5/K7/PP6/8/8 w - b6 0 2";

#[test]
fn en_passant_goes_out_plain_and_is_read_in_both_forms() {
    let mut e = cecp(&["chess.koma"]);
    converse(&mut e, &["protover 2"]);
    let setboard = format!("setboard {EN_PASSANT_ONLY}");
    let out = converse(
        &mut e,
        &["variant normal", "force", &setboard, "sd 2", "go"],
    );
    assert_eq!(out, ["move c5b6"]);

    let mut u = Uci::new(vec![Variant::named_for_uci(tables("chess.koma"))]);
    let out = converse(
        &mut u,
        &[&format!("position fen {EN_PASSANT_ONLY}"), "go depth 2"],
    );
    let best = out.last().expect("bestmove");
    assert!(best.starts_with("bestmove c5b6"), "{out:?}");

    // Both forms are read: plain from-to, and leg by leg through the captured pawn.
    for text in ["c5b6", "c5b5,b5b6"] {
        let mut e = cecp(&["chess.koma"]);
        converse(
            &mut e,
            &["protover 2", "variant normal", "force", &setboard],
        );
        assert!(converse(&mut e, &[&format!("usermove {text}")]).is_empty());
        let pos = e.position();
        assert_eq!(pos.piece_at(square(pos, "b5")), None, "{text}");
        assert!(pos.piece_at(square(pos, "b6")).is_some(), "{text}");
        let position = format!("position fen {EN_PASSANT_ONLY} moves {text}");
        let out = converse(&mut u, &[&position]);
        assert!(out.is_empty(), "{text}: {out:?}");
    }
}

/// White's best move is b7xc8 promoting to a Queen: in Crazyhouse a promoted `+Q`.
const CRAZYHOUSE_PROMOTION: &str = "2r1k3/1P6/8/8/8/8/8/4K3[] w - - 0 1";

#[test]
fn a_promoted_form_goes_out_as_its_base_letter_and_is_read_both_ways() {
    // XBoard, Sjaak II and Fairy-Stockfish write Crazyhouse's promotion `b7c8q`; koma's
    // Queen-promoted Pawn is the type `+Q`.
    let mut e = cecp(&["crazyhouse.koma"]);
    converse(&mut e, &["protover 2"]);
    let setboard = format!("setboard {CRAZYHOUSE_PROMOTION}");
    let out = converse(
        &mut e,
        &["variant crazyhouse", "force", &setboard, "sd 2", "go"],
    );
    // `variant crazyhouse` describes the game (`setup`, `piece` lines) before the move.
    assert_eq!(
        out.last().map(String::as_str),
        Some("move b7c8q"),
        "{out:?}"
    );
    let mut u = Uci::new(vec![Variant::named_for_uci(tables("crazyhouse.koma"))]);
    let out = converse(
        &mut u,
        &[
            &format!("position fen {CRAZYHOUSE_PROMOTION}"),
            "go depth 2",
        ],
    );
    let best = out.last().expect("bestmove");
    assert!(best.starts_with("bestmove b7c8q"), "{out:?}");
    for (text, id) in [("b7c8q", "+Q"), ("b7c8+q", "+Q"), ("b7c8n", "+N")] {
        let mut e = cecp(&["crazyhouse.koma"]);
        converse(
            &mut e,
            &["protover 2", "variant crazyhouse", "force", &setboard],
        );
        assert!(
            converse(&mut e, &[&format!("usermove {text}")]).is_empty(),
            "{text}"
        );
        let pos = e.position();
        let promoted = piece(pos, id);
        assert_eq!(
            pos.piece_at(square(pos, "c8")).map(|(_, t)| t),
            Some(promoted),
            "{text}"
        );
    }
}

#[test]
fn castling_is_read_in_xboard_letters() {
    // Sjaak II sends `move O-O`; XBoard accepts it, so koma reads it too.
    let start = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    for (text, king, rook) in [
        ("O-O", "g1", "f1"),
        ("O-O-O", "c1", "d1"),
        ("0-0", "g1", "f1"),
    ] {
        let mut e = cecp(&["chess.koma"]);
        converse(
            &mut e,
            &[
                "protover 2",
                "variant normal",
                "force",
                &format!("setboard {start}"),
            ],
        );
        assert!(
            converse(&mut e, &[&format!("usermove {text}")]).is_empty(),
            "{text}"
        );
        let pos = e.position();
        assert!(pos.piece_at(square(pos, king)).is_some(), "{text}");
        assert!(pos.piece_at(square(pos, rook)).is_some(), "{text}");
    }
}

/// Chess960 under XBoard's `fischerandom`: the array comes by `setboard` with Shredder-FEN
/// rights, and castling goes both ways as the King taking its Rook; UCI_Chess960 selects it.
#[test]
fn chess960_castles_king_takes_rook_on_both_protocols() {
    let start = "rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w GAga - 0 1";
    let mut e = cecp(&["chess960.koma"]);
    converse(
        &mut e,
        &[
            "protover 2",
            "variant fischerandom",
            "force",
            &format!("setboard {start}"),
        ],
    );
    assert!(converse(&mut e, &["usermove b1g1"]).is_empty());
    let pos = e.position();
    assert_eq!(
        pos.to_text().split(' ').next(),
        Some("rk4r1/pppppppp/8/8/8/8/PPPPPPPP/R4RK1")
    );
    let variants = vec![
        Variant::named_for_uci(tables("chess.koma")),
        Variant::named_for_uci(tables("chess960.koma")),
    ];
    let mut u = Uci::new(variants);
    let out = converse(&mut u, &["uci", "setoption name UCI_Chess960 value true"]);
    assert!(
        out.iter()
            .any(|l| l.starts_with("info string variant chess960")),
        "{out:?}"
    );
    converse(&mut u, &[&format!("position fen {start} moves b1a1")]);
    let text = u.position().to_text();
    assert!(
        text.starts_with("rk4r1/pppppppp/8/8/8/8/PPPPPPPP/2KR2R1 b ga"),
        "{text}"
    );
}

#[test]
fn an_igui_goes_leg_by_leg_though_its_squares_name_it_alone() {
    // The Lion on f5 is hemmed in by its own Golds but for a Black Pawn on f6: it cannot pass,
    // so f5 to f5 is only the igui, yet a plain `f5f5` would read as a pass.
    let mut pos = Position::empty(tables("chu-shogi.koma"));
    let mut put = |sq: &str, player, id: &str| {
        let (s, t) = (square(&pos, sq), piece(&pos, id));
        pos.put(s, Some((player, t)));
    };
    put("a1", Player::First, "K");
    put("l12", Player::Second, "K");
    put("f5", Player::First, "LN");
    put("f6", Player::Second, "P");
    for sq in ["e4", "f4", "g4", "e5", "g5", "e6", "g6"] {
        put(sq, Player::First, "G");
    }
    let fen = pos.to_text();
    let mut e = cecp(&["chu-shogi.koma"]);
    converse(&mut e, &["protover 2"]);
    let out = converse(
        &mut e,
        &[
            "variant chu",
            "force",
            &format!("setboard {fen}"),
            "exclude all",
            "include f5f6,f6f5",
            "sd 1",
            "go",
        ],
    );
    assert_eq!(out, ["move f5f6,", "move f6f5"]);
}

/// A GUI sends the whole game before each move; the engine continues from the last position
/// when the new command extends it, and starts again when it does not: either way the position
/// is the one the whole command describes.
#[test]
fn uci_position_continues_a_game_it_already_holds() {
    let mut u = Uci::new(vec![Variant::named_for_uci(tables("chess.koma"))]);
    let game = ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"];
    let fresh = |moves: &[&str]| {
        let mut pos = Position::start(tables("chess.koma")).expect("start");
        for text in moves {
            let m = pos.parse_move(text).expect("legal");
            pos.make(&m);
        }
        pos.to_text()
    };
    for n in 0..=game.len() {
        let command = format!("position startpos moves {}", game[..n].join(" "));
        assert!(converse(&mut u, &[&command]).is_empty());
        assert_eq!(u.position().to_text(), fresh(&game[..n]), "{command}");
    }
    // Not an extension: a different move, a shorter game, another setup.
    for moves in [&["d2d4", "d7d5"][..], &["e2e4"][..]] {
        let command = format!("position startpos moves {}", moves.join(" "));
        assert!(converse(&mut u, &[&command]).is_empty());
        assert_eq!(u.position().to_text(), fresh(moves), "{command}");
    }
    let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    converse(&mut u, &[&format!("position fen {fen} moves e1g1")]);
    let mut pos = Position::from_text(tables("chess.koma"), fen).expect("fen");
    let castle = pos.parse_move("e1g1").expect("castling");
    pos.make(&castle);
    assert_eq!(u.position().to_text(), pos.to_text());
    // An illegal move stops the replay; the same command again gives the same position.
    for _ in 0..2 {
        let out = converse(&mut u, &["position startpos moves e2e4 e2e5 e7e5"]);
        assert_eq!(out.len(), 1, "{out:?}");
        assert_eq!(u.position().to_text(), fresh(&["e2e4"]));
    }
}

/// Both protocols learn what a move costs beyond the search from the clock the GUI reports:
/// after a search of 40 ms on a clock of 1 s + 0.01 s, a report of 0.9 s means 70 ms went
/// elsewhere, and the next search is budgeted with it.
#[test]
fn the_clock_reports_teach_the_latency() {
    use koma_engine::driver::{Protocol, Reply, Request};
    use koma_engine::{Score, SearchResult};
    use std::time::Duration;

    fn searched(p: &mut impl Protocol, line: &str) -> Request {
        let mut reqs = p.handle(line).into_iter().filter_map(|r| match r {
            Reply::Search(req) => Some(*req),
            _ => None,
        });
        reqs.next().expect("a search")
    }
    fn play(p: &mut impl Protocol, req: &Request, time: Duration) {
        let mut pos = req.position.clone();
        let best = pos.moves().first().copied();
        let result = SearchResult {
            best,
            ponder: None,
            score: Score::Centipawns(0),
            depth: 1,
            nodes: 1,
            time,
            pv: best.into_iter().collect(),
        };
        p.finished(req.id, &result);
    }
    let ms = Duration::from_millis;
    let latency = |req: &Request| req.limits.clock.expect("a clock").latency;

    let mut uci = Uci::new(vec![Variant::named_for_uci(tables("chess.koma"))]);
    let first = searched(&mut uci, "go wtime 1000 btime 1000 winc 10 binc 10");
    assert_eq!(latency(&first), Duration::ZERO);
    play(&mut uci, &first, ms(40));
    uci.handle("position startpos moves e2e4 e7e5");
    let second = searched(&mut uci, "go wtime 900 btime 1000 winc 10 binc 10");
    assert_eq!(latency(&second), ms(70));

    let mut xboard = cecp(&["chess.koma"]);
    for line in [
        "protover 2",
        "new",
        "level 0 0:01 0.01",
        "time 100",
        "otim 100",
    ] {
        xboard.handle(line);
    }
    let first = searched(&mut xboard, "usermove e2e4");
    assert_eq!(latency(&first), Duration::ZERO);
    play(&mut xboard, &first, ms(40));
    xboard.handle("time 90");
    let second = searched(&mut xboard, "usermove d2d4");
    assert_eq!(latency(&second), ms(70));
}

/// `Contempt` (UCI `setoption`, XBoard `option Contempt=N`) reaches the search request,
/// clamped to the searcher's bound; text that is no number is refused with a message.
#[test]
fn contempt_is_an_option_in_both_protocols() {
    use koma_engine::driver::{Protocol, Reply};
    use koma_engine::search::{DEFAULT_CONTEMPT, MAX_CONTEMPT};

    fn contempt(p: &mut impl Protocol, go: &str) -> i32 {
        let reqs = p.handle(go).into_iter().filter_map(|r| match r {
            Reply::Search(req) => Some(req.contempt),
            _ => None,
        });
        reqs.last().expect("a search")
    }
    fn lines(p: &mut impl Protocol, line: &str) -> Vec<String> {
        let replies = p.handle(line).into_iter();
        replies
            .filter_map(|r| match r {
                Reply::Line(l) => Some(l),
                _ => None,
            })
            .collect()
    }

    let mut uci = Uci::new(vec![Variant::named_for_uci(tables("chess.koma"))]);
    let offered = lines(&mut uci, "uci");
    assert!(
        offered
            .iter()
            .any(|l| l.starts_with("option name Contempt type spin"))
    );
    assert_eq!(contempt(&mut uci, "go depth 1"), DEFAULT_CONTEMPT);
    lines(&mut uci, "setoption name Contempt value -35");
    assert_eq!(contempt(&mut uci, "go depth 1"), -35);
    lines(&mut uci, "setoption name Contempt value 1e12");
    assert_eq!(contempt(&mut uci, "go depth 1"), MAX_CONTEMPT);
    let refused = lines(&mut uci, "setoption name Contempt value lots");
    assert_eq!(refused, ["info string bad Contempt value lots"]);
    assert_eq!(contempt(&mut uci, "go depth 1"), MAX_CONTEMPT);

    let mut xboard = cecp(&["chess.koma"]);
    let features = lines(&mut xboard, "protover 2");
    assert!(
        features
            .iter()
            .any(|l| l.starts_with("feature option=\"Contempt -spin"))
    );
    xboard.handle("new");
    xboard.handle("sd 1");
    assert_eq!(contempt(&mut xboard, "usermove e2e4"), DEFAULT_CONTEMPT);
    xboard.handle("option Contempt=0");
    xboard.handle("option Ponder=1");
    xboard.handle("new");
    assert_eq!(contempt(&mut xboard, "usermove d2d4"), 0);
    let refused = lines(&mut xboard, "option Contempt=lots");
    assert_eq!(refused, ["Error (bad Contempt): Contempt=lots"]);
}
