//! L005 `stuck-on-last-ranks`: a piece that can reach a far square where it can never move
//! again, and is not forced to promote there.

use koma_runtime::spec::{Coord, PieceType, PromotionKind};

use super::analysis::{can_leave, can_move};
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
pieces (Chu Shogi does), allow the lint on the promotion clause with a comment saying so.",
    before: "rules\n  promotion zone 3",
    after: "rules\n  promotion zone 3\n  promotion forced-when-stuck",
    check,
};

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let v = cx.variant;
    let top = v.board.rect_rows.1;
    for (i, piece) in v.pieces.iter().enumerate() {
        let ty = PieceType(i as u8);
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
            .find(|c| !can_leave(&v.board, &piece.expansion, *c) && !forced_to_promote(v, ty, *c));
        if let Some(square) = stuck {
            let help = if piece.promotions.is_empty() {
                "the piece never promotes: give it a way back, or a promotion"
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

fn forced_to_promote(v: &Variant, piece: PieceType, at: Coord) -> bool {
    let rules = &v.rules.promotion;
    if v.piece(piece).promotions.is_empty() || !rules.zone.contains(&at) {
        return false;
    }
    let from_top = v.board.rect_rows.1.saturating_sub(at.y);
    matches!(
        rules.kind,
        PromotionKind::Mandatory | PromotionKind::Automatic
    ) || rules.forced_when_stuck
        || rules
            .forced
            .iter()
            .any(|f| f.pieces.contains(&piece) && from_top < f.last_ranks)
}
