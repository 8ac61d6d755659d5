//! The attack test: could a player's pieces remove whatever stands on a square? Simple rides
//! and leaps are found by walking reverse rays from the square; multi-leg, hopping, lame and
//! initial-only paths by walking the paths of the few pieces that could reach it.

use crate::bits::{Bits, before, bit_indices, nearest};
use crate::cell::Cell;
use crate::geometry::Square;
use crate::limits::MAX_SQUARES;
use crate::moves::{MAX_CAPTURES, MoveKind, MoveRef};
use crate::position::Position;
use crate::spec::{PieceType, Player};
use crate::strategy::RayLookup;
use crate::tables::{AttackVector, NEAR_REACH, RayWord};
use crate::walk::{PathEnd, Sink, Walker};

/// The occupied squares of a reverse ray, nearest first, each with the number of ray squares
/// before it: read from the runs of the occupancy bits' words ([`AttackVector::words`]).
pub(crate) struct RayHits<'a> {
    runs: std::slice::Iter<'a, RayWord>,
    occ: &'a Bits,
    ascending: bool,
    /// The run being read, and its occupied squares not yet given.
    run: RayWord,
    hit: u64,
}

impl<'a> RayHits<'a> {
    /// The occupied squares of the ray `runs` (nearest first when `ascending` runs up through
    /// square indices).
    #[inline]
    pub(crate) fn new(runs: &'a [RayWord], occ: &'a Bits, ascending: bool) -> RayHits<'a> {
        RayHits {
            runs: runs.iter(),
            occ,
            ascending,
            run: RayWord {
                word: 0,
                before: 0,
                mask: 0,
            },
            hit: 0,
        }
    }
}

impl Iterator for RayHits<'_> {
    type Item = (Square, u32);

    #[inline]
    fn next(&mut self) -> Option<(Square, u32)> {
        while self.hit == 0 {
            self.run = *self.runs.next()?;
            self.hit = self.run.mask & self.occ.0[self.run.word as usize];
        }
        let b = nearest(self.hit, self.ascending);
        let earlier = before(self.run.mask, b, self.ascending);
        self.hit &= !(1u64 << b);
        let sq = Square((self.run.word * 64 + b) as u16);
        Some((sq, self.run.before + earlier.count_ones()))
    }
}

/// Stops at the first path that removes `target`.
struct AttackSink {
    target: Square,
}

impl Sink for AttackSink {
    fn end(&mut self, e: PathEnd<'_>) -> bool {
        (e.dest_capture && e.to == self.target) || e.victims.contains(&self.target)
    }
}

impl Position {
    /// True when `by` has a move that would remove the piece on `sq` (for an empty square:
    /// a piece standing there, as far as rides and leaps are concerned).
    pub fn is_attacked(&self, sq: Square, by: Player) -> bool {
        self.rides_attacked(sq, by) || self.complex_attacked(sq, by)
    }

    /// Whether a simple ride or leap of `by` removes the piece on `sq`.
    #[inline]
    pub(crate) fn rides_attacked(&self, sq: Square, by: Player) -> bool {
        match self.tables.strategy.rays {
            RayLookup::Bits => self.rides_attack(sq, by),
            RayLookup::Words => self.rides_attack_words(sq, by),
            RayLookup::Walk => self.rides_attack_walked(sq, by),
        }
    }

    /// Whether a simple ride or leap of `by` removes the piece on `sq`, found from the
    /// occupancy bits: per attack vector, the first piece on the reverse ray from `sq`.
    #[inline]
    pub(crate) fn rides_attack(&self, sq: Square, by: Player) -> bool {
        let t = &*self.tables;
        let vectors = t.attack_vectors.get(by);
        // The leaps all at once first: most squares have no attacker a leap away.
        let leaps = t.leaps.get(by)[sq.index()] & self.side_occ.get(by).0[0] != 0;
        let end = if leaps {
            vectors.len()
        } else {
            *t.leap_start.get(by)
        };
        for av in &vectors[..end] {
            let mask = av.masks[sq.index()];
            let hit = mask & self.occ.0[0];
            if hit == 0 {
                continue;
            }
            let first = nearest(hit, av.ascending);
            let c = self.board[first as usize];
            if c.is_piece() && c.player() == by && self.ray_reaches(av, mask, first, c) {
                return true;
            }
        }
        false
    }

