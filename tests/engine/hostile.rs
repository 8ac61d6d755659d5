//! Hostile input to the protocols (issue 24): every number a GUI sends is clamped, and every
//! byte sequence is survived. The repro inputs are in `hostile/`; each one
//! is played to the state machines (what limits a search gets) and to `koma` over pipes (that
//! the engine answers after it).

use std::io::{BufReader, Read};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use koma_engine::cecp::{Cecp, CecpOptions};
use koma_engine::driver::{self, Protocol, Reply, Request};
use koma_engine::time::{Budget, Clock, MAX_TIME};
use koma_engine::uci::Uci;
use koma_engine::{Limits, SearchResult, Variant};
use koma_runtime::Position;

use super::common::{Engine, requests, tables, xboard_variants};

const XBOARD_ST_INF: &[u8] = include_bytes!("hostile/xboard-st-inf.txt");
const XBOARD_LEVEL_INF_BASE: &[u8] = include_bytes!("hostile/xboard-level-inf-base.txt");
const XBOARD_HUGE_INCREMENT: &[u8] = include_bytes!("hostile/xboard-level-huge-increment.txt");
const XBOARD_LATIN1_NAME: &[u8] = include_bytes!("hostile/xboard-latin1-name.txt");
const UCI_INVALID_UTF8: &[u8] = include_bytes!("hostile/uci-invalid-utf8.txt");
const UCI_NEGATIVE_WTIME: &[u8] = include_bytes!("hostile/uci-negative-wtime.txt");

fn cecp() -> Cecp {
    Cecp::new(xboard_variants(&["chess.koma"]), CecpOptions::default())
}

fn uci() -> Uci {
    Uci::new(vec![Variant::named_for_uci(tables("chess.koma"))])
}

/// The one search a conversation asked for.
fn only(searches: Vec<Request>) -> Limits {
    assert_eq!(searches.len(), 1, "{searches:?}");
    searches
        .into_iter()
        .next()
        .map(|r| r.limits)
        .unwrap_or_default()
}

#[test]
fn cecp_clamps_endless_times_per_move() {
    for st in ["inf", "1e300", "18446744073709551615"] {
        let input = format!("xboard\nprotover 2\nst {st}\ngo\n");
        let limits = only(requests(&mut cecp(), input.as_bytes()).1);
        assert_eq!(limits.movetime, Some(MAX_TIME), "st {st}");
        let budget = Budget::fixed(MAX_TIME);
        assert!(budget.soft <= budget.hard && budget.hard <= MAX_TIME);
    }
    let limits = only(requests(&mut cecp(), XBOARD_ST_INF).1);
    assert_eq!(limits.movetime, Some(MAX_TIME));
    // Negative and zero times per move are the shortest think, not an error.
    let limits = only(requests(&mut cecp(), b"protover 2\nst -5\ngo\n").1);
    assert_eq!(limits.movetime, Some(Duration::ZERO));
    let (lines, _) = requests(&mut cecp(), b"protover 2\nst nan\nst x\n");
    assert_eq!(
        lines[lines.len() - 2..],
        ["Error (bad time): nan", "Error (bad time): x"]
    );
}

#[test]
fn cecp_clamps_levels_and_clocks() {
    let clock = |input: &[u8]| only(requests(&mut cecp(), input).1).clock.expect("a clock");
    let c = clock(XBOARD_LEVEL_INF_BASE);
    assert_eq!((c.left, c.increment), (MAX_TIME, Duration::ZERO));
    let c = clock(XBOARD_HUGE_INCREMENT);
    assert_eq!(c.increment, MAX_TIME);
    assert_eq!(c.left, Duration::from_secs(300));
    // The budget of the largest clock the engine takes does not overflow.
    let largest = Clock {
        left: MAX_TIME,
        increment: MAX_TIME,
        moves_to_go: Some(1),
        latency: MAX_TIME,
    };
    for c in [c, largest] {
        let b = c.budget();
        assert!(b.soft <= b.hard, "{b:?}");
    }
    let c = clock(b"protover 2\nlevel 0 5 0\ntime 18446744073709551615\ngo\n");
    assert_eq!(c.left, MAX_TIME);
    let c = clock(b"protover 2\nlevel -3 -5 -1\ntime -100\ngo\n");
    assert_eq!(
        (c.left, c.increment, c.moves_to_go),
        (Duration::ZERO, Duration::ZERO, None)
    );
    let limits = only(requests(&mut cecp(), b"protover 2\nsd 4294967296\ngo\n").1);
    assert_eq!(limits.depth, Some(u32::MAX));
}

