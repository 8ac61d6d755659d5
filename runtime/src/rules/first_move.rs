//! First moves (`first-move`): conditions on the moves a piece makes while it has never moved
//! (XBetza `i`). `not-in-check` bars them while the piece's side is in check; `lost-when-aimed`
//! takes the never-moved mark from a piece once an enemy of a given type aims at it (Ouk
//! Chatrang's King leap, Fairy-Stockfish's `cambodianMoves`).

use crate::cell::Cell;
use crate::geometry::Square;
use crate::position::{Position, Undo};
use crate::spec::Modes;

impl Position {
    /// Whether the piece `c` on `from` may make its never-moved moves now: it has never moved,
    /// and no `first-move ... not-in-check` bars them while its side is in check.
    #[inline]
    pub(crate) fn first_moves_open(&self, from: Square, c: Cell) -> bool {
        if !self.virgin[from.index()] {
            return false;
        }
        let barred = &self.tables.spec.rules.first_moves.not_in_check;
        barred.is_empty() || !barred.contains(&c.piece_type()) || !self.side_in_check(c.player())
    }

    /// `first-move ... lost-when-aimed`: after `mover` ended its move on `to`, the never-moved
    /// enemy targets its one-leg capturing moves would reach from there on an empty board count
    /// as moved (unmake gives the mark back). Games without the clause pay one test.
    #[inline(always)]
    pub(crate) fn lapse_aimed(&mut self, to: Square, mover: Cell, undo: &mut Undo) {
        if self.tables.make_hooks.aimed {
            self.lapse_aimed_by(to, mover, undo);
        }
    }

    /// [`Position::lapse_aimed`] where the game has the clause.
    fn lapse_aimed_by(&mut self, to: Square, mover: Cell, undo: &mut Undo) {
        let t = self.tables.clone();
        let pairs = &t.spec.rules.first_moves.lost_when_aimed;
        let aimer = mover.piece_type();
        if !pairs.iter().any(|&(_, a)| a == aimer) {
            return;
        }
        let them = mover.player().opponent();
        let pt = t.piece(aimer, mover.player());
        let [a, b, _] = pt.start_index[to.index()];
        let first = undo.nlapsed;
        for fl in &pt.starts[a as usize..b as usize] {
            let path = &pt.paths[fl.path as usize];
            let leg = &pt.legs[path.first_leg as usize];
            if !leg.modes.contains(Modes::CAPTURE) {
                continue;
            }
            let ray = &t.rays[fl.ray_off as usize..fl.ray_off as usize + usize::from(fl.ray_len)];
            for &s in ray {
                let c = self.board[s.index()];
                let target = c.is_piece()
                    && c.player() == them
                    && self.virgin[s.index()]
                    && pairs.contains(&(c.piece_type(), aimer));
                if target {
                    undo.note_lapsed(s);
                }
            }
        }
        self.clear_lapsed(undo, first);
    }
}
