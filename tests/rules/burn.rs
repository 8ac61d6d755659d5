//! Burning, three flavours: chosen (Suzumu), automatic with passive burns and burner meets
//! burner (Kyou), diagonal with on-promotion burns and burn checks (Minjiku).

use super::common::*;
use koma_runtime::result::Reason;
use koma_runtime::spec::Player;

/// Fire Demon c1, enemy Pawns b3 d3, an immune enemy Fire Demon c3.
const CHOOSE: &str = "4k/5/1p[fd]p1/5/K1[FD]2 w";

#[test]
fn chosen_burns_are_separate_moves_and_spare_immune_pieces() {
    let t = variant("burn-choose");
    let mut p = pos(&t, CHOOSE);
    // b1, d1: no enemy next to them. b2: b3 (c3 is immune). c2: b3, d3, or both.
    // d2: d3. The destination's own capture is not a burn.
    let expected = list(&[
        "c1b1",
        "c1d1",
        "c1b2",
        "c1b2!b3",
        "c1c2",
        "c1c2!b3",
        "c1c2!d3",
        "c1c2!b3!d3",
        "c1d2",
        "c1d2!d3",
    ]);
    assert_eq!(moves_from(&mut p, "c1"), expected);
}

#[test]
fn without_the_clause_the_fire_demon_only_steps() {
    let t = variant_with(
        "burn-choose",
        "burn FD area king choose 2 active immune FD",
        "",
    );
    let mut p = pos(&t, CHOOSE);
    assert_eq!(
        moves_from(&mut p, "c1"),
        list(&["c1b1", "c1d1", "c1b2", "c1c2", "c1d2"])
    );
}

#[test]
fn immunity_and_the_choice_limit_count() {
    // Without immunity c3 burns too: b2 has 2 candidates (4 moves), c2 has 3 (1+3+3 = 7 with
    // at most two victims), d2 has 2 (4): 1 + 1 + 4 + 7 + 4 = 17.
    let t = variant_with("burn-choose", " immune FD", "");
    assert_eq!(moves_from(&mut pos(&t, CHOOSE), "c1").len(), 17);
    // choose 1: b2 2, c2 1+2, d2 2: 1 + 1 + 2 + 3 + 2 = 9.
    let t = variant_with("burn-choose", "choose 2", "choose 1");
    assert_eq!(moves_from(&mut pos(&t, CHOOSE), "c1").len(), 9);
}

#[test]
fn a_fire_demon_captures_a_fire_demon_by_displacement_and_burns_others() {
    let t = variant("burn-choose");
    let mut p = pos(&t, "4k/5/4p/3[fd]1/K1[FD]2 w");
    let moves = moves_from(&mut p, "c1");
    assert!(moves.contains(&"c1d2".to_string()), "{moves:?}");
    assert!(moves.contains(&"c1d2!e3".to_string()), "{moves:?}");
    // b1, d1, b2, c2 (the Fire Demon on d2 is immune), d2 plain and d2 burning e3.
    assert_eq!(moves.len(), 6, "{moves:?}");
    play(&mut p, &["c1d2!e3"]);
    assert_eq!(p.to_text().split(' ').next(), Some("4k/5/5/3[FD]1/K4"));
}

#[test]
fn automatic_burns_take_every_neighbour() {
    let t = variant("burn-auto");
    let mut p = pos(&t, "4k/5/1ppp1/5/K1[FD]2 w");
    assert_eq!(
        moves_from(&mut p, "c1"),
        list(&["c1b1", "c1d1", "c1b2!b3!c3", "c1c2!b3!c3!d3", "c1d2!c3!d3"])
    );
    play(&mut p, &["c1c2!b3!c3!d3"]);
    assert_eq!(p.to_text().split(' ').next(), Some("4k/5/5/2[FD]2/K4"));
    p.unmake();
    assert_eq!(p.to_text(), pos(&t, "4k/5/1ppp1/5/K1[FD]2 w").to_text());
}

