//! The XBoard/WinBoard protocol (CECP v2) as a state machine: [`Cecp::handle`] takes one line
//! from the GUI and returns the replies and searches it causes. Engine-defined variants are
//! described to XBoard with `setup` and `piece` commands ([`crate::xboard_setup`]).

use std::sync::Arc;
use std::time::Duration;

use koma_runtime::result::GameResult;
use koma_runtime::spec::Player;
use koma_runtime::{FullMove, Position, Square, Tables};

use crate::Variant;
use crate::driver::{InfoFormat, InfoStyle, MAX_HASH_MB, MoveText, Protocol, Reply, Request};
use crate::number;
use crate::search::{DEFAULT_CONTEMPT, Limits, MAX_CONTEMPT, MAX_THREADS, SearchResult};
use crate::time::{self, Clock, Latency};
use crate::wire::{Wire, WireError, WirePromotion, plain_promotion, wire_promotion};
use crate::xboard_setup::XboardPieces;

/// Variant names XBoard knows itself: it ignores `setup` for them and uses its own letters.
const BUILT_IN: &[&str] = &[
    "normal",
    "chu",
    "shatranj",
    "courier",
    "makruk",
    "capablanca",
    "shogi",
    // Chess960: its arrays come by `setboard`, castling rights as file letters.
    "fischerandom",
];
/// Thinking time per move when the GUI set no time control.
const DEFAULT_MOVE_TIME: Duration = Duration::from_secs(5);

/// Options from the command line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CecpOptions {
    /// Number ranks from 0 (for XBoard's `-rankOffset 1`, needed with 16 ranks).
    pub zero_based_ranks: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pending {
    Think(u64),
    Analyze(u64),
}

#[derive(Clone, Copy, Debug, PartialEq)]
struct Level {
    moves: u32,
    base: Duration,
    increment: Duration,
}

/// The CECP engine state.
#[derive(Debug)]
pub struct Cecp {
    variants: Vec<Variant>,
    options: CecpOptions,
    current: usize,
    text: Arc<CecpText>,
    pos: Position,
    force: bool,
    engine: Option<Player>,
    level: Option<Level>,
    move_time: Option<Duration>,
    depth: Option<u32>,
    clock: Option<Duration>,
    post: bool,
    hash_mb: usize,
    /// Search threads (`cores`).
    threads: usize,
    /// Centipawns a draw costs the engine (`option Contempt=N`).
    contempt: i32,
    excluded: Vec<FullMove>,
    analyzing: bool,
    next_id: u64,
    pending: Option<Pending>,
    engine_moves: u32,
    new_game: bool,
    /// What a move costs beyond the search, learned from the clocks `time` reports.
    latency: Latency,
}

/// How CECP writes and reads the moves of a variant (also used by `koma match` to talk to
/// CECP engines).
#[derive(Debug)]
pub struct CecpText {
    wire: Wire,
    pieces: Option<XboardPieces>,
}

impl CecpText {
    /// The move text of `tables`' variant; `zero_based_ranks` as [`CecpOptions`] says.
    pub fn new(tables: &Tables, zero_based_ranks: bool) -> CecpText {
        CecpText {
            wire: Wire::cecp(tables.geo().height, zero_based_ranks),
            pieces: XboardPieces::new(tables).ok(),
        }
    }

    /// Reads CECP move text against the legal moves of `pos`, with koma's own notation
    /// (`f5xf6g7`) as a fallback.
    /// A square's name on the wire.
    pub fn square(&self, pos: &Position, sq: Square) -> String {
        self.wire.square(pos, sq)
    }

    pub fn parse(&self, pos: &mut Position, text: &str) -> Result<FullMove, WireError> {
        let pieces = &self.pieces;
        let letters = move |pos: &Position, m: &FullMove, s: &str| {
            let Some(p) = m.dropped_as().or(m.promotion()) else {
                return false;
            };
            let id = &pos.tables().spec().pieces[usize::from(p.0)].id;
            pieces
                .as_ref()
                .is_some_and(|x| x.letter(p) == s.to_ascii_lowercase())
                || id.eq_ignore_ascii_case(s)
        };
        match self.wire.parse(pos, text, &letters) {
            Ok(m) => Ok(m),
            Err(e) => pos.parse_move(text).map_err(|_| e),
        }
    }
}

