//! Snapshots of the text and SVG diagrams of every distinct seed piece string
//! (`tests/fixtures/diagram/seed-pieces.txt`), drawn on the default 9x9 board from the centre.

use koma_compiler::diagram::{Scene, draw, render_svg, render_text};
use koma_compiler::xbetza::{BoardSize, expand};

fn fixtures() -> Vec<(String, String)> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/diagram/seed-pieces.txt"
    );
    let text = std::fs::read_to_string(path).expect("fixture list");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut parts = l.split_whitespace();
            let name = parts.next().expect("name").to_string();
            let betza = parts.next().expect("betza").to_string();
            (name, betza)
        })
        .collect()
}

#[test]
fn seed_piece_diagrams() {
    let board = BoardSize { files: 9, ranks: 9 };
    let list = fixtures();
    assert!(list.len() >= 90, "fixture list looks truncated");
    for (name, betza) in list {
        let (expansion, _) = expand(&betza, board).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        let diagram = draw(&expansion, &Scene::centre(board));
        let text = format!("{betza}\n{}", render_text(&diagram, false));
        insta::assert_snapshot!(format!("{name}.text"), text);
        insta::assert_snapshot!(format!("{name}.svg"), render_svg(&diagram, &betza));
    }
}

/// Colour is ANSI escapes around the squares, and nothing else changes.
#[test]
fn colour_only_adds_escapes() {
    let board = BoardSize { files: 9, ranks: 9 };
    let (expansion, _) = expand("KNADcaKmcabK", board).expect("lion");
    let diagram = draw(&expansion, &Scene::centre(board));
    let plain = render_text(&diagram, false);
    let coloured = render_text(&diagram, true);
    assert!(!plain.contains('\x1b'));
    assert!(
        coloured.contains("\x1b[48;2;0;255;255m"),
        "cyan locust squares"
    );
    let mut stripped = String::new();
    let mut chars = coloured.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            for d in chars.by_ref() {
                if d == 'm' {
                    break;
                }
            }
        } else {
            stripped.push(c);
        }
    }
    assert_eq!(stripped, plain);
}

/// The legend lists exactly the kinds that appear on the board.
#[test]
fn svg_legend_lists_only_used_kinds() {
    let board = BoardSize { files: 9, ranks: 9 };
    let (expansion, _) = expand("mRcpR", board).expect("cannon");
    let mut scene = Scene::centre(board);
    scene.enemies = vec![koma_compiler::diagram::parse_square("e7", board, 1).expect("e7")];
    let diagram = draw(&expansion, &scene);
    let svg = render_svg(&diagram, "cannon");
    assert!(svg.contains("m: move only") && svg.contains("c: capture only"));
    assert!(!svg.contains("mc: move or capture") && !svg.contains("locust"));
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
}

fn koma(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_koma"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("NO_COLOR")
        .output()
        .expect("koma runs")
}

#[test]
fn cli_json_has_the_contract_fields() {
    let out = koma(&[
        "diagram", "--betza", "caK", "--enemy", "f6", "--format", "json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    let moves = json["moves"].as_array().expect("moves array");
    assert_eq!(moves.len(), 7);
    for m in moves {
        assert_eq!(m["from"], "e5");
        assert!(m["to"].is_string());
        assert_eq!(m["captures"], serde_json::json!(["f6"]));
    }
    let squares = json["squares"].as_array().expect("squares array");
    let f6 = squares
        .iter()
        .find(|s| s["square"] == "f6")
        .expect("f6 classed");
    assert!(
        f6["classes"]
            .as_array()
            .expect("classes")
            .iter()
            .any(|c| c == "locust")
    );
}

#[test]
fn cli_plain_when_piped_and_second_player_rotated() {
    let out = koma(&["diagram", "--betza", "fW", "--second", "--board", "5x5"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    assert!(!text.contains('\x1b'), "no colour when piped");
    // The second player's forward is down the board: from c3 to c2.
    let row2 = text.lines().find(|l| l.starts_with('2')).expect("rank 2");
    assert!(row2.contains('●'), "{text}");
}

#[test]
fn cli_usage_errors_exit_2() {
    for args in [
        &["diagram", "--betza", "K", "--board", "0x9"][..],
        &["diagram", "--betza", "K", "--board", "nine"],
        &["diagram", "--betza", "K", "--from", "j1"],
        &["diagram", "--betza", "K", "--enemy", "e5"],
        &["diagram", "--betza", "K", "--friend", "d4", "--enemy", "d4"],
        &["diagram", "variants/suzumu-shogi.koma", "NOSUCH"],
    ] {
        let out = koma(args);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn cli_betza_errors_exit_1_with_code_and_caret() {
    let out = koma(&["diagram", "--betza", "fmWx"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("E0302") && err.contains('^'), "{err}");
}

#[test]
fn cli_draws_a_piece_of_a_variant_file() {
    let out = koma(&[
        "diagram",
        "variants/suzumu-shogi.koma",
        "+CS",
        "--format",
        "json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    assert_eq!(json["board"]["files"], 16);
    assert_eq!(json["betza"], "jvhQjsQ3cab(mpacab)1K");
    assert!(!json["moves"].as_array().expect("moves").is_empty());
}

#[test]
fn cli_royal_enemies_for_k_moves() {
    let out = koma(&[
        "diagram", "--betza", "kR", "--enemy", "e7!", "--enemy", "c5", "--format", "json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    let moves = json["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0]["to"], "e7");
}
