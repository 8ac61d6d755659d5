//! Pass repetition (`pass first-passer-deviates`): when passing makes positions repeat, the
//! player who passed first in the repetition must deviate: it may not play a move that
//! recreates an earlier position.

use crate::movegen::Gen;
use crate::moves::{MoveList, MoveRef};
use crate::position::Position;

impl Position {
    /// Whether the side to move may not play `m` because it passed first in the repetition
    /// the move would continue.
    ///
    /// The repetition starts at the first occurrence of the position the move creates, or
    /// earlier at the first occurrence of the current position when that one already repeats
    /// (so a cycle of two passes binds the player who passed first, not the one who answered).
    pub(crate) fn first_passer_repeats(&mut self, m: MoveRef<'_>) -> bool {
        let before = self.hash;
        self.make(m);
        let after = self.hash;
        // The history now ends with `before`; the move played from entry k was made by `me`
        // when n - 1 - k is even (entry n - 1 is `m` itself).
        let history = self.history();
        let n = history.len();
        let new_at = history[..n - 1].iter().position(|&h| h == after);
        let verdict = new_at.is_some_and(|j1| {
            let j0 = history[..n - 1].iter().position(|&h| h == before);
            let j = j0.map_or(j1, |j0| j0.min(j1));
            (j..n)
                .find(|&k| self.history_pass(k))
                .is_some_and(|k| (n - 1 - k).is_multiple_of(2))
        });
        self.unmake();
        verdict
    }

    /// Removes the moves the anti-trade, pass-repetition, modern repetition, captured-only
    /// promotion and `check forbidden` rules forbid.
    pub(crate) fn filter_rule_moves(&mut self, out: &mut MoveList) {
        self.filter_rule_moves_of(out, Gen::All);
    }

    /// As [`Position::filter_rule_moves`] on a list of `stage`'s moves: the anti-trade rules
    /// forbid only moves that remove a piece, so a list of quiet moves skips them.
    pub(crate) fn filter_rule_moves_of(&mut self, out: &mut MoveList, stage: Gen) {
        let rules = &self.tables.spec.rules;
        let anti_trade = !rules.anti_trade.is_empty() && stage != Gen::Quiets;
        let deviate = rules.passing.first_passer_deviates
            && (0..self.history().len()).any(|k| self.history_pass(k));
        let captured_only = rules.promotion.captured_only || !rules.promotion.limits.is_empty();
        let no_check = rules.royals.check_forbidden;
        let no_drop_check = rules.drops.no_check;
        let colours = !rules.drops.opposite_colours.is_empty();
        // Makpong: only a check makes the rule bite, and the check is the same for every move.
        let no_flight = rules.royals.check_royal_captures_only && self.in_check();
        let repeat = self.repeat_filter_active();
        let others = deviate || captured_only || repeat || no_check || no_drop_check;
        if !(anti_trade || others || colours || no_flight) {
            return;
        }
        if !(others || colours || no_flight) {
            // A search's captures with anti-trade rules alone: one test a move.
            self.drop_moves_where(out, |p, m| p.breaks_anti_trade(m));
            return;
        }
        self.drop_moves_where(out, |p, m| {
            (captured_only && !p.promotion_available(&m))
                || (anti_trade && p.breaks_anti_trade(m))
                || (deviate && p.first_passer_repeats(m))
                || (repeat && p.repeat_forbids(m))
                || (no_check && p.gives_check(m))
                || (no_drop_check && m.dropped().is_some() && p.gives_check(m))
                || (no_flight && p.royal_flees_check(m))
                || (colours && !p.drop_keeps_colours(&m))
        });
    }

    /// Removes from `out` the moves `bad` says, keeping the others in order.
    #[inline]
    fn drop_moves_where(
        &mut self,
        out: &mut MoveList,
        mut bad: impl FnMut(&mut Self, MoveRef<'_>) -> bool,
    ) {
        let mut kept = 0;
        for i in 0..out.len() {
            if !bad(self, out.get(i)) {
                out.set(kept, out.at(i));
                kept += 1;
            }
        }
        out.truncate(kept);
    }
}
