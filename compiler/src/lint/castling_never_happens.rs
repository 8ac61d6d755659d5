//! L032 `castling-never-happens`: a castling move of a piece in the start position that can
//! never be played, because the board has no partner square for it or no piece of the
//! castler's side starts there (Omega Chess's `KisO2`, whose rank ends in a Champion behind a
//! wizard square's corner).

use koma_runtime::geometry::Geometry;
use koma_runtime::spec::{CastlingSpec, Player};
use koma_runtime::tables::castling;

use super::{Context, Lint};
use crate::diagnostic::Diagnostic;
use crate::ir::LintLevel;

pub const LINT: Lint = Lint {
    code: "L032",
    name: "castling-never-happens",
    default: LintLevel::Warn,
    summary: "a castling move of a piece in the start position can never be played",
    explanation: "XBetza `O` castles with the piece at the edge of the rank (`j`: next to it). Where the \
grid's edge is no square (a board with squares outside the rectangle, like Omega Chess's wizard squares), \
or no piece of the castler's side starts on the partner square, or there is no room between them, that \
castling never happens, silently. Name the partners with `castling with IDS` (the outermost such piece \
on the castler's rank castles), or use `j` when the partner stands next to the corner.",
    before: "board 10 x 8\npieces\n  K \"King\" KisO2 royal\n  R \"Rook\" R\nsetup mirror\n  R  b1 i1\n  K  f1",
    after: "board 10 x 8\npieces\n  K \"King\" KisO2 royal\n  R \"Rook\" R\nsetup mirror\n  R  b1 i1\n  K  f1\nrules\n  castling with R",
    check,
};

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let v = cx.variant;
    let Some(setup) = &v.setup else { return };
    // Under `castling to` the partner is any partner piece on the rank, wherever it stands.
    if v.pieces.iter().all(|p| p.expansion.castling.is_empty()) || v.rules.castling_to.is_some() {
        return;
    }
    // The runtime decides where a castling goes; ask it on the emitted tables' geometry.
    let spec = crate::emit::emit(v);
    let geo = Geometry::new(&spec.board);
    let placements = setup
        .placements
        .iter()
        .filter(|p| p.player == Player::First);
    for placement in placements {
        let piece = &v.pieces[usize::from(placement.piece.0)];
        let Some(from) = geo.square_at(placement.at) else {
            continue;
        };
        for &c in &piece.expansion.castling {
            let partner =
                castling(&geo, &spec, from, Player::First, c).map(|castle| castle.partner);
            let starts_there = partner.is_some_and(|sq| {
                let at = geo.coord(sq);
                setup
                    .placements
                    .iter()
                    .any(|p| p.at == at && p.player == Player::First)
            });
            if starts_there {
                continue;
            }
            let reason = match partner {
                None => "the board has no partner square for it".to_string(),
                Some(sq) => format!(
                    "no piece of its side starts on `{}`, its partner square",
                    v.board.square_name(geo.coord(sq))
                ),
            };
            out.push(
                Diagnostic::warning(
                    "",
                    format!(
                        "`{}` on `{}` never castles {}: {reason}",
                        piece.id,
                        v.board.square_name(placement.at),
                        side(c)
                    ),
                    placement.location,
                    "starts here",
                )
                .with_secondary(piece.betza_location, "castling here")
                .with_help(
                    "name its partners with `castling with IDS` (e.g. `castling with R`), or \
                     write `j` on `O` for a partner next to the corner",
                ),
            );
        }
    }
}

fn side(c: CastlingSpec) -> &'static str {
    if c.direction < 0 {
        "towards file `a`"
    } else {
        "towards the last file"
    }
}
