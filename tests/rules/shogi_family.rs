//! The historical shogi family (docs/shogi-family.md): scenario tests written from the sources
//! for the rulings a perft comparison does not single out. Wa Shogi's moves are Wikipedia's
//! (and Sjaak II's and HaChu's); each test names the ruling it checks.

use super::common::*;

/// Wikipedia: the Treacherous Fox "can jump" to the second square, or step one, forward,
/// backward and diagonally; never sideways. Over its own Pawn on f7 to f8, taking on e7.
#[test]
fn wa_treacherous_fox_jumps_two_or_steps_one_in_six_directions() {
    let t = variant("wa-shogi");
    let mut p = pos(&t, "10k/11/11/11/4pP5/5X5/11/11/11/11/K10 w");
    let expected = [
        "f6e7", "f6g7", "f6e5", "f6g5", "f6d8", "f6h8", "f6d4", "f6h4", "f6f5", "f6f8", "f6f4",
    ];
    assert_eq!(moves_from(&mut p, "f6"), list(&expected));
}

/// Wikipedia: the Cloud Eagle ranges straight forward and back, steps one sideways or
/// diagonally back, and moves at most three squares diagonally forward: c9 and i9, not b10/j10.
#[test]
fn wa_cloud_eagle_goes_three_squares_diagonally_forward() {
    let t = variant("wa-shogi");
    let mut p = pos(&t, "10k/11/11/11/11/5E5/11/11/11/11/K10 w");
    let mut expected: Vec<String> = ["f7", "f8", "f9", "f10", "f11", "f5", "f4", "f3", "f2", "f1"]
        .iter()
        .chain(&["e6", "g6", "e5", "g5", "e7", "d8", "c9", "g7", "h8", "i9"])
        .map(|to| format!("f6{to}"))
        .collect();
    expected.sort();
    assert_eq!(moves_from(&mut p, "f6"), expected);
}

/// Ruling 5: a Sparrow Pawn or Oxcart reaching the last rank must promote; a Flying Cock there
/// can still move sideways, so it may defer; a move that starts in the zone (the Cock on h10)
/// or leaves it (the Swooping Owl stepping back from i9 to rank 8) may promote too.
#[test]
fn wa_promotion_is_optional_except_for_pieces_stuck_on_the_last_rank() {
    let t = variant("wa-shogi");
    let mut p = pos(&t, "10k/2P1O2C3/8L2/11/11/11/11/11/11/11/K10 w");
    assert_eq!(moves_from(&mut p, "c10"), list(&["c10c11+"]));
    assert_eq!(moves_from(&mut p, "e10"), list(&["e10e11+"]));
    let cock = [
        "h10g11", "h10g11+", "h10i11", "h10i11+", "h10g10", "h10g10+", "h10i10", "h10i10+",
    ];
    assert_eq!(moves_from(&mut p, "h10"), list(&cock));
    let owl = ["i9i10", "i9i10+", "i9h8", "i9h8+", "i9j8", "i9j8+"];
    assert_eq!(moves_from(&mut p, "i9"), list(&owl));
}

/// Ruling 7: with drops, a captured promoted Swooping Owl (which moves as a Cloud Eagle) goes
/// to the hand as a Swooping Owl, and a captured Cloud Eagle as a Cloud Eagle.
#[test]
fn wa_drops_return_a_promoted_owl_as_an_owl() {
    let t = variant("wa-shogi-drops");
    let mut p = pos(&t, "10k/11/11/11/5p5/5+L5/11/11/11/11/K10[] b");
    play(&mut p, &["f7f6"]);
    assert!(p.to_text().contains("[l]"), "{}", p.to_text());
    let mut p = pos(&t, "10k/11/11/11/5p5/5E5/11/11/11/11/K10[] b");
    play(&mut p, &["f7f6"]);
    assert!(p.to_text().contains("[e]"), "{}", p.to_text());
}

/// Cashew ruling 5 (HaChu's `piece H!& RmasR`): the Hook Mover slides like a Rook, then may turn
/// once at a right angle through empty squares. Own Golds on g10 and j7 block both corners of
/// the way to j10, so j10 is out of reach while j8 and j9 (turning at g8, g9) are not.
#[test]
fn cashew_hook_mover_turns_once_at_a_right_angle() {
    let t = variant("cashew-shogi");
    let mut p = pos(&t, "12k/13/13/6G6/13/13/6[HM]2G3/13/13/13/13/13/K12 w");
    let moves = moves_from(&mut p, "g7");
    for reached in [
        "g7g9", "g7j9", "g7j8", "g7b1", "g7m1", "g7i13", "g7a13", "g7f13",
    ] {
        assert!(
            moves.contains(&reached.to_string()),
            "{reached} in {moves:?}"
        );
    }
    for blocked in ["g7g10", "g7j10", "g7k11", "g7j7", "g7m13", "g7a1"] {
        assert!(
            !moves.contains(&blocked.to_string()),
            "{blocked} in {moves:?}"
        );
    }
    // 8 squares on the file and 8 on the rank, and the perpendicular lines from each: 144
    // squares, each counted once however many routes reach it, less a1 (the own King).
    assert_eq!(moves.len(), 143, "{moves:?}");
}

/// Cashew ruling 6 (HaChu's `piece W!& KADcavKmcpafmcpavK`): the Lion Dog goes up to three
/// squares along a line, leaping; it captures on the way, both pieces in one move, and may take
/// the second square's piece and step back to the empty first (the move HaChu's engine leaves
/// out). A capture may promote (to the Great Elephant); a quiet move may not.
#[test]
fn cashew_lion_dog_captures_along_its_line() {
    let t = variant("cashew-shogi");
    let mut p = pos(&t, "12k/13/13/13/13/6p6/6p6/13/6[LD]6/13/13/13/K12 w");
    let expected = [
        "g5g6", "g5g7", "g5g7+", "g5g8", "g5g8+", "g5xg7g8", "g5xg7g8+", "g5xg7g6", "g5xg7g6+",
        "g5g4", "g5g3", "g5g2", "g5f5", "g5e5", "g5d5", "g5h5", "g5i5", "g5j5", "g5f6", "g5e7",
        "g5d8", "g5h6", "g5i7", "g5j8", "g5f4", "g5e3", "g5d2", "g5h4", "g5i3", "g5j2",
    ];
    assert_eq!(moves_from(&mut p, "g5"), list(&expected));
}

/// Cashew ruling 2: the whole board is the zone and only a capture promotes, optionally; a
/// piece with no promoted form (the Pawn) never does.
#[test]
fn cashew_promotes_by_capture_only() {
    let t = variant("cashew-shogi");
    let mut p = pos(&t, "12k/13/13/13/13/13/6p6/6[OK]6/13/13/13/13/K12 w");
    let kite = [
        "g6g7", "g6g7+", "g6f7", "g6h7", "g6g5", "g6g4", "g6f6", "g6e6", "g6h6", "g6i6",
    ];
    assert_eq!(moves_from(&mut p, "g6"), list(&kite));
    let mut p = pos(&t, "12k/13/13/13/13/13/6p6/6P6/13/13/13/13/K12 w");
    assert_eq!(moves_from(&mut p, "g6"), list(&["g6g7"]));
}

