//! The path walker: follows a piece's compiled paths square by square over the board and
//! reports every way a path can end (docs/xbetza.md, "Modes" and "Multi-leg
//! moves"; see `spec::Leg`).
//!
//! One walker serves move generation and the attack test: what happens to a finished path is
//! up to the [`Sink`].

use crate::cell::Cell;
use crate::geometry::Square;
use crate::moves::MAX_CAPTURES;
use crate::position::EpState;
use crate::spec::{Modes, Player};
use crate::tables::{CLeg, CPath, PieceTable, TNode, Tables};

/// Every square a multi-leg move stops on in the middle is remembered.
pub(crate) const MAX_STOPS: usize = crate::limits::MAX_LEGS;

/// A finished path: where it ends and what it removes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PathEnd<'a> {
    pub to: Square,
    /// The walker saw a piece on `to` that the move removes.
    pub dest_capture: bool,
    /// Locust victims (and the e.p. victim), in path order.
    pub victims: &'a [Square],
    /// Squares where a leg ended and the next began.
    pub stops: &'a [Square],
    pub unload: Option<Square>,
    pub creates_ep: bool,
}

/// Receives finished paths; returns `true` to stop walking.
pub(crate) trait Sink {
    fn end(&mut self, end: PathEnd<'_>) -> bool;
    /// Told of every square the walk looks at (the checkmate shortcut records them).
    #[inline]
    fn read(&self, _s: Square) {}
}

const HOPPING: Modes = Modes(Modes::HOP.0 | Modes::GRASSHOP.0);

/// Walks the paths of one piece standing on `from`.
pub(crate) struct Walker<'a, S: Sink + ?Sized> {
    pub t: &'a Tables,
    pub board: &'a [Cell],
    pub pt: &'a PieceTable,
    pub from: Square,
    pub mover: Cell,
    pub player: Player,
    pub ep: &'a EpState,
    pub sink: &'a mut S,
    /// The mover has never moved (for `INITIAL` legs).
    pub virgin: bool,
    /// Only ways that could reach this square matter (attack walks): a later leg whose
    /// footprint from where it would start misses it is not walked.
    pub target: Option<Square>,
    victims: [Square; MAX_CAPTURES],
    nvictims: usize,
    stops: [Square; MAX_STOPS],
    nstops: usize,
    unload: Option<Square>,
    creates_ep: bool,
    path: CPath,
}