#[test]
fn passive_burns_remove_the_mover_and_a_king_that_steps_in_is_lost() {
    let t = variant("burn-auto");
    let fen = "4k/5/2[fd]2/K4/2P2 w";
    let mut p = pos(&t, fen);
    assert_eq!(
        all_moves(&mut p),
        list(&["a2a1", "a2b1", "a2a3", "a2b2!b2", "a2b3!b3", "c1c2!c2"])
    );
    play(&mut p, &["c1c2!c2"]);
    assert_eq!(p.to_text().split(' ').next(), Some("4k/5/2[fd]2/K4/5"));
    assert!(result(&mut p).is_none());
    let mut p = pos(&t, fen);
    play(&mut p, &["a2b2!b2"]);
    let r = result(&mut p).expect("the King burned itself");
    assert_eq!(
        (r.winner, r.reason),
        (Some(Player::Second), Reason::RoyalsLost)
    );
    // Without passive burning the same moves are plain steps.
    let t = variant_with("burn-auto", "active passive burner-meets-burner", "active");
    let mut p = pos(&t, fen);
    assert_eq!(
        all_moves(&mut p),
        list(&["a2a1", "a2b1", "a2a3", "a2b2", "a2b3", "c1c2"])
    );
}

#[test]
fn a_burner_meeting_an_enemy_burner_dies_and_burns_nothing() {
    let fen = "4k/5/1p[fd]2/5/K1[FD]2 w";
    let t = variant("burn-auto");
    assert_eq!(
        moves_from(&mut pos(&t, fen), "c1"),
        list(&["c1b1", "c1d1", "c1b2!b2", "c1c2!c2", "c1d2!d2"])
    );
    // Passive alone: the Fire Demon still dies, but burns what is next to it as it goes.
    let t = variant_with("burn-auto", " burner-meets-burner", "");
    assert_eq!(
        moves_from(&mut pos(&t, fen), "c1"),
        list(&[
            "c1b1",
            "c1d1",
            "c1b2!b2!b3!c3",
            "c1c2!c2!b3!c3",
            "c1d2!d2!c3"
        ])
    );
}

#[test]
fn burning_gives_check_and_a_king_may_not_step_into_a_burn() {
    let t = variant("burn-check");
    // The Fire Dragon d4 can step to c3, diagonal to the King on b2: check. The King may not
    // go where the Dragon burns it (c3) or could then burn it (b3 via c4, c2 via d3).
    let fen = "5k/6/3f2/6/1K4/6 w";
    let mut p = pos(&t, fen);
    assert!(p.in_check());
    assert_eq!(
        all_moves(&mut p),
        list(&["b2a1", "b2a2", "b2a3", "b2b1", "b2c1"])
    );
    let t = variant_with("burn-check", "  burn F +Q", "  #");
    let mut p = pos(&t, fen);
    assert!(!p.in_check());
    // No check; c3 is still attacked by the Dragon's step.
    assert_eq!(all_moves(&mut p).len(), 7);
}

#[test]
fn a_burn_check_can_be_checkmate() {
    let t = variant("burn-check");
    let mut p = pos(&t, "5k/6/6/2f3/6/K5 w");
    assert!(p.in_check());
    let r = result(&mut p).expect("mated");
    assert_eq!(
        (r.winner, r.reason),
        (Some(Player::Second), Reason::Checkmate)
    );
}

#[test]
fn a_queen_promoting_to_a_fire_dragon_burns_at_once() {
    let fen = "5k/Qq4/6/6/6/K5 w";
    let t = variant("burn-check");
    let moves = moves_from(&mut pos(&t, fen), "a5");
    assert!(moves.contains(&"a5a6+!b5".to_string()), "{moves:?}");
    assert!(moves.contains(&"a5a6".to_string()), "{moves:?}");
    let t = variant_with("burn-check", " on-promotion", "");
    let moves = moves_from(&mut pos(&t, fen), "a5");
    assert!(moves.contains(&"a5a6+".to_string()), "{moves:?}");
}

#[test]
fn a_moving_dragon_burned_passively_burns_nothing() {
    // White Dragon c2 to d3: diagonal to the enemy Dragon e4, so it burns and spares c4.
    let fen = "5k/6/2q1f1/6/2F3/K5 w";
    let t = variant("burn-check");
    let moves = moves_from(&mut pos(&t, fen), "c2");
    assert!(moves.contains(&"c2d3!d3".to_string()), "{moves:?}");
    let t = variant_with("burn-check", " burner-meets-burner", "");
    let moves = moves_from(&mut pos(&t, fen), "c2");
    assert!(moves.contains(&"c2d3!d3!c4!e4".to_string()), "{moves:?}");
}

