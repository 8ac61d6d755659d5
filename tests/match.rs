//! `koma match` end to end: fake engines that crash, hang, send illegal or malformed moves,
//! claim falsely or overstep their time each forfeit with their reason and never hang the
//! match; koma against koma in-process, over CECP (`koma xboard`) and over UCI (`koma uci`);
//! games only koma can referee (Tenjiku, a 20x20 board); openings, determinism, PGN and
//! statistics; and, when installed, HaChu in Chu and Fairy-Max in chess.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::engine::common::find_program;

/// Longest a test match may run before it counts as hung.
const HUNG: Duration = Duration::from_secs(240);

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn koma() -> &'static str {
    env!("CARGO_BIN_EXE_koma")
}

fn fixture(name: &str) -> String {
    root()
        .join("tests/fixtures/match")
        .join(name)
        .display()
        .to_string()
}

fn variant(name: &str) -> String {
    root().join("variants").join(name).display().to_string()
}

/// Runs `koma match ARGS`, failing the test if it does not end within [`HUNG`].
fn run(args: &[&str]) -> Output {
    let mut child = Command::new(koma())
        .arg("match")
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("koma starts");
    let started = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if started.elapsed() > HUNG {
            let _ = child.kill();
            panic!("koma match {args:?} hung");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("output")
}

/// Runs a match with `--format json` and returns its document.
fn json(args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.extend(["--format", "json"]);
    let out = run(&all);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "koma match {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}"))
}

fn results(doc: &Value) -> &Vec<Value> {
    doc["results"].as_array().expect("results")
}

fn text(v: &Value) -> &str {
    v.as_str().unwrap_or_default()
}

/// `(mode, expected reason)`: each fake engine plays White in one chess game against koma.
fn fake_match(script: &str, modes: &[(&str, &str)], margin: &str) {
    let chess = variant("chess.koma");
    for (mode, reason) in modes {
        let kind = if script.contains("uci") {
            "uci"
        } else {
            "cecp"
        };
        let engine = format!("{kind}:cmd=bash {} {mode}", fixture(script));
        let doc = json(&[
            &chess,
            "--engine",
            &engine,
            "--engine",
            "koma:depth=1",
            "--games",
            "1",
            "--tc",
            "1+0",
            "--margin",
            margin,
        ]);
        let game = &results(&doc)[0];
        assert_eq!(text(&game["result"]), "0-1", "{mode}: {game}");
        assert!(
            text(&game["reason"]).contains(reason),
            "{mode}: expected `{reason}` in {game}"
        );
        assert_eq!(doc["wins"], 1, "{mode}: B scores the forfeit");
    }
}

#[test]
fn misbehaving_cecp_engines_forfeit_with_their_reason() {
    fake_match(
        "fake-cecp.sh",
        &[
            ("crash", "crashed: it exited (exit status: 3)"),
            ("hang", "hung: no answer in"),
            ("illegal", "illegal move `e2e5`"),
            ("garbage", "malformed output: `move hello` is no move"),
            ("binary", "malformed output: a line that is not UTF-8 text"),
            ("claim", "false claim `1-0 {the fake claims a win}`"),
            ("resign", "fake-resign resigned"),
        ],
        "0.5",
    );
    // Slower than its clock but within the margin: a loss on time, not a hang.
    fake_match("fake-cecp.sh", &[("slow", "s used, 1.000 s allowed")], "3");
}

#[test]
fn misbehaving_uci_engines_forfeit_with_their_reason() {
    fake_match(
        "fake-uci.sh",
        &[
            ("crash", "crashed: it exited (exit status: 3)"),
            ("hang", "hung: no answer in"),
            ("illegal", "illegal move `e2e5`"),
            ("garbage", "malformed output: `bestmove hello` is no move"),
            ("none", "`bestmove (none)` is no move"),
        ],
        "0.5",
    );
    fake_match("fake-uci.sh", &[("slow", "s used, 1.000 s allowed")], "3");
}

