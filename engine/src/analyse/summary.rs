//! The figures of a report, from game records alone: the first player's score with its 95 %
//! interval, game ends by reason, the length distribution, the material curve, what each piece
//! type did, the most played first moves, and Ludii's game metrics under Ludii's names
//! (docs/analyse.md defines each and cites Ludii's source). Records are taken in game order,
//! so the same games give the same figures, to the last bit, however they were played.

use std::collections::BTreeMap;
use std::sync::Arc;

use koma_runtime::spec::Player;
use koma_runtime::{Position, Tables};
use serde::{Deserialize, Serialize};

use super::record::{GameRecord, PieceTally};
use crate::referee::stats::Tally;
use crate::tune;

/// The game end that Ludii calls a timeout: the run's ply limit.
pub const TIMEOUT_REASON: &str = "ply limit";
/// Bins of the length histogram, at most.
const MAX_BINS: usize = 25;
/// The most played first moves listed.
const FIRST_MOVES: usize = 20;

/// A piece type as the report names it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PieceInfo {
    pub id: String,
    pub name: String,
    /// The engine's value in centipawns (what the material figures count).
    pub value: i32,
}

/// What a report needs to know of a variant besides its games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VariantInfo {
    pub name: String,
    pub pieces: Vec<PieceInfo>,
}

impl VariantInfo {
    pub fn new(tables: &Arc<Tables>, values: &[i32]) -> VariantInfo {
        VariantInfo {
            name: tables.spec().name.clone(),
            pieces: tables
                .spec()
                .pieces
                .iter()
                .zip(values)
                .map(|(p, &value)| PieceInfo {
                    id: p.id.clone(),
                    name: p.name.clone(),
                    value,
                })
                .collect(),
        }
    }
}

/// Every figure of one variant.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    pub variant: String,
    pub games: usize,
    pub first_player: FirstPlayer,
    pub endings: Vec<EndingCount>,
    pub length: Length,
    pub material: Vec<MaterialPoint>,
    pub pieces: Vec<PieceRow>,
    pub first_moves: Vec<FirstMove>,
    pub ludii: Ludii,
    /// Piece values fitted to the games' results: filled by the fitter of `koma tune` from
    /// the checkpoint's game records; `null` until it is wired in.
    pub piece_values: Option<Vec<FittedValue>>,
}

/// A piece value learned from the games' results (`koma tune`'s fit), in centipawns.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FittedValue {
    pub id: String,
    pub value: f64,
    /// The standard error; `null` when the games did not show the piece often enough to learn
    /// its value, which then stays the engine's estimate.
    pub stderr: Option<f64>,
}

/// The piece values `records` teach, fitted as `koma tune` fits them; `None` when the games
/// hold too few positions for a fit. Games that do not replay on `tables` are left out (a
/// checkpoint koma wrote always replays: its header holds the very tables).
pub fn learned_values(tables: &Arc<Tables>, records: &[GameRecord]) -> Option<Vec<FittedValue>> {
    // In game order, so that the fit's sums are the same whatever order the games ended in.
    let mut ordered: Vec<&GameRecord> = records.iter().collect();
    ordered.sort_by_key(|r| r.index);
    let games: Vec<tune::GameRecord> = ordered.iter().filter_map(|r| replay(tables, r)).collect();
    let options = tune::FitOptions {
        skip_plies: records.iter().map(|r| r.opening_plies).max().unwrap_or(0),
        ..tune::FitOptions::default()
    };
    let values = tune::learn_values(tables, &games, &options).ok()?;
    Some(
        values
            .into_iter()
            .filter(|v| !v.royal)
            .map(|v| FittedValue {
                id: v.id,
                value: v.value,
                stderr: v.stderr,
            })
            .collect(),
    )
}

/// A game record as the tuner reads it: its moves replayed from their text.
pub(crate) fn replay(tables: &Arc<Tables>, record: &GameRecord) -> Option<tune::GameRecord> {
    let start = Position::from_text(tables.clone(), &record.start).ok()?;
    let mut pos = start.clone();
    let mut moves = Vec::with_capacity(record.moves.len());
    for text in &record.moves {
        let m = pos.parse_move(text).ok()?;
        pos.make(&m);
        moves.push(m);
    }
    let winner = match record.result.as_str() {
        "1-0" => Some(Player::First),
        "0-1" => Some(Player::Second),
        _ => None,
    };
    Some(tune::GameRecord {
        start,
        moves,
        winner,
    })
}

