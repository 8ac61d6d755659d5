//! The stable `X0xx` codes of `koma export`, with their severity and one-line meaning.
//!
//! docs/export.md lists the same table; a test keeps the two in step.

use crate::diagnostic::Severity;

/// Every export code: code, severity, meaning.
pub const CODES: &[(&str, Severity, &str)] = &[
    (
        "X001",
        Severity::Error,
        "the target format cannot express a feature the game uses (nothing is written)",
    ),
    (
        "X002",
        Severity::Warning,
        "a rule the target has no equivalent for, left out; it never changes which moves are legal",
    ),
    (
        "X003",
        Severity::Error,
        "the written diagram does not import back into the same game (nothing is written)",
    ),
    (
        "X004",
        Severity::Warning,
        "`win checkmate` is not in the diagram's block: imported back, royals play by `win extinction`",
    ),
];