impl MoveText for CecpText {
    fn text(&self, pos: &mut Position, m: &FullMove) -> String {
        if let Some(t) = m.dropped_as() {
            let id = match &self.pieces {
                Some(x) => x.text(t, Player::First),
                None => pos.tables().spec().pieces[usize::from(t.0)]
                    .id
                    .to_ascii_uppercase(),
            };
            return format!("{id}@{}", self.wire.square(pos, m.to));
        }
        let suffix = match wire_promotion(pos, m) {
            None => String::new(),
            Some(WirePromotion::Plus) => "+".to_string(),
            Some(WirePromotion::To(p)) => match (&self.pieces, plain_promotion(pos, m, p)) {
                (Some(x), p) => x.letter(p),
                (None, p) => pos.tables().spec().pieces[usize::from(p.0)]
                    .id
                    .to_ascii_lowercase(),
            },
        };
        self.wire.format(pos, m, &suffix)
    }
}

impl Cecp {
    /// An engine for these variants (the first one is selected until XBoard picks another).
    pub fn new(variants: Vec<Variant>, options: CecpOptions) -> Cecp {
        let mut cecp = Cecp {
            text: Arc::new(CecpText {
                wire: Wire::cecp(8, false),
                pieces: None,
            }),
            pos: Position::empty(variants[0].tables.clone()),
            variants,
            options,
            current: 0,
            force: false,
            engine: Some(Player::Second),
            level: None,
            move_time: None,
            depth: None,
            clock: None,
            post: false,
            hash_mb: 16,
            threads: 1,
            contempt: DEFAULT_CONTEMPT,
            excluded: Vec::new(),
            analyzing: false,
            next_id: 0,
            pending: None,
            engine_moves: 0,
            new_game: true,
            latency: Latency::default(),
        };
        cecp.select(0);
        cecp
    }

