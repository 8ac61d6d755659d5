//! Chu's modern repetition against HaChu, the reference engine XBoard players use: random
//! shuffles of Chu pieces that keep stepping back where they came from, every move asked of
//! both koma (`variants/chu-shogi.koma`, `repeat illegal`) and HaChu (`Illegal move {Repeats
//! earlier position}`); they must agree on every one. Without hachu the test is skipped, or
//! fails when KOMA_REQUIRE_EXTERNAL is set.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use koma_engine::referee::opening::SplitMix64;
use koma_runtime::{FullMove, Position};

use super::common::{find_program, tables};

struct HaChu {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    ping: u32,
}

impl HaChu {
    fn start(path: &PathBuf) -> HaChu {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("hachu starts");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut h = HaChu {
            child,
            stdin,
            lines,
            ping: 0,
        };
        // `memory` before anything else: HaChu lists the legal moves only with a hash table.
        for line in [
            "xboard",
            "protover 2",
            "memory 16",
            "new",
            "variant chu",
            "force",
        ] {
            h.send(line);
        }
        h.sync();
        h
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("write to hachu");
    }

    /// Waits for HaChu to answer a ping; returns the lines before the answer.
    fn sync(&mut self) -> Vec<String> {
        self.ping += 1;
        let n = self.ping;
        self.send(&format!("ping {n}"));
        let mut seen = Vec::new();
        loop {
            let line = self
                .lines
                .recv_timeout(Duration::from_secs(10))
                .expect("hachu answers within 10 s");
            if line == format!("pong {n}") {
                return seen;
            }
            seen.push(line);
        }
    }

    /// Plays the move if HaChu takes it; whether it did.
    fn accepts(&mut self, text: &str) -> bool {
        self.send(&format!("usermove {text}"));
        let lines = self.sync();
        !lines.iter().any(|l| l.starts_with("Illegal move"))
    }
}

impl Drop for HaChu {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.child.wait();
    }
}

/// A plain move that neither captures nor comes near promotion (it stays out of the mover's
/// zone, the far four ranks): the same text for both engines.
fn plain(p: &Position, m: &FullMove) -> bool {
    let geo = &p.tables().geo();
    let (to, from) = (geo.coord(m.to), geo.coord(m.from));
    let first = p.side_to_move() == koma_runtime::spec::Player::First;
    let outside = |y: u8| if first { y < 8 } else { y > 3 };
    p.removed_squares(m).is_empty()
        && m.promotion().is_none()
        && !p.is_pass(m)
        && outside(from.y)
        && outside(to.y)
        && p.piece_at(m.to).is_none()
}

#[test]
fn hachu_and_koma_agree_on_which_moves_repeat_in_chu() {
    let Some(path) = find_program("hachu") else {
        let why = "hachu missing";
        if std::env::var_os("KOMA_REQUIRE_EXTERNAL").is_some() {
            panic!("{why}");
        }
        eprintln!("skipping the HaChu repetition test: {why}");
        return;
    };
    let t = tables("chu-shogi.koma");
    // The referee's seeded generator: the same games on every run (proptest would shrink
    // through HaChu's processes).
    let mut rng = SplitMix64::new(0x9e37_79b9_7f4a_7c15);
    let mut next = |n: usize| rng.below(n);
    let (mut refused, mut agreed) = (0, 0);
    for game in 0..4 {
        let mut hachu = HaChu::start(&path);
        let mut p = Position::start(t.clone()).expect("a setup");
        // Open some lines first: pawns forward, then the pieces behind them shuffle.
        for text in ["c4c5", "j9j8", "j4j5", "c9c8", "e4e5", "h9h8"] {
            let m = p.parse_move(text).expect("opening move");
            assert!(hachu.accepts(text), "HaChu refuses the opening move {text}");
            p.make(&m);
        }
        let mut last: [Option<FullMove>; 2] = [None, None];
        for ply in 0..40 {
            let side = p.side_to_move().index();
            // Step back where this side's last move came from, when that is a plain move.
            let back = last[side].map(|m| {
                format!(
                    "{}{}",
                    p.tables().geo().name(m.to),
                    p.tables().geo().name(m.from)
                )
            });
            if let Some(text) = back.filter(|_| next(4) > 0) {
                let legal_in_koma = p.moves().iter().any(|m| p.move_text(m) == text);
                let legal_in_hachu = hachu.accepts(&text);
                assert_eq!(
                    legal_in_koma,
                    legal_in_hachu,
                    "game {game} ply {ply}: `{text}` in {}",
                    p.to_text()
                );
                agreed += 1;
                if legal_in_koma {
                    let m = p.parse_move(&text).expect("legal");
                    p.make(&m);
                    last[side] = Some(m);
                    continue;
                }
                refused += 1;
            }
            let moves: Vec<FullMove> = p.moves().into_iter().filter(|m| plain(&p, m)).collect();
            assert!(!moves.is_empty(), "no plain move in {}", p.to_text());
            let m = moves[next(moves.len())];
            let text = p.move_text(&m);
            assert!(
                hachu.accepts(&text),
                "game {game} ply {ply}: HaChu refuses `{text}` in {}",
                p.to_text()
            );
            p.make(&m);
            last[side] = Some(m);
        }
    }
    eprintln!("{agreed} step-backs compared, {refused} refused as repeats by both");
    assert!(refused >= 5, "too few repetitions came up: {refused}");
}
