//! L019 `rule-names-absent-piece`: a rule that names a piece which never appears in play.

use koma_runtime::spec::PieceType;

use super::{Context, Lint};
use crate::diagnostic::{Diagnostic, Location};
use crate::ir::LintLevel;

pub const LINT: Lint = Lint {
    code: "L019",
    name: "rule-names-absent-piece",
    default: LintLevel::Warn,
    summary: "a burn, freeze, anti-trade or pass rule names a piece that never appears in play",
    explanation: "The rule can never apply to that piece: it is not in the setup and no piece promotes to \
it. Often the rule names the unpromoted form where the promoted one was meant.",
    before: "rules\n  freeze CS area king",
    after: "rules\n  freeze +CS area king",
    check,
};

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let r = &cx.variant.rules;
    let mut named: Vec<(&[PieceType], Location, &str)> = Vec::new();
    for b in &r.burning {
        named.push((&b.value.burners, b.location, "burn"));
        named.push((&b.value.immune, b.location, "burn"));
    }
    for f in &r.freezing {
        named.push((&f.value.freezers, f.location, "freeze"));
        named.push((&f.value.immune, f.location, "freeze"));
    }
    for a in &r.anti_trade {
        named.push((&a.value.attackers, a.location, "anti-trade"));
        named.push((&a.value.victims, a.location, "anti-trade"));
    }
    if let Some(clause) = r.clause("pass only") {
        named.push((&r.passing.only, clause.location, "pass only"));
    }
    for (pieces, location, rule) in named {
        for piece in pieces.iter().filter(|p| !cx.analysis.is_in_play(**p)) {
            let id = &cx.variant.piece(*piece).id;
            out.push(
                Diagnostic::warning(
                    "",
                    format!("`{rule}` names `{id}`, which never appears in play"),
                    location,
                    "rule here",
                )
                .with_help("name the piece form that is actually played, or remove it"),
            );
        }
    }
}