/// The first player's results.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct FirstPlayer {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    /// Mean points a game (a draw is half a point).
    pub score: f64,
    /// The 95 % interval of `score`, clamped to 0..1.
    pub low: f64,
    pub high: f64,
}

/// Games that ended for one reason.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EndingCount {
    pub reason: String,
    pub first_wins: u32,
    pub second_wins: u32,
    pub draws: u32,
}

/// The distribution of game length in plies.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Length {
    pub mean: f64,
    pub median: usize,
    pub min: usize,
    pub max: usize,
    /// `histogram[i]` counts games of `i * bin .. (i + 1) * bin` plies.
    pub bin: usize,
    pub histogram: Vec<u32>,
}

/// The first player's material lead at one ply, over the games still running then.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MaterialPoint {
    pub ply: usize,
    pub games: usize,
    pub mean: f64,
    /// The quartiles.
    pub q1: i32,
    pub q3: i32,
}

/// What one piece type did, summed over the games.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PieceRow {
    pub id: String,
    pub name: String,
    pub value: i32,
    #[serde(flatten)]
    pub tally: PieceTally,
}

/// A first move of the game (the first random ply unless the opening is empty) and how the
/// games that began with it went.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FirstMove {
    #[serde(rename = "move")]
    pub text: String,
    pub games: u32,
    /// The first player's mean points in those games.
    pub score: f64,
}

/// Ludii's metrics (`Evaluation/src/metrics/single/` of Ludii), under its class names.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "PascalCase")]
pub struct Ludii {
    /// Share of games the first player won.
    #[serde(rename = "AdvantageP1")]
    pub advantage_p1: f64,
    /// 1 minus the gap between the two players' win rates.
    pub balance: f64,
    /// Share of games with a winner.
    pub completion: f64,
    /// Share of games drawn, timeouts excepted.
    pub drawishness: f64,
    /// Share of games stopped by the ply limit.
    pub timeouts: f64,
    /// Mean plies a game.
    pub duration_moves: f64,
    /// Mean, over games, of changes of the leader (by material) per move.
    pub lead_change: f64,
    /// Mean, over decided games, of the loser's largest material lead (centipawns).
    pub decisiveness_threshold: Option<f64>,
    /// Mean, over decided games, of the share of moves played before the winner's lead first
    /// passes that game's threshold.
    pub decisiveness_moves: Option<f64>,
}

/// The figures of `records`, all games of `info`, in any order.
pub fn summarise(info: &VariantInfo, records: &[GameRecord]) -> Summary {
    let mut records: Vec<&GameRecord> = records.iter().collect();
    records.sort_by_key(|r| r.index);
    Summary {
        variant: info.name.clone(),
        games: records.len(),
        first_player: first_player(&records),
        endings: endings(&records),
        length: length(&records),
        material: material(&records),
        pieces: pieces(info, &records),
        first_moves: first_moves(&records),
        ludii: ludii(&records),
        piece_values: None,
    }
}

fn first_player(records: &[&GameRecord]) -> FirstPlayer {
    let mut t = Tally::default();
    for r in records {
        match r.winner() {
            Some(Player::First) => t.wins += 1,
            Some(Player::Second) => t.losses += 1,
            None => t.draws += 1,
        }
    }
    let (low, high) = t.score_interval().unwrap_or((0.0, 1.0));
    FirstPlayer {
        wins: t.wins,
        losses: t.losses,
        draws: t.draws,
        score: t.score().unwrap_or(0.0),
        low: low.max(0.0),
        high: high.min(1.0),
    }
}

fn endings(records: &[&GameRecord]) -> Vec<EndingCount> {
    let mut by_reason: BTreeMap<&str, EndingCount> = BTreeMap::new();
    for r in records {
        let e = by_reason.entry(&r.reason).or_insert_with(|| EndingCount {
            reason: r.reason.clone(),
            first_wins: 0,
            second_wins: 0,
            draws: 0,
        });
        match r.winner() {
            Some(Player::First) => e.first_wins += 1,
            Some(Player::Second) => e.second_wins += 1,
            None => e.draws += 1,
        }
    }
    let mut out: Vec<EndingCount> = by_reason.into_values().collect();
    out.sort_by_key(|e| std::cmp::Reverse(e.first_wins + e.second_wins + e.draws));
    out
}

