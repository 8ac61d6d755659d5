//! Perft: counts the leaves of the legal move tree, with bulk counting at the last ply.

use crate::moves::Move;
use crate::position::Position;

impl Position {
    /// The number of leaf nodes `depth` plies below this position.
    pub fn perft(&mut self, depth: u32) -> u64 {
        let mut lists: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(256)).collect();
        perft_in(self, depth, &mut lists)
    }

    /// Perft per legal first move, in generation order.
    pub fn divide(&mut self, depth: u32) -> Vec<(Move, u64)> {
        let depth = depth.max(1);
        let moves = self.moves();
        let mut lists: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(256)).collect();
        moves
            .into_iter()
            .map(|m| {
                self.make(m);
                let n = perft_in(self, depth - 1, &mut lists);
                self.unmake();
                (m, n)
            })
            .collect()
    }
}

fn perft_in(pos: &mut Position, depth: u32, lists: &mut [Vec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let Some((list, rest)) = lists.split_first_mut() else {
        return 1;
    };
    pos.legal_moves(list);
    if depth == 1 {
        return list.len() as u64;
    }
    let mut nodes = 0;
    for &m in list.iter() {
        pos.make(m);
        nodes += perft_in(pos, depth - 1, rest);
        pos.unmake();
    }
    nodes
}
