//! The search: iterative deepening principal-variation search with aspiration windows, a shared
//! transposition table and Lazy SMP (helper threads search the same tree and share the table).
//! Moves come in stages (captures, then quiet moves only when needed) and are ordered by hash
//! move, MVV-LVA, killers and history. Pruning: mate distance, reverse futility, null move
//! (guarded against zugzwang), futility and late-move pruning of quiet moves, late-move
//! reductions, and losing captures skipped in quiescence; checks are extended in checkmate
//! games. Game ends come from the runtime's result rules, so every rule it implements
//! (repetition, move limits, bare royals, extinction, stalemate scoring) is respected. One thread
//! is deterministic: the same node count and move at a fixed depth on every run.

use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

// std's `Instant` panics on wasm32-unknown-unknown; web-time's is std's everywhere else.
use web_time::Instant;

use koma_runtime::result::GameResult;
use koma_runtime::spec::{Player, RepetitionScore, WinCondition};
use koma_runtime::{FullMove, Gen, Move, MoveList, MoveRef, Position, Square, Tables};

use crate::eval::{DangerMemo, Evaluator, Sums, WeightChoice};
use crate::time::{Budget, Clock};
use crate::tt::{Bound, Entry, Tt, TtMove};

/// The most search threads a protocol may ask for.
pub const MAX_THREADS: usize = 256;
/// Score of a won game at the root; a win in `n` plies scores `MATE - n`.
pub const MATE: i32 = 30_000;
const INF: i32 = 32_000;
const MAX_PLY: usize = 128;
/// A thread's frames, one a ply: a node at `MAX_PLY` (no deeper: the search stops there) reads
/// its child's frame as well.
const FRAMES: usize = MAX_PLY + 2;
/// Scores beyond this are wins or losses found by the search.
const MATE_BOUND: i32 = MATE - MAX_PLY as i32 * 2;
/// Deepest quiescence below the horizon.
const MAX_QDEPTH: i32 = 8;
/// Reverse futility: a position this much per ply above beta is not searched further.
const RFP_MARGIN: i32 = 90;
/// Futility: a quiet move that cannot raise the static score this much (plus per ply) to alpha.
const FUTILITY_BASE: i32 = 120;
const FUTILITY_PER_PLY: i32 = 110;
/// Quiescence skips a capture that cannot bring the score within this of alpha.
const DELTA_MARGIN: i32 = 150;
/// The clock and the stop flag are read every this many nodes: at 1 s + 0.01 s a search may
/// have 2 ms, a few hundred nodes in a large game on a loaded machine.
const CLOCK_NODES: u64 = 64;
/// Late-move pruning: quiet moves searched at a shallow node, times (3 + depth²), before the
/// rest are pruned (half as many when the static score is not improving). 2 against 1 at
/// fixed nodes: Chu +50 Elo, chess even (docs/engine.md, Strength).
const LATE_MOVES: i32 = 2;

/// Quiet moves a shallow non-PV node searches before late-move pruning takes the rest.
fn late_moves(depth: i32, improving: bool) -> usize {
    let late = (LATE_MOVES * (3 + depth * depth)) as usize / if improving { 1 } else { 2 };
    late.max(2)
}

/// What limits a search. Unset fields do not limit; with nothing set the search runs until
/// stopped (or to the maximum depth).
#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    pub clock: Option<Clock>,
    /// Search only these root moves (XBoard `exclude`, moves a GUI cannot carry).
    pub root_moves: Option<Vec<FullMove>>,
    /// Search threads (XBoard `cores`, UCI `Threads`); 0 and 1 both mean one.
    pub threads: usize,
}

/// A score from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Centipawns(i32),
    /// Mate (or a won game) in this many moves; negative when the side to move loses.
    Mate(i32),
}

impl Score {
    fn from_internal(v: i32) -> Score {
        if v > MATE_BOUND {
            Score::Mate((MATE - v + 1) / 2)
        } else if v < -MATE_BOUND {
            Score::Mate(-((MATE + v + 1) / 2))
        } else {
            Score::Centipawns(v)
        }
    }
}

/// Progress after each completed iteration.
#[derive(Clone, Debug)]
pub struct Info {
    pub depth: u32,
    pub seldepth: u32,
    pub score: Score,
    pub nodes: u64,
    pub time: Duration,
    pub pv: Vec<FullMove>,
}

impl Info {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        let ms = self.time.as_millis().max(1) as u64;
        self.nodes * 1000 / ms
    }
}

/// The outcome of a search.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// `None` only when the side to move has no legal move (or the game is over).
    pub best: Option<FullMove>,
    /// The reply the search expects.
    pub ponder: Option<FullMove>,
    pub score: Score,
    pub depth: u32,
    pub nodes: u64,
    pub time: Duration,
    pub pv: Vec<FullMove>,
}

/// Searches `pos` with a fresh 16 MB table: the simple entry point for other crates.
pub fn search(pos: &Position, limits: &Limits) -> SearchResult {
    let stop = AtomicBool::new(false);
    Searcher::new(16).search(pos, limits, &stop, &mut |_| {})
}

/// A searcher keeps its transposition table and evaluation tables between searches.
#[derive(Debug)]
pub struct Searcher {
    tt: Tt,
    eval: Option<Arc<Evaluator>>,
    weights: WeightChoice,
    /// Centipawns a draw costs the side that searches ([`DEFAULT_CONTEMPT`]).
    contempt: i32,
    /// The evaluation adds the endgame technique ([`Evaluator::with_technique_on`]).
    technique: bool,
    /// The main search thread's working storage, kept for the next search.
    scratch: Option<Box<Scratch>>,
}

/// What a draw costs the side to move at the root, in centipawns: it plays on from a
/// position it judges a little worse rather than repeat or shuffle to a drawn end. Against
/// ShaMax in Shatranj koma repeated positions with every piece on the board (6 of 20 games).
pub const DEFAULT_CONTEMPT: i32 = 20;

/// The largest contempt either way, in centipawns: far beyond any use, and far from the mate
/// scores, so that a draw never scores as a win or a loss.
pub const MAX_CONTEMPT: i32 = 1_000;

impl Searcher {
    /// A searcher with a transposition table of about `hash_mb` megabytes.
    pub fn new(hash_mb: usize) -> Searcher {
        Searcher {
            tt: Tt::new(hash_mb),
            eval: None,
            weights: WeightChoice::default(),
            contempt: DEFAULT_CONTEMPT,
            technique: true,
            scratch: None,
        }
    }

    /// Scores a draw as this many centipawns below even for the side that searches (0: even;
    /// negative: a draw is welcome), within [`MAX_CONTEMPT`] either way.
    pub fn set_contempt(&mut self, centipawns: i32) {
        self.contempt = centipawns.clamp(-MAX_CONTEMPT, MAX_CONTEMPT);
    }

    /// Plays with or without the evaluation's endgame technique from the next search on.
    pub fn set_technique(&mut self, on: bool) {
        self.technique = on;
    }

    /// Plays with these evaluation weights from the next search on.
    pub fn set_weights(&mut self, weights: WeightChoice) {
        self.weights = weights;
    }

    /// Resizes (and clears) the transposition table when the size changes.
    pub fn set_hash(&mut self, hash_mb: usize) {
        if self.tt.megabytes() != hash_mb.max(1) {
            self.tt = Tt::new(hash_mb);
        }
    }

