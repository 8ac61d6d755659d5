//! `koma check` end to end: one snapshot per fixture file holding the source and the rendered
//! diagnostics (no colour, paths relative to the fixture folder). The folder says what is
//! expected: `ok/` files exit 0, `error/` files exit 1 and show the code their name starts with.

use std::path::Path;
use std::process::{Command, Output};

fn koma_check(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_koma"))
        .arg("check")
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .expect("the koma binary runs")
}

/// The snapshot text: the source, then what `koma check` printed.
fn run_fixture(path: &Path) -> (String, Output) {
    let dir = path.parent().expect("fixture folder");
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .expect("file name");
    let source = String::from_utf8_lossy(&std::fs::read(path).expect("fixture")).into_owned();
    let output = koma_check(dir, &[name]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let mut text = format!(
        "{source}\n---- koma check {name} (exit {:?}) ----\n{stdout}",
        output.status.code()
    );
    if !stderr.is_empty() {
        text.push_str(&format!("---- stderr ----\n{stderr}"));
    }
    (text, output)
}

#[test]
fn ok_fixtures_check_clean() {
    insta::glob!("fixtures/check/ok/*.koma", |path| {
        let (text, output) = run_fixture(path);
        assert_eq!(output.status.code(), Some(0), "{text}");
        assert!(!text.contains("error["), "{text}");
        insta::assert_snapshot!(text);
    });
}

#[test]
fn error_fixtures_report_their_code() {
    insta::glob!("fixtures/check/error/*.koma", |path| {
        let (text, output) = run_fixture(path);
        assert_eq!(output.status.code(), Some(1), "{text}");
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        if name.starts_with('E') {
            let code = &name[..5];
            assert!(
                text.contains(&format!("error[{code}]")),
                "{name} does not report {code}:\n{text}"
            );
        }
        insta::assert_snapshot!(text);
    });
}

#[test]
fn every_error_code_has_a_fixture() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/check/error");
    let names: Vec<String> = std::fs::read_dir(&dir)
        .expect("fixture folder")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .collect();
    // E0005 (unreadable file) cannot be a file; `a_missing_file_is_a_diagnostic` covers it.
    let missing: Vec<&str> = koma_compiler::codes::ALL
        .iter()
        .map(|(code, _)| *code)
        .filter(|code| *code != koma_compiler::codes::UNREADABLE_FILE)
        .filter(|code| !names.iter().any(|n| n.starts_with(code)))
        .collect();
    assert_eq!(
        missing,
        Vec::<&str>::new(),
        "codes without an error fixture"
    );
}

#[test]
fn every_error_code_is_documented() {
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/diagnostics.md"))
            .expect("docs/diagnostics.md");
    for (code, _) in koma_compiler::codes::ALL {
        assert!(
            doc.contains(&format!("| {code} |")),
            "{code} is missing from docs/diagnostics.md"
        );
    }
}

#[test]
fn the_piece_type_limit_in_the_docs_is_the_runtimes() {
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/diagnostics.md"))
            .expect("docs/diagnostics.md");
    let row = doc
        .lines()
        .find(|l| l.starts_with("| E0110 |"))
        .expect("the E0110 row");
    let max = koma_runtime::limits::MAX_PIECE_TYPES;
    assert!(row.contains(&format!("1 to {max},")), "{row}");
    assert!(doc.contains(&format!("E0110's {max} piece types")));
}

#[test]
fn a_missing_file_is_a_diagnostic() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/check");
    let output = koma_check(&dir, &["ok/minimal.koma", "no-such-file.koma"]);
    assert_eq!(output.status.code(), Some(1));
    insta::assert_snapshot!(String::from_utf8_lossy(&output.stdout));
}

