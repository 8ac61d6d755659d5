//! The front door: `koma_compiler::tables` reads a variant's source or its compiled file, and
//! every failure is a located error, never a panic.

use std::path::{Path, PathBuf};

use koma_compiler::codes;
use koma_runtime::{Position, serialize};

fn chess() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../variants/chess.koma")
}

fn start_moves(tables: std::sync::Arc<koma_runtime::Tables>) -> usize {
    Position::start(tables)
        .expect("a start position")
        .moves()
        .len()
}

#[test]
fn source_and_compiled_files_give_the_same_tables() {
    let from_source = koma_compiler::tables(chess()).expect("chess compiles");
    let dir = tempfile::tempdir().expect("a temporary folder");
    let compiled = dir.path().join("chess.kvar");
    std::fs::write(&compiled, serialize::encode(from_source.spec())).expect("written");
    let from_file = koma_compiler::tables(&compiled).expect("the compiled file loads");
    assert_eq!(from_file.spec(), from_source.spec());
    assert_eq!(start_moves(from_source), 20);
    assert_eq!(start_moves(from_file), 20);
}

#[test]
fn errors_come_located_with_their_sources() {
    let text = "variant \"Broken\"\nboard 8 x 8\npieces\n  K \"King\" K royal promotes Q\n";
    let failed = koma_compiler::tables_from_str(text).expect_err("`Q` does not exist");
    assert!(failed.diagnostics.iter().all(|d| d.is_error()));
    let shown = failed.to_string();
    assert!(shown.starts_with("<text>:4:"), "{shown}");
    assert!(shown.contains("error[E"), "{shown}");
    assert_eq!(failed.sources.iter().count(), 1);
}

#[test]
fn unreadable_and_corrupt_files_are_errors() {
    let missing = koma_compiler::tables("no/such/variant.koma").expect_err("no file");
    assert_eq!(missing.diagnostics[0].code, codes::UNREADABLE_FILE);
    let dir = tempfile::tempdir().expect("a temporary folder");
    let corrupt = dir.path().join("corrupt.kvar");
    let tables = koma_compiler::tables(chess()).expect("chess compiles");
    let mut bytes = serialize::encode(tables.spec());
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&corrupt, bytes).expect("written");
    let failed = koma_compiler::tables(&corrupt).expect_err("a bad checksum");
    assert_eq!(failed.diagnostics[0].code, codes::UNREADABLE_FILE);
    assert!(failed.to_string().contains("checksum"), "{failed}");
}
