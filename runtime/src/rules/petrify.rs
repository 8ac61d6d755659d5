//! Petrification (`petrify IDS`, docs/rules.md "Petrification"): a piece of a listed type that
//! removes a piece turns into a wall on its destination, after any explosion. The wall is the
//! cell the blockers and vanished squares use: no piece enters, passes or takes it, and the
//! hash covers it; unmake restores the destination's cell, so it needs no record of its own.
//! With `captures to-hand` the petrified piece goes to its opponent's hand, as a burnt mover
//! does (Fairy-Stockfish counts it captured).
//! Under `win checkmate` a royal of a listed type never captures (it would lose itself):
//! [`VariantSpec::without_royal_petrifying_captures`] takes its capturing modes away, so
//! generation and the attack test both see it.

use crate::cell::Cell;
use crate::geometry::Square;
use crate::moves::MoveRef;
use crate::position::Position;
use crate::spec::{Modes, VariantSpec, WinCondition};

impl VariantSpec {
    /// The spec with the capturing modes (capture, royal capture, destroy, e.p.) taken from
    /// the legs of every royal type `petrify` lists, under `win checkmate`: such a royal
    /// could only capture by petrifying, that is losing, itself.
    pub fn without_royal_petrifying_captures(mut self) -> VariantSpec {
        if self.rules.royals.win != WinCondition::Checkmate {
            return self;
        }
        let removing = Modes::CAPTURE
            .union(Modes::ROYAL_CAPTURE)
            .union(Modes::DESTROY)
            .union(Modes::EN_PASSANT);
        for t in &self.rules.petrify {
            let Some(piece) = self.pieces.get_mut(usize::from(t.0)) else {
                continue;
            };
            if !piece.royal {
                continue;
            }
            for leg in piece.paths.iter_mut().flat_map(|p| p.legs.iter_mut()) {
                leg.modes = Modes(leg.modes.0 & !removing.0);
            }
        }
        self
    }
}

impl Position {
    /// Whether the move, made from this position, petrifies its mover: it removes a piece and
    /// the mover's type (before any promotion) is listed. Inlined: the search asks it of every
    /// capture it orders, and most games list no type.
    #[inline]
    pub fn petrifies(&self, m: MoveRef<'_>) -> bool {
        let petrify = &self.tables.rules.petrify;
        if petrify.is_empty() || m.dropped().is_some() {
            return false;
        }
        let mover = self.board[m.from.index()];
        mover.is_piece() && petrify[usize::from(mover.piece_type().0)] && self.removes_piece(&m)
    }

    /// Whether `moved` turns into a wall when it captures (its type is listed).
    #[inline]
    pub(crate) fn petrifying(&self, moved: Cell) -> bool {
        let petrify = &self.tables.rules.petrify;
        !petrify.is_empty() && petrify[usize::from(moved.piece_type().0)]
    }

    /// Turns the destination `to` into a wall after a capture by `moved`, when its type is
    /// listed (make's step; the mover may already have exploded).
    #[inline]
    pub(crate) fn petrify_after_capture(&mut self, to: Square, moved: Cell) {
        if !self.petrifying(moved) {
            return;
        }
        let there = self.board[to.index()];
        self.set_cell(to, there, Cell::WALL);
    }
}