    /// Forgets everything learned (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
    }

    /// The evaluator of a variant (built once per variant).
    pub fn evaluator(&mut self, tables: &Arc<Tables>) -> Arc<Evaluator> {
        let weights = self.weights.resolve(tables);
        match &self.eval {
            Some(e)
                if Arc::ptr_eq(e.tables(), tables)
                    && e.weights() == weights
                    && e.technique() == self.technique =>
            {
                e.clone()
            }
            _ => {
                let e = Evaluator::with_weights(tables, weights).with_technique_on(self.technique);
                let e = Arc::new(e);
                self.eval = Some(e.clone());
                e
            }
        }
    }

    /// Searches `pos` within `limits`; `stop` interrupts it from another thread; `info` hears
    /// each finished iteration.
    pub fn search(
        &mut self,
        pos: &Position,
        limits: &Limits,
        stop: &AtomicBool,
        info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        let eval = self.evaluator(pos.tables());
        self.tt.next_age();
        let start = Instant::now();
        let budget = match (limits.movetime, limits.clock) {
            (Some(t), _) => Some(Budget::fixed(t)),
            (None, Some(c)) => Some(c.budget()),
            (None, None) => None,
        };
        let mut root_pos = pos.clone();
        let mut root: Vec<FullMove> = root_pos.moves();
        if let Some(only) = &limits.root_moves {
            let kept: Vec<FullMove> = root.iter().copied().filter(|m| only.contains(m)).collect();
            if !kept.is_empty() {
                root = kept;
            }
        }
        let mut result = SearchResult {
            best: root.first().copied(),
            ponder: None,
            score: Score::Centipawns(0),
            depth: 0,
            nodes: 0,
            time: Duration::ZERO,
            pv: root.first().copied().into_iter().collect(),
        };
        if root.is_empty() || root_pos.result_with(&root).is_some() {
            return result;
        }
        let scratch = self.scratch.take().map_or_else(Scratch::new, |s| *s);
        let mut shared = Shared::new(pos, eval, &self.tt, stop, start, budget, limits);
        shared.contempt = self.contempt;
        let helpers = limits.threads.max(1) - 1;
        let helper_nodes = AtomicU64::new(0);
        let scratch = std::thread::scope(|scope| {
            for id in 1..=helpers {
                let (shared, helper_nodes) = (&shared, &helper_nodes);
                let (pos, mut moves) = (pos.clone(), root.clone());
                scope.spawn(move || {
                    let mut t = Thread::new(shared, pos, id, Scratch::new());
                    t.iterate(&mut moves, &mut |_| {}, &mut None);
                    helper_nodes.fetch_add(t.nodes, Ordering::Relaxed);
                });
            }
            let mut t = Thread::new(&shared, pos.clone(), 0, scratch);
            let mut sink = Some(&mut result);
            t.iterate(&mut root, info, &mut sink);
            shared.done.store(true, Ordering::Relaxed);
            result.nodes = t.nodes;
            t.into_scratch()
        });
        self.scratch = Some(Box::new(scratch));
        result.nodes += helper_nodes.load(Ordering::Relaxed);
        result.time = start.elapsed();
        result
    }
}

/// What every search thread reads.
struct Shared<'a> {
    tt: &'a Tt,
    eval: Arc<Evaluator>,
    /// The caller's stop.
    stop: &'a AtomicBool,
    /// The main thread finished: helpers stop.
    done: AtomicBool,
    start: Instant,
    budget: Option<Budget>,
    hard: Option<Duration>,
    node_limit: Option<u64>,
    max_depth: u32,
    checkmate: bool,
    /// A repetition inside the search scores as a draw.
    path_draws: bool,
    /// `repeat loses`: quiescence asks for the result of a repetition.
    repeat_loses: bool,
    /// `repeat illegal`: a move is tested when it is played, not when it is generated.
    repeat_illegal: bool,
    ntypes: usize,
    nsq: usize,
    /// The root's side to move.
    root_side: Player,
    /// What a draw costs the root's side to move ([`Searcher::set_contempt`]).
    contempt: i32,
}

impl<'a> Shared<'a> {
    fn new(
        pos: &Position,
        eval: Arc<Evaluator>,
        tt: &'a Tt,
        stop: &'a AtomicBool,
        start: Instant,
        budget: Option<Budget>,
        limits: &Limits,
    ) -> Shared<'a> {
        let t = pos.tables();
        let rules = &t.spec().rules;
        Shared {
            tt,
            eval,
            stop,
            done: AtomicBool::new(false),
            start,
            budget,
            hard: budget.map(|b| b.hard),
            node_limit: limits.nodes,
            max_depth: limits
                .depth
                .unwrap_or(MAX_PLY as u32 - 8)
                .clamp(1, MAX_PLY as u32 - 8),
            checkmate: rules.royals.win == WinCondition::Checkmate,
            // Not with perpetual check or attack rules, nor with `repeat` (illegal or losing),
            // nor where a repetition is won or lost (`repetition`, `tiebreak`).
            path_draws: rules.results.repetition.is_some()
                && rules.results.endings.repetition == RepetitionScore::Draw
                && rules.results.endings.tiebreak.is_none()
                && !rules.results.perpetual_check_loses
                && !rules.results.perpetual_attack_loses
                && rules.repeat.is_none(),
            repeat_loses: rules.repeat.is_some_and(|r| r.loses),
            repeat_illegal: rules.repeat.is_some_and(|r| !r.loses),
            ntypes: t.piece_count(),
            nsq: t.geo().len(),
            root_side: pos.side_to_move(),
            contempt: 0,
        }
    }
}

/// One ply's working storage, allocated once per search.
struct Frame {
    /// The ply's move list and ordering, taken out while a node searches its moves
    /// ([`Thread::take_lists`]): boxed, so that taking and putting back move a pointer.
    lists: Option<Box<Lists>>,
    pv: Vec<FullMove>,
    killers: [Option<FullMove>; 2],
    static_eval: i32,
    /// Plies back to the last irreversible move (0 after a null move: no repetition across it).
    reversible: usize,
    /// History slots of the quiet moves searched, for the penalty when another one cuts.
    quiets: Vec<usize>,
}

/// A node of the main search as its moves are searched one by one.
struct Node<'e> {
    depth: i32,
    alpha: i32,
    beta: i32,
    ply: usize,
    /// The first player's evaluation of the node's position.
    eval: &'e Sums,
    /// The side to move's static score (`-INF` in check).
    static_eval: i32,
    pv_node: bool,
    in_check: bool,
    improving: bool,
    /// The moves being searched still need the royal-safety test when played
    /// (`Position::search_moves_of`).
    unchecked: bool,
    best: i32,
    /// The best move so far, as the table keeps it (a whole move's copy cost more).
    best_move: Option<TtMove>,
    searched: usize,
}

/// A ply's move list and ordering, taken from its frame for a node's moves.
struct Lists {
    moves: MoveList,
    order: Vec<(u32, i32)>,
}

/// The moves a stage of a node skips, searched before it was generated, and the hash move
/// still to be ordered first.
struct Skip<'k> {
    tried: Option<TtMove>,
    killers: &'k [Option<FullMove>; 2],
    hash_move: Option<TtMove>,
}

/// A quiescence node as its moves are searched one by one.
struct QNode<'e> {
    alpha: i32,
    beta: i32,
    ply: usize,
    eval: &'e Sums,
    qdepth: i32,
    /// The static score, the score to beat (`-INF` in check: not counted).
    stand: i32,
    in_check: bool,
    /// As [`Node::unchecked`].
    unchecked: bool,
    best: i32,
    best_move: Option<TtMove>,
}

/// What searching one move of a node found.
enum Step {
    /// The move was not searched: it is not legal here, or quiescence skips it.
    Skipped,
    /// The search was stopped.
    Stopped,
    /// The move refutes the node: no other move needs searching.
    Cut,
    Next,
}

/// How far a move's score raised a node's bounds, each step implying the ones before.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Raised {
    No,
    /// A new best score.
    Best,
    /// Above alpha, which it becomes.
    Alpha,
    /// At or above beta: the node is cut.
    Cut,
}

/// Folds a move's `score` into a node's `best` and `alpha` (search and quiescence alike).
fn raise(best: &mut i32, alpha: &mut i32, beta: i32, score: i32) -> Raised {
    if score <= *best {
        return Raised::No;
    }
    *best = score;
    if score <= *alpha {
        return Raised::Best;
    }
    *alpha = score;
    if score >= beta {
        Raised::Cut
    } else {
        Raised::Alpha
    }
}

/// Late-move reductions by depth and move number.
struct Reductions([[u8; 64]; 64]);

impl Reductions {
    fn new() -> Reductions {
        let mut r = [[0u8; 64]; 64];
        for (d, row) in r.iter_mut().enumerate().skip(1) {
            for (n, cell) in row.iter_mut().enumerate().skip(1) {
                *cell = (0.5 + (d as f64).ln() * (n as f64).ln() / 2.2) as u8;
            }
        }
        Reductions(r)
    }

    fn get(&self, depth: i32, n: usize) -> i32 {
        i32::from(self.0[depth.clamp(0, 63) as usize][n.min(63)])
    }
}

