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
    koma_compiler::load_source("repeat.koma", &text, &koma_compiler::loader::DiskLoader)
        .tables()
        .unwrap_or_else(|e| panic!("the fixture compiles:\n{e}"))
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

/// Inside the tree too: the search generates moves without the `repeat illegal` filter and
/// tests each move it plays. One move before the cornered position, White's `e2e1` leaves Black
/// only the forbidden move, so no move at all, which loses (`stalemate loses`): a mate in one
/// that only the test at ply 2 finds.
#[test]
fn the_search_finds_a_forbidden_repetition_below_the_root() {
    let before = |t: &Arc<Tables>| {
        let mut p = Position::from_text(t.clone(), "k4/5/2R2/5/1R2K w").expect("position");
        for text in ["e1e2", "a5a4"] {
            let m = p.parse_move(text).expect("legal");
            p.make(&m);
        }
        p
    };
    let strict = fixture("  repeat illegal\n  stalemate loses\n");
    let mut p = before(&strict);
    let r = search(&p, &depth(3));
    let e2e1 = p.parse_move("e2e1").expect("legal");
    assert_eq!((r.best, r.score), (Some(e2e1), Score::Mate(1)));
    // Where the repetition is allowed, Black answers e2e1 with a4a5: no mate in one.
    let plain = fixture("  stalemate loses\n");
    let r = search(&before(&plain), &depth(3));
    assert_ne!(r.score, Score::Mate(1), "plain rule: {:?}", r.score);
}
