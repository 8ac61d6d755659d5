//! L005 `stuck-on-last-ranks`: a piece that can reach a far square where it can never move
//! again, and is not forced to promote there.

use koma_runtime::spec::{Coord, Modes, PieceType, PromotionKind};

use super::analysis::{can_leave, can_move, usable_from};
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
    let top = v.board.rect_rows.1;
    for (i, piece) in v.pieces.iter().enumerate() {
        let ty = PieceType(i as u16);
        if !cx.analysis.is_in_play(ty) || !can_move(&v.board, &piece.expansion) {
            continue;
        }
        let stuck = (0..v.board.width)
            .flat_map(|x| {
                [
                    Coord { x, y: top },
                    Coord {
                        x,
                        y: top.saturating_sub(1),
                    },
                ]
            })
            .filter(|c| v.board.contains(*c))
            .find(|c| {
                !can_leave(&v.board, piece.expansion_at(&v.board, *c), *c)
                    && !forced_to_promote(v, ty, *c)
            });
        if let Some(square) = stuck {
            let help = if piece.promotions.is_empty() {
                "the piece never promotes: give it a way back, or a promotion"
            } else if forced_on(v, ty, square) {
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
                        v.board.square_name(square)
                    ),
                    piece.id_location,
                    "this piece",
                )
                .with_help(help),
            );
        }
    }
}

/// Whether the piece can never stand unpromoted on `at` (a zone square). A forced promotion
/// only applies to a move that fires a trigger: with `promotion on enter`, a pawn that entered
/// a deep zone without promoting steps on inside it (no trigger fires) onto the last rank and
/// stays there, stuck, whatever `forced` says (a Grand Chess pawn stepping from the 9th to the
/// 10th rank). So the squares the piece can stand on unpromoted are followed from outside the
/// zone through every arrival that does not force a promotion.
fn forced_to_promote(v: &Variant, piece: PieceType, at: Coord) -> bool {
    let rules = &v.rules.promotion;
    if v.piece(piece).promotions.is_empty() || !rules.zone.contains(&at) {
        return false;
    }
    let forced_on = |c: Coord| forced_on(v, piece, c);
    let zone: Vec<Coord> = v
        .board
        .squares()
        .filter(|c| rules.zone.contains(c))
        .collect();
    let mut unpromoted: Vec<Coord> = v
        .board
        .squares()
        .filter(|c| !rules.zone.contains(c))
        .collect();
    loop {
        let mut grew = false;
        for &z in &zone {
            if unpromoted.contains(&z) {
                continue;
            }
            let reachable = arrivals(v, piece, z).iter().any(|&(from, capture)| {
                unpromoted.contains(&from)
                    && !(rules.fires(rules.zone.contains(&from), true, false, capture)
                        && forced_on(z))
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
fn forced_on(v: &Variant, piece: PieceType, c: Coord) -> bool {
    let rules = &v.rules.promotion;
    let from_top = v.board.rect_rows.1.saturating_sub(c.y);
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