fn length(records: &[&GameRecord]) -> Length {
    let mut plies: Vec<usize> = records.iter().map(|r| r.plies()).collect();
    plies.sort_unstable();
    let max = plies.last().copied().unwrap_or(0);
    let bin = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000]
        .into_iter()
        .find(|b| max / b < MAX_BINS)
        .unwrap_or(max / MAX_BINS + 1);
    let mut histogram = vec![0u32; max / bin + 1];
    for &p in &plies {
        histogram[p / bin] += 1;
    }
    Length {
        mean: mean(plies.iter().map(|&p| p as f64)),
        median: plies.get(plies.len() / 2).copied().unwrap_or(0),
        min: plies.first().copied().unwrap_or(0),
        max,
        bin,
        histogram,
    }
}

fn mean(xs: impl Iterator<Item = f64>) -> f64 {
    let (sum, n) = xs.fold((0.0, 0usize), |(s, n), x| (s + x, n + 1));
    if n == 0 { 0.0 } else { sum / n as f64 }
}

fn material(records: &[&GameRecord]) -> Vec<MaterialPoint> {
    let longest = records.iter().map(|r| r.material.len()).max().unwrap_or(0);
    (0..longest)
        .map(|ply| {
            let mut at: Vec<i32> = records
                .iter()
                .filter_map(|r| r.material.get(ply).copied())
                .collect();
            at.sort_unstable();
            let quartile = |q: usize| at[(at.len() - 1) * q / 4];
            MaterialPoint {
                ply,
                games: at.len(),
                mean: mean(at.iter().map(|&m| f64::from(m))),
                q1: quartile(1),
                q3: quartile(3),
            }
        })
        .collect()
}

fn pieces(info: &VariantInfo, records: &[&GameRecord]) -> Vec<PieceRow> {
    info.pieces
        .iter()
        .enumerate()
        .map(|(t, p)| {
            let mut tally = PieceTally::default();
            for r in records {
                if let Some(x) = r.pieces.get(t) {
                    tally.add(x);
                }
            }
            PieceRow {
                id: p.id.clone(),
                name: p.name.clone(),
                value: p.value,
                tally,
            }
        })
        .collect()
}

fn first_moves(records: &[&GameRecord]) -> Vec<FirstMove> {
    let mut by_move: BTreeMap<&str, (u32, f64)> = BTreeMap::new();
    for r in records {
        if let Some(m) = r.moves.first() {
            let e = by_move.entry(m).or_default();
            e.0 += 1;
            e.1 += r.first_player_points();
        }
    }
    let mut out: Vec<FirstMove> = by_move
        .into_iter()
        .map(|(m, (games, points))| FirstMove {
            text: m.to_string(),
            games,
            score: points / f64::from(games),
        })
        .collect();
    out.sort_by_key(|f| std::cmp::Reverse(f.games));
    out.truncate(FIRST_MOVES);
    out
}

fn ludii(records: &[&GameRecord]) -> Ludii {
    let n = records.len().max(1) as f64;
    let count = |f: &dyn Fn(&GameRecord) -> bool| records.iter().filter(|r| f(r)).count() as f64;
    let first = count(&|r| r.winner() == Some(Player::First));
    let second = count(&|r| r.winner() == Some(Player::Second));
    let timeouts = count(&|r| r.reason == TIMEOUT_REASON);
    let decided: Vec<(f64, f64)> = records.iter().filter_map(|r| decisiveness(r)).collect();
    Ludii {
        advantage_p1: first / n,
        balance: 1.0 - (first - second).abs() / n,
        completion: (first + second) / n,
        drawishness: (n - first - second - timeouts).max(0.0) / n,
        timeouts: timeouts / n,
        duration_moves: mean(records.iter().map(|r| r.plies() as f64)),
        lead_change: mean(records.iter().map(|r| lead_changes(r))),
        decisiveness_threshold: (!decided.is_empty()).then(|| mean(decided.iter().map(|d| d.0))),
        decisiveness_moves: (!decided.is_empty()).then(|| mean(decided.iter().map(|d| d.1))),
    }
}

/// The material leads after the random opening (the engine's part of the game).
fn played_part(r: &GameRecord) -> &[i32] {
    &r.material[r.opening_plies.min(r.material.len())..]
}

