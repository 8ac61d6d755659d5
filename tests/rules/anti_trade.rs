//! Anti-trade: Tengu Dai's protected Lions and Tengu-never-takes-Tengu, Chu Shogi's Lion rules
//! (adjacent Lions, the bridge capture, counter-strike); Dai has none of them.

use super::common::*;

/// 15 x 15: White Lion h8, Black Lion h10 protected by a Black Gold h11.
const PROTECTED: &str = "14k/15/15/15/7g7/7[ln]7/15/7[LN]7/15/15/15/15/15/15/K14 w";
/// The same without the Gold.
const UNPROTECTED: &str = "14k/15/15/15/15/7[ln]7/15/7[LN]7/15/15/15/15/15/15/K14 w";

#[test]
fn tengu_a_lion_may_not_take_a_protected_lion() {
    let t = variant("tengu-dai-shogi");
    assert!(!moves_from(&mut pos(&t, PROTECTED), "h8").contains(&"h8h10".to_string()));
    assert!(moves_from(&mut pos(&t, UNPROTECTED), "h8").contains(&"h8h10".to_string()));
}

#[test]
fn dai_a_lion_may_take_a_protected_lion() {
    let t = variant("dai-shogi");
    assert!(moves_from(&mut pos(&t, PROTECTED), "h8").contains(&"h8h10".to_string()));
}

#[test]
fn tengu_a_lion_dog_and_a_promoted_kirin_are_protected_too() {
    let t = variant("tengu-dai-shogi");
    // White Lion h8 and Black Lion Dog h10 protected by the Gold.
    let fen = PROTECTED.replace("[ln]", "[ld]");
    assert!(!moves_from(&mut pos(&t, &fen), "h8").contains(&"h8h10".to_string()));
    let fen = PROTECTED.replace("[ln]", "+[ky]");
    assert!(!moves_from(&mut pos(&t, &fen), "h8").contains(&"h8h10".to_string()));
    // A Gold may take the protected Lion: the rule binds Lions and Lion Dogs only.
    let fen = "14k/15/15/15/7g7/7[ln]7/7G7/15/15/15/15/15/15/15/K14 w";
    assert!(moves_from(&mut pos(&t, fen), "h9").contains(&"h9h10".to_string()));
}

#[test]
fn tengu_never_takes_tengu() {
    let t = variant("tengu-dai-shogi");
    let fen = "14k/15/15/15/15/15/7[tg]7/7[TG]7/15/15/15/15/15/15/K14 w";
    let moves = moves_from(&mut pos(&t, fen), "h8");
    assert!(!moves.contains(&"h8h9".to_string()), "{moves:?}");
    let fen = "14k/15/15/15/15/15/7p7/7[TG]7/15/15/15/15/15/15/K14 w";
    assert!(moves_from(&mut pos(&t, fen), "h8").contains(&"h8h9".to_string()));
    let t = variant_with("tengu-dai-shogi", "  anti-trade TG takes TG always", "");
    let fen = "14k/15/15/15/15/15/7[tg]7/7[TG]7/15/15/15/15/15/15/K14 w";
    assert!(moves_from(&mut pos(&t, fen), "h8").contains(&"h8h9".to_string()));
}

/// 12 x 12 Chu positions: White Lion e5.
#[test]
fn chu_a_lion_may_not_take_a_protected_lion_from_afar() {
    let t = variant("chu-shogi");
    // Black Lion e7 protected by a Gold e8: not adjacent, forbidden.
    let fen = "11k/12/12/12/4g7/4[ln]7/12/4[LN]7/12/12/12/K11 w";
    assert!(!moves_from(&mut pos(&t, fen), "e5").contains(&"e5e7".to_string()));
    // Adjacent (e6, protected by the Gold e7): allowed.
    let fen = "11k/12/12/12/12/4g7/4[ln]7/4[LN]7/12/12/12/K11 w";
    assert!(moves_from(&mut pos(&t, fen), "e5").contains(&"e5e6".to_string()));
    let t = variant_with("chu-shogi", " except-adjacent", "");
    assert!(!moves_from(&mut pos(&t, fen), "e5").contains(&"e5e6".to_string()));
}

#[test]
fn chu_a_bridge_capture_lifts_the_rule_unless_it_is_a_pawn() {
    let t = variant("chu-shogi");
    // Black Silver e6 between the Lion e5 and the protected Lion e7.
    let fen = "11k/12/12/12/4g7/4[ln]7/4s7/4[LN]7/12/12/12/K11 w";
    let moves = moves_from(&mut pos(&t, fen), "e5");
    assert!(moves.contains(&"e5xe6e7".to_string()), "{moves:?}");
    // A Pawn is no bridge.
    let fen = "11k/12/12/12/4g7/4[ln]7/4p7/4[LN]7/12/12/12/K11 w";
    let moves = moves_from(&mut pos(&t, fen), "e5");
    assert!(!moves.contains(&"e5xe6e7".to_string()), "{moves:?}");
    assert!(moves.contains(&"e5e6".to_string()), "{moves:?}");
}

#[test]
fn chu_counter_strike() {
    let t = variant("chu-shogi");
    // White Rook a7 takes the Black Lion e7; the Black Gold f3 may not then take the White
    // Lion f2 (a non-Lion recapturing a Lion right after a non-Lion took one).
    let fen = "11k/12/12/12/12/R3[ln]7/12/12/12/5g6/5[LN]6/K11 w";
    let mut p = pos(&t, fen);
    play(&mut p, &["a7e7"]);
    assert!(!moves_from(&mut p, "f3").contains(&"f3f2".to_string()));
    // After any other move it may.
    let mut p = pos(&t, fen);
    play(&mut p, &["a7a8"]);
    assert!(moves_from(&mut p, "f3").contains(&"f3f2".to_string()));
    let t = variant_with("chu-shogi", " counter-strike", "");
    let mut p = pos(&t, fen);
    play(&mut p, &["a7e7"]);
    assert!(moves_from(&mut p, "f3").contains(&"f3f2".to_string()));
}
