//! Goal squares (`goal`): a side that brings one of its goal pieces onto one of its goal
//! squares wins (King of the Hill's centre, Racing Kings' last rank). With `reply-draws` the
//! opponent may answer: the game goes on while it has a legal move that reaches its own goal,
//! and reaching it draws (Racing Kings gives the second player that answer). `check forbidden`
//! lives here too: no move may give check (Racing Kings).

use crate::geometry::{ByPlayer, Geometry, Square};
use crate::moves::MoveList;
use crate::position::Position;
use crate::result::{GameResult, Reason};
use crate::spec::{GoalSpec, Player};

/// One goal clause of one player, its squares resolved.
#[derive(Clone, Debug)]
pub(crate) struct CGoal {
    /// Per piece type: reaching a goal square with it counts.
    pieces: Vec<bool>,
    squares: Vec<Square>,
    reply_draws: bool,
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
            });
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
        // The side to move reached a goal that grants an answer, and the answer is over.
        if self.goal_reached(me) == Some(true) {
            return goal(if self.goal_reached(mover).is_some() {
                None
            } else {
                Some(me)
            });
        }
        let reply = self.goal_reached(mover)?;
        // While the probe below generates the answers, the game goes on.
        if reply && (self.goal_probe || self.can_reach_goal()) {
            return None;
        }
        goal(Some(mover))
    }

    /// `None` when no goal piece of `p` stands on a goal square of `p`; otherwise whether
    /// every goal it reached grants the opponent an answer.
    fn goal_reached(&self, p: Player) -> Option<bool> {
        let mut reached = None;
        for g in self.tables.rules.goals.get(p) {
            let on_goal = g.squares.iter().any(|s| {
                let c = self.board[s.index()];
                c.is_piece()
                    && c.player() == p
                    && g.pieces
                        .get(usize::from(c.piece_type().0))
                        .copied()
                        .unwrap_or(false)
            });
            if on_goal {
                reached = Some(reached.unwrap_or(true) && g.reply_draws);
            }
        }
        reached
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
