//! L030 `repetition-rules-never-apply`: a repetition draw or perpetual rule beside a `repeat`
//! clause without exceptions, which lets no position occur twice.

use super::{Context, Lint};
use crate::diagnostic::Diagnostic;
use crate::ir::LintLevel;

pub const LINT: Lint = Lint {
    code: "L030",
    name: "repetition-rules-never-apply",
    default: LintLevel::Warn,
    summary: "`draw repetition` or a perpetual rule beside `repeat` without exceptions",
    explanation: "`repeat illegal` forbids every move that recreates an earlier position, and \
`repeat loses` ends the game at the first such move: no position occurs a second time. An n-fold \
repetition draw, and the perpetual-check and perpetual-attack rules that judge it, then never \
apply. Only `repeat ... except-evasion` or `except-no-new-attack` leaves repetitions for them.",
    before: "rules\n  repeat illegal\n  draw repetition 4",
    after: "rules\n  repeat illegal",
    check,
};

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let v = cx.variant;
    let Some(rule) = v.rules.repeat else {
        return;
    };
    if rule.except_evasion || rule.except_no_new_attack {
        return;
    }
    let Some(repeat) = v.rules.clause("repeat") else {
        return;
    };
    for key in ["draw repetition", "perpetual-check", "perpetual-attack"] {
        if let Some(clause) = v.rules.clause(key) {
            out.push(
                Diagnostic::warning(
                    "",
                    format!("`{key}` never applies: `repeat` lets no position occur twice"),
                    clause.location,
                    "never applies",
                )
                .with_secondary(repeat.location, "no position repeats under this rule")
                .with_help(format!(
                    "remove `{key}`, or let some moves repeat (`except-evasion`, \
                     `except-no-new-attack`)"
                )),
            );
        }
    }
}
