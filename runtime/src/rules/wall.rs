//! Blockers placed with the moves (`wall`, docs/rules.md "Blockers placed with the move"):
//! every legal move becomes one move per square its blocker may go to, decided on the board
//! the move leaves. The blocker is a wall cell: no piece enters, passes or takes it, leapers
//! jump it, and it is part of the position's hash. Where the blocker goes does not change
//! which moves are legal (Fairy-Stockfish's reading: a blocker never shields a royal).

use std::sync::Arc;

use crate::cell::Cell;
use crate::geometry::{Geometry, Square};
use crate::moves::{MAX_CAPTURES, MoveList, MoveRef};
use crate::position::Position;
use crate::spec::{WallKind, WallSpec};

/// The `wall` clause with its squares resolved.
#[derive(Clone, Debug)]
pub(crate) struct CWall {
    pub kind: WallKind,
    /// Per square: a blocker may go there (not an `except` square).
    pub allowed: Vec<bool>,
    /// Per square: on the board's outer files and ranks (`edge`).
    pub edge: Vec<bool>,
    /// Per square: its orthogonal neighbours (`edge`).
    pub beside: Vec<Vec<Square>>,
}

/// Resolves a `wall` clause's squares on the board.
pub(crate) fn compile(geo: &Geometry, spec: &WallSpec) -> CWall {
    let mut allowed = vec![true; geo.len()];
    for sq in spec.except.iter().filter_map(|&c| geo.square_at(c)) {
        allowed[sq.index()] = false;
    }
    let (w, h) = (i32::from(geo.width), i32::from(geo.height));
    let mut edge = Vec::with_capacity(geo.len());
    let mut beside = Vec::with_capacity(geo.len());
    for sq in geo.squares() {
        let c = geo.coord(sq);
        let (x, y) = (i32::from(c.x), i32::from(c.y));
        edge.push(x == 0 || y == 0 || x == w - 1 || y == h - 1);
        let steps = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        beside.push(
            steps
                .iter()
                .filter_map(|&(dx, dy)| geo.square(x + dx, y + dy))
                .collect(),
        );
    }
    CWall {
        kind: spec.kind,
        allowed,
        edge,
        beside,
    }
}

impl Position {
    /// Replaces every move of `out` by one copy per square its blocker may go to (a move that
    /// leaves no such square is dropped, as in Fairy-Stockfish).
    pub(crate) fn place_walls(&mut self, out: &mut MoveList) {
        let tables = Arc::clone(&self.tables);
        let Some(wall) = tables.rules.wall.as_ref() else {
            return;
        };
        let n = out.len();
        let mut targets = Vec::new();
        let mut reach = MoveList::new();
        for i in 0..n {
            targets.clear();
            self.wall_targets(wall, out.get(i), &mut reach, &mut targets);
            let m = out.at(i);
            for &sq in &targets {
                out.push(m.with_wall(Some(sq)));
            }
        }
        out.remove_first(n);
    }

    /// The squares the blocker of `m` may go to: empty once `m` is played, allowed, and where
    /// the clause's kind says.
    fn wall_targets(
        &mut self,
        wall: &CWall,
        m: MoveRef<'_>,
        reach: &mut MoveList,
        targets: &mut Vec<Square>,
    ) {
        let mut saved = [(Square(0), Cell::EMPTY); MAX_CAPTURES + 5];
        let n = self.apply_cells(m, &mut saved);
        let shot = wall.kind == WallKind::Shot;
        if shot {
            reach.clear();
            self.piece_moves_unchecked(m.to, reach);
        }
        for sq in self.tables.geo.squares() {
            let i = sq.index();
            if !self.board[i].is_empty() || !wall.allowed[i] {
                continue;
            }
            let fits = match wall.kind {
                WallKind::Moving | WallKind::Anywhere => true,
                WallKind::Edge => {
                    wall.edge[i]
                        || wall.beside[i]
                            .iter()
                            .any(|b| self.board[b.index()].is_wall())
                }
                WallKind::Shot => reach
                    .iter()
                    .any(|r| r.to == sq && r.side_captures().is_empty()),
            };
            if fits {
                targets.push(sq);
            }
        }
        for &(sq, c) in saved[..n].iter().rev() {
            self.set_raw(sq, c);
        }
    }

    /// Puts the move's blocker down after the move (under `wall moving` lifting the one on
    /// the board first); returns the square it was lifted from.
    pub(crate) fn put_wall(&mut self, wall: Square) -> Option<Square> {
        let moving = self
            .tables
            .rules
            .wall
            .as_ref()
            .is_some_and(|w| w.kind == WallKind::Moving);
        let lifted = if moving {
            self.board
                .iter()
                .position(|c| c.is_wall())
                .map(|i| Square(i as u16))
        } else {
            None
        };
        if let Some(old) = lifted {
            self.set_cell(old, Cell::WALL, Cell::EMPTY);
        }
        self.set_cell(wall, Cell::EMPTY, Cell::WALL);
        lifted
    }
}
