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

/// The game's phase: a pawn's promotion potential counts `EARLY_SHARE` of itself while the
/// enemy keeps its big pieces and the whole once they are gone; a King's stay at home counts
/// the whole while they are there and nothing once they are gone.
#[test]
fn pawn_pushes_and_king_walks_count_by_the_enemys_pieces_left() {
    use koma_engine::eval::{EARLY_SHARE, TERMS, Term, Weights};

    let t = tables("chess.koma");
    let score = |weights: Weights, fen: &str| {
        let eval = Evaluator::with_weights(&t, weights);
        let pos = Position::from_text(t.clone(), fen).expect("fen");
        eval.relative(&pos, eval.full(&pos))
    };
    let mut promotion = Weights([0; TERMS.len()]);
    promotion.set(Term::Promotion, 100);
    let push = |back: &str, front: &str| score(promotion, front) - score(promotion, back);
    let middlegame = push(
        "rnbqkbnr/8/8/8/8/8/4P3/RNBQKBNR w - - 0 1",
        "rnbqkbnr/8/4P3/8/8/8/8/RNBQKBNR w - - 0 1",
    );
    let ending = push(
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
        "4k3/8/4P3/8/8/8/8/4K3 w - - 0 1",
    );
    assert!(
        ending > 300,
        "a pawn on the sixth rank of an ending: {ending}"
    );
    assert!(
        (middlegame - ending * EARLY_SHARE / 1000).abs() <= 2,
        "middlegame {middlegame}, ending {ending}"
    );
    let mut home = Weights([0; TERMS.len()]);
    home.set(Term::RoyalHome, 70);
    let walk = |back: &str, front: &str| score(home, front) - score(home, back);
    let middlegame = walk(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/4K3/PPPPPPPP/RNBQ1BNR w - - 0 1",
    );
    let ending = walk(
        "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
        "4k3/pppppppp/8/8/8/4K3/PPPPPPPP/8 w - - 0 1",
    );
    assert_eq!(middlegame, -70 * 2 / 7);
    assert_eq!(ending, 0);
}

/// The royal's shelter: each of its own pieces next to it counts the royal-shelter weight.
#[test]
fn pieces_next_to_the_king_shelter_it() {
    use koma_engine::eval::{TERMS, Term, Weights};

    let t = tables("chess.koma");
    let mut only_shelter = Weights([0; TERMS.len()]);
    only_shelter.set(Term::RoyalShelter, 10);
    let eval = Evaluator::with_weights(&t, only_shelter);
    let score = |fen: &str| {
        let pos = Position::from_text(t.clone(), fen).expect("fen");
        eval.relative(&pos, 0)
    };
    let castled = score("6k1/8/8/8/8/8/5PPP/6K1 w - - 0 1");
    let pushed = score("6k1/8/8/8/6PP/8/5P2/6K1 w - - 0 1");
    assert_eq!(castled - pushed, 2 * 10);
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

/// The search keeps the evaluation's sums up to date on the squares each move touches
/// (`Evaluator::touched`), the hand entries it changed (`Evaluator::add_hand_change`) and the
/// pieces a rule flipped (`Evaluator::add_flips`) instead of counting every piece at every
/// node: along games of varied legal moves (captures, promotions, drops, castling, walls,
/// vanishing squares, Reversi's flips, where the sums once drifted), the sums so updated (with
/// the pieces in hand the royal safety reads) equal the sums counted afresh, and so does the
/// evaluation they give.
#[test]
fn sums_follow_each_move_on_the_squares_it_touches() {
    use koma_runtime::MoveList;
    use std::path::Path;

    let mut flips = 0;
    for file in [
        "variants/chess.koma",
        "variants/crazyhouse.koma",
        "variants/shogi.koma",
        "variants/chu-shogi.koma",
        "variants/seirawan.koma",
        "variants/duck.koma",
        "variants/minjiku-shogi.koma",
        "tests/fixtures/rules/reversi.koma",
        "tests/fsf-corpus/flipello.koma",
    ] {
        let t = super::common::tables_at(&Path::new(env!("CARGO_MANIFEST_DIR")).join(file));
        let eval = Evaluator::new(&t);
        let mut pos = Position::start(t.clone()).expect("start position");
        let mut moves = MoveList::new();
        let mut sums = eval.sums(&pos);
        for ply in 0..120 {
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let m = moves.get(ply * 13 % moves.len());
            let touched = Evaluator::touched(m);
            let mut hands = eval.hand_sums(&pos);
            eval.remove_squares(&pos, &touched, &mut sums);
            pos.make(m);
            // The hands from the entries the move changed, as the search updates them.
            eval.add_hand_change(&pos, &mut hands);
            assert_eq!(hands, eval.hand_sums(&pos), "{file}, ply {ply}");
            eval.add_squares(&pos, &touched, &mut sums);
            eval.add_hand_change(&pos, &mut sums);
            eval.add_flips(&pos, &mut sums);
            flips += pos.last_flips().len();
            assert_eq!(sums, eval.sums(&pos), "{file}, ply {ply}");
            assert_eq!(
                eval.relative_sums(&pos, sums),
                eval.relative(&pos, eval.full(&pos)),
                "{file}, ply {ply}"
            );
        }
    }
    assert!(flips > 3, "the Reversi games flipped {flips} pieces");
}

/// The search reads a royal's danger back from its memo when nothing the count looks at
/// changed (`Evaluator::relative_memo`): in every shipped variant, after each of several legal
/// moves at each ply of a game (so that the memo holds the count of a sibling or of the parent),
/// the evaluation with the memo equals the one counted afresh, and so does the one read back
/// from the parent's memo (`Evaluator::relative_memo_raw`).
#[test]
fn the_royal_danger_read_back_is_the_one_counted() {
    use koma_engine::eval::DangerMemo;
    use koma_runtime::MoveList;

    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("variants");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("variants/")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "koma"))
        .collect();
    files.sort();
    for file in files {
        let t = super::common::tables_at(&file);
        let eval = Evaluator::new(&t);
        let Some(mut pos) = Position::start(t.clone()) else {
            continue;
        };
        let mut memo = DangerMemo::default();
        // The search's way: a node reads its parent's memo (here the position before the
        // moves) before its own.
        let (mut parent, mut child) = (DangerMemo::default(), DangerMemo::default());
        let mut moves = MoveList::new();
        for ply in 0..60 {
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let sums = eval.sums(&pos);
            eval.relative_memo_raw(&pos, &sums, None, &mut parent);
            for i in 0..moves.len().min(6) {
                pos.make(moves.get((ply * 7 + i * 5) % moves.len()));
                let fresh = eval.static_score(&pos);
                let sums = eval.sums(&pos);
                assert_eq!(
                    eval.relative_memo(&pos, sums, &mut memo),
                    fresh,
                    "{}, ply {ply}, move {i}",
                    file.display()
                );
                assert_eq!(
                    eval.relative_memo_raw(&pos, &sums, Some(&parent), &mut child),
                    eval.relative_sums(&pos, sums),
                    "{}, ply {ply}, move {i}, from the parent's memo",
                    file.display()
                );
                pos.unmake();
            }
            pos.make(moves.get(ply * 13 % moves.len()));
        }
    }
}

