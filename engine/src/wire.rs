//! Moves as the protocols write them: `e2e4`, `l3l11+`, `e7e8q`, and `e5f6` for e.p.: a move
//! is written from-to whenever that names one legal move, whatever it captures on the way, as
//! GUIs and other engines expect. Only a move that needs them goes leg by leg through the pieces
//! it removes besides its destination (a Lion's `f5f6,f6f7` beside its jump `f5f7`, the igui
//! `f5f6,f6f5`). A pass is `@@@@` (CECP) or the passing square twice (UCI). Both forms are read.

use koma_runtime::spec::PieceType;
use koma_runtime::{FullMove, MoveList, Position, Square};

/// How squares are numbered on the wire.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wire {
    /// The rank number of the bottom row of the grid.
    pub first_rank: i32,
    /// How a pass is written.
    pub pass: PassStyle,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PassStyle {
    /// `@@@@` (XBoard).
    AtSigns,
    /// The square of the passing piece twice, `e5e5` (Fairy-Stockfish's UCI).
    SameSquare,
}

/// Why move text was not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WireError {
    Malformed,
    Illegal,
}

impl Wire {
    /// CECP numbering: ranks from 1, but from 0 on boards of exactly ten ranks (XBoard's rule)
    /// or when `zero_based` is asked for (XBoard's `-rankOffset 1` workaround for 16 ranks).
    pub fn cecp(height: u8, zero_based: bool) -> Wire {
        Wire {
            first_rank: if height == 10 || zero_based { 0 } else { 1 },
            pass: PassStyle::AtSigns,
        }
    }

    /// UCI numbering: ranks from 1.
    pub fn uci() -> Wire {
        Wire {
            first_rank: 1,
            pass: PassStyle::SameSquare,
        }
    }

    pub fn square(&self, pos: &Position, sq: Square) -> String {
        let c = pos.tables().geo().coord(sq);
        format!(
            "{}{}",
            koma_runtime::geometry::file_name(c.x),
            i32::from(c.y) + self.first_rank
        )
    }

