//! A position being set up: pieces placed without the checks that play relies on, which
//! becomes a [`Position`] only through [`Setup::into_position`]. Position text
//! ([`Position::from_text`]) and the engine's XBoard reader both build positions this way.

use std::sync::Arc;

use crate::fen::PositionError;
use crate::geometry::Square;
use crate::limits::{self, Exceeded};
use crate::position::Position;
use crate::spec::{PieceType, Player};
use crate::tables::Tables;

/// An unchecked placement of pieces, the side to move and the hands. Chess read from the
/// compiled file, as in the crate's example:
///
/// ```
/// use std::sync::Arc;
/// use koma_runtime::setup::Setup;
/// use koma_runtime::spec::{PieceType, Player};
/// use koma_runtime::{Tables, serialize};
/// let spec = serialize::decode(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/chess.kvar")))?;
/// let chess = Arc::new(Tables::try_new(spec)?);
/// let king = PieceType(chess.spec().pieces.iter().position(|p| p.id == "K").unwrap_or(0) as u16);
/// let square = |name| chess.geo().parse_square(name).expect("a square");
/// let mut setup = Setup::new(chess.clone());
/// setup.put(square("e1"), Some((Player::First, king)))?;
/// setup.put(square("e8"), Some((Player::Second, king)))?;
/// let mut kings = setup.into_position()?;
/// assert_eq!(kings.moves().len(), 5);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Setup {
    pos: Position,
}

impl Setup {
    /// An empty board of the variant, the first player to move, empty hands.
    pub fn new(tables: Arc<Tables>) -> Setup {
        Setup {
            pos: Position::empty(tables),
        }
    }

    /// The variant being set up.
    pub fn tables(&self) -> &Arc<Tables> {
        self.pos.tables()
    }

    /// Puts a piece (or nothing) on a square of the board.
    pub fn put(
        &mut self,
        sq: Square,
        piece: Option<(Player, PieceType)>,
    ) -> Result<(), PositionError> {
        let squares = self.tables().geo.len();
        if sq.index() >= squares {
            return Err(PositionError::SquareIndex {
                index: sq.index(),
                squares,
            });
        }
        let types = self.tables().piece_count();
        if let Some((_, t)) = piece
            && usize::from(t.0) >= types
        {
            return Err(PositionError::PieceIndex { index: t.0, types });
        }
        self.pos.put(sq, piece);
        Ok(())
    }

    /// Sets the player to move.
    pub fn set_side_to_move(&mut self, side: Player) {
        self.pos.set_side_to_move(side);
    }

    /// The position, once what play relies on holds: no more royals a side than the legality
    /// test tracks, and in a game with hands no more pieces than a hand can count.
    pub fn into_position(self) -> Result<Position, PositionError> {
        self.check_royal_count()?;
        self.check_hand_pieces()?;
        Ok(self.pos)
    }

    /// The position under construction, for the position-text reader's board and hand fields.
    pub(crate) fn position_mut(&mut self) -> &mut Position {
        &mut self.pos
    }

    fn check_royal_count(&self) -> Result<(), PositionError> {
        let (board, t) = (&self.pos.board, self.tables());
        for player in [Player::First, Player::Second] {
            let count = board
                .iter()
                .filter(|c| c.is_piece() && c.player() == player && t.cell_is_royal(**c))
                .count();
            if count > limits::MAX_ROYALS {
                return Err(PositionError::Exceeds(Exceeded::Royals { player, count }));
            }
        }
        Ok(())
    }

    /// In a game with hands any piece may end in one hand, which counts in a `u8`: more
    /// pieces than that is an error, never a hand that silently drops one.
    fn check_hand_pieces(&self) -> Result<(), PositionError> {
        if !self.pos.has_hands() {
            return Ok(());
        }
        let on_board = self.pos.board.iter().filter(|c| c.is_piece()).count();
        let in_hand: usize = self.pos.hands.iter().map(|&n| usize::from(n)).sum();
        let count = on_board + in_hand;
        if count > limits::MAX_PIECES_WITH_HANDS {
            return Err(PositionError::Exceeds(Exceeded::HandPieces { count }));
        }
        Ok(())
    }
}
