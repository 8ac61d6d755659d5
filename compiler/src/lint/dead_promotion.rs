//! L002 `dead-promotion`: a promotion to a piece that can never move.

use super::analysis::can_move;
use super::{Context, Lint};
use crate::diagnostic::Diagnostic;
use crate::ir::LintLevel;

pub const LINT: Lint = Lint {
    code: "L002",
    name: "dead-promotion",
    default: LintLevel::Warn,
    summary: "a piece promotes to a piece that can never move",
    explanation: "Promoting into a piece without a single move on this board turns a working piece into \
a dead one. Most often the promoted form's XBetza is empty or only has moves that leave the board.",
    before: "pieces\n  P \"Pawn\" fW promotes +P\n  +P \"Tokin\" fH\nboard 2 x 2",
    after: "pieces\n  P \"Pawn\" fW promotes +P\n  +P \"Tokin\" WfF",
    check,
};

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let v = cx.variant;
    for piece in &v.pieces {
        for target in &piece.promotions {
            let promoted = v.piece(target.value);
            if !can_move(&v.board, &promoted.expansion) {
                out.push(
                    Diagnostic::warning(
                        "",
                        format!(
                            "`{}` promotes to `{}`, which can never move",
                            piece.id, promoted.id
                        ),
                        target.location,
                        "this piece has no move on this board",
                    )
                    .with_secondary(promoted.betza_location, "its moves")
                    .with_help("give the promoted piece moves, or promote to another piece"),
                );
            }
        }
    }
}
