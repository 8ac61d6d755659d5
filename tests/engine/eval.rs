//! The evaluation counts pieces in hand (drop variants).

use koma_engine::eval::Evaluator;
use koma_runtime::Position;

use super::common::tables;

#[test]
fn pieces_in_hand_count_in_the_evaluation() {
    let t = tables("crazyhouse.koma");
    let eval = Evaluator::new(&t);
    let bare = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R[] w KQkq - 0 1";
    let in_hand = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R[N] w KQkq - 0 1";
    let bare = Position::from_text(t.clone(), bare).expect("position");
    let mut pos = Position::from_text(t.clone(), in_hand).expect("position");
    let knight = eval.hands(&pos);
    assert!(
        knight > 0,
        "a Knight in the first player's hand is worth something"
    );
    assert_eq!(eval.full(&pos), eval.full(&bare) + knight);
    // A drop moves the Knight's value from the hand to the board: the full score after it
    // equals the score before, less the hand, plus the piece on its square.
    let drop = pos.parse_move("N@e4").expect("legal drop");
    let before = eval.full(&pos);
    pos.make(&drop);
    let e4 = pos
        .tables()
        .geo
        .squares()
        .find(|&s| pos.tables().geo.name(s) == "e4");
    let on_board = eval.square(&pos, e4.expect("e4"));
    assert_eq!(eval.hands(&pos), 0);
    assert_eq!(eval.full(&pos), before - knight + on_board);
}
