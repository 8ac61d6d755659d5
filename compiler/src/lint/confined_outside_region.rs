//! L026 `confined-outside-region`: a confined piece that starts outside its region.

use super::stuck_on_setup_square::first_player_view;
use super::{Context, Lint};
use crate::diagnostic::Diagnostic;
use crate::ir::LintLevel;

pub const LINT: Lint = Lint {
    code: "L026",
    name: "confined-outside-region",
    default: LintLevel::Warn,
    summary: "a confined piece starts outside the region it is confined to",
    explanation: "A confined piece only moves to squares of its region, so one that starts outside \
can never enter it: it is stuck, or has only the moves that happen to land inside. The region is \
given for the first player and rotated 180 degrees for the second, so the usual cause is a region \
written for the wrong side, or a setup square off by a rank.",
    before: "board 9 x 10\n  region palace d1-f3\n\npieces\n  K  \"General\"  W  royal  confined palace\n\nsetup mirror\n  K  e4",
    after: "board 9 x 10\n  region palace d1-f3\n\npieces\n  K  \"General\"  W  royal  confined palace\n\nsetup mirror\n  K  e1",
    check,
};

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let v = cx.variant;
    let Some(setup) = &v.setup else { return };
    for p in setup.placements.iter().filter(|p| !p.derived) {
        let piece = v.piece(p.piece);
        let Some(confined) = &piece.confined else {
            continue;
        };
        let Some(region) = v.board.regions.get(usize::from(confined.value)) else {
            continue;
        };
        if region
            .squares
            .contains(&first_player_view(&v.board, p.at, p.player))
        {
            continue;
        }
        out.push(
            Diagnostic::warning(
                "",
                format!(
                    "`{}` starts on `{}`, outside its region `{}`",
                    piece.id,
                    v.board.square_name(p.at),
                    region.name
                ),
                p.location,
                "placed here",
            )
            .with_secondary(confined.location, "confined here")
            .with_help(
                "place the piece inside its region (given for the first player, rotated for \
                 the second), or widen the region",
            ),
        );
    }
}
