//! Building AST nodes from the pest pairs of one line.

use pest::iterators::Pair;

use crate::ast::*;
use crate::error::{ParseError, ParseErrorKind};
use crate::parse::LineParser;
use crate::span::{Span, Spanned};
use crate::syntax::Rule;

/// The meaningful children of a line pair (`EOI` and the trailing comment dropped).
fn children<'i>(pair: Pair<'i, Rule>) -> impl Iterator<Item = Pair<'i, Rule>> {
    pair.into_inner()
        .filter(|p| !matches!(p.as_rule(), Rule::EOI | Rule::COMMENT))
}

/// Sets a flag option, noting a repeat.
fn set_once(slot: &mut Option<Span>, span: Span, repeated: &mut Vec<Span>) {
    if slot.replace(span).is_some() {
        repeated.push(span);
    }
}

fn area_kind(text: &str) -> Area {
    match text {
        "diagonal" => Area::Diagonal,
        "orthogonal" => Area::Orthogonal,
        _ => Area::King,
    }
}

/// The options of a piece line, as read so far.
#[derive(Debug, Default)]
struct PieceOptions {
    promotes: Option<(Span, Vec<Spanned<String>>)>,
    promotes_by_side: Vec<(Spanned<Side>, Vec<Spanned<String>>)>,
    royal: Option<Span>,
    value: Option<Spanned<u32>>,
    confined: Option<Spanned<String>>,
    glyph: Option<Spanned<String>>,
    in_regions: Vec<InRegion>,
}

impl LineParser {
    fn text(&self, pair: &Pair<'_, Rule>) -> Spanned<String> {
        Spanned::new(pair.as_str().to_string(), self.span(pair))
    }

    /// A quoted string: the value without quotes, the span with them.
    fn string(&self, pair: Pair<'_, Rule>) -> Spanned<String> {
        let span = self.span(&pair);
        let text = pair
            .into_inner()
            .find(|p| p.as_rule() == Rule::string_text)
            .map_or("", |p| p.as_str());
        Spanned::new(text.to_string(), span)
    }

    fn number(&mut self, pair: &Pair<'_, Rule>) -> Option<Spanned<u32>> {
        let span = self.span(pair);
        match pair.as_str().trim().parse::<u32>() {
            Ok(n) => Some(Spanned::new(n, span)),
            Err(_) => {
                self.too_large(span);
                None
            }
        }
    }

    fn too_large(&mut self, span: Span) {
        self.errors.push(
            ParseError::new(
                ParseErrorKind::NumberTooLarge,
                "number is too large".to_string(),
                span,
                "too large",
            )
            .with_help("numbers in a variant file are at most a few hundred"),
        );
    }

    /// The IDs of a `piece_ids` pair (or of a single `piece_id`).
    fn piece_ids(&self, pair: Pair<'_, Rule>) -> Vec<Spanned<String>> {
        if pair.as_rule() == Rule::piece_id {
            return vec![self.text(&pair)];
        }
        pair.into_inner().map(|p| self.text(&p)).collect()
    }

    fn square(&mut self, pair: &Pair<'_, Rule>) -> Option<SquareName> {
        let span = self.span(pair);
        let text = pair.as_str();
        // Files run `a`..`z`, then `aa`, `ab`, ... (koma_runtime::geometry::file_name).
        let letters = text.bytes().take_while(u8::is_ascii_lowercase).count();
        let file = text
            .bytes()
            .take(letters)
            .fold(0u32, |n, b| n * 26 + u32::from(b - b'a') + 1)
            - 1;
        match (u8::try_from(file), text[letters..].parse::<u32>()) {
            (Ok(file), Ok(rank)) => Some(SquareName { file, rank, span }),
            _ => {
                self.too_large(span);
                None
            }
        }
    }

    fn square_list(&mut self, pair: Pair<'_, Rule>) -> Vec<SquareItem> {
        let mut items = Vec::new();
        for item in pair.into_inner() {
            let span = self.span(&item);
            let corners: Vec<Pair<'_, Rule>> = item.into_inner().collect();
            let squares: Vec<Option<SquareName>> = corners.iter().map(|c| self.square(c)).collect();
            match squares.as_slice() {
                [Some(one)] => items.push(SquareItem::Single(*one)),
                [Some(from), Some(to)] => items.push(SquareItem::Range {
                    from: *from,
                    to: *to,
                    span,
                }),
                _ => {}
            }
        }
        items
    }

    /// `square NAME = SQUARE + (FILES, RANKS)`.
    fn square_line(&mut self, pair: Pair<'_, Rule>) -> Option<BoardItemKind> {
        let children: Vec<Pair<'_, Rule>> = children(pair).collect();
        let squares: Vec<&Pair<'_, Rule>> = children
            .iter()
            .filter(|p| p.as_rule() == Rule::square)
            .collect();
        let [name, at] = squares.as_slice() else {
            return None;
        };
        let (name, at) = (self.square(name)?, self.square(at)?);
        let offset = match children.iter().find(|p| p.as_rule() == Rule::offset) {
            Some(offset) => {
                let span = self.span(offset);
                let numbers: Vec<i32> = offset
                    .clone()
                    .into_inner()
                    .filter(|p| p.as_rule() == Rule::signed)
                    .map(|p| p.as_str().trim().parse::<i32>())
                    .collect::<Result<_, _>>()
                    .map_err(|_| self.too_large(span))
                    .ok()?;
                let [dx, dy] = numbers.as_slice() else {
                    return None;
                };
                Spanned::new((*dx, *dy), span)
            }
            None => Spanned::new((0, 0), at.span),
        };
        Some(BoardItemKind::Square { name, at, offset })
    }

