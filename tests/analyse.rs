//! `koma analyse` end to end: the games do not depend on the thread count; shards merge into
//! the single run byte for byte; a run killed mid-game (and a torn last line) resumes without
//! losing a game; games stopped at the ply limit are counted; two files side by side; every
//! shipped variant with a start position; bad input stops before any game.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn variant(name: &str) -> String {
    root().join("variants").join(name).display().to_string()
}

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("analyse-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

/// Small, fast games: the settings every test shares unless it says otherwise.
const QUICK: [&str; 6] = ["--nodes", "150", "--max-plies", "60", "--seed", "5"];

fn koma(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_koma"))
        .arg("analyse")
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("koma runs")
}

/// Runs `koma analyse ARGS --format json` and returns its standard output, failing on an error.
fn json_text(args: &[&str], dir: &Path) -> String {
    let mut all = args.to_vec();
    all.extend(["--format", "json"]);
    let out = koma(&all, dir);
    assert!(
        out.status.success(),
        "koma analyse {all:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

fn parse(text: &str) -> Value {
    serde_json::from_str(text).expect("one JSON document on standard output")
}

fn game_lines(path: &Path) -> usize {
    std::fs::read_to_string(path)
        .map(|t| t.lines().count().saturating_sub(1))
        .unwrap_or(0)
}

#[test]
fn threads_do_not_change_the_report_and_figures_are_all_there() {
    let dir = scratch("threads");
    let chess = variant("chess.koma");
    let mut args = vec![chess.as_str(), "--games", "6"];
    args.extend(QUICK);
    let one = json_text(
        &[&args[..], &["--threads", "1", "--checkpoint", "a.jsonl"]].concat(),
        &dir,
    );
    let three = json_text(
        &[&args[..], &["--threads", "3", "--checkpoint", "b.jsonl"]].concat(),
        &dir,
    );
    assert_eq!(one, three);
    let doc = parse(&one);
    let v = &doc["variants"][0];
    assert_eq!(v["variant"], "Chess");
    assert_eq!(v["games"], 6);
    let p = &v["first_player"];
    assert!(p["low"].as_f64() <= p["score"].as_f64() && p["score"].as_f64() <= p["high"].as_f64());
    for key in [
        "AdvantageP1",
        "Balance",
        "Completion",
        "Drawishness",
        "Timeouts",
        "DurationMoves",
        "LeadChange",
        "DecisivenessThreshold",
        "DecisivenessMoves",
    ] {
        assert!(v["ludii"].get(key).is_some(), "Ludii metric {key} missing");
    }
    // Learned from the games: the Pawn, which every game moves and captures, has a standard
    // error; the King, royal, is not a value to learn.
    let values = v["piece_values"].as_array().expect("piece values learned");
    let pawn = values
        .iter()
        .find(|p| p["id"] == "P")
        .expect("the Pawn's value");
    assert!(pawn["stderr"].as_f64().is_some_and(|e| e > 0.0), "{pawn}");
    assert!(values.iter().all(|p| p["id"] != "K"));
    let counted: u64 = v["endings"]
        .as_array()
        .expect("endings")
        .iter()
        .map(|e| {
            e["first_wins"].as_u64().unwrap_or(0)
                + e["second_wins"].as_u64().unwrap_or(0)
                + e["draws"].as_u64().unwrap_or(0)
        })
        .sum();
    assert_eq!(counted, 6, "every game is counted under a reason");
    let pawn = &v["pieces"][0];
    assert_eq!(pawn["id"], "P");
    assert!(pawn["moves"].as_u64() > Some(0));
    assert!(v["material"].as_array().is_some_and(|m| m.len() > 1));
    assert!(v["first_moves"].as_array().is_some_and(|m| !m.is_empty()));
    assert!(v.get("piece_values").is_some());
    // The checkpoint keeps each game's start, moves and result: enough to replay it.
    let line = std::fs::read_to_string(dir.join("a.jsonl")).expect("checkpoint");
    let game: Value = parse(line.lines().nth(1).expect("a game line"));
    assert!(game["start"].as_str().is_some_and(|s| s.contains('/')));
    assert!(game["moves"].as_array().is_some_and(|m| !m.is_empty()));
    assert!(game["result"].as_str().is_some());
}

#[test]
fn shards_merge_into_the_single_run_byte_for_byte() {
    let dir = scratch("shards");
    let chess = variant("chess.koma");
    let mut args = vec![chess.as_str(), "--games", "5"];
    args.extend(QUICK);
    let single = json_text(&[&args[..], &["--checkpoint", "all.jsonl"]].concat(), &dir);
    for (shard, file) in [("1/2", "s1.jsonl"), ("2/2", "s2.jsonl")] {
        json_text(
            &[&args[..], &["--shard", shard, "--checkpoint", file]].concat(),
            &dir,
        );
    }
    assert_eq!(game_lines(&dir.join("s1.jsonl")), 3);
    assert_eq!(game_lines(&dir.join("s2.jsonl")), 2);
    let merged = json_text(
        &[
            "--from-checkpoint",
            "s2.jsonl",
            "--from-checkpoint",
            "s1.jsonl",
        ],
        &dir,
    );
    assert_eq!(merged, single);
    // The report is redrawn from the checkpoint alone, as HTML too.
    json_text(
        &["--from-checkpoint", "all.jsonl", "-o", "report.html"],
        &dir,
    );
    let html = std::fs::read_to_string(dir.join("report.html")).expect("report");
    assert!(html.contains("<svg") && html.contains("Chess"));
}

#[test]
fn a_killed_run_resumes_without_losing_a_game() {
    let dir = scratch("resume");
    let chess = variant("chess.koma");
    let mut args = vec![chess.as_str(), "--games", "8", "--threads", "2"];
    args.extend(QUICK);
    let reference = json_text(&[&args[..], &["--checkpoint", "ref.jsonl"]].concat(), &dir);
    let mut child = Command::new(env!("CARGO_BIN_EXE_koma"))
        .arg("analyse")
        .args(&args)
        .args(["--checkpoint", "run.jsonl", "--format", "json"])
        .current_dir(&dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("koma starts");
    let started = Instant::now();
    let checkpoint = dir.join("run.jsonl");
    while game_lines(&checkpoint) < 2 && started.elapsed() < Duration::from_secs(120) {
        std::thread::sleep(Duration::from_millis(5));
    }
    let _ = child.kill();
    let _ = child.wait();
    let kept = game_lines(&checkpoint);
    assert!(kept >= 2, "the killed run kept {kept} games");
    // A write torn by the kill (or a full disk): half a line at the end.
    let mut text = std::fs::read_to_string(&checkpoint).expect("checkpoint");
    text.push_str("{\"variant\":0,\"index\":7,\"sta");
    std::fs::write(&checkpoint, text).expect("tear");
    let again = koma(&[&args[..], &["--checkpoint", "run.jsonl"]].concat(), &dir);
    assert_eq!(
        again.status.code(),
        Some(2),
        "a checkpoint is not overwritten"
    );
    let resumed = json_text(
        &[&args[..], &["--checkpoint", "run.jsonl", "--resume"]].concat(),
        &dir,
    );
    assert_eq!(resumed, reference);
    assert_eq!(game_lines(&checkpoint), 8);
    // Other settings do not resume this checkpoint.
    let other = koma(
        &[
            chess.as_str(),
            "--games",
            "8",
            "--seed",
            "6",
            "--checkpoint",
            "run.jsonl",
            "--resume",
        ],
        &dir,
    );
    assert_eq!(other.status.code(), Some(2));
}

#[test]
fn games_stopped_at_the_ply_limit_are_counted() {
    let dir = scratch("limit");
    let doc = parse(&json_text(
        &[
            &variant("chu-shogi.koma"),
            "--games",
            "3",
            "--nodes",
            "100",
            "--max-plies",
            "12",
        ],
        &dir,
    ));
    let v = &doc["variants"][0];
    assert_eq!(v["games"], 3);
    assert_eq!(v["endings"][0]["reason"], "ply limit");
    assert_eq!(v["endings"][0]["draws"], 3);
    assert_eq!(v["ludii"]["Timeouts"], 1.0);
    assert_eq!(v["length"]["max"], 12);
}

#[test]
fn two_files_side_by_side() {
    let dir = scratch("side");
    let example = root().join("examples/archbishop-chess.koma");
    let out = koma(
        &[
            &variant("chess.koma"),
            &example.display().to_string(),
            "--games",
            "2",
            "--nodes",
            "100",
            "--max-plies",
            "30",
            "-o",
            "both.html",
        ],
        &dir,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("Chess") && text.contains("Archbishop Chess"),
        "{text}"
    );
    let html = std::fs::read_to_string(dir.join("both.html")).expect("report");
    assert!(html.contains("Archbishop Chess"));
    let lines = std::fs::read_to_string(dir.join("both.games.jsonl")).expect("checkpoint");
    assert_eq!(lines.lines().count(), 1 + 4);
}

#[test]
fn every_shipped_variant_with_a_start_position_is_analysed() {
    let dir = scratch("every");
    for path in crate::support::variant_files() {
        let name = path.display().to_string();
        let out = koma(
            &[
                &name,
                "--games",
                "1",
                "--nodes",
                "40",
                "--max-plies",
                "8",
                "--format",
                "json",
            ],
            &dir,
        );
        let _ = std::fs::remove_file(dir.join("koma-analyse.games.jsonl"));
        let stderr = String::from_utf8_lossy(&out.stderr);
        if stderr.contains("has no start position") {
            assert_eq!(out.status.code(), Some(1));
            continue;
        }
        assert!(out.status.success(), "{name}: {stderr}");
        let doc = parse(&String::from_utf8_lossy(&out.stdout));
        assert_eq!(doc["variants"][0]["games"], 1, "{name}");
    }
}

#[test]
fn bad_input_stops_before_any_game() {
    let dir = scratch("bad");
    let chess = variant("chess.koma");
    let usage = |args: &[&str]| {
        let out = koma(args, &dir);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stderr).to_string()
    };
    usage(&[&chess, "--games", "0"]);
    assert!(usage(&[&chess, "--time", "-1"]).contains("--time"));
    assert!(usage(&[&chess, "-o", "/nonexistent/dir/report.html"]).contains("cannot write"));
    usage(&[&chess, "--shard", "3/2"]);
    assert!(
        !dir.join("koma-analyse.games.jsonl").exists(),
        "no game was played"
    );
    // A file with errors: the usual diagnostics, then exit 1, before any game.
    let broken = dir.join("broken.koma");
    std::fs::write(
        &broken,
        "variant \"Broken\"\nboard 8 x 8\npieces\n  K \"King\" K royal\nsetup mirror\n  Q d1\n",
    )
    .expect("write");
    let out = koma(&[&broken.display().to_string(), "--games", "1"], &dir);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("broken.koma"));
    assert!(!dir.join("koma-analyse.games.jsonl").exists());
    // Kyou has no start position: a clear message.
    let out = koma(&[&variant("kyou-shogi.koma"), "--games", "1"], &dir);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("has no start position"));
}

/// Sums a field over a summary's piece rows.
fn total(v: &Value, field: &str) -> u64 {
    v["pieces"]
        .as_array()
        .expect("pieces")
        .iter()
        .map(|p| p[field].as_u64().unwrap_or(0))
        .sum()
}

#[test]
fn captures_and_burns_account_for_every_removed_piece() {
    let dir = scratch("tallies");
    let chess = parse(&json_text(
        &[
            &variant("chess.koma"),
            "--games",
            "4",
            "--nodes",
            "150",
            "--max-plies",
            "80",
        ],
        &dir,
    ));
    let v = &chess["variants"][0];
    // Chess removes only enemy pieces and burns none: every capture is someone's loss.
    assert!(total(v, "captures") > 0);
    assert_eq!(total(v, "captures"), total(v, "captured"));
    assert_eq!(total(v, "burns"), 0);
    let _ = std::fs::remove_file(dir.join("koma-analyse.games.jsonl"));
    let ember = root().join("examples/ember.koma").display().to_string();
    let doc = parse(&json_text(
        &[
            &ember,
            "--games",
            "6",
            "--nodes",
            "200",
            "--max-plies",
            "120",
        ],
        &dir,
    ));
    let v = &doc["variants"][0];
    let demon = v["pieces"]
        .as_array()
        .expect("pieces")
        .iter()
        .find(|p| p["id"] == "FD")
        .expect("Fire Demon");
    assert!(
        demon["burns"].as_u64() > Some(0),
        "the Fire Demon burned nothing: {demon}"
    );
    // A piece burned passively on arrival is captured without anyone's capture or burn.
    assert!(total(v, "captured") >= total(v, "captures") + total(v, "burns"));
}
