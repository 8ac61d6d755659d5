//! Goal squares (`goal`): a side that brings one of its goal pieces onto one of its goal
//! squares wins (King of the Hill's centre, Racing Kings' last rank). With `reply-draws` the
//! opponent may answer: the game goes on while it has a legal move that reaches its own goal,
//! and reaching it draws (Racing Kings gives the second player that answer). A goal may need
//! several pieces at once (`count`), or one once its squares are all filled (`or-filled`), or
//! pieces the opponent does not attack (`safe`, Fairy-Stockfish's `flagPieceSafe`): a safe goal
//! still holding when its side's turn comes wins then, and both sides holding theirs draws.
//! A `hold` goal (Fairy-Stockfish's `flagMove` for a piece other than the King) wins only when
//! it still holds as its side's turn comes, the opponent having had one move to break it; with
//! `safe`, an arrival the opponent does not attack wins at once.
//! A goal may also be a row instead of squares (`row N`: N goal pieces on consecutive squares
//! of a rank, file or diagonal, Fairy-Stockfish's `connectN`): a side that makes one wins, or
//! loses with `loses` (misere Connect Four, `connectValue = loss`).
//! `check forbidden` lives here too: no move may give check (Racing Kings).

use crate::geometry::{ByPlayer, Geometry, Square};
use crate::moves::MoveList;
use crate::position::Position;
use crate::result::{GameResult, Reason};
use crate::spec::{GoalSpec, Player, RowGoal};

/// One goal clause of one player, its squares resolved.
#[derive(Clone, Debug)]
pub(crate) struct CGoal {
    /// Per piece type: reaching a goal square with it counts.
    pieces: Vec<bool>,
    squares: Vec<Square>,
    reply_draws: bool,
    count: usize,
    or_filled: bool,
    safe: bool,
    hold: bool,
    /// `row`: every run of squares that makes the row (the squares above are then empty);
    /// `None` for a goal of squares.
    rows: Option<Vec<Vec<Square>>>,
    /// `row ... loses`: reaching it loses.
    loses: bool,
}

/// What a player's reached goals say, when it reached any.
#[derive(Clone, Copy, Debug)]
struct Reached {
    /// Every goal it reached grants the opponent an answer.
    answered: bool,
    /// One of them is a `safe` goal.
    safe: bool,
    /// One of them is a row that loses (`row ... loses`): that decides, whatever the others.
    loses: bool,
}

/// Per player, the goal clauses that concern it.
pub(crate) fn compile(geo: &Geometry, goals: &[GoalSpec], ntypes: usize) -> ByPlayer<Vec<CGoal>> {
    let mut out = ByPlayer::<Vec<CGoal>>::default();
    for g in goals {
        let mut pieces = vec![false; ntypes];
        for t in &g.pieces {
            if let Some(f) = pieces.get_mut(usize::from(t.0)) {
                *f = true;
            }
        }
        for player in [Player::First, Player::Second] {
            if g.player.is_some_and(|p| p != player) {
                continue;
            }
            // A clause for both players gives the first player's squares.
            let rotate = g.player.is_none() && player == Player::Second;
            let squares = g
                .squares
                .iter()
                .filter_map(|&c| geo.square_at(if rotate { geo.rotate(c) } else { c }))
                .collect();
            out.get_mut(player).push(CGoal {
                pieces: pieces.clone(),
                squares,
                reply_draws: g.reply_draws,
                count: usize::from(g.count.max(1)),
                or_filled: g.or_filled,
                safe: g.safe,
                hold: g.hold,
                rows: g.row.map(|r| runs(geo, r)),
                loses: g.row.is_some_and(|r| r.loses),
            });
        }
    }
    out
}

/// Every run of `row.length` consecutive squares along the row's lines (holes break a run).
fn runs(geo: &Geometry, row: RowGoal) -> Vec<Vec<Square>> {
    let steps = row.steps();
    let mut out = Vec::new();
    for start in geo.squares() {
        let c = geo.coord(start);
        let (x, y) = (i32::from(c.x), i32::from(c.y));
        for &(dx, dy) in &steps {
            let run: Option<Vec<Square>> = (0..i32::from(row.length))
                .map(|k| geo.square(x + dx * k, y + dy * k))
                .collect();
            out.extend(run);
        }
    }
    out
}

