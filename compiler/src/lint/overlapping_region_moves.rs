//! L027 `overlapping-region-moves`: two `in REGION` options of a piece whose regions share
//! squares (there, only the first applies).

use super::{Context, Lint};
use crate::diagnostic::Diagnostic;
use crate::ir::LintLevel;

pub const LINT: Lint = Lint {
    code: "L027",
    name: "overlapping-region-moves",
    default: LintLevel::Warn,
    summary: "two `in REGION` options of one piece cover the same squares",
    explanation: "On a square, a piece has the moves of its first `in` option whose region holds the \
square, or its own moves when none does. When two of its `in` regions overlap, the second option \
never applies on the shared squares: split the regions so that each square has one meaning.",
    before: "board 9 x 10\n  region across a6-i10\n  region far a9-i10\n\npieces\n  P  \"Soldier\"  fW  in across fsW  in far sW",
    after: "board 9 x 10\n  region across a6-i8\n  region far a9-i10\n\npieces\n  P  \"Soldier\"  fW  in across fsW  in far sW",
    check,
};

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let v = cx.variant;
    for piece in &v.pieces {
        for (k, later) in piece.in_regions.iter().enumerate() {
            if !cx.is_own(later.location) {
                continue;
            }
            let Some(earlier) = piece.in_regions[..k].iter().find(|e| {
                let (a, b) = (
                    v.board.regions.get(usize::from(e.region)),
                    v.board.regions.get(usize::from(later.region)),
                );
                a.zip(b)
                    .is_some_and(|(a, b)| a.squares.iter().any(|s| b.squares.contains(s)))
            }) else {
                continue;
            };
            let name = |i: u8| {
                v.board
                    .regions
                    .get(usize::from(i))
                    .map_or("", |r| r.name.as_str())
            };
            out.push(
                Diagnostic::warning(
                    "",
                    format!(
                        "`{}` has moves in `{}` and in `{}`, which share squares",
                        piece.id,
                        name(earlier.region),
                        name(later.region)
                    ),
                    later.location,
                    "never applies where the regions overlap",
                )
                .with_secondary(earlier.location, "this option wins there")
                .with_help("split the regions so that each square has one set of moves"),
            );
        }
    }
}
