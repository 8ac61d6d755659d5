//! Numbered start positions (`shuffle` in the setup): the arrangements a [`ShuffleSpec`]
//! allows, counted, drawn by number, and numbered back.

use crate::spec::{Coord, PieceType, Placement, Player, ShuffleSpec, VariantSpec};

/// Whether a square is light: a1 is dark, as on a chessboard.
pub fn is_light(c: Coord) -> bool {
    (c.x + c.y) % 2 == 1
}

/// `n` choose `k`, saturating (counts of arrangements stay far below `u64::MAX`).
fn choose(n: usize, k: usize) -> u64 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    (0..k).fold(1u64, |acc, i| {
        acc.saturating_mul((n - i) as u64) / (i as u64 + 1)
    })
}

/// The `index`-th combination of `k` of `n` positions in lexicographic order.
fn unrank(mut index: u64, n: usize, k: usize) -> Vec<usize> {
    let mut out = Vec::with_capacity(k);
    let mut start = 0;
    for left in (1..=k).rev() {
        for i in start..n {
            let below = choose(n - i - 1, left - 1);
            if index < below {
                out.push(i);
                start = i + 1;
                break;
            }
            index -= below;
        }
    }
    out
}

/// The lexicographic index of the combination `picked` (ascending positions of `n`).
fn rank(picked: &[usize], n: usize) -> u64 {
    let (mut index, mut start) = (0u64, 0usize);
    for (j, &p) in picked.iter().enumerate() {
        let left = picked.len() - j;
        for i in start..p {
            index += choose(n - i - 1, left - 1);
        }
        start = p + 1;
    }
    index
}

impl ShuffleSpec {
    /// The free squares (indices into `squares`) a group of colour `light` may take.
    fn candidates(&self, taken: &[bool], light: Option<bool>) -> Vec<usize> {
        (0..self.squares.len())
            .filter(|&i| !taken[i] && light.is_none_or(|l| is_light(self.squares[i]) == l))
            .collect()
    }

    /// How many arrangements there are (960 for Chess960); 0 when the groups do not fit.
    pub fn count(&self) -> u64 {
        // Any arrangement has the same free squares per colour at each group, so the first
        // choice of every group shows every group's count.
        let mut taken = vec![false; self.squares.len()];
        let mut total = 1u64;
        for g in &self.groups {
            let free = self.candidates(&taken, g.light);
            total = total.saturating_mul(choose(free.len(), g.pieces.len()));
            for &i in free.iter().take(g.pieces.len()) {
                taken[i] = true;
            }
        }
        if taken.iter().all(|&t| t) { total } else { 0 }
    }

    /// The first player's pieces of arrangement `number` (below [`ShuffleSpec::count`]), one
    /// per square of `squares`.
    pub fn arrangement(&self, number: u64) -> Option<Vec<(Coord, PieceType)>> {
        if number >= self.count() {
            return None;
        }
        let mut rest = number;
        let mut taken = vec![false; self.squares.len()];
        let mut out = Vec::with_capacity(self.squares.len());
        for g in &self.groups {
            let free = self.candidates(&taken, g.light);
            let ways = choose(free.len(), g.pieces.len());
            let picked = unrank(rest % ways, free.len(), g.pieces.len());
            rest /= ways;
            for (&at, &piece) in picked.iter().zip(&g.pieces) {
                taken[free[at]] = true;
                out.push((self.squares[free[at]], piece));
            }
        }
        Some(out)
    }

    /// The number of the arrangement whose first player's pieces are `placed`, if the groups
    /// allow it (the written setup of Chess960 is 518).
    pub fn number_of(&self, placed: &[(Coord, PieceType)]) -> Option<u64> {
        let piece_on = |c: Coord| placed.iter().find(|p| p.0 == c).map(|p| p.1);
        let mut taken = vec![false; self.squares.len()];
        let (mut number, mut scale) = (0u64, 1u64);
        for g in &self.groups {
            let free = self.candidates(&taken, g.light);
            // The group's pieces, in square order: the free squares holding them, taken as the
            // group's written order says.
            let mut picked = Vec::new();
            let mut want = g.pieces.iter().peekable();
            for (at, &i) in free.iter().enumerate() {
                if want
                    .peek()
                    .is_some_and(|&&p| piece_on(self.squares[i]) == Some(p))
                {
                    picked.push(at);
                    want.next();
                }
            }
            if picked.len() != g.pieces.len() {
                return None;
            }
            for &at in &picked {
                taken[free[at]] = true;
            }
            number += scale * rank(&picked, free.len());
            scale *= choose(free.len(), g.pieces.len());
        }
        // Greedy matching can pick the wrong squares when groups share a type: confirm.
        let back = self.arrangement(number)?;
        let same = back.iter().all(|&(c, p)| piece_on(c) == Some(p));
        same.then_some(number)
    }
}

