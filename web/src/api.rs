//! The JSON the page and the server exchange: one serde type per request and answer, shared by
//! the server, the static book and the tests.

use serde::{Deserialize, Serialize};

/// `GET /api/variants`: the files the server was given.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct VariantList {
    pub variants: Vec<VariantEntry>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct VariantEntry {
    pub index: usize,
    pub file: String,
    /// The variant's name, or the file name while the file has errors.
    pub name: String,
}

/// `GET /api/variants/{i}`: everything the page shows that does not depend on the position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
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
#[cfg_attr(test, derive(ts_rs::TS))]
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
#[cfg_attr(test, derive(ts_rs::TS))]
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
    /// The first player's promotion zone.
    pub zone: Vec<String>,
    /// The second player's: its own where the rules give one, else the first's turned around.
    pub zone_second: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct SquareInfo {
    pub name: String,
    pub x: u8,
    pub y: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
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
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct RuleInfo {
    pub topic: String,
    pub words: String,
    /// The kinds of the clauses it words (`promotion zone`, `drop no-mate`, ...).
    pub clauses: Vec<String>,
}

/// A check or lint diagnostic, located by line and column (1-based).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
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
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct LabelInfo {
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub source_line: String,
    pub message: String,
}

/// `GET /api/variants/{i}/status`: polled by the page to notice edits on disk.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Status {
    pub version: u64,
}

/// A game: a start position and the moves played from it. The page owns the game; the server
/// replays it for every question, so undo and redo are the page dropping or re-adding moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct GameRequest {
    /// Position text (FEN or koma position text); `startpos` for the start position.
    pub start: String,
    #[serde(default)]
    pub moves: Vec<String>,
}

/// `POST /api/variants/{i}/state`: the position after the moves and its legal moves.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
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
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct PlacedPiece {
    pub square: String,
    /// `first` or `second`.
    pub player: String,
    pub id: String,
}

/// Pieces of one type in one side's hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct HandPiece {
    /// `first` or `second`.
    pub player: String,
    pub id: String,
    pub count: u8,
}

/// One legal move, as `koma moves --format json` writes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
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
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Partner {
    pub from: String,
    pub to: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ResultInfo {
    /// `first`, `second`, or `None` for a draw.
    pub winner: Option<String>,
    pub score: String,
    pub reason: String,
}

/// `POST /api/variants/{i}/engine`: the engine's move in the game's current position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct EngineRequest {
    #[serde(flatten)]
    pub game: GameRequest,
    /// Search depth in plies.
    #[cfg_attr(test, ts(optional))]
    pub depth: Option<u32>,
    /// Thinking time in milliseconds.
    #[cfg_attr(test, ts(optional))]
    pub millis: Option<u64>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct EngineReply {
    /// The move's text, one of the state's `moves`.
    #[serde(rename = "move")]
    pub mv: String,
}

/// What a book's page carries inline (`<script id="koma-data">`, `koma book`): what it shows
/// without asking, and the sources its WebAssembly build compiles.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct BookData {
    /// Always true: the page is a book (the server's page carries `null`).
    pub book: bool,
    /// The variant has a start position; without one the board is shown empty.
    pub start: bool,
    pub info: VariantInfo,
    /// The position shown: the start position, or the empty board.
    pub state: GameState,
    /// koma's WebAssembly build is beside the page (`koma-wasm.js`), so the page plays.
    pub wasm: bool,
    /// The variant's file first, then the files it extends.
    pub sources: Vec<SourceFile>,
    /// The playground: the same page with the variant's text in an editor.
    pub playground: bool,
}

/// A file of a variant's source: its name and text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct SourceFile {
    pub file: String,
    pub text: String,
}

/// Every failed request answers with this body and a 4xx/5xx status.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ApiError {
    pub error: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use ts_rs::{Config, TS};

    /// The TypeScript declaration of every type above, as web/assets/api.d.ts holds them.
    fn declarations() -> String {
        // JSON numbers: koma's u64 values (versions, milliseconds) stay far below 2^53.
        let cfg = &Config::new().with_large_int("number");
        let decls = [
            VariantList::decl(cfg),
            VariantEntry::decl(cfg),
            VariantInfo::decl(cfg),
            VariantData::decl(cfg),
            BoardInfo::decl(cfg),
            SquareInfo::decl(cfg),
            PieceInfo::decl(cfg),
            RuleInfo::decl(cfg),
            DiagnosticInfo::decl(cfg),
            LabelInfo::decl(cfg),
            Status::decl(cfg),
            GameRequest::decl(cfg),
            GameState::decl(cfg),
            PlacedPiece::decl(cfg),
            HandPiece::decl(cfg),
            MoveInfo::decl(cfg),
            Partner::decl(cfg),
            ResultInfo::decl(cfg),
            EngineRequest::decl(cfg),
            EngineReply::decl(cfg),
            BookData::decl(cfg),
            SourceFile::decl(cfg),
            ApiError::decl(cfg),
        ];
        let mut out = String::from(HEADER);
        for decl in decls {
            out.push_str(&format!("\nexport {decl}\n"));
        }
        out
    }

    const HEADER: &str = "\
// The JSON the page and koma exchange (web/src/api.rs), generated by ts-rs: app.js is
// type-checked against it (web/tsconfig.json). Do not edit: after a change to api.rs, run
// `KOMA_WRITE_API_TYPES=1 cargo test -p koma-web api::` and commit this file.
";

    /// A renamed or retyped field in api.rs changes the declarations, so this fails until they
    /// are written again; then `tsc` fails on every use of the old name in the page's script.
    #[test]
    fn the_pages_declarations_are_api_rs() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/api.d.ts");
        let now = declarations();
        if std::env::var_os("KOMA_WRITE_API_TYPES").is_some() {
            std::fs::write(path, &now).expect("write web/assets/api.d.ts");
        }
        let committed = std::fs::read_to_string(path).unwrap_or_default();
        assert!(
            committed == now,
            "web/assets/api.d.ts is not web/src/api.rs's types: run \
             `KOMA_WRITE_API_TYPES=1 cargo test -p koma-web api::`, then `tsc` (docs/web.md)"
        );
    }
}
