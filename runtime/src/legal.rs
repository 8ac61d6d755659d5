//! The checkmate legality filter's shortcut: most moves of a side that is not in check cannot
//! expose a royal, so only moves that could are played out and tested: royal moves, moves of
//! pinned pieces, side captures, and moves that touch a square that an enemy multi-leg
//! attacker or burner able to reach a royal may read (its footprint, `crate::footprint`).

use crate::bits::{WORDS, contains, insert, nearest};
use crate::cell::Cell;
use crate::geometry::Square;
use crate::moves::{MAX_CAPTURES, Move, MoveKind, MoveList, MoveRef};
use crate::position::Position;
use crate::spec::Player;
use crate::strategy::RayLookup;
use crate::tables::Tables;
use crate::walk::{PathEnd, Sink};

/// Paths of enemy multi-leg attackers the cheap test walks; with more, moves get the full test.
const MAX_PATHS: usize = 256;

/// Boards of up to this many words keep each path's reads apart.
pub(crate) const READ_WORDS: usize = 4;

/// Boards of up to this many words settle most moves with two bit tests (`Shortcut::quick`).
const QUICK_WORDS: usize = 4;

/// Pins whose line the shortcut keeps (`Shortcut::pins`); a piece pinned beyond them is
/// tested.
const MAX_PINS: usize = 8;

/// What the shortcut knows about the position of the side to move.
#[derive(Debug)]
pub(crate) struct Shortcut {
    /// False: test every move.
    enabled: bool,
    pinned: [u64; WORDS],
    /// Squares whose change may let an enemy multi-leg attacker or burner reach a royal.
    watched: [u64; WORDS],
    /// The squares of `watched` where a piece put down may do so (the others can only be
    /// opened by emptying them: `crate::footprint::Footprints::opens`).
    filled: [u64; WORDS],
    /// A plain move from outside `stay` to outside `filled` needs no test (not in check, no
    /// freezers unless no royal is guarded, and the board fits in `QUICK_WORDS` words): two
    /// bit tests settle most moves.
    quick: bool,
    /// The first `QUICK_WORDS` words of `pinned` and `watched`, and the royals' squares: a
    /// move from there needs a test.
    stay: [u64; QUICK_WORDS],
    /// On boards of up to 64 squares, pieces pinned by one ride alone, each with the squares
    /// from the royal to the pinner (`0`: pinned otherwise, or twice): a move of it is legal
    /// just when it lands on them.
    pins: [(Square, u64); MAX_PINS],
    npins: u8,
    /// The paths of enemy multi-leg attackers able to reach a royal, when `cheap` (a buffer
    /// the position lends, so no node allocates).
    paths: Vec<WatchedPath>,
    /// When `listed`: every enemy piece with a non-simple attack, and its square. A move adds
    /// no enemy piece (unless it unloads one), so the attack test after it need look at no
    /// other square for one.
    attackers: Vec<(Square, Cell)>,
    listed: bool,
    /// Each path's `reads` holds what it reads (the board fits in `READ_WORDS` words).
    apart: bool,
    /// A move that needs a test only because it touches `watched` is tested by walking
    /// `paths` alone (no burners, and every such path is listed).
    cheap: bool,
    /// The side to move is in check and `watched` holds every square the checks read (each
    /// checker's square, the squares of a ride up to the checker, what a checking multi-leg
    /// path reads up to the royal): a move that changes none of them leaves the check.
    evading: bool,
    /// What lifting the piece of the last `Test::Attackers` move does to `paths` (moves come
    /// piece by piece, so one entry serves the piece's other moves).
    lifted: std::cell::Cell<Option<Lifted>>,
}

/// The watched paths on the board with one square emptied: what [`Position::attackers_miss`]
/// needs to decide, without a walk, most moves from that square that fill no square an
/// opening path reads.
#[derive(Clone, Copy, Debug)]
struct Lifted {
    from: Square,
    /// How many of the paths reach a royal.
    reached: u8,
    /// The first path that does: its attacker's square, what its walk read, and the squares
    /// of its first leg up to where the walk went on (or to the royal), which a piece put
    /// down blocks (when the path cannot open: `WatchedPath::opens`).
    at: Square,
    reads: [u64; READ_WORDS],
    blocks: [u64; READ_WORDS],
    /// What the walks of the paths that may open and reach no royal read.
    open_reads: [u64; READ_WORDS],
}

/// A path of an enemy multi-leg attacker that could reach a royal.
#[derive(Clone, Copy, Debug)]
pub(crate) struct WatchedPath {
    /// The attacker's square and the attacker.
    at: Square,
    piece: Cell,
    /// The path's index in `PieceTable::firsts`.
    first: u32,
    /// A piece put on a square it reads may open it (`Footprints::opens`).
    opens: bool,
    /// What its walk reads now (when `Shortcut::apart`): a move that changes none of these
    /// squares leaves the path as harmless as it is.
    reads: [u64; READ_WORDS],
}

