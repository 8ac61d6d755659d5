//! An outside engine over the XBoard protocol (CECP v2), as the referee drives it: the
//! handshake with `feature` replies, a game set up in force mode (`new`, `variant`, `level` or
//! `st`, `sd`, `setboard`), then for each of its moves the opponent's moves with `usermove`,
//! `time`/`otim` and `go`. Moves are written and read as koma's own CECP front end writes and
//! reads them ([`CecpText`]): multi-leg moves over several `move` lines, ranks from 0 on
//! ten-rank boards, promotion suffixes.

use std::time::{Duration, Instant};

use koma_runtime::spec::{PieceType, Player};
use koma_runtime::{Position, Tables};

use super::game::{Answer, Contestant, Fault, GameSoFar, Turn};
use super::mirror::Mirror;
use super::process::Process;
use super::spec::{EngineSpec, TimeControl};
use crate::Variant;
use crate::cecp::CecpText;
use crate::wire::WireError;

/// How long the handshake and a game's setup may take.
const HANDSHAKE: Duration = Duration::from_secs(10);
/// How long XBoard waits for features when an engine does not say `feature done=0`.
const FEATURE_WAIT: Duration = Duration::from_secs(2);

#[derive(Debug, Default)]
struct Features {
    usermove: bool,
    ping: bool,
    setboard: bool,
    memory: bool,
    smp: bool,
    myname: Option<String>,
    variants: Option<Vec<String>>,
}

/// A CECP engine.
#[derive(Debug)]
pub struct CecpPlayer {
    process: Process,
    text: CecpText,
    name: String,
    variant: String,
    /// Send `setboard` even from the variant's start (`start=fen`).
    send_start: bool,
    features: Features,
    depth: Option<u32>,
    hash: usize,
    threads: Option<u32>,
    mirror: Option<Mirror>,
    pings: u32,
}

impl CecpPlayer {
    /// Starts the engine and checks that it plays the variant under `control`.
    pub fn start(
        spec: &EngineSpec,
        command: &[String],
        tables: &std::sync::Arc<Tables>,
        control: Option<TimeControl>,
    ) -> Result<CecpPlayer, Fault> {
        if spec.nodes.is_some() {
            return Err(Fault::Startup(
                "CECP has no node limit; use depth or time".into(),
            ));
        }
        if let Some(TimeControl::PerMove(t)) = control
            && t.subsec_nanos() != 0
        {
            return Err(Fault::Startup(format!(
                "CECP's `st` takes whole seconds, not {} s",
                t.as_secs_f64()
            )));
        }
        let mut process = Process::spawn(command)?;
        process.send("xboard")?;
        process.send("protover 2")?;
        let features = read_features(&mut process)?;
        let variant = spec
            .variant
            .clone()
            .unwrap_or_else(|| Variant::named_for_xboard(tables.clone()).name);
        if variant != "normal" {
            let known = features.variants.as_deref().unwrap_or_default();
            if !known.contains(&variant) {
                return Err(Fault::Startup(format!(
                    "it does not offer the variant `{variant}` (it offers: {}); name another \
                     with `variant=`",
                    if known.is_empty() {
                        "none".to_string()
                    } else {
                        known.join(", ")
                    }
                )));
            }
        }
        let name = spec
            .name
            .clone()
            .or_else(|| features.myname.clone())
            .or_else(|| spec.program().map(str::to_string))
            .unwrap_or_else(|| spec.text.clone());
        Ok(CecpPlayer {
            process,
            text: CecpText::new(tables, false),
            name,
            variant,
            send_start: spec.send_start,
            features,
            depth: spec.depth,
            hash: spec.hash,
            threads: spec.threads,
            mirror: None,
            pings: 0,
        })
    }

    /// Waits until the engine has read everything sent so far (`ping`/`pong`), dropping
    /// what it wrote meanwhile.
    fn sync(&mut self) -> Result<(), Fault> {
        if !self.features.ping {
            return Ok(());
        }
        self.pings += 1;
        let pong = format!("pong {}", self.pings);
        self.process.send(&format!("ping {}", self.pings))?;
        let started = Instant::now();
        while self.process.recv(started + HANDSHAKE, started)?.trim() != pong {}
        Ok(())
    }
}

