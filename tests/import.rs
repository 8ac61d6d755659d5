//! `koma import`: snapshots of imported Interactive Diagram blocks, their diagnostics, and the
//! agreement of the imported seed blocks with the hand-written shipped variants.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use koma_compiler::diagnostic::{Diagnostic, Severity, SourceMap};
use koma_compiler::import::{Imported, import};
use koma_grammar::ast;

fn run(path: &Path) -> (String, Imported) {
    let text = std::fs::read_to_string(path).expect("fixture is readable");
    let mut sources = SourceMap::default();
    let file = sources.add(path.display().to_string(), text.clone());
    let name = path
        .file_stem()
        .and_then(|s| s.to_str())
        .expect("fixture has a name");
    let imported = import(file, &text, name);
    (text, imported)
}

/// `warning[I008] 1:994-1:994 message (label) help: ...`, one per line.
fn render(text: &str, diagnostics: &[Diagnostic]) -> String {
    let at = |offset: usize| {
        let before = &text[..offset.min(text.len())];
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        format!("{line}:{col}")
    };
    let mut out = String::new();
    for d in diagnostics {
        let level = if d.severity == Severity::Error {
            "error"
        } else {
            "warning"
        };
        let loc = &d.primary.location;
        out += &format!(
            "{level}[{}] {}-{} {} ({})",
            d.code,
            at(loc.start),
            at(loc.end),
            d.message,
            d.primary.message
        );
        for s in &d.secondary {
            out += &format!(" [{}: {}]", at(s.location.start), s.message);
        }
        if let Some(help) = &d.help {
            out += &format!(" help: {help}");
        }
        out.push('\n');
    }
    out
}

#[test]
fn imports_ok_blocks() {
    insta::glob!("fixtures/import/ok/*.id", |path| {
        let (text, imported) = run(path);
        let errors = render(&text, &imported.diagnostics);
        let koma = imported
            .koma
            .unwrap_or_else(|| panic!("{} has errors:\n{errors}", path.display()));
        let parsed = koma_grammar::parse(&koma);
        assert!(
            parsed.errors.is_empty(),
            "{}: output does not parse: {:?}\n{koma}",
            path.display(),
            parsed.errors
        );
        insta::assert_snapshot!(format!(
            "--- block\n{text}\n--- diagnostics\n{errors}\n--- koma\n{koma}"
        ));
    });
}

#[test]
fn reports_bad_blocks() {
    insta::glob!("fixtures/import/error/*.id", |path| {
        let (text, imported) = run(path);
        assert!(
            imported.has_errors(),
            "{} imports without errors",
            path.display()
        );
        assert!(
            imported.koma.is_none(),
            "no output is written when there are errors"
        );
        insta::assert_snapshot!(format!(
            "--- block\n{text}\n--- diagnostics\n{}",
            render(&text, &imported.diagnostics)
        ));
    });
}

#[test]
fn one_item_per_line_and_one_line_blocks_import_the_same() {
    let (text, one_line) = run(Path::new("tests/fixtures/import/ok/symmetry-none.id"));
    let mut lines = text.clone();
    // Break the single line before every item but the first.
    let starts = [
        "ranks",
        "symmetry",
        "promoZone",
        "promoChoice",
        "soldier",
        "wazir",
        "ferz",
        "general",
        "royal",
        "extinction",
    ];
    for word in starts {
        lines = lines.replacen(&format!(" {word}"), &format!("\n{word}"), 1);
    }
    assert_eq!(lines.lines().count(), starts.len() + 1);
    let mut sources = SourceMap::default();
    let file = sources.add("lines.id", lines.clone());
    let many_lines = import(file, &lines, "symmetry-none");
    assert_eq!(one_line.koma, many_lines.koma, "{lines}");
}

/// What the equality check looks at: pieces (moves with `like` resolved, promotions, royal),
/// the start position square by square, the promotion zone depth and the royal set.
#[derive(Debug, Default, PartialEq, Eq)]
struct Summary {
    pieces: BTreeMap<String, (String, Vec<String>)>,
    setup: BTreeSet<(bool, String, u8, u32)>,
    zone: Option<u32>,
    royals: BTreeSet<String>,
}