    /// Whether the piece `c` on bit `f` of the ray `mask` of `av` (boards of up to 64
    /// squares) attacks the ray's start along it: its range covers the squares before it, and
    /// it can act.
    #[inline]
    pub(crate) fn ray_reaches(&self, av: &AttackVector, mask: u64, f: u32, c: Cell) -> bool {
        let range = av.range[usize::from(c.piece_type().0)];
        if range == 0 {
            return false;
        }
        // The count of the squares before it only when it matters: most attackers stand next
        // to the square or ride without limit, and the count is a software popcount.
        let between = before(mask, f, av.ascending);
        let reaches =
            range == 255 || between == 0 || (range > 1 && between.count_ones() < u32::from(range));
        reaches && self.can_act(Square(f as u16), c)
    }

    /// The occupied squares of the reverse ray of `av` from `sq`, nearest first, with the
    /// number of ray squares before each (boards over 64 squares, [`Tables::ray_words`]).
    ///
    /// [`Tables::ray_words`]: crate::tables::Tables
    #[inline]
    pub(crate) fn ray_hits<'a>(&'a self, av: &'a AttackVector, sq: Square) -> RayHits<'a> {
        let (a, b) = (av.word_index[sq.index()], av.word_index[sq.index() + 1]);
        RayHits::new(&av.words[a as usize..b as usize], &self.occ, av.ascending)
    }

    /// As [`Position::rides_attack`] on a board over 64 squares: the first piece on each
    /// reverse ray from the runs of the occupancy bits' words.
    fn rides_attack_words(&self, sq: Square, by: Player) -> bool {
        let t = &*self.tables;
        t.attack_vectors
            .get(by)
            .iter()
            .any(|av| self.words_attack(av, sq, by))
    }

    /// Whether the first piece on the reverse ray of `av` from `sq` (read from the runs of the
    /// occupancy words) is one of `by`'s that attacks along it.
    #[inline]
    fn words_attack(&self, av: &AttackVector, sq: Square, by: Player) -> bool {
        let Some((s, before)) = self.ray_hits(av, sq).next() else {
            return false;
        };
        let c = self.board[s.index()];
        c.is_piece()
            && c.player() == by
            && u32::from(av.range[usize::from(c.piece_type().0)]) > before
            && self.can_act(s, c)
    }

    /// As [`Position::rides_attack`], walking each reverse ray (a short one only when a piece
    /// of `by` stands near enough to attack along it).
    fn rides_attack_walked(&self, sq: Square, by: Player) -> bool {
        let t = &*self.tables;
        let near = self.has_near(sq, by, NEAR_REACH);
        t.attack_vectors
            .get(by)
            .iter()
            .any(|av| (near || !av.near) && self.walked_attack(av, sq, by))
    }

    /// Whether the first piece on the reverse ray of `av` from `sq`, walked square by square,
    /// is one of `by`'s that attacks along it.
    #[inline]
    fn walked_attack(&self, av: &AttackVector, sq: Square, by: Player) -> bool {
        let ray = self.tables.ray(sq, av.reverse);
        let lim = if av.max_range == 255 {
            ray.len()
        } else {
            ray.len().min(usize::from(av.max_range))
        };
        for (i, &s) in ray[..lim].iter().enumerate() {
            let c = self.board[s.index()];
            if c.is_empty() {
                continue;
            }
            return c.is_piece()
                && c.player() == by
                && usize::from(av.range[usize::from(c.piece_type().0)]) > i
                && self.can_act(s, c);
        }
        false
    }