#[test]
fn a_crashed_engine_is_restarted_and_a_rejecting_one_forfeits() {
    // Two games: the crashed engine is started again for the second (as Black).
    let crash = format!("cecp:cmd=bash {} crash", fixture("fake-cecp.sh"));
    let doc = json(&[
        &variant("chess.koma"),
        "--engine",
        &crash,
        "--engine",
        "koma:depth=1",
        "--games",
        "2",
        "--tc",
        "1+0",
        "--concurrency",
        "1",
    ]);
    for game in results(&doc) {
        assert!(text(&game["reason"]).contains("crashed"), "{game}");
    }
    assert_eq!(doc["wins"], 2);
    // As Black, the fake calls White's first move illegal.
    let reject = format!("cecp:cmd=bash {} reject", fixture("fake-cecp.sh"));
    let doc = json(&[
        &variant("chess.koma"),
        "--engine",
        "koma:depth=1",
        "--engine",
        &reject,
        "--games",
        "1",
        "--tc",
        "1+0",
    ]);
    let game = &results(&doc)[0];
    assert_eq!(text(&game["result"]), "1-0");
    assert!(
        text(&game["reason"]).contains("rejected a legal move: `Illegal move:"),
        "{game}"
    );
    assert_eq!(text(&game["termination"]), "rules infraction");
}

#[test]
fn koma_against_koma_in_process_writes_pgn_and_statistics() {
    let dir = tempdir("inprocess");
    let pgn = dir.join("games.pgn");
    let pgn_text = pgn.display().to_string();
    let args = [
        &variant("chess.koma"),
        "--engine",
        "koma:nodes=300",
        "--engine",
        "koma:nodes=600",
        "--games",
        "4",
        "--random-plies",
        "4",
        "--seed",
        "7",
        "--max-plies",
        "120",
        "--concurrency",
        "1",
        "--sprt",
        "0,50,0.05,0.05",
        "--pgn",
        &pgn_text,
    ];
    let doc = json(&args);
    let first = std::fs::read_to_string(&pgn).expect("pgn written");
    assert_eq!(doc["games"], 4);
    let tally = ["wins", "losses", "draws"].map(|k| doc[k].as_u64().expect("count"));
    assert_eq!(tally.iter().sum::<u64>(), 4);
    assert!(
        doc["sprt"]["llr"].as_f64().is_some_and(f64::is_finite),
        "{doc}"
    );
    assert_eq!(first.matches("[Variant \"Chess\"]").count(), 4);
    assert_eq!(first.matches("{end of opening}").count(), 4);
    for game in results(&doc) {
        let result = text(&game["result"]);
        assert!(first.contains(&format!("[Result \"{result}\"]")));
        assert!(
            ["normal", "adjudication"].contains(&text(&game["termination"])),
            "{game}"
        );
    }
    // Both games of a pair share the opening, colours swapped.
    let openings: Vec<&str> = first
        .split("[Event")
        .skip(1)
        .map(|g| {
            g.split("\n\n")
                .nth(1)
                .unwrap_or("")
                .split(" {end")
                .next()
                .unwrap_or("")
        })
        .collect();
    assert_eq!(openings[0], openings[1]);
    assert_ne!(openings[0], openings[2]);
    // The same seed and node limits give the same games.
    json(&args);
    let second = std::fs::read_to_string(&pgn).expect("pgn written");
    assert_eq!(first, second);
}

#[test]
fn koma_over_cecp_and_uci_as_outside_programs() {
    for (file, plies) in [("chess.koma", "2"), ("chu-shogi.koma", "8")] {
        let file = variant(file);
        let cecp = format!("cecp:depth=1,cmd={} xboard {file}", koma());
        let uci = format!("uci:depth=1,cmd={} uci {file}", koma());
        let doc = json(&[
            &file,
            "--engine",
            &cecp,
            "--engine",
            &uci,
            "--games",
            "2",
            "--random-plies",
            plies,
            "--max-plies",
            "40",
        ]);
        assert_eq!(
            text(&doc["a"]),
            format!("koma {}", env!("CARGO_PKG_VERSION"))
        );
        for game in results(&doc) {
            assert!(
                ["normal", "adjudication"].contains(&text(&game["termination"])),
                "{file}: {game}"
            );
        }
    }
}

#[test]
fn games_no_other_referee_knows() {
    for (file, name) in [
        (variant("tenjiku-shogi.koma"), "Tenjiku Shogi"),
        (fixture("wide.koma"), "Wide Field"),
    ] {
        let dir = tempdir("own");
        let pgn = dir.join(format!("{}.pgn", name.replace(' ', "-")));
        let pgn_text = pgn.display().to_string();
        let doc = json(&[
            &file,
            "--engine",
            "koma:nodes=200",
            "--engine",
            "koma:nodes=100",
            "--games",
            "2",
            "--random-plies",
            "2",
            "--max-plies",
            "24",
            "--pgn",
            &pgn_text,
        ]);
        assert_eq!(results(&doc).len(), 2);
        for game in results(&doc) {
            assert!(
                ["normal", "adjudication"].contains(&text(&game["termination"])),
                "{name}: {game}"
            );
        }
        let games = std::fs::read_to_string(&pgn).expect("pgn");
        assert_eq!(games.matches(&format!("[Variant \"{name}\"]")).count(), 2);
    }
}

