//! L035 `one-sided-confinement`: a piece confined to a region one player has no squares of.

use super::{Context, Lint};
use crate::diagnostic::Diagnostic;
use crate::ir::LintLevel;

pub const LINT: Lint = Lint {
    code: "L035",
    name: "one-sided-confinement",
    default: LintLevel::Warn,
    summary: "a piece is confined to a region one player has no squares of",
    explanation: "A region given per side (`region NAME first ...`, `region NAME second ...`) is \
empty for a side without a line. A piece confined to it can then never move, nor be dropped, for \
that player. Give that side its squares (the whole board, when its pieces roam freely).",
    before: "board 8 x 8\n  region keep first a2-h6\n\npieces\n  C  \"Centaur\"  K  confined keep",
    after: "board 8 x 8\n  region keep first a2-h6\n  region keep second a1-h8\n\npieces\n  C  \"Centaur\"  K  confined keep",
    check,
};

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let v = cx.variant;
    for p in &v.pieces {
        let Some(confined) = &p.confined else {
            continue;
        };
        let Some(region) = v.board.regions.get(usize::from(confined.value)) else {
            continue;
        };
        let Some(second) = &region.second else {
            continue;
        };
        let side = match (region.squares.is_empty(), second.is_empty()) {
            (true, false) => "first",
            (false, true) => "second",
            _ => continue,
        };
        if !cx.is_own(confined.location) {
            continue;
        }
        out.push(
            Diagnostic::warning(
                "",
                format!(
                    "`{}` is confined to `{}`, which the {side} player has no squares of",
                    p.id, region.name
                ),
                confined.location,
                "confined here",
            )
            .with_secondary(region.location, "given for one side only")
            .with_help(format!(
                "add `region {} {side} SQUARES`, or the {side} player's `{}` never moves",
                region.name, p.id
            )),
        );
    }
}
