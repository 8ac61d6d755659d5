//! An outside engine over UCI, as the referee drives it: `uci` with its options read
//! (`UCI_Variant`, `Hash`, `Threads`), `ucinewgame` and `isready` for each game, and
//! `position ... moves ...` with `go` for each move. Moves are written and read as koma's own
//! UCI front end does ([`UciText`]).

use std::sync::Arc;
use std::time::{Duration, Instant};

use koma_runtime::Tables;
use koma_runtime::spec::Player;

use super::game::{Answer, Contestant, Fault, GameSoFar, Turn};
use super::mirror::Mirror;
use super::process::Process;
use super::spec::{EngineSpec, TimeControl};
use crate::Variant;
use crate::uci::UciText;
use crate::wire::WireError;

/// How long the handshake and a game's setup may take.
const HANDSHAKE: Duration = Duration::from_secs(10);

/// A UCI engine.
#[derive(Debug)]
pub struct UciPlayer {
    process: Process,
    name: String,
    depth: Option<u32>,
    nodes: Option<u64>,
    mirror: Option<Mirror>,
    /// `position` before the moves: `startpos` or `fen ...`.
    setup: String,
    /// Send `position fen` even from the variant's start (`start=fen`).
    send_start: bool,
}

/// What `uci` told about the engine.
#[derive(Debug, Default)]
struct Identity {
    name: Option<String>,
    options: Vec<String>,
    variants: Option<Vec<String>>,
}

impl UciPlayer {
    /// Starts the engine, checks that it plays the variant and sets its options.
    pub fn start(
        spec: &EngineSpec,
        command: &[String],
        tables: &Arc<Tables>,
    ) -> Result<UciPlayer, Fault> {
        let mut process = Process::spawn(command)?;
        process.send("uci")?;
        let id = read_identity(&mut process)?;
        let variant = spec
            .variant
            .clone()
            .unwrap_or_else(|| Variant::named_for_uci(tables.clone()).name);
        match &id.variants {
            Some(known) if known.contains(&variant) => {
                process.send(&format!("setoption name UCI_Variant value {variant}"))?;
            }
            None if variant == "chess" => {}
            known => {
                let known = known.as_deref().unwrap_or_default();
                return Err(Fault::Startup(format!(
                    "it does not offer the variant `{variant}` (UCI_Variant: {}); name another \
                     with `variant=`",
                    if known.is_empty() {
                        "none".to_string()
                    } else {
                        known.join(", ")
                    }
                )));
            }
        }
        if id.options.iter().any(|o| o == "Hash") {
            process.send(&format!("setoption name Hash value {}", spec.hash))?;
        }
        if let Some(n) = spec.threads {
            if !id.options.iter().any(|o| o == "Threads") {
                return Err(Fault::Startup("it has no `Threads` option".into()));
            }
            process.send(&format!("setoption name Threads value {n}"))?;
        }
        let name = spec
            .name
            .clone()
            .or(id.name)
            .or_else(|| spec.program().map(str::to_string))
            .unwrap_or_else(|| spec.text.clone());
        let mut player = UciPlayer {
            process,
            name,
            depth: spec.depth,
            nodes: spec.nodes,
            send_start: spec.send_start,
            mirror: None,
            setup: "startpos".into(),
        };
        player.ready()?;
        Ok(player)
    }

    fn ready(&mut self) -> Result<(), Fault> {
        self.process.send("isready")?;
        let started = Instant::now();
        while self.process.recv(started + HANDSHAKE, started)?.trim() != "readyok" {}
        Ok(())
    }
}

/// Reads the answer to `uci` up to `uciok`.
fn read_identity(process: &mut Process) -> Result<Identity, Fault> {
    let started = Instant::now();
    let mut id = Identity::default();
    loop {
        let line = match process.recv(started + HANDSHAKE, started) {
            Err(Fault::Hung(_)) => return Err(Fault::Startup("no `uciok` in 10 s".into())),
            other => other?,
        };
        let line = line.trim();
        if line == "uciok" {
            return Ok(id);
        }
        if let Some(name) = line.strip_prefix("id name ") {
            id.name = Some(name.trim().to_string());
        } else if let Some(rest) = line.strip_prefix("option name ") {
            let (name, rest) = rest.split_once(" type ").unwrap_or((rest, ""));
            if name == "UCI_Variant" {
                let vars = rest.split(" var ").skip(1);
                id.variants = Some(vars.map(|v| v.trim().to_string()).collect());
            }
            id.options.push(name.trim().to_string());
        }
    }
}

impl Contestant for UciPlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self, game: &GameSoFar, _: Option<TimeControl>) -> Result<(), Fault> {
        self.process.send("ucinewgame")?;
        self.setup = if game.is_variant_start && !self.send_start {
            "startpos".to_string()
        } else {
            format!("fen {}", game.start.to_text())
        };
        self.mirror = Some(Mirror::new(&game.start));
        self.ready()
    }

    fn play(&mut self, turn: &Turn<'_>) -> Result<Answer, Fault> {
        let started = Instant::now();
        let mirror = self
            .mirror
            .as_mut()
            .ok_or_else(|| Fault::Startup("no game was set up".into()))?;
        mirror.catch_up(&turn.game.moves, &UciText);
        let mut position = format!("position {}", self.setup);
        if !mirror.texts().is_empty() {
            position.push_str(" moves ");
            position.push_str(&mirror.texts().join(" "));
        }
        self.process.send(&position)?;
        self.process.send(&go_line(turn, self.depth, self.nodes))?;
        loop {
            let line = self.process.recv(started + turn.patience, started)?;
            let Some(rest) = line.trim().strip_prefix("bestmove") else {
                continue;
            };
            let text = rest.split_whitespace().next().unwrap_or("");
            let mut pos = turn.game.pos.clone();
            return match UciText::parse(&mut pos, text) {
                Ok(m) => Ok(Answer::Move(m)),
                Err(WireError::Illegal) => Err(Fault::Illegal(text.to_string())),
                Err(WireError::Malformed) => {
                    Err(Fault::Malformed(format!("`bestmove {text}` is no move")))
                }
            };
        }
    }

    fn game_over(&mut self, _: &str, _: &str) {}
}

/// `go` with the engine's limits and both clocks.
fn go_line(turn: &Turn<'_>, depth: Option<u32>, nodes: Option<u64>) -> String {
    let mut go = "go".to_string();
    match turn.own.control {
        Some(TimeControl::PerMove(t)) => go.push_str(&format!(" movetime {}", t.as_millis())),
        Some(TimeControl::Clock { increment, .. }) => {
            let other = turn.other.allowance().unwrap_or(turn.own.left);
            let other_inc = match turn.other.control {
                Some(TimeControl::Clock { increment, .. }) => increment,
                _ => Duration::ZERO,
            };
            let (w, b, winc, binc) = match turn.game.pos.side_to_move() {
                Player::First => (turn.own.left, other, increment, other_inc),
                Player::Second => (other, turn.own.left, other_inc, increment),
            };
            go.push_str(&format!(
                " wtime {} btime {} winc {} binc {}",
                w.as_millis(),
                b.as_millis(),
                winc.as_millis(),
                binc.as_millis()
            ));
        }
        None => {}
    }
    if let Some(d) = depth {
        go.push_str(&format!(" depth {d}"));
    }
    if let Some(n) = nodes {
        go.push_str(&format!(" nodes {n}"));
    }
    go
}