impl<'a, S: Sink + ?Sized> Walker<'a, S> {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        t: &'a Tables,
        board: &'a [Cell],
        pt: &'a PieceTable,
        from: Square,
        mover: Cell,
        ep: &'a EpState,
        virgin: bool,
        sink: &'a mut S,
    ) -> Self {
        Walker {
            t,
            board,
            pt,
            from,
            mover,
            player: mover.player(),
            ep,
            sink,
            virgin,
            target: None,
            victims: [Square(0); MAX_CAPTURES],
            nvictims: 0,
            stops: [Square(0); MAX_STOPS],
            nstops: 0,
            unload: None,
            creates_ep: false,
            path: CPath {
                first_leg: 0,
                legs: 0,
                simple: false,
                attacks: false,
                attack_simple: false,
            },
        }
    }

    /// Walks one path whose first ray is `ray`; returns `true` if the sink asked to stop.
    pub fn walk(&mut self, path: CPath, ray: &'a [Square]) -> bool {
        self.path = path;
        self.nvictims = 0;
        self.nstops = 0;
        self.unload = None;
        self.creates_ep = false;
        self.leg(0, self.from, ray, 0)
    }

    /// Walks the continuation tree below root node `root` (every path that starts with its leg)
    /// whose first ray is `ray`; returns `true` if the sink asked to stop.
    pub fn walk_tree(&mut self, root: u32, ray: &'a [Square]) -> bool {
        self.nvictims = 0;
        self.nstops = 0;
        self.unload = None;
        self.creates_ep = false;
        self.node(0, root, self.from, ray, 0)
    }

    /// Walks tree node `ni` at depth `depth` (0 = first leg) from `start` along `ray`.
    fn node(&mut self, depth: usize, ni: u32, start: Square, ray: &[Square], prev: usize) -> bool {
        let node = self.pt.tree[ni as usize];
        let leg = node.leg;
        if depth == 0 && leg.modes.contains(Modes::INITIAL) && !self.virgin {
            return false;
        }
        let saved = (self.unload, self.creates_ep);
        if leg.modes.contains(Modes::UNLOAD) {
            self.unload = Some(start);
        }
        if leg.modes.contains(Modes::CREATES_EP) {
            self.creates_ep = true;
        }
        let stop = if node.hop_last {
            self.hop_leg(&leg, start, ray)
        } else {
            self.tree_leg(depth, &node, start, ray, prev)
        };
        (self.unload, self.creates_ep) = saved;
        stop
    }

    /// A plain leg shared by several paths: its stopping squares are destinations when some
    /// path ends here (`node.last`) and hand over to the children (`plain_leg` for one path).
    fn tree_leg(
        &mut self,
        depth: usize,
        node: &TNode,
        start: Square,
        ray: &[Square],
        prev: usize,
    ) -> bool {
        let leg = &node.leg;
        let last = node.last;
        let inner = node.nchildren > 0;
        let iso = depth > 0 && leg.modes.contains(Modes::ISO);
        let ski = leg.modes.contains(Modes::JUMP) && leg.range != 1;
        let (min_k, max_k) = if iso { (prev, prev) } else { (1, ray.len()) };
        if !self.leap_clear(leg, start) {
            return false;
        }
        for (i, &s) in ray.iter().enumerate().take(max_k) {
            let k = i + 1;
            if ski && k == 1 {
                continue;
            }
            let c = self.at(s);
            if c.is_empty() {
                if k >= min_k {
                    if last {
                        if leg.modes.contains(Modes::MOVE) && self.finish(s, false) {
                            return true;
                        }
                        if leg.modes.contains(Modes::EN_PASSANT) && self.ep_capture(s) {
                            return true;
                        }
                    }
                    if inner && leg.modes.contains(Modes::MOVE) && self.children(depth, node, s, k)
                    {
                        return true;
                    }
                }
                continue;
            }
            if c.is_wall() || k < min_k {
                return false;
            }
            let removable = self.removable(c, leg.modes);
            if last && removable && self.finish(s, true) {
                return true;
            }
            if !inner {
                return false;
            }
            if removable {
                // A square captured twice is one capture.
                let fresh = !self.victims[..self.nvictims].contains(&s);
                if fresh && self.nvictims == MAX_CAPTURES {
                    return false;
                }
                if fresh {
                    self.victims[self.nvictims] = s;
                    self.nvictims += 1;
                }
                let stop = self.children(depth, node, s, k);
                if fresh {
                    self.nvictims -= 1;
                }
                if stop {
                    return true;
                }
            }
            if leg.modes.intersects(HOPPING) && self.may_leap(c) && self.children(depth, node, s, k)
            {
                return true;
            }
            return false;
        }
        false
    }

    /// Hands over from `node`'s leg, stopped on `s` after `steps` steps, to each child.
    fn children(&mut self, depth: usize, node: &TNode, s: Square, steps: usize) -> bool {
        let t = self.t;
        let pushed = self.nstops < MAX_STOPS;
        if pushed {
            self.stops[self.nstops] = s;
            self.nstops += 1;
        }
        let mut stop = false;
        for ci in node.children..node.children + node.nchildren {
            let child = self.pt.tree[ci as usize];
            let full = t.ray(s, child.leg.vec);
            let len = if child.leg.range == 0 || child.hop_last {
                full.len()
            } else {
                full.len().min(usize::from(child.leg.range))
            };
            if self.node(depth + 1, ci, s, &full[..len], steps) {
                stop = true;
                break;
            }
        }
        if pushed {
            self.nstops -= 1;
        }
        stop
    }

    /// What a later leg sees on a square: the origin is empty; pieces removed by earlier legs
    /// stay on the board until the move completes (`spec::Leg`).
    #[inline]
    fn at(&self, s: Square) -> Cell {
        if s == self.from {
            Cell::EMPTY
        } else {
            self.sink.read(s);
            self.board[s.index()]
        }
    }

    #[inline]
    fn removable(&self, c: Cell, modes: Modes) -> bool {
        self.t.removable(self.player, c, modes)
    }

    /// Whether a hop may leap the piece `c` (jump ranks).
    #[inline]
    fn may_leap(&self, c: Cell) -> bool {
        let ranks = &self.t.spec.rules.jump_rank;
        if ranks.is_empty() {
            return true;
        }
        let rank = |t: crate::spec::PieceType| ranks.get(usize::from(t.0)).copied().unwrap_or(0);
        // Unlisted pieces (rank 0) rank below every listed piece: any jumper may leap them.
        let leapt = rank(c.piece_type());
        leapt == 0 || leapt < rank(self.mover.piece_type())
    }

    /// The passed-over squares of a long one-step leap satisfy its lame / must-jump mode.
    #[inline]
    fn leap_clear(&self, leg: &CLeg, start: Square) -> bool {
        if leg.between_n == 0 || !leg.modes.intersects(Modes::LAME.union(Modes::JUMP)) {
            return true;
        }
        let between = self.t.ray(start, leg.between_vec);
        if between.len() < usize::from(leg.between_n) {
            return false;
        }
        let lame = leg.modes.contains(Modes::LAME);
        between[..usize::from(leg.between_n)].iter().all(|&s| {
            let c = self.at(s);
            if lame { c.is_empty() } else { c.is_piece() }
        })
    }

    fn finish(&mut self, to: Square, dest_capture: bool) -> bool {
        let end = PathEnd {
            to,
            dest_capture,
            victims: &self.victims[..self.nvictims],
            stops: &self.stops[..self.nstops],
            unload: self.unload,
            creates_ep: self.creates_ep,
        };
        self.sink.end(end)
    }

    fn leg_data(&self, li: usize) -> CLeg {
        self.pt.legs[self.path.first_leg as usize + li]
    }

    /// Walks leg `li` starting on `start` along `ray` (the first leg's ray is clipped already).
    fn leg(&mut self, li: usize, start: Square, ray: &[Square], prev_steps: usize) -> bool {
        let leg = self.leg_data(li);
        let last = li + 1 == usize::from(self.path.legs);
        if li == 0 && leg.modes.contains(Modes::INITIAL) && !self.virgin {
            return false;
        }
        let saved = (self.unload, self.creates_ep);
        if leg.modes.contains(Modes::UNLOAD) {
            self.unload = Some(start);
        }
        if leg.modes.contains(Modes::CREATES_EP) {
            self.creates_ep = true;
        }
        let stop = if leg.modes.intersects(HOPPING) && last {
            self.hop_leg(&leg, start, ray)
        } else {
            self.plain_leg(li, &leg, start, ray, last, prev_steps)
        };
        (self.unload, self.creates_ep) = saved;
        stop
    }

    fn plain_leg(
        &mut self,
        li: usize,
        leg: &CLeg,
        start: Square,
        ray: &[Square],
        last: bool,
        prev: usize,
    ) -> bool {
        let iso = li > 0 && leg.modes.contains(Modes::ISO);
        let ski = leg.modes.contains(Modes::JUMP) && leg.range != 1;
        let (min_k, mut max_k) = if iso { (prev, prev) } else { (1, ray.len()) };
        // Where the next leg could still reach the target from (attack walks).
        let mut row = None;
        if !last
            && let Some(target) = self.target
            && !self.victims[..self.nvictims].contains(&target)
        {
            // A non-final leg matters only up to the target itself or the last square the
            // next leg could reach it from; what lies beyond is neither walked nor read.
            let next = self.path.first_leg as usize + li + 1;
            let ty = usize::from(self.mover.piece_type().0);
            let t = self.t;
            if let Some(r) = t.footprints.reach_row(ty, self.player, next, target) {
                match ray[..max_k.min(ray.len())]
                    .iter()
                    .rposition(|&s| s == target || r.may(s))
                {
                    Some(i) => max_k = i + 1,
                    None => return false,
                }
                row = Some(r);
            }
        }
        if !self.leap_clear(leg, start) {
            return false;
        }
        for (i, &s) in ray.iter().enumerate().take(max_k) {
            let k = i + 1;
            if ski && k == 1 {
                continue;
            }
            let c = self.at(s);
            if c.is_empty() {
                if k >= min_k {
                    if last {
                        if leg.modes.contains(Modes::MOVE) && self.finish(s, false) {
                            return true;
                        }
                        if leg.modes.contains(Modes::EN_PASSANT) && self.ep_capture(s) {
                            return true;
                        }
                    } else if leg.modes.contains(Modes::MOVE)
                        && match &row {
                            Some(r) => r.may(s) && self.hand_over(li, s, k),
                            None => self.next(li, s, k),
                        }
                    {
                        return true;
                    }
                }
                continue;
            }
            if c.is_wall() || k < min_k {
                return false;
            }
            let removable = self.removable(c, leg.modes);
            if last {
                return removable && self.finish(s, true);
            }
            if removable {
                // A square captured twice is one capture.
                let fresh = !self.victims[..self.nvictims].contains(&s);
                if fresh && self.nvictims == MAX_CAPTURES {
                    return false;
                }
                if fresh {
                    self.victims[self.nvictims] = s;
                    self.nvictims += 1;
                }
                let stop = self.next(li, s, k);
                if fresh {
                    self.nvictims -= 1;
                }
                if stop {
                    return true;
                }
            }
            if leg.modes.intersects(HOPPING) && self.may_leap(c) && self.next(li, s, k) {
                return true;
            }
            return false;
        }
        false
    }

    /// An e.p. capture on `s` if it is an e.p. square of the last move.
    fn ep_capture(&mut self, s: Square) -> bool {
        if !self.ep.squares().contains(&s) || self.nvictims >= MAX_CAPTURES {
            return false;
        }
        let victim = self.ep.victim;
        let c = self.at(victim);
        if !c.is_piece() || c.player() == self.player {
            return false;
        }
        self.victims[self.nvictims] = victim;
        self.nvictims += 1;
        let stop = self.finish(s, false);
        self.nvictims -= 1;
        stop
    }

    /// A final hopping leg: slide to the hurdle, jump it, go on (range rules in `spec::Leg`).
    fn hop_leg(&mut self, leg: &CLeg, start: Square, ray: &[Square]) -> bool {
        let before = if leg.range == 0 {
            ray.len()
        } else {
            usize::from(leg.range).min(ray.len())
        };
        let mut hurdle = None;
        for (i, &s) in ray.iter().enumerate().take(before) {
            let c = self.at(s);
            if c.is_empty() {
                continue;
            }
            if c.is_wall() || !self.may_leap(c) {
                return false;
            }
            hurdle = Some(i);
            break;
        }
        let Some(h) = hurdle else { return false };
        let after = if leg.modes.contains(Modes::GRASSHOP) {
            if leg.range == 1 { ray.len() } else { 1 }
        } else if leg.range == 0 {
            ray.len()
        } else {
            usize::from(leg.range) - h
        };
        let _ = start;
        for &s in ray.iter().skip(h + 1).take(after) {
            let c = self.at(s);
            if c.is_empty() {
                if leg.modes.contains(Modes::MOVE) && self.finish(s, false) {
                    return true;
                }
                continue;
            }
            if c.is_wall() {
                return false;
            }
            return self.removable(c, leg.modes) && self.finish(s, true);
        }
        false
    }

    /// Hands over to leg `li + 1` from square `s`.
    fn next(&mut self, li: usize, s: Square, steps: usize) -> bool {
        // Once the target is a victim, the rest of the path decides whether the move exists.
        if let Some(target) = self.target
            && !self.victims[..self.nvictims].contains(&target)
        {
            let leg = self.path.first_leg as usize + li + 1;
            let ty = usize::from(self.mover.piece_type().0);
            if !self.t.footprints.may_reach(ty, self.player, leg, s, target) {
                return false;
            }
        }
        self.hand_over(li, s, steps)
    }

    /// Hands over to leg `li + 1` from square `s`, unchecked.
    fn hand_over(&mut self, li: usize, s: Square, steps: usize) -> bool {
        let next = self.leg_data(li + 1);
        let t = self.t;
        let full = t.ray(s, next.vec);
        let hop_last = li + 2 == usize::from(self.path.legs) && next.modes.intersects(HOPPING);
        let len = if next.range == 0 || hop_last {
            full.len()
        } else {
            full.len().min(usize::from(next.range))
        };
        let pushed = self.nstops < MAX_STOPS;
        if pushed {
            self.stops[self.nstops] = s;
            self.nstops += 1;
        }
        let stop = self.leg(li + 1, s, &full[..len], steps);
        if pushed {
            self.nstops -= 1;
        }
        stop
    }
}
