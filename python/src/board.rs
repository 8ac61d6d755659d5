//! `Board`: a game of a variant in progress, over the runtime's `Position` (legal moves, make and
//! unmake, position text, results, perft) and the engine's search.

use std::sync::{Arc, Mutex};

use koma_engine::search::MAX_THREADS;
use koma_engine::{Limits, Score};
use koma_runtime::{FullMove, Position};
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;

use crate::variant::{Compiled, Variant};
use crate::{KomaError, MoveError, PositionError, side_name};

/// A game in progress: a position of a variant and the moves pushed since it was set up.
/// Positions and moves are koma's text (docs/positions.md): FEN for chess-like variants,
/// coordinate moves such as `e2e4`, `e7e8=Q`, `P@e5`, `f5xf6g7`.
#[pyclass(module = "koma")]
#[derive(Debug)]
pub struct Board {
    variant: Arc<Compiled>,
    /// Reached through `&mut self` only ([`Board::pos`]), so never locked: the mutex only makes
    /// the board `Sync`, as a Python object must be, around a `Position` that is `Send` only.
    pos: Mutex<Position>,
    /// The text of each move pushed, as written in the position before it.
    stack: Vec<String>,
}

/// How a game ended.
#[pyclass(frozen, get_all, module = "koma")]
#[derive(Debug)]
pub struct GameResult {
    /// `"first"`, `"second"`, or `None` for a draw.
    winner: Option<&'static str>,
    /// Why: `"checkmate"`, `"stalemate"`, `"royals lost"`, `"repetition"`, ...
    reason: &'static str,
    /// `"1-0"`, `"0-1"` or `"1/2-1/2"`.
    score: &'static str,
}

#[pymethods]
impl GameResult {
    fn __repr__(&self) -> String {
        format!("<GameResult {} ({})>", self.score, self.reason)
    }
}

/// What a search found, from the side to move's point of view.
#[pyclass(frozen, get_all, module = "koma")]
#[derive(Debug)]
pub struct SearchResult {
    /// The move to play; `None` when the game is over.
    best: Option<String>,
    /// The reply the engine expects.
    ponder: Option<String>,
    /// Centipawns, or `None` when the search found a forced end (see `mate`).
    score: Option<i32>,
    /// Moves to a won game, negative when the side to move loses; `None` otherwise.
    mate: Option<i32>,
    /// Depth of the last completed iteration.
    depth: u32,
    nodes: u64,
    /// Seconds.
    time: f64,
    /// The principal variation.
    pv: Vec<String>,
}

#[pymethods]
impl SearchResult {
    fn __repr__(&self) -> String {
        let score = match (self.score, self.mate) {
            (_, Some(m)) => format!("mate {m}"),
            (Some(cp), None) => format!("cp {cp}"),
            (None, None) => "none".to_string(),
        };
        format!(
            "<SearchResult best={} {score} depth={} nodes={}>",
            self.best.as_deref().unwrap_or("None"),
            self.depth,
            self.nodes
        )
    }
}

impl Board {
    /// The board for pyffish-style calls: `fen` (or `"startpos"`) with `moves` played.
    pub fn build(variant: Arc<Compiled>, fen: &str, moves: &[String]) -> PyResult<Board> {
        let pos = Position::from_text(variant.tables.clone(), fen)
            .map_err(|e| PositionError::new_err(e.to_string()))?;
        let mut board = Board {
            variant,
            pos: Mutex::new(pos),
            stack: Vec::new(),
        };
        for m in moves {
            board.push(m)?;
        }
        Ok(board)
    }

    /// The position (a poisoned lock still holds a whole position: every change to it is a
    /// make or unmake that completed).
    fn pos(&mut self) -> &mut Position {
        self.pos.get_mut().unwrap_or_else(|e| e.into_inner())
    }

    fn parse(&mut self, text: &str) -> PyResult<FullMove> {
        self.pos()
            .parse_move(text)
            .map_err(|e| MoveError::new_err(e.to_string()))
    }

    /// The result, or `None` while the game goes on.
    pub fn game_result(&mut self) -> Option<GameResult> {
        self.pos().result().map(|r| GameResult {
            winner: r.winner.map(side_name),
            reason: r.reason.describe(),
            score: r.score(),
        })
    }

    /// The result as pyffish scores it, from the side to move's view: `VALUE_MATE` won,
    /// `-VALUE_MATE` lost, `VALUE_DRAW` drawn; `None` while the game goes on.
    pub fn result_value(&mut self) -> Option<i32> {
        let me = self.pos().side_to_move();
        self.pos().result().map(|r| match r.winner {
            None => 0,
            Some(w) if w == me => koma_engine::search::MATE,
            Some(_) => -koma_engine::search::MATE,
        })
    }

    /// Whether a rule ended the game although the side to move still has legal moves (or
    /// before it could move): pyffish's "immediate" end, as opposed to mate or stalemate.
    pub fn ended_by_rule(&mut self) -> bool {
        let moves = self.pos().moves();
        self.pos().decided().is_some()
            || (!moves.is_empty() && self.pos().result_with(&moves).is_some())
    }
}

#[pymethods]
impl Board {
    /// The position `fen` of `variant` (a `Variant`, or the name of a loaded one), or its start
    /// position, with `moves` pushed.
    #[new]
    #[pyo3(signature = (variant, fen = "startpos", moves = Vec::new()))]
    fn new(variant: &Bound<'_, PyAny>, fen: &str, moves: Vec<String>) -> PyResult<Board> {
        Board::build(Variant::resolve(variant)?, fen, &moves)
    }

    /// The variant being played.
    #[getter]
    fn variant(&self) -> Variant {
        Variant {
            compiled: self.variant.clone(),
        }
    }