/// A search thread's working storage. The main thread's is kept by the [`Searcher`] from one
/// search to the next: at 1 s + 0.01 s a move may get 2 ms, and making 2 MB of move lists anew
/// for each search costs a loaded machine a good part of that.
struct Scratch {
    frames: Box<[Frame; FRAMES]>,
    keys: Vec<u64>,
    history: Vec<i32>,
    reductions: Reductions,
    danger: Box<[DangerMemo; FRAMES]>,
}

impl std::fmt::Debug for Scratch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Scratch").finish_non_exhaustive()
    }
}

impl Scratch {
    fn new() -> Scratch {
        Scratch {
            frames: per_ply(|| Frame {
                lists: Some(Box::new(Lists {
                    moves: MoveList::with_capacity(256),
                    order: Vec::with_capacity(256),
                })),
                pv: Vec::with_capacity(FRAMES),
                killers: [None; 2],
                static_eval: 0,
                reversible: 0,
                quiets: Vec::with_capacity(256),
            }),
            keys: Vec::new(),
            history: Vec::new(),
            reductions: Reductions::new(),
            danger: per_ply(DangerMemo::default),
        }
    }

    /// Ready for a search of `pos` as if made anew (a search stays deterministic).
    fn reset(&mut self, pos: &Position, history_slots: usize) {
        for f in self.frames.iter_mut() {
            f.killers = [None; 2];
            f.static_eval = 0;
            f.reversible = 0;
        }
        self.frames[0].reversible = pos.halfmove_clock() as usize;
        self.keys.clear();
        self.keys.reserve(pos.history().len() + MAX_PLY + 2);
        self.keys.extend_from_slice(pos.history());
        self.keys.push(pos.hash());
        self.history.clear();
        self.history.resize(history_slots, 0);
        self.danger.iter_mut().for_each(DangerMemo::clear);
    }
}

/// One `T` a ply, in an array whose length the compiler knows: a ply checked against `MAX_PLY`
/// once indexes it without further bounds checks.
fn per_ply<T>(make: impl FnMut() -> T) -> Box<[T; FRAMES]> {
    let all: Box<[T]> = std::iter::repeat_with(make).take(FRAMES).collect();
    match all.try_into() {
        Ok(array) => array,
        Err(_) => unreachable!("FRAMES entries were made"),
    }
}

/// One search thread.
struct Thread<'a, 's> {
    s: &'s Shared<'a>,
    pos: Position,
    id: usize,
    nodes: u64,
    stopped: bool,
    seldepth: u32,
    frames: Box<[Frame; FRAMES]>,
    /// Position keys from the game's history and the search path, the current one last.
    keys: Vec<u64>,
    history: Vec<i32>,
    reductions: Reductions,
    /// Per ply, the royal danger last counted there, per player ([`Thread::static_raw`]).
    danger: Box<[DangerMemo; FRAMES]>,
}

impl<'a, 's> Thread<'a, 's> {
    fn new(
        s: &'s Shared<'a>,
        mut pos: Position,
        id: usize,
        mut scratch: Scratch,
    ) -> Thread<'a, 's> {
        // Most generated moves are never played: `repeat illegal` is tested in `make_legal`.
        pos.set_repeat_filter(false);
        scratch.reset(&pos, 2 * (s.ntypes + 1) * s.nsq);
        let Scratch {
            frames,
            keys,
            history,
            reductions,
            danger,
        } = scratch;
        Thread {
            s,
            id,
            nodes: 0,
            stopped: false,
            seldepth: 0,
            frames,
            keys,
            history,
            reductions,
            danger,
            pos,
        }
    }

    /// The working storage back, for the next search.
    fn into_scratch(self) -> Scratch {
        Scratch {
            frames: self.frames,
            keys: self.keys,
            history: self.history,
            reductions: self.reductions,
            danger: self.danger,
        }
    }

    /// Iterative deepening over the root moves; the main thread (`result` set) reports.
    fn iterate(
        &mut self,
        root: &mut Vec<FullMove>,
        info: &mut dyn FnMut(&Info),
        result: &mut Option<&mut SearchResult>,
    ) {
        let eval = self.s.eval.sums(&self.pos);
        let mut previous = 0;
        let mut depth = 1 + u32::from(self.id % 2 == 1 && self.s.max_depth > 1);
        while depth <= self.s.max_depth {
            self.seldepth = 0;
            let Some((score, best_index)) = self.aspiration(root, depth as i32, eval, previous)
            else {
                break;
            };
            previous = score;
            let best = root.remove(best_index);
            root.insert(0, best);
            if let Some(r) = result.as_deref_mut() {
                let pv: Vec<FullMove> = std::iter::once(best)
                    .chain(self.frames[1].pv.iter().copied())
                    .collect();
                r.best = Some(best);
                r.ponder = pv.get(1).copied();
                r.score = Score::from_internal(score);
                r.depth = depth;
                r.pv = pv;
                r.nodes = self.nodes;
                r.time = self.s.start.elapsed();
                if self.stopped {
                    break;
                }
                info(&Info {
                    depth,
                    seldepth: self.seldepth.max(depth),
                    score: r.score,
                    nodes: self.nodes,
                    time: r.time,
                    pv: r.pv.clone(),
                });
                if self.finished(root.len(), score, depth) {
                    break;
                }
            } else if self.stopped {
                break;
            }
            depth += 1;
        }
    }

    /// Whether the main thread should start no further iteration.
    fn finished(&self, root_moves: usize, score: i32, depth: u32) -> bool {
        let s = self.s;
        (score.abs() > MATE_BOUND && depth as i32 > MATE - score.abs())
            || s.budget.is_some_and(|b| s.start.elapsed() >= b.soft)
            || s.node_limit.is_some_and(|n| self.nodes >= n)
            || s.stop.load(Ordering::Relaxed)
            || (root_moves == 1 && s.budget.is_some())
    }

    /// The root search inside a window around the previous score, widened until the score
    /// falls inside it. `None` when stopped before any move was searched.
    fn aspiration(
        &mut self,
        root: &mut [FullMove],
        depth: i32,
        eval: Sums,
        previous: i32,
    ) -> Option<(i32, usize)> {
        let mut delta = 30;
        let (mut alpha, mut beta) = if depth >= 5 && previous.abs() < MATE_BOUND {
            (previous - delta, previous + delta)
        } else {
            (-INF, INF)
        };
        loop {
            let (best, score) = self.root(root, depth, alpha, beta, eval);
            if self.stopped {
                // A move that raised alpha in this iteration is trusted only inside the window.
                return best
                    .filter(|_| score > alpha && score < beta)
                    .map(|b| (score, b));
            }
            if score <= alpha {
                alpha = (score - delta).max(-INF);
            } else if score >= beta {
                beta = (score + delta).min(INF);
            } else {
                return best.map(|b| (score, b));
            }
            delta *= 2;
        }
    }

