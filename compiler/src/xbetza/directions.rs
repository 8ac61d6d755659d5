//! Atom geometry and direction modifiers: which leap an atom makes in each of its directions,
//! and which directions a run of `f b l r v s h` letters selects (docs/xbetza.md, "Directions").
//!
//! Directions are indices 0..8 in the atom's own system, clockwise in 45 degree steps. For
//! straight atoms (W F D A H G K and their riders) index `d` is the absolute direction
//! (0 = forward, 1 = forward-right, ... 7 = forward-left): even indices are orthogonal leaps
//! `(0, n)`, odd ones diagonal `(n, n)`, so a 45 degree turn switches W <-> F, D <-> A, H <-> G.
//! For oblique atoms `(a, b)` index 0 is `(a, b)`, index 1 `(b, a)`, and every further pair is
//! rotated 90 degrees: a turn by one index moves to the neighbouring member of the family.

use super::{BetzaProblem, problem};
use koma_grammar::span::Span;

/// The shape of an atom's leap, in the forward orientation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
    /// `(0, n)` at even indices, `(n, n)` at odd ones.
    Straight(i8),
    /// `(a, b)` with `0 < a < b`.
    Oblique(i8, i8),
}

impl Shape {
    /// The shape of the leap `(a, b)` (in any order, non-negative).
    pub(crate) fn of(a: i8, b: i8) -> Shape {
        let (a, b) = (a.min(b), a.max(b));
        if a == 0 || a == b {
            Shape::Straight(b)
        } else {
            Shape::Oblique(a, b)
        }
    }

    /// The leap at direction `index` for the first player (`+y` forward, `+x` right).
    pub(crate) fn vector(self, index: u8) -> (i8, i8) {
        let odd = index % 2 == 1;
        let mut v = match self {
            Shape::Straight(n) => {
                if odd {
                    (n, n)
                } else {
                    (0, n)
                }
            }
            Shape::Oblique(a, b) => {
                if odd {
                    (b, a)
                } else {
                    (a, b)
                }
            }
        };
        for _ in 0..(index % 8) / 2 {
            v = (v.1, -v.0);
        }
        v
    }
}

/// How a leg's direction letters are read (docs/xbetza.md, "Directions").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DirClass {
    /// W D H R and other `(0, n)` atoms: even indices, letters never combine.
    Orthogonal,
    /// F A G B and other `(n, n)` atoms: odd indices; single letters name pairs.
    Diagonal,
    /// N C Z and other `(a, b)` atoms: single letters name narrow pairs, two letters one move.
    Oblique,
    /// K, Q and every continuation leg: eight distinct directions.
    King,
}

/// A set of direction indices (bit `i` = index `i`).
pub(crate) type DirSet = u8;

pub(crate) const ALL: DirSet = 0xff;
pub(crate) const EVEN: DirSet = 0b0101_0101;
pub(crate) const ODD: DirSet = 0b1010_1010;
/// Default of a continuation leg: every direction except straight back.
pub(crate) const NOT_BACK: DirSet = ALL & !(1 << 4);

const fn bits(list: &[u8]) -> DirSet {
    let mut set = 0;
    let mut i = 0;
    while i < list.len() {
        set |= 1 << list[i];
        i += 1;
    }
    set
}

impl DirClass {
    /// Every direction of a leg of this class.
    pub(crate) fn all(self) -> DirSet {
        match self {
            DirClass::Orthogonal => EVEN,
            DirClass::Diagonal => ODD,
            DirClass::Oblique | DirClass::King => ALL,
        }
    }

    fn single(self, c: char) -> Option<DirSet> {
        Some(match (self, c) {
            (DirClass::Orthogonal | DirClass::King, 'f') => bits(&[0]),
            (DirClass::Orthogonal | DirClass::King, 'r') => bits(&[2]),
            (DirClass::Orthogonal | DirClass::King, 'b') => bits(&[4]),
            (DirClass::Orthogonal | DirClass::King, 'l') => bits(&[6]),
            (DirClass::Orthogonal | DirClass::King, 'v') => bits(&[0, 4]),
            (DirClass::Orthogonal | DirClass::King, 's') => bits(&[2, 6]),
            (DirClass::Diagonal, c) => diagonal_pair(c)?,
            (DirClass::Oblique, c) => narrow(c)?,
            _ => return None,
        })
    }

