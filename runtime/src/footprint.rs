//! Footprints: per piece type, player and square, every square a piece's paths could look at
//! whatever the occupancy (rays to the edge, leap-over squares, every leg from every square
//! an earlier leg could stop on). A walk reads only squares of its footprint, so a move that
//! changes none of them cannot change where the piece can go. The checkmate legality shortcut
//! (`crate::legal`) uses this to play out only the moves that touch the footprint of an enemy
//! multi-leg attacker or burner able to reach a royal.

use crate::bits::{WORDS, contains, insert};
use crate::geometry::Square;
use crate::spec::{Modes, Player};
use crate::tables::{CLeg, CPath, PieceTable, Tables};

/// Two kinds of footprint, each a bit set of `words` words per piece type, player and square.
#[derive(Clone, Debug, Default)]
pub(crate) struct Footprints {
    /// Words per square set (0 when no footprint was built).
    pub words: usize,
    nsq: usize,
    /// Paths the attack test walks (non-simple capturing paths); empty when the type has none.
    attack: Vec<Vec<u64>>,
    /// Every path (what a burner's reach test walks); empty unless the type may burn.
    moves: Vec<Vec<u64>>,
    /// Per type and player, one set per entry of `PieceTable::firsts`: what that path reads
    /// (attack paths only; empty sets for the others, empty when the type has none).
    paths: Vec<Vec<u64>>,
    /// Per type and player, what the later legs of the attack paths read: per leg (an index
    /// into `PieceTable::legs`) and square it starts on, that leg and the legs after it.
    reach: Vec<Memo>,
    /// Per type and player, one flag per entry of `PieceTable::paths`: a piece put on a
    /// square the path reads may open it (it hops, jumps, or captures on the way); without
    /// it, a piece put on a square can only block the path.
    opens: Vec<Vec<bool>>,
}

impl Footprints {
    /// Builds the footprints the checkmate shortcut needs: attack footprints of pieces with
    /// multi-leg, hopping, lame or initial capturing paths, move footprints of the types in
    /// `burners` (pieces that burn or may promote into a burner).
    pub fn new(t: &Tables, burners: &[bool]) -> Footprints {
        let nsq = t.geo.len();
        let words = nsq.div_ceil(64);
        if words > WORDS {
            return Footprints::default();
        }
        let ntypes = t.piece_count();
        let mut attack = vec![Vec::new(); ntypes * 2];
        let mut moves = vec![Vec::new(); ntypes * 2];
        let mut paths = vec![Vec::new(); ntypes * 2];
        let mut reach: Vec<Memo> = (0..ntypes * 2).map(|_| Memo::default()).collect();
        let mut opens = vec![Vec::new(); ntypes * 2];
        for ty in 0..ntypes {
            for p in 0..2 {
                let pt = t.pieces[ty].get(Player::from_index(p));
                if pt.has_complex_attack {
                    opens[ty * 2 + p] = pt.paths.iter().map(|&path| may_open(pt, path)).collect();
                    (attack[ty * 2 + p], paths[ty * 2 + p], reach[ty * 2 + p]) =
                        build(t, pt, words, |path| {
                            let path = pt.paths[path as usize];
                            path.attacks && !path.attack_simple
                        });
                }
                if burners.get(ty).copied().unwrap_or(false) {
                    moves[ty * 2 + p] = build(t, pt, words, |_| true).0;
                }
            }
        }
        Footprints {
            words,
            nsq,
            attack,
            moves,
            paths,
            reach,
            opens,
        }
    }

    /// Whether a piece put on a square the path `PieceTable::paths[path]` reads may open it
    /// (true when unknown).
    #[inline]
    pub fn opens(&self, ty: usize, player: Player, path: u32) -> bool {
        self.opens
            .get(ty * 2 + player.index())
            .and_then(|v| v.get(path as usize))
            .is_none_or(|&o| o)
    }

    /// Whether an attack walk of the piece type `ty` of `player` that goes on with leg `leg`
    /// (an index into `PieceTable::legs`) from `s` could still read `target` (true when
    /// unknown).
    #[inline]
    pub fn may_reach(
        &self,
        ty: usize,
        player: Player,
        leg: usize,
        s: Square,
        target: Square,
    ) -> bool {
        match self.reach.get(ty * 2 + player.index()) {
            Some(memo) if !memo.suffix.is_empty() => {
                let key = memo.suffix[leg] * memo.nsq + s.index();
                !memo.done[key] || contains(memo.get(leg, s), target)
            }
            _ => true,
        }
    }

