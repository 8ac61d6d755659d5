//! L024 `drop-rule-without-hands`: a drop clause in a variant where no piece is ever in hand.

use super::{Context, Lint};
use crate::diagnostic::Diagnostic;
use crate::ir::LintLevel;

pub const LINT: Lint = Lint {
    code: "L024",
    name: "drop-rule-without-hands",
    default: LintLevel::Warn,
    summary: "a drop rule in a variant without hands",
    explanation: "Drops come from the hand, and a variant has hands only when its rules say `captures \
to-hand` or its setup has a `hand` line. Without either, no piece is ever dropped and the drop \
rules never apply.",
    before: "rules\n  drop one-per-file P",
    after: "rules\n  captures to-hand\n  drop one-per-file P",
    check,
};

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let v = cx.variant;
    let start_hand = v.setup.as_ref().is_some_and(|s| !s.hands.is_empty());
    if start_hand || v.rules.drops.to_hand.iter().any(Option::is_some) {
        return;
    }
    for clause in v
        .rules
        .clauses
        .iter()
        .filter(|c| c.key.starts_with("drop "))
    {
        out.push(
            Diagnostic::warning(
                "",
                format!("`{}` has no effect: no piece is ever in hand", clause.key),
                clause.location,
                "drop rule here",
            )
            .with_help(
                "add `captures to-hand` to the rules, or pieces in hand to the setup (`hand P`)",
            ),
        );
    }
}
