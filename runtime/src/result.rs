//! Game results: royals lost, checkmate, stalemate, repetition (with perpetual check), the
//! move-count rule and bare royals, as the variant's rules say.

use crate::moves::{FullMove, MoveList, MoveRef};
use crate::position::Position;
use crate::spec::{Bare, Player};
use crate::tables::Tables;

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The side to move has lost its last royal piece.
    RoyalsLost,
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move has no legal move and is not checkmated (scored as the variant says).
    Stalemate,
    /// The position occurred the variant's number of times.
    Repetition,
    /// A repetition in which one side checked on every move: it loses.
    PerpetualCheck,
    /// The move limit passed without a reset event.
    MoveLimit,
    /// Both sides are bare (see [`crate::spec::Bare`]).
    BareRoyals,
    /// The last move was a drop that checkmated, which the variant forbids (shogi's
    /// uchifuzume): the dropper loses.
    DropMate,
    /// The last move recreated an earlier position, which loses (`repeat loses`).
    RepeatedPosition,
    /// The repetition came from one side attacking the same piece after every move.
    PerpetualAttack,
    /// The count ran out (`counting`): a draw.
    Counting,
    /// A side reached its goal (`goal`); a draw when both did (`reply-draws`).
    Goal,
    /// A side gave its N-th check (`check N wins`).
    Checks,
    /// A side has no piece left (`no-pieces wins|loses`).
    NoPieces,
    /// A side has too few pieces of a type (`extinction`).
    Extinction,
    /// A side castled on a wing that wins, or can no longer castle on any (`castling wins`).
    Castling,
    /// Two passes in a row (`pass twice-ends`), or a pass while the royals face each other
    /// (`facing-royals must-break`): a draw.
    Passing,
    /// No square is empty (`draw full-board`): a draw, or as `tiebreak` says.
    FullBoard,
}

impl Reason {
    /// The reason in words, as protocols and pages show it.
    pub fn describe(self) -> &'static str {
        match self {
            Reason::RoyalsLost => "royals lost",
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::Repetition => "repetition",
            Reason::PerpetualCheck => "perpetual check",
            Reason::MoveLimit => "move limit",
            Reason::BareRoyals => "bare royals",
            Reason::DropMate => "drop mate",
            Reason::RepeatedPosition => "repeated position",
            Reason::PerpetualAttack => "perpetual attack",
            Reason::Counting => "counting",
            Reason::Passing => "passing",
            Reason::Goal => "goal",
            Reason::Checks => "checks",
            Reason::NoPieces => "no pieces",
            Reason::Extinction => "extinction",
            Reason::Castling => "castling",
            Reason::FullBoard => "full board",
        }
    }
}

/// A finished game: the winner (`None` for a draw) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// The winner, `None` for a draw.
    pub winner: Option<Player>,
    /// Why the game ended.
    pub reason: Reason,
}

impl GameResult {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn score(&self) -> &'static str {
        match self.winner {
            Some(Player::First) => "1-0",
            Some(Player::Second) => "0-1",
            None => "1/2-1/2",
        }
    }
}

/// A way a game can end other than by a side's last royal lost: whether the game has it, and
/// its test. The one list [`Tables::ends_otherwise`] and [`Position::decided_otherwise`] read.
type OtherEnd = (fn(&Tables) -> bool, fn(&Position) -> Option<GameResult>);

const OTHER_ENDS: [OtherEnd; 7] = [
    (
        |t| t.spec.rules.passing.twice_ends || t.regions.must_break,
        |p| p.ended_by_passing().then(|| p.drawn(Reason::Passing)),
    ),
    (
        |t| !t.spec.rules.results.endings.extinction.is_empty(),
        Position::extinction_result,
    ),
    (
        |t| t.spec.rules.results.no_pieces.is_some(),
        Position::no_pieces_result,
    ),
    (
        |t| t.spec.rules.results.check_wins.is_some(),
        Position::checks_result,
    ),
    (|t| t.rules.has_goals, Position::goal_result),
    (
        |t| t.spec.rules.results.endings.castling_wins != [0, 0],
        Position::castling_result,
    ),
    (
        |t| t.spec.rules.results.endings.full_board,
        |p| p.board_full().then(|| p.drawn(Reason::FullBoard)),
    ),
];

impl Tables {
    /// Whether a position of this game can be decided otherwise than by a side's last royal
    /// lost: whether any of [`Position::decided_otherwise`]'s ends is the game's.
    pub(crate) fn ends_otherwise(&self) -> bool {
        OTHER_ENDS.iter().any(|(has, _)| has(self))
    }
}

