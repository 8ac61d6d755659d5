//! Modern repetition (`repeat illegal|loses [except-evasion] [except-no-new-attack]`) and
//! perpetual attack (`perpetual-attack loses`): each scenario compares the rule with its clause
//! removed or changed, so that it fails on a runtime that ignores the clause.

use super::common::*;
use koma_runtime::result::Reason;
use koma_runtime::spec::Player;

/// White's Rook and Black's King step out and back: Black's `e4e5` would recreate the start.
const START: &str = "4k/5/5/5/K2R1 w";
const OUT_AND_BACK: [&str; 3] = ["a1a2", "e5e4", "a2a1"];

#[test]
fn a_move_that_recreates_an_earlier_position_is_illegal() {
    let t = variant("repeat");
    let mut p = pos(&t, START);
    play(&mut p, &OUT_AND_BACK);
    assert!(!moves_from(&mut p, "e4").contains(&"e4e5".to_string()));
    assert!(moves_from(&mut p, "e4").contains(&"e4e3".to_string()));
    let plain = variant_with("repeat", "  repeat illegal\n", "");
    let mut q = pos(&plain, START);
    play(&mut q, &OUT_AND_BACK);
    assert!(moves_from(&mut q, "e4").contains(&"e4e5".to_string()));
}

#[test]
fn position_text_carries_the_history_the_rule_reads() {
    let t = variant("repeat");
    let mut p = pos(&t, START);
    play(&mut p, &OUT_AND_BACK);
    let text = p.to_text();
    assert!(text.contains(" history:"), "{text}");
    let mut back = pos(&t, &text);
    assert_eq!(all_moves(&mut back), all_moves(&mut p));
    assert!(!moves_from(&mut back, "e4").contains(&"e4e5".to_string()));
}

#[test]
fn an_evasion_may_repeat_with_except_evasion() {
    // The Rook checks, the King steps aside into a new check, the King steps back: an evasion
    // that recreates the start position.
    let moves = ["d1e1", "e5d5", "e1d1"];
    let with = variant_with("repeat", "repeat illegal", "repeat illegal except-evasion");
    let mut p = pos(&with, START);
    play(&mut p, &moves);
    assert!(moves_from(&mut p, "d5").contains(&"d5e5".to_string()));
    let strict = variant("repeat");
    let mut q = pos(&strict, START);
    play(&mut q, &moves);
    assert!(!moves_from(&mut q, "d5").contains(&"d5e5".to_string()));
}

#[test]
fn only_moves_creating_no_new_attack_may_repeat_with_except_no_new_attack() {
    // White's Rook and Black's Rook face each other on the third rank; White retreats and comes
    // back twice. The second return recreates a position and attacks Black's Rook anew.
    let start = "4k/5/2R1r/5/K4 w";
    let cycle = ["c3c1", "e5d5", "c1c3", "d5e5", "c3c1", "e5d5"];
    let quiet = variant_with(
        "repeat",
        "repeat illegal",
        "repeat illegal except-no-new-attack",
    );
    let mut p = pos(&quiet, start);
    play(&mut p, &cycle[..3]);
    // Black's King returning creates no attack: it may repeat the start position.
    assert!(moves_from(&mut p, "d5").contains(&"d5e5".to_string()));
    play(&mut p, &cycle[3..]);
    let from_c1 = moves_from(&mut p, "c1");
    assert!(!from_c1.contains(&"c1c3".to_string()), "{from_c1:?}");
    assert!(from_c1.contains(&"c1c2".to_string()));
    // Without the exception Black's quiet return is illegal too.
    let strict = variant("repeat");
    let mut q = pos(&strict, start);
    play(&mut q, &cycle[..3]);
    assert!(!moves_from(&mut q, "d5").contains(&"d5e5".to_string()));
}

#[test]
fn with_repeat_loses_the_repeater_loses() {
    let t = variant_with("repeat", "repeat illegal", "repeat loses");
    let mut p = pos(&t, START);
    play(&mut p, &OUT_AND_BACK);
    // The move stays legal; making it loses.
    play(&mut p, &["e4e5"]);
    let r = result(&mut p).map(|r| (r.winner, r.reason));
    assert_eq!(r, Some((Some(Player::First), Reason::RepeatedPosition)));
    let plain = variant_with("repeat", "  repeat illegal\n", "");
    let mut q = pos(&plain, START);
    play(&mut q, &OUT_AND_BACK);
    play(&mut q, &["e4e5"]);
    assert_eq!(result(&mut q), None);
}

#[test]
fn perft_ignores_repetition() {
    let strict = variant("repeat");
    let plain = variant_with("repeat", "  repeat illegal\n", "");
    let n = pos(&strict, START).perft(4);
    assert_eq!(n, pos(&plain, START).perft(4));
    // The divided counts (the first moves' own lists) agree too.
    let a: Vec<u64> = pos(&strict, START).divide(4).iter().map(|d| d.1).collect();
    let b: Vec<u64> = pos(&plain, START).divide(4).iter().map(|d| d.1).collect();
    assert_eq!(a, b);
}

