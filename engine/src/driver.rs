//! Connects a protocol state machine to an input, an output and a search thread. The protocols
//! ([`crate::cecp`], [`crate::uci`]) are pure: a line in, [`Reply`]s out. This module reads lines
//! while a search runs (so `?`, `stop`, `ping` and `quit` are answered at once), runs each
//! [`Request`] on its own thread, and hands the result back to the protocol.

use std::collections::VecDeque;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::thread::JoinHandle;

use koma_runtime::{FullMove, Position};

use crate::search::{Info, Limits, SearchResult, Searcher};

/// What a protocol asks its driver to do.
#[derive(Debug)]
pub enum Reply {
    /// Write this line.
    Line(String),
    /// Start a search (any search still running was stopped by an earlier [`Reply::Stop`]).
    Search(Box<Request>),
    /// Stop the running search; its result still comes back through [`Protocol::finished`].
    Stop,
    /// Stop everything and exit.
    Quit,
}

/// A search to run.
#[derive(Debug)]
pub struct Request {
    /// Given back with the result, so that a protocol can ignore stale results.
    pub id: u64,
    pub position: Position,
    pub limits: Limits,
    pub hash_mb: usize,
    /// Forget the transposition table first (a new game).
    pub new_game: bool,
    /// How to report progress; `None` = silently.
    pub info: Option<InfoFormat>,
}

/// How a protocol writes moves.
pub trait MoveText: Send + Sync + std::fmt::Debug {
    fn text(&self, pos: &mut Position, m: &FullMove) -> String;
}

/// Thinking output: the protocol's line style and its move writer.
#[derive(Clone, Debug)]
pub struct InfoFormat {
    pub style: InfoStyle,
    pub moves: Arc<dyn MoveText>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InfoStyle {
    /// `depth score centiseconds nodes seldepth nps 0<TAB>pv`.
    Cecp,
    /// `info depth .. score cp|mate .. nodes .. nps .. time .. pv ..`.
    Uci,
}

impl InfoFormat {
    /// The moves of a PV as text, played out from `pos`.
    pub fn pv(&self, pos: &Position, pv: &[FullMove]) -> Vec<String> {
        let mut p = pos.clone();
        let mut out = Vec::new();
        for &m in pv {
            if !p.moves().contains(&m) {
                break;
            }
            out.push(self.moves.text(&mut p, &m));
            p.make(&m);
        }
        out
    }