/// Macadamia ruling 7 (HaChu's `piece C!& BmasB`): the Capricorn slides diagonally, then may
/// turn once at a right angle. Boxed in forward by its own Pawns, it steps back to e1 or g1 and
/// turns there up the other diagonal (HaChu's engine plays only the two back steps).
#[test]
fn macadamia_capricorn_hooks_off_its_back_diagonals() {
    let t = variant("macadamia-shogi");
    let mut p = pos(&t, "12k/13/13/13/13/13/13/13/13/13/4P1P6/5[CA]7/K12 w");
    let expected = [
        "f2e1", "f2g1", "f2d2", "f2c3", "f2b4", "f2a5", "f2h2", "f2i3", "f2j4", "f2k5", "f2l6",
        "f2m7",
    ];
    assert_eq!(moves_from(&mut p, "f2"), list(&expected));
}

/// Macadamia ruling 2: the Deva (`rbfFlW`) and the Dark Spirit (`lbfFrW`) are mirror images and
/// stand on the f- and h-files for both players, so the second player's Deva, seen from its own
/// side, steps to its left (h8 from g8) and back to its right (f9).
#[test]
fn macadamia_deva_and_dark_spirit_are_placed_mirrored() {
    let t = variant("macadamia-shogi");
    let start = koma_runtime::Position::start(t.clone()).expect("a setup");
    let text = start.to_text();
    assert!(text.starts_with("l[ph]csg[dv]k[ds]gsc[ky]l/"), "{text}");
    assert!(text.contains("/L[KY]CSG[DV]K[DS]GSC[PH]L "), "{text}");
    let mut p = pos(&t, "k12/13/13/13/13/6[dv]6/13/13/13/13/13/13/12K b");
    assert_eq!(
        moves_from(&mut p, "g8"),
        list(&["g8f7", "g8h7", "g8f9", "g8h8"])
    );
}

// Dai Dai Shogi (docs/shogi-family.md#dai-dai-shogi-17x17). No engine plays it, so these tests,
// written from the sources before the file was run, are its check.

/// A 17x17 position text from (piece, square) pairs: upper case the first player's, lower case
/// the second's, `+` for a promoted form; `side` is `w` (first player) or `b`.
fn dai_dai(pieces: &[(&str, &str)], side: char) -> String {
    board_text(17, pieces, side)
}

/// A `size` x `size` position text from (piece, square) pairs, as [`dai_dai`] (files `a`-`z`,
/// then `aa`-`aj`).
fn board_text(size: usize, pieces: &[(&str, &str)], side: char) -> String {
    let mut grid = vec![vec![None; size]; size];
    for (piece, square) in pieces {
        let digits = square.find(|c: char| c.is_ascii_digit()).expect("a rank");
        let file = square[..digits]
            .bytes()
            .fold(0, |f, b| f * 26 + usize::from(b - b'a') + 1)
            - 1;
        let rank: usize = square[digits..].parse().expect("a rank");
        grid[rank - 1][file] = Some(*piece);
    }
    let ranks: Vec<String> = grid
        .iter()
        .rev()
        .map(|row| {
            let (mut text, mut empty) = (String::new(), 0);
            for cell in row {
                match cell {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            text += &empty.to_string();
                            empty = 0;
                        }
                        let (plus, id) =
                            piece.strip_prefix('+').map_or(("", *piece), |id| ("+", id));
                        text += plus;
                        text += &if id.len() > 1 {
                            format!("[{id}]")
                        } else {
                            id.to_string()
                        };
                    }
                }
            }
            if empty > 0 {
                text += &empty.to_string();
            }
            text
        })
        .collect();
    format!("{} {side}", ranks.join("/"))
}

/// The squares the moves reach (a move's last square), without repeats.
fn destinations(moves: &[String]) -> Vec<String> {
    let mut squares: Vec<String> = moves
        .iter()
        .map(|m| {
            let m = m.trim_end_matches('+');
            let start = m.rfind(|c: char| c.is_ascii_lowercase()).expect("a square");
            m[start..].to_string()
        })
        .collect();
    squares.sort();
    squares.dedup();
    squares
}

/// The start position's text.
fn start_text(name: &str) -> String {
    let start = koma_runtime::Position::start(variant(name)).expect("a setup");
    start.to_text()
}

/// Each army of the position `text` has `pieces` pieces of `types` types, and the second is
/// the first's (same pieces; where they stand, the caller checks).
fn assert_army(text: &str, pieces: usize, types: usize) {
    let board = text.split(' ').next().expect("a board");
    let mut first: Vec<String> = Vec::new();
    let mut second: Vec<String> = Vec::new();
    let mut chars = board.chars();
    while let Some(c) = chars.next() {
        let id: String = match c {
            '[' => chars.by_ref().take_while(|&c| c != ']').collect(),
            c if c.is_ascii_alphabetic() => c.to_string(),
            _ => continue,
        };
        if id.chars().any(|c| c.is_ascii_uppercase()) {
            first.push(id);
        } else {
            second.push(id.to_ascii_uppercase());
        }
    }
    assert_eq!((first.len(), second.len()), (pieces, pieces), "{text}");
    first.sort();
    second.sort();
    assert_eq!(first, second);
    first.dedup();
    assert_eq!(first.len(), types, "{first:?}");
}

/// Wikipedia's piece list: 96 pieces a side of 64 types (Games::Shogi's array of its diagram),
/// the second player's army the first's rotated.
#[test]
fn dai_dai_start_has_96_pieces_of_64_types_a_side() {
    let text = start_text("dai-dai-shogi");
    assert_army(&text, 96, 64);
    assert!(
        text.contains("/L[TG][SD][RA][DH][FR]Q[LG]K[RG][FT][DK][SQ]R[DO][HM]L "),
        "{text}"
    );
    assert!(
        text.starts_with("l[hm][do]r[sq][dk][ft][rg]k[lg]q[fr][dh][ra][sd][tg]l/"),
        "{text}"
    );
}

