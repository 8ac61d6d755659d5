//! Entry points for tests alone, behind the `testing` feature (the workspace's test crates
//! enable it through their dev-dependencies): force a slower legality strategy, reach the
//! check-evasion generator on its own, and the slow reference oracles the fast paths are
//! checked against. Nothing here is fast, and nothing here is the runtime's API.

use std::sync::Arc;

use crate::geometry::Square;
use crate::moves::{FullMove, MoveList};
use crate::position::Position;
use crate::spec::Player;
pub use crate::strategy::Legality;
use crate::tables::Tables;

/// The legality strategy the tables were built with.
pub fn legality(tables: &Tables) -> Legality {
    tables.strategy.legality
}

/// A copy of `tables` that decides legality by `legality` instead of its own strategy, or
/// `None` unless that is a slower strategy of the same kind: both test royal safety or
/// neither does, and the variant meets every assumption of the slower one. All such
/// strategies give the same legal moves and perft counts, which tests check.
pub fn with_legality(tables: &Tables, legality: Legality) -> Option<Arc<Tables>> {
    let own = tables.strategy.legality;
    if legality > own || legality.checks_royals() != own.checks_royals() {
        return None;
    }
    let mut forced = tables.clone();
    forced.strategy.legality = legality;
    Some(Arc::new(forced))
}

/// Whether the check tests after a move read only the attack vectors through the move's
/// squares for the attacks of `by` (`Position::in_check_after`).
pub fn quick_checks(tables: &Tables, by: Player) -> bool {
    *tables.strategy.quick_checks.get(by)
}

/// Whether some royal of `player` is attacked (the whole attack test, royal by royal).
pub fn royal_attacked(pos: &Position, player: Player) -> bool {
    pos.royal_squares(player)
        .iter()
        .any(|&r| pos.royal_attacked(r, player))
}

/// The check-evasion generator alone: in check, where the strategy is
/// [`Legality::Evasions`], replaces `out` with the legal moves and returns true; otherwise
/// returns false with `out` empty.
pub fn evasion_moves(pos: &mut Position, out: &mut MoveList) -> bool {
    pos.evasion_moves(out)
}

/// The legal moves found by generating every pseudo-legal move and filtering them, whatever
/// the strategy (the reference the check-evasion generator is tested against).
pub fn filtered_moves(pos: &mut Position, out: &mut MoveList) {
    out.clear();
    pos.pseudo_legal_moves(out);
    pos.keep_legal(out);
}

/// Whether the pseudo-legal move `m` of the side to move exposes one of its royals: after it,
/// some pseudo-legal reply of the opponent removes one, or the side has lost its last. Found
/// by generating every reply, not by the attack test, so that it checks the attack test.
/// A side that plays without royals (Horde's White) has none to expose.
pub fn exposes_royal(pos: &mut Position, m: FullMove) -> bool {
    let me = pos.side_to_move();
    let had_royals = !pos.royal_squares(me).is_empty();
    pos.make(&m);
    let royals = pos.royal_squares(me).to_vec();
    let mut replies = MoveList::new();
    pos.pseudo_legal_moves(&mut replies);
    let hit = (had_royals && royals.is_empty())
        || replies.iter().any(|r| {
            royals.contains(&r.to) || r.side_captures().iter().any(|s| royals.contains(s))
        });
    pos.unmake();
    hit
}

/// The moves of `moves` that start on `from`, written as tokens and sorted: the destination's
/// name, then `x` when the move takes the piece there, then the other squares it removes a
/// piece from (locust victims, e.p., burns), by name, as `[a,b]`; e.g. `g7x[f6]`. The form
/// of the compiler's diagram tests, so the runtime's moves compare with the reference walker's.
pub fn move_tokens(pos: &Position, moves: &[FullMove], from: Square) -> Vec<String> {
    let geo = pos.tables().geo();
    let mut tokens: Vec<String> = moves
        .iter()
        .filter(|m| m.from == from)
        .map(|m| {
            let mut token = geo.name(m.to);
            if m.to != m.from && pos.piece_at(m.to).is_some() {
                token.push('x');
            }
            let mut others: Vec<String> = m
                .side_captures()
                .iter()
                .filter(|&&s| s != m.to)
                .map(|&s| geo.name(s))
                .collect();
            others.sort();
            others.dedup();
            if !others.is_empty() {
                token.push_str(&format!("[{}]", others.join(",")));
            }
            token
        })
        .collect();
    tokens.sort();
    tokens
}

/// The choices of a random game, drawn by proptest (so that a failure shrinks to a short
/// game, and a fixed seed gives the same games on every run): each choice is the next value,
/// taken in turn and round again, modulo the number of options.
#[derive(Clone, Debug)]
pub struct Picks {
    values: Vec<usize>,
    at: usize,
}

impl Picks {
    /// Choices from `values` (none: every choice is the first option).
    pub fn new(values: Vec<usize>) -> Picks {
        Picks { values, at: 0 }
    }

    /// The next choice among `n` options (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        let v = self
            .values
            .get(self.at % self.values.len().max(1))
            .copied()
            .unwrap_or(0);
        self.at += 1;
        v % n.max(1)
    }
}

/// Every legality strategy, slowest first.
pub const LEGALITIES: [Legality; 5] = [
    Legality::Unchecked,
    Legality::Tested,
    Legality::SafetyDecides,
    Legality::BulkCount,
    Legality::Evasions,
];