    /// One progress line.
    pub fn line(&self, pos: &Position, info: &Info) -> String {
        let pv = self.pv(pos, &info.pv).join(" ");
        match self.style {
            InfoStyle::Cecp => {
                let score = match info.score {
                    crate::Score::Centipawns(c) => c,
                    crate::Score::Mate(n) if n >= 0 => 100_000 + n,
                    crate::Score::Mate(n) => -100_000 + n,
                };
                format!(
                    "{} {} {} {} {} {} 0\t{}",
                    info.depth,
                    score,
                    info.time.as_millis() / 10,
                    info.nodes,
                    info.seldepth,
                    info.nps(),
                    pv
                )
            }
            InfoStyle::Uci => {
                let score = match info.score {
                    crate::Score::Centipawns(c) => format!("cp {c}"),
                    crate::Score::Mate(n) => format!("mate {n}"),
                };
                format!(
                    "info depth {} seldepth {} score {} nodes {} nps {} time {} pv {}",
                    info.depth,
                    info.seldepth,
                    score,
                    info.nodes,
                    info.nps(),
                    info.time.as_millis(),
                    pv
                )
            }
        }
    }
}

/// A protocol state machine.
pub trait Protocol {
    /// One input line.
    fn handle(&mut self, line: &str) -> Vec<Reply>;
    /// The search `id` finished (or was stopped) with `result`.
    fn finished(&mut self, id: u64, result: &SearchResult) -> Vec<Reply>;
}

/// Runs a search request to the end on this thread (tests and simple callers); `line` hears
/// the progress lines the request asks for.
pub fn run_request(
    searcher: &mut Searcher,
    req: &Request,
    stop: &AtomicBool,
    line: &mut dyn FnMut(String),
) -> SearchResult {
    searcher.set_hash(req.hash_mb);
    if req.new_game {
        searcher.clear();
    }
    searcher.search(&req.position, &req.limits, stop, &mut |info| {
        if let Some(f) = &req.info {
            line(f.line(&req.position, info));
        }
    })
}

enum Event {
    Line(String),
    Eof,
    Done(u64, SearchResult, Searcher),
}

struct Running {
    stop: Arc<AtomicBool>,
    handle: JoinHandle<()>,
}

/// Runs `protocol` over `input` and `output` until `quit` or the end of the input.
pub fn run<P: Protocol>(
    mut protocol: P,
    input: impl BufRead + Send + 'static,
    output: impl Write + Send + 'static,
) {
    let out = Arc::new(Mutex::new(output));
    let (tx, rx) = mpsc::channel::<Event>();
    let reader_tx = tx.clone();
    std::thread::spawn(move || {
        for line in input.lines() {
            let Ok(line) = line else { break };
            if reader_tx.send(Event::Line(line)).is_err() {
                return;
            }
        }
        let _ = reader_tx.send(Event::Eof);
    });
    let mut searcher = Some(Searcher::new(16));
    let mut running: Option<Running> = None;
    let mut queue: VecDeque<Event> = VecDeque::new();
    let mut replies: VecDeque<Reply> = VecDeque::new();
    loop {
        while let Some(reply) = replies.pop_front() {
            match reply {
                Reply::Line(l) => write_line(&out, &l),
                Reply::Stop => {
                    if let Some(r) = running.take() {
                        r.stop.store(true, Ordering::Relaxed);
                        // Wait for the result; keep other input for later.
                        loop {
                            match rx.recv() {
                                Ok(Event::Done(id, result, s)) => {
                                    let _ = r.handle.join();
                                    searcher = Some(s);
                                    let more = protocol.finished(id, &result);
                                    for (i, m) in more.into_iter().enumerate() {
                                        replies.insert(i, m);
                                    }
                                    break;
                                }
                                Ok(e) => queue.push_back(e),
                                Err(_) => return,
                            }
                        }
                    }
                }
                Reply::Search(req) => {
                    let Some(mut s) = searcher.take() else {
                        continue;
                    };
                    let stop = Arc::new(AtomicBool::new(false));
                    let (stop2, tx2, out2) = (stop.clone(), tx.clone(), out.clone());
                    let req = *req;
                    let handle = std::thread::spawn(move || {
                        let result = run_request(&mut s, &req, &stop2, &mut |l| {
                            write_line(&out2, &l);
                        });
                        let _ = tx2.send(Event::Done(req.id, result, s));
                    });
                    running = Some(Running { stop, handle });
                }
                Reply::Quit => {
                    if let Some(r) = running.take() {
                        r.stop.store(true, Ordering::Relaxed);
                        let _ = r.handle.join();
                    }
                    return;
                }
            }
        }
        let event = match queue.pop_front() {
            Some(e) => e,
            None => match rx.recv() {
                Ok(e) => e,
                Err(_) => return,
            },
        };
        match event {
            Event::Line(l) => replies.extend(protocol.handle(&l)),
            Event::Done(id, result, s) => {
                if let Some(r) = running.take() {
                    let _ = r.handle.join();
                }
                searcher = Some(s);
                replies.extend(protocol.finished(id, &result));
            }
            Event::Eof => replies.push_back(Reply::Quit),
        }
    }
}

fn write_line<W: Write>(out: &Mutex<W>, line: &str) {
    if let Ok(mut w) = out.lock() {
        let _ = writeln!(w, "{line}");
        let _ = w.flush();
    }
}