    /// [`Footprints::may_reach`] for one leg and target, to ask of many squares (`None`:
    /// unknown, so true).
    #[inline]
    pub fn reach_row(
        &self,
        ty: usize,
        player: Player,
        leg: usize,
        target: Square,
    ) -> Option<ReachRow<'_>> {
        let memo = self.reach.get(ty * 2 + player.index())?;
        let id = *memo.suffix.get(leg)?;
        let (nsq, words) = (memo.nsq, memo.words);
        Some(ReachRow {
            done: &memo.done[id * nsq..(id + 1) * nsq],
            sets: &memo.sets[id * nsq * words..(id + 1) * nsq * words],
            words,
            word: target.index() / 64,
            bit: 1 << (target.index() % 64),
        })
    }

    /// What the attack path `PieceTable::firsts[first]` reads (`None`: no footprint).
    #[inline]
    pub fn path(&self, ty: usize, player: Player, first: usize) -> Option<&[u64]> {
        let v = self.paths.get(ty * 2 + player.index())?;
        let at = first * self.words;
        v.get(at..at + self.words)
    }

    /// The squares the attack test may read for the piece on `sq` (`None`: it reads none).
    #[inline]
    pub fn attack(&self, ty: usize, player: Player, sq: Square) -> Option<&[u64]> {
        self.get(&self.attack, ty, player, sq)
    }

    /// The squares a burner's moves may read from `sq` (`None`: not a burner).
    #[inline]
    pub fn moves(&self, ty: usize, player: Player, sq: Square) -> Option<&[u64]> {
        self.get(&self.moves, ty, player, sq)
    }

    #[inline]
    fn get<'a>(
        &self,
        sets: &'a [Vec<u64>],
        ty: usize,
        player: Player,
        sq: Square,
    ) -> Option<&'a [u64]> {
        let v = sets.get(ty * 2 + player.index())?;
        let at = sq.index() * self.words;
        v.get(at..at + self.words)
    }

    /// Whether the footprints exist (the board is small enough).
    pub fn built(&self) -> bool {
        self.words > 0 && self.nsq > 0
    }
}

/// The footprint of the paths `keep` selects, for every square, and of each of them (one set
/// per entry of `PieceTable::firsts`).
fn build(
    t: &Tables,
    pt: &PieceTable,
    words: usize,
    keep: impl Fn(u32) -> bool,
) -> (Vec<u64>, Vec<u64>, Memo) {
    let nsq = t.geo.len();
    let mut out = vec![0u64; nsq * words];
    let mut per_path = vec![0u64; pt.firsts.len() * words];
    // What a later leg reads from a square does not depend on where the piece started, and
    // many paths share their later legs: one set per distinct leg suffix and square.
    let (suffix, nsuffix) = suffix_ids(pt);
    let mut memo = Memo {
        sets: vec![0u64; nsuffix * nsq * words],
        done: vec![false; nsuffix * nsq],
        suffix,
        words,
        nsq,
    };
    for sq in 0..nsq {
        let (a, b) = pt.first_index[sq];
        for (k, fl) in pt
            .firsts
            .iter()
            .enumerate()
            .take(b as usize)
            .skip(a as usize)
        {
            if !keep(fl.path) {
                continue;
            }
            let path = pt.paths[fl.path as usize];
            let leg = pt.legs[path.first_leg as usize];
            let ray = &t.rays[fl.ray_off as usize..fl.ray_off as usize + usize::from(fl.ray_len)];
            let mut buf = [0u64; WORDS];
            let set = &mut buf[..words];
            between(t, &leg, Square(sq as u16), set);
            for &s in ray {
                insert(set, s);
                if path.legs > 1 {
                    let li = path.first_leg as usize + 1;
                    memo.fill(t, pt, path, li, s);
                    set.iter_mut()
                        .zip(memo.get(li, s))
                        .for_each(|(w, m)| *w |= m);
                }
            }
            out[sq * words..(sq + 1) * words]
                .iter_mut()
                .zip(&*set)
                .for_each(|(w, m)| *w |= m);
            per_path[k * words..(k + 1) * words].copy_from_slice(set);
        }
    }
    (out, per_path, memo)
}

