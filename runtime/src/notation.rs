//! Move text in coordinate notation: `e2e4`, `e7e8=Q`, `b8b9+` (shogi-style promotion to the
//! piece's `+` form), `f5xf6g7` (captures on the way listed between the squares), `c1c2!b3`
//! (burns listed after the move), `pass`, `e1g1` (castling as the king's move; `e1h1`, the king
//! taking its partner, under `castling to`), `d4d7@d4`
//! (unloading), `P@e4` (a drop from the hand), `e2e4,e4d5` (a blocker put on d5 with the move),
//! `b1c3h` and `h1e1h` (gating), as Fairy-Stockfish writes them. Documented in docs/positions.md.

use crate::fen::piece_text;
use crate::geometry::Square;
use crate::moves::{FullMove, Move, MoveError, MoveKind, MoveRef};
use crate::position::Position;
use crate::spec::{PieceType, Player};

impl Position {
    /// Every square whose piece a move legal in this position removes: the side captures, and
    /// the destination when it holds a victim (a self-burned mover is listed once).
    pub fn removed_squares<'a>(&self, m: impl Into<MoveRef<'a>>) -> Vec<Square> {
        let m = m.into();
        let mut squares = m.side_captures().to_vec();
        if m.to != m.from
            && m.kind() != MoveKind::Castle
            && self.piece_at(m.to).is_some()
            && !squares.contains(&m.to)
        {
            squares.push(m.to);
        }
        squares
    }

    /// The piece type a move legal in this position moves or drops.
    pub fn moving_piece(&self, m: &Move) -> Option<PieceType> {
        m.dropped().or(self.piece_at(m.from).map(|(_, ty)| ty))
    }

    /// The move's kind in words: `pass`, `normal`, `castle`, `unload` or `drop`.
    pub fn move_kind_name(&self, m: &Move) -> &'static str {
        if self.is_pass(m) {
            return "pass";
        }
        match m.kind() {
            MoveKind::Normal => "normal",
            MoveKind::Castle => "castle",
            MoveKind::Unload => "unload",
            MoveKind::Drop => "drop",
        }
    }

    /// The text of a move legal in this position.
    pub fn move_text<'a>(&self, m: impl Into<MoveRef<'a>>) -> String {
        let m = m.into();
        if self.is_pass(&m) {
            return "pass".to_string();
        }
        let mut s = self.move_text_unwalled(m);
        if let Some(w) = m.wall() {
            // Fairy-Stockfish's form: a second leg from the destination to the blocker.
            let geo = &self.tables.geo;
            s.push(',');
            s.push_str(&geo.name(m.to));
            s.push_str(&geo.name(w));
        }
        s
    }

    /// The move's text without its blocker.
    fn move_text_unwalled(&self, m: MoveRef<'_>) -> String {
        let geo = &self.tables.geo;
        if let Some(ty) = m.dropped() {
            let id = &self.tables.spec.pieces[usize::from(ty.0)].id;
            let mut s = format!("{}@{}", piece_text(id, Player::First), geo.name(m.to));
            if let Some(p) = m.promotion() {
                self.push_promotion(&mut s, Some(id.as_str()), p);
            }
            return s;
        }
        if let Some(text) = self.partner_gate_text(&m) {
            return text;
        }
        if let Some((partner, _)) = m.castling_partner()
            && self.tables.castles_free()
        {
            // Chess960's convention: the castler takes its partner (`e1h1`), which also
            // names a castling whose castler stays where it is.
            let mut s = format!("{}{}", geo.name(m.from), geo.name(partner));
            if let Some((ty, _)) = m.gate() {
                s.push_str(&self.gate_letter(ty));
            }
            return s;
        }
        let mut s = geo.name(m.from);
        for c in m.captures_on_the_way() {
            s.push('x');
            s.push_str(&geo.name(c));
        }
        s.push_str(&geo.name(m.to));
        if let Some(p) = m.promotion() {
            let pieces = &self.tables.spec.pieces;
            let mover = self
                .piece_at(m.from)
                .map(|(_, t)| pieces[usize::from(t.0)].id.as_str());
            self.push_promotion(&mut s, mover, p);
        }
        if let Some(u) = m.unload_square() {
            s.push('@');
            s.push_str(&geo.name(u));
        }
        for b in m.burns() {
            s.push('!');
            s.push_str(&geo.name(b));
        }
        if let Some((ty, _)) = m.gate() {
            s.push_str(&self.gate_letter(ty));
        }
        s
    }

    /// Appends a promotion into `p` of the piece `mover`: `+` when `p` is its `+` form, else
    /// `=` and `p`'s ID.
    fn push_promotion(&self, s: &mut String, mover: Option<&str>, p: PieceType) {
        let promoted = &self.tables.spec.pieces[usize::from(p.0)].id;
        if mover.is_some_and(|id| *promoted == format!("+{id}")) {
            s.push('+');
        } else {
            s.push('=');
            s.push_str(&piece_text(promoted, Player::First));
        }
    }

    /// The piece a gating move brings, as Fairy-Stockfish writes it after the squares: its
    /// lower-case letter (`b1c3h`).
    pub fn gate_letter(&self, ty: PieceType) -> String {
        piece_text(
            &self.tables.spec.pieces[usize::from(ty.0)].id,
            Player::Second,
        )
    }

    /// A castling that gates onto its partner's square, as Fairy-Stockfish writes it: from the
    /// partner's square to the castler's, then the piece (`h1e1h`).
    fn partner_gate_text(&self, m: &Move) -> Option<String> {
        let (ty, at) = m.gate()?;
        let (partner, _) = m.castling_partner()?;
        if at != partner {
            return None;
        }
        let geo = &self.tables.geo;
        Some(format!(
            "{}{}{}",
            geo.name(partner),
            geo.name(m.from),
            self.gate_letter(ty)
        ))
    }

    /// Parses move text against the legal moves. Exact notation always matches; shorter forms
    /// are accepted when they name one move: side captures may be left out, and a chess-style
    /// lower-case promotion letter (`e7e8q`) is read as `=Q`.
    pub fn parse_move(&mut self, text: &str) -> Result<FullMove, MoveError> {
        let text = text.trim();
        let moves = self.moves();
        if let Some(m) = moves.iter().find(|&m| self.move_text(m) == text) {
            return Ok(*m);
        }
        let (text, wall) = self.split_wall(text)?;
        let moves: Vec<FullMove> = moves
            .into_iter()
            .filter(|m| wall.is_none_or(|w| m.wall() == Some(w)))
            .collect();
        if let Some((piece, square)) = text.split_once('@')
            && !piece.is_empty()
            && self.tables.geo.parse_square_prefix(piece).is_none()
        {
            return self.parse_drop(text, piece, square, &moves);
        }
        let parsed = self.parse_parts(text)?;
        let candidates: Vec<FullMove> = moves
            .into_iter()
            .filter(|m| {
                // A gating move's text always matches exactly (above).
                m.from == parsed.from
                    && m.to == parsed.to
                    && m.gate().is_none()
                    && parsed
                        .captures
                        .as_ref()
                        .is_none_or(|c| c.iter().copied().eq(m.captures_on_the_way()))
                    && parsed
                        .burns
                        .as_ref()
                        .is_none_or(|b| b.iter().copied().eq(m.burns()))
                    && self.promotion_matches(m, parsed.promotion.as_deref())
            })
            .collect();
        match candidates.len() {
            0 => Err(MoveError::Illegal {
                text: text.to_string(),
            }),
            1 => Ok(candidates[0]),
            _ => {
                let choices = candidates.iter().map(|m| self.move_text(m)).collect();
                Err(MoveError::Ambiguous { choices })
            }
        }
    }

    /// Splits the blocker's leg `,e4d5` off move text: the text before, and the blocker's
    /// square (none without the leg).
    fn split_wall<'t>(&self, text: &'t str) -> Result<(&'t str, Option<Square>), MoveError> {
        let Some((head, leg)) = text.split_once(',') else {
            return Ok((text, None));
        };
        let geo = &self.tables.geo;
        let wall = geo
            .parse_square_prefix(leg)
            .and_then(|(_, rest)| geo.parse_square(rest))
            .ok_or_else(|| MoveError::Malformed {
                text: text.to_string(),
                drop: false,
            })?;
        Ok((head, Some(wall)))
    }

    /// `P@e4`, `p@e4`, `[FD]@e4`, `+P@e4`: a drop; `P@e4+` or `P@e4=R` drops it promoted
    /// side up (`drop promoted`), which `+P@e4` (Fairy-Stockfish's form) also names when no
    /// `+P` is in hand.
    fn parse_drop(
        &self,
        text: &str,
        piece: &str,
        square: &str,
        moves: &[FullMove],
    ) -> Result<FullMove, MoveError> {
        let malformed = || MoveError::Malformed {
            text: text.to_string(),
            drop: true,
        };
        let (square, wanted) = match square.find(['+', '=']) {
            Some(i) => {
                let suffix = &square[i..];
                let w = suffix.strip_prefix('=').unwrap_or(suffix);
                (
                    &square[..i],
                    Some(w.replace(['[', ']'], "").to_ascii_uppercase()),
                )
            }
            None => (square, None),
        };
        let to = self.tables.geo.parse_square(square).ok_or_else(malformed)?;
        let id = piece.replace(['[', ']'], "").to_ascii_uppercase();
        let id_of = |t: PieceType| &self.tables.spec.pieces[usize::from(t.0)].id;
        let on_to = || moves.iter().filter(|m| m.to == to);
        let by_hand = |m: &&FullMove| {
            m.dropped().is_some_and(|t| *id_of(t) == id)
                && self.promotion_matches(m, wanted.as_deref())
        };
        // Fairy-Stockfish's `+P@e4`: the piece as it lands, when no hand piece has that ID.
        let by_placed = |m: &&FullMove| {
            wanted.is_none()
                && m.promotion().is_some()
                && m.dropped_as().is_some_and(|t| *id_of(t) == id)
        };
        on_to()
            .find(by_hand)
            .or_else(|| on_to().find(by_placed))
            .copied()
            .ok_or_else(|| MoveError::Illegal {
                text: text.to_string(),
            })
    }

    fn promotion_matches(&self, m: &Move, wanted: Option<&str>) -> bool {
        match (m.promotion(), wanted) {
            (None, None) => true,
            (Some(p), Some(w)) => {
                let id = &self.tables.spec.pieces[usize::from(p.0)].id;
                w == "+" && id.starts_with('+') || id.eq_ignore_ascii_case(w)
            }
            _ => false,
        }
    }

    fn parse_parts(&self, text: &str) -> Result<Parts, MoveError> {
        let geo = &self.tables.geo;
        let malformed = || MoveError::Malformed {
            text: text.to_string(),
            drop: false,
        };
        let (from, mut rest) = geo.parse_square_prefix(text).ok_or_else(malformed)?;
        let mut caps = Vec::new();
        while let Some(r) = rest.strip_prefix('x') {
            let (sq, r) = geo.parse_square_prefix(r).ok_or_else(malformed)?;
            caps.push(sq);
            rest = r;
        }
        let (to, rest) = geo.parse_square_prefix(rest).ok_or_else(malformed)?;
        let (rest, burns) = match rest.split_once('!') {
            Some((a, b)) => {
                let mut burns = Vec::new();
                for name in b.split('!') {
                    burns.push(geo.parse_square(name).ok_or_else(malformed)?);
                }
                burns.sort();
                (a, Some(burns))
            }
            None => (rest, None),
        };
        let (rest, _unload) = match rest.split_once('@') {
            Some((a, b)) => (a, Some(b)),
            None => (rest, None),
        };
        let promotion = if rest.is_empty() {
            None
        } else if rest == "+" {
            Some("+".to_string())
        } else if let Some(id) = rest.strip_prefix('=') {
            Some(
                id.trim_start_matches('[')
                    .replace(']', "")
                    .replace("+[", "+")
                    .to_ascii_uppercase(),
            )
        } else if rest.chars().all(|c| c.is_ascii_lowercase()) {
            Some(rest.to_ascii_uppercase())
        } else {
            return Err(malformed());
        };
        caps.sort();
        Ok(Parts {
            from,
            to,
            captures: (!caps.is_empty()).then_some(caps),
            burns,
            promotion,
        })
    }
}

struct Parts {
    from: crate::geometry::Square,
    to: crate::geometry::Square,
    captures: Option<Vec<crate::geometry::Square>>,
    /// The squares after `!`, sorted; `None` when the text lists no burn.
    burns: Option<Vec<crate::geometry::Square>>,
    promotion: Option<String>,
}
