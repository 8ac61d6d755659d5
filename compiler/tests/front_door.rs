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

/// The runtime's examples of `Position::play` and `Setup` (runtime/src/position.rs and
/// setup.rs), run here because the runtime does not depend on the compiler.
#[test]
fn the_runtime_examples_run() -> Result<(), Box<dyn std::error::Error>> {
    use koma_runtime::setup::Setup;
    use koma_runtime::spec::{PieceType, Player};
    let chess = koma_compiler::tables(chess())?;
    assert_eq!(start_moves(chess.clone()), 20);

    let mut pos = Position::start(chess.clone()).expect("a start position");
    let e4 = pos.parse_move("e2e4").expect("a legal move");
    pos.play(&e4).expect("legal in the start position");
    assert!(pos.play(&e4).is_err(), "White's pawn is no longer on e2");

    let king = PieceType(
        chess
            .spec()
            .pieces
            .iter()
            .position(|p| p.id == "K")
            .unwrap_or(0) as u16,
    );
    let square = |name| chess.geo().parse_square(name).expect("a square");
    let mut setup = Setup::new(chess.clone());
    setup.put(square("e1"), Some((Player::First, king)))?;
    setup.put(square("e8"), Some((Player::Second, king)))?;
    let mut kings = setup.into_position()?;
    assert_eq!(kings.moves().len(), 5);
    Ok(())
}
