//! L023 `missing-inventor`: a variant without an `inventor` line.

use super::{Context, Lint};
use crate::diagnostic::Diagnostic;
use crate::ir::LintLevel;

pub const LINT: Lint = Lint {
    code: "L023",
    name: "missing-inventor",
    default: LintLevel::Warn,
    summary: "the variant does not name its inventor",
    explanation: "Credit the inventor (`inventor \"traditional\"` for games of unknown authorship).",
    before: "variant \"Chu Shogi\"",
    after: "variant \"Chu Shogi\"\ninventor \"traditional\"",
    check,
};

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    if cx.variant.inventor.is_none() {
        let name = &cx.variant.name;
        out.push(
            Diagnostic::warning(
                "",
                format!("variant `{}` has no `inventor` line", name.value),
                name.location,
                "variant named here",
            )
            .with_help("add `inventor \"NAME\"` after the `variant` line"),
        );
    }
}