    /// Whether a piece of `by` stands within Chebyshev distance `d` (1 to [`NEAR_REACH`]) of
    /// `sq`.
    #[inline]
    pub(crate) fn has_near(&self, sq: Square, by: Player, d: u8) -> bool {
        let near = self.tables.near_bits(d, sq);
        let theirs = &self.side_occ.get(by).0;
        near.iter().zip(theirs).any(|(n, p)| n & p != 0)
    }

    /// How many pieces of `by` stand within Chebyshev distance `d` (1 to 3) of `sq`, `sq`
    /// itself left out: counted from the occupancy bits, without looking at the squares (an
    /// evaluation's pieces near a royal).
    ///
    /// # Panics
    /// When `d` is 0 or over 3.
    #[inline]
    pub fn pieces_near(&self, sq: Square, by: Player, d: u8) -> u32 {
        assert!(
            (1..=NEAR_REACH).contains(&d),
            "distance {d} is not 1 to {NEAR_REACH}"
        );
        let near = self.tables.near_bits(d, sq);
        let theirs = &self.side_occ.get(by).0;
        near.iter()
            .zip(theirs)
            .map(|(n, p)| (n & p).count_ones())
            .sum()
    }

    /// The rest of the attack test: multi-leg and other non-simple attackers, burns and
    /// facing royals.
    pub(crate) fn complex_attacked(&self, sq: Square, by: Player) -> bool {
        let t = &*self.tables;
        let board = &self.board[..];
        if self.near_complex_attacked(sq, by, |_, _| true) {
            return true;
        }
        for &ty in t.far_complex.get(by) {
            let cell = Cell::piece(by, ty);
            if self.counts[cell.slot(t.piece_count())] == 0 {
                continue;
            }
            for s in self.squares_of(by) {
                if board[s.index()] == cell
                    && self.may_attack(s, cell, sq)
                    && self.can_act(s, cell)
                    && self.complex_attack(s, cell, sq)
                {
                    return true;
                }
            }
        }
        if t.rules.burn_check && self.burn_attacked(sq, by) {
            return true;
        }
        self.royal_faces(sq, by)
    }

    /// Whether a multi-leg attacker of `by` of bounded reach, on a square `near(square,
    /// reach)` keeps, removes the piece on `sq`.
    #[inline]
    fn near_complex_attacked(
        &self,
        sq: Square,
        by: Player,
        near: impl Fn(Square, u8) -> bool,
    ) -> bool {
        let t = &*self.tables;
        if !*t.near_complex.get(by) {
            return false;
        }
        // The attacker's pieces within the longest bounded reach, from the occupancy bits.
        let theirs = &self.side_occ.get(by).0;
        for (w, (&n, &p)) in t.near_bits(NEAR_REACH, sq).iter().zip(theirs).enumerate() {
            for b in bit_indices(n & p) {
                let s = Square((w * 64 + b) as u16);
                let c = self.board[s.index()];
                let pt = t.piece(c.piece_type(), by);
                if pt.has_complex_attack
                    && pt
                        .complex_reach
                        .is_some_and(|r| r >= t.chebyshev(sq, s) && near(s, r))
                    && self.may_attack(s, c, sq)
                    && self.can_act(s, c)
                    && self.complex_attack(s, c, sq)
                {
                    return true;
                }
            }
        }
        false
    }

    /// False when `target` lies outside the footprint of the non-simple capturing paths of the
    /// piece `c` on `from` (so no walk can reach it); true when there is no footprint.
    #[inline]
    pub(crate) fn may_attack(&self, from: Square, c: Cell, target: Square) -> bool {
        self.tables
            .footprints
            .attack(usize::from(c.piece_type().0), c.player(), from)
            .is_none_or(|set| crate::bits::contains(set, target))
    }

