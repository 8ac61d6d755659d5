//! Position text: standard FEN for chess-like variants, extended for every variant with
//! bracketed multi-letter IDs (`[FD]`), promoted IDs (`+P`, `+[CS]`), non-squares and vanished
//! squares (`*`), and multi-digit empty runs. `startpos` names the start position.
//! The format is documented in docs/positions.md.

use std::fmt;
use std::sync::Arc;

use crate::geometry::{ByPlayer, Geometry, Square};
use crate::limits::MAX_IN_HAND;
use crate::position::Position;
use crate::setup::Setup;
use crate::spec::{Modes, PieceType, Player};
use crate::tables::Tables;

/// Why a position text was rejected. Each variant carries what the message quotes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// The variant has no setup, so `startpos` means nothing.
    NoStartPosition,
    /// No text at all.
    Empty,
    /// More than six space-separated fields before the named ones.
    TooManyFields(usize),
    /// The side to move is not `w` or `b`.
    Side(String),
    /// A field that must be a number is not.
    NotANumber {
        /// Which field.
        what: &'static str,
        /// The text found.
        found: String,
    },
    /// More royals than the runtime holds.
    Exceeds(crate::limits::Exceeded),
    /// A named field (`moved:`, `virgin:`) lists something that is not a square.
    FieldSquare {
        /// The field's name.
        field: String,
        /// The text found.
        found: String,
    },
    /// A named field lists an empty square.
    FieldEmptySquare {
        /// The field's name.
        field: String,
        /// The square's name.
        square: String,
    },
    /// `last:` holds something other than `pass`, `pass-pass`, `strike` and `no-mate-drop`.
    Last(String),
    /// `history:` holds something other than hexadecimal hashes.
    History(String),
    /// `count:` in a variant without counting.
    CountWithoutCounting,
    /// `count:` is not `PLIES/LIMIT`.
    Count(String),
    /// `checks:` or Fairy-Stockfish's `3+3` in a variant without `check N wins`.
    ChecksWithoutCounting,
    /// A checks field that is not `W+B`.
    Checks(String),
    /// A named field koma does not know.
    UnknownField(String),
    /// The board field has the wrong number of rows.
    Rows {
        /// The board's rows.
        board: u8,
        /// The text's rows.
        text: usize,
    },
    /// A rank lists more files than the board has.
    RankTooLong {
        /// The rank's number.
        rank: i32,
        /// The board's files.
        width: u8,
    },
    /// A piece or empty run covers a non-square, which must be written `*`.
    NonSquareNotStar {
        /// The rank's number.
        rank: i32,
        /// The file's name.
        file: String,
    },
    /// A piece ID the variant does not have.
    UnknownPiece {
        /// The rank's number.
        rank: i32,
        /// The ID.
        id: String,
    },
    /// A piece stands on a non-square.
    NonSquare {
        /// The rank's number.
        rank: i32,
        /// The file's name.
        file: String,
    },
    /// A rank lists fewer files than the board has.
    RankWidth {
        /// The rank's number.
        rank: i32,
        /// The files it lists.
        files: i32,
        /// The board's files.
        width: u8,
    },
    /// The hand is not written `[...]`.
    HandBrackets(String),
    /// A count in the hand is not followed by a piece.
    HandCount(String),
    /// A piece ID in the hand that the variant does not have.
    HandPiece {
        /// The hand's text.
        hand: String,
        /// The ID.
        id: String,
    },
    /// A hand in a variant without hands.
    NoHands(String),
    /// More pieces of one type in a hand than the runtime holds.
    HandOverflow {
        /// The hand's text.
        hand: String,
        /// The piece's ID.
        id: String,
    },
    /// A castling right without king and partner in place.
    Castling(char),
    /// The e.p. field is not a square.
    EpSquare(String),
    /// An e.p. victim square (koma's `sq:victim` form) is not a square.
    EpVictim(String),
    /// E.p. squares, but no piece that could have left them.
    NoEpVictim,
    /// A `+` not followed by a piece.
    PlusAlone(String),
    /// A `[` without its `]`.
    Unclosed {
        /// The row's text.
        row: String,
        /// Where the `[` is.
        column: usize,
    },
    /// A character that starts no piece, count or `*`.
    Unexpected {
        /// The row's text.
        row: String,
        /// The character.
        ch: char,
    },
    /// `[]` with no name inside.
    EmptyName(String),
    /// A multi-letter ID that mixes upper and lower case.
    MixedCase {
        /// The row's text.
        row: String,
        /// The ID.
        base: String,
    },
    /// A square index past the board's squares ([`crate::setup::Setup::put`]).
    SquareIndex {
        /// The index given.
        index: usize,
        /// The board's squares.
        squares: usize,
    },
    /// A piece type index past the variant's types ([`crate::setup::Setup::put`]).
    PieceIndex {
        /// The index given.
        index: u16,
        /// The variant's piece types.
        types: usize,
    },
}