/// Buffers the checkmate legality test reuses at every node (so no node allocates).
#[derive(Clone, Debug, Default)]
pub(crate) struct Buffers {
    paths: Vec<WatchedPath>,
    attackers: Vec<(Square, Cell)>,
}

impl Shortcut {
    /// Whether the shortcut decides every move that moves no royal and no pinned piece and
    /// removes nothing but its destination's piece: those are all legal (the side to move is
    /// not in check and no enemy multi-leg attacker or burner watches any square).
    pub(crate) fn settled(&self) -> bool {
        self.enabled
            && !self.evading
            && self.paths.is_empty()
            && self.watched.iter().all(|&w| w == 0)
    }

    /// The quick test: a plain move of an unpinned piece that is no royal, touching nothing
    /// watched, is legal. Evaluated without branches (`&`, not `&&`).
    #[inline(always)]
    pub(crate) fn settles(&self, m: &Move) -> bool {
        self.quick & m.is_plain() & !quick_has(&self.stay, m.from) & !quick_has(&self.filled, m.to)
    }

    /// Whether the shortcut decides moves (off: every move gets the whole test; in variants
    /// where the check-evasion generator applies, off means the side to move is in check).
    pub(crate) fn enabled(&self) -> bool {
        self.enabled
    }

    /// Whether the piece on `sq` is pinned to a royal.
    #[inline]
    pub(crate) fn is_pinned(&self, sq: Square) -> bool {
        contains(&self.pinned, sq)
    }

    /// Marks the piece on `sq` pinned; `line` holds the squares it may move to without
    /// exposing the royal (`0`: unknown), unless it is pinned twice.
    fn pin(&mut self, sq: Square, line: u64) {
        if contains(&self.pinned, sq) {
            if let Some(p) = self.pins[..usize::from(self.npins)]
                .iter_mut()
                .find(|p| p.0 == sq)
            {
                p.1 = 0;
            }
            return;
        }
        insert(&mut self.pinned, sq);
        if usize::from(self.npins) < MAX_PINS {
            self.pins[usize::from(self.npins)] = (sq, line);
            self.npins += 1;
        }
    }

    /// The line a piece on `sq`, pinned by one ride alone, may move along (see `pins`).
    fn pin_line(&self, sq: Square) -> Option<u64> {
        self.pins[..usize::from(self.npins)]
            .iter()
            .find(|p| p.0 == sq && p.1 != 0)
            .map(|p| p.1)
    }

    /// In check: every move that changes none of `checks` (the squares the checks depend on)
    /// leaves the side in check ([`Position::evasion_test`]); pins no longer matter.
    fn evade(&mut self, checks: [u64; WORDS]) {
        self.paths.clear();
        self.watched = checks;
        self.pinned = [0; WORDS];
        self.cheap = false;
        self.evading = true;
    }

    /// Not in check, no freezers: turns the quick test on where the board fits
    /// (`Shortcut::quick`); moves from a royal's square, a pinned or a watched one stay open.
    fn quicken(&mut self, t: &Tables, royals: &[Square]) {
        if t.geo.len() > QUICK_WORDS * 64 {
            return;
        }
        self.quick = true;
        for w in 0..QUICK_WORDS {
            self.stay[w] = self.pinned[w] | self.watched[w];
        }
        royals.iter().for_each(|&r| insert(&mut self.stay, r));
    }

    /// Gives the buffers back.
    pub(crate) fn buffers(self) -> Buffers {
        Buffers {
            paths: self.paths,
            attackers: self.attackers,
        }
    }

    fn off(b: Buffers) -> Shortcut {
        let Buffers {
            mut paths,
            mut attackers,
        } = b;
        paths.clear();
        attackers.clear();
        Shortcut {
            enabled: false,
            pinned: [0; WORDS],
            watched: [0; WORDS],
            filled: [0; WORDS],
            quick: false,
            stay: [0; QUICK_WORDS],
            pins: [(Square(0), 0); MAX_PINS],
            npins: 0,
            paths,
            attackers,
            listed: false,
            apart: false,
            cheap: false,
            evading: false,
            lifted: std::cell::Cell::new(None),
        }
    }
}

/// How a pseudo-legal move is tested for royal safety.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Test {
    /// It cannot expose a royal.
    None,
    /// It leaves a royal in check (it changes no square the check depends on).
    Illegal,
    /// Only the listed multi-leg attackers could reach a royal after it.
    Attackers,
    /// Play it out and run the whole attack test.
    Full,
}

/// Records every square a walk reads (boards of up to `N` words), and stops it once it
/// removes `target`.
pub(crate) struct ReadSink<const N: usize> {
    reads: [std::cell::Cell<u64>; N],
    target: Square,
    hit: bool,
    /// Where the walk that removed `target` ended its first leg (`None`: it has one leg).
    stop: Option<Square>,
}

