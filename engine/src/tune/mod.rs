//! `koma tune`: logistic (Texel-style) tuning of piece values and evaluation weights from the
//! results of games. Games come from [`self_play`] (the engine against itself at a small fixed
//! node count) or from anyone else ([`GameRecord`]: a start position, moves and a result).
//! Each quiet position of a game is a sample whose outcome is the game's result; the fit finds
//! the values and weights under which the evaluation best predicts those results
//! (`P(first player wins) = 1 / (1 + e^(-K * eval))`, first `K` for the current evaluation,
//! then the values and weights by Newton's method), with standard errors that treat the
//! positions of one game as one cluster.
//!
//! ```no_run
//! # use std::sync::Arc;
//! # fn demo(tables: Arc<koma_runtime::Tables>) -> Result<(), koma_engine::tune::TuneError> {
//! use koma_engine::tune::{FitOptions, SelfPlay, learn_values, self_play};
//! let games = self_play(&tables, &SelfPlay::default(), &|_| {})?;
//! for v in learn_values(&tables, &games, &FitOptions::default())? {
//!     println!("{} {:.0} ± {:?}", v.id, v.value, v.stderr);
//! }
//! # Ok(())
//! # }
//! ```

mod fit;
mod samples;
mod selfplay;

use std::fmt;
use std::sync::Arc;

use koma_runtime::spec::Player;
use koma_runtime::{FullMove, Position, Tables};

use crate::eval::{Evaluator, TERMS, Term, Weights};

pub use selfplay::{SelfPlay, self_play};

/// A finished game: where it started, the moves played and who won.
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub start: Position,
    pub moves: Vec<FullMove>,
    /// `None` for a draw.
    pub winner: Option<Player>,
}

/// How the fit samples and regularises.
#[derive(Clone, Debug)]
pub struct FitOptions {
    /// Positions before this ply of a game are left out (the opening's random moves).
    pub skip_plies: usize,
    /// Positions where the material left (royals aside, both players) is below this share
    /// of the start's are left out.
    pub min_material: f64,
    /// A value or weight whose feature is nonzero in fewer positions keeps its prior.
    pub min_positions: usize,
    /// The weights the evaluation starts from (their terms' priors): the game's unless
    /// given.
    pub weights: Option<Weights>,
}

impl Default for FitOptions {
    fn default() -> FitOptions {
        FitOptions {
            skip_plies: 8,
            min_material: 0.25,
            min_positions: 50,
            weights: None,
        }
    }
}

/// A piece value the fit learned.
#[derive(Clone, Debug, PartialEq)]
pub struct LearnedValue {
    pub id: String,
    pub name: String,
    /// Its worth in centipawns on the evaluation's scale, where its pieces stood in the
    /// games: the material value plus the square terms at the type's average square.
    pub value: f64,
    /// Standard error of `value`; `None` when the data could not tell it (too few positions
    /// where the piece was up or down) and `value` is the prior.
    pub stderr: Option<f64>,
    /// The worth the engine gave it before, on the same footing (its estimate or the file's
    /// `value N`, plus the square terms at the average square).
    pub prior: i32,
    /// The `value N` that gives it `value` under the evaluation's weights (the material
    /// part, without the square terms at its average square).
    pub material: f64,
    pub royal: bool,
}

/// An evaluation weight the fit learned.
#[derive(Clone, Debug, PartialEq)]
pub struct LearnedWeight {
    pub term: Term,
    pub weight: f64,
    /// As [`LearnedValue::stderr`].
    pub stderr: Option<f64>,
    pub prior: i32,
}

/// Everything a fit found.
#[derive(Clone, Debug)]
pub struct Tuning {
    pub values: Vec<LearnedValue>,
    pub weights: Vec<LearnedWeight>,
    /// The scale of the logistic curve, per centipawn.
    pub k: f64,
    pub games: usize,
    pub positions: usize,
    /// The share of the start's material below which positions were left out.
    pub min_material: f64,
    /// Mean log-loss of the results under the prior evaluation and the learned one.
    pub loss_before: f64,
    pub loss_after: f64,
}

/// Why a tuning could not be done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TuneError {
    /// The variant has no start position for self-play.
    NoStartPosition,
    /// Too few quiet positions with a decided outcome to fit anything.
    TooFewPositions { positions: usize, needed: usize },
    /// A game's move is not legal in its position.
    IllegalMove { game: usize, ply: usize },
}

impl fmt::Display for TuneError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TuneError::NoStartPosition => {
                f.write_str("the variant has no start position to play games from")
            }
            TuneError::TooFewPositions { positions, needed } => write!(
                f,
                "the games gave {positions} quiet positions; the fit needs at least {needed} \
                 (play more games)"
            ),
            TuneError::IllegalMove { game, ply } => {
                write!(f, "game {game}: the move at ply {ply} is not legal")
            }
        }
    }
}

impl std::error::Error for TuneError {}

/// Learns the piece values (and the evaluation weights) of a variant from `games`; see
/// [`tune`] for everything the fit found. This is the entry point for callers that bring
/// their own games (`koma analyse`).
pub fn learn_values(
    tables: &Arc<Tables>,
    games: &[GameRecord],
    options: &FitOptions,
) -> Result<Vec<LearnedValue>, TuneError> {
    Ok(tune(tables, games, options)?.values)
}

/// Fits the piece values and evaluation weights of a variant to the results of `games`.
pub fn tune(
    tables: &Arc<Tables>,
    games: &[GameRecord],
    options: &FitOptions,
) -> Result<Tuning, TuneError> {
    let weights = options.weights.unwrap_or_else(|| Weights::of_game(tables));
    let eval = Evaluator::with_weights(tables, weights);
    let samples = samples::collect(&eval, games, options.skip_plies, options.min_material)?;
    let needed = options.min_positions.max(1);
    if samples.len() < needed {
        return Err(TuneError::TooFewPositions {
            positions: samples.len(),
            needed,
        });
    }
    let values = eval.values();
    // What the square terms add to a piece at its type's average square.
    let on_squares = |t: usize| -> f64 {
        TERMS
            .iter()
            .zip(samples.placement[t])
            .map(|(&term, mean)| f64::from(weights.get(term)) * mean)
            .sum()
    };
    let prior: Vec<f64> = values
        .iter()
        .enumerate()
        .map(|(t, v)| f64::from(v.value) + on_squares(t))
        .chain(TERMS.iter().map(|&t| f64::from(weights.get(t))))
        .collect();
    let fitted = fit::fit(&samples, &prior, options.min_positions);
    let learned = |i: usize| (fitted.theta[i], fitted.stderr[i]);
    Ok(Tuning {
        values: values
            .iter()
            .enumerate()
            .map(|(i, v)| LearnedValue {
                id: v.id.clone(),
                name: v.name.clone(),
                value: learned(i).0,
                stderr: learned(i).1,
                prior: prior[i].round() as i32,
                material: learned(i).0 - on_squares(i),
                royal: v.royal,
            })
            .collect(),
        weights: TERMS
            .iter()
            .enumerate()
            .map(|(k, &term)| LearnedWeight {
                term,
                weight: learned(values.len() + k).0,
                stderr: learned(values.len() + k).1,
                prior: weights.get(term),
            })
            .collect(),
        k: fitted.k,
        games: games.len(),
        positions: samples.len(),
        min_material: options.min_material,
        loss_before: fitted.loss_before,
        loss_after: fitted.loss_after,
    })
}
