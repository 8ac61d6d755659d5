//! Board rectangles: parsing the diagram's `a5` / `a5-p5` items, symmetry, and koma spelling.

/// The board's shape: files, ranks and the label of the first rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    pub files: u32,
    pub ranks: u32,
    pub first_rank: i64,
}

/// A rectangle of squares, 0-based file and rank indices, corners inclusive.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rect {
    pub file0: u32,
    pub rank0: u32,
    pub file1: u32,
    pub rank1: u32,
}

/// The second player's copy of the first player's army.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symmetry {
    /// 180 degree rotation.
    Rotate,
    /// Top-bottom mirror: same file, mirrored rank.
    Mirror,
    /// No copy.
    None,
}

/// Why a square item could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SquareError {
    /// Not a file letter followed by a rank number.
    Syntax,
    /// A well-formed square outside the board.
    OffBoard(String),
    /// `p5-a5`: the diagram walks from the first corner up to the second, so this places nothing.
    Reversed,
}

impl Geometry {
    /// Parses `a5` or `a5-p5` (rank numbers are labels, counted from `first_rank`).
    pub fn parse(&self, item: &str) -> Result<Rect, SquareError> {
        let (a, b) = match item.split_once('-') {
            Some((a, b)) => (a, Some(b)),
            None => (item, None),
        };
        let (f0, r0) = self.square(a)?;
        let (f1, r1) = match b {
            Some(b) => self.square(b)?,
            None => (f0, r0),
        };
        if f1 < f0 || r1 < r0 {
            return Err(SquareError::Reversed);
        }
        Ok(Rect {
            file0: f0,
            rank0: r0,
            file1: f1,
            rank1: r1,
        })
    }

    fn square(&self, text: &str) -> Result<(u32, u32), SquareError> {
        let mut chars = text.chars();
        let file = chars
            .next()
            .filter(char::is_ascii_lowercase)
            .ok_or(SquareError::Syntax)?;
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(SquareError::Syntax);
        }
        let label: i64 = digits.parse().map_err(|_| SquareError::Syntax)?;
        let file = u32::from(file) - u32::from('a');
        let rank = label - self.first_rank;
        if file >= self.files || rank < 0 || rank >= i64::from(self.ranks) {
            return Err(SquareError::OffBoard(text.to_string()));
        }
        Ok((file, rank as u32))
    }

    /// The second player's copy of `rect` under `symmetry` (`None` for no copy).
    pub fn partner(&self, rect: Rect, symmetry: Symmetry) -> Option<Rect> {
        let (fl, rl) = (self.files - 1, self.ranks - 1);
        match symmetry {
            Symmetry::Rotate => Some(Rect {
                file0: fl - rect.file1,
                rank0: rl - rect.rank1,
                file1: fl - rect.file0,
                rank1: rl - rect.rank0,
            }),
            Symmetry::Mirror => Some(Rect {
                file0: rect.file0,
                rank0: rl - rect.rank1,
                file1: rect.file1,
                rank1: rl - rect.rank0,
            }),
            Symmetry::None => None,
        }
    }

    /// The koma spelling: `a5` or `a5-p5`.
    pub fn name(&self, rect: Rect) -> String {
        let one = |f: u32, r: u32| {
            let letter = char::from_u32(u32::from('a') + f).unwrap_or('?');
            format!("{letter}{}", i64::from(r) + self.first_rank)
        };
        if rect.file0 == rect.file1 && rect.rank0 == rect.rank1 {
            one(rect.file0, rect.rank0)
        } else {
            format!(
                "{}-{}",
                one(rect.file0, rect.rank0),
                one(rect.file1, rect.rank1)
            )
        }
    }
}

impl Rect {
    /// Every square of the rectangle as (file, rank).
    pub fn squares(self) -> impl Iterator<Item = (u32, u32)> {
        (self.rank0..=self.rank1).flat_map(move |r| (self.file0..=self.file1).map(move |f| (f, r)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHOGI16: Geometry = Geometry {
        files: 16,
        ranks: 16,
        first_rank: 1,
    };

    #[test]
    fn parses_squares_and_ranges() {
        let r = SHOGI16.parse("a5-p5").expect("valid range");
        assert_eq!(
            r,
            Rect {
                file0: 0,
                rank0: 4,
                file1: 15,
                rank1: 4
            }
        );
        assert_eq!(SHOGI16.name(r), "a5-p5");
        assert_eq!(
            SHOGI16.name(SHOGI16.parse("h1").expect("valid square")),
            "h1"
        );
    }

    #[test]
    fn rejects_bad_and_off_board_squares() {
        assert_eq!(SHOGI16.parse("5a"), Err(SquareError::Syntax));
        assert_eq!(SHOGI16.parse("a"), Err(SquareError::Syntax));
        assert_eq!(SHOGI16.parse("q1"), Err(SquareError::OffBoard("q1".into())));
        assert_eq!(
            SHOGI16.parse("a17"),
            Err(SquareError::OffBoard("a17".into()))
        );
        assert_eq!(SHOGI16.parse("p5-a5"), Err(SquareError::Reversed));
    }

    #[test]
    fn first_rank_shifts_labels() {
        let g = Geometry {
            files: 10,
            ranks: 12,
            first_rank: 0,
        };
        let r = g.parse("e0").expect("rank 0 exists");
        assert_eq!(r.rank0, 0);
        assert_eq!(g.name(r), "e0");
        assert!(g.parse("e12").is_err());
    }

    #[test]
    fn partners_rotate_and_mirror() {
        let h1 = SHOGI16.parse("h1").expect("valid");
        assert_eq!(
            SHOGI16.name(SHOGI16.partner(h1, Symmetry::Rotate).expect("copy")),
            "i16"
        );
        assert_eq!(
            SHOGI16.name(SHOGI16.partner(h1, Symmetry::Mirror).expect("copy")),
            "h16"
        );
        let row = SHOGI16.parse("a5-c6").expect("valid");
        assert_eq!(
            SHOGI16.name(SHOGI16.partner(row, Symmetry::Rotate).expect("copy")),
            "n11-p12"
        );
        assert_eq!(SHOGI16.partner(row, Symmetry::None), None);
    }
}