impl<const N: usize> ReadSink<N> {
    pub(crate) fn new(target: Square) -> Self {
        ReadSink {
            reads: std::array::from_fn(|_| std::cell::Cell::new(0)),
            target,
            hit: false,
            stop: None,
        }
    }

    /// The squares read so far, as a set (they are cleared).
    pub(crate) fn take(&self) -> [u64; N] {
        std::array::from_fn(|w| self.reads[w].take())
    }
}

impl<const N: usize> Sink for ReadSink<N> {
    fn end(&mut self, e: PathEnd<'_>) -> bool {
        if (e.dest_capture && e.to == self.target) || e.victims.contains(&self.target) {
            self.hit = true;
            self.stop = e.stops.first().copied();
        }
        self.hit
    }
    #[inline]
    fn read(&self, s: Square) {
        let w = &self.reads[s.index() / 64];
        w.set(w.get() | 1 << (s.index() % 64));
    }
}

/// Whether a set holds a square of a board of up to `QUICK_WORDS` words (`Shortcut::quick`:
/// the word index needs no bounds check).
#[inline(always)]
fn quick_has<const N: usize>(set: &[u64; N], s: Square) -> bool {
    const { assert!(N >= QUICK_WORDS) };
    set[(s.index() / 64) % QUICK_WORDS] & (1 << (s.index() % 64)) != 0
}

/// What a reverse ray from a royal finds ([`Position::ray_threats`]).
#[derive(Clone, Copy, Debug)]
pub(crate) enum RayThreat {
    /// The one own piece between the royal and an enemy that attacks along the ray.
    Pin(Square),
    /// An enemy that attacks the royal along the ray, nothing between.
    Check(CheckLine),
}

/// A check along a ray: the checker, the attack vector of the ray from the royal, and the
/// number of squares between them.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct CheckLine {
    pub checker: Square,
    pub vector: u16,
    pub between: u16,
}

impl CheckLine {
    /// The squares between the royal `royal` and the checker, nearest first.
    pub fn between<'t>(&self, t: &'t Tables, royal: Square) -> &'t [Square] {
        &t.ray(royal, self.vector)[..usize::from(self.between)]
    }

    /// The squares between, then the checker's: where a piece put down (or a capture) ends
    /// this check.
    pub fn squares<'t>(&self, t: &'t Tables, royal: Square) -> impl Iterator<Item = Square> + 't {
        t.ray(royal, self.vector)[..=usize::from(self.between)]
            .iter()
            .copied()
    }
}

impl Position {
    /// Walks the reverse ray of each enemy ride and leap from `royal` (a square of the side
    /// to move) and reports what stands on it: a check, or a pin of the one own piece
    /// between. A ray with a wall, two own pieces, or a first enemy that does not attack
    /// along it reports nothing. Stops, returning false, when `report` returns false.
    #[inline]
    pub(crate) fn ray_threats(
        &self,
        royal: Square,
        mut report: impl FnMut(RayThreat) -> bool,
    ) -> bool {
        let t = &*self.tables;
        let me = self.side;
        for av in t.attack_vectors.get(me.opponent()) {
            let ray = t.ray(royal, av.reverse);
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
                if usize::from(av.range[usize::from(c.piece_type().0)]) > i && self.can_act(s, c) {
                    let threat = match own {
                        Some(p) => RayThreat::Pin(p),
                        None => RayThreat::Check(CheckLine {
                            checker: s,
                            vector: av.reverse,
                            between: i as u16,
                        }),
                    };
                    if !report(threat) {
                        return false;
                    }
                }
                break;
            }
        }
        true
    }
}

impl Position {
    /// Pins and watched squares of the side to move; `buffers` lends the node's buffers.
    pub(crate) fn shortcut(&self, buffers: Buffers) -> Shortcut {
        let t = &*self.tables;
        let royals = self.royals.get(self.side).squares();
        if royals.len() >= 2 && t.spec.rules.royals.check_last_only {
            return self.unguarded(buffers, royals);
        }
        // `check duple` with two royals: a royal may be left attacked while another is safe,
        // which pins and watched squares do not say.
        let duple = t.spec.rules.royals.duple && royals.len() >= 2;
        let complex = self.enemy_complex();
        if royals.is_empty()
            || duple
            || t.geo.len() > WORDS * 64
            || (complex && !t.footprints.built())
        {
            return Shortcut::off(buffers);
        }
        // Built in place: the struct is large (three square sets).
        let mut sc = Shortcut::off(buffers);
        sc.enabled = true;
        sc.cheap = !t.rules.burn_check;
        let mut checks = [0u64; WORDS];
        match self.pins_and_checks(royals, complex, &mut sc, &mut checks) {
            None => return Shortcut::off(sc.buffers()),
            Some(true) => sc.evade(checks),
            Some(false) if t.rules.freezes.is_empty() => sc.quicken(t, royals),
            Some(false) => {}
        }
        sc
    }

