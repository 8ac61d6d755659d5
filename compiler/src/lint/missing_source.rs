//! L022 `missing-source`: a variant without a `source` line.

use super::{Context, Lint};
use crate::diagnostic::Diagnostic;
use crate::ir::LintLevel;

pub const LINT: Lint = Lint {
    code: "L022",
    name: "missing-source",
    default: LintLevel::Warn,
    summary: "the variant does not say where its rules come from",
    explanation: "A `source` line lets readers check the definition against the original rules.",
    before: "variant \"Chu Shogi\"",
    after: "variant \"Chu Shogi\"\nsource \"https://en.wikipedia.org/wiki/Chu_shogi\"",
    check,
};

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    if cx.variant.source.is_none() {
        let name = &cx.variant.name;
        out.push(
            Diagnostic::warning(
                "",
                format!("variant `{}` has no `source` line", name.value),
                name.location,
                "variant named here",
            )
            .with_help("add `source \"URL\"` after the `variant` line"),
        );
    }
}
