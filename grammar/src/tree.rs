//! The lossless syntax tree: every line of a file, in order and in its section, with its tokens,
//! indentation, trailing comment and newline. With the source text it gives back every byte, so the
//! formatter and the editor server work on exactly what the user wrote.

use pest::iterators::Pair;

use crate::span::Span;
use crate::syntax::Rule;

/// A whole file as sections of lines. The sections' lines, in order, cover the text after the
/// byte-order mark ([`SyntaxTree::bom`]) without gap or overlap.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SyntaxTree {
    /// A byte-order mark before the first line (empty span when there is none).
    pub bom: Span,
    /// The head (lines before the first section header), then each section in source order.
    pub sections: Vec<SectionNode>,
}

/// The head of a file or one section: its header line first (for a section), then its lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SectionNode {
    pub kind: SectionKind,
    pub span: Span,
    pub lines: Vec<Line>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SectionKind {
    /// The lines before the first section header.
    Head,
    Board,
    Pieces,
    Setup,
    Rules,
}

impl SectionKind {
    /// The keyword of the section's header line (`None` for the head).
    pub fn keyword(self) -> Option<&'static str> {
        match self {
            SectionKind::Head => None,
            SectionKind::Board => Some("board"),
            SectionKind::Pieces => Some("pieces"),
            SectionKind::Setup => Some("setup"),
            SectionKind::Rules => Some("rules"),
        }
    }
}

/// One line: indentation, tokens, an optional trailing comment, and its newline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub kind: LineKind,
    /// The whole line, newline included.
    pub span: Span,
    /// Leading spaces and tabs.
    pub indent: Span,
    /// The code, in order; empty for blank and comment lines.
    pub tokens: Vec<Token>,
    /// The comment that ends the line (for a comment line: the whole comment).
    pub comment: Option<Span>,
    /// `\n` or `\r\n`; empty on a last line without one.
    pub newline: Span,
}

/// What a line holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LineKind {
    /// Nothing but whitespace.
    Blank,
    /// Only a comment.
    Comment,
    /// `#[allow(...)]` and its kin.
    Attribute,
    /// `variant`, `inventor`, `year`, `source`, `extends`.
    Metadata,
    /// A section header (`board 9 x 9`, `pieces`, ...).
    Header,
    /// An item of its section: a board line, piece, removal, placement, side or clause.
    Item,
    /// A line no rule matches: it has a syntax error and one `Error` token.
    Error,
}

/// One token of code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Token {
    pub kind: TokenKind,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TokenKind {
    /// A word of the language (`board`, `promotes`, `when protected`, ...).
    Keyword,
    /// Punctuation (`#[`, `(`, `..`, `-`, `,`, `>`, ...).
    Punct,
    PieceId,
    /// A quoted string, quotes included.
    String,
    Number,
    Square,
    /// An XBetza move string.
    Betza,
    /// A lint code in an attribute.
    LintCode,
    /// The text of a line that does not parse.
    Error,
}

impl SyntaxTree {
    /// Builds the tree from the `file` pair; `bom` is the length of the byte-order mark the
    /// pairs' positions do not count.
    pub(crate) fn build(text: &str, bom: usize, file: Pair<'_, Rule>) -> SyntaxTree {
        let mut tree = SyntaxTree {
            bom: Span::new(0, bom),
            sections: Vec::new(),
        };
        for part in file.into_inner() {
            let kind = match part.as_rule() {
                Rule::head => SectionKind::Head,
                Rule::board_section => SectionKind::Board,
                Rule::pieces_section => SectionKind::Pieces,
                Rule::setup_section => SectionKind::Setup,
                Rule::rules_section => SectionKind::Rules,
                _ => continue,
            };
            let s = part.as_span();
            let span = Span::new(bom + s.start(), (bom + s.end()).min(text.len()));
            let lines = part.into_inner().map(|l| line(text, bom, l)).collect();
            tree.sections.push(SectionNode { kind, span, lines });
        }
        tree
    }

    /// Every line of the file, in order.
    pub fn lines(&self) -> impl Iterator<Item = &Line> {
        self.sections.iter().flat_map(|s| s.lines.iter())
    }

    /// The token whose span holds `offset` (its end included, so a cursor right after a word
    /// finds it), with its line.
    pub fn token_at(&self, offset: usize) -> Option<(&Line, &Token)> {
        self.lines()
            .filter(|l| l.span.start <= offset && offset <= l.span.end)
            .find_map(|l| {
                l.tokens
                    .iter()
                    .find(|t| t.span.start <= offset && offset <= t.span.end)
                    .map(|t| (l, t))
            })
    }
}