    /// Whether the enemy has multi-leg attacks or burns that can reach a royal (then its
    /// checks and the squares they read come from the footprints).
    fn enemy_complex(&self) -> bool {
        let t = &*self.tables;
        let enemy = self.side.opponent();
        *t.near_complex.get(enemy) || !t.far_complex.get(enemy).is_empty() || t.rules.burn_check
    }

    /// The shortcut of a side with two or more royals under `check last-royal-only`: none is
    /// guarded while it has them all, so no piece is pinned and no square watched. Only a move
    /// that may lose a royal (a royal's, a side capture, or one [`Position::needs_test_slow`]
    /// tests in full for other reasons) is tested, by the whole test, which counts the royals
    /// after it.
    fn unguarded(&self, buffers: Buffers, royals: &[Square]) -> Shortcut {
        let t = &*self.tables;
        let mut sc = Shortcut::off(buffers);
        if t.geo.len() > WORDS * 64 {
            return sc;
        }
        sc.enabled = true;
        sc.quicken(t, royals);
        sc
    }

    /// Finds the checks on `royals` and the pieces pinned to them, into `sc` and `checks` (the
    /// squares each check depends on). Returns whether there is a check, or `None` when the
    /// shortcut cannot help (a check the occupancy bits find, or a royal facing or burned).
    fn pins_and_checks(
        &self,
        royals: &[Square],
        complex: bool,
        sc: &mut Shortcut,
        checks: &mut [u64; WORDS],
    ) -> Option<bool> {
        let t = &*self.tables;
        let enemy = self.side.opponent();
        // With multi-leg attackers, checks are found on the way (rides below, multi-leg paths
        // by `watch_footprints`), with the squares each depends on.
        let mut checked = false;
        for &r in royals {
            // Rides and leaps alone (no multi-leg attacker): checks and pins from the
            // occupancy bits.
            if t.strategy.rays != RayLookup::Walk && !complex {
                if self.ride_pins(r, sc) || self.complex_attacked(r, enemy) {
                    return None;
                }
                for p in self.facing_pins(r).into_iter().flatten() {
                    sc.pin(p, 0);
                }
                continue;
            }
            if complex {
                if self.royal_faces(r, enemy)
                    || (t.rules.burn_check && self.burn_attacked(r, enemy))
                {
                    return None;
                }
            } else if self.is_attacked(r, enemy) {
                return None;
            }
            for p in self.facing_pins(r).into_iter().flatten() {
                insert(&mut sc.pinned, p);
            }
            self.ray_threats(r, |threat| {
                match threat {
                    RayThreat::Pin(p) => insert(&mut sc.pinned, p),
                    RayThreat::Check(line) => {
                        checked = true;
                        line.squares(t, r).for_each(|q| insert(checks, q));
                    }
                }
                true
            });
        }
        if complex {
            checked |= self.watch_footprints(royals, sc, checks);
        }
        Some(checked)
    }

    /// With the rays found from the occupancy bits ([`RayLookup::Bits`] or `Words`): whether an enemy ride or leap
    /// attacks the royal on `r` (true: the caller turns the shortcut off) and, if none does,
    /// the pieces of the side to move that alone shield it from one, added to `pinned`. Per
    /// attack vector: the first and second piece on the reverse ray, from the occupancy bits.
    fn ride_pins(&self, r: Square, sc: &mut Shortcut) -> bool {
        let t = &*self.tables;
        let enemy = self.side.opponent();
        if t.strategy.rays == RayLookup::Words {
            return self.ride_pins_words(r, sc);
        }
        for av in t.attack_vectors.get(enemy) {
            let mask = av.masks[r.index()];
            let hit = mask & self.occ.0[0];
            if hit == 0 {
                continue;
            }
            let f = nearest(hit, av.ascending);
            let c = self.board[f as usize];
            if !c.is_piece() {
                continue;
            }
            if c.player() == enemy {
                if self.ray_reaches(av, mask, f, c) {
                    return true;
                }
                continue;
            }
            let rest = hit & !(1u64 << f);
            if rest == 0 {
                continue;
            }
            let g = nearest(rest, av.ascending);
            let e = self.board[g as usize];
            if e.is_piece() && e.player() == enemy && self.ray_reaches(av, mask, g, e) {
                // The ray from the royal up to the pinner, the pinner included.
                let line = if av.ascending {
                    av.masks[r.index()] & (u64::MAX >> (63 - g))
                } else {
                    av.masks[r.index()] & (u64::MAX << g)
                };
                sc.pin(Square(f as u16), line);
            }
        }
        false
    }

