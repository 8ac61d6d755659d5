//! Atomic explosions (`explode`): a move that removes a piece explodes on its destination, and
//! the mover and the pieces of either side around the destination (but the immune ones) are
//! removed too. As burns do, the explosion joins the move's capture list at generation, so
//! make/unmake and hashing need nothing special; this module adds the royal rules of exploding
//! games under `win checkmate` (lichess's and Fairy-Stockfish's Atomic):
//! - a move may not explode its own royal (so a King never captures);
//! - a move that explodes an enemy royal is legal whatever it leaves attacked (it wins);
//! - a royal is not attacked while an enemy royal stands where taking it would explode
//!   (touching Kings cannot take each other).

use crate::geometry::Square;
use crate::moves::{FullMove, MoveList, MoveRef};
use crate::position::Position;
use crate::rules::CExplode;
use crate::spec::{Player, WinCondition};

impl Position {
    /// Adds the explosion to every move of `out[start..]` that removes a piece, and removes
    /// the moves that would explode one of the mover's royals where royals may not be lost
    /// (`win checkmate`). Inlined: in a game without explosions it is one test.
    #[inline(always)]
    pub(crate) fn apply_explosions(&self, out: &mut MoveList, start: usize) {
        if let Some(ex) = &self.tables.rules.explosion {
            self.explode_moves(ex, out, start);
        }
    }

    /// [`Position::apply_explosions`] in a game with explosions `ex`.
    fn explode_moves(&self, ex: &CExplode, out: &mut MoveList, start: usize) {
        let end = out.len();
        let mut kept = start;
        for i in start..end {
            let mut m = out.at(i);
            if self.removes_piece(&m) {
                let Some(full) = self.exploded(ex, out.get(i)) else {
                    continue;
                };
                m = out.intern(&full);
            }
            out.set(kept, m);
            kept += 1;
        }
        out.truncate(kept);
    }

    /// The move with its explosion: the mover on its destination, then every piece in the area
    /// around it but the immune ones and the mover's start square (already empty). `None` when
    /// it would explode a royal of the mover under `win checkmate`.
    fn exploded(&self, ex: &CExplode, m: MoveRef<'_>) -> Option<FullMove> {
        let t = &*self.tables;
        let me = self.side;
        let keeps_royals = t.spec.rules.royals.win == WinCondition::Checkmate;
        let mover = self.board[m.from.index()];
        let placed = m.promotion().unwrap_or(mover.piece_type());
        if keeps_royals && (t.cell_is_royal(mover) || t.is_royal(placed)) {
            return None;
        }
        let mut full = m.to_full();
        if !full.side_captures().contains(&m.to) {
            full.push_burn(m.to);
        }
        for &s in &ex.area.get(me)[m.to.index()] {
            let c = self.board[s.index()];
            if s == m.from
                || !c.is_piece()
                || ex.immune[usize::from(c.piece_type().0)]
                || full.side_captures().contains(&s)
            {
                continue;
            }
            if keeps_royals && c.player() == me && t.cell_is_royal(c) {
                return None;
            }
            full.push_burn(s);
        }
        Some(full)
    }

    /// Whether the royal of `me` on `sq` is shielded from capture: an enemy royal that an
    /// explosion on `sq` would remove stands next to it, so taking it would explode the
    /// taker's own royal.
    pub(crate) fn blast_shielded(&self, sq: Square, me: Player) -> bool {
        let Some(ex) = &self.tables.rules.explosion else {
            return false;
        };
        let enemy = me.opponent();
        ex.area.get(enemy)[sq.index()].iter().any(|&s| {
            let c = self.board[s.index()];
            c.is_piece()
                && c.player() == enemy
                && self.tables.cell_is_royal(c)
                && !ex.immune[usize::from(c.piece_type().0)]
        })
    }

    /// Whether the (exploded) move removes a royal of the side not moving: it wins at once.
    pub(crate) fn explodes_enemy_royal(&self, m: MoveRef<'_>) -> bool {
        let enemy = self.side.opponent();
        let royal = |s: &Square| {
            let c = self.board[s.index()];
            c.is_piece() && c.player() == enemy && self.tables.cell_is_royal(c)
        };
        m.side_captures().iter().any(royal) || royal(&m.to)
    }
}
