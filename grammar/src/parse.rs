//! Parsing a file: the `file` rule of `koma.pest` gives the whole tree; its lines become AST items,
//! and each `bad_line` is diagnosed on its own with the rule its section and first word select, so
//! one bad line never hides the errors of the next.

use pest::Parser as _;
use pest::error::{ErrorVariant, InputLocation};
use pest::iterators::Pair;

use crate::ast::{self, Attribute, Side};
use crate::error::{ParseError, ParseErrorKind};
use crate::expected::{expected_keywords, expected_list, usage};
use crate::span::{Span, Spanned};
use crate::syntax::{KomaParser, Rule};
use crate::tree::SyntaxTree;

/// The result of parsing one file: the AST of every line that parsed, every syntax error, and
/// the lossless tree of the whole text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Parsed {
    pub file: ast::File,
    pub errors: Vec<ParseError>,
    /// The lossless tree: every line with its tokens, comment and layout.
    pub tree: SyntaxTree,
}

/// Parses a whole `.koma` file. Never fails: lines with errors are left out of the tree and
/// reported in [`Parsed::errors`].
///
/// ```
/// let parsed = koma_grammar::parse("variant \"Tiny\"\nboard 3 x 3\n");
/// assert!(parsed.errors.is_empty());
/// assert_eq!(parsed.file.boards[0].files.value, 3);
/// ```
pub fn parse(text: &str) -> Parsed {
    let mut parser = LineParser::default();
    // A byte-order mark is no content; spans keep counting from the file's first byte.
    let body = text.strip_prefix('\u{feff}').unwrap_or(text);
    let bom = text.len() - body.len();
    // Every line of the grammar ends with a newline: give the last line one.
    let padded;
    let body = if body.is_empty() || body.ends_with('\n') {
        body
    } else {
        padded = format!("{body}\n");
        padded.as_str()
    };
    let tree = match KomaParser::parse(Rule::file, body) {
        Ok(mut pairs) => {
            let file = pairs.next();
            let tree = file
                .as_ref()
                .map(|f| SyntaxTree::build(text, bom, f.clone()))
                .unwrap_or_default();
            if let Some(file) = file {
                parser.file_pair(file, body, bom);
            }
            tree
        }
        // `bad_line` matches any line, so the file rule cannot fail; should it ever, every line
        // is diagnosed on its own.
        Err(_) => {
            let mut offset = bom;
            for raw in body.split('\n') {
                let line = raw.strip_suffix('\r').unwrap_or(raw);
                parser.offset = offset;
                parser.line(line);
                offset += raw.len() + 1;
            }
            SyntaxTree::default()
        }
    };
    parser.finish();
    Parsed {
        file: parser.file,
        errors: parser.errors,
        tree,
    }
}

/// Metadata keywords, allowed anywhere.
const METADATA: &[(&str, Rule)] = &[
    ("variant", Rule::variant_line),
    ("inventor", Rule::inventor_line),
    ("year", Rule::year_line),
    ("source", Rule::source_line),
    ("extends", Rule::extends_line),
];

/// Section keywords.
pub const SECTIONS: &[&str] = &["board", "pieces", "setup", "rules"];

/// Keywords of the `board` section's item lines.
const BOARD_ITEMS: &[(&str, Rule)] = &[
    ("ranks", Rule::ranks_line),
    ("extra", Rule::extra_line),
    ("holes", Rule::holes_line),
    ("vanishing", Rule::vanishing_line),
    ("region", Rule::region_line),
    ("square", Rule::square_line),
];