#[test]
fn cecp_reads_a_latin1_name_and_answers_the_ping_after_it() {
    let (lines, searches) = requests(&mut cecp(), XBOARD_LATIN1_NAME);
    assert_eq!(
        lines.last().map(String::as_str),
        Some("pong 7"),
        "{lines:?}"
    );
    assert_eq!(searches.len(), 1);
}

#[test]
fn uci_reads_negative_numbers_as_zero_and_huge_ones_as_their_bound() {
    let limits = only(requests(&mut uci(), UCI_NEGATIVE_WTIME).1);
    let clock = limits.clock.expect("White's clock");
    assert_eq!(clock.left, Duration::ZERO);
    let go = |words: &str| only(requests(&mut uci(), format!("go {words}\n").as_bytes()).1);
    assert_eq!(go("movetime -5").movetime, Some(Duration::ZERO));
    assert_eq!(go("depth -3").depth, Some(0));
    assert_eq!(go("nodes -1").nodes, Some(0));
    assert_eq!(go("depth 4294967296").depth, Some(u32::MAX));
    assert_eq!(go("nodes 1e300").nodes, Some(u64::MAX));
    let c = go("wtime 1e300 winc 18446744073709551615 movestogo -2")
        .clock
        .expect("clock");
    assert_eq!(
        (c.left, c.increment, c.moves_to_go),
        (MAX_TIME, MAX_TIME, Some(0))
    );
    let b = c.budget();
    assert!(b.soft <= b.hard, "{b:?}");
    // What is no number is said, and the rest of the command still counts.
    let (lines, searches) = requests(&mut uci(), b"go movetime x depth 2\n");
    assert_eq!(
        lines,
        ["info string go: `movetime x` is not a number; ignored"]
    );
    assert_eq!(only(searches).depth, Some(2));
}

#[test]
fn uci_depth_beyond_u32_searches_deeper_than_one_ply() {
    // The depth is the search's maximum, not the low 32 bits (once 0, then 1 ply); the node
    // limit ends it.
    let mut e = uci();
    let out = super::common::converse(
        &mut e,
        &["position startpos", "go depth 4294967296 nodes 3000"],
    );
    assert!(
        out.iter().any(|l| l.starts_with("info depth 2 ")),
        "{out:?}"
    );
    assert!(
        out.last().is_some_and(|l| l.starts_with("bestmove ")),
        "{out:?}"
    );
}

#[test]
fn uci_hash_values_are_clamped_and_invalid_utf8_is_said() {
    let (lines, searches) = requests(&mut uci(), UCI_INVALID_UTF8);
    assert!(
        lines.contains(&"info string bad Hash value 1\u{fffd}".to_string()),
        "{lines:?}"
    );
    assert!(lines.contains(&"readyok".to_string()), "{lines:?}");
    assert_eq!(only(searches).depth, Some(3));
    let hash = |value: &str| {
        let input = format!("setoption name Hash value {value}\ngo depth 1\n");
        requests(&mut uci(), input.as_bytes()).1[0].hash_mb
    };
    assert_eq!(hash("-5"), 1);
    assert_eq!(hash("1e300"), driver::MAX_HASH_MB);
    assert_eq!(hash("64"), 64);
}

/// A reader that blocks until the test sends more input; dropping the sender ends it.
struct Pipe {
    rx: Receiver<Vec<u8>>,
    pending: Vec<u8>,
}

impl Read for Pipe {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.pending.is_empty() {
            match self.rx.recv() {
                Ok(bytes) => self.pending = bytes,
                Err(_) => return Ok(0),
            }
        }
        let n = buf.len().min(self.pending.len());
        buf[..n].copy_from_slice(&self.pending[..n]);
        self.pending.drain(..n);
        Ok(n)
    }
}

/// Output shared with the test.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if let Ok(mut v) = self.0.lock() {
            v.extend_from_slice(buf);
        }
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A protocol whose `go` asks for a search whose clock overflows the time budget when it is
/// not clamped (as a library caller can build it): the search thread may panic.
struct Overflowing {
    position: Position,
}

impl Protocol for Overflowing {
    fn handle(&mut self, line: &str) -> Vec<Reply> {
        match line {
            "go" => vec![Reply::Search(Box::new(Request {
                id: 1,
                position: self.position.clone(),
                limits: Limits {
                    clock: Some(Clock {
                        left: Duration::MAX,
                        increment: Duration::MAX,
                        moves_to_go: None,
                        latency: Duration::MAX,
                    }),
                    ..Limits::default()
                },
                hash_mb: 1,
                contempt: 0,
                new_game: true,
                info: None,
            }))],
            "stop" => vec![Reply::Stop],
            _ => vec![Reply::Line(format!("echo {line}"))],
        }
    }

