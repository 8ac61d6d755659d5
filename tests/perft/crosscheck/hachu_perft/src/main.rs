//! Perft of random Chu or Dai positions by koma's runtime and by HaChu with the perft patch
//! scripts/perf/hachu-perft.patch: random plain moves from the start (as
//! tests/engine/hachu_repetition.rs plays them, so both engines read the same move text), then perft in both; on a mismatch, the
//! first moves whose counts differ. See ../README.md. With `PERFT_OUT=FILE PERFT_VARIANT=NAME`,
//! the positions where both agree are appended to FILE as `.perft` cases (tests/perft/).
//! `HACHU_OPTIONS` sets HaChu options first (`Promote on entry=0` for Wa's shogi-style zone).
//! `HACHU_IDS="P=P,LN=L!,..."` (koma ID = HaChu letter) sends the final position by `setboard`
//! instead of replaying the moves; HaChu's `setboard` has no side to move, so PLIES must be even.
//!
//! usage: hachu-perft-crosscheck TABLES HACHU_VARIANT HACHU GAMES PLIES DEPTH SEED [FEN]
//! (TABLES: `koma compile variants/chu-shogi.koma -o chu.kct`; HACHU_VARIANT: chu, dai, tenjiku,
//! wa-shogi, cashew-shogi or macadamia-shogi; FEN, in HaChu's notation, replaces HaChu's own start
//! position by koma's where the two differ, as Tenjiku's do)
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::Arc;

use koma_runtime::{FullMove, Position, Tables, serialize};

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let bytes = std::fs::read(&a[1]).expect("tables file");
    let t = Arc::new(Tables::new_unchecked(serialize::decode(&bytes).expect("decodes")));
    let (variant, hachu) = (&a[2], &a[3]);
    let games: usize = a[4].parse().unwrap();
    let plies: usize = a[5].parse().unwrap();
    let depth: u32 = a[6].parse().unwrap();
    let mut seed: u64 = a[7].parse().unwrap();
    let start = a.get(8).map(String::as_str);
    let mut next = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let (mut total, mut bad) = (0u64, 0);
    for game in 0..games {
        let mut p = Position::start(t.clone()).expect("a setup");
        let mut texts: Vec<String> = Vec::new();
        for _ in 0..plies {
            let moves: Vec<FullMove> = p.moves().into_iter().filter(|m| plain(&p, m)).collect();
            if moves.is_empty() {
                break;
            }
            let m = moves[next(moves.len())];
            texts.push(p.move_text(&m));
            p.make(&m);
        }
        // With `HACHU_IDS`, HaChu gets the final position by `setboard` rather than the moves
        // (it refuses some of its own move texts, e.g. the Lion Dog's three-square leap).
        let (hn, hdiv, refused) = match hachu_fen(&p) {
            Some(fen) => run_hachu(hachu, variant, Some(&fen), &[], depth),
            None => run_hachu(hachu, variant, start, &texts, depth),
        };
        if refused {
            println!(
                "game {game}: HaChu refused a move (repetition?), skipped\n  moves {}",
                texts.join(" ")
            );
            continue;
        }
        let k = p.perft(depth);
        total += k;
        if k != hn {
            bad += 1;
            println!(
                "game {game}: MISMATCH koma {k} hachu {hn}\n  {}\n  moves {}",
                p.to_text(),
                texts.join(" ")
            );
            let mut kd: Vec<String> = p
                .divide(depth)
                .iter()
                .map(|(m, n)| format!("{} {n}", p.move_text(m)))
                .collect();
            kd.sort();
            let mut hd = hdiv.clone();
            hd.sort();
            for l in &kd {
                if !hd.contains(l) {
                    println!("  koma  {l}");
                }
            }
            for l in &hd {
                if !kd.contains(l) {
                    println!("  hachu {l}");
                }
            }
        } else {
            let fen = p.to_text().split(" history:").next().unwrap().to_string();
            println!("game {game}: {k} ok  {fen}");
            record(game, &fen, depth, k);
        }
    }
    println!("{games} positions, perft({depth}) {total} leaves, {bad} mismatches");
}

