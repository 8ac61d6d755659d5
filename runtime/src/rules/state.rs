//! The rule state a position carries beyond its board: what the last moves were, as far as
//! passing, anti-trade `counter-strike` and `drop no-mate` care, and the earlier positions that
//! `pass first-passer-deviates` looks back on. Position text writes it (`last:`, `history:`) so
//! that a position read back has the same legal moves (docs/positions.md). `repeat` reads the
//! history too, and `counting` its own state (`count:`).

use crate::position::Position;
use crate::spec::WinCondition;

/// The rule state that changes legal moves or the result, as far as the variant's rules read
/// it (parts its rules never read are left empty, so positions that differ only there are
/// equal).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct RuleState {
    /// How many of the last moves were passes in a row: 1 with `pass not-after-pass`, `pass
    /// twice-ends` or `facing-royals must-break`; 2 (the game is over) with `pass twice-ends`.
    pub passes: u8,
    /// The last move took an anti-trade victim with a non-attacker (only with `counter-strike`).
    pub struck: bool,
    /// The last move dropped a piece that may not mate (`drop no-mate`) and gave check: if the
    /// side to move has no move, the dropper loses (only under `win checkmate`).
    pub no_mate_drop: bool,
    /// Earlier positions and whether the move played from each was a pass, oldest first (only
    /// with `pass first-passer-deviates`, and only once some move in it was a pass).
    pub history: Vec<(u64, bool)>,
    /// The counting state (only with `counting` clauses).
    pub counting: super::CountState,
    /// The checks each player has given (only with `check N wins`).
    pub checks: crate::geometry::ByPlayer<u8>,
}

impl Position {
    /// Whether the last move was a pass (before the position was set up: as its text says).
    pub(crate) fn last_move_was_pass(&self) -> bool {
        self.passed_back(0)
    }

    /// Whether the move `back` moves before the last one was a pass (0: the last move; before
    /// the position was set up: as its text's `last:` says).
    fn passed_back(&self, back: usize) -> bool {
        match self.move_back(back) {
            Some(m) => self.is_pass(&m),
            None => back - self.ply() < usize::from(self.prior.pass_run),
        }
    }

    /// Whether the last two moves were passes (the move before the last may also be known
    /// from the `history:` of the position text).
    pub(crate) fn passed_twice(&self) -> bool {
        let n = self.history().len();
        self.passed_back(0) && (self.passed_back(1) || (n >= 2 && self.history_pass(n - 2)))
    }

    /// Whether the last move took a victim of a `counter-strike` anti-trade clause with a piece
    /// that is no attacker of that clause.
    pub(crate) fn struck(&self) -> bool {
        let tables = self.tables.clone();
        let clauses = || {
            tables
                .spec
                .rules
                .anti_trade
                .iter()
                .filter(|s| s.counter_strike)
        };
        self.last_move_pieces(|mover, taken| {
            clauses().any(|s| {
                !s.attackers.contains(&mover.piece_type())
                    && taken.iter().any(|c| s.victims.contains(&c.piece_type()))
            })
        })
        .unwrap_or(self.prior.struck)
    }

    /// The rule state of this position (see [`RuleState`]).
    pub(crate) fn rule_state(&self) -> RuleState {
        let rules = &self.tables.spec.rules;
        let n = self.history().len();
        let passes = rules.passing.first_passer_deviates && (0..n).any(|i| self.history_pass(i));
        let history = if passes || rules.repeat.is_some() {
            (0..n)
                .map(|i| (self.history()[i], self.history_pass(i)))
                .collect()
        } else {
            Vec::new()
        };
        let reads_pass = rules.passing.not_after_pass
            || rules.passing.twice_ends
            || rules.regions.facing_royals_must_break;
        let passes = if !reads_pass || !self.last_move_was_pass() {
            0
        } else if rules.passing.twice_ends && self.passed_twice() {
            2
        } else {
            1
        };
        RuleState {
            passes,
            struck: rules.anti_trade.iter().any(|s| s.counter_strike) && self.struck(),
            no_mate_drop: rules.royals.win == WinCondition::Checkmate
                && self.last_move_is_no_mate_drop()
                && self.in_check(),
            history,
            counting: self.counting,
            checks: self.checks,
        }
    }
}
