//! L036 `row-longer-than-board`: a `goal ... row N` that no line of the board can hold.

use koma_runtime::spec::RowGoal;

use super::{Context, Lint};
use crate::diagnostic::Diagnostic;
use crate::ir::{Board, LintLevel};

pub const LINT: Lint = Lint {
    code: "L036",
    name: "row-longer-than-board",
    default: LintLevel::Warn,
    summary: "a goal row is longer than every line it may run along",
    explanation: "`goal IDS row N` wins with N pieces on consecutive squares of a rank, file or \
diagonal. When no such line of the board has N squares in a row (holes break a line), the goal \
can never be reached. Shorten the row, or name the lines that are long enough.",
    before: "board 3 x 3\npieces\n  P \"Stone\" -\nsetup rotate\n  hand P P P\nrules\n  goal P row 4",
    after: "board 3 x 3\npieces\n  P \"Stone\" -\nsetup rotate\n  hand P P P\nrules\n  goal P row 3",
    check,
};

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let board = &cx.variant.board;
    for goal in &cx.variant.rules.goals {
        let Some(row) = goal.value.row else { continue };
        let longest = longest_line(board, row);
        if usize::from(row.length) > longest {
            out.push(
                Diagnostic::warning(
                    "",
                    format!(
                        "no line the row may run along has {} squares: the longest has {longest}",
                        row.length
                    ),
                    goal.location,
                    "goal here",
                )
                .with_help(format!(
                    "write `row {longest}` or less, or allow longer lines"
                )),
            );
        }
    }
}

/// The most consecutive real squares on one line of the directions `row` allows.
fn longest_line(board: &Board, row: RowGoal) -> usize {
    let (w, h) = (i32::from(board.width), i32::from(board.height));
    let real = |x: i32, y: i32| {
        (0..w).contains(&x)
            && (0..h).contains(&y)
            && board
                .real
                .get((y * w + x) as usize)
                .copied()
                .unwrap_or(false)
    };
    let steps = row.steps();
    let mut longest = 0;
    for (dx, dy) in steps {
        for y in 0..h {
            for x in 0..w {
                // Count only from the first square of a run.
                if !real(x, y) || real(x - dx, y - dy) {
                    continue;
                }
                let run = (0..).take_while(|&k| real(x + dx * k, y + dy * k)).count();
                longest = longest.max(run);
            }
        }
    }
    longest
}
