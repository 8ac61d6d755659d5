//! Fairy-Stockfish's vocabulary, shared by `koma import` and `koma export`.

/// Fairy-Stockfish's predefined piece types (its variants.ini list): the name, its Betza, and
/// whether `koma export` may name it for a piece with those moves. Not the pawn (its rules go
/// beyond its Betza: the double step and promotion are options) nor an alias of an earlier
/// name (`met`, `khon`, `dragon`, `king`), nor the types older builds lack (`banner`,
/// `immobile`), nor Janggi's (`janggiCannon`, `janggiElephant`); the rest move as their Betza says in both the Debian
/// package (11.1) and current builds.
pub const PIECE_TYPES: &[(&str, &str, bool)] = &[
    ("pawn", "fmWfceF", false),
    ("knight", "N", true),
    ("bishop", "B", true),
    ("rook", "R", true),
    ("queen", "Q", true),
    ("fers", "F", true),
    ("met", "F", false),
    ("alfil", "A", true),
    ("fersAlfil", "FA", true),
    ("silver", "FfW", true),
    ("khon", "FfW", false),
    ("aiwok", "RNF", true),
    ("bers", "RF", true),
    ("dragon", "RF", false),
    ("archbishop", "BN", true),
    ("chancellor", "RN", true),
    ("amazon", "QN", true),
    ("knibis", "mNcB", true),
    ("biskni", "mBcN", true),
    ("kniroo", "mNcR", true),
    ("rookni", "mRcN", true),
    ("shogiPawn", "fW", true),
    ("lance", "fR", true),
    ("shogiKnight", "fN", true),
    ("gold", "WfF", true),
    ("dragonHorse", "BW", true),
    ("clobber", "cW", true),
    ("breakthrough", "fmWfF", true),
    ("cannon", "mRcpR", true),
    ("soldier", "fsW", true),
    ("horse", "nN", true),
    ("elephant", "nA", true),
    ("wazir", "W", true),
    ("commoner", "K", true),
    ("centaur", "KN", true),
    ("king", "K", false),
    ("banner", "RcpRnN", false),
    ("immobile", "", false),
    // Their rules go beyond this Betza: import translates them by kind.
    ("janggiCannon", "pR", false),
    ("janggiElephant", "nZ", false),
];

/// The predefined piece types export may name, as (name, Betza).
pub fn plain_piece_types() -> impl Iterator<Item = (&'static str, &'static str)> {
    PIECE_TYPES
        .iter()
        .filter(|(_, _, plain)| *plain)
        .map(|(name, betza, _)| (*name, *betza))
}
