//! The transposition table: one entry per slot, indexed by the position hash, replaced when the
//! new result is deeper or the old one comes from an earlier search.

use koma_runtime::FullMove;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    Exact,
    /// The score is at least this (a beta cutoff).
    Lower,
    /// The score is at most this (no move raised alpha).
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub key: u64,
    pub mv: Option<FullMove>,
    pub score: i32,
    pub depth: i16,
    pub bound: Bound,
    age: u8,
}

#[derive(Debug)]
pub(crate) struct Tt {
    entries: Vec<Option<Entry>>,
    age: u8,
    megabytes: usize,
}

impl Tt {
    pub fn new(megabytes: usize) -> Tt {
        let size = std::mem::size_of::<Option<Entry>>().max(1);
        let n = (megabytes.max(1) * 1024 * 1024 / size).max(1024);
        Tt {
            entries: vec![None; n],
            age: 0,
            megabytes: megabytes.max(1),
        }
    }

    pub fn megabytes(&self) -> usize {
        self.megabytes
    }

    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = None);
    }

    /// A new search starts: older entries become replaceable.
    pub fn next_age(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    fn slot(&self, key: u64) -> usize {
        (key % self.entries.len() as u64) as usize
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.entries[self.slot(key)].filter(|e| e.key == key)
    }

    pub fn store(&mut self, key: u64, mv: Option<FullMove>, score: i32, depth: i16, bound: Bound) {
        let age = self.age;
        let i = self.slot(key);
        let slot = &mut self.entries[i];
        let replace = match slot {
            None => true,
            Some(e) => e.key == key || e.age != age || depth >= e.depth,
        };
        if replace {
            // Keep the old move when the new result has none for the same position.
            let mv = match (*slot, mv) {
                (Some(e), None) if e.key == key => e.mv,
                _ => mv,
            };
            *slot = Some(Entry {
                key,
                mv,
                score,
                depth,
                bound,
                age,
            });
        }
    }
}
