//! The samples of a fit: the quiet positions of the games, each taken apart into its features
//! ([`Evaluator::features`]) with the game's result.

use koma_runtime::spec::Player;
use koma_runtime::{Gen, MoveList, Position};

use super::{GameRecord, TuneError};
use crate::eval::Evaluator;

/// Positions as rows of features (material per type, then the raw terms), the first player's
/// score in each, and the game each came from.
#[derive(Debug, Default)]
pub struct Samples {
    pub width: usize,
    pub rows: Vec<f64>,
    pub results: Vec<f64>,
    pub games: Vec<usize>,
}

impl Samples {
    pub fn len(&self) -> usize {
        self.results.len()
    }

    pub fn row(&self, i: usize) -> &[f64] {
        &self.rows[i * self.width..(i + 1) * self.width]
    }
}

/// The quiet positions of `games` from ply `skip` on.
pub fn collect(eval: &Evaluator, games: &[GameRecord], skip: usize) -> Result<Samples, TuneError> {
    let mut samples = Samples::default();
    let mut moves = MoveList::new();
    for (g, game) in games.iter().enumerate() {
        let result = match game.winner {
            Some(Player::First) => 1.0,
            Some(Player::Second) => 0.0,
            None => 0.5,
        };
        let mut pos = game.start.clone();
        for (ply, m) in game.moves.iter().enumerate() {
            if ply >= skip && quiet(&mut pos, eval, &mut moves) {
                let f = eval.features(&pos);
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
    Ok(samples)
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
