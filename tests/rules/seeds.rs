//! Every seed game with a setup plays from its start position: perft at depth 1 and 2, each
//! count reasoned about. Kyou Shogi ships no setup (its diagram was never found).

use super::common::*;
use koma_runtime::Position;

fn perft(name: &str, depth: u32) -> u64 {
    let t = variant(name);
    let mut p = Position::start(t).unwrap_or_else(|| panic!("{name} has a setup"));
    p.perft(depth)
}

/// The armies of these games stand too far apart to touch each other within two plies, and
/// every first move leaves the opponent's moves as they were: depth 2 is depth 1 squared.
#[test]
fn far_apart_seeds_are_depth_one_squared() {
    for (name, first) in [
        ("suzumu-shogi", 51),
        ("kuuzen-dai-shogi", 73),
        ("tengu-dai-shogi", 91),
        ("chu-shogi", 36),
        ("dai-shogi", 71),
    ] {
        assert_eq!(perft(name, 1), first, "{name} perft 1");
        assert_eq!(perft(name, 2), first * first, "{name} perft 2");
    }
}

/// Minjiku: 24 first moves; the Jumpers see the enemy along the long diagonals, so the replies
/// vary (555 without burning). Two first moves (the Diagonal Jumper h2
/// capturing on a9, promoting or not) end diagonally next to the Black Fire Dragon b10 and
/// burn, which removes one reply each (the Jumping General e9 could have taken it on a9).
#[test]
fn minjiku_burns_within_two_plies() {
    assert_eq!(perft("minjiku-shogi", 2), 553);
    let t = variant_with("minjiku-shogi", "  burn F +Q", "  # burn F +Q");
    let mut p = Position::start(t).expect("setup");
    assert_eq!(p.perft(2), 555);
}

#[test]
fn kyou_has_no_start_position() {
    assert!(Position::start(variant("kyou-shogi")).is_none());
}
