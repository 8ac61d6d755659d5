//! `koma perft`, `koma moves` and `koma compile` end to end: output contract and exit codes.

use std::path::PathBuf;
use std::process::{Command, Output};

fn koma(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_koma"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("koma runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("koma-runtime-cli-{}-{name}", std::process::id()))
}

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

#[test]
fn perft_ends_with_nodes() {
    let o = koma(&["perft", "variants/chess.koma", "--depth", "3"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o).lines().last(), Some("nodes 8902"));
    let o = koma(&[
        "perft",
        "variants/chess.koma",
        "--depth",
        "2",
        "--fen",
        KIWIPETE,
    ]);
    assert_eq!(stdout(&o).lines().last(), Some("nodes 2039"));
}

#[test]
fn threads_give_the_same_counts() {
    let run = |threads: &str| {
        let o = koma(&[
            "perft",
            "variants/chess.koma",
            "--depth",
            "3",
            "--fen",
            KIWIPETE,
            "--divide",
            "--threads",
            threads,
        ]);
        assert!(o.status.success(), "--threads {threads}");
        stdout(&o)
    };
    let one = run("1");
    assert_eq!(one.lines().last(), Some("nodes 97862"));
    assert_eq!(run("2"), one);
    assert_eq!(run("7"), one);
    let o = koma(&[
        "perft",
        "variants/chess.koma",
        "--depth",
        "1",
        "--threads",
        "0",
    ]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn divide_sums_to_total() {
    let o = koma(&["perft", "variants/chess.koma", "--depth", "2", "--divide"]);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 21);
    let sum: u64 = lines[..20]
        .iter()
        .map(|l| {
            l.rsplit(' ')
                .next()
                .and_then(|n| n.parse::<u64>().ok())
                .expect("count")
        })
        .sum();
    assert_eq!(sum, 400);
    assert_eq!(lines[20], "nodes 400");
}

#[test]
fn bad_position_is_a_usage_error() {
    let o = koma(&[
        "perft",
        "variants/chess.koma",
        "--depth",
        "1",
        "--fen",
        "rnbqkbnr/8 w",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let o = koma(&[
        "moves",
        "variants/chess.koma",
        "--fen",
        "8/8/8/8/8/8/8/7Z w - - 0 1",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("unknown piece `Z`"));
}

#[test]
fn moves_json_contract() {
    let o = koma(&[
        "moves",
        "variants/chess.koma",
        "--fen",
        KIWIPETE,
        "--format",
        "json",
    ]);
    assert!(o.status.success());
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    let moves = v["moves"].as_array().expect("moves array");
    assert_eq!(moves.len(), 48);
    for m in moves {
        assert!(m["from"].is_string() && m["to"].is_string() && m["captures"].is_array());
    }
    let capture = moves.iter().find(|m| m["text"] == "e5f7").expect("Nxf7");
    assert_eq!(capture["captures"], serde_json::json!(["f7"]));
    assert!(moves.iter().any(|m| m["kind"] == "castle"));
    assert!(v["result"].is_null());
    let mate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    let o = koma(&[
        "moves",
        "variants/chess.koma",
        "--fen",
        mate,
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    assert_eq!(v["moves"].as_array().map(Vec::len), Some(0));
    assert_eq!(v["result"]["score"], "0-1");
    assert_eq!(v["result"]["reason"], "checkmate");
}

#[test]
fn compiled_files_round_trip_and_damage_is_rejected() {
    let out = temp("chess.kvar");
    let o = koma(&[
        "compile",
        "variants/chess.koma",
        "-o",
        out.to_str().expect("utf-8 path"),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = koma(&["perft", out.to_str().expect("path"), "--depth", "3"]);
    assert_eq!(stdout(&o).lines().last(), Some("nodes 8902"));
    let bytes = std::fs::read(&out).expect("written");
    let damaged = temp("damaged.kvar");
    let mut bad = bytes.clone();
    let mid = bad.len() / 2;
    bad[mid] ^= 0xff;
    std::fs::write(&damaged, &bad).expect("write");
    let o = koma(&["perft", damaged.to_str().expect("path"), "--depth", "1"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("corrupted"));
    std::fs::write(&damaged, &bytes[..bytes.len() - 10]).expect("write");
    let o = koma(&["perft", damaged.to_str().expect("path"), "--depth", "1"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("truncated"));
    let _ = std::fs::remove_file(&out);
    let _ = std::fs::remove_file(&damaged);
}

/// The runtime's crate doc loads `runtime/tests/data/chess.kvar` (the runtime cannot call the
/// compiler): it must be what `koma compile` writes for variants/chess.koma today.
#[test]
fn the_runtimes_compiled_chess_is_current() {
    let out = temp("current-chess.kvar");
    let o = koma(&[
        "compile",
        "variants/chess.koma",
        "-o",
        out.to_str().expect("path"),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let now = std::fs::read(&out).expect("written");
    let _ = std::fs::remove_file(&out);
    let kept = std::fs::read("runtime/tests/data/chess.kvar").expect("the runtime's copy");
    assert!(
        kept == now,
        "runtime/tests/data/chess.kvar is stale (the compiled format changed?): rewrite it with \
         `koma compile variants/chess.koma -o runtime/tests/data/chess.kvar`"
    );
}

#[test]
fn missing_file_fails_cleanly() {
    let o = koma(&["perft", "no/such/file.koma", "--depth", "1"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(!String::from_utf8_lossy(&o.stderr).contains("panicked"));
}

#[test]
fn a_burned_capturer_lists_its_destination_once() {
    // The King takes b3 next to an enemy Fire Demon and is burned there (passive burning).
    let o = koma(&[
        "moves",
        "tests/fixtures/rules/burn-auto.koma",
        "--fen",
        "4k/5/1p[fd]2/K4/5 w",
        "--format",
        "json",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
    let moves = v["moves"].as_array().expect("moves");
    let take = moves.iter().find(|m| m["to"] == "b3").expect("a2xb3");
    assert_eq!(take["captures"], serde_json::json!(["b3"]));
    let step = moves.iter().find(|m| m["to"] == "b2").expect("a2b2");
    assert_eq!(step["captures"], serde_json::json!(["b2"]));
}

#[test]
fn diagram_boards_go_to_36_files() {
    let o = koma(&[
        "diagram", "--betza", "W", "--board", "36x36", "--from", "aj36",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = koma(&["diagram", "--betza", "W", "--board", "37x9"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("1..36 files"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
fn moves_play_prints_the_position_after_the_moves_then_its_moves() {
    let o = koma(&["moves", "variants/chess.koma", "--play", "e2e4 e7e5 g1f3"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = stdout(&o);
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("position rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2")
    );
    assert!(lines.any(|l| l == "b8c6"), "{text}");
    // The JSON document is the one without --play, for the position reached.
    let o = koma(&[
        "moves",
        "variants/chess.koma",
        "--play",
        "e2e4",
        "--format",
        "json",
    ]);
    let doc: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
    assert_eq!(doc["side"], "second");
    assert_eq!(doc["moves"].as_array().map(Vec::len), Some(20));
    // An illegal move is a usage error naming it.
    let o = koma(&["moves", "variants/chess.koma", "--play", "e2e4 e2e4"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("move 2 (e2e4)"));
}

/// Tutorial step 7, from the command line as the tutorial writes it: with `repeat illegal`,
/// shuffling a Gold out and back on both sides leaves the last step back out of `koma moves`.
#[test]
fn tutorial_step_7_works_as_written() {
    let tutorial =
        std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/tutorial.md"))
            .expect("tutorial");
    let step = tutorial
        .split("## 7.")
        .nth(1)
        .expect("step 7")
        .split("\n## ")
        .next()
        .expect("step 7 text");
    let command = step
        .lines()
        .find(|l| l.starts_with("koma moves little-drop.koma --play"))
        .expect("a `koma moves --play` line in step 7");
    let played = command.split('"').nth(1).expect("quoted moves");
    let missing = step
        .split("`koma moves` leaves out `")
        .nth(1)
        .and_then(|s| s.split('`').next())
        .expect("step 7 names the missing move");
    // The tutorial's files, written from its own blocks.
    let dir = temp("tutorial");
    std::fs::create_dir_all(&dir).expect("temp");
    let block = |heading: &str| -> String {
        let part = tutorial.split(heading).nth(1).expect("section");
        part.split("```\n").nth(1).expect("code block").to_string()
    };
    std::fs::write(dir.join("little-lion.koma"), block("## 1.")).expect("write");
    let drop = block("## 6.").replace("rules\n", "rules\n  repeat illegal\n");
    std::fs::write(dir.join("little-drop.koma"), drop).expect("write");
    let moves = |list: &str| {
        let o = Command::new(env!("CARGO_BIN_EXE_koma"))
            .args(["moves", "little-drop.koma", "--play", list])
            .current_dir(&dir)
            .output()
            .expect("koma runs");
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        stdout(&o)
    };
    let with = moves(played);
    assert!(with.starts_with("position "), "{with}");
    assert!(!with.lines().any(|l| l == missing), "{with}");
    // Without the rule the move is there.
    let plain = block("## 6.");
    std::fs::write(dir.join("little-drop.koma"), plain).expect("write");
    assert!(moves(played).lines().any(|l| l == missing));
}

/// `koma play` in a drop game: both hands, the last move in brackets and named, and "check".
#[test]
fn play_shows_hands_the_last_move_and_check() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_koma"))
        .args(["play", "variants/minishogi.koma", "--engine-time", "0.05"])
        .args(["--fen", "4k/5/5/5/R3K[Pp] w"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("koma play runs");
    use std::io::Write;
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"a1a5\nquit\n")
        .expect("write");
    let out = child.wait_with_output().expect("koma play ends");
    let text = stdout(&out);
    assert!(text.contains("second hand: p\n"), "{text}");
    assert!(text.contains("first hand: P\n"), "{text}");
    assert!(text.contains("last move: a1a5, check\n"), "{text}");
    // Cells are two wide (`+P`): the brackets go around the cell.
    assert!(text.contains("5[ R] ·"), "the mover in brackets: {text}");
    assert!(
        text.contains("1[ ·] ·"),
        "the square it left in brackets: {text}"
    );
}

/// Omega Chess with its usual square names (issue 27, point 4): the opening of Sherzer v.
/// Polgar as omegachess.com records it (1.f4 d5 2.Nd2 Ng7 3.Wa2 Cc7 4.Ng2 f7 5.Wj2 Wa7) plays
/// from the command line in koma's from-to moves, the Wizards leaving w1, w2 and w4.
#[test]
fn omega_plays_with_its_usual_square_names() {
    let game = "f1f4 d8d5 c0d2 h9g7 w1a2 a9c7 h0g2 f8f7 w2j2 w4a7";
    let o = koma(&["moves", "examples/omega.koma", "--play", game]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = stdout(&o);
    let position = text.lines().next().unwrap_or_default();
    // The position Sjaak II reaches from the same moves in its grid coordinates (g3g6 e10e7 d2e4
    // i11h9 a1b4 b11d9 i2h4 g10g9 l1k4 a12b9): the 12 x 12 grid, `*` where it has no square.
    // (koma's move clock counts every ply when the file has no fifty-move rule.)
    assert!(
        position.starts_with(
            "position 1**********w/*1rnbqkb1rc*/*ppp1p1pppp*/*w1c2pn3*/*10*/*3p6*/*5P4*/*10*/\
             *W2N2N2W*/*PPPPP1PPPP*/*CR1BQKB1RC*/1**********1 w KQkq - "
        ),
        "{position}"
    );
    // White's Wizard on a2 may return to w1 (a Camel's leap).
    for step in ["a2w1"] {
        assert!(text.lines().any(|l| l == step), "{step} in {text}");
    }
    // A square off the board is a usage error naming the move.
    let o = koma(&["moves", "examples/omega.koma", "--play", "w1w2"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("move 1 (w1w2)"));
}

/// README's first command is what a designer comes for, headed truthfully (issue 27, point 9):
/// it checks a file and draws a piece's moves, and runs as written; perft comes second.
#[test]
fn readme_first_command_checks_and_draws() {
    let readme =
        std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("README.md"))
            .expect("README");
    let run = readme.split("## Run it").nth(1).expect("a Run it section");
    let (heading, rest) = run.split_once("\n    ").expect("a command block");
    let command = rest.lines().next().expect("the first command");
    assert!(!heading.to_lowercase().contains("perft"), "{heading}");
    assert!(
        heading.contains("Check") && heading.contains("draw"),
        "{heading}"
    );
    let mut ran = Vec::new();
    for part in command.split("&&") {
        let words: Vec<&str> = part.split_whitespace().collect();
        // `cargo run --release -- ARGS` and `target/release/koma ARGS` are this koma.
        let args = match words.as_slice() {
            ["cargo", "run", "--release", "--", args @ ..] => args,
            [bin, args @ ..] if bin.ends_with("/koma") => args,
            _ => panic!("an unexpected command `{part}`"),
        };
        let o = koma(args);
        assert!(
            o.status.success(),
            "{part}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        ran.push(args[0]);
    }
    assert_eq!(ran, ["check", "diagram"]);
    let perft = run.find("perft").expect("perft as a later example");
    assert!(perft > run.find(command).unwrap_or(0));
}
