//! The path walker: follows a piece's compiled paths square by square over the board and
//! reports every way a path can end (docs/xbetza.md, "Modes" and "Multi-leg
//! moves"; see `spec::Leg`).
//!
//! One walker serves move generation, the attack test and the burn test: what happens to a
//! finished path is up to the [`Sink`], and which legs it walks to the [`Route`] (a piece's
//! continuation tree, or one of its paths). One source of truth for XBetza's walking rules,
//! monomorphised into one body per route kind, so neither pays for the other's checks.

use crate::cell::Cell;
use crate::footprint::ReachRow;
use crate::geometry::Square;
use crate::moves::MAX_CAPTURES;
use crate::position::EpState;
use crate::spec::{Modes, Player};
use crate::tables::{CLeg, CPath, PieceTable, Tables};

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
    /// The move is an e.p. capture (which never promotes).
    pub en_passant: bool,
}

/// Receives finished paths; returns `true` to stop walking.
pub(crate) trait Sink {
    fn end(&mut self, end: PathEnd<'_>) -> bool;
    /// Told of every square the walk looks at (the checkmate shortcut records them).
    #[inline]
    fn read(&self, _s: Square) {}
}

const HOPPING: Modes = Modes(Modes::HOP.0 | Modes::GRASSHOP.0);

/// Where a walk stands in a piece's paths: the leg it walks and what may follow. The walker is
/// generic over it, so one source gives each kind of walk a body of its own: move generation
/// walks the continuation tree ([`Node`]), the attack and burn tests walk one path at a time
/// ([`PathLeg`]) and prune it by the target's footprint.
pub(crate) trait Route: Copy {
    /// Whether the walk may skip a later leg whose footprint misses the walker's target.
    const PRUNES: bool;
    /// The leg and what follows it.
    fn step(self, pt: &PieceTable) -> Step;
    /// The route `i` of [`Step::next`].
    fn at(self, i: u32) -> Self;
}

/// One leg of a route, with what follows it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Step {
    pub leg: CLeg,
    /// Some path ends with this leg: its stopping squares are destinations.
    pub last: bool,
    /// A final hopping leg (walked by the hopper's rules; nothing follows it).
    pub hop_last: bool,
    /// The routes that go on from its stopping squares: `next.0..next.1` (for a path, the
    /// index of its next leg in `PieceTable::legs`).
    pub next: (u32, u32),
}

impl Step {
    /// Some path goes on after this leg.
    #[inline]
    fn inner(&self) -> bool {
        self.next.0 < self.next.1
    }
}

/// A node of the continuation tree (`PieceTable::tree`): one leg shared by every path whose
/// legs up to it are the same.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node(pub u32);

impl Route for Node {
    const PRUNES: bool = false;
    #[inline]
    fn step(self, pt: &PieceTable) -> Step {
        let node = pt.tree[self.0 as usize];
        Step {
            leg: node.leg,
            last: node.last,
            hop_last: node.hop_last,
            next: (node.children, node.children + node.nchildren),
        }
    }
    #[inline]
    fn at(self, i: u32) -> Node {
        Node(i)
    }
}

/// A leg of one path: `leg` indexes `PieceTable::legs`, and the path's legs end before `end`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PathLeg {
    leg: u32,
    end: u32,
}

impl PathLeg {
    /// The first leg of `path`.
    pub(crate) fn first(path: CPath) -> PathLeg {
        PathLeg {
            leg: path.first_leg,
            end: path.first_leg + u32::from(path.legs),
        }
    }
}

