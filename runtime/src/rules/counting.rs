//! Counting (`counting board-honour|pieces-honour|without`, Makruk): once no `without` piece is
//! left on the board, a side counts the moves the other side has to win in; past its count the
//! game is drawn. The state (the count in plies and the plies counted) lives in the position,
//! is restored by unmake and written by position text (`count:PLY/LIMIT`). The starts and
//! restarts follow Fairy-Stockfish's `MAKRUK_COUNTING` (see `spec::CountingSpec`); `up-to` and
//! `unblocked` give its `CAMBODIAN_COUNTING`.

use crate::position::Position;
use crate::result::{GameResult, Reason};
use crate::spec::{CountingSpec, Player};

/// The counting state: `limit` plies allowed (0: no counting yet), `ply` plies counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CountState {
    /// Plies allowed; 0 while counting has not started.
    pub limit: u16,
    /// Plies counted.
    pub ply: u16,
}

impl Position {
    /// The number of pieces `p` has on the board.
    fn pieces_of(&self, p: Player) -> usize {
        (0..self.tables.piece_count())
            .map(|t| self.count(p, crate::spec::PieceType(t as u16)))
            .sum()
    }

    /// The count of `side` in moves (0: it has none), as `spec::CountingSpec` defines it.
    fn count_limit(&self, spec: &CountingSpec, side: Player) -> u16 {
        let blocked = spec
            .without
            .iter()
            .any(|&t| self.count(Player::First, t) + self.count(Player::Second, t) > 0);
        let other = side.opponent();
        let own = self.pieces_of(side);
        let too_many = spec.board_up_to.is_some_and(|m| own > usize::from(m));
        if too_many || self.pieces_of(other) == 1 || (blocked && !spec.board_unblocked) {
            return 0;
        }
        if own > 1 {
            return spec.board_honour.unwrap_or(0);
        }
        if blocked {
            // `unblocked`: the `without` pieces stop the pieces' honour alone.
            return 0;
        }
        spec.pieces_honour
            .iter()
            .find(|h| {
                h.pieces
                    .iter()
                    .all(|&(t, n)| self.count(other, t) >= usize::from(n))
            })
            .map(|h| h.moves)
            .or(spec.pieces_default)
            .or(spec.board_honour)
            .unwrap_or(0)
    }

    /// Updates the counting state after the move just played (`make` calls it).
    pub(crate) fn count_move(&mut self) {
        let tables = self.tables.clone();
        let Some(spec) = &tables.spec.rules.counting else {
            return;
        };
        let Some(m) = self.last_move() else { return };
        let (mut captured, mut took_without) = (false, false);
        self.last_move_pieces(|_, taken| {
            captured = !taken.is_empty();
            took_without = taken.iter().any(|c| spec.without.contains(&c.piece_type()));
            true
        });
        let promoted = m.promotion().is_some();
        let mover = self.side.opponent();
        let side = self.side;
        let mut c = self.counting;
        if c.limit != 0 {
            c.ply = c.ply.saturating_add(1);
        }
        let total = (self.pieces_of(Player::First) + self.pieces_of(Player::Second)) as u16;
        let mover_limit = self.count_limit(spec, mover);
        if took_without && self.pieces_of(mover) == 1 && mover_limit > 0 && !spec.from_zero {
            c = CountState {
                limit: 2 * mover_limit,
                ply: (2 * total).saturating_sub(1),
            };
        }
        let side_limit = self.count_limit(spec, side);
        let bared = (captured || promoted) && self.pieces_of(side) == 1;
        if (c.limit == 0 || bared) && side_limit > 0 {
            c = CountState {
                limit: 2 * side_limit,
                ply: if self.pieces_of(side) > 1 || spec.from_zero {
                    0
                } else {
                    2 * total
                },
            };
        }
        self.counting = c;
    }

    /// A draw once the plies counted pass the count (the caller has seen that the side to move
    /// has a legal move: a mate on the last counted move still wins).
    pub(crate) fn counting_result(&self) -> Option<GameResult> {
        let c = self.counting;
        (self.tables.spec.rules.counting.is_some() && c.limit > 0 && c.ply > c.limit).then_some(
            GameResult {
                winner: None,
                reason: Reason::Counting,
            },
        )
    }

    /// The counting state (for position text and tests).
    pub fn count_state(&self) -> CountState {
        self.counting
    }

    /// Sets the counting state (position text).
    pub fn set_count_state(&mut self, state: CountState) {
        self.counting = state;
    }
}
