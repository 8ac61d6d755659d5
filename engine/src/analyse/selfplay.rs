//! Self-play games for `koma analyse`, on the referee's game loop: koma against koma, game `i`
//! from seed `S + i` (its random opening plies come from that seed), every game end judged by
//! the runtime. Each game starts with fresh search tables, so with a node or depth limit a
//! game is the same whichever thread, shard or machine plays it.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use koma_runtime::Tables;

use super::record::GameRecord;
use crate::referee::game::{Contestant, Rules, play_game};
use crate::referee::koma::KomaPlayer;
use crate::referee::opening::{Opening, SplitMix64};
use crate::referee::spec::{EngineSpec, TimeControl};
use crate::values;

/// How the games of one variant are played.
#[derive(Clone, Debug)]
pub struct SelfPlay {
    pub tables: Arc<Tables>,
    /// The engine for both sides (depth, nodes, hash).
    pub engine: EngineSpec,
    /// A time a move, when the search is bounded by time (then games depend on the machine).
    pub control: Option<TimeControl>,
    pub random_plies: usize,
    pub seed: u64,
    pub rules: Rules,
}

impl SelfPlay {
    /// The opening of game `index`: `random_plies` random moves drawn from seed `S + index`.
    /// `None` when the variant has no start position.
    pub fn opening(&self, index: u64) -> Option<Opening> {
        let start = Opening::variant_start(self.tables.clone())?;
        let mut rng = SplitMix64::new(self.seed.wrapping_add(index));
        Some(start.with_random_plies(self.random_plies, &mut rng))
    }

    /// The engine's piece values in centipawns, by piece type.
    pub fn piece_values(&self) -> Vec<i32> {
        values::estimate(&self.tables)
            .iter()
            .map(|v| v.value)
            .collect()
    }
}

/// A game to play: file `variant` of the run, game `index`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Job {
    pub variant: usize,
    pub index: u64,
}

/// Plays `jobs` on `threads` threads; `on_game` hears each game as it ends (in no fixed
/// order) and returns whether to go on. Variants without a start position play nothing (the
/// caller refuses them first).
pub fn play_games(
    variants: &[SelfPlay],
    jobs: &[Job],
    threads: usize,
    on_game: &mut dyn FnMut(GameRecord) -> bool,
) {
    let values: Vec<Vec<i32>> = variants.iter().map(SelfPlay::piece_values).collect();
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<GameRecord>();
    std::thread::scope(|s| {
        for _ in 0..threads.clamp(1, jobs.len().max(1)) {
            let (tx, next, stop, values) = (tx.clone(), &next, &stop, &values);
            s.spawn(move || {
                let mut players: Vec<Option<[KomaPlayer; 2]>> = Vec::new();
                players.resize_with(variants.len(), || None);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= jobs.len() || stop.load(Ordering::Relaxed) {
                        return;
                    }
                    let job = jobs[i];
                    let v = &variants[job.variant];
                    let pair = players[job.variant].get_or_insert_with(|| {
                        [KomaPlayer::new(&v.engine), KomaPlayer::new(&v.engine)]
                    });
                    let Some(record) = play_one(v, job, pair, &values[job.variant]) else {
                        continue;
                    };
                    if tx.send(record).is_err() {
                        return;
                    }
                }
            });
        }
        drop(tx);
        for record in rx {
            if !on_game(record) {
                stop.store(true, Ordering::Relaxed);
            }
        }
    });
}

/// Plays one game; `None` when the variant has no start position.
fn play_one(
    v: &SelfPlay,
    job: Job,
    [a, b]: &mut [KomaPlayer; 2],
    values: &[i32],
) -> Option<GameRecord> {
    let opening = v.opening(job.index)?;
    let players: [&mut dyn Contestant; 2] = [a, b];
    let played = play_game(players, [v.control; 2], &opening, &v.rules);
    Some(GameRecord::new(
        job.variant,
        job.index,
        &played,
        opening.moves.len(),
        values,
    ))
}