impl Position {
    /// The result the goal clauses give before the side to move moves, if any.
    pub(crate) fn goal_result(&self) -> Option<GameResult> {
        let me = self.side;
        let mover = me.opponent();
        let goal = |winner| {
            Some(GameResult {
                winner,
                reason: Reason::Goal,
            })
        };
        // A `hold` goal that survived the opponent's move wins, attacked or not, whatever the
        // opponent reached meanwhile (Fairy-Stockfish tests the side to move's flag first).
        let goals = self.tables.rules.goals.get(me);
        if goals
            .iter()
            .any(|g| g.hold && self.holds_goal(g, me, false))
        {
            return goal(Some(me));
        }
        // The side to move reached a goal that grants an answer, and the answer is over; or
        // its safe goal held through the opponent's move.
        if self.goal_reached(me).is_some_and(|r| r.answered || r.safe) {
            return goal(if self.goal_reached(mover).is_some() {
                None
            } else {
                Some(me)
            });
        }
        let reached = self.goal_reached(mover)?;
        // The mover made a row that loses (misere Connect Four): the side to move wins.
        if reached.loses {
            return goal(Some(me));
        }
        let reply = reached.answered;
        // While the probe below generates the answers, the game goes on.
        if reply && (self.goal_probe || self.can_reach_goal()) {
            return None;
        }
        goal(Some(mover))
    }

    /// `None` when `p` holds none of its goals that win on arrival; otherwise what the goals
    /// it holds say. A `hold` goal wins on arrival only when it is `safe` and unattacked, and
    /// then grants no answer.
    fn goal_reached(&self, p: Player) -> Option<Reached> {
        let mut reached: Option<Reached> = None;
        for g in self.tables.rules.goals.get(p) {
            if g.hold && !g.safe {
                continue;
            }
            if self.holds_goal(g, p, true) {
                let r = reached.get_or_insert(Reached {
                    answered: true,
                    safe: false,
                    loses: false,
                });
                r.answered &= g.reply_draws;
                r.safe |= g.safe && !g.hold;
                r.loses |= g.loses;
            }
        }
        reached
    }

    /// Whether `p` holds goal `g`: enough of its goal pieces on the squares (`count`, or one
    /// when `or-filled` and no square is empty), and under `safe`, when exactly the count
    /// stand there, none of them attacked (Fairy-Stockfish's `flag_reached`); `safety` false
    /// skips that test (a `hold` goal that survived a move).
    fn holds_goal(&self, g: &CGoal, p: Player, safety: bool) -> bool {
        if let Some(runs) = &g.rows {
            return runs
                .iter()
                .any(|run| run.iter().all(|&s| self.is_goal_piece(g, s, p)));
        }
        let mut on = Vec::new();
        let mut filled = true;
        for &s in &g.squares {
            let c = self.board[s.index()];
            if !c.is_piece() {
                filled = false;
            } else if self.is_goal_piece(g, s, p) {
                on.push(s);
            }
        }
        if on.is_empty() || (on.len() < g.count && !(g.or_filled && filled)) {
            return false;
        }
        !(safety
            && g.safe
            && on.len() == g.count
            && on.iter().any(|&s| self.is_attacked(s, p.opponent())))
    }

    /// Whether a goal piece of `g` belonging to `p` stands on `s`.
    fn is_goal_piece(&self, g: &CGoal, s: Square, p: Player) -> bool {
        let c = self.board[s.index()];
        c.is_piece()
            && c.player() == p
            && g.pieces
                .get(usize::from(c.piece_type().0))
                .copied()
                .unwrap_or(false)
    }

    /// Whether the side to move has a legal move that reaches one of its goals.
    fn can_reach_goal(&self) -> bool {
        let me = self.side;
        let mut probe = self.clone();
        probe.goal_probe = true;
        let mut moves = MoveList::new();
        probe.legal_moves(&mut moves);
        (0..moves.len()).any(|i| {
            probe.make(moves.get(i));
            let reached = probe.goal_reached(me).is_some();
            probe.unmake();
            reached
        })
    }

    /// Whether `m` gives check (`check forbidden` keeps no such move).
    pub(crate) fn gives_check(&mut self, m: crate::moves::MoveRef<'_>) -> bool {
        self.make(m);
        let check = self.in_check();
        self.unmake();
        check
    }
}
