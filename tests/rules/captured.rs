//! Promotion to captured pieces only (`promotion captured-only`, Grand Chess): the choices a
//! pawn has with nothing lost, with one piece lost, and without the clause.

use super::common::*;

/// White has its whole army and a pawn on i9; Black a King.
const NOTHING_LOST: &str = "4k5/8P1/10/10/10/10/10/PPPPPPPP2/1NBQKCABN1/R8R w - - 0 1";
/// The same without White's b2 Knight.
const KNIGHT_LOST: &str = "4k5/8P1/10/10/10/10/10/PPPPPPPP2/2BQKCABN1/R8R w - - 0 1";

#[test]
fn a_pawn_that_must_promote_cannot_move_while_its_side_has_lost_nothing() {
    let t = variant("grand");
    assert!(moves_from(&mut pos(&t, NOTHING_LOST), "i9").is_empty());
    let plain = variant_with("grand", "  promotion captured-only\n", "");
    assert_eq!(
        moves_from(&mut pos(&plain, NOTHING_LOST), "i9"),
        list(&[
            "i9i10=A", "i9i10=B", "i9i10=C", "i9i10=N", "i9i10=Q", "i9i10=R"
        ])
    );
}

#[test]
fn a_pawn_promotes_only_into_what_its_side_lost() {
    let t = variant("grand");
    assert_eq!(
        moves_from(&mut pos(&t, KNIGHT_LOST), "i9"),
        list(&["i9i10=N"])
    );
    // On the eighth rank promotion is optional: the plain move stays, with the Knight.
    let eighth = KNIGHT_LOST.replace("4k5/8P1/10/", "4k5/10/8P1/");
    assert_eq!(
        moves_from(&mut pos(&t, &eighth), "i8"),
        list(&["i8i9", "i8i9=N"])
    );
    // A promoted piece counts as one of its type: with a second Knight back, none is lost.
    let back = KNIGHT_LOST.replace("/10/10/10/10/10/", "/10/10/N9/10/10/");
    assert!(moves_from(&mut pos(&t, &back), "i9").is_empty());
}
