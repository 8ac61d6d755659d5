//! Property tests (proptest) over random games in every shipped variant with a setup: incremental
//! hash, position text and move text round trips, make/unmake, the occupancy bits against a scan
//! of the board, and (checkmate variants) legal moves == pseudo-legal moves that do not expose a
//! royal to any enemy reply.

use crate::support;
use support::{runner, variant_files};

use std::path::Path;
use std::sync::Arc;

use proptest::prelude::*;

use koma_runtime::result::{GameResult, Reason};
use koma_runtime::spec::{Player, WinCondition};
use koma_runtime::testing::{self, LEGALITIES, Legality, Picks, exposes_royal};
use koma_runtime::{FullMove, Gen, MoveList, Position, Square, Tables};

fn variants() -> Vec<(String, Arc<Tables>)> {
    variant_files()
        .iter()
        .map(|path| {
            let tables = koma_compiler::tables(path)
                .unwrap_or_else(|e| panic!("{} does not compile:\n{e}", path.display()));
            let name = path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            (name, tables)
        })
        .collect()
}

/// The occupancy the position keeps through make and unmake (each side's pieces, everything
/// occupied) equals a fresh scan of the board.
fn check_occupancy(name: &str, pos: &Position, when: &dyn Fn() -> String) {
    let squares: Vec<Square> = pos.tables().geo().squares().collect();
    for player in [Player::First, Player::Second] {
        let scanned: Vec<Square> = squares
            .iter()
            .copied()
            .filter(|&s| pos.piece_at(s).is_some_and(|(p, _)| p == player))
            .collect();
        let kept: Vec<Square> = pos.piece_squares(player).collect();
        assert_eq!(kept, scanned, "{name}: {player:?}'s pieces {}", when());
    }
    let scanned: Vec<Square> = squares
        .iter()
        .copied()
        .filter(|&s| pos.piece_at(s).is_some() || pos.is_vanished(s))
        .collect();
    let kept: Vec<Square> = pos.occupied_squares().collect();
    assert_eq!(kept, scanned, "{name}: occupied squares {}", when());
}

/// Each side's pieces within distance 1, 2 and 3 of some squares (from the occupancy bits)
/// equal a count of the squares around them.
fn check_pieces_near(name: &str, pos: &Position, text: &str) {
    let geo = pos.tables().geo();
    for s in geo.squares().filter(|s| s.index() % 5 == pos.ply() % 5) {
        let c = geo.coord(s);
        for d in 1..=3 {
            for player in [Player::First, Player::Second] {
                let counted = (-d..=d)
                    .flat_map(|dx| (-d..=d).map(move |dy| (dx, dy)))
                    .filter(|&(dx, dy)| (dx, dy) != (0, 0))
                    .filter_map(|(dx, dy)| geo.square(i32::from(c.x) + dx, i32::from(c.y) + dy))
                    .filter(|&t| pos.piece_at(t).is_some_and(|(p, _)| p == player))
                    .count();
                assert_eq!(
                    pos.pieces_near(s, player, d as u8) as usize,
                    counted,
                    "{name}: {player:?}'s pieces within {d} of {} in {text}",
                    geo.name(s)
                );
            }
        }
    }
}

/// The compiled tables of a file under the source tree.
fn tables_of(file: &str) -> Arc<Tables> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    koma_compiler::tables(path).unwrap_or_else(|e| panic!("{file} compiles:\n{e}"))
}

