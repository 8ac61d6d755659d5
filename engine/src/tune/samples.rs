//! The samples of a fit: the quiet positions of the games, each taken apart into its features
//! ([`Evaluator::features`]) with the game's result.
//!
//! The square terms are centred on where each piece type stood in the games: a Pawn's
//! advance and promotion terms, say, count from the Pawns' average square. Without that, a
//! term that every piece of a type carries (a Pawn always has some advance) is a second
//! copy of its material, and the fit can trade the two against each other at will; centred,
//! a type's material value is its worth where it usually stands, and the terms say only
//! what a better or worse square adds.

use koma_runtime::spec::Player;
use koma_runtime::{Gen, MoveList, Position};

use super::{GameRecord, TuneError};
use crate::eval::{Evaluator, SQUARE_TERMS};

/// Positions as rows of features (material per type, then the raw terms centred), the first
/// player's score in each, and the game each came from.
#[derive(Debug, Default)]
pub struct Samples {
    pub width: usize,
    pub rows: Vec<f64>,
    pub results: Vec<f64>,
    pub games: Vec<usize>,
    /// Per piece type: the mean square terms of its pieces over the samples (what the rows'
    /// terms are centred on).
    pub placement: Vec<[f64; SQUARE_TERMS]>,
}

impl Samples {
    pub fn len(&self) -> usize {
        self.results.len()
    }

    pub fn row(&self, i: usize) -> &[f64] {
        &self.rows[i * self.width..(i + 1) * self.width]
    }
}

/// The quiet positions of `games` from ply `skip` on, while the material on the board and in
/// hand (royals aside) is at least `min_material` of the start's.
pub fn collect(
    eval: &Evaluator,
    games: &[GameRecord],
    skip: usize,
    min_material: f64,
) -> Result<Samples, TuneError> {
    let mut samples = Samples::default();
    let ntypes = eval.values().len();
    let mut pieces = vec![0.0; ntypes];
    let mut placed = vec![[0.0; SQUARE_TERMS]; ntypes];
    let mut moves = MoveList::new();
    for (g, game) in games.iter().enumerate() {
        let result = match game.winner {
            Some(Player::First) => 1.0,
            Some(Player::Second) => 0.0,
            None => 0.5,
        };
        let mut pos = game.start.clone();
        let start = material(eval, &eval.features(&pos).pieces);
        for (ply, m) in game.moves.iter().enumerate() {
            if ply >= skip && quiet(&mut pos, eval, &mut moves) {
                let f = eval.features(&pos);
                if material(eval, &f.pieces) < min_material * start {
                    break;
                }
                for t in 0..ntypes {
                    pieces[t] += f64::from(f.pieces[t]);
                    for (sum, p) in placed[t].iter_mut().zip(f.placed[t]) {
                        *sum += p;
                    }
                }
                samples.width = f.material.len() + f.terms.len();
                samples
                    .rows
                    .extend(f.material.iter().map(|&n| f64::from(n)).chain(f.terms));
                samples.results.push(result);
                samples.games.push(g);
            }
            if !pos.moves().contains(m) {
                return Err(TuneError::IllegalMove {
                    game: g + 1,
                    ply: ply + 1,
                });
            }
            pos.make(m);
        }
    }
    samples.placement = placed
        .iter()
        .zip(&pieces)
        .map(|(sums, &n)| sums.map(|s| if n > 0.0 { s / n } else { 0.0 }))
        .collect();
    centre(&mut samples, ntypes);
    Ok(samples)
}

/// The worth of `pieces` (per type, both players), royals aside.
fn material(eval: &Evaluator, pieces: &[u32]) -> f64 {
    eval.values()
        .iter()
        .zip(pieces)
        .filter(|(v, _)| !v.royal)
        .map(|(v, &n)| f64::from(v.value) * f64::from(n))
        .sum()
}

/// Subtracts from each row's square terms what its material would carry at the types'
/// average squares.
fn centre(samples: &mut Samples, ntypes: usize) {
    let width = samples.width;
    for row in samples.rows.chunks_mut(width.max(1)) {
        let (material, terms) = row.split_at_mut(ntypes);
        for (m, mean) in material.iter().zip(&samples.placement) {
            for (term, avg) in terms.iter_mut().zip(mean) {
                *term -= m * avg;
            }
        }
    }
}

/// No side is in check and the side to move has no capture that plainly wins material (a
/// piece taken that is undefended or worth more than the taker): the evaluation of such a
/// position stands for what it is worth.
fn quiet(pos: &mut Position, eval: &Evaluator, moves: &mut MoveList) -> bool {
    if pos.in_check() {
        return false;
    }
    let me = pos.side_to_move();
    moves.clear();
    pos.legal_moves_of(moves, Gen::Captures);
    !moves.iter().any(|m| {
        let taken: i32 = std::iter::once(m.to)
            .filter(|&sq| sq != m.from && m.castling_partner().is_none())
            .chain(m.side_captures().iter().copied().filter(|&sq| sq != m.to))
            .filter_map(|sq| pos.piece_at(sq))
            .filter(|&(p, _)| p != me)
            .map(|(_, t)| eval.value(t))
            .sum();
        let taker = pos.piece_at(m.from).map_or(0, |(_, t)| eval.value(t));
        let risk = if pos.is_attacked(m.to, me.opponent()) {
            taker
        } else {
            0
        };
        taken > risk
    })
}
