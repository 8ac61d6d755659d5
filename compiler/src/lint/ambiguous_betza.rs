//! L011 `ambiguous-betza`: XBetza whose meaning differs between implementations
//! (docs/xbetza.md, "Where sources disagree").

use koma_grammar::xbetza::{AtomLetter, Move, Prefix, Range, SimpleMove};

use super::analysis::betza_moves;
use super::{Context, Lint};
use crate::diagnostic::Diagnostic;
use crate::ir::LintLevel;

pub const LINT: Lint = Lint {
    code: "L011",
    name: "ambiguous-betza",
    default: LintLevel::Warn,
    summary: "an XBetza construct means different things in different programs",
    explanation: "koma follows the Interactive Diagram, but other programs read some constructs otherwise: \
lame oblique leaps (`nN`), continuation legs of orthogonal or diagonal atoms without a direction (`maW`), \
`fsK`, `fK`, `h` on `K`/`Q`, a hopper's range (`pR2`), doubled-letter riders (`NN`), `t`, parenthesised groups and bracket notation. \
A definition meant for other engines should spell the move unambiguously; if koma's reading is the one \
intended, allow the lint with a comment.",
    before: "  M \"Mao\" nN",
    after: "  M \"Mao\" afsW",
    check,
};

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    for piece in &cx.variant.pieces {
        for m in betza_moves(&cx.variant.board, piece) {
            let reasons = match &m.ast {
                Move::Simple(s) => reasons(s),
                Move::Bracket(_) => {
                    vec!["bracket notation is only partly implemented by the Interactive Diagram"]
                }
            };
            if let Some(first) = reasons.first() {
                let mut d = Diagnostic::warning(
                    "",
                    format!("`{}` is read differently by other programs", m.text),
                    m.location,
                    *first,
                );
                let rest: Vec<&str> = reasons[1..].to_vec();
                let help = if rest.is_empty() {
                    "spell the move unambiguously, or allow this lint with a comment".to_string()
                } else {
                    format!("also: {}", rest.join("; "))
                };
                d = d.with_help(help);
                out.push(d);
            }
        }
    }
}

fn reasons(s: &SimpleMove) -> Vec<&'static str> {
    use AtomLetter::*;
    let atom = s.atom.letter;
    let mut legs: Vec<Vec<char>> = vec![Vec::new()];
    let mut grouped = false;
    for p in &s.prefix {
        match p {
            Prefix::Letter { letter: 'a', .. } => legs.push(Vec::new()),
            Prefix::Letter { letter, .. } => legs.last_mut().map_or((), |l| l.push(*letter)),
            Prefix::Group { .. } => grouped = true,
        }
    }
    let has = |leg: &[char], c: char| leg.contains(&c);
    let mut out = Vec::new();
    if grouped {
        out.push("parenthesised groups are read only by the newest Interactive Diagram");
    }
    if matches!(atom, N | C | Z) && legs.iter().any(|l| has(l, 'n')) {
        out.push("lame oblique leaps differ: XBoard and Fairy-Stockfish block on the orthogonal neighbour only");
    }
    if matches!(atom, K | Q) && legs.iter().any(|l| has(l, 'h')) {
        out.push("XBoard ignores `h` on `K` and `Q`");
    }
    if matches!(atom, K | Q) && has(&legs[0], 'f') && has(&legs[0], 's') {
        out.push("Fairy-Stockfish reads `fs` on `K`/`Q` as forward plus sideways, not the forward diagonals");
    }
    let one_line =
        |l: &[char]| l.iter().any(|c| "fbv".contains(*c)) && !l.iter().any(|c| "slrh".contains(*c));
    if matches!(atom, K | Q) && one_line(&legs[0]) {
        out.push("Fairy-Stockfish reads `f`, `b` or `v` on `K`/`Q` with the diagonals (`fK`: three squares), koma as the orthogonal direction only");
    }
    let hops = legs.last().is_some_and(|l| has(l, 'p') || has(l, 'g'));
    if hops && matches!(s.suffix.range, Some((Range::Steps(n), _)) if n > 0) {
        out.push(
            "a hopper's range counts from the hurdle in koma, from the mover in Fairy-Stockfish",
        );
    }
    if s.suffix.doubled.is_some() {
        out.push("XBoard reads a doubled letter as two leapers, not a rider: write the range `0`");
    }
    if legs.iter().any(|l| has(l, 't')) {
        out.push("`t` means \"tame\" to XBoard, \"then\" to Betza, and nothing to the Interactive Diagram");
    }
    let four_fold = matches!(atom, W | F | D | A | H | G | R | B);
    let directionless = legs[1..]
        .iter()
        .any(|l| !l.iter().any(|c| "fblrvsh".contains(*c)));
    if !grouped && four_fold && directionless {
        out.push("a continuation leg without a direction turns 45 degrees too in the Interactive Diagram, not in XBoard");
    }
    out
}