impl Position {
    /// The game result in this position, or `None` while the game goes on.
    pub fn result(&mut self) -> Option<GameResult> {
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        self.result_with(&moves)
    }

    /// As [`Position::result`], given the legal moves already generated (a `&MoveList` or a
    /// `&[FullMove]`).
    pub fn result_with<'a, M: Into<MoveRef<'a>>>(
        &mut self,
        moves: impl IntoIterator<Item = M>,
    ) -> Option<GameResult> {
        let mut moves = moves.into_iter().map(Into::into).peekable();
        if let Some(result) = self.decided() {
            return Some(result);
        }
        // The rules read up front, not through a clone of the tables' `Arc` (two atomic
        // operations at every call, and a search calls this at most of its nodes).
        let results = &self.tables.spec.rules.results;
        let bare_loses = results.bare_royal_loses && self.tables.has_royals;
        let bare_draw = results.bare_royal_draw && self.tables.has_royals;
        let limit_plies = results.move_limit.as_ref().map(|l| 2 * u32::from(l.moves));
        if moves.peek().is_none() {
            return Some(self.no_move_result());
        }
        if bare_loses && let Some(result) = self.bare_royal_result(moves) {
            return Some(result);
        }
        if let Some(result) = self.repeat_result() {
            return Some(result);
        }
        if let Some(result) = self.counting_result() {
            return Some(result);
        }
        if let Some(result) = self.repetition_result() {
            return Some(result);
        }
        if limit_plies.is_some_and(|plies| self.halfmove >= plies) {
            return Some(self.drawn(Reason::MoveLimit));
        }
        if bare_draw && self.only_royals(Player::First) && self.only_royals(Player::Second) {
            return Some(GameResult {
                winner: None,
                reason: Reason::BareRoyals,
            });
        }
        None
    }

    /// The result when the side to move has no legal move: checkmate (or a mate by a drop
    /// that may not mate), else stalemate as the variant scores it.
    fn no_move_result(&self) -> GameResult {
        let t = &*self.tables;
        let me = self.side;
        let mated = t.strategy.legality.checks_royals() && self.in_check();
        if mated && self.last_move_is_no_mate_drop() {
            return GameResult {
                winner: Some(me),
                reason: Reason::DropMate,
            };
        }
        if mated {
            return GameResult {
                winner: self.checkmate_winner(),
                reason: Reason::Checkmate,
            };
        }
        GameResult {
            winner: self.stalemate_winner(),
            reason: Reason::Stalemate,
        }
    }

    /// Whether the position may have occurred before (`false`: it never did, neither in the
    /// game nor since the search began), from the history's bucket count: a few instructions,
    /// where a search's own look at its path would be a loop at every node.
    #[inline]
    pub fn may_have_occurred(&self) -> bool {
        self.history.at_most(self.hash) > 0
    }

    /// `draw repetition N`: at the N-th occurrence of this position a draw, or a loss for a
    /// perpetual checker or attacker when the variant says so. Inlined up to the history's
    /// bound, which rules out almost every position a search asks about.
    #[inline(always)]
    fn repetition_result(&mut self) -> Option<GameResult> {
        let n = usize::from(self.tables.spec.rules.results.repetition?.max(1));
        if self.history.at_most(self.hash) + 1 < n {
            return None;
        }
        self.repetition_counted(n)
    }

    /// [`Position::repetition_result`] where the history may hold the position `n - 1` times.
    #[inline(never)]
    fn repetition_counted(&mut self, n: usize) -> Option<GameResult> {
        let results = &self.tables.spec.rules.results;
        let (check_loses, attack_loses) = (
            results.perpetual_check_loses,
            results.perpetual_attack_loses,
        );
        let seen = self.history.count(self.hash) + 1;
        if seen < n {
            return None;
        }
        if check_loses && let Some(loser) = self.perpetual_checker() {
            return Some(GameResult {
                winner: Some(loser.opponent()),
                reason: Reason::PerpetualCheck,
            });
        }
        if attack_loses && let Some(loser) = self.perpetual_attacker() {
            return Some(GameResult {
                winner: Some(loser.opponent()),
                reason: Reason::PerpetualAttack,
            });
        }
        Some(GameResult {
            winner: self.repetition_winner(),
            reason: Reason::Repetition,
        })
    }

