//! Helpers shared by the XBetza test files: play a string in a position, write moves as tokens.
//!
//! A move is written `to`, plus `x` when it captures on `to`, plus `[a,b]` for the other
//! squares it removes pieces from (locust victims), e.g. `g7x[f6]`.

#![allow(dead_code)]

use std::collections::BTreeSet;

use koma_compiler::diagram::{Diagram, Scene, draw, parse_square};
use koma_compiler::xbetza::{BoardSize, expand};

pub fn board(files: u8, ranks: u8) -> BoardSize {
    BoardSize { files, ranks }
}

/// The mover on `from`, white (friendly) dummies `friends`, black (enemy) dummies `enemies`.
pub fn scene(board: BoardSize, from: &str, friends: &str, enemies: &str) -> Scene {
    let sq = |s: &str| parse_square(s, board, 1).unwrap_or_else(|| panic!("bad square {s}"));
    let mut scene = Scene::centre(board);
    scene.from = sq(from);
    scene.friends = friends.split_whitespace().map(sq).collect();
    scene.enemies = enemies.split_whitespace().map(sq).collect();
    scene
}

pub fn play(betza: &str, board: BoardSize, scene: &Scene) -> Diagram {
    let (expansion, _) = expand(betza, board).unwrap_or_else(|e| panic!("{betza}: {e:?}"));
    draw(&expansion, scene)
}

pub fn tokens(d: &Diagram) -> BTreeSet<String> {
    let name = |c| d.scene.square_name(c);
    d.moves
        .iter()
        .map(|m| {
            let mut t = name(m.to);
            if m.captures.contains(&m.to) {
                t.push('x');
            }
            let mut others: Vec<String> = m
                .captures
                .iter()
                .filter(|&&c| c != m.to)
                .map(|&c| name(c))
                .collect();
            if !others.is_empty() {
                others.sort();
                t.push_str(&format!("[{}]", others.join(",")));
            }
            t
        })
        .collect()
}

pub fn set(text: &str) -> BTreeSet<String> {
    text.split_whitespace().map(str::to_string).collect()
}

/// The moves of `betza` from `from` with the given dummies, as tokens.
pub fn moves(
    betza: &str,
    b: BoardSize,
    from: &str,
    friends: &str,
    enemies: &str,
) -> BTreeSet<String> {
    tokens(&play(betza, b, &scene(b, from, friends, enemies)))
}

/// Every square name of `b` whose (file, rank) offsets from `from` satisfy `keep`.
pub fn squares_where(
    b: BoardSize,
    from: &str,
    keep: impl Fn(i32, i32) -> bool,
) -> BTreeSet<String> {
    let f = parse_square(from, b, 1).expect("square");
    let mut out = BTreeSet::new();
    for x in 0..b.files {
        for y in 0..b.ranks {
            let (dx, dy) = (x as i32 - f.x as i32, y as i32 - f.y as i32);
            if keep(dx, dy) {
                out.insert(format!("{}{}", (b'a' + x) as char, y + 1));
            }
        }
    }
    out
}

/// Asserts equality with a readable difference.
pub fn assert_moves(what: &str, got: &BTreeSet<String>, want: &BTreeSet<String>) {
    let missing: Vec<_> = want.difference(got).collect();
    let extra: Vec<_> = got.difference(want).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "{what}: missing {missing:?}, unexpected {extra:?}"
    );
}
