//! L012 `range-beyond-board`: a range longer than any line of the board.

use koma_grammar::xbetza::{AtomLetter, Move, Range};

use super::analysis::betza_moves;
use super::{Context, Lint};
use crate::diagnostic::{Diagnostic, Location, Suggestion};
use crate::ir::LintLevel;

pub const LINT: Lint = Lint {
    code: "L012",
    name: "range-beyond-board",
    default: LintLevel::Warn,
    summary: "a range is longer than the board",
    explanation: "No line of the board has that many squares, so the range limits nothing: `R20` on a \
16x16 board is `R`. Write the unlimited form, or the range that was meant.",
    before: "board 8 x 8\npieces\n  R \"Rook\" R9",
    after: "board 8 x 8\npieces\n  R \"Rook\" R",
    check,
};

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let board = &cx.variant.board;
    let longest = board.width.max(board.height);
    for piece in &cx.variant.pieces {
        for m in betza_moves(board, piece) {
            let Move::Simple(s) = &m.ast else { continue };
            let Some((Range::Steps(n), span)) = s.suffix.range else {
                continue;
            };
            if n == 0 || n < longest {
                continue;
            }
            let base = m.location.span.start - s.span.start;
            let location = Location::new(m.location.file, span.shift(base));
            let replacement =
                if matches!(s.atom.letter, AtomLetter::R | AtomLetter::B | AtomLetter::Q) {
                    ""
                } else {
                    "0"
                };
            out.push(
                Diagnostic::warning(
                    "",
                    format!(
                        "range {n} is longer than the {}x{} board",
                        board.width, board.height
                    ),
                    location,
                    "this limits nothing",
                )
                .with_help("write the unlimited form")
                .with_suggestion(Suggestion {
                    location,
                    replacement: replacement.to_string(),
                    message: "make the range unlimited".to_string(),
                }),
            );
        }
    }
}
