//! L028 `captured-only-never-promotes`: `promotion captured-only` where no promotion choice
//! can ever have been lost, so no piece ever promotes.

use koma_runtime::spec::PieceType;

use super::{Context, Lint};
use crate::diagnostic::Diagnostic;
use crate::ir::LintLevel;

pub const LINT: Lint = Lint {
    code: "L028",
    name: "captured-only-never-promotes",
    default: LintLevel::Warn,
    summary: "`promotion captured-only`, but no promotion choice starts on the board or in hand",
    explanation: "With `promotion captured-only` a piece promotes only into a type its side has lost: \
fewer of it on the board and in hand than the setup gives the side. A type the setup never places \
can never be lost, so when no promotion choice of any piece is in the setup (or the variant has \
no setup), no piece ever promotes, and a piece that must promote can never make that move.",
    before: "pieces\n  P \"Pawn\" fW promotes Q\n  Q \"Queen\" Q\n  K \"King\" K royal\nsetup mirror\n  \
K e1\n  P a2-h2\nrules\n  promotion captured-only",
    after: "pieces\n  P \"Pawn\" fW promotes Q\n  Q \"Queen\" Q\n  K \"King\" K royal\nsetup mirror\n  \
K e1\n  Q d1\n  P a2-h2\nrules\n  promotion captured-only",
    check,
};

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let v = cx.variant;
    let Some(clause) = v.rules.clause("promotion captured-only") else {
        return;
    };
    let started = |t: PieceType| {
        v.setup.as_ref().is_some_and(|s| {
            s.placements.iter().any(|p| p.piece == t) || s.hands.iter().any(|h| h.value.1 == t)
        })
    };
    let possible = v
        .pieces
        .iter()
        .flat_map(|p| p.promotions.iter())
        .any(|c| started(c.value));
    if possible {
        return;
    }
    out.push(
        Diagnostic::warning(
            "",
            "no piece can ever promote: no promotion choice starts on the board or in hand, so \
             none can be lost"
                .to_string(),
            clause.location,
            "promotion to captured pieces only",
        )
        .with_help("put the promotion choices in the setup, or remove `promotion captured-only`"),
    );
}
