//! The check-evasion generator. When the side to move is in check from rides and leaps, the
//! legal moves are the royal's moves that leave it safe and the moves of other pieces that
//! resolve every check: by taking the checker (on the destination, or e.p.) or by standing
//! on a square strictly between a riding checker and the royal. Only those are generated and
//! tested, instead of every move of the side being generated and played out.
//!
//! It applies where a move resolves a check in no other way (the variant's strategy is
//! [`Legality::Evasions`](crate::strategy::Legality::Evasions)): the win is by checkmate, neither side has an attack beyond simple rides and leaps (no multi-leg,
//! hopping, lame or initial-only capture, no burns, no freezing, no facing royals), no rule
//! filters the legal list (anti-trade, repetition, passes), no move can make a royal or leave
//! a wall, and the side to move has one royal. Drops are kept where they block.

use crate::bits::{WORDS, contains, insert};
use crate::cell::Cell;
use crate::geometry::Square;
use crate::legal::{CheckLine, RayThreat};
use crate::movegen::Gen;
use crate::moves::{MoveKind, MoveList, MoveRef};
use crate::position::Position;
use crate::tables::Tables;

/// Checking lines the generator handles; with more, the side's moves are generated and
/// filtered as elsewhere.
const MAX_LINES: usize = 16;

/// What the generator knows about a position in check.
struct Checks {
    royal: Square,
    lines: [CheckLine; MAX_LINES],
    n: usize,
    /// Squares where a piece put down, or a capture, resolves every check.
    resolve: [u64; WORDS],
    /// Pieces of the side to move that alone shield the royal from a ride or leap.
    pinned: [u64; WORDS],
}

impl CheckLine {
    /// Whether a piece put on `s` (or a capture there) ends this check.
    fn resolved_at(&self, t: &Tables, royal: Square, s: Square) -> bool {
        s == self.checker || self.between(t, royal).contains(&s)
    }
}

impl Position {
    /// In check from rides and leaps, under
    /// [`Legality::Evasions`](crate::strategy::Legality::Evasions): replaces `out` with the
    /// legal moves, in the order [`Position::legal_moves`] gives them, and returns true.
    /// Otherwise (not in check, or a case it leaves to the general path) returns false and
    /// leaves `out` empty.
    pub(crate) fn evasion_moves(&mut self, out: &mut MoveList) -> bool {
        out.clear();
        // A decided game has no move: the general path generates none.
        if !self.tables.strategy.legality.evades() || self.decided().is_some() {
            return false;
        }
        let Some(checks) = self.checks() else {
            return false;
        };
        self.evasion_candidates(&checks, out);
        self.keep_safe_evasions(&checks, out);
        true
    }

    /// The checks on the royal of the side to move (none: `None`), with its pinned pieces.
    fn checks(&self) -> Option<Checks> {
        let t = &*self.tables;
        let royals = self.royals.get(self.side);
        if royals.n != 1 {
            return None;
        }
        let royal = royals.sq[0];
        let mut c = Checks {
            royal,
            lines: [CheckLine::default(); MAX_LINES],
            n: 0,
            resolve: [0; WORDS],
            pinned: [0; WORDS],
        };
        let all_lines = self.ray_threats(royal, |threat| {
            match threat {
                RayThreat::Pin(p) => insert(&mut c.pinned, p),
                RayThreat::Check(line) if c.n < MAX_LINES => {
                    c.lines[c.n] = line;
                    c.n += 1;
                }
                RayThreat::Check(_) => return false,
            }
            true
        });
        if !all_lines || c.n == 0 {
            return None;
        }
        // The squares that resolve the first check and every other one.
        for s in c.lines[0].squares(t, royal) {
            if c.lines[1..c.n].iter().all(|l| l.resolved_at(t, royal, s)) {
                insert(&mut c.resolve, s);
            }
        }
        Some(c)
    }

    /// Whether the non-royal move `m` ends every check: it lands on a square that does, or
    /// takes on the way the checkers of the lines its destination leaves open.
    #[inline]
    fn resolves(&self, c: &Checks, m: MoveRef<'_>) -> bool {
        if contains(&c.resolve, m.to) {
            return true;
        }
        m.ncap() > 0
            && c.lines[..c.n].iter().all(|l| {
                m.side_captures().contains(&l.checker) || l.resolved_at(&self.tables, c.royal, m.to)
            })
    }