/// Every rules clause keyword with its line rule.
const CLAUSES: &[(&str, Rule)] = &[
    ("promotion", Rule::promotion_line),
    ("royal", Rule::royal_line),
    ("win", Rule::win_line),
    ("check", Rule::check_line),
    ("burn", Rule::burn_line),
    ("freeze", Rule::freeze_line),
    ("anti-trade", Rule::anti_trade_line),
    ("jump-rank", Rule::jump_rank_line),
    ("pass", Rule::pass_line),
    ("stalemate", Rule::stalemate_line),
    ("draw", Rule::draw_line),
    ("bare-royal", Rule::bare_royal_line),
    ("perpetual-check", Rule::perpetual_line),
    ("captures", Rule::captures_line),
    ("drop", Rule::drop_line),
    ("facing-royals", Rule::facing_royals_line),
    ("repeat", Rule::repeat_line),
    ("perpetual-attack", Rule::perpetual_attack_line),
    ("counting", Rule::counting_line),
    ("castling", Rule::castling_line),
    ("goal", Rule::goal_line),
    ("weight", Rule::weight_line),
    ("no-pieces", Rule::no_pieces_line),
    ("explode", Rule::explode_line),
    ("repetition", Rule::repetition_line),
    ("extinction", Rule::extinction_line),
    ("tiebreak", Rule::tiebreak_line),
    ("checkmate", Rule::checkmate_line),
    ("wall", Rule::wall_line),
    ("remove", Rule::remove_clause_line),
    ("gating", Rule::gating_line),
    ("flip", Rule::flip_line),
    ("petrify", Rule::petrify_line),
    ("first-move", Rule::first_move_line),
];

/// The keywords that may start a rules clause, for "did you mean" suggestions.
pub fn clause_keywords() -> impl Iterator<Item = &'static str> {
    CLAUSES.iter().map(|(k, _)| *k).filter(|k| *k != "remove")
}

