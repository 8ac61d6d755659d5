//! `koma export`: every shipped variant and example either exports or is refused with located
//! reasons; the diagram blocks import back into games with the same perft, and the
//! Fairy-Stockfish sections load in Fairy-Stockfish with the same perft (skipped without it,
//! unless KOMA_REQUIRE_EXTERNAL is set).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use koma_compiler::diagnostic::SourceMap;
use koma_compiler::export::{self, Exported};
use koma_compiler::ir::Variant;
use koma_compiler::loader::MemoryLoader;

use crate::engine::common::{Engine, external};
use crate::support::variant_files;

/// The games that export to each format (file stems); the rest must be refused.
const ID_EXPORTS: &[&str] = &[
    "capablanca",
    "chess",
    "courier",
    "shatranj",
    "checker-knights",
    "gardner-mini",
    "lake-chess",
    "archbishop-chess",
    "custom-pieces",
];
const FSF_EXPORTS: &[&str] = &[
    "capablanca",
    "chess",
    "courier",
    "crazyhouse",
    "grand",
    "makruk",
    "minishogi",
    "shatranj",
    "shogi",
    "gardner-mini",
    "grand-acre",
    "archbishop-chess",
    "tori-shogi",
    "king-of-the-hill",
    "racing-kings",
    "three-check",
    "five-check",
    "duck",
    "chess960",
    "heian-shogi",
    "dobutsu",
    "custom-pieces",
    "second-starts",
];
const DEPTH: u32 = 3;

/// The shipped variants and examples, and the export fixtures.
fn games() -> Vec<PathBuf> {
    let mut all = variant_files();
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/export");
    all.push(fixtures.join("custom-pieces.koma"));
    all.push(fixtures.join("second-starts.koma"));
    all
}

fn stem(path: &Path) -> &str {
    path.file_stem()
        .and_then(|s| s.to_str())
        .expect("a file name")
}

fn load(path: &Path) -> Variant {
    koma_compiler::load(path)
        .variant
        .unwrap_or_else(|| panic!("{} loads", path.display()))
}

fn perft(variant: &Variant, depth: u32) -> u64 {
    let tables = koma_compiler::emit_tables(variant).expect("valid tables");
    koma_runtime::Position::start(tables)
        .expect("a start position")
        .perft(depth)
}

/// Every game either exports, or is refused with errors that point into its own files.
fn check_outcome(path: &Path, variant: &Variant, exported: &Exported, expected: &[&str]) {
    let name = stem(path);
    assert_eq!(
        exported.text.is_some(),
        expected.contains(&name),
        "{name}: {:#?}",
        exported.diagnostics
    );
    if exported.text.is_none() {
        assert!(exported.has_errors(), "{name} refused without a reason");
        for d in exported.diagnostics.iter().filter(|d| d.is_error()) {
            assert!(
                variant.files.contains(&d.primary.location.file),
                "{name}: {d:?}"
            );
            assert!(
                d.message.contains(':'),
                "{name}: the reason names the feature: {d:?}"
            );
        }
    }
}

#[test]
fn diagram_blocks_import_back_with_the_same_perft() {
    let mut exported_count = 0;
    for path in games() {
        let variant = load(&path);
        let exported = export::id::export(&variant);
        check_outcome(&path, &variant, &exported, ID_EXPORTS);
        let Some(block) = exported.text else { continue };
        let mut sources = SourceMap::default();
        let file = sources.add("export.id", block.clone());
        let imported = koma_compiler::import::import(file, &block, "Export");
        let koma = imported
            .koma
            .unwrap_or_else(|| panic!("{block}\n{:#?}", imported.diagnostics));
        // X004: the block cannot say `win checkmate`; the import gets it back by hand, as
        // the warning says.
        let koma = if exported.diagnostics.iter().any(|d| d.code == "X004") {
            match koma.split_once("\nrules\n") {
                Some((head, tail)) => format!("{head}\nrules\n  win checkmate\n{tail}"),
                None => format!("{koma}\nrules\n  win checkmate\n"),
            }
        } else {
            koma
        };
        let again = koma_compiler::load_source("export.koma", &koma, &MemoryLoader::new())
            .variant
            .unwrap_or_else(|| panic!("the import of {} checks:\n{koma}", path.display()));
        assert_eq!(
            perft(&again, DEPTH),
            perft(&variant, DEPTH),
            "{}\n{block}",
            path.display()
        );
        exported_count += 1;
    }
    assert_eq!(exported_count, ID_EXPORTS.len());
}

/// The Fairy-Stockfish to test with: `FAIRY_STOCKFISH`, else the Debian package.
fn fairy_stockfish() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("FAIRY_STOCKFISH") {
        return Some(PathBuf::from(path));
    }
    external(&["fairy-stockfish"]).map(|mut found| found.remove(0))
}

