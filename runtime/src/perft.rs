//! Perft: counts the leaves of the legal move tree, with bulk counting at the last ply, on one
//! thread or split at the root over several.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use crate::moves::{FullMove, MoveList};
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
    pub fn divide(&mut self, depth: u32) -> Vec<(FullMove, u64)> {
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

    /// Perft per legal first move, in generation order, with the work shared out to `threads`
    /// threads as each becomes free. `done(finished, total)` is called after each first move is
    /// counted, from whichever thread counted it.
    ///
    /// On several threads and at depth 3 or more the work is split into one item per first and
    /// second move: chess has 20 first moves of 4 to 10 million leaves each at depth 6, and one
    /// thread would sit idle while the other counts the last of them; some 400 items of a few
    /// hundred thousand leaves keep both busy to the end.
    pub fn divide_threads(
        &mut self,
        depth: u32,
        threads: usize,
        done: &(dyn Fn(usize, usize) + Sync),
    ) -> Vec<(FullMove, u64)> {
        let depth = depth.max(1);
        let checks = std::mem::replace(&mut self.repeat_checks, false);
        let moves = self.moves();
        // (first move, second move or none): a first move without replies stays one item.
        let mut items: Vec<(usize, Option<FullMove>)> = Vec::new();
        for (i, m) in moves.iter().enumerate() {
            if threads > 1 && depth >= 3 {
                self.make(m);
                let replies = self.moves();
                self.unmake();
                if !replies.is_empty() {
                    items.extend(replies.into_iter().map(|r| (i, Some(r))));
                    continue;
                }
            }
            items.push((i, None));
        }
        let counts: Vec<AtomicU64> = moves.iter().map(|_| AtomicU64::new(0)).collect();
        let left: Vec<AtomicUsize> = moves.iter().map(|_| AtomicUsize::new(0)).collect();
        for &(i, _) in &items {
            left[i].fetch_add(1, Ordering::Relaxed);
        }
        let next = AtomicUsize::new(0);
        let finished = AtomicUsize::new(0);
        let work = |pos: &mut Position| {
            let mut lists = move_lists(depth - 1);
            loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                let Some(&(i, second)) = items.get(k) else {
                    break;
                };
                pos.make(&moves[i]);
                let n = match second {
                    Some(r) => {
                        pos.make(&r);
                        let n = perft_in(pos, depth - 2, &mut lists);
                        pos.unmake();
                        n
                    }
                    None => perft_in(pos, depth - 1, &mut lists),
                };
                pos.unmake();
                counts[i].fetch_add(n, Ordering::Relaxed);
                if left[i].fetch_sub(1, Ordering::AcqRel) == 1 {
                    done(finished.fetch_add(1, Ordering::Relaxed) + 1, moves.len());
                }
            }
        };
        let threads = threads.clamp(1, items.len().max(1));
        if threads == 1 {
            work(self);
        } else {
            std::thread::scope(|scope| {
                for _ in 1..threads {
                    let pos = self.clone();
                    // The thread counts on a copy it makes itself, so that its buffers come
                    // from its own allocations. The tables are shared: `make` borrows them.
                    scope.spawn(move || work(&mut pos.clone()));
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
fn move_lists(depth: u32) -> Vec<MoveList> {
    (0..depth).map(|_| MoveList::with_capacity(256)).collect()
}

fn perft_in(pos: &mut Position, depth: u32, lists: &mut [MoveList]) -> u64 {
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
    for i in 0..list.len() {
        pos.make(list.get(i));
        nodes += perft_in(pos, depth - 1, rest);
        pos.unmake();
    }
    nodes
}
