//! Bulk counting at perft's last ply: the number of legal moves without building them, where
//! the legality shortcut already decides them. A piece that is not royal, not pinned and has
//! only simple rides and leaps from its square moves legally wherever it can go (the side to
//! move is not in check, and no enemy multi-leg attacker or burner watches a square), so its
//! moves are counted square by square; every other piece's moves are generated and tested as
//! [`Position::legal_moves`] tests them.

use crate::cell::Cell;
use crate::geometry::Square;
use crate::legal::{Shortcut, Test};
use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::spec::{Modes, PromotionKind};
use crate::tables::{PieceTable, Tables};

impl Position {
    /// The number of legal moves: the length [`Position::legal_moves`] would leave in `list`
    /// (which serves as scratch space).
    pub fn count_legal(&mut self, list: &mut Vec<Move>) -> u64 {
        if !self.tables.bulk_count {
            self.legal_moves(list);
            return list.len() as u64;
        }
        let buffers = std::mem::take(&mut self.watch);
        let sc = self.shortcut(buffers);
        let n = if sc.settled() {
            Some(self.count_settled(&sc, list))
        } else {
            None
        };
        self.watch = sc.buffers();
        n.unwrap_or_else(|| {
            self.legal_moves(list);
            list.len() as u64
        })
    }

    /// Counts with the shortcut settled (not in check, nothing watched).
    fn count_settled(&mut self, sc: &Shortcut, scratch: &mut Vec<Move>) -> u64 {
        let tables = std::sync::Arc::clone(&self.tables);
        let t = &*tables;
        let side = self.side;
        let mut n = 0u64;
        scratch.clear();
        for i in 0..self.board.len() {
            let c = self.board[i];
            if !c.is_piece() || c.player() != side {
                continue;
            }
            let from = Square(i as u16);
            let ty = usize::from(c.piece_type().0);
            let pt = t.piece(c.piece_type(), side);
            let [_, b, e] = pt.start_index[i];
            if t.cell_is_royal(c)
                || sc.is_pinned(from)
                || b != e
                || pt.may_duplicate
                || t.promotes_royal[ty]
            {
                self.piece_moves(from, c, scratch);
                continue;
            }
            n += self.count_simple(t, pt, from, c, scratch);
        }
        // Moves the counting could not settle: every move of royal, pinned and multi-leg
        // pieces, and e.p. and castling moves.
        for m in scratch.iter() {
            let legal = match self.needs_test(sc, m) {
                Test::None => true,
                Test::Illegal => false,
                Test::Attackers => self.attackers_miss(sc, *m),
                Test::Full => self.full_test(sc, *m),
            };
            n += u64::from(legal);
        }
        n
    }

    /// The moves of a piece on `from` with only simple paths there, unpinned and not royal:
    /// counted, except e.p. captures and castling, which go to `scratch`.
    fn count_simple(
        &self,
        t: &Tables,
        pt: &PieceTable,
        from: Square,
        c: Cell,
        scratch: &mut Vec<Move>,
    ) -> u64 {
        let [a, b, _] = pt.start_index[from.index()];
        let virgin = self.virgin[from.index()];
        let board = &self.board[..];
        let promotes = t.can_promote[usize::from(c.piece_type().0)];
        let mut n = 0u64;
        for fl in &pt.starts[a as usize..b as usize] {
            let path = pt.paths[fl.path as usize];
            let leg = pt.legs[path.first_leg as usize];
            if leg.modes.contains(Modes::INITIAL) && !virgin {
                continue;
            }
            if leg.between_n > 0 && leg.modes.contains(Modes::LAME) {
                let between = t.ray(from, leg.between_vec);
                if between.len() < usize::from(leg.between_n)
                    || between[..usize::from(leg.between_n)]
                        .iter()
                        .any(|s| !board[s.index()].is_empty())
                {
                    continue;
                }
            }
            let ray = &t.rays[fl.ray_off as usize..fl.ray_off as usize + usize::from(fl.ray_len)];
            let quiet = leg.modes.contains(Modes::MOVE);
            for &s in ray {
                let target = board[s.index()];
                if target.is_empty() {
                    if quiet {
                        n += if promotes {
                            self.choices(t, pt, from, c, s, false)
                        } else {
                            1
                        };
                    }
                    if leg.modes.contains(Modes::EN_PASSANT)
                        && self.ep.n > 0
                        && self.ep.squares().contains(&s)
                    {
                        let victim = board[self.ep.victim.index()];
                        if victim.is_piece() && victim.player() != c.player() {
                            let mut m = Move::new(from, s);
                            m.push_capture(self.ep.victim);
                            self.push_with_choices(t, pt, from, c, m, scratch);
                        }
                    }
                    continue;
                }
                if target.is_piece() {
                    let ok = if target.player() != c.player() {
                        leg.modes.contains(Modes::CAPTURE)
                            || (leg.modes.contains(Modes::ROYAL_CAPTURE) && t.cell_is_royal(target))
                    } else {
                        leg.modes.contains(Modes::DESTROY)
                    };
                    if ok {
                        n += if promotes {
                            self.choices(t, pt, from, c, s, true)
                        } else {
                            1
                        };
                    }
                }
                break;
            }
        }
        if virgin {
            self.castling_moves(from, c, pt, scratch);
        }
        n
    }

    /// How many moves a simple move of `c` from `from` to `to` is: one, or one per promotion
    /// choice the rules give it (the move generator's `MoveSink` pushes as many).
    fn choices(
        &self,
        t: &Tables,
        pt: &PieceTable,
        from: Square,
        c: Cell,
        to: Square,
        capture: bool,
    ) -> u64 {
        let player = c.player();
        let ty = c.piece_type();
        let zone = t.zone.get(player);
        let rules = &t.spec.rules.promotion;
        if !rules.fires(zone[from.index()], zone[to.index()], false, capture) {
            return 1;
        }
        if rules.kind == PromotionKind::Automatic {
            return 1;
        }
        let choices = t.spec.pieces[usize::from(ty.0)].promotions.len() as u64;
        choices + u64::from(!t.promotion_forced(pt, player, ty, to))
    }

    /// Pushes an e.p. capture with its promotion choices, as the move generator would.
    fn push_with_choices(
        &self,
        t: &Tables,
        pt: &PieceTable,
        from: Square,
        c: Cell,
        m: Move,
        out: &mut Vec<Move>,
    ) {
        let k = if t.can_promote[usize::from(c.piece_type().0)] {
            self.choices(t, pt, from, c, m.to, true)
        } else {
            1
        };
        // Promotion choices do not change whether the capture is legal (the piece does not
        // promote into a royal), so the move is tested once per choice, unpromoted.
        debug_assert!(m.kind == MoveKind::Normal);
        for _ in 0..k {
            out.push(m);
        }
    }
}
