//! L033 `zone-counts-holes`: `promotion zone N` counts ranks of the board's rectangle, and one
//! of the ranks it counted is mostly holes (a 12x12 grid holed down to Omega Chess's shape
//! makes `promotion zone 1` the wizard squares' rank).

use super::{Context, Lint};
use crate::diagnostic::{Diagnostic, Location};
use crate::ir::LintLevel;

pub const LINT: Lint = Lint {
    code: "L033",
    name: "zone-counts-holes",
    default: LintLevel::Warn,
    summary: "`promotion zone N` counts a rank that is mostly holes",
    explanation: "A zone depth counts the ranks of the `board` rectangle from the far side, holes \
included. When the rectangle's far ranks are mostly holes (a board drawn as a larger rectangle with holes \
around the playing area), the zone is not the ranks a player sees as the last ones. List the zone's \
squares instead, or write the board as its playing rectangle with `extra` squares outside it.",
    before: "board 4 x 5\n  holes a5 b5 c5\nrules\n  promotion zone 1",
    after: "board 4 x 5\n  holes a5 b5 c5\nrules\n  promotion zone a4-d4 d5",
    check,
};

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let v = cx.variant;
    let zones = v.rules.clauses.iter().filter(|c| c.key == "promotion zone");
    for clause in zones {
        // Only a depth counts ranks; a square list says what it means.
        let text = cx.text(clause.location);
        let mut words = text.split_whitespace().skip(2).peekable();
        // `promotion zone second N` counts from the second player's far end, the bottom.
        let side = words.next_if(|w| *w == "first" || *w == "second");
        let near = side == Some("second");
        let written = side.map_or(String::new(), |s| format!("{s} "));
        let Some(depth) = words.next().and_then(|w| w.parse::<u8>().ok()) else {
            continue;
        };
        counted_ranks(cx, clause.location, depth, near, &written, out);
    }
}

/// Reports each rank a zone of `depth` ranks counts (from the bottom when `near`) where
/// fewer than half the rank's squares exist.
fn counted_ranks(
    cx: &Context<'_>,
    at: Location,
    depth: u8,
    near: bool,
    written: &str,
    out: &mut Vec<Diagnostic>,
) {
    let b = &cx.variant.board;
    let (low, top) = b.rect_rows;
    let rows = if near {
        low..=(low + depth).saturating_sub(1).min(top)
    } else {
        (top + 1).saturating_sub(depth)..=top
    };
    for y in rows {
        let real: Vec<String> = (b.rect_cols.0..=b.rect_cols.1)
            .map(|x| koma_runtime::spec::Coord { x, y })
            .filter(|c| b.contains(*c))
            .map(|c| b.square_name(c))
            .collect();
        if real.len() * 2 >= usize::from(b.files) {
            continue;
        }
        let rank = i32::from(b.first_rank) + i32::from(y);
        let squares = if real.is_empty() {
            "none".to_string()
        } else {
            real.join(", ")
        };
        out.push(
            Diagnostic::warning(
                "",
                format!(
                    "`promotion zone {written}{depth}` counts rank {rank}, where {} of {} squares exist ({squares})",
                    real.len(),
                    b.files
                ),
                at,
                "zone depth counted here",
            )
            .with_help("list the zone's squares (`promotion zone SQUARES`), or make the board the playing rectangle and add the outer squares with `extra`"),
        );
    }
}
