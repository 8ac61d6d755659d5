//! The runtime's move generator against the reference walker of `koma_compiler::diagram`: for
//! every seed piece string and many generated positions of immobile dummies, both must produce
//! the same moves (destination, capture there, and the other squares captured).

use crate::support::{runner, seed_pieces};
use crate::xbetza_common;

use std::collections::BTreeSet;
use std::sync::Arc;

use koma_compiler::diagram::{Scene, draw};
use koma_compiler::xbetza::{BoardSize, Expansion, expand_templates};
use koma_runtime::spec::{
    BoardSpec, Coord, PieceSpec, PieceType, Placement, Player, RulesSpec, VariantSpec,
};
use koma_runtime::testing::move_tokens;
use koma_runtime::{MoveList, Position, Tables};
use proptest::prelude::*;

fn piece(id: &str, expansion: &Expansion) -> PieceSpec {
    PieceSpec {
        id: id.to_string(),
        name: id.to_string(),
        betza: String::new(),
        paths: expansion.paths.clone(),
        castling: expansion.castling.clone(),
        royal: false,
        promotions: Vec::new(),
        value: None,
    }
}

fn runtime_moves(tables: &Arc<Tables>, scene: &Scene) -> BTreeSet<String> {
    let mut pos = Position::empty(tables.clone());
    let geo = &tables.geo();
    let sq = |c: Coord| geo.square(i32::from(c.x), i32::from(c.y)).expect("square");
    let mover = if scene.second {
        Player::Second
    } else {
        Player::First
    };
    let other = if scene.second {
        Player::First
    } else {
        Player::Second
    };
    pos.put(sq(scene.from), Some((mover, PieceType(0))));
    pos.set_virgin(sq(scene.from), scene.virgin);
    for &f in &scene.friends {
        pos.put(sq(f), Some((mover, PieceType(1))));
        // The walker's dummies never moved: they are valid castling partners.
        pos.set_virgin(sq(f), true);
    }
    for &e in &scene.enemies {
        pos.put(sq(e), Some((other, PieceType(1))));
    }
    pos.set_side_to_move(mover);
    let mut moves = MoveList::new();
    pos.pseudo_legal_moves(&mut moves);
    move_tokens(&pos, &moves.to_vec(), sq(scene.from))
        .into_iter()
        .collect()
}

/// The constructs of the reference vectors (`xbetza_vectors`) that the seeds do not use.
const VECTOR_STRINGS: &[&str] = &[
    "mRcpR",
    "gQ",
    "gB",
    "nD",
    "jD",
    "jR",
    "oN",
    "ooR",
    "zB",
    "qN",
    "pN",
    "afsW",
    "afsF",
    "afsK",
    "mafF",
    "mpafsK",
    "caK",
    "cafcafK",
    "FyafsF",
    "yafsF",
    "masB",
    "pafiQ",
    "mafiR",
    "ucR",
    "udafQ",
    "dR",
    "kR",
    "NN",
    "AA",
    "WX",
    "FX",
    "NY",
    "nN",
    "[F?R]",
    "[F-B]",
    "[W?sR]",
    "fcafmF",
    "mfW*",
    "ifmnDfmWfceF",
    "KisO2",
    "KijsO3",
    "U",
    "mcabK",
    "(a)2K",
    "H",
    "G",
    "C",
    "Z",
    "nA",
    "jA",
    "F0",
    "W3",
    "vhQ",
    "hlN",
    "frNafN",
    "fsNafsN",
    // Strings whose routes the walker merges (issue 12's explosive diagrams, on 9x9).
    "aaQ",
    "(aam)3lcdA3",
    "qkvZ3a(ya)2mkaQ23",
    "zvD3oaaC0urgasZZvvaahsJ",
];

#[test]
fn runtime_agrees_with_the_reference_walker() {
    let board = BoardSize { files: 9, ranks: 9 };
    let failures = std::cell::RefCell::new(Vec::new());
    let strings = seed_pieces()
        .into_iter()
        .map(|(_, betza)| betza)
        .chain(VECTOR_STRINGS.iter().map(|s| s.to_string()));
    for betza in strings {
        // Without the route budget: the runtime walks every route, the walker merges them.
        let (expansion, _) = expand_templates(&betza, board).expect("seed strings expand");
        let spec = VariantSpec {
            name: "oracle".to_string(),
            board: BoardSpec {
                width: board.files,
                height: board.ranks,
                first_rank: 1,
                first_file: 0,
                names: Vec::new(),
                real: vec![true; 81],
                vanishing: Vec::new(),
            },
            pieces: vec![piece("X", &expansion), piece("D", &Expansion::default())],
            // A setup with dummies where a castling king looks for partners, so that the
            // runtime tracks the dummies' virginity like the walker assumes.
            setup: Some(
                [(0u8, 4u8), (1, 0), (1, 1), (1, 7), (1, 8)]
                    .iter()
                    .map(|&(piece, x)| Placement {
                        player: Player::First,
                        piece: PieceType(piece.into()),
                        at: Coord { x, y: 0 },
                    })
                    .collect(),
            ),
            rules: RulesSpec::default(),
        };
        // Unchecked: random XBetza may pass the runtime's route capacity (`limits::check`),
        // and the walker must agree with the oracle all the same.
        let tables = Arc::new(Tables::new_unchecked(spec));
        // Scenes drawn by proptest (the same on every run): the mover's square, then up to
        // eleven dummies, friends and enemies in turn, on distinct squares.
        let scenes = (
            Just((0..81u8).collect::<Vec<u8>>()).prop_shuffle(),
            2..12usize,
            any::<bool>(),
            proptest::bool::weighted(0.75),
        );
        let result = runner(40).run(&scenes, |(squares, crowd, second, virgin)| {
            let at = |i: usize| Coord {
                x: squares[i] % 9,
                y: squares[i] / 9,
            };
            let mut scene = Scene::centre(board);
            scene.second = second;
            scene.virgin = virgin;
            scene.from = at(0);
            for i in 1..=crowd {
                if i % 2 == 1 {
                    scene.friends.push(at(i))
                } else {
                    scene.enemies.push(at(i))
                }
            }
            let want = xbetza_common::tokens(&draw(&expansion, &scene));
            let got = runtime_moves(&tables, &scene);
            if got != want {
                let missing: Vec<_> = want.difference(&got).collect();
                let extra: Vec<_> = got.difference(&want).collect();
                failures.borrow_mut().push(format!(
                    "{betza} from {} (second: {}, friends {:?}, enemies {:?}): runtime misses {missing:?}, has extra {extra:?}",
                    scene.square_name(scene.from),
                    scene.second,
                    scene.friends.iter().map(|&c| scene.square_name(c)).collect::<Vec<_>>(),
                    scene.enemies.iter().map(|&c| scene.square_name(c)).collect::<Vec<_>>(),
                ));
            }
            Ok(())
        });
        if let Err(e) = result {
            panic!("{betza}: {e}");
        }
    }
    let failures = failures.into_inner();
    assert!(
        failures.is_empty(),
        "{} disagreements:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
