//! UCI as a state machine, in the style Fairy-Stockfish set for variants: a `UCI_Variant`
//! option, `info string variant ...` describing the board, moves with 1-based ranks and the
//! comma form for moves that must show a capture on the way.

use std::sync::Arc;
use std::time::Duration;

use koma_runtime::spec::Player;
use koma_runtime::{FullMove, Position};

use crate::Variant;
use crate::driver::{InfoFormat, InfoStyle, MAX_HASH_MB, MoveText, Protocol, Reply, Request};
use crate::number;
use crate::search::{DEFAULT_CONTEMPT, Limits, MAX_CONTEMPT, MAX_THREADS, SearchResult};
use crate::time::{Clock, Latency};
use crate::wire::{Wire, WireError, WirePromotion, plain_promotion, wire_promotion};

/// UCI times are in milliseconds.
const MS: f64 = 0.001;

/// The UCI engine state.
#[derive(Debug)]
pub struct Uci {
    variants: Vec<Variant>,
    current: usize,
    pos: Position,
    /// How `pos` was reached by the last `position` command, so that the next one, which a GUI
    /// sends with the whole game again, replays only the moves that are new.
    replayed: Option<Replayed>,
    hash_mb: usize,
    /// Search threads (`Threads`).
    threads: usize,
    /// Centipawns a draw costs the engine (`Contempt`).
    contempt: i32,
    next_id: u64,
    pending: Option<u64>,
    new_game: bool,
    /// What a move costs beyond the search, learned from the clocks `go` reports.
    latency: Latency,
}

/// The setup and the moves a `position` command applied, in the variant it applied them to.
#[derive(Debug)]
struct Replayed {
    variant: usize,
    setup: String,
    moves: Vec<String>,
}

/// UCI move text: the wire form with `+` or the promoted piece's ID in lower case (also used
/// by `koma match` to talk to UCI engines).
#[derive(Debug)]
pub struct UciText;

impl UciText {
    /// Reads UCI move text against the legal moves of `pos`.
    pub fn parse(pos: &mut Position, text: &str) -> Result<FullMove, WireError> {
        Wire::uci().parse(pos, text, &|pos, m, s| {
            m.dropped_as().or(m.promotion()).is_some_and(|p| {
                let id = &pos.tables().spec().pieces[usize::from(p.0)].id;
                id.eq_ignore_ascii_case(s.trim_start_matches('[').trim_end_matches(']'))
                    || koma_runtime::fen::piece_text(id, Player::First) == s
            })
        })
    }
}

impl MoveText for UciText {
    fn text(&self, pos: &mut Position, m: &FullMove) -> String {
        if let Some(t) = m.dropped_as() {
            let id = &pos.tables().spec().pieces[usize::from(t.0)].id;
            let piece = koma_runtime::fen::piece_text(id, Player::First);
            return format!("{piece}@{}", Wire::uci().square(pos, m.to));
        }
        let suffix = match wire_promotion(pos, m) {
            None => String::new(),
            Some(WirePromotion::Plus) => "+".to_string(),
            Some(WirePromotion::To(p)) => {
                let p = plain_promotion(pos, m, p);
                pos.tables().spec().pieces[usize::from(p.0)]
                    .id
                    .to_ascii_lowercase()
            }
        };
        Wire::uci().format(pos, m, &suffix)
    }
}

impl Uci {
    pub fn new(variants: Vec<Variant>) -> Uci {
        let tables = variants[0].tables.clone();
        Uci {
            pos: Position::start(tables.clone()).unwrap_or_else(|| Position::empty(tables)),
            variants,
            current: 0,
            replayed: None,
            hash_mb: 16,
            threads: 1,
            contempt: DEFAULT_CONTEMPT,
            next_id: 0,
            pending: None,
            new_game: true,
            latency: Latency::default(),
        }
    }

