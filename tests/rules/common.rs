//! Loading fixture variants (optionally with a rules line changed) and listing moves as text.

use std::path::PathBuf;
use std::sync::Arc;

use koma_compiler::loader::DiskLoader;
use koma_runtime::result::GameResult;
use koma_runtime::{Position, Tables};

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn source(name: &str) -> (PathBuf, String) {
    let fixture = root()
        .join("tests/fixtures/rules")
        .join(format!("{name}.koma"));
    let example = root().join("examples").join(format!("{name}.koma"));
    let corpus = root().join("tests/fsf-corpus").join(format!("{name}.koma"));
    let path = if fixture.exists() {
        fixture
    } else if example.exists() {
        example
    } else if corpus.exists() {
        corpus
    } else {
        root().join("variants").join(format!("{name}.koma"))
    };
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    (path, text)
}

/// A fixture (tests/fixtures/rules/NAME.koma), an example (examples/NAME.koma), a game of the
/// Fairy-Stockfish corpus (tests/fsf-corpus/NAME.koma) or a shipped variant (variants/NAME.koma).
pub fn variant(name: &str) -> Arc<Tables> {
    let (path, _) = source(name);
    koma_compiler::tables(path).unwrap_or_else(|e| panic!("{name} does not compile:\n{e}"))
}

/// The same variant with the text `from` of its file replaced by `to` (a rules clause removed
/// or changed). Panics when `from` is not in the file, so a renamed clause cannot go unnoticed.
pub fn variant_with(name: &str, from: &str, to: &str) -> Arc<Tables> {
    variant_edited(name, &[(from, to)])
}

/// The variant with several replacements, each of which must apply.
pub fn variant_edited(name: &str, edits: &[(&str, &str)]) -> Arc<Tables> {
    let (path, mut changed) = source(name);
    for (from, to) in edits {
        assert!(changed.contains(from), "{name}: `{from}` not in the file");
        changed = changed.replace(from, to);
    }
    koma_compiler::load_source(&path.display().to_string(), &changed, &DiskLoader)
        .tables()
        .unwrap_or_else(|e| panic!("{name} (changed) does not compile:\n{e}"))
}

/// The board field of a position's text (no side to move, hands or counters).
pub fn placement(p: &Position) -> String {
    p.to_text()
        .split(' ')
        .next()
        .unwrap_or_default()
        .to_string()
}

pub fn pos(t: &Arc<Tables>, fen: &str) -> Position {
    Position::from_text(t.clone(), fen).unwrap_or_else(|e| panic!("bad position `{fen}`: {e}"))
}

/// Every legal move's text, sorted.
pub fn all_moves(p: &mut Position) -> Vec<String> {
    let moves = p.moves();
    let mut v: Vec<String> = moves.iter().map(|m| p.move_text(m)).collect();
    v.sort();
    v
}

/// The legal moves starting on `from` (`pass` counts for no square), as sorted text.
pub fn moves_from(p: &mut Position, from: &str) -> Vec<String> {
    let sq = p.tables().geo().parse_square(from).expect("a square");
    let moves = p.moves();
    let mut v: Vec<String> = moves
        .iter()
        .filter(|m| m.from == sq && !p.is_pass(m))
        .map(|m| p.move_text(m))
        .collect();
    v.sort();
    v
}

/// Sorted owned strings.
pub fn list(items: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = items.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// Plays moves given as text.
pub fn play(p: &mut Position, moves: &[&str]) {
    for text in moves {
        let m = p
            .parse_move(text)
            .unwrap_or_else(|e| panic!("`{text}` in {}: {e}", p.to_text()));
        p.make(&m);
    }
}

pub fn result(p: &mut Position) -> Option<GameResult> {
    p.result()
}
