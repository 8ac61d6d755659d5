//! The search respects the repetition rules: under `repeat loses` it scores the repeating move
//! as the loss it is, and under `repeat illegal` it never plays one.

use std::path::Path;
use std::sync::Arc;

use koma_engine::search::{Limits, Score, search};
use koma_runtime::{Position, Tables};

/// The repeat fixture with its `repeat` clause replaced by `clause`.
fn fixture(clause: &str) -> Arc<Tables> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/rules/repeat.koma");
    let text = std::fs::read_to_string(&path)
        .expect("fixture")
        .replace("  repeat illegal\n", clause);
    let loaded =
        koma_compiler::load_source("repeat.koma", &text, &koma_compiler::loader::DiskLoader);
    Arc::new(Tables::new(koma_compiler::emit(
        &loaded.variant.expect("fixture compiles"),
    )))
}

/// Black's King shuttles between a5 and a4, its only squares; White's King steps out and back.
/// Black's only move then recreates the start position.
fn cornered(t: &Arc<Tables>) -> Position {
    let mut p = Position::from_text(t.clone(), "k4/5/2R2/5/1R2K w").expect("position");
    for text in ["e1e2", "a5a4", "e2e1"] {
        let m = p.parse_move(text).expect("legal");
        p.make(&m);
    }
    p
}

fn depth(n: u32) -> Limits {
    Limits {
        depth: Some(n),
        ..Limits::default()
    }
}

#[test]
fn the_search_sees_a_losing_repetition_as_a_loss() {
    let t = fixture("  repeat loses\n");
    let p = cornered(&t);
    let r = search(&p, &depth(1));
    assert!(
        matches!(r.score, Score::Mate(n) if n < 0),
        "repeat loses: {:?}",
        r.score
    );
    let plain = fixture("");
    let r = search(&cornered(&plain), &depth(1));
    assert!(matches!(r.score, Score::Centipawns(_)), "{:?}", r.score);
}

#[test]
fn the_search_never_plays_an_illegal_repetition() {
    let t = fixture("  repeat illegal\n");
    let mut p = cornered(&t);
    // The only move is illegal: no move, and the game is over.
    assert!(p.moves().is_empty());
    assert!(search(&p, &depth(2)).best.is_none());
    assert!(p.result().is_some());
}
