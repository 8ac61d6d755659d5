//! The XBetza sub-grammar: parses one piece's move string into an AST with byte spans.
//!
//! The accepted syntax is docs/xbetza.md, "Shape of a move string": atoms (with `L`/`J` as the old letters
//! of `C`/`Z`), `X`/`Y` extenders, ranges (`R4`, `W0`, `W*`), doubled-letter riders (`NN`),
//! lowercase modifiers in any order, parenthesised groups `(paf)2`, and bracket notation
//! `[F?R]`. The meaning of the modifiers is the compiler's business; this module only checks
//! the shape and the atom letters.
//!
//! ```
//! use koma_grammar::xbetza::{parse, AtomLetter, Move};
//! let betza = parse("fmWfceF").unwrap();
//! assert_eq!(betza.moves.len(), 2);
//! let Move::Simple(first) = &betza.moves[0] else { panic!() };
//! assert_eq!(first.atom.letter, AtomLetter::W);
//! ```

use pest::Parser;
use pest::iterators::Pair;
use pest_derive::Parser;

#[derive(Parser)]
#[grammar = "xbetza.pest"]
struct XBetzaParser;

pub use crate::span::Span;

/// A whole move string: the union of its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Betza {
    pub moves: Vec<Move>,
}

/// One move of the string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Move {
    /// `modifiers atom suffix`, e.g. `fcafmF`, `B(paf)2cB`'s second move `(paf)2cB`.
    Simple(SimpleMove),
    /// Bracket notation: `[F?R]`, `[W-sR]`.
    Bracket(BracketMove),
}

impl Move {
    pub fn span(&self) -> Span {
        match self {
            Move::Simple(m) => m.span,
            Move::Bracket(m) => m.span,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SimpleMove {
    pub span: Span,
    /// The modifiers before the atom, groups included, in source order.
    pub prefix: Vec<Prefix>,
    pub atom: Atom,
    pub suffix: Suffix,
}

/// A modifier letter or a parenthesised group of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Prefix {
    Letter {
        letter: char,
        span: Span,
    },
    /// `(items)count`: the items repeated 0..=count times (`None` = unlimited).
    Group {
        items: Vec<Prefix>,
        count: Option<Count>,
        span: Span,
    },
}

/// The repetition count of a group, as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    pub value: u8,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Atom {
    pub letter: AtomLetter,
    /// The letter as written (`L` for a camel written the old way).
    pub written: char,
    pub span: Span,
}

/// The XBetza atoms; `L` and `J` are read as `C` and `Z`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AtomLetter {
    W,
    F,
    D,
    N,
    A,
    H,
    C,
    Z,
    G,
    K,
    Q,
    R,
    B,
    O,
    U,
    I,
}

impl AtomLetter {
    pub fn from_char(c: char) -> Option<AtomLetter> {
        use AtomLetter::*;
        Some(match c {
            'W' => W,
            'F' => F,
            'D' => D,
            'N' => N,
            'A' => A,
            'H' => H,
            'C' | 'L' => C,
            'Z' | 'J' => Z,
            'G' => G,
            'K' => K,
            'Q' => Q,
            'R' => R,
            'B' => B,
            'O' => O,
            'U' => U,
            'I' => I,
            _ => return None,
        })
    }

