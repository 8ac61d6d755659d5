//! L003 `promotion-loses-moves`: a promotion to a piece that can do only part of what the
//! unpromoted piece does.
//!
//! (Promotion cycles, which the lint catalogue also asks about, cannot occur: a promoted form
//! that promotes again is error E0501.)

use super::analysis::path_set;
use super::{Context, Lint};
use crate::diagnostic::Diagnostic;
use crate::ir::LintLevel;

pub const LINT: Lint = Lint {
    code: "L003",
    name: "promotion-loses-moves",
    default: LintLevel::Warn,
    summary: "a piece promotes to a piece whose moves are a strict subset of its own",
    explanation: "Promotion is meant to add power. When every move of the promoted form is already a move \
of the unpromoted piece, and the unpromoted piece has more, promoting only loses moves: usually the \
`promotes` target or one of the two XBetza strings is wrong.",
    before: "pieces\n  DK \"Dragon King\" RF promotes +DK\n  +DK \"Rook\" R",
    after: "pieces\n  DK \"Dragon King\" RF promotes +DK\n  +DK \"Soaring Eagle\" RbBfFfAfcavFfabF",
    check,
};

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let v = cx.variant;
    // The two sides of a flipping piece are two pieces, neither an upgrade of the other.
    if v.rules.promotion.flip {
        return;
    }
    for piece in &v.pieces {
        let own = path_set(&piece.expansion);
        for target in &piece.promotions {
            let promoted = v.piece(target.value);
            let theirs = path_set(&promoted.expansion);
            if theirs.len() < own.len()
                && theirs.is_subset(&own)
                && promoted.expansion.castling.is_empty()
            {
                out.push(
                    Diagnostic::warning(
                        "",
                        format!(
                            "promoting `{}` to `{}` only loses moves",
                            piece.id, promoted.id
                        ),
                        target.location,
                        "every move of the promoted form is already a move of this piece",
                    )
                    .with_help("check the promotion target and both XBetza strings"),
                );
            }
        }
    }
}
