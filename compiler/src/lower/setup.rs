//! Lowering the setup: placements to coordinates for both players, by symmetry or written out.

use koma_grammar::ast::{self, Side};
use koma_runtime::spec::{Coord, PieceType, Player, ShuffleGroup, ShuffleSpec};

use super::pieces::{Names, attributes};
use crate::codes;
use crate::diagnostic::{Diagnostic, FileId};
use crate::ir::{Board, Located, Placement, Setup, Symmetry};
use crate::parse::location;

pub(crate) fn lower_setup(
    file: FileId,
    setup: &ast::Setup,
    board: &Board,
    names: &Names,
    diagnostics: &mut Vec<Diagnostic>,
) -> Setup {
    let symmetry = match setup.symmetry.value {
        ast::Symmetry::Rotate => Symmetry::Rotate,
        ast::Symmetry::Mirror => Symmetry::Mirror,
        ast::Symmetry::None => Symmetry::None,
    };
    check_sides(file, setup, diagnostics);
    let mut placements = Vec::new();
    for line in &setup.placements {
        let player = match (symmetry, line.side.map(|s| s.value)) {
            (Symmetry::None, None) => continue, // reported by check_sides
            (Symmetry::None, Some(Side::Second)) => Player::Second,
            _ => Player::First,
        };
        let Some(piece) = names.resolve(file, &line.piece, "in the setup", diagnostics) else {
            continue;
        };
        let line_at = location(file, line.span);
        let line_attributes = attributes(file, &line.attributes);
        for item in &line.squares {
            let at = location(file, item.span());
            for c in board.coords(file, item, diagnostics) {
                let placed = Placement {
                    player,
                    piece,
                    at: c,
                    location: at,
                    derived: false,
                    line: line_at,
                    attributes: line_attributes.clone(),
                };
                let copy = match symmetry {
                    Symmetry::None => None,
                    _ => copy(&placed, board, symmetry, diagnostics),
                };
                placements.push(placed);
                placements.extend(copy);
            }
        }
    }
    let shuffle = setup.shuffles.first().and_then(|line| {
        let lowered = shuffle(file, line, symmetry, &placements, board, names, diagnostics)?;
        Some(Located {
            value: lowered,
            location: location(file, line.span),
        })
    });
    for extra in setup.shuffles.iter().skip(1) {
        diagnostics.push(Diagnostic::error(
            codes::BAD_SHUFFLE,
            "a setup has one `shuffle` line",
            location(file, extra.span),
            "a second `shuffle`",
        ));
    }
    Setup {
        location: location(file, setup.span),
        symmetry,
        placements,
        hands: hands(file, setup, symmetry, names, diagnostics),
        shuffle,
        to_move: to_move(file, setup, diagnostics),
    }
}

/// The player a `to-move` line names (the first without one); a second line is E0810.
fn to_move(file: FileId, setup: &ast::Setup, diagnostics: &mut Vec<Diagnostic>) -> Player {
    if let [first, second, ..] = setup.to_move.as_slice() {
        diagnostics.push(
            Diagnostic::error(
                codes::TO_MOVE_TWICE,
                "a setup says `to-move` once",
                location(file, second.span),
                "a second `to-move`",
            )
            .with_secondary(location(file, first.span), "the first")
            .with_help("keep one `to-move` line"),
        );
    }
    match setup.to_move.first().map(|s| s.value) {
        Some(Side::Second) => Player::Second,
        _ => Player::First,
    }
}