    /// As `complex_attack`, on a board that may differ from the position's.
    pub(crate) fn complex_attack_on(
        &self,
        board: &[Cell],
        from: Square,
        c: Cell,
        target: Square,
    ) -> bool {
        self.complex_walk(board, from, c, target, &mut AttackSink { target })
    }

    /// Walks the non-simple capturing paths of the piece `c` on `from` whose footprint holds
    /// `target`, into `sink`; true when the sink stopped the walk.
    pub(crate) fn complex_walk(
        &self,
        board: &[Cell],
        from: Square,
        c: Cell,
        target: Square,
        sink: &mut dyn Sink,
    ) -> bool {
        let t = &*self.tables;
        let pt = t.piece(c.piece_type(), c.player());
        let (a, b) = pt.first_index[from.index()];
        let mut walker = Walker::new(
            t,
            board,
            pt,
            from,
            c,
            &self.ep,
            self.virgin[from.index()],
            sink,
        );
        walker.target = Some(target);
        let fp = &t.footprints;
        let ty = usize::from(c.piece_type().0);
        for (k, fl) in pt
            .firsts
            .iter()
            .enumerate()
            .take(b as usize)
            .skip(a as usize)
        {
            let path = pt.paths[fl.path as usize];
            if !path.attacks || path.attack_simple {
                continue;
            }
            // A path whose footprint misses the target cannot remove it.
            if fp
                .path(ty, c.player(), k)
                .is_some_and(|set| !crate::bits::contains(set, target))
            {
                continue;
            }
            let ray = &t.rays[fl.ray_off as usize..fl.ray_off as usize + usize::from(fl.ray_len)];
            if walker.walk(path, ray) {
                return true;
            }
        }
        false
    }

    /// Walks the path `PieceTable::firsts[k]` of the piece `c` on `from` into `sink`; true
    /// when the sink stopped the walk.
    pub(crate) fn walk_first(
        &self,
        board: &[Cell],
        from: Square,
        c: Cell,
        k: usize,
        target: Square,
        sink: &mut dyn Sink,
    ) -> bool {
        let t = &*self.tables;
        let pt = t.piece(c.piece_type(), c.player());
        let fl = pt.firsts[k];
        let path = pt.paths[fl.path as usize];
        let ray = &t.rays[fl.ray_off as usize..fl.ray_off as usize + usize::from(fl.ray_len)];
        let virgin = self.virgin[from.index()];
        let mut walker = Walker::new(t, board, pt, from, c, &self.ep, virgin, sink);
        walker.target = Some(target);
        walker.walk(path, ray)
    }

    /// Whether the path `PieceTable::firsts[k]` of the piece `c` on `from` removes `target`.
    pub(crate) fn path_attacks(&self, from: Square, c: Cell, k: usize, target: Square) -> bool {
        self.walk_first(&self.board, from, c, k, target, &mut AttackSink { target })
    }

    /// Whether `piece` would be attacked by `by` standing on the (empty) square `sq`: rides and
    /// leaps as [`Position::is_attacked`], multi-leg and hopping paths with the piece placed
    /// there (a capture-only path needs a victim to end on). Used for castling's "through check".
    pub(crate) fn is_attacked_as(&self, sq: Square, by: Player, piece: Cell) -> bool {
        if self.is_attacked(sq, by) {
            return true;
        }
        let t = &*self.tables;
        if !*t.near_complex.get(by) && t.far_complex.get(by).is_empty() {
            return false;
        }
        // A copy on the stack: move generation allocates nothing.
        let mut copy = [Cell::EMPTY; MAX_SQUARES];
        let board = &mut copy[..self.board.len()];
        board.copy_from_slice(&self.board);
        board[sq.index()] = piece;
        self.squares_of(by).any(|s| {
            let c = board[s.index()];
            t.piece(c.piece_type(), by).has_complex_attack
                && self.may_attack(s, c, sq)
                && self.complex_attack_on(board, s, c, sq)
        })
    }

