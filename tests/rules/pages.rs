//! The seed games as their pages say: one scenario per sentence of a rule page that koma once
//! got wrong (issue 11). Each position is built from the sentence, not from koma's output, and
//! each test names the sentence it checks.

use super::common::*;
use koma_runtime::result::Reason;

/// The moves of the piece on `from` that capture `victim` on the way (`x` squares).
fn through(p: &mut koma_runtime::Position, from: &str, victim: &str) -> Vec<String> {
    let tag = format!("x{victim}");
    moves_from(p, from)
        .into_iter()
        .filter(|m| m.contains(&tag))
        .collect()
}

/// Suzumu, Free Eagle: "two diagonal steps, in independently chosen directions". After taking
/// i9 on its first step from h8 the second step is diagonal: on to j10, a right angle to h10 or
/// j8, or back to h8 (igui). The Interactive Diagram's reading of `caF` would also let it turn
/// 45 degrees onto i10, j9, h9 or i8.
#[test]
fn suzumu_free_eagle_makes_two_diagonal_steps() {
    let t = variant("suzumu-shogi");
    let fen = "15k/16/16/16/16/16/16/8p7/7[FE]8/16/16/16/16/16/16/K15 w";
    assert_eq!(
        through(&mut pos(&t, fen), "h8", "i9"),
        list(&["h8xi9h10", "h8xi9h8", "h8xi9j10", "h8xi9j8"])
    );
}

/// Kuuzen Dai, Free Eagle (promoted Queen): "make a Cat Sword move (one square diagonally)
/// twice", the same four continuations.
#[test]
fn kuuzen_free_eagle_makes_two_cat_sword_moves() {
    let t = variant("kuuzen-dai-shogi");
    let fen = "14k/15/15/15/15/15/8p6/7+Q7/15/15/15/15/15/15/K14 w";
    assert_eq!(
        through(&mut pos(&t, fen), "h8", "i9"),
        list(&["h8xi9h10", "h8xi9h8", "h8xi9j10", "h8xi9j8"])
    );
}

/// Kyou: White Lion on c8, one rank below the four-rank zone (ranks 9-12), kings far away.
const KYOU_LION: &str = "11k/12/12/12/2[LN]9/12/12/12/12/12/12/K11 w";

/// Kyou: Lions "promote on the second part of their move, even if the second move takes the
/// piece outside of the promotion zone". Stepping c8-b9-b8 (or c9, d9 and back down) promotes;
/// stepping c8-b8 does not: two moves to b8. The same for d8, and for a8 and e8 two squares
/// away (c8-b9-a8); a8 is also reached without entering (c8-b7-a8, or the leap).
#[test]
fn kyou_lion_promotes_on_the_second_part_of_its_move() {
    let t = variant("kyou-shogi");
    let moves = moves_from(&mut pos(&t, KYOU_LION), "c8");
    for m in [
        "c8a8", "c8a8+", "c8b8", "c8b8+", "c8d8", "c8d8+", "c8e8", "c8e8+",
    ] {
        assert!(moves.contains(&m.to_string()), "{m} missing: {moves:?}");
    }
    // Squares below rank 8 cannot be reached through the zone.
    assert!(!moves.contains(&"c8c7+".to_string()), "{moves:?}");
    assert!(moves.contains(&"c8c7".to_string()), "{moves:?}");
}

/// Kyou: the Lion's plain pass (out to b7 and back) and its promoting "pass" through the zone
/// (out to c9 and back, promoting on the spot) are two different moves.
#[test]
fn kyou_lion_pass_and_promoting_pass_are_two_moves() {
    let t = variant("kyou-shogi");
    let moves = all_moves(&mut pos(&t, KYOU_LION));
    assert!(moves.contains(&"pass".to_string()), "{moves:?}");
    assert!(moves.contains(&"c8c8+".to_string()), "{moves:?}");
}

/// Kyou: a draw "by both players having just a single piece left (King/Crown Prince)". King
/// and Crown Prince are two pieces: not a draw. A lone King against a lone King is.
#[test]
fn kyou_bare_royal_means_a_single_piece() {
    let t = variant("kyou-shogi");
    let mut p = pos(&t, "11k/12/12/12/12/12/12/12/12/12/12/K+[DE]10 w");
    assert_eq!(result(&mut p), None);
    let mut p = pos(&t, "11k/12/12/12/12/12/12/12/12/12/12/K11 w");
    assert_eq!(result(&mut p).map(|r| r.reason), Some(Reason::BareRoyals));
}