#[test]
fn chu_shogi_forbids_repeating_a_position() {
    let t = variant("chu-shogi");
    let mut p = koma_runtime::Position::start(t.clone()).expect("a setup");
    // Go-Betweens step out and back on both sides; the last step back would recreate the start.
    let there_and_back = ["d5d6", "i8i7", "d6d5"];
    play(&mut p, &there_and_back);
    assert!(!moves_from(&mut p, "i7").contains(&"i7i8".to_string()));
    let plain = variant_with("chu-shogi", "  repeat illegal\n", "");
    let mut q = koma_runtime::Position::start(plain).expect("a setup");
    play(&mut q, &there_and_back);
    assert!(moves_from(&mut q, "i7").contains(&"i7i8".to_string()));
}

#[test]
fn perpetual_attack_on_a_fleeing_rook_loses() {
    // White's Rook chases Black's Rook between c3 and d3; no move checks.
    let chase = [
        "b2c2", "c3d3", "c2d2", "d3c3", "d2c2", "c3d3", "c2d2", "d3c3", "d2c2",
    ];
    let start = "4k/5/2r2/1R3/K4 w";
    let t = variant_edited(
        "results",
        &[
            ("  draw moves 2 reset capture\n", ""),
            ("perpetual-check loses", "perpetual-attack loses"),
        ],
    );
    let mut p = pos(&t, start);
    play(&mut p, &chase[..5]);
    assert_eq!(result(&mut p), None, "second occurrence");
    play(&mut p, &chase[5..]);
    let r = result(&mut p).map(|r| (r.winner, r.reason));
    assert_eq!(r, Some((Some(Player::Second), Reason::PerpetualAttack)));
    // Perpetual check alone does not see it: a plain repetition draw.
    let checks = variant_with("results", "  draw moves 2 reset capture\n", "");
    let mut q = pos(&checks, start);
    play(&mut q, &chase);
    let r = result(&mut q).map(|r| (r.winner, r.reason));
    assert_eq!(r, Some((None, Reason::Repetition)));
}

/// The legal moves that `repeats_illegally` lets stand when each is played with the `repeat
/// illegal` filter off (a search's way: it tests only the moves it plays), sorted.
fn moves_played_with_filter_off(p: &mut koma_runtime::Position) -> Vec<String> {
    let was = p.set_repeat_filter(false);
    let mut kept: Vec<String> = Vec::new();
    for m in p.moves() {
        p.make(&m);
        let forbidden = p.repeats_illegally();
        p.unmake();
        if !forbidden {
            kept.push(p.move_text(&m));
        }
    }
    p.set_repeat_filter(was);
    kept.sort();
    kept
}

#[test]
fn repeats_illegally_after_a_move_agrees_with_the_filter() {
    // Chu (with its exceptions) and the plain rule, each after a cycle that makes one move
    // recreate a position: the moves kept by testing after playing are the filtered ones.
    let chu = variant("chu-shogi");
    let mut p = koma_runtime::Position::start(chu).expect("a setup");
    play(&mut p, &["d5d6", "i8i7", "d6d5"]);
    let t = variant("repeat");
    let mut q = pos(&t, START);
    play(&mut q, &OUT_AND_BACK);
    for p in [&mut p, &mut q] {
        let filtered = all_moves(p);
        let all = {
            let was = p.set_repeat_filter(false);
            let all = all_moves(p);
            p.set_repeat_filter(was);
            all
        };
        assert!(all.len() > filtered.len(), "a move repeats");
        assert_eq!(moves_played_with_filter_off(p), filtered);
    }
}

#[test]
fn the_moves_of_one_piece_are_its_share_of_the_legal_moves() {
    // A search tries its hash move from the piece's own list before generating the rest.
    let t = variant("chu-shogi");
    let mut p = koma_runtime::Position::start(t).expect("a setup");
    play(&mut p, &["d5d6", "i8i7", "d6d5"]);
    let everything = p.moves();
    let mut list = koma_runtime::MoveList::new();
    let mut total = 0;
    for sq in p.tables().geo().squares().collect::<Vec<_>>() {
        p.legal_moves_from(sq, &mut list, |_, _| true);
        let own: Vec<_> = everything
            .iter()
            .filter(|m| m.from == sq && !p.is_pass(m))
            .collect();
        let from_list: Vec<_> = list
            .to_vec()
            .into_iter()
            .filter(|m| !p.is_pass(m))
            .collect();
        assert_eq!(
            from_list.iter().collect::<Vec<_>>(),
            own,
            "{}",
            p.tables().geo().name(sq)
        );
        total += from_list.len();
    }
    assert_eq!(total, everything.iter().filter(|m| !p.is_pass(m)).count());
}
