//! L008 `non-canonical-betza`: XBetza spelled the long way (`WF` for `K`, `W0` for `R`).

use koma_grammar::xbetza::{AtomLetter, Move, Range, SimpleMove};

use super::analysis::{BetzaMove, betza_moves};
use super::{Context, Lint};
use crate::diagnostic::{Diagnostic, Location, Suggestion};
use crate::ir::LintLevel;

pub const LINT: Lint = Lint {
    code: "L008",
    name: "non-canonical-betza",
    default: LintLevel::Warn,
    summary: "an XBetza string has a shorter standard spelling",
    explanation: "`W` plus `F` is the King `K`, `R` plus `B` is the Queen `Q`, and an unlimited `W`, `F` or \
`K` rider is `R`, `B` or `Q`. The standard spelling is what readers of the Interactive Diagram expect.",
    before: "  K \"King\" WF royal",
    after: "  K \"King\" K royal",
    check,
};

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    for piece in &cx.variant.pieces {
        let moves = betza_moves(&cx.variant.board, piece);
        for m in &moves {
            if let Some(better) = unlimited_rider(m) {
                out.push(finding(&m.text, better, m.location));
            }
        }
        for (parts, whole) in [
            ((AtomLetter::W, AtomLetter::F), "K"),
            ((AtomLetter::R, AtomLetter::B), "Q"),
        ] {
            let a = moves.iter().position(|m| bare(m) == Some(parts.0));
            let b = moves.iter().position(|m| bare(m) == Some(parts.1));
            if let (Some(a), Some(b)) = (a, b) {
                let rest: String = moves
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| *i != a && *i != b)
                    .map(|(_, m)| m.text.as_str())
                    .collect();
                let whole_text = format!("{whole}{rest}");
                out.push(finding(&piece.betza, &whole_text, piece.betza_location));
            }
        }
    }
}

fn finding(text: &str, better: &str, location: Location) -> Diagnostic {
    Diagnostic::warning(
        "",
        format!("`{text}` is spelled `{better}` in standard XBetza"),
        location,
        "non-canonical spelling",
    )
    .with_help(format!("write `{better}`"))
    .with_suggestion(Suggestion {
        location,
        replacement: better.to_string(),
        message: format!("replace with `{better}`"),
    })
}

/// The atom of a move written with no modifier and no suffix.
fn bare(m: &BetzaMove) -> Option<AtomLetter> {
    match &m.ast {
        Move::Simple(s) if s.prefix.is_empty() && is_plain(s) && s.suffix.range.is_none() => {
            Some(s.atom.letter)
        }
        _ => None,
    }
}

fn is_plain(s: &SimpleMove) -> bool {
    s.suffix.doubled.is_none() && s.suffix.extenders.is_empty()
}

/// `W0`, `WW`, `F0`, `FF`, `K0` without modifiers: the named rider.
fn unlimited_rider(m: &BetzaMove) -> Option<&'static str> {
    let Move::Simple(s) = &m.ast else { return None };
    if !s.prefix.is_empty() || !s.suffix.extenders.is_empty() {
        return None;
    }
    let unlimited =
        s.suffix.doubled.is_some() || matches!(s.suffix.range, Some((Range::Steps(0), _)));
    match (unlimited, s.atom.letter) {
        (true, AtomLetter::W) => Some("R"),
        (true, AtomLetter::F) => Some("B"),
        (true, AtomLetter::K) => Some("Q"),
        _ => None,
    }
}
