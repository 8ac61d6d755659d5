//! Helpers shared by the end-to-end test files (each includes this with `mod support;`).

use std::path::{Path, PathBuf};

/// Every shipped variant file: the library, `variants/*.koma`, then the gallery,
/// `examples/*.koma`, each sorted.
pub fn variant_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut all = Vec::new();
    for folder in ["variants", "examples"] {
        let mut files: Vec<PathBuf> = std::fs::read_dir(root.join(folder))
            .unwrap_or_else(|e| panic!("{folder} folder: {e}"))
            .filter_map(|e| Some(e.ok()?.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "koma"))
            .collect();
        files.sort();
        all.extend(files);
    }
    all
}

/// A deterministic proptest runner: the same cases on every run, `cases` of them (choices of
/// random games are drawn as `koma_runtime::testing::Picks`).
pub fn runner(cases: u32) -> proptest::test_runner::TestRunner {
    use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
    let config = Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    };
    TestRunner::new_with_rng(config, TestRng::deterministic_rng(RngAlgorithm::ChaCha))
}

/// The distinct seed piece strings, `(name, XBetza)`, of
/// `tests/fixtures/diagram/seed-pieces.txt`.
pub fn seed_pieces() -> Vec<(String, String)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/diagram/seed-pieces.txt");
    let text = std::fs::read_to_string(&path).expect("the seed piece list");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut parts = l.split_whitespace();
            let name = parts.next().expect("a name").to_string();
            let betza = parts.next().expect("an XBetza string").to_string();
            (name, betza)
        })
        .collect()
}
