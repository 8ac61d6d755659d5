//! The rule state a position carries beyond its board: what the last move was, as far as
//! `pass not-after-pass` and anti-trade `counter-strike` care, and the earlier positions that
//! `pass first-passer-deviates` looks back on. Position text writes it (`last:`, `history:`) so
//! that a position read back has the same legal moves (docs/positions.md). `repeat` reads the
//! history too, and `counting` its own state (`count:`).

use crate::position::Position;

/// The rule state that changes legal moves, as far as the variant's rules read it (parts its
/// rules never read are left empty, so positions that differ only there are equal).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct RuleState {
    /// The last move was a pass (only with `pass not-after-pass`, `pass twice-ends` or
    /// `facing-royals must-break`).
    pub passed: bool,
    /// The last move took an anti-trade victim with a non-attacker (only with `counter-strike`).
    pub struck: bool,
    /// Earlier positions and whether the move played from each was a pass, oldest first (only
    /// with `pass first-passer-deviates`, and only once some move in it was a pass).
    pub history: Vec<(u64, bool)>,
    /// The counting state (only with `counting` clauses).
    pub counting: super::CountState,
}

impl Position {
    /// Whether the last move was a pass (before the position was set up: as its text says).
    pub(crate) fn last_move_was_pass(&self) -> bool {
        self.last_move()
            .map_or(self.prior.passed, |m| self.is_pass(&m))
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
        RuleState {
            passed: (rules.passing.not_after_pass
                || rules.passing.twice_ends
                || rules.regions.facing_royals_must_break)
                && self.last_move_was_pass(),
            struck: rules.anti_trade.iter().any(|s| s.counter_strike) && self.struck(),
            history,
            counting: self.counting,
        }
    }
}