    /// The current game position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    fn select(&mut self, index: usize) {
        self.current = index;
        let tables = self.variants[index].tables.clone();
        self.text = Arc::new(CecpText::new(&tables, self.options.zero_based_ranks));
        self.pos = Position::start(tables.clone()).unwrap_or_else(|| Position::empty(tables));
    }

    fn variant_name(&self) -> &str {
        &self.variants[self.current].name
    }

    fn features(&self) -> Vec<Reply> {
        let names: Vec<&str> = self
            .variants
            .iter()
            .filter(|v| v.tables.spec().setup.is_some())
            .map(|v| v.name.as_str())
            .collect();
        let mut out = vec![Reply::Line("feature done=0".into())];
        for v in self
            .variants
            .iter()
            .filter(|v| v.tables.spec().setup.is_none())
        {
            out.push(Reply::Line(format!(
                "# `{}` has no start position; not offered to XBoard",
                v.name
            )));
        }
        out.push(Reply::Line(format!(
            "feature ping=1 setboard=1 playother=1 usermove=1 colors=0 sigint=0 sigterm=0 \
             reuse=1 analyze=1 memory=1 smp=1 exclude=1 debug=1 myname=\"koma {}\" variants=\"{}\"",
            env!("CARGO_PKG_VERSION"),
            names.join(",")
        )));
        out.push(Reply::Line(format!(
            "feature option=\"Contempt -spin {DEFAULT_CONTEMPT} -{MAX_CONTEMPT} {MAX_CONTEMPT}\""
        )));
        out.push(Reply::Line("feature done=1".into()));
        out
    }

    /// `setup` and `piece` lines for the current variant, or a message saying why XBoard
    /// cannot show it.
    fn setup_lines(&self) -> Vec<Reply> {
        let tables = self.pos.tables().clone();
        let name = self.variant_name().to_string();
        if tables.spec().setup.is_none() {
            return vec![Reply::Line(format!(
                "tellusererror koma: `{name}` has no start position; send one with setboard"
            ))];
        }
        let mut out = Vec::new();
        let geo = &tables.geo();
        if geo.height == 16 && !self.options.zero_based_ranks {
            out.push(Reply::Line(
                "# koma: with 16 ranks XBoard 4.9.1 needs -rankOffset 1 and zero-based ranks from koma (docs/engine.md)"
                    .into(),
            ));
        }
        if self.has_wide_moves() {
            out.push(Reply::Line(format!(
                "# koma: some `{name}` moves remove two or more pieces besides their destination; \
                 XBoard 4.9.1 cannot carry them, so koma does not play them"
            )));
        }
        if BUILT_IN.contains(&name.as_str()) {
            return out;
        }
        let pieces = match XboardPieces::new(&tables) {
            Ok(p) => p,
            Err(why) => {
                out.push(Reply::Line(format!("tellusererror koma: {why}")));
                return out;
            }
        };
        let shogi_like = tables.spec().pieces.iter().any(|p| p.id.starts_with('+'));
        // Holdings: one slot per piece type that can be in a hand.
        let drops = &tables.spec().rules.drops;
        let mut hand: Vec<_> = drops.to_hand.iter().flatten().copied().collect();
        hand.extend(drops.start_hand.iter().map(|&(_, t)| t));
        hand.sort();
        hand.dedup();
        let parent = match (shogi_like, hand.is_empty()) {
            (true, true) => "chu",
            (true, false) => "shogi",
            (false, true) => "fairy",
            (false, false) => "crazyhouse",
        };
        out.push(Reply::Line(format!(
            "setup ({}) {}x{}+{}_{} {}",
            pieces.table,
            geo.width,
            geo.height,
            hand.len(),
            parent,
            pieces.fen(&self.pos)
        )));
        for (t, p) in tables.spec().pieces.iter().enumerate() {
            if xboard_betza(&p.betza) {
                out.push(Reply::Line(format!("piece {}& {}", pieces.ids[t], p.betza)));
            }
        }
        out
    }

    /// Whether some piece can remove two pieces besides its destination (burns, lions
    /// that capture twice on the way): XBoard cannot carry such moves.
    fn has_wide_moves(&self) -> bool {
        let spec = &self.pos.tables().spec();
        let locust_legs = spec
            .pieces
            .iter()
            .any(|p| p.paths.iter().any(|path| path.legs.len() > 2));
        let choose_burn = spec
            .rules
            .burning
            .iter()
            .any(|b| b.choose_up_to.is_some_and(|n| n >= 2));
        locust_legs || choose_burn
    }

    fn parse_move(&mut self, text: &str) -> Result<FullMove, WireError> {
        self.text.parse(&mut self.pos, text)
    }

    fn stop_pending(&mut self) -> Vec<Reply> {
        match self.pending.take() {
            Some(_) => vec![Reply::Stop],
            None => Vec::new(),
        }
    }

    fn limits(&self) -> Limits {
        let mut limits = Limits {
            depth: self.depth,
            ..Limits::default()
        };
        if let Some(t) = self.move_time {
            limits.movetime = Some(t);
        } else if let Some(level) = self.level {
            let left = self.clock.unwrap_or(level.base);
            let moves_to_go =
                (level.moves > 0).then(|| level.moves - self.engine_moves % level.moves);
            limits.clock = Some(Clock {
                left,
                increment: level.increment,
                moves_to_go,
                latency: self.latency.estimate(),
            });
        } else if let Some(left) = self.clock {
            limits.clock = Some(Clock {
                left,
                increment: Duration::ZERO,
                moves_to_go: None,
                latency: self.latency.estimate(),
            });
        } else if self.depth.is_none() {
            limits.movetime = Some(DEFAULT_MOVE_TIME);
        }
        limits
    }

    /// Root moves: not excluded, and expressible in XBoard's move syntax (at most two legs).
    fn root_moves(&mut self) -> Vec<FullMove> {
        let rivals = Wire::rivals(&self.pos);
        let moves = self.pos.moves();
        moves
            .iter()
            .copied()
            .filter(|m| !self.excluded.contains(m) && Wire::legs(&self.pos, &rivals, m) <= 2)
            .collect()
    }

    fn request(&mut self, analyze: bool) -> Reply {
        self.next_id += 1;
        let id = self.next_id;
        let mut limits = if analyze {
            Limits::default()
        } else {
            self.limits()
        };
        limits.root_moves = Some(self.root_moves());
        limits.threads = self.threads;
        self.latency.searching(limits.clock);
        self.pending = Some(if analyze {
            Pending::Analyze(id)
        } else {
            Pending::Think(id)
        });
        let new_game = std::mem::take(&mut self.new_game);
        Reply::Search(Box::new(Request {
            id,
            position: self.pos.clone(),
            limits,
            hash_mb: self.hash_mb,
            contempt: self.contempt,
            new_game,
            info: (self.post || analyze).then(|| InfoFormat {
                style: InfoStyle::Cecp,
                moves: self.text.clone(),
            }),
        }))
    }

    /// The engine is to move: claim the result or start thinking.
    fn think(&mut self) -> Vec<Reply> {
        if let Some(r) = self.pos.result() {
            self.engine = None;
            return vec![Reply::Line(result_line(&r))];
        }
        vec![self.request(false)]
    }

    fn engine_to_move(&self) -> bool {
        !self.force && self.engine == Some(self.pos.side_to_move())
    }

    fn restart_analysis(&mut self) -> Vec<Reply> {
        if !self.analyzing {
            return Vec::new();
        }
        let mut out = self.stop_pending();
        if self.pos.result().is_none() {
            out.push(self.request(true));
        }
        out
    }

    fn user_move(&mut self, text: &str) -> Vec<Reply> {
        let mut out = Vec::new();
        if matches!(self.pending, Some(Pending::Think(_))) {
            out.extend(self.stop_pending());
        }
        match self.parse_move(text) {
            Ok(m) => {
                self.pos.make(&m);
                if self.analyzing {
                    out.extend(self.restart_analysis());
                } else if let Some(r) = self.pos.result() {
                    out.push(Reply::Line(result_line(&r)));
                } else if self.engine_to_move() {
                    out.extend(self.think());
                }
            }
            Err(WireError::Malformed) => {
                out.push(Reply::Line(format!("Illegal move (not a move): {text}")))
            }
            Err(WireError::Illegal) => out.push(Reply::Line(format!("Illegal move: {text}"))),
        }
        out
    }

    fn set_board(&mut self, fen: &str) -> Vec<Reply> {
        let tables = self.pos.tables().clone();
        let parsed = match &self.text.pieces {
            Some(p) if !BUILT_IN.contains(&self.variant_name()) => {
                p.parse_fen(&tables, fen).map_err(|e| e.to_string())
            }
            _ => Err(String::new()),
        }
        .or_else(|e| {
            // koma's own position text as a fallback; XBoard's reading explains a failure.
            Position::from_text(tables, fen)
                .map_err(|e2| if e.is_empty() { e2.to_string() } else { e })
        });
        match parsed {
            Ok(p) => {
                self.pos = p;
                self.excluded.clear();
                self.restart_analysis()
            }
            Err(why) => vec![Reply::Line(format!(
                "tellusererror Illegal position: {why}"
            ))],
        }
    }

    fn exclude(&mut self, arg: &str, exclude: bool) -> Vec<Reply> {
        if arg == "all" {
            self.excluded = if exclude {
                self.pos.moves()
            } else {
                Vec::new()
            };
        } else {
            match self.parse_move(arg) {
                Ok(m) => {
                    self.excluded.retain(|&x| x != m);
                    if exclude {
                        self.excluded.push(m);
                    }
                }
                Err(_) => return vec![Reply::Line(format!("Illegal move: {arg}"))],
            }
        }
        self.restart_analysis()
    }
    /// A command that sets a level, a limit or an option: `None` when `cmd` is none of them,
    /// else whether `arg` was understood (`Err` names what it should have been).
    fn setting(&mut self, cmd: &str, arg: &str) -> Option<Result<(), &'static str>> {
        Some(match cmd {
            "level" => parse_level(arg).ok_or("level").map(|l| {
                self.level = Some(l);
                self.move_time = None;
            }),
            "st" => number::time(arg, 1.0)
                .ok_or("time")
                .map(|t| self.move_time = Some(t)),
            "sd" => number::count_u32(arg)
                .ok_or("depth")
                .map(|d| self.depth = Some(d.max(1))),
            "time" => number::time(arg, 0.01).ok_or("time").map(|t| {
                self.clock = Some(t);
                self.latency.reported(t);
            }),
            "memory" => number::count_usize(arg)
                .ok_or("memory")
                .map(|mb| self.hash_mb = mb.clamp(1, MAX_HASH_MB)),
            // XBoard's `option NAME=VALUE`; options koma does not offer are ignored.
            "option" => match arg.split_once('=') {
                Some(("Contempt", value)) => number::centipawns(value)
                    .ok_or("Contempt")
                    .map(|cp| self.contempt = cp.clamp(-MAX_CONTEMPT, MAX_CONTEMPT)),
                _ => Ok(()),
            },
            "cores" => number::count_usize(arg)
                .ok_or("cores")
                .map(|n| self.threads = n.clamp(1, MAX_THREADS)),
            "post" | "nopost" => {
                self.post = cmd == "post";
                Ok(())
            }
            _ => return None,
        })
    }

    /// `new`: the variant's start position, the engine playing the side that moves second, no
    /// limits of the last game.
    fn new_game(&mut self) -> Vec<Reply> {
        let mut out = self.stop_pending();
        self.select(self.current);
        self.force = false;
        // XBoard's `new` gives the engine the side that does not move first (Black in chess).
        self.engine = Some(self.pos.side_to_move().opponent());
        self.depth = None;
        self.move_time = None;
        self.excluded.clear();
        self.engine_moves = 0;
        self.new_game = true;
        self.latency.new_game();
        out.extend(self.restart_analysis());
        out
    }

    /// `variant NAME`: selects a variant the engine announced.
    fn variant(&mut self, name: &str) -> Vec<Reply> {
        let mut out = self.stop_pending();
        match self.variants.iter().position(|v| v.name == name) {
            Some(i) => {
                self.select(i);
                out.extend(self.setup_lines());
            }
            None => out.push(Reply::Line(format!("Error (unknown variant): {name}"))),
        }
        out
    }

    /// `force`: the engine plays neither side; a search for a move stops.
    fn force_mode(&mut self) -> Vec<Reply> {
        self.force = true;
        self.engine = None;
        if matches!(self.pending, Some(Pending::Think(_))) {
            self.stop_pending()
        } else {
            Vec::new()
        }
    }

    /// `go`: the engine plays the side to move, and thinks.
    fn go(&mut self) -> Vec<Reply> {
        let mut out = self.stop_pending();
        self.force = false;
        self.analyzing = false;
        self.engine = Some(self.pos.side_to_move());
        out.extend(self.think());
        out
    }

    /// `undo` (`plies` 1) and `remove` (2): takes moves back, as many as were played.
    fn take_back(&mut self, plies: usize) -> Vec<Reply> {
        let mut out = if matches!(self.pending, Some(Pending::Think(_))) {
            self.stop_pending()
        } else {
            Vec::new()
        };
        for _ in 0..plies {
            if self.pos.last_move().is_some() {
                self.pos.unmake();
            }
        }
        out.extend(self.restart_analysis());
        out
    }

    /// `analyze`: the engine plays neither side and searches the position until told.
    fn analyze(&mut self) -> Vec<Reply> {
        let mut out = self.stop_pending();
        self.analyzing = true;
        self.force = true;
        self.engine = None;
        out.extend(self.restart_analysis());
        out
    }

    /// A line that is no command: a bare move (XBoard without `usermove=1`), else an error
    /// naming `cmd`.
    fn bare_move(&mut self, cmd: &str, line: &str) -> Vec<Reply> {
        if self
            .text
            .wire
            .parse(&mut self.pos.clone(), line, &|_, _, _| false)
            .is_ok()
        {
            self.user_move(line)
        } else {
            vec![Reply::Line(format!("Error (unknown command): {cmd}"))]
        }
    }
}