    /// The position as text (FEN for chess-like variants); it reads back to the same position.
    pub fn fen(&mut self) -> String {
        self.pos().to_text()
    }

    /// `"first"` or `"second"`: the side to move.
    #[getter]
    fn side_to_move(&mut self) -> &'static str {
        side_name(self.pos().side_to_move())
    }

    /// The moves pushed since the board was set up, oldest first.
    #[getter]
    fn move_stack(&self) -> Vec<String> {
        self.stack.clone()
    }

    /// The legal moves, as text, in generation order.
    pub fn legal_moves(&mut self) -> Vec<String> {
        let moves = self.pos().moves();
        moves.iter().map(|m| self.pos().move_text(m)).collect()
    }

    /// Plays a legal move and returns its text as koma writes it (`e7e8q` -> `e7e8=Q`). Raises
    /// `MoveError` when the text is malformed, illegal or ambiguous.
    fn push(&mut self, text: &str) -> PyResult<String> {
        let m = self.parse(text)?;
        let written = self.pos().move_text(&m);
        self.pos().make(&m);
        self.stack.push(written.clone());
        Ok(written)
    }

    /// Takes back the last move pushed and returns its text. Raises `IndexError` when no move
    /// was pushed.
    fn pop(&mut self) -> PyResult<String> {
        let last = self
            .stack
            .pop()
            .ok_or_else(|| PyIndexError::new_err("pop from an empty move stack"))?;
        self.pos().unmake();
        Ok(last)
    }

    /// Whether the side to move is in check (a royal attacked).
    pub fn is_check(&mut self) -> bool {
        self.pos().in_check()
    }

    /// Whether a legal move removes a piece (capture, locust capture, burn, e.p.).
    pub fn is_capture(&mut self, text: &str) -> PyResult<bool> {
        let m = self.parse(text)?;
        Ok(!self.pos().removed_squares(&m).is_empty())
    }

    /// How the game ended, or `None` while it goes on.
    fn result(&mut self) -> Option<GameResult> {
        self.game_result()
    }

    fn is_game_over(&mut self) -> bool {
        self.pos().result().is_some()
    }

    /// The number of leaf nodes `depth` plies below this position (`koma perft`), counted on
    /// `threads` threads with the GIL released.
    #[pyo3(signature = (depth, threads = 1))]
    fn perft(&mut self, py: Python<'_>, depth: u32, threads: usize) -> u64 {
        let pos = self.pos();
        py.detach(|| pos.perft_threads(depth, threads.clamp(1, MAX_THREADS)))
    }

    /// Searches for the best move within the limits given (at least one): `depth` in plies,
    /// `nodes`, `time` in seconds; on `threads` threads, with the GIL released.
    #[pyo3(signature = (depth = None, nodes = None, time = None, threads = 1))]
    fn search(
        &mut self,
        py: Python<'_>,
        depth: Option<u32>,
        nodes: Option<u64>,
        time: Option<f64>,
        threads: usize,
    ) -> PyResult<SearchResult> {
        let limits = limits(depth, nodes, time, threads)?;
        let pos = self.pos().clone();
        let found = py.detach(move || koma_engine::search(&pos, &limits));
        let (score, mate) = match found.score {
            Score::Centipawns(cp) => (Some(cp), None),
            Score::Mate(n) => (None, Some(n)),
        };
        let pv = line_text(self.pos(), &found.pv);
        let best = found.best.map(|m| self.pos().move_text(&m));
        let ponder = found.best.zip(found.ponder).map(|(best, reply)| {
            let mut after = self.pos().clone();
            after.make(&best);
            after.move_text(&reply)
        });
        Ok(SearchResult {
            best,
            ponder,
            score,
            mate,
            depth: found.depth,
            nodes: found.nodes,
            time: found.time.as_secs_f64(),
            pv,
        })
    }

    /// A copy that plays on independently (with the same move stack).
    fn copy(&mut self) -> Board {
        Board {
            variant: self.variant.clone(),
            pos: Mutex::new(self.pos().clone()),
            stack: self.stack.clone(),
        }
    }

    fn __str__(&mut self) -> String {
        self.fen()
    }

    fn __repr__(&mut self) -> String {
        let fen = self.fen();
        format!("<Board {:?} {fen:?}>", self.variant.tables.spec().name)
    }
}

/// The search limits; at least one of depth, nodes and time, each positive.
fn limits(
    depth: Option<u32>,
    nodes: Option<u64>,
    time: Option<f64>,
    threads: usize,
) -> PyResult<Limits> {
    if depth.is_none() && nodes.is_none() && time.is_none() {
        return Err(KomaError::new_err(
            "give a search limit: `depth`, `nodes` or `time`",
        ));
    }
    if depth == Some(0) || nodes == Some(0) {
        return Err(KomaError::new_err("`depth` and `nodes` must be at least 1"));
    }
    let movetime = match time {
        Some(t) if t.is_finite() && t > 0.0 => Some(koma_engine::time::clamped(t)),
        Some(t) => {
            return Err(KomaError::new_err(format!(
                "`time` must be a positive number of seconds, not {t}"
            )));
        }
        None => None,
    };
    Ok(Limits {
        depth,
        nodes,
        movetime,
        threads: threads.clamp(1, MAX_THREADS),
        ..Limits::default()
    })
}

/// The moves of a line as text, each written in the position it is played from, up to the
/// first that is not legal there.
fn line_text(pos: &Position, line: &[FullMove]) -> Vec<String> {
    let mut pos = pos.clone();
    let mut texts = Vec::new();
    for m in line {
        if !pos.moves().contains(m) {
            break;
        }
        texts.push(pos.move_text(m));
        pos.make(m);
    }
    texts
}
