//! L034 `to-hand-demotes-setup-piece`: `captures to-hand` puts a captured piece in hand as the
//! piece that promotes to it, and that type also starts the game on the board. koma demotes
//! every captured piece of a promotion type; Fairy-Stockfish (and Loop chess, Crazyhouse)
//! demote only the pieces that promoted, so a port of such a game silently differs.

use koma_runtime::spec::PieceType;

use super::{Context, Lint};
use crate::diagnostic::Diagnostic;
use crate::ir::LintLevel;

pub const LINT: Lint = Lint {
    code: "L034",
    name: "to-hand-demotes-setup-piece",
    default: LintLevel::Warn,
    summary: "`captures to-hand` demotes a captured piece whose type also starts on the board",
    explanation: "With `captures to-hand`, a captured piece joins the capturer's hand in its base form: \
the piece that promotes to its type, followed back to the start of the promotion chain. When that type \
also starts the game on the board (a Queen that Pawns promote to), every captured one is demoted, the \
original as well as the promoted one: a captured Queen becomes a Pawn in hand. Fairy-Stockfish, and \
the rules of Crazyhouse and Loop chess, demote only pieces that promoted. Give the promoted form a type \
of its own (`+Q \"Promoted Queen\" like Q`, as variants/crazyhouse.koma does) so that only it is demoted, or \
write `captures to-hand as-is` to keep every captured piece as it is.",
    before: "pieces\n  P \"Pawn\" fW promotes Q\n  Q \"Queen\" Q\n  K \"King\" K royal\nsetup mirror\n  \
K e1\n  Q d1\n  P a2-h2\nrules\n  captures to-hand",
    after: "pieces\n  P \"Pawn\" fW promotes +Q\n  Q \"Queen\" Q\n  +Q \"Promoted Queen\" like Q\n  K \"King\" K royal\n\
setup mirror\n  K e1\n  Q d1\n  P a2-h2\nrules\n  captures to-hand",
    check,
};

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let v = cx.variant;
    let Some(clause) = v.rules.clause("captures") else {
        return;
    };
    // Two-sided pieces (`promotion flip`) start either side up and go to hand as their base.
    let Some(setup) = v.setup.as_ref().filter(|_| !v.rules.promotion.flip) else {
        return;
    };
    for (t, hand) in v.rules.drops.to_hand.iter().enumerate() {
        let piece = PieceType(t as u16);
        let Some(base) = *hand else {
            continue;
        };
        if base == piece {
            continue;
        }
        let Some(placed) = setup.placements.iter().find(|p| p.piece == piece) else {
            continue;
        };
        let (id, base_id) = (&v.pieces[t].id, &v.pieces[usize::from(base.0)].id);
        out.push(
            Diagnostic::warning(
                "",
                format!(
                    "a captured `{id}` goes to hand as `{base_id}`, the piece that promotes to \
                     it, though `{id}` also starts on the board"
                ),
                clause.location,
                "captured pieces demoted",
            )
            .with_secondary(placed.location, format!("`{id}` starts here"))
            .with_help(format!(
                "promote into a type of its own (`+{id} \"...\" like {id}`) so that only \
                 promoted ones are demoted, or write `captures to-hand as-is`"
            )),
        );
    }
}