impl Protocol for Cecp {
    fn handle(&mut self, line: &str) -> Vec<Reply> {
        let line = line.trim();
        let (cmd, arg) = line.split_once(' ').unwrap_or((line, ""));
        let arg = arg.trim();
        if let Some(set) = self.setting(cmd, arg) {
            return match set {
                Ok(()) => Vec::new(),
                Err(what) => vec![Reply::Line(format!("Error (bad {what}): {arg}"))],
            };
        }
        match cmd {
            "" | "xboard" | "accepted" | "rejected" | "random" | "hard" | "easy" | "computer"
            | "name" | "rating" | "ics" | "bk" | "hint" | "draw" | "nps" | "." | "otim"
            | "lift" | "put" | "hover" => Vec::new(),
            "protover" => self.features(),
            "ping" => vec![Reply::Line(format!("pong {arg}"))],
            "quit" => vec![Reply::Quit],
            "new" => self.new_game(),
            "variant" => self.variant(arg),
            "force" => self.force_mode(),
            "go" => self.go(),
            "playother" => {
                self.force = false;
                self.engine = Some(self.pos.side_to_move().opponent());
                Vec::new()
            }
            "usermove" => self.user_move(arg),
            "undo" => self.take_back(1),
            "remove" => self.take_back(2),
            "setboard" => {
                let mut out = self.stop_pending();
                out.extend(self.set_board(arg));
                out
            }
            "?" => match self.pending {
                Some(Pending::Think(_)) => vec![Reply::Stop],
                _ => Vec::new(),
            },
            "result" => {
                self.force = true;
                self.engine = None;
                self.analyzing = false;
                self.stop_pending()
            }
            "analyze" => self.analyze(),
            "exit" => {
                self.analyzing = false;
                self.stop_pending()
            }
            "exclude" => self.exclude(arg, true),
            "include" => self.exclude(arg, false),
            _ => self.bare_move(cmd, line),
        }
    }

