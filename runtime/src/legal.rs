//! The checkmate legality filter's shortcut: most moves of a side that is not in check cannot
//! expose a royal, so only moves that could are played out and tested: royal moves, moves of
//! pinned pieces, side captures, and moves that touch a square that an enemy multi-leg
//! attacker or burner able to reach a royal may read (its footprint, `crate::footprint`).

use crate::footprint::{Footprints, contains};
use crate::geometry::Square;
use crate::moves::{Move, MoveKind};
use crate::position::Position;

/// Words of a square bit set (every square fits).
const WORDS: usize = Footprints::MAX_WORDS;

/// What the shortcut knows about the position of the side to move.
#[derive(Debug)]
pub(crate) struct Shortcut {
    /// False: test every move.
    enabled: bool,
    pinned: [u64; WORDS],
    /// Squares whose change may let an enemy multi-leg attacker or burner reach a royal.
    watched: [u64; WORDS],
}

impl Shortcut {
    const OFF: Shortcut = Shortcut {
        enabled: false,
        pinned: [0; WORDS],
        watched: [0; WORDS],
    };
}

#[inline]
fn add(set: &mut [u64; WORDS], s: Square) {
    set[s.index() / 64] |= 1 << (s.index() % 64);
}

impl Position {
    /// Pins and watched squares of the side to move.
    pub(crate) fn shortcut(&self) -> Shortcut {
        let t = &*self.tables;
        let me = self.side;
        let enemy = me.opponent();
        let royals = self.royals.get(me).squares();
        let fp = &t.footprints;
        let complex = *t.near_complex.get(enemy)
            || !t.far_complex.get(enemy).is_empty()
            || t.rules.burn_check;
        if royals.is_empty() || self.tables.geo.len() > WORDS * 64 || (complex && !fp.built()) {
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
            for p in self.facing_pins(r).into_iter().flatten() {
                add(&mut sc.pinned, p);
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
                        add(&mut sc.pinned, p);
                    }
                    break;
                }
            }
        }
        if complex {
            self.watch_footprints(royals, &mut sc.watched);
        }
        sc
    }

    /// Adds the footprints of the enemy pieces whose multi-leg attacks or burns could reach
    /// one of `royals`, with their squares and the squares that silence a burner.
    fn watch_footprints(&self, royals: &[Square], watched: &mut [u64; WORDS]) {
        let t = &*self.tables;
        let fp = &t.footprints;
        let me = self.side;
        let enemy = me.opponent();
        for (i, &c) in self.board.iter().enumerate() {
            if !c.is_piece() || c.player() != enemy {
                continue;
            }
            let p = Square(i as u16);
            let ty = usize::from(c.piece_type().0);
            if let Some(set) = fp.attack(ty, enemy, p)
                && royals.iter().any(|&r| contains(set, r))
            {
                // Only the paths that may reach a royal matter.
                let (a, b) = t.piece(c.piece_type(), enemy).first_index[i];
                for k in a as usize..b as usize {
                    if let Some(path) = fp.path(ty, enemy, k)
                        && royals.iter().any(|&r| contains(path, r))
                    {
                        watched.iter_mut().zip(path).for_each(|(w, s)| *w |= s);
                    }
                }
                add(watched, p);
            }
            let Some(set) = fp.moves(ty, enemy, p) else {
                continue;
            };
            let mut relevant = false;
            for b in t.rules.burns.iter().filter(|b| b.active) {
                for &r in royals {
                    for &d in &b.reverse.get(enemy)[r.index()] {
                        if !contains(set, d) {
                            continue;
                        }
                        relevant = true;
                        // A burner of mine next to `d` silences a burner that ends there.
                        for s in t.rules.burns.iter() {
                            for &q in &s.reverse.get(me)[d.index()] {
                                add(watched, q);
                            }
                        }
                    }
                }
            }
            if relevant {
                watched.iter_mut().zip(set).for_each(|(w, s)| *w |= s);
                add(watched, p);
            }
        }
    }

    /// Whether a pseudo-legal move must be played out to know if it is legal.
    #[inline]
    pub(crate) fn needs_test(&self, sc: &Shortcut, m: &Move) -> bool {
        if !sc.enabled {
            return true;
        }
        // A drop only adds a piece: it can expose a royal only by landing on a square an
        // enemy multi-leg attacker or burner able to reach a royal reads.
        if m.kind == MoveKind::Drop {
            return contains(&sc.watched, m.to);
        }
        if m.kind != MoveKind::Normal || m.ncap > 0 || m.creates_ep {
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
        contains(&sc.watched, m.from) || contains(&sc.watched, m.to)
    }

    /// Chebyshev distance between two squares.
    #[inline]
    pub(crate) fn distance(&self, a: Square, b: Square) -> u8 {
        let (ca, cb) = (self.tables.geo.coord(a), self.tables.geo.coord(b));
        ca.x.abs_diff(cb.x).max(ca.y.abs_diff(cb.y))
    }
}
