//! The reference walker: plays path templates on a board of immobile dummies and records the
//! moves and the per-square marks. It is the oracle the runtime's move generator is checked
//! against, so it follows docs/xbetza.md's "Modes" and "Multi-leg moves" directly and shares no code with
//! the runtime.
//!
//! Equivalent routes are merged as they are walked, so the work is proportional to the moves
//! and marks produced, not to the routes: the templates are first folded into a graph in which
//! templates that share their first legs share a walk and identical remainders are one node
//! ([`Routes`]); a walk that reaches a node on a square in a state (captures so far, and the
//! unload square where something can be captured) already walked from there is not walked
//! again, because it would record the same moves and marks ([`StateKey`]). `aaaaQ` on 26x26 (32,768 templates, about 10^11 routes) visits a few
//! thousand states.

use std::collections::{HashMap, HashSet};

use koma_runtime::spec::{CastlingSpec, Coord, Leg, Modes, PathTemplate};

use super::{DiagramMove, Marks, Scene};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Occupant {
    Empty,
    Friend,
    Enemy {
        royal: bool,
    },
    /// The mover's own square during its first leg (only reachable by wrapping round).
    Mover,
}

/// One way on from a node: a leg, whether a template ends with it, and the node its
/// continuations start from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Edge {
    leg: Leg,
    ends: bool,
    next: Option<u32>,
}

/// Every template of an expansion as one graph: node 0 holds the first legs; each edge's `next`
/// node holds the legs that may follow it. Nodes with the same ways on are one node.
pub(super) struct Routes {
    nodes: Vec<Vec<Edge>>,
    root: u32,
    /// Whether a node has an edge whose range depends on the previous leg's length (`o`/iso).
    iso: Vec<bool>,
}

impl Routes {
    pub(super) fn new(templates: &[PathTemplate]) -> Routes {
        // A trie of the templates first (ways on in first-seen order)...
        let mut trie: Vec<Vec<(Leg, bool, Option<usize>)>> = vec![Vec::new()];
        for t in templates {
            let mut node = 0;
            for (i, leg) in t.legs.iter().enumerate() {
                let last = i + 1 == t.legs.len();
                let at = match trie[node].iter().position(|e| e.0 == *leg) {
                    Some(at) => at,
                    None => {
                        trie[node].push((*leg, false, None));
                        trie[node].len() - 1
                    }
                };
                if last {
                    trie[node][at].1 = true;
                } else {
                    let next = match trie[node][at].2 {
                        Some(next) => next,
                        None => {
                            trie.push(Vec::new());
                            let next = trie.len() - 1;
                            trie[node][at].2 = Some(next);
                            next
                        }
                    };
                    node = next;
                }
            }
        }
        // ...then identical subtrees become one node, children before parents.
        let mut routes = Routes {
            nodes: Vec::new(),
            root: 0,
            iso: Vec::new(),
        };
        let mut ids: HashMap<Vec<Edge>, u32> = HashMap::new();
        let mut canon: Vec<Option<u32>> = vec![None; trie.len()];
        let mut order = Vec::with_capacity(trie.len());
        let mut stack = vec![(0usize, false)];
        while let Some((n, expanded)) = stack.pop() {
            if expanded {
                order.push(n);
                continue;
            }
            stack.push((n, true));
            stack.extend(trie[n].iter().filter_map(|e| e.2).map(|c| (c, false)));
        }
        for n in order {
            if canon[n].is_some() {
                continue;
            }
            let edges: Vec<Edge> = trie[n]
                .iter()
                .map(|&(leg, ends, next)| Edge {
                    leg,
                    ends,
                    next: next.and_then(|c| canon[c]),
                })
                .collect();
            let id = if n == 0 {
                // The root stays apart: its legs are first legs.
                routes.nodes.len() as u32
            } else {
                *ids.entry(edges.clone())
                    .or_insert(routes.nodes.len() as u32)
            };
            if id as usize == routes.nodes.len() {
                routes
                    .iso
                    .push(edges.iter().any(|e| e.leg.modes.contains(Modes::ISO)));
                routes.nodes.push(edges);
            }
            canon[n] = Some(id);
        }
        routes.root = canon[0].unwrap_or(0);
        routes
    }
}

/// A walk state that decides which moves the rest of the walk records: the node, the square,
/// the previous leg's length where an iso leg follows, what was captured, the unload square,
/// and whether the first leg was an initial move. The e.p. squares passed so far are left out:
/// they steer nothing, and a move found again is merged into the first one found (with its
/// e.p. squares), so a second route into the same state would only find moves already found.
/// With them in, each route of a string such as `aalnnaaaalinnnbnQlinnananQnbiQK` that creates
/// e.p. squares on every leg was a state of its own (4.5 s and 260 MB on a 20 x 4 board).
/// Likewise the unload square, where no move can capture: an unloading leg (`u`) on every
/// route of a cylinder string took 7 s on an empty 22 x 10 board.
type StateKey = (u32, (i32, i32), i32, Vec<Coord>, Option<Coord>, bool);

