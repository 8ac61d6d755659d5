//! L025 `unused-region`: a region that no piece is confined to or moves differently in.

use super::{Context, Lint};
use crate::diagnostic::Diagnostic;
use crate::ir::LintLevel;

pub const LINT: Lint = Lint {
    code: "L025",
    name: "unused-region",
    default: LintLevel::Warn,
    summary: "a region that no piece uses",
    explanation: "A region only matters through the pieces that name it: `confined REGION` keeps a \
piece inside it and `in REGION MOVES` gives a piece other moves there. A region no piece names has \
no effect; it is usually a typo on the piece line, or a left-over.",
    before: "board 9 x 10\n  region palace d1-f3\n\npieces\n  K  \"General\"  W  royal",
    after: "board 9 x 10\n  region palace d1-f3\n\npieces\n  K  \"General\"  W  royal  confined palace",
    check,
};

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let v = cx.variant;
    for (i, region) in v.board.regions.iter().enumerate() {
        let i = i as u8;
        let used = v.pieces.iter().any(|p| {
            p.confined.as_ref().is_some_and(|c| c.value == i)
                || p.in_regions.iter().any(|r| r.region == i)
        });
        if used || !cx.is_own(region.location) {
            continue;
        }
        out.push(
            Diagnostic::warning(
                "",
                format!("region `{}` is not used by any piece", region.name),
                region.name_location,
                "defined here",
            )
            .with_help(format!(
                "confine a piece to it (`confined {0}`) or give a piece moves there \
                 (`in {0} MOVES`), or remove the line",
                region.name
            )),
        );
    }
}