#[test]
fn no_file_is_a_usage_error() {
    let output = koma_check(Path::new(env!("CARGO_MANIFEST_DIR")), &[]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn short_format_is_one_line_per_diagnostic() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/check/error");
    let output = koma_check(&dir, &["--format", "short", "many-errors-in-one-file.koma"]);
    assert_eq!(output.status.code(), Some(1));
    insta::assert_snapshot!(String::from_utf8_lossy(&output.stdout));
}

#[test]
fn json_format_locates_every_diagnostic() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/check/error");
    let output = koma_check(
        &dir,
        &[
            "--format",
            "json",
            "E0104-unknown-piece.koma",
            "../ok/minimal.koma",
        ],
    );
    assert_eq!(output.status.code(), Some(1));
    let document: serde_json::Value =
        serde_json::from_slice(&output.stdout).expect("one JSON document");
    let diagnostics = document["diagnostics"]
        .as_array()
        .expect("diagnostics array");
    assert!(!diagnostics.is_empty());
    for d in diagnostics {
        for key in [
            "code",
            "severity",
            "message",
            "file",
            "line",
            "column",
            "end",
            "help",
            "suggestion",
        ] {
            assert!(d.get(key).is_some(), "missing `{key}` in {d}");
        }
        assert_eq!(d["severity"], "error");
        assert!(d["line"].as_u64().is_some_and(|l| l >= 1));
        assert!(d["end"]["line"].as_u64() >= d["line"].as_u64());
    }
    let first = &diagnostics[0];
    assert_eq!(first["code"], "E0104");
    assert_eq!(first["file"], "E0104-unknown-piece.koma");
    assert_eq!(
        (first["line"].as_u64(), first["column"].as_u64()),
        (Some(4), Some(29))
    );
    assert_eq!(first["suggestion"]["replacement"], "+P");
    let files = document["files"].as_array().expect("files array");
    assert_eq!(files[1]["errors"], 0);
}

/// The diagnostics `koma check --format short` prints for `text`.
fn short_diagnostics(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("koma-check-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp folder");
    std::fs::write(dir.join("t.koma"), text).expect("write");
    let out = koma_check(&dir, &["--format", "short", "t.koma"]);
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The command line's three formats locate with the compiler's one line/column mapping: columns
/// count characters (a kanji is one, not three bytes), and a `\r\n` line end is one line break.
#[test]
fn every_format_counts_columns_in_characters_over_crlf_lines() {
    let text = "variant \"x\"\r\nboard 9 x 9\r\npieces  # 駒\r\n  K \"王将\" K royal\r\n  \
                G \"金将\" WfF promotes X  # 金\r\nsetup mirror\r\n  K e1\r\n";
    let dir = std::env::temp_dir().join(format!("koma-check-{}-crlf", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp folder");
    std::fs::write(dir.join("t.koma"), text).expect("write");
    let short = String::from_utf8_lossy(&koma_check(&dir, &["--format", "short", "t.koma"]).stdout)
        .into_owned();
    assert!(short.contains("t.koma:5:23: error[E0104]"), "{short}");
    let rich = String::from_utf8_lossy(&koma_check(&dir, &["t.koma"]).stdout).into_owned();
    assert!(rich.contains("t.koma:5:23"), "{rich}");
    assert!(!rich.contains('\r'), "{rich:?}");
    let json = koma_check(&dir, &["--format", "json", "t.koma"]);
    let document: serde_json::Value = serde_json::from_slice(&json.stdout).expect("JSON");
    let first = &document["diagnostics"][0];
    assert_eq!(first["code"], "E0104");
    assert_eq!(
        (first["line"].as_u64(), first["column"].as_u64()),
        (Some(5), Some(23))
    );
    assert_eq!(first["end"]["column"].as_u64(), Some(24));
}

const KING_ONLY: &str =
    "pieces\n  K \"King\" K royal\nsetup mirror\n  K e1\nrules\n  win checkmate\n";

#[test]
fn a_broken_board_header_is_reported_once_not_as_a_missing_board() {
    for header in ["board: 9 x 9", "boards 9 x 9"] {
        let out = short_diagnostics("header", &format!("variant \"x\"\n{header}\n{KING_ONLY}"));
        assert!(!out.contains("has no board"), "{header}: {out}");
        assert!(out.contains("2:1: error[E0002]"), "{header}: {out}");
    }
}

#[test]
fn a_misspelt_like_gets_did_you_mean() {
    let text = "variant \"x\"\nboard 9 x 9\npieces\n  K \"King\" K royal\n  G \"Gold\" WfF\n  S \"Silver\" lik G\nsetup mirror\n  K e1\nrules\n  win checkmate\n";
    let out = short_diagnostics("like", text);
    assert!(
        out.contains("6:14: error[E0001]: `lik G` is neither moves nor `like G`"),
        "{out}"
    );
    let dir = std::env::temp_dir().join(format!("koma-check-{}-like", std::process::id()));
    let out = koma_check(&dir, &["t.koma"]);
    let out = String::from_utf8_lossy(&out.stdout);
    assert!(out.contains("did you mean `like`?"), "{out}");
}
