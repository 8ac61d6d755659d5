//! koma's own search as a contestant, in the referee's process: a [`Searcher`] with its own
//! table, the spec's depth and node limits, and the referee's clock.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;

use super::game::{Answer, Contestant, Fault, GameSoFar, Turn};
use super::spec::{EngineSpec, TimeControl};
use crate::search::{Limits, MAX_THREADS, Searcher};
use crate::time;

/// In-process koma.
#[derive(Debug)]
pub struct KomaPlayer {
    name: String,
    depth: Option<u32>,
    nodes: Option<u64>,
    threads: usize,
    searcher: Searcher,
}

impl KomaPlayer {
    pub fn new(spec: &EngineSpec) -> KomaPlayer {
        KomaPlayer {
            name: spec.name.clone().unwrap_or_else(|| spec.text.clone()),
            depth: spec.depth,
            nodes: spec.nodes,
            threads: spec
                .threads
                .map_or(1, |t| (t as usize).clamp(1, MAX_THREADS)),
            searcher: {
                let mut searcher = Searcher::new(spec.hash);
                searcher.set_weights(spec.weights.clone());
                searcher
            },
        }
    }
}

impl Contestant for KomaPlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self, _: &GameSoFar, _: Option<TimeControl>) -> Result<(), Fault> {
        self.searcher.clear();
        Ok(())
    }

    fn play(&mut self, turn: &Turn<'_>) -> Result<Answer, Fault> {
        let mut limits = Limits {
            depth: self.depth,
            nodes: self.nodes,
            threads: self.threads,
            ..Limits::default()
        };
        match turn.own.control {
            Some(TimeControl::PerMove(t)) => limits.movetime = Some(t),
            Some(TimeControl::Clock { increment, .. }) => {
                limits.clock = Some(time::Clock {
                    left: turn.own.left,
                    increment,
                    moves_to_go: None,
                });
            }
            None => {}
        }
        let stop = AtomicBool::new(false);
        let (done, finished) = mpsc::channel::<()>();
        let result = std::thread::scope(|s| {
            // A watchdog: a search that no time bounds is stopped at the referee's patience.
            let (patience, stop) = (turn.patience, &stop);
            s.spawn(move || {
                if finished.recv_timeout(patience) == Err(mpsc::RecvTimeoutError::Timeout) {
                    stop.store(true, Ordering::Relaxed);
                }
            });
            let result = self
                .searcher
                .search(&turn.game.pos, &limits, stop, &mut |_| {});
            let _ = done.send(());
            result
        });
        match result.best {
            Some(m) => Ok(Answer::Move(m)),
            None => Err(Fault::Illegal("(no move)".to_string())),
        }
    }

    fn game_over(&mut self, _: &str, _: &str) {}
}
