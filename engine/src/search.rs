//! The search: iterative deepening principal-variation search with a transposition table,
//! quiescence on captures (burns included: they are captures of the move), check extensions in
//! checkmate games, late-move reductions, and move ordering by hash move, MVV-LVA, killers and
//! history. Game ends come from the runtime's result rules, so every rule it implements
//! (repetition, move limits, bare royals, extinction, stalemate scoring) is respected.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use koma_runtime::result::GameResult;
use koma_runtime::spec::{Player, WinCondition};
use koma_runtime::{FullMove, Move, MoveList, MoveRef, Position, Square, Tables};

use crate::eval::Evaluator;
use crate::time::{Budget, Clock};
use crate::tt::{Bound, Tt};

/// Score of a won game at the root; a win in `n` plies scores `MATE - n`.
pub const MATE: i32 = 30_000;
const INF: i32 = 32_000;
const MAX_PLY: usize = 128;
/// Scores beyond this are wins or losses found by the search.
const MATE_BOUND: i32 = MATE - MAX_PLY as i32 * 2;
/// Deepest quiescence below the horizon.
const MAX_QDEPTH: i32 = 8;

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
}

impl Searcher {
    /// A searcher with a transposition table of about `hash_mb` megabytes.
    pub fn new(hash_mb: usize) -> Searcher {
        Searcher {
            tt: Tt::new(hash_mb),
            eval: None,
        }
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
        match &self.eval {
            Some(e) if Arc::ptr_eq(e.tables(), tables) => e.clone(),
            _ => {
                let e = Arc::new(Evaluator::new(tables));
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
        let mut pos = pos.clone();
        let ntypes = pos.tables().piece_count();
        let nsq = pos.tables().geo.len();
        let rules = &pos.tables().spec.rules;
        let checkmate = rules.royals.win == WinCondition::Checkmate;
        // A repetition inside the search is scored as a draw only where every repetition is one:
        // not with perpetual check or attack rules, nor with `repeat` (illegal or losing).
        let path_draws = rules.results.repetition.is_some()
            && !rules.results.perpetual_check_loses
            && !rules.results.perpetual_attack_loses
            && rules.repeat.is_none();
        let root_eval = eval.full(&pos);
        let root_ply = pos.ply();
        let mut s = State {
            tt: &mut self.tt,
            eval,
            stop,
            start,
            hard: budget.map(|b| b.hard),
            node_limit: limits.nodes,
            nodes: 0,
            stopped: false,
            seldepth: 0,
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; 2 * ntypes * nsq],
            ntypes,
            nsq,
            buffers: vec![MoveList::new(); MAX_PLY + 2],
            pv: vec![Vec::new(); MAX_PLY + 2],
            touched: Vec::with_capacity(16),
            checkmate,
            path_draws,
            repeat_loses: rules.repeat.is_some_and(|r| r.loses),
            root_ply,
        };

        let mut root: Vec<FullMove> = pos.moves();
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
        if root.is_empty() || pos.result_with(&root).is_some() {
            return result;
        }
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 8)
            .clamp(1, MAX_PLY as u32 - 8);
        let mut scores: Vec<i32> = vec![0; root.len()];
        for depth in 1..=max_depth {
            s.seldepth = 0;
            let (best_index, score) =
                s.root(&mut pos, &mut root, &mut scores, depth as i32, root_eval);
            if s.stopped && best_index.is_none() {
                break;
            }
            let Some(bi) = best_index else { break };
            // The best move goes first in the next iteration.
            let best = root.remove(bi);
            root.insert(0, best);
            let sc = scores.remove(bi);
            scores.insert(0, sc);
            let pv: Vec<FullMove> = std::iter::once(best)
                .chain(s.pv[1].iter().copied())
                .collect();
            result.best = Some(best);
            result.ponder = pv.get(1).copied();
            result.score = Score::from_internal(score);
            result.depth = depth;
            result.pv = pv;
            result.nodes = s.nodes;
            result.time = start.elapsed();
            if s.stopped {
                break;
            }
            info(&Info {
                depth,
                seldepth: s.seldepth.max(depth),
                score: result.score,
                nodes: s.nodes,
                time: start.elapsed(),
                pv: result.pv.clone(),
            });
            if score.abs() > MATE_BOUND && depth as i32 > MATE - score.abs() {
                break;
            }
            if let Some(b) = budget
                && start.elapsed() >= b.soft
            {
                break;
            }
            if limits.nodes.is_some_and(|n| s.nodes >= n) || stop.load(Ordering::Relaxed) {
                break;
            }
            if root.len() == 1 && budget.is_some() {
                break;
            }
        }
        result.nodes = s.nodes;
        result.time = start.elapsed();
        result
    }
}