fn check(name: &str, pos: &mut Position, rng: &mut Picks) {
    let text = pos.to_text();
    assert_eq!(pos.hash(), pos.compute_hash(), "{name}: hash at {text}");
    check_occupancy(name, pos, &|| format!("at {text}"));
    check_pieces_near(name, pos, &text);
    let mut parsed = Position::from_text(pos.tables().clone(), &text)
        .unwrap_or_else(|e| panic!("{name}: {e}: {text}"));
    assert_eq!(parsed.to_text(), text, "{name}");
    assert!(parsed == *pos, "{name}: position text round trip: {text}");
    // The game's position remembers multi-leg attack walks from earlier positions (memo.rs);
    // a position read from text has not seen them: every square's attackers agree.
    for s in pos.tables().geo().squares() {
        for by in [Player::First, Player::Second] {
            assert_eq!(
                pos.is_attacked(s, by),
                parsed.is_attacked(s, by),
                "{name}: attack on {} by {by:?} in {text}",
                pos.tables().geo().name(s)
            );
        }
    }
    let legal = pos.moves();
    // The text describes the position exactly: the same legal moves, in the same order.
    assert_eq!(
        parsed.moves(),
        legal,
        "{name}: legal moves after reading {text}"
    );
    check_legality(name, pos, &legal, &text);
    // Perft's bulk count at the last ply counts what the generator and the filter keep.
    let mut scratch = MoveList::new();
    assert_eq!(
        pos.count_legal(&mut scratch),
        legal.len() as u64,
        "{name}: counted legal moves in {text}"
    );
    check_stages(name, pos, &legal, &text);
    check_search_stages(name, pos, &text);
    for _ in 0..legal.len().min(12) {
        let m = legal[rng.below(legal.len())];
        let mt = pos.move_text(&m);
        assert_eq!(
            pos.parse_move(&mt),
            Ok(m),
            "{name}: move text `{mt}` in {text}"
        );
        let before = pos.clone();
        pos.make(&m);
        assert_eq!(
            pos.hash(),
            pos.compute_hash(),
            "{name}: hash after {mt} in {text}"
        );
        check_occupancy(name, pos, &|| format!("after {mt} in {text}"));
        pos.unmake();
        assert!(before == *pos, "{name}: make/unmake of {mt} in {text}");
        check_occupancy(name, pos, &|| format!("after unmaking {mt} in {text}"));
    }
}

/// In checkmate variants: legal moves == pseudo-legal moves that expose no royal to any reply.
fn check_legality(name: &str, pos: &mut Position, legal: &[FullMove], text: &str) {
    let t = pos.tables().clone();
    let two_royals_ok =
        t.spec().rules.royals.check_last_only && pos.royal_squares(pos.side_to_move()).len() >= 2;
    if t.spec().rules.royals.win == WinCondition::Checkmate && !two_royals_ok {
        let mut pseudo = MoveList::new();
        pos.pseudo_legal_moves(&mut pseudo);
        let pseudo = pseudo.to_vec();
        for &m in &pseudo {
            if m.castling_partner().is_none() {
                let is_legal = legal.contains(&m);
                let safe = !exposes_royal(pos, m);
                let mt = pos.move_text(&m);
                if is_legal {
                    assert!(safe, "{name}: legal `{mt}` exposes a royal in {text}");
                } else if t.spec().rules.anti_trade.is_empty()
                    && t.spec().rules.repeat.is_none()
                    && !t.spec().rules.royals.check_forbidden
                    && !t.spec().rules.regions.facing_royals_forbidden
                    && !t.spec().rules.regions.facing_royals_must_break
                    && !t.spec().rules.promotion.captured_only
                    && t.spec().rules.promotion.limits.is_empty()
                    && !t.spec().rules.drops.must_drop
                {
                    // Rule filters (anti-trade, `repeat illegal`, facing royals, `check
                    // forbidden`, promotion limits, `captured-only` and `drop compulsory`) may
                    // remove safe moves (a pass that recreates the position before the
                    // opponent's pass, a Shogun Duchess promoting to a second Queen, a Pawn
                    // step in Placement's setup phase); nothing else may.
                    assert!(!safe, "{name}: safe `{mt}` was filtered out in {text}");
                }
            }
        }
    }
}

/// A start for variants that ship no setup (Kyou Shogi): a few armies of their strongest
/// pieces, each variant's own IDs permitting.
const NO_SETUP_START: &str = "[fd]1[ln]1k1[fe]1[hf]1[se]1/pppppppppppp/12/12/12/12/12/12/12/12/\
                              PPPPPPPPPPPP/1[SE]1[HF]1[FE]1K1[LN]1[FD] w";

