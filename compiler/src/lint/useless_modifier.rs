//! L009 `useless-modifier`: modifier letters that do not change the move.

use koma_grammar::xbetza::{Move, Prefix};

use super::analysis::{betza_moves, expand_text, path_set};
use super::{Context, Lint};
use crate::diagnostic::{Diagnostic, Location, Span, Suggestion};
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
            let same = |text: &str| {
                !text.is_empty()
                    && expand_text(board, text).is_some_and(|e| path_set(&e) == original)
            };
            let base = m.location.span.start - s.span.start;
            let bare = &m.text[s.atom.span.start - s.span.start..];
            let multi_leg = letters.iter().any(|(c, _, _)| *c == 'a');
            if !multi_leg && same(bare) {
                let at = Location::new(
                    m.location.file,
                    Span::new(m.location.span.start, base + s.atom.span.start),
                );
                out.push(finding(
                    at,
                    &m.text[..m.text.len() - bare.len()],
                    &m.text,
                    bare,
                ));
                continue;
            }
            let last_a = letters.iter().rposition(|(c, _, _)| *c == 'a');
            for (i, &(letter, start, end)) in letters.iter().enumerate() {
                // An explicit `m` on a non-final leg is the usual spelling (`mafsW`), not noise.
                if letter == 'm' && last_a.is_some_and(|a| i < a) {
                    continue;
                }
                let without = format!(
                    "{}{}",
                    &m.text[..start - s.span.start],
                    &m.text[end - s.span.start..]
                );
                if same(&without) {
                    let at = Location::new(m.location.file, Span::new(base + start, base + end));
                    out.push(finding(at, &letter.to_string(), &m.text, &without));
                    break;
                }
            }
        }
    }
}

/// `useless` (one letter or a whole prefix) can be removed from `text`, leaving `better`.
fn finding(at: Location, useless: &str, text: &str, better: &str) -> Diagnostic {
    let (what, verb, label) = if useless.len() == 1 {
        ("modifier", "has", "this letter changes nothing")
    } else {
        ("modifiers", "have", "these letters change nothing")
    };
    let message = format!("{what} `{useless}` {verb} no effect in `{text}`");
    Diagnostic::warning("", message, at, label)
        .with_help(format!("write `{better}`"))
        .with_suggestion(Suggestion {
            location: at,
            replacement: String::new(),
            message: format!("remove `{useless}`"),
        })
}
