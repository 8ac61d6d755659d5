//! L007 `duplicate-move`: a move of an XBetza string that adds nothing to the others.

use std::collections::HashMap;

use super::analysis::{betza_moves, path_set};
use super::{Context, Lint};
use crate::diagnostic::{Diagnostic, Suggestion};
use crate::ir::LintLevel;

pub const LINT: Lint = Lint {
    code: "L007",
    name: "duplicate-move",
    default: LintLevel::Warn,
    summary: "an XBetza move is already contained in the rest of the string",
    explanation: "Every path of this move is produced by the other moves of the piece, so it changes \
nothing (`WfW`: `fW` is part of `W`; `KW`: `W` is part of `K`). It may hide a typo for a move that was meant.",
    before: "  G \"Gold\" WfWfF",
    after: "  G \"Gold\" WfF",
    check,
};

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    for piece in &cx.variant.pieces {
        let moves = betza_moves(&cx.variant.board, piece);
        let sets: Vec<_> = moves.iter().map(|m| path_set(&m.expansion)).collect();
        // How many moves still kept make each path: a move adds nothing when every one of its
        // paths is made by another kept move too (one pass, not a union of the others per move).
        let mut makers: HashMap<_, usize> = HashMap::new();
        for path in sets.iter().flatten() {
            *makers.entry(path).or_default() += 1;
        }
        for (m, set) in moves.iter().zip(&sets) {
            if set.is_empty() || set.iter().any(|p| makers[p] < 2) {
                continue;
            }
            for path in set {
                if let Some(n) = makers.get_mut(path) {
                    *n -= 1;
                }
            }
            out.push(
                Diagnostic::warning(
                    "",
                    format!("`{}` adds no move to `{}`", m.text, shortened(&piece.betza)),
                    m.location,
                    "every path of this move is already in the rest of the string",
                )
                .with_help("remove it")
                .with_suggestion(Suggestion {
                    location: m.location,
                    replacement: String::new(),
                    message: format!("remove `{}`", m.text),
                }),
            );
        }
    }
}

/// A long XBetza string cut to its start: the message of each of its many moves would
/// otherwise repeat it whole (quadratic output).
fn shortened(betza: &str) -> String {
    const SHOWN: usize = 40;
    match betza.char_indices().nth(SHOWN) {
        Some((cut, _)) => format!("{}...", &betza[..cut]),
        None => betza.to_string(),
    }
}
