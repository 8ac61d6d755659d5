//! Every reproduction of the reliability trial (issue 12) ends in a correct answer or a located
//! diagnostic: no panic, no silent truncation, no unbounded work.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::Arc;

use koma_runtime::{Position, Tables};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/repro")
        .join(name)
}

fn koma(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_koma"))
        .args(args)
        .output()
        .expect("koma runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn tables(name: &str) -> Arc<Tables> {
    koma_compiler::tables(fixture(name)).unwrap_or_else(|e| panic!("the fixture checks:\n{e}"))
}

#[test]
fn a_lion_on_a_tall_board_lists_each_move_once() {
    let out = koma(&["moves", fixture("big.koma").to_str().expect("utf-8 path")]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let moves: Vec<String> = text(&out.stdout).lines().map(str::to_string).collect();
    let mut unique = moves.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), moves.len(), "duplicate moves: {moves:?}");
}

/// Taikyoku Shogi's 36 files: after `z` come `aa` to `aj` (docs/positions.md). A King and a
/// Rook a side on 36 x 36 check, name their squares, round-trip as position text, and give
/// the perft an independent count gives (a short Python walk of the same position: 70, 4,831
/// and 335,089), from source and from the compiled file.
#[test]
fn thirty_six_files_are_named_beyond_z_and_perft_correctly() {
    let source = fixture("thirty-six-files.koma");
    let path = source.to_str().expect("path");
    let check = koma(&["check", path]);
    assert!(check.status.success(), "{}", text(&check.stdout));
    let moves = text(&koma(&["moves", path]).stdout);
    for m in ["a1a2", "ai1aj1", "ai1ai36", "ai1b1"] {
        assert!(moves.lines().any(|l| l == m), "{m} missing:\n{moves}");
    }
    let t = tables("thirty-six-files.koma");
    let mut pos = Position::start(t.clone()).expect("start position");
    assert_eq!(pos.perft(1), 70);
    assert_eq!(pos.perft(2), 4831);
    assert_eq!(pos.perft(3), 335_089);
    let text_form = pos.to_text();
    assert!(text_form.starts_with("1r33k/36/"), "{text_form}");
    let again = Position::from_text(t.clone(), &text_form).expect("reads back");
    assert_eq!(again.to_text(), text_form);
    let m = pos.parse_move("ai1aj1").expect("a move onto file aj");
    pos.make(&m);
    assert!(pos.to_text().contains("/K34R "), "{}", pos.to_text());

    let dir = std::env::temp_dir().join(format!("koma-repro-36-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let compiled = dir.join("t36.kc");
    let out = koma(&["compile", path, "-o", compiled.to_str().expect("path")]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let perft = koma(&["perft", compiled.to_str().expect("path"), "--depth", "2"]);
    assert!(
        text(&perft.stdout).contains("nodes 4831"),
        "{}",
        text(&perft.stdout)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_compiled_tall_board_reads_back_with_the_same_perft() {
    let dir = std::env::temp_dir().join(format!("koma-repro-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let compiled = dir.join("big.kc");
    let source = fixture("big.koma");
    let out = koma(&[
        "compile",
        source.to_str().expect("path"),
        "-o",
        compiled.to_str().expect("path"),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let from_source = koma(&["perft", source.to_str().expect("path"), "--depth", "2"]);
    let from_compiled = koma(&["perft", compiled.to_str().expect("path"), "--depth", "2"]);
    assert!(
        from_compiled.status.success(),
        "{}",
        text(&from_compiled.stderr)
    );
    assert_eq!(text(&from_source.stdout), text(&from_compiled.stdout));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_34_leg_path_is_generated_as_the_diagram_draws_it() {
    let file = fixture("legs.koma");
    let file = file.to_str().expect("path");
    let diagram = koma(&["diagram", file, "Y", "--format", "json"]);
    assert!(diagram.status.success(), "{}", text(&diagram.stderr));
    let drawn: serde_json::Value = serde_json::from_slice(&diagram.stdout).expect("json");
    assert_eq!(
        drawn["moves"].as_array().map(Vec::len),
        Some(1),
        "the Yoyo may pass"
    );
    let moves = text(&koma(&["moves", file]).stdout);
    assert!(
        moves.lines().any(|m| m == "pass" || m.starts_with("f6")),
        "the runtime drops the 34-leg path: {moves}"
    );
}

#[test]
fn tens_of_thousands_of_paths_are_all_walked() {
    let file = fixture("many.koma");
    let out = koma(&["check", file.to_str().expect("path")]);
    assert!(out.status.success(), "{}", text(&out.stdout));
    let t = tables("many.koma");
    let pos = Position::start(t).expect("setup");
    // The Monster on f6 ((a)4K(a)4N) reaches every square of the 12 x 12 board within five
    // king steps: every square but its own king's (its own square is a pass), so every path
    // index (far beyond u16) is walked.
    let mut pos = pos;
    let from = pos.tables().geo().parse_square("f6").expect("f6");
    let n = pos.moves().iter().filter(|m| m.from == from).count();
    assert_eq!(n, 12 * 12 - 1);
}

#[test]
fn a_seventeenth_royal_is_kept_safe() {
    let t = tables("royals.koma");
    // 17 kings for the first player; the black rook on h3 attacks the 17th (b3).
    let text = "4k4/9/9/9/9/9/KK5r1/KKKKKKKK1/KKKKKKK2 w - - 0 1";
    let mut pos = Position::from_text(t, text).expect("17 royals fit");
    assert_eq!(
        pos.royal_squares(koma_runtime::spec::Player::First).len(),
        17
    );
    assert!(pos.in_check());
    let moves = pos.moves();
    assert!(!moves.is_empty());
    let texts: Vec<String> = moves.iter().map(|m| pos.move_text(m)).collect();
    assert!(
        !texts.contains(&"g1h1".to_string()),
        "ignores the check: {texts:?}"
    );
    for m in moves {
        pos.make(&m);
        for &r in pos.royal_squares(koma_runtime::spec::Player::First) {
            assert!(!pos.is_attacked(r, koma_runtime::spec::Player::Second));
        }
        pos.unmake();
    }
}

#[test]
fn more_royals_than_the_runtime_holds_is_a_position_error() {
    let t = tables("royals.koma");
    let kings = "KKKKKKKKK/".repeat(4);
    let text = format!("4k4/9/9/9/9/{kings}w - - 0 1").replace("/w", " w");
    let error = Position::from_text(t, &text).expect_err("36 royals");
    assert!(error.to_string().contains("royal"), "{error}");
}

#[test]
fn costly_moves_are_rejected_at_check_naming_the_budget() {
    for file in ["aq26.koma", "m_1742_grand-chess.koma"] {
        let out = koma(&["check", fixture(file).to_str().expect("path")]);
        let report = text(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{file}: {report}");
        assert!(
            report.contains("error[E0311]") && report.contains("budget"),
            "{report}"
        );
    }
}

#[test]
/// The diagram walker merges equivalent routes, so strings with billions of routes draw at once
/// (the oracle test checks the merged walker against the runtime's route-by-route walk).
fn explosive_diagrams_are_drawn() {
    let cases: &[&[&str]] = &[
        &["--betza", "aaaaQ", "--board", "26x26"],
        &[
            "--betza",
            "qkvZ3a(ya)2mkaQ23",
            "--board",
            "26x26",
            "--enemy",
            "k26",
            "--friend",
            "x13",
            "--format",
            "json",
        ],
        &[
            "--betza",
            "(aam)3lcdA3",
            "--board",
            "26x26",
            "--friend",
            "w3",
            "--friend",
            "t1",
        ],
        &["--betza", "zvD3oaaC0urgasZZvvaahsJ", "--board", "26x99"],
    ];
    for args in cases {
        let mut all = vec!["diagram"];
        all.extend_from_slice(args);
        let out = koma(&all);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert!(!out.stdout.is_empty(), "{args:?}");
    }
    // Five queen moves over an empty board reach every square, the start square included.
    let out = koma(&[
        "diagram", "--betza", "aaaaQ", "--board", "26x26", "--format", "json",
    ]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let moves = json["moves"].as_array().expect("moves");
    let squares: std::collections::BTreeSet<_> = moves
        .iter()
        .map(|m| m["to"].as_str().unwrap_or(""))
        .collect();
    assert_eq!((moves.len(), squares.len()), (676, 676));
}

#[test]
fn perft_prints_no_progress_when_stderr_is_not_a_terminal() {
    let out = koma(&[
        "perft",
        fixture("m_975_exotic.koma").to_str().expect("path"),
        "--depth",
        "2",
    ]);
    assert!(out.status.success());
    assert_eq!(text(&out.stdout), "nodes 90788\n");
    assert_eq!(text(&out.stderr), "");
}

#[test]
fn a_closed_pipe_ends_output_quietly() {
    let variant = Path::new(env!("CARGO_MANIFEST_DIR")).join("variants/suzumu-shogi.koma");
    let variant = variant.to_str().expect("path");
    for args in [
        vec!["moves", variant],
        vec!["perft", variant, "--depth", "2", "--divide"],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_koma"))
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("koma runs");
        let mut first = String::new();
        BufReader::new(child.stdout.take().expect("stdout"))
            .read_line(&mut first)
            .expect("a line");
        // The reader is dropped here: the rest of the output meets a closed pipe.
        let out = child.wait_with_output().expect("koma ends");
        assert!(!first.is_empty());
        assert!(out.status.success(), "{args:?}: {:?}", out.status);
        assert!(
            !text(&out.stderr).contains("panicked"),
            "{}",
            text(&out.stderr)
        );
    }
}

#[test]
fn a_huge_empty_count_in_position_text_is_an_error_at_once() {
    // Found by the `position` fuzz target: the count overflowed and was walked square by square.
    let t = tables("royals.koma");
    let text = "4k4/80000000000000000000/9/9/9/9/9/9/4K4 w - - 0 1";
    let error = Position::from_text(t, text).expect_err("too many files");
    assert!(error.to_string().contains("more than 9 files"), "{error}");
}
