//! `koma xboard` and `koma uci` as processes over pipes: the handshake, a game, and a search
//! interrupted by `?` or `stop` while it runs (the protocol reads input during a search).

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

use super::common::{Engine, piped};

#[test]
fn xboard_over_pipes_moves_now_on_question_mark() {
    let mut e = Engine::start(&["xboard", "variants/chu-shogi.koma", "variants/chess.koma"]);
    e.send("xboard");
    e.send("protover 2");
    e.expect("feature done=1");
    e.send("new");
    e.send("variant chu");
    e.send("ping 1");
    e.expect("pong 1");
    // A search limited only by a long fixed time: `?` must end it at once.
    e.send("st 1000");
    e.send("usermove e4e5");
    std::thread::sleep(Duration::from_millis(300));
    e.send("?");
    let mv = e.expect("move ");
    assert!(mv.len() > 5, "{mv}");
    // The engine answers ping after its move, and keeps playing.
    e.send("ping 2");
    e.expect("pong 2");
    e.send("st 0.2");
    e.send("usermove h4h5");
    e.expect("move ");
    e.quit();
}

#[test]
fn uci_over_pipes_stops_an_infinite_search() {
    let mut e = Engine::start(&["uci", "variants/chess.koma", "variants/chu-shogi.koma"]);
    e.send("uci");
    e.expect("uciok");
    e.send("setoption name UCI_Variant value chushogi");
    e.expect("info string variant chushogi");
    e.send("isready");
    e.expect("readyok");
    e.send("position startpos moves e4e5");
    e.send("go infinite");
    e.expect("info depth 2 ");
    // isready is answered during the search.
    e.send("isready");
    e.expect("readyok");
    e.send("stop");
    let best = e.expect("bestmove ");
    assert_ne!(best, "bestmove (none)");
    e.send("position startpos");
    e.send("go wtime 2000 btime 2000 winc 100 binc 100");
    e.expect("bestmove ");
    e.quit();
}

/// `koma values`: the estimates order the chess pieces as players do, and a designer's
/// `value N` replaces the estimate, also through a compiled tables file.
#[test]
fn values_estimates_and_given_values() {
    let koma = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_koma"))
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .expect("koma runs");
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let value = |table: &str, id: &str| -> i64 {
        let line = table
            .lines()
            .find(|l| l.split_whitespace().next() == Some(id))
            .unwrap_or_else(|| panic!("no {id} in {table}"));
        line.split_whitespace()
            .nth(2)
            .and_then(|v| v.parse().ok())
            .expect("value column")
    };
    let chess = koma(&["values", "variants/chess.koma"]);
    let (q, r, b, n, p) = (
        value(&chess, "Q"),
        value(&chess, "R"),
        value(&chess, "B"),
        value(&chess, "N"),
        value(&chess, "P"),
    );
    assert!(q > r && r > b && r > n && b > p && n > p, "{chess}");
    // A Lion's double capture threatens two pieces at once: Chu players rate it above the
    // Free King (`Q`), and so does the estimate once the second victim counts.
    let chu = koma(&["values", "variants/chu-shogi.koma"]);
    assert!(value(&chu, "LN") > value(&chu, "Q"), "{chu}");

    let dir = std::env::temp_dir().join(format!("koma-values-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("variants/chess.koma"),
    )
    .expect("chess.koma");
    let given: String = text
        .lines()
        .map(|l| {
            if l.trim_start().starts_with("N ") && l.contains("\"Knight\"") {
                format!("{l} value 777\n")
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    let file = dir.join("chess-given.koma");
    std::fs::write(&file, given).expect("write");
    let compiled = dir.join("chess-given.tables");
    let file_text = file.display().to_string();
    let compiled_text = compiled.display().to_string();
    koma(&["compile", &file_text, "-o", &compiled_text]);
    for source in [&file_text, &compiled_text] {
        let table = koma(&["values", source]);
        assert_eq!(value(&table, "N"), 777, "{table}");
        assert!(
            table
                .lines()
                .any(|l| l.starts_with("N ") && l.ends_with("(given)")),
            "{table}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

fn play(args: &[&str], input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_koma"))
        .arg("play")
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("koma play starts");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(input.as_bytes()).expect("write moves");
    drop(stdin);
    let out = child.wait_with_output().expect("koma play ends");
    assert!(out.status.success());
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// `koma play`: a person finishes a game; a move the text leaves open is asked for again.
#[test]
fn play_in_the_terminal() {
    let out = play(
        &[
            "variants/chess.koma",
            "--fen",
            "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
            "--engine-time",
            "0.05",
        ],
        "e2e4\na1a8\n",
    );
    assert!(out.contains("`e2e4` is not a legal move here"), "{out}");
    assert!(out.contains("result 1-0 (Checkmate): you win"), "{out}");

    // Chu: the Lion's stay-at-home moves on f5 are several; the engine replies, undo takes both back.
    let fen =
        "l[fl]csg[de]kgsc[fl]l/12/12/12/12/12/5p6/5[LN]6/12/12/12/L[FL]CSGK[DE]GSC[FL]L w - - 0 1";
    let out = play(
        &[
            "variants/chu-shogi.koma",
            "--fen",
            fen,
            "--engine-time",
            "0.05",
        ],
        "f5f5\nf5xf6f5\nundo\nquit\n",
    );
    assert!(out.contains("`f5f5` can mean several moves"), "{out}");
    assert!(out.contains("koma plays "), "{out}");
    assert_eq!(out.matches("first to move").count(), 4, "{out}");
}

/// Commands piped from a file work as with Stockfish: at the end of the input a running search
/// stops and its best move is answered before the engine exits; `quit` and `stop` answer it too.
#[test]
fn a_search_is_answered_at_the_end_of_the_input_and_on_quit() {
    let chess = ["uci", "variants/chess.koma"];
    let out = piped(&chess, b"uci\nposition startpos\ngo movetime 500\n");
    assert!(out.lines().any(|l| l.starts_with("bestmove ")), "{out}");
    let out = piped(&chess, b"uci\nposition startpos\ngo infinite\n");
    assert!(out.lines().any(|l| l.starts_with("bestmove ")), "{out}");

    let mut e = Engine::start(&chess);
    e.send("position startpos");
    e.send("go infinite");
    e.expect("info depth 1 ");
    e.send("quit");
    e.expect("bestmove ");
    e.wait();

    // CECP: the end of the input sends the move; `quit` just exits, as XBoard expects.
    let xboard = ["xboard", "variants/chess.koma"];
    let out = piped(&xboard, b"xboard\nprotover 2\nnew\nst 100\ngo\n");
    assert!(out.lines().any(|l| l.starts_with("move ")), "{out}");
    let out = piped(&xboard, b"xboard\nprotover 2\nnew\nst 100\ngo\nquit\n");
    assert!(!out.lines().any(|l| l.starts_with("move ")), "{out}");
}