    pub(crate) fn attribute(&mut self, pair: Pair<'_, Rule>) -> Attribute {
        let span = self.item_span(&pair);
        let mut level = Spanned::new(LintLevel::Allow, span);
        let mut codes = Vec::new();
        let body = pair
            .into_inner()
            .find(|p| p.as_rule() == Rule::attribute_body);
        for child in body.into_iter().flat_map(children) {
            match child.as_rule() {
                Rule::attribute_level => {
                    let value = match child.as_str() {
                        "warn" => LintLevel::Warn,
                        "deny" => LintLevel::Deny,
                        _ => LintLevel::Allow,
                    };
                    level = Spanned::new(value, self.span(&child));
                }
                Rule::lint_code => codes.push(self.text(&child)),
                _ => {}
            }
        }
        Attribute { span, level, codes }
    }

    pub(crate) fn metadata(&mut self, pair: Pair<'_, Rule>, keyword: Span) {
        let span = self.item_span(&pair);
        let rule = pair.as_rule();
        let Some(arg) = children(pair).next() else {
            return;
        };
        let value = match rule {
            Rule::year_line => match self.number(&arg) {
                Some(n) => MetadataValue::Year(n),
                None => return,
            },
            Rule::variant_line => MetadataValue::Variant(self.string(arg)),
            Rule::inventor_line => MetadataValue::Inventor(self.string(arg)),
            Rule::source_line => MetadataValue::Source(self.string(arg)),
            _ => MetadataValue::Extends(self.string(arg)),
        };
        self.file.metadata.push(Metadata {
            span,
            keyword,
            value,
        });
    }

    pub(crate) fn board_header(&mut self, pair: Pair<'_, Rule>) {
        let span = self.item_span(&pair);
        let dims: Vec<Pair<'_, Rule>> = children(pair)
            .filter(|p| p.as_rule() == Rule::dimension)
            .collect();
        let [files, ranks] = dims.as_slice() else {
            return;
        };
        let (Some(files), Some(ranks)) = (self.number(files), self.number(ranks)) else {
            return;
        };
        self.file.boards.push(Board {
            span,
            files,
            ranks,
            items: Vec::new(),
        });
    }

    pub(crate) fn board_item(&mut self, pair: Pair<'_, Rule>) {
        let span = self.item_span(&pair);
        let rule = pair.as_rule();
        let kind = if rule == Rule::ranks_line {
            let numbers: Vec<Pair<'_, Rule>> = children(pair)
                .filter(|p| p.as_rule() == Rule::number)
                .collect();
            let [first, last] = numbers.as_slice() else {
                return;
            };
            let (Some(first), Some(last)) = (self.number(first), self.number(last)) else {
                return;
            };
            BoardItemKind::Ranks { first, last }
        } else if rule == Rule::square_line {
            let Some(kind) = self.square_line(pair) else {
                return;
            };
            kind
        } else if rule == Rule::region_line {
            let mut inner = children(pair).peekable();
            let Some(name) = inner.next() else {
                return;
            };
            let side = inner
                .next_if(|p| p.as_rule() == Rule::side)
                .map(|p| self.side_of(&p));
            let Some(list) = inner.next() else {
                return;
            };
            BoardItemKind::Region {
                name: self.text(&name),
                side,
                squares: self.square_list(list),
            }
        } else {
            let Some(list) = children(pair).next() else {
                return;
            };
            let squares = self.square_list(list);
            match rule {
                Rule::extra_line => BoardItemKind::Extra(squares),
                Rule::holes_line => BoardItemKind::Holes(squares),
                _ => BoardItemKind::Vanishing(squares),
            }
        };
        if self.header_ok()
            && let Some(board) = self.file.boards.last_mut()
        {
            board.items.push(BoardItem { span, kind });
        }
    }

    pub(crate) fn setup_header(&mut self, pair: Pair<'_, Rule>) {
        let span = self.item_span(&pair);
        let Some(sym) = children(pair).next() else {
            return;
        };
        let symmetry = match sym.as_str() {
            "mirror" => Symmetry::Mirror,
            "none" => Symmetry::None,
            _ => Symmetry::Rotate,
        };
        let symmetry = Spanned::new(symmetry, self.span(&sym));
        self.file.setups.push(Setup {
            span,
            symmetry,
            sides: Vec::new(),
            placements: Vec::new(),
            hands: Vec::new(),
            shuffles: Vec::new(),
            to_move: Vec::new(),
        });
    }

    pub(crate) fn side(&mut self, pair: Pair<'_, Rule>) {
        let Some(side) = children(pair).next() else {
            return;
        };
        let value = if side.as_str() == "second" {
            Side::Second
        } else {
            Side::First
        };
        let side = Spanned::new(value, self.span(&side));
        self.side = Some(side);
        if self.header_ok()
            && let Some(setup) = self.file.setups.last_mut()
        {
            setup.sides.push(side);
        }
    }

    pub(crate) fn placement(&mut self, pair: Pair<'_, Rule>) {
        let span = self.item_span(&pair);
        let mut inner = children(pair);
        let (Some(id), Some(list)) = (inner.next(), inner.next()) else {
            return;
        };
        let piece = self.text(&id);
        let squares = self.square_list(list);
        let attributes = self.take_attributes();
        let side = self.side;
        if self.header_ok()
            && let Some(setup) = self.file.setups.last_mut()
        {
            setup.placements.push(Placement {
                attributes,
                span,
                side,
                piece,
                squares,
            });
        }
    }

