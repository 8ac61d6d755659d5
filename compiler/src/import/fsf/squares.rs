//! Fairy-Stockfish's square sets (`*8`, `a*`, `d4 e4`, `-`) and their koma spelling.

use std::collections::BTreeSet;

/// Squares as (file, rank), 0-based, the first player's view.
pub type Set = BTreeSet<(u32, u32)>;

/// Reads a Fairy-Stockfish bitboard value on a `files` x `ranks` board; `None` when a token
/// is no square. Squares off the board are dropped, as Fairy-Stockfish drops them.
pub fn parse(value: &str, files: u32, ranks: u32) -> Option<Set> {
    let mut set = Set::new();
    for token in value.split_whitespace() {
        if token == "-" {
            continue;
        }
        let (file, rank) = token.split_at(1);
        let file = match file {
            "*" => None,
            f => Some(u32::from(f.bytes().next()?.checked_sub(b'a')?)),
        };
        let rank = match rank {
            "*" => None,
            r => Some(r.parse::<u32>().ok()?.checked_sub(1)?),
        };
        for f in (0..files).filter(|f| file.is_none_or(|x| x == *f)) {
            for r in (0..ranks).filter(|r| rank.is_none_or(|x| x == *r)) {
                set.insert((f, r));
            }
        }
    }
    Some(set)
}

/// The set turned 180 degrees: what koma makes of a first-player set for the second player.
pub fn rotated(set: &Set, files: u32, ranks: u32) -> Set {
    set.iter()
        .map(|&(f, r)| (files - 1 - f, ranks - 1 - r))
        .collect()
}

/// A set per player, each as written: `[White's, Black's]`.
pub type Pair = [Set; 2];

/// Whether Black's set is White's turned 180 degrees, as koma reads a region without a side.
pub fn is_turn(pair: &Pair, files: u32, ranks: u32) -> bool {
    rotated(&pair[0], files, ranks) == pair[1]
}

/// The whole board.
pub fn all(files: u32, ranks: u32) -> Set {
    (0..files)
        .flat_map(|f| (0..ranks).map(move |r| (f, r)))
        .collect()
}

/// `Some(n)` when the set is exactly the far `n` ranks (n >= 1).
pub fn far_ranks(set: &Set, files: u32, ranks: u32) -> Option<u32> {
    let n = u32::try_from(set.len()).ok()? / files.max(1);
    let far: Set = (0..files)
        .flat_map(|f| (ranks.saturating_sub(n)..ranks).map(move |r| (f, r)))
        .collect();
    (n >= 1 && far == *set).then_some(n)
}

pub fn name(f: u32, r: u32) -> String {
    format!("{}{}", char::from(b'a' + f as u8), r + 1)
}

/// koma's spelling: each rank's runs of squares, `a2-h2` or `e4`.
pub fn koma(set: &Set) -> Vec<String> {
    let mut out = Vec::new();
    let ranks: BTreeSet<u32> = set.iter().map(|s| s.1).collect();
    for r in ranks {
        let files: Vec<u32> = set.iter().filter(|s| s.1 == r).map(|s| s.0).collect();
        let mut i = 0;
        while i < files.len() {
            let mut j = i;
            while j + 1 < files.len() && files[j + 1] == files[j] + 1 {
                j += 1;
            }
            out.push(if i == j {
                name(files[i], r)
            } else {
                format!("{}-{}", name(files[i], r), name(files[j], r))
            });
            i = j + 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_ranks_files_and_squares_and_spells_runs() {
        let s = parse("*2 d4 a*", 8, 8).expect("squares");
        assert_eq!(s.len(), 8 + 1 + 7);
        assert_eq!(koma(&parse("*2", 8, 8).expect("rank")), vec!["a2-h2"]);
        assert_eq!(far_ranks(&parse("*7 *8", 8, 8).expect("z"), 8, 8), Some(2));
        assert_eq!(far_ranks(&parse("*2", 8, 8).expect("z"), 8, 8), None);
        assert_eq!(
            rotated(&parse("*2", 8, 8).expect("r"), 8, 8),
            parse("*7", 8, 8).expect("r")
        );
        assert!(parse("z9x", 8, 8).is_none());
    }
}