    /// True when a royal of the side to move is attacked (under `check duple`: when all are;
    /// under `check last-royal-only`: when its only one is).
    pub fn in_check(&self) -> bool {
        self.side_in_check(self.side)
    }

    /// Whether a royal of `me` is attacked: [`Position::in_check`] for either side.
    pub(crate) fn side_in_check(&self, me: Player) -> bool {
        let royals = self.royals.get(me).squares();
        self.tables
            .spec
            .rules
            .royals
            .in_check(royals, |s| self.royal_attacked(s, me))
    }

    /// [`Position::in_check`] after the move `m` was made, for a side to move none of whose
    /// royals was attacked before it (as after any legal move: the search's gives-check
    /// test). Where the tables allow it (decided once per variant: `Strategy::quick_checks`),
    /// only the attack lines through the squares `m` changed are read.
    #[inline(always)]
    pub fn in_check_after(&self, m: MoveRef<'_>) -> bool {
        // The tables' answer first, inlined: elsewhere the whole test costs no more than before.
        if !*self.tables.strategy.quick_checks.get(self.side.opponent()) {
            return self.in_check();
        }
        self.royals_attacked_after::<false>(m)
            .unwrap_or_else(|| self.in_check())
    }

    /// [`Position::mover_royals_safe`] after the move `m` was made, for a mover none of whose
    /// royals was attacked before it (not in check: the moves a search defers the test of
    /// are generated out of check), read as [`Position::in_check_after`] reads.
    #[inline(always)]
    pub fn mover_royals_safe_after(&self, m: MoveRef<'_>) -> bool {
        if !*self.tables.strategy.quick_checks.get(self.side) {
            return self.mover_royals_safe();
        }
        self.royals_attacked_after::<true>(m)
            .map_or_else(|| self.mover_royals_safe(), |attacked| !attacked)
    }

    /// Whether a royal of `me`, none of which was attacked before the move `m` was made, is
    /// attacked now; `None` when only the whole test can tell. `me` is the mover (`MOVER`)
    /// or the side to move: one copy each, so each caller sets up only what its test reads.
    /// A simple ride or leap attack whose reverse ray holds the same cells as before is still
    /// no attack, so only the vectors through a changed square are read; a royal on a changed
    /// square (the mover, or made by a promotion) gets the whole test.
    /// The callers have found `Strategy::quick_checks` set for the attacker.
    #[inline]
    fn royals_attacked_after<const MOVER: bool>(&self, m: MoveRef<'_>) -> Option<bool> {
        let me = if MOVER {
            self.side.opponent()
        } else {
            self.side
        };
        let by = me.opponent();
        let t = &*self.tables;
        debug_assert!(*t.strategy.quick_checks.get(by));
        let royals = self.royals.get(me).squares();
        if self.facing_check || royals.is_empty() {
            return None;
        }
        // Most games: one flag says the masks answer, with no rule to ask first.
        if !*t.strategy.quick_masks.get(by) {
            // One royal, the same as before the move: not in check before, it was not attacked.
            if t.spec.rules.royals.check_last_only
                && (royals.len() > 1 || self.last_move_touched_royals())
            {
                return None;
            }
            if let Some(near) = *t.strategy.quick_near.get(by) {
                return self.royals_attacked_near(me, m, near);
            }
        }
        let changed = changed_squares(m)?;
        // The mover (`self.side` moves next) stands on the destination: to its own royals it
        // only closes lines there, and no leaper of `by` stands on a changed square, so only a
        // ride through a square the move emptied can attack them anew.
        let emptied = changed & !(1u64 << m.to.0);
        Some(royals.iter().any(|&r| {
            if changed & (1u64 << r.0) != 0 {
                self.royal_attacked(r, me)
            } else if MOVER {
                t.lines.get(by)[r.index()] & emptied != 0
                    && self.vectors_attack_through(r, by, emptied, true)
            } else {
                self.rides_attack_through(r, by, changed)
            }
        }))
    }