    fn parse_square<'a>(&self, pos: &Position, text: &'a str) -> Option<(Square, &'a str)> {
        let (file, text) = koma_runtime::geometry::parse_file(text)?;
        let digits = text.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            return None;
        }
        let rank: i32 = text[..digits].parse().ok()?;
        let sq = pos
            .tables()
            .geo()
            .square(i32::try_from(file).ok()?, rank - self.first_rank)?;
        Some((sq, &text[digits..]))
    }

    /// The side captures the text of `m` shows. None when its plain from-to names it alone
    /// among the moves the pieces' rules allow, legal or not (what a GUI or another engine tells
    /// apart by the squares): other programs write e.p. and every capture the rules imply that
    /// way (`e5f6`). All of them, leg by leg, when another such move has the same squares and
    /// promotion (a Lion capturing on the way or jumping, even when the jump would leave its King
    /// in check), or when the move ends where it began (an igui: a plain `f5f5` reads as a
    /// pass). A mover burned on its own destination is never shown.
    pub fn shown_captures(pos: &Position, m: &FullMove) -> Vec<Square> {
        Wire::shown_captures_among(&Wire::rivals(pos), m)
    }

    /// The moves the text of a move is told apart from: the pseudo-legal ones.
    pub fn rivals(pos: &Position) -> MoveList {
        let mut rivals = MoveList::new();
        pos.pseudo_legal_moves(&mut rivals);
        rivals
    }

    /// As [`Wire::shown_captures`], given the [`Wire::rivals`].
    pub fn shown_captures_among(rivals: &MoveList, m: &FullMove) -> Vec<Square> {
        let same_squares = rivals
            .iter()
            .filter(|o| o.from == m.from && o.to == m.to && o.promotion() == m.promotion())
            .count();
        if m.from != m.to && same_squares <= 1 {
            return Vec::new();
        }
        m.side_captures()
            .iter()
            .copied()
            .filter(|&c| c != m.to)
            .collect()
    }

    /// The text of a legal move; `suffix` writes its promotion (`+`, `q`, or nothing).
    pub fn format(&self, pos: &mut Position, m: &FullMove, suffix: &str) -> String {
        if pos.is_pass(m) {
            return match self.pass {
                PassStyle::AtSigns => "@@@@".to_string(),
                PassStyle::SameSquare => {
                    let s = self.square(pos, m.from);
                    format!("{s}{s}")
                }
            };
        }
        // The blocker (`wall`) is a last leg from the destination, `e2e4,e4d5`: after the
        // promotion in UCI, before it in XBoard (Fairy-Stockfish's forms).
        let wall = m
            .wall()
            .map(|w| format!(",{}{}", self.square(pos, m.to), self.square(pos, w)))
            .unwrap_or_default();
        let (before, after) = match self.pass {
            PassStyle::AtSigns => (wall.as_str(), suffix),
            PassStyle::SameSquare => (suffix, wall.as_str()),
        };
        if let Some(t) = m.dropped_as() {
            // Drops read the same in XBoard and UCI: `P@e5`; one dropped promoted side up
            // (`drop promoted`) names the piece as it lands, `+P@e5` (Fairy-Stockfish's form).
            let id = &pos.tables().spec().pieces[usize::from(t.0)].id;
            let shown = if m.promotion().is_some() {
                id.as_str()
            } else {
                id.trim_start_matches('+')
            };
            return format!("{shown}@{}{wall}", self.square(pos, m.to));
        }
        if let Some((ty, at)) = m.gate() {
            // Fairy-Stockfish's gating: `b1c3h`, and `h1e1h` for a castling that fills its
            // partner's square.
            let letter = pos.gate_letter(ty);
            return match m.castling_partner() {
                Some((partner, _)) if partner == at => format!(
                    "{}{}{letter}",
                    self.square(pos, partner),
                    self.square(pos, m.from)
                ),
                _ => format!(
                    "{}{}{suffix}{letter}",
                    self.square(pos, m.from),
                    self.square(pos, m.to)
                ),
            };
        }
        if let Some((partner, _)) = m.castling_partner()
            && pos.tables().castles_free()
        {
            // Chess960's convention, Fairy-Stockfish's and XBoard's: the king takes its rook.
            return format!("{}{}", self.square(pos, m.from), self.square(pos, partner));
        }
        let shown = Wire::shown_captures(pos, m);
        let mut text = self.square(pos, m.from);
        for &c in &shown {
            let sq = self.square(pos, c);
            text.push_str(&sq);
            text.push(',');
            text.push_str(&sq);
        }
        text.push_str(&self.square(pos, m.to));
        text.push_str(before);
        text.push_str(after);
        text
    }

    /// Splits the blocker's leg off the text of a move of a game with `wall`: the text before
    /// it, the blocker's square, and a promotion written after it (XBoard's order).
    fn split_wall<'t>(
        &self,
        pos: &Position,
        text: &'t str,
    ) -> Result<(&'t str, Option<Square>, &'t str), WireError> {
        if pos.tables().spec().rules.wall.is_none() {
            return Ok((text, None, ""));
        }
        let (head, leg) = text.rsplit_once(',').ok_or(WireError::Illegal)?;
        let (_, rest) = self.parse_square(pos, leg).ok_or(WireError::Malformed)?;
        let (wall, suffix) = self.parse_square(pos, rest).ok_or(WireError::Malformed)?;
        Ok((head, Some(wall), suffix))
    }

    /// How many legs the text of `m` has, given the [`Wire::rivals`].
    pub fn legs(pos: &Position, rivals: &MoveList, m: &FullMove) -> usize {
        if pos.is_pass(m) {
            1
        } else {
            1 + Wire::shown_captures_among(rivals, m).len() + usize::from(m.wall().is_some())
        }
    }

    /// Reads move text against the legal moves. `promotion(pos, m, name)` says whether a
    /// promoting move matches a suffix other than `+` (a piece letter), or a drop its piece.
    pub fn parse(
        &self,
        pos: &mut Position,
        text: &str,
        promotion: &dyn Fn(&Position, &FullMove, &str) -> bool,
    ) -> Result<FullMove, WireError> {
        let text = text.trim();
        let moves = pos.moves();
        if let Some(named) = Wire::named_move(pos, &moves, text) {
            return named;
        }
        let (text, wall, wall_suffix) = self.split_wall(pos, text)?;
        let moves: Vec<FullMove> = moves.into_iter().filter(|m| m.wall() == wall).collect();
        // A drop: `P@e4`, the piece named as the protocol names it.
        if let Some((piece, square)) = text.split_once('@') {
            let (sq, rest) = self.parse_square(pos, square).ok_or(WireError::Malformed)?;
            if !rest.is_empty() || piece.is_empty() {
                return Err(WireError::Malformed);
            }
            return moves
                .iter()
                .find(|m| m.to == sq && m.dropped().is_some() && promotion(pos, m, piece))
                .copied()
                .ok_or(WireError::Illegal);
        }
        let (path, suffix) = self.parse_path(pos, text)?;
        let suffix = if suffix.is_empty() {
            wall_suffix
        } else {
            suffix
        };
        let suffix = suffix.trim_end_matches('=');
        let (from, to) = (path[0], path[path.len() - 1]);
        if let Some(m) = Wire::gating_move(pos, &moves, from, to, suffix) {
            return Ok(m);
        }
        if pos.tables().castles_free()
            && let Some(m) = moves.iter().find(|m| {
                m.from == from
                    && m.castling_partner()
                        .is_some_and(|(partner, _)| partner == to)
            })
        {
            return Ok(*m);
        }
        // The squares passed on the way that hold a piece: the move takes them.
        let kills: Vec<Square> = path[1..path.len() - 1]
            .iter()
            .copied()
            .filter(|&s| pos.piece_at(s).is_some())
            .collect();
        let candidates: Vec<FullMove> = moves
            .iter()
            .copied()
            .filter(|m| m.from == from && m.to == to && m.gate().is_none())
            .filter(|m| kills.iter().all(|k| m.side_captures().contains(k)))
            .collect();
        let candidates = promotions_matching(pos, candidates, suffix, promotion);
        candidates
            .iter()
            .find(|m| m.side_captures() == kills.as_slice())
            .or_else(|| candidates.first())
            .copied()
            .ok_or(WireError::Illegal)
    }

    /// A move written by name rather than by squares: a pass (`@@@@`, `0000`) or castling
    /// (`O-O`, `O-O-O` and the zero forms); `None` for any other text.
    fn named_move(
        pos: &Position,
        moves: &[FullMove],
        text: &str,
    ) -> Option<Result<FullMove, WireError>> {
        let found = if text == "@@@@" || text == "0000" {
            moves.iter().find(|m| pos.is_pass(m))
        } else {
            let towards_higher_files = castling_notation(text)?;
            let geo = pos.tables().geo();
            moves.iter().find(|m| {
                m.castling_partner().is_some_and(|(partner, _)| {
                    (geo.coord(partner).x > geo.coord(m.from).x) == towards_higher_files
                })
            })
        };
        Some(found.copied().ok_or(WireError::Illegal))
    }

    /// The squares of a move written as legs `a1b2,b2c3` (each leg starting where the one
    /// before it ended), and the text after the last square (a promotion suffix).
    fn parse_path<'t>(
        &self,
        pos: &Position,
        text: &'t str,
    ) -> Result<(Vec<Square>, &'t str), WireError> {
        let mut path: Vec<Square> = Vec::new();
        let mut suffix = "";
        let legs: Vec<&str> = text.split(',').collect();
        for (i, leg) in legs.iter().enumerate() {
            let (a, rest) = self.parse_square(pos, leg).ok_or(WireError::Malformed)?;
            let (b, rest) = self.parse_square(pos, rest).ok_or(WireError::Malformed)?;
            if i + 1 < legs.len() && !rest.is_empty() {
                return Err(WireError::Malformed);
            }
            suffix = rest;
            match path.last() {
                None => path.push(a),
                Some(&prev) if prev == a => {}
                Some(_) => return Err(WireError::Malformed),
            }
            path.push(b);
        }
        Ok((path, suffix))
    }
}

