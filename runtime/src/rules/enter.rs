//! `drop enters top|any-side`: a dropped piece comes in at an edge of the board and slides to
//! the last empty square before a piece, a wall or the far edge, as a disc falls down Connect
//! Four's grid (`top`) or is pushed in from any side (`any-side`).

use crate::bits::WORDS;
use crate::geometry::Square;
use crate::position::Position;
use crate::spec::DropEdge;

/// One way in: the first cell (file, rank), the step along the line, and the line's length.
type Way = ((i32, i32), (i32, i32), i32);

impl Position {
    /// The squares (as words of a square set) a drop may land on under `drop enters`: for each
    /// way in (down each file; with `any-side` also up each file and along each rank both
    /// ways), the square where a piece coming in there stops. A hole outside the board's shape
    /// at the edge is skipped; an occupied first square closes that way in.
    pub(crate) fn entry_mask(&self, edge: DropEdge) -> [u64; WORDS] {
        let geo = &self.tables.geo;
        let (w, h) = (i32::from(geo.width), i32::from(geo.height));
        let mut ways: Vec<Way> = (0..w).map(|x| ((x, h - 1), (0, -1), h)).collect();
        if edge == DropEdge::AnySide {
            ways.extend((0..w).map(|x| ((x, 0), (0, 1), h)));
            ways.extend((0..h).map(|y| ((0, y), (1, 0), w)));
            ways.extend((0..h).map(|y| ((w - 1, y), (-1, 0), w)));
        }
        let mut mask = [0u64; WORDS];
        for ((x, y), (dx, dy), len) in ways {
            let line: Vec<Option<Square>> = (0..len)
                .map(|k| geo.square(x + dx * k, y + dy * k))
                .collect();
            if let Some(s) = self.landing(&line) {
                mask[s.index() / 64] |= 1 << (s.index() % 64);
            }
        }
        mask
    }

    /// Where a piece coming in at the start of `line` (its cells in order, `None` off the
    /// board's shape) stops: the last empty square of the empty run from the first square.
    fn landing(&self, line: &[Option<Square>]) -> Option<Square> {
        let empty = |s: &Square| self.board[s.index()].is_empty();
        let mut cells = line.iter().skip_while(|c| c.is_none());
        let first = (*cells.next()?).filter(empty)?;
        let mut at = first;
        for c in cells {
            match c.filter(empty) {
                Some(s) => at = s,
                None => break,
            }
        }
        Some(at)
    }
}
