//! Connects a protocol state machine to an input, an output and a search thread. The protocols
//! ([`crate::cecp`], [`crate::uci`]) are pure: a line in, [`Reply`]s out. This module reads lines
//! while a search runs (so `?`, `stop`, `ping` and `quit` are answered at once), runs each
//! [`Request`] on its own thread, and hands the result back to the protocol. Input is bytes: a
//! line that is not UTF-8 is read lossily (XBoard passes on Latin-1 names), and one longer than
//! [`MAX_LINE`] is refused, so no input ends the engine or takes its memory.

use std::collections::VecDeque;
use std::io::{BufRead, ErrorKind, Write};
use std::ops::ControlFlow;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::thread::JoinHandle;

use koma_runtime::{FullMove, Position};

use crate::search::{Info, Limits, SearchResult, Searcher};

/// The largest transposition table a protocol accepts (XBoard `memory`, UCI `Hash`), in MB.
pub const MAX_HASH_MB: usize = 4096;

/// The longest input line handed to a protocol, in bytes: a `position` of 100,000 moves fits.
/// A longer line is skipped and refused ([`Protocol::refuse`]).
pub const MAX_LINE: usize = 1 << 20;

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
    /// Centipawns a draw costs the engine ([`Searcher::set_contempt`]).
    pub contempt: i32,
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
    /// Says that an input line was not handed over, and why.
    fn refuse(&mut self, why: &str) -> Vec<Reply>;
}

/// One line of input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// A line without its line end, any bytes that are not UTF-8 replaced by U+FFFD.
    Line(String),
    /// A line longer than [`MAX_LINE`] bytes, skipped to its end.
    TooLong,
    /// The end of the input (or an input that cannot be read).
    End,
}

/// Reads the next line of `input`; `buf` is scratch space kept between calls.
pub fn read_line(input: &mut impl BufRead, buf: &mut Vec<u8>) -> Input {
    buf.clear();
    let (mut read_any, mut too_long) = (false, false);
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(_) => return Input::End,
        };
        if chunk.is_empty() {
            break;
        }
        read_any = true;
        let newline = chunk.iter().position(|&b| b == b'\n');
        let part = &chunk[..newline.unwrap_or(chunk.len())];
        let room = MAX_LINE - buf.len();
        too_long |= part.len() > room;
        buf.extend_from_slice(&part[..part.len().min(room)]);
        let used = newline.map_or(chunk.len(), |i| i + 1);
        input.consume(used);
        if newline.is_some() {
            break;
        }
    }
    if !read_any {
        Input::End
    } else if too_long {
        Input::TooLong
    } else {
        let line = String::from_utf8_lossy(buf);
        Input::Line(line.strip_suffix('\r').unwrap_or(&line).to_string())
    }
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
    searcher.set_contempt(req.contempt);
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
    Input(Input),
    /// A finished search (its result boxed: an input line's event is a small fraction of it).
    Done(u64, Box<SearchResult>, Searcher),
}

struct Running {
    stop: Arc<AtomicBool>,
    handle: JoinHandle<()>,
}

/// Runs `protocol` over `input` and `output` until `quit` or the end of the input. The end of
/// the input stops a running search and reports its result before the engine exits, as `stop`
/// then `quit` would: commands piped from a file get their answer, as with Stockfish.
pub fn run<P: Protocol>(
    protocol: P,
    input: impl BufRead + Send + 'static,
    output: impl Write + Send + 'static,
) {
    let (tx, rx) = mpsc::channel::<Event>();
    spawn_reader(input, tx.clone());
    let mut driver = Driver {
        protocol,
        out: Arc::new(Mutex::new(output)),
        tx,
        rx,
        searcher: Some(Searcher::new(16)),
        running: None,
        queue: VecDeque::new(),
        replies: VecDeque::new(),
    };
    loop {
        while let Some(reply) = driver.replies.pop_front() {
            if driver.answer(reply).is_break() {
                return;
            }
        }
        let event = match driver.queue.pop_front() {
            Some(e) => e,
            None => match driver.rx.recv() {
                Ok(e) => e,
                Err(_) => return,
            },
        };
        driver.event(event);
    }
}

/// Reads `input` line by line on a thread of its own, sending each line as an event, until
/// the input ends or nobody listens.
fn spawn_reader(mut input: impl BufRead + Send + 'static, tx: mpsc::Sender<Event>) {
    std::thread::spawn(move || {
        let mut buf = Vec::new();
        loop {
            let line = read_line(&mut input, &mut buf);
            let end = line == Input::End;
            if tx.send(Event::Input(line)).is_err() || end {
                return;
            }
        }
    });
}

/// The state of [`run`]: the protocol, the one searcher (lent to the running search), and the
/// events and replies waiting.
struct Driver<P, W> {
    protocol: P,
    out: Arc<Mutex<W>>,
    tx: mpsc::Sender<Event>,
    rx: mpsc::Receiver<Event>,
    searcher: Option<Searcher>,
    running: Option<Running>,
    /// Events that came while the driver waited for a search's result.
    queue: VecDeque<Event>,
    replies: VecDeque<Reply>,
}