    pub(crate) fn shuffle(&mut self, pair: Pair<'_, Rule>) {
        let span = self.item_span(&pair);
        let mut squares = Vec::new();
        let mut groups = Vec::new();
        for p in children(pair) {
            match p.as_rule() {
                Rule::square_list => squares = self.square_list(p),
                Rule::shuffle_group => groups.push(self.shuffle_group(p)),
                _ => {}
            }
        }
        if self.header_ok()
            && let Some(setup) = self.file.setups.last_mut()
        {
            setup.shuffles.push(Shuffle {
                span,
                squares,
                groups,
            });
        }
    }

    fn shuffle_group(&mut self, pair: Pair<'_, Rule>) -> ShuffleGroup {
        let span = self.span(&pair);
        let mut pieces = Vec::new();
        let mut light = None;
        for p in children(pair) {
            match p.as_rule() {
                Rule::piece_id => pieces.push(self.text(&p)),
                _ => light = Some(p.as_str() == "light"),
            }
        }
        ShuffleGroup {
            span,
            pieces,
            light,
        }
    }

    /// `to-move first|second`.
    pub(crate) fn side_to_move(&mut self, pair: Pair<'_, Rule>) {
        let Some(side) = children(pair).next() else {
            return;
        };
        let side = self.side_of(&side);
        if self.header_ok()
            && let Some(setup) = self.file.setups.last_mut()
        {
            setup.to_move.push(side);
        }
    }

    pub(crate) fn hand(&mut self, pair: Pair<'_, Rule>) {
        let span = self.item_span(&pair);
        let Some(ids) = children(pair).next() else {
            return;
        };
        let pieces = self.piece_ids(ids);
        let side = self.side;
        if self.header_ok()
            && let Some(setup) = self.file.setups.last_mut()
        {
            setup.hands.push(Hand { span, side, pieces });
        }
    }

    fn repeat(&mut self, pair: Pair<'_, Rule>) -> ClauseKind {
        let mut outcome = Spanned::new(RepeatOutcome::Illegal, self.span(&pair));
        let mut exceptions = Vec::new();
        for p in children(pair) {
            let span = self.span(&p);
            match (p.as_rule(), p.as_str()) {
                (Rule::repeat_outcome, "loses") => {
                    outcome = Spanned::new(RepeatOutcome::Loses, span)
                }
                (Rule::repeat_outcome, _) => outcome = Spanned::new(RepeatOutcome::Illegal, span),
                (_, "except-evasion") => {
                    exceptions.push(Spanned::new(RepeatException::Evasion, span));
                }
                _ => exceptions.push(Spanned::new(RepeatException::NoNewAttack, span)),
            }
        }
        ClauseKind::Repeat {
            outcome,
            exceptions,
        }
    }

    /// `first-move IDS not-in-check` or `first-move IDS lost-when-aimed IDS`.
    fn first_move(&mut self, pair: Pair<'_, Rule>) -> Option<ClauseKind> {
        let mut inner = children(pair);
        let pieces = self.piece_ids(inner.next()?);
        let rule = inner.next()?;
        if rule.as_rule() == Rule::first_move_not_in_check {
            return Some(ClauseKind::FirstMoveNotInCheck(pieces));
        }
        let aimers = self.piece_ids(rule.into_inner().next()?);
        Some(ClauseKind::FirstMoveLostWhenAimed { pieces, aimers })
    }

    fn counting(&mut self, rule: Pair<'_, Rule>) -> Option<ClauseKind> {
        let kind = rule.as_rule();
        let mut inner = rule.into_inner();
        Some(match kind {
            Rule::counting_board => {
                let moves = self.number(&inner.next()?)?;
                let (mut up_to, mut unblocked) = (None, false);
                for p in inner {
                    match p.as_rule() {
                        Rule::board_up_to => up_to = self.number(&p.into_inner().next()?),
                        _ => unblocked = true,
                    }
                }
                ClauseKind::CountingBoard {
                    moves,
                    up_to,
                    unblocked,
                }
            }
            Rule::counting_without => ClauseKind::CountingWithout(self.piece_ids(inner.next()?)),
            Rule::counting_from_zero => ClauseKind::CountingFromZero,
            _ => {
                let mut entries = Vec::new();
                let mut default = None;
                for p in inner {
                    let span = self.span(&p);
                    let is_else = p.as_rule() == Rule::honour_else;
                    let mut parts = p.into_inner();
                    if is_else {
                        default = self.number(&parts.next()?);
                        continue;
                    }
                    let pieces = self.piece_ids(parts.next()?);
                    let moves = self.number(&parts.next()?)?;
                    entries.push(HonourEntry {
                        span,
                        pieces,
                        moves,
                    });
                }
                ClauseKind::CountingPieces { entries, default }
            }
        })
    }

    fn weight(&mut self, pair: Pair<'_, Rule>) -> Option<ClauseKind> {
        let mut parts = children(pair);
        let term = self.text(&parts.next()?);
        let number = parts.next()?;
        let span = self.span(&number);
        let Ok(weight) = number.as_str().trim().parse::<i32>() else {
            self.too_large(span);
            return None;
        };
        let weight = Spanned::new(weight, span);
        Some(ClauseKind::Weight { term, weight })
    }

    fn goal(&mut self, pair: Pair<'_, Rule>) -> ClauseKind {
        let mut side = None;
        let mut pieces = Vec::new();
        let mut squares = Vec::new();
        let mut reply_draws = false;
        let (mut count, mut or_filled, mut safe, mut hold) = (None, false, false, None);
        let mut row = None;
        for p in children(pair) {
            match p.as_rule() {
                Rule::side => side = Some(self.side_of(&p)),
                Rule::piece_ids => pieces = self.piece_ids(p),
                Rule::square_list => squares = self.square_list(p),
                Rule::goal_count => {
                    count = children(p).find_map(|n| self.number(&n));
                }
                Rule::or_filled => or_filled = true,
                Rule::goal_safe => safe = true,
                Rule::goal_hold => hold = Some(self.span(&p)),
                Rule::goal_row => row = Some(self.goal_row(p)),
                _ => reply_draws = true,
            }
        }
        ClauseKind::Goal {
            side,
            pieces,
            squares,
            count,
            or_filled,
            safe,
            hold,
            reply_draws,
            row,
        }
    }