impl Route for PathLeg {
    const PRUNES: bool = true;
    #[inline]
    fn step(self, pt: &PieceTable) -> Step {
        let leg = pt.legs[self.leg as usize];
        let last = self.leg + 1 == self.end;
        let after = if last { self.leg + 1 } else { self.leg + 2 };
        Step {
            leg,
            last,
            hop_last: last && leg.modes.intersects(HOPPING),
            next: (self.leg + 1, after),
        }
    }
    #[inline]
    fn at(self, i: u32) -> PathLeg {
        PathLeg { leg: i, ..self }
    }
}

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
    /// Only moves that remove a piece matter (the captures stage): a one-step leg that
    /// certainly gives none is skipped unwalked ([`Walker::fruitless`]).
    pub captures_only: bool,
    victims: [Square; MAX_CAPTURES],
    nvictims: usize,
    stops: [Square; MAX_STOPS],
    nstops: usize,
    unload: Option<Square>,
    creates_ep: bool,
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
            captures_only: false,
            victims: [Square(0); MAX_CAPTURES],
            nvictims: 0,
            stops: [Square(0); MAX_STOPS],
            nstops: 0,
            unload: None,
            creates_ep: false,
        }
    }

    /// Walks one path whose first ray is `ray`; returns `true` if the sink asked to stop.
    pub fn walk(&mut self, path: CPath, ray: &'a [Square]) -> bool {
        self.walk_from(PathLeg::first(path), ray)
    }

    /// Walks the continuation tree below root node `root` (every path that starts with its leg)
    /// whose first ray is `ray`; returns `true` if the sink asked to stop.
    pub fn walk_tree(&mut self, root: u32, ray: &'a [Square]) -> bool {
        self.walk_from(Node(root), ray)
    }

    /// Walks every path through `route`, a first leg whose ray is `ray`.
    #[inline]
    fn walk_from<R: Route>(&mut self, route: R, ray: &[Square]) -> bool {
        self.nvictims = 0;
        self.nstops = 0;
        self.unload = None;
        self.creates_ep = false;
        let step = route.step(self.pt);
        if self.fruitless(&step, ray) {
            return false;
        }
        self.enter(route, &step, 0, self.from, ray, 0)
    }

    /// In a captures-only walk with nothing taken yet, whether the one-step leg `step` along
    /// `ray` certainly gives no capture: its square is off the board or a wall, empty where
    /// no path goes on, or holds a piece the leg can neither take nor hop. Reading that one
    /// square costs far less than walking the leg (a Lion's return step, mostly).
    #[inline(always)]
    fn fruitless(&self, step: &Step, ray: &[Square]) -> bool {
        let modes = step.leg.modes;
        if !self.captures_only
            || self.nvictims > 0
            || step.leg.range != 1
            || step.hop_last
            || modes.contains(Modes::EN_PASSANT)
        {
            return false;
        }
        let Some(&s) = ray.first() else {
            return true;
        };
        let c = self.at(s);
        if c.is_empty() {
            return !(step.inner() && modes.contains(Modes::MOVE));
        }
        c.is_wall() || !(self.removable(c, modes) || modes.intersects(HOPPING))
    }

    /// Walks `route`'s leg (`step`, leg `depth` of its paths, 0 the first) from `start` along
    /// `ray`, the leg before it having gone `prev` steps.
    fn enter<R: Route>(
        &mut self,
        route: R,
        step: &Step,
        depth: usize,
        start: Square,
        ray: &[Square],
        prev: usize,
    ) -> bool {
        let leg = step.leg;
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
        let stop = if step.hop_last {
            self.hop_leg(&leg, ray)
        } else {
            self.leg(route, step, depth, start, ray, prev)
        };
        (self.unload, self.creates_ep) = saved;
        stop
    }

    /// A leg walked square by square: its stopping squares are destinations where a path ends
    /// with it (`step.last`), and hand over to what follows where a path goes on.
    fn leg<R: Route>(
        &mut self,
        route: R,
        step: &Step,
        depth: usize,
        start: Square,
        ray: &[Square],
        prev: usize,
    ) -> bool {
        let leg = &step.leg;
        let iso = depth > 0 && leg.modes.contains(Modes::ISO);
        let ski = leg.modes.contains(Modes::JUMP) && leg.range != 1;
        let (min_k, max_k) = if iso { (prev, prev) } else { (1, ray.len()) };
        let Some((max_k, row)) = self.target_reach::<R>(step, ray, max_k) else {
            return false;
        };
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
                if k >= min_k && self.empty_square(route, step, depth, s, k, row.as_ref()) {
                    return true;
                }
                continue;
            }
            if c.is_wall() || k < min_k {
                return false;
            }
            return self.first_piece(route, step, depth, s, k, c);
        }
        false
    }

    /// How many squares of `ray` a leg walks (`max_k` at most), with the next leg's reach
    /// toward the target in an attack walk: a non-final leg matters only up to the target
    /// itself or the last square the next leg could reach it from; what lies beyond is neither
    /// walked nor read. `None`: no square of the ray matters.
    #[inline(always)]
    fn target_reach<R: Route>(
        &self,
        step: &Step,
        ray: &[Square],
        max_k: usize,
    ) -> Option<(usize, Option<ReachRow<'a>>)> {
        if R::PRUNES
            && step.inner()
            && let Some(target) = self.target
            && !self.victims[..self.nvictims].contains(&target)
        {
            let ty = usize::from(self.mover.piece_type().0);
            let t: &'a Tables = self.t;
            if let Some(r) = t
                .footprints
                .reach_row(ty, self.player, step.next.0 as usize, target)
            {
                let i = ray[..max_k.min(ray.len())]
                    .iter()
                    .rposition(|&s| s == target || r.may(s))?;
                return Some((i + 1, Some(r)));
            }
        }
        Some((max_k, None))
    }

    /// The empty square `s`, `k` steps along `step`'s leg: a destination where a path ends,
    /// a stop to go on from where one goes on (`row`: the next leg's reach toward the target).
    #[inline(always)]
    fn empty_square<R: Route>(
        &mut self,
        route: R,
        step: &Step,
        depth: usize,
        s: Square,
        k: usize,
        row: Option<&ReachRow<'_>>,
    ) -> bool {
        let modes = step.leg.modes;
        if step.last {
            if modes.contains(Modes::MOVE) && self.finish(s, false) {
                return true;
            }
            if modes.contains(Modes::EN_PASSANT) && self.ep_capture(s) {
                return true;
            }
        }
        step.inner()
            && modes.contains(Modes::MOVE)
            && match row {
                Some(r) => r.may(s) && self.go_on(route, step, depth, s, k),
                None => self.next(route, step, depth, s, k),
            }
    }

    /// The first piece on `step`'s leg, `c` on `s` after `k` steps, where the leg ends: taken
    /// where a path ends, taken or hopped over where one goes on.
    #[inline(always)]
    fn first_piece<R: Route>(
        &mut self,
        route: R,
        step: &Step,
        depth: usize,
        s: Square,
        k: usize,
        c: Cell,
    ) -> bool {
        let modes = step.leg.modes;
        let removable = self.removable(c, modes);
        if step.last && removable && self.finish(s, true) {
            return true;
        }
        if !step.inner() {
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
            let stop = self.next(route, step, depth, s, k);
            if fresh {
                self.nvictims -= 1;
            }
            if stop {
                return true;
            }
        }
        modes.intersects(HOPPING) && self.may_leap(c) && self.next(route, step, depth, s, k)
    }

    /// Hands over from `step`'s leg, stopped on `s` after `steps` steps, to what follows,
    /// unless that can no longer reach the walker's target.
    #[inline]
    fn next<R: Route>(
        &mut self,
        route: R,
        step: &Step,
        depth: usize,
        s: Square,
        steps: usize,
    ) -> bool {
        // Once the target is a victim, the rest of the path decides whether the move exists.
        if R::PRUNES
            && let Some(target) = self.target
            && !self.victims[..self.nvictims].contains(&target)
        {
            let ty = usize::from(self.mover.piece_type().0);
            let leg = step.next.0 as usize;
            if !self.t.footprints.may_reach(ty, self.player, leg, s, target) {
                return false;
            }
        }
        self.go_on(route, step, depth, s, steps)
    }

    /// Hands over from `step`'s leg, stopped on `s` after `steps` steps, to each route that
    /// follows it.
    fn go_on<R: Route>(
        &mut self,
        route: R,
        step: &Step,
        depth: usize,
        s: Square,
        steps: usize,
    ) -> bool {
        let t = self.t;
        let pushed = self.nstops < MAX_STOPS;
        if pushed {
            self.stops[self.nstops] = s;
            self.nstops += 1;
        }
        let mut stop = false;
        for i in step.next.0..step.next.1 {
            let child = route.at(i);
            let cs = child.step(self.pt);
            let full = t.ray(s, cs.leg.vec);
            let len = if cs.leg.range == 0 || cs.hop_last {
                full.len()
            } else {
                full.len().min(usize::from(cs.leg.range))
            };
            if self.fruitless(&cs, full) {
                continue;
            }
            if self.enter(child, &cs, depth + 1, s, &full[..len], steps) {
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
        self.finish_end(to, dest_capture, false)
    }

    fn finish_end(&mut self, to: Square, dest_capture: bool, en_passant: bool) -> bool {
        let end = PathEnd {
            to,
            dest_capture,
            victims: &self.victims[..self.nvictims],
            stops: &self.stops[..self.nstops],
            unload: self.unload,
            creates_ep: self.creates_ep,
            en_passant,
        };
        self.sink.end(end)
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
        let stop = self.finish_end(s, false, true);
        self.nvictims -= 1;
        stop
    }

    /// A final hopping leg: slide to the hurdle, jump it, go on (range rules in `spec::Leg`).
    fn hop_leg(&mut self, leg: &CLeg, ray: &[Square]) -> bool {
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
}