/// Reads `feature` lines, answering each, until `done=1` (or 2 s without `done=0`).
fn read_features(process: &mut Process) -> Result<Features, Fault> {
    let started = Instant::now();
    let mut deadline = started + FEATURE_WAIT;
    let mut f = Features::default();
    loop {
        let line = match process.recv(deadline, started) {
            Ok(line) => line,
            Err(Fault::Hung(_)) if deadline == started + FEATURE_WAIT => return Ok(f),
            Err(Fault::Hung(t)) => {
                return Err(Fault::Startup(format!(
                    "no `feature done=1` in {:.1} s",
                    t.as_secs_f64()
                )));
            }
            Err(e) => return Err(e),
        };
        let Some(rest) = line.trim().strip_prefix("feature ") else {
            continue;
        };
        for (key, value) in feature_pairs(rest) {
            let on = value == "1";
            match key.as_str() {
                "done" if on => return Ok(f),
                "done" => deadline = started + HANDSHAKE * 6,
                "usermove" => f.usermove = on,
                "ping" => f.ping = on,
                "setboard" => f.setboard = on,
                "memory" => f.memory = on,
                "smp" => f.smp = on,
                "myname" => f.myname = Some(value.clone()),
                "variants" => f.variants = Some(value.split(',').map(str::to_string).collect()),
                _ => {}
            }
            // SAN is the one feature the referee does not speak.
            let verdict = if key == "san" && on {
                "rejected"
            } else {
                "accepted"
            };
            process.send(&format!("{verdict} {key}"))?;
        }
    }
}

/// `key=value` pairs of a `feature` line; values may be quoted.
fn feature_pairs(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = text.trim_start();
    while let Some((key, after)) = rest.split_once('=') {
        let key = key.trim().to_string();
        let (value, tail) = match after.strip_prefix('"') {
            Some(quoted) => quoted.split_once('"').unwrap_or((quoted, "")),
            None => after.split_once(' ').unwrap_or((after, "")),
        };
        out.push((key, value.to_string()));
        rest = tail.trim_start();
    }
    out
}

/// `M:SS` for `level` (whole seconds, at least one: the clock itself goes by `time`).
fn level_base(base: Duration) -> String {
    let s = base.as_secs().max(1);
    format!("{}:{:02}", s / 60, s % 60)
}

fn centiseconds(d: Duration) -> u128 {
    d.as_millis() / 10
}

impl Contestant for CecpPlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self, game: &GameSoFar, control: Option<TimeControl>) -> Result<(), Fault> {
        if self.features.memory {
            self.process.send(&format!("memory {}", self.hash))?;
        }
        if let (true, Some(n)) = (self.features.smp, self.threads) {
            self.process.send(&format!("cores {n}"))?;
        }
        self.process.send("new")?;
        if self.variant != "normal" {
            self.process.send(&format!("variant {}", self.variant))?;
        }
        match control {
            Some(TimeControl::Clock { base, increment }) => self.process.send(&format!(
                "level 0 {} {}",
                level_base(base),
                increment.as_secs_f64()
            ))?,
            Some(TimeControl::PerMove(t)) => self.process.send(&format!("st {}", t.as_secs()))?,
            None => {}
        }
        if let Some(d) = self.depth {
            self.process.send(&format!("sd {d}"))?;
        }
        self.process.send("easy")?;
        self.process.send("force")?;
        if !game.is_variant_start || self.send_start {
            if self.features.setboard {
                self.process
                    .send(&format!("setboard {}", game.start.to_text()))?;
            } else {
                for line in edit_lines(&game.start, &self.text)? {
                    self.process.send(&line)?;
                }
            }
        }
        self.mirror = Some(Mirror::new(&game.start));
        self.sync()
    }

    fn play(&mut self, turn: &Turn<'_>) -> Result<Answer, Fault> {
        let started = Instant::now();
        let mirror = self
            .mirror
            .as_mut()
            .ok_or_else(|| Fault::Startup("no game was set up".into()))?;
        for text in mirror.catch_up(&turn.game.moves, &self.text) {
            let line = if self.features.usermove {
                format!("usermove {text}")
            } else {
                text
            };
            self.process.send(&line)?;
        }
        if let Some(TimeControl::Clock { .. }) = turn.own.control {
            self.process
                .send(&format!("time {}", centiseconds(turn.own.left)))?;
            let other = turn.other.allowance().unwrap_or(turn.own.left);
            self.process
                .send(&format!("otim {}", centiseconds(other)))?;
        }
        self.process.send("go")?;
        let side = turn.game.pos.side_to_move();
        let mut legs = String::new();
        loop {
            let line = self.process.recv(started + turn.patience, started)?;
            let line = line.trim();
            if let Some(leg) = line.strip_prefix("move ") {
                legs.push_str(leg.trim());
                if legs.ends_with(',') {
                    continue;
                }
                let mut pos = turn.game.pos.clone();
                return match self.text.parse(&mut pos, &legs) {
                    Ok(m) => {
                        self.process.send("force")?;
                        if let Some(mirror) = self.mirror.as_mut() {
                            mirror.record(&m, &self.text);
                        }
                        Ok(Answer::Move(m))
                    }
                    Err(WireError::Illegal) => Err(Fault::Illegal(legs)),
                    Err(WireError::Malformed) => {
                        Err(Fault::Malformed(format!("`move {legs}` is no move")))
                    }
                };
            }
            if line.starts_with("Illegal move") {
                return Err(Fault::Rejected(line.to_string()));
            }
            match claim(line) {
                None => {}
                Some(Claim::Resign) => return Ok(Answer::Resign),
                Some(Claim::Win(winner)) if winner != side => return Ok(Answer::Resign),
                Some(_) => return Err(Fault::FalseClaim(line.to_string())),
            }
        }
    }

    fn game_over(&mut self, score: &str, reason: &str) {
        let reason: String = reason.chars().filter(|&c| c != '{' && c != '}').collect();
        let _ = self.process.send(&format!("result {score} {{{reason}}}"));
        let _ = self.process.send("force");
    }
}