    /// `row N [ranks] [files] [diagonals]`.
    fn goal_row(&mut self, pair: Pair<'_, Rule>) -> GoalRow {
        let mut length = Spanned::new(0, self.span(&pair));
        let mut lines = Vec::new();
        let mut loses = false;
        for p in children(pair) {
            if p.as_rule() == Rule::number {
                if let Some(n) = self.number(&p) {
                    length = n;
                }
                continue;
            }
            if p.as_rule() == Rule::row_loses {
                loses = true;
                continue;
            }
            let line = match p.as_str() {
                "ranks" => RowLine::Ranks,
                "files" => RowLine::Files,
                _ => RowLine::Diagonals,
            };
            lines.push(Spanned::new(line, self.span(&p)));
        }
        GoalRow {
            length,
            lines,
            loses,
        }
    }

    fn wall(&mut self, pair: Pair<'_, Rule>) -> ClauseKind {
        let mut kind = Spanned::new(WallKind::Moving, self.span(&pair));
        let mut except = Vec::new();
        for p in children(pair) {
            match p.as_rule() {
                Rule::wall_kind => {
                    let value = match p.as_str() {
                        "anywhere" => WallKind::Anywhere,
                        "shot" => WallKind::Shot,
                        "edge" => WallKind::Edge,
                        _ => WallKind::Moving,
                    };
                    kind = Spanned::new(value, self.span(&p));
                }
                Rule::wall_except => {
                    if let Some(list) = children(p).next() {
                        except = self.square_list(list);
                    }
                }
                _ => {}
            }
        }
        ClauseKind::Wall { kind, except }
    }

    fn side_of(&self, pair: &Pair<'_, Rule>) -> Spanned<Side> {
        let value = if pair.as_str() == "second" {
            Side::Second
        } else {
            Side::First
        };
        Spanned::new(value, self.span(pair))
    }

    /// `repetition N [first|second] wins|loses`
    fn repetition(&mut self, pair: Pair<'_, Rule>) -> Option<ClauseKind> {
        let mut count = None;
        let mut side = None;
        let mut wins = None;
        for p in children(pair) {
            match p.as_rule() {
                Rule::number => count = Some(self.number(&p)?),
                Rule::side => side = Some(self.side_of(&p)),
                _ => wins = Some(Spanned::new(p.as_str() == "wins", self.span(&p))),
            }
        }
        Some(ClauseKind::Repetition {
            count: count?,
            side,
            wins: wins?,
        })
    }

    /// `extinction IDS|all OUTCOME [at N] [if-opponent-has N]`
    fn extinction(&mut self, pair: Pair<'_, Rule>) -> Option<ClauseKind> {
        let mut pieces = Vec::new();
        let mut outcome = None;
        let (mut at, mut opponent_has) = (None, None);
        for p in children(pair) {
            match p.as_rule() {
                Rule::piece_ids => pieces = self.piece_ids(p),
                Rule::outcome => {
                    let value = match p.as_str() {
                        "wins" => Outcome::Wins,
                        "loses" => Outcome::Loses,
                        _ => Outcome::Draws,
                    };
                    outcome = Some(Spanned::new(value, self.span(&p)));
                }
                Rule::extinction_at => at = self.number(&p.into_inner().next()?),
                Rule::extinction_opponent => opponent_has = self.number(&p.into_inner().next()?),
                _ => {}
            }
        }
        Some(ClauseKind::Extinction {
            pieces,
            outcome: outcome?,
            at,
            opponent_has,
        })
    }

    /// `tiebreak first|second | pieces | material ID N, ... [, komi SIDE POINTS]`
    fn tiebreak(&mut self, first: Pair<'_, Rule>) -> Option<ClauseKind> {
        let tiebreak = match first.as_rule() {
            Rule::side => Tiebreak::Player(self.side_of(&first)),
            Rule::tiebreak_pieces => Tiebreak::Pieces,
            _ => {
                let mut values = Vec::new();
                let mut komi = None;
                for p in children(first) {
                    let rule = p.as_rule();
                    let mut inner = p.into_inner();
                    if rule == Rule::komi {
                        let side = self.side_of(&inner.next()?);
                        komi = Some((side, self.half_points(&inner.next()?)?));
                    } else {
                        let id = self.text(&inner.next()?);
                        values.push((id, self.number(&inner.next()?)?));
                    }
                }
                Tiebreak::Material { values, komi }
            }
        };
        Some(ClauseKind::Tiebreak(tiebreak))
    }

    /// `1.5` as 3 half points.
    fn half_points(&mut self, pair: &Pair<'_, Rule>) -> Option<Spanned<u32>> {
        let span = self.span(pair);
        let text = pair.as_str().trim();
        let (whole, half) = match text.strip_suffix(".5") {
            Some(whole) => (whole, 1),
            None => (text, 0),
        };
        match whole.parse::<u32>().ok().and_then(|n| n.checked_mul(2)) {
            Some(n) => Some(Spanned::new(n + half, span)),
            None => {
                self.too_large(span);
                None
            }
        }
    }