/// The estimate measures a piece confined to a region (Xiangqi's Advisor in its palace) on the
/// region's squares, and a lame piece (the Horse, which must step to an empty square first)
/// with the squares it passes through empty; chess, which has neither, keeps its values.
#[test]
fn confined_and_lame_pieces_are_measured_where_they_can_play() {
    use koma_engine::values::estimate;

    let value = |file: &str, id: &str| {
        estimate(&tables(file))
            .into_iter()
            .find(|v| v.id == id)
            .map(|v| (v.value, v.attack))
            .expect("piece")
    };
    let (advisor, _) = value("xiangqi.koma", "A");
    let (soldier, _) = value("xiangqi.koma", "P");
    let (horse, horse_attack) = value("xiangqi.koma", "N");
    let (knight, _) = value("chess.koma", "N");
    // In its palace the Advisor has 4 moves from the centre and 1 from each corner.
    assert!(
        (100..200).contains(&advisor),
        "Advisor {advisor}, Soldier {soldier}"
    );
    assert!(horse_attack > 3.0, "the Horse attacks {horse_attack}");
    assert!(
        horse > 400 && horse <= knight + 40,
        "Horse {horse}, Knight {knight}"
    );
    let chess: Vec<i32> = ["Q", "R", "B", "N", "P"]
        .iter()
        .map(|id| value("chess.koma", id).0)
        .collect();
    assert_eq!(chess, [1248, 742, 506, 420, 153]);
}

/// The mobility term's reach comes from the value estimate's boards (`estimate_with_reach`):
/// for every piece type and square, also a confined piece outside its region (a Xiangqi
/// Advisor) and a piece of several moves to a square (a Chu Lion), it is the number of
/// different squares the piece reaches from there on an empty board.
#[test]
fn the_reach_is_each_pieces_destinations_on_an_empty_board() {
    use koma_engine::values::estimate_with_reach;
    use koma_runtime::MoveList;
    use koma_runtime::spec::{PieceType, Player};

    for file in ["xiangqi.koma", "chu-shogi.koma", "chess.koma"] {
        let t = tables(file);
        let reach = estimate_with_reach(&t).reach;
        assert_eq!(reach.len(), t.piece_count(), "{file}");
        let mut board = Position::empty(t.clone());
        let mut moves = MoveList::new();
        for (ty, row) in reach.iter().enumerate() {
            for sq in t.geo().squares() {
                board.put(sq, Some((Player::First, PieceType(ty as u16))));
                moves.clear();
                board.piece_moves_unchecked(sq, &mut moves);
                board.put(sq, None);
                let mut to: Vec<_> = moves.iter().map(|m| m.to).filter(|&s| s != sq).collect();
                to.sort();
                to.dedup();
                assert_eq!(
                    row[sq.index()],
                    to.len() as f64,
                    "{file}, type {ty}, {sq:?}"
                );
            }
        }
    }
}

