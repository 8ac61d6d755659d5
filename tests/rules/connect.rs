//! Connect Four's rules (`drop enters top|any-side`, `goal ... row N loses`) on the fixture
//! `connect-four` (Fairy-Stockfish's `cfour`, 7 x 6). The moves and results are pyffish 0.0.90's
//! (`cfour`, `cfour-anyside`, `cfour-misere` of its variants.ini), except where koma's
//! `any-side` reads a gap in a file differently, as docs/fsf-catalogue.md explains.

use super::common::*;
use koma_runtime::result::Reason;
use koma_runtime::spec::Player;

const HANDS: &str = "PPPPPPPPPPPPPPPPPPpppppppppppppppppp";

fn outcome(p: &mut koma_runtime::Position) -> Option<(Option<Player>, Reason)> {
    result(p).map(|r| (r.winner, r.reason))
}

#[test]
fn a_disc_falls_to_the_lowest_empty_square_of_its_file() {
    let t = variant("connect-four");
    let mut p = pos(&t, &format!("7/7/7/7/3p3/2PP3[P{HANDS}p] w - - 0 1"));
    let fsf = ["P@a1", "P@b1", "P@c2", "P@d3", "P@e1", "P@f1", "P@g1"];
    assert_eq!(all_moves(&mut p), list(&fsf));
    // A full file takes no disc; the others take one each.
    let mut p = pos(&t, &format!("3P3/3p3/3P3/3p3/3P3/3p3[{HANDS}] w - - 0 1"));
    assert_eq!(all_moves(&mut p).len(), 6);
    // Without the clause every empty square takes a drop.
    let t = variant_with("connect-four", "  drop enters top\n", "");
    let mut p = pos(&t, &format!("7/7/7/7/3p3/2PP3[P{HANDS}p] w - - 0 1"));
    assert_eq!(all_moves(&mut p).len(), 39);
}

#[test]
fn four_in_a_row_win_and_with_loses_lose() {
    let fen = format!("7/7/7/3p3/2pp3/1PPPp2[{HANDS}] w - - 0 1");
    let t = variant("connect-four");
    let mut p = pos(&t, &fen);
    let fsf = ["P@a1", "P@b2", "P@c3", "P@d4", "P@e2", "P@f1", "P@g1"];
    assert_eq!(all_moves(&mut p), list(&fsf));
    play(&mut p, &["P@a1"]);
    // pyffish (`cfour`): no legal move, the side to move lost.
    assert_eq!(outcome(&mut p), Some((Some(Player::First), Reason::Goal)));
    assert_eq!(p.perft(1), 0);
    // `cfour-misere`: the same row loses for its maker.
    let t = variant_with("connect-four", "goal P row 4", "goal P row 4 loses");
    let mut p = pos(&t, &fen);
    play(&mut p, &["P@a1"]);
    assert_eq!(outcome(&mut p), Some((Some(Player::Second), Reason::Goal)));
    assert_eq!(p.perft(1), 0);
    // Three are no row: the game goes on.
    let mut p = pos(&t, &fen);
    play(&mut p, &["P@f1"]);
    assert_eq!(outcome(&mut p), None);
}

/// The fixture on `cfour-anyside`'s 7 x 7 board, discs pushed in from any side.
fn any_side() -> std::sync::Arc<koma_runtime::Tables> {
    variant_edited(
        "connect-four",
        &[
            ("board 7 x 6", "board 7 x 7"),
            ("drop enters top", "drop enters any-side"),
        ],
    )
}

#[test]
fn a_disc_pushed_in_from_any_side_stops_at_the_first_disc() {
    let t = any_side();
    let hands = "PPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppp";
    let mut p = pos(&t, &format!("7/7/7/7/7/7/3P3[{hands}] b - - 0 1"));
    let fsf = [
        "P@a1", "P@a2", "P@a3", "P@a4", "P@a5", "P@a6", "P@a7", "P@b1", "P@b7", "P@c1", "P@c7",
        "P@d2", "P@e1", "P@e7", "P@f1", "P@f7", "P@g1", "P@g2", "P@g3", "P@g4", "P@g5", "P@g6",
        "P@g7",
    ];
    assert_eq!(all_moves(&mut p), list(&fsf));
    // Gaps: d2 is empty between d1 and d3, and a2-c2 and e2-g2 close rank 2. A disc coming
    // down a file stops on the first disc (b3, d4), one coming up stops under it (b1), one
    // along rank 3 stops next to d3 (c3, e3). Fairy-Stockfish takes, for a disc coming down,
    // the lowest square above a disc or on the first rank, so it lists 17 moves: `P@d2`, which
    // no way in reaches, and none of b3, d4, e3, f3, g3 (docs/fsf-catalogue.md, "Perft
    // differences explained").
    let mut p = pos(&t, &format!("7/7/7/7/3p3/PPP1ppp/3P3[{hands}] w - - 0 1"));
    let slides = [
        "P@a1", "P@b1", "P@c1", "P@e1", "P@f1", "P@g1", "P@a3", "P@b3", "P@c3", "P@e3", "P@f3",
        "P@g3", "P@a4", "P@d4", "P@g4", "P@a5", "P@g5", "P@a6", "P@g6", "P@a7", "P@g7",
    ];
    assert_eq!(all_moves(&mut p), list(&slides));
}
