//! L018 `zone-overlaps-own-camp`: a promotion zone reaching into the player's own camp.

use koma_runtime::spec::Coord;

use super::analysis::{player_name, row_from_own_side, zone_clause, zones_in_view};
use super::stuck_on_setup_square::first_player_view;
use super::zone_misses_pawn_line::front_line;
use super::{Context, Lint};
use crate::diagnostic::Diagnostic;
use crate::ir::LintLevel;

pub const LINT: Lint = Lint {
    code: "L018",
    name: "zone-overlaps-own-camp",
    default: LintLevel::Warn,
    summary: "the promotion zone includes ranks of the player's own starting camp",
    explanation: "A zone that reaches the player's own front line lets pieces promote without crossing the \
board. The depth is probably too large for this board.",
    before: "board 9 x 9\nrules\n  promotion zone 7",
    after: "board 9 x 9\nrules\n  promotion zone 3",
    check,
};

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let v = cx.variant;
    // A whole-board zone is how two-sided pieces (`promotion flip`) turn over on every move.
    if v.rules.promotion.flip {
        return;
    }
    for (player, zone) in zones_in_view(v) {
        let (Some(clause), Some(front)) = (zone_clause(cx, player), front_line(v, player)) else {
            continue;
        };
        // The camp and the zone as `player` sees the board, its own side at the bottom.
        let front = row_from_own_side(&v.board, Coord { x: 0, y: front }, player);
        let Some(&square) = zone.iter().find(|c| c.y <= front) else {
            continue;
        };
        out.push(
            Diagnostic::warning(
                "",
                format!(
                    "the promotion zone reaches `{}`, in the {} player's own camp",
                    v.board
                        .square_name(first_player_view(&v.board, square, player)),
                    player_name(player)
                ),
                clause.location,
                "zone set here",
            )
            .with_help("make the zone shallower"),
        );
    }
}