    /// The root: the index of the best move and its score (a bound when outside the window).
    fn root(
        &mut self,
        root: &mut [FullMove],
        depth: i32,
        mut alpha: i32,
        beta: i32,
        eval: Sums,
    ) -> (Option<usize>, i32) {
        let mut best: Option<usize> = None;
        let mut best_score = -INF;
        self.frames[0].pv.clear();
        for (i, &m) in root.iter().enumerate() {
            let child_eval = self.make(m.as_ref(), eval, 0);
            let gives_check = self.s.checkmate && self.pos.in_check();
            let d = depth - 1 + i32::from(gives_check);
            let score = if i == 0 {
                -self.negamax(d, -beta, -alpha, 1, &child_eval, true, gives_check)
            } else {
                let mut v = -self.negamax(d, -alpha - 1, -alpha, 1, &child_eval, true, gives_check);
                if v > alpha && v < beta && !self.stopped {
                    v = -self.negamax(d, -beta, -alpha, 1, &child_eval, true, gives_check);
                }
                v
            };
            self.unmake();
            if self.stopped {
                break;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best = Some(i);
                    alpha = score;
                    self.copy_pv(0, m);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        // frames[1].pv holds the continuation of the best move after the root search.
        let (head, tail) = self.frames.split_at_mut(1);
        tail[0].pv.clear();
        tail[0].pv.extend(head[0].pv.iter().skip(1).copied());
        (best.or((best_score > -INF).then_some(0)), best_score)
    }

    fn check_limits(&mut self) {
        let s = self.s;
        if self.nodes.is_multiple_of(CLOCK_NODES)
            && (s.stop.load(Ordering::Relaxed)
                || s.done.load(Ordering::Relaxed)
                || s.hard.is_some_and(|h| s.start.elapsed() >= h))
        {
            self.stopped = true;
        }
        if self.id == 0 && s.node_limit.is_some_and(|n| self.nodes >= n) {
            self.stopped = true;
        }
    }

    /// Plays `m` (at `ply`, for the child at `ply + 1`) and returns the new first-player
    /// evaluation, updated from the squares the move touches.
    fn make(&mut self, m: MoveRef<'_>, eval: Sums, ply: usize) -> Sums {
        self.make_if(m, eval, ply, false)
            .expect("a move without a test to pass is made")
    }

    /// As [`Thread::make`] when `unchecked` is false; when true, the move is made only if it
    /// leaves the mover's royals safe (`None` otherwise, the position unchanged, no node
    /// counted: the tree and its node count are those of a legal list). The evaluation's sums
    /// change on the squares the move touches and by the hand entries it changed.
    fn make_if(&mut self, m: MoveRef<'_>, eval: Sums, ply: usize, unchecked: bool) -> Option<Sums> {
        let e = &*self.s.eval;
        let mut child = eval;
        let touched;
        let lean = self.pos.makes_lean(&m);
        let after = if lean {
            // A lean move changes only its two squares and leaves its start empty: both
            // squares' sums go, only the destination's come back (no `Touched` built), and
            // make's lean path is inlined here, its test asked once.
            e.remove_squares(&self.pos, &[m.from, m.to], &mut child);
            self.pos.make_lean(*m);
            debug_assert!(self.pos.piece_at(m.from).is_none());
            std::slice::from_ref(&m.to)
        } else {
            touched = Evaluator::touched(m);
            e.remove_squares(&self.pos, &touched, &mut child);
            self.pos.make(m);
            &touched[..]
        };
        self.s.tt.prefetch(self.pos.hash());
        // A deferred list is generated out of check only: the test reads the changed lines.
        if unchecked && !self.pos.mover_royals_safe_after(m) {
            self.pos.unmake();
            return None;
        }
        self.nodes += 1;
        self.keys.push(self.pos.hash());
        let reversible = self.pos.halfmove_clock() as usize;
        self.frames[ply + 1].reversible = reversible.min(self.frames[ply].reversible + 1);
        e.add_squares(&self.pos, after, &mut child);
        e.add_hand_change(&self.pos, &mut child);
        if !lean {
            // Only a move of a game with make hooks flips (never a lean one).
            e.add_flips(&self.pos, &mut child);
        }
        Some(child)
    }

    /// Plays a generated move as [`Thread::make_if`] does, unless a rule the generation left
    /// to the search forbids it (`repeat illegal`): then `None`, and the position is unchanged.
    fn make_legal(
        &mut self,
        m: MoveRef<'_>,
        eval: Sums,
        ply: usize,
        unchecked: bool,
    ) -> Option<Sums> {
        // Returned as made (an unwrap and a new `Some` copied the sums twice).
        let child_eval = self.make_if(m, eval, ply, unchecked);
        if child_eval.is_some() && self.s.repeat_illegal && self.pos.repeats_illegally() {
            self.unmake();
            return None;
        }
        child_eval
    }

    /// The score of a node whose generated moves all proved illegal: the game's result
    /// without a legal move.
    fn no_legal_move(&mut self, ply: usize) -> i32 {
        let mut lists = self.take_lists(ply);
        lists.moves.clear();
        let result = self.pos.result_with(&lists.moves);
        self.put_lists(ply, lists);
        result.map_or_else(|| self.draw(), |r| self.terminal(r, ply))
    }

    /// The score of a game end found on a node's first generated stage (`list`). When that
    /// list was not yet tested for the royals' safety, the end is found again on the legal
    /// moves, written over it: a position whose every move is illegal ends as the game says
    /// it ends without a move (a rare case: such ends are repetitions and move limits).
    fn confirmed_terminal(
        &mut self,
        r: GameResult,
        unchecked: bool,
        list: &mut MoveList,
        ply: usize,
    ) -> i32 {
        if !unchecked {
            return self.terminal(r, ply);
        }
        self.pos.legal_moves(list);
        let result = self.pos.result_with(&*list);
        result.map_or_else(|| self.draw(), |r| self.terminal(r, ply))
    }

    fn unmake(&mut self) {
        self.pos.unmake();
        self.keys.pop();
    }

    /// The ply's move lists, out of its frame while the node's moves are searched (the
    /// children take their own plies'), until [`Thread::put_lists`].
    #[inline(always)]
    fn take_lists(&mut self, ply: usize) -> Box<Lists> {
        self.frames[ply]
            .lists
            .take()
            .expect("a ply's lists are back in its frame between its nodes")
    }

    #[inline(always)]
    fn put_lists(&mut self, ply: usize, lists: Box<Lists>) {
        self.frames[ply].lists = Some(lists);
    }

    fn terminal(&self, r: GameResult, ply: usize) -> i32 {
        match r.winner {
            None => self.draw(),
            Some(w) if w == self.pos.side_to_move() => MATE - ply as i32,
            Some(_) => -(MATE - ply as i32),
        }
    }

    /// A draw's score for the side to move: below even for the root's side by the contempt.
    fn draw(&self) -> i32 {
        if self.pos.side_to_move() == self.s.root_side {
            -self.s.contempt
        } else {
            self.s.contempt
        }
    }

    /// Whether the position occurred before with the same side to move since the last
    /// irreversible move (on the search path or in the game). The position's history, which
    /// holds every position the keys do before a node, rules out almost every node at once.
    #[inline(always)]
    fn repeats(&self, ply: usize) -> bool {
        self.pos.may_have_occurred() && self.repeats_in_keys(ply)
    }

    /// [`Thread::repeats`] from the keys.
    #[inline(never)]
    fn repeats_in_keys(&self, ply: usize) -> bool {
        let n = self.keys.len();
        let back = self.frames[ply].reversible.min(n - 1);
        let key = self.keys[n - 1];
        (4..=back).step_by(2).any(|i| self.keys[n - 1 - i] == key)
    }

    fn copy_pv(&mut self, ply: usize, m: FullMove) {
        let (head, tail) = self.frames.split_at_mut(ply + 1);
        head[ply].pv.clear();
        head[ply].pv.push(m);
        head[ply].pv.extend_from_slice(&tail[0].pv);
    }

    /// The static score at `ply` before the endgame technique ([`Evaluator::relative_memo_raw`]),
    /// the royal danger read back from the parent's memo or this ply's.
    #[inline(always)]
    fn static_raw(&mut self, eval: &Sums, ply: usize) -> i32 {
        let (before, from_here) = self.danger.split_at_mut(ply);
        let own = &mut from_here[0];
        self.s
            .eval
            .relative_memo_raw(&self.pos, eval, before.last(), own)
    }

    /// The static score at `ply` with the endgame technique.
    fn static_score(&mut self, eval: &Sums, ply: usize) -> i32 {
        let raw = self.static_raw(eval, ply);
        self.s.eval.with_technique(&self.pos, eval, raw)
    }

    /// Null-move pruning may be tried: the side to move has material beyond royals and
    /// pawn-like pieces (zugzwang is rare then) and no piece that could pass instead.
    fn null_allowed(&self) -> bool {
        let e = &*self.s.eval;
        let me = self.pos.side_to_move();
        e.has_big_pieces(&self.pos, me) && !e.may_pass(&self.pos, me)
    }

    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        eval: &Sums,
        null_ok: bool,
        in_check: bool,
    ) -> i32 {
        assert!(ply <= MAX_PLY, "no node below the ply limit");
        self.frames[ply].pv.clear();
        if let Some(v) = self.ends_early(ply, eval, &mut alpha, &mut beta) {
            return v;
        }
        if depth <= 0 {
            return self.quiesce_node(alpha, beta, ply, eval, 0, in_check);
        }
        let s = self.s;
        self.seldepth = self.seldepth.max(ply as u32);
        let pv_node = beta - alpha > 1;
        let key = self.pos.hash();
        let entry = s.tt.probe(key);
        if let Some(e) = entry
            && !pv_node
            && e.depth >= depth
            && let Some(v) = tt_cut(&e, ply, alpha, beta)
        {
            return v;
        }
        // The table keeps the static score before the technique: a node searched again (a
        // deeper iteration, a re-search) reads it back.
        let raw_eval = (!in_check).then(|| {
            entry
                .and_then(|e| e.eval)
                .unwrap_or_else(|| self.static_raw(eval, ply))
        });
        let static_eval = raw_eval.map_or(-INF, |raw| s.eval.with_technique(&self.pos, eval, raw));
        self.frames[ply].static_eval = static_eval;
        let improving = !in_check && ply >= 2 && static_eval > self.frames[ply - 2].static_eval;
        let mut n = Node {
            depth,
            alpha,
            beta,
            ply,
            eval,
            static_eval,
            pv_node,
            in_check,
            improving,
            unchecked: false,
            best: -INF,
            best_move: None,
            searched: 0,
        };
        if !pv_node
            && !in_check
            && beta.abs() < MATE_BOUND
            && let Some(v) = self.prune_node(&n, null_ok)
        {
            return v;
        }
        self.frames[ply].quiets.clear();
        if let ControlFlow::Break(v) = self.search_moves(&mut n, entry.and_then(|e| e.mv)) {
            return v;
        }
        if n.searched == 0 {
            // Nothing is pruned before a move was searched: every move was illegal.
            return self.no_legal_move(ply);
        }
        let bound = if n.best >= beta {
            Bound::Lower
        } else if n.alpha > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        s.tt.store(key, n.best_move, to_tt(n.best, ply), depth, bound, raw_eval);
        n.best
    }

    /// A node at depth 0 or below, as [`Thread::negamax`] searches it (quiescence after the
    /// same early ends) without the main search's frame: most of a tree's nodes are leaves.
    fn leaf(
        &mut self,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        eval: &Sums,
        in_check: bool,
    ) -> i32 {
        assert!(ply <= MAX_PLY, "no node below the ply limit");
        self.frames[ply].pv.clear();
        if let Some(v) = self.ends_early(ply, eval, &mut alpha, &mut beta) {
            return v;
        }
        self.quiesce_node(alpha, beta, ply, eval, 0, in_check)
    }

    /// What ends a node before its table entry is read: a stopped search, the ply limit, a
    /// decided game, a repetition on the search path, or mate distance pruning, which narrows
    /// `alpha` and `beta` (no line here can beat a mate already found nearer the root).
    #[inline(always)]
    fn ends_early(
        &mut self,
        ply: usize,
        eval: &Sums,
        alpha: &mut i32,
        beta: &mut i32,
    ) -> Option<i32> {
        self.check_limits();
        if self.stopped {
            return Some(0);
        }
        if ply >= MAX_PLY {
            return Some(self.static_score(eval, ply));
        }
        if let Some(r) = self.pos.decided() {
            return Some(self.terminal(r, ply));
        }
        if self.s.path_draws && self.repeats(ply) {
            return Some(self.draw());
        }
        *alpha = (*alpha).max(-(MATE - ply as i32));
        *beta = (*beta).min(MATE - ply as i32 - 1);
        (*alpha >= *beta).then_some(*alpha)
    }

    /// Reverse futility and null-move pruning, before any move is generated, at a node off
    /// the principal variation, out of check, with no mate score at stake: the node's score
    /// when it is cut.
    #[inline(always)]
    fn prune_node(&mut self, n: &Node, null_ok: bool) -> Option<i32> {
        let (depth, beta, static_eval) = (n.depth, n.beta, n.static_eval);
        if depth <= 7 && static_eval - RFP_MARGIN * (depth - i32::from(n.improving)) >= beta {
            return Some(static_eval);
        }
        if null_ok && depth >= 3 && static_eval >= beta && self.null_allowed() {
            let r = 3 + depth / 4 + ((static_eval - beta) / 200).min(2);
            let undo = self.pos.make_null();
            self.s.tt.prefetch(self.pos.hash());
            self.keys.push(self.pos.hash());
            self.frames[n.ply + 1].reversible = 0;
            let v = -self.negamax(
                depth - 1 - r,
                -beta,
                -beta + 1,
                n.ply + 1,
                n.eval,
                false,
                false,
            );
            self.keys.pop();
            self.pos.unmake_null(undo);
            if self.stopped {
                return Some(0);
            }
            if v >= beta {
                return Some(if v > MATE_BOUND { beta } else { v });
            }
        }
        None
    }

    /// Searches a node's moves in stages: the hash move before anything is generated (when it
    /// refutes the node, nothing else is), then the captures, the killers and the quiet moves;
    /// in check, the evasions at once, the hash move among them. `Break`: the node's score,
    /// decided without its bound being stored (a stop, a game end).
    #[inline(always)]
    fn search_moves(&mut self, n: &mut Node, hash_move: Option<TtMove>) -> ControlFlow<i32> {
        let ply = n.ply;
        let mut lists = self.take_lists(ply);
        let flow = self.search_moves_in(n, hash_move, &mut lists);
        self.put_lists(ply, lists);
        flow
    }

    /// [`Thread::search_moves`] in the ply's lists, taken from its frame once for the node.
    #[inline(always)]
    fn search_moves_in(
        &mut self,
        n: &mut Node,
        hash_move: Option<TtMove>,
        lists: &mut Lists,
    ) -> ControlFlow<i32> {
        let mut tried = None;
        if let Some(h) = hash_move
            && !n.in_check
            && !h.stays()
        {
            match self.hash_move_first(n, h, &mut lists.moves) {
                Step::Stopped => return ControlFlow::Break(0),
                Step::Cut => return ControlFlow::Continue(()),
                Step::Next => tried = Some(h),
                Step::Skipped => {}
            }
        }
        let stages: &[Gen] = if n.in_check {
            &[Gen::All]
        } else {
            &[Gen::Captures, Gen::Quiets]
        };
        let mut any_moves = tried.is_some();
        let mut killers = [None; 2];
        for &stage in stages {
            if stage == Gen::Quiets {
                // The killers before the quiet moves are generated: when one refutes the
                // node, the quiet moves, most of a large game's generation, never are.
                match self.killers_first(n, tried, &mut killers, &mut lists.moves) {
                    Step::Stopped => return ControlFlow::Break(0),
                    Step::Cut => return ControlFlow::Continue(()),
                    _ => any_moves |= killers.iter().any(Option::is_some),
                }
            }
            let skip = Skip {
                tried,
                killers: &killers,
                hash_move: hash_move.filter(|_| tried.is_none()),
            };
            if let Step::Cut = self.search_stage(n, stage, &skip, &mut any_moves, lists)? {
                break;
            }
        }
        ControlFlow::Continue(())
    }

    /// Generates and searches one stage of a node's moves, best first, but for those already
    /// searched (`skip`). The first stage that has moves, or the last, tells whether the game
    /// has ended here (`any_moves`: some stage had moves). The moves and their order go into
    /// the node's `lists`. `Break`: as in `search_moves`.
    #[inline(always)]
    fn search_stage(
        &mut self,
        n: &mut Node,
        stage: Gen,
        skip: &Skip<'_>,
        any_moves: &mut bool,
        lists: &mut Lists,
    ) -> ControlFlow<i32, Step> {
        let Lists { moves, order } = lists;
        n.unchecked = self.stage_moves(n, stage, moves, skip.hash_move.is_some());
        let last_stage = stage != Gen::Captures;
        if !*any_moves && (!moves.is_empty() || last_stage) {
            *any_moves = !moves.is_empty();
            if let Some(r) = self.pos.result_with(&*moves) {
                let score = self.confirmed_terminal(r, n.unchecked, moves, n.ply);
                return ControlFlow::Break(score);
            }
        }
        self.order(moves, skip.hash_move, stage == Gen::Quiets, n.ply, order);
        let mut step = Step::Next;
        for i in 0..order.len() {
            // After a quiet move every move left is quiet (ordered lower): when the next one
            // would be pruned, so would every move after it, and none needs picking.
            let after_quiet = i > 0 && order[i - 1].1 < TACTICAL;
            if after_quiet && self.prunes_quiet_now(n) {
                break;
            }
            let k = pick(order, i);
            let m = moves.get(k);
            // A killer is ordered as one, or as the hash move: no other needs the comparison.
            let as_killer = matches!(order[i].1, KILLER | HASH_MOVE) || order[i].1 == KILLER + 1;
            if skip.tried.is_some_and(|h| h.matches(m))
                || as_killer && skip.killers.iter().flatten().any(|k| *k == m)
            {
                continue;
            }
            let quiet = order[i].1 < TACTICAL;
            if quiet && !after_quiet && self.prunes_quiet_now(n) {
                // Every move after it is quiet and pruned as well.
                break;
            }
            step = self.search_move(n, m, quiet);
            if matches!(step, Step::Stopped | Step::Cut) {
                break;
            }
        }
        match step {
            Step::Stopped => ControlFlow::Break(0),
            step => ControlFlow::Continue(step),
        }
    }

    /// Generates a stage's moves into `moves` (`Position::search_moves_of`). When every quiet
    /// move would be pruned (the pruning depends on the node alone, and stays once it holds),
    /// the quiet stage's only moves searched are its promotions, ordered above the quiet moves:
    /// those alone are generated, unless the hash move (`hash_pending`, not yet searched)
    /// could be among them and change their order.
    fn stage_moves(
        &mut self,
        n: &Node,
        stage: Gen,
        moves: &mut MoveList,
        hash_pending: bool,
    ) -> bool {
        if stage == Gen::Quiets
            && !hash_pending
            && !n.pv_node
            && !n.in_check
            && n.best > -MATE_BOUND
        {
            let static_eval = self.frames[n.ply].static_eval;
            if self.prunes_quiet(n.depth, n.searched, static_eval, n.alpha, n.improving)
                && let Some(unchecked) = self.pos.search_quiet_promotions(moves)
            {
                return unchecked;
            }
        }
        self.pos.search_moves_of(moves, stage)
    }

    /// The move the table remembers, searched before any other move is generated: `Skipped`
    /// when it is not a legal move here. A result that only the other moves could change
    /// (baring back) is left to the full generation.
    fn hash_move_first(&mut self, n: &mut Node, h: TtMove, moves: &mut MoveList) -> Step {
        let unchecked = self
            .pos
            .search_moves_from(Square(h.from()), moves, |_, m| h.matches(m));
        match moves.iter().find(|&m| h.matches(m)) {
            Some(m) if self.pos.result_with(std::iter::once(m)).is_none() => {
                // As when it is ordered first: never reduced, pruned or rewarded as quiet.
                n.unchecked = unchecked;
                self.search_move(n, m, false)
            }
            _ => Step::Skipped,
        }
    }

    /// The ply's killers that are legal quiet moves here (not the hash move, already
    /// searched), searched before the quiet moves are generated, as the quiet stage would
    /// search them: pruned as quiet moves are, a game end on the move alone left to the full
    /// generation. `searched` gets each killer that was searched.
    fn killers_first(
        &mut self,
        n: &mut Node,
        hash_move: Option<TtMove>,
        searched: &mut [Option<FullMove>; 2],
        moves: &mut MoveList,
    ) -> Step {
        let ply = n.ply;
        for (i, killer) in self.frames[ply].killers.into_iter().enumerate() {
            // Drops and passes stand on their square: they come with the quiet moves.
            let Some(k) = killer.filter(|k| k.from != k.to) else {
                continue;
            };
            let static_eval = self.frames[ply].static_eval;
            if hash_move.is_some_and(|h| h.matches(k.as_ref()))
                || !n.pv_node
                    && n.best > -MATE_BOUND
                    && self.prunes_quiet(n.depth, n.searched, static_eval, n.alpha, n.improving)
            {
                continue;
            }
            let unchecked = self.pos.search_moves_from(k.from, moves, |_, m| k == m);
            let step = match moves.iter().find(|&m| k == m) {
                Some(m)
                    if m.promotion().is_none()
                        && !self.pos.removes_piece(&m)
                        && self.pos.result_with(std::iter::once(m)).is_none() =>
                {
                    n.unchecked = unchecked;
                    self.search_move(n, m, true)
                }
                _ => Step::Skipped,
            };
            match step {
                Step::Skipped => {}
                Step::Next => searched[i] = Some(k),
                Step::Stopped | Step::Cut => return step,
            }
        }
        Step::Next
    }

    /// Searches one move of a node (a null window and late-move reductions after the first)
    /// and folds its score into the node.
    fn search_move(&mut self, n: &mut Node, m: MoveRef<'_>, quiet: bool) -> Step {
        let (depth, ply, alpha, beta) = (n.depth, n.ply, n.alpha, n.beta);
        // Read only for a quiet move (its reduction, reward or penalty).
        let slot = if quiet {
            self.history_slots().of(&self.pos, &m)
        } else {
            0
        };
        assert!(ply < MAX_PLY, "no move below the ply limit");
        let made = self.make_legal(m, *n.eval, ply, n.unchecked);
        let Some(child_eval) = &made else {
            return Step::Skipped;
        };
        // Every position below the root was reached by a legal move (or a null move out of
        // check): the side to move had no royal attacked before `m`.
        let gives_check = self.s.checkmate && self.pos.in_check_after(m);
        let new_depth = depth - 1 + i32::from(gives_check && ply < 2 * MAX_PLY / 3);
        let child = |t: &mut Self, d: i32, a: i32, b: i32| {
            if d <= 0 {
                -t.leaf(-b, -a, ply + 1, child_eval, gives_check)
            } else {
                -t.negamax(d, -b, -a, ply + 1, child_eval, true, gives_check)
            }
        };
        let score = if n.searched == 0 {
            child(self, new_depth, alpha, beta)
        } else {
            let reduce = if depth >= 3 && quiet && !n.in_check && !gives_check {
                let mut r = self.reductions.get(depth, n.searched);
                r += i32::from(!n.improving) - i32::from(n.pv_node);
                if self.is_killer(ply, m) {
                    r -= 1;
                }
                r -= self.history[slot] / 6000;
                r.clamp(0, new_depth - 1)
            } else {
                0
            };
            let mut v = child(self, new_depth - reduce, alpha, alpha + 1);
            if v > alpha && reduce > 0 && !self.stopped {
                v = child(self, new_depth, alpha, alpha + 1);
            }
            if v > alpha && v < beta && !self.stopped {
                v = child(self, new_depth, alpha, beta);
            }
            v
        };
        self.unmake();
        if self.stopped {
            return Step::Stopped;
        }
        n.searched += 1;
        let raised = raise(&mut n.best, &mut n.alpha, beta, score);
        if raised >= Raised::Best {
            n.best_move = Some(TtMove::of(m));
        }
        if raised >= Raised::Alpha && n.pv_node {
            self.copy_pv(ply, m.to_full());
        }
        if raised == Raised::Cut {
            if quiet {
                self.reward(m, slot, depth, ply);
            }
            return Step::Cut;
        }
        if quiet {
            self.frames[ply].quiets.push(slot);
        }
        Step::Next
    }

    /// Whether the node's next quiet move is pruned ([`Thread::prunes_quiet`]), at a node that
    /// is neither PV nor in check, once it has a score above a mate.
    #[inline(always)]
    fn prunes_quiet_now(&self, n: &Node) -> bool {
        !n.pv_node
            && !n.in_check
            && n.best > -MATE_BOUND
            && self.prunes_quiet(n.depth, n.searched, n.static_eval, n.alpha, n.improving)
    }

    /// Futility and late-move pruning of a quiet move at a node that is neither PV nor in check.
    fn prunes_quiet(
        &self,
        depth: i32,
        searched: usize,
        static_eval: i32,
        alpha: i32,
        improving: bool,
    ) -> bool {
        if depth > 8 {
            return false;
        }
        searched >= late_moves(depth, improving)
            || depth <= 6 && static_eval + FUTILITY_BASE + FUTILITY_PER_PLY * depth <= alpha
    }

    /// Quiescence: captures (every move when in check in a checkmate game) until quiet.
    #[inline(always)]
    fn quiesce(
        &mut self,
        alpha: i32,
        beta: i32,
        ply: usize,
        eval: &Sums,
        qdepth: i32,
        in_check: bool,
    ) -> i32 {
        assert!(ply <= MAX_PLY, "no node below the ply limit");
        self.frames[ply].pv.clear();
        self.check_limits();
        if self.stopped {
            return 0;
        }
        if let Some(r) = self.pos.decided() {
            return self.terminal(r, ply);
        }
        self.quiesce_node(alpha, beta, ply, eval, qdepth, in_check)
    }

    /// [`Thread::quiesce`] past its early ends (a stop, a decided game) and with the ply's
    /// principal variation cleared, which the main search's leaves ([`Thread::leaf`]) see to
    /// themselves.
    fn quiesce_node(
        &mut self,
        alpha: i32,
        beta: i32,
        ply: usize,
        eval: &Sums,
        qdepth: i32,
        in_check: bool,
    ) -> i32 {
        assert!(ply <= MAX_PLY, "no node below the ply limit");
        let s = self.s;
        self.seldepth = self.seldepth.max(ply as u32);
        // A losing repetition ends the game even where quiescence looks at captures only.
        if s.repeat_loses
            && let Some(r) = self.pos.repeat_result()
        {
            return self.terminal(r, ply);
        }
        // The entry is read before the static score, which it may hold (as in `negamax`).
        let key = self.pos.hash();
        let entry = s.tt.probe(key);
        // In check the static score counts only at a depth limit (`evasions_end`).
        let raw_eval = (!in_check).then(|| {
            entry
                .and_then(|e| e.eval)
                .unwrap_or_else(|| self.static_raw(eval, ply))
        });
        let stand = raw_eval.map_or(-INF, |raw| s.eval.with_technique(&self.pos, eval, raw));
        if !in_check && self.stands_pat(stand, alpha, beta, ply, qdepth) {
            return stand;
        }
        if let Some(v) = entry.and_then(|e| tt_cut(&e, ply, alpha, beta)) {
            return v;
        }
        if in_check && let Some(v) = self.evasions_end(ply, qdepth, eval) {
            return v;
        }
        let best = if in_check { -INF } else { stand };
        let mut q = QNode {
            alpha: alpha.max(best),
            beta,
            ply,
            eval,
            qdepth,
            stand,
            in_check,
            unchecked: false,
            best,
            best_move: None,
        };
        if let ControlFlow::Break(v) = self.quiesce_moves(&mut q, entry.and_then(|e| e.mv)) {
            return v;
        }
        if self.stopped {
            return 0;
        }
        if q.best == -INF {
            // In check, and every move was illegal.
            return self.no_legal_move(ply);
        }
        let bound = if q.best >= beta {
            Bound::Lower
        } else if q.alpha > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        s.tt.store(key, q.best_move, to_tt(q.best, ply), 0, bound, raw_eval);
        q.best
    }

    /// Whether quiescence stops on the static score `stand`, out of check: it reaches `beta`,
    /// a depth limit is reached, or nothing the opponent has could bring it up to `alpha`.
    #[inline(always)]
    fn stands_pat(&self, stand: i32, alpha: i32, beta: i32, ply: usize, qdepth: i32) -> bool {
        let them = self.pos.side_to_move().opponent();
        stand >= beta
            || ply >= MAX_PLY
            || qdepth >= MAX_QDEPTH
            || stand + self.s.eval.best_capture(&self.pos, them) + DELTA_MARGIN < alpha
    }

    /// In check in quiescence: the score when the evasions (generated into the ply's move
    /// list, which the node then searches) end the game, or a depth limit is reached (then
    /// the static score of the position, whose sums are `eval`).
    #[inline(always)]
    fn evasions_end(&mut self, ply: usize, qdepth: i32, eval: &Sums) -> Option<i32> {
        let mut lists = self.take_lists(ply);
        self.pos.legal_moves(&mut lists.moves);
        let result = self.pos.result_with(&lists.moves);
        self.put_lists(ply, lists);
        if let Some(r) = result {
            return Some(self.terminal(r, ply));
        }
        (ply >= MAX_PLY || qdepth >= MAX_QDEPTH).then(|| self.static_score(eval, ply))
    }

    /// Searches a quiescence node's moves: out of check the hash move first (a capture, as
    /// the loop would take it first: when it refutes the node, no capture is generated), then
    /// the tactical moves best first; in check, the evasions already listed. `Break`: the
    /// node's score, when the search stopped.
    #[inline(always)]
    fn quiesce_moves(&mut self, q: &mut QNode, hash_move: Option<TtMove>) -> ControlFlow<i32> {
        let (ply, in_check) = (q.ply, q.in_check);
        let mut tried = None;
        if let Some(h) = hash_move
            && !in_check
            && !h.stays()
        {
            match self.quiesce_hash_move(q, h) {
                Step::Stopped => return ControlFlow::Break(0),
                Step::Cut => return ControlFlow::Continue(()),
                Step::Next => tried = Some(h),
                Step::Skipped => {}
            }
        }
        let mut lists = self.take_lists(ply);
        let Lists { moves, order } = &mut *lists;
        if !in_check {
            q.unchecked = self.pos.search_moves_of(moves, Gen::Captures);
        }
        let unordered = hash_move.filter(|_| tried.is_none());
        self.order(moves, unordered, false, ply, order);
        for i in 0..order.len() {
            let k = pick(order, i);
            let m = moves.get(k);
            if !in_check && order[i].1 < TACTICAL {
                break;
            }
            if tried.is_some_and(|h| h.matches(m)) {
                continue;
            }
            if matches!(self.quiesce_move(q, m), Step::Stopped | Step::Cut) {
                break;
            }
        }
        self.put_lists(ply, lists);
        ControlFlow::Continue(())
    }

    /// Quiescence's hash move, searched before the captures are generated when it is a legal
    /// capture.
    fn quiesce_hash_move(&mut self, q: &mut QNode, h: TtMove) -> Step {
        let ply = q.ply;
        let mut lists = self.take_lists(ply);
        let moves = &mut lists.moves;
        let unchecked = self
            .pos
            .search_moves_from(Square(h.from()), moves, |_, m| h.matches(m));
        let step = match moves.iter().find(|&m| h.matches(m)) {
            Some(m) if self.pos.removes_piece(&m) => {
                q.unchecked = unchecked;
                self.quiesce_move(q, m)
            }
            _ => Step::Skipped,
        };
        self.put_lists(ply, lists);
        step
    }

    /// Searches one capture (any move in check) of a quiescence node and folds its score in;
    /// a capture that loses material or cannot reach alpha is skipped.
    fn quiesce_move(&mut self, q: &mut QNode, m: MoveRef<'_>) -> Step {
        let me = self.pos.side_to_move();
        if !q.in_check && m.promotion().is_none() && self.losing_capture(m, me, q.stand, q.alpha) {
            return Step::Skipped;
        }
        let made = self.make_legal(m, *q.eval, q.ply, q.unchecked);
        let Some(child_eval) = &made else {
            return Step::Skipped;
        };
        let check = self.s.checkmate && self.pos.in_check_after(m);
        let score = -self.quiesce(
            -q.beta,
            -q.alpha,
            q.ply + 1,
            child_eval,
            q.qdepth + 1,
            check,
        );
        self.unmake();
        if self.stopped {
            return Step::Stopped;
        }
        let raised = raise(&mut q.best, &mut q.alpha, q.beta, score);
        if raised >= Raised::Alpha {
            q.best_move = Some(TtMove::of(m));
            self.copy_pv(q.ply, m.to_full());
        }
        if raised == Raised::Cut {
            return Step::Cut;
        }
        Step::Next
    }

    /// A capture quiescence skips: it cannot bring the score near alpha (delta pruning), or it
    /// takes less than the capturing piece is worth on a square the opponent defends (a static
    /// exchange the mover loses).
    fn losing_capture(&self, m: MoveRef<'_>, me: Player, stand: i32, alpha: i32) -> bool {
        let gain = self.material_gain(m, me);
        if stand + gain + DELTA_MARGIN < alpha {
            return true;
        }
        let attacker = self
            .pos
            .piece_at(m.from)
            .map_or(0, |(_, t)| self.s.eval.value(t));
        gain < attacker && self.pos.is_attacked(m.to, me.opponent())
    }

    /// Ordering scores for `moves` into `order` (move index, score); `quiets`: the list holds
    /// quiet moves only, none of which changes the material.
    fn order(
        &self,
        moves: &MoveList,
        hash_move: Option<TtMove>,
        quiets: bool,
        ply: usize,
        order: &mut Vec<(u32, i32)>,
    ) {
        order.clear();
        if moves.is_empty() {
            return;
        }
        let killers = Killers::new(&self.frames[ply].killers);
        let slots = self.history_slots();
        let is_hash = |i: usize, c: &Move| {
            hash_move.is_some_and(|h| h.same_squares(c) && h.matches(moves.get(i)))
        };
        // Extended from exact-size iterators: no capacity test per move.
        if quiets {
            // Read from the compact moves: a quiet one needs its removed squares only when
            // compared with a killer or the hash move of the same squares.
            order.extend(moves.compact().iter().enumerate().map(|(i, c)| {
                let score = if is_hash(i, c) {
                    HASH_MOVE
                } else if c.promotion().is_some() {
                    TACTICAL + 1
                } else {
                    self.quiet_score(moves, i, c, &killers, slots)
                };
                (i as u32, score)
            }));
            return;
        }
        let me = self.pos.side_to_move();
        order.extend((0..moves.len()).map(|i| {
            let m = moves.get(i);
            let score = if is_hash(i, &m) {
                HASH_MOVE
            } else {
                let gain = self.material_gain(m, me);
                if gain > 0 {
                    let attacker = self
                        .pos
                        .piece_at(m.from)
                        .map_or(0, |(_, t)| self.s.eval.value(t));
                    CAPTURE + (gain * 16 - attacker / 8).min(TACTICAL_RANGE)
                } else if m.promotion().is_some() {
                    TACTICAL + 1
                } else {
                    self.quiet_score(moves, i, &m, &killers, slots)
                }
            };
            (i as u32, score)
        }));
    }

    /// The score of move `i` of `moves` (`c`), neither the hash move nor tactical: a killer's,
    /// or its history.
    #[inline(always)]
    fn quiet_score(
        &self,
        moves: &MoveList,
        i: usize,
        c: &Move,
        killers: &Killers<'_>,
        slots: HistorySlots,
    ) -> i32 {
        match killers.index_of(moves, i, c) {
            Some(0) => KILLER + 1,
            Some(_) => KILLER,
            None => self.history[slots.of(&self.pos, c)],
        }
    }

    fn is_killer(&self, ply: usize, m: MoveRef<'_>) -> bool {
        self.frames[ply].killers.iter().flatten().any(|k| *k == m)
    }

    /// Material the move removes from the opponent minus its own pieces it removes (inlined:
    /// ordering asks it of every capture).
    #[inline(always)]
    fn material_gain(&self, m: MoveRef<'_>, me: Player) -> i32 {
        let e = &*self.s.eval;
        let pos = &self.pos;
        let value_at = |sq: Square| {
            pos.piece_at(sq)
                .map_or(0, |(p, t)| if p == me { -e.value(t) } else { e.value(t) })
        };
        let mut gain = if m.to != m.from && m.castling_partner().is_none() {
            value_at(m.to)
        } else {
            0
        };
        for &sq in m.side_captures() {
            if sq != m.from {
                gain += value_at(sq);
            }
        }
        // The mover burned on its destination appears as its own capture (its square is empty
        // before the move, so it was not counted above).
        // A petrified mover is lost as well (unless it already exploded).
        if (m.burns_mover() || pos.petrifies(m))
            && let Some((_, t)) = pos.piece_at(m.from)
        {
            gain -= e.value(t);
        }
        gain
    }

    /// The side to move's history slots ([`HistorySlots`]).
    fn history_slots(&self) -> HistorySlots {
        let (ntypes, nsq) = (self.s.ntypes, self.s.nsq);
        HistorySlots {
            base: self.pos.side_to_move().index() * (ntypes + 1) * nsq,
            nsq,
            no_piece: ntypes,
        }
    }

    /// A quiet move cut off: it becomes a killer and gains history; the quiet moves searched
    /// before it lose some.
    fn reward(&mut self, m: MoveRef<'_>, slot: usize, depth: i32, ply: usize) {
        let f = &mut self.frames[ply];
        if f.killers[0].is_none_or(|k| k != m) {
            f.killers[1] = f.killers[0];
            f.killers[0] = Some(m.to_full());
        }
        let bonus = (depth * depth).min(400);
        let h = &mut self.history;
        h[slot] += bonus - h[slot] * bonus / HISTORY_MAX;
        for &q in &f.quiets {
            h[q] -= bonus + h[q] * bonus / HISTORY_MAX;
        }
    }
}

/// Where the history of the side to move's quiet moves lies: per player, per piece type (and
/// one for none), per destination; the player's part computed once for a node's moves.
#[derive(Clone, Copy)]
struct HistorySlots {
    base: usize,
    nsq: usize,
    /// The type slot of a move without a piece on its start.
    no_piece: usize,
}

impl HistorySlots {
    #[inline]
    fn of(self, pos: &Position, m: &Move) -> usize {
        let ty = match m.dropped() {
            Some(t) => usize::from(t.0),
            None => pos
                .piece_at(m.from)
                .map_or(self.no_piece, |(_, t)| usize::from(t.0)),
        };
        self.base + ty * self.nsq + m.to.index()
    }
}

/// A ply's killers, with their start and destination squares for a first comparison that
/// most moves fail (a killer is a whole move with its removed squares).
struct Killers<'k> {
    moves: &'k [Option<FullMove>; 2],
    squares: [u32; 2],
}