    /// [`Position::ride_pins`] on a board over 64 squares, from the runs of the occupancy
    /// bits' words.
    fn ride_pins_words(&self, r: Square, sc: &mut Shortcut) -> bool {
        let t = &*self.tables;
        let enemy = self.side.opponent();
        // Whether the enemy piece `c` on `s`, with `before` squares of the ray before it,
        // reaches the royal.
        let reaches = |av: &crate::tables::AttackVector, s: Square, before: u32, c: Cell| {
            u32::from(av.range[usize::from(c.piece_type().0)]) > before && self.can_act(s, c)
        };
        for av in t.attack_vectors.get(enemy) {
            let mut hits = self.ray_hits(av, r);
            let Some((f, fb)) = hits.next() else {
                continue;
            };
            let c = self.board[f.index()];
            if !c.is_piece() {
                continue;
            }
            if c.player() == enemy {
                if reaches(av, f, fb, c) {
                    return true;
                }
                continue;
            }
            let Some((g, gb)) = hits.next() else {
                continue;
            };
            let e = self.board[g.index()];
            if e.is_piece() && e.player() == enemy && reaches(av, g, gb, e) {
                sc.pin(f, 0);
            }
        }
        false
    }

    /// Adds the footprints of the enemy pieces whose multi-leg attacks or burns could reach
    /// one of `royals`, with their squares and the squares that silence a burner. Returns
    /// whether a multi-leg path gives check; `checks` gets what each checking path reads
    /// until it reaches the royal, and the checker's square.
    fn watch_footprints(
        &self,
        royals: &[Square],
        sc: &mut Shortcut,
        checks: &mut [u64; WORDS],
    ) -> bool {
        let t = &*self.tables;
        let fp = &t.footprints;
        let enemy = self.side.opponent();
        sc.apart = fp.words <= READ_WORDS;
        let mut sink = ReadSink::<WORDS>::new(Square(0));
        let mut checked = false;
        sc.listed = true;
        for p in self.squares_of(enemy) {
            let c = self.board[p.index()];
            let ty = usize::from(c.piece_type().0);
            if t.piece(c.piece_type(), enemy).has_complex_attack {
                sc.attackers.push((p, c));
            }
            // A frozen piece stays frozen through any move the shortcut lets pass (those move
            // no freezer and capture nothing), so it can attack nothing.
            if !self.can_act(p, c) {
                continue;
            }
            if let Some(set) = fp.attack(ty, enemy, p)
                && royals.iter().any(|&r| contains(set, r))
            {
                checked |= self.watch_attack_paths(p, c, royals, sc, checks, &mut sink);
                insert(&mut sc.watched, p);
            }
            if let Some(set) = fp.moves(ty, enemy, p) {
                self.watch_burns(p, set, royals, sc);
            }
        }
        checked
    }

    /// The part of [`Position::watch_footprints`] for the multi-leg attacking paths of the
    /// enemy piece `c` on `p`, whose footprint holds a royal: a walk is decided by the squares
    /// it reads, so a move that changes none of the squares the paths able to reach a royal
    /// read now leaves them as they are (they do not reach it: the side to move is not in
    /// check). Returns whether one of them gives check.
    #[inline]
    fn watch_attack_paths(
        &self,
        p: Square,
        c: Cell,
        royals: &[Square],
        sc: &mut Shortcut,
        checks: &mut [u64; WORDS],
        sink: &mut ReadSink<WORDS>,
    ) -> bool {
        let t = &*self.tables;
        let fp = &t.footprints;
        let enemy = self.side.opponent();
        let ty = usize::from(c.piece_type().0);
        let pt = t.piece(c.piece_type(), enemy);
        let (a, b) = pt.first_index[p.index()];
        let mut checked = false;
        for k in a as usize..b as usize {
            let pi = pt.firsts[k].path;
            let path = pt.paths[pi as usize];
            if !path.attacks
                || path.attack_simple
                || fp
                    .path(ty, enemy, k)
                    .is_some_and(|set| !royals.iter().any(|&r| contains(set, r)))
            {
                continue;
            }
            let mut hit = false;
            for &r in royals {
                sink.target = r;
                sink.hit = false;
                self.walk_first(&self.board, p, c, k, r, sink);
                hit |= sink.hit;
            }
            if hit {
                // A check: what the path read up to the royal decides it.
                checked = true;
                insert(checks, p);
                for (w, r) in sink.reads.iter().enumerate().take(fp.words) {
                    checks[w] |= r.get();
                    r.set(0);
                }
                continue;
            }
            let opens = fp.opens(ty, enemy, pi);
            let mut path = WatchedPath {
                at: p,
                piece: c,
                first: k as u32,
                opens,
                reads: [0; READ_WORDS],
            };
            for (w, r) in sink.reads.iter().enumerate().take(fp.words) {
                sc.watched[w] |= r.get();
                if opens {
                    sc.filled[w] |= r.get();
                }
                if sc.apart {
                    path.reads[w] = r.get();
                }
                r.set(0);
            }
            if sc.paths.len() < MAX_PATHS {
                sc.paths.push(path);
            } else {
                sc.cheap = false;
            }
        }
        checked
    }