    fn drop_rule(&mut self, rule: Pair<'_, Rule>) -> Option<ClauseKind> {
        let kind = rule.as_rule();
        let mut inner = rule.into_inner();
        Some(match kind {
            Rule::drop_not_stuck => ClauseKind::DropNotStuck,
            Rule::drop_no_check => ClauseKind::DropNoCheck,
            Rule::drop_one_per_file => ClauseKind::DropOnePerFile(self.piece_ids(inner.next()?)),
            Rule::drop_per_file => {
                let limit = self.number(&inner.next()?)?;
                ClauseKind::DropPerFile {
                    limit,
                    pieces: self.piece_ids(inner.next()?),
                }
            }
            Rule::drop_no_mate => ClauseKind::DropNoMate(self.piece_ids(inner.next()?)),
            Rule::drop_never => ClauseKind::DropNever(self.piece_ids(inner.next()?)),
            Rule::drop_promoted => ClauseKind::DropPromoted,
            Rule::drop_enclosing => ClauseKind::DropEnclosing(
                inner
                    .next()
                    .and_then(|start| start.into_inner().next())
                    .map(|squares| self.square_list(squares))
                    .unwrap_or_default(),
            ),
            Rule::drop_opposite_colours => {
                ClauseKind::DropOppositeColours(self.piece_ids(inner.next()?))
            }
            Rule::drop_enters => {
                let edge = inner.next()?;
                let value = match edge.as_str() {
                    "top" => DropEdge::Top,
                    _ => DropEdge::AnySide,
                };
                ClauseKind::DropEnters(Spanned::new(value, self.span(&edge)))
            }
            Rule::drop_unmoved => {
                let mut side = None;
                let mut pieces = Vec::new();
                let mut squares = Vec::new();
                for p in inner {
                    match p.as_rule() {
                        Rule::side => side = Some(self.side_of(&p)),
                        Rule::piece_ids => pieces = self.piece_ids(p),
                        _ => squares = self.square_list(p),
                    }
                }
                ClauseKind::DropUnmoved {
                    side,
                    pieces,
                    squares,
                }
            }
            Rule::drop_compulsory => ClauseKind::DropCompulsory(
                inner
                    .find(|p| p.as_rule() == Rule::piece_ids)
                    .map(|p| self.piece_ids(p))
                    .unwrap_or_default(),
            ),
            _ => {
                let mut inner = inner.peekable();
                let side = inner
                    .next_if(|p| p.as_rule() == Rule::side)
                    .map(|p| self.side_of(&p));
                let pieces = self.piece_ids(inner.next()?);
                let squares = self.square_list(inner.next()?);
                ClauseKind::DropZone {
                    side,
                    pieces,
                    squares,
                }
            }
        })
    }

    pub(crate) fn remove(&mut self, pair: Pair<'_, Rule>) {
        let span = self.item_span(&pair);
        let Some(id) = children(pair).next() else {
            return;
        };
        let id = self.text(&id);
        let attributes = self.take_attributes();
        self.file.pieces.push(PieceItem::Remove {
            attributes,
            span,
            id,
        });
    }

    pub(crate) fn piece(&mut self, pair: Pair<'_, Rule>) {
        let span = self.item_span(&pair);
        let mut inner = children(pair);
        let (Some(id), Some(name), Some(moves)) = (inner.next(), inner.next(), inner.next()) else {
            return;
        };
        let id = self.text(&id);
        let name = self.string(name);
        let moves = if moves.as_rule() == Rule::like {
            let like_span = self.span(&moves);
            match moves.into_inner().next() {
                Some(other) => Moves::Like {
                    span: like_span,
                    other: self.text(&other),
                },
                None => return,
            }
        } else {
            Moves::Betza(self.text(&moves))
        };
        let mut options = PieceOptions::default();
        for option in inner {
            let option_span = self.span(&option);
            if self.piece_option(option, &mut options) {
                self.repeated_option(option_span);
            }
        }
        let attributes = self.take_attributes();
        self.file.pieces.push(PieceItem::Define(PieceDef {
            attributes,
            span,
            id,
            name,
            moves,
            promotes: options.promotes,
            promotes_by_side: options.promotes_by_side,
            royal: options.royal,
            value: options.value,
            confined: options.confined,
            glyph: options.glyph,
            in_regions: options.in_regions,
        }));
    }

    /// Reads one option of a piece line into `options`; true when it was given before.
    fn piece_option(&mut self, option: Pair<'_, Rule>, options: &mut PieceOptions) -> bool {
        let option_span = self.span(&option);
        match option.as_rule() {
            Rule::promotes => {
                let mut inner = option.into_inner().peekable();
                let side = inner
                    .next_if(|p| p.as_rule() == Rule::side)
                    .map(|p| self.side_of(&p));
                let ids = inner.next().map(|p| self.piece_ids(p)).unwrap_or_default();
                let Some(side) = side else {
                    return options.promotes.replace((option_span, ids)).is_some();
                };
                let again = options
                    .promotes_by_side
                    .iter()
                    .any(|(s, _)| s.value == side.value);
                options.promotes_by_side.push((side, ids));
                again
            }
            Rule::value => {
                let number = option.into_inner().next().and_then(|n| self.number(&n));
                number.is_some_and(|n| options.value.replace(n).is_some())
            }
            Rule::confined => option
                .into_inner()
                .find(|p| p.as_rule() == Rule::region_name)
                .is_some_and(|name| options.confined.replace(self.text(&name)).is_some()),
            Rule::glyph => option
                .into_inner()
                .flat_map(|p| p.into_inner())
                .find(|p| p.as_rule() == Rule::glyph_text)
                .is_some_and(|text| options.glyph.replace(self.text(&text)).is_some()),
            Rule::in_region => {
                let mut parts = option.into_inner().filter(|p| p.as_rule() != Rule::in_word);
                if let (Some(region), Some(moves)) = (parts.next(), parts.next()) {
                    options.in_regions.push(InRegion {
                        span: option_span,
                        region: self.text(&region),
                        moves: self.text(&moves),
                    });
                }
                false
            }
            _ => options.royal.replace(option_span).is_some(),
        }
    }