/// The start position in XBoard's old `edit` mode, for an engine without `setboard`
/// (Fairy-Max): `#` clears the board, `Pa2` places a piece, `c` switches colour, `.` ends.
/// It can state neither pieces in hand nor the second player to move.
fn edit_lines(start: &Position, text: &CecpText) -> Result<Vec<String>, Fault> {
    let refuse = |why: &str| {
        Err(Fault::Startup(format!(
            "the game starts from a given position and the engine has no `setboard`; \
             XBoard's `edit` mode cannot give it: {why}"
        )))
    };
    if start.side_to_move() != Player::First {
        return refuse("the second player moves first");
    }
    let types = (0..start.tables().piece_count()).map(|t| PieceType(t as u16));
    let held = |t: PieceType| [Player::First, Player::Second].map(|p| start.hand_count(p, t));
    if types.into_iter().any(|t| held(t) != [0, 0]) {
        return refuse("pieces in hand");
    }
    let mut lines = vec!["edit".to_string(), "#".to_string()];
    for player in [Player::First, Player::Second] {
        if player == Player::Second {
            lines.push("c".to_string());
        }
        for sq in start.tables().geo().squares() {
            if let Some((_, t)) = start.piece_at(sq).filter(|&(owner, _)| owner == player) {
                let id = &start.tables().spec().pieces[usize::from(t.0)].id;
                if id.len() != 1 {
                    return refuse(&format!("the piece `{id}` has no one-letter name"));
                }
                lines.push(format!(
                    "{}{}",
                    id.to_ascii_uppercase(),
                    text.square(start, sq)
                ));
            }
        }
    }
    lines.push(".".to_string());
    Ok(lines)
}

/// What a result line says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Claim {
    Resign,
    Win(Player),
    Draw,
}

/// The claim in a line (`resign`, `1-0 {...}`, `0-1 ...`, `1/2-1/2 ...`), if it is one.
fn claim(line: &str) -> Option<Claim> {
    if line.starts_with("resign") {
        Some(Claim::Resign)
    } else if line.starts_with("1-0") {
        Some(Claim::Win(Player::First))
    } else if line.starts_with("0-1") {
        Some(Claim::Win(Player::Second))
    } else if line.starts_with("1/2-1/2") {
        Some(Claim::Draw)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn feature_lines_split_into_pairs() {
        let pairs = feature_pairs(r#"ping=1 myname="HaChu 0.21" variants="chu,dai" done=0"#);
        let keys: Vec<(&str, &str)> = pairs
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        assert_eq!(
            keys,
            [
                ("ping", "1"),
                ("myname", "HaChu 0.21"),
                ("variants", "chu,dai"),
                ("done", "0")
            ]
        );
    }

    #[test]
    fn claims_and_level_times() {
        assert_eq!(claim("resign"), Some(Claim::Resign));
        assert_eq!(
            claim("0-1 {White resigns}"),
            Some(Claim::Win(Player::Second))
        );
        assert_eq!(claim("1/2-1/2 {Draw}"), Some(Claim::Draw));
        assert_eq!(claim("move e2e4"), None);
        assert_eq!(level_base(Duration::from_secs(90)), "1:30");
        assert_eq!(level_base(Duration::from_millis(500)), "0:01");
    }
}
