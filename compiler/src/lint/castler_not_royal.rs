//! L031 `castler-not-royal`: a piece that castles but is not royal. koma bars every castling
//! out of, through or into attack; Fairy-Stockfish bars it only for a royal castler, so a port
//! of a game whose castler is a plain piece (a Commoner, under extinction rules) castles less.

use super::{Context, Lint};
use crate::diagnostic::Diagnostic;
use crate::ir::LintLevel;

pub const LINT: Lint = Lint {
    code: "L031",
    name: "castler-not-royal",
    default: LintLevel::Warn,
    summary: "a piece that is not royal castles, and may not castle out of, through or into attack",
    explanation: "koma bars castling out of, through or into attack for every castler, royal or not (the \
squares the castler stands on, crosses and reaches must not be attacked). Fairy-Stockfish bars it only \
for a royal castler: a game ported from it whose castler is a plain piece (a Commoner under extinction \
rules) castles in fewer positions in koma. Make the castler `royal` if it is the game's king; otherwise \
the two programs' move counts differ wherever an enemy attacks those squares.",
    before: "board 8 x 8\npieces\n  K \"Commoner\" KisO2\n  R \"Rook\" R",
    after: "board 8 x 8\npieces\n  K \"King\" KisO2 royal\n  R \"Rook\" R",
    check,
};

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    for piece in &cx.variant.pieces {
        // `castling safe royal-only` already gives Fairy-Stockfish's reading.
        let differs = !cx.variant.rules.castling_safe_royal_only;
        if differs && piece.royal.is_none() && !piece.expansion.castling.is_empty() {
            out.push(
                Diagnostic::warning(
                    "",
                    format!(
                        "`{}` castles but is not royal: it may not castle out of, through or \
                         into attack",
                        piece.id
                    ),
                    piece.betza_location,
                    "castling here",
                )
                .with_help(
                    "make it `royal` if it is the game's king, or write `castling safe \
                     royal-only` for Fairy-Stockfish's reading (a castler that is not royal may \
                     castle through attack)",
                ),
            );
        }
    }
}
