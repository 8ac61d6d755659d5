//! Hand-built variant specs for runtime tests (until the compiler emits them from variants/).
//! Also included by the root suite (`tests/suite.rs`, module `runtime_common`) for the runtime
//! tests that need the `testing` feature.

#![allow(dead_code)]

use std::sync::Arc;

use koma_runtime::Tables;
use koma_runtime::spec::*;

pub fn leg(dx: i8, dy: i8, range: u8, modes: Modes) -> Leg {
    Leg {
        dx,
        dy,
        range,
        modes,
    }
}

pub fn path(legs: Vec<Leg>) -> PathTemplate {
    PathTemplate { legs }
}

pub const MC: Modes = Modes(Modes::MOVE.0 | Modes::CAPTURE.0);

pub const KING_DIRS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];
pub const ORTHO: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
pub const DIAG: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
pub const KNIGHT: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

pub fn riders(dirs: &[(i8, i8)], range: u8, modes: Modes) -> Vec<PathTemplate> {
    dirs.iter()
        .map(|&(dx, dy)| path(vec![leg(dx, dy, range, modes)]))
        .collect()
}

pub fn piece(id: &str, name: &str, paths: Vec<PathTemplate>) -> PieceSpec {
    PieceSpec {
        id: id.to_string(),
        name: name.to_string(),
        betza: String::new(),
        paths,
        castling: Vec::new(),
        royal: false,
        promotions: Vec::new(),
        value: None,
    }
}

pub fn board(width: u8, height: u8) -> BoardSpec {
    BoardSpec {
        width,
        height,
        first_rank: 1,
        first_file: 0,
        names: Vec::new(),
        real: vec![true; usize::from(width) * usize::from(height)],
        vanishing: Vec::new(),
    }
}

/// Orthodox chess, with every move written as explicit path templates.
pub fn chess_spec() -> VariantSpec {
    let mut pawn = piece(
        "P",
        "Pawn",
        vec![
            path(vec![leg(0, 1, 1, Modes::MOVE)]),
            path(vec![leg(1, 1, 1, Modes::CAPTURE | Modes::EN_PASSANT)]),
            path(vec![leg(-1, 1, 1, Modes::CAPTURE | Modes::EN_PASSANT)]),
            path(vec![leg(
                0,
                2,
                1,
                Modes::MOVE | Modes::INITIAL | Modes::LAME | Modes::CREATES_EP,
            )]),
        ],
    );
    pawn.promotions = vec![PieceType(4), PieceType(3), PieceType(2), PieceType(1)];
    let knight = piece("N", "Knight", riders(&KNIGHT, 1, MC));
    let bishop = piece("B", "Bishop", riders(&DIAG, 0, MC));
    let rook = piece("R", "Rook", riders(&ORTHO, 0, MC));
    let queen = piece("Q", "Queen", riders(&KING_DIRS, 0, MC));
    let mut king = piece("K", "King", riders(&KING_DIRS, 1, MC));
    king.royal = true;
    king.castling = vec![
        CastlingSpec {
            direction: 1,
            king_steps: 2,
            partner_inside: false,
        },
        CastlingSpec {
            direction: -1,
            king_steps: 2,
            partner_inside: false,
        },
    ];
    let back = [3u16, 1, 2, 4, 5, 2, 1, 3];
    let mut setup = Vec::new();
    for x in 0..8u8 {
        setup.push(Placement {
            player: Player::First,
            piece: PieceType(back[usize::from(x)]),
            at: Coord { x, y: 0 },
        });
        setup.push(Placement {
            player: Player::First,
            piece: PieceType(0),
            at: Coord { x, y: 1 },
        });
        setup.push(Placement {
            player: Player::Second,
            piece: PieceType(0),
            at: Coord { x, y: 6 },
        });
        setup.push(Placement {
            player: Player::Second,
            piece: PieceType(back[usize::from(x)]),
            at: Coord { x, y: 7 },
        });
    }
    let mut rules = RulesSpec::default();
    rules.promotion.zone = (0..8).map(|x| Coord { x, y: 7 }).collect();
    rules.promotion.triggers = Triggers::ENTER;
    rules.promotion.kind = PromotionKind::Mandatory;
    rules.royals.win = WinCondition::Checkmate;
    VariantSpec {
        name: "Chess".to_string(),
        board: board(8, 8),
        pieces: vec![pawn, knight, bishop, rook, queen, king],
        setup: Some(setup),
        rules,
    }
}

pub fn tables(spec: VariantSpec) -> Arc<Tables> {
    Arc::new(Tables::try_new(spec).expect("a valid spec"))
}
