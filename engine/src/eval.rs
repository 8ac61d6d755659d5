//! Static evaluation: material from [`crate::values`] plus a positional table per piece, player
//! and square (centralisation, promotion-zone proximity, a royal that stays home in checkmate
//! games). The score is a sum over squares, so a move changes it only on the squares it touches
//! and the search updates it incrementally ([`Evaluator::touched`]). Pieces in hand (drop
//! variants) count at their estimated value ([`Evaluator::hands`]).

use std::sync::Arc;

use koma_runtime::spec::{PieceType, Player, WinCondition};
use koma_runtime::{MoveList, MoveRef, Position, Square, Tables};

use crate::values::{PieceValue, estimate};

/// The evaluation tables of one variant.
#[derive(Debug)]
pub struct Evaluator {
    tables: Arc<Tables>,
    values: Vec<PieceValue>,
    /// `table[(player * ntypes + type) * nsq + sq]`, signed for the first player.
    table: Vec<i32>,
    ntypes: usize,
    nsq: usize,
    /// Pieces can be in hand: [`Evaluator::hands`] has work to do.
    drops: bool,
    /// Per type: worth more than a pawn-like piece and not royal (null-move pruning's guard
    /// against zugzwang).
    big: Vec<bool>,
    /// Per type: the piece can pass (move and come back, or stay by rule).
    passers: Vec<bool>,
    /// The largest gain of a promotion in the variant.
    max_promotion_gain: i32,
}

impl Evaluator {
    /// Builds the value estimates and positional tables of a variant.
    pub fn new(tables: &Arc<Tables>) -> Evaluator {
        let values = estimate(tables);
        let ntypes = tables.piece_count();
        let geo = &tables.geo;
        let nsq = geo.len();
        let spec = &tables.spec;
        let checkmate = spec.rules.royals.win == WinCondition::Checkmate;
        let (w, h) = (
            f64::from(spec.board.width) - 1.0,
            f64::from(spec.board.height) - 1.0,
        );
        let zone = &spec.rules.promotion.zone;
        let mut table = vec![0; 2 * ntypes * nsq];
        for player in [Player::First, Player::Second] {
            let sign = if player == Player::First { 1 } else { -1 };
            for (t, v) in values.iter().enumerate() {
                for sq in geo.squares() {
                    let mut c = geo.coord(sq);
                    if player == Player::Second {
                        c = geo.rotate(c);
                    }
                    let (x, y) = (f64::from(c.x), f64::from(c.y));
                    // 0 in the centre, 1 at the edge.
                    let off_centre =
                        ((2.0 * x - w).abs() / w.max(1.0)).max((2.0 * y - h).abs() / h.max(1.0));
                    let mut score = f64::from(v.value);
                    if v.royal {
                        // Stay home: the king walks out only in the endgame.
                        let weight = if checkmate { 40.0 } else { 25.0 };
                        score -= weight * (y / h.max(1.0)).min(1.0);
                    } else {
                        score += (12.0 + f64::from(v.value) / 60.0).min(30.0) * (1.0 - off_centre);
                    }
                    if v.promotion_gain > 0 && !zone.is_empty() {
                        let dist = zone
                            .iter()
                            .map(|z| (i32::from(z.y) - i32::from(c.y)).abs())
                            .min()
                            .unwrap_or(0);
                        let near = 1.0 - f64::from(dist.min(6)) / 6.0;
                        score += 0.3 * f64::from(v.promotion_gain) * near * near;
                    }
                    table[(player.index() * ntypes + t) * nsq + sq.index()] =
                        sign * score.round() as i32;
                }
            }
        }
        let smallest = values
            .iter()
            .filter(|v| !v.royal)
            .map(|v| v.value)
            .min()
            .unwrap_or(0);
        let big = values
            .iter()
            .map(|v| !v.royal && 2 * v.value > 3 * smallest)
            .collect();
        let max_promotion_gain = values
            .iter()
            .map(|v| v.promotion_gain.max(0))
            .max()
            .unwrap_or(0);
        Evaluator {
            tables: tables.clone(),
            values,
            table,
            ntypes,
            nsq,
            drops: spec.rules.drops.has_hands(),
            big,
            passers: passers(tables),
            max_promotion_gain,
        }
    }

