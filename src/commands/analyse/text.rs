//! The terminal summary of `koma analyse`: one column per variant (side by side when there are
//! several), then each variant's pieces and first moves.

use koma_engine::analyse::Summary;

use super::Report;

/// The summary's lines.
pub fn summary(report: &Report) -> Vec<String> {
    let s = &report.settings;
    let limit = s.limit();
    let mut out = vec![format!(
        "koma analyse: {} games a variant, {limit}, {} random plies, seed {}, ply limit {}",
        s.games, s.random_plies, s.seed, s.max_plies
    )];
    out.extend(table(&report.variants));
    for v in &report.variants {
        out.push(String::new());
        out.extend(pieces(v));
        out.push(format!(
            "first moves of {} (games, first player's score):",
            v.variant
        ));
        let moves: Vec<String> = v
            .first_moves
            .iter()
            .take(8)
            .map(|m| format!("{} {} ({:.2})", m.text, m.games, m.score))
            .collect();
        out.push(format!("  {}", moves.join(", ")));
    }
    out
}

/// A row of the table: its label and a cell per variant.
type Row = (String, Vec<String>);

/// Rows of figures, a column per variant.
fn table(variants: &[Summary]) -> Vec<String> {
    let mut rows = game_rows(variants);
    rows.extend(ending_rows(variants));
    rows.extend(ludii_rows(variants));
    let label = rows.iter().map(|r| r.0.len()).max().unwrap_or(0);
    let widths: Vec<usize> = (0..variants.len())
        .map(|i| rows.iter().map(|r| r.1[i].len()).max().unwrap_or(0))
        .collect();
    rows.iter()
        .map(|(name, cells)| {
            let cells: Vec<String> = cells
                .iter()
                .zip(&widths)
                .map(|(c, w)| format!("{c:>w$}"))
                .collect();
            format!("{name:<label$}  {}", cells.join("  "))
                .trim_end()
                .to_string()
        })
        .collect()
}

/// The variants' names, and their games' results and lengths.
fn game_rows(variants: &[Summary]) -> Vec<Row> {
    vec![
        (
            "".into(),
            variants.iter().map(|v| v.variant.clone()).collect(),
        ),
        ("games".into(), col(variants, |v| v.games.to_string())),
        (
            "first player +/-/=".into(),
            col(variants, |v| {
                let f = &v.first_player;
                format!("+{} -{} ={}", f.wins, f.losses, f.draws)
            }),
        ),
        (
            "first player score (95 %)".into(),
            col(variants, |v| {
                let f = &v.first_player;
                format!("{:.3} ({:.3}-{:.3})", f.score, f.low, f.high)
            }),
        ),
        (
            "length mean/median/max".into(),
            col(variants, |v| {
                let l = &v.length;
                format!("{:.1}/{}/{}", l.mean, l.median, l.max)
            }),
        ),
    ]
}

/// A row per way a game ended, in the order first met.
fn ending_rows(variants: &[Summary]) -> Vec<Row> {
    let mut reasons: Vec<&str> = Vec::new();
    for v in variants {
        for e in &v.endings {
            if !reasons.contains(&e.reason.as_str()) {
                reasons.push(&e.reason);
            }
        }
    }
    let mut rows = Vec::new();
    for r in reasons {
        rows.push((
            format!("end: {r} (1-0/0-1/=)"),
            col(variants, |v| {
                v.endings
                    .iter()
                    .find(|e| e.reason == r)
                    .map_or("0".into(), |e| {
                        format!("{}/{}/{}", e.first_wins, e.second_wins, e.draws)
                    })
            }),
        ));
    }
    rows
}

/// The Ludii-style metrics.
fn ludii_rows(variants: &[Summary]) -> Vec<Row> {
    let opt = |x: Option<f64>, digits: usize| x.map_or("-".into(), |x| format!("{x:.digits$}"));
    let l = |f: fn(&Summary) -> Option<f64>, d: usize| col(variants, move |v| opt(f(v), d));
    vec![
        ("AdvantageP1".into(), l(|v| Some(v.ludii.advantage_p1), 3)),
        ("Balance".into(), l(|v| Some(v.ludii.balance), 3)),
        ("Completion".into(), l(|v| Some(v.ludii.completion), 3)),
        ("Drawishness".into(), l(|v| Some(v.ludii.drawishness), 3)),
        ("Timeouts".into(), l(|v| Some(v.ludii.timeouts), 3)),
        (
            "DurationMoves".into(),
            l(|v| Some(v.ludii.duration_moves), 1),
        ),
        ("LeadChange".into(), l(|v| Some(v.ludii.lead_change), 3)),
        (
            "DecisivenessThreshold (cp)".into(),
            l(|v| v.ludii.decisiveness_threshold, 0),
        ),
        (
            "DecisivenessMoves".into(),
            l(|v| v.ludii.decisiveness_moves, 3),
        ),
    ]
}

fn col(variants: &[Summary], f: impl Fn(&Summary) -> String) -> Vec<String> {
    variants.iter().map(f).collect()
}

/// What each piece type did, per game, used pieces only.
fn pieces(v: &Summary) -> Vec<String> {
    let n = v.games.max(1) as f64;
    let mut out = vec![format!(
        "pieces of {} (a game): {:<6} {:>6} {:>7} {:>8} {:>6} {:>6} {:>8}",
        v.variant, "id", "value", "moves", "captures", "promos", "burns", "captured"
    )];
    let indent = " ".repeat(out[0].find("id").unwrap_or(0));
    for p in v.pieces.iter().filter(|p| p.tally != Default::default()) {
        let t = &p.tally;
        let per = |x: u32| f64::from(x) / n;
        out.push(format!(
            "{indent}{:<6} {:>6} {:>7.2} {:>8.2} {:>6.2} {:>6.2} {:>8.2}",
            p.id,
            p.value,
            per(t.moves),
            per(t.captures),
            per(t.promotions),
            per(t.burns),
            per(t.captured)
        ));
    }
    out
}