impl fmt::Display for PositionError {
    // long: a table, one arm per error, so every message reads in one place.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PositionError as E;
        match self {
            E::NoStartPosition => write!(
                f,
                "the variant has no start position; a position must be given"
            ),
            E::Empty => write!(f, "empty position text"),
            E::TooManyFields(n) => write!(
                f,
                "a position has at most 6 fields before its named fields, found {n}"
            ),
            E::Side(s) => write!(f, "side to move must be `w` or `b`, found `{s}`"),
            E::NotANumber { what, found } => write!(f, "{what} must be a number, found `{found}`"),
            E::Exceeds(e) => write!(f, "{e}"),
            E::FieldSquare { field, found } => write!(f, "`{field}:`: `{found}` is not a square"),
            E::FieldEmptySquare { field, square } => {
                write!(f, "`{field}:`: no piece on `{square}`")
            }
            E::Last(s) => write!(
                f,
                "`last:` knows `pass`, `pass-pass`, `strike` and `no-mate-drop`, found `{s}`"
            ),
            E::History(s) => write!(f, "`history:`: `{s}` is not a position hash"),
            E::CountWithoutCounting => write!(f, "`count:` in a variant without counting"),
            E::Count(s) => write!(f, "`count:` takes `PLIES/LIMIT` in plies, found `{s}`"),
            E::ChecksWithoutCounting => {
                write!(f, "a checks field in a variant without `check N wins`")
            }
            E::Checks(s) => write!(
                f,
                "`checks:` takes the checks given `WHITE+BLACK`, and Fairy-Stockfish's field the \
                 checks remaining; found `{s}`"
            ),
            E::UnknownField(s) => write!(
                f,
                "unknown position field `{s}:` (known: `moved:`, `virgin:`, `last:`, \
                 `history:`, `count:`, `checks:`)"
            ),
            E::Rows { board, text } => {
                write!(f, "the board has {board} rows, the position text {text}")
            }
            E::RankTooLong { rank, width } => write!(f, "rank {rank} has more than {width} files"),
            E::NonSquareNotStar { rank, file } => {
                write!(f, "rank {rank}: file {file} is not a square; write `*`")
            }
            E::UnknownPiece { rank, id } => write!(f, "rank {rank}: unknown piece `{id}`"),
            E::NonSquare { rank, file } => write!(f, "rank {rank}: file {file} is not a square"),
            E::RankWidth { rank, files, width } => {
                write!(f, "rank {rank} has {files} files, the board {width}")
            }
            E::HandBrackets(t) => write!(f, "`{t}`: the hand must be written `[...]`"),
            E::HandCount(t) => write!(f, "hand `{t}`: a count must be followed by a piece"),
            E::HandPiece { hand, id } => write!(f, "hand `{hand}`: unknown piece `{id}`"),
            E::NoHands(t) => write!(
                f,
                "hand `{t}`: this variant has no hands (its rules give no `captures to-hand` \
                 and its setup no `hand`)"
            ),
            E::HandOverflow { hand, id } => {
                write!(
                    f,
                    "hand `{hand}`: more than {MAX_IN_HAND} `{id}` in one hand"
                )
            }
            E::Castling(ch) => write!(f, "castling right `{ch}` has no king and partner in place"),
            E::EpSquare(s) => write!(f, "`{s}` is not an e.p. square"),
            E::EpVictim(s) => write!(f, "`{s}` is not a square"),
            E::NoEpVictim => write!(f, "no piece for the e.p. square(s)"),
            E::PlusAlone(row) => write!(f, "`{row}`: `+` must be followed by a piece"),
            E::Unclosed { row, column } => write!(f, "`{row}`: unclosed `[` at column {column}"),
            E::Unexpected { row, ch } => write!(f, "`{row}`: unexpected `{ch}`"),
            E::EmptyName(row) => write!(f, "`{row}`: empty piece name"),
            E::MixedCase { row, base } => write!(f, "`{row}`: `{base}` mixes upper and lower case"),
            E::SquareIndex { index, squares } => {
                write!(
                    f,
                    "square {index} is not on the board (it has {squares} squares)"
                )
            }
            E::PieceIndex { index, types } => {
                write!(
                    f,
                    "piece type {index} does not exist (the variant has {types})"
                )
            }
        }
    }
}

impl std::error::Error for PositionError {}

impl Position {
    /// Parses position text (`startpos`, FEN, or koma's extended FEN).
    pub fn from_text(tables: Arc<Tables>, text: &str) -> Result<Position, PositionError> {
        let text = text.trim();
        if text == "startpos" {
            return Position::start(tables).ok_or(PositionError::NoStartPosition);
        }
        let Fields {
            positional: fields,
            named,
            fs_checks,
        } = split_fields(text)?;
        let mut setup = Setup::new(tables);
        let hand = setup.position_mut().parse_board(fields[0])?;
        if let Some(hand) = hand {
            setup.position_mut().parse_hand(hand)?;
        }
        let mut pos = setup.into_position()?;
        let side = match fields.get(1).copied().unwrap_or("w") {
            "w" => Player::First,
            "b" => Player::Second,
            other => {
                return Err(PositionError::Side(other.to_string()));
            }
        };
        pos.set_side_to_move(side);
        pos.derive_virgins();
        // Some Fairy-Stockfish positions leave out the e.p. field alone (Petty chess: `w - 0 1`);
        // a counting variant's count stands where the e.p. field does, so there five fields stay.
        let numeric = |i: usize| fields.get(i).is_some_and(|f| f.parse::<u32>().is_ok());
        let counting = pos.tables.spec.rules.counting.is_some();
        let fields: Vec<&str> = if fields.len() == 5 && numeric(3) && numeric(4) && !counting {
            vec![fields[0], fields[1], fields[2], "-", fields[3], fields[4]]
        } else {
            fields.to_vec()
        };
        pos.parse_castling(fields.get(2).copied().unwrap_or("-"))?;
        pos.parse_ep_and_clocks(&fields)?;
        if let Some(remaining) = fs_checks {
            let n = pos
                .tables
                .spec
                .rules
                .results
                .check_wins
                .ok_or(PositionError::ChecksWithoutCounting)?;
            let left = parse_checks(remaining)?;
            let given = |l: u8| {
                n.checked_sub(l)
                    .ok_or(PositionError::Checks(remaining.into()))
            };
            pos.set_checks_given(ByPlayer::new(given(left.first)?, given(left.second)?));
        }
        for field in named {
            pos.parse_named(field)?;
        }
        Ok(pos)
    }

