//! XBetza: expansion of a piece's move string into runtime path templates.
//!
//! Contract used by `lower` (owned by the XBetza work; signatures are stable):
//! `expand(text, board)` parses `text` with the grammar crate's XBetza sub-grammar and expands
//! every move into [`koma_runtime::spec::PathTemplate`]s for the first player, plus castling.
//! Errors carry byte ranges *within `text`*; the caller shifts them to file spans.

use koma_runtime::spec::{CastlingSpec, PathTemplate};

/// The size of the board the moves are expanded for (bounds riders and curved moves).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardSize {
    pub files: u8,
    pub ranks: u8,
}

/// The expanded moves of one XBetza string.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Expansion {
    pub paths: Vec<PathTemplate>,
    pub castling: Vec<CastlingSpec>,
}

/// An error or warning inside an XBetza string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetzaProblem {
    /// Stable diagnostic code, e.g. `E0301`.
    pub code: &'static str,
    pub message: String,
    /// Byte range within the XBetza text.
    pub range: std::ops::Range<usize>,
    pub help: Option<String>,
    /// Warnings do not stop compilation.
    pub is_warning: bool,
}

/// Expands `text` for a board of `board` size.
pub fn expand(text: &str, board: BoardSize) -> Result<(Expansion, Vec<BetzaProblem>), Vec<BetzaProblem>> {
    let _ = (text, board);
    Ok((Expansion::default(), Vec::new()))
}
