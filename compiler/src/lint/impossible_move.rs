//! L010 `impossible-move`: a move that cannot be made from any square of this board.

use super::analysis::{betza_moves, usable_from};
use super::{Context, Lint};
use crate::diagnostic::Diagnostic;
use crate::ir::LintLevel;

pub const LINT: Lint = Lint {
    code: "L010",
    name: "impossible-move",
    default: LintLevel::Warn,
    summary: "an XBetza move can never happen on this board size",
    explanation: "Every path of the move leaves the board whatever square the piece stands on, e.g. a \
Threeleaper `H` on a 3x3 board. The move is dead weight, or the board is smaller than intended.",
    before: "board 3 x 3\npieces\n  X \"Leaper\" WH",
    after: "board 3 x 3\npieces\n  X \"Leaper\" WD",
    check,
};

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let board = &cx.variant.board;
    for piece in &cx.variant.pieces {
        for m in betza_moves(board, piece) {
            if m.expansion.paths.is_empty() {
                continue;
            }
            let possible = board.squares().any(|c| {
                m.expansion
                    .paths
                    .iter()
                    .any(|p| usable_from(board, p, c).is_some())
            });
            if !possible {
                out.push(
                    Diagnostic::warning(
                        "",
                        format!(
                            "`{}` can never be played on a {}x{} board",
                            m.text, board.files, board.ranks
                        ),
                        m.location,
                        "every path leaves the board",
                    )
                    .with_help("remove the move, or check the board size"),
                );
            }
        }
    }
}