    /// Whether `player` has a piece on the board or in hand beyond royals and pawn-like pieces.
    pub fn has_big_pieces(&self, pos: &Position, player: Player) -> bool {
        (0..self.ntypes).any(|t| {
            let ty = PieceType(t as u8);
            (self.big[t] && pos.count(player, ty) > 0)
                || (self.drops && pos.hand_count(player, ty) > 0)
        })
    }

    /// The most a capture of a piece of `player` could gain: its most valuable piece on the
    /// board (or every royal piece's worth, as a capture of the last one ends the game), plus
    /// the largest promotion gain of the variant.
    pub fn best_capture(&self, pos: &Position, player: Player) -> i32 {
        let piece = (0..self.ntypes)
            .filter(|&t| pos.count(player, PieceType(t as u8)) > 0)
            .map(|t| self.values[t].value)
            .max()
            .unwrap_or(0);
        piece + self.max_promotion_gain
    }

    /// Whether `player` has a piece that may pass (a pass could be a legal move).
    pub fn may_pass(&self, pos: &Position, player: Player) -> bool {
        (0..self.ntypes).any(|t| self.passers[t] && pos.count(player, PieceType(t as u8)) > 0)
    }

    /// The variant these tables belong to.
    pub fn tables(&self) -> &Arc<Tables> {
        &self.tables
    }

    /// The piece value estimates.
    pub fn values(&self) -> &[PieceValue] {
        &self.values
    }

    /// Material value of a piece type in centipawns.
    pub fn value(&self, t: PieceType) -> i32 {
        self.values[usize::from(t.0)].value
    }

    /// The contribution of the piece on `sq` (positive for the first player).
    #[inline]
    pub fn square(&self, pos: &Position, sq: Square) -> i32 {
        match pos.piece_at(sq) {
            Some((p, t)) => {
                self.table[(p.index() * self.ntypes + usize::from(t.0)) * self.nsq + sq.index()]
            }
            None => 0,
        }
    }

    /// The material in both hands (positive for the first player); 0 without drops.
    #[inline]
    pub fn hands(&self, pos: &Position) -> i32 {
        if !self.drops {
            return 0;
        }
        let mut score = 0;
        for (t, v) in self.values.iter().enumerate() {
            let t = PieceType(t as u8);
            let first = i32::from(pos.hand_count(Player::First, t));
            let second = i32::from(pos.hand_count(Player::Second, t));
            score += v.value * (first - second);
        }
        score
    }

    /// The whole evaluation, positive when the first player stands better.
    pub fn full(&self, pos: &Position) -> i32 {
        let board: i32 = self
            .tables
            .geo
            .squares()
            .map(|sq| self.square(pos, sq))
            .sum();
        board + self.hands(pos)
    }

    /// The evaluation from the side to move's point of view.
    pub fn relative(&self, pos: &Position, first_player_score: i32) -> i32 {
        match pos.side_to_move() {
            Player::First => first_player_score,
            Player::Second => -first_player_score,
        }
    }

    /// Every square whose contents a move can change; the evaluation of the others stays.
    pub fn touched(m: MoveRef<'_>, out: &mut Vec<Square>) {
        out.clear();
        out.push(m.from);
        if m.to != m.from {
            out.push(m.to);
        }
        for &c in m.side_captures() {
            if !out.contains(&c) {
                out.push(c);
            }
        }
        if let Some((a, b)) = m.castling_partner() {
            for s in [a, b] {
                if !out.contains(&s) {
                    out.push(s);
                }
            }
        }
        if let Some(u) = m.unload_square()
            && !out.contains(&u)
        {
            out.push(u);
        }
    }
}

/// Per piece type: whether it can pass, by its moves from the centre of an empty board (a move
/// back to its square) or by the variant's passing rules.
fn passers(tables: &Arc<Tables>) -> Vec<bool> {
    let spec = &tables.spec;
    let geo = &tables.geo;
    let centre = geo.square(
        i32::from(spec.board.width) / 2,
        i32::from(spec.board.height) / 2,
    );
    let mut board = Position::empty(tables.clone());
    let mut moves = MoveList::new();
    (0..tables.piece_count())
        .map(|t| {
            let ty = PieceType(t as u8);
            let anytime = spec.rules.passing.anytime.contains(&ty);
            let Some(sq) = centre else { return anytime };
            board.put(sq, Some((Player::First, ty)));
            moves.clear();
            board.piece_moves_unchecked(sq, &mut moves);
            board.put(sq, None);
            anytime
                || moves
                    .iter()
                    .any(|m| m.from == m.to && m.side_captures().is_empty())
        })
        .collect()
}
