//! Freezing: a piece in the area of an enemy freezer generates no move at all (not even a
//! pass) until the freezer leaves or is captured; immune pieces are never frozen.

use crate::cell::Cell;
use crate::geometry::Square;
use crate::position::Position;

impl Position {
    /// Whether the piece `c` standing on `sq` is frozen by an enemy freezer.
    pub(crate) fn is_frozen(&self, sq: Square, c: Cell) -> bool {
        let enemy = c.player().opponent();
        let ty = usize::from(c.piece_type().0);
        self.tables.rules.freezes.iter().any(|f| {
            !f.immune[ty]
                && f.reverse.get(enemy)[sq.index()].iter().any(|&r| {
                    let e = self.board[r.index()];
                    e.is_piece() && e.player() == enemy && f.freezer[usize::from(e.piece_type().0)]
                })
        })
    }

    /// Whether the piece `c` on `sq` can move at all, so can attack: a frozen piece neither
    /// moves nor captures, so it gives no check.
    #[inline]
    pub(crate) fn can_act(&self, sq: Square, c: Cell) -> bool {
        self.tables.rules.freezes.is_empty() || !self.is_frozen(sq, c)
    }

    /// Whether `c` freezes anything: moving it away may thaw enemy attackers.
    pub(crate) fn is_freezer(&self, c: Cell) -> bool {
        let ty = usize::from(c.piece_type().0);
        self.tables.rules.freezes.iter().any(|f| f.freezer[ty])
    }
}
