//! `koma lint` end to end: every lint fires on its fixture (one snapshot per fixture with the
//! source and the rendered findings), its fixed counterpart lints clean, `--fix` leaves files
//! that check clean, levels from attributes and the command line apply, and the shipped
//! variants lint clean.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use koma_compiler::lint::LINTS;

fn koma(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_koma"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .expect("the koma binary runs")
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// A scratch copy of a fixture, for tests that rewrite files.
fn scratch(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("koma-lint-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("scratch file");
    path
}

#[test]
fn every_lint_fires_on_its_fixture() {
    insta::glob!("fixtures/lint/L*.koma", |path| {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .expect("file name");
        let code = &name[..4];
        let output = koma(path.parent().expect("folder"), &["lint", name]);
        let source = std::fs::read_to_string(path).expect("fixture");
        let text = format!(
            "{source}\n---- koma lint {name} (exit {:?}) ----\n{}",
            output.status.code(),
            stdout(&output)
        );
        assert!(
            text.contains(&format!("warning[{code}]")),
            "{name} does not trigger {code}:\n{text}"
        );
        assert_eq!(
            output.status.code(),
            Some(0),
            "warnings alone exit 0:\n{text}"
        );
        insta::assert_snapshot!(text);
    });
}

#[test]
fn every_lint_has_a_fixture_and_a_fixed_fixture() {
    let dir = root().join("tests/fixtures/lint");
    for lint in LINTS {
        let name = format!("{}-{}.koma", lint.code, lint.name);
        assert!(dir.join(&name).exists(), "missing fixture {name}");
        assert!(
            dir.join("fixed").join(&name).exists(),
            "missing fixed fixture {name}"
        );
    }
}

#[test]
fn fixed_fixtures_lint_clean() {
    insta::glob!("fixtures/lint/fixed/*.koma", |path| {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .expect("file name");
        let output = koma(
            path.parent().expect("folder"),
            &["lint", "--deny-warnings", name],
        );
        assert_eq!(
            output.status.code(),
            Some(0),
            "{name}:\n{}",
            stdout(&output)
        );
        assert!(
            stdout(&output).contains("clean"),
            "{name}:\n{}",
            stdout(&output)
        );
    });
}

#[test]
fn fix_applies_suggestions_and_the_result_checks_clean() {
    for lint in LINTS {
        let name = format!("{}-{}.koma", lint.code, lint.name);
        let source = std::fs::read_to_string(root().join("tests/fixtures/lint").join(&name))
            .expect("fixture");
        let path = scratch(&name, &source);
        let dir = path.parent().expect("folder");
        let json = stdout(&koma(dir, &["lint", "--format", "json", &name]));
        let fixable = json.contains("\"replacement\"");
        let output = koma(dir, &["lint", "--fix", &name]);
        let fixed = std::fs::read_to_string(&path).expect("fixed file");
        if fixable {
            assert_ne!(fixed, source, "{name}: --fix changed nothing");
            assert!(
                !stdout(&output).contains(&format!("[{}]", lint.code)),
                "{name} still warns:\n{}",
                stdout(&output)
            );
        } else {
            assert_eq!(
                fixed, source,
                "{name}: --fix changed a file without suggestions"
            );
        }
        let check = koma(dir, &["check", &name]);
        assert_eq!(
            check.status.code(),
            Some(0),
            "{name} after --fix:\n{fixed}\n{}",
            stdout(&check)
        );
    }
}

#[test]
fn fix_rewrites_to_the_canonical_spelling() {
    let source =
        std::fs::read_to_string(root().join("tests/fixtures/lint/L008-non-canonical-betza.koma"))
            .expect("fixture");
    let path = scratch("canonical.koma", &source);
    koma(
        path.parent().expect("folder"),
        &["lint", "--fix", "canonical.koma"],
    );
    let fixed = std::fs::read_to_string(&path).expect("fixed");
    assert!(fixed.contains("\"Queen\"   Q\n"), "{fixed}");
    assert!(fixed.contains("\"Wazir rider\"  R\n"), "{fixed}");
}

/// `--fix` says what it changed and keeps the columns after a replaced XBetza string where they
/// were: in a file in `koma fmt`'s layout the result is in that layout again; elsewhere the next
/// column does not move.
#[test]
fn fix_keeps_columns_aligned_and_says_what_it_changed() {
    let formatted = "variant \"Fix\"\ninventor \"koma tests\"\nsource \"https://example.org\"\n\n\
board 8 x 8\n\npieces\n  K   \"King\"   K     royal\n  P   \"Pawn\"   fW    promotes +P\n\
  +P  \"Gold\"   WfF\n  Q   \"Queen\"  RB    promotes +Q\n  +Q  \"Amazon\" QN\n\n\
setup rotate\n  K  e1\n  Q  d1\n  P  a2-h2\n\nrules\n  promotion zone 1\n";
    let formatted = koma_compiler::format::format(formatted).expect("formats");
    let path = scratch("aligned.koma", &formatted);
    let dir = path.parent().expect("folder");
    let output = koma(dir, &["lint", "--fix", "aligned.koma"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("fixed aligned.koma:11: `RB` -> `Q` (L008 non-canonical-betza)"),
        "{stderr}"
    );
    let fixed = std::fs::read_to_string(&path).expect("fixed");
    assert!(fixed.contains("\"Queen\"   Q "), "{fixed}");
    assert_eq!(
        koma_compiler::format::format(&fixed).as_deref(),
        Ok(fixed.as_str()),
        "--fix left a formatted file unformatted"
    );

    // Not in fmt's layout (a comment at the margin): the `promotes` column stays where it was.
    let loose = formatted.replace("pieces\n", "pieces\n# the army\n");
    assert_ne!(
        koma_compiler::format::format(&loose).as_deref(),
        Ok(loose.as_str())
    );
    let path = scratch("loose.koma", &loose);
    koma(dir, &["lint", "--fix", "loose.koma"]);
    let fixed = std::fs::read_to_string(&path).expect("fixed");
    let column = |text: &str| {
        let line = text
            .lines()
            .find(|l| l.contains("Queen"))
            .expect("queen line");
        line.find("promotes").expect("promotes")
    };
    assert_eq!(column(&fixed), column(&loose), "{fixed}");
    assert!(fixed.contains(" Q "), "{fixed}");
}

#[test]
fn attributes_and_flags_set_levels() {
    let dir = root().join("tests/fixtures/lint");
    let name = "L022-missing-source.koma";
    let denied = koma(&dir, &["lint", "--deny", "missing-source", name]);
    assert_eq!(denied.status.code(), Some(1));
    assert!(
        stdout(&denied).contains("error[L022]"),
        "{}",
        stdout(&denied)
    );
    let allowed = koma(&dir, &["lint", "--allow", "L022", name]);
    assert_eq!(allowed.status.code(), Some(0));
    assert!(!stdout(&allowed).contains("[L022]"), "{}", stdout(&allowed));
    let strict = koma(&dir, &["lint", "--deny-warnings", name]);
    assert_eq!(strict.status.code(), Some(1));

    let source = std::fs::read_to_string(dir.join(name)).expect("fixture");
    let path = scratch(
        "attributes.koma",
        &format!("#[allow(missing-source)]\n{source}"),
    );
    let output = koma(path.parent().expect("folder"), &["lint", "attributes.koma"]);
    assert!(
        !stdout(&output).contains("[L022]"),
        "file attribute ignored:\n{}",
        stdout(&output)
    );

    let dir = root().join("tests/fixtures/lint");
    let source = std::fs::read_to_string(dir.join("L007-duplicate-move.koma")).expect("fixture");
    let item = source.replace(
        "  G   \"Gold\"",
        "  #[deny(duplicate-move)]\n  G   \"Gold\"",
    );
    let path = scratch("item.koma", &item);
    let output = koma(
        path.parent().expect("folder"),
        &["lint", "--allow", "duplicate-move", "item.koma"],
    );
    assert!(
        stdout(&output).contains("error[L007]"),
        "item attribute must beat the command line:\n{}",
        stdout(&output)
    );
}

#[test]
fn unknown_names_on_the_command_line_are_warnings_naming_the_nearest_lint() {
    let output = koma(
        &root(),
        &["lint", "--allow", "missing-sorce", "variants/chess.koma"],
    );
    assert_eq!(output.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("warning: no lint is named `missing-sorce`; did you mean `missing-source`"),
        "{stderr}"
    );
    let output = koma(&root(), &["explain", "missing-sorce"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("missing-source"));
}

/// The docs promise that an attribute on the line a finding points at sets that finding's level:
/// for every finding of every fixture, `#[allow(NAME)]` written right above its line silences it
/// and nothing else changes.
#[test]
fn an_allow_above_the_line_a_finding_points_at_silences_it() {
    use koma_compiler::lint::{LintConfig, lint};
    let config = LintConfig::default();
    for entry in LINTS {
        let name = format!("{}-{}.koma", entry.code, entry.name);
        let path = root().join("tests/fixtures/lint").join(&name);
        let loaded = koma_compiler::load(&path);
        let variant = loaded.variant.as_ref().expect("fixture checks");
        let found = lint(variant, &loaded.sources, &config);
        let source = &loaded
            .sources
            .get(found[0].primary.location.file)
            .expect("file")
            .text;
        for d in found.iter().filter(|d| d.code == entry.code) {
            let at = d.primary.location.span.start;
            let line_start = source[..at].rfind('\n').map_or(0, |i| i + 1);
            let indent: String = source[line_start..]
                .chars()
                .take_while(|c| *c == ' ')
                .collect();
            let mut edited = source.clone();
            edited.insert_str(line_start, &format!("{indent}#[allow({})]\n", entry.name));
            let copy = scratch(&format!("allow-{name}"), &edited);
            let again = koma_compiler::load(&copy);
            let Some(variant) = again.variant.as_ref() else {
                panic!(
                    "{name}: the allow above line `{}` breaks the file",
                    &source[line_start..at]
                );
            };
            let after = lint(variant, &again.sources, &config);
            let line = source[..at].matches('\n').count() + 1;
            let text = &again
                .sources
                .get(d.primary.location.file)
                .expect("file")
                .text;
            let still: Vec<_> = after
                .iter()
                .filter(|a| {
                    a.code == entry.code
                        && text[..a.primary.location.span.start].matches('\n').count() + 1
                            == line + 1
                })
                .collect();
            assert!(
                still.is_empty(),
                "{name}: `#[allow({})]` above line {line} does not silence `{}`:\n{edited}",
                entry.name,
                d.message
            );
        }
    }
}

#[test]
fn list_and_explain_cover_every_lint() {
    let list = stdout(&koma(&root(), &["lint", "--list"]));
    for lint in LINTS {
        assert!(
            list.contains(lint.code) && list.contains(lint.name),
            "{} missing from --list",
            lint.code
        );
        let explained = koma(&root(), &["explain", lint.code]);
        assert_eq!(explained.status.code(), Some(0));
        let text = stdout(&explained);
        assert!(
            text.contains(lint.summary) && text.contains("Lints clean"),
            "{text}"
        );
    }
}

#[test]
fn lint_json_has_the_contract_fields() {
    let dir = root().join("tests/fixtures/lint");
    let output = koma(
        &dir,
        &["lint", "--format", "json", "L008-non-canonical-betza.koma"],
    );
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).expect("json");
    let first = &value["diagnostics"][0];
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
        assert!(first.get(key).is_some(), "missing `{key}` in {first}");
    }
    assert_eq!(first["code"], "L008");
}

#[test]
fn shipped_variants_and_examples_lint_clean() {
    let mut files: Vec<String> = Vec::new();
    for folder in ["variants", "examples"] {
        files.extend(
            std::fs::read_dir(root().join(folder))
                .expect("shipped folder")
                .filter_map(|e| e.ok()?.file_name().into_string().ok())
                .filter(|n| n.ends_with(".koma"))
                .map(|n| format!("{folder}/{n}")),
        );
    }
    files.sort();
    let mut args = vec!["lint", "--deny-warnings"];
    args.extend(files.iter().map(String::as_str));
    let output = koma(&root(), &args);
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
}

#[test]
fn every_lint_is_documented() {
    let doc = std::fs::read_to_string(root().join("docs/lints.md")).expect("docs/lints.md");
    for lint in LINTS {
        assert!(
            doc.contains(&format!("| {} | `{}` |", lint.code, lint.name)),
            "{} missing from docs/lints.md",
            lint.code
        );
    }
}

#[test]
fn explain_covers_error_and_import_codes() {
    let error = koma(&root(), &["explain", "E0104"]);
    assert_eq!(error.status.code(), Some(0));
    let meaning = koma_compiler::codes::describe("E0104").expect("E0104 exists");
    assert!(stdout(&error).contains(meaning), "{}", stdout(&error));
    let import = koma(&root(), &["explain", "i001"]);
    assert_eq!(import.status.code(), Some(0));
    assert!(
        stdout(&import).starts_with("I001: unknown key"),
        "{}",
        stdout(&import)
    );
}

/// Tori Shogi as its rules give it: a Swallow on the middle rank of the 7x7 board (not the
/// opponent's half: no L013) and a two-rank zone behind the enemy Swallows (no L017).
const TORI: &str = "variant \"Tori Shogi\"
inventor \"Toyota Genryu\"
year 1799
source \"https://en.wikipedia.org/wiki/Tori_shogi\"

board 7 x 7

pieces
  S   \"Swallow\"      fW         promotes +S
  F   \"Falcon\"       FsbW       promotes +F
  C   \"Crane\"        FvW
  P   \"Pheasant\"     fDbF
  L   \"Left Quail\"   fRrbBlbF
  R   \"Right Quail\"  fRlbBrbF
  K   \"Phoenix\"      K          royal
  +S  \"Goose\"        fAbD
  +F  \"Eagle\"        KfBbRbB2

setup rotate
  L  a1
  P  b1
  C  c1
  K  d1
  C  e1
  P  f1
  R  g1
  F  d2
  S  a3-g3 e4

rules
  promotion zone 2
  promotion mandatory
  win checkmate
  captures to-hand
  drop not-stuck
  drop per-file 2 S
  drop no-mate S
";

#[test]
fn tori_shogi_gets_no_middle_rank_or_two_rank_zone_warning() {
    let path = scratch("tori.koma", TORI);
    let out = koma(
        path.parent().expect("dir"),
        &["lint", "--format", "short", "tori.koma"],
    );
    let text = stdout(&out);
    assert!(out.status.success(), "{text}");
    assert!(!text.contains("L013") && !text.contains("L017"), "{text}");
}
