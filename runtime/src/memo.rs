//! Multi-leg attack walks remembered between positions. A walk of an attacker's paths towards
//! a square is decided by the squares it reads (the checkmate shortcut rests on the same fact),
//! so its answer stands as long as the attacker, its square, whether it has moved, and the
//! contents of every square the walk read are the same. Perft's last-ply positions are siblings
//! one move apart, so a royal's step asks the same question of the same attackers again and
//! again; one walk answers for every sibling the last move left alone.

use std::cell::RefCell;

use crate::cell::Cell;
use crate::geometry::Square;
use crate::legal::{READ_WORDS, ReadSink};
use crate::position::Position;

/// Direct-mapped slots: a few attackers times a royal's steps fit.
const SLOTS: usize = 64;
/// A walk that reads more squares is not remembered (comparing them would cost too much).
const MAX_READS: usize = 32;

/// One remembered walk: who attacked what, the answer, and what it read.
#[derive(Clone, Copy)]
struct Entry {
    /// `key` of the question; 0: empty.
    key: u64,
    hit: bool,
    n: u8,
    reads: [(Square, Cell); MAX_READS],
}

const EMPTY: Entry = Entry {
    key: 0,
    hit: false,
    n: 0,
    reads: [(Square(0), Cell::EMPTY); MAX_READS],
};

/// The remembered walks of one position (empty unless the variant's strategy remembers them:
/// `crate::strategy::Strategy::memo`).
#[derive(Clone, Default)]
pub(crate) struct AttackMemo {
    slots: RefCell<Vec<Entry>>,
}

impl std::fmt::Debug for AttackMemo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let slots = self.slots.borrow();
        let used = slots.iter().filter(|e| e.key != 0).count();
        write!(f, "AttackMemo({used} of {} slots)", slots.len())
    }
}

impl AttackMemo {
    /// Allocated once, with the position: the hot path allocates nothing.
    pub(crate) fn new(enabled: bool) -> AttackMemo {
        AttackMemo {
            slots: RefCell::new(if enabled {
                vec![EMPTY; SLOTS]
            } else {
                Vec::new()
            }),
        }
    }
}

/// The question: the attacker `c` on `from` (unmoved or not) against `target`.
fn key(from: Square, c: Cell, target: Square, virgin: bool) -> u64 {
    1 | u64::from(virgin) << 1
        | u64::from(from.0) << 2
        | u64::from(target.0) << 18
        | u64::from(c.0) << 34
}

fn slot(key: u64) -> usize {
    (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 58) as usize % SLOTS
}

impl Position {
    /// Whether the piece `c` on `from` removes `target` with one of its non-simple paths, on
    /// the position's board: from the memo when the squares the last such walk read hold what
    /// they held, else walked (and remembered).
    pub(crate) fn complex_attack(&self, from: Square, c: Cell, target: Square) -> bool {
        if self.memo.slots.borrow().is_empty() || self.ep.n > 0 {
            return self.complex_attack_on(&self.board, from, c, target);
        }
        let key = key(from, c, target, self.virgin[from.index()]);
        let i = slot(key);
        {
            let slots = self.memo.slots.borrow();
            let e = &slots[i];
            if e.key == key
                && e.reads[..usize::from(e.n)]
                    .iter()
                    .all(|&(s, cell)| self.board[s.index()] == cell)
            {
                return e.hit;
            }
        }
        let mut sink = ReadSink::<READ_WORDS>::new(target);
        let hit = self.complex_walk(&self.board, from, c, target, &mut sink);
        let mut e = Entry { key, hit, ..EMPTY };
        for (w, bits) in sink.take().into_iter().enumerate() {
            let mut bits = bits;
            while bits != 0 {
                if usize::from(e.n) == MAX_READS {
                    return hit;
                }
                let s = Square((w * 64 + bits.trailing_zeros() as usize) as u16);
                bits &= bits - 1;
                e.reads[usize::from(e.n)] = (s, self.board[s.index()]);
                e.n += 1;
            }
        }
        self.memo.slots.borrow_mut()[i] = e;
        hit
    }
}
