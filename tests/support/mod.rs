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