    fn repeated_option(&mut self, span: Span) {
        self.errors.push(
            ParseError::new(
                ParseErrorKind::Syntax,
                "option given twice on one line".to_string(),
                span,
                "repeated here",
            )
            .with_help("write each option once; `promotes` takes several IDs: `promotes Q R B N`"),
        );
    }

    pub(crate) fn clause(&mut self, pair: Pair<'_, Rule>, keyword: Spanned<String>) {
        let span = self.item_span(&pair);
        let rule = pair.as_rule();
        if rule == Rule::explode_line {
            // Every option is optional: a bare `explode` has no first child.
            let kind = ClauseKind::Explode(self.area_options(children(pair)));
            self.push_clause(span, keyword, kind);
            return;
        }
        let Some(first) = children(pair.clone()).next() else {
            return;
        };
        let kind = match rule {
            Rule::promotion_line => self.promotion(first),
            Rule::royal_line => Some(ClauseKind::Royal(self.piece_ids(first))),
            Rule::petrify_line => Some(ClauseKind::Petrify(self.piece_ids(first))),
            Rule::win_line => Some(self.win(first)),
            Rule::check_line => self.check(first),
            Rule::goal_line => Some(self.goal(pair)),
            Rule::wall_line => Some(self.wall(pair)),
            Rule::burn_line => Some(self.burn(pair)),
            Rule::freeze_line => Some(self.freeze(pair)),
            Rule::anti_trade_line => self.anti_trade(pair),
            Rule::jump_rank_line => Some(ClauseKind::JumpRank(
                children(pair)
                    .filter(|p| p.as_rule() == Rule::rank_tier)
                    .map(|t| self.tier(t))
                    .collect(),
            )),
            Rule::pass_line => Some(ClauseKind::Pass(self.pass(first))),
            Rule::stalemate_line if first.as_rule() == Rule::stalemate_count => {
                Some(ClauseKind::StalemateByCount(Spanned::new(
                    first.as_str() == "fewer-pieces-wins",
                    self.span(&first),
                )))
            }
            Rule::stalemate_line => Some(ClauseKind::Stalemate(self.outcome(&first))),
            Rule::draw_line => self.draw(first),
            Rule::bare_royal_line => Some(ClauseKind::BareRoyalLoses),
            Rule::captures_line if first.as_rule() == Rule::compulsory => {
                Some(ClauseKind::CapturesCompulsory)
            }
            Rule::no_pieces_line => Some(ClauseKind::NoPieces(self.outcome(&first))),
            Rule::repetition_line => self.repetition(pair),
            Rule::extinction_line => self.extinction(pair),
            Rule::tiebreak_line => self.tiebreak(first),
            Rule::checkmate_line => Some(ClauseKind::CheckmateScore(self.outcome(&first))),
            Rule::captures_line => Some(ClauseKind::CapturesToHand {
                as_is: children(pair).any(|p| p.as_rule() == Rule::as_is),
            }),
            Rule::drop_line => self.drop_rule(first),
            Rule::flip_line => Some(ClauseKind::FlipEnclosed),
            Rule::first_move_line => self.first_move(pair),
            Rule::gating_line => Some(ClauseKind::Gating {
                squares: self.square_list(first),
                only: children(pair).any(|p| p.as_rule() == Rule::gating_only),
            }),
            Rule::castling_line => self.castling(pair),
            Rule::facing_royals_line => Some(ClauseKind::FacingRoyals {
                must_break: first.as_str() == "must-break",
            }),
            Rule::remove_clause_line => Some(ClauseKind::Remove(self.text(&first))),
            Rule::repeat_line => Some(self.repeat(pair)),
            Rule::perpetual_attack_line => Some(ClauseKind::PerpetualAttack(self.loses(&first))),
            Rule::counting_line => self.counting(first),
            Rule::weight_line => self.weight(pair),
            _ => Some(ClauseKind::PerpetualCheck(self.loses(&first))),
        };
        let Some(kind) = kind else { return };
        self.push_clause(span, keyword, kind);
    }

    /// `castling with IDS`, `castling to FILE FILE`, `castling safe royal-only`, `castling
    /// wins [first|second] [king-side|queen-side]` or `castling opposite-wings`.
    fn castling(&mut self, pair: Pair<'_, Rule>) -> Option<ClauseKind> {
        let inner: Vec<Pair<'_, Rule>> = children(pair).collect();
        match inner.first()?.as_rule() {
            Rule::castling_with => {
                let ids = inner.iter().find(|p| p.as_rule() == Rule::piece_ids)?;
                Some(ClauseKind::CastlingWith(self.piece_ids(ids.clone())))
            }
            Rule::castling_to => {
                let files: Vec<Spanned<String>> = inner
                    .iter()
                    .filter(|p| p.as_rule() == Rule::file_name)
                    .map(|p| self.text(p))
                    .collect();
                let [a, b]: [Spanned<String>; 2] = files.try_into().ok()?;
                Some(ClauseKind::CastlingTo([a, b]))
            }
            Rule::castling_wins => {
                let side = inner
                    .iter()
                    .find(|p| p.as_rule() == Rule::side)
                    .map(|p| self.side_of(p));
                let king_side = inner
                    .iter()
                    .find(|p| p.as_rule() == Rule::castling_wing)
                    .map(|p| Spanned::new(p.as_str() == "king-side", self.span(p)));
                Some(ClauseKind::CastlingWins { side, king_side })
            }
            Rule::castling_opposite => Some(ClauseKind::CastlingOppositeWings),
            _ => Some(ClauseKind::CastlingSafeRoyalOnly),
        }
    }

