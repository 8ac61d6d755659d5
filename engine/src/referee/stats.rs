//! Match statistics as pure functions: score, Elo difference with a 95 % interval, and the
//! sequential probability ratio test (SPRT) for "is B better than A". Elo is logistic
//! (`score = 1 / (1 + 10^(-elo/400))`); the interval and the SPRT's log-likelihood ratio use
//! the normal approximation of the per-game score (the generalised SPRT of fishtest and
//! cutechess).

use std::fmt;

/// Wins, losses and draws of one side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
}

/// z for a two-sided 95 % interval.
const Z95: f64 = 1.959_963_985;

impl Tally {
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// Points: a win 1, a draw 1/2.
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.draws) / 2.0
    }

    /// The mean score per game, or `None` before the first game.
    pub fn score(&self) -> Option<f64> {
        (self.games() > 0).then(|| self.points() / f64::from(self.games()))
    }

    /// The variance of one game's score around the mean.
    fn variance(&self) -> Option<f64> {
        let mu = self.score()?;
        let n = f64::from(self.games());
        let sq = |x: f64| x * x;
        Some(
            (f64::from(self.wins) * sq(1.0 - mu)
                + f64::from(self.draws) * sq(0.5 - mu)
                + f64::from(self.losses) * sq(mu))
                / n,
        )
    }

    /// The 95 % interval of the mean score (normal approximation; it can pass 0 or 1).
    pub fn score_interval(&self) -> Option<(f64, f64)> {
        let mu = self.score()?;
        let margin = Z95 * (self.variance()? / f64::from(self.games())).sqrt();
        Some((mu - margin, mu + margin))
    }

    /// The Elo difference the score shows, with its 95 % interval (infinite at a score of 0
    /// or 1).
    pub fn elo(&self) -> Option<EloEstimate> {
        let (low, high) = self.score_interval()?;
        Some(EloEstimate {
            elo: elo_of_score(self.score()?),
            low: elo_of_score(low),
            high: elo_of_score(high),
        })
    }
}

/// An Elo difference and its 95 % interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    pub elo: f64,
    pub low: f64,
    pub high: f64,
}

impl EloEstimate {
    /// Half the interval's width: the `±` of the usual notation.
    pub fn error(&self) -> f64 {
        (self.high - self.low) / 2.0
    }
}

/// The Elo difference that gives the mean score `s` (±infinity at 1 and 0).
pub fn elo_of_score(s: f64) -> f64 {
    if s <= 0.0 {
        f64::NEG_INFINITY
    } else if s >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / s - 1.0).log10()
    }
}

/// The mean score an Elo difference predicts.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// An SPRT: H0 "B is `elo0` better than A" against H1 "B is `elo1` better", with error rates
/// `alpha` (accepting H1 when H0 holds) and `beta` (accepting H0 when H1 holds).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// What an SPRT says so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Neither bound is reached: play on.
    Continue,
    /// The lower bound is reached: B is not `elo1` better.
    AcceptH0,
    /// The upper bound is reached: B is at least `elo0` better.
    AcceptH1,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::Continue => "continue",
            Verdict::AcceptH0 => "H0 accepted",
            Verdict::AcceptH1 => "H1 accepted",
        })
    }
}