fn line(text: &str, bom: usize, pair: Pair<'_, Rule>) -> Line {
    // The parser gave a last line without newline one: the span stops at the text's end.
    let s = pair.as_span();
    let span = Span::new(bom + s.start(), (bom + s.end()).min(text.len()));
    let raw = &text[span.start..span.end];
    let newline_len = if raw.ends_with("\r\n") {
        2
    } else {
        usize::from(raw.ends_with('\n'))
    };
    let newline = Span::new(span.end - newline_len, span.end);
    let indent_len = raw.len() - raw.trim_start_matches([' ', '\t']).len();
    let indent = Span::new(
        span.start,
        span.start + indent_len.min(newline.start - span.start),
    );
    let kind = match pair.as_rule() {
        Rule::blank_line => LineKind::Blank,
        Rule::comment_line => LineKind::Comment,
        Rule::attribute_item => LineKind::Attribute,
        Rule::metadata_item => LineKind::Metadata,
        Rule::board_header | Rule::pieces_header | Rule::setup_header | Rule::rules_header => {
            LineKind::Header
        }
        Rule::bad_line => LineKind::Error,
        _ => LineKind::Item,
    };
    let mut walk = Walk {
        text,
        bom,
        tokens: Vec::new(),
        comment: None,
    };
    let end = newline.start - bom;
    let mut pos = indent.end - bom;
    for child in pair.into_inner() {
        let c = child.as_span();
        walk.gap(pos, c.start());
        walk.pair(child);
        pos = c.end().max(pos);
    }
    walk.gap(pos, end);
    Line {
        kind,
        span,
        indent,
        tokens: walk.tokens,
        comment: walk.comment,
        newline,
    }
}

struct Walk<'t> {
    text: &'t str,
    bom: usize,
    tokens: Vec<Token>,
    comment: Option<Span>,
}

impl Walk<'_> {
    fn span(&self, start: usize, end: usize) -> Span {
        Span::new(self.bom + start, self.bom + end)
    }

    fn pair(&mut self, pair: Pair<'_, Rule>) {
        let s = pair.as_span();
        let span = self.span(s.start(), s.end());
        let leaf = match pair.as_rule() {
            Rule::EOI => return,
            Rule::piece_id => Some(TokenKind::PieceId),
            Rule::string => Some(TokenKind::String),
            Rule::number | Rule::dimension | Rule::points => Some(TokenKind::Number),
            Rule::square => Some(TokenKind::Square),
            Rule::betza | Rule::region_betza => Some(TokenKind::Betza),
            Rule::lint_code => Some(TokenKind::LintCode),
            Rule::bad_text => Some(TokenKind::Error),
            _ => None,
        };
        if let Some(kind) = leaf {
            self.tokens.push(Token { kind, span });
            return;
        }
        let mut pos = s.start();
        let mut inner = pair.into_inner().peekable();
        if inner.peek().is_none() {
            self.gap(s.start(), s.end());
            return;
        }
        for child in inner {
            let c = child.as_span();
            self.gap(pos, c.start());
            self.pair(child);
            pos = c.end().max(pos);
        }
        self.gap(pos, s.end());
    }

    /// Text between pairs: keywords and punctuation written as literals in the grammar, and
    /// the comment (comments are silent in the grammar) that ends the line.
    fn gap(&mut self, start: usize, end: usize) {
        let end = (self.bom + end).min(self.text.len());
        let base = self.bom + start;
        if base >= end || self.comment.is_some() {
            return;
        }
        let text = &self.text[base..end];
        let mut run_start = None;
        for (i, c) in text
            .char_indices()
            .chain(std::iter::once((text.len(), ' ')))
        {
            let blank = matches!(c, ' ' | '\t' | '\r' | '\n');
            match (blank, run_start) {
                (false, None) => {
                    // `#[` opens an attribute line; any other `#` a comment to the line's end.
                    let rest = &text[i..];
                    if c == '#' && !(rest.starts_with("#[") && self.tokens.is_empty()) {
                        let comment = rest.trim_end_matches(['\r', '\n']);
                        self.comment = Some(Span::new(base + i, base + i + comment.len()));
                        return;
                    }
                    run_start = Some(i);
                }
                (true, Some(from)) => {
                    let word = &text[from..i];
                    let kind = if word.starts_with(|c: char| c.is_ascii_alphabetic()) {
                        TokenKind::Keyword
                    } else {
                        TokenKind::Punct
                    };
                    self.tokens.push(Token {
                        kind,
                        span: Span::new(base + from, base + i),
                    });
                    run_start = None;
                }
                _ => {}
            }
        }
    }
}
