//! L001 `unreachable-piece`: a piece that is neither in the setup nor reachable by promotion.

use super::{Context, Lint};
use crate::diagnostic::Diagnostic;
use crate::ir::LintLevel;
use koma_runtime::spec::PieceType;

pub const LINT: Lint = Lint {
    code: "L001",
    name: "unreachable-piece",
    default: LintLevel::Warn,
    summary: "a piece is defined but never appears in play",
    explanation: "A piece that is not placed in the setup and that no piece in play promotes to can never \
be on the board. Usually a promotion line is missing, or the piece was left over from an edit.",
    before: "pieces\n  P \"Pawn\" fW\n  +P \"Tokin\" WfF\nsetup rotate\n  P a2-h2",
    after: "pieces\n  P \"Pawn\" fW promotes +P\n  +P \"Tokin\" WfF\nsetup rotate\n  P a2-h2",
    check,
};

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    for (i, piece) in cx.variant.pieces.iter().enumerate() {
        if !cx.analysis.is_in_play(PieceType(i as u16)) {
            out.push(
                Diagnostic::warning(
                    "",
                    format!("piece `{}` never appears in play", piece.id),
                    piece.id_location,
                    "defined here",
                )
                .with_help("place it in the setup, let a piece promote to it, or remove it"),
            );
        }
    }
}