/// The start placements of arrangement `number`: the setup with the shuffled squares of both
/// players refilled (`None` without a setup or a shuffle, or past the last number).
pub fn numbered_setup(spec: &VariantSpec, number: u64) -> Option<Vec<Placement>> {
    let shuffle = spec.rules.shuffle.as_ref()?;
    let setup = spec.setup.as_ref()?;
    let arrangement = shuffle.arrangement(number)?;
    let (w, h) = (spec.board.width, spec.board.height);
    let second = |c: Coord| {
        let x = if shuffle.rotate { w - 1 - c.x } else { c.x };
        Coord { x, y: h - 1 - c.y }
    };
    let shuffled = |p: &Placement| {
        shuffle.squares.iter().any(|&c| match p.player {
            Player::First => p.at == c,
            Player::Second => p.at == second(c),
        })
    };
    let mut out: Vec<Placement> = setup.iter().filter(|p| !shuffled(p)).copied().collect();
    for &(at, piece) in &arrangement {
        out.push(Placement {
            player: Player::First,
            piece,
            at,
        });
        out.push(Placement {
            player: Player::Second,
            piece,
            at: second(at),
        });
    }
    Some(out)
}

/// The number of the setup as written, when it has a shuffle that allows it.
pub fn written_number(spec: &VariantSpec) -> Option<u64> {
    let shuffle = spec.rules.shuffle.as_ref()?;
    let setup = spec.setup.as_ref()?;
    let placed: Vec<(Coord, PieceType)> = setup
        .iter()
        .filter(|p| p.player == Player::First && shuffle.squares.contains(&p.at))
        .map(|p| (p.at, p.piece))
        .collect();
    shuffle.number_of(&placed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::ShuffleGroup;

    /// Chess960's groups over a1-h1, with B N R Q K as types 0..5.
    fn chess960() -> ShuffleSpec {
        let g = |pieces: &[u16], light| ShuffleGroup {
            pieces: pieces.iter().map(|&t| PieceType(t)).collect(),
            light,
        };
        let (b, n, r, q, k) = (0, 1, 2, 3, 4);
        ShuffleSpec {
            squares: (0..8).map(|x| Coord { x, y: 0 }).collect(),
            groups: vec![
                g(&[b], Some(true)),
                g(&[b], Some(false)),
                g(&[q], None),
                g(&[n, n], None),
                g(&[r, k, r], None),
            ],
            rotate: false,
        }
    }

    fn letters(a: &[(Coord, PieceType)]) -> String {
        let mut v = a.to_vec();
        v.sort_by_key(|p| p.0.x);
        v.iter()
            .map(|p| b"BNRQK"[usize::from(p.1.0)] as char)
            .collect()
    }

    #[test]
    fn scharnagl_numbers() {
        let s = chess960();
        assert_eq!(s.count(), 960);
        let name = |n| letters(&s.arrangement(n).expect("in range"));
        // Scharnagl's table: 0, 518 (the classical array) and 959.
        assert_eq!(name(0), "BBQNNRKR");
        assert_eq!(name(518), "RNBQKBNR");
        assert_eq!(name(959), "RKRNNQBB");
        assert!(s.arrangement(960).is_none());
    }

    #[test]
    fn numbers_round_trip() {
        let s = chess960();
        let mut seen = std::collections::HashSet::new();
        for n in 0..960 {
            let a = s.arrangement(n).expect("in range");
            assert_eq!(s.number_of(&a), Some(n));
            assert!(seen.insert(letters(&a)), "{n} repeats an arrangement");
        }
    }
}