/// The `candidates` (moves between the written squares) that `suffix` names: those whose
/// promotion it names (none, `+` for a piece's `+` form, else as `promotion` says), or, with
/// no suffix and none of them plain, the promoting ones (an automatic promotion needs none).
fn promotions_matching(
    pos: &Position,
    mut candidates: Vec<FullMove>,
    suffix: &str,
    promotion: &dyn Fn(&Position, &FullMove, &str) -> bool,
) -> Vec<FullMove> {
    let promotes = |m: &FullMove| match (m.promotion(), suffix) {
        (None, "") => true,
        (Some(p), "+") => pos.tables().spec().pieces[usize::from(p.0)]
            .id
            .starts_with('+'),
        (Some(_), s) if !s.is_empty() && s != "+" => promotion(pos, m, s),
        _ => false,
    };
    let exact: Vec<FullMove> = candidates.iter().copied().filter(|m| promotes(m)).collect();
    if !exact.is_empty() {
        return exact;
    }
    if !suffix.is_empty() && !suffix.starts_with('+') {
        // `q` for a promotion to `+Q`, as written by `plain_promotion`.
        let promoted = format!("+{suffix}");
        let plain: Vec<FullMove> = candidates
            .iter()
            .copied()
            .filter(|m| m.promotion().is_some() && promotion(pos, m, &promoted))
            .collect();
        if !plain.is_empty() {
            return plain;
        }
    }
    if suffix.is_empty() || one_forced_promotion(&candidates) {
        // A forced promotion to a single type also reads with any suffix (ShaMax writes
        // Shatranj's promotion to the Fers `h7h8q`).
        candidates.retain(|m| m.promotion().is_some());
    } else {
        candidates.clear();
    }
    candidates
}