/// Staged generation: the captures and the quiet moves are the legal moves, each once, and
/// every capture removes a piece.
fn check_stages(name: &str, pos: &mut Position, legal: &[FullMove], text: &str) {
    let mut captures = MoveList::new();
    let mut quiets = MoveList::new();
    pos.legal_moves_of(&mut captures, Gen::Captures);
    pos.legal_moves_of(&mut quiets, Gen::Quiets);
    let staged: Vec<FullMove> = captures
        .iter()
        .chain(quiets.iter())
        .map(|m| m.to_full())
        .collect();
    assert_eq!(staged.len(), legal.len(), "{name}: staged moves in {text}");
    for m in legal {
        assert!(
            staged.contains(m),
            "{name}: {} missing from the stages in {text}",
            pos.move_text(m)
        );
    }
    if !pos.in_check() {
        // The captures stage lists them in the full list's order (a search's ties depend on
        // it), though it reads rays from the occupancy bits instead of walking them.
        let in_order: Vec<FullMove> = legal
            .iter()
            .copied()
            .filter(|m| !pos.removed_squares(m).is_empty())
            .collect();
        let listed: Vec<FullMove> = captures.iter().map(|m| m.to_full()).collect();
        assert_eq!(
            listed, in_order,
            "{name}: the captures stage's order in {text}"
        );
    }
    for m in &captures {
        assert!(
            !pos.removed_squares(m).is_empty(),
            "{name}: {} is no capture in {text}",
            pos.move_text(m)
        );
    }
    for m in &quiets {
        assert!(
            pos.removed_squares(m).is_empty(),
            "{name}: {} is a capture in {text}",
            pos.move_text(m)
        );
    }
}

/// The search's lists (`Position::search_moves_of`): once the moves that leave a royal
/// attacked are taken out by playing them (when the list says the test was left to the
/// search), each stage's list is the legal one, in the same order.
fn check_search_stages(name: &str, pos: &mut Position, text: &str) {
    for stage in [Gen::Captures, Gen::Quiets] {
        let mut legal = MoveList::new();
        pos.legal_moves_of(&mut legal, stage);
        let legal: Vec<FullMove> = legal.iter().map(|m| m.to_full()).collect();
        let mut listed = MoveList::new();
        let unchecked = pos.search_moves_of(&mut listed, stage);
        let kept: Vec<FullMove> = listed
            .iter()
            .map(|m| m.to_full())
            .filter(|m| {
                if !unchecked {
                    return true;
                }
                pos.make(m);
                let safe = pos.mover_royals_safe();
                pos.unmake();
                safe
            })
            .collect();
        assert_eq!(kept, legal, "{name}: the search's {stage:?} list in {text}");
    }
}