impl<'k> Killers<'k> {
    #[inline(always)]
    fn new(moves: &'k [Option<FullMove>; 2]) -> Killers<'k> {
        // No move has these squares (beyond any board).
        let squares = moves.map(|k| k.map_or(u32::MAX, |k| squares_key(&k)));
        Killers { moves, squares }
    }

    /// Which killer (0 or 1, the first that matches) move `i` of `moves` (`c`) is.
    #[inline(always)]
    fn index_of(&self, moves: &MoveList, i: usize, c: &Move) -> Option<usize> {
        let key = squares_key(c);
        let is = |j: usize| {
            key == self.squares[j] && self.moves[j].as_ref().is_some_and(|k| *k == moves.get(i))
        };
        if is(0) {
            Some(0)
        } else if is(1) {
            Some(1)
        } else {
            None
        }
    }
}

/// A move's start and destination in one word.
#[inline(always)]
fn squares_key(m: &Move) -> u32 {
    u32::from(m.from.0) | u32::from(m.to.0) << 16
}

const HASH_MOVE: i32 = 1 << 30;
const CAPTURE: i32 = 1 << 28;
/// Captures and promotions: never reduced or pruned as quiet moves.
const TACTICAL: i32 = 1 << 27;
const TACTICAL_RANGE: i32 = (1 << 27) - 2;
const KILLER: i32 = 1 << 20;
/// History scores stay within this (killers above them).
const HISTORY_MAX: i32 = 16_384;

/// Moves the best remaining entry (the first of the best) to position `i` and returns its move
/// index.
fn pick(order: &mut [(u32, i32)], i: usize) -> usize {
    let (mut best, mut top) = (i, order[i].1);
    // A scan to the next higher score, restarted there: the rare raise leaves the loop rather
    // than every comparison carrying the best's place.
    while let Some(k) = order[best + 1..].iter().position(|&(_, s)| s > top) {
        best += 1 + k;
        top = order[best].1;
    }
    order.swap(i, best);
    order[i].0 as usize
}

fn to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// The score a table entry settles at this node: exact, or a bound beyond the window.
fn tt_cut(e: &Entry, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    let v = from_tt(e.score, ply);
    let settles = match e.bound {
        Bound::Exact => true,
        Bound::Lower => v >= beta,
        Bound::Upper => v <= alpha,
    };
    settles.then_some(v)
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::late_moves;

    /// A depth-3 node that is not improving searches 12 quiet moves before pruning (6 measured
    /// weaker in Chu, docs/engine.md), an improving one twice as many.
    #[test]
    fn late_move_pruning_keeps_enough_quiet_moves() {
        assert_eq!(late_moves(3, false), 12);
        assert_eq!(late_moves(3, true), 24);
        assert_eq!(late_moves(1, false), 4);
    }
}