/// Changes of the leader (first player ahead, second ahead, or level) between consecutive
/// positions, per move.
fn lead_changes(r: &GameRecord) -> f64 {
    let leads = played_part(r);
    if leads.len() < 2 {
        return 0.0;
    }
    let changes = leads
        .windows(2)
        .filter(|w| w[0].signum() != w[1].signum())
        .count();
    changes as f64 / (leads.len() - 1) as f64
}

/// A decided game's threshold (the loser's largest lead) and the share of moves before the
/// winner's lead first exceeded it; `None` for a draw.
fn decisiveness(r: &GameRecord) -> Option<(f64, f64)> {
    let sign = match r.winner()? {
        Player::First => 1,
        Player::Second => -1,
    };
    let leads = played_part(r);
    let threshold = leads.iter().map(|&m| -sign * m).max()?;
    let moves = leads.len().saturating_sub(1).max(1);
    let before = leads
        .iter()
        .position(|&m| sign * m > threshold)
        .unwrap_or(moves);
    Some((
        f64::from(threshold),
        before.min(moves) as f64 / moves as f64,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(index: u64, result: &str, reason: &str, material: &[i32]) -> GameRecord {
        GameRecord {
            variant: 0,
            index,
            start: "startpos".into(),
            moves: (1..material.len()).map(|i| format!("m{}", i % 2)).collect(),
            opening_plies: 0,
            result: result.into(),
            reason: reason.into(),
            material: material.to_vec(),
            pieces: vec![PieceTally {
                moves: 1,
                ..PieceTally::default()
            }],
        }
    }

    fn info() -> VariantInfo {
        VariantInfo {
            name: "Test".into(),
            pieces: vec![PieceInfo {
                id: "P".into(),
                name: "Pawn".into(),
                value: 100,
            }],
        }
    }

    #[test]
    fn ludii_metrics_of_known_games() {
        let games = [
            game(0, "1-0", "checkmate", &[0, 100, 100, 300]),
            game(1, "0-1", "checkmate", &[0, 200, -100, -500]),
            game(2, "1/2-1/2", "stalemate", &[0, 0, 0]),
            game(3, "1/2-1/2", TIMEOUT_REASON, &[0, 100]),
        ];
        let s = summarise(&info(), &games);
        let l = &s.ludii;
        assert_eq!(l.advantage_p1, 0.25);
        assert_eq!(l.balance, 1.0);
        assert_eq!(l.completion, 0.5);
        assert_eq!(l.drawishness, 0.25);
        assert_eq!(l.timeouts, 0.25);
        assert_eq!(l.duration_moves, 9.0 / 4.0);
        // Leaders 0,+,+,+: 1 change in 3 moves; 0,+,-,-: 2 in 3; none; 0,+: 1 in 1.
        assert!((l.lead_change - (1.0 / 3.0 + 2.0 / 3.0 + 0.0 + 1.0) / 4.0).abs() < 1e-12);
        // Game 0: the loser never led (threshold 0), the winner passed 0 after 1 of 3 moves;
        // game 1: the loser led by 200, the winner passed 200 after 3 of 3 moves.
        assert_eq!(l.decisiveness_threshold, Some(100.0));
        assert_eq!(l.decisiveness_moves, Some((1.0 / 3.0 + 1.0) / 2.0));
        assert_eq!(s.first_player.wins + s.first_player.losses, 2);
        assert_eq!(s.endings[0].reason, "checkmate");
        assert_eq!(s.endings[0].first_wins + s.endings[0].second_wins, 2);
        assert_eq!(s.pieces[0].tally.moves, 4);
        assert_eq!(s.length.histogram.iter().sum::<u32>(), 4);
        assert_eq!(s.material[1].games, 4);
        assert_eq!(s.material[3].mean, -100.0);
    }

    #[test]
    fn figures_do_not_depend_on_the_order_of_the_records() {
        let mut games = vec![
            game(0, "1-0", "checkmate", &[0, 100, 100, 300]),
            game(1, "0-1", "royals lost", &[0, 200, -100, -500]),
            game(2, "1/2-1/2", "repetition", &[0, 5, 0]),
        ];
        let a = summarise(&info(), &games);
        games.reverse();
        assert_eq!(a, summarise(&info(), &games));
    }
}