    /// The part of [`Position::watch_footprints`] for the burns of the enemy piece on `p`,
    /// which moves to `moves`: where it could end next to a royal, its moves, its square and
    /// the squares of a burner of mine that would silence it there are watched.
    #[inline]
    fn watch_burns(&self, p: Square, moves: &[u64], royals: &[Square], sc: &mut Shortcut) {
        let t = &*self.tables;
        let (me, enemy) = (self.side, self.side.opponent());
        let mut relevant = false;
        for b in t.rules.burns.iter().filter(|b| b.active) {
            for &r in royals {
                for &d in &b.reverse.get(enemy)[r.index()] {
                    if !contains(moves, d) {
                        continue;
                    }
                    relevant = true;
                    // A burner of mine next to `d` silences a burner that ends there.
                    for s in t.rules.burns.iter() {
                        for &q in &s.reverse.get(me)[d.index()] {
                            insert(&mut sc.watched, q);
                            insert(&mut sc.filled, q);
                        }
                    }
                }
            }
        }
        if relevant {
            sc.watched.iter_mut().zip(moves).for_each(|(w, s)| *w |= s);
            sc.filled.iter_mut().zip(moves).for_each(|(w, s)| *w |= s);
            insert(&mut sc.watched, p);
            insert(&mut sc.filled, p);
        }
    }

    /// Which of the moves `list[start..start + 64]` (fewer at the end of the list) leave the
    /// royals safe, as a mask. The quick test runs on them all without a branch per move (its
    /// answer follows no pattern a processor could predict); only the moves it leaves open are
    /// tested one by one.
    pub(crate) fn royal_safe_mask(&mut self, sc: &Shortcut, list: &MoveList, start: usize) -> u64 {
        let chunk = &list.compact()[start..list.len().min(start + 64)];
        let mut open = 0u64;
        for (j, m) in chunk.iter().enumerate() {
            open |= u64::from(!sc.settles(m)) << j;
        }
        let all = u64::MAX >> (64 - chunk.len());
        let mut safe = all & !open;
        while open != 0 {
            let j = open.trailing_zeros() as usize;
            open &= open - 1;
            if self.keeps_royals_safe_slow(sc, list, chunk[j]) {
                safe |= 1 << j;
            }
        }
        safe
    }

    /// The number of moves in `list` that leave the royals safe.
    pub(crate) fn count_royal_safe(&mut self, sc: &Shortcut, list: &MoveList) -> u64 {
        let mut n = 0;
        for start in (0..list.len()).step_by(64) {
            n += u64::from(self.royal_safe_mask(sc, list, start).count_ones());
        }
        n
    }

    /// Whether the pseudo-legal move `m` of `list` leaves the royals safe, tested as cheaply
    /// as the shortcut allows.
    #[inline(always)]
    pub(crate) fn keeps_royals_safe(&mut self, sc: &Shortcut, list: &MoveList, m: Move) -> bool {
        sc.settles(&m) || self.keeps_royals_safe_slow(sc, list, m)
    }

    /// Whether a move the quick test does not settle leaves the royals safe.
    fn keeps_royals_safe_slow(&mut self, sc: &Shortcut, list: &MoveList, m: Move) -> bool {
        match self.needs_test_slow(sc, &m) {
            Test::None => true,
            Test::Illegal => false,
            Test::Attackers => self.attackers_miss(sc, list.pair(m)),
            Test::Full => self.full_test(sc, list.pair(m)),
        }
    }

    /// How a move the quick test ([`Shortcut::settles`]) does not settle must be tested.
    fn needs_test_slow(&self, sc: &Shortcut, m: &Move) -> Test {
        if !sc.enabled {
            return Test::Full;
        }
        if sc.evading {
            return self.evasion_test(sc, m);
        }
        let watched = if sc.cheap {
            Test::Attackers
        } else {
            Test::Full
        };
        // A drop only adds a piece: it can expose a royal only by landing on a square an
        // enemy multi-leg attacker or burner able to reach a royal reads.
        if m.kind() == MoveKind::Drop {
            return if m.dropped_as().is_some_and(|ty| self.tables.is_royal(ty)) {
                Test::Full
            } else if contains(&sc.filled, m.to) {
                watched
            } else {
                Test::None
            };
        }
        // A move that leaves e.p. squares changes the board as any other move does (only the
        // mover can be taken e.p., and a royal mover is tested below); a promotion into a
        // royal makes a new royal, which must be safe.
        if m.kind() != MoveKind::Normal
            || m.ncap() > 0
            || m.promotion().is_some_and(|p| self.tables.is_royal(p))
        {
            return Test::Full;
        }
        let f = m.from.index();
        let moved = self.board[f];
        if sc.pinned[f / 64] & (1 << (f % 64)) != 0 {
            // Pinned by one ride alone (no other attack goes through its square): legal just
            // when it stays on the line, or takes the pinner; a freezer may also thaw one.
            return match sc.pin_line(m.from) {
                Some(line) if !self.is_freezer(moved) => {
                    if line & (1 << (m.to.index() % 64)) != 0 {
                        Test::None
                    } else {
                        Test::Illegal
                    }
                }
                _ => Test::Full,
            };
        }
        // A freezer that moves away may thaw an enemy attacker.
        if self.tables.cell_is_royal(moved) || self.is_freezer(moved) {
            return Test::Full;
        }
        // The destination is filled (a burned mover is a side capture): only paths a piece
        // put down may open care.
        if contains(&sc.watched, m.from) || contains(&sc.filled, m.to) {
            watched
        } else {
            Test::None
        }
    }