/// 鉤行 (ja.wikipedia): the Hook Mover slides like a Rook and may turn once at a right angle,
/// never leaping. Own Golds on e9 and h5 cut the first leg; the enemy King behind its Pawns on
/// p17 and q16 is out of reach. Every square of ranks 1-8 (from the e-file) and of files a-g
/// (from rank 5) is reached, nothing else: 178 squares.
#[test]
fn dai_dai_hook_mover_turns_once_at_a_right_angle() {
    let t = variant("dai-dai-shogi");
    let text = dai_dai(
        &[
            ("K", "a1"),
            ("HM", "e5"),
            ("G", "e9"),
            ("G", "h5"),
            ("k", "q17"),
            ("p", "p17"),
            ("p", "q16"),
        ],
        'w',
    );
    let mut p = pos(&t, &text);
    let moves = moves_from(&mut p, "e5");
    for reached in [
        "e5e8", "e5q8", "e5q1", "e5a17", "e5g17", "e5g5", "e5b1", "e5a2",
    ] {
        assert!(
            moves.contains(&reached.to_string()),
            "{reached} in {moves:?}"
        );
    }
    for blocked in ["e5e9", "e5e10", "e5h5", "e5h9", "e5q16", "e5p17", "e5a1"] {
        assert!(
            !moves.contains(&blocked.to_string()),
            "{blocked} in {moves:?}"
        );
    }
    assert_eq!(destinations(&moves).len(), 178, "{moves:?}");
}

/// 天狗 (ja.wikipedia): the Long-Nosed Goblin steps one square orthogonally, or makes a Bishop's
/// move once or twice (one right-angle turn on an empty square). Its own Pawn on c3 leaves it
/// b2, where it turns to a3 (taking the Pawn there) or c1; a capture on b2 ends the move.
#[test]
fn dai_dai_goblin_turns_once_off_a_diagonal() {
    let t = variant("dai-dai-shogi");
    let quiet = [
        ("K", "i1"),
        ("TG", "a1"),
        ("P", "c3"),
        ("p", "a3"),
        ("k", "i17"),
    ];
    let mut p = pos(&t, &dai_dai(&quiet, 'w'));
    assert_eq!(
        moves_from(&mut p, "a1"),
        list(&["a1a2", "a1b1", "a1b2", "a1a3", "a1c1"])
    );
    let capture = [
        ("K", "i1"),
        ("TG", "a1"),
        ("P", "c3"),
        ("p", "b2"),
        ("k", "i17"),
    ];
    let mut p = pos(&t, &dai_dai(&capture, 'w'));
    assert_eq!(moves_from(&mut p, "a1"), list(&["a1a2", "a1b1", "a1b2"]));
}

/// 狛犬 (ja.wikipedia): the Lion Dog goes up to three squares along one line, leaping, taking
/// every enemy on its way, and may come back one square after two. Every capture promotes it,
/// compulsorily, to the Great Elephant (大大将棋: promotion by capture is forced); a quiet move
/// never does.
#[test]
fn dai_dai_lion_dog_captures_along_its_line_and_must_promote() {
    let t = variant("dai-dai-shogi");
    let text = dai_dai(
        &[
            ("K", "a1"),
            ("LD", "g5"),
            ("p", "g7"),
            ("p", "g8"),
            ("k", "q17"),
        ],
        'w',
    );
    let mut p = pos(&t, &text);
    let expected = [
        "g5g6", "g5g7+", "g5g8+", "g5xg7g8+", "g5xg7g6+", "g5g4", "g5g3", "g5g2", "g5f5", "g5e5",
        "g5d5", "g5h5", "g5i5", "g5j5", "g5f6", "g5e7", "g5d8", "g5h6", "g5i7", "g5j8", "g5f4",
        "g5e3", "g5d2", "g5h4", "g5i3", "g5j2",
    ];
    assert_eq!(moves_from(&mut p, "g5"), list(&expected));
}

/// 奔鬼 and 奔獏 (ja.wikipedia): the Free Demon ranges sideways and diagonally forward and goes
/// five squares vertically; the Free Dream-Eater ranges vertically and diagonally forward and
/// goes five squares sideways. Neither moves diagonally backward.
#[test]
fn dai_dai_free_demon_and_dream_eater_stop_at_five() {
    let t = variant("dai-dai-shogi");
    let cases = [
        (
            "FR",
            ["i14", "i4", "a9", "q9", "a17", "q17"],
            ["i15", "i3", "h8", "j8"],
        ),
        (
            "FT",
            ["i17", "i1", "d9", "n9", "a17", "q17"],
            ["c9", "o9", "h8", "j8"],
        ),
    ];
    for (id, reached, out) in cases {
        let mut p = pos(&t, &dai_dai(&[("K", "b1"), (id, "i9"), ("k", "p17")], 'w'));
        let moves = moves_from(&mut p, "i9");
        assert_eq!(moves.len(), 42, "{id}: {moves:?}");
        for square in reached {
            assert!(
                moves.contains(&format!("i9{square}")),
                "{id} {square}: {moves:?}"
            );
        }
        for square in out {
            assert!(
                !moves.contains(&format!("i9{square}")),
                "{id} {square}: {moves:?}"
            );
        }
    }
}

/// 白虎 (ja.wikipedia), and the Poisonous Snake of HaChu's table: the White Tiger ranges
/// vertically and diagonally forward-left, two squares sideways, one forward-right; the Snake
/// steps sideways and leaps two squares forward or diagonally backward, over its own Pawn.
#[test]
fn dai_dai_white_tiger_and_poisonous_snake() {
    let t = variant("dai-dai-shogi");
    let mut p = pos(
        &t,
        &dai_dai(&[("K", "b1"), ("WT", "i9"), ("k", "p17")], 'w'),
    );
    let moves = moves_from(&mut p, "i9");
    assert_eq!(moves.len(), 16 + 4 + 8 + 1, "{moves:?}");
    for reached in ["i9i17", "i9i1", "i9g9", "i9k9", "i9a17", "i9j10"] {
        assert!(moves.contains(&reached.to_string()), "{reached}: {moves:?}");
    }
    for out in ["i9k11", "i9h8", "i9j8", "i9f9"] {
        assert!(!moves.contains(&out.to_string()), "{out}: {moves:?}");
    }
    let snake = [("K", "b1"), ("PS", "i9"), ("P", "i10"), ("k", "p17")];
    let mut p = pos(&t, &dai_dai(&snake, 'w'));
    assert_eq!(
        moves_from(&mut p, "i9"),
        list(&["i9i11", "i9g7", "i9k7", "i9h9", "i9j9"])
    );
}