/// The position in HaChu's FEN, when `HACHU_IDS` maps koma's piece IDs to HaChu's letters.
fn hachu_fen(p: &Position) -> Option<String> {
    let ids = std::env::var("HACHU_IDS").ok()?;
    let map: std::collections::HashMap<&str, &str> = ids
        .split(',')
        .filter_map(|pair| pair.split_once('='))
        .collect();
    assert!(
        p.side_to_move() == koma_runtime::spec::Player::First,
        "HaChu's setboard cannot give the second player the move: use an even PLIES"
    );
    let text = p.to_text();
    let board = text.split_whitespace().next().expect("a board field");
    let (mut out, mut chars) = (String::new(), board.chars().peekable());
    while let Some(c) = chars.next() {
        let id: String = match c {
            '[' => chars.by_ref().take_while(|&c| c != ']').collect(),
            '+' | '/' | '0'..='9' => {
                out.push(c);
                continue;
            }
            _ => c.to_string(),
        };
        let letter = map
            .get(id.to_uppercase().as_str())
            .unwrap_or_else(|| panic!("HACHU_IDS has no letter for {id}"));
        let second = id.chars().all(|c| !c.is_ascii_uppercase());
        out += &if second {
            letter.to_lowercase()
        } else {
            letter.to_string()
        };
    }
    Some(out)
}

/// Appends an agreeing position to `$PERFT_OUT` as a `.perft` case of `$PERFT_VARIANT`.
fn record(game: usize, fen: &str, depth: u32, nodes: u64) {
    let (Ok(path), Ok(variant)) = (std::env::var("PERFT_OUT"), std::env::var("PERFT_VARIANT"))
    else {
        return;
    };
    let case = format!(
        "\nid {variant}-random-{game}\nvariant {variant}\nfen {fen}\nperft {depth} {nodes}\n"
    );
    let mut f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .expect("PERFT_OUT is writable");
    f.write_all(case.as_bytes()).expect("PERFT_OUT is writable");
}

fn run_hachu(
    path: &str,
    variant: &str,
    start: Option<&str>,
    moves: &[String],
    depth: u32,
) -> (u64, Vec<String>, bool) {
    let mut c = Command::new(path)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("hachu");
    let mut inp = c.stdin.take().unwrap();
    let mut s = format!("xboard\nprotover 2\nmemory 16\nnew\nvariant {variant}\nforce\n");
    // `HACHU_OPTIONS="Promote on entry=0"`: HaChu options (`;`-separated) set before the game.
    for option in std::env::var("HACHU_OPTIONS")
        .unwrap_or_default()
        .split(';')
    {
        if !option.is_empty() {
            s += &format!("option {option}\n");
        }
    }
    if let Some(fen) = start {
        // HaChu's `setboard` leaves its attack map stale, and `usermove` checks moves against
        // it; a `perft 1` rebuilds it (its count line is overwritten by the last one).
        s += &format!("setboard {fen}\nperft 1\n");
    }
    for m in moves {
        s += &format!("usermove {m}\n");
    }
    s += &format!("divide {depth}\nquit\n");
    inp.write_all(s.as_bytes()).unwrap();
    drop(inp);
    let (mut n, mut div, mut refused) = (0, Vec::new(), false);
    // HaChu's output is not always UTF-8 (its debug lines print raw bytes after `setboard`).
    for line in BufReader::new(c.stdout.take().unwrap())
        .split(b'\n')
        .map_while(Result::ok)
        .map(|l| String::from_utf8_lossy(&l).into_owned())
    {
        if line.starts_with("Illegal move") {
            refused = true;
        }
        if let Some(rest) = line.strip_prefix("perft ") {
            n = rest.split_whitespace().nth(1).unwrap().parse().unwrap();
        } else if !line.starts_with('#')
            && line.split_whitespace().count() == 2
            && line
                .split_whitespace()
                .nth(1)
                .unwrap()
                .parse::<u64>()
                .is_ok()
        {
            div.push(line);
        }
    }
    c.wait().unwrap();
    (n, div, refused)
}

/// A plain move: no capture, promotion or pass, and it stays out of the mover's zone, so both
/// engines read its text the same way.
fn plain(p: &Position, m: &FullMove) -> bool {
    let geo = &p.tables().geo();
    let (to, from) = (geo.coord(m.to), geo.coord(m.from));
    let first = p.side_to_move() == koma_runtime::spec::Player::First;
    let ranks = geo.height;
    let zone = if ranks == 12 { 4 } else { 5 };
    let outside = |y: u8| if first { y < ranks - zone } else { y >= zone };
    p.removed_squares(m).is_empty()
        && m.promotion().is_none()
        && !p.is_pass(m)
        && outside(from.y)
        && outside(to.y)
        && p.piece_at(m.to).is_none()
}