    /// The position the next `go` searches.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    fn variant_info(&self) -> String {
        let v = &self.variants[self.current];
        let geo = &v.tables.geo();
        let start = Position::start(v.tables.clone())
            .map(|p| p.to_text())
            .unwrap_or_else(|| "none".to_string());
        format!(
            "info string variant {} files {} ranks {} pocket 0 startpos {}",
            v.name, geo.width, geo.height, start
        )
    }

    fn set_option(&mut self, arg: &str) -> Vec<Reply> {
        let Some(rest) = arg.strip_prefix("name ") else {
            return vec![Reply::Line(format!("info string bad setoption: {arg}"))];
        };
        let (name, value) = rest.split_once(" value ").unwrap_or((rest, ""));
        match name.trim() {
            "UCI_Variant" => match self.variants.iter().position(|v| v.name == value.trim()) {
                Some(i) => {
                    self.current = i;
                    let tables = self.variants[i].tables.clone();
                    self.pos =
                        Position::start(tables.clone()).unwrap_or_else(|| Position::empty(tables));
                    self.replayed = None;
                    self.new_game = true;
                    vec![Reply::Line(self.variant_info())]
                }
                None => vec![Reply::Line(format!("info string unknown variant {value}"))],
            },
            // Castling in a game with `castling to` is always written king-takes-rook, as
            // Fairy-Stockfish writes `fischerandom`'s; a GUI that asks for Chess960 gets the
            // first loaded game with shuffled starts, unless the current one castles so.
            "UCI_Chess960" => {
                let current = &self.variants[self.current].tables;
                let wanted = value.trim() == "true" && !current.castles_free();
                match self.variants.iter().position(|v| v.tables.castles_free()) {
                    Some(i) if wanted => {
                        let name = self.variants[i].name.clone();
                        self.set_option(&format!("name UCI_Variant value {name}"))
                    }
                    _ => Vec::new(),
                }
            }
            "Hash" => match number::count_usize(value) {
                Some(mb) => {
                    self.hash_mb = mb.clamp(1, MAX_HASH_MB);
                    Vec::new()
                }
                None => vec![Reply::Line(format!("info string bad Hash value {value}"))],
            },
            "Threads" => match number::count_usize(value) {
                Some(n) => {
                    self.threads = n.clamp(1, MAX_THREADS);
                    Vec::new()
                }
                None => vec![Reply::Line(format!(
                    "info string bad Threads value {value}"
                ))],
            },
            "Contempt" => match number::centipawns(value) {
                Some(cp) => {
                    self.contempt = cp.clamp(-MAX_CONTEMPT, MAX_CONTEMPT);
                    Vec::new()
                }
                None => vec![Reply::Line(format!(
                    "info string bad Contempt value {value}"
                ))],
            },
            other => vec![Reply::Line(format!("info string unknown option {other}"))],
        }
    }

    fn set_position(&mut self, arg: &str) -> Vec<Reply> {
        let tables = self.variants[self.current].tables.clone();
        let (setup, moves) = match arg.split_once(" moves") {
            Some((a, b)) => (a.trim(), b.trim()),
            None => (arg.trim(), ""),
        };
        let moves: Vec<&str> = moves.split_whitespace().collect();
        // A GUI sends the whole game before every move, and replaying it all comes off the
        // engine's clock: continue from the last position when the game extends it.
        if let Some(done) = &self.replayed
            && done.variant == self.current
            && done.setup == setup
            && done.moves.len() <= moves.len()
            && done.moves.iter().zip(&moves).all(|(a, b)| a == b)
        {
            let (pos, applied) = (self.pos.clone(), done.moves.len());
            return self.replay(setup, pos, &moves, applied);
        }
        let pos = if setup == "startpos" {
            Position::start(tables.clone())
                .ok_or_else(|| "the variant has no start position".to_string())
        } else if let Some(fen) = setup.strip_prefix("fen ") {
            Position::from_text(tables.clone(), fen.trim()).map_err(|e| e.to_string())
        } else {
            Err(format!("expected `startpos` or `fen`, found `{setup}`"))
        };
        let pos = match pos {
            Ok(p) => p,
            Err(why) => {
                self.replayed = None;
                return vec![Reply::Line(format!("info string bad position: {why}"))];
            }
        };
        self.replay(setup, pos, &moves, 0)
    }

    /// Plays `moves[applied..]` on `pos` (which `setup` and the moves before them reached) and
    /// makes it the position.
    fn replay(
        &mut self,
        setup: &str,
        mut pos: Position,
        moves: &[&str],
        applied: usize,
    ) -> Vec<Reply> {
        let mut out = Vec::new();
        let mut played = applied;
        for text in &moves[applied..] {
            match UciText::parse(&mut pos, text) {
                Ok(m) => pos.make(&m),
                Err(_) => {
                    out.push(Reply::Line(format!(
                        "info string illegal move {text}: it and the moves after it are ignored"
                    )));
                    break;
                }
            }
            played += 1;
        }
        self.pos = pos;
        self.replayed = Some(Replayed {
            variant: self.current,
            setup: setup.to_string(),
            moves: moves[..played].iter().map(|m| m.to_string()).collect(),
        });
        out
    }

    fn go(&mut self, arg: &str) -> Vec<Reply> {
        // A finished game: say why, and that there is no move (a referee can rely on it).
        if let Some(r) = self.pos.result() {
            return vec![
                Reply::Line(format!(
                    "info string result {}",
                    crate::cecp::result_line(&r)
                )),
                Reply::Line("bestmove (none)".into()),
            ];
        }
        let mut out = Vec::new();
        let mut limits = Limits::default();
        let (mut wtime, mut btime, mut winc, mut binc, mut mtg) = (None, None, None, None, None);
        let mut words = arg.split_whitespace();
        while let Some(word) = words.next() {
            let value = match word {
                "depth" | "nodes" | "movetime" | "wtime" | "btime" | "winc" | "binc"
                | "movestogo" => words.next().unwrap_or(""),
                _ => continue,
            };
            let read = match word {
                "depth" => store(&mut limits.depth, number::count_u32(value)),
                "nodes" => store(&mut limits.nodes, number::count(value)),
                "movetime" => store(&mut limits.movetime, number::time(value, MS)),
                "wtime" => store(&mut wtime, number::time(value, MS)),
                "btime" => store(&mut btime, number::time(value, MS)),
                "winc" => store(&mut winc, number::time(value, MS)),
                "binc" => store(&mut binc, number::time(value, MS)),
                _ => store(&mut mtg, number::count_u32(value)),
            };
            if !read {
                out.push(Reply::Line(format!(
                    "info string go: `{word} {value}` is not a number; ignored"
                )));
            }
        }
        let (time, inc) = match self.pos.side_to_move() {
            Player::First => (wtime, winc),
            Player::Second => (btime, binc),
        };
        if let Some(left) = time {
            self.latency.reported(left);
            limits.clock = Some(Clock {
                left,
                increment: inc.unwrap_or(Duration::ZERO),
                moves_to_go: mtg,
                latency: self.latency.estimate(),
            });
        }
        self.latency.searching(limits.clock);
        limits.threads = self.threads;
        self.next_id += 1;
        self.pending = Some(self.next_id);
        out.push(Reply::Search(Box::new(Request {
            id: self.next_id,
            position: self.pos.clone(),
            limits,
            hash_mb: self.hash_mb,
            contempt: self.contempt,
            new_game: std::mem::take(&mut self.new_game),
            info: Some(InfoFormat {
                style: InfoStyle::Uci,
                moves: Arc::new(UciText),
            }),
        })));
        out
    }
}

