//! Where the games of a match start: the variant's start position or a given position, then
//! given moves, then random moves drawn from a seeded generator (the same seed gives the same
//! openings on every machine). Both games of a pair share their opening.

use std::sync::Arc;

use koma_runtime::{FullMove, Position, Tables};

/// The start of a game: a position and the moves played from it before the engines take over.
#[derive(Clone, Debug)]
pub struct Opening {
    /// The position before the opening moves.
    pub start: Position,
    /// Whether `start` is the variant's start position (protocols then say `startpos`).
    pub is_variant_start: bool,
    pub moves: Vec<FullMove>,
}

impl Opening {
    /// The variant's start position, or `None` when it has none.
    pub fn variant_start(tables: Arc<Tables>) -> Option<Opening> {
        Some(Opening {
            start: Position::start(tables)?,
            is_variant_start: true,
            moves: Vec::new(),
        })
    }

    /// The start position numbered `number` of a game with a `shuffle` (Chess960's 518 is
    /// the classical array), or `None` past the last number or without a shuffle.
    pub fn numbered(tables: Arc<Tables>, number: u64) -> Option<Opening> {
        Some(Opening {
            start: Position::start_numbered(tables, number)?,
            is_variant_start: false,
            moves: Vec::new(),
        })
    }

    /// For the variant's start position of a game with a `shuffle`, a start position drawn at
    /// random from its numbered ones (Chess960's 960 arrays); any other opening as it is.
    pub fn drawn(&self, rng: &mut SplitMix64) -> Opening {
        let tables = self.start.tables();
        let count = Position::start_count(tables);
        if !self.is_variant_start || count <= 1 {
            return self.clone();
        }
        let number = rng.next_u64() % count;
        Opening::numbered(tables.clone(), number).unwrap_or_else(|| self.clone())
    }

    /// The position after the opening moves, with them in its history.
    pub fn position(&self) -> Position {
        let mut pos = self.start.clone();
        for m in &self.moves {
            pos.make(m);
        }
        pos
    }

    /// This opening followed by `plies` random legal moves that do not end the game (fewer
    /// when every move would).
    pub fn with_random_plies(&self, plies: usize, rng: &mut SplitMix64) -> Opening {
        let mut pos = self.position();
        let mut moves = self.moves.clone();
        for _ in 0..plies {
            let mut choices = pos.moves();
            let mut chosen = None;
            while !choices.is_empty() {
                let m = choices.swap_remove(rng.below(choices.len()));
                pos.make(&m);
                if pos.result().is_none() {
                    chosen = Some(m);
                    break;
                }
                pos.unmake();
            }
            let Some(m) = chosen else { break };
            moves.push(m);
        }
        Opening {
            start: self.start.clone(),
            is_variant_start: self.is_variant_start,
            moves,
        }
    }
}

/// Reads an openings file: one opening a line, either moves from the start position in koma's
/// move notation (`e2e4 e7e5`, as `koma moves` writes them) or `fen POSITION` with moves after
/// `moves` (`fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1 moves e1g1`). Blank lines and `#` comments are
/// skipped. Errors name the line.
pub fn parse_openings(tables: &Arc<Tables>, text: &str) -> Result<Vec<Opening>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let opening = parse_line(tables, line).map_err(|why| format!("line {}: {why}", i + 1))?;
        out.push(opening);
    }
    if out.is_empty() {
        return Err("no openings in the file".to_string());
    }
    Ok(out)
}

fn parse_line(tables: &Arc<Tables>, line: &str) -> Result<Opening, String> {
    let (mut opening, moves) = match line.strip_prefix("fen ") {
        Some(rest) => {
            let (fen, moves) = match rest.split_once(" moves") {
                Some((f, m)) => (f, m),
                None => (rest, ""),
            };
            let start =
                Position::from_text(tables.clone(), fen.trim()).map_err(|e| e.to_string())?;
            let opening = Opening {
                start,
                is_variant_start: false,
                moves: Vec::new(),
            };
            (opening, moves)
        }
        None => {
            let opening = Opening::variant_start(tables.clone())
                .ok_or("the variant has no start position; write `fen POSITION`")?;
            let moves = line.strip_prefix("startpos").unwrap_or(line).trim_start();
            (opening, moves.strip_prefix("moves").unwrap_or(moves))
        }
    };
    let mut pos = opening.start.clone();
    for text in moves.split_whitespace() {
        if pos.result().is_some() {
            return Err(format!("the game is over before `{text}`"));
        }
        let m = pos.parse_move(text).map_err(|e| e.to_string())?;
        pos.make(&m);
        opening.moves.push(m);
    }
    if pos.result().is_some() {
        return Err("the opening ends the game".to_string());
    }
    Ok(opening)
}

/// A small, fast, seedable generator (SplitMix64): the same seed gives the same sequence on
/// every platform.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// A generator for stream `index` of `seed` (one per game pair).
    pub fn for_stream(seed: u64, index: u64) -> SplitMix64 {
        let mut base = SplitMix64(seed ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03));
        SplitMix64(base.next_u64())
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_generator_is_deterministic_and_spreads() {
        let a: Vec<u64> = (0..4).map(|_| SplitMix64::new(7).next_u64()).collect();
        assert!(a.iter().all(|&x| x == a[0]));
        let mut g = SplitMix64::for_stream(1, 2);
        let mut seen = [false; 5];
        for _ in 0..200 {
            seen[g.below(5)] = true;
        }
        assert!(seen.iter().all(|&s| s));
        assert_ne!(
            SplitMix64::for_stream(1, 2).next_u64(),
            SplitMix64::for_stream(1, 3).next_u64()
        );
    }
}