    /// The e.p. field and the two clocks (fields 3 to 5), or Fairy-Stockfish's counting
    /// fields in their place.
    fn parse_ep_and_clocks(&mut self, fields: &[&str]) -> Result<(), PositionError> {
        // Fairy-Stockfish writes a running count in place of the e.p. field, and the plies
        // counted in place of the halfmove clock.
        let fs_count = self.tables.spec.rules.counting.is_some()
            && fields.get(3).is_some_and(|f| f.parse::<u16>().is_ok());
        if !fs_count {
            self.parse_ep(fields.get(3).copied().unwrap_or("-"))?;
        }
        let number = |i: usize, default: u32, what: &'static str| -> Result<u32, PositionError> {
            match fields.get(i) {
                None => Ok(default),
                Some(t) => t.parse().map_err(|_| PositionError::NotANumber {
                    what,
                    found: t.to_string(),
                }),
            }
        };
        let half = number(4, 0, "the halfmove clock")?;
        let full = number(5, 1, "the move number")?;
        if fs_count {
            let limit = number(3, 0, "the count")?;
            self.counting = crate::rules::CountState {
                limit: limit.min(u32::from(u16::MAX)) as u16,
                ply: half.min(u32::from(u16::MAX)) as u16,
            };
            self.set_counters(0, full);
        } else {
            self.set_counters(half, full);
        }
        Ok(())
    }

    /// A named field: `moved:SQS`, `virgin:SQS`, `last:pass,strike`, `history:HASH[p],...`,
    /// `count:PLIES/LIMIT`, `checks:W+B`.
    fn parse_named(&mut self, field: &str) -> Result<(), PositionError> {
        let (name, value) = field.split_once(':').unwrap_or((field, ""));
        match name {
            "moved" | "virgin" => self.parse_virgins(name, value),
            "last" => self.parse_last(value),
            "history" => self.parse_history(value),
            "count" => self.parse_count(value),
            "checks" => {
                if self.tables.spec.rules.results.check_wins.is_none() {
                    return Err(PositionError::ChecksWithoutCounting);
                }
                let given = parse_checks(value)?;
                self.set_checks_given(given);
                Ok(())
            }
            other => Err(PositionError::UnknownField(other.to_string())),
        }
    }

    /// `moved:SQS` or `virgin:SQS` (`name`): the pieces on these squares have moved, or not.
    fn parse_virgins(&mut self, name: &str, value: &str) -> Result<(), PositionError> {
        let geo = &self.tables.geo;
        let squares = value.split(',').filter(|s| !s.is_empty()).map(|s| {
            geo.parse_square(s)
                .ok_or_else(|| PositionError::FieldSquare {
                    field: name.to_string(),
                    found: s.to_string(),
                })
        });
        for sq in squares.collect::<Result<Vec<Square>, _>>()? {
            if self.piece_at(sq).is_none() {
                return Err(PositionError::FieldEmptySquare {
                    field: name.to_string(),
                    square: self.tables.geo.name(sq),
                });
            }
            self.set_virgin(sq, name == "virgin");
        }
        Ok(())
    }

    /// `last:pass,strike`: what the previous moves did that the rules remember.
    fn parse_last(&mut self, value: &str) -> Result<(), PositionError> {
        for fact in value.split(',').filter(|s| !s.is_empty()) {
            match fact {
                "pass" => self.prior.pass_run = self.prior.pass_run.max(1),
                "pass-pass" => self.prior.pass_run = 2,
                "strike" => self.prior.struck = true,
                "no-mate-drop" => self.prior.no_mate_drop = true,
                other => return Err(PositionError::Last(other.to_string())),
            }
        }
        Ok(())
    }

    /// `history:HASH[p],...`: the earlier positions' hashes, `p` after a pass.
    fn parse_history(&mut self, value: &str) -> Result<(), PositionError> {
        let mut entries = Vec::new();
        for entry in value.split(',').filter(|s| !s.is_empty()) {
            let (hex, pass) = match entry.strip_suffix('p') {
                Some(h) => (h, true),
                None => (entry, false),
            };
            let hash = u64::from_str_radix(hex, 16)
                .map_err(|_| PositionError::History(entry.to_string()))?;
            entries.push((hash, pass));
        }
        self.set_prior_history(&entries);
        Ok(())
    }

    /// `count:PLIES/LIMIT`: the counting rule's state.
    fn parse_count(&mut self, value: &str) -> Result<(), PositionError> {
        let parsed = value.split_once('/').and_then(|(p, l)| {
            Some(crate::rules::CountState {
                ply: p.parse().ok()?,
                limit: l.parse().ok()?,
            })
        });
        match parsed {
            Some(state) if self.tables.spec.rules.counting.is_some() => {
                self.counting = state;
                Ok(())
            }
            Some(_) => Err(PositionError::CountWithoutCounting),
            None => Err(PositionError::Count(value.to_string())),
        }
    }

    /// The named fields that say what the positional fields cannot: virgin flags that differ
    /// from what the setup squares and the castling field imply, and the rule state.
    fn named_fields(&self) -> Vec<String> {
        let mut out = Vec::new();
        let mut implied = self.clone();
        for sq in self.tables.geo.squares() {
            implied.set_virgin(sq, false);
        }
        implied.derive_virgins();
        // The castling text of this position always names king and partner in place.
        let _ = implied.parse_castling(&self.castling_text());
        let geo = &self.tables.geo;
        for (name, virgin) in [("moved", false), ("virgin", true)] {
            let list: Vec<String> = geo
                .squares()
                .filter(|&sq| {
                    self.virgin[sq.index()] == virgin && implied.virgin[sq.index()] != virgin
                })
                .map(|sq| geo.name(sq))
                .collect();
            if !list.is_empty() {
                out.push(format!("{name}:{}", list.join(",")));
            }
        }
        let state = self.rule_state();
        let mut last = Vec::new();
        match state.passes {
            0 => {}
            1 => last.push("pass"),
            _ => last.push("pass-pass"),
        }
        if state.struck {
            last.push("strike");
        }
        if state.no_mate_drop {
            last.push("no-mate-drop");
        }
        if !last.is_empty() {
            out.push(format!("last:{}", last.join(",")));
        }
        if !state.history.is_empty() {
            let entries: Vec<String> = state
                .history
                .iter()
                .map(|&(h, pass)| format!("{h:016x}{}", if pass { "p" } else { "" }))
                .collect();
            out.push(format!("history:{}", entries.join(",")));
        }
        if state.counting.limit > 0 {
            out.push(format!(
                "count:{}/{}",
                state.counting.ply, state.counting.limit
            ));
        }
        if state.checks != ByPlayer::default() {
            out.push(format!(
                "checks:{}+{}",
                state.checks.first, state.checks.second
            ));
        }
        out
    }

    /// Reads the board field; returns the hand (`[...]` after the last row) if there is one.
    fn parse_board<'a>(&mut self, text: &'a str) -> Result<Option<&'a str>, PositionError> {
        let t = Arc::clone(&self.tables);
        let geo = &t.geo;
        let rows: Vec<&str> = text.split('/').collect();
        if rows.len() != usize::from(geo.height) {
            return Err(PositionError::Rows {
                board: geo.height,
                text: rows.len(),
            });
        }
        let mut hand = None;
        for (r, row) in rows.iter().enumerate() {
            let y = i32::from(geo.height) - 1 - r as i32;
            let rank = geo.names.rank_label(y as u8);
            let mut x = 0i32;
            let mut chars = row.char_indices().peekable();
            while let Some((i, ch)) = chars.next() {
                // A full last row followed by `[`: the pieces in hand.
                if ch == '[' && x == i32::from(geo.width) && r + 1 == rows.len() {
                    hand = Some(&row[i..]);
                    break;
                }
                if let Some(digit) = ch.to_digit(10) {
                    let mut n = digit;
                    while let Some(v) = chars.peek().and_then(|&(_, d)| d.to_digit(10)) {
                        n = n.saturating_mul(10).saturating_add(v);
                        chars.next();
                    }
                    x = empty_run(geo, n, x, y)?;
                    continue;
                }
                if ch == '*' {
                    if let Some(sq) = geo.square(x, y) {
                        self.set_vanished(sq, true);
                    }
                    x += 1;
                    continue;
                }
                let (mut id, upper) = piece_token(row, i, ch, &mut chars)?;
                // Fairy-Stockfish marks a promoted piece with `~` (crazyhouse's `Q~`).
                if chars.peek().is_some_and(|&(_, c)| c == '~') {
                    chars.next();
                    id = format!("+{id}");
                }
                let Some(ty) = t.spec.pieces.iter().position(|p| p.id == id) else {
                    return Err(PositionError::UnknownPiece { rank, id });
                };
                let Some(sq) = geo.square(x, y) else {
                    return Err(PositionError::NonSquare {
                        rank,
                        file: file(x),
                    });
                };
                let player = if upper { Player::First } else { Player::Second };
                self.put(sq, Some((player, PieceType(ty as u16))));
                x += 1;
            }
            if x != i32::from(geo.width) {
                return Err(PositionError::RankWidth {
                    rank,
                    files: x,
                    width: geo.width,
                });
            }
        }
        Ok(hand)
    }

    /// Reads the pieces in hand: `[PPn]`, `[-]` or `[]`; upper case for the first player,
    /// an optional count before a piece (`[2Pn]`).
    fn parse_hand(&mut self, text: &str) -> Result<(), PositionError> {
        let Some(inner) = text.strip_prefix('[').and_then(|t| t.strip_suffix(']')) else {
            return Err(PositionError::HandBrackets(text.to_string()));
        };
        let t = Arc::clone(&self.tables);
        let mut chars = inner.char_indices().peekable();
        while let Some((i, ch)) = chars.next() {
            if ch == '-' {
                continue;
            }
            let mut count = 1u32;
            let mut ch = ch;
            let mut i = i;
            if let Some(d) = ch.to_digit(10) {
                count = d;
                while let Some(&(_, c)) = chars.peek() {
                    let Some(v) = c.to_digit(10) else { break };
                    count = count.saturating_mul(10).saturating_add(v);
                    chars.next();
                }
                let Some((j, c)) = chars.next() else {
                    return Err(PositionError::HandCount(text.to_string()));
                };
                (i, ch) = (j, c);
            }
            let (id, upper) = piece_token(inner, i, ch, &mut chars)?;
            let Some(ty) = t.spec.pieces.iter().position(|p| p.id == id) else {
                return Err(PositionError::HandPiece {
                    hand: text.to_string(),
                    id,
                });
            };
            if !t.drops.enabled {
                return Err(PositionError::NoHands(text.to_string()));
            }
            let player = if upper { Player::First } else { Player::Second };
            let ty = PieceType(ty as u16);
            let total = u32::from(self.hand_count(player, ty)) + count;
            let Ok(total) = u8::try_from(total) else {
                return Err(PositionError::HandOverflow {
                    hand: text.to_string(),
                    id,
                });
            };
            self.set_hand_count(player, ty, total);
        }
        Ok(())
    }

    /// The pieces in hand as text: `[PPn]`, `[]` when both hands are empty.
    pub fn hand_text(&self) -> String {
        let t = &self.tables;
        let mut s = String::from("[");
        for player in [Player::First, Player::Second] {
            for (i, piece) in t.spec.pieces.iter().enumerate() {
                let n = self.hand_count(player, PieceType(i as u16));
                for _ in 0..n {
                    s.push_str(&piece_text(&piece.id, player));
                }
            }
        }
        s.push(']');
        s
    }

    /// Virgin flags that position text does not spell out: a piece with initial moves is
    /// virgin on a square where the setup puts the same piece (anywhere, without a setup),
    /// unless the square is a gate (whose letters the castling field holds).
    fn derive_virgins(&mut self) {
        let t = Arc::clone(&self.tables);
        // Whether each piece type has an initial move, found once per type (a large piece has
        // thousands of paths, and a board hundreds of its pieces).
        let mut initial_of: Vec<Option<bool>> = vec![None; t.spec.pieces.len()];
        for sq in t.geo.squares() {
            let Some((player, ty)) = self.piece_at(sq) else {
                continue;
            };
            let initial = *initial_of[usize::from(ty.0)].get_or_insert_with(|| {
                t.spec.pieces[usize::from(ty.0)].paths.iter().any(|p| {
                    p.legs
                        .first()
                        .is_some_and(|l| l.modes.contains(Modes::INITIAL))
                })
            });
            // On a gate, the castling field's letters alone say whether the piece has moved.
            let gate = t.drops.gates.get(player).get(sq.index()) == Some(&true);
            if !initial || gate {
                continue;
            }
            let c = t.geo.coord(sq);
            let home = match &t.spec.setup {
                None => true,
                Some(setup) => setup
                    .iter()
                    .any(|p| p.player == player && p.piece == ty && p.at == c),
            };
            self.set_virgin(sq, home);
        }
    }

    /// Castling partners of a virgin-castling piece on `sq`, with their standard letters.
    fn castle_partners(&self, sq: Square) -> Vec<(Square, char)> {
        let Some((player, ty)) = self.piece_at(sq) else {
            return Vec::new();
        };
        if self.tables.castles_free() {
            return self.free_castle_partners(sq, player, ty);
        }
        let pt = self.tables.piece(ty, player);
        let kx = self.tables.geo.coord(sq).x;
        let mut out: Vec<(Square, char)> = Vec::new();
        for c in pt
            .castling
            .get(sq.index())
            .map(Vec::as_slice)
            .unwrap_or(&[])
        {
            let px = self.tables.geo.coord(c.partner).x;
            let letter = if px > kx { 'K' } else { 'Q' };
            if !out.iter().any(|(s, _)| *s == c.partner) {
                out.push((c.partner, letter));
            }
        }
        // Two partners on one side: name them by file.
        for i in 0..out.len() {
            let same = out.iter().filter(|(_, l)| *l == out[i].1).count();
            if same > 1 {
                out[i].1 = (b'A' + self.tables.geo.coord(out[i].0).x) as char;
            }
        }
        out
    }

    /// Under `castling to`: the player's partner pieces on the castler's rank, lettered as
    /// X-FEN letters them: `K` or `Q` for the outermost on its side, else its file.
    fn free_castle_partners(
        &self,
        sq: Square,
        player: Player,
        ty: PieceType,
    ) -> Vec<(Square, char)> {
        let geo = &self.tables.geo;
        let kx = geo.coord(sq).x;
        let list = self.tables.piece(ty, player).castling.get(sq.index());
        let mut out: Vec<Square> = Vec::new();
        for c in list.map(Vec::as_slice).unwrap_or(&[]) {
            let cell = self.board[c.partner.index()];
            let ours = cell.is_piece() && cell.player() == player;
            if ours && self.tables.is_castle_partner(cell) && !out.contains(&c.partner) {
                out.push(c.partner);
            }
        }
        let x = |s: &Square| geo.coord(*s).x;
        out.iter()
            .map(|p| {
                let kingside = x(p) > kx;
                let outermost = !out
                    .iter()
                    .any(|o| (x(o) > kx) == kingside && (x(o) > x(p)) == kingside && o != p);
                let letter = match (outermost, kingside) {
                    (true, true) => 'K',
                    (true, false) => 'Q',
                    _ => (b'A' + x(p)) as char,
                };
                (*p, letter)
            })
            .collect()
    }

    fn castling_pieces(&self, player: Player) -> Vec<Square> {
        self.tables
            .geo
            .squares()
            .filter(|&sq| {
                self.piece_at(sq).is_some_and(|(p, ty)| {
                    p == player
                        && !self.tables.spec.pieces[usize::from(ty.0)]
                            .castling
                            .is_empty()
                })
            })
            .collect()
    }

    fn parse_castling(&mut self, text: &str) -> Result<(), PositionError> {
        // Fairy-Stockfish keeps `KQkq` in the FENs of games that set `castling = false`: in a
        // game where no piece castles and there are no gates, the field says nothing. With
        // gates it names them (Ouk Chatrang's `DEde`: its King and Met have not moved).
        let castles = self
            .tables
            .spec
            .pieces
            .iter()
            .any(|p| !p.castling.is_empty());
        let gates = !self.tables.drops.gates.first.is_empty();
        if text == "-" || !(castles || gates) {
            return Ok(());
        }
        for ch in text.chars() {
            let player = if ch.is_ascii_uppercase() {
                Player::First
            } else {
                Player::Second
            };
            let up = ch.to_ascii_uppercase();
            // With gates, a file letter names a gate, never a castling partner (as in
            // Fairy-Stockfish's Seirawan positions).
            let gating = !self.tables.drops.gates.get(player).is_empty();
            if gating && up != 'K' && up != 'Q' {
                if !self.open_gate(player, up) {
                    return Err(PositionError::Castling(ch));
                }
                continue;
            }
            let mut found = false;
            for king in self.castling_pieces(player) {
                for (partner, letter) in self.castle_partners(king) {
                    let file = (b'A' + self.tables.geo.coord(partner).x) as char;
                    let owned = self.piece_at(partner).is_some_and(|(p, _)| p == player);
                    if owned && (letter == up || file == up) {
                        self.set_virgin(king, true);
                        self.set_virgin(partner, true);
                        found = true;
                    }
                }
            }
            if !found && !self.open_gate(player, up) {
                return Err(PositionError::Castling(ch));
            }
        }
        Ok(())
    }

    /// A gate letter of the castling field (Fairy-Stockfish's Seirawan `KQBCDFGkqbcdfg`): the
    /// player's piece on its gate of file `file` has not moved. A gate without the player's
    /// piece is ignored, as Fairy-Stockfish does; false when the player has no gate on the file.
    fn open_gate(&mut self, player: Player, file: char) -> bool {
        let gates = self.tables.drops.gates.get(player).clone();
        let mut found = false;
        for sq in self.tables.geo.squares() {
            let on_file = (b'A' + self.tables.geo.coord(sq).x) as char == file;
            if !on_file || !gates.get(sq.index()).copied().unwrap_or(false) {
                continue;
            }
            found = true;
            if self.piece_at(sq).is_some_and(|(p, _)| p == player) {
                self.set_virgin(sq, true);
            }
        }
        found
    }

    /// The gate letters of a player: the files of its unmoved pieces on gates, less the squares
    /// its castling letters already name (king and partner).
    fn gate_letters(&self, player: Player, named: &[Square]) -> Vec<char> {
        let gates = self.tables.drops.gates.get(player);
        let mut files: Vec<u8> = self
            .tables
            .geo
            .squares()
            .filter(|&sq| {
                gates.get(sq.index()).copied().unwrap_or(false)
                    && self.is_virgin(sq)
                    && self.piece_at(sq).is_some_and(|(p, _)| p == player)
                    && !named.contains(&sq)
            })
            .map(|sq| self.tables.geo.coord(sq).x)
            .collect();
        files.sort_unstable();
        files.dedup();
        files.into_iter().map(|x| (b'A' + x) as char).collect()
    }

    fn parse_ep(&mut self, text: &str) -> Result<(), PositionError> {
        if text == "-" {
            return Ok(());
        }
        let (list, victim) = match text.split_once('@') {
            Some((l, v)) => (l, Some(v)),
            None => (text, None),
        };
        let geo = &self.tables.geo;
        let mut squares = Vec::new();
        if let Some(run) = self.fsf_ep_run(list) {
            squares = run;
        } else {
            for name in list.split(',') {
                squares.push(
                    geo.parse_square(name)
                        .ok_or_else(|| PositionError::EpSquare(name.to_string()))?,
                );
            }
        }
        let victim = match victim {
            Some(v) => geo
                .parse_square(v)
                .ok_or_else(|| PositionError::EpVictim(v.to_string()))?,
            None => self
                .default_ep_victim(&squares)
                .ok_or(PositionError::NoEpVictim)?,
        };
        self.set_ep(&squares, victim);
        Ok(())
    }

    /// Fairy-Stockfish's e.p. field runs its squares together (`h5h6`, `c3d4`) and may name
    /// the square the Pawn stands on: the empty ones among two or more are the e.p. squares.
    fn fsf_ep_run(&self, text: &str) -> Option<Vec<Square>> {
        let geo = &self.tables.geo;
        let mut names = Vec::new();
        let mut rest = text;
        while !rest.is_empty() {
            let letters = rest.find(|c: char| !c.is_ascii_lowercase())?;
            let digits = rest[letters..]
                .find(|c: char| !c.is_ascii_digit())
                .map_or(rest.len(), |n| letters + n);
            names.push(geo.parse_square(&rest[..digits])?);
            rest = &rest[digits..];
        }
        if names.len() < 2 {
            return None;
        }
        let empty: Vec<Square> = names
            .into_iter()
            .filter(|s| self.board[s.index()].is_empty())
            .collect();
        (!empty.is_empty()).then_some(empty)
    }

    /// The square one step beyond the farthest e.p. square, forward for the player who moved.
    fn default_ep_victim(&self, squares: &[Square]) -> Option<Square> {
        let geo = &self.tables.geo;
        let dy: i32 = if self.side == Player::Second { 1 } else { -1 };
        let far = squares
            .iter()
            .max_by_key(|s| i32::from(geo.coord(**s).y) * dy)?;
        let c = geo.coord(*far);
        geo.square(i32::from(c.x), i32::from(c.y) + dy)
    }

    /// The position as text (standard FEN for chess-like positions).
    pub fn to_text(&self) -> String {
        let t = &self.tables;
        let geo = &t.geo;
        let mut out = String::new();
        for y in (0..i32::from(geo.height)).rev() {
            let mut empty = 0;
            for x in 0..i32::from(geo.width) {
                let sq = geo.square(x, y);
                let cell = sq.map(|s| self.board[s.index()]);
                match cell {
                    Some(c) if c.is_empty() => empty += 1,
                    _ => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        match cell {
                            Some(c) if c.is_piece() => push_piece_text(
                                &mut out,
                                &t.spec.pieces[usize::from(c.piece_type().0)].id,
                                c.player(),
                            ),
                            _ => out.push('*'),
                        }
                    }
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if y > 0 {
                out.push('/');
            }
        }
        if self.has_hands() {
            out.push_str(&self.hand_text());
        }
        out.push(' ');
        out.push(if self.side == Player::First { 'w' } else { 'b' });
        out.push(' ');
        out.push_str(&self.castling_text());
        out.push(' ');
        out.push_str(&self.ep_text());
        out.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        for field in self.named_fields() {
            out.push(' ');
            out.push_str(&field);
        }
        out
    }

    fn castling_text(&self) -> String {
        let free = self.tables.castles_free();
        let mut s = String::new();
        for player in [Player::First, Player::Second] {
            let mut letters: Vec<char> = Vec::new();
            let mut named: Vec<Square> = Vec::new();
            for king in self
                .castling_pieces(player)
                .into_iter()
                .filter(|k| self.is_virgin(*k))
            {
                for (partner, letter) in self.castle_partners(king) {
                    // Under `castling to`, Shredder-FEN: always the partner's file, as
                    // Fairy-Stockfish writes Chess960 positions.
                    let letter = if free {
                        (b'A' + self.tables.geo.coord(partner).x) as char
                    } else {
                        letter
                    };
                    let owned = self.piece_at(partner).is_some_and(|(p, _)| p == player);
                    if owned && self.is_virgin(partner) && !letters.contains(&letter) {
                        letters.push(letter);
                        named.extend([king, partner]);
                    }
                }
            }
            if free {
                // The kingside first (`HAha`).
                letters.sort_by(|a, b| b.cmp(a));
            } else {
                letters.sort_by_key(|l| match l {
                    'K' => 0,
                    'Q' => 1,
                    c => 2 + *c as u32,
                });
            }
            letters.extend(self.gate_letters(player, &named));
            for l in letters {
                s.push(if player == Player::First {
                    l
                } else {
                    l.to_ascii_lowercase()
                });
            }
        }
        if s.is_empty() { "-".to_string() } else { s }
    }

    fn ep_text(&self) -> String {
        let squares = self.ep_squares();
        if squares.is_empty() {
            return "-".to_string();
        }
        let geo = &self.tables.geo;
        let mut s = squares
            .iter()
            .map(|&q| geo.name(q))
            .collect::<Vec<_>>()
            .join(",");
        if self.default_ep_victim(squares) != Some(self.ep.victim) {
            s.push('@');
            s.push_str(&geo.name(self.ep.victim));
        }
        s
    }
}

