//! L021 `pass-without-passers`: a pass rule in a variant where no piece can pass.

use koma_runtime::spec::PieceType;

use super::analysis::can_pass;
use super::{Context, Lint};
use crate::diagnostic::Diagnostic;
use crate::ir::LintLevel;

pub const LINT: Lint = Lint {
    code: "L021",
    name: "pass-without-passers",
    default: LintLevel::Warn,
    summary: "a rule restricts passing, but no piece in play can pass",
    explanation: "Passing is a move that comes back to its start square (`mabK`-style lion moves, area \
moves). When no piece in play has such a move, rules about passing never apply.",
    before: "pieces\n  K \"King\" K royal\nrules\n  pass not-after-pass",
    after: "pieces\n  K \"King\" K royal",
    check,
};

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let v = cx.variant;
    let anyone = v
        .pieces
        .iter()
        .enumerate()
        .any(|(i, p)| cx.analysis.is_in_play(PieceType(i as u16)) && can_pass(&p.expansion));
    if anyone {
        return;
    }
    for key in [
        "pass only",
        "pass not-after-pass",
        "pass first-passer-deviates",
    ] {
        if let Some(clause) = v.rules.clause(key) {
            out.push(
                Diagnostic::warning(
                    "",
                    format!("`{key}` has no effect: no piece in play can pass"),
                    clause.location,
                    "rule here",
                )
                .with_help("remove the rule, or give a piece a move that returns to its square"),
            );
        }
    }
}