    /// The result decided before the side to move could move: a side has no royal left (the
    /// mover may have lost its own: a King burned where it stopped, a royal Pawn promoted
    /// away), passing ended the game, a side has no piece left (`no-pieces`), gave its N-th
    /// check (`check N wins`) or reached its goal. Such a position has no legal move: every move
    /// generator and counter asks this first, so perft counts nothing below it and a search
    /// scores it as the end it is.
    ///
    /// Inlined up to the tests that rule out almost every position: both sides keep a royal on
    /// the board, and the game has no other such end.
    #[inline(always)]
    pub fn decided(&self) -> Option<GameResult> {
        let royal_lost =
            self.tables.has_royals && (self.royals.first.n == 0 || self.royals.second.n == 0);
        if !royal_lost && !self.tables.ends_otherwise {
            return None;
        }
        self.decided_looked_at(royal_lost)
    }

    /// [`Position::decided`] where it has to look: `royal_lost` when a side has no royal on
    /// the board.
    #[inline(never)]
    fn decided_looked_at(&self, royal_lost: bool) -> Option<GameResult> {
        if royal_lost {
            for loser in [self.side, self.side.opponent()] {
                if *self.tables.royal_sides.get(loser)
                    && self.royals.get(loser).n == 0
                    && !self.royal_in_hand(loser)
                {
                    return Some(GameResult {
                        winner: Some(loser.opponent()),
                        reason: Reason::RoyalsLost,
                    });
                }
            }
        }
        if !self.tables.ends_otherwise {
            return None;
        }
        self.decided_otherwise()
    }

    /// The ends of [`Position::decided`] other than a lost royal, in the games that have
    /// one ([`Tables::ends_otherwise`]): the first of the game's ends that holds.
    fn decided_otherwise(&self) -> Option<GameResult> {
        OTHER_ENDS
            .iter()
            .filter(|(has, _)| has(&self.tables))
            .find_map(|(_, result)| result(self))
    }

    /// Shatranj's bare king: a side left with royals alone loses, unless it is the side to move
    /// and can bare the other side at once; both sides bare is a draw.
    fn bare_royal_result<'a>(
        &mut self,
        mut moves: impl Iterator<Item = MoveRef<'a>>,
    ) -> Option<GameResult> {
        let me = self.side;
        let (me_bare, them_bare) = (self.only_royals(me), self.only_royals(me.opponent()));
        let winner = match (me_bare, them_bare) {
            (true, true) => None,
            // The other side had its move while bare and did not bare us back.
            (false, true) => Some(me),
            (true, false) => {
                let can_bare_back = moves.any(|m| {
                    self.make(m);
                    let bared = self.only_royals(me.opponent());
                    self.unmake();
                    bared
                });
                if can_bare_back {
                    return None;
                }
                Some(me.opponent())
            }
            (false, false) => return None,
        };
        Some(GameResult {
            winner,
            reason: Reason::BareRoyals,
        })
    }

    /// Whether `p` is bare in the sense of the variant's bare-royal rules.
    fn only_royals(&self, p: Player) -> bool {
        let t = &self.tables;
        let mut own = self
            .board
            .iter()
            .filter(|c| c.is_piece() && c.player() == p);
        match t.spec.rules.results.bare {
            Bare::RoyalsOnly => own.all(|c| t.cell_is_royal(*c)),
            Bare::SinglePiece => {
                own.next().is_some_and(|c| t.cell_is_royal(*c)) && own.next().is_none()
            }
        }
    }

    /// The player all of whose moves since the previous occurrence of this position gave check.
    fn perpetual_checker(&mut self) -> Option<Player> {
        let target = self.hash;
        let mut undone: Vec<FullMove> = Vec::new();
        // checks[p] stays true while every move of p seen so far gave check.
        let mut checks = [true, true];
        let mut moved = [false, false];
        while let Some(m) = self.last_move().map(|m| m.to_full()) {
            // The side to move now is in check iff the previous mover gave check.
            let mover = self.side.opponent();
            let gave_check = self.in_check();
            checks[mover.index()] &= gave_check;
            moved[mover.index()] = true;
            self.unmake();
            undone.push(m);
            if self.hash == target {
                break;
            }
        }
        for m in undone.into_iter().rev() {
            self.make(&m);
        }
        [Player::First, Player::Second].into_iter().find(|p| {
            moved[p.index()]
                && checks[p.index()]
                && !(moved[p.opponent().index()] && checks[p.opponent().index()])
        })
    }
}