/// A piece as position text: `P`/`p`, `+P`, `[FD]`/`[fd]`, `+[CS]`.
pub fn piece_text(id: &str, player: Player) -> String {
    let mut out = String::new();
    push_piece_text(&mut out, id, player);
    out
}

/// Appends [`piece_text`] to `out` (without a string per piece: position text of a large board).
fn push_piece_text(out: &mut String, id: &str, player: Player) {
    let (plus, base) = match id.strip_prefix('+') {
        Some(b) => ("+", b),
        None => ("", id),
    };
    let case = |c: char| {
        if player == Player::First {
            c.to_ascii_uppercase()
        } else {
            c.to_ascii_lowercase()
        }
    };
    out.push_str(plus);
    if base.chars().count() == 1 {
        out.extend(base.chars().map(case));
    } else {
        out.push('[');
        out.extend(base.chars().map(case));
        out.push(']');
    }
}

/// Reads a piece token starting with `ch` at byte `i`; returns the ID and whether it was upper case.
fn piece_token(
    row: &str,
    i: usize,
    ch: char,
    chars: &mut std::iter::Peekable<std::str::CharIndices<'_>>,
) -> Result<(String, bool), PositionError> {
    let mut plus = false;
    let mut ch = ch;
    if ch == '+' {
        plus = true;
        ch = chars
            .next()
            .map(|(_, c)| c)
            .ok_or_else(|| PositionError::PlusAlone(row.to_string()))?;
    }
    let base: String = if ch == '[' {
        let mut s = String::new();
        loop {
            match chars.next() {
                Some((_, ']')) => break,
                Some((_, c)) => s.push(c),
                None => {
                    return Err(PositionError::Unclosed {
                        row: row.to_string(),
                        column: i + 1,
                    });
                }
            }
        }
        if let Some(rest) = s.strip_prefix('+') {
            plus = true;
            s = rest.to_string();
        }
        s
    } else if ch.is_ascii_alphabetic() {
        ch.to_string()
    } else {
        return Err(PositionError::Unexpected {
            row: row.to_string(),
            ch,
        });
    };
    let letters: Vec<char> = base.chars().filter(char::is_ascii_alphabetic).collect();
    if letters.is_empty() {
        return Err(PositionError::EmptyName(row.to_string()));
    }
    let upper = letters.iter().all(char::is_ascii_uppercase);
    let lower = letters.iter().all(char::is_ascii_lowercase);
    if !upper && !lower {
        return Err(PositionError::MixedCase {
            row: row.to_string(),
            base,
        });
    }
    let id = format!(
        "{}{}",
        if plus { "+" } else { "" },
        base.to_ascii_uppercase()
    );
    Ok((id, upper))
}

