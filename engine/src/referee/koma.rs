//! koma's own search as a contestant, in the referee's process: a [`Searcher`] with its own
//! table, the spec's depth and node limits, and the referee's clock.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::thread::JoinHandle;

use koma_runtime::Position;

use super::game::{Answer, Contestant, Fault, GameSoFar, Turn};
use super::spec::{EngineSpec, TimeControl};
use crate::search::{Limits, MAX_THREADS, SearchResult, Searcher};
use crate::time;

/// In-process koma.
#[derive(Debug)]
pub struct KomaPlayer {
    name: String,
    depth: Option<u32>,
    nodes: Option<u64>,
    threads: usize,
    worker: Worker,
    /// What a move costs beyond the search, learned from the referee's clock.
    latency: time::Latency,
}

/// What the search thread is asked to do.
enum Job {
    Search(Box<Position>, Limits),
    NewGame,
}

/// The thread that searches, as an engine's process would: it sleeps while the opponent
/// thinks, so a loaded machine wakes it as it wakes a program waiting on its input, rather
/// than running it as a part of the referee, which never sleeps and waits its turn for the
/// CPU in the middle of a move of a fast game.
#[derive(Debug)]
struct Worker {
    jobs: mpsc::Sender<Job>,
    results: mpsc::Receiver<SearchResult>,
    stop: Arc<AtomicBool>,
    handle: Option<JoinHandle<()>>,
}

impl Worker {
    fn new(mut searcher: Searcher) -> Worker {
        let (jobs, job_rx) = mpsc::channel::<Job>();
        let (result_tx, results) = mpsc::channel();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let handle = std::thread::spawn(move || {
            while let Ok(job) = job_rx.recv() {
                match job {
                    Job::NewGame => searcher.clear(),
                    Job::Search(pos, limits) => {
                        let result = searcher.search(&pos, &limits, &flag, &mut |_| {});
                        if result_tx.send(result).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        Worker {
            jobs,
            results,
            stop,
            handle: Some(handle),
        }
    }

    /// Searches `pos`, stopped at `patience` when nothing else bounds the search; `None` when
    /// the search thread is gone (it panicked).
    fn search(
        &mut self,
        pos: &Position,
        limits: Limits,
        patience: std::time::Duration,
    ) -> Option<SearchResult> {
        self.stop.store(false, Ordering::Relaxed);
        self.jobs
            .send(Job::Search(Box::new(pos.clone()), limits))
            .ok()?;
        match self.results.recv_timeout(patience) {
            Ok(result) => Some(result),
            Err(mpsc::RecvTimeoutError::Timeout) => {
                self.stop.store(true, Ordering::Relaxed);
                self.results.recv().ok()
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => None,
        }
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        // Closing the job channel ends the thread's loop.
        let (closed, _) = mpsc::channel();
        self.jobs = closed;
        if let Some(h) = self.handle.take() {
            let _ = h.join();
        }
    }
}

impl KomaPlayer {
    pub fn new(spec: &EngineSpec) -> KomaPlayer {
        let mut searcher = Searcher::new(spec.hash);
        searcher.set_weights(spec.weights.clone());
        searcher.set_technique(spec.technique);
        if let Some(c) = spec.contempt {
            searcher.set_contempt(c);
        }
        KomaPlayer {
            name: spec.name.clone().unwrap_or_else(|| spec.text.clone()),
            depth: spec.depth,
            nodes: spec.nodes,
            threads: spec
                .threads
                .map_or(1, |t| (t as usize).clamp(1, MAX_THREADS)),
            worker: Worker::new(searcher),
            latency: time::Latency::default(),
        }
    }
}

impl Contestant for KomaPlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self, _: &GameSoFar, _: Option<TimeControl>) -> Result<(), Fault> {
        self.worker
            .jobs
            .send(Job::NewGame)
            .map_err(|_| Fault::Crashed("its search thread ended".to_string()))?;
        self.latency.new_game();
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
                self.latency.reported(turn.own.left);
                limits.clock = Some(time::Clock {
                    left: turn.own.left,
                    increment,
                    moves_to_go: None,
                    latency: self.latency.estimate(),
                });
            }
            None => {}
        }
        self.latency.searching(limits.clock);
        let result = self
            .worker
            .search(&turn.game.pos, limits, turn.patience)
            .ok_or_else(|| Fault::Crashed("its search panicked".to_string()))?;
        self.latency.played(result.time);
        match result.best {
            Some(m) => Ok(Answer::Move(m)),
            None => Err(Fault::Illegal("(no move)".to_string())),
        }
    }

    fn game_over(&mut self, _: &str, _: &str) {}
}