    fn finished(&mut self, _id: u64, result: &SearchResult) -> Vec<Reply> {
        let best = result.best.map(|m| self.position.move_text(&m));
        vec![Reply::Line(format!("best {best:?}"))]
    }

    fn refuse(&mut self, why: &str) -> Vec<Reply> {
        vec![Reply::Line(why.to_string())]
    }
}

#[test]
fn a_search_that_panics_does_not_hang_the_driver() {
    let position = Position::start(tables("chess.koma")).expect("start");
    let (tx, rx): (Sender<Vec<u8>>, _) = channel();
    let out = Shared::default();
    let (out2, position2) = (out.clone(), position.clone());
    let engine = std::thread::spawn(move || {
        driver::run(
            Overflowing {
                position: position2,
            },
            BufReader::new(Pipe {
                rx,
                pending: Vec::new(),
            }),
            out2,
        )
    });
    let _ = tx.send(b"go\nstop\nafter\n".to_vec());
    let text = || String::from_utf8_lossy(&out.0.lock().expect("output")).into_owned();
    for _ in 0..300 {
        if text().contains("echo after") {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let written = text();
    assert!(
        written.contains("echo after"),
        "the driver hung: {written:?}"
    );
    let best = written
        .lines()
        .find_map(|l| {
            l.strip_prefix("best Some(\"")
                .and_then(|m| m.strip_suffix("\")"))
        })
        .expect("a best move");
    assert!(position.clone().parse_move(best).is_ok(), "{best}");
    drop(tx);
    engine.join().expect("the driver ends with its input");
}

/// Over pipes: each repro is sent as it is, then the engine must still answer.
#[test]
fn xboard_over_pipes_survives_endless_times_and_latin1() {
    for (name, input) in [
        ("st inf", XBOARD_ST_INF.to_vec()),
        ("st 1e300", b"xboard\nprotover 2\nst 1e300\ngo\n".to_vec()),
        (
            "st 2^64-1",
            b"xboard\nprotover 2\nst 18446744073709551615\ngo\n".to_vec(),
        ),
        ("level 0 inf 0", XBOARD_LEVEL_INF_BASE.to_vec()),
    ] {
        let mut e = Engine::start(&["xboard", "variants/chess.koma"]);
        e.send_bytes(&input);
        std::thread::sleep(Duration::from_millis(200));
        e.send("?");
        let mv = e.expect("move ");
        assert!(mv.len() >= 9, "{name}: {mv}");
        e.send("ping 9");
        e.expect("pong 9");
        e.quit();
    }

    // The increment overflowed the budget on the search thread, and `?` then hung.
    let mut e = Engine::start(&["xboard", "variants/chess.koma"]);
    e.send_bytes(XBOARD_HUGE_INCREMENT);
    e.expect("pong 1");
    e.expect("pong 2");
    e.quit();

    let mut e = Engine::start(&["xboard", "variants/chess.koma"]);
    e.send_bytes(XBOARD_LATIN1_NAME);
    e.expect("pong 7");
    e.send("?");
    e.expect("move ");
    e.quit();
}

#[test]
fn uci_over_pipes_survives_invalid_utf8_negative_limits_and_long_lines() {
    let mut e = Engine::start(&["uci", "variants/chess.koma"]);
    e.send_bytes(UCI_INVALID_UTF8);
    e.expect("info string bad Hash value");
    e.expect("readyok");
    e.expect("bestmove ");
    // Each of these used to mean "no limit": the search never ended.
    e.send_bytes(UCI_NEGATIVE_WTIME);
    e.expect("bestmove ");
    for go in [
        "go movetime -5",
        "go depth -1",
        "go nodes -1",
        "go btime -1 wtime -1",
    ] {
        e.send(go);
        e.expect("bestmove ");
    }
    // A line over the limit is refused and the next one read.
    let mut long = vec![b'x'; driver::MAX_LINE + 10];
    long.push(b'\n');
    e.send_bytes(&long);
    e.expect("info string a line longer than");
    e.send("isready");
    e.expect("readyok");
    e.quit();
}

/// `koma play --engine-time 1e300` is a year a move, not a panic: here the engine has one
/// legal move, so it plays it at once.
#[test]
fn koma_play_takes_an_endless_engine_time() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_koma"))
        .args([
            "play",
            "variants/chess.koma",
            "--second",
            "--engine-time",
            "1e300",
        ])
        .args(["--fen", "k7/8/8/8/8/8/1r6/K7 w - - 0 1"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(std::process::Stdio::null())
        .output()
        .expect("koma play runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("koma plays "), "{stdout}");
}