    /// [`Position::royals_attacked_after`] on any board, per royal of `me`: its rides and
    /// leaps tested when a changed square lies on its attack lines, its multi-leg attacks
    /// when one lies within Chebyshev distance `near` of it (`Strategy::quick_near`), the
    /// whole test when it stands on one.
    fn royals_attacked_near(&self, me: Player, m: MoveRef<'_>, near: u8) -> Option<bool> {
        let t = &*self.tables;
        let by = me.opponent();
        let (list, n) = changed_list(m)?;
        let changed = &list[..n];
        let lines = t.check_lines.get(by);
        let w = t.check_words;
        let through = t.vectors_through.get(by);
        let attacked = |r: Square| {
            let row = &lines[r.index() * w..][..w];
            // Within `near` of the royal: both coordinates in its box, each told by one
            // unsigned compare (the royal's own square returns before).
            let (rc, near) = (t.geo.coord(r), u32::from(near));
            let in_box =
                |a: u8, b: u8| (u32::from(a) + near).wrapping_sub(u32::from(b)) <= 2 * near;
            let (mut on_line, mut among, mut close) = (false, 0u64, false);
            for &c in changed {
                if c == r {
                    return self.royal_attacked(r, me);
                }
                if row[c.index() / 64] & (1 << (c.index() % 64)) != 0 {
                    on_line = true;
                    among |= through.get(t.offset_index(r, c)).copied().unwrap_or(0);
                }
                let cc = t.geo.coord(c);
                close |= in_box(cc.x, rc.x) & in_box(cc.y, rc.y);
            }
            let rides = on_line
                && if through.is_empty() {
                    self.rides_attacked(r, by)
                } else {
                    self.rides_attacked_among(r, by, among)
                };
            // A multi-leg walk reads only squares within its reach of the attacker: one
            // with no changed square that near attacks as it did before the move.
            let near_changed =
                |s: Square, reach: u8| changed.iter().any(|&c| t.chebyshev(s, c) <= reach);
            rides || (close && self.near_complex_attacked(r, by, near_changed))
        };
        Some(self.royals.get(me).squares().iter().any(|&r| attacked(r)))
    }

    /// As [`Position::rides_attack`], reading only the vectors whose reverse ray from `sq`
    /// holds a square of `changed`.
    #[inline]
    fn rides_attack_through(&self, sq: Square, by: Player, changed: u64) -> bool {
        let t = &*self.tables;
        let leaps = t.leaps.get(by)[sq.index()] & changed & self.side_occ.get(by).0[0] != 0;
        if !leaps && t.lines.get(by)[sq.index()] & changed == 0 {
            return false;
        }
        self.vectors_attack_through(sq, by, changed, !leaps)
    }

    /// The rest of [`Position::rides_attack_through`]: whether a vector of `by` through a
    /// square of `changed` attacks `sq` (`rides_only`: no leap can).
    #[inline(always)]
    fn vectors_attack_through(
        &self,
        sq: Square,
        by: Player,
        changed: u64,
        rides_only: bool,
    ) -> bool {
        let t = &*self.tables;
        let vectors = t.attack_vectors.get(by);
        let through = t.rays_through.get(by);
        if !through.is_empty() {
            // The vectors through the changed squares from the table, not a look at each.
            let row: &[u64; 64] = through[sq.index() * 64..][..64]
                .try_into()
                .expect("a row of 64");
            let among = bit_indices(changed).fold(0, |u, c| u | row[c]);
            return self.masks_attack(sq, by, among);
        }
        let end = if rides_only {
            *t.leap_start.get(by)
        } else {
            vectors.len()
        };
        vectors[..end].iter().any(|av| {
            let mask = av.masks[sq.index()];
            mask & changed != 0 && self.mask_attacks(av, mask, by)
        })
    }