impl Wire {
    /// The gating move `from`-`to` with the gate piece's letter `suffix` (`b1c3h`, or a
    /// castling's `h1e1h` from the partner's square to the castler's), if one is legal.
    fn gating_move(
        pos: &Position,
        moves: &[FullMove],
        from: Square,
        to: Square,
        suffix: &str,
    ) -> Option<FullMove> {
        if suffix.is_empty() {
            return None;
        }
        moves
            .iter()
            .find(|m| {
                let Some((ty, at)) = m.gate() else {
                    return false;
                };
                let squares = match m.castling_partner() {
                    Some((partner, _)) if partner == at => from == partner && to == m.from,
                    _ => from == m.from && to == m.to,
                };
                squares && pos.gate_letter(ty).eq_ignore_ascii_case(suffix)
            })
            .copied()
    }
}

/// A move's promotion as both protocols write it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WirePromotion {
    /// To the mover's own `+` form: written `+`.
    Plus,
    /// To another piece type: written as that piece's letter or ID.
    To(PieceType),
}

/// Whether every move of `candidates` (one from-to) promotes, all to the same type.
fn one_forced_promotion(candidates: &[FullMove]) -> bool {
    let first = candidates.first().and_then(|m| m.promotion());
    first.is_some() && candidates.iter().all(|m| m.promotion() == first)
}

/// Castling as XBoard also accepts it (`O-O`, `O-O-O`, or with zeros): whether the partner
/// stands on a higher file than the castler.
fn castling_notation(text: &str) -> Option<bool> {
    match text.trim_end_matches(['+', '#']) {
        "O-O" | "0-0" => Some(true),
        "O-O-O" | "0-0-0" => Some(false),
        _ => None,
    }
}

/// The type a promotion to `p` is written as: a promoted form `+X` as its base `X`, the way
/// XBoard and Fairy-Stockfish write Crazyhouse's promotions (`e7e8q` for a promoted Queen),
/// unless the mover may also promote to `X` itself.
pub fn plain_promotion(pos: &Position, m: &FullMove, p: PieceType) -> PieceType {
    let ids = &pos.tables().spec().pieces;
    let Some(base) = ids[usize::from(p.0)]
        .id
        .strip_prefix('+')
        .and_then(|b| ids.iter().position(|q| q.id == b))
        .and_then(|b| u16::try_from(b).ok())
        .map(PieceType)
    else {
        return p;
    };
    let choices = pos
        .piece_at(m.from)
        .map(|(_, t)| &ids[usize::from(t.0)].promotions);
    if choices.is_some_and(|c| c.contains(&base)) {
        p
    } else {
        base
    }
}

/// The promotion of a move legal in `pos`, if it promotes.
pub fn wire_promotion(pos: &Position, m: &FullMove) -> Option<WirePromotion> {
    let p = m.promotion()?;
    let ids = &pos.tables().spec().pieces;
    let promoted = &ids[usize::from(p.0)].id;
    let plus = pos
        .piece_at(m.from)
        .is_some_and(|(_, t)| *promoted == format!("+{}", ids[usize::from(t.0)].id));
    Some(if plus {
        WirePromotion::Plus
    } else {
        WirePromotion::To(p)
    })
}
