//! Zobrist keys from a seeded deterministic generator (SplitMix64), so hashes are stable across
//! runs and machines.

use crate::cell::Cell;
use crate::geometry::Square;

#[derive(Clone, Debug)]
pub(crate) struct Zobrist {
    slots: usize,
    /// `cells[sq * slots + cell.slot()]`; the empty slot is zero.
    cells: Vec<u64>,
    pub side: u64,
    ep: Vec<u64>,
    virgin: Vec<u64>,
    /// Per hand slot (`player * types + type`), the base of its count keys.
    hand: Vec<u64>,
    /// Per player, the base of the keys of the checks it has given (`check N wins`).
    checks: [u64; 2],
}

/// SplitMix64: tiny, well mixed, and fully determined by its seed.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Zobrist {
    pub fn new(squares: usize, types: usize) -> Zobrist {
        let mut state = 0x6B6F_6D61_u64; // "koma"
        let slots = Cell::slots(types);
        let mut cells = Vec::with_capacity(squares * slots);
        for _ in 0..squares {
            for slot in 0..slots {
                let key = splitmix(&mut state);
                cells.push(if slot == 0 { 0 } else { key });
            }
        }
        let side = splitmix(&mut state);
        let ep = (0..squares).map(|_| splitmix(&mut state)).collect();
        let virgin = (0..squares).map(|_| splitmix(&mut state)).collect();
        let hand = (0..2 * types).map(|_| splitmix(&mut state)).collect();
        let checks = [splitmix(&mut state), splitmix(&mut state)];
        Zobrist {
            checks,
            hand,
            slots,
            cells,
            side,
            ep,
            virgin,
        }
    }

    #[inline]
    pub fn cell(&self, sq: Square, cell: Cell) -> u64 {
        self.cells[sq.index() * self.slots + cell.slot((self.slots - 2) / 2)]
    }

    /// [`Zobrist::cell`] of a piece or an empty square, never a wall (a cell's slot is then
    /// its value).
    #[inline]
    pub fn piece_or_empty(&self, sq: Square, cell: Cell) -> u64 {
        self.cells[sq.index() * self.slots + usize::from(cell.0)]
    }

    #[inline]
    pub fn ep(&self, sq: Square) -> u64 {
        self.ep[sq.index()]
    }

    #[inline]
    pub fn virgin(&self, sq: Square) -> u64 {
        self.virgin[sq.index()]
    }
}

impl Zobrist {
    /// The key of holding `count` pieces in hand slot `slot` (zero for none), so that a count
    /// change is `hash ^= hand(slot, old) ^ hand(slot, new)`.
    #[inline]
    pub fn hand(&self, slot: usize, count: u8) -> u64 {
        counted(self.hand[slot], count)
    }
}

impl Zobrist {
    /// The key of player `player` (its index) having given `count` checks (zero for none).
    #[inline]
    pub fn checks(&self, player: usize, count: u8) -> u64 {
        counted(self.checks[player], count)
    }
}

/// The key of a count under `seed`: zero for none, so that a change is `old ^ new`.
#[inline]
fn counted(seed: u64, count: u8) -> u64 {
    if count == 0 {
        return 0;
    }
    let mut state = seed ^ u64::from(count).wrapping_mul(0xD6E8_FEB8_6659_FD93);
    splitmix(&mut state)
}
