//! XBetza: expansion of a piece's move string into runtime path templates.
//!
//! Contract used by `lower` (owned by the XBetza work; signatures are stable):
//! `expand(text, board)` parses `text` with the grammar crate's XBetza sub-grammar and expands
//! every move into [`koma_runtime::spec::PathTemplate`]s for the first player, plus castling.
//! Errors carry byte ranges *within `text`*; the caller shifts them to file spans.
//!
//! The expansion follows docs/xbetza.md, "Multi-leg moves": every move is split into legs at `a`
//! (after parenthesised groups are repeated textually), every leg gets one direction per
//! template (continuation legs relative to the previous leg, with the W <-> F switch on 45
//! degree turns), and the modes of each leg become [`koma_runtime::spec::Modes`] flags. Range
//! toggles (`g`, `y`) are resolved here, and a final-leg hop (`pR`, `gQ`) becomes a hop leg
//! followed by a straight leg, so the runtime never walks a hop on a final leg.
//!
//! ```
//! use koma_compiler::xbetza::{expand, BoardSize};
//! let (expansion, warnings) = expand("fcafmF", BoardSize { files: 8, ranks: 8 }).unwrap();
//! assert_eq!(expansion.paths.len(), 2); // one template per forward diagonal
//! assert!(warnings.is_empty());
//! ```

mod directions;
mod enumerate;
mod legs;
pub mod words;

use koma_grammar::span::Span;
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

impl std::fmt::Display for BetzaProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// Most templates one XBetza string may expand to: the runtime's path capacity. More is almost
/// certainly a mistake (an unlimited group such as `(a)K`) and would make the move tables
/// explode. The largest seed piece, Suzumu's Fire Demon, needs about 26 000.
pub const MAX_TEMPLATES: usize = koma_runtime::limits::MAX_PATHS;

/// An error at `span` with a help line.
pub(crate) fn problem(
    code: &'static str,
    message: impl Into<String>,
    span: Span,
    help: &str,
) -> BetzaProblem {
    BetzaProblem {
        code,
        message: message.into(),
        range: span.start..span.end,
        help: (!help.is_empty()).then(|| help.to_string()),
        is_warning: false,
    }
}

/// A warning at `span` with a help line.
pub(crate) fn warning(
    code: &'static str,
    message: impl Into<String>,
    span: Span,
    help: &str,
) -> BetzaProblem {
    BetzaProblem {
        is_warning: true,
        ..problem(code, message, span, help)
    }
}

/// Expands `text` for a board of `board` size, for the runtime: the templates must also fit the
/// route budget the runtime's move generator walks within ([`koma_runtime::limits::MAX_ROUTES`]).
pub fn expand(
    text: &str,
    board: BoardSize,
) -> Result<(Expansion, Vec<BetzaProblem>), Vec<BetzaProblem>> {
    let (expansion, warnings) = expand_templates(text, board)?;
    check_routes(text, &expansion, board)?;
    Ok((expansion, warnings))
}

/// Expands `text` for a board of `board` size without the route budget: for diagrams, whose
/// walker merges equivalent routes as it walks them (`aaaaQ` on 26x26 draws at once).
pub fn expand_templates(
    text: &str,
    board: BoardSize,
) -> Result<(Expansion, Vec<BetzaProblem>), Vec<BetzaProblem>> {
    let betza = koma_grammar::xbetza::parse(text).map_err(|errors| {
        errors
            .into_iter()
            .map(|e| BetzaProblem {
                code: e.code,
                message: e.message,
                range: e.span.start..e.span.end,
                help: e.help,
                is_warning: false,
            })
            .collect::<Vec<_>>()
    })?;
    if board.files == 0 || board.ranks == 0 {
        return Err(vec![problem(
            "E0311",
            "the board has no squares",
            Span::new(0, text.len()),
            "",
        )]);
    }
    enumerate::expand_moves(&betza, board)
}

/// The route budget: E0311 on the whole string when walking the templates from one square may
/// take more routes than the runtime allows.
fn check_routes(
    text: &str,
    expansion: &Expansion,
    board: BoardSize,
) -> Result<(), Vec<BetzaProblem>> {
    let routes = koma_runtime::limits::route_count(&expansion.paths, board.files, board.ranks);
    if routes > koma_runtime::limits::MAX_ROUTES {
        return Err(vec![problem(
            "E0311",
            format!(
                "these moves may take {routes} routes to walk from one square on a {} x {} board \
                 (budget {})",
                board.files,
                board.ranks,
                koma_runtime::limits::MAX_ROUTES
            ),
            Span::new(0, text.len()),
            "legs that may stop on any square multiply: give them a range (`aaQ3`), \
             fewer legs, or a smaller board",
        )]);
    }
    Ok(())
}
