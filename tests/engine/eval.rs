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
        .geo()
        .squares()
        .find(|&s| pos.tables().geo().name(s) == "e4");
    let on_board = eval.square(&pos, e4.expect("e4"));
    assert_eq!(eval.hands(&pos), 0);
    assert_eq!(eval.full(&pos), before - knight + on_board);
}

/// The evaluation taken apart for the tuner adds up to the evaluation the search uses: the
/// material values times the material balance plus each weight times its raw term, up to the
/// rounding of each square's table entry and of the royal-safety divisions.
#[test]
fn features_add_up_to_the_evaluation() {
    use koma_engine::eval::{TERMS, Weights};
    use koma_runtime::spec::Player;

    for file in [
        "chess.koma",
        "shogi.koma",
        "crazyhouse.koma",
        "chu-shogi.koma",
    ] {
        let t = tables(file);
        let eval = Evaluator::new(&t);
        let mut pos = Position::start(t.clone()).expect("start position");
        let mut checked = 0;
        // A game of first legal moves, taken apart at every ply (captures and drops included).
        for ply in 0..60 {
            let moves = pos.moves();
            let Some(m) = moves.get(ply * 7 % moves.len().max(1)).copied() else {
                break;
            };
            let f = eval.features(&pos);
            let material: i32 = f
                .material
                .iter()
                .zip(eval.values())
                .map(|(n, v)| n * v.value)
                .sum();
            let terms: f64 = TERMS
                .iter()
                .zip(f.terms)
                .map(|(&term, raw)| f64::from(Weights::DEFAULT.get(term)) * raw)
                .sum();
            let sum = f64::from(material) + terms;
            let mut score = f64::from(eval.relative(&pos, eval.full(&pos)));
            if pos.side_to_move() == Player::Second {
                score = -score;
            }
            let pieces = t
                .geo()
                .squares()
                .filter(|&s| pos.piece_at(s).is_some())
                .count();
            let tolerance = 0.5 * pieces as f64 + 6.0;
            assert!(
                (sum - score).abs() <= tolerance,
                "{file} ply {ply}: features {sum} vs evaluation {score}"
            );
            checked += 1;
            pos.make(&m);
            if pos.result().is_some() {
                break;
            }
        }
        assert!(checked > 10, "{file}: only {checked} positions");
    }
}

/// Mobility is the reach from the square: a Knight in the corner is worth less than one in
/// the centre by the mobility weight times the difference in squares reached (2 against 8).
#[test]
fn mobility_counts_the_squares_a_piece_reaches() {
    use koma_engine::eval::{Term, Weights};

    let t = tables("chess.koma");
    let mut only_mobility = Weights([0; koma_engine::eval::TERMS.len()]);
    only_mobility.set(Term::Mobility, 4);
    let eval = Evaluator::with_weights(&t, only_mobility);
    let corner = Position::from_text(t.clone(), "4k3/8/8/8/8/8/8/N3K3 w - - 0 1").expect("fen");
    let centre = Position::from_text(t.clone(), "4k3/8/8/8/3N4/8/8/4K3 w - - 0 1").expect("fen");
    assert_eq!(eval.full(&centre) - eval.full(&corner), 4 * (8 - 2));
}

/// Royal safety: a King whose shelter is gone and whose lines are open scores worse than the
/// same King behind its pawns, by the royal-open weight for each empty square on its lines.
#[test]
fn open_lines_towards_the_king_cost() {
    use koma_engine::eval::{Term, Weights};

    let t = tables("chess.koma");
    let mut only_open = Weights([0; koma_engine::eval::TERMS.len()]);
    only_open.set(Term::RoyalOpen, 40);
    let eval = Evaluator::with_weights(&t, only_open);
    let sheltered = Position::from_text(t.clone(), "r3k3/pppppppp/8/8/8/8/PPPPPPPP/4K2R w - - 0 1")
        .expect("fen");
    let bare =
        Position::from_text(t.clone(), "r3k3/pppppppp/8/8/8/8/8/4K2R w - - 0 1").expect("fen");
    let score = |p: &Position| eval.relative(p, 0);
    // Behind its pawns each King sees 6 empty squares along its lines (e1: d1-a1 and f1-g1;
    // e8: d8-b8 and f8-h8): 6 * 40 / 4 each, which cancel. Without the pawns the White King
    // also sees e2-e5, f2-h4 and d2-a5 (lines are counted to 4 squares): 17 squares.
    assert_eq!(score(&sheltered), 0);
    assert_eq!(score(&bare), -(17 - 6) * 40 / 4);
}

/// `weight TERM N` lines give a game its own evaluation weights: the evaluation plays with
/// them, the other terms keep their defaults, and they survive the compiled file.
#[test]
fn a_variant_files_weights_replace_the_defaults() {
    use koma_engine::eval::{Term, Weights};

    let chess = tables("chess.koma");
    assert_eq!(Weights::of_game(&chess), Weights::DEFAULT);
    let source = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("variants/chess.koma"),
    )
    .expect("chess");
    let text = format!("{source}\n  weight royal-open 25\n  weight advance -5\n");
    let t = koma_compiler::tables_from_str(&text).expect("compiles");
    let mut expected = Weights::DEFAULT;
    expected.set(Term::RoyalOpen, 25);
    expected.set(Term::Advance, -5);
    assert_eq!(Weights::of_game(&t), expected);
    assert_eq!(Evaluator::new(&t).weights(), expected);
    let bytes = koma_runtime::serialize::encode(t.spec());
    let decoded = koma_runtime::serialize::decode(&bytes).expect("decodes");
    assert_eq!(decoded.rules.weights, t.spec().rules.weights);

    let errors = |extra: &str| {
        let text = format!("{source}\n{extra}");
        let e = koma_compiler::tables_from_str(&text).expect_err("refused");
        e.diagnostics
            .iter()
            .map(|d| format!("{} {} {:?}", d.code, d.message, d.help))
            .collect::<Vec<_>>()
    };
    let unknown = errors("  weight royal-atackers 3\n");
    assert!(
        unknown[0].starts_with("E0602 unknown evaluation term `royal-atackers`")
            && unknown[0].contains("did you mean `royal-attackers`?"),
        "{unknown:?}"
    );
    let twice = errors("  weight mobility 3\n  weight mobility 4\n");
    assert!(
        twice[0].starts_with("E0601 `weight mobility` is given twice"),
        "{twice:?}"
    );
}
