//! The logistic fit: `K` first (the scale that makes the prior evaluation the best predictor),
//! then the values and weights by Newton's method on the mean log-loss, with a weak pull
//! towards the priors that keeps rare pieces finite. Standard errors are the sandwich
//! `H⁻¹ M H⁻¹`, `M` summing each game's score vector: the positions of one game share its
//! result, so they count as one piece of evidence, not as many.

use super::samples::Samples;

/// What the fit found, per parameter (the material values, then the term weights).
#[derive(Debug)]
pub struct Fitted {
    pub theta: Vec<f64>,
    pub stderr: Vec<Option<f64>>,
    pub k: f64,
    pub loss_before: f64,
    pub loss_after: f64,
}

/// The pull towards the priors, in positions' worth of evidence.
const PRIOR_POSITIONS: f64 = 1.0;
const NEWTON_STEPS: usize = 50;

/// Fits `samples`; parameters whose feature is nonzero in fewer than `min_positions` positions
/// keep their `prior`.
pub fn fit(samples: &Samples, prior: &[f64], min_positions: usize) -> Fitted {
    let n = samples.len();
    let free: Vec<usize> = (0..samples.width)
        .filter(|&j| (0..n).filter(|&i| samples.row(i)[j] != 0.0).count() >= min_positions)
        .collect();
    let k = fit_k(samples, prior);
    let loss_before = loss(samples, prior, k);
    let mut theta = prior.to_vec();
    let lambda = PRIOR_POSITIONS * 0.25 * k * k;
    let objective = |t: &[f64]| loss(samples, t, k) + penalty(t, prior, lambda, n);
    let mut current = objective(&theta);
    for _ in 0..NEWTON_STEPS {
        let (g, h) = gradient_hessian(samples, &theta, &free, k, prior, lambda);
        let Some(step) = cholesky(&h, free.len()).map(|l| solve(&l, &g, free.len())) else {
            break;
        };
        // Newton's step (of the total loss; the objective is its mean), halved until the
        // objective falls.
        let mut scale = 1.0;
        let mut accepted = None;
        while scale >= 1e-3 {
            let mut trial = theta.clone();
            for (a, &j) in free.iter().enumerate() {
                trial[j] -= scale * step[a];
            }
            let l = objective(&trial);
            if l < current {
                accepted = Some((trial, l));
                break;
            }
            scale /= 2.0;
        }
        let Some((trial, l)) = accepted else { break };
        let done = current - l < 1e-12;
        theta = trial;
        current = l;
        if done {
            break;
        }
    }
    let stderr = standard_errors(samples, &theta, &free, k, prior, lambda);
    Fitted {
        loss_after: loss(samples, &theta, k),
        theta,
        stderr,
        k,
        loss_before,
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn eval(row: &[f64], theta: &[f64]) -> f64 {
    row.iter().zip(theta).map(|(x, t)| x * t).sum()
}

/// Mean log-loss of the results under `theta` at scale `k`.
fn loss(samples: &Samples, theta: &[f64], k: f64) -> f64 {
    let n = samples.len();
    let total: f64 = (0..n)
        .map(|i| {
            let p = sigmoid(k * eval(samples.row(i), theta)).clamp(1e-12, 1.0 - 1e-12);
            let y = samples.results[i];
            -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
        })
        .sum();
    total / n.max(1) as f64
}

/// The pull towards the priors, per position (so that it adds to the mean loss).
fn penalty(theta: &[f64], prior: &[f64], lambda: f64, n: usize) -> f64 {
    let sum: f64 = theta
        .iter()
        .zip(prior)
        .map(|(t, p)| (t - p) * (t - p))
        .sum();
    0.5 * lambda * sum / n.max(1) as f64
}

/// The scale `K` under which the prior evaluation predicts the results best (Newton in one
/// dimension from the classical 400-centipawns-per-decade scale).
fn fit_k(samples: &Samples, prior: &[f64]) -> f64 {
    let evals: Vec<f64> = (0..samples.len())
        .map(|i| eval(samples.row(i), prior))
        .collect();
    let mut k = std::f64::consts::LN_10 / 400.0;
    for _ in 0..30 {
        let (mut g, mut h) = (0.0, 0.0);
        for (e, y) in evals.iter().zip(&samples.results) {
            let p = sigmoid(k * e);
            g += (p - y) * e;
            h += p * (1.0 - p) * e * e;
        }
        if h <= 0.0 {
            break;
        }
        let next = (k - g / h).clamp(k / 4.0, k * 4.0);
        if (next - k).abs() < 1e-9 {
            k = next;
            break;
        }
        k = next;
    }
    k
}

/// The gradient and Hessian of the total loss (plus the pull) over the free parameters.
fn gradient_hessian(
    samples: &Samples,
    theta: &[f64],
    free: &[usize],
    k: f64,
    prior: &[f64],
    lambda: f64,
) -> (Vec<f64>, Vec<f64>) {
    let m = free.len();
    let mut g = vec![0.0; m];
    let mut h = vec![0.0; m * m];
    for i in 0..samples.len() {
        let row = samples.row(i);
        let p = sigmoid(k * eval(row, theta));
        let r = k * (p - samples.results[i]);
        let w = k * k * p * (1.0 - p);
        for (a, &ja) in free.iter().enumerate() {
            let xa = row[ja];
            if xa == 0.0 {
                continue;
            }
            g[a] += r * xa;
            for (b, &jb) in free.iter().enumerate().take(a + 1) {
                h[a * m + b] += w * xa * row[jb];
            }
        }
    }
    for a in 0..m {
        g[a] += lambda * (theta[free[a]] - prior[free[a]]);
        h[a * m + a] += lambda;
        for b in 0..a {
            h[b * m + a] = h[a * m + b];
        }
    }
    (g, h)
}

/// Cluster-robust standard errors of the free parameters; `None` for the others.
fn standard_errors(
    samples: &Samples,
    theta: &[f64],
    free: &[usize],
    k: f64,
    prior: &[f64],
    lambda: f64,
) -> Vec<Option<f64>> {
    let m = free.len();
    let mut stderr = vec![None; theta.len()];
    let (_, h) = gradient_hessian(samples, theta, free, k, prior, lambda);
    let Some(l) = cholesky(&h, m) else {
        return stderr;
    };
    // Each game's score vector, then M = Σ s sᵀ.
    let games = samples.games.iter().max().map_or(0, |g| g + 1);
    let mut scores = vec![0.0; games * m];
    for i in 0..samples.len() {
        let row = samples.row(i);
        let r = k * (sigmoid(k * eval(row, theta)) - samples.results[i]);
        let s = &mut scores[samples.games[i] * m..(samples.games[i] + 1) * m];
        for (a, &j) in free.iter().enumerate() {
            s[a] += r * row[j];
        }
    }
    // H⁻¹ s for each game: the covariance is the sum of their outer products.
    let mut variance = vec![0.0; m];
    for s in scores.chunks(m.max(1)) {
        if s.iter().all(|&v| v == 0.0) {
            continue;
        }
        let u = solve(&l, s, m);
        for a in 0..m {
            variance[a] += u[a] * u[a];
        }
    }
    for (a, &j) in free.iter().enumerate() {
        stderr[j] = Some(variance[a].sqrt());
    }
    stderr
}

/// The lower-triangular `L` with `L Lᵀ = a` (`n` by `n`), `None` unless `a` is positive
/// definite.
fn cholesky(a: &[f64], n: usize) -> Option<Vec<f64>> {
    let mut l = vec![0.0; n * n];
    for i in 0..n {
        for j in 0..=i {
            let sum: f64 = (0..j).map(|c| l[i * n + c] * l[j * n + c]).sum();
            if i == j {
                let d = a[i * n + i] - sum;
                if d <= 0.0 || !d.is_finite() {
                    return None;
                }
                l[i * n + i] = d.sqrt();
            } else {
                l[i * n + j] = (a[i * n + j] - sum) / l[j * n + j];
            }
        }
    }
    Some(l)
}

/// Solves `L Lᵀ x = b`.
fn solve(l: &[f64], b: &[f64], n: usize) -> Vec<f64> {
    let mut y = vec![0.0; n];
    for i in 0..n {
        let sum: f64 = (0..i).map(|c| l[i * n + c] * y[c]).sum();
        y[i] = (b[i] - sum) / l[i * n + i];
    }
    let mut x = vec![0.0; n];
    for i in (0..n).rev() {
        let sum: f64 = (i + 1..n).map(|c| l[c * n + i] * x[c]).sum();
        x[i] = (y[i] - sum) / l[i * n + i];
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Results drawn from a known logistic model come back near its parameters.
    #[test]
    fn recovers_a_known_model() {
        let truth = [300.0, -120.0];
        let k = 0.01;
        let mut samples = Samples {
            width: 2,
            ..Samples::default()
        };
        // The referee's seeded generator: a fixed sample (a statistical test, not a property).
        let mut rng = crate::referee::opening::SplitMix64::new(12345);
        let mut uniform = || (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        for g in 0..4000 {
            let row = [(uniform() * 5.0).floor() - 2.0, uniform() * 4.0 - 2.0];
            let p = sigmoid(k * eval(&row, &truth));
            samples.rows.extend(row);
            samples.results.push(if uniform() < p { 1.0 } else { 0.0 });
            samples.games.push(g);
        }
        let fitted = fit(&samples, &[100.0, 0.0], 10);
        // K is fitted to the prior first, so the values come out on its scale: compare
        // K * theta with the true logits.
        for (j, t) in truth.iter().enumerate() {
            let logit = fitted.k * fitted.theta[j];
            let se = fitted.k * fitted.stderr[j].expect("free");
            assert!(
                (logit - k * t).abs() < 4.0 * se,
                "{j}: {logit} vs {}",
                k * t
            );
            assert!(se < 0.1 * (k * t).abs(), "{j}: stderr {se}");
        }
        assert!(fitted.loss_after < fitted.loss_before);
    }
}
