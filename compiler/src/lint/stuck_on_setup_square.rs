//! L004 `stuck-on-setup-square`: a piece placed where it can never move from.

use koma_runtime::spec::{Coord, Player};

use super::analysis::can_leave;
use super::{Context, Lint};
use crate::diagnostic::Diagnostic;
use crate::ir::{Board, LintLevel};

pub const LINT: Lint = Lint {
    code: "L004",
    name: "stuck-on-setup-square",
    default: LintLevel::Warn,
    summary: "a piece starts on a square it can never leave",
    explanation: "Even on an empty board the piece has no move from its start square (a forward-only piece \
on the last rank, a leaper whose every leap leaves the board). It is dead from move one.",
    before: "setup rotate\n  L a8",
    after: "setup rotate\n  L a1",
    check,
};

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let v = cx.variant;
    let Some(setup) = &v.setup else { return };
    for p in setup.placements.iter().filter(|p| !p.derived) {
        let piece = v.piece(p.piece);
        let at = first_player_view(&v.board, p.at, p.player);
        if !can_leave(&v.board, piece.expansion_at(&v.board, at), at) {
            out.push(
                Diagnostic::warning(
                    "",
                    format!(
                        "`{}` can never leave `{}`",
                        piece.id,
                        v.board.square_name(p.at)
                    ),
                    p.location,
                    "placed here",
                )
                .with_help("place the piece where it has a move, or check its XBetza"),
            );
        }
    }
}

/// Where a square of `player` lies for the first player, whose moves the expansion holds.
pub fn first_player_view(board: &Board, c: Coord, player: Player) -> Coord {
    match player {
        Player::First => c,
        Player::Second => Coord {
            x: board.width - 1 - c.x,
            y: board.height - 1 - c.y,
        },
    }
}
