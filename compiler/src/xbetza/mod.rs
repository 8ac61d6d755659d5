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

use crate::diagnostic::{Diagnostic, Location, Severity};

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
    pub span: Span,
    pub help: Option<String>,
    /// Warnings do not stop compilation.
    pub is_warning: bool,
}

impl BetzaProblem {
    /// The problem as a diagnostic about the XBetza text written at `text`, with `label` on
    /// its place: the one conversion every caller uses (the compiler, `koma diagram --betza`).
    pub fn diagnostic(&self, text: Location, label: &str) -> Diagnostic {
        let d = Diagnostic::error(self.code, self.message.clone(), self.located(text), label);
        let d = Diagnostic {
            severity: if self.is_warning {
                Severity::Warning
            } else {
                Severity::Error
            },
            ..d
        };
        match &self.help {
            Some(help) => d.with_help(help.clone()),
            None => d,
        }
    }

    /// Where the problem is in a file whose XBetza text is at `text`: its span moved there,
    /// and kept inside the text.
    pub fn located(&self, text: Location) -> Location {
        let start = (text.span.start + self.span.start).min(text.span.end);
        let end = (text.span.start + self.span.end).clamp(start, text.span.end);
        Location::new(text.file, Span::new(start, end))
    }
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
        span,
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
                span: e.span,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::FileId;

    /// A problem becomes a diagnostic at its place in the file: moved to where the string is
    /// written, kept inside it, with its code, severity and help.
    #[test]
    fn problems_become_diagnostics_inside_their_string() {
        let board = BoardSize { files: 9, ranks: 9 };
        let errors = expand("fWxR", board).expect_err("`x` is not supported");
        let text = Location::new(FileId(2), Span::new(40, 44));
        let d = errors[0].diagnostic(text, "in these moves");
        assert_eq!((d.code.as_str(), d.severity), ("E0310", Severity::Error));
        assert_eq!(
            d.primary.location,
            Location::new(FileId(2), Span::new(42, 43))
        );
        assert_eq!(d.primary.message, "in these moves");
        assert!(d.help.is_some());
        let beyond = BetzaProblem {
            span: Span::new(3, 9),
            ..errors[0].clone()
        };
        assert_eq!(beyond.located(text).span, Span::new(43, 44));
        let (_, warnings) = expand("tW", board).expect("`t` is only ignored");
        let d = warnings[0].diagnostic(text, "");
        assert_eq!((d.code.as_str(), d.severity), ("W0301", Severity::Warning));
    }
}
