//! Two-sided pieces (`promotion flip`, `drop promoted`: Kyoto Shogi) and promotion limits per
//! type (`promotion limit`: Shogun), on the shipped files.

use super::common::*;

const KYOTO_START: &str = "p+nks+l/5/5/5/+LSK+NP[-] w 0 1";

#[test]
fn every_move_of_a_two_sided_piece_turns_it_over() {
    let t = variant("kyoto-shogi");
    let mut p = pos(&t, KYOTO_START);
    // The Pawn must show its Rook side; the Tokin (+L) turns back into a Lance.
    assert_eq!(moves_from(&mut p, "e1"), list(&["e1e2+"]));
    assert_eq!(moves_from(&mut p, "a1"), list(&["a1a2=L", "a1b2=L"]));
    // The King has no other side.
    assert_eq!(moves_from(&mut p, "c1"), list(&["c1b2", "c1c2", "c1d2"]));
    // Without the clause a promoted form stays promoted: the Tokin moves as it is.
    let one_sided = variant_with("kyoto-shogi", "  promotion flip\n", "");
    let mut q = pos(&one_sided, KYOTO_START);
    assert_eq!(moves_from(&mut q, "a1"), list(&["a1a2", "a1b2"]));
}

#[test]
fn a_flipped_piece_turns_back_on_its_next_move() {
    let t = variant("kyoto-shogi");
    let mut p = pos(&t, KYOTO_START);
    play(&mut p, &["e1e2+", "a5a4+"]);
    let rook = moves_from(&mut p, "e2");
    assert!(!rook.is_empty());
    assert!(rook.iter().all(|m| m.ends_with("=P")), "{rook:?}");
    // The Rook side moves as a Rook: up the file to the Tokin's square and along the rank.
    assert!(rook.contains(&"e2e5=P".to_string()) && rook.contains(&"e2a2=P".to_string()));
}

#[test]
fn a_piece_in_hand_goes_down_either_side_up() {
    let t = variant("kyoto-shogi");
    let mut p = pos(&t, "2k2/5/5/5/2K2[P] w - - 0 1");
    let moves = all_moves(&mut p);
    let plain = moves
        .iter()
        .filter(|m| m.starts_with("P@") && !m.ends_with('+'));
    let flipped = moves
        .iter()
        .filter(|m| m.starts_with("P@") && m.ends_with('+'));
    assert_eq!((plain.count(), flipped.count()), (23, 23));
    // Fairy-Stockfish's text for the Rook side names the same move.
    let fsf = p.parse_move("+P@c3").expect("a flipped drop");
    assert_eq!(p.move_text(&fsf), "P@c3+");
    play(&mut p, &["P@c3+"]);
    assert!(p.to_text().starts_with("2k2/5/2+P2/"), "{}", p.to_text());
    // Without `drop promoted` only the Pawn side goes down.
    let one_face = variant_with("kyoto-shogi", "  drop promoted ", "  # ");
    let mut q = pos(&one_face, "2k2/5/5/5/2K2[P] w - - 0 1");
    assert!(all_moves(&mut q).iter().all(|m| !m.ends_with('+')));
}

#[test]
fn a_captured_piece_goes_to_hand_as_its_base_side() {
    let t = variant("kyoto-shogi");
    let mut p = pos(&t, "2k2/5/2+s2/2P2/2K2[] w - - 0 1");
    play(&mut p, &["c2c3+"]);
    assert!(p.to_text().contains("[S]"), "{}", p.to_text());
}

/// White's Fers on e5 can enter the zone (ranks 6 to 8) on d6 or f6.
const FERS_AND_QUEEN: &str = "4k3/8/8/4F3/8/8/8/3+FK3 w - - 0 1";

#[test]
fn a_promotion_limit_closes_the_promotion_while_the_side_has_enough() {
    let t = variant("shogun");
    // One Queen (+F) on the board: the Fers may not promote into a second.
    let mut p = pos(&t, FERS_AND_QUEEN);
    assert_eq!(
        moves_from(&mut p, "e5"),
        list(&["e5d4", "e5d6", "e5f4", "e5f6"])
    );
    // Without its Queen, it may.
    let mut q = pos(&t, &FERS_AND_QUEEN.replace("3+FK3", "4K3"));
    assert_eq!(
        moves_from(&mut q, "e5"),
        list(&["e5d4", "e5d6", "e5d6+", "e5f4", "e5f6", "e5f6+"])
    );
    // Without the clause, a second Queen is open.
    let unlimited = variant_edited("shogun", &[("  promotion limit", "  # promotion limit")]);
    let mut r = pos(&unlimited, FERS_AND_QUEEN);
    assert!(moves_from(&mut r, "e5").contains(&"e5d6+".to_string()));
}
