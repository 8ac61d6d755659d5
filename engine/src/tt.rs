//! The transposition table: 16-byte entries in buckets of four (one cache line), shared by the
//! search threads without locks. An entry is two words, the first stored XORed with the second,
//! so that a torn write (two threads storing at once) reads back as a miss. Replacement keeps
//! the deepest results of the current search; entries of earlier searches go first.

use std::sync::atomic::{AtomicU64, Ordering};

use koma_runtime::{Move, MoveRef};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    Exact = 1,
    /// The score is at least this (a beta cutoff).
    Lower = 2,
    /// The score is at most this (no move raised alpha).
    Upper = 3,
}

/// A move as the table keeps it: from, to, and a 16-bit digest of the rest (promotion, kind,
/// removed squares), matched against the moves generated at the node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TtMove {
    from: u16,
    to: u16,
    tag: u16,
}

impl TtMove {
    pub fn of(m: MoveRef<'_>) -> TtMove {
        TtMove {
            from: m.from.0,
            to: m.to.0,
            tag: tag(&m),
        }
    }

    /// Whether `m` is this move (from and to first: the digest only for the few that match).
    #[inline]
    pub fn matches(self, m: MoveRef<'_>) -> bool {
        self.same_squares(&m) && tag(&m) == self.tag
    }

    /// Whether `m` has this move's start and destination (the test `matches` makes first).
    #[inline]
    pub fn same_squares(self, m: &Move) -> bool {
        m.from.0 == self.from && m.to.0 == self.to
    }

    /// The origin square's index.
    pub fn from(self) -> u16 {
        self.from
    }

    /// Whether the move stays on its square (a pass or a drop).
    pub fn stays(self) -> bool {
        self.from == self.to
    }
}

/// A 16-bit digest of a move's effect beyond its squares ([`MoveRef::effect_digest`]).
#[inline]
fn tag(m: &MoveRef<'_>) -> u16 {
    m.effect_digest() as u16
}

/// What a probe finds.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub mv: Option<TtMove>,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
    /// The static score stored with the node (before the endgame technique, which reads the
    /// move counter the key leaves out), from the current search only: an earlier one may
    /// have had other weights.
    pub eval: Option<i32>,
}

const BUCKET: usize = 4;
/// The stored static score meaning none (one outside an `i16` is not stored).
const NO_EVAL: i16 = i16::MIN;
const NO_SQUARE: u16 = u16::MAX;
/// Depths are stored offset so that quiescence (depth 0 and below) fits a byte.
const DEPTH_OFFSET: i32 = 8;

/// `BUCKET` entries of two words, aligned to a cache line: a probe reads one line. (A plain
/// `Vec<AtomicU64>` starts 16 bytes past a line, so every bucket would straddle two.)
#[derive(Debug)]
#[repr(align(64))]
struct Bucket([AtomicU64; BUCKET * 2]);

#[derive(Debug)]
pub(crate) struct Tt {
    table: Vec<Bucket>,
    age: u8,
    megabytes: usize,
    /// No search ran since the table was made or cleared: every word is still 0, and a
    /// clear (a new game before the first search) has nothing to do.
    clean: bool,
}

impl Tt {
    pub fn new(megabytes: usize) -> Tt {
        let megabytes = megabytes.max(1);
        let buckets = (megabytes * 1024 * 1024 / (16 * BUCKET)).max(64);
        Tt {
            table: new_table(buckets),
            age: 0,
            megabytes,
            clean: true,
        }
    }

    pub fn megabytes(&self) -> usize {
        self.megabytes
    }

    pub fn clear(&mut self) {
        if !self.clean {
            self.table.fill_with(Bucket::empty);
        }
        self.age = 0;
        self.clean = true;
    }

    /// A new search starts: older entries become replaceable.
    pub fn next_age(&mut self) {
        self.clean = false;
        self.age = (self.age + 1) & 63;
    }

