//! Perft of random Chu or Dai positions by koma's runtime and by HaChu with the perft patch of
//! docs/performance.md: random plain moves from the start (as tests/engine/hachu_repetition.rs
//! plays them, so both engines read the same move text), then perft in both; on a mismatch, the
//! first moves whose counts differ. See ../README.md.
//!
//! usage: hachu-perft-crosscheck TABLES HACHU_VARIANT HACHU GAMES PLIES DEPTH SEED
//! (TABLES: `koma compile variants/chu-shogi.koma -o chu.kct`; HACHU_VARIANT: chu or dai)
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
        let (hn, hdiv, refused) = run_hachu(hachu, variant, &texts, depth);
        if refused {
            println!("game {game}: HaChu refused a move (repetition?), skipped");
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
            println!(
                "game {game}: {k} ok  {}",
                p.to_text().split(" history:").next().unwrap()
            );
        }
    }
    println!("{games} positions, perft({depth}) {total} leaves, {bad} mismatches");
}

fn run_hachu(path: &str, variant: &str, moves: &[String], depth: u32) -> (u64, Vec<String>, bool) {
    let mut c = Command::new(path)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("hachu");
    let mut inp = c.stdin.take().unwrap();
    let mut s = format!("xboard\nprotover 2\nmemory 16\nnew\nvariant {variant}\nforce\n");
    for m in moves {
        s += &format!("usermove {m}\n");
    }
    s += &format!("divide {depth}\nquit\n");
    inp.write_all(s.as_bytes()).unwrap();
    drop(inp);
    let (mut n, mut div, mut refused) = (0, Vec::new(), false);
    for line in BufReader::new(c.stdout.take().unwrap())
        .lines()
        .map_while(Result::ok)
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
