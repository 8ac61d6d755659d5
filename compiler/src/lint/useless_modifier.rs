//! L009 `useless-modifier`: modifier letters that do not change the move.

use koma_grammar::xbetza::{Move, Prefix};

use super::analysis::{betza_moves, expand_text, path_set};
use super::{Context, Lint};
use crate::diagnostic::{Diagnostic, Location, Suggestion};
use crate::ir::LintLevel;

pub const LINT: Lint = Lint {
    code: "L009",
    name: "useless-modifier",
    default: LintLevel::Warn,
    summary: "an XBetza modifier has no effect",
    explanation: "Removing the modifier leaves exactly the same moves: `mcW` is `W` (move-or-capture is the \
default), `fbsW` names all four directions of `W`. A modifier that does nothing often stands where a \
different one was meant.",
    before: "  R \"Rook\" mcR",
    after: "  R \"Rook\" R",
    check,
};

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let board = &cx.variant.board;
    for piece in &cx.variant.pieces {
        for m in betza_moves(board, piece) {
            let Move::Simple(s) = &m.ast else { continue };
            let letters: Vec<(char, usize, usize)> = s
                .prefix
                .iter()
                .filter_map(|p| match p {
                    Prefix::Letter { letter, span } => Some((*letter, span.start, span.end)),
                    Prefix::Group { .. } => None,
                })
                .collect();
            if letters.len() != s.prefix.len() || letters.is_empty() || m.expansion.paths.is_empty()
            {
                continue;
            }
            let original = path_set(&m.expansion);
            let base = m.location.start - s.span.start;
            let bare = &m.text[s.atom.span.start - s.span.start..];
            let multi_leg = letters.iter().any(|(c, _, _)| *c == 'a');
            if !multi_leg && expand_text(board, bare).is_some_and(|e| path_set(&e) == original) {
                let prefix = &m.text[..m.text.len() - bare.len()];
                let location = Location {
                    file: m.location.file,
                    start: m.location.start,
                    end: m.location.start + prefix.len(),
                };
                out.push(
                    Diagnostic::warning(
                        "",
                        format!("modifiers `{prefix}` have no effect in `{}`", m.text),
                        location,
                        "these letters change nothing",
                    )
                    .with_help(format!("write `{bare}`"))
                    .with_suggestion(Suggestion {
                        location,
                        replacement: String::new(),
                        message: format!("remove `{prefix}`"),
                    }),
                );
                continue;
            }
            let last_a = letters.iter().rposition(|(c, _, _)| *c == 'a');
            for (i, &(letter, start, end)) in letters.iter().enumerate() {
                // An explicit `m` on a non-final leg is the usual spelling (`mafsW`), not noise.
                if letter == 'm' && last_a.is_some_and(|a| i < a) {
                    continue;
                }
                let rel = (start - s.span.start, end - s.span.start);
                let without = format!("{}{}", &m.text[..rel.0], &m.text[rel.1..]);
                let same = !without.is_empty()
                    && expand_text(board, &without).is_some_and(|e| path_set(&e) == original);
                if same {
                    let location = Location {
                        file: m.location.file,
                        start: base + start,
                        end: base + end,
                    };
                    out.push(
                        Diagnostic::warning(
                            "",
                            format!("modifier `{letter}` has no effect in `{}`", m.text),
                            location,
                            "this letter changes nothing",
                        )
                        .with_help(format!("write `{without}`"))
                        .with_suggestion(Suggestion {
                            location,
                            replacement: String::new(),
                            message: format!("remove `{letter}`"),
                        }),
                    );
                    break;
                }
            }
        }
    }
}