/// A `shuffle` line: its squares in square order (rank by rank, file by file) and its groups,
/// checked against the placements (E0404): a symmetric setup, the squares holding exactly the
/// groups' pieces, and groups of one colour before the others.
fn shuffle(
    file: FileId,
    line: &ast::Shuffle,
    symmetry: Symmetry,
    placements: &[Placement],
    board: &Board,
    names: &Names,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<ShuffleSpec> {
    let at = location(file, line.span);
    let fail = |diagnostics: &mut Vec<Diagnostic>, message: String, help: &str| {
        diagnostics.push(
            Diagnostic::error(codes::BAD_SHUFFLE, message, at, "this shuffle").with_help(help),
        );
        None
    };
    if symmetry == Symmetry::None {
        return fail(
            diagnostics,
            "a `shuffle` needs `setup mirror` or `setup rotate`".into(),
            "the second player's pieces follow the first player's arrangement by the symmetry",
        );
    }
    let mut squares: Vec<Coord> = Vec::new();
    for item in &line.squares {
        squares.extend(board.coords(file, item, diagnostics));
    }
    squares.sort_by_key(|c| (c.y, c.x));
    squares.dedup();
    let groups = shuffle_groups(file, line, names, diagnostics)?;
    let mut placed: Vec<PieceType> = placements
        .iter()
        .filter(|p| p.player == Player::First && squares.contains(&p.at))
        .map(|p| p.piece)
        .collect();
    let mut named: Vec<PieceType> = groups.iter().flat_map(|g| g.pieces.clone()).collect();
    placed.sort();
    named.sort();
    if placed.len() != squares.len() || placed != named {
        return fail(
            diagnostics,
            format!(
                "the shuffled squares must hold the groups' pieces: the groups name {}, the \
                 setup puts {} of the first player's on the {} squares",
                named.len(),
                placed.len(),
                squares.len()
            ),
            "place a piece on every shuffled square and name each of them in one group",
        );
    }
    if groups
        .windows(2)
        .any(|w| w[0].light.is_none() && w[1].light.is_some())
    {
        return fail(
            diagnostics,
            "a group with `light` or `dark` comes after one without".into(),
            "write the groups bound to a colour first (`B light, B dark, Q, ...`)",
        );
    }
    let spec = ShuffleSpec {
        squares,
        groups,
        rotate: symmetry == Symmetry::Rotate,
    };
    if spec.count() == 0 {
        return fail(
            diagnostics,
            "the groups need more squares of a colour than the shuffle has".into(),
            "count the light and dark squares among the shuffled squares",
        );
    }
    Some(spec)
}

/// A `shuffle` line's groups, their IDs resolved.
fn shuffle_groups(
    file: FileId,
    line: &ast::Shuffle,
    names: &Names,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<Vec<ShuffleGroup>> {
    let mut groups = Vec::new();
    for g in &line.groups {
        let mut pieces = Vec::new();
        for id in &g.pieces {
            pieces.push(names.resolve(file, id, "in `shuffle`", diagnostics)?);
        }
        groups.push(ShuffleGroup {
            pieces,
            light: g.light,
        });
    }
    Some(groups)
}

/// The second player's copy of a first player's placement in a symmetric setup, or an error
/// when the board has no square for it.
fn copy(
    placed: &Placement,
    board: &Board,
    symmetry: Symmetry,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<Placement> {
    let mirrored = board.reflect(placed.at, symmetry);
    if board.contains(mirrored) {
        return Some(Placement {
            player: Player::Second,
            at: mirrored,
            derived: true,
            ..placed.clone()
        });
    }
    diagnostics.push(
        Diagnostic::error(
            codes::SQUARE_ON_HOLE,
            format!(
                "the second player's copy of this piece would stand on `{}`, which does not exist",
                board.square_name(mirrored)
            ),
            placed.location,
            "its copy has no square",
        )
        .with_help("the board is not symmetric here; use `setup none` and write both armies out"),
    );
    None
}

/// The `hand` lines: each piece for the side its block names, or for both in a symmetric setup.
fn hands(
    file: FileId,
    setup: &ast::Setup,
    symmetry: Symmetry,
    names: &Names,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<Located<(Player, PieceType)>> {
    let mut hands = Vec::new();
    for line in &setup.hands {
        let players: &[Player] = match (symmetry, line.side.map(|s| s.value)) {
            (Symmetry::None, None) => continue, // reported by check_sides
            (Symmetry::None, Some(Side::Second)) => &[Player::Second],
            (Symmetry::None, Some(Side::First)) => &[Player::First],
            _ => &[Player::First, Player::Second],
        };
        for id in &line.pieces {
            let Some(piece) = names.resolve(file, id, "in `hand`", diagnostics) else {
                continue;
            };
            for &player in players {
                hands.push(Located {
                    value: (player, piece),
                    location: location(file, id.span),
                });
            }
        }
    }
    hands
}

/// `first`/`second` blocks belong to `setup none`, which needs them.
fn check_sides(file: FileId, setup: &ast::Setup, diagnostics: &mut Vec<Diagnostic>) {
    if setup.symmetry.value != ast::Symmetry::None {
        if let Some(side) = setup.sides.first() {
            diagnostics.push(
                Diagnostic::error(
                    codes::BAD_SETUP_SIDES,
                    "`first` and `second` blocks need `setup none`".to_string(),
                    location(file, side.span),
                    "a side block in a symmetric setup",
                )
                .with_secondary(
                    location(file, setup.symmetry.span),
                    "the second army is derived from the first here",
                )
                .with_help("write `setup none` to give both armies, or drop the block lines"),
            );
        }
        return;
    }
    if let Some(line) = setup.placements.iter().find(|p| p.side.is_none()) {
        diagnostics.push(
            Diagnostic::error(
                codes::BAD_SETUP_SIDES,
                "with `setup none`, placements go in a `first` or `second` block".to_string(),
                location(file, line.span),
                "this placement has no side",
            )
            .with_help("put a `first` line before the first player's pieces and a `second` line before the second's"),
        );
    }
    for (i, side) in setup.sides.iter().enumerate() {
        if let Some(first) = setup.sides[..i].iter().find(|s| s.value == side.value) {
            diagnostics.push(
                Diagnostic::error(
                    codes::BAD_SETUP_SIDES,
                    "a side block is given twice".to_string(),
                    location(file, side.span),
                    "given again here",
                )
                .with_secondary(location(file, first.span), "first given here")
                .with_help("list each player's pieces in one block"),
            );
        }
    }
}
