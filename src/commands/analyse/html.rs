//! The HTML report of `koma analyse`: one self-contained page (inline CSS, SVG plots drawn by
//! plotters' SVG backend, no script, no outside file) with the figures of the JSON report,
//! variants side by side: score with its interval, game ends, length histogram, material
//! curves, piece use, first moves and Ludii's metrics.

use koma_engine::analyse::Summary;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;

use super::Report;

/// One colour per variant, told apart in print and by colour-blind readers (Okabe-Ito).
const COLOURS: [RGBColor; 6] = [
    RGBColor(0, 114, 178),
    RGBColor(213, 94, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(230, 159, 0),
    RGBColor(86, 180, 233),
];
const FONT: &str = "sans-serif";
/// The material curve stops where fewer than this share of the games are still running.
const CURVE_MIN_SHARE: f64 = 0.1;

fn colour(i: usize) -> RGBColor {
    COLOURS[i % COLOURS.len()]
}

/// The page.
pub fn page(report: &Report) -> Result<String, String> {
    let vs = &report.variants;
    let names: Vec<&str> = vs.iter().map(|v| v.variant.as_str()).collect();
    let title = format!("koma analyse: {}", names.join(" / "));
    let mut body = String::new();
    body += &format!("<h1>{}</h1>\n", esc(&title));
    body += &format!("<p class=\"settings\">{}</p>\n", esc(&settings(report)));
    body += "<section><h2>Summary</h2>\n";
    body += &summary_table(vs);
    body += "</section>\n<section class=\"plots\">\n";
    body += &figure("First player's score, 95 % interval", score_chart(vs)?);
    body += &figure("Game length", length_chart(vs)?);
    body += &figure(
        "Material: first player's lead (mean, quartiles)",
        material_chart(vs)?,
    );
    body += "</section>\n<section><h2>Game ends</h2>\n";
    body += &endings_table(vs);
    body += "</section>\n<section><h2>Pieces</h2>\n<div class=\"side\">\n";
    for (i, v) in vs.iter().enumerate() {
        body += "<div>";
        body += &figure(&format!("{}: use a game", v.variant), pieces_chart(v, i)?);
        body += &pieces_table(v);
        body += "</div>\n";
    }
    body += "</div></section>\n<section><h2>Most played first moves</h2>\n<div class=\"side\">\n";
    for v in vs {
        body += &first_moves_table(v);
    }
    body += "</div></section>\n<section><h2>Piece values learned from the games</h2>\n";
    body += &piece_values(vs);
    body += "</section>\n";
    Ok(format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>{CSS}</style>\n</head>\n<body>\n{body}</body>\n</html>\n",
        esc(&title)
    ))
}

const CSS: &str = "
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1300px; padding: 0 1em;
       color: #222; background: #fafafa; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; }