/// Everything one search needs besides the position.
struct State<'a> {
    tt: &'a mut Tt,
    eval: Arc<Evaluator>,
    stop: &'a AtomicBool,
    start: Instant,
    hard: Option<Duration>,
    node_limit: Option<u64>,
    nodes: u64,
    stopped: bool,
    seldepth: u32,
    killers: Vec<[Option<FullMove>; 2]>,
    history: Vec<i32>,
    ntypes: usize,
    nsq: usize,
    buffers: Vec<MoveList>,
    pv: Vec<Vec<FullMove>>,
    touched: Vec<Square>,
    checkmate: bool,
    path_draws: bool,
    /// `repeat loses`: quiescence asks for the result of a repetition.
    repeat_loses: bool,
    root_ply: usize,
}

impl State<'_> {
    fn check_limits(&mut self) {
        if self.nodes & 511 == 0
            && (self.stop.load(Ordering::Relaxed)
                || self.hard.is_some_and(|h| self.start.elapsed() >= h))
        {
            self.stopped = true;
        }
        if self.node_limit.is_some_and(|n| self.nodes >= n) {
            self.stopped = true;
        }
    }

    /// Plays `m` and returns the new first-player evaluation.
    fn make(&mut self, pos: &mut Position, m: MoveRef<'_>, eval: i32) -> i32 {
        Evaluator::touched(m, &mut self.touched);
        let squares = |pos: &Position| -> i32 {
            self.touched.iter().map(|&s| self.eval.square(pos, s)).sum()
        };
        let before = squares(pos) + self.eval.hands(pos);
        pos.make(m);
        let after = squares(pos) + self.eval.hands(pos);
        eval - before + after
    }

    fn terminal(&self, pos: &Position, r: GameResult, ply: usize) -> i32 {
        match r.winner {
            None => 0,
            Some(w) if w == pos.side_to_move() => MATE - ply as i32,
            Some(_) => -(MATE - ply as i32),
        }
    }

    /// The root: returns the index of the best move fully searched, and its score.
    fn root(
        &mut self,
        pos: &mut Position,
        root: &mut [FullMove],
        scores: &mut [i32],
        depth: i32,
        eval: i32,
    ) -> (Option<usize>, i32) {
        let mut alpha = -INF;
        let beta = INF;
        let mut best: Option<usize> = None;
        self.pv[0].clear();
        for i in 0..root.len() {
            let m = root[i];
            let child_eval = self.make(pos, m.as_ref(), eval);
            self.nodes += 1;
            let ext = i32::from(self.checkmate && pos.in_check());
            let score = if i == 0 {
                -self.negamax(pos, depth - 1 + ext, -beta, -alpha, 1, child_eval)
            } else {
                let mut v = -self.negamax(pos, depth - 1 + ext, -alpha - 1, -alpha, 1, child_eval);
                if v > alpha && !self.stopped {
                    v = -self.negamax(pos, depth - 1 + ext, -beta, -alpha, 1, child_eval);
                }
                v
            };
            pos.unmake();
            if self.stopped {
                break;
            }
            scores[i] = score;
            if score > alpha {
                alpha = score;
                best = Some(i);
                let child = std::mem::take(&mut self.pv[1]);
                self.pv[0].clear();
                self.pv[0].extend_from_slice(&child);
                self.pv[1] = child;
            }
        }
        // pv[1] is the continuation of the best move.
        let cont = std::mem::take(&mut self.pv[0]);
        self.pv[1] = cont;
        (best, alpha)
    }

    fn negamax(
        &mut self,
        pos: &mut Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        eval: i32,
    ) -> i32 {
        self.pv[ply].clear();
        self.check_limits();
        if self.stopped {
            return 0;
        }
        if ply >= MAX_PLY {
            return self.eval.relative(pos, eval);
        }
        if let Some(r) = pos.decided() {
            return self.terminal(pos, r, ply);
        }
        if self.path_draws && self.repeats_in_search(pos) {
            return 0;
        }
        if depth <= 0 {
            return self.quiesce(pos, alpha, beta, ply, eval, 0);
        }
        self.seldepth = self.seldepth.max(ply as u32);
        let key = pos.hash();
        let entry = self.tt.probe(key);
        let mut hash_move = None;
        if let Some(e) = entry {
            hash_move = e.mv;
            if i32::from(e.depth) >= depth && ply > 0 {
                let v = from_tt(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => v >= beta,
                    Bound::Upper => v <= alpha,
                };
                if cut {
                    return v;
                }
            }
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        pos.legal_moves(&mut moves);
        if let Some(r) = pos.result_with(&moves) {
            self.buffers[ply] = moves;
            return self.terminal(pos, r, ply);
        }
        let in_check = self.checkmate && pos.in_check();
        let mut order = self.order(pos, &moves, hash_move, ply);
        let original_alpha = alpha;
        let mut best = -INF;
        let mut best_move = None;
        for i in 0..moves.len() {
            let k = pick(&mut order, i);
            let m = moves.get(k);
            let tactical = order[i].1 >= TACTICAL;
            let child_eval = self.make(pos, m, eval);
            self.nodes += 1;
            let gives_check = self.checkmate && pos.in_check();
            let ext = i32::from(gives_check && ply < 2 * MAX_PLY / 3);
            let new_depth = depth - 1 + ext;
            let score = if i == 0 {
                -self.negamax(pos, new_depth, -beta, -alpha, ply + 1, child_eval)
            } else {
                let reduce = if depth >= 3 && i >= 3 && !tactical && !in_check && !gives_check {
                    if i >= 10 && depth >= 5 { 2 } else { 1 }
                } else {
                    0
                };
                let mut v = -self.negamax(
                    pos,
                    new_depth - reduce,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    child_eval,
                );
                if v > alpha && reduce > 0 && !self.stopped {
                    v = -self.negamax(pos, new_depth, -alpha - 1, -alpha, ply + 1, child_eval);
                }
                if v > alpha && v < beta && !self.stopped {
                    v = -self.negamax(pos, new_depth, -beta, -alpha, ply + 1, child_eval);
                }
                v
            };
            pos.unmake();
            if self.stopped {
                self.buffers[ply] = moves;
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(m.to_full());
                if score > alpha {
                    alpha = score;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(m.to_full());
                    head[ply].extend_from_slice(&tail[0]);
                    if score >= beta {
                        if !tactical {
                            self.reward(pos, m, depth, ply);
                        }
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if alpha > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt
            .store(key, best_move, to_tt(best, ply), depth as i16, bound);
        self.buffers[ply] = moves;
        best
    }

    fn quiesce(
        &mut self,
        pos: &mut Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        eval: i32,
        qdepth: i32,
    ) -> i32 {
        self.pv[ply].clear();
        self.check_limits();
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply as u32);
        let stand = self.eval.relative(pos, eval);
        if ply >= MAX_PLY || qdepth >= MAX_QDEPTH {
            return stand;
        }
        // A losing repetition ends the game even where quiescence looks at captures only.
        if self.repeat_loses
            && let Some(r) = pos.repeat_result()
        {
            return self.terminal(pos, r, ply);
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        let in_check = self.checkmate && pos.in_check();
        {
            if let Some(r) = pos.decided() {
                self.buffers[ply] = moves;
                return self.terminal(pos, r, ply);
            }
            if in_check {
                pos.legal_moves(&mut moves);
                if let Some(r) = pos.result_with(&moves) {
                    self.buffers[ply] = moves;
                    return self.terminal(pos, r, ply);
                }
            } else {
                // Captures only: the legality tests run on them alone.
                pos.legal_moves_where(&mut moves, is_capture);
            }
        }
        let mut best = if in_check { -INF } else { stand };
        if best >= beta {
            self.buffers[ply] = moves;
            return best;
        }
        alpha = alpha.max(best);
        let mut order = self.order(pos, &moves, None, ply);
        if !in_check {
            order.retain(|&(_, score)| score > TACTICAL + 1);
        }
        for i in 0..order.len() {
            let k = pick(&mut order, i);
            let m = moves.get(k);
            let child_eval = self.make(pos, m, eval);
            self.nodes += 1;
            let score = -self.quiesce(pos, -beta, -alpha, ply + 1, child_eval, qdepth + 1);
            pos.unmake();
            if self.stopped {
                self.buffers[ply] = moves;
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(m.to_full());
                    head[ply].extend_from_slice(&tail[0]);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.buffers[ply] = moves;
        best
    }

    /// Whether the position already occurred since the root (a cycle the side to move could
    /// repeat: scored as a draw before the repetition rule itself is reached).
    fn repeats_in_search(&self, pos: &Position) -> bool {
        let h = pos.history();
        let since = self.root_ply.min(h.len());
        h[since..]
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .any(|&x| x == pos.hash())
    }

    /// Ordering scores for `moves`, index-aligned.
    fn order(
        &self,
        pos: &Position,
        moves: &MoveList,
        hash_move: Option<FullMove>,
        ply: usize,
    ) -> Vec<(usize, i64)> {
        let me = pos.side_to_move();
        moves
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let score = if hash_move.is_some_and(|h| h == m) {
                    HASH_MOVE
                } else {
                    let gain = self.material_gain(pos, m, me);
                    if gain > 0 {
                        let attacker = pos.piece_at(m.from).map_or(0, |(_, t)| self.eval.value(t));
                        CAPTURE + i64::from(gain) * 64 - i64::from(attacker)
                    } else if m.promotion().is_some() {
                        TACTICAL + 1
                    } else if self.killers[ply][0].is_some_and(|k| k == m) {
                        KILLER + 1
                    } else if self.killers[ply][1].is_some_and(|k| k == m) {
                        KILLER
                    } else {
                        i64::from(self.history[self.history_index(pos, &m)])
                    }
                };
                (i, score)
            })
            .collect()
    }

    /// Material the move removes from the opponent minus its own pieces it removes.
    fn material_gain(&self, pos: &Position, m: MoveRef<'_>, me: Player) -> i32 {
        let mut gain = 0;
        let mut value_at = |s: Square| {
            if let Some((p, t)) = pos.piece_at(s) {
                let v = self.eval.value(t);
                gain += if p == me { -v } else { v };
            }
        };
        if m.to != m.from {
            value_at(m.to);
        }
        for &s in m.side_captures() {
            if s != m.from {
                value_at(s);
            }
        }
        // The mover burned on its destination appears as its own capture (its square is empty
        // before the move, so it was not counted above).
        if m.side_captures().contains(&m.to)
            && let Some((_, t)) = pos.piece_at(m.from)
        {
            gain -= self.eval.value(t);
        }
        gain
    }

    fn history_index(&self, pos: &Position, m: &Move) -> usize {
        let cell = pos
            .piece_at(m.from)
            .map_or(0, |(p, t)| p.index() * self.ntypes + usize::from(t.0));
        cell * self.nsq + m.to.index()
    }

    fn reward(&mut self, pos: &Position, m: MoveRef<'_>, depth: i32, ply: usize) {
        if self.killers[ply][0].is_none_or(|k| k != m) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(m.to_full());
        }
        let i = self.history_index(pos, &m);
        self.history[i] = (self.history[i] + depth * depth).min(KILLER as i32 - 1);
    }
}

/// Whether a move removes a piece of the opponent (on its destination or on the way).
fn is_capture(pos: &Position, m: MoveRef<'_>) -> bool {
    !m.side_captures().is_empty()
        || m.to != m.from
            && pos
                .piece_at(m.to)
                .is_some_and(|(p, _)| p != pos.side_to_move())
}

const HASH_MOVE: i64 = 1 << 50;
const CAPTURE: i64 = 1 << 40;
/// Captures and promotions: never reduced.
const TACTICAL: i64 = 1 << 36;
const KILLER: i64 = 1 << 30;

/// Moves the best remaining entry to position `i` and returns its move index.
fn pick(order: &mut [(usize, i64)], i: usize) -> usize {
    let mut best = i;
    for j in i + 1..order.len() {
        if order[j].1 > order[best].1 {
            best = j;
        }
    }
    order.swap(i, best);
    order[i].0
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

fn from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}
