//! Perpetual attack (`perpetual-attack loses`, Kyou Shogi): at a repetition, a player that
//! attacked one same enemy piece after every one of its moves since the previous occurrence of
//! the position loses. The attacked piece is followed when it moves; a check is an attack on a
//! royal, so perpetual check is a perpetual attack too.

use crate::geometry::Square;
use crate::moves::FullMove;
use crate::position::Position;
use crate::spec::Player;

impl Position {
    /// The player that perpetually attacked a piece in the cycle ending at this position, when
    /// exactly one did.
    pub(crate) fn perpetual_attacker(&mut self) -> Option<Player> {
        let target = self.hash;
        let mut undone: Vec<FullMove> = Vec::new();
        while let Some(m) = self.last_move().map(|m| m.to_full()) {
            self.unmake();
            undone.push(m);
            if self.hash == target {
                break;
            }
        }
        if self.hash != target {
            for m in undone.into_iter().rev() {
                self.make(&m);
            }
            return None;
        }
        // Per player: the enemy pieces (by square) attacked after each of its moves so far;
        // `None` before its first move in the cycle.
        let mut chased: [Option<Vec<Square>>; 2] = [None, None];
        for m in undone.into_iter().rev() {
            let mover = self.side;
            self.make(&m);
            // The piece that moved is followed to its new square by the other player's list.
            if let Some(list) = chased[mover.opponent().index()].as_mut() {
                for s in list.iter_mut().filter(|s| **s == m.from) {
                    *s = m.to;
                }
            }
            let now: Vec<Square> = self
                .tables
                .geo
                .squares()
                .filter(|&s| {
                    self.piece_at(s).is_some_and(|(p, _)| p != mover) && self.is_attacked(s, mover)
                })
                .collect();
            let slot = &mut chased[mover.index()];
            *slot = Some(match slot.take() {
                None => now,
                Some(old) => old.into_iter().filter(|s| now.contains(s)).collect(),
            });
        }
        let attacks = |p: Player| chased[p.index()].as_ref().is_some_and(|l| !l.is_empty());
        [Player::First, Player::Second]
            .into_iter()
            .find(|&p| attacks(p) && !attacks(p.opponent()))
    }
}