fn summary(koma: &str) -> Summary {
    let parsed = koma_grammar::parse(koma);
    assert!(
        parsed.errors.is_empty(),
        "does not parse: {:?}",
        parsed.errors
    );
    let file = parsed.file;
    let mut s = Summary::default();
    let mut betza = BTreeMap::new();
    let mut likes = Vec::new();
    for item in &file.pieces {
        let ast::PieceItem::Define(def) = item else {
            continue;
        };
        let id = def.id.value.clone();
        match &def.moves {
            ast::Moves::Betza(b) => {
                betza.insert(id.clone(), b.value.clone());
            }
            ast::Moves::Like { other, .. } => likes.push((id.clone(), other.value.clone())),
        }
        let mut promotes: Vec<String> = def
            .promotes
            .iter()
            .flat_map(|(_, ids)| ids.iter().map(|i| i.value.clone()))
            .collect();
        promotes.sort();
        s.pieces.insert(id.clone(), (String::new(), promotes));
        if def.royal.is_some() {
            s.royals.insert(id);
        }
    }
    for (id, other) in likes {
        let moves = betza
            .get(&other)
            .cloned()
            .unwrap_or_else(|| format!("like {other}"));
        betza.insert(id, moves);
    }
    for (id, entry) in &mut s.pieces {
        entry.0 = betza.get(id).cloned().unwrap_or_default();
    }
    for clause in &file.clauses {
        match &clause.kind {
            ast::ClauseKind::PromotionZone(ast::Zone::Depth(n)) => s.zone = Some(n.value),
            ast::ClauseKind::Royal(ids) => s.royals.extend(ids.iter().map(|i| i.value.clone())),
            _ => {}
        }
    }
    s.setup = positions(&file);
    s
}

/// Every (second player?, piece, file, rank) of the start position, symmetry applied.
fn positions(file: &ast::File) -> BTreeSet<(bool, String, u8, u32)> {
    let board = &file.boards[0];
    let (files, ranks) = (board.files.value as u8, board.ranks.value);
    let (first, last) = board
        .items
        .iter()
        .find_map(|i| match &i.kind {
            ast::BoardItemKind::Ranks { first, last } => Some((first.value, last.value)),
            _ => None,
        })
        .unwrap_or((1, ranks));
    let mut out = BTreeSet::new();
    let Some(setup) = file.setups.first() else {
        return out;
    };
    for p in &setup.placements {
        let second = p.side.is_some_and(|s| s.value == ast::Side::Second);
        for item in &p.squares {
            let (a, b) = match item {
                ast::SquareItem::Single(s) => (*s, *s),
                ast::SquareItem::Range { from, to, .. } => (*from, *to),
            };
            for f in a.file.min(b.file)..=a.file.max(b.file) {
                for r in a.rank.min(b.rank)..=a.rank.max(b.rank) {
                    out.insert((second, p.piece.value.clone(), f, r));
                    let copy = match setup.symmetry.value {
                        ast::Symmetry::Rotate => Some((files - 1 - f, first + last - r)),
                        ast::Symmetry::Mirror => Some((f, first + last - r)),
                        ast::Symmetry::None => None,
                    };
                    if let Some((cf, cr)) = copy {
                        out.insert((true, p.piece.value.clone(), cf, cr));
                    }
                }
            }
        }
    }
    out
}

