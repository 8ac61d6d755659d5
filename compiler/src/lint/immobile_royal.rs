//! L006 `immobile-royal`: a royal piece without a move.

use super::analysis::can_move;
use super::{Context, Lint};
use crate::diagnostic::Diagnostic;
use crate::ir::LintLevel;

pub const LINT: Lint = Lint {
    code: "L006",
    name: "immobile-royal",
    default: LintLevel::Warn,
    summary: "a royal piece can never move",
    explanation: "A royal that cannot move can never escape an attack; in a checkmate game every check is \
mate. This is almost always a typo in the royal's XBetza.",
    before: "board 3 x 3\npieces\n  K \"King\" H royal",
    after: "board 3 x 3\npieces\n  K \"King\" K royal",
    check,
};

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    for piece in cx.variant.pieces.iter().filter(|p| p.royal.is_some()) {
        if !can_move(&cx.variant.board, &piece.expansion) {
            out.push(
                Diagnostic::warning(
                    "",
                    format!("royal piece `{}` can never move", piece.id),
                    piece.id_location,
                    "royal here",
                )
                .with_help("give it moves, e.g. `K`"),
            );
        }
    }
}