/// Puts `value` in `slot` when there is one; says whether there was.
fn store<T>(slot: &mut Option<T>, value: Option<T>) -> bool {
    let read = value.is_some();
    if read {
        *slot = value;
    }
    read
}

impl Protocol for Uci {
    fn handle(&mut self, line: &str) -> Vec<Reply> {
        let line = line.trim();
        let (cmd, arg) = line.split_once(' ').unwrap_or((line, ""));
        match cmd {
            "" | "debug" | "ponderhit" | "register" => Vec::new(),
            "uci" => {
                let names: Vec<String> = self
                    .variants
                    .iter()
                    .map(|v| format!("var {}", v.name))
                    .collect();
                vec![
                    Reply::Line(format!("id name koma {}", env!("CARGO_PKG_VERSION"))),
                    Reply::Line("id author the koma developers".into()),
                    Reply::Line(format!(
                        "option name UCI_Variant type combo default {} {}",
                        self.variants[0].name,
                        names.join(" ")
                    )),
                    Reply::Line("option name UCI_Chess960 type check default false".into()),
                    Reply::Line(format!(
                        "option name Hash type spin default 16 min 1 max {MAX_HASH_MB}"
                    )),
                    Reply::Line(format!(
                        "option name Threads type spin default 1 min 1 max {MAX_THREADS}"
                    )),
                    Reply::Line(format!(
                        "option name Contempt type spin default {DEFAULT_CONTEMPT} \
                         min -{MAX_CONTEMPT} max {MAX_CONTEMPT}"
                    )),
                    Reply::Line("uciok".into()),
                ]
            }
            "isready" => vec![Reply::Line("readyok".into())],
            "setoption" => self.set_option(arg),
            "ucinewgame" => {
                self.new_game = true;
                self.latency.new_game();
                Vec::new()
            }
            "position" => self.set_position(arg),
            "go" => {
                let mut out = if self.pending.is_some() {
                    vec![Reply::Stop]
                } else {
                    Vec::new()
                };
                out.extend(self.go(arg));
                out
            }
            "stop" => {
                if self.pending.is_some() {
                    vec![Reply::Stop]
                } else {
                    Vec::new()
                }
            }
            // The best move so far is answered before the engine exits, as Stockfish does.
            "quit" => vec![Reply::Stop, Reply::Quit],
            _ => vec![Reply::Line(format!("info string unknown command {cmd}"))],
        }
    }

    fn refuse(&mut self, why: &str) -> Vec<Reply> {
        vec![Reply::Line(format!("info string {why}"))]
    }

    fn finished(&mut self, id: u64, result: &SearchResult) -> Vec<Reply> {
        if self.pending != Some(id) {
            return Vec::new();
        }
        self.pending = None;
        self.latency.played(result.time);
        let mut pos = self.pos.clone();
        let Some(best) = result.best else {
            return vec![Reply::Line("bestmove (none)".into())];
        };
        let text = UciText.text(&mut pos, &best);
        let ponder = result.ponder.and_then(|p| {
            pos.make(&best);
            pos.moves().contains(&p).then(|| UciText.text(&mut pos, &p))
        });
        match ponder {
            Some(p) => vec![Reply::Line(format!("bestmove {text} ponder {p}"))],
            None => vec![Reply::Line(format!("bestmove {text}"))],
        }
    }
}
