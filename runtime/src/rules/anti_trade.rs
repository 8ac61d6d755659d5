//! Anti-trade: `attackers` may not capture `victims` always, or when the capturer could be
//! recaptured at once on its destination, with Chu Shogi's exceptions (adjacent victim, a
//! "bridge" capture of another piece) and its counter-strike rule.

use crate::cell::Cell;
use crate::moves::{MAX_CAPTURES, MoveRef};
use crate::position::Position;
use crate::spec::{AntiTradeSpec, AntiTradeWhen, PieceType};

impl Position {
    /// Whether a pseudo-legal move of the side to move breaks an anti-trade clause.
    #[inline]
    pub(crate) fn breaks_anti_trade(&mut self, m: MoveRef<'_>) -> bool {
        // Every clause needs a victim taken: most moves, decided without the list.
        self.takes_trade_victim(m) && self.victim_trade_forbidden(m)
    }

    /// [`Position::breaks_anti_trade`] for a move that takes a victim of some clause.
    fn victim_trade_forbidden(&mut self, m: MoveRef<'_>) -> bool {
        let mover = self.board[m.from.index()];
        if !mover.is_piece() {
            return false;
        }
        let (removed, n) = self.removed_by(m);
        let removed = &removed[..n];
        if removed.is_empty() {
            return false;
        }
        // Only captures get here: the reference count is not touched for the other moves.
        let tables = self.tables.clone();
        for spec in &tables.spec.rules.anti_trade {
            let attacker = spec.attackers.contains(&mover.piece_type());
            if attacker && self.forbidden_trade(spec, m, removed) {
                return true;
            }
            if spec.counter_strike && !attacker && self.counter_strike(spec, removed) {
                return true;
            }
        }
        false
    }

    /// Whether the move removes a piece that some clause names as a victim (the pieces
    /// [`Position::removed_by`] lists, read straight off the board).
    #[inline]
    fn takes_trade_victim(&self, m: MoveRef<'_>) -> bool {
        let victims = &self.tables.rules.trade_victim;
        let victim = |s: crate::geometry::Square| {
            let c = self.board[s.index()];
            c.is_piece()
                && victims
                    .get(usize::from(c.piece_type().0))
                    .copied()
                    .unwrap_or(false)
        };
        (m.to != m.from && victim(m.to))
            || m.side_captures().iter().any(|&s| s != m.from && victim(s))
    }

    /// The squares and pieces a move removes (destination and side captures), before it is made.
    fn removed_by(
        &self,
        m: MoveRef<'_>,
    ) -> ([(crate::geometry::Square, Cell); MAX_CAPTURES + 1], usize) {
        let mut out = [(m.to, Cell::EMPTY); MAX_CAPTURES + 1];
        let mut n = 0;
        let dest = self.board[m.to.index()];
        if m.to != m.from && dest.is_piece() {
            out[n] = (m.to, dest);
            n += 1;
        }
        for &s in m.side_captures() {
            let c = self.board[s.index()];
            if c.is_piece() && s != m.to && s != m.from {
                out[n] = (s, c);
                n += 1;
            }
        }
        (out, n)
    }

    /// An attacker's capture of victims that the clause forbids.
    fn forbidden_trade(
        &mut self,
        spec: &AntiTradeSpec,
        m: MoveRef<'_>,
        removed: &[(crate::geometry::Square, Cell)],
    ) -> bool {
        let is_victim = |c: Cell| spec.victims.contains(&c.piece_type());
        let hit = removed.iter().any(|&(s, c)| {
            is_victim(c) && !(spec.except_adjacent && self.distance(s, m.from) == 1)
        });
        if !hit {
            return false;
        }
        let bridge = !spec.except_bridge_capture_not.is_empty()
            && removed.iter().any(|&(_, c)| {
                !is_victim(c) && !spec.except_bridge_capture_not.contains(&c.piece_type())
            });
        if bridge {
            return false;
        }
        match spec.when {
            AntiTradeWhen::Always => true,
            AntiTradeWhen::Protected => {
                let me = self.side;
                self.make(m);
                let protected =
                    self.board[m.to.index()].is_piece() && self.is_attacked(m.to, me.opponent());
                self.unmake();
                protected
            }
        }
    }

    /// Counter-strike: the opponent's last move took a victim with a non-attacker, and this
    /// move takes a victim with a non-attacker too. Before any move was played, the position
    /// text's `last:strike` says what the last move did.
    fn counter_strike(
        &self,
        spec: &AntiTradeSpec,
        removed: &[(crate::geometry::Square, Cell)],
    ) -> bool {
        let in_list = |list: &[PieceType], c: Cell| list.contains(&c.piece_type());
        if !removed.iter().any(|&(_, c)| in_list(&spec.victims, c)) {
            return false;
        }
        self.last_move_pieces(|mover, taken| {
            !in_list(&spec.attackers, mover) && taken.iter().any(|&c| in_list(&spec.victims, c))
        })
        .unwrap_or(self.prior.struck)
    }
}
