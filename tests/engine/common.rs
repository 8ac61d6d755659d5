//! Loading variants, running a protocol state machine synchronously, and `koma` as a process.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use koma_engine::driver::{Protocol, Reply, run_request};
use koma_engine::{Searcher, Variant};
use koma_runtime::Tables;

pub fn tables(file: &str) -> Arc<Tables> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("variants")
        .join(file);
    tables_at(&path)
}

pub fn tables_at(path: &Path) -> Arc<Tables> {
    let loaded = koma_compiler::load(path);
    let variant = loaded.variant.expect("shipped variant compiles");
    Arc::new(Tables::new(koma_compiler::emit(&variant)))
}

pub fn xboard_variants(files: &[&str]) -> Vec<Variant> {
    files
        .iter()
        .map(|f| Variant::named_for_xboard(tables(f)))
        .collect()
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
    pub fn start(args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_koma"))
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
