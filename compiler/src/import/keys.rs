//! What the diagram's keys mean to koma, and the diagram's built-in moves for well-known names.

/// How the importer treats a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyKind {
    Files,
    Ranks,
    FirstRank,
    Symmetry,
    Royal,
    PromoZone,
    MaxPromote,
    PromoOffset,
    PromoChoice,
    HoldingsType,
    Stalemate,
    /// A rule koma cannot express yet: becomes a comment. `about` says what the key does;
    /// `indexed` keys name a piece type by its 1-based index.
    Untranslated {
        about: &'static str,
        indexed: bool,
    },
    /// Looks only (images, colours, sizes) or the diagram's user interface.
    Appearance,
}

const TRANSLATED: &[(&str, KeyKind)] = &[
    ("files", KeyKind::Files),
    ("ranks", KeyKind::Ranks),
    ("firstRank", KeyKind::FirstRank),
    ("symmetry", KeyKind::Symmetry),
    ("royal", KeyKind::Royal),
    ("promoZone", KeyKind::PromoZone),
    ("maxPromote", KeyKind::MaxPromote),
    ("promoOffset", KeyKind::PromoOffset),
    ("promoChoice", KeyKind::PromoChoice),
    ("holdingsType", KeyKind::HoldingsType),
    ("stalemate", KeyKind::Stalemate),
];

const UNTRANSLATED: &[(&str, &str, bool)] = &[
    ("extinction", "extinction rule variant", false),
    (
        "baring",
        "bare-royal rule for this type (0: every non-royal type)",
        true,
    ),
    ("iron", "this type cannot be captured", true),
    ("counterStrike", "counter-strike rule for this type", true),
    (
        "protected",
        "this type may not capture a protected piece of its kind",
        true,
    ),
    ("antiTrade", "anti-trade rule", false),
    ("tradeThreshold", "trade rule threshold type", true),
    ("castleFlip", "castling on the mirrored side", false),
    ("autoGate", "Seirawan-style gating", false),
    ("shuffle", "shuffled start positions", false),
    (
        "zonal",
        "a page-supplied zone function (`BadZone`); write its areas as `region` lines and \
         `confined REGION` on the pieces it keeps in",
        false,
    ),
    (
        "trackPieces",
        "newer diagram feature; tracks this type",
        true,
    ),
    ("trackedTypes", "newer diagram feature", false),
];

const APPEARANCE: &[&str] = &[
    "graphicsDir",
    "graphicsType",
    "squareSize",
    "whitePrefix",
    "blackPrefix",
    "lightShade",
    "darkShade",
    "startShade",
    "shady",
    "useMarkers",
    "satellite",
    "rimColor",
    "coordColor",
    "newClick",
    "enableAI",
];

/// What `key` means, or `None` for a key the diagram does not know.
pub fn classify(key: &str) -> Option<KeyKind> {
    if let Some((_, kind)) = TRANSLATED.iter().find(|(k, _)| *k == key) {
        return Some(*kind);
    }
    if let Some((_, about, indexed)) = UNTRANSLATED.iter().find(|(k, ..)| *k == key) {
        return Some(KeyKind::Untranslated {
            about,
            indexed: *indexed,
        });
    }
    APPEARANCE.contains(&key).then_some(KeyKind::Appearance)
}

/// Every key name, for "did you mean" help.
pub fn all_keys() -> impl Iterator<Item = &'static str> {
    let translated = TRANSLATED.iter().map(|(k, _)| *k);
    let untranslated = UNTRANSLATED.iter().map(|(k, ..)| *k);
    translated
        .chain(untranslated)
        .chain(APPEARANCE.iter().copied())
}

/// Keys that may appear more than once (each occurrence adds to a list).
pub fn repeatable(kind: KeyKind) -> bool {
    matches!(
        kind,
        KeyKind::Royal | KeyKind::Untranslated { indexed: true, .. }
    )
}

/// The moves the diagram gives a piece whose move field is empty, by lower-cased name.
///
/// This is the diagram's own table (king castles two squares on boards of 8 files or fewer,
/// three beyond). For any other name the diagram silently uses `O` (castling only), which is
/// never what the author meant, so the importer reports it instead.
pub fn default_moves(name: &str, files: u32) -> Option<&'static str> {
    let moves = match name {
        "pawn" => "ifmnDfmWfceF",
        "king" if files > 8 => "KisO3",
        "king" => "KisO2",
        "knight" => "N",
        "bishop" => "B",
        "rook" => "R",
        "queen" => "Q",
        "cardinal" | "archbishop" => "BN",
        "chancellor" | "marshall" => "RN",
        "amazon" => "QN",
        "lion" => "KNADcaKcabKmabK",
        "mao" | "horse" => "mafsW",
        "elephant" => "mafF",
        "cannon" | "pao" => "mRcpR",
        "advisor" | "ferz" => "F",
        "lance" => "fR",
        "copper" => "vWfF",
        "silver" | "silvergeneral" => "FfW",
        "gold" | "goldgeneral" => "WfF",
        "man" | "commoner" => "K",
        "camel" => "C",
        "zebra" => "Z",
        "nightrider" => "N0",
        "grasshopper" => "gQ",
        "griffon" | "gryphon" => "yafsF",
        "wizard" => "FC",
        "champion" => "WAD",
        "falcon" => "mafmafsKmafsmafKmaflmafrKmafrmaflK",
        _ => return None,
    };
    Some(moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classifies_keys() {
        assert_eq!(classify("promoZone"), Some(KeyKind::PromoZone));
        assert_eq!(classify("squareSize"), Some(KeyKind::Appearance));
        assert!(matches!(
            classify("iron"),
            Some(KeyKind::Untranslated { indexed: true, .. })
        ));
        assert_eq!(classify("promozone"), None);
        assert!(all_keys().any(|k| k == "trackPieces"));
    }

    #[test]
    fn default_moves_follow_the_diagram() {
        assert_eq!(default_moves("queen", 15), Some("Q"));
        assert_eq!(default_moves("king", 8), Some("KisO2"));
        assert_eq!(default_moves("king", 10), Some("KisO3"));
        assert_eq!(default_moves("gold general", 9), None);
        assert_eq!(default_moves("dragon", 9), None);
    }
}
