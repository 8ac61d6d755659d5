//! What a square holds: nothing, a piece of a player, or a wall (a vanished square).

use crate::spec::{PieceType, Player};

/// The content of a square in one `u16`: 0 = empty, `u16::MAX` = wall (the square vanished),
/// otherwise `1 + 2 * type + player`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Cell(pub u16);

impl Cell {
    /// Nothing on the square.
    pub const EMPTY: Cell = Cell(0);
    /// A vanished square: no piece may enter it again.
    pub const WALL: Cell = Cell(u16::MAX);

    /// A piece of `player` of type `piece`.
    pub const fn piece(player: Player, piece: PieceType) -> Cell {
        Cell(1 + 2 * piece.0 + player.index() as u16)
    }
    /// True for an empty square.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// True for a vanished square.
    pub const fn is_wall(self) -> bool {
        self.0 == u16::MAX
    }
    /// True for a piece (neither empty nor wall).
    pub const fn is_piece(self) -> bool {
        self.0 != 0 && self.0 != u16::MAX
    }
    /// The owner; only meaningful for pieces.
    pub const fn player(self) -> Player {
        Player::from_index(((self.0 - 1) & 1) as usize)
    }
    /// The piece type; only meaningful for pieces.
    pub const fn piece_type(self) -> PieceType {
        PieceType((self.0 - 1) >> 1)
    }
    /// Index for per-cell tables: `0` empty, `1..` pieces; walls use the last slot of a table
    /// sized by [`Cell::slots`].
    pub const fn slot(self, types: usize) -> usize {
        if self.0 == u16::MAX {
            2 * types + 1
        } else {
            self.0 as usize
        }
    }
    /// Size of a per-cell table for `types` piece types.
    pub const fn slots(types: usize) -> usize {
        2 * types + 2
    }
}