    /// `needs_test_slow` in check: a move that changes no square a check depends on (and moves no
    /// royal, makes none, captures nothing on the side and moves no freezer, which could
    /// freeze the checker) leaves the royal in check.
    fn evasion_test(&self, sc: &Shortcut, m: &Move) -> Test {
        let t = &*self.tables;
        let touches = |s: Square| contains(&sc.watched, s);
        if m.kind() == MoveKind::Drop {
            return if m.dropped_as().is_some_and(|ty| t.is_royal(ty)) || touches(m.to) {
                Test::Full
            } else {
                Test::Illegal
            };
        }
        if m.kind() != MoveKind::Normal
            || m.ncap() > 0
            || m.promotion().is_some_and(|p| t.is_royal(p))
        {
            return Test::Full;
        }
        let moved = self.board[m.from.index()];
        if t.cell_is_royal(moved) || self.is_freezer(moved) || touches(m.from) || touches(m.to) {
            Test::Full
        } else {
            Test::Illegal
        }
    }

    /// For a move [`Position::needs_test_slow`] sent to `Test::Attackers`: whether it leaves the
    /// royals safe. It moves no royal and no pinned piece and removes nothing but what stands
    /// on its destination, so rides and leaps cannot reach a royal after it: only the listed
    /// paths of multi-leg attackers still on the board can, and of those only the paths whose
    /// reads it changes.
    pub(crate) fn attackers_miss(&mut self, sc: &Shortcut, m: MoveRef<'_>) -> bool {
        let royals = *self.royals.get(self.side);
        // A plain move that fills no square an opening path reads changes the paths only by
        // emptying its origin (filling can only block the others), and the piece's other
        // moves empty the same square: one look at the board with it lifted decides most of
        // them.
        if sc.apart
            && m.from != m.to
            && !contains(&sc.filled, m.to)
            && !m.burns_mover()
            && !self.tables.vanishing[m.from.index()]
        {
            let l = match sc.lifted.get() {
                Some(l) if l.from == m.from => l,
                _ => {
                    let l = self.lift(sc, m.from);
                    sc.lifted.set(Some(l));
                    l
                }
            };
            // Each walk reads what it read with the piece lifted unless it reads the
            // destination, and a path that only blocks reaches no more with it filled.
            let to = m.to.index();
            let reads = |set: &[u64; READ_WORDS]| set[to / 64] & (1 << (to % 64)) != 0;
            if !reads(&l.open_reads) {
                if l.reached == 0 || (l.reached == 1 && (m.to == l.at || reads(&l.blocks))) {
                    return true;
                }
                if m.to != l.at && !reads(&l.reads) {
                    return false;
                }
            }
        }
        let mut saved = [(Square(0), Cell::EMPTY); MAX_CAPTURES + 5];
        let n = self.apply_cells(m, &mut saved);
        let ok = !sc.paths.iter().any(|w| {
            let touched = |q: Square| w.reads[q.index() / 64] & (1 << (q.index() % 64)) != 0;
            (!sc.apart || (w.opens && touched(m.to)) || (m.from != m.to && touched(m.from)))
                && self.board[w.at.index()] == w.piece
                && royals
                    .squares()
                    .iter()
                    .any(|&r| self.path_attacks(w.at, w.piece, w.first as usize, r))
        });
        for &(sq, c) in saved[..n].iter().rev() {
            self.set_raw(sq, c);
        }
        ok
    }

    /// The watched paths that read `from`, walked with its piece lifted (`Shortcut::apart`).
    fn lift(&mut self, sc: &Shortcut, from: Square) -> Lifted {
        let piece = self.board[from.index()];
        self.set_raw(from, Cell::EMPTY);
        let royals = *self.royals.get(self.side);
        let mut l = Lifted {
            from,
            reached: 0,
            at: from,
            reads: [0; READ_WORDS],
            blocks: [0; READ_WORDS],
            open_reads: [0; READ_WORDS],
        };
        let f = from.index();
        let mut sink = ReadSink::<READ_WORDS>::new(from);
        for w in &sc.paths {
            if w.reads[f / 64] & (1 << (f % 64)) == 0 || self.board[w.at.index()] != w.piece {
                continue;
            }
            let mut open_reads = [0; READ_WORDS];
            let mut hit = false;
            for &r in royals.squares() {
                sink.target = r;
                sink.hit = false;
                self.walk_first(&self.board, w.at, w.piece, w.first as usize, r, &mut sink);
                let reads = sink.take();
                if sink.hit {
                    hit = true;
                    if l.reached == 0 {
                        l.at = w.at;
                        l.reads = reads;
                        if !w.opens {
                            l.blocks = self.first_leg_up_to(w, sink.stop.unwrap_or(r));
                        }
                    }
                    break;
                }
                open_reads.iter_mut().zip(reads).for_each(|(a, b)| *a |= b);
            }
            if hit {
                l.reached = l.reached.saturating_add(1);
            } else if w.opens {
                l.open_reads
                    .iter_mut()
                    .zip(open_reads)
                    .for_each(|(a, b)| *a |= b);
            }
        }
        self.set_raw(from, piece);
        l
    }

