//! The checkmate legality filter's shortcut: most moves of a side that is not in check cannot
//! expose a royal, so only moves that could (royal moves, pinned pieces, side captures, moves
//! near an enemy multi-leg attacker) are played out and tested.

use crate::geometry::Square;
use crate::moves::{Move, MoveKind};
use crate::position::Position;

/// Words of a square bit set (every square fits).
const WORDS: usize = crate::limits::MAX_SQUARES.div_ceil(64);
/// Most enemy multi-leg attackers near a royal the shortcut keeps track of.
const MAX_DANGER: usize = 8;

/// What the shortcut knows about the position of the side to move.
#[derive(Debug)]
pub(crate) struct Shortcut {
    /// False: test every move.
    enabled: bool,
    pinned: [u64; WORDS],
    /// Enemy pieces with non-simple captures close enough to a royal, with their reach.
    danger: [(Square, u8); MAX_DANGER],
    ndanger: usize,
}

impl Shortcut {
    const OFF: Shortcut = Shortcut {
        enabled: false,
        pinned: [0; WORDS],
        danger: [(Square(0), 0); MAX_DANGER],
        ndanger: 0,
    };
}

impl Position {
    /// Pins and nearby multi-leg attackers of the side to move.
    pub(crate) fn shortcut(&self) -> Shortcut {
        let t = &*self.tables;
        let me = self.side;
        let enemy = me.opponent();
        let royals = self.royals.get(me).squares();
        // Burn checks come from anywhere a burner can reach: no shortcut.
        if royals.is_empty() || self.tables.geo.len() > WORDS * 64 || t.rules.burn_check {
            return Shortcut::OFF;
        }
        // Hoppers and other unbounded multi-leg attackers: no shortcut while any is on the board.
        let ntypes = t.piece_count();
        if t.far_complex
            .get(enemy)
            .iter()
            .any(|&ty| self.counts[crate::cell::Cell::piece(enemy, ty).slot(ntypes)] > 0)
        {
            return Shortcut::OFF;
        }
        let mut sc = Shortcut {
            enabled: true,
            ..Shortcut::OFF
        };
        for &r in royals {
            if self.is_attacked(r, enemy) {
                return Shortcut::OFF;
            }
            for av in t.attack_vectors.get(enemy) {
                let ray = t.ray(r, av.reverse);
                let lim = if av.max_range == 255 {
                    ray.len()
                } else {
                    ray.len().min(usize::from(av.max_range))
                };
                let mut own: Option<Square> = None;
                for (i, &s) in ray[..lim].iter().enumerate() {
                    let c = self.board[s.index()];
                    if c.is_empty() {
                        continue;
                    }
                    if !c.is_piece() {
                        break;
                    }
                    if c.player() == me {
                        if own.is_some() {
                            break;
                        }
                        own = Some(s);
                        continue;
                    }
                    if let Some(p) = own
                        && usize::from(av.range[usize::from(c.piece_type().0)]) > i
                    {
                        sc.pinned[p.index() / 64] |= 1 << (p.index() % 64);
                    }
                    break;
                }
            }
            if *t.near_complex.get(enemy) {
                for &s in &t.near[r.index()].0 {
                    let c = self.board[s.index()];
                    if !c.is_piece() || c.player() != enemy {
                        continue;
                    }
                    let pt = t.piece(c.piece_type(), enemy);
                    let Some(reach) = pt.complex_reach.filter(|_| pt.has_complex_attack) else {
                        continue;
                    };
                    if self.distance(s, r) <= reach {
                        if sc.ndanger == MAX_DANGER {
                            return Shortcut::OFF;
                        }
                        sc.danger[sc.ndanger] = (s, reach);
                        sc.ndanger += 1;
                    }
                }
            }
        }
        sc
    }

    /// Whether a pseudo-legal move must be played out to know if it is legal.
    #[inline]
    pub(crate) fn needs_test(&self, sc: &Shortcut, m: &Move) -> bool {
        if !sc.enabled {
            return true;
        }
        // A drop only adds a piece: it can expose a royal only by becoming a multi-leg
        // attacker's hurdle (hoppers on the board turn the shortcut off).
        if m.kind == MoveKind::Drop {
            return sc.danger[..sc.ndanger]
                .iter()
                .any(|&(p, reach)| self.distance(p, m.to) <= reach);
        }
        if m.kind != MoveKind::Normal || m.ncap > 0 {
            return true;
        }
        let f = m.from.index();
        if sc.pinned[f / 64] & (1 << (f % 64)) != 0 {
            return true;
        }
        let moved = self.board[f];
        if self.tables.cell_is_royal(moved) {
            return true;
        }
        sc.danger[..sc.ndanger]
            .iter()
            .any(|&(p, reach)| self.distance(p, m.from) <= reach || self.distance(p, m.to) <= reach)
    }

    /// Chebyshev distance between two squares.
    #[inline]
    pub(crate) fn distance(&self, a: Square, b: Square) -> u8 {
        let (ca, cb) = (self.tables.geo.coord(a), self.tables.geo.coord(b));
        ca.x.abs_diff(cb.x).max(ca.y.abs_diff(cb.y))
    }
}