    /// `K Q R B` (already unlimited or compound) and the special atoms are never doubled.
    pub fn can_double(self) -> bool {
        !matches!(
            self,
            AtomLetter::K
                | AtomLetter::Q
                | AtomLetter::R
                | AtomLetter::B
                | AtomLetter::O
                | AtomLetter::U
                | AtomLetter::I
        )
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Suffix {
    /// The span of the second letter of a doubled rider (`NN`).
    pub doubled: Option<Span>,
    pub extenders: Vec<(Extender, Span)>,
    pub range: Option<(Range, Span)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Extender {
    /// `X`: adds 3 to the long coordinate.
    X,
    /// `Y`: adds 2 to both coordinates (to the long one of diagonal atoms).
    Y,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Range {
    /// Up to this many steps; 0 = unlimited.
    Steps(u8),
    /// Written with a leading zero and two digits (`W03`): "exactly n" in an old reference.
    Exact(u8),
    /// `*`: up to the last rank of the mover's own half (pawn push).
    HalfBoard,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BracketMove {
    pub span: Span,
    pub legs: Vec<SimpleMove>,
    /// `joins[i]` sits between `legs[i]` and `legs[i + 1]`.
    pub joins: Vec<(Join, Span)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Join {
    /// `-`: the move must go on.
    Must,
    /// `?`: the move may stop here or go on.
    May,
}

/// A syntax error in an XBetza string (the compiler turns it into a diagnostic located in the
/// file, through its `BetzaProblem`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct BetzaSyntaxError {
    /// Stable code (`E03xx`).
    pub code: &'static str,
    pub message: String,
    /// Byte range within the XBetza text.
    pub span: Span,
    pub help: Option<String>,
}

impl BetzaSyntaxError {
    fn new(code: &'static str, message: impl Into<String>, span: Span, help: Option<&str>) -> Self {
        BetzaSyntaxError {
            code,
            message: message.into(),
            span,
            help: help.map(str::to_string),
        }
    }
}

/// The move string of a piece that never moves.
pub const NO_MOVES: &str = "-";

/// Parses an XBetza move string. Every unknown atom letter is reported; a structural error
/// (stray character, unbalanced group, modifiers without an atom) stops the parse.
pub fn parse(text: &str) -> Result<Betza, Vec<BetzaSyntaxError>> {
    // `-`: a piece without moves (Reversi's Discs, tic-tac-toe's Stones).
    if text == NO_MOVES {
        return Ok(Betza { moves: Vec::new() });
    }
    if let Some(error) = check_shape(text) {
        return Err(vec![error]);
    }
    let mut pairs = match XBetzaParser::parse(Rule::betza, text) {
        Ok(pairs) => pairs,
        Err(error) => return Err(vec![explain_pest_error(text, &error)]),
    };
    let mut errors = Vec::new();
    let mut moves = Vec::new();
    if let Some(top) = pairs.next() {
        for pair in top.into_inner() {
            match pair.as_rule() {
                Rule::simple => moves.push(Move::Simple(simple(pair, &mut errors))),
                Rule::bracket => moves.push(Move::Bracket(bracket(pair, &mut errors))),
                _ => {}
            }
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(Betza {
        moves: merge_doubled(moves),
    })
}

fn span_of(pair: &Pair<'_, Rule>) -> Span {
    Span::new(pair.as_span().start(), pair.as_span().end())
}

fn simple(pair: Pair<'_, Rule>, errors: &mut Vec<BetzaSyntaxError>) -> SimpleMove {
    let span = span_of(&pair);
    let mut prefix = Vec::new();
    let mut atom = None;
    let mut suffix = Suffix::default();
    for inner in pair.into_inner() {
        match inner.as_rule() {
            Rule::modifier | Rule::group => prefix.push(prefix_item(inner)),
            Rule::atom => atom = Some(atom_of(&inner, errors)),
            Rule::extender => {
                let ext = if inner.as_str() == "X" {
                    Extender::X
                } else {
                    Extender::Y
                };
                suffix.extenders.push((ext, span_of(&inner)));
            }
            Rule::range => suffix.range = Some((range_of(inner.as_str()), span_of(&inner))),
            _ => {}
        }
    }
    let atom = atom.unwrap_or(Atom {
        letter: AtomLetter::W,
        written: 'W',
        span,
    });
    SimpleMove {
        span,
        prefix,
        atom,
        suffix,
    }
}

fn prefix_item(pair: Pair<'_, Rule>) -> Prefix {
    let span = span_of(&pair);
    if pair.as_rule() == Rule::modifier {
        let letter = pair.as_str().chars().next().unwrap_or('?');
        return Prefix::Letter { letter, span };
    }
    let mut items = Vec::new();
    let mut count = None;
    for inner in pair.into_inner() {
        match inner.as_rule() {
            Rule::count => {
                let value = inner.as_str().parse::<u8>().unwrap_or(u8::MAX);
                count = Some(Count {
                    value,
                    span: span_of(&inner),
                });
            }
            _ => items.push(prefix_item(inner)),
        }
    }
    Prefix::Group { items, count, span }
}

fn atom_of(pair: &Pair<'_, Rule>, errors: &mut Vec<BetzaSyntaxError>) -> Atom {
    let span = span_of(pair);
    let written = pair.as_str().chars().next().unwrap_or('?');
    let letter = AtomLetter::from_char(written).unwrap_or_else(|| {
        errors.push(unknown_atom(written, span));
        AtomLetter::W
    });
    Atom {
        letter,
        written,
        span,
    }
}

fn unknown_atom(c: char, span: Span) -> BetzaSyntaxError {
    if c == 'X' || c == 'Y' {
        return BetzaSyntaxError::new(
            "E0303",
            format!("`{c}` is an extender, not an atom"),
            span,
            Some("write it right after an atom, e.g. `WX` for the (0,4) leaper"),
        );
    }
    BetzaSyntaxError::new(
        "E0303",
        format!("unknown atom `{c}`"),
        span,
        Some("atoms are W F D N A H C Z G K Q R B O U I (L and J are old names of C and Z)"),
    )
}

fn range_of(text: &str) -> Range {
    if text == "*" {
        return Range::HalfBoard;
    }
    let value = text.parse::<u8>().unwrap_or(0);
    if text.len() == 2 && text.starts_with('0') {
        Range::Exact(value)
    } else {
        Range::Steps(value)
    }
}

fn bracket(pair: Pair<'_, Rule>, errors: &mut Vec<BetzaSyntaxError>) -> BracketMove {
    let span = span_of(&pair);
    let mut legs = Vec::new();
    let mut joins = Vec::new();
    for inner in pair.into_inner() {
        match inner.as_rule() {
            Rule::simple => legs.push(simple(inner, errors)),
            Rule::join => {
                let join = if inner.as_str() == "-" {
                    Join::Must
                } else {
                    Join::May
                };
                joins.push((join, span_of(&inner)));
            }
            _ => {}
        }
    }
    BracketMove { span, legs, joins }
}

/// `NN`: a bare repetition of the previous atom doubles it into an unlimited rider.
fn merge_doubled(moves: Vec<Move>) -> Vec<Move> {
    let mut out: Vec<Move> = Vec::with_capacity(moves.len());
    for m in moves {
        if let (Some(Move::Simple(prev)), Move::Simple(next)) = (out.last_mut(), &m) {
            let bare_next = next.prefix.is_empty() && next.suffix == Suffix::default();
            let plain_prev = prev.suffix == Suffix::default();
            if bare_next
                && plain_prev
                && prev.atom.written == next.atom.written
                && prev.atom.letter.can_double()
                && prev.span.end == next.span.start
            {
                prev.suffix.doubled = Some(next.atom.span);
                prev.span = prev.span.to(next.span);
                continue;
            }
        }
        out.push(m);
    }
    out
}

/// Catches the structural mistakes with the most helpful message before pest sees the text.
// long: one scan, one arm per kind of character, each with its own message.
fn check_shape(text: &str) -> Option<BetzaSyntaxError> {
    let mut open_groups: Vec<usize> = Vec::new();
    let mut open_bracket: Option<usize> = None;
    for (i, c) in text.char_indices() {
        let here = Span::new(i, i + c.len_utf8());
        match c {
            'a'..='z' | 'A'..='Z' | '0'..='9' | '*' => {}
            '(' => open_groups.push(i),
            ')' => {
                if open_groups.pop().is_none() {
                    return Some(BetzaSyntaxError::new(
                        "E0304",
                        "unmatched `)`",
                        here,
                        Some("remove it or open the group with `(`"),
                    ));
                }
            }
            '[' => {
                if open_bracket.is_some() {
                    return Some(BetzaSyntaxError::new(
                        "E0305",
                        "brackets cannot nest",
                        here,
                        None,
                    ));
                }
                open_bracket = Some(i);
            }
            ']' => {
                if open_bracket.take().is_none() {
                    return Some(BetzaSyntaxError::new(
                        "E0305",
                        "unmatched `]`",
                        here,
                        Some("bracket notation looks like `[F?R]`"),
                    ));
                }
            }
            '-' | '?' if open_bracket.is_some() => {}
            '-' | '?' => {
                return Some(BetzaSyntaxError::new(
                    "E0305",
                    format!("`{c}` joins legs only inside bracket notation"),
                    here,
                    Some("bracket notation looks like `[F?R]` or `[F-B]`"),
                ));
            }
            c if c.is_whitespace() => {
                return Some(BetzaSyntaxError::new(
                    "E0301",
                    "XBetza cannot contain spaces",
                    here,
                    Some("write the moves without spaces"),
                ));
            }
            c => {
                return Some(BetzaSyntaxError::new(
                    "E0301",
                    format!("unexpected character `{c}`"),
                    here,
                    None,
                ));
            }
        }
    }
    if let Some(&i) = open_groups.last() {
        return Some(BetzaSyntaxError::new(
            "E0304",
            "unclosed `(`",
            Span::new(i, i + 1),
            Some("close the group with `)`, e.g. `(paf)2`"),
        ));
    }
    if let Some(i) = open_bracket {
        return Some(BetzaSyntaxError::new(
            "E0305",
            "unclosed `[`",
            Span::new(i, i + 1),
            Some("close the bracket with `]`"),
        ));
    }
    None
}

/// Turns a pest failure into a message about the character it stopped at.
// long: a table, one arm per character pest can stop at, each with its own message.
fn explain_pest_error(text: &str, error: &pest::error::Error<Rule>) -> BetzaSyntaxError {
    let pos = match error.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    };
    let pos = pos.min(text.len());
    let next = text[pos..].chars().next();
    let here = Span::new(pos, pos + next.map_or(0, char::len_utf8));
    let tail_start = text[..pos]
        .rfind(|c: char| !c.is_ascii_lowercase() && c != '(' && c != ')')
        .map_or(0, |i| i + 1);
    match next {
        None | Some(']' | ')' | '-' | '?')
            if text[tail_start..pos]
                .chars()
                .any(|c| c.is_ascii_lowercase()) =>
        {
            let span = Span::new(tail_start, pos);
            BetzaSyntaxError::new(
                "E0302",
                format!(
                    "modifiers `{}` are not followed by an atom",
                    &text[tail_start..pos]
                ),
                span,
                Some("modifiers go before the atom they change, e.g. `fmW`"),
            )
        }
        Some(c) if c.is_ascii_uppercase() && inside_group(text, pos) => BetzaSyntaxError::new(
            "E0304",
            "a group holds only modifiers",
            here,
            Some("the atom goes after the group, e.g. `B(paf)2cB`"),
        ),
        Some(c) if c.is_ascii_digit() => {
            let after_count_or_range = text[..pos].ends_with(|c: char| c.is_ascii_digit());
            let message = if after_count_or_range {
                "a range or count has at most two digits"
            } else {
                "a range must follow an atom or a group"
            };
            BetzaSyntaxError::new(
                "E0306",
                message,
                here,
                Some("write the range right after the atom, e.g. `R4`"),
            )
        }
        Some('*') => BetzaSyntaxError::new(
            "E0306",
            "`*` must follow an atom",
            here,
            Some("`fmW*` is a pawn push up to the middle of the board"),
        ),
        Some(']') => BetzaSyntaxError::new(
            "E0305",
            "bracket notation needs an atom before `]`",
            here,
            None,
        ),
        Some('-' | '?') => BetzaSyntaxError::new(
            "E0305",
            "a join must sit between two legs",
            here,
            Some("e.g. `[F?R]`"),
        ),
        Some('[') => BetzaSyntaxError::new(
            "E0305",
            "bracket notation must start a move",
            here,
            Some("put the modifiers inside the brackets, e.g. `[mF?R]`"),
        ),
        Some(')') => {
            BetzaSyntaxError::new("E0304", "a group needs modifiers before `)`", here, None)
        }
        None => BetzaSyntaxError::new(
            "E0302",
            "the move string ends before an atom",
            here,
            Some("every move ends with an atom letter"),
        ),
        Some(c) => BetzaSyntaxError::new("E0301", format!("unexpected `{c}`"), here, None),
    }
}

/// Whether byte `pos` lies inside an open parenthesised group.
fn inside_group(text: &str, pos: usize) -> bool {
    let depth = text[..pos].chars().fold(0i32, |d, c| match c {
        '(' => d + 1,
        ')' => d - 1,
        _ => d,
    });
    depth > 0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn simple_moves(text: &str) -> Vec<SimpleMove> {
        parse(text)
            .expect("parses")
            .moves
            .into_iter()
            .filter_map(|m| {
                if let Move::Simple(s) = m {
                    Some(s)
                } else {
                    None
                }
            })
            .collect()
    }

    #[test]
    fn compound_moves_split_at_atoms() {
        let moves = simple_moves("KNADcaKmcabK");
        let atoms: Vec<char> = moves.iter().map(|m| m.atom.written).collect();
        assert_eq!(atoms, vec!['K', 'N', 'A', 'D', 'K', 'K']);
        assert_eq!(moves[4].span, Span::new(4, 7));
    }

    #[test]
    fn doubled_riders_merge_but_kqrb_do_not() {
        let moves = simple_moves("NNfAARR");
        assert_eq!(moves.len(), 4);
        assert!(moves[0].suffix.doubled.is_some());
        assert!(moves[1].suffix.doubled.is_some());
        assert_eq!(moves[1].span, Span::new(2, 5));
        assert!(moves[2].suffix.doubled.is_none());
    }

    #[test]
    fn synonyms_extenders_and_ranges() {
        let moves = simple_moves("LJWXFXYQ3mfW*W03");
        assert_eq!(moves[0].atom.letter, AtomLetter::C);
        assert_eq!(moves[1].atom.letter, AtomLetter::Z);
        assert_eq!(moves[3].suffix.extenders.len(), 2);
        assert_eq!(moves[4].suffix.range.map(|r| r.0), Some(Range::Steps(3)));
        assert_eq!(moves[5].suffix.range.map(|r| r.0), Some(Range::HalfBoard));
        assert_eq!(moves[6].suffix.range.map(|r| r.0), Some(Range::Exact(3)));
    }

    #[test]
    fn groups_keep_their_counts() {
        let moves = simple_moves("shQshy(mpacab)2Q(a)K");
        let Prefix::Group { items, count, .. } = &moves[1].prefix[3] else {
            panic!("group expected")
        };
        assert_eq!(items.len(), 6);
        assert_eq!(count.map(|c| c.value), Some(2));
        let Prefix::Group { count, .. } = &moves[2].prefix[0] else {
            panic!("group expected")
        };
        assert_eq!(*count, None);
    }

    #[test]
    fn bracket_notation() {
        let betza = parse("[F?R][W-sR]").expect("parses");
        let Move::Bracket(b) = &betza.moves[1] else {
            panic!("bracket expected")
        };
        assert_eq!(b.legs.len(), 2);
        assert_eq!(b.joins[0].0, Join::Must);
        assert_eq!(b.legs[1].prefix.len(), 1);
    }

    #[test]
    fn errors_name_the_problem_and_place() {
        let cases = [
            ("fmWfc", "E0302", 3, 5),
            ("WEB", "E0303", 1, 2),
            ("B(paf2cB", "E0304", 1, 2),
            ("W)", "E0304", 1, 2),
            ("W B", "E0301", 1, 2),
            ("[F?R", "E0305", 0, 1),
            ("W123", "E0306", 3, 4),
            ("F-R", "E0305", 1, 2),
            ("XW", "E0303", 0, 1),
            ("(pafB)cB", "E0304", 4, 5),
        ];
        for (text, code, start, end) in cases {
            let errors = parse(text).expect_err(text);
            assert_eq!(
                (errors[0].code, errors[0].span),
                (code, Span::new(start, end)),
                "{text}: {}",
                errors[0].message
            );
        }
    }

    #[test]
    fn every_unknown_atom_is_reported() {
        let errors = parse("EWMS").expect_err("bad atoms");
        assert_eq!(errors.len(), 3);
    }
}
