//! `no-pieces wins|loses`: a side left without a piece, on the board or in hand, wins
//! (Antichess: the goal is to give every piece away) or loses (Horde: the side without a royal
//! loses when its last piece is taken). Fairy-Stockfish calls this extinction of all piece types.

use crate::position::Position;
use crate::result::{GameResult, Reason};
use crate::spec::{Outcome, PieceType, Player};

impl Position {
    /// The result for a side that has no piece left, decided before the side to move moves.
    pub(crate) fn no_pieces_result(&self) -> Option<GameResult> {
        let outcome = self.tables.spec.rules.results.no_pieces?;
        let empty = [self.side, self.side.opponent()]
            .into_iter()
            .find(|&p| !self.has_any_piece(p))?;
        let winner = match outcome {
            Outcome::Win => Some(empty),
            Outcome::Draw => None,
            Outcome::Loss => Some(empty.opponent()),
        };
        Some(GameResult {
            winner,
            reason: Reason::NoPieces,
        })
    }

    /// Whether `p` has a piece on the board or in hand.
    fn has_any_piece(&self, p: Player) -> bool {
        let types = self.tables.piece_count();
        self.side_occ.get(p).0.iter().any(|&w| w != 0)
            || (0..types).any(|t| self.hand_count(p, PieceType(t as u16)) > 0)
    }
}
