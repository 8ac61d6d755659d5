//! Makruk's and ASEAN's counting (`counting board-honour|pieces-honour|without|from-zero`):
//! Fairy-Stockfish's count state after every move of random games into pawnless endings
//! (tests/fixtures/rules/makruk-counting.txt and asean-counting.txt, from
//! tests/perft/crosscheck/makruk_counting_fairy_stockfish.py) reproduced move by move, the
//! draw where the count runs out, and the state carried by position text.

use super::common::*;
use koma_runtime::CountState;
use koma_runtime::result::Reason;

struct Game {
    fen: String,
    /// Move, count in plies, plies counted, whether the count ran out.
    moves: Vec<(String, u16, u16, bool)>,
}

/// The games of tests/fixtures/rules/NAME-counting.txt.
fn games(name: &str) -> Vec<Game> {
    let path = root().join(format!("tests/fixtures/rules/{name}-counting.txt"));
    let text = std::fs::read_to_string(&path).expect("the counting fixture");
    let mut games: Vec<Game> = Vec::new();
    for line in text.lines() {
        if line.starts_with('#') || line.trim().is_empty() || line.starts_with("game ") {
            continue;
        }
        if let Some(fen) = line.strip_prefix("fen ") {
            games.push(Game {
                fen: fen.to_string(),
                moves: Vec::new(),
            });
            continue;
        }
        let f: Vec<&str> = line.split_whitespace().collect();
        let game = games.last_mut().expect("a game before its moves");
        game.moves.push((
            f[0].to_string(),
            f[1].parse().expect("count"),
            f[2].parse().expect("plies"),
            f.get(3) == Some(&"end"),
        ));
    }
    games
}

#[test]
fn makruk_counting_follows_fairy_stockfish_move_by_move() {
    replay("makruk", 5);
}

/// ASEAN's counting (`counting from-zero`, tests/fixtures/rules/asean.koma as `koma import`
/// writes Fairy-Stockfish's `asean`): only a lone King counts, from zero.
#[test]
fn asean_counting_follows_fairy_stockfish_move_by_move() {
    replay("asean", 5);
}

/// Cambodian counting (`counting board-honour 63 up-to 3 unblocked`, tests/fixtures/rules/
/// cambodian.koma as `koma import` writes Fairy-Stockfish's `cambodian`): a side of three pieces
/// or fewer counts by the board's honour even with Bia left, every count one move shorter. The
/// games also play the King's and the Met's first moves.
#[test]
fn cambodian_counting_follows_fairy_stockfish_move_by_move() {
    replay("cambodian", 4);
}

/// Replays every game of NAME's fixture in the variant NAME, comparing the count after every
/// move and the draw where it runs out (in at least `min_ends` games).
fn replay(name: &str, min_ends: usize) {
    let t = variant(name);
    let games = games(name);
    assert!(games.len() >= 10);
    let mut ends = 0;
    for (g, game) in games.iter().enumerate() {
        let mut p = pos(&t, &game.fen);
        for (i, (mv, limit, ply, end)) in game.moves.iter().enumerate() {
            play(&mut p, &[mv.as_str()]);
            let want = CountState {
                limit: *limit,
                ply: *ply,
            };
            assert_eq!(
                p.count_state(),
                want,
                "game {} move {} `{mv}`: {}",
                g + 1,
                i + 1,
                p.to_text()
            );
            let counted_out = result(&mut p).is_some_and(|r| r.reason == Reason::Counting);
            assert_eq!(counted_out, *end, "game {} move {} `{mv}`", g + 1, i + 1);
            ends += usize::from(*end);
            // Position text carries the count: read back, the same state.
            let back = pos(&t, &p.to_text());
            assert_eq!(back.count_state(), want, "{}", p.to_text());
        }
    }
    assert!(ends >= min_ends, "too few games end by counting: {ends}");
}

#[test]
fn counting_reads_fairy_stockfish_text_and_prints_its_own() {
    let t = variant("makruk");
    // White's King alone against a Rook: pieces' honour, 16 moves (32 plies), 9 counted.
    let p = pos(&t, "7r/8/4k3/8/8/8/8/K7 w - 32 9 80");
    assert_eq!(p.count_state(), CountState { limit: 32, ply: 9 });
    assert!(p.to_text().ends_with("count:9/32"), "{}", p.to_text());
    assert_eq!(pos(&t, &p.to_text()).count_state(), p.count_state());
}

#[test]
fn the_count_draws_only_when_it_runs_out_and_never_without_the_clauses() {
    let t = variant("makruk");
    let fen = "7r/8/4k3/8/8/8/8/K7 w - 32 32 80";
    let mut p = pos(&t, fen);
    assert_eq!(result(&mut p), None, "32 plies counted of 32: not yet");
    play(&mut p, &["a1b1"]);
    assert_eq!(result(&mut p).map(|r| r.reason), Some(Reason::Counting));
    // Without the clauses the same game goes on (and the position text has no count).
    let plain = variant_edited(
        "makruk",
        &[
            ("  counting without P\n", ""),
            ("  counting board-honour 64\n", ""),
            (
                "  counting pieces-honour R R 8, R 16, S S 22, N N 32, S 44, else 64\n",
                "",
            ),
        ],
    );
    let mut q = pos(&plain, "7r/8/4k3/8/8/8/8/K7 w - - 32 80");
    play(&mut q, &["a1b1"]);
    assert_eq!(result(&mut q), None);
}

#[test]
fn counting_starts_when_the_last_pawn_goes_and_restarts_when_a_side_is_bared() {
    let t = variant("makruk");
    // Black takes White's last Bia: no Bia left, White (two pieces) counts by the board's
    // honour from zero.
    let mut p = pos(&t, "8/8/4k3/8/8/3r4/3P4/K1N5 b - - 0 40");
    play(&mut p, &["d3d2"]);
    assert_eq!(p.count_state(), CountState { limit: 128, ply: 0 });
    // Black takes the Knight: White is bare, pieces' honour against a Rook (16 moves),
    // counted from the pieces on the board (3, doubled).
    play(&mut p, &["a1b1", "d2c2", "b1a1", "c2c1"]);
    assert_eq!(p.count_state(), CountState { limit: 32, ply: 6 });
}