/// Fairy-Stockfish's `go perft` of the section's start position.
fn fsf_perft(engine: &Path, ini: &Path, section: &str, depth: u32) -> u64 {
    let mut e = Engine::spawn(engine, &[]);
    e.send("uci");
    e.expect("uciok");
    e.send(&format!(
        "setoption name VariantPath value {}",
        ini.display()
    ));
    e.send(&format!("setoption name UCI_Variant value {section}"));
    e.send("position startpos");
    e.send(&format!("go perft {depth}"));
    let line = e.expect("Nodes searched");
    e.quit();
    line.rsplit(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .expect("a count")
}

/// Whether the engine has custom pieces (Debian's 11.1 has not: it crashes on them).
fn has_custom_pieces(engine: &Path, dir: &Path) -> bool {
    let ini = dir.join("probe.ini");
    // A Wazir on a1 and the King on e1: 2 + 5 moves where custom pieces work.
    let probe = "[probe:chess]\ncustomPiece1 = a:W\nstartFen = 4k3/8/8/8/8/8/8/A3K3 w - - 0 1\n";
    std::fs::write(&ini, probe).expect("write probe");
    let script = format!(
        "uci\nsetoption name VariantPath value {}\nsetoption name UCI_Variant value probe\nposition startpos\ngo perft 1\nisready\nquit\n",
        ini.display()
    );
    let mut child = Command::new(engine)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the engine starts");
    use std::io::Write;
    let _ = child
        .stdin
        .take()
        .expect("stdin")
        .write_all(script.as_bytes());
    let out = child.wait_with_output().expect("the engine ends");
    out.status.success() && String::from_utf8_lossy(&out.stdout).contains("Nodes searched: 7")
}

#[test]
fn fairy_stockfish_sections_give_the_same_perft() {
    let engine = fairy_stockfish();
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("export-fsf");
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let custom = engine
        .as_deref()
        .is_some_and(|e| has_custom_pieces(e, &dir));
    let mut compared = 0;
    for path in games() {
        let variant = load(&path);
        let exported = export::fsf::export(&variant);
        check_outcome(&path, &variant, &exported, FSF_EXPORTS);
        let (Some(text), Some(engine)) = (exported.text, engine.as_deref()) else {
            continue;
        };
        if text.contains("customPiece") && !custom {
            eprintln!(
                "skipping {}: this Fairy-Stockfish has no custom pieces",
                path.display()
            );
            continue;
        }
        let section = text
            .lines()
            .find_map(|l| l.strip_prefix('[').and_then(|l| l.strip_suffix(']')))
            .expect("a section header");
        let ini = dir.join(format!("{}.ini", stem(&path)));
        std::fs::write(&ini, &text).expect("write the section");
        let theirs = fsf_perft(engine, &ini, section, DEPTH);
        assert_eq!(theirs, perft(&variant, DEPTH), "{}\n{text}", path.display());
        compared += 1;
    }
    if engine.is_some() {
        assert!(compared > 0);
    }
}

fn koma(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_koma"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("koma runs")
}

#[test]
fn refusals_are_located_and_exit_1() {
    let out = koma(&["export", "--to", "fsf", "examples/lion-cub-shogi.koma"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("multi-leg move: Fairy-Stockfish has no Lion moves"),
        "{err}"
    );
    assert!(err.contains("examples/lion-cub-shogi.koma:"), "{err}");
    let out = koma(&[
        "export",
        "--to",
        "id",
        "variants/xiangqi.koma",
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert!(json["text"].is_null());
    assert!(
        json["diagnostics"]
            .as_array()
            .is_some_and(|d| !d.is_empty()),
        "{json}"
    );
}

#[test]
fn an_export_is_written_to_the_output_file() {
    let out_file = Path::new(env!("CARGO_TARGET_TMPDIR")).join("chess-export.ini");
    let out = koma(&[
        "export",
        "--to",
        "fsf",
        "variants/chess.koma",
        "-o",
        out_file.to_str().expect("utf-8"),
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&out_file).expect("written");
    assert!(
        text.contains("startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        "{text}"
    );
    assert!(
        koma(&["export", "--to", "xyz", "variants/chess.koma"])
            .status
            .code()
            == Some(2)
    );
}

#[test]
fn every_export_code_is_documented() {
    let doc = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/export.md"))
        .expect("docs/export.md");
    for (code, _, meaning) in koma_compiler::export::codes::CODES {
        assert!(
            doc.contains(&format!("| `{code}` |")),
            "{code} missing from docs/export.md"
        );
        assert!(
            doc.contains(meaning),
            "{code}'s meaning differs in docs/export.md"
        );
    }
}