/// 大大将棋 (ja.wikipedia): promotion is by capture, anywhere on the board, and forced. The
/// Flying Horse capturing in its own camp becomes a Queen (馬麟 → 奔王) and moves as one; the
/// Old Rat becomes the Wizard Stork (老鼠 → 仙鶴: diagonals and one step back); the Poisonous
/// Snake becomes the Hook Mover. A Gold (which has no promoted form) and a piece that has
/// already promoted capture without promoting.
#[test]
fn dai_dai_promotes_by_capture_anywhere_and_must() {
    let t = variant("dai-dai-shogi");
    let horse = [
        ("K", "a1"),
        ("FH", "i3"),
        ("p", "i4"),
        ("G", "e3"),
        ("p", "e4"),
        ("k", "q17"),
    ];
    let mut p = pos(&t, &dai_dai(&horse, 'w'));
    assert_eq!(
        moves_from(&mut p, "i3"),
        list(&[
            "i3i4+", "i3h3", "i3j3", "i3i2", "i3h4", "i3g5", "i3j4", "i3k5"
        ])
    );
    assert!(moves_from(&mut p, "e3").contains(&"e3e4".to_string()));
    play(&mut p, &["i3i4+", "q17p17"]);
    let queen = moves_from(&mut p, "i4");
    assert!(
        queen.contains(&"i4i17".to_string()) && queen.contains(&"i4a12".to_string()),
        "{queen:?}"
    );
    assert!(
        queen.contains(&"i4q4".to_string()) && queen.contains(&"i4i1".to_string()),
        "{queen:?}"
    );
    let promoted = [("K", "a1"), ("+FH", "i3"), ("p", "i9"), ("k", "q17")];
    let mut p = pos(&t, &dai_dai(&promoted, 'w'));
    assert!(moves_from(&mut p, "i3").contains(&"i3i9".to_string()));

    let rat = [("K", "a1"), ("OR", "e5"), ("p", "g7"), ("k", "q17")];
    let mut p = pos(&t, &dai_dai(&rat, 'w'));
    assert_eq!(
        moves_from(&mut p, "e5"),
        list(&["e5d6", "e5c7", "e5f6", "e5g7+", "e5e4", "e5e3"])
    );
    play(&mut p, &["e5g7+", "q17p17"]);
    let stork = moves_from(&mut p, "g7");
    assert!(
        stork.contains(&"g7g6".to_string()) && stork.contains(&"g7a13".to_string()),
        "{stork:?}"
    );
    assert!(
        stork.contains(&"g7m1".to_string()) && !stork.contains(&"g7g8".to_string()),
        "{stork:?}"
    );
    assert!(
        !stork.contains(&"g7g5".to_string()) && !stork.contains(&"g7f7".to_string()),
        "{stork:?}"
    );

    // The enemy King hides behind its Pawns on p17 and q16 from the new Hook Mover.
    let snake = [
        ("K", "a1"),
        ("PS", "i9"),
        ("p", "i11"),
        ("k", "q17"),
        ("p", "p17"),
        ("p", "q16"),
        ("p", "a12"),
    ];
    let mut p = pos(&t, &dai_dai(&snake, 'w'));
    play(&mut p, &["i9i11+", "a12a11"]);
    let hook = moves_from(&mut p, "i11");
    assert!(
        hook.contains(&"i11a2".to_string()),
        "the Hook Mover turns at i2: {hook:?}"
    );
    assert!(
        !hook.contains(&"i11a1".to_string()),
        "a1 is the own King: {hook:?}"
    );
}

/// The Furious Fiend moves as a Lion or as a Lion Dog (Evans, Cazaux; rulings 3): the 24
/// squares of the Lion's 5x5 area and the Lion Dog's eight third squares along its lines.
#[test]
fn dai_dai_furious_fiend_is_lion_or_lion_dog() {
    let t = variant("dai-dai-shogi");
    let mut p = pos(
        &t,
        &dai_dai(&[("K", "a1"), ("+LN", "i9"), ("k", "q17")], 'w'),
    );
    let reached = destinations(&moves_from(&mut p, "i9"));
    assert_eq!(reached.len(), 32, "{reached:?}");
    for third in ["i12", "i6", "f9", "l9", "f12", "l12", "f6", "l6"] {
        assert!(reached.contains(&third.to_string()), "{third}: {reached:?}");
    }
    for out in ["i13", "g12", "m9"] {
        assert!(!reached.contains(&out.to_string()), "{out}: {reached:?}");
    }
}

// Heian Dai Shogi (docs/shogi-family.md#heian-dai-shogi-13x13): the Nichūreki's moves, ShogiVar's
// promotion, Wikipedia's bare King. Written from the sources before the file was run.

/// The array of the Nichūreki's description (ja.wikipedia, Ludii and ShogiVar agree): 34 pieces
/// a side of 13 types, the second army the first's rotation.
#[test]
fn heian_dai_start_has_34_pieces_of_13_types() {
    let t = variant("heian-dai-shogi");
    let start = koma_runtime::Position::start(t.clone()).expect("a setup");
    let text = start.to_text();
    assert!(
        text.starts_with(
            "lnicsgkgscinl/[fc][fd]2[ft]1[sm]1[ft]2[fd][fc]/ppppppppppppp/6[gb]6/13/13/13/13/13/6[GB]6/PPPPPPPPPPPPP/[FC][FD]2[FT]1[SM]1[FT]2[FD][FC]/LNICSGKGSCINL "
        ),
        "{text}"
    );
}

/// 二中歴: "the Copper General does not go to the four corners, the Iron General not to the
/// three backward directions; the Side Mover goes one step forward and any distance sideways".
#[test]
fn heian_dai_copper_iron_and_side_mover_as_the_nichureki_says() {
    let t = variant("heian-dai-shogi");
    let mut p = pos(&t, "12k/13/13/13/13/6C6/13/2I10/13/7[SM]5/13/13/K12 w");
    assert_eq!(
        moves_from(&mut p, "g8"),
        list(&["g8g9", "g8g7", "g8f8", "g8h8"])
    );
    assert_eq!(
        moves_from(&mut p, "c6"),
        list(&["c6c7", "c6b7", "c6d7", "c6b6", "c6d6"])
    );
    let side: Vec<String> = [
        "a4", "b4", "c4", "d4", "e4", "f4", "g4", "i4", "j4", "k4", "l4", "m4", "h5",
    ]
    .iter()
    .map(|to| format!("h4{to}"))
    .collect();
    assert_eq!(
        moves_from(&mut p, "h4"),
        list(&side.iter().map(String::as_str).collect::<Vec<_>>())
    );
}