fn lookup(table: &[(&'static str, Rule)], word: &str) -> Option<Rule> {
    table.iter().find(|(k, _)| *k == word).map(|(_, r)| *r)
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Section {
    #[default]
    Head,
    Board,
    Pieces,
    Setup,
    Rules,
}

#[derive(Debug, Default)]
pub(crate) struct LineParser {
    pub(crate) file: ast::File,
    pub(crate) errors: Vec<ParseError>,
    /// Byte offset of the current line in the file.
    pub(crate) offset: usize,
    section: Section,
    /// Whether the current section's header parsed (items of a broken header are dropped).
    header_ok: bool,
    /// Attribute lines waiting for the item they apply to.
    pending: Vec<Attribute>,
    /// The `first`/`second` block the setup section is in.
    pub(crate) side: Option<Spanned<Side>>,
}

impl LineParser {
    /// Builds the AST from the tree of the `file` rule; `bom` is the length of a byte-order mark
    /// before `body`, which the tree's positions do not count.
    fn file_pair(&mut self, file: Pair<'_, Rule>, body: &str, bom: usize) {
        for part in file.into_inner() {
            match part.as_rule() {
                Rule::head
                | Rule::board_section
                | Rule::pieces_section
                | Rule::setup_section
                | Rule::rules_section => {
                    for line in part.into_inner() {
                        self.offset = bom;
                        self.tree_line(line, body, bom);
                    }
                }
                _ => {}
            }
        }
    }

    /// One line of the tree: an item is built, a bad line diagnosed.
    fn tree_line(&mut self, line: Pair<'_, Rule>, body: &str, bom: usize) {
        let outer = line.as_rule();
        if outer == Rule::bad_line {
            let span = line.as_span();
            let text = &body[span.start()..span.end()];
            let text = text.strip_suffix('\n').unwrap_or(text);
            let text = text.strip_suffix('\r').unwrap_or(text);
            self.offset = bom + span.start();
            self.line(text);
            return;
        }
        let Some(inner) = line
            .into_inner()
            .find(|p| !matches!(p.as_rule(), Rule::COMMENT | Rule::EOI))
        else {
            return;
        };
        let rule = inner.as_rule();
        match outer {
            Rule::attribute_item => {
                let attribute = self.attribute(inner);
                self.pending.push(attribute);
            }
            Rule::metadata_item => {
                self.file_attributes();
                let keyword = self.keyword_span(&inner);
                self.metadata(inner, keyword);
            }
            Rule::board_header | Rule::pieces_header | Rule::setup_header | Rule::rules_header => {
                self.file_attributes();
                let section = match rule {
                    Rule::board_line => Section::Board,
                    Rule::pieces_line => Section::Pieces,
                    Rule::setup_line => Section::Setup,
                    _ => Section::Rules,
                };
                self.enter_section(section, inner);
            }
            Rule::board_item => self.board_item(inner),
            Rule::pieces_item if rule == Rule::remove_line => self.remove(inner),
            Rule::pieces_item => self.piece(inner),
            Rule::setup_item if rule == Rule::side_line => self.side(inner),
            Rule::setup_item if rule == Rule::hand_line => self.hand(inner),
            Rule::setup_item if rule == Rule::shuffle_line => self.shuffle(inner),
            Rule::setup_item if rule == Rule::to_move_line => self.side_to_move(inner),
            Rule::setup_item => self.placement(inner),
            Rule::rules_item => {
                let keyword = self.keyword_span(&inner);
                let word = inner.as_str()[..keyword.len()].to_string();
                self.clause(inner, Spanned::new(word, keyword));
            }
            _ => {}
        }
    }

    /// The span of the first word of a line's item (where `line()` would cut it).
    fn keyword_span(&self, pair: &Pair<'_, Rule>) -> Span {
        let text = pair.as_str();
        let len = text
            .find(|c: char| c.is_whitespace() || c == '"' || c == '#')
            .unwrap_or(text.len());
        let start = self.offset + pair.as_span().start();
        Span::new(start, start + len)
    }

    /// Diagnoses one line the grammar could not place (or, should it parse after all, builds it).
    fn line(&mut self, line: &str) {
        // The line rules start at the first word: indentation moves the offset.
        let indent = line.len() - line.trim_start_matches([' ', '\t']).len();
        let line = &line[indent..];
        self.offset += indent;
        let trimmed = line.trim_start();
        if trimmed.is_empty() {
            return;
        }
        if trimmed.starts_with("#[") {
            if let Some(pair) = self.run(Rule::attribute_line, line) {
                let attribute = self.attribute(pair);
                self.pending.push(attribute);
            }
            return;
        }
        if trimmed.starts_with('#') {
            return;
        }
        let indent = line.len() - trimmed.len();
        let word_len = trimmed
            .find(|c: char| c.is_whitespace() || c == '"' || c == '#')
            .unwrap_or(trimmed.len());
        let word = &trimmed[..word_len];
        let word_span = Span::new(self.offset + indent, self.offset + indent + word_len);
        if let Some(rule) = lookup(METADATA, word) {
            self.file_attributes();
            if let Some(pair) = self.run(rule, line) {
                self.metadata(pair, word_span);
            }
            return;
        }
        if SECTIONS.contains(&word) {
            self.file_attributes();
            self.header(word, line);
            return;
        }
        match self.section {
            Section::Head => {
                self.unknown_line(word, word_span, "a metadata line or a section", &[])
            }
            Section::Board => self.board_line(word, word_span, line),
            Section::Pieces => self.pieces_line(word, word_span, line),
            Section::Setup => self.setup_line(word, word_span, line),
            Section::Rules => self.rules_line(word, word_span, line),
        }
    }

    /// A line of the `board` section, starting with `word`.
    fn board_line(&mut self, word: &str, word_span: Span, line: &str) {
        match lookup(BOARD_ITEMS, word) {
            Some(rule) => {
                if let Some(pair) = self.run(rule, line) {
                    self.board_item(pair);
                }
            }
            None => {
                let allowed = ["ranks", "extra", "holes", "vanishing", "region", "square"];
                self.unknown_line(
                    word,
                    word_span,
                    "a board line (`ranks`, `extra`, `holes`, `vanishing`, `region`)",
                    &allowed,
                )
            }
        }
    }

    /// A line of a `pieces` section: a piece or `remove`.
    fn pieces_line(&mut self, word: &str, word_span: Span, line: &str) {
        if word == "remove" {
            if let Some(pair) = self.run(Rule::remove_line, line) {
                self.remove(pair);
            }
        } else if starts_piece_id(word) {
            match self.run(Rule::piece_line, line) {
                Some(pair) => self.piece(pair),
                None => {
                    self.misspelt_like(line);
                    self.file.broken_pieces.push(word.to_string());
                }
            }
        } else {
            self.unknown_line(word, word_span, "a piece line or `remove`", &["remove"]);
        }
    }

    /// A line of the `setup` section: a side block, a hand or a placement.
    fn setup_line(&mut self, word: &str, word_span: Span, line: &str) {
        if word == "first" || word == "second" {
            if let Some(pair) = self.run(Rule::side_line, line) {
                self.side(pair);
            }
        } else if word == "hand" {
            if let Some(pair) = self.run(Rule::hand_line, line) {
                self.hand(pair);
            }
        } else if word == "shuffle" {
            if let Some(pair) = self.run(Rule::shuffle_line, line) {
                self.shuffle(pair);
            }
        } else if word == "to-move" {
            if let Some(pair) = self.run(Rule::to_move_line, line) {
                self.side_to_move(pair);
            }
        } else if starts_piece_id(word) {
            if let Some(pair) = self.run(Rule::placement_line, line) {
                self.placement(pair);
            }
        } else {
            self.unknown_line(
                word,
                word_span,
                "a piece ID, `hand`, `shuffle`, `to-move` or `first`/`second`",
                &["first", "second", "hand", "shuffle", "to-move"],
            );
        }
    }

    /// A line of a `rules` section: a clause.
    fn rules_line(&mut self, word: &str, word_span: Span, line: &str) {
        match lookup(CLAUSES, word) {
            Some(rule) => {
                if let Some(pair) = self.run(rule, line) {
                    self.clause(pair, Spanned::new(word.to_string(), word_span));
                }
            }
            None => {
                let span = self.line_span(line);
                self.unknown_clause(word, word_span, span);
            }
        }
    }

    fn header(&mut self, word: &str, line: &str) {
        let (section, rule) = match word {
            "board" => (Section::Board, Rule::board_line),
            "pieces" => (Section::Pieces, Rule::pieces_line),
            "setup" => (Section::Setup, Rule::setup_line),
            _ => (Section::Rules, Rule::rules_line),
        };
        self.section = section;
        self.side = None;
        self.header_ok = false;
        let Some(pair) = self.run(rule, line) else {
            self.file.broken_sections.push(word.to_string());
            return;
        };
        self.enter_section(section, pair);
    }

    /// A section header that parsed: its items follow.
    fn enter_section(&mut self, section: Section, pair: Pair<'_, Rule>) {
        self.section = section;
        self.side = None;
        self.header_ok = true;
        let span = self.span(&pair);
        match section {
            Section::Board => self.board_header(pair),
            Section::Pieces => self.file.pieces_sections.push(span),
            Section::Setup => self.setup_header(pair),
            _ => self.file.rules_sections.push(span),
        }
    }

    /// Whether items of the current section can be attached (its header parsed).
    pub(crate) fn header_ok(&self) -> bool {
        self.header_ok
    }

    /// Attributes before a metadata or section line apply to the whole file.
    fn file_attributes(&mut self) {
        let pending = std::mem::take(&mut self.pending);
        self.file.attributes.extend(pending);
    }

    /// The attributes for the item on this line.
    pub(crate) fn take_attributes(&mut self) -> Vec<Attribute> {
        std::mem::take(&mut self.pending)
    }

    fn finish(&mut self) {
        for attribute in std::mem::take(&mut self.pending) {
            self.errors.push(
                ParseError::new(
                    ParseErrorKind::DanglingAttribute,
                    "attribute is not followed by an item".to_string(),
                    attribute.span,
                    "nothing follows this attribute",
                )
                .with_help("put the attribute on the line right before the piece, placement or clause it applies to"),
            );
        }
    }

    /// A piece line that failed as `ID "Name" WORD ID` (`lik G`): the word was meant as `like`
    /// rather than as moves, so the error is about it, and the compiler suggests `like`.
    fn misspelt_like(&mut self, line: &str) {
        let Some(close) = line.match_indices('"').nth(1).map(|(i, _)| i + 1) else {
            return;
        };
        let rest = &line[close..];
        let words: Vec<&str> = rest
            .split('#')
            .next()
            .unwrap_or("")
            .split_whitespace()
            .collect();
        let [misspelt, id] = words[..] else {
            return;
        };
        // XBetza atoms are upper case: a word of lowercase letters alone is never moves.
        if misspelt == "like"
            || !starts_piece_id(id)
            || !misspelt.chars().all(|c| c.is_ascii_lowercase())
        {
            return;
        }
        let Some(error) = self.errors.last_mut() else {
            return;
        };
        let start = self.offset + close + rest.find(misspelt).unwrap_or(0);
        error.span = Span::new(start, start + misspelt.len());
        error.message = format!("`{misspelt} {id}` is neither moves nor `like {id}`");
        error.label = "expected moves or `like`".to_string();
        error.found = Some(misspelt.to_string());
        error.candidates = vec!["like"];
    }

    fn unknown_line(&mut self, word: &str, span: Span, expected: &str, allowed: &[&'static str]) {
        // `board:` or `boards`: a section header gone wrong, so the section is not "missing".
        if let Some(section) = SECTIONS.iter().find(|s| word.starts_with(**s)) {
            self.file.broken_sections.push(section.to_string());
        }
        let mut candidates: Vec<&'static str> = allowed.to_vec();
        candidates.extend(SECTIONS);
        candidates.extend(METADATA.iter().map(|(k, _)| *k));
        let help = if lookup(CLAUSES, word).is_some() {
            format!("`{word}` is a rules clause: put it after a `rules` line")
        } else if lookup(BOARD_ITEMS, word).is_some() {
            format!("`{word}` belongs to the `board` section")
        } else if starts_piece_id(word) {
            "piece lines belong in a `pieces` section, placements in a `setup` section".to_string()
        } else {
            format!("expected {expected} here")
        };
        let mut error = ParseError::new(
            ParseErrorKind::UnknownKeyword,
            format!("expected {expected}, found `{}`", clip(word)),
            span,
            "unexpected word",
        )
        .with_help(help);
        error.found = Some(word.to_string());
        error.candidates = candidates;
        self.errors.push(error);
    }

    fn unknown_clause(&mut self, word: &str, word_span: Span, line_span: Span) {
        if starts_piece_id(word) {
            let error = ParseError::new(
                ParseErrorKind::UnknownKeyword,
                format!("expected a rules clause, found `{}`", clip(word)),
                word_span,
                "a rules clause starts with a keyword",
            )
            .with_help("piece lines belong in the `pieces` section");
            self.errors.push(error);
            return;
        }
        let attributes = self.take_attributes();
        self.file.clauses.push(ast::Clause {
            attributes,
            span: line_span,
            keyword: Spanned::new(word.to_string(), word_span),
            kind: ast::ClauseKind::Unknown,
        });
    }

    /// Parses `line` with `rule`, reporting a syntax error when it does not match.
    fn run<'i>(&mut self, rule: Rule, line: &'i str) -> Option<Pair<'i, Rule>> {
        match KomaParser::parse(rule, line) {
            Ok(mut pairs) => pairs.next(),
            Err(error) => {
                let error = self.syntax_error(rule, &error, line);
                self.errors.push(error);
                None
            }
        }
    }

    fn syntax_error(&self, rule: Rule, error: &pest::error::Error<Rule>, line: &str) -> ParseError {
        let pos = match error.location {
            InputLocation::Pos(p) => p,
            InputLocation::Span((start, _)) => start,
        };
        let positives: &[Rule] = match &error.variant {
            ErrorVariant::ParsingError { positives, .. } => positives,
            ErrorVariant::CustomError { .. } => &[],
        };
        let (found, span) = found_at(line, pos);
        let span = span.shift(self.offset);
        let (message, label) = match expected_list(positives) {
            Some(expected) => (
                format!("expected {expected}, found {found}"),
                format!("expected {expected}"),
            ),
            None => (format!("unexpected {found}"), "unexpected here".to_string()),
        };
        let mut error = ParseError::new(ParseErrorKind::Syntax, message, span, label);
        // A misspelt keyword: let the compiler suggest the nearest expected one.
        let token = found.trim_matches('`');
        if found.starts_with('`') && token.chars().all(|c| c.is_ascii_lowercase() || c == '-') {
            error.found = Some(token.to_string());
            error.candidates = expected_keywords(positives);
        }
        if let Some(help) = usage(rule) {
            error = error.with_help(help);
        }
        error
    }

    /// The span of `pair`, ending at its last token: pest lets a list rule's span run over
    /// the whitespace and comment after its last item.
    pub(crate) fn span(&self, pair: &Pair<'_, Rule>) -> Span {
        let s = pair.as_span();
        let end = last_token_end(pair).unwrap_or(s.end());
        Span::new(self.offset + s.start(), self.offset + end)
    }

    /// The span of a whole line's item: from its first word to its last token, without the
    /// indentation and without a trailing comment.
    pub(crate) fn item_span(&self, pair: &Pair<'_, Rule>) -> Span {
        let text = pair.as_str();
        let start = pair.as_span().start() + (text.len() - text.trim_start().len());
        let end = last_token_end(pair).unwrap_or_else(|| {
            let code = text.split('#').next().unwrap_or(text);
            pair.as_span().start() + code.trim_end().len()
        });
        Span::new(self.offset + start, self.offset + end.max(start))
    }

    fn line_span(&self, line: &str) -> Span {
        let content = line.trim();
        let start = line.len() - line.trim_start().len();
        Span::new(self.offset + start, self.offset + start + content.len())
    }
}

/// Where the last token (innermost pair, `EOI` aside) under `pair` ends.
fn last_token_end(pair: &Pair<'_, Rule>) -> Option<usize> {
    pair.clone()
        .into_inner()
        .flatten()
        .filter(|p| {
            !matches!(p.as_rule(), Rule::EOI | Rule::COMMENT)
                && p.clone().into_inner().next().is_none()
        })
        .map(|p| p.as_span().end())
        .max()
}

/// Piece IDs start with a capital letter or `+`.
fn starts_piece_id(word: &str) -> bool {
    word.starts_with(|c: char| c.is_ascii_uppercase() || c == '+')
}

/// At most 30 characters of a word, for messages.
fn clip(word: &str) -> &str {
    match word.char_indices().nth(30) {
        Some((i, _)) => &word[..i],
        None => word,
    }
}

/// What stands at `pos` of `line` ("`token`" or "end of line") and its span within the line.
fn found_at(line: &str, pos: usize) -> (String, Span) {
    let pos = pos.min(line.len());
    let rest = &line[pos..];
    let skipped = rest.len() - rest.trim_start().len();
    let start = pos + skipped;
    let rest = &line[start..];
    if rest.is_empty() || rest.starts_with('#') {
        let end = line.trim_end().len().max(pos);
        return ("end of line".to_string(), Span::new(end, end));
    }
    let len = if let Some(body) = rest.strip_prefix('"') {
        body.find('"').map_or(rest.len(), |i| i + 2)
    } else {
        let first = rest.chars().next().map_or(1, char::len_utf8);
        rest.find(|c: char| c.is_whitespace() || c == ',')
            .unwrap_or(rest.len())
            .max(first)
    };
    let token = clip(&rest[..len]);
    (format!("`{token}`"), Span::new(start, start + token.len()))
}
