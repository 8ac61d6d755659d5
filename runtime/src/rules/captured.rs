//! Promotion to captured pieces only (`promotion captured-only`, Grand Chess): a side may
//! promote into a type only while it has fewer of it, on the board and in hand, than the setup
//! gives it; and promotion limits (`promotion limit`, Shogun): only while it has fewer of it
//! (with the types listed beside it) on the board than the limit. Generation offers every choice; this filter drops the unavailable
//! ones, which also removes a move that must promote when no choice is left (its plain form was
//! never generated).

use crate::geometry::ByPlayer;
use crate::moves::Move;
use crate::position::Position;
use crate::spec::{Player, VariantSpec};

/// Per player and piece type: how many the setup gives (and the hands it starts with).
pub(crate) fn start_counts(spec: &VariantSpec) -> ByPlayer<Vec<u16>> {
    let n = spec.pieces.len();
    let mut counts = ByPlayer::<Vec<u16>>::default();
    for p in [Player::First, Player::Second] {
        *counts.get_mut(p) = vec![0; n];
    }
    let placed = spec.setup.iter().flatten().map(|pl| (pl.player, pl.piece));
    let held = spec.rules.drops.start_hand.iter().copied();
    for (player, piece) in placed.chain(held) {
        if let Some(c) = counts.get_mut(player).get_mut(usize::from(piece.0)) {
            *c = c.saturating_add(1);
        }
    }
    counts
}

impl Position {
    /// Whether the side to move may play `m` as far as `promotion captured-only` and
    /// `promotion limit` say. A drop promoted side up is no promotion.
    pub(crate) fn promotion_available(&self, m: &Move) -> bool {
        let Some(t) = m.promotion() else {
            return true;
        };
        if m.dropped().is_some() {
            return true;
        }
        let side = self.side;
        let promotion = &self.tables.spec.rules.promotion;
        let limit = promotion
            .limits
            .iter()
            .find(|(group, _)| group.contains(&t));
        if let Some((group, n)) = limit {
            let have: usize = group.iter().map(|&g| self.count(side, g)).sum();
            if have >= usize::from(*n) {
                return false;
            }
        }
        if !promotion.captured_only {
            return true;
        }
        let have = self.count(side, t) + usize::from(self.hand_count(side, t));
        let start = self.tables.rules.start_counts.get(side);
        have < usize::from(start.get(usize::from(t.0)).copied().unwrap_or(0))
    }
}