fn file(x: i32) -> String {
    crate::geometry::file_name(x.clamp(0, i32::from(u8::MAX)) as u8)
}

/// An empty run of `n` squares from file `x` of row `y`: the files it covers must be squares
/// and on the board. Returns the file after the run.
fn empty_run(geo: &Geometry, n: u32, x: i32, y: i32) -> Result<i32, PositionError> {
    let rank = geo.names.rank_label(y as u8);
    // A count past the edge is an error at once, not a long walk off the board.
    if i64::from(x) + i64::from(n) > i64::from(geo.width) {
        return Err(PositionError::RankTooLong {
            rank,
            width: geo.width,
        });
    }
    let end = x + n as i32;
    match (x..end).find(|&f| geo.square(f, y).is_none()) {
        Some(f) => Err(PositionError::NonSquareNotStar {
            rank,
            file: file(f),
        }),
        None => Ok(end),
    }
}

/// Position text split into its kinds of fields.
struct Fields<'a> {
    /// The positional fields: at least the board, at most six (Fairy-Stockfish's shogi fields
    /// `w 0 1` widened to six).
    positional: Vec<&'a str>,
    /// The named fields `name:value`.
    named: Vec<&'a str>,
    /// Fairy-Stockfish's checks field (the checks each side has left to give).
    fs_checks: Option<&'a str>,
}

