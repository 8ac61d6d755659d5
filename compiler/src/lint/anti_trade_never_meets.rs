//! L020 `anti-trade-never-meets`: an anti-trade rule whose attackers can never capture.

use koma_runtime::spec::Modes;

use super::{Context, Lint};
use crate::diagnostic::Diagnostic;
use crate::ir::LintLevel;

pub const LINT: Lint = Lint {
    code: "L020",
    name: "anti-trade-never-meets",
    default: LintLevel::Warn,
    summary: "an anti-trade rule names an attacker that has no capturing move",
    explanation: "An anti-trade rule restricts captures of its victims by its attackers. An attacker whose \
XBetza has no capturing move never meets a victim, so the rule is dead for it.",
    before: "pieces\n  GB \"Go-Between\" mvW\nrules\n  anti-trade GB takes LN always",
    after: "pieces\n  GB \"Go-Between\" vW\nrules\n  anti-trade GB takes LN always",
    check,
};

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let v = cx.variant;
    let capture = Modes::CAPTURE.union(Modes::ROYAL_CAPTURE);
    for rule in &v.rules.anti_trade {
        for attacker in &rule.value.attackers {
            let piece = v.piece(*attacker);
            let captures = piece
                .expansion
                .paths
                .iter()
                .any(|p| p.legs.iter().any(|l| l.modes.intersects(capture)));
            if !captures {
                out.push(
                    Diagnostic::warning(
                        "",
                        format!(
                            "`{}` can never capture, so this rule never applies to it",
                            piece.id
                        ),
                        rule.location,
                        "rule here",
                    )
                    .with_secondary(piece.betza_location, "its moves")
                    .with_help("remove it from the rule, or check its XBetza"),
                );
            }
        }
    }
}
