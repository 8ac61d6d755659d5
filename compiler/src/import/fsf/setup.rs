//! Fairy-Stockfish's start FEN: the board (holes `*`, promoted `+X` and `X~`), the hands and
//! the side to move.

use std::collections::BTreeMap;

use super::squares::name;
use crate::import::square::Symmetry;

/// What a start FEN places.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Start {
    /// (letter as written, upper-case for the first player; promoted with a `+` prefix) -> squares.
    pub first: BTreeMap<String, Vec<String>>,
    pub second: BTreeMap<String, Vec<String>>,
    pub holes: Vec<String>,
    /// Pieces in hand, `None` when the FEN has no `[...]`.
    pub hands: Option<(Vec<String>, Vec<String>)>,
    pub second_moves_first: bool,
    /// The castling field (`KQkq`, `-`).
    pub castling: String,
    /// The check-count field (`3+3`): the checks each player must give, when the FEN has one.
    pub checks: Option<(u32, u32)>,
}

/// Reads `fen` for a `files` x `ranks` board.
pub fn read(fen: &str, files: u32, ranks: u32) -> Result<Start, String> {
    let mut fields = fen.split_whitespace();
    let board = fields.next().ok_or("the start FEN is empty")?;
    let (board, hand) = match board.split_once('[') {
        Some((b, h)) => (
            b,
            Some(h.strip_suffix(']').ok_or("a hand `[...]` is not closed")?),
        ),
        None => (board, None),
    };
    let mut start = Start::default();
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != ranks as usize {
        return Err(format!(
            "the start FEN has {} ranks, the board {ranks}",
            rows.len()
        ));
    }
    for (i, row) in rows.iter().enumerate() {
        read_row(row, ranks - 1 - i as u32, files, &mut start)?;
    }
    start.hands = hand.map(read_hand);
    start.second_moves_first = fields.next() == Some("b");
    // A FEN may leave out the castling and e.p. fields (Rookmate's `w 7+7 0 1`): a check count
    // where castling stands is read as the count, as Fairy-Stockfish reads it.
    let rest: Vec<&str> = fields.collect();
    let castling = rest.first().copied().filter(|f| check_count(f).is_none());
    start.castling = castling.unwrap_or("-").to_string();
    start.checks = rest.iter().find_map(|f| check_count(f));
    Ok(start)
}

/// `Mirror` or `Rotate` when the second army (and hand) is the first's copy, else `None`.
pub fn symmetry(start: &Start, files: u32, ranks: u32) -> Symmetry {
    let hands_equal = start.hands.as_ref().is_none_or(|(a, b)| a == b);
    [Symmetry::Mirror, Symmetry::Rotate]
        .into_iter()
        .find(|&sym| hands_equal && copy(&start.first, sym, files, ranks) == sorted(&start.second))
        .unwrap_or(Symmetry::None)
}

type Army = BTreeMap<String, Vec<String>>;

fn sorted(army: &Army) -> Army {
    army.iter()
        .map(|(id, sq)| {
            let mut sq = sq.clone();
            sq.sort();
            (id.clone(), sq)
        })
        .collect()
}

fn copy(army: &Army, sym: Symmetry, files: u32, ranks: u32) -> Army {
    let turn = |square: &String| {
        let f = u32::from(square.as_bytes()[0] - b'a');
        let r = square[1..].parse::<u32>().unwrap_or(1) - 1;
        let f = if sym == Symmetry::Rotate {
            files - 1 - f
        } else {
            f
        };
        name(f, ranks - 1 - r)
    };
    sorted(
        &army
            .iter()
            .map(|(id, sq)| (id.clone(), sq.iter().map(turn).collect()))
            .collect(),
    )
}

fn read_row(row: &str, rank: u32, files: u32, start: &mut Start) -> Result<(), String> {
    let mut file = 0u32;
    let mut chars = row.chars().peekable();
    while let Some(c) = chars.next() {
        if let Some(d) = c.to_digit(10) {
            let mut n = d;
            while let Some(d2) = chars.peek().and_then(|c| c.to_digit(10)) {
                n = n * 10 + d2;
                chars.next();
            }
            file += n;
            continue;
        }
        if file >= files {
            return Err(format!(
                "rank {} of the start FEN is longer than the board",
                rank + 1
            ));
        }
        let square = name(file, rank);
        file += 1;
        if c == '*' {
            start.holes.push(square);
            continue;
        }
        let (promoted, letter) = if c == '+' {
            (true, chars.next().ok_or("`+` without a piece")?)
        } else {
            (chars.next_if_eq(&'~').is_some(), c)
        };
        if !letter.is_ascii_alphabetic() {
            return Err(format!("`{letter}` in the start FEN is no piece"));
        }
        let id = format!(
            "{}{}",
            if promoted { "+" } else { "" },
            letter.to_ascii_uppercase()
        );
        let side = if letter.is_ascii_uppercase() {
            &mut start.first
        } else {
            &mut start.second
        };
        side.entry(id).or_default().push(square);
    }
    if file != files {
        return Err(format!(
            "rank {} of the start FEN has {file} squares, the board {files}",
            rank + 1
        ));
    }
    Ok(())
}

/// `3+3` -> (3, 3); any other field -> `None`.
fn check_count(field: &str) -> Option<(u32, u32)> {
    let (first, second) = field.split_once('+')?;
    Some((first.parse().ok()?, second.parse().ok()?))
}

fn read_hand(hand: &str) -> (Vec<String>, Vec<String>) {
    let mut first = Vec::new();
    let mut second = Vec::new();
    for c in hand.chars().filter(char::is_ascii_alphabetic) {
        let id = c.to_ascii_uppercase().to_string();
        if c.is_ascii_uppercase() {
            first.push(id)
        } else {
            second.push(id)
        }
    }
    (first, second)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_holes_hands_and_wide_ranks() {
        let s = read("*pp*/4/4/+PP1k[Nn] b KQkq - 0 1", 4, 4).expect("reads");
        assert_eq!(s.holes, vec!["a4", "d4"]);
        assert_eq!(s.first["+P"], vec!["a1"]);
        assert_eq!(s.second["K"], vec!["d1"]);
        assert_eq!(
            s.hands,
            Some((vec!["N".to_string()], vec!["N".to_string()]))
        );
        assert!(s.second_moves_first);
        assert_eq!(s.checks, None);
        let three = read("4/4/4/4 w - - 3+3 0 1", 4, 4).expect("three-check");
        assert_eq!(three.checks, Some((3, 3)));
        // Rookmate's FEN has no castling or e.p. field before its count.
        let rookmate = read("4/4/4/4 w 7+7 0 1", 4, 4).expect("rookmate");
        assert_eq!(
            (rookmate.checks, rookmate.castling.as_str()),
            (Some((7, 7)), "-")
        );
        assert!(read("10/10 w", 10, 2).is_ok());
        assert!(read("9/10 w", 10, 2).is_err());
        let chess = read("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", 8, 8).expect("chess");
        assert_eq!(symmetry(&chess, 8, 8), Symmetry::Mirror);
        let shogi = read(
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w",
            9,
            9,
        )
        .expect("shogi");
        assert_eq!(symmetry(&shogi, 9, 9), Symmetry::Rotate);
        let odd = read("k7/8/8/8/8/8/8/K6Q w", 8, 8).expect("odd");
        assert_eq!(symmetry(&odd, 8, 8), Symmetry::None);
    }
}