    fn refuse(&mut self, why: &str) -> Vec<Reply> {
        vec![Reply::Line(format!("Error ({why})"))]
    }

    fn finished(&mut self, id: u64, result: &SearchResult) -> Vec<Reply> {
        if self.pending != Some(Pending::Think(id)) {
            return Vec::new();
        }
        self.pending = None;
        self.latency.played(result.time);
        let Some(best) = result.best else {
            return match self.pos.result() {
                Some(r) => vec![Reply::Line(result_line(&r))],
                None => Vec::new(),
            };
        };
        let text = self.text.text(&mut self.pos, &best);
        let legs: Vec<&str> = text.split(',').collect();
        let mut out: Vec<Reply> = legs
            .iter()
            .enumerate()
            .map(|(i, leg)| {
                let comma = if i + 1 < legs.len() { "," } else { "" };
                Reply::Line(format!("move {leg}{comma}"))
            })
            .collect();
        self.pos.make(&best);
        self.engine_moves += 1;
        self.excluded.clear();
        if let Some(r) = self.pos.result() {
            out.push(Reply::Line(result_line(&r)));
        }
        out
    }
}

/// `1-0 {checkmate}` and the like; the comment avoids words XBoard reads as claims.
pub fn result_line(r: &GameResult) -> String {
    let why = r.reason.describe();
    format!("{} {{{why}}}", r.score())
}