/// A royal's place in the centre counts once the enemy's big pieces are gone, and not while
/// they are all on the board.
#[test]
fn the_king_comes_to_the_centre_in_the_endgame() {
    use koma_engine::eval::{TERMS, Term, Weights};

    let t = tables("chess.koma");
    let mut only_centre = Weights([0; TERMS.len()]);
    only_centre.set(Term::Centre, 60);
    let eval = Evaluator::with_weights(&t, only_centre);
    let score = |fen: &str| {
        let pos = Position::from_text(t.clone(), fen).expect("fen");
        eval.relative(&pos, eval.full(&pos))
    };
    let walk = |back: &str, front: &str| score(front) - score(back);
    let ending = walk(
        "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
        "4k3/pppppppp/8/8/4K3/8/PPPPPPPP/8 w - - 0 1",
    );
    let middlegame = walk(
        "rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w - - 0 1",
        "rnbqkbnr/8/8/8/4K3/8/8/RNBQ1BNR w - - 0 1",
    );
    // e1 is on the edge (0), e4 next to the centre: 1 - max(|2*4-7|, |2*3-7|) / 7 = 6/7,
    // counted twice for a royal: 60 * 2 * 6/7 = 102.9.
    assert_eq!(ending, 103);
    assert_eq!(middlegame, 0);
}

/// Well ahead in an endgame, the side ahead gains for the enemy royal near the edge and its
/// own near it; with the material even, where the royals stand costs nothing (every term
/// but the pawns' advance set to 0, and no pawn on the board, so that only material and this
/// technique count; the advance gives the game its phase).
#[test]
fn the_side_ahead_drives_the_enemy_royal_to_the_edge() {
    use koma_engine::eval::{TERMS, Term, Weights};

    let t = tables("chess.koma");
    let mut only_advance = Weights([0; TERMS.len()]);
    only_advance.set(Term::Advance, 20);
    let eval = Evaluator::with_weights(&t, only_advance);
    let score = |fen: &str| {
        let pos = Position::from_text(t.clone(), fen).expect("fen");
        eval.static_score(&pos)
    };
    let cornered = score("k7/8/2K5/8/8/8/8/7R w - - 0 1");
    let central = score("8/8/2K5/8/4k3/8/8/7R w - - 0 1");
    let far = score("k7/8/8/8/8/8/8/6KR w - - 0 1");
    assert!(cornered > central, "{cornered} against {central}");
    assert!(
        cornered > far,
        "the own royal near: {cornered} against {far}"
    );
    let even = |fen: &str| score(fen);
    assert_eq!(
        even("r7/k7/2K5/8/8/8/8/7R w - - 0 1"),
        even("r7/8/2K5/8/4k3/8/8/7R w - - 0 1")
    );
}

/// Under a move-count draw the search's score shrinks towards half as the count nears its limit
/// (chess: 50 moves, 100 plies), so that the side ahead resets it rather than shuffle.
#[test]
fn the_score_shrinks_as_the_move_count_nears_its_draw() {
    let t = tables("chess.koma");
    let eval = Evaluator::new(&t);
    let score = |clock: u32| {
        let fen = format!("4k3/8/8/8/8/8/8/R3K3 w - - {clock} 60");
        let pos = Position::from_text(t.clone(), &fen).expect("fen");
        eval.static_score(&pos)
    };
    let (fresh, late, at_limit) = (score(0), score(80), score(100));
    assert!(fresh > 0);
    assert_eq!(late, fresh * (200 - 80) / 200);
    assert_eq!(at_limit, fresh / 2);
}

/// The endgame technique drives a royal towards the edge of the area it may stand on, on any
/// board: Xiangqi's General, confined to its palace on 90 squares, is one step from the palace's
/// edge in its centre and on the edge in a corner, whatever the board's edge is.
#[test]
fn the_royal_is_driven_to_the_edge_of_its_own_area() {
    let t = tables("xiangqi.koma");
    let plain = Evaluator::new(&t).with_technique_on(false);
    let technique = Evaluator::new(&t).with_technique_on(true);
    // Two Chariots against the bare General: far ahead, every big enemy piece gone, the
    // move-count clock at 0 (so its scaling leaves the score as it is), the royals at least
    // seven steps apart (so only the edge counts).
    let drive = |fen: &str| {
        let pos = Position::from_text(t.clone(), fen).expect("position");
        technique.static_score(&pos) - plain.static_score(&pos)
    };
    let centre = drive("9/4k4/9/9/9/R7R/9/9/9/3K5 w - - 0 1");
    let corner = drive("5k3/9/9/9/9/R7R/9/9/9/3K5 w - - 0 1");
    assert_eq!(centre, 40, "the palace's centre is one step from its edge");
    assert_eq!(corner, 60, "a palace corner is on its edge");
}
