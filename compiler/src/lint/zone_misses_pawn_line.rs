//! L017 `zone-misses-pawn-line`: a promotion zone that stops short of the opponent's pawn line.

use koma_runtime::spec::{Coord, Player};

use super::analysis::{
    far_row_in_view, player_name, row_from_own_side, zone_clause, zones_in_view,
};
use super::{Context, Lint};
use crate::diagnostic::Diagnostic;
use crate::ir::{LintLevel, Variant};

pub const LINT: Lint = Lint {
    code: "L017",
    name: "zone-misses-pawn-line",
    default: LintLevel::Warn,
    summary: "the promotion zone does not reach the opponent's pawn line",
    explanation: "Shogi-style zones traditionally begin at the opponent's starting pawn rank, so a pawn \
promotes on capturing its first enemy pawn. A shallower zone is often a copied value: the Kuuzen Dai Shogi \
diagram says `promoZone=4` on a 15x15 board whose pawns start 5 ranks from the edge. Zones of one or two \
ranks are not checked: chess-style promotion on the last rank, and small boards' camps that are meant to \
be shallow (Tori Shogi promotes in the far two ranks, behind the Swallows on the third).",
    before: "board 15 x 15\nrules\n  promotion zone 4",
    after: "board 15 x 15\nrules\n  promotion zone 5",
    check,
};

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let v = cx.variant;
    let sided = zones_in_view(v);
    for (player, zone) in &sided {
        let (Some(clause), Some(front)) =
            (zone_clause(cx, *player), front_line(v, player.opponent()))
        else {
            continue;
        };
        // The zone and the opponent's pawn line as `player` sees the board, its far side on top.
        let view = |y: u8| row_from_own_side(&v.board, Coord { x: 0, y }, *player);
        let top = far_row_in_view(&v.board, *player);
        let depth = zone
            .iter()
            .map(|c| c.y)
            .min()
            .map_or(0, |low| top.saturating_sub(low) + 1);
        // A one-rank zone is chess-style last-rank promotion, and a two-rank one a small
        // board's deliberate choice (Tori Shogi); the rule of thumb is for camps of three
        // ranks and more.
        if depth <= 2 || zone.iter().any(|c| c.y <= view(front)) {
            continue;
        }
        let rank = i32::from(v.board.first_rank) + i32::from(front);
        let whose = match sided.len() {
            1 => "the".to_string(),
            _ => format!("the {} player's", player_name(*player)),
        };
        out.push(
            Diagnostic::warning(
                "",
                format!(
                    "{whose} promotion zone does not reach the opponent's pawn line on rank {rank}"
                ),
                clause.location,
                "zone set here",
            )
            .with_help(
                "make the zone deep enough to include that rank, or allow this lint with a comment",
            ),
        );
    }
}

/// The grid row of `player`'s front line (a row holding at least a third of a rank's worth
/// of pieces, nearest the other side).
pub fn front_line(v: &Variant, player: Player) -> Option<u8> {
    let setup = v.setup.as_ref()?;
    let mut counts = vec![0usize; usize::from(v.board.height)];
    for p in setup.placements.iter().filter(|p| p.player == player) {
        counts[usize::from(p.at.y)] += 1;
    }
    let full = |y: &usize| counts[*y] * 3 >= usize::from(v.board.files);
    let rows = (0..counts.len()).filter(full);
    let row = match player {
        Player::Second => rows.min(),
        Player::First => rows.max(),
    }?;
    u8::try_from(row).ok()
}