    /// Asks the processor to bring `key`'s bucket into its cache. Issued as soon as a move is
    /// made, the memory's latency passes while the search updates its sums, before the
    /// child's probe (docs/performance-log.md, "The table in memory").
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        prefetch_line(self.bucket(key));
    }

    fn bucket(&self, key: u64) -> &Bucket {
        &self.table[((u128::from(key) * self.table.len() as u128) >> 64) as usize]
    }

    /// The entry stored for `key`. A bucket fills from its first slot and no entry is ever
    /// emptied, so the look ends at the first empty slot.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let b = self.bucket(key);
        for k in 0..BUCKET {
            let (meta, data) = b.read(k);
            if meta & BOUND_MASK == 0 {
                return None;
            }
            if meta as u32 == key as u32 {
                return Some(unpack(meta, data, self.age));
            }
        }
        None
    }

    /// Stores a node's result; `eval`: its static score before the endgame technique, when
    /// the node had one ([`Entry::eval`]). Inlined: as a call, moving its arguments about
    /// cost a fifth of it.
    #[inline(always)]
    pub fn store(
        &self,
        key: u64,
        mv: Option<TtMove>,
        score: i32,
        depth: i32,
        bound: Bound,
        eval: Option<i32>,
    ) {
        let b = self.bucket(key);
        let mut victim = 0;
        let mut worst = i32::MAX;
        let (mut mv, mut eval) = (mv, eval);
        for k in 0..BUCKET {
            let (meta, data) = b.read(k);
            if meta & BOUND_MASK == 0 {
                // The first empty slot: none after it is used (see `probe`).
                victim = k;
                break;
            }
            if meta as u32 == key as u32 {
                let old = unpack(meta, data, self.age);
                // A shallower result without a move keeps the deeper one's move.
                if mv.is_none() {
                    mv = old.mv;
                }
                if eval.is_none() {
                    eval = old.eval;
                }
                if bound != Bound::Exact && depth + 2 < old.depth && self.age_of(meta) == self.age {
                    return;
                }
                victim = k;
                break;
            }
            let stale = i32::from((self.age + 64 - self.age_of(meta)) & 63);
            let quality = ((meta >> 32) as u8) as i32 - 8 * stale;
            if quality < worst {
                worst = quality;
                victim = k;
            }
        }
        let (from, to, tag) = mv.map_or((NO_SQUARE, NO_SQUARE, 0), |m| (m.from, m.to, m.tag));
        let data = u64::from(from)
            | u64::from(to) << 16
            | u64::from(tag) << 32
            | u64::from(score as i16 as u16) << 48;
        let stored_depth = (depth + DEPTH_OFFSET).clamp(0, 255) as u64;
        let eval = eval
            .and_then(|e| i16::try_from(e).ok())
            .filter(|&e| e != NO_EVAL)
            .unwrap_or(NO_EVAL);
        let meta = u64::from(key as u32)
            | stored_depth << 32
            | (bound as u64) << 40
            | u64::from(self.age) << 42
            | u64::from(eval as u16) << 48;
        b.write(victim, meta ^ data, data);
    }

    fn age_of(&self, meta: u64) -> u8 {
        ((meta >> 42) & 63) as u8
    }
}

const BOUND_MASK: u64 = 3 << 40;

/// `buckets` empty buckets, on huge pages where the system gives them on request: a 16 MB
/// table spans 4,096 pages of 4 KB but 8 of 2 MB, so that a probe finds its page's address
/// cached far more often (docs/performance-log.md, "The table in memory").
fn new_table(buckets: usize) -> Vec<Bucket> {
    let mut table = Vec::with_capacity(buckets);
    // Before the first write: pages already touched stay small.
    advise_huge_pages(table.spare_capacity_mut());
    table.extend((0..buckets).map(|_| Bucket::empty()));
    table
}

/// Asks Linux to back `memory` with transparent huge pages (its default mode grants them
/// only on this request). No huge pages to give: the memory stays as it was.
#[cfg(target_os = "linux")]
fn advise_huge_pages<T>(memory: &mut [T]) {
    const PAGE: usize = 4096;
    let start = memory.as_mut_ptr().cast::<u8>();
    let end = start as usize + size_of_val(memory);
    let first = (start as usize).next_multiple_of(PAGE);
    let last = end / PAGE * PAGE;
    if last > first {
        let pages = start.wrapping_add(first - start as usize).cast();
        // SAFETY: the whole pages of `memory`, which this function borrows; the advice changes
        // how the kernel backs them, never what they hold.
        #[allow(unsafe_code)]
        let _ =
            unsafe { rustix::mm::madvise(pages, last - first, rustix::mm::Advice::LinuxHugepage) };
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages<T>(_: &mut [T]) {}

/// Asks the processor to load the cache line `line` starts.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn prefetch_line<T>(line: &T) {
    use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
    // SAFETY: a prefetch is a hint: it never faults, and changes nothing the program sees.
    #[allow(unsafe_code)]
    unsafe {
        _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(line).cast());
    }
}

