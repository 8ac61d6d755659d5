//! The .koma file the importer writes, as data: sections in docs/language.md order.

use super::square::Symmetry;

/// A whole variant file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KomaFile {
    /// Comment lines above `variant`.
    pub header: Vec<String>,
    pub name: String,
    pub board: Board,
    pub pieces: Vec<Piece>,
    /// Comment lines at the top of the `pieces` section.
    pub piece_notes: Vec<String>,
    pub setup: Option<Setup>,
    pub rules: Vec<RuleLine>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub files: u32,
    pub ranks: u32,
    pub first_rank: i64,
    /// Squares and rectangles in koma spelling.
    pub holes: Vec<String>,
    /// `vanishing` squares (Fairy-Stockfish's `wallingRule = past`).
    pub vanishing: Vec<String>,
    /// `region NAME [first|second] SQUARES` lines: the name, the side, the squares.
    pub regions: Vec<(String, Option<&'static str>, Vec<String>)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    pub id: String,
    pub name: String,
    pub moves: Moves,
    pub promotes: Vec<String>,
    /// The second player's own choices, when they differ (`promotes` is then the first's).
    pub promotes_second: Option<Vec<String>>,
    pub royal: bool,
    /// A trailing comment.
    pub note: Option<String>,
    /// Trailing options such as `confined REGION` and `in REGION MOVES`.
    pub options: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Moves {
    Betza(String),
    /// `like ID`: the same XBetza as an earlier piece.
    Like(String),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub symmetry: Symmetry,
    /// Piece ID and its squares; with `Symmetry::None` these are the first player's.
    pub first: Vec<(String, Vec<String>)>,
    /// Only with `Symmetry::None`.
    pub second: Vec<(String, Vec<String>)>,
    /// Pieces in hand at the start, one ID per piece: both players' under `rotate`/`mirror`
    /// (then `hand_second` is empty), the first player's under `none`.
    pub hand_first: Vec<String>,
    /// The second player's pieces in hand, only with `Symmetry::None`.
    pub hand_second: Vec<String>,
    /// Comment lines at the top of the section.
    pub notes: Vec<String>,
    /// The second player moves first (`to-move second`).
    pub second_moves_first: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleLine {
    Clause(String),
    Comment(String),
}
