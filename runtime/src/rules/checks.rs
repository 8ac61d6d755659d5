//! Check counting (`check N wins`: Three-check, Five-check): the side that gives its N-th check
//! wins. The checks each side has given are part of the position: make counts them, unmake
//! restores them, the hash holds them and position text writes them (`checks:W+B`, or
//! Fairy-Stockfish's checks-remaining field `3+3`).

use crate::geometry::ByPlayer;
use crate::position::Position;
use crate::result::{GameResult, Reason};
use crate::spec::Player;

impl Position {
    /// Counts a check given by the move just played (`make` calls it under `check N wins`).
    pub(crate) fn count_check(&mut self) {
        if !self.in_check() {
            return;
        }
        let mover = self.side.opponent();
        let old = *self.checks.get(mover);
        let new = old.saturating_add(1);
        let z = &self.tables.zobrist;
        self.hash ^= z.checks(mover.index(), old) ^ z.checks(mover.index(), new);
        *self.checks.get_mut(mover) = new;
    }

    /// The win of a side that has given its N-th check (decided before the side to move
    /// moves: the checking move ended the game).
    pub(crate) fn checks_result(&self) -> Option<GameResult> {
        let n = self.tables.spec.rules.results.check_wins?;
        [self.side.opponent(), self.side]
            .into_iter()
            .find(|&p| *self.checks.get(p) >= n)
            .map(|winner| GameResult {
                winner: Some(winner),
                reason: Reason::Checks,
            })
    }

    /// The checks each player has given (zero without `check N wins`).
    pub fn checks_given(&self) -> ByPlayer<u8> {
        self.checks
    }

    /// Sets the checks each player has given (position text); ignored without `check N
    /// wins`, as the variant does not count them.
    pub fn set_checks_given(&mut self, checks: ByPlayer<u8>) {
        if self.tables.spec.rules.results.check_wins.is_none() {
            return;
        }
        let z = &self.tables.zobrist;
        for p in [Player::First, Player::Second] {
            self.hash ^=
                z.checks(p.index(), *self.checks.get(p)) ^ z.checks(p.index(), *checks.get(p));
        }
        self.checks = checks;
    }
}

impl Position {
    /// Makpong's rule (`check royal-captures-only`), for the side to move in check: whether
    /// `m` moves a royal without removing every piece that gives check. Each enemy piece the
    /// move removes is replaced by one of the mover's own while the check is tested again, so
    /// lines it blocked stay blocked and a hurdle stays a hurdle: only its own attack goes.
    pub(crate) fn royal_flees_check(&mut self, m: crate::moves::MoveRef<'_>) -> bool {
        if m.dropped().is_some() {
            return false;
        }
        let mover = self.board[m.from.index()];
        if !mover.is_piece() || !self.tables.is_royal(mover.piece_type()) {
            return false;
        }
        let me = self.side;
        let mut saved = [(m.to, mover); crate::limits::MAX_CAPTURES + 1];
        let mut n = 0;
        for &sq in std::iter::once(&m.to).chain(m.side_captures()) {
            let c = self.board[sq.index()];
            if c.is_piece() && c.player() != me && n < saved.len() {
                saved[n] = (sq, c);
                n += 1;
                self.set_raw(sq, mover);
            }
        }
        let flees = n == 0 || self.in_check();
        for &(sq, c) in saved[..n].iter().rev() {
            self.set_raw(sq, c);
        }
        flees
    }
}