fn split_fields(text: &str) -> Result<Fields<'_>, PositionError> {
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let split = tokens
        .iter()
        .position(|t| t.contains(':'))
        .unwrap_or(tokens.len());
    let (fields, named) = tokens.split_at(split);
    // Fairy-Stockfish writes the checks each side has left to give after the e.p. field.
    let fs_checks = fields
        .iter()
        .skip(3)
        .position(|f| f.contains('+'))
        .map(|i| i + 3);
    let mut fields = fields.to_vec();
    let fs_checks = fs_checks.map(|i| fields.remove(i));
    if fields.is_empty() {
        return Err(PositionError::Empty);
    }
    if fields.len() > 6 {
        return Err(PositionError::TooManyFields(fields.len()));
    }
    // Fairy-Stockfish writes shogi positions without castling and e.p. fields: `w 0 1`.
    let numeric = |i: usize| fields.get(i).is_some_and(|f| f.parse::<u32>().is_ok());
    if fields.len() == 4 && numeric(2) && numeric(3) {
        fields = vec![fields[0], fields[1], "-", "-", fields[2], fields[3]];
    }
    Ok(Fields {
        positional: fields,
        named: named.to_vec(),
        fs_checks,
    })
}

/// `W+B`: a number of checks per player, the first player's first.
fn parse_checks(text: &str) -> Result<ByPlayer<u8>, PositionError> {
    text.split_once('+')
        .and_then(|(w, b)| Some(ByPlayer::new(w.parse().ok()?, b.parse().ok()?)))
        .ok_or_else(|| PositionError::Checks(text.to_string()))
}