impl<P: Protocol, W: Write + Send + 'static> Driver<P, W> {
    /// Carries out one reply of the protocol; `Break` when the engine exits.
    fn answer(&mut self, reply: Reply) -> ControlFlow<()> {
        match reply {
            Reply::Line(l) => write_line(&self.out, &l),
            Reply::Stop => return self.stop_search(),
            Reply::Search(req) => self.start_search(*req),
            Reply::Quit => {
                if let Some(r) = self.running.take() {
                    r.stop.store(true, Ordering::Relaxed);
                    let _ = r.handle.join();
                }
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    }

    /// Stops the running search and waits for its result, whose replies come first; other
    /// input waits in the queue. `Break` when the events end.
    fn stop_search(&mut self) -> ControlFlow<()> {
        let Some(r) = self.running.take() else {
            return ControlFlow::Continue(());
        };
        r.stop.store(true, Ordering::Relaxed);
        loop {
            match self.rx.recv() {
                Ok(Event::Done(id, result, s)) => {
                    let _ = r.handle.join();
                    self.searcher = Some(s);
                    let more = self.protocol.finished(id, &result);
                    for (i, m) in more.into_iter().enumerate() {
                        self.replies.insert(i, m);
                    }
                    return ControlFlow::Continue(());
                }
                Ok(e) => self.queue.push_back(e),
                Err(_) => return ControlFlow::Break(()),
            }
        }
    }

    /// Starts a search on a thread of its own, with the searcher (none runs: the protocols
    /// stop a search before they start one).
    fn start_search(&mut self, req: Request) {
        let Some(mut s) = self.searcher.take() else {
            return;
        };
        let stop = Arc::new(AtomicBool::new(false));
        let (stop2, tx2, out2) = (stop.clone(), self.tx.clone(), self.out.clone());
        let handle = std::thread::spawn(move || {
            let searched = catch_unwind(AssertUnwindSafe(|| {
                run_request(&mut s, &req, &stop2, &mut |l| write_line(&out2, &l))
            }));
            // A search that panicked (a bug: the panic is on stderr) must not hang the
            // engine: it answers with a legal move from a fresh searcher.
            let result = searched.unwrap_or_else(|_| {
                s = Searcher::new(req.hash_mb);
                fallback(&req)
            });
            let _ = tx2.send(Event::Done(req.id, Box::new(result), s));
        });
        self.running = Some(Running { stop, handle });
    }

    /// Hands an input line to the protocol, or takes a finished search's result.
    fn event(&mut self, event: Event) {
        match event {
            Event::Input(Input::Line(l)) => self.replies.extend(self.protocol.handle(&l)),
            Event::Input(Input::TooLong) => self.replies.extend(
                self.protocol
                    .refuse(&format!("a line longer than {MAX_LINE} bytes was ignored")),
            ),
            Event::Input(Input::End) => self.replies.extend([Reply::Stop, Reply::Quit]),
            Event::Done(id, result, s) => {
                if let Some(r) = self.running.take() {
                    let _ = r.handle.join();
                }
                self.searcher = Some(s);
                self.replies.extend(self.protocol.finished(id, &result));
            }
        }
    }
}

/// The result of a search that failed: the first legal root move, searched to no depth.
fn fallback(req: &Request) -> SearchResult {
    let moves = req.position.clone().moves();
    let allowed = |m: &&FullMove| req.limits.root_moves.as_ref().is_none_or(|r| r.contains(m));
    let best = moves.iter().find(allowed).or(moves.first()).copied();
    SearchResult {
        best,
        ponder: None,
        score: crate::Score::Centipawns(0),
        depth: 0,
        nodes: 0,
        time: std::time::Duration::ZERO,
        pv: best.into_iter().collect(),
    }
}

fn write_line<W: Write>(out: &Mutex<W>, line: &str) {
    if let Ok(mut w) = out.lock() {
        let _ = writeln!(w, "{line}");
        let _ = w.flush();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(bytes: &[u8]) -> Vec<Input> {
        let mut input = std::io::BufReader::with_capacity(7, bytes);
        let mut buf = Vec::new();
        let mut out = Vec::new();
        loop {
            let line = read_line(&mut input, &mut buf);
            let end = line == Input::End;
            out.push(line);
            if end {
                return out;
            }
        }
    }

    #[test]
    fn lines_survive_any_bytes() {
        let line = |s: &str| Input::Line(s.to_string());
        // Latin-1 `ö`, a NUL, CRLF, a last line without a line end.
        assert_eq!(
            lines(b"name J\xf6rgen\nping\x00 7\r\n\nquit"),
            [
                line("name J\u{fffd}rgen"),
                line("ping\u{0} 7"),
                line(""),
                line("quit"),
                Input::End
            ]
        );
    }

    #[test]
    fn an_overlong_line_is_refused_and_the_next_one_read() {
        let mut bytes = vec![b'x'; MAX_LINE + 1];
        bytes.extend_from_slice(b"\nisready\n");
        assert_eq!(
            lines(&bytes),
            [Input::TooLong, Input::Line("isready".into()), Input::End]
        );
        let mut exact = vec![b'y'; MAX_LINE];
        exact.push(b'\n');
        assert!(matches!(&lines(&exact)[0], Input::Line(l) if l.len() == MAX_LINE));
    }
}