#[cfg(not(target_arch = "x86_64"))]
fn prefetch_line<T>(_: &T) {}

impl Bucket {
    fn empty() -> Bucket {
        Bucket([const { AtomicU64::new(0) }; BUCKET * 2])
    }

    /// Entry `k`'s two words: the first unXORed (`meta`), and `data`.
    fn read(&self, k: usize) -> (u64, u64) {
        let data = self.0[2 * k + 1].load(Ordering::Relaxed);
        (self.0[2 * k].load(Ordering::Relaxed) ^ data, data)
    }

    fn write(&self, k: usize, stored_meta: u64, data: u64) {
        self.0[2 * k].store(stored_meta, Ordering::Relaxed);
        self.0[2 * k + 1].store(data, Ordering::Relaxed);
    }
}

/// The entry of `meta` and `data`, read in a search of age `age`.
fn unpack(meta: u64, data: u64, age: u8) -> Entry {
    let from = data as u16;
    let mv = (from != NO_SQUARE).then_some(TtMove {
        from,
        to: (data >> 16) as u16,
        tag: (data >> 32) as u16,
    });
    let bound = match (meta >> 40) & 3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        _ => Bound::Upper,
    };
    Entry {
        mv,
        score: i32::from((data >> 48) as u16 as i16),
        depth: i32::from((meta >> 32) as u8) - DEPTH_OFFSET,
        bound,
        eval: Some((meta >> 48) as u16 as i16)
            .filter(|&e| e != NO_EVAL && ((meta >> 42) & 63) as u8 == age)
            .map(i32::from),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_are_sixteen_bytes_in_buckets_of_a_cache_line() {
        let tt = Tt::new(1);
        assert_eq!(std::mem::size_of::<Bucket>(), 64);
        assert_eq!(tt.table.as_ptr() as usize % 64, 0);
        assert!(tt.table.len() * 64 <= 1024 * 1024);
    }

    #[test]
    fn a_stored_entry_reads_back_and_a_deeper_one_survives_a_shallow_store() {
        let tt = Tt::new(1);
        let key = 0x1234_5678_9abc_def0;
        tt.store(key, None, -29_990, 7, Bound::Lower, Some(-31));
        let e = tt.probe(key).expect("stored");
        assert_eq!((e.score, e.depth, e.bound), (-29_990, 7, Bound::Lower));
        assert_eq!(e.eval, Some(-31));
        tt.store(key, None, 5, 1, Bound::Upper, None);
        assert_eq!(tt.probe(key).map(|e| e.depth), Some(7));
        assert!(tt.probe(key ^ 1).is_none());
    }

    #[test]
    fn a_static_score_reads_back_in_its_own_search_only() {
        let mut tt = Tt::new(1);
        let key = 0x0fed_cba9_8765_4321;
        tt.store(key, None, 0, 3, Bound::Exact, Some(40_000));
        assert_eq!(tt.probe(key).and_then(|e| e.eval), None, "beyond an i16");
        tt.store(key, None, 0, 3, Bound::Exact, Some(-250));
        tt.store(key, None, 0, 4, Bound::Exact, None);
        assert_eq!(tt.probe(key).and_then(|e| e.eval), Some(-250), "kept");
        tt.next_age();
        assert_eq!(
            tt.probe(key).and_then(|e| e.eval),
            None,
            "an earlier search's"
        );
    }

    #[test]
    fn a_full_bucket_replaces_its_shallowest_entry() {
        let mut tt = Tt::new(1);
        // Keys with the same high bits share a bucket.
        let keys: Vec<u64> = (1..=5).map(|k| 0xabcd_0000_0000_0000 | k).collect();
        for (d, &k) in keys.iter().take(4).enumerate() {
            tt.store(k, None, 0, 10 - d as i32, Bound::Exact, None);
        }
        tt.next_age();
        tt.store(keys[4], None, 0, 1, Bound::Exact, None);
        assert!(tt.probe(keys[3]).is_none(), "the shallowest old entry went");
        assert!(keys[..3].iter().all(|&k| tt.probe(k).is_some()));
        assert!(tt.probe(keys[4]).is_some());
    }
}
