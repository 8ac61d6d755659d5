//! The hashes of the positions before each move played, for the repetition rules, with a
//! count per bucket of their low bits: an upper bound of how often a position occurred
//! before, read in a few instructions. A long game's history is long and almost every
//! position in a search is new, so the rules ask the bound before they scan.

/// Buckets of the hashes' low bits (a power of two).
const BUCKETS: usize = 1024;

/// The hashes of earlier positions, oldest first, and their bucket counts.
#[derive(Clone, Debug)]
pub(crate) struct History {
    hashes: Vec<u64>,
    buckets: Box<[u16; BUCKETS]>,
}

impl Default for History {
    fn default() -> Self {
        History {
            hashes: Vec::new(),
            buckets: Box::new([0; BUCKETS]),
        }
    }
}

impl History {
    fn bucket(hash: u64) -> usize {
        hash as usize & (BUCKETS - 1)
    }

    /// The hashes, oldest first.
    pub(crate) fn hashes(&self) -> &[u64] {
        &self.hashes
    }

    #[inline(always)]
    pub(crate) fn push(&mut self, hash: u64) {
        self.hashes.push(hash);
        // Wrapping: a bucket would need 65,536 entries to wrap, never in a game.
        let b = &mut self.buckets[Self::bucket(hash)];
        *b = b.wrapping_add(1);
    }

    #[inline(always)]
    pub(crate) fn pop(&mut self) {
        if let Some(hash) = self.hashes.pop() {
            let b = &mut self.buckets[Self::bucket(hash)];
            *b = b.wrapping_sub(1);
        }
    }

    /// Replaces the whole history (a position text's `history:` field).
    pub(crate) fn set(&mut self, hashes: impl IntoIterator<Item = u64>) {
        *self = History::default();
        for h in hashes {
            self.push(h);
        }
    }

    /// At most how many entries equal `hash` (its bucket's count): none when it is empty.
    #[inline(always)]
    pub(crate) fn at_most(&self, hash: u64) -> usize {
        usize::from(self.buckets[Self::bucket(hash)])
    }

    /// How many entries equal `hash`.
    #[inline]
    pub(crate) fn count(&self, hash: u64) -> usize {
        if self.at_most(hash) == 0 {
            return 0;
        }
        self.hashes.iter().filter(|&&h| h == hash).count()
    }

    /// Whether an entry equals `hash`.
    #[inline]
    pub(crate) fn contains(&self, hash: u64) -> bool {
        self.at_most(hash) > 0 && self.hashes.contains(&hash)
    }
}

#[cfg(test)]
mod tests {
    use super::History;

    #[test]
    fn counts_follow_pushes_and_pops() {
        let mut h = History::default();
        // 7 and 1031 share a bucket; 8 does not.
        for x in [7, 1031, 7, 8] {
            h.push(x);
        }
        assert_eq!(
            (h.count(7), h.count(1031), h.count(8), h.count(9)),
            (2, 1, 1, 0)
        );
        assert_eq!(h.at_most(7), 3);
        h.pop();
        h.pop();
        assert_eq!((h.count(7), h.at_most(1031), h.contains(8)), (1, 2, false));
        h.set([5, 5]);
        assert_eq!((h.hashes(), h.count(5), h.count(7)), (&[5, 5][..], 2, 0));
    }
}