    fn combine(self, x: char, y: char) -> Option<DirSet> {
        match self {
            DirClass::Orthogonal => None,
            DirClass::Diagonal => {
                if x == 'h' && y == 'h' {
                    return None;
                }
                let set = diagonal_pair(x)? & diagonal_pair(y)?;
                (set != 0).then_some(set)
            }
            DirClass::Oblique => oblique_pair(x, y),
            DirClass::King => king_pair(x, y),
        }
    }
}

fn diagonal_pair(c: char) -> Option<DirSet> {
    Some(match c {
        'f' => bits(&[7, 1]),
        'r' => bits(&[1, 3]),
        'b' => bits(&[3, 5]),
        'l' => bits(&[5, 7]),
        'v' | 's' | 'h' => ODD,
        _ => return None,
    })
}

/// The two oblique moves closest to a direction.
fn narrow(c: char) -> Option<DirSet> {
    Some(match c {
        'f' => bits(&[7, 0]),
        'r' => bits(&[1, 2]),
        'b' => bits(&[3, 4]),
        'l' => bits(&[5, 6]),
        'v' => bits(&[7, 0, 3, 4]),
        's' => bits(&[1, 2, 5, 6]),
        _ => return None,
    })
}

/// The four oblique moves on one side (`v` and `s` have no side: their wide set is the narrow one).
fn wide(c: char) -> Option<DirSet> {
    Some(match c {
        'f' => bits(&[6, 7, 0, 1]),
        'r' => bits(&[0, 1, 2, 3]),
        'b' => bits(&[2, 3, 4, 5]),
        'l' => bits(&[4, 5, 6, 7]),
        'v' | 's' => narrow(c)?,
        _ => return None,
    })
}

fn oblique_pair(x: char, y: char) -> Option<DirSet> {
    match (x, y) {
        ('h', 'r') => Some(bits(&[0, 2, 4, 6])),
        ('h', 'l') => Some(bits(&[1, 3, 5, 7])),
        ('h', 'h') => None,
        ('h', y) => wide(y),
        (x, 'h') => wide(x),
        (x, y) => {
            let set = wide(x)? & narrow(y)?;
            (set != 0).then_some(set)
        }
    }
}

fn king_pair(x: char, y: char) -> Option<DirSet> {
    let ordered = |a: char, b: char| (x == a && y == b) || (x == b && y == a);
    let table: [(char, char, &[u8]); 14] = [
        ('f', 'r', &[1]),
        ('f', 'l', &[7]),
        ('b', 'r', &[3]),
        ('b', 'l', &[5]),
        ('f', 's', &[7, 1]),
        ('b', 's', &[3, 5]),
        ('l', 'v', &[5, 7]),
        ('r', 'v', &[1, 3]),
        ('f', 'h', &[7, 0, 1]),
        ('b', 'h', &[3, 4, 5]),
        ('l', 'h', &[5, 6, 7]),
        ('r', 'h', &[1, 2, 3]),
        ('v', 'h', &[7, 0, 1, 3, 4, 5]),
        ('s', 'h', &[1, 2, 3, 5, 6, 7]),
    ];
    if x == y && x != 'h' {
        return DirClass::King.single(x);
    }
    table
        .iter()
        .find(|(a, b, _)| ordered(*a, *b))
        .map(|(_, _, list)| bits(list))
}

