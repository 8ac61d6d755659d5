//! Modern repetition (`repeat illegal|loses`, Chu and Tengu Dai Shogi): a move that recreates a
//! position that occurred before with the same side to move is illegal, or loses for the side
//! that made it, unless an exception of the clause lets it repeat (an evasion of check, a move
//! that creates no new attack). Earlier positions are the position's history: the moves played
//! since it was set up and the positions its text named (`history:`).

use crate::geometry::Square;
use crate::moves::MoveRef;
use crate::position::Position;
use crate::result::{GameResult, Reason};
use crate::spec::Player;

impl Position {
    /// Whether the current position occurred before (the last move recreated it).
    fn recreated(&self) -> bool {
        self.history.contains(self.hash)
    }

    /// Squares of `of`'s pieces that `by` attacks.
    fn attacked_pieces(&self, of: Player, by: Player) -> Vec<Square> {
        self.tables
            .geo
            .squares()
            .filter(|&s| self.piece_at(s).is_some_and(|(p, _)| p == of) && self.is_attacked(s, by))
            .collect()
    }

    /// Whether the move just played may repeat by an exception of the `repeat` clause: the
    /// mover was in check before it, or it created no new attack. Plays the move back and
    /// forth; `m` is the last move.
    fn repeat_excused(&mut self, m: MoveRef<'_>) -> bool {
        let Some(rule) = self.tables.spec.rules.repeat else {
            return false;
        };
        let mover = self.side.opponent();
        let after = rule
            .except_no_new_attack
            .then(|| self.attacked_pieces(self.side, mover));
        self.unmake();
        let evasion = rule.except_evasion && self.in_check();
        let quiet = after.is_some_and(|after| {
            let before = self.attacked_pieces(mover.opponent(), mover);
            // The mover's own move leaves the enemy pieces where they stand: compare squares.
            after.iter().all(|s| before.contains(s))
        });
        self.make(m);
        evasion || quiet
    }

    /// Whether `repeat illegal` forbids `m` for the side to move.
    pub(crate) fn repeat_forbids(&mut self, m: MoveRef<'_>) -> bool {
        self.make(m);
        let bad = self.repeats_illegally();
        self.unmake();
        bad
    }

    /// Turns the `repeat illegal` filter of move generation on or off and returns its previous
    /// state. The filter plays every generated move to see whether it recreates a position; a
    /// search that plays only some of them turns it off and asks
    /// [`Position::repeats_illegally`] after each move it plays.
    pub fn set_repeat_filter(&mut self, on: bool) -> bool {
        std::mem::replace(&mut self.repeat_checks, on)
    }

    /// With `repeat illegal`: whether the last move recreated an earlier position and no
    /// exception of the clause lets it, so it was not a legal move (the test the generation's
    /// filter makes, for a search that turned the filter off).
    pub fn repeats_illegally(&mut self) -> bool {
        if self.tables.spec.rules.repeat.is_none_or(|r| r.loses) || !self.recreated() {
            return false;
        }
        let Some(m) = self.last_move().map(|m| m.to_full()) else {
            return false;
        };
        !self.repeat_excused(m.as_ref())
    }

    /// Whether the `repeat illegal` filter has anything to look at.
    pub(crate) fn repeat_filter_active(&self) -> bool {
        self.tables.spec.rules.repeat.is_some_and(|r| !r.loses)
            && self.repeat_checks
            && !self.history().is_empty()
    }

    /// With `repeat loses`: the side that just recreated an earlier position loses (part of
    /// [`Position::result`]; cheap enough for a search to ask at every node: inlined up to the
    /// look at the history).
    #[inline(always)]
    pub fn repeat_result(&mut self) -> Option<GameResult> {
        let rule = self.tables.spec.rules.repeat?;
        if !rule.loses || !self.recreated() {
            return None;
        }
        self.repeat_result_recreated()
    }

    /// [`Position::repeat_result`] once the last move recreated an earlier position.
    #[inline(never)]
    fn repeat_result_recreated(&mut self) -> Option<GameResult> {
        let m = self.last_move()?.to_full();
        if self.repeat_excused(m.as_ref()) {
            return None;
        }
        Some(GameResult {
            winner: Some(self.side),
            reason: Reason::RepeatedPosition,
        })
    }
}
