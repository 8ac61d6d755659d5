//! Board-sized square sets, one bit per square, sized for the largest board the runtime takes
//! ([`crate::limits::MAX_SQUARES`]): the position's occupancy, kept by every cell write, so
//! that the pieces of a side are found without scanning the board.

use crate::geometry::Square;

/// Words of a square set (every square of the largest board fits).
pub(crate) const WORDS: usize = crate::limits::MAX_SQUARES.div_ceil(64);

/// Adds a square to a set of words (bit `i % 64` of word `i / 64` for square `i`).
#[inline]
pub(crate) fn insert(set: &mut [u64], s: Square) {
    set[s.index() / 64] |= 1 << (s.index() % 64);
}

/// Whether a set of words holds a square (a square beyond its words is not in it).
#[inline]
pub(crate) fn contains(set: &[u64], s: Square) -> bool {
    set.get(s.index() / 64)
        .is_some_and(|w| w & (1 << (s.index() % 64)) != 0)
}

/// The set bit of `hit` nearest the start of a ray whose squares are bits of one word: the
/// lowest when the ray ascends through the bits, else the highest.
#[inline]
pub(crate) fn nearest(hit: u64, ascending: bool) -> u32 {
    if ascending {
        hit.trailing_zeros()
    } else {
        63 - hit.leading_zeros()
    }
}

/// The bits of `ray` between its start and bit `b` (`b` excluded).
#[inline]
pub(crate) fn before(ray: u64, b: u32, ascending: bool) -> u64 {
    let upto = u64::MAX >> (63 - b);
    if ascending {
        ray & (upto >> 1)
    } else {
        ray & !upto
    }
}

/// The squares of an `N`-word set moved `k` squares up (0 < `k` < 64); squares moved past the
/// last word are dropped.
#[inline]
pub(crate) fn shifted_up<const N: usize>(b: &[u64; N], k: u32) -> [u64; N] {
    std::array::from_fn(|i| b[i] << k | if i > 0 { b[i - 1] >> (64 - k) } else { 0 })
}

/// The squares of an `N`-word set moved `k` squares down (0 < `k` < 64); squares moved below
/// square 0 are dropped.
#[inline]
pub(crate) fn shifted_down<const N: usize>(b: &[u64; N], k: u32) -> [u64; N] {
    std::array::from_fn(|i| b[i] >> k | if i + 1 < N { b[i + 1] << (64 - k) } else { 0 })
}

/// The indices of the set bits of `bits`, lowest first.
#[inline]
pub(crate) fn bit_indices(mut bits: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            i
        })
    })
}

/// A set of squares: bit `i % 64` of word `i / 64` for square `i`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Bits(pub [u64; WORDS]);

impl Default for Bits {
    fn default() -> Bits {
        Bits([0; WORDS])
    }
}

impl Bits {
    /// The words that hold the squares of a board of `squares` squares.
    #[inline]
    pub const fn words(squares: usize) -> usize {
        squares.div_ceil(64)
    }

    /// The squares of the set among the first `words` words, lowest first.
    #[inline]
    pub fn iter(&self, words: usize) -> Iter<'_> {
        Iter {
            words: &self.0[..words],
            at: 0,
            word: self.0.first().copied().filter(|_| words > 0).unwrap_or(0),
        }
    }
}

/// The squares of a [`Bits`], lowest first.
pub(crate) struct Iter<'a> {
    words: &'a [u64],
    at: usize,
    word: u64,
}

impl Iterator for Iter<'_> {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        while self.word == 0 {
            self.at += 1;
            self.word = *self.words.get(self.at)?;
        }
        let b = self.word.trailing_zeros() as usize;
        self.word &= self.word - 1;
        Some(Square((self.at * 64 + b) as u16))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iterates_the_squares_it_holds_in_order() {
        let mut b = Bits::default();
        for i in [0usize, 5, 63, 64, 130, 2047] {
            b.0[i / 64] |= 1 << (i % 64);
        }
        let all: Vec<u16> = b.iter(WORDS).map(|s| s.0).collect();
        assert_eq!(all, [0, 5, 63, 64, 130, 2047]);
        // Only the words asked for.
        let low: Vec<u16> = b.iter(2).map(|s| s.0).collect();
        assert_eq!(low, [0, 5, 63, 64]);
        assert_eq!(b.iter(0).count(), 0);
    }
}
