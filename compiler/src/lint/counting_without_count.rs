//! L029 `counting-without-count`: counting clauses that can never count: no count is given,
//! or the variant has no royal piece (a side counts by the pieces' honour when its royal
//! stands alone), or a `pieces-honour` entry names a piece that is never in play.

use koma_runtime::spec::PieceType;

use super::{Context, Lint};
use crate::diagnostic::Diagnostic;
use crate::ir::LintLevel;

pub const LINT: Lint = Lint {
    code: "L029",
    name: "counting-without-count",
    default: LintLevel::Warn,
    summary: "a counting clause that never counts",
    explanation: "Counting (Makruk) draws a game the stronger side has not won within a count of \
moves. `counting without` only says when counting may run; without `counting board-honour` or \
`counting pieces-honour` there is no count. The pieces' honour counts for a side left with its \
royal alone, which needs a royal piece; an entry naming a piece that never is in play never \
applies.",
    before: "rules\n  counting without P",
    after: "rules\n  counting without P\n  counting board-honour 64",
    check,
};

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let v = cx.variant;
    let Some(counting) = &v.rules.counting else {
        return;
    };
    if counting.board_honour.is_none()
        && counting.pieces_honour.is_empty()
        && counting.pieces_default.is_none()
        && let Some(clause) = v.rules.clause("counting without")
    {
        out.push(
            Diagnostic::warning(
                "",
                "counting never starts: no clause gives a count".to_string(),
                clause.location,
                "when counting may run",
            )
            .with_help("add `counting board-honour N` or `counting pieces-honour ...`"),
        );
    }
    let Some(clause) = v.rules.clause("counting pieces-honour") else {
        return;
    };
    let has_royal = v.pieces.iter().any(|p| p.royal.is_some());
    if !has_royal {
        out.push(
            Diagnostic::warning(
                "",
                "the pieces' honour never counts: no piece is royal, so no side is ever left \
                 with its royal alone"
                    .to_string(),
                clause.location,
                "pieces' honour here",
            )
            .with_help("make the king royal, or remove `counting pieces-honour`"),
        );
    }
    let absent: Vec<String> = counting
        .pieces_honour
        .iter()
        .flat_map(|h| h.pieces.iter().map(|p| p.0))
        .filter(|&t| !cx.analysis.is_in_play(t))
        .map(|t: PieceType| format!("`{}`", v.piece(t).id))
        .collect();
    if !absent.is_empty() {
        out.push(
            Diagnostic::warning(
                "",
                format!(
                    "a pieces' honour entry never applies: {} is never in play",
                    absent.join(", ")
                ),
                clause.location,
                "pieces' honour here",
            )
            .with_help("name pieces the game has, or remove the entry"),
        );
    }
}
