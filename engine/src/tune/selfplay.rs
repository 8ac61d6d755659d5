//! Games for the tuner: the engine against itself at a small fixed node count, each game from
//! the start position plus its own seeded random moves, shared out to threads. The same
//! settings give the same games on every run (a fixed node count makes the search
//! deterministic, and each game's random moves come from its own stream of the seed).

use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use koma_runtime::Tables;

use super::{GameRecord, TuneError};
use crate::referee::opening::{Opening, SplitMix64};
use crate::search::{Limits, Searcher};

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

/// Plays the games; `progress` hears the number finished so far.
pub fn self_play(
    tables: &Arc<Tables>,
    settings: &SelfPlay,
    progress: &(dyn Fn(usize) + Sync),
) -> Result<Vec<GameRecord>, TuneError> {
    let start = Opening::variant_start(tables.clone()).ok_or(TuneError::NoStartPosition)?;
    let next = AtomicUsize::new(0);
    let finished = AtomicUsize::new(0);
    let games: Mutex<Vec<Option<GameRecord>>> = Mutex::new(vec![None; settings.games]);
    std::thread::scope(|s| {
        for _ in 0..settings.threads.clamp(1, settings.games.max(1)) {
            // Positions are not shared between threads: each has its own copy of the start.
            let (start, next, finished, games) = (start.clone(), &next, &finished, &games);
            s.spawn(move || {
                let mut searcher = Searcher::new(4);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= settings.games {
                        return;
                    }
                    let game = play(&start, settings, i, &mut searcher);
                    if let Ok(mut all) = games.lock() {
                        all[i] = Some(game);
                    }
                    progress(finished.fetch_add(1, Ordering::Relaxed) + 1);
                }
            });
        }
    });
    Ok(games
        .into_inner()
        .unwrap_or_default()
        .into_iter()
        .flatten()
        .collect())
}

/// Game `index`: its random opening, then the engine's moves until the rules end it or the
/// ply limit draws it.
fn play(start: &Opening, settings: &SelfPlay, index: usize, searcher: &mut Searcher) -> GameRecord {
    let mut rng = SplitMix64::for_stream(settings.seed, index as u64);
    let opening = start.with_random_plies(settings.random_plies, &mut rng);
    let mut pos = opening.position();
    let mut moves = opening.moves.clone();
    let limits = Limits {
        nodes: Some(settings.nodes.max(1)),
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    searcher.clear();
    let winner = loop {
        if let Some(r) = pos.result() {
            break r.winner;
        }
        if moves.len() >= settings.max_plies {
            break None;
        }
        let Some(m) = searcher.search(&pos, &limits, &stop, &mut |_| {}).best else {
            break None;
        };
        pos.make(&m);
        moves.push(m);
    };
    GameRecord {
        start: opening.start,
        moves,
        winner,
    }
}
