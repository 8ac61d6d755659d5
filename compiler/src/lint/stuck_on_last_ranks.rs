//! L005 `stuck-on-last-ranks`: a piece that can reach a far square where it can never move
//! again, and is not forced to promote there.

use koma_runtime::spec::{Coord, Modes, PieceType, PromotionKind};

use super::analysis::{can_leave, can_move, far_row_in_view, usable_from, zones_in_view};
use super::stuck_on_setup_square::first_player_view;
use super::{Context, Lint};
use crate::diagnostic::Diagnostic;
use crate::ir::{LintLevel, Variant};

pub const LINT: Lint = Lint {
    code: "L005",
    name: "stuck-on-last-ranks",
    default: LintLevel::Warn,
    summary: "a piece can get stuck on the last ranks without a forced promotion",
    explanation: "A forward-only piece (pawn, lance, knight) that reaches the far ranks without promoting \
can never move again. Shogi and chess force the promotion there; if this variant really allows dead \
pieces (Chu Shogi does), write `#[allow(stuck-on-last-ranks)]` on the line above the piece, with a comment saying so \
(or above the `variant` line, for every piece). A forced \
promotion only applies to a move that fires a promotion trigger: in a zone deeper than one rank that \
promotes only on `enter`, a piece that entered without promoting steps on inside the zone, fires \
nothing, and reaches the last rank unpromoted (add `inside` to the triggers).",
    before: "rules\n  promotion zone 3",
    after: "rules\n  promotion zone 3\n  promotion on enter inside\n  promotion forced-when-stuck",
    check,
};

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let v = cx.variant;
    let sides = zones_in_view(v);
    for (i, piece) in v.pieces.iter().enumerate() {
        let ty = PieceType(i as u16);
        if !cx.analysis.is_in_play(ty) || !can_move(&v.board, &piece.expansion) {
            continue;
        }
        // Each side's far ranks and own zone; the first side where the piece gets stuck.
        let stuck = sides.iter().find_map(|(player, zone)| {
            let side = Side {
                zone,
                top: far_row_in_view(&v.board, *player),
            };
            stuck_square(v, ty, &side).map(|c| (c, side.forced_on(v, ty, c), *player))
        });
        if let Some((square, forced, player)) = stuck {
            let help = if piece.promotions.is_empty() {
                "the piece never promotes: give it a way back, or a promotion"
            } else if forced {
                "the move onto it fires no promotion trigger, so the forced promotion never \
                 applies: add `inside` to `promotion on`, or allow this lint if dead pieces are \
                 intended"
            } else {
                "add `promotion forced-when-stuck`, or allow this lint if dead pieces are intended"
            };
            out.push(
                Diagnostic::warning(
                    "",
                    format!(
                        "`{}` can get stuck on `{}` with no forced promotion",
                        piece.id,
                        v.board
                            .square_name(first_player_view(&v.board, square, player))
                    ),
                    piece.id_location,
                    "this piece",
                )
                .with_help(help),
            );
        }
    }
}

/// One side's far ranks and promotion zone, in the first player's view.
struct Side<'a> {
    zone: &'a [Coord],
    /// The grid row of the side's far rank.
    top: u8,
}

/// A square of the side's last two ranks where the piece can never move again and may stand
/// unpromoted.
fn stuck_square(v: &Variant, piece: PieceType, side: &Side<'_>) -> Option<Coord> {
    (0..v.board.width)
        .flat_map(|x| {
            [
                Coord { x, y: side.top },
                Coord {
                    x,
                    y: side.top.saturating_sub(1),
                },
            ]
        })
        .filter(|c| v.board.contains(*c))
        .find(|c| {
            !can_leave(&v.board, v.piece(piece).expansion_at(&v.board, *c), *c)
                && !side.forced_to_promote(v, piece, *c)
        })
}

impl Side<'_> {
    /// Whether the piece can never stand unpromoted on `at` (a zone square). A forced
    /// promotion only applies to a move that fires a trigger: with `promotion on enter`, a
    /// pawn that entered a deep zone without promoting steps on inside it (no trigger fires)
    /// onto the last rank and stays there, stuck, whatever `forced` says (a Grand Chess pawn
    /// stepping from the 9th to the 10th rank). So the squares the piece can stand on
    /// unpromoted are followed from outside the zone through every arrival that does not
    /// force a promotion.
    fn forced_to_promote(&self, v: &Variant, piece: PieceType, at: Coord) -> bool {
        let rules = &v.rules.promotion;
        let in_zone = |c: &Coord| self.zone.contains(c);
        if v.piece(piece).promotions.is_empty() || !in_zone(&at) {
            return false;
        }
        let zone: Vec<Coord> = v.board.squares().filter(in_zone).collect();
        let mut unpromoted: Vec<Coord> = v.board.squares().filter(|c| !in_zone(c)).collect();
        loop {
            let mut grew = false;
            for &z in &zone {
                if unpromoted.contains(&z) {
                    continue;
                }
                let reachable = arrivals(v, piece, z).iter().any(|&(from, capture)| {
                    unpromoted.contains(&from)
                        && !(rules.fires(in_zone(&from), true, false, capture)
                            && self.forced_on(v, piece, z))
                });
                if reachable {
                    unpromoted.push(z);
                    grew = true;
                }
            }
            if !grew {
                return !unpromoted.contains(&at);
            }
        }
    }

    /// Whether a move of the piece that fires a trigger and ends on `c` must promote.
    fn forced_on(&self, v: &Variant, piece: PieceType, c: Coord) -> bool {
        let rules = &v.rules.promotion;
        let from_top = self.top.saturating_sub(c.y);
        matches!(
            rules.kind,
            PromotionKind::Mandatory | PromotionKind::Automatic
        ) || (rules.forced_when_stuck
            && !can_leave(&v.board, v.piece(piece).expansion_at(&v.board, c), c))
            || rules
                .forced
                .iter()
                .any(|f| f.pieces.contains(&piece) && from_top < f.last_ranks)
    }
}

/// The squares from which the piece reaches `at` in one move on an empty board (single-leg
/// paths at any distance in range, multi-leg paths at their shortest), with whether that
/// arrival is a capture (`true`) or a quiet move (`false`); both when the path allows both.
fn arrivals(v: &Variant, piece: PieceType, at: Coord) -> Vec<(Coord, bool)> {
    let board = &v.board;
    let mut out = Vec::new();
    for path in &v.piece(piece).expansion.paths {
        let Some(last) = path.legs.last() else {
            continue;
        };
        let modes: Vec<bool> = [
            last.modes.contains(Modes::MOVE),
            last.modes.contains(Modes::CAPTURE),
        ]
        .into_iter()
        .collect();
        for from in board.squares() {
            let reaches = if let [leg] = path.legs.as_slice() {
                let max = if leg.range == 0 {
                    i32::from(board.width.max(board.height))
                } else {
                    i32::from(leg.range)
                };
                (1..=max).any(|k| {
                    let x = i32::from(from.x) + k * i32::from(leg.dx);
                    let y = i32::from(from.y) + k * i32::from(leg.dy);
                    (x, y) == (i32::from(at.x), i32::from(at.y))
                })
            } else {
                usable_from(board, path, from) == Some(at)
            };
            if !reaches || from == at {
                continue;
            }
            for (capture, allowed) in [(false, modes[0]), (true, modes[1])] {
                if allowed && !out.contains(&(from, capture)) {
                    out.push((from, capture));
                }
            }
        }
    }
    out
}