    /// Whether the first piece on the reverse ray `mask` (from the occupancy bits) of `av` is
    /// one of `by`'s that attacks along it.
    #[inline(always)]
    fn mask_attacks(&self, av: &AttackVector, mask: u64, by: Player) -> bool {
        let hit = mask & self.occ.0[0];
        if hit == 0 {
            return false;
        }
        let first = nearest(hit, av.ascending);
        let c = self.board[first as usize];
        c.is_piece() && c.player() == by && self.ray_reaches(av, mask, first, c)
    }

    /// Whether an attack vector of `by` whose index bit is set in `among` attacks `sq`, read
    /// from its mask (boards of up to 64 squares). A plain loop, inlined: the hot callers
    /// test one or two vectors.
    #[inline(always)]
    fn masks_attack(&self, sq: Square, by: Player, mut among: u64) -> bool {
        let vectors = self.tables.attack_vectors.get(by);
        while among != 0 {
            let av = &vectors[among.trailing_zeros() as usize];
            among &= among - 1;
            if self.mask_attacks(av, av.masks[sq.index()], by) {
                return true;
            }
        }
        false
    }

    /// As [`Position::rides_attacked`], reading only the attack vectors of `by` whose index
    /// bit is set in `among`.
    fn rides_attacked_among(&self, sq: Square, by: Player, among: u64) -> bool {
        let t = &*self.tables;
        let vectors = t.attack_vectors.get(by);
        match t.strategy.rays {
            RayLookup::Bits => self.masks_attack(sq, by, among),
            RayLookup::Words => bit_indices(among).any(|i| self.words_attack(&vectors[i], sq, by)),
            RayLookup::Walk => {
                let near = self.has_near(sq, by, NEAR_REACH);
                bit_indices(among).any(|i| {
                    let av = &vectors[i];
                    (near || !av.near) && self.walked_attack(av, sq, by)
                })
            }
        }
    }

    /// Whether the royal of `me` on `sq` is attacked: an enemy piece could take it, and taking
    /// it would not explode a royal of the taker (`explode`: touching Kings).
    pub(crate) fn royal_attacked(&self, sq: Square, me: Player) -> bool {
        self.is_attacked(sq, me.opponent()) && !self.blast_shielded(sq, me)
    }

    /// The number of pieces of a type and player on the board.
    pub fn count(&self, player: Player, piece: PieceType) -> usize {
        usize::from(self.counts[Cell::piece(player, piece).slot(self.tables.piece_count())])
    }
}

/// The squares a plain move or a drop changes, in a list (its start, its side captures, its
/// destination) of the given length. `None` as for [`changed_squares`].
#[inline]
fn changed_list(m: MoveRef<'_>) -> Option<([Square; MAX_CAPTURES + 2], usize)> {
    let mut list = [m.to; MAX_CAPTURES + 2];
    let mut n = match m.kind() {
        MoveKind::Normal => 1,
        MoveKind::Drop => 0,
        _ => return None,
    };
    list[0] = if n == 1 { m.from } else { m.to };
    let caps = m.side_captures();
    if caps.len() > MAX_CAPTURES {
        return None;
    }
    for &s in caps {
        list[n] = s;
        n += 1;
    }
    // `list[n]` still holds the destination.
    Some((list, n + 1))
}

/// The squares a plain move or a drop changes, as bits (boards of up to 64 squares): its start,
/// its destination and its side captures. `None` for a move that changes others (castling,
/// unloading). Gates and walls, which put down more, are out where this is asked
/// ([`Strategy::quick_checks`](crate::strategy::Strategy)).
#[inline]
fn changed_squares(m: MoveRef<'_>) -> Option<u64> {
    let to = 1u64 << m.to.0;
    match m.kind() {
        MoveKind::Normal => Some(
            m.side_captures()
                .iter()
                .fold(to | 1u64 << m.from.0, |u, s| u | 1u64 << s.0),
        ),
        MoveKind::Drop => Some(to),
        _ => None,
    }
}
