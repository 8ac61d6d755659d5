//! A match between two engines: games shared out to worker threads, each with its own pair
//! of engines (restarted after a crash or a hang); colours alternate, and both games of a pair
//! start from the same opening. Results come back to the caller as they finish, scored for
//! the second engine (B) against the first (A); the caller can stop the match early (an SPRT
//! verdict).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use koma_runtime::Tables;
use koma_runtime::spec::Player;

use super::cecp_client::CecpPlayer;
use super::game::{Contestant, Ending, Fault, GameSoFar, Played, Rules, play_game};
use super::koma::KomaPlayer;
use super::opening::{Opening, SplitMix64};
use super::spec::{EngineKind, EngineSpec, TimeControl};
use super::stats::Tally;
use super::uci_client::UciPlayer;

/// Everything a match needs.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    pub tables: Arc<Tables>,
    /// A (the baseline) and B.
    pub engines: [EngineSpec; 2],
    /// The time control of engines whose spec sets none.
    pub control: Option<TimeControl>,
    pub games: usize,
    pub concurrency: usize,
    /// Used in turn, one per game pair.
    pub openings: Vec<Opening>,
    pub random_plies: usize,
    pub seed: u64,
    pub rules: Rules,
}

/// A finished game of a match.
#[derive(Clone, Debug)]
pub struct GameReport {
    /// From 0, in the order games were scheduled.
    pub index: usize,
    /// The engine (0 = A, 1 = B) that played first.
    pub first: usize,
    /// The first and second player's names.
    pub names: [String; 2],
    pub opening_plies: usize,
    pub played: Played,
}

impl GameReport {
    /// The engine (0 = A, 1 = B) that won, `None` for a draw.
    pub fn winner(&self) -> Option<usize> {
        let w = self.played.ending.winner()?;
        Some(if w == Player::First {
            self.first
        } else {
            1 - self.first
        })
    }

    /// The game's points for engine `e` (1, 1/2 or 0).
    pub fn points_of(&self, e: usize) -> f64 {
        match self.winner() {
            None => 0.5,
            Some(w) if w == e => 1.0,
            Some(_) => 0.0,
        }
    }
}

/// Starts the engine of `spec` for `tables`, to play under `control`.
pub fn start_engine(
    spec: &EngineSpec,
    tables: &Arc<Tables>,
    control: Option<TimeControl>,
) -> Result<Box<dyn Contestant>, Fault> {
    Ok(match &spec.kind {
        EngineKind::Koma => Box::new(KomaPlayer::new(spec)),
        EngineKind::Cecp { command } => {
            Box::new(CecpPlayer::start(spec, command, tables, control)?)
        }
        EngineKind::Uci { command } => Box::new(UciPlayer::start(spec, command, tables)?),
    })
}

/// The engines' names: what they call themselves, made distinct (`koma`, `koma (2)`).
/// Starting them also checks that they run and know the variant.
pub fn engine_names(config: &MatchConfig) -> Result<[String; 2], String> {
    let mut names = [String::new(), String::new()];
    for (i, spec) in config.engines.iter().enumerate() {
        if spec.depth.is_none() && spec.nodes.is_none() && spec.control.or(config.control).is_none()
        {
            return Err(format!(
                "engine `{}` has no limit: give the match --tc or --st, or the engine depth=, \
                 nodes=, tc= or st=",
                spec.text
            ));
        }
        let engine = start_engine(spec, &config.tables, spec.control.or(config.control))
            .map_err(|f| format!("engine `{}` {f}", spec.text))?;
        names[i] = engine.name();
    }
    if names[0] == names[1] {
        names[1].push_str(" (2)");
    }
    Ok(names)
}

/// Plays the match; `on_game` hears each game as it ends, with B's tally so far, and returns
/// whether to go on. Returns B's tally.
pub fn run_match(
    config: &MatchConfig,
    names: &[String; 2],
    on_game: &mut dyn FnMut(&GameReport, &Tally) -> bool,
) -> Tally {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<GameReport>();
    let mut tally = Tally::default();
    std::thread::scope(|s| {
        for _ in 0..config.concurrency.max(1) {
            // Positions are not shared between threads: each worker has its own openings.
            let (tx, config) = (tx.clone(), config.clone());
            let (next, stop) = (&next, &stop);
            s.spawn(move || worker(&config, names, next, stop, &tx));
        }
        drop(tx);
        for report in rx {
            match report.winner() {
                Some(1) => tally.wins += 1,
                Some(_) => tally.losses += 1,
                None => tally.draws += 1,
            }
            if !on_game(&report, &tally) {
                stop.store(true, Ordering::Relaxed);
            }
        }
    });
    tally
}

fn worker(
    config: &MatchConfig,
    names: &[String; 2],
    next: &AtomicUsize,
    stop: &AtomicBool,
    tx: &mpsc::Sender<GameReport>,
) {
    let mut engines: [Option<Box<dyn Contestant>>; 2] = [None, None];
    loop {
        let index = next.fetch_add(1, Ordering::Relaxed);
        if index >= config.games || stop.load(Ordering::Relaxed) {
            return;
        }
        let report = play_one(config, names, index, &mut engines);
        if tx.send(report).is_err() {
            return;
        }
    }
}

/// The opening of game pair `pair`.
pub fn opening_of(config: &MatchConfig, pair: usize) -> Opening {
    let given = &config.openings[pair % config.openings.len()];
    let mut rng = SplitMix64::for_stream(config.seed, pair as u64);
    // Both games of the pair start from the same drawn array, colours swapped.
    given
        .drawn(&mut rng)
        .with_random_plies(config.random_plies, &mut rng)
}

fn play_one(
    config: &MatchConfig,
    names: &[String; 2],
    index: usize,
    engines: &mut [Option<Box<dyn Contestant>>; 2],
) -> GameReport {
    let opening = opening_of(config, index / 2);
    let first = index % 2;
    let order = [first, 1 - first];
    let game_names = order.map(|e| names[e].clone());
    let report = |played: Played| GameReport {
        index,
        first,
        names: game_names.clone(),
        opening_plies: opening.moves.len(),
        played,
    };
    // Start what is not running; an engine that will not start forfeits the game.
    for (seat, &e) in order.iter().enumerate() {
        if engines[e].is_none() {
            let spec = &config.engines[e];
            match start_engine(spec, &config.tables, spec.control.or(config.control)) {
                Ok(engine) => engines[e] = Some(engine),
                Err(f) => {
                    let side = if seat == 0 {
                        Player::First
                    } else {
                        Player::Second
                    };
                    return report(Played {
                        game: GameSoFar::from_opening(&opening),
                        ending: Ending::Forfeit(side, f),
                    });
                }
            }
        }
    }
    let [Some(a), Some(b)] = engines else {
        return report(Played {
            game: GameSoFar::from_opening(&opening),
            ending: Ending::Forfeit(Player::First, Fault::Startup("not running".into())),
        });
    };
    let (a, b): (&mut dyn Contestant, &mut dyn Contestant) = (a.as_mut(), b.as_mut());
    let controls = order.map(|e| config.engines[e].control.or(config.control));
    let players: [&mut dyn Contestant; 2] = if first == 0 { [a, b] } else { [b, a] };
    let played = play_game(players, controls, &opening, &config.rules);
    if let Ending::Forfeit(side, fault) = &played.ending
        && fault.needs_restart()
    {
        let seat = usize::from(*side == Player::Second);
        engines[order[seat]] = None;
    }
    report(played)
}