/// The Flying Dragon "goes to the four corners" (the common reading: a Bishop); promoted, it
/// gains one step orthogonally (ShogiVar), a Dragon Horse. The zone is the far three ranks
/// (11-13): a move into it may promote or not, a move outside it may not.
#[test]
fn heian_dai_flying_dragon_and_promotion_in_the_far_three_ranks() {
    let t = variant("heian-dai-shogi");
    let mut p = pos(&t, "k12/13/13/13/6C6/13/13/13/13/13/13/1[FD]11/K12 w");
    let dragon = moves_from(&mut p, "b2");
    for reached in [
        "b2c1", "b2c3", "b2j10", "b2k11", "b2k11+", "b2m13", "b2m13+",
    ] {
        assert!(
            dragon.contains(&reached.to_string()),
            "{reached}: {dragon:?}"
        );
    }
    assert!(
        !dragon.contains(&"b2j10+".to_string()),
        "j10 is outside the zone: {dragon:?}"
    );
    // a3 and c1, c3 to j10 (8), and k11, l12, m13 each with and without promotion.
    assert_eq!(dragon.len(), 2 + 8 + 2 * 3, "{dragon:?}");
    assert_eq!(
        moves_from(&mut p, "g9"),
        list(&["g9g10", "g9f9", "g9h9", "g9g8"])
    );
    let mut p = pos(&t, "k12/13/13/6C6/13/13/13/13/13/13/13/13/K12 w");
    let copper = moves_from(&mut p, "g10");
    assert!(copper.contains(&"g10g11+".to_string()) && copper.contains(&"g10g11".to_string()));
    let mut p = pos(&t, "k12/13/11+[FD]1/13/13/13/13/13/13/13/13/13/K12 w");
    let horse = moves_from(&mut p, "l11");
    for reached in [
        "l11l10", "l11l12", "l11k11", "l11m11", "l11b1", "l11m12", "l11j13",
    ] {
        assert!(horse.contains(&reached.to_string()), "{reached}: {horse:?}");
    }
    assert!(!horse.contains(&"l11l9".to_string()), "{horse:?}");
}

/// ShogiVar: promotion "is not compulsory unless the piece would be unable to make a further
/// legal move": a Pawn or Lance reaching the last rank, a Knight the last two, must promote.
#[test]
fn heian_dai_promotion_forced_only_where_a_piece_would_be_stuck() {
    let t = variant("heian-dai-shogi");
    let mut p = pos(&t, "k12/2P1L7N/13/13/13/13/13/13/13/13/13/13/6K6 w");
    assert_eq!(moves_from(&mut p, "c12"), list(&["c12c13+"]));
    assert_eq!(moves_from(&mut p, "e12"), list(&["e12e13+"]));
    let mut p = pos(&t, "k12/13/13/12N/13/13/13/13/13/13/13/13/6K6 w");
    assert_eq!(moves_from(&mut p, "m10"), list(&["m10l12+"]));
}

/// Wikipedia: the game is won by capturing the King "or leaving a bare King"; ShogiVar: a bare
/// King may still draw if it bares the other King at once. Here the first player's last piece
/// is taken, leaving a bare King that cannot reply in kind: the second player wins.
#[test]
fn heian_dai_a_bare_king_loses() {
    let t = variant("heian-dai-shogi");
    let mut p = pos(&t, "6k6/13/13/13/13/6g6/6G6/13/13/13/13/13/6K6 b");
    assert!(result(&mut p).is_none());
    play(&mut p, &["g8g7"]);
    let r = result(&mut p).expect("a bare King: the game is over");
    assert_eq!(r.score(), "0-1", "{r:?}");
}

// Heian Shogi (docs/shogi-family.md#heian-shogi-9x8): ShogiVar's Heiansho.dat and HShogi.rul,
// Wikipedia. No engine counts its moves; these tests, from the sources, are its check.

/// Heiansho.dat's 9x8 array: modern shogi's back rank without Rook and Bishop, an empty second
/// rank, Pawns on the third; 18 pieces a side.
#[test]
fn heian_start_is_shogivars_nine_by_eight_array() {
    let text = start_text("heian-shogi");
    assert!(
        text.starts_with("lnsgkgsnl/9/ppppppppp/9/9/PPPPPPPPP/9/LNSGKGSNL "),
        "{text}"
    );
}

/// HShogi.rul: every piece but the King (and the Gold, which has no promoted side in
/// Heiansho.dat) promotes to a Gold "on entering, moving within, or leaving" the far three
/// ranks, optionally; a Pawn on the last rank, a Knight on the last two, must. The Silver on
/// d6 (in the zone, its own Pawn on c7) may promote stepping back out of it.
#[test]
fn heian_promotion_in_the_far_three_ranks_optional_unless_stuck() {
    let t = variant("heian-shogi");
    let mut p = pos(&t, "k8/2P6/3S5/6N2/4G4/9/9/4K4 w");
    assert_eq!(moves_from(&mut p, "c7"), list(&["c7c8+"]));
    assert_eq!(moves_from(&mut p, "g5"), list(&["g5f7+", "g5h7+"]));
    let silver = [
        "d6d7", "d6d7+", "d6e7", "d6e7+", "d6c5", "d6c5+", "d6e5", "d6e5+",
    ];
    assert_eq!(moves_from(&mut p, "d6"), list(&silver));
    let gold = ["e4e5", "e4d5", "e4f5", "e4d4", "e4f4", "e4e3"];
    assert_eq!(moves_from(&mut p, "e4"), list(&gold));
}

/// HShogi.rul: capturing every piece but the King wins ("the 'bare king' rule"). The first
/// player takes the second's last piece and the second King cannot bare the first in reply.
#[test]
fn heian_baring_the_king_wins() {
    let t = variant("heian-shogi");
    let mut p = pos(&t, "4k4/9/9/4p4/4G4/9/9/4K1G2 w");
    assert!(result(&mut p).is_none());
    play(&mut p, &["e4e5"]);
    let r = result(&mut p).expect("a bare King: the game is over");
    assert_eq!(r.score(), "1-0", "{r:?}");
}

// Maka Dai Dai Shogi (docs/shogi-family.md#maka-dai-dai-shogi-19x19): ShogiVar's Maka.dat and
// Maka.rul, Wikipedia. No engine counts its moves, so these tests, written from the sources
// before the file was run, are its check.

/// A 19x19 position text (see [`dai_dai`]).
fn maka(pieces: &[(&str, &str)], side: char) -> String {
    board_text(19, pieces, side)
}

/// Wikipedia: 96 pieces a side of 50 types; ShogiVar's array, the Deva on its King's left
/// and the Dark Spirit on its right for both players (the second army is the first rotated).
#[test]
fn maka_dai_dai_start_has_96_pieces_of_50_types_a_side() {
    let text = start_text("maka-dai-dai-shogi");
    assert_army(&text, 96, 50);
    assert!(text.contains("/L[EA]OTICSG[DV]K[DS]GSCITO[EA]L "), "{text}");
    assert!(
        text.starts_with("l[ea]oticsg[ds]k[dv]gscito[ea]l/"),
        "{text}"
    );
}

/// Maka.rul: "The 'King' on making a capture promotes to an 'Emperor'", which "may move in
/// one turn to almost any square on the board, jumping over any number of pieces". A quiet
/// King step does not promote; the capture must (promotion by capture is compulsory).
#[test]
fn maka_dai_dai_king_becomes_the_emperor_on_its_first_capture() {
    let t = variant("maka-dai-dai-shogi");
    let mut p = pos(&t, &maka(&[("K", "j1"), ("p", "j2"), ("k", "a19")], 'w'));
    assert_eq!(
        moves_from(&mut p, "j1"),
        list(&["j1i1", "j1k1", "j1i2", "j1k2", "j1j2+"])
    );
    play(&mut p, &["j1j2+", "a19a18"]);
    // Every other square of the board: 359 empty ones and the unprotected enemy King.
    let emperor = moves_from(&mut p, "j2");
    assert_eq!(emperor.len(), 360, "{emperor:?}");
    assert!(emperor.contains(&"j2a18".to_string()), "{emperor:?}");
}