    fn push_clause(&mut self, span: Span, keyword: Spanned<String>, kind: ClauseKind) {
        let attributes = self.take_attributes();
        self.file.clauses.push(Clause {
            attributes,
            span,
            keyword,
            kind,
        });
    }

    /// `win checkmate|extinction`.
    fn win(&self, first: Pair<'_, Rule>) -> ClauseKind {
        let kind = if first.as_str() == "checkmate" {
            WinKind::Checkmate
        } else {
            WinKind::Extinction
        };
        ClauseKind::Win(Spanned::new(kind, self.span(&first)))
    }

    /// `check forbidden`, `check royal-captures-only`, `check N wins`, `check duple` or
    /// `check last-royal-only`.
    fn check(&mut self, first: Pair<'_, Rule>) -> Option<ClauseKind> {
        if first.as_str() == "forbidden" {
            Some(ClauseKind::CheckForbidden)
        } else if first.as_str() == "royal-captures-only" {
            Some(ClauseKind::CheckRoyalCapturesOnly)
        } else if first.as_str() == "duple" {
            Some(ClauseKind::CheckDuple)
        } else if first.as_rule() == Rule::check_count {
            children(first)
                .next()
                .and_then(|n| self.number(&n))
                .map(ClauseKind::CheckWins)
        } else {
            Some(ClauseKind::CheckLastRoyalOnly)
        }
    }

    /// The rule of a `pass` line.
    fn pass(&mut self, first: Pair<'_, Rule>) -> PassRule {
        match first.as_rule() {
            Rule::pass_forbidden => PassRule::Forbidden,
            Rule::pass_not_after_pass => PassRule::NotAfterPass,
            Rule::pass_twice_ends => PassRule::TwiceEnds,
            Rule::pass_first_passer => PassRule::FirstPasserDeviates,
            Rule::pass_when_stuck => PassRule::WhenStuck,
            rule => {
                let ids = first
                    .into_inner()
                    .next()
                    .map(|p| self.piece_ids(p))
                    .unwrap_or_default();
                if rule == Rule::pass_anytime {
                    PassRule::Anytime(ids)
                } else {
                    PassRule::Only(ids)
                }
            }
        }
    }

    /// `wins`, `loses` or `draws`.
    fn outcome(&self, word: &Pair<'_, Rule>) -> Spanned<Outcome> {
        let outcome = match word.as_str() {
            "loses" => Outcome::Loses,
            "wins" => Outcome::Wins,
            _ => Outcome::Draws,
        };
        Spanned::new(outcome, self.span(word))
    }

    /// `loses` (true) or `draws` (false).
    fn loses(&self, word: &Pair<'_, Rule>) -> Spanned<bool> {
        Spanned::new(word.as_str() == "loses", self.span(word))
    }

    fn tier(&self, tier: Pair<'_, Rule>) -> Vec<Spanned<String>> {
        tier.into_inner()
            .filter(|p| p.as_rule() == Rule::piece_id)
            .map(|p| self.text(&p))
            .collect()
    }

    fn promotion(&mut self, clause: Pair<'_, Rule>) -> Option<ClauseKind> {
        let span = self.span(&clause);
        let kind = match clause.as_rule() {
            Rule::zone_clause => {
                let mut inner = clause.into_inner().peekable();
                let side = inner
                    .next_if(|p| p.as_rule() == Rule::side)
                    .map(|p| self.side_of(&p));
                let arg = inner.next()?;
                let zone = if arg.as_rule() == Rule::zone_depth {
                    let number = arg.into_inner().next()?;
                    Zone::Depth(self.number(&number)?)
                } else {
                    Zone::Squares(self.square_list(arg))
                };
                ClauseKind::PromotionZone { side, zone }
            }
            Rule::on_clause => ClauseKind::PromotionOn(
                clause
                    .into_inner()
                    .map(|t| {
                        let trigger = match t.as_str() {
                            "leave" => Trigger::Leave,
                            "inside" => Trigger::Inside,
                            "start-or-end" => Trigger::StartOrEnd,
                            "capture-in-zone" => Trigger::CaptureInZone,
                            "capture-from-zone" => Trigger::CaptureFromZone,
                            "capture-inside-zone" => Trigger::CaptureInsideZone,
                            "mid-move" => Trigger::MidMove,
                            _ => Trigger::Enter,
                        };
                        Spanned::new(trigger, self.span(&t))
                    })
                    .collect(),
            ),
            Rule::forced_stuck => ClauseKind::PromotionForcedWhenStuck,
            Rule::captured_only => ClauseKind::PromotionCapturedOnly,
            Rule::promotion_flip => ClauseKind::PromotionFlip,
            Rule::promotion_limit => {
                let mut entries = Vec::new();
                for entry in clause.into_inner() {
                    let (ids, number): (Vec<_>, Vec<_>) = entry
                        .into_inner()
                        .partition(|p| p.as_rule() == Rule::piece_id);
                    let ids = ids.iter().map(|p| self.text(p)).collect();
                    entries.push((ids, self.number(number.first()?)?));
                }
                ClauseKind::PromotionLimit(entries)
            }
            Rule::forced_clause => {
                let mut inner = clause.into_inner();
                let pieces = self.piece_ids(inner.next()?);
                let number = inner.find(|p| p.as_rule() == Rule::number)?;
                ClauseKind::PromotionForced {
                    pieces,
                    last: self.number(&number)?,
                }
            }
            _ => {
                let kind = match clause.as_str() {
                    "mandatory" => PromotionKind::Mandatory,
                    "automatic" => PromotionKind::Automatic,
                    _ => PromotionKind::Optional,
                };
                ClauseKind::PromotionKind(Spanned::new(kind, span))
            }
        };
        Some(kind)
    }

