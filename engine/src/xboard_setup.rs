//! What XBoard needs to show a variant it has never heard of: one XBoard piece ID per koma piece
//! type (a letter, dressed with `'` or `!` when letters run out; `+X` for a promoted form), the
//! piece-to-char table of the `setup` command, `piece` commands with each piece's XBetza where
//! XBoard 4.9.1 can read it, and positions as XBoard FEN. XBoard's limits (16x16, 66 piece types
//! a side, 12 files with holdings) are checked here and reported as typed errors.

use std::sync::Arc;

use koma_runtime::fen::PositionError;
use koma_runtime::spec::{PieceType, Player};
use koma_runtime::{Position, Setup, Tables};

/// Slots of XBoard's piece table (per side), the last one being the King's.
const SLOTS: usize = 66;
const KING_SLOT: usize = SLOTS - 1;
/// Slots with built-in meaning: Pawn (0) and Lance (18) auto-promote on the last rank, and a
/// plain entry in 11..=21 is read as the promoted partner of slot - 11.
const PROMOTED_SLOTS: std::ops::RangeInclusive<usize> = 11..=21;

/// Why XBoard cannot show a variant.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum XboardLimit {
    #[error("XBoard shows boards up to 16x16; `{variant}` is {width}x{height}")]
    Board {
        variant: String,
        width: u8,
        height: u8,
    },
    #[error("XBoard shows at most {SLOTS} piece types a side; `{variant}` has {count}")]
    PieceTypes { variant: String, count: usize },
    #[error("`{variant}` has more piece types than XBoard has letters")]
    Letters { variant: String },
}

/// Why an XBoard FEN could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum XboardFenError {
    #[error("empty position")]
    Empty,
    #[error("{found} ranks, the board has {expected}")]
    Ranks { found: usize, expected: u8 },
    #[error("rank {rank}: `+` without a piece")]
    PlusWithoutPiece { rank: usize },
    #[error("unknown piece `{token}`")]
    UnknownPiece { token: String },
    #[error("piece `{token}` off the board")]
    OffBoard { token: String },
    /// The placement is readable but not a position koma can play (too many royals, ...).
    #[error("{0}")]
    Position(#[from] PositionError),
}

/// XBoard's names for a variant's pieces.
#[derive(Clone, Debug)]
pub struct XboardPieces {
    /// Per koma piece type, its XBoard FEN text for the first player (`N`, `N'`, `+P`).
    pub ids: Vec<String>,
    /// The `setup` piece-to-char table.
    pub table: String,
}

impl XboardPieces {
    /// Assigns XBoard IDs, or says why XBoard cannot show the variant.
    pub fn new(tables: &Tables) -> Result<XboardPieces, XboardLimit> {
        let spec = &tables.spec();
        let (w, h) = (spec.board.width, spec.board.height);
        if w > 16 || h > 16 {
            return Err(XboardLimit::Board {
                variant: spec.name.clone(),
                width: w,
                height: h,
            });
        }
        let n = spec.pieces.len();
        let index_of = |id: &str| spec.pieces.iter().position(|p| p.id == id);
        // A promoted type `+X` whose base `X` exists is written `+` and the base's ID.
        let base_of: Vec<Option<usize>> = spec
            .pieces
            .iter()
            .map(|p| p.id.strip_prefix('+').and_then(index_of))
            .collect();
        let king = (0..n)
            .filter(|&t| tables.is_royal(PieceType(t as u16)) && base_of[t].is_none())
            .min_by_key(|&t| spec.pieces[t].id != "K");
        let mut slots: Vec<Option<String>> = vec![None; SLOTS];
        let mut ids: Vec<String> = vec![String::new(); n];
        let mut used: Vec<String> = Vec::new();
        // Plain pieces avoid the promoted-partner slots and the auto-promoting Pawn and
        // Lance slots while others are free; promoted forms go to the partner slots first.
        let plain_order: Vec<usize> = (1..=10)
            .chain(22..KING_SLOT)
            .chain(PROMOTED_SLOTS.filter(|&s| s != 18))
            .chain([0, 18])
            .collect();
        let promoted_order: Vec<usize> = PROMOTED_SLOTS
            .filter(|&s| s != 18)
            .chain(22..KING_SLOT)
            .chain(1..=10)
            .chain([0, 18])
            .collect();
        // The King first, so that it gets the letter `K`.
        let order: Vec<usize> = king
            .into_iter()
            .chain((0..n).filter(|&t| Some(t) != king))
            .collect();
        for t in order {
            if base_of[t].is_some() {
                continue;
            }
            let id = pick_id(&spec.pieces[t].id, &spec.pieces[t].name, &used).ok_or_else(|| {
                XboardLimit::Letters {
                    variant: spec.name.clone(),
                }
            })?;
            used.push(id.clone());
            let slot = if Some(t) == king {
                KING_SLOT
            } else {
                free_slot(&slots, &plain_order).ok_or_else(|| too_many(&spec.name, n))?
            };
            slots[slot] = Some(id.clone());
            ids[t] = id;
        }
        for t in 0..n {
            if let Some(b) = base_of[t] {
                let slot =
                    free_slot(&slots, &promoted_order).ok_or_else(|| too_many(&spec.name, n))?;
                slots[slot] = Some(format!("^{}", ids[b]));
                ids[t] = format!("+{}", ids[b]);
            }
        }
        let white: String = slots
            .iter()
            .map(|s| s.clone().unwrap_or_else(|| ".".to_string()))
            .collect();
        let black = white.to_ascii_lowercase();
        Ok(XboardPieces {
            ids,
            table: format!("{white}{black}"),
        })
    }