#[test]
fn openings_from_a_file_and_bad_input() {
    let dir = tempdir("openings");
    let pgn = dir.join("games.pgn");
    let pgn_text = pgn.display().to_string();
    let chess = variant("chess.koma");
    let openings = fixture("openings.txt");
    let doc = json(&[
        &chess,
        "--engine",
        "koma:depth=1",
        "--engine",
        "koma:depth=2",
        "--games",
        "4",
        "--openings",
        &openings,
        "--max-plies",
        "12",
        "--pgn",
        &pgn_text,
    ]);
    assert_eq!(results(&doc).len(), 4);
    let games = std::fs::read_to_string(&pgn).expect("pgn");
    assert_eq!(games.matches("1. e2e4 e7e5 {end of opening}").count(), 2);
    assert_eq!(
        games
            .matches("[FEN \"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1\"]")
            .count(),
        2
    );
    assert_eq!(games.matches("1. e1g1 {end of opening}").count(), 2);

    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "e2e4\ne2e4 e2e5\n").expect("write");
    let out = run(&[
        &chess,
        "--engine",
        "koma:depth=1",
        "--engine",
        "koma:depth=1",
        "--openings",
        bad.to_str().unwrap_or(""),
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("line 2: `e2e5` is not a legal move here"),
        "{err}"
    );

    for (args, code, message) in [
        (vec!["--engine", "koma:depth=1"], 2, "give two engines"),
        (
            vec!["--engine", "koma:depth=1", "--engine", "gtp:cmd=x"],
            2,
            "unknown engine kind `gtp`",
        ),
        (
            vec!["--engine", "koma", "--engine", "koma:depth=1"],
            1,
            "has no limit",
        ),
        (
            vec![
                "--engine",
                "koma:depth=1",
                "--engine",
                "koma:depth=1",
                "--sprt",
                "5,0,0.05,0.05",
            ],
            2,
            "elo0 must be below elo1",
        ),
    ] {
        let mut all = vec![chess.as_str()];
        all.extend(args);
        let out = run(&all);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{all:?}: {err}");
        assert!(err.contains(message), "{all:?}: {err}");
    }
    // An outside engine that does not offer the variant is refused before the match.
    let fake = format!("cecp:cmd=bash {} illegal", fixture("fake-cecp.sh"));
    let out = run(&[
        &variant("shogi.koma"),
        "--engine",
        &fake,
        "--engine",
        "koma:depth=1",
        "--tc",
        "1+0",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("does not offer the variant `shogi` (it offers: normal)"),
        "{err}"
    );
    // CECP's `st` takes whole seconds: refused before the match, not game by game.
    let out = run(&[
        &chess,
        "--engine",
        &fake,
        "--engine",
        "koma:depth=1",
        "--st",
        "0.5",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("CECP's `st` takes whole seconds, not 0.5 s"),
        "{err}"
    );
}

/// An outside program, or `None` after saying why the test is skipped (a failure when
/// KOMA_REQUIRE_EXTERNAL is set).
fn external(program: &str) -> Option<PathBuf> {
    let found = find_program(program);
    if found.is_none() {
        assert!(
            std::env::var_os("KOMA_REQUIRE_EXTERNAL").is_none(),
            "{program} missing"
        );
        eprintln!("skipping the {program} match: {program} missing");
    }
    found
}

#[test]
fn hachu_in_chu_and_fairymax_in_chess() {
    for (program, file) in [("hachu", "chu-shogi.koma"), ("fairymax", "chess.koma")] {
        let Some(path) = external(program) else {
            continue;
        };
        let engine = format!("cecp:depth=2,cmd={}", path.display());
        let doc = json(&[
            &variant(file),
            "--engine",
            &engine,
            "--engine",
            "koma:depth=2",
            "--games",
            "2",
            "--tc",
            "120+1",
            "--random-plies",
            "4",
            "--max-plies",
            "40",
        ]);
        for game in results(&doc) {
            assert!(
                ["normal", "adjudication"].contains(&text(&game["termination"])),
                "{program}: {game}"
            );
        }
    }
}

fn tempdir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("koma-match-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}
