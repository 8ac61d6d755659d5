//! Loading variants, running a protocol state machine synchronously, and `koma` as a process.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use koma_engine::driver::{self, Protocol, Reply, Request, run_request};
use koma_engine::{Searcher, Variant};
use koma_runtime::Tables;

pub fn tables(file: &str) -> Arc<Tables> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("variants")
        .join(file);
    tables_at(&path)
}

pub fn tables_at(path: &Path) -> Arc<Tables> {
    koma_compiler::tables(path).unwrap_or_else(|e| panic!("the variant compiles:\n{e}"))
}

pub fn xboard_variants(files: &[&str]) -> Vec<Variant> {
    files
        .iter()
        .map(|f| Variant::named_for_xboard(tables(f)))
        .collect()
}

/// Feeds input bytes to a protocol line by line, as the driver reads them, and returns the lines
/// it wrote and the searches it asked for (not run).
pub fn requests(p: &mut impl Protocol, input: &[u8]) -> (Vec<String>, Vec<Request>) {
    let mut reader = BufReader::new(input);
    let mut buf = Vec::new();
    let (mut lines, mut searches) = (Vec::new(), Vec::new());
    while let driver::Input::Line(line) = driver::read_line(&mut reader, &mut buf) {
        for reply in p.handle(&line) {
            match reply {
                Reply::Line(l) => lines.push(l),
                Reply::Search(req) => searches.push(*req),
                Reply::Stop | Reply::Quit => {}
            }
        }
    }
    (lines, searches)
}

/// Runs `koma ARGS` with all of `input` on its standard input, then its end, and returns what
/// it wrote; it must exit on its own within [`WAIT`].
pub fn piped(args: &[&str], input: &[u8]) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_koma"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("koma starts");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(input).expect("koma reads");
    drop(stdin);
    let mut stdout = child.stdout.take().expect("stdout");
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = std::io::Read::read_to_string(&mut stdout, &mut text);
        text
    });
    let start = std::time::Instant::now();
    while child.try_wait().ok().flatten().is_none() {
        if start.elapsed() > WAIT {
            let _ = child.kill();
            panic!("koma {args:?} did not exit at the end of its input");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    reader.join().expect("output read")
}

/// Feeds lines to a protocol, running every search it asks for to the end at once, and
/// returns everything it wrote.
pub fn converse(p: &mut impl Protocol, lines: &[&str]) -> Vec<String> {
    let mut searcher = Searcher::new(4);
    let mut out = Vec::new();
    for line in lines {
        let mut replies: Vec<Reply> = p.handle(line);
        while !replies.is_empty() {
            let mut next = Vec::new();
            for r in replies {
                match r {
                    Reply::Line(l) => out.push(l),
                    Reply::Search(req) => {
                        let stop = AtomicBool::new(false);
                        let result = run_request(&mut searcher, &req, &stop, &mut |l| out.push(l));
                        next.extend(p.finished(req.id, &result));
                    }
                    Reply::Stop | Reply::Quit => {}
                }
            }
            replies = next;
        }
    }
    out
}

/// An outside program on PATH or in /usr/games, where Debian installs xboard and hachu.
pub fn find_program(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/games")])
        .map(|d| d.join(program))
        .find(|p| p.is_file())
}

/// The outside programs a test needs, or `None` (the test is skipped) when one is missing; with
/// KOMA_REQUIRE_EXTERNAL set a missing program fails the test instead.
pub fn external(programs: &[&str]) -> Option<Vec<PathBuf>> {
    let found: Vec<Option<PathBuf>> = programs.iter().map(|p| find_program(p)).collect();
    if found.iter().all(Option::is_some) {
        return Some(found.into_iter().flatten().collect());
    }
    let why = format!("{programs:?} needed, found {found:?}");
    if std::env::var_os("KOMA_REQUIRE_EXTERNAL").is_some() {
        panic!("{why}");
    }
    eprintln!("skipping: {why}");
    None
}

/// Every wait is bounded: a hung engine fails the test instead of hanging it.
const WAIT: Duration = Duration::from_secs(30);

/// `koma` as a process whose output lines are read on a thread.
pub struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    seen: Vec<String>,
}

impl Engine {
    /// `koma` with these arguments.
    pub fn start(args: &[&str]) -> Engine {
        Engine::spawn(Path::new(env!("CARGO_BIN_EXE_koma")), args)
    }

    /// Any program with these arguments, from the repository root.
    pub fn spawn(program: &Path, args: &[&str]) -> Engine {
        let mut child = Command::new(program)
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("koma starts");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines: rx,
            seen: Vec::new(),
        }
    }

    pub fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    /// Sends input as it is: any bytes, lines ended by the caller.
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).expect("engine reads");
        self.stdin.flush().expect("flush");
    }

    /// Waits for a line starting with `prefix`; returns it.
    pub fn expect(&mut self, prefix: &str) -> String {
        loop {
            match self.lines.recv_timeout(WAIT) {
                Ok(l) => {
                    self.seen.push(l.clone());
                    if l.starts_with(prefix) {
                        return l;
                    }
                }
                Err(_) => panic!("no `{prefix}` line; engine wrote {:#?}", self.seen),
            }
        }
    }

    /// Every line read so far.
    pub fn seen(&self) -> &[String] {
        &self.seen
    }

    /// Waits for the engine to exit on its own, successfully.
    pub fn wait(mut self) {
        let start = std::time::Instant::now();
        while start.elapsed() < WAIT {
            if let Ok(Some(status)) = self.child.try_wait() {
                assert!(status.success(), "exit status {status}");
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        panic!("koma did not exit; it wrote {:#?}", self.seen);
    }

    pub fn quit(mut self) {
        self.send("quit");
        for _ in 0..300 {
            if let Ok(Some(status)) = self.child.try_wait() {
                assert!(status.success(), "exit status {status}");
                return;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let _ = self.child.kill();
        panic!("koma did not quit");
    }
}