/// `level MPS BASE INC`: BASE in minutes or `min:sec`, INC in (fractional) seconds; every number
/// clamped ([`crate::number`]).
fn parse_level(arg: &str) -> Option<Level> {
    let mut it = arg.split_whitespace();
    let moves = number::count_u32(it.next()?)?;
    let base = it.next()?;
    let base = match base.split_once(':') {
        Some((m, s)) => number::time(m, 60.0)?.saturating_add(number::time(s, 1.0)?),
        None => number::time(base, 60.0)?,
    };
    let increment = number::time(it.next()?, 1.0)?;
    Some(Level {
        moves,
        base: base.min(time::MAX_TIME),
        increment,
    })
}

/// Whether XBoard 4.9.1's Betza reader understands a piece's XBetza: atoms, directions, the
/// modes `mcdetpgoynj`, `a` legs, `i` and range digits; no groups, brackets or newer letters.
fn xboard_betza(betza: &str) -> bool {
    !betza.is_empty()
        && betza
            .chars()
            .all(|c| "WFDNAHCZGJLKBRQOfblrvshmcdetpgoynjai".contains(c) || c.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_parses_minutes_seconds_and_fractional_increments() {
        let l = parse_level("0 0:20 0.2").expect("level");
        assert_eq!(l.base, Duration::from_secs(20));
        assert_eq!(l.increment, Duration::from_millis(200));
        let l = parse_level("40 5 0").expect("level");
        assert_eq!((l.moves, l.base), (40, Duration::from_secs(300)));
        assert!(parse_level("x").is_none());
    }

    #[test]
    fn only_betza_xboard_reads_is_sent() {
        assert!(xboard_betza("fWfcF"));
        assert!(xboard_betza("KNAD"));
        assert!(!xboard_betza("B(paf)cB"));
        assert!(!xboard_betza("shy(mpacab)2Q"));
    }
}
