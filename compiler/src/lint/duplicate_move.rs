//! L007 `duplicate-move`: a move of an XBetza string that adds nothing to the others.

use std::collections::BTreeSet;

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
        let mut dropped = vec![false; moves.len()];
        for i in 0..moves.len() {
            if sets[i].is_empty() {
                continue;
            }
            let others: BTreeSet<_> = (0..moves.len())
                .filter(|&j| j != i && !dropped[j])
                .flat_map(|j| sets[j].iter().cloned())
                .collect();
            if sets[i].is_subset(&others) {
                dropped[i] = true;
                let m = &moves[i];
                out.push(
                    Diagnostic::warning(
                        "",
                        format!("`{}` adds no move to `{}`", m.text, piece.betza),
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
}