/// Whether a walk going on with one leg from a square could still read one target.
pub(crate) struct ReachRow<'a> {
    done: &'a [bool],
    sets: &'a [u64],
    words: usize,
    word: usize,
    bit: u64,
}

impl ReachRow<'_> {
    /// Whether a walk going on from `s` could read the target (true when unknown).
    #[inline]
    pub fn may(&self, s: Square) -> bool {
        let i = s.index();
        !self.done[i] || self.sets[i * self.words + self.word] & self.bit != 0
    }
}

/// Per leg (an index into `PieceTable::legs`) and start square: what that leg and the legs
/// after it may read.
#[derive(Clone, Debug, Default)]
pub(crate) struct Memo {
    sets: Vec<u64>,
    done: Vec<bool>,
    /// Per leg, the id of the suffix of its path that starts there.
    suffix: Vec<usize>,
    words: usize,
    nsq: usize,
}

impl Memo {
    fn get(&self, leg: usize, s: Square) -> &[u64] {
        let at = (self.suffix[leg] * self.nsq + s.index()) * self.words;
        &self.sets[at..at + self.words]
    }

    /// Builds the set of leg `li` (not a first leg) of `path` starting on `start`.
    fn fill(&mut self, t: &Tables, pt: &PieceTable, path: CPath, li: usize, start: Square) {
        let key = self.suffix[li] * self.nsq + start.index();
        if self.done[key] {
            return;
        }
        self.done[key] = true;
        let leg = pt.legs[li];
        let last = li + 1 == path.first_leg as usize + usize::from(path.legs);
        let full = t.ray(start, leg.vec);
        let hop_last = last && leg.modes.intersects(Modes::HOP.union(Modes::GRASSHOP));
        let len = if leg.range == 0 || hop_last {
            full.len()
        } else {
            full.len().min(usize::from(leg.range))
        };
        let mut buf = [0u64; WORDS];
        let set = &mut buf[..self.words];
        between(t, &leg, start, set);
        for &s in &full[..len] {
            insert(set, s);
            if !last {
                self.fill(t, pt, path, li + 1, s);
                set.iter_mut()
                    .zip(self.get(li + 1, s))
                    .for_each(|(w, m)| *w |= m);
            }
        }
        let at = key * self.words;
        self.sets[at..at + self.words].copy_from_slice(set);
    }
}

/// Numbers the distinct leg suffixes of a piece's paths (legs equal in everything a walk
/// reads, followed by equal suffixes); returns the id per leg and the number of ids.
fn suffix_ids(pt: &PieceTable) -> (Vec<usize>, usize) {
    type Key = (u16, u8, u32, u16, u8, Option<usize>);
    let mut ids: std::collections::HashMap<Key, usize> = std::collections::HashMap::new();
    let mut out = vec![0; pt.legs.len()];
    for path in &pt.paths {
        let first = path.first_leg as usize;
        let mut next = None;
        for li in (first..first + usize::from(path.legs)).rev() {
            let l = pt.legs[li];
            let key = (l.vec, l.range, l.modes.0, l.between_vec, l.between_n, next);
            let n = ids.len();
            let id = *ids.entry(key).or_insert(n);
            out[li] = id;
            next = Some(id);
        }
    }
    (out, ids.len().max(1))
}

/// Whether a piece put on a square the path reads may let it go further: a hop or a jump
/// needs one, and a leg that captures on the way goes on past its victim. Other legs stop at
/// any piece, and a last leg that takes one there ends there.
fn may_open(pt: &PieceTable, path: CPath) -> bool {
    let first = path.first_leg as usize;
    let n = usize::from(path.legs);
    let needs = Modes::HOP.union(Modes::GRASSHOP).union(Modes::JUMP);
    let through = Modes::CAPTURE
        .union(Modes::DESTROY)
        .union(Modes::ROYAL_CAPTURE);
    pt.legs[first..first + n]
        .iter()
        .enumerate()
        .any(|(i, l)| l.modes.intersects(needs) || (i + 1 < n && l.modes.intersects(through)))
}

/// The squares a long leap passes over (lame and must-jump legs read them).
fn between(t: &Tables, leg: &CLeg, start: Square, set: &mut [u64]) {
    if leg.between_n > 0 {
        for &s in t
            .ray(start, leg.between_vec)
            .iter()
            .take(usize::from(leg.between_n))
        {
            insert(set, s);
        }
    }
}
