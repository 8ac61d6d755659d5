//! Perft: counts the leaves of the legal move tree, with bulk counting at the last ply, on one
//! thread or split at the root over several.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use crate::moves::Move;
use crate::position::Position;

impl Position {
    /// The number of leaf nodes `depth` plies below this position.
    /// Perft ignores repetition: `repeat illegal` filters no move here.
    pub fn perft(&mut self, depth: u32) -> u64 {
        let mut lists = move_lists(depth);
        let checks = std::mem::replace(&mut self.repeat_checks, false);
        let n = perft_in(self, depth, &mut lists);
        self.repeat_checks = checks;
        n
    }

    /// Perft per legal first move, in generation order.
    pub fn divide(&mut self, depth: u32) -> Vec<(Move, u64)> {
        self.divide_threads(depth, 1, &|_, _| {})
    }

    /// Perft on `threads` threads (split at the root); the same count as [`Position::perft`].
    pub fn perft_threads(&mut self, depth: u32, threads: usize) -> u64 {
        if depth <= 1 || threads <= 1 {
            return self.perft(depth);
        }
        self.divide_threads(depth, threads, &|_, _| {})
            .iter()
            .map(|&(_, n)| n)
            .sum()
    }

    /// Perft per legal first move, in generation order, with the first moves shared out to
    /// `threads` threads as each becomes free. `done(finished, total)` is called after each
    /// first move is counted, from whichever thread counted it.
    pub fn divide_threads(
        &mut self,
        depth: u32,
        threads: usize,
        done: &(dyn Fn(usize, usize) + Sync),
    ) -> Vec<(Move, u64)> {
        let depth = depth.max(1);
        let checks = std::mem::replace(&mut self.repeat_checks, false);
        let moves = self.moves();
        let counts: Vec<AtomicU64> = moves.iter().map(|_| AtomicU64::new(0)).collect();
        let next = AtomicUsize::new(0);
        let finished = AtomicUsize::new(0);
        let work = |pos: &mut Position| {
            let mut lists = move_lists(depth - 1);
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(&m) = moves.get(i) else { break };
                pos.make(m);
                let n = perft_in(pos, depth - 1, &mut lists);
                pos.unmake();
                counts[i].store(n, Ordering::Relaxed);
                done(finished.fetch_add(1, Ordering::Relaxed) + 1, moves.len());
            }
        };
        let threads = threads.clamp(1, moves.len().max(1));
        if threads == 1 {
            work(self);
        } else {
            std::thread::scope(|scope| {
                for _ in 1..threads {
                    let mut pos = self.clone();
                    scope.spawn(move || work(&mut pos));
                }
                work(self);
            });
        }
        self.repeat_checks = checks;
        moves
            .into_iter()
            .zip(counts)
            .map(|(m, c)| (m, c.into_inner()))
            .collect()
    }
}

/// One reusable move list per ply.
fn move_lists(depth: u32) -> Vec<Vec<Move>> {
    (0..depth).map(|_| Vec::with_capacity(256)).collect()
}

fn perft_in(pos: &mut Position, depth: u32, lists: &mut [Vec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let Some((list, rest)) = lists.split_first_mut() else {
        return 1;
    };
    if depth == 1 {
        return pos.count_legal(list);
    }
    pos.legal_moves(list);
    let mut nodes = 0;
    for &m in list.iter() {
        pos.make(m);
        nodes += perft_in(pos, depth - 1, rest);
        pos.unmake();
    }
    nodes
}