    /// The squares of the first ray of the watched path `w` up to `end`, where a walk that
    /// reached a royal went on to its second leg (or the royal). A path that cannot open
    /// passed them all empty: a piece put on one stops it there, before every way on from
    /// `end` or from a square beyond.
    fn first_leg_up_to(&self, w: &WatchedPath, end: Square) -> [u64; READ_WORDS] {
        let t = &*self.tables;
        let fl = t.piece(w.piece.piece_type(), w.piece.player()).firsts[w.first as usize];
        let ray = &t.rays[fl.ray_off as usize..fl.ray_off as usize + usize::from(fl.ray_len)];
        let mut set = [0; READ_WORDS];
        for &s in ray {
            insert(&mut set, s);
            if s == end {
                return set;
            }
        }
        // Not on the first ray (a leap's passed squares): nothing is known to block.
        [0; READ_WORDS]
    }

    /// A plain step of the only royal (no capture on the way, no promotion): whether it is
    /// safe where it lands. Two cells change and the royals are known without looking, so
    /// there is no play-out. `None` for every other move. `attackers`: the node's list of
    /// enemy multi-leg attackers, where the shortcut keeps one.
    pub(crate) fn royal_step_safe(
        &mut self,
        m: &Move,
        attackers: Option<&[(Square, Cell)]>,
    ) -> Option<bool> {
        let royals = self.royals.get(self.side);
        let plain = royals.n == 1
            && royals.sq[0] == m.from
            && m.kind() == MoveKind::Normal
            && m.ncap() == 0
            && m.from != m.to
            && m.promotion().is_none()
            && !self.tables.vanishing[m.from.index()];
        if !plain {
            return None;
        }
        let enemy = self.side.opponent();
        let (royal, dest) = (self.board[m.from.index()], self.board[m.to.index()]);
        self.set_raw(m.from, Cell::EMPTY);
        self.set_raw(m.to, royal);
        let attacked = match attackers {
            Some(list) => self.attacked_listed(m.to, enemy, list),
            None => self.is_attacked(m.to, enemy),
        };
        self.set_raw(m.to, dest);
        self.set_raw(m.from, royal);
        Some(!attacked)
    }

    /// The whole test for a pseudo-legal move (as [`Position::is_legal_pseudo`]), with the
    /// node's list of enemy multi-leg attackers when there is one.
    pub(crate) fn full_test(&mut self, sc: &Shortcut, m: MoveRef<'_>) -> bool {
        if let Some(safe) = self.royal_step_safe(&m, sc.listed.then_some(&sc.attackers[..])) {
            return safe;
        }
        if !sc.listed || m.kind() == MoveKind::Unload {
            return self.is_legal_pseudo(m);
        }
        let me = self.side;
        let enemy = me.opponent();
        let mut saved = [(Square(0), Cell::EMPTY); MAX_CAPTURES + 5];
        let n = self.apply_cells(m, &mut saved);
        let royals = self.royals_after(m, me);
        let royals = royals.squares();
        let ok = if royals.is_empty() {
            // No royal on the board: none to keep safe, unless the move lost the last one (a
            // royal still in hand comes later: Placement).
            !*self.tables.royal_sides.get(me) || self.royal_in_hand(me)
        } else {
            self.tables
                .spec
                .rules
                .royals
                .safe(royals, |r| self.attacked_listed(r, enemy, &sc.attackers))
        };
        for &(sq, c) in saved[..n].iter().rev() {
            self.set_raw(sq, c);
        }
        ok
    }

    /// As [`Position::is_attacked`], with the non-simple attackers of `by` taken from `list`
    /// (those of them still on the board).
    fn attacked_listed(&self, sq: Square, by: Player, list: &[(Square, Cell)]) -> bool {
        let t = &*self.tables;
        self.rides_attacked(sq, by)
            || list.iter().any(|&(s, c)| {
                self.board[s.index()] == c
                    && self.may_attack(s, c, sq)
                    && self.can_act(s, c)
                    && self.complex_attack(s, c, sq)
            })
            || (t.rules.burn_check && self.burn_attacked(sq, by))
            || self.royal_faces(sq, by)
    }

    /// Chebyshev distance between two squares.
    #[inline]
    pub(crate) fn distance(&self, a: Square, b: Square) -> u8 {
        let (ca, cb) = (self.tables.geo.coord(a), self.tables.geo.coord(b));
        ca.x.abs_diff(cb.x).max(ca.y.abs_diff(cb.y))
    }
}
