//! The stable `I0xx` codes of `koma import`, with their severity and one-line meaning.
//!
//! docs/import.md lists the same table; tests keep the two and the sources in step.

use crate::diagnostic::Severity;

/// Every import code: code, severity, meaning.
pub const CODES: &[(&str, Severity, &str)] = &[
    (
        "I001",
        Severity::Warning,
        "unknown key (the diagram ignores it; kept as a comment)",
    ),
    (
        "I002",
        Severity::Error,
        "a key's value is not a whole number, or is negative",
    ),
    (
        "I003",
        Severity::Error,
        "piece line with fewer than five `:`-separated fields",
    ),
    (
        "I004",
        Severity::Error,
        "bad square or backwards range in a squares field",
    ),
    ("I005", Severity::Error, "square off the board"),
    ("I006", Severity::Error, "`royal=N` index out of range"),
    (
        "I007",
        Severity::Error,
        "empty moves field and no built-in default for the name",
    ),
    (
        "I008",
        Severity::Warning,
        "empty moves field: the diagram's default for the name is used",
    ),
    ("I009", Severity::Error, "piece ID that cannot be a koma ID"),
    (
        "I010",
        Severity::Error,
        "two piece lines with the same ID but different moves",
    ),
    (
        "I011",
        Severity::Error,
        "a square is given twice (holes and pieces, copies included)",
    ),
    (
        "I012",
        Severity::Error,
        "Shogi-style promotion to a type that does not exist",
    ),
    (
        "I013",
        Severity::Warning,
        "a rule koma cannot express yet: kept as a comment",
    ),
    (
        "I014",
        Severity::Error,
        "stray text: neither `key=value` nor a piece line",
    ),
    (
        "I015",
        Severity::Warning,
        "a key given twice: the last value counts",
    ),
    (
        "I016",
        Severity::Warning,
        "a board or symmetry key after piece lines",
    ),
    (
        "I017",
        Severity::Warning,
        "unknown `symmetry` value: read as `none`",
    ),
    ("I018", Severity::Warning, "`promoChoice` names no piece"),
    ("I019", Severity::Error, "the block defines no piece types"),
    ("I020", Severity::Error, "board size koma cannot hold"),
    (
        "I021",
        Severity::Warning,
        "piece line without name and image: the diagram skips it",
    ),
    ("I022", Severity::Error, "piece line without a name"),
    (
        "I028",
        Severity::Error,
        "the written .koma file does not pass `koma check` (the check's error is quoted)",
    ),
    (
        "I023",
        Severity::Error,
        "lines merged into one ID promote differently",
    ),
    (
        "I024",
        Severity::Warning,
        "lines merged into one ID have different names",
    ),
    (
        "I025",
        Severity::Warning,
        "piece line with more than six fields",
    ),
    (
        "I026",
        Severity::Warning,
        "lower-case piece ID, upper-cased",
    ),
    (
        "I027",
        Severity::Warning,
        "XBetza string that does not check (kept as written)",
    ),
    (
        "I029",
        Severity::Error,
        "ini: no section to import (none, several without --section, or the named one is missing)",
    ),
    (
        "I030",
        Severity::Error,
        "ini: unknown parent variant (neither an earlier section nor a built-in the importer knows)",
    ),
    (
        "I031",
        Severity::Warning,
        "ini: a line that is not `key = value` (Fairy-Stockfish skips it)",
    ),
    (
        "I032",
        Severity::Error,
        "ini: an option's value cannot be read",
    ),
    (
        "I033",
        Severity::Error,
        "ini: a reading of Fairy-Stockfish's that koma cannot translate (ranged hops, en-passant or triple-step regions that differ between the players)",
    ),
    (
        "I034",
        Severity::Warning,
        "ini: unknown option (Fairy-Stockfish ignores it; kept as a comment)",
    ),
    (
        "I036",
        Severity::Error,
        "ini: the start FEN cannot be read or places an unknown piece",
    ),
    (
        "I037",
        Severity::Warning,
        "ini: a lame leaper Fairy-Stockfish does not support (`nC`): it plays the piece without those moves, and so does the written file",
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    const SOURCES: &[&str] = &[
        include_str!("block.rs"),
        include_str!("pieces.rs"),
        include_str!("settings.rs"),
        include_str!("setup.rs"),
        include_str!("translate.rs"),
        include_str!("mod.rs"),
        include_str!("fsf/mod.rs"),
        include_str!("fsf/game.rs"),
        include_str!("fsf/translate.rs"),
    ];

    /// Codes as string literals in the sources, e.g. `"I004"`.
    fn used() -> Vec<String> {
        let mut out = Vec::new();
        for src in SOURCES {
            for (i, _) in src.match_indices("\"I0") {
                let code = &src[i + 1..i + 5];
                if code[1..].bytes().all(|b| b.is_ascii_digit()) && src[i + 5..].starts_with('"') {
                    out.push(code.to_string());
                }
            }
        }
        out
    }

    #[test]
    fn every_code_used_is_listed_and_every_listed_code_is_used() {
        let used = used();
        for code in &used {
            assert!(
                CODES.iter().any(|(c, ..)| c == code),
                "{code} is not in CODES"
            );
        }
        for (code, ..) in CODES {
            assert!(
                used.iter().any(|u| u == code),
                "{code} is listed but never used"
            );
        }
    }

    #[test]
    fn docs_list_every_code() {
        let docs = include_str!("../../../docs/import.md");
        for (code, _, _) in CODES {
            assert!(
                docs.contains(&format!("`{code}`")),
                "docs/import.md does not list {code}"
            );
        }
    }
}