/// Maka.rul: the Emperor "may not capture an enemy piece that is protected by another piece"
/// (koma: `anti-trade +K takes ... when protected`, with a royal capturer). The Pawn on c5 is
/// protected by the Gold on c6, the Gold on s18 and the King on s19 by each other; the Gold on
/// c6 and the Pawn on j10 are not.
#[test]
fn maka_dai_dai_emperor_may_not_capture_a_protected_piece() {
    let t = variant("maka-dai-dai-shogi");
    let pieces = [
        ("+K", "a1"),
        ("k", "s19"),
        ("g", "s18"),
        ("p", "c5"),
        ("g", "c6"),
        ("p", "j10"),
    ];
    let mut p = pos(&t, &maka(&pieces, 'w'));
    let moves = moves_from(&mut p, "a1");
    for taken in ["a1j10", "a1c6"] {
        assert!(moves.contains(&taken.to_string()), "{taken}: {moves:?}");
    }
    for protected in ["a1c5", "a1s18", "a1s19"] {
        assert!(!moves.contains(&protected.to_string()), "{protected}");
    }
    // 355 empty squares and the two unprotected pieces.
    assert_eq!(moves.len(), 357);
}

/// Ruling 3: under `win checkmate`, koma's check test counts every square an enemy piece's
/// move reaches, the Emperor's forbidden captures included, so a King that the Emperor may not
/// take (protected by its Gold) would still be in check, with no way out: checkmated in a
/// position where the Emperor cannot capture anything of its. The file plays Maka.rul's
/// "capture the King" instead (`win extinction`), where the position goes on.
#[test]
fn maka_dai_dai_emperor_would_check_everywhere_under_checkmate_rules() {
    let pieces = [("+K", "a1"), ("k", "s19"), ("g", "s18")];
    let text = maka(&pieces, 'b');
    let checkmate = variant_with("maka-dai-dai-shogi", "win extinction", "win checkmate");
    let mut p = pos(&checkmate, &text);
    assert!(p.in_check());
    assert!(p.moves().is_empty());
    let mut p = pos(&variant("maka-dai-dai-shogi"), &text);
    assert!(!p.moves().is_empty());
    assert!(result(&mut p).is_none());
}

/// Wikipedia ("If a prince is in play, it too must be captured"): a side with a King and a
/// Prince (a promoted Drunk Elephant) loses only when both are taken. The Rook's captures
/// promote it to a Gold (Maka.dat), so they are written with `+`.
#[test]
fn maka_dai_dai_a_prince_must_be_captured_too() {
    let t = variant("maka-dai-dai-shogi");
    let pieces = [
        ("K", "a1"),
        ("+DE", "e1"),
        ("P", "i5"),
        ("r", "a10"),
        ("r", "e10"),
        ("k", "s19"),
    ];
    let mut p = pos(&t, &maka(&pieces, 'b'));
    play(&mut p, &["a10a1+"]);
    assert!(result(&mut p).is_none(), "{}", p.to_text());
    play(&mut p, &["i5i6", "e10e1+"]);
    let r = result(&mut p).expect("both royals taken: the game is over");
    assert_eq!(r.score(), "0-1", "{r:?}");
}

/// Maka.dat's promotions by capture: the Gold becomes the Free Gold (`RfB`), the Bishop a Gold
/// General (a demotion), with no choice; a quiet move never promotes.
#[test]
fn maka_dai_dai_promotes_by_capture_to_shogivars_forms() {
    let t = variant("maka-dai-dai-shogi");
    let pieces = [
        ("K", "a1"),
        ("G", "e5"),
        ("p", "e6"),
        ("B", "m5"),
        ("p", "o7"),
        ("k", "s19"),
    ];
    let mut p = pos(&t, &maka(&pieces, 'w'));
    let gold = moves_from(&mut p, "e5");
    assert!(gold.contains(&"e5e6+".to_string()) && !gold.contains(&"e5e6".to_string()));
    assert!(gold.contains(&"e5d5".to_string()) && !gold.contains(&"e5d5+".to_string()));
    play(&mut p, &["e5e6+", "s19s18"]);
    let free_gold = moves_from(&mut p, "e6");
    for reached in ["e6e19", "e6a6", "e6s6", "e6e1", "e6r19", "e6a10"] {
        assert!(free_gold.contains(&reached.to_string()), "{reached}");
    }
    assert!(!free_gold.contains(&"e6d5".to_string()), "{free_gold:?}");
    play(&mut p, &["m5o7+", "s18s17"]);
    assert_eq!(
        moves_from(&mut p, "o7"),
        list(&["o7o8", "o7n8", "o7p8", "o7n7", "o7p7", "o7o6"])
    );
}

/// Ruling 6, the named reading: Wikipedia's rule that a piece capturing a Deva becomes a
/// Teaching King (Queen and Lion Dog) is not played. A Gold that takes the Deva becomes its own
/// promoted form, the Free Gold, which has no diagonal move backward.
#[test]
fn maka_dai_dai_capturing_a_deva_gives_the_capturer_its_own_promotion() {
    let t = variant("maka-dai-dai-shogi");
    let pieces = [("K", "a1"), ("G", "e5"), ("dv", "e6"), ("k", "s19")];
    let mut p = pos(&t, &maka(&pieces, 'w'));
    play(&mut p, &["e5e6+", "s19s18"]);
    let moves = moves_from(&mut p, "e6");
    assert!(moves.contains(&"e6e19".to_string()), "{moves:?}");
    assert!(!moves.contains(&"e6d5".to_string()), "{moves:?}");
}

/// Maka.dat: the Deva steps left, diagonally forward and diagonally back to the right; the
/// Dark Spirit is its mirror image.
#[test]
fn maka_dai_dai_deva_and_dark_spirit_mirror_each_other() {
    let t = variant("maka-dai-dai-shogi");
    let pieces = [("K", "a1"), ("DV", "e5"), ("DS", "m5"), ("k", "s19")];
    let mut p = pos(&t, &maka(&pieces, 'w'));
    assert_eq!(
        moves_from(&mut p, "e5"),
        list(&["e5d5", "e5d6", "e5f6", "e5f4"])
    );
    assert_eq!(
        moves_from(&mut p, "m5"),
        list(&["m5n5", "m5l6", "m5n6", "m5l4"])
    );
}

// Tai Shogi (docs/shogi-family.md#tai-shogi-25x25): ShogiVar's Tai.dat and Tai.rul, Wikipedia.

