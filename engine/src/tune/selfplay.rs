//! Games for the tuner: the engine against itself at a small fixed node count, each game from
//! the start position plus its own seeded random moves, played on `koma analyse`'s self-play
//! loop (the referee's game loop, every game end judged by the runtime). The same settings
//! give the same games on every run (a fixed node count makes the search deterministic, and
//! each game's random moves come from its own seed).

use std::sync::Arc;
use std::time::Duration;

use koma_runtime::Tables;

use super::{GameRecord, TuneError};
use crate::analyse::{self, Job, play_games};
use crate::eval::WeightChoice;
use crate::referee::game::Rules;
use crate::referee::opening::Opening;
use crate::referee::spec::{EngineKind, EngineSpec};

/// How the self-play games are played.
#[derive(Clone, Debug)]
pub struct SelfPlay {
    pub games: usize,
    /// Nodes a move.
    pub nodes: u64,
    /// Random legal moves at the start of each game.
    pub random_plies: usize,
    /// A game still going after this many plies is a draw.
    pub max_plies: usize,
    pub seed: u64,
    pub threads: usize,
}

impl Default for SelfPlay {
    fn default() -> SelfPlay {
        SelfPlay {
            games: 400,
            nodes: 1000,
            random_plies: 8,
            max_plies: 300,
            seed: 1,
            threads: 1,
        }
    }
}

/// Transposition table of each player, in MB: a few hundred nodes a move fill little.
const HASH_MB: usize = 4;

/// Plays the games, in the order of their numbers; `progress` hears the number finished so
/// far.
pub fn self_play(
    tables: &Arc<Tables>,
    settings: &SelfPlay,
    progress: &(dyn Fn(usize) + Sync),
) -> Result<Vec<GameRecord>, TuneError> {
    if Opening::variant_start(tables.clone()).is_none() {
        return Err(TuneError::NoStartPosition);
    }
    let variant = analyse::SelfPlay {
        tables: tables.clone(),
        engine: EngineSpec {
            text: "koma".to_string(),
            kind: EngineKind::Koma,
            name: None,
            depth: None,
            nodes: Some(settings.nodes.max(1)),
            control: None,
            threads: Some(1),
            hash: HASH_MB,
            variant: None,
            send_start: false,
            weights: WeightChoice::default(),
            // A design's draws are measured as they are: no side plays on against a draw.
            contempt: Some(0),
            // The fit models the weighed terms: the games are played by them alone.
            technique: false,
        },
        control: None,
        random_plies: settings.random_plies,
        seed: settings.seed,
        rules: Rules {
            max_plies: Some(settings.max_plies),
            margin: Duration::from_secs(5),
            move_timeout: Duration::from_secs(600),
        },
    };
    let jobs: Vec<Job> = (0..settings.games as u64)
        .map(|index| Job { variant: 0, index })
        .collect();
    let mut records = Vec::with_capacity(jobs.len());
    play_games(&[variant], &jobs, settings.threads, &mut |record| {
        records.push(record);
        progress(records.len());
        true
    });
    records.sort_by_key(|r| r.index);
    Ok(records
        .iter()
        .filter_map(|r| analyse::summary::replay(tables, r))
        .collect())
}