h2 { font-size: 1.2em; border-bottom: 1px solid #ccc; padding-bottom: 0.2em; }
.settings { color: #555; margin-top: 0; }
section { margin: 1.5em 0; }
.plots, .side { display: flex; flex-wrap: wrap; gap: 1.5em; align-items: flex-start; }
figure { margin: 0; background: #fff; border: 1px solid #ddd; border-radius: 6px; padding: 0.5em; }
figcaption { font-weight: 600; margin-bottom: 0.3em; }
table { border-collapse: collapse; background: #fff; margin: 0.5em 0; }
th, td { border: 1px solid #ddd; padding: 0.25em 0.6em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
thead th { background: #eef2f7; }
td.note { color: #666; font-size: 0.9em; text-align: left; }
.swatch { display: inline-block; width: 0.8em; height: 0.8em; border-radius: 2px;
          margin-right: 0.3em; vertical-align: baseline; }
";

fn esc(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn settings(report: &Report) -> String {
    let s = &report.settings;
    let limit = s.limit();
    format!(
        "koma against itself, {} games a variant, {limit}, {} random opening plies, seed {}, \
         drawn at {} plies",
        s.games, s.random_plies, s.seed, s.max_plies
    )
}

fn figure(caption: &str, svg: String) -> String {
    format!(
        "<figure><figcaption>{}</figcaption>\n{svg}\n</figure>\n",
        esc(caption)
    )
}

fn head(vs: &[Summary]) -> String {
    let mut h = String::from("<thead><tr><th></th>");
    for (i, v) in vs.iter().enumerate() {
        let c = colour(i);
        h += &format!(
            "<th><span class=\"swatch\" style=\"background: rgb({},{},{})\"></span>{}</th>",
            c.0,
            c.1,
            c.2,
            esc(&v.variant)
        );
    }
    h + "</tr></thead>\n"
}

fn row(label: &str, cells: impl Iterator<Item = String>) -> String {
    let mut r = format!("<tr><td>{}</td>", esc(label));
    for c in cells {
        r += &format!("<td>{}</td>", esc(&c));
    }
    r + "</tr>\n"
}

/// A table cell computed from a variant's figures.
type Cell<'a> = dyn Fn(&Summary) -> String + 'a;

fn summary_table(vs: &[Summary]) -> String {
    let f = |x: f64, d: usize| format!("{x:.d$}");
    let o = |x: Option<f64>, d: usize| x.map_or("-".into(), |x| format!("{x:.d$}"));
    let mut t = String::from("<table>\n") + &head(vs) + "<tbody>\n";
    t += &row("games", vs.iter().map(|v| v.games.to_string()));
    t += &row(
        "first player won / lost / drew",
        vs.iter().map(|v| {
            let p = &v.first_player;
            format!("{} / {} / {}", p.wins, p.losses, p.draws)
        }),
    );
    t += &row(
        "first player's score (95 %)",
        vs.iter().map(|v| {
            let p = &v.first_player;
            format!("{:.3} ({:.3} to {:.3})", p.score, p.low, p.high)
        }),
    );
    t += &row(
        "length: mean, median, shortest, longest",
        vs.iter().map(|v| {
            let l = &v.length;
            format!("{:.1}, {}, {}, {}", l.mean, l.median, l.min, l.max)
        }),
    );
    let ludii: [(&str, &Cell<'_>); 9] = [
        ("AdvantageP1", &|v| f(v.ludii.advantage_p1, 3)),
        ("Balance", &|v| f(v.ludii.balance, 3)),
        ("Completion", &|v| f(v.ludii.completion, 3)),
        ("Drawishness", &|v| f(v.ludii.drawishness, 3)),
        ("Timeouts", &|v| f(v.ludii.timeouts, 3)),
        ("DurationMoves", &|v| f(v.ludii.duration_moves, 1)),
        ("LeadChange", &|v| f(v.ludii.lead_change, 3)),
        ("DecisivenessThreshold (centipawns)", &|v| {
            o(v.ludii.decisiveness_threshold, 0)
        }),
        ("DecisivenessMoves", &|v| o(v.ludii.decisiveness_moves, 3)),
    ];
    for (name, value) in ludii {
        t += &row(&format!("Ludii {name}"), vs.iter().map(value));
    }
    t + "</tbody></table>\n"
}

fn endings_table(vs: &[Summary]) -> String {
    let mut reasons: Vec<&str> = Vec::new();
    for v in vs {
        for e in &v.endings {
            if !reasons.contains(&e.reason.as_str()) {
                reasons.push(&e.reason);
            }
        }
    }
    let mut t = String::from("<table>\n") + &head(vs) + "<tbody>\n";
    for r in reasons {
        t += &row(
            &format!("{r}: total (1-0 / 0-1 / draw)"),
            vs.iter()
                .map(|v| match v.endings.iter().find(|e| e.reason == r) {
                    Some(e) => format!(
                        "{} ({} / {} / {})",
                        e.first_wins + e.second_wins + e.draws,
                        e.first_wins,
                        e.second_wins,
                        e.draws
                    ),
                    None => "0".into(),
                }),
        );
    }
    t + "</tbody></table>\n"
}

fn pieces_table(v: &Summary) -> String {
    let n = v.games.max(1) as f64;
    let mut t = String::from(
        "<table><thead><tr><th>piece</th><th>value</th><th>moves</th><th>drops</th>\
         <th>captures</th><th>promotions</th><th>burns</th><th>captured</th></tr></thead>\
         <tbody>\n",
    );
    for p in &v.pieces {
        let x = &p.tally;
        let per = |k: u32| format!("{:.2}", f64::from(k) / n);
        t += &format!(
            "<tr><td>{} {}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>\
             <td>{}</td><td>{}</td></tr>\n",
            esc(&p.id),
            esc(&p.name),
            p.value,
            per(x.moves),
            per(x.drops),
            per(x.captures),
            per(x.promotions),
            per(x.burns),
            per(x.captured)
        );
    }
    t + "<tr><td class=\"note\" colspan=\"8\">figures a game; value: the engine's, in centipawns\
         </td></tr></tbody></table>\n"
}

fn first_moves_table(v: &Summary) -> String {
    let mut t = format!(
        "<table><thead><tr><th>{}</th><th>games</th><th>first player's score</th></tr>\
         </thead><tbody>\n",
        esc(&v.variant)
    );
    for m in &v.first_moves {
        t += &format!(
            "<tr><td>{}</td><td>{}</td><td>{:.2}</td></tr>\n",
            esc(&m.text),
            m.games,
            m.score
        );
    }
    t + "</tbody></table>\n"
}

fn piece_values(vs: &[Summary]) -> String {
    if vs.iter().all(|v| v.piece_values.is_none()) {
        return "<p>Too few positions to learn piece values from these games.</p>\n".into();
    }
    let mut t = String::new();
    for v in vs {
        if let Some(values) = &v.piece_values {
            t += &format!(
                "<table><thead><tr><th>{}</th><th>learned value</th><th>&plusmn;</th></tr>\
                 </thead><tbody>\n",
                esc(&v.variant)
            );
            for p in values {
                let error = p.stderr.map_or("not learned".into(), |e| format!("{e:.0}"));
                t += &format!(
                    "<tr><td>{}</td><td>{:.0}</td><td>{error}</td></tr>\n",
                    esc(&p.id),
                    p.value
                );
            }
            t += "</tbody></table>\n";
        }
    }
    t
}

/// Draws into an SVG string of `size` pixels.
fn svg(
    size: (u32, u32),
    draw: impl FnOnce(DrawingArea<SVGBackend, plotters::coord::Shift>) -> Result<(), String>,
) -> Result<String, String> {
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, size).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        draw(root.clone())?;
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(out)
}

fn plot_err<E: std::fmt::Display>(e: E) -> String {
    format!("cannot draw a plot: {e}")
}

fn score_chart(vs: &[Summary]) -> Result<String, String> {
    let n = vs.len();
    let names: Vec<String> = vs.iter().map(|v| v.variant.clone()).collect();
    svg((420, 320), |root| {
        let mut chart = ChartBuilder::on(&root)
            .margin(12)
            .x_label_area_size(30)
            .y_label_area_size(48)
            .build_cartesian_2d(-0.5f64..(n as f64 - 0.5), 0f64..1f64)
            .map_err(plot_err)?;
        chart
            .configure_mesh()
            .light_line_style(WHITE.mix(0.0))
            .disable_x_mesh()
            .x_labels(n + 1)
            .x_label_formatter(&|x| {
                let i = x.round();
                if (x - i).abs() < 1e-6 && i >= 0.0 {
                    names.get(i as usize).cloned().unwrap_or_default()
                } else {
                    String::new()
                }
            })
            .y_desc("score")
            .label_style((FONT, 13))
            .draw()
            .map_err(plot_err)?;
        chart
            .draw_series(std::iter::once(PathElement::new(
                vec![(-0.5, 0.5), (n as f64 - 0.5, 0.5)],
                BLACK.mix(0.4).stroke_width(1),
            )))
            .map_err(plot_err)?;
        for (i, v) in vs.iter().enumerate() {
            let c = colour(i);
            let p = &v.first_player;
            let x = i as f64;
            chart
                .draw_series(std::iter::once(ErrorBar::new_vertical(
                    x,
                    p.low,
                    p.score,
                    p.high,
                    c.stroke_width(2),
                    14,
                )))
                .map_err(plot_err)?;
            chart
                .draw_series(std::iter::once(Circle::new((x, p.score), 5, c.filled())))
                .map_err(plot_err)?;
        }
        Ok(())
    })
}

fn length_chart(vs: &[Summary]) -> Result<String, String> {
    let max_x = vs
        .iter()
        .map(|v| (v.length.histogram.len() * v.length.bin) as f64)
        .fold(1.0, f64::max);
    let share = |v: &Summary, k: u32| f64::from(k) * 100.0 / v.games.max(1) as f64;
    let max_y = vs
        .iter()
        .flat_map(|v| v.length.histogram.iter().map(move |&k| share(v, k)))
        .fold(1.0, f64::max);
    svg((560, 320), |root| {
        let mut chart = ChartBuilder::on(&root)
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(48)
            .build_cartesian_2d(0f64..max_x, 0f64..max_y * 1.1)
            .map_err(plot_err)?;
        chart
            .configure_mesh()
            .light_line_style(WHITE.mix(0.0))
            .x_desc("plies")
            .y_desc("% of games")
            .label_style((FONT, 13))
            .draw()
            .map_err(plot_err)?;
        for (i, v) in vs.iter().enumerate() {
            let c = colour(i);
            let bin = v.length.bin as f64;
            // A step line over the bins, so that variants with other bins still compare.
            let mut points = vec![(0.0, 0.0)];
            for (b, &k) in v.length.histogram.iter().enumerate() {
                let (x0, y) = (b as f64 * bin, share(v, k));
                points.extend([(x0, y), (x0 + bin, y)]);
            }
            points.push((v.length.histogram.len() as f64 * bin, 0.0));
            chart
                .draw_series(AreaSeries::new(points.clone(), 0.0, c.mix(0.15)))
                .map_err(plot_err)?;
            chart
                .draw_series(LineSeries::new(points, c.stroke_width(2)))
                .map_err(plot_err)?
                .label(v.variant.clone())
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 18, y)], c.stroke_width(2))
                });
        }
        legend(&mut chart)
    })
}

/// A chart of SVG plots over numbers.
type Chart<'a, 'b> = ChartContext<'a, SVGBackend<'b>, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

fn legend<'a>(chart: &mut Chart<'a, 'a>) -> Result<(), String> {
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK.mix(0.3))
        .label_font((FONT, 13))
        .position(SeriesLabelPosition::UpperRight)
        .draw()
        .map_err(plot_err)
}

fn material_chart(vs: &[Summary]) -> Result<String, String> {
    let curves: Vec<&[koma_engine::analyse::summary::MaterialPoint]> = vs
        .iter()
        .map(|v| {
            let keep = v
                .material
                .iter()
                .take_while(|p| p.games as f64 >= CURVE_MIN_SHARE * v.games as f64)
                .count();
            &v.material[..keep]
        })
        .collect();
    let max_x = curves.iter().map(|c| c.len() as f64).fold(1.0, f64::max);
    let (lo, hi) =
        curves
            .iter()
            .flat_map(|c| c.iter())
            .fold((-100.0f64, 100.0f64), |(lo, hi), p| {
                (
                    lo.min(f64::from(p.q1)).min(p.mean),
                    hi.max(f64::from(p.q3)).max(p.mean),
                )
            });
    svg((560, 320), |root| {
        let mut chart = ChartBuilder::on(&root)
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(56)
            .build_cartesian_2d(0f64..max_x, lo * 1.1..hi * 1.1)
            .map_err(plot_err)?;
        chart
            .configure_mesh()
            .light_line_style(WHITE.mix(0.0))
            .x_desc("ply")
            .y_desc("centipawns")
            .label_style((FONT, 13))
            .draw()
            .map_err(plot_err)?;
        for (i, (v, curve)) in vs.iter().zip(&curves).enumerate() {
            let c = colour(i);
            let band: Vec<(f64, f64)> = curve
                .iter()
                .map(|p| (p.ply as f64, f64::from(p.q3)))
                .chain(curve.iter().rev().map(|p| (p.ply as f64, f64::from(p.q1))))
                .collect();
            chart
                .draw_series(std::iter::once(Polygon::new(band, c.mix(0.15))))
                .map_err(plot_err)?;
            chart
                .draw_series(LineSeries::new(
                    curve.iter().map(|p| (p.ply as f64, p.mean)),
                    c.stroke_width(2),
                ))
                .map_err(plot_err)?
                .label(v.variant.clone())
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 18, y)], c.stroke_width(2))
                });
        }
        legend(&mut chart)
    })
}

