//! Perft suites: every count in tests/perft/*.perft (from independent engines) reproduced by
//! the variants in variants/ (and a few test fixtures). Counts up to `QUICK_NODES` run in normal tests; the rest are
//! `#[ignore]`d and run in release by CI (`--include-ignored`).

use std::path::PathBuf;
use std::sync::Arc;

use koma_runtime::{Position, Tables};

/// Largest count checked by the quick test.
const QUICK_NODES: u64 = 300_000;

struct Case {
    file: String,
    id: String,
    variant: String,
    fen: String,
    counts: Vec<(u32, u64)>,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Reads every `.perft` file: `id`, `variant`, `fen` and `perft <depth> <nodes>` lines.
fn cases() -> Vec<Case> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("tests/perft"))
        .expect("tests/perft exists")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "perft"))
        .collect();
    files.sort();
    let mut out: Vec<Case> = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path).expect("readable perft file");
        let file = path
            .file_name()
            .map(|f| f.to_string_lossy().into_owned())
            .unwrap_or_default();
        for (n, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            let Some((key, value)) = line.split_once(' ') else {
                assert!(line.is_empty(), "{file}:{}: malformed line `{line}`", n + 1);
                continue;
            };
            let value = value.trim();
            match key {
                "id" => out.push(Case {
                    file: file.clone(),
                    id: value.to_string(),
                    variant: String::new(),
                    fen: "startpos".to_string(),
                    counts: Vec::new(),
                }),
                "variant" | "fen" | "perft" => {
                    let case = out
                        .last_mut()
                        .unwrap_or_else(|| panic!("{file}:{}: `{key}` before `id`", n + 1));
                    match key {
                        "variant" => case.variant = value.to_string(),
                        "fen" => case.fen = value.to_string(),
                        _ => {
                            let (d, nodes) = value.split_once(' ').expect("perft <depth> <nodes>");
                            case.counts.push((
                                d.parse().expect("depth"),
                                nodes.trim().parse().expect("nodes"),
                            ));
                        }
                    }
                }
                _ => panic!("{file}:{}: unknown key `{key}`", n + 1),
            }
        }
    }
    out
}

/// `variant NAME` is variants/NAME.koma; a name with a `/` is a path from the repository root
/// (a test fixture).
fn tables(variant: &str) -> Arc<Tables> {
    let path = if variant.contains('/') {
        root().join(format!("{variant}.koma"))
    } else {
        root().join("variants").join(format!("{variant}.koma"))
    };
    koma_compiler::tables(&path).unwrap_or_else(|e| panic!("does not compile:\n{e}"))
}

fn run(deep: bool) {
    let mut failures = Vec::new();
    let mut checked = 0;
    for case in cases() {
        let tables = tables(&case.variant);
        for &(depth, nodes) in &case.counts {
            if (nodes > QUICK_NODES) != deep {
                continue;
            }
            let mut pos = Position::from_text(tables.clone(), &case.fen)
                .unwrap_or_else(|e| panic!("{} {}: bad fen: {e}", case.file, case.id));
            let got = pos.perft(depth);
            checked += 1;
            if got != nodes {
                failures.push(format!(
                    "{} {} perft({depth}): expected {nodes}, got {got}",
                    case.file, case.id
                ));
            }
        }
    }
    eprintln!("{checked} perft counts checked");
    assert!(checked > 0, "no perft case ran");
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
}

#[test]
fn perft_quick() {
    run(false);
}

#[test]
#[ignore = "deep counts: run in release with --include-ignored"]
fn perft_deep() {
    run(true);
}
