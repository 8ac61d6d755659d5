//! L015 `piece-starts-in-zone`: a promotable piece that starts in its own promotion zone.

use koma_runtime::spec::Player;

use super::analysis::zone_in_view;
use super::stuck_on_setup_square::first_player_view;
use super::{Context, Lint};
use crate::diagnostic::Diagnostic;
use crate::ir::LintLevel;

pub const LINT: Lint = Lint {
    code: "L015",
    name: "piece-starts-in-zone",
    default: LintLevel::Warn,
    summary: "a piece that can promote starts inside its own promotion zone",
    explanation: "The promotion zone is counted from the far side; a promotable piece that starts there can \
promote on its first move. Usually the zone is too deep or the piece is on the wrong side.",
    before: "rules\n  promotion zone 7",
    after: "rules\n  promotion zone 3",
    check,
};

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let v = cx.variant;
    // Two-sided pieces (`promotion flip`) turn over on every move wherever they start.
    let Some(setup) = v.setup.as_ref().filter(|_| !v.rules.promotion.flip) else {
        return;
    };
    // Each side's own zone: the second player's may differ from the first's turned around.
    let zones = [Player::First, Player::Second].map(|player| zone_in_view(v, player));
    let mut reported = Vec::new();
    for p in setup.placements.iter().filter(|p| !p.derived) {
        let piece = v.piece(p.piece);
        let zone = &zones[usize::from(p.player == Player::Second)];
        let inside = zone.contains(&first_player_view(&v.board, p.at, p.player));
        if !piece.promotions.is_empty() && inside && !reported.contains(&p.piece) {
            reported.push(p.piece);
            out.push(
                Diagnostic::warning(
                    "",
                    format!(
                        "`{}` starts on `{}`, inside its own promotion zone",
                        piece.id,
                        v.board.square_name(p.at)
                    ),
                    p.location,
                    "placed in the zone",
                )
                .with_help("check the zone depth and the side the piece is placed for"),
            );
        }
    }
}