/// Per-path state: what the legs so far did.
#[derive(Default)]
struct PathState {
    captures: Vec<Coord>,
    unload: Option<Coord>,
    en_passant: Vec<Coord>,
}

/// What makes two moves the same move: destination, unload square, castling and the set of
/// removed squares (sorted).
type MoveKey = (Coord, Option<Coord>, Option<(Coord, Coord)>, Vec<Coord>);

pub(super) struct Walker<'a> {
    scene: &'a Scene,
    /// Distinct moves, merged as the routes are walked.
    pub(super) moves: Vec<DiagramMove>,
    index: HashMap<MoveKey, usize>,
    pub(super) marks: Vec<Marks>,
    max_steps: i32,
    /// Walk states already walked ([`Walker::enter`]).
    seen: HashSet<StateKey>,
    /// Whether the scene has a piece a move could capture (or an e.p. victim): without one, no
    /// move records an unload square, so it is no part of the walk state.
    may_capture: bool,
}

/// Where a walk is: the route graph, the template's first leg, and the leg's index.
#[derive(Clone, Copy)]
struct Way<'r> {
    routes: &'r Routes,
    first: Leg,
    depth: usize,
}

impl<'a> Walker<'a> {
    pub(super) fn new(scene: &'a Scene) -> Walker<'a> {
        let (w, h) = (scene.board.files as i32, scene.board.ranks as i32);
        Walker {
            scene,
            moves: Vec::new(),
            index: HashMap::new(),
            marks: vec![Marks::default(); (w * h) as usize],
            max_steps: w.max(h) * 2,
            seen: HashSet::new(),
            may_capture: !scene.enemies.is_empty()
                || !scene.friends.is_empty()
                || scene.en_passant.is_some(),
        }
    }

    /// Records a move, or merges it into the same move found by another route: initial only
    /// if every route is.
    fn push_move(&mut self, m: DiagramMove) {
        let mut set = m.captures.clone();
        set.sort();
        let key = (m.to, m.unload, m.castling, set);
        match self.index.get(&key) {
            Some(&i) => self.moves[i].initial &= m.initial,
            None => {
                self.index.insert(key, self.moves.len());
                self.moves.push(m);
            }
        }
    }

    fn index(&self, c: (i32, i32)) -> usize {
        (c.1 * self.scene.board.files as i32 + c.0) as usize
    }

    fn coord(c: (i32, i32)) -> Coord {
        Coord {
            x: c.0 as u8,
            y: c.1 as u8,
        }
    }

    fn occupant(&self, c: (i32, i32), leg: usize) -> Occupant {
        let here = Self::coord(c);
        if here == self.scene.from {
            return if leg == 0 {
                Occupant::Mover
            } else {
                Occupant::Empty
            };
        }
        if self.scene.friends.contains(&here) {
            Occupant::Friend
        } else if self.scene.enemies.contains(&here) {
            Occupant::Enemy {
                royal: self.scene.royal_enemies.contains(&here),
            }
        } else {
            Occupant::Empty
        }
    }

    /// One step of `v` from `c`, wrapping on a cylinder or torus; `None` off the board.
    fn step(&self, c: (i32, i32), v: (i32, i32), modes: Modes) -> Option<(i32, i32)> {
        let (w, h) = (self.scene.board.files as i32, self.scene.board.ranks as i32);
        let (mut x, mut y) = (c.0 + v.0, c.1 + v.1);
        if modes.contains(Modes::CYLINDER) {
            x = x.rem_euclid(w);
        }
        if modes.contains(Modes::TORUS) {
            y = y.rem_euclid(h);
        }
        let on_board = (0..w).contains(&x) && (0..h).contains(&y);
        (on_board && !self.scene.holes.contains(&Self::coord((x, y)))).then_some((x, y))
    }

    /// Walks every template of `routes` from the scene's square.
    pub(super) fn routes(&mut self, routes: &Routes) {
        let from = (self.scene.from.x as i32, self.scene.from.y as i32);
        let root = routes.root as usize;
        for edge in &routes.nodes[root] {
            if edge.leg.modes.contains(Modes::INITIAL) && !self.scene.virgin {
                continue;
            }
            let way = Way {
                routes,
                first: edge.leg,
                depth: 0,
            };
            self.leg(&way, edge, from, 0, &mut PathState::default());
        }
    }

    /// Walks the ways on from `node`, unless this state was walked before.
    fn enter(&mut self, way: &Way<'_>, node: u32, start: (i32, i32), k: i32, st: &mut PathState) {
        let routes = way.routes;
        let key = (
            node,
            start,
            if routes.iso[node as usize] { k } else { 0 },
            st.captures.clone(),
            st.unload.filter(|_| self.may_capture),
            way.first.modes.contains(Modes::INITIAL),
        );
        if !self.seen.insert(key) {
            return;
        }
        let next = Way {
            depth: way.depth + 1,
            ..*way
        };
        for edge in &routes.nodes[node as usize] {
            self.leg(&next, edge, start, k, st);
        }
    }

    fn vector(&self, leg: &Leg) -> (i32, i32) {
        let s = if self.scene.second { -1 } else { 1 };
        (leg.dx as i32 * s, leg.dy as i32 * s)
    }

    fn range(&self, leg: &Leg, start: (i32, i32)) -> i32 {
        if leg.modes.contains(Modes::HALF_BOARD) {
            let ranks = self.scene.board.ranks as i32;
            let own_row = if self.scene.second {
                ranks - 1 - start.1
            } else {
                start.1
            };
            return (ranks / 2 - own_row - 1).max(1);
        }
        if leg.range == 0 {
            self.max_steps
        } else {
            leg.range as i32
        }
    }

    /// The squares a leap of `v` from `c` passes over (none for one-step leaps).
    fn passed_over(&self, c: (i32, i32), v: (i32, i32), modes: Modes) -> Vec<(i32, i32)> {
        let n = v.0.abs().max(v.1.abs());
        let straight = v.0 == 0 || v.1 == 0 || v.0.abs() == v.1.abs();
        if n <= 1 || !straight {
            return Vec::new();
        }
        let unit = (v.0.signum(), v.1.signum());
        let mut out = Vec::new();
        let mut p = c;
        for _ in 1..n {
            match self.step(p, unit, modes) {
                Some(q) => {
                    out.push(q);
                    p = q;
                }
                None => break,
            }
        }
        out
    }

    fn leg(
        &mut self,
        way: &Way<'_>,
        edge: &Edge,
        start: (i32, i32),
        prev_steps: i32,
        st: &mut PathState,
    ) {
        let leg = edge.leg;
        let i = way.depth;
        let m = leg.modes;
        let v = self.vector(&leg);
        let unit = v.0.abs().max(v.1.abs()) == 1;
        let range = self.range(&leg, start);
        let saved_unload = st.unload;
        if m.contains(Modes::UNLOAD) {
            st.unload = Some(Self::coord(start));
        }
        let mut pos = start;
        let mut passed: Vec<Coord> = Vec::new();
        for k in 1..=range {
            let prev = pos;
            let Some(next) = self.step(pos, v, m) else {
                break;
            };
            // A confined piece's move ends where it would leave its region.
            if self
                .scene
                .confined
                .as_ref()
                .is_some_and(|r| !r.contains(&Self::coord(next)))
            {
                break;
            }
            pos = next;
            let over = self.passed_over(prev, v, m);
            let occupied_over = over
                .iter()
                .filter(|&&p| self.occupant(p, i) != Occupant::Empty)
                .count();
            if m.contains(Modes::LAME) && occupied_over > 0 {
                break;
            }
            if m.contains(Modes::JUMP) && !unit && occupied_over == 0 {
                break;
            }
            let occ = self.occupant(pos, i);
            let ski = m.contains(Modes::JUMP) && unit && k == 1;
            let iso_wait = m.contains(Modes::ISO) && k < prev_steps;
            if m.contains(Modes::ISO) && k > prev_steps {
                break;
            }
            if ski || (iso_wait && occ == Occupant::Empty) {
                passed.extend(over.iter().map(|&p| Self::coord(p)));
                passed.push(Self::coord(pos));
                continue;
            }
            if iso_wait {
                break;
            }
            let ep_len = st.en_passant.len();
            if m.contains(Modes::CREATES_EP) {
                st.en_passant.extend(passed.iter().copied());
                st.en_passant.extend(over.iter().map(|&p| Self::coord(p)));
            }
            let stop = self.stop(way, edge, k, pos, occ, st);
            st.en_passant.truncate(ep_len);
            if !stop {
                break;
            }
            passed.extend(over.iter().map(|&p| Self::coord(p)));
            passed.push(Self::coord(pos));
        }
        st.unload = saved_unload;
    }

    /// What the leg may do on `pos` (reached after `k` steps): end a template there when one
    /// ends with this leg, go on when templates continue; returns whether it slides on.
    fn stop(
        &mut self,
        way: &Way<'_>,
        edge: &Edge,
        k: i32,
        pos: (i32, i32),
        occ: Occupant,
        st: &mut PathState,
    ) -> bool {
        let m = edge.leg.modes;
        match occ {
            Occupant::Empty => {
                self.stop_on_empty(way, edge, k, pos, st);
                true
            }
            Occupant::Enemy { royal } => {
                let captures =
                    m.contains(Modes::CAPTURE) || m.contains(Modes::ROYAL_CAPTURE) && royal;
                self.stop_on_enemy(way, edge, k, pos, captures, st);
                false
            }
            Occupant::Friend => {
                self.stop_on_friend(way, edge, k, pos, st);
                false
            }
            Occupant::Mover => false,
        }
    }

    /// On an empty square: a move or en passant capture ends here, or the path goes on.
    fn stop_on_empty(
        &mut self,
        way: &Way<'_>,
        edge: &Edge,
        k: i32,
        pos: (i32, i32),
        st: &mut PathState,
    ) {
        let m = edge.leg.modes;
        let here = Self::coord(pos);
        if edge.ends {
            self.mark_final(
                way,
                edge,
                pos,
                m.contains(Modes::MOVE),
                m.intersects(Modes::CAPTURE.union(Modes::ROYAL_CAPTURE)),
                m.contains(Modes::DESTROY),
            );
            if m.contains(Modes::MOVE) {
                self.emit(way, here, None, st);
            }
            if let Some(ep) = self
                .scene
                .en_passant
                .filter(|ep| m.contains(Modes::EN_PASSANT) && ep.square == here)
            {
                self.emit(way, here, Some(ep.victim), st);
            }
        }
        if let Some(next) = edge.next {
            let idx = self.index(pos);
            // Cyan squares of the ID: where a first-leg capture may happen.
            if way.depth == 0 && m.intersects(Modes::CAPTURE.union(Modes::DESTROY)) {
                self.marks[idx].locust = true;
            }
            if m.contains(Modes::HOP) && !m.contains(Modes::MOVE) {
                self.marks[idx].hop = true;
            }
            if m.contains(Modes::MOVE) {
                self.enter(way, next, pos, k, st);
            }
        }
    }

    /// On an enemy: a capture ends here or goes on (a locust), or a hop goes over it.
    fn stop_on_enemy(
        &mut self,
        way: &Way<'_>,
        edge: &Edge,
        k: i32,
        pos: (i32, i32),
        captures: bool,
        st: &mut PathState,
    ) {
        let m = edge.leg.modes;
        let here = Self::coord(pos);
        if edge.ends && captures {
            self.mark_final(way, edge, pos, m.contains(Modes::MOVE), true, false);
            self.emit(way, here, Some(here), st);
        }
        if let Some(next) = edge.next {
            if captures {
                let idx = self.index(pos);
                self.marks[idx].locust = true;
                self.with_capture(way, next, pos, k, st);
            }
            if m.contains(Modes::HOP) {
                self.enter(way, next, pos, k, st);
            }
        }
    }

    /// On a friend: only a destroying leg takes it; a hop goes over it.
    fn stop_on_friend(
        &mut self,
        way: &Way<'_>,
        edge: &Edge,
        k: i32,
        pos: (i32, i32),
        st: &mut PathState,
    ) {
        let m = edge.leg.modes;
        let here = Self::coord(pos);
        if m.contains(Modes::DESTROY) {
            if edge.ends {
                self.mark_final(way, edge, pos, false, false, true);
                self.emit(way, here, Some(here), st);
            }
            if let Some(next) = edge.next {
                self.with_capture(way, next, pos, k, st);
            }
        }
        if let Some(next) = edge.next.filter(|_| m.contains(Modes::HOP)) {
            self.enter(way, next, pos, k, st);
        }
    }

    fn with_capture(
        &mut self,
        way: &Way<'_>,
        next: u32,
        pos: (i32, i32),
        k: i32,
        st: &mut PathState,
    ) {
        st.captures.push(Self::coord(pos));
        self.enter(way, next, pos, k, st);
        st.captures.pop();
    }

    fn mark_final(
        &mut self,
        way: &Way<'_>,
        edge: &Edge,
        pos: (i32, i32),
        mv: bool,
        capture: bool,
        destroy: bool,
    ) {
        let first = way.first;
        let v = self.vector(&first);
        // A one-leg template: its only leg is this edge's, walked from the root.
        let unblockable = way.depth == 0
            && edge.ends
            && first.range == 1
            && v.0.abs().max(v.1.abs()) > 1
            && !first.modes.intersects(Modes::LAME.union(Modes::JUMP));
        let idx = self.index(pos);
        let mark = &mut self.marks[idx];
        mark.can_move |= mv;
        mark.can_capture |= capture;
        mark.can_destroy |= destroy;
        mark.unblockable |= unblockable && (mv || capture);
        if first.modes.contains(Modes::INITIAL) {
            mark.initial = true;
        } else {
            mark.always = true;
        }
    }

    fn emit(&mut self, way: &Way<'_>, to: Coord, extra: Option<Coord>, st: &PathState) {
        let mut captures = Vec::new();
        for c in st.captures.iter().copied().chain(extra) {
            if !captures.contains(&c) {
                captures.push(c);
            }
        }
        let unload = st.unload.filter(|_| !captures.is_empty());
        let mut en_passant = st.en_passant.clone();
        en_passant.sort();
        en_passant.dedup();
        self.push_move(DiagramMove {
            from: self.scene.from,
            to,
            captures,
            unload,
            initial: way.first.modes.contains(Modes::INITIAL),
            castling: None,
            en_passant,
        });
    }

    pub(super) fn castling(&mut self, spec: &CastlingSpec) {
        if !self.scene.virgin {
            return;
        }
        let dir = if self.scene.second {
            -spec.direction as i32
        } else {
            spec.direction as i32
        };
        let (x0, y) = (self.scene.from.x as i32, self.scene.from.y as i32);
        let edge = if dir < 0 {
            0
        } else {
            self.scene.board.files as i32 - 1
        };
        let partner_x = if spec.partner_inside {
            edge - dir
        } else {
            edge
        };
        let distance = (partner_x - x0) * dir;
        let steps = spec.king_steps as i32;
        if distance <= steps || self.occupant((partner_x, y), 0) != Occupant::Friend {
            return;
        }
        if (1..distance).any(|d| self.occupant((x0 + d * dir, y), 0) != Occupant::Empty) {
            return;
        }
        let to = (x0 + steps * dir, y);
        let idx = self.index(to);
        self.marks[idx].castling = true;
        self.push_move(DiagramMove {
            from: self.scene.from,
            to: Self::coord(to),
            captures: Vec::new(),
            unload: None,
            initial: true,
            castling: Some((
                Self::coord((partner_x, y)),
                Self::coord((x0 + (steps - 1) * dir, y)),
            )),
            en_passant: Vec::new(),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xbetza::{BoardSize, expand_templates};

    /// Walks `betza` from the centre of an empty `files` x `ranks` board, asserts that the walk
    /// kept at most two states per route-graph node and square, and returns its moves.
    fn walk_within_state_bound(betza: &str, files: u8, ranks: u8) -> Vec<DiagramMove> {
        let board = BoardSize { files, ranks };
        let (expansion, _) = expand_templates(betza, board).expect("expands");
        let routes = Routes::new(&expansion.paths);
        let scene = Scene::centre(board);
        let mut walker = Walker::new(&scene);
        walker.routes(&routes);
        let bound = routes.nodes.len() * usize::from(files) * usize::from(ranks) * 2;
        assert!(
            walker.seen.len() <= bound,
            "{} states, more than {bound}",
            walker.seen.len()
        );
        walker.moves
    }

    /// Found by fuzzing (the `xbetza` target): every leg of this string creates e.p. squares,
    /// and when they were part of the walk state each route was a state of its own (several
    /// million on a 20 x 4 board). Without captures, iso legs or unload squares a state is a
    /// route-graph node, a square and whether the first leg was initial.
    #[test]
    fn routes_with_different_ep_squares_share_a_state() {
        let moves = walk_within_state_bound("aalnnaaaalinnnbnQlinnananQnbiQK", 20, 4);
        assert!(!moves.is_empty());
        assert!(moves.iter().any(|m| !m.en_passant.is_empty()));
    }

    /// Found by fuzzing too: unloading legs (`u`) on a cylinder made every route's unload
    /// square part of its state (275,663 states on an empty 22 x 10 board), though with
    /// nothing to capture no move records one.
    #[test]
    fn unload_squares_are_no_state_where_nothing_can_be_captured() {
        let betza = "llnnnnnnnnntttmamabaubsmvatttttttaubsmvatttttttttttttttttttttttnnonnFFF\
                     ttttttttttttttttnnonnFFF";
        let moves = walk_within_state_bound(betza, 22, 10);
        assert!(moves.iter().all(|m| m.unload.is_none()));
        assert_eq!(moves.len(), 22 * 10);
    }
}