    /// The XBoard ID of a piece for a player.
    pub fn text(&self, t: PieceType, player: Player) -> String {
        let id = &self.ids[usize::from(t.0)];
        match player {
            Player::First => id.clone(),
            Player::Second => id.to_ascii_lowercase(),
        }
    }

    /// The promotion suffix letter for a promotion to `t` that is not a `+` promotion.
    pub fn letter(&self, t: PieceType) -> String {
        self.ids[usize::from(t.0)].to_ascii_lowercase()
    }

    /// The position as XBoard FEN: `*` for holes and vanished squares.
    pub fn fen(&self, pos: &Position) -> String {
        let geo = &pos.tables().geo();
        let mut rows = Vec::new();
        for y in (0..i32::from(geo.height)).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for x in 0..i32::from(geo.width) {
                let cell = geo.square(x, y);
                let text = match cell {
                    None => Some("*".to_string()),
                    Some(s) if pos.is_vanished(s) => Some("*".to_string()),
                    Some(s) => pos.piece_at(s).map(|(p, t)| self.text(t, p)),
                };
                match text {
                    None => empty += 1,
                    Some(t) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push_str(&t);
                    }
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            rows.push(row);
        }
        let side = match pos.side_to_move() {
            Player::First => 'w',
            Player::Second => 'b',
        };
        format!(
            "{} {side} - - {} {}",
            rows.join("/"),
            pos.halfmove_clock(),
            pos.fullmove_number()
        )
    }

    /// Reads an XBoard FEN written with these IDs.
    pub fn parse_fen(&self, tables: &Arc<Tables>, fen: &str) -> Result<Position, XboardFenError> {
        let mut fields = fen.split_whitespace();
        let board = fields.next().ok_or(XboardFenError::Empty)?;
        let board = board.split('[').next().unwrap_or(board);
        let geo = tables.geo();
        let mut setup = Setup::new(tables.clone());
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != usize::from(geo.height) {
            return Err(XboardFenError::Ranks {
                found: rows.len(),
                expected: geo.height,
            });
        }
        for (r, row) in rows.iter().enumerate() {
            let y = i32::from(geo.height) - 1 - r as i32;
            let mut x = 0i32;
            let chars: Vec<char> = row.chars().collect();
            let mut i = 0;
            while i < chars.len() {
                let c = chars[i];
                if c.is_ascii_digit() {
                    let mut n = 0i32;
                    while i < chars.len() && chars[i].is_ascii_digit() {
                        n = n * 10 + chars[i].to_digit(10).unwrap_or(0) as i32;
                        i += 1;
                    }
                    x += n;
                    continue;
                }
                if c == '*' {
                    x += 1;
                    i += 1;
                    continue;
                }
                let mut token = String::new();
                if c == '+' {
                    token.push('+');
                    i += 1;
                }
                let Some(&letter) = chars.get(i) else {
                    return Err(XboardFenError::PlusWithoutPiece { rank: r + 1 });
                };
                token.push(letter);
                i += 1;
                while let Some(&d) = chars
                    .get(i)
                    .filter(|d| **d == '\'' || **d == '!' || **d == '~')
                {
                    if d != '~' {
                        token.push(d);
                    }
                    i += 1;
                }
                let player = if letter.is_ascii_uppercase() {
                    Player::First
                } else {
                    Player::Second
                };
                let wanted = token.to_ascii_uppercase();
                let t = self
                    .ids
                    .iter()
                    .position(|id| *id == wanted)
                    .ok_or_else(|| XboardFenError::UnknownPiece {
                        token: token.clone(),
                    })?;
                let sq = geo.square(x, y).ok_or_else(|| XboardFenError::OffBoard {
                    token: token.clone(),
                })?;
                setup.put(sq, Some((player, PieceType(t as u16))))?;
                x += 1;
            }
        }
        if fields.next() == Some("b") {
            setup.set_side_to_move(Player::Second);
        }
        Ok(setup.into_position()?)
    }
}

fn free_slot(slots: &[Option<String>], order: &[usize]) -> Option<usize> {
    order.iter().copied().find(|&s| slots[s].is_none())
}

fn too_many(name: &str, n: usize) -> XboardLimit {
    XboardLimit::PieceTypes {
        variant: name.to_string(),
        count: n,
    }
}

/// An unused XBoard ID for a piece: a letter of its ID or name, then dressed forms.
fn pick_id(id: &str, name: &str, used: &[String]) -> Option<String> {
    let letters: Vec<char> = id
        .chars()
        .chain(name.chars())
        .filter(char::is_ascii_alphabetic)
        .map(|c| c.to_ascii_uppercase())
        .collect();
    let free = |s: &String| !used.contains(s);
    let first = letters.first().copied();
    letters
        .iter()
        .map(|c| c.to_string())
        .chain(
            first
                .into_iter()
                .flat_map(|c| [format!("{c}'"), format!("{c}!")]),
        )
        .chain(('A'..='Z').map(|c| c.to_string()))
        .chain(('A'..='Z').flat_map(|c| [format!("{c}'"), format!("{c}!")]))
        .find(free)
}