/// Suzumu's Interactive Diagram spells the Fire Demon's burns as XBetza locust legs; the
/// `choose` clause makes the clause the only burn, so the verbatim string and the shipped
/// string without burn legs give the same moves, and neither burns a Fire Demon.
#[test]
fn suzumu_verbatim_fire_demon_equals_the_clause() {
    const VERBATIM: &str = "shQshy(mpacab)2Q(a)2Kmcab(mpacab)1K(a)2mpacabK(a)2mpacabmpacabK";
    const SHIPPED: &str = "shQ(a)2Kmcab(mpacab)1K";
    const CLAUSE: &str = "  burn FD +WB area king choose 2 active immune FD +WB";
    // White Fire Demon h8; Black Fire Demons i9 and f10, Black Pawns h10 and j10.
    let fen = "15k/16/16/16/16/16/5[fd]1p1p6/8[fd]7/7[FD]8/16/16/16/16/16/16/K15 w";
    let t = variant("suzumu-shogi");
    let shipped = moves_from(&mut pos(&t, fen), "h8");
    let t = variant_with("suzumu-shogi", SHIPPED, VERBATIM);
    let verbatim = moves_from(&mut pos(&t, fen), "h8");
    assert_eq!(verbatim, shipped);
    let has = |m: &str| verbatim.contains(&m.to_string());
    // Igui and displacement may take a Fire Demon; a burn may not (g9 is next to f10).
    assert!(
        has("h8xi9h8") && has("h8i9") && has("h8g9!h10"),
        "{verbatim:?}"
    );
    assert!(!has("h8g9!f10") && !has("h8g9!f10!h10"), "{verbatim:?}");
    // Without the clause the verbatim burn legs do burn the Fire Demon f10 after the slide to
    // g9 (so the test above is not vacuous), and the shipped string burns nothing.
    let t = variant_edited("suzumu-shogi", &[(SHIPPED, VERBATIM), (CLAUSE, "")]);
    let unclaused = moves_from(&mut pos(&t, fen), "h8");
    assert!(unclaused.contains(&"h8xf10g9".to_string()), "{unclaused:?}");
    let t = variant_with("suzumu-shogi", CLAUSE, "");
    let plain = moves_from(&mut pos(&t, fen), "h8");
    assert!(
        !plain
            .iter()
            .any(|m| m.contains("g9") && (m.contains('x') || m.contains('!'))),
        "{plain:?}"
    );
}

/// Kyou Shogi as shipped: the Fire Demon (BsW2) on f5 burns the Pawn g7 from g6 and from h7,
/// the only destinations next to it; a Pawn that steps next to the Fire Demon burns.
#[test]
fn kyou_fire_demon_burns_automatically() {
    let fen = "k11/12/12/12/12/6p5/12/5[FD]6/12/12/12/K11 w";
    let t = variant("kyou-shogi");
    let moves = moves_from(&mut pos(&t, fen), "f5");
    let burning: Vec<&String> = moves.iter().filter(|m| m.contains('!')).collect();
    assert_eq!(burning, ["f5g6!g7", "f5h7!g7"]);
    let t = variant_with(
        "kyou-shogi",
        "  burn FD area king all active passive burner-meets-burner",
        "",
    );
    let plain = moves_from(&mut pos(&t, fen), "f5");
    assert_eq!(plain.len(), moves.len());
    assert!(plain.iter().all(|m| !m.contains('!')));
    let t = variant("kyou-shogi");
    let mut p = pos(&t, &fen.replace(" w", " b"));
    assert_eq!(moves_from(&mut p, "g7"), ["g7g6!g6"]);
}

/// Move text tells a capture on the way (`x`, before the destination) from a burn (`!`, after
/// it): a Fire Demon that takes b2 in passing on its way to c3 and then burns d4 is
/// `a1xb2c3!d4`; the text reads back to the same move, and the reading with both squares as
/// captures on the way names no move.
#[test]
fn burns_and_captures_on_the_way_are_told_apart() {
    let t = variant_with("burn-auto", "\"Fire Demon\"  K", "\"Fire Demon\"  KcafK");
    let mut p = pos(&t, "k4/3p1/5/1p3/[FD]3K w");
    let moves = moves_from(&mut p, "a1");
    assert!(moves.contains(&"a1xb2c3!d4".to_string()), "{moves:?}");
    let m = p.parse_move("a1xb2c3!d4").expect("reads back");
    assert_eq!(p.move_text(&m), "a1xb2c3!d4");
    let name = |s| p.tables().geo().name(s);
    let burns: Vec<String> = m.burns().map(name).collect();
    let on_the_way: Vec<String> = m.captures_on_the_way().map(name).collect();
    assert_eq!(
        (burns, on_the_way),
        (vec!["d4".to_string()], vec!["b2".to_string()])
    );
    assert!(p.parse_move("a1xb2xd4c3").is_err());
}
