//! The shipped variant library as a test case: for every file in variants/, a perft snapshot at
//! a small depth and a snapshot of the move diagram of every piece (promoted forms included).

use crate::support;
use support::variant_files;

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn koma(args: &[&str]) -> (Option<i32>, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_koma"))
        .args(args)
        .current_dir(root())
        .env("NO_COLOR", "1")
        .output()
        .expect("the koma binary runs");
    let mut text = String::from_utf8_lossy(&output.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&output.stderr));
    (output.status.code(), text)
}

fn relative(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string()
        .replace('\\', "/")
}

fn stem(path: &Path) -> String {
    path.file_stem()
        .and_then(|s| s.to_str())
        .expect("file name")
        .to_string()
}

#[test]
fn every_variant_has_a_perft_snapshot() {
    for path in variant_files() {
        let file = relative(&path);
        let mut report = String::new();
        for depth in 1..=2 {
            let (code, text) = koma(&["perft", &file, "--depth", &depth.to_string()]);
            if code == Some(2) && text.contains("--fen") {
                // No start position (Kyou Shogi): the command must say so plainly.
                report.push_str(&format!("no start position: {}", text.trim()));
                break;
            }
            assert_eq!(code, Some(0), "{file} depth {depth}:\n{text}");
            let nodes = text
                .lines()
                .find_map(|l| l.strip_prefix("nodes "))
                .expect("`nodes N` line");
            report.push_str(&format!("perft {depth} {nodes}\n"));
        }
        insta::assert_snapshot!(format!("perft-{}", stem(&path)), report);
    }
}

#[test]
fn every_piece_of_every_variant_has_a_diagram_snapshot() {
    for path in variant_files() {
        let loaded = koma_compiler::load(&path);
        let variant = loaded
            .variant
            .unwrap_or_else(|| panic!("{} does not check", path.display()));
        let file = relative(&path);
        let mut all = String::new();
        for piece in &variant.pieces {
            let (code, text) = koma(&["diagram", &file, &piece.id]);
            assert_eq!(code, Some(0), "{file} {}:\n{text}", piece.id);
            all.push_str(&text);
            all.push('\n');
        }
        insta::assert_snapshot!(format!("diagrams-{}", stem(&path)), all);
    }
}