    /// The pseudo-legal moves that may be legal in check, in generation order: every move of
    /// the royal, castling, and the moves and drops of other pieces that end every check.
    fn evasion_candidates(&self, c: &Checks, out: &mut MoveList) {
        let t = &*self.tables;
        let side = self.side;
        let words = t.geo.len().div_ceil(64);
        // With no square that ends every check, only a side capture (e.p.) of a checker
        // could help another piece's move.
        let ep_takes_checker =
            self.ep.n > 0 && c.lines[..c.n].iter().any(|l| l.checker == self.ep.victim);
        let others = c.resolve[..words].iter().any(|&w| w != 0) || ep_takes_checker;
        // A piece none of whose moves can end on such a square is not walked (but for an
        // e.p. capture of a checker, whose destination ends no check).
        let reach_known = words == 1 && !ep_takes_checker;
        // When every such square holds an enemy piece (a checker: no block is possible),
        // another piece's move must take it there or e.p.: only its captures are generated.
        let enemy = self.side_occ.get(side.opponent());
        let captures_only = (0..words).all(|w| c.resolve[w] & !enemy.0[w] == 0);
        let piece = |i: usize, out: &mut MoveList| {
            let sq = Square(i as u16);
            let cell = self.board[i];
            if sq == c.royal {
                self.piece_moves(sq, cell, out);
                return;
            }
            if !others {
                self.castling_candidates(sq, out);
                return;
            }
            if reach_known && !self.may_resolve(sq, cell, c) {
                self.castling_candidates(sq, out);
                return;
            }
            let start = out.len();
            if !captures_only {
                self.piece_moves(sq, cell, out);
            } else {
                // A piece's captures come out in the order of all its moves, and its castling
                // moves after them (where its first moves are open, as the walk tests).
                self.piece_moves_of(sq, cell, out, Gen::Captures);
                self.castling_candidates(sq, out);
            }
            let mut kept = start;
            for k in start..out.len() {
                let m = out.get(k);
                if m.kind() == MoveKind::Castle || self.resolves(c, m) {
                    out.set(kept, out.at(k));
                    kept += 1;
                }
            }
            out.truncate(kept);
        };
        for s in self.squares_of(side) {
            piece(s.index(), out);
        }
        if t.drops.free {
            let start = out.len();
            self.drop_moves(out);
            out.retain_from(start, |m| {
                contains(&c.resolve, m.to) || m.dropped_as().is_some_and(|ty| t.is_royal(ty))
            });
        }
    }

    /// False when no move of the piece `cell` on `sq` (castling aside) can end on a square
    /// that ends every check (boards of up to 64 squares, [`PieceTable::reach`]).
    ///
    /// [`PieceTable::reach`]: crate::tables::PieceTable
    #[inline]
    fn may_resolve(&self, sq: Square, cell: Cell, c: &Checks) -> bool {
        let pt = self.tables.piece(cell.piece_type(), self.side);
        pt.reach
            .get(sq.index())
            .is_none_or(|&reach| reach & c.resolve[0] != 0)
    }

    /// The castling moves of the piece on `sq`, not the royal, where its first moves are open
    /// (never moved, and no `first-move ... not-in-check` bars them now): they move the royal
    /// or a blocker, and are tested with the other candidates.
    /// Forced inline: most pieces have no castling move, told by one load.
    #[inline(always)]
    fn castling_candidates(&self, sq: Square, out: &mut MoveList) {
        let cell = self.board[sq.index()];
        let pt = self.tables.piece(cell.piece_type(), self.side);
        if pt.castling.get(sq.index()).is_some_and(|l| !l.is_empty())
            && self.first_moves_open(sq, cell)
        {
            self.castling_moves(sq, cell, pt, out);
        }
    }

    /// Keeps the candidates that leave the royal safe. A plain move of an unpinned piece
    /// other than the royal that ends every check is legal: it opens no line to the royal
    /// (the only square it empties shields the royal from nothing), and the enemy attacks
    /// only by rides and leaps. A step of the royal is tested where it lands
    /// ([`Position::royal_step_safe`]); every other candidate is played out and tested.
    fn keep_safe_evasions(&mut self, c: &Checks, out: &mut MoveList) {
        let mut kept = 0;
        for i in 0..out.len() {
            let m = out.get(i);
            let legal = match m.kind() {
                MoveKind::Normal if m.ncap() == 0 && m.promotion().is_none() => {
                    if m.from == c.royal {
                        self.royal_step_safe(&m, None)
                            .unwrap_or_else(|| self.is_legal_pseudo(m))
                    } else {
                        !contains(&c.pinned, m.from) || self.is_legal_pseudo(m)
                    }
                }
                MoveKind::Drop if !m.dropped_as().is_some_and(|ty| self.tables.is_royal(ty)) => {
                    true
                }
                _ => self.is_legal_pseudo(m),
            };
            if legal {
                out.set(kept, out.at(i));
                kept += 1;
            }
        }
        out.truncate(kept);
    }
}