/// Property: along any game (30 plies) in any shipped variant, `check` holds at every ply and
/// unmaking the whole game gives the start back.
#[test]
fn random_games_in_every_variant() {
    let variants = variants();
    let starts: Vec<(String, Position)> = variants
        .into_iter()
        .map(|(name, tables)| {
            let start = match Position::start(tables.clone()) {
                Some(start) => start,
                None => Position::from_text(tables, NO_SETUP_START)
                    .unwrap_or_else(|e| panic!("{name}: a start for variants without setup: {e}")),
            };
            (name, start)
        })
        .collect();
    let strategy = (
        0..starts.len(),
        proptest::collection::vec(any::<usize>(), 1..64),
    );
    let result = runner(2 * starts.len() as u32).run(&strategy, |(which, picks)| {
        let (name, start) = &starts[which];
        let mut rng = Picks::new(picks);
        let mut pos = start.clone();
        for _ply in 0..30 {
            check(name, &mut pos, &mut rng);
            let moves = pos.moves();
            if moves.is_empty() {
                prop_assert!(pos.result().is_some(), "{}: no moves but no result", name);
                break;
            }
            pos.make(&moves[rng.below(moves.len())]);
        }
        while pos.ply() > 0 {
            pos.unmake();
        }
        prop_assert!(pos == *start, "{}: unmaking the whole game", name);
        check_occupancy(name, &pos, &|| "after unmaking the whole game".into());
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
}

/// The checkmate shortcut skips the legality test for moves outside the footprints of enemy
/// multi-leg attackers and burners: longer random games in the games that lean on it most.
#[test]
fn checkmate_shortcut_in_multi_leg_games() {
    let starts: Vec<(&str, Position)> = [
        "variants/minjiku-shogi.koma",
        "tests/fixtures/bench/exotic-skirmish.koma",
    ]
    .into_iter()
    .map(|file| {
        let tables = tables_of(file);
        (file, Position::start(tables).expect("a setup"))
    })
    .collect();
    let strategy = (
        0..starts.len(),
        proptest::collection::vec(any::<usize>(), 1..64),
    );
    let result = runner(8).run(&strategy, |(which, picks)| {
        let (file, start) = &starts[which];
        let mut rng = Picks::new(picks);
        let mut pos = start.clone();
        for _ply in 0..50 {
            let moves = pos.moves();
            let text = pos.to_text();
            check_legality(file, &mut pos, &moves, &text);
            if moves.is_empty() {
                break;
            }
            pos.make(&moves[rng.below(moves.len())]);
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
}

/// Perft's bulk count of drops (not in check, the drops of each type in hand counted from
/// the empty squares and the drop rules) against the generated and filtered legal moves, along
/// random games of the shipped drop games long enough for the hands to fill; the games must
/// reach many positions with drops to count.
#[test]
fn bulk_count_of_drops() {
    for file in [
        "variants/minishogi.koma",
        "variants/shogi.koma",
        "variants/crazyhouse.koma",
    ] {
        let tables = tables_of(file);
        let start = Position::start(tables).expect("a setup");
        let with_drops = std::cell::Cell::new(0);
        let games = proptest::collection::vec(any::<usize>(), 1..64);
        let result = runner(12).run(&games, |picks| {
            let mut rng = Picks::new(picks);
            let mut scratch = MoveList::new();
            let mut pos = start.clone();
            for _ply in 0..100 {
                let moves = pos.moves();
                let text = pos.to_text();
                assert_eq!(
                    pos.count_legal(&mut scratch),
                    moves.len() as u64,
                    "{file}: counted legal moves in {text}"
                );
                if !pos.in_check() && moves.iter().any(|m| m.dropped().is_some()) {
                    with_drops.set(with_drops.get() + 1);
                }
                if moves.is_empty() {
                    break;
                }
                // Captures first, half the time: the hands fill sooner.
                let side = pos.side_to_move();
                let takes = |m: &&FullMove| {
                    m.ncap() > 0 || pos.piece_at(m.to).is_some_and(|(p, _)| p != side)
                };
                let captures: Vec<&FullMove> = moves.iter().filter(takes).collect();
                let m = if !captures.is_empty() && rng.below(2) == 0 {
                    *captures[rng.below(captures.len())]
                } else {
                    moves[rng.below(moves.len())]
                };
                pos.make(&m);
            }
            Ok(())
        });
        if let Err(e) = result {
            panic!("{file}: {e}");
        }
        let with_drops = with_drops.get();
        assert!(
            with_drops >= 200,
            "{file}: only {with_drops} positions with drops out of check"
        );
    }
}

/// In check, the shortcut rejects without a test every move that changes no square the
/// check depends on: the first positions in check of the games that lean on it most (found
/// depth first within three plies), each against the independent test.
#[test]
fn checkmate_shortcut_in_check() {
    for file in [
        "variants/minjiku-shogi.koma",
        "tests/fixtures/bench/exotic-skirmish.koma",
    ] {
        let tables = tables_of(file);
        let mut pos = Position::start(tables).expect("a setup");
        let mut found = 0;
        check_in_check(file, &mut pos, 3, &mut found);
        assert!(found > 0, "{file}: no position in check within three plies");
    }
}

/// Checks the legal moves of the positions in check below `pos`, up to 25 of them.
fn check_in_check(file: &str, pos: &mut Position, depth: u32, found: &mut usize) {
    let moves = pos.moves();
    if pos.in_check() {
        *found += 1;
        let text = pos.to_text();
        check_legality(file, pos, &moves, &text);
    }
    for &m in &moves {
        if depth == 0 || *found >= 25 {
            return;
        }
        pos.make(&m);
        check_in_check(file, pos, depth - 1, found);
        pos.unmake();
    }
}

/// Plays `games` random games of up to 60 plies from the variant's start (or, without one,
/// [`NO_SETUP_START`]) and sums what `visit` counts at each position, given its legal moves.
fn over_random_games(
    name: &str,
    tables: Arc<Tables>,
    games: u32,
    visit: impl Fn(&mut Position, &[FullMove]) -> usize,
) -> usize {
    let start = match Position::start(tables.clone()) {
        Some(start) => start,
        None => Position::from_text(tables, NO_SETUP_START)
            .unwrap_or_else(|e| panic!("{name}: a start for variants without setup: {e}")),
    };
    let n = std::cell::Cell::new(0);
    let picks = proptest::collection::vec(any::<usize>(), 1..64);
    let result = runner(games).run(&picks, |picks| {
        let mut rng = Picks::new(picks);
        let mut pos = start.clone();
        for _ply in 0..60 {
            let moves = pos.moves();
            if moves.is_empty() {
                break;
            }
            n.set(n.get() + visit(&mut pos, &moves));
            pos.make(&moves[rng.below(moves.len())]);
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{name}: {e}");
    }
    n.get()
}

/// In check, the check-evasion generator (where the variant allows it) gives the moves that
/// generating every move and filtering gives, in the same order. Positions: one ply beyond
/// each position of random games in every shipped variant, and the whole trees of check-heavy
/// chess positions.
#[test]
fn evasions_match_filtered_generation() {
    let mut found: Vec<(String, usize)> = Vec::new();
    for (name, tables) in variants() {
        let n = over_random_games(&name, tables, 6, |pos, moves| {
            let mut n = 0;
            for m in moves {
                pos.make(m);
                n += usize::from(compare_evasions(&name, pos));
                pos.unmake();
            }
            n
        });
        found.push((name, n));
    }
    let chess = tables_of("variants/chess.koma");
    for (fen, depth) in [
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            3,
        ),
        (
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            4,
        ),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4),
        (
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            2,
        ),
        // d2-d4 checks the king on c5; e.p. takes the checker on the way.
        ("8/8/8/2k5/4p3/8/3P4/4K3 w - - 0 1", 3),
    ] {
        let mut pos = Position::from_text(chess.clone(), fen).expect("a FEN");
        let n = over_tree(&mut pos, depth, &|p| usize::from(compare_evasions(fen, p)));
        found.push((fen.to_string(), n));
    }
    // Riders whose lines share squares: a Rook on a4 and a Dabbaba-rider on a5 both check
    // the king on a1, and a Knight to a3 blocks both; Nightrider checks are blocked on the
    // knight squares between.
    let riders = koma_compiler::tables_from_str(
        "variant \"Riders\"\nboard 8 x 8\npieces\n  K \"King\" K royal\n  N \"Knight\" N\n  \
         R \"Rook\" R\n  Z \"Dabbaba rider\" DD\n  H \"Nightrider\" NN\n\
         setup mirror\n  K e1\n  R a1\n  Z h1\n  N b1\n  H g1\nrules\n  win checkmate\n",
    )
    .unwrap_or_else(|e| panic!("the riders variant compiles:\n{e}"));
    for (fen, depth) in [
        ("7k/8/8/z7/r7/8/8/KN6 w - - 0 1", 3),
        ("h6k/8/8/8/8/8/8/K7 w - - 0 1", 3),
    ] {
        let mut pos = Position::from_text(riders.clone(), fen).expect("a position");
        let n = over_tree(&mut pos, depth, &|p| usize::from(compare_evasions(fen, p)));
        found.push((fen.to_string(), n));
    }
    eprintln!("positions in check given to the evasion generator: {found:?}");
    let get = |k: &str| found.iter().find(|(name, _)| name == k).map_or(0, |f| f.1);
    // It applies in chess and its relatives (and in Shogi, whose drops may block).
    for k in [
        "chess",
        "capablanca",
        "makruk",
        "shogi",
        "courier",
        "shatranj",
    ] {
        assert!(get(k) >= 20, "{k}: only {} positions in check", get(k));
    }
    assert!(
        found.iter().map(|f| f.1).sum::<usize>() >= 2000,
        "{found:?}"
    );
}

/// After a move, the check tests that read only the attack lines through the move's squares
/// (`Position::in_check_after`, `Position::mover_royals_safe_after`) answer as the whole tests
/// wherever their assumption holds (the side had no royal attacked before the move): every
/// pseudo-legal move at each position of random games in every shipped variant (where a
/// variant's tables rule the quick reading out, both sides are the whole test), and of the
/// trees of check-heavy chess positions (discovered checks, e.p., promotions, castling).
#[test]
fn checks_after_a_move_match_the_whole_test() {
    let mut quick: Vec<(String, usize)> = Vec::new();
    for (name, tables) in variants() {
        let n = over_random_games(&name, tables, 4, |pos, _| compare_checks_after(&name, pos));
        quick.push((name, n));
    }
    let chess = tables_of("variants/chess.koma");
    for (fen, depth) in [
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            2,
        ),
        (
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            2,
        ),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4),
        // E.p. uncovers the rank of both royals.
        ("8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 1", 2),
    ] {
        let mut pos = Position::from_text(chess.clone(), fen).expect("a FEN");
        let n = over_tree(&mut pos, depth, &|p| compare_checks_after(fen, p));
        quick.push((fen.to_string(), n));
    }
    eprintln!("moves compared where the quick reading applies: {quick:?}");
    let get = |k: &str| quick.iter().find(|(name, _)| name == k).map_or(0, |f| f.1);
    // Rides and leaps alone on 64 squares or fewer, drops included (Crazyhouse, Minishogi).
    for k in ["chess", "crazyhouse", "minishogi", "makruk", "shatranj"] {
        assert!(get(k) >= 1000, "{k}: only {} moves compared", get(k));
    }
    // Over 64 squares, read from the attack lines of any size (Shogi), and with
    // multi-leg attackers of bounded reach (Chu's Lion and Falcons, under `last-royal-only`).
    for k in ["shogi", "chu-shogi", "dai-shogi"] {
        assert!(get(k) >= 1000, "{k}: only {} moves compared", get(k));
    }
}

/// Makes every pseudo-legal move of `pos` and compares the quick check tests after it with
/// the whole ones, for each side whose royals were all unattacked before. Returns the number
/// of comparisons where the quick reading applies.
fn compare_checks_after(name: &str, pos: &mut Position) -> usize {
    let side = pos.side_to_move();
    let mover_clear = !testing::royal_attacked(pos, side);
    let other_clear = !testing::royal_attacked(pos, side.opponent());
    let tables = pos.tables().clone();
    let mut n = 0;
    let mut list = MoveList::new();
    pos.pseudo_legal_moves(&mut list);
    for i in 0..list.len() {
        let m = list.get(i);
        let text = pos.move_text(m);
        pos.make(m);
        if mover_clear {
            assert_eq!(
                pos.mover_royals_safe_after(m),
                pos.mover_royals_safe(),
                "{name}: the mover's safety after {text} in {}",
                pos.to_text()
            );
            n += usize::from(testing::quick_checks(&tables, side.opponent()));
        }
        if other_clear {
            assert_eq!(
                pos.in_check_after(m),
                pos.in_check(),
                "{name}: check after {text} in {}",
                pos.to_text()
            );
            n += usize::from(testing::quick_checks(&tables, side));
        }
        pos.unmake();
    }
    n
}

/// Each legality strategy assumes what the slower ones assume, and more: every slower strategy
/// a variant could fall back on gives the perft counts of its own, at positions along random
/// games in every shipped variant and in check-heavy chess positions. Every strategy is some
/// shipped variant's own.
#[test]
fn slower_legality_strategies_count_the_same() {
    let mut seen: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    let compared = std::cell::Cell::new(0);
    for (name, tables) in variants() {
        let own = testing::legality(&tables);
        seen.entry(format!("{own:?}"))
            .or_default()
            .push(name.clone());
        let slower: Vec<(Legality, Arc<Tables>)> = LEGALITIES
            .into_iter()
            .filter(|&l| l != own)
            .filter_map(|l| Some((l, testing::with_legality(&tables, l)?)))
            .collect();
        let start = match Position::start(tables.clone()) {
            Some(start) => start,
            None => Position::from_text(tables.clone(), NO_SETUP_START).expect("a start"),
        };
        let games = proptest::collection::vec(any::<usize>(), 1..64);
        let result = runner(1).run(&games, |picks| {
            let mut rng = Picks::new(picks);
            let mut pos = start.clone();
            for ply in 0..40 {
                if ply % 8 == 0 {
                    let n = compare_strategies(&name, &pos.to_text(), &tables, &slower, 2);
                    compared.set(compared.get() + n);
                }
                let moves = pos.moves();
                if moves.is_empty() {
                    break;
                }
                pos.make(&moves[rng.below(moves.len())]);
            }
            Ok(())
        });
        if let Err(e) = result {
            panic!("{name}: {e}");
        }
    }
    let chess = tables_of("variants/chess.koma");
    let slower: Vec<(Legality, Arc<Tables>)> = LEGALITIES
        .into_iter()
        .filter_map(|l| Some((l, testing::with_legality(&chess, l)?)))
        .collect();
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ] {
        compared.set(compared.get() + compare_strategies("chess", fen, &chess, &slower, 3));
    }
    let compared = compared.get();
    assert!(compared >= 200, "only {compared} comparisons");
    eprintln!("the shipped variants by legality strategy: {seen:?}");
    let mut all: Vec<String> = LEGALITIES.iter().map(|l| format!("{l:?}")).collect();
    all.sort();
    let own: Vec<String> = seen.into_keys().collect();
    assert_eq!(own, all, "the strategies some shipped variant has");
}

/// Perft(`depth`) of the position `text` under `own` and under each of `slower`: the same
/// counts. Returns the number of strategies compared.
fn compare_strategies(
    name: &str,
    text: &str,
    own: &Arc<Tables>,
    slower: &[(Legality, Arc<Tables>)],
    depth: u32,
) -> usize {
    let at = |t: &Arc<Tables>| Position::from_text(t.clone(), text).expect("own text parses");
    let want = at(own).perft(depth);
    for (legality, tables) in slower {
        assert_eq!(
            at(tables).perft(depth),
            want,
            "{name}: perft({depth}) under {legality:?} in {text}"
        );
    }
    slower.len()
}

/// Sums what `visit` counts at every position of the tree below `pos`, `depth` plies deep
/// (the leaves included).
fn over_tree(pos: &mut Position, depth: u32, visit: &impl Fn(&mut Position) -> usize) -> usize {
    let mut n = visit(pos);
    if depth > 0 {
        for m in pos.moves() {
            pos.make(&m);
            n += over_tree(pos, depth - 1, visit);
            pos.unmake();
        }
    }
    n
}

/// Where the evasion generator applies (the side to move is in check): its moves are the
/// filtered generation's, and the legal moves and the bulk count are those. Returns whether
/// it applied.
fn compare_evasions(name: &str, pos: &mut Position) -> bool {
    let mut evasions = MoveList::new();
    if !testing::evasion_moves(pos, &mut evasions) {
        assert!(evasions.is_empty(), "{name}: {}", pos.to_text());
        return false;
    }
    let text = pos.to_text();
    assert!(pos.in_check(), "{name}: evasions out of check in {text}");
    let evasions = evasions.to_vec();
    let mut filtered = MoveList::new();
    testing::filtered_moves(pos, &mut filtered);
    let filtered = filtered.to_vec();
    let show = |pos: &Position, list: &[FullMove]| {
        list.iter().map(|m| pos.move_text(m)).collect::<Vec<_>>()
    };
    assert_eq!(
        show(pos, &evasions),
        show(pos, &filtered),
        "{name}: evasions against filtered generation in {text}"
    );
    assert_eq!(evasions, filtered, "{name}: {text}");
    assert_eq!(pos.moves(), filtered, "{name}: legal moves in {text}");
    let mut scratch = MoveList::new();
    assert_eq!(
        pos.count_legal(&mut scratch),
        filtered.len() as u64,
        "{name}: counted in {text}"
    );
    true
}

/// The search hot path (generate, make, unmake, legality test) allocates nothing: a perft
/// over thousands of nodes allocates only its per-ply move lists (a counting allocator).
#[test]
fn perft_allocates_only_its_move_lists() {
    // Castling past cannons: the castling test walks the cannons' hops on a copy of the board.
    let castling = "r3k2r/p1p2ppp/8/2c2c2/8/3P1P2/PPP3PP/R3K2R w KQkq - 0 1";
    for (file, position, depth) in [
        ("variants/chess.koma", None, 4),
        ("variants/minjiku-shogi.koma", None, 3),
        ("variants/chu-shogi.koma", None, 3),
        ("variants/suzumu-shogi.koma", None, 2),
        ("variants/tenjiku-shogi.koma", None, 2),
        ("tests/fixtures/bench/exotic-skirmish.koma", None, 3),
        (
            "tests/fixtures/rules/cannon-castling.koma",
            Some(castling),
            3,
        ),
    ] {
        let tables = tables_of(file);
        let mut pos = match position {
            Some(text) => Position::from_text(tables, text).expect("a position"),
            None => Position::start(tables).expect("a setup"),
        };
        // The first run grows the undo and history stacks to the depth.
        let leaves = pos.perft(depth);
        let mut again = 0;
        let info = allocation_counter::measure(|| again = pos.perft(depth));
        assert_eq!(again, leaves, "{file}");
        // One list per ply (its moves and their removed squares) plus the vector holding
        // them; a list that outgrows its first capacity may grow a few times.
        let lists = u64::from(depth) + 1;
        assert!(
            info.count_total <= 3 * lists,
            "{file}: {} allocations in a perft({depth}) of {leaves} leaves",
            info.count_total
        );
    }
}

/// The results that look back on moves the position text does not hold (docs/positions.md,
/// "How a game ended"): a position printed there reads back as a game that goes on.
fn looks_back(r: &GameResult) -> bool {
    matches!(
        r.reason,
        Reason::Repetition
            | Reason::PerpetualCheck
            | Reason::PerpetualAttack
            | Reason::RepeatedPosition
    )
}

/// A move of a random game that seeks its end: now and then a move that ends the game (a
/// mating Pawn drop, a second pass, a King burning itself), or a pass; otherwise any move.
fn seeking_move(pos: &mut Position, moves: &[FullMove], rng: &mut Picks) -> FullMove {
    let mut ending = Vec::new();
    if rng.below(2) == 0 {
        for &m in moves {
            pos.make(&m);
            if pos.result().is_some() {
                ending.push(m);
            }
            pos.unmake();
        }
    }
    let passes: Vec<FullMove> = moves.iter().copied().filter(|m| pos.is_pass(m)).collect();
    if !ending.is_empty() {
        ending[rng.below(ending.len())]
    } else if !passes.is_empty() && rng.below(4) == 0 {
        passes[0]
    } else {
        moves[rng.below(moves.len())]
    }
}

/// Property: along random games that seek their end, in games whose ends differ in kind
/// (royals lost by either side, checkmate, the mating drop that loses, two passes, counting,
/// bare royals), the position text keeps how the game stands: the position read back from it
/// has the same result and the same legal moves (none once the game is over).
#[test]
fn game_ends_survive_position_text() {
    // Each game from its start, or from a position near an end of its kind: Minishogi where a
    // Pawn drop on a4 is White's one mating move, Janggi after a pass.
    let games: Vec<(&str, Position)> = [
        ("variants/minishogi.koma", "startpos"),
        ("variants/minishogi.koma", "k4/5/1S1B1/5/4K[Pp] w"),
        ("variants/janggi.koma", "startpos"),
        (
            "variants/janggi.koma",
            "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR b - - 1 1 last:pass",
        ),
        ("variants/kyou-shogi.koma", NO_SETUP_START),
        ("examples/ember.koma", "startpos"),
        ("tests/fixtures/rules/kinglet.koma", "startpos"),
        ("variants/makruk.koma", "startpos"),
        ("variants/shatranj.koma", "startpos"),
        ("variants/chess.koma", "startpos"),
    ]
    .into_iter()
    .map(|(file, start)| {
        let start = Position::from_text(tables_of(file), start)
            .unwrap_or_else(|e| panic!("{file}: {e}: {start}"));
        (file, start)
    })
    .collect();
    let ended = std::sync::Mutex::new(std::collections::BTreeSet::new());
    let strategy = (
        0..games.len(),
        proptest::collection::vec(any::<usize>(), 1..64),
    );
    let result = runner(8 * games.len() as u32).run(&strategy, |(which, picks)| {
        let (file, start) = &games[which];
        let mut rng = Picks::new(picks);
        let mut pos = start.clone();
        for _ply in 0..120 {
            let result = pos.result();
            let moves = pos.moves();
            let text = pos.to_text();
            let mut back = Position::from_text(pos.tables().clone(), &text)
                .unwrap_or_else(|e| panic!("{file}: {e}: {text}"));
            let kept = result.filter(|r| !looks_back(r));
            prop_assert_eq!(
                back.result(),
                kept,
                "{}: result after reading {}",
                file,
                text
            );
            prop_assert_eq!(
                back.moves(),
                moves.clone(),
                "{}: moves after reading {}",
                file,
                text
            );
            if let Some(r) = result {
                ended
                    .lock()
                    .expect("lock")
                    .insert(format!("{:?}", r.reason));
            }
            if moves.is_empty() {
                break;
            }
            let m = seeking_move(&mut pos, &moves, &mut rng);
            pos.make(&m);
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    let ended = ended.into_inner().expect("lock");
    eprintln!("game ends reached: {ended:?}");
    for reason in ["RoyalsLost", "DropMate", "Passing", "Checkmate"] {
        assert!(
            ended.contains(reason),
            "no game ended by {reason}: {ended:?}"
        );
    }
}

/// Fairy-Stockfish writes some positions without the e.p. field (Petty chess's start position
/// `w - 0 1`): the clocks are read as clocks, as with the field.
#[test]
fn fairy_stockfish_positions_without_the_ep_field() {
    let t = tables_of("variants/chess.koma");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3 7";
    let without = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq 3 7";
    let a = Position::from_text(t.clone(), start).expect("with the field");
    let b = Position::from_text(t, without).expect("without the field");
    assert_eq!(a.to_text(), b.to_text());
    assert!(a.to_text().ends_with(" 3 7"), "{}", a.to_text());
}
