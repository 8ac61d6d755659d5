//! Helpers shared by the end-to-end test files (each includes this with `mod support;`).

use std::path::{Path, PathBuf};

/// Every shipped variant file, `variants/*.koma`, sorted.
pub fn variant_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("variants");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("variants folder")
        .filter_map(|e| Some(e.ok()?.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "koma"))
        .collect();
    files.sort();
    files
}