/// Differences between an imported summary and a shipped one, as readable lines.
fn differences(imported: &Summary, shipped: &Summary) -> Vec<String> {
    let mut out = Vec::new();
    let ids: BTreeSet<&String> = imported
        .pieces
        .keys()
        .chain(shipped.pieces.keys())
        .collect();
    for id in ids {
        let (a, b) = (imported.pieces.get(id), shipped.pieces.get(id));
        if a != b {
            out.push(format!("piece {id}: imported {a:?}, shipped {b:?}"));
        }
    }
    for only in imported.setup.symmetric_difference(&shipped.setup) {
        let side = if imported.setup.contains(only) {
            "imported"
        } else {
            "shipped"
        };
        out.push(format!("setup: only {side} has {only:?}"));
    }
    if imported.zone != shipped.zone {
        out.push(format!(
            "zone: imported {:?}, shipped {:?}",
            imported.zone, shipped.zone
        ));
    }
    if imported.royals != shipped.royals {
        out.push(format!(
            "royals: imported {:?}, shipped {:?}",
            imported.royals, shipped.royals
        ));
    }
    out
}

/// The seed blocks import into files that agree with the shipped variants, except where the
/// shipped file documents a correction.
fn agrees_with_shipped(fixture: &str, variant: &str, corrections: &[&str]) {
    let (_, imported) = run(Path::new(fixture));
    let koma = imported.koma.expect("the seed block imports");
    let shipped = std::fs::read_to_string(variant).expect("shipped variant exists");
    let diffs = differences(&summary(&koma), &summary(&shipped));
    assert_eq!(diffs, corrections, "imported {fixture} vs {variant}");
}

#[test]
fn suzumu_agrees_with_the_shipped_variant() {
    agrees_with_shipped(
        "tests/fixtures/import/ok/suzumu-shogi.id",
        "variants/suzumu-shogi.koma",
        &[],
    );
}

#[test]
fn the_summary_sees_every_kind_of_difference() {
    let (_, imported) = run(Path::new("tests/fixtures/import/ok/holes-rotate.id"));
    let koma = imported.koma.expect("imports");
    let changed = koma
        .replace("K       royal", "W       royal")
        .replace("promotion zone 2", "promotion zone 3")
        .replace("  K  c0", "  K  d0");
    assert_ne!(koma, changed);
    let diffs = differences(&summary(&koma), &summary(&changed));
    assert!(diffs.iter().any(|d| d.starts_with("piece K:")), "{diffs:?}");
    assert!(diffs.iter().any(|d| d.starts_with("zone:")), "{diffs:?}");
    assert!(diffs.iter().any(|d| d.starts_with("setup:")), "{diffs:?}");
}

fn koma(args: &[&str], stdin: &str) -> std::process::Output {
    use std::io::Write;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_koma"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("koma runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("stdin written");
    child.wait_with_output().expect("koma finishes")
}

#[test]
fn cli_writes_to_stdout_or_a_file_and_reports_to_stderr() {
    let fixture = "tests/fixtures/import/ok/kuuzen-dai-shogi.id";
    let out = koma(&["import", fixture], "");
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8(out.stdout).expect("utf-8");
    assert!(stdout.contains("variant \"Kuuzen Dai Shogi\""), "{stdout}");
    let stderr = String::from_utf8(out.stderr).expect("utf-8");
    assert!(
        stderr.contains("warning[I008]") && stderr.contains(":1:994"),
        "{stderr}"
    );

    let dir = std::env::temp_dir().join(format!("koma-import-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let target = dir.join("kuuzen.koma");
    let out = koma(
        &[
            "import",
            fixture,
            "-o",
            target.to_str().expect("utf-8 path"),
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.is_empty());
    assert_eq!(std::fs::read_to_string(&target).expect("written"), stdout);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn cli_reads_stdin_and_exits_1_on_errors_2_on_usage() {
    let out = koma(&["import", "-"], "files=5 ranks=5 king:K:K:k:c1");
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("variant \"Imported\""));

    let out = koma(&["import", "-"], "files=5 ranks=5 king:K:K:k:c9");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        out.stdout.is_empty(),
        "nothing is written when there are errors"
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("error[I005]") && stderr.contains("<stdin>:1:28"),
        "{stderr}"
    );

    assert_eq!(koma(&["import"], "").status.code(), Some(2));
    assert_eq!(
        koma(&["import", "no/such/file.id"], "").status.code(),
        Some(1)
    );
}