fn pieces_chart(v: &Summary, index: usize) -> Result<String, String> {
    let used: Vec<_> = v
        .pieces
        .iter()
        .filter(|p| p.tally.moves + p.tally.captured > 0)
        .collect();
    let n = used.len().max(1);
    let games = v.games.max(1) as f64;
    let per = |k: u32| f64::from(k) / games;
    let max_x = used
        .iter()
        .map(|p| per(p.tally.moves).max(per(p.tally.captured)))
        .fold(0.5, f64::max);
    let c = colour(index);
    let ids: Vec<String> = used.iter().map(|p| p.id.clone()).collect();
    svg((460, 60 + 22 * n as u32), |root| {
        let mut chart = ChartBuilder::on(&root)
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(48)
            .build_cartesian_2d(0f64..max_x * 1.05, -0.5f64..(n as f64 - 0.5))
            .map_err(plot_err)?;
        chart
            .configure_mesh()
            .light_line_style(WHITE.mix(0.0))
            .disable_y_mesh()
            .y_labels(n + 1)
            .y_label_formatter(&|y| {
                let i = y.round();
                if (y - i).abs() < 1e-6 && i >= 0.0 {
                    ids.get(n - 1 - i as usize).cloned().unwrap_or_default()
                } else {
                    String::new()
                }
            })
            .x_desc("a game")
            .label_style((FONT, 12))
            .draw()
            .map_err(plot_err)?;
        let bars = |value: fn(&koma_engine::analyse::PieceTally) -> u32, offset: f64| {
            used.iter().enumerate().map(move |(i, p)| {
                let y = (n - 1 - i) as f64 + offset;
                ((0.0, y - 0.17), (per(value(&p.tally)), y + 0.17))
            })
        };
        chart
            .draw_series(bars(|t| t.moves, 0.18).map(|r| Rectangle::new([r.0, r.1], c.filled())))
            .map_err(plot_err)?
            .label("moves")
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], c.filled()));
        chart
            .draw_series(
                bars(|t| t.captured, -0.18)
                    .map(|r| Rectangle::new([r.0, r.1], BLACK.mix(0.35).filled())),
            )
            .map_err(plot_err)?
            .label("captured")
            .legend(|(x, y)| {
                Rectangle::new([(x, y - 5), (x + 12, y + 5)], BLACK.mix(0.35).filled())
            });
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK.mix(0.3))
            .label_font((FONT, 12))
            .position(SeriesLabelPosition::LowerRight)
            .draw()
            .map_err(plot_err)
    })
}