    fn burn(&mut self, pair: Pair<'_, Rule>) -> ClauseKind {
        let mut inner = children(pair);
        let burners = inner.next().map(|p| self.piece_ids(p)).unwrap_or_default();
        let mut options = Vec::new();
        for option in inner {
            let span = self.span(&option);
            let value = match option.as_rule() {
                Rule::area => BurnOption::Area(area_kind(
                    option.into_inner().next().map_or("", |p| p.as_str()),
                )),
                Rule::burn_all => BurnOption::All,
                Rule::choose => match option.into_inner().next().and_then(|n| self.number(&n)) {
                    Some(n) => BurnOption::Choose(n),
                    None => continue,
                },
                Rule::burn_active => BurnOption::Active,
                Rule::burn_passive => BurnOption::Passive,
                Rule::immune => BurnOption::Immune(
                    option
                        .into_inner()
                        .next()
                        .map(|p| self.piece_ids(p))
                        .unwrap_or_default(),
                ),
                Rule::burner_meets_burner => BurnOption::BurnerMeetsBurner,
                _ => BurnOption::OnPromotion,
            };
            options.push(Spanned::new(value, span));
        }
        ClauseKind::Burn { burners, options }
    }

    fn freeze(&mut self, pair: Pair<'_, Rule>) -> ClauseKind {
        let mut inner = children(pair);
        let freezers = inner.next().map(|p| self.piece_ids(p)).unwrap_or_default();
        let options = self.area_options(inner);
        ClauseKind::Freeze { freezers, options }
    }

    /// `area KIND` and `immune IDS` options (`freeze`, `explode`).
    fn area_options<'i>(
        &mut self,
        inner: impl Iterator<Item = Pair<'i, Rule>>,
    ) -> Vec<Spanned<FreezeOption>> {
        let mut options = Vec::new();
        for option in inner {
            let span = self.span(&option);
            let value = if option.as_rule() == Rule::area {
                FreezeOption::Area(area_kind(
                    option.into_inner().next().map_or("", |p| p.as_str()),
                ))
            } else {
                FreezeOption::Immune(
                    option
                        .into_inner()
                        .next()
                        .map(|p| self.piece_ids(p))
                        .unwrap_or_default(),
                )
            };
            options.push(Spanned::new(value, span));
        }
        options
    }

    fn anti_trade(&mut self, pair: Pair<'_, Rule>) -> Option<ClauseKind> {
        let mut attackers = None;
        let mut victims = None;
        let mut when = None;
        let mut trade = AntiTrade {
            attackers: Vec::new(),
            victims: Vec::new(),
            when: Spanned::new(AntiTradeWhen::Always, Span::default()),
            except_adjacent: None,
            except_bridge: None,
            counter_strike: None,
        };
        let mut repeated = Vec::new();
        for child in children(pair) {
            let span = self.span(&child);
            match child.as_rule() {
                Rule::piece_ids if attackers.is_none() => attackers = Some(self.piece_ids(child)),
                Rule::piece_ids => victims = Some(self.piece_ids(child)),
                Rule::anti_trade_when => {
                    let protected = child
                        .into_inner()
                        .next()
                        .is_some_and(|p| p.as_rule() == Rule::when_protected);
                    let value = if protected {
                        AntiTradeWhen::Protected
                    } else {
                        AntiTradeWhen::Always
                    };
                    when = Some(Spanned::new(value, span));
                }
                Rule::except_adjacent => set_once(&mut trade.except_adjacent, span, &mut repeated),
                Rule::counter_strike => set_once(&mut trade.counter_strike, span, &mut repeated),
                Rule::except_bridge => {
                    let ids = child
                        .into_inner()
                        .next()
                        .map(|p| self.piece_ids(p))
                        .unwrap_or_default();
                    if trade.except_bridge.replace((span, ids)).is_some() {
                        repeated.push(span);
                    }
                }
                _ => {}
            }
        }
        for span in repeated {
            self.repeated_option(span);
        }
        trade.attackers = attackers?;
        trade.victims = victims?;
        trade.when = when?;
        Some(ClauseKind::AntiTrade(trade))
    }

    fn draw(&mut self, rule: Pair<'_, Rule>) -> Option<ClauseKind> {
        match rule.as_rule() {
            Rule::draw_repetition => {
                let number = rule.into_inner().next()?;
                Some(ClauseKind::DrawRepetition(self.number(&number)?))
            }
            Rule::draw_moves => {
                let mut inner = rule.into_inner();
                let moves = self.number(&inner.next()?)?;
                let mut reset = Vec::new();
                if let Some(events) = inner.next() {
                    for event in events.into_inner() {
                        let span = self.span(&event);
                        let value = match event.into_inner().next() {
                            Some(p) if p.as_rule() == Rule::reset_capture => ResetEvent::Capture,
                            Some(p) if p.as_rule() == Rule::reset_promotion => {
                                ResetEvent::Promotion
                            }
                            Some(p) => ResetEvent::Piece(p.as_str().to_string()),
                            None => continue,
                        };
                        reset.push(Spanned::new(value, span));
                    }
                }
                Some(ClauseKind::DrawMoves { moves, reset })
            }
            Rule::draw_full_board => Some(ClauseKind::DrawFullBoard),
            _ => Some(ClauseKind::DrawBareRoyal {
                single_piece: rule.into_inner().any(|p| p.as_rule() == Rule::bare_kind),
            }),
        }
    }
}
