//! Reversi's rules: `flip enclosed` (a move turns the enemy pieces it encloses on straight
//! lines), `drop enclosing` (a drop must enclose one; the opening squares fill first) and
//! `draw full-board` (the game ends once no square is empty).

use crate::bits::WORDS;
use crate::cell::Cell;
use crate::geometry::Square;
use crate::position::Position;
use crate::spec::Player;

/// The eight straight lines from a square.
const LINES: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

impl Position {
    /// Passes to `f` every enemy piece that a piece of `side` on `at` encloses: on a straight
    /// line from `at`, the unbroken run of enemy pieces up to a piece of `side` (a wall, an
    /// empty square or the edge closes nothing). Returns whether it encloses any.
    pub(crate) fn for_enclosed(&self, at: Square, side: Player, mut f: impl FnMut(Square)) -> bool {
        let geo = &self.tables.geo;
        let c = geo.coord(at);
        let (x0, y0) = (i32::from(c.x), i32::from(c.y));
        let mut any = false;
        for (dx, dy) in LINES {
            let square = |k: i32| geo.square(x0 + dx * k, y0 + dy * k);
            let mut k = 1;
            while let Some(s) = square(k) {
                let cell = self.board[s.index()];
                if !cell.is_piece() || cell.player() == side {
                    break;
                }
                k += 1;
            }
            let closed = square(k).is_some_and(|s| {
                let cell = self.board[s.index()];
                cell.is_piece() && cell.player() == side
            });
            if closed && k > 1 {
                any = true;
                (1..k).filter_map(square).for_each(&mut f);
            }
        }
        any
    }

    /// `flip enclosed`: the piece `side` just put on `at` turns every enemy piece it encloses.
    /// Their cells before go to the undo buffers after the move's own removed squares, so
    /// unmake restores them and the move's captures stay what they were.
    pub(crate) fn flip_enclosed(&mut self, at: Square, side: Player) {
        let start = self.undo_caps.len();
        let mut caps = std::mem::take(&mut self.undo_caps);
        self.for_enclosed(at, side, |s| caps.push(s));
        self.undo_caps = caps;
        for i in start..self.undo_caps.len() {
            let s = self.undo_caps[i];
            let old = self.board[s.index()];
            self.undo_victims.push((old, self.virgin[s.index()]));
            self.set_virgin(s, false);
            self.set_cell(s, old, Cell::piece(side, old.piece_type()));
        }
    }

    /// `drop enclosing`: the squares (as words of a square set) where the side to move may
    /// drop: while one of the start squares is empty, the empty start squares; otherwise the
    /// empty squares where a dropped piece would enclose an enemy piece.
    pub(crate) fn enclosing_mask(&self) -> [u64; WORDS] {
        let mut mask = [0u64; WORDS];
        let mut set = |s: Square| mask[s.index() / 64] |= 1 << (s.index() % 64);
        let start = &self.tables.drops.enclosing_start;
        let open: Vec<Square> = (start.iter().copied())
            .filter(|s| self.board[s.index()].is_empty())
            .collect();
        if !open.is_empty() {
            open.into_iter().for_each(&mut set);
            return mask;
        }
        for s in self.tables.geo.squares() {
            if self.board[s.index()].is_empty() && self.for_enclosed(s, self.side, |_| {}) {
                set(s);
            }
        }
        mask
    }

    /// `draw full-board`: no square is empty (walls and vanished squares count as filled).
    pub(crate) fn board_full(&self) -> bool {
        self.board.iter().all(|c| !c.is_empty())
    }
}