/// A 25x25 position text (see [`dai_dai`]).
fn tai(pieces: &[(&str, &str)], side: char) -> String {
    board_text(25, pieces, side)
}

/// Wikipedia: 177 pieces a side; ShogiVar's array of 93 types, the second army the first
/// rotated, the Emperor on m1 between the Deva and the Dark Spirit.
#[test]
fn tai_start_has_177_pieces_of_93_types_a_side() {
    let text = start_text("tai-shogi");
    assert_army(&text, 177, 93);
    assert!(
        text.contains(
            "/L[TS][WL][FY][TG][DO]R[DH][DK]QG[DV]E[DS]GQ[DK][DH]R[DO][TG][FY][WL][WT]L "
        ),
        "{text}"
    );
    assert!(
        text.starts_with(
            "l[wt][wl][fy][tg][do]r[dh][dk]qg[ds]e[dv]gq[dk][dh]r[do][tg][fy][wl][ts]l/"
        ),
        "{text}"
    );
}

/// Tai.rul: "any otherwise unprotected piece is always protected by its own Emperor", so an
/// Emperor may take only an Emperor that nothing protects; taking the last royal wins.
#[test]
fn tai_emperor_takes_only_an_unprotected_emperor() {
    let t = variant("tai-shogi");
    let mut p = pos(&t, &tai(&[("E", "a1"), ("e", "y25"), ("p", "j10")], 'w'));
    let moves = moves_from(&mut p, "a1");
    assert!(moves.contains(&"a1y25".to_string()));
    assert!(!moves.contains(&"a1j10".to_string()));
    assert_eq!(moves.len(), 625 - 3 + 1);
    play(&mut p, &["a1y25"]);
    let r = result(&mut p).expect("the last royal taken");
    assert_eq!(r.score(), "1-0", "{r:?}");
}

/// Ruling 3 for Tai: under `win checkmate` each side's Emperor would attack every square, so
/// the first player would have no legal move at the start. Tai.rul: no check rule.
#[test]
fn tai_under_checkmate_rules_the_emperors_would_leave_no_legal_move() {
    let checkmate = variant_with("tai-shogi", "win extinction", "win checkmate");
    let mut p = koma_runtime::Position::start(checkmate).expect("a setup");
    assert!(p.in_check() && p.moves().is_empty());
    let mut p = koma_runtime::Position::start(variant("tai-shogi")).expect("a setup");
    assert!(!p.moves().is_empty());
}

/// Tai.rul: the Peacock is "a 'hook mover' in the forward diagonal directions only, and can
/// move one or two squares along the backward diagonals": from m13 the 24 squares of its
/// forward diagonals, the 66 squares of its colour inside the forward cone they bound (one
/// right-angle turn into the other forward diagonal), and four squares back.
#[test]
fn tai_peacock_hooks_along_its_forward_diagonals() {
    let t = variant("tai-shogi");
    let mut p = pos(&t, &tai(&[("E", "b1"), ("PC", "m13"), ("e", "y24")], 'w'));
    let moves = moves_from(&mut p, "m13");
    for reached in ["m13m19", "m13a25", "m13y25", "m13k11", "m13o11", "m13m23"] {
        assert!(moves.contains(&reached.to_string()), "{reached}: {moves:?}");
    }
    for out in ["m13m7", "m13j10", "m13m14", "m13a1", "m13a13"] {
        assert!(!moves.contains(&out.to_string()), "{out}: {moves:?}");
    }
    assert_eq!(destinations(&moves).len(), 24 + 66 + 4, "{moves:?}");
}

/// Tai.dat's promotions: a Pawn never promotes (it has no promoted form there), a Kirin's
/// capture makes it a Great Dragon, with no choice.
#[test]
fn tai_promotion_follows_shogivar() {
    let t = variant("tai-shogi");
    let pieces = [
        ("E", "a1"),
        ("P", "e5"),
        ("p", "e6"),
        ("KY", "m13"),
        ("p", "m15"),
        ("e", "y25"),
    ];
    let mut p = pos(&t, &tai(&pieces, 'w'));
    assert_eq!(moves_from(&mut p, "e5"), list(&["e5e6"]));
    let kirin = moves_from(&mut p, "m13");
    assert!(kirin.contains(&"m13m15+".to_string()) && !kirin.contains(&"m13m15".to_string()));
    play(&mut p, &["m13m15+", "y25y24"]);
    let dragon = moves_from(&mut p, "m15");
    assert!(dragon.contains(&"m15a15".to_string()) && dragon.contains(&"m15p18".to_string()));
}

// Taikyoku Shogi (docs/shogi-family.md#taikyoku-shogi-36x36): the taikyoku-shogi.github.io data
// (pieces.csv, initial.tsfen, Game.ts) and Wikipedia. No engine that counts moves plays it, so
// these tests, written from the sources before the file was run, are its check.

/// A 36x36 position text (see [`dai_dai`]).
fn taikyoku(pieces: &[(&str, &str)], side: char) -> String {
    board_text(36, pieces, side)
}

/// Wikipedia: 402 pieces a side of 209 types; initial.tsfen's first rank, the King on r1 beside
/// the Crown Prince, and the second army the first rotated.
#[test]
fn taikyoku_start_has_402_pieces_of_209_types_a_side() {
    let text = start_text("taikyoku-shogi");
    assert_army(&text, 402, 209);
    let first_rank = "/[IC][TS][RR]W[FD][LME]T[BC][RH][FDM][ED][CDV][FDE][FK][RS][LG][GLG]K[CP]\
                      [GLG][RIG][RS][FK][FDE][WDV][ED][FDM][RH][BC]T[RME][FD]W[RR][WT][IC] ";
    assert!(text.contains(first_rank), "{text}");
    let last_rank = "[ic][wt][rr]w[fd][rme]t[bc][rh][fdm][ed][wdv][fde][fk][rs][rig][glg][cp]k\
                     [glg][lg][rs][fk][fde][cdv][ed][fdm][rh][bc]t[lme][fd]w[rr][ts][ic]/";
    assert!(text.starts_with(last_rank), "{text}");
}

/// pieces.csv: the King moves `Q2`, up to two squares in any direction (Wikipedia likewise).
#[test]
fn taikyoku_king_moves_up_to_two_squares() {
    let t = variant("taikyoku-shogi");
    let mut p = pos(
        &t,
        &taikyoku(&[("K", "j10"), ("p", "j12"), ("k", "aj36")], 'w'),
    );
    let moves = moves_from(&mut p, "j10");
    assert_eq!(destinations(&moves).len(), 16, "{moves:?}");
    assert!(moves.contains(&"j10j12".to_string()) && moves.contains(&"j10h8".to_string()));
}