/// Minjiku: pieces promote "when making a capture starting in that camp. (So not when they
/// leave ...)": a Rook c8 in the camp (ranks 8-10) taking c5 outside it does not promote;
/// taking c10 inside it does (docs/seed-rulings.md 6.23).
#[test]
fn minjiku_capture_from_the_camp_promotes_only_inside_it() {
    let t = variant("minjiku-shogi");
    let fen = "****k1****/2b7/10/2R7/10/10/2p7/10/10/10/10/****1K**** w";
    let moves = moves_from(&mut pos(&t, fen), "c8");
    assert!(moves.contains(&"c8c10+".to_string()), "{moves:?}");
    assert!(moves.contains(&"c8c5".to_string()), "{moves:?}");
    assert!(!moves.contains(&"c8c5+".to_string()), "{moves:?}");
}

/// Minjiku: a Queen promoting to a Fire Dragon burns at once (`on-promotion`), so a Black Queen
/// e7 that can enter Black's camp on e3 and promote there burns the White King d2: White is in
/// check, and a Pawn move that ignores it is illegal.
#[test]
fn minjiku_a_promotion_burn_gives_check() {
    let t = variant("minjiku-shogi");
    let fen = "****k1****/10/10/10/4q5/10/10/P9/10/3K6/10/****2**** w";
    let mut p = pos(&t, fen);
    assert!(p.in_check(), "the Queen's promotion on e3 would burn d2");
    let moves = all_moves(&mut p);
    assert!(!moves.contains(&"a4a5".to_string()), "{moves:?}");
    // Without the on-promotion burn there is no check.
    let t = variant_with("minjiku-shogi", " on-promotion", "");
    assert!(!pos(&t, fen).in_check());
}

/// Prints a position, reads it back, and checks that both have the same legal moves.
fn reread(p: &mut koma_runtime::Position) -> koma_runtime::Position {
    let text = p.to_text();
    let mut back = koma_runtime::Position::from_text(p.tables().clone(), &text)
        .unwrap_or_else(|e| panic!("`{text}`: {e}"));
    assert_eq!(all_moves(&mut back), all_moves(p), "{text}");
    assert!(back == *p, "{text}");
    assert_eq!(back.to_text(), text);
    back
}

/// Position text describes a piece on its setup square that has moved: Minjiku's Lateral
/// Mover has a first-move-only slide (`ifR2`); back on a2 after a2-b2-a2 it has lost it.
#[test]
fn position_text_says_a_piece_on_its_setup_square_has_moved() {
    let t = variant("minjiku-shogi");
    let mut p = pos(&t, "****k1****/10/10/10/10/10/10/10/10/L9/10/****1K**** w");
    assert!(moves_from(&mut p, "a2").contains(&"a2a4".to_string()));
    play(&mut p, &["a2b2", "e11e10", "b2a2", "e10e9"]);
    assert!(!moves_from(&mut p, "a2").contains(&"a2a4".to_string()));
    assert!(p.to_text().contains(" moved:a2"), "{}", p.to_text());
    let mut back = reread(&mut p);
    assert!(!moves_from(&mut back, "a2").contains(&"a2a4".to_string()));
}

/// Chu's counter-strike state ("a Lion was just taken by a non-Lion") is part of the text.
#[test]
fn position_text_carries_the_counter_strike_state() {
    let t = variant("chu-shogi");
    let mut p = pos(&t, "11k/12/12/12/12/R3[ln]7/12/12/12/5g6/5[LN]6/K11 w");
    play(&mut p, &["a7e7"]);
    assert!(p.to_text().contains(" last:strike"), "{}", p.to_text());
    let mut back = reread(&mut p);
    assert!(!moves_from(&mut back, "f3").contains(&"f3f2".to_string()));
}

/// Suzumu's "not right after a pass" and Tengu Dai's "the first passer must deviate" read
/// back from the text.
#[test]
fn position_text_carries_the_pass_state() {
    let t = variant("suzumu-shogi");
    let fen = "15k/16/16/16/16/16/16/16/7[LN]8/16/16/16/16/16/16/K15 w";
    let mut p = pos(&t, &fen.replace("15k", "14[ln]k"));
    play(&mut p, &["pass"]);
    assert!(p.to_text().ends_with(" last:pass"), "{}", p.to_text());
    let mut back = reread(&mut p);
    assert!(!all_moves(&mut back).contains(&"pass".to_string()));
    let t = variant("tengu-dai-shogi");
    let fen = "13[ln]k/15/15/15/15/15/15/7[LN]7/15/15/15/15/15/15/K14 w";
    let mut p = pos(&t, fen);
    play(&mut p, &["pass", "pass"]);
    assert!(p.to_text().contains(" history:"), "{}", p.to_text());
    let mut back = reread(&mut p);
    assert!(!all_moves(&mut back).contains(&"pass".to_string()));
}
