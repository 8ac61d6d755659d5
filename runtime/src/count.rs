//! Bulk counting at perft's last ply: the number of legal moves without building them, where
//! the legality shortcut already decides them. A piece that is not royal, not pinned and has
//! only simple rides and leaps from its square moves legally wherever it can go (the side to
//! move is not in check, and no enemy multi-leg attacker or burner watches a square), so its
//! moves are counted square by square; every other piece's moves are generated and tested as
//! [`Position::legal_moves`] tests them. Drops of pieces that are not royal are counted per type
//! from the squares the drop generator would fill ([`Position::count_drops`]): a piece put down
//! cannot expose a royal then.

use crate::attack::RayHits;
use crate::bits::{Bits, before, nearest};
use crate::cell::Cell;
use crate::geometry::Square;
use crate::legal::Shortcut;
use crate::moves::{MoveKind, MoveList};
use crate::position::Position;
use crate::spec::Modes;
use crate::tables::{FirstLeg, PieceTable, Tables};

impl Position {
    /// The number of legal moves: the length [`Position::legal_moves`] would leave in `list`
    /// (which serves as scratch space).
    pub fn count_legal(&mut self, list: &mut MoveList) -> u64 {
        // A decided game has no move (the counting below would not see it).
        if self.decided().is_some() {
            list.clear();
            return 0;
        }
        let legality = self.tables.strategy.legality;
        if !legality.bulk_counts() {
            if legality.safety_decides() {
                return self.count_safe(list);
            }
            self.legal_moves(list);
            return list.len() as u64;
        }
        let buffers = std::mem::take(&mut self.watch);
        let sc = self.shortcut(buffers);
        let n = if sc.settled() {
            Some(self.count_settled(&sc, list))
        } else if legality.evades() {
            self.legal_moves_with(&sc, list);
            Some(list.len() as u64)
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
    fn count_settled(&mut self, sc: &Shortcut, scratch: &mut MoveList) -> u64 {
        scratch.clear();
        let mut n = 0u64;
        // The e.p. squares: a leg that takes e.p. is walked only when its ray holds one.
        let ep = self
            .ep
            .squares()
            .iter()
            .filter(|s| s.index() < 64)
            .fold(0u64, |m, s| m | 1 << s.index());
        for w in 0..Bits::words(self.board.len()) {
            let mut own = self.side_occ.get(self.side).0[w];
            while own != 0 {
                let i = w * 64 + own.trailing_zeros() as usize;
                own &= own - 1;
                n += self.count_piece(sc, Square(i as u16), ep, scratch);
            }
        }
        if self.tables.drops.free {
            n += self.count_drops(scratch);
        }
        // Moves the counting could not settle: every move of royal, pinned and multi-leg
        // pieces, and e.p. and castling moves.
        n + self.count_royal_safe(sc, scratch)
    }

    /// Counts the pseudo-legal moves that leave the royals safe, without taking the others out
    /// of `list` (where royal safety alone decides legality, but moves are not counted in bulk:
    /// [`Legality::SafetyDecides`](crate::strategy::Legality::SafetyDecides)).
    fn count_safe(&mut self, list: &mut MoveList) -> u64 {
        list.clear();
        self.pseudo_legal_moves(list);
        let buffers = std::mem::take(&mut self.watch);
        let sc = self.shortcut(buffers);
        let n = self.count_royal_safe(&sc, list);
        self.watch = sc.buffers();
        n
    }

    /// The moves of the piece on `from` that need no test, counted; the others go to `scratch`.
    #[inline]
    fn count_piece(&self, sc: &Shortcut, from: Square, ep: u64, scratch: &mut MoveList) -> u64 {
        let t = &*self.tables;
        let c = self.board[from.index()];
        let ty = usize::from(c.piece_type().0);
        let pt = t.piece(c.piece_type(), c.player());
        let [_, b, e] = pt.start_index[from.index()];
        if t.cell_is_royal(c)
            || sc.is_pinned(from)
            || b != e
            || pt.may_duplicate
            || t.promotes_royal[ty]
        {
            self.piece_moves(from, c, scratch);
            return 0;
        }
        self.count_simple(t, pt, from, c, ep, scratch)
    }

    /// The moves of a piece on `from` with only simple paths there, unpinned and not royal:
    /// counted, except e.p. captures and castling, which go to `scratch`.
    // long: perft's innermost loop, one branch per board size (runs of words over 64 squares,
    // one word up to 64) sharing the walker fallback and castling. Split into one inlined
    // counter per board size it ran 1.1 % more instructions (callgrind, chess perft(4)
    // 63.43 M -> 64.14 M, session 13), so it stays whole.
    #[allow(clippy::too_many_arguments)]
    fn count_simple(
        &self,
        t: &Tables,
        pt: &PieceTable,
        from: Square,
        c: Cell,
        ep: u64,
        scratch: &mut MoveList,
    ) -> u64 {
        let [a, b, _] = pt.start_index[from.index()];
        let (a, b) = (a as usize, b as usize);
        let virgin = self.first_moves_open(from, c);
        let mut n = 0u64;
        if let Some(&[i, j]) = pt.count_index.get(from.index())
            && self.board.len() > 64
        {
            // A board over 64 squares: the first piece on each ray from the runs of words.
            let enemy = c.player().opponent();
            for sb in &pt.count_bits[i as usize..j as usize] {
                if !sb.plain || (sb.ep && self.ep.n > 0) {
                    let fl = pt.starts[sb.start as usize];
                    n += self.count_walked(t, pt, fl, from, c, virgin, scratch);
                    continue;
                }
                if sb.initial && !virgin {
                    continue;
                }
                let runs = &pt.count_runs[sb.runs[0] as usize..sb.runs[1] as usize];
                match RayHits::new(runs, &self.occ, sb.ascending).next() {
                    None => n += u64::from(sb.quiet) * u64::from(sb.len),
                    Some((s, before)) => {
                        n += u64::from(sb.quiet) * u64::from(before);
                        let target = self.board[s.index()];
                        n += u64::from(sb.capture && target.is_piece() && target.player() == enemy);
                    }
                }
            }
        } else if let Some(&[i, j]) = pt.count_index.get(from.index()) {
            let occ = self.occ.0[0];
            let enemy = c.player().opponent();
            let leaps = pt.count_leaps[from.index()];
            if leaps != 0 {
                n += u64::from((leaps & !occ).count_ones())
                    + u64::from((leaps & self.side_occ.get(enemy).0[0]).count_ones());
            }
            for sb in &pt.count_bits[i as usize..j as usize] {
                if !sb.plain || (sb.ep && sb.mask & ep != 0) {
                    let fl = pt.starts[sb.start as usize];
                    n += self.count_walked(t, pt, fl, from, c, virgin, scratch);
                    continue;
                }
                if (sb.initial && !virgin) || sb.block & occ != 0 {
                    continue;
                }
                let hit = sb.mask & occ;
                if hit == 0 {
                    if sb.quiet {
                        n += u64::from(sb.len);
                    }
                    continue;
                }
                // The first piece on the ray, and the empty squares before it.
                let first = nearest(hit, sb.ascending) as usize;
                if sb.quiet {
                    let d = u64::from(t.cheb[(from.index() * 64 + first) & 4095]);
                    n += match sb.unit {
                        1 => d - 1,
                        0 => u64::from(before(sb.mask, first as u32, sb.ascending).count_ones()),
                        u => d / u64::from(u) - 1,
                    };
                }
                if sb.capture {
                    let target = self.board[first];
                    n += u64::from(target.is_piece() && target.player() == enemy);
                }
            }
        } else {
            for &fl in &pt.starts[a..b] {
                n += self.count_walked(t, pt, fl, from, c, virgin, scratch);
            }
        }
        if virgin && pt.castling.get(from.index()).is_some_and(|l| !l.is_empty()) {
            self.castling_moves(from, c, pt, scratch);
        }
        n
    }

    /// One simple path counted square by square, as the generator walks it.
    #[allow(clippy::too_many_arguments)]
    fn count_walked(
        &self,
        t: &Tables,
        pt: &PieceTable,
        fl: FirstLeg,
        from: Square,
        c: Cell,
        virgin: bool,
        scratch: &mut MoveList,
    ) -> u64 {
        let board = &self.board[..];
        let promotes = t.can_promote[usize::from(c.piece_type().0)];
        let leg = pt.legs[pt.paths[fl.path as usize].first_leg as usize];
        if !self.first_leg_open(&leg, from, virgin) {
            return 0;
        }
        let mut n = 0;
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
                if let Some(m) = self.ep_capture(leg.modes, from, s, c.player()) {
                    // An e.p. capture never promotes; it is tested as the generator makes it.
                    debug_assert!(m.kind() == MoveKind::Normal);
                    let m = scratch.intern(&m);
                    scratch.push(m);
                }
                continue;
            }
            if target.is_piece() && t.removable(c.player(), target, leg.modes) {
                n += if promotes {
                    self.choices(t, pt, from, c, s, true)
                } else {
                    1
                };
            }
            break;
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
        let zone = t.zone.get(c.player());
        let rules = &t.spec.rules.promotion;
        if !rules.fires(zone[from.index()], zone[to.index()], false, capture) {
            return 1;
        }
        let (choices, may_stay) = t.promotion_choices(pt, c, to);
        choices.len() as u64 + u64::from(may_stay)
    }
}