impl Sprt {
    /// Reads `elo0,elo1,alpha,beta` (`0,10,0.05,0.05`).
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let parts: Vec<f64> = text
            .split(',')
            .map(|p| p.trim().parse::<f64>())
            .collect::<Result<_, _>>()
            .map_err(|_| format!("`{text}`: expected four numbers elo0,elo1,alpha,beta"))?;
        let [elo0, elo1, alpha, beta] = parts[..] else {
            return Err(format!(
                "`{text}`: expected four numbers elo0,elo1,alpha,beta"
            ));
        };
        if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1) {
            return Err(format!("`{text}`: elo0 must be below elo1"));
        }
        if !(alpha > 0.0 && alpha < 0.5 && beta > 0.0 && beta < 0.5) {
            return Err(format!(
                "`{text}`: alpha and beta must lie between 0 and 0.5"
            ));
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The bounds of the log-likelihood ratio: (accept H0 at or below, accept H1 at or above).
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 given B's results (0 while every game
    /// scored the same, when the variance gives no scale yet).
    pub fn llr(&self, b: &Tally) -> f64 {
        let (Some(mu), Some(var)) = (b.score(), b.variance()) else {
            return 0.0;
        };
        if var <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (score_of_elo(self.elo0), score_of_elo(self.elo1));
        f64::from(b.games()) * (s1 - s0) * (2.0 * mu - s0 - s1) / (2.0 * var)
    }

    pub fn verdict(&self, b: &Tally) -> Verdict {
        let llr = self.llr(b);
        let (low, high) = self.bounds();
        if llr >= high {
            Verdict::AcceptH1
        } else if llr <= low {
            Verdict::AcceptH0
        } else {
            Verdict::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() < eps
    }

    #[test]
    fn elo_and_score_are_inverse() {
        assert!(close(elo_of_score(0.5), 0.0, 1e-9));
        assert!(close(elo_of_score(0.75), 190.848, 1e-3));
        assert!(close(score_of_elo(elo_of_score(0.31)), 0.31, 1e-12));
        assert_eq!(elo_of_score(1.0), f64::INFINITY);
        assert_eq!(elo_of_score(0.0), f64::NEG_INFINITY);
    }

    #[test]
    fn interval_of_a_known_tally() {
        // 60 wins, 20 losses, 20 draws: score 0.7, variance 0.16, standard error 0.04.
        let t = Tally {
            wins: 60,
            losses: 20,
            draws: 20,
        };
        assert_eq!(t.points(), 70.0);
        let e = t.elo().expect("games");
        assert!(close(e.elo, elo_of_score(0.7), 1e-9));
        assert!(close(e.low, elo_of_score(0.7 - Z95 * 0.04), 1e-9));
        assert!(close(e.high, elo_of_score(0.7 + Z95 * 0.04), 1e-9));
        assert!(e.low < e.elo && e.elo < e.high);
        assert!(Tally::default().elo().is_none());
    }

    #[test]
    fn all_wins_have_an_infinite_estimate() {
        let t = Tally {
            wins: 3,
            ..Tally::default()
        };
        let e = t.elo().expect("games");
        assert_eq!((e.elo, e.high), (f64::INFINITY, f64::INFINITY));
    }

    #[test]
    fn sprt_bounds_and_llr() {
        let s = Sprt::parse("0,10,0.05,0.05").expect("sprt");
        let (low, high) = s.bounds();
        assert!(close(low, -2.944_438_979, 1e-6) && close(high, 2.944_438_979, 1e-6));
        // An even score lies nearer H0 (0 Elo) than H1: a negative ratio.
        let even = Tally {
            wins: 100,
            losses: 100,
            draws: 100,
        };
        assert!(s.llr(&even) < 0.0);
        // The ratio grows with the sample at a fixed score.
        let strong = |k: u32| Tally {
            wins: 60 * k,
            losses: 40 * k,
            draws: 0,
        };
        assert!(s.llr(&strong(2)) > s.llr(&strong(1)));
        assert_eq!(s.verdict(&strong(1)), Verdict::Continue);
        assert_eq!(s.verdict(&strong(20)), Verdict::AcceptH1);
        let weak = Tally {
            wins: 400,
            losses: 600,
            draws: 0,
        };
        assert_eq!(s.verdict(&weak), Verdict::AcceptH0);
        // By hand: n (s1 - s0) (2 mu - s0 - s1) / (2 var), mu = 0.6, var = 0.24.
        let (s0, s1) = (0.5, score_of_elo(10.0));
        let expected = 100.0 * (s1 - s0) * (1.2 - s0 - s1) / 0.48;
        assert!(close(s.llr(&strong(1)), expected, 1e-9));
    }

    #[test]
    fn bad_sprt_parameters_are_refused() {
        assert!(Sprt::parse("10,0,0.05,0.05").is_err());
        assert!(Sprt::parse("0,10,0.05").is_err());
        assert!(Sprt::parse("0,10,0.6,0.05").is_err());
        assert!(Sprt::parse("0,x,0.05,0.05").is_err());
    }
}