/// The directions selected by `letters` (in source order) for a leg of `class`;
/// `None` when the leg has no direction letters (the caller applies the default).
pub(crate) fn select(
    class: DirClass,
    letters: &[(char, Span)],
) -> Result<Option<DirSet>, BetzaProblem> {
    if letters.is_empty() {
        return Ok(None);
    }
    let h_on_orthogonal = letters
        .iter()
        .find(|(c, _)| *c == 'h')
        .filter(|_| class == DirClass::Orthogonal);
    if let Some((_, span)) = h_on_orthogonal {
        return Err(problem(
            "E0307",
            "`h` is undefined on orthogonal atoms",
            *span,
            "`h` (half) only combines with another direction on oblique atoms, K and Q; write the directions out, e.g. `fsW`",
        ));
    }
    let mut set = 0;
    let mut i = 0;
    while i < letters.len() {
        let pair = letters
            .get(i + 1)
            .and_then(|(y, _)| class.combine(letters[i].0, *y));
        if let Some(pair) = pair {
            set |= pair;
            i += 2;
            continue;
        }
        let (c, span) = letters[i];
        match class.single(c) {
            Some(s) => set |= s,
            None => {
                return Err(problem(
                    "E0307",
                    "`h` needs a second direction letter",
                    span,
                    "`h` means half: write it next to a direction, e.g. `fhK` (three forward directions) or `hrN`",
                ));
            }
        }
        i += 1;
    }
    Ok(Some(set))
}

/// Whether a turn set is its own mirror image (needed for oblique continuation legs, whose
/// left and right are undefined in XBetza).
pub(crate) fn is_mirror_symmetric(set: DirSet) -> bool {
    (0..8).all(|i| (set >> i) & 1 == (set >> ((8 - i) % 8)) & 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dirs(class: DirClass, text: &str) -> Vec<u8> {
        let letters: Vec<(char, Span)> = text.chars().map(|c| (c, Span::default())).collect();
        let set = select(class, &letters).expect("valid").expect("letters");
        (0..8).filter(|i| set & (1 << i) != 0).collect()
    }

    #[test]
    fn vectors_rotate_clockwise() {
        let n = Shape::Oblique(1, 2);
        let all: Vec<_> = (0..8).map(|i| n.vector(i)).collect();
        assert_eq!(
            all,
            vec![
                (1, 2),
                (2, 1),
                (2, -1),
                (1, -2),
                (-1, -2),
                (-2, -1),
                (-2, 1),
                (-1, 2)
            ]
        );
        assert_eq!(Shape::Straight(1).vector(3), (1, -1));
        assert_eq!(Shape::Straight(2).vector(6), (-2, 0));
    }

    #[test]
    fn knight_directions_follow_the_reference_table() {
        // docs/xbetza.md, "Directions": index 0 = f7, 1 = g6, 2 = g4, 3 = f3, 4 = d3, 5 = c4, 6 = c6, 7 = d7 from e5.
        assert_eq!(dirs(DirClass::Oblique, "fs"), vec![1, 6]);
        assert_eq!(dirs(DirClass::Oblique, "fr"), vec![1]);
        assert_eq!(dirs(DirClass::Oblique, "rf"), vec![0]);
        assert_eq!(dirs(DirClass::Oblique, "hr"), vec![0, 2, 4, 6]);
        assert_eq!(dirs(DirClass::Oblique, "lh"), vec![4, 5, 6, 7]);
        assert_eq!(dirs(DirClass::Oblique, "vh"), vec![0, 3, 4, 7]);
        assert_eq!(dirs(DirClass::Oblique, "fb"), vec![0, 3, 4, 7]);
    }

    #[test]
    fn king_system_combinations() {
        assert_eq!(dirs(DirClass::King, "fs"), vec![1, 7]);
        assert_eq!(dirs(DirClass::King, "sh"), vec![1, 2, 3, 5, 6, 7]);
        assert_eq!(dirs(DirClass::King, "vh"), vec![0, 1, 3, 4, 5, 7]);
        assert_eq!(dirs(DirClass::King, "ff"), vec![0]);
        assert_eq!(dirs(DirClass::Diagonal, "fs"), vec![1, 7]);
        assert_eq!(dirs(DirClass::Orthogonal, "fs"), vec![0, 2, 6]);
    }

    #[test]
    fn chirality() {
        assert!(is_mirror_symmetric(bits(&[1, 7])));
        assert!(!is_mirror_symmetric(bits(&[2])));
    }
}
