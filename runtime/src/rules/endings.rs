//! Game ends scored otherwise than chess scores them (`spec::EndingsSpec`): extinction at a
//! count, a repetition won or lost, draws decided by a tiebreak (draw odds, material) and
//! stalemate by piece count. Fairy-Stockfish's `extinctionPieceCount`,
//! `extinctionOpponentPieceCount`, `nFoldValue`, `materialCounting` and
//! `stalematePieceCount`, read as data.

use crate::position::Position;
use crate::result::{GameResult, Reason};
use crate::spec::{ExtinctionSpec, Outcome, PieceType, Player, RepetitionScore, Tiebreak};

impl Position {
    /// The extinction result, decided before the side to move moves: the side that just moved
    /// is judged first, then the side to move, each by every clause in order.
    pub(crate) fn extinction_result(&self) -> Option<GameResult> {
        let rules = &self.tables.spec.rules.results.endings.extinction;
        for side in [self.side.opponent(), self.side] {
            if let Some(rule) = rules.iter().find(|r| self.is_extinct(r, side)) {
                return Some(GameResult {
                    winner: outcome_winner(rule.outcome, side),
                    reason: Reason::Extinction,
                });
            }
        }
        None
    }

    /// Whether `side` has `rule.at` or fewer of one of the rule's types (or of all its pieces)
    /// while the other side has at least `rule.opponent_has` of it.
    fn is_extinct(&self, rule: &ExtinctionSpec, side: Player) -> bool {
        let extinct = |count: &dyn Fn(Player) -> usize| {
            count(side) <= usize::from(rule.at)
                && count(side.opponent()) >= usize::from(rule.opponent_has)
        };
        if rule.pieces.is_empty() {
            return extinct(&|p| self.all_pieces_with_hand(p));
        }
        rule.pieces
            .iter()
            .any(|&t| extinct(&|p| self.count(p, t) + usize::from(self.hand_count(p, t))))
    }

    fn all_pieces_with_hand(&self, p: Player) -> usize {
        let types = self.tables.piece_count();
        let hand: usize = (0..types)
            .map(|t| usize::from(self.hand_count(p, PieceType(t as u16))))
            .sum();
        self.board_pieces(p) + hand
    }

    fn board_pieces(&self, p: Player) -> usize {
        let words = &self.side_occ.get(p).0;
        words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The winner at the repetition count, before any perpetual rule: the clause's player, or
    /// the mover's side, or the tiebreak of a draw.
    pub(crate) fn repetition_winner(&self) -> Option<Player> {
        let mover = self.side.opponent();
        match self.tables.spec.rules.results.endings.repetition {
            RepetitionScore::Draw => self.tiebreak_winner(),
            RepetitionScore::Mover { wins } => Some(if wins { mover } else { self.side }),
            RepetitionScore::Player { player, wins } => {
                Some(if wins { player } else { player.opponent() })
            }
        }
    }

    /// The winner of a stalemate of the side to move.
    pub(crate) fn stalemate_winner(&self) -> Option<Player> {
        let results = &self.tables.spec.rules.results;
        let me = self.side;
        let winner = match results.endings.stalemate_fewer_wins {
            Some(fewer_wins) => {
                let (mine, theirs) = (self.board_pieces(me), self.board_pieces(me.opponent()));
                match mine.cmp(&theirs) {
                    std::cmp::Ordering::Equal => None,
                    std::cmp::Ordering::Less => Some(if fewer_wins { me } else { me.opponent() }),
                    std::cmp::Ordering::Greater => {
                        Some(if fewer_wins { me.opponent() } else { me })
                    }
                }
            }
            None => outcome_winner(results.stalemate, me),
        };
        winner.or_else(|| self.tiebreak_winner())
    }

    /// The winner when the side to move is checkmated (`checkmate wins|draws|loses`).
    pub(crate) fn checkmate_winner(&self) -> Option<Player> {
        let outcome = self.tables.spec.rules.results.endings.checkmate;
        outcome_winner(outcome.unwrap_or(Outcome::Loss), self.side)
    }

    /// Who wins a game that would end drawn (`tiebreak`); `None`: it stays a draw.
    pub(crate) fn tiebreak_winner(&self) -> Option<Player> {
        let tiebreak = self.tables.spec.rules.results.endings.tiebreak.as_ref()?;
        let (first, second) = match tiebreak {
            Tiebreak::Player(p) => return Some(*p),
            Tiebreak::Pieces => (
                self.board_pieces(Player::First),
                self.board_pieces(Player::Second),
            ),
            Tiebreak::Material { values, komi } => {
                let worth = |p: Player| -> usize {
                    let komi = komi.filter(|k| k.0 == p).map_or(0, |k| usize::from(k.1));
                    let pieces: usize = values
                        .iter()
                        .map(|&(t, v)| self.count(p, t) * usize::from(v))
                        .sum();
                    pieces + komi
                };
                (worth(Player::First), worth(Player::Second))
            }
        };
        match first.cmp(&second) {
            std::cmp::Ordering::Greater => Some(Player::First),
            std::cmp::Ordering::Less => Some(Player::Second),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// A draw for `reason`, unless the tiebreak decides it.
    pub(crate) fn drawn(&self, reason: Reason) -> GameResult {
        GameResult {
            winner: self.tiebreak_winner(),
            reason,
        }
    }
}

/// The winner when `side` gets `outcome`.
fn outcome_winner(outcome: Outcome, side: Player) -> Option<Player> {
    match outcome {
        Outcome::Win => Some(side),
        Outcome::Draw => None,
        Outcome::Loss => Some(side.opponent()),
    }
}
