//! The JSON the page and the server exchange: one serde type per request and answer, shared by
//! the server, the static book and the tests.

use serde::{Deserialize, Serialize};

/// `GET /api/variants`: the files the server was given.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VariantList {
    pub variants: Vec<VariantEntry>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VariantEntry {
    pub index: usize,
    pub file: String,
    /// The variant's name, or the file name while the file has errors.
    pub name: String,
}

/// `GET /api/variants/{i}`: everything the page shows that does not depend on the position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct VariantInfo {
    pub file: String,
    /// Changes whenever the file (or a file it extends) changes on disk.
    pub version: u64,
    /// `None` while the file has errors: the page then shows only the diagnostics.
    pub variant: Option<VariantData>,
    pub diagnostics: Vec<DiagnosticInfo>,
    /// The server can answer `POST .../engine`.
    pub engine: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct VariantData {
    pub name: String,
    pub inventor: Option<String>,
    pub year: Option<u32>,
    pub source: Option<String>,
    pub board: BoardInfo,
    pub pieces: Vec<PieceInfo>,
    /// The start position as koma position text.
    pub start: String,
    /// `shogi` (pentagons pointing at the opponent) or `chess` (discs).
    pub style: String,
    /// Pieces can be in hand: the page shows the hands and their drops.
    pub drops: bool,
    pub rules: Vec<RuleInfo>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardInfo {
    /// The grid, extra squares included.
    pub width: u8,
    pub height: u8,
    /// The label of each grid column and the number of each grid row, from the first player's
    /// side, blank where no square is named by them: the runtime's square naming.
    pub files: Vec<String>,
    pub ranks: Vec<String>,
    /// Every real square (holes left out), with its grid coordinates (x from the left, y from
    /// the first player's side).
    pub squares: Vec<SquareInfo>,
    /// Squares that vanish when a piece leaves them.
    pub vanishing: Vec<String>,
    /// The first player's promotion zone; the second player's is its 180 degree rotation.
    pub zone: Vec<String>,
    pub zone_second: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SquareInfo {
    pub name: String,
    pub x: u8,
    pub y: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PieceInfo {
    pub index: usize,
    pub id: String,
    pub name: String,
    /// `glyph "龍王"`: the characters drawn instead of the ID (the page's glyph toggle).
    pub glyph: Option<String>,
    pub betza: String,
    pub royal: bool,
    /// The piece is the promoted form of another (some piece promotes to it).
    pub promoted: bool,
    /// IDs of the pieces it may promote to.
    pub promotions: Vec<String>,
    /// IDs of the pieces that promote to it.
    pub promoted_from: Vec<String>,
    /// The same title `koma diagram` prints.
    pub title: String,
    /// What the rules do to the piece (promotion, burning, freezing, anti-trade, confinement):
    /// the notes its diagram's legend ends with.
    pub notes: Vec<String>,
    /// Where the page finds the piece's move diagram (SVG with its legend).
    pub diagram: String,
}

/// One rule of the variant in words, with the clauses it comes from as written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuleInfo {
    pub topic: String,
    pub words: String,
    /// The kinds of the clauses it words (`promotion zone`, `drop no-mate`, ...).
    pub clauses: Vec<String>,
}

/// A check or lint diagnostic, located by line and column (1-based).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiagnosticInfo {
    /// `error` or `warning`.
    pub severity: String,
    pub code: String,
    pub message: String,
    pub file: String,
    pub line: usize,
    pub column: usize,
    /// The source line the diagnostic points at.
    pub source_line: String,
    pub label: String,
    /// The secondary labels ("first defined here"), each located like the primary one.
    #[serde(default)]
    pub labels: Vec<LabelInfo>,
    pub help: Option<String>,
}

/// A secondary label of a diagnostic: where it points and what it says.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LabelInfo {
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub source_line: String,
    pub message: String,
}

/// `GET /api/variants/{i}/status`: polled by the page to notice edits on disk.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Status {
    pub version: u64,
}

/// A game: a start position and the moves played from it. The page owns the game; the server
/// replays it for every question, so undo and redo are the page dropping or re-adding moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRequest {
    /// Position text (FEN or koma position text); `startpos` for the start position.
    pub start: String,
    #[serde(default)]
    pub moves: Vec<String>,
}

/// `POST /api/variants/{i}/state`: the position after the moves and its legal moves.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameState {
    /// The current position as text.
    pub position: String,
    /// `first` or `second`.
    pub side: String,
    pub ply: usize,
    pub pieces: Vec<PlacedPiece>,
    /// Pieces in hand, for variants with drops.
    pub hands: Vec<HandPiece>,
    pub vanished: Vec<String>,
    /// Squares of the side to move's royals under attack.
    pub check: Vec<String>,
    pub moves: Vec<MoveInfo>,
    /// The last move played, for highlighting.
    pub last: Option<MoveInfo>,
    pub result: Option<ResultInfo>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlacedPiece {
    pub square: String,
    /// `first` or `second`.
    pub player: String,
    pub id: String,
}

/// Pieces of one type in one side's hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandPiece {
    /// `first` or `second`.
    pub player: String,
    pub id: String,
    pub count: u8,
}

/// One legal move, as `koma moves --format json` writes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveInfo {
    pub text: String,
    pub from: String,
    pub to: String,
    /// Every square whose piece the move removes, the destination included.
    pub captures: Vec<String>,
    pub piece: Option<String>,
    pub promotion: Option<String>,
    /// `normal`, `pass`, `castle` or `unload`.
    pub kind: String,
    /// Castling: where the partner goes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub partner: Option<Partner>,
    /// Unloading: where the victim reappears.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unload: Option<String>,
}

/// The castling partner's move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Partner {
    pub from: String,
    pub to: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResultInfo {
    /// `first`, `second`, or `None` for a draw.
    pub winner: Option<String>,
    pub score: String,
    pub reason: String,
}

/// `POST /api/variants/{i}/engine`: the engine's move in the game's current position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EngineRequest {
    #[serde(flatten)]
    pub game: GameRequest,
    /// Search depth in plies.
    pub depth: Option<u32>,
    /// Thinking time in milliseconds.
    pub millis: Option<u64>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EngineReply {
    /// The move's text, one of the state's `moves`.
    #[serde(rename = "move")]
    pub mv: String,
}

/// Every failed request answers with this body and a 4xx/5xx status.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ApiError {
    pub error: String,
}