/// Ruling 3: the Great General (rank 3) leaps any number of pieces that rank below it, of
/// either side, and takes the piece it lands on; it may not leap a piece of its own rank or
/// higher, nor stop on an empty square past a leapt piece.
#[test]
fn taikyoku_great_general_range_captures_below_its_rank() {
    let t = variant("taikyoku-shogi");
    let pieces = [
        ("K", "a1"),
        ("GG", "j10"),
        ("P", "j12"),
        ("p", "j14"),
        ("VG", "l10"),
        ("p", "n10"),
        ("gg", "l12"),
        ("p", "m13"),
        ("k", "aj36"),
    ];
    let mut p = pos(&t, &taikyoku(&pieces, 'w'));
    let moves = moves_from(&mut p, "j10");
    for reached in ["j10j11", "j10j14", "j10k10", "j10n10", "j10l12"] {
        assert!(moves.contains(&reached.to_string()), "{reached}: {moves:?}");
    }
    for out in ["j10j12", "j10j13", "j10j15", "j10m10", "j10o10", "j10m13"] {
        assert!(!moves.contains(&out.to_string()), "{out}: {moves:?}");
    }
}

/// pieces.csv: the Ancient Dragon `B{F,B}>` (a Great Dragon's promotion, `+GDR`) slides
/// diagonally and, forward and backward, along the triple-slashed arrow: a slide that may leap
/// up to three pieces (ruling 2).
#[test]
fn taikyoku_ancient_dragon_leaps_at_most_three_pieces() {
    let t = variant("taikyoku-shogi");
    let pieces = [
        ("K", "a1"),
        ("+GDR", "j10"),
        ("P", "j12"),
        ("P", "j14"),
        ("P", "j16"),
        ("p", "j18"),
        ("p", "j20"),
        ("k", "aj36"),
    ];
    let mut p = pos(&t, &taikyoku(&pieces, 'w'));
    let moves = moves_from(&mut p, "j10");
    for reached in [
        "j10j11", "j10j13", "j10j15", "j10j17", "j10j18", "j10j1", "j10a19",
    ] {
        assert!(moves.contains(&reached.to_string()), "{reached}: {moves:?}");
    }
    for out in ["j10j12", "j10j19", "j10j20", "j10k10", "j10a10"] {
        assert!(!moves.contains(&out.to_string()), "{out}: {moves:?}");
    }
}

/// pieces.csv: the Mountain Crane (a Treacherous Fox's promotion, `+TF`) leaps two, three or
/// four squares along any line and slides on from an empty landing square (`(D-R)`, `(H-R)`, `((4,0)-R)`), besides its Queen's slide.
#[test]
fn taikyoku_mountain_crane_leaps_up_to_four_and_slides_on() {
    let t = variant("taikyoku-shogi");
    let pieces = [
        ("K", "a1"),
        ("+TF", "j10"),
        ("P", "j11"),
        ("P", "j12"),
        ("P", "j13"),
        ("p", "j20"),
        ("P", "k10"),
        ("P", "l10"),
        ("P", "m10"),
        ("P", "n10"),
        ("k", "aj36"),
    ];
    let mut p = pos(&t, &taikyoku(&pieces, 'w'));
    let moves = moves_from(&mut p, "j10");
    let up: Vec<String> = (14..=20).map(|r| format!("j10j{r}")).collect();
    for reached in &up {
        assert!(moves.contains(reached), "{reached}: {moves:?}");
    }
    // Four own Pawns to the right: every landing square is taken, so nothing beyond.
    for out in ["j10j21", "j10j12", "j10o10", "j10p10", "j10n10"] {
        assert!(!moves.contains(&out.to_string()), "{out}: {moves:?}");
    }
}

/// Ruling 5: promotion on the far eleven ranks is compulsory, also for a move whose first leg
/// stops there (the Lion's igui from e25); the promoted Pawn never promotes again.
#[test]
fn taikyoku_promotion_is_compulsory_in_the_far_eleven_ranks() {
    let t = variant("taikyoku-shogi");
    let pieces = [
        ("K", "a1"),
        ("P", "c25"),
        ("+P", "g27"),
        ("L", "e25"),
        ("p", "e26"),
        ("k", "aj36"),
    ];
    let mut p = pos(&t, &taikyoku(&pieces, 'w'));
    assert_eq!(moves_from(&mut p, "c25"), list(&["c25c26+"]));
    assert!(moves_from(&mut p, "g27").iter().all(|m| !m.ends_with('+')));
    let lion = moves_from(&mut p, "e25");
    assert!(lion.contains(&"e25xe26e25+".to_string()), "{lion:?}");
    assert!(!lion.contains(&"e25xe26e25".to_string()), "{lion:?}");
    assert!(lion.contains(&"e25e26+".to_string()), "{lion:?}");
}

/// Ruling 6: the game is won by capturing every King and Crown Prince, and a Drunken Elephant
/// promotes to a Crown Prince: with it on the board, losing the King loses nothing yet.
#[test]
fn taikyoku_a_promoted_drunken_elephant_is_a_second_prince() {
    let t = variant("taikyoku-shogi");
    let pieces = [("K", "a1"), ("DE", "e25"), ("gg", "a10"), ("k", "aj36")];
    let mut p = pos(&t, &taikyoku(&pieces, 'w'));
    assert_eq!(
        destinations(&moves_from(&mut p, "e25")).len(),
        7,
        "fsK: the W half forward and sideways, all four diagonals"
    );
    play(&mut p, &["e25e26+", "a10a1"]);
    assert!(result(&mut p).is_none());
    assert!(!p.moves().is_empty());
}

/// Chu Shogi's King and Crown Prince under `check last-royal-only`: with both on the board
/// neither is guarded alone, so a Gold between the King and an enemy Rook may leave the file,
/// and the side is not in check once it has (Fairy-Stockfish's pseudo-royal reading); without
/// the Prince the Gold may not.
#[test]
fn chu_a_piece_pinned_to_the_king_is_free_while_the_prince_lives() {
    let t = variant("chu-shogi");
    let mut pieces = vec![("K", "f1"), ("G", "f3"), ("r", "f12"), ("k", "a12")];
    let gold_moves = |pieces: &[(&str, &str)]| {
        let mut p = pos(&t, &board_text(12, pieces, 'w'));
        moves_from(&mut p, "f3")
    };
    assert_eq!(gold_moves(&pieces), list(&["f3f2", "f3f4"]));
    pieces.push(("+DE", "l1"));
    assert_eq!(
        gold_moves(&pieces),
        list(&["f3e3", "f3e4", "f3f2", "f3f4", "f3g3", "f3g4"])
    );
    let mut p = pos(&t, &board_text(12, &pieces, 'w'));
    play(&mut p, &["f3e3"]);
    play(&mut p, &["a12a11"]);
    assert!(
        !p.in_check(),
        "the King attacked, the Prince safe: no check"
    );
}
