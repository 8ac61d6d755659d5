//! `koma tune`: plays the engine against itself, learns the piece values and evaluation
//! weights that best predict the games' results (`koma_engine::tune`), prints them with their
//! standard errors, and can write them into the variant file as `value N` and `weight TERM N`.

use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

use koma_engine::tune::{
    FitOptions, LearnedValue, LearnedWeight, SelfPlay, Tuning, self_play, tune as fit,
};
use koma_grammar::ast::{ClauseKind, Moves, PieceItem};
use koma_runtime::Tables;
use serde_json::json;

use super::{CliError, CommandResult, load_tables, read_source_text, save_source};
use crate::args::{MatchFormat, TuneArgs};
use crate::output::outln;

pub fn tune(args: &TuneArgs) -> CommandResult {
    let source = match (args.write, &args.output) {
        (false, None) => None,
        _ => Some(read_source_text(&args.file)?),
    };
    let tables = load_tables(&args.file)?;
    let settings = SelfPlay {
        games: args.games as usize,
        nodes: args.nodes,
        random_plies: args.random_plies,
        max_plies: args.max_plies as usize,
        seed: args.seed,
        threads: args.threads.map_or_else(
            || std::thread::available_parallelism().map_or(1, |n| n.get()),
            |n| n as usize,
        ),
    };
    let every = (settings.games / 10).max(1);
    let progress = |done: usize| {
        if done % every == 0 || done == settings.games {
            eprintln!("played {done}/{} games", settings.games);
        }
    };
    let games = self_play(&tables, &settings, &progress).map_err(|e| match e {
        koma_engine::tune::TuneError::NoStartPosition => CliError::Usage(format!(
            "`{}` has no start position to play games from",
            args.file.display()
        )),
        e => CliError::Failed(e.to_string()),
    })?;
    let options = FitOptions {
        min_material: args.min_material,
        ..FitOptions::default()
    };
    let tuning = fit(&tables, &games, &options).map_err(|e| CliError::Failed(e.to_string()))?;
    let written = match source {
        Some(text) => {
            let (new_text, skipped) = with_values(&text, &tuning.values);
            let new_text = with_weights(&new_text, &tuning.weights);
            let target = args.output.as_deref().unwrap_or(&args.file);
            write(target, &new_text, args.output.is_some())?;
            for id in &skipped {
                eprintln!("note: `{id}` is not defined in this file; its value is not written");
            }
            Some(target.display().to_string())
        }
        None => None,
    };
    match args.format {
        MatchFormat::Human => human(&tables, &settings, &tuning, written.as_deref()),
        MatchFormat::Json => {
            let document = document(&tables, &settings, &tuning, written.as_deref());
            outln!(
                "{}",
                serde_json::to_string_pretty(&document).unwrap_or_default()
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The values a file should get: those the data told (not royal, at least 1 centipawn), as
/// the material part that gives the learned worth under the evaluation's square terms.
fn writable(values: &[LearnedValue]) -> impl Iterator<Item = (&str, u32)> {
    values
        .iter()
        .filter(|v| v.stderr.is_some() && !v.royal && v.material >= 1.0)
        .map(|v| (v.id.as_str(), v.material.round() as u32))
}

/// `text` with `value N` set on the line of each learned piece, and the learned pieces it does
/// not define (inherited through `extends`).
fn with_values(text: &str, values: &[LearnedValue]) -> (String, Vec<String>) {
    let parsed = koma_grammar::parse(text);
    // (start, end, replacement), applied from the end so earlier offsets stay valid.
    let mut edits: Vec<(usize, usize, String)> = Vec::new();
    let mut skipped = Vec::new();
    for (id, value) in writable(values) {
        let def = parsed.file.pieces.iter().rev().find_map(|item| match item {
            PieceItem::Define(d) if d.id.value == id => Some(d),
            _ => None,
        });
        let Some(def) = def else {
            skipped.push(id.to_string());
            continue;
        };
        match &def.value {
            Some(v) => edits.push((v.span.start, v.span.end, value.to_string())),
            None => {
                let moves = match &def.moves {
                    Moves::Betza(b) => b.span,
                    Moves::Like { span, .. } => *span,
                };
                let end = std::iter::once(moves.end)
                    .chain(def.promotes.iter().flat_map(|(s, ids)| {
                        std::iter::once(s.end).chain(ids.iter().map(|i| i.span.end))
                    }))
                    .chain(def.royal.map(|s| s.end))
                    .chain(def.confined.iter().map(|c| c.span.end))
                    .chain(def.in_regions.iter().map(|r| r.span.end))
                    .max()
                    .unwrap_or(moves.end);
                edits.push((end, end, format!("  value {value}")));
            }
        }
    }
    edits.sort_by_key(|e| std::cmp::Reverse(e.0));
    let mut out = text.to_string();
    for (start, end, replacement) in edits {
        out.replace_range(start..end, &replacement);
    }
    (out, skipped)
}

/// The weights a file should get: those the games told apart from the weight the game
/// played with (more than two standard errors away), rounded.
fn writable_weights(weights: &[LearnedWeight]) -> impl Iterator<Item = (&'static str, i32)> {
    weights
        .iter()
        .filter(|w| {
            w.stderr
                .is_some_and(|se| (w.weight - f64::from(w.prior)).abs() > 2.0 * se)
        })
        .map(|w| (w.term.name(), w.weight.round() as i32))
}

/// `text` with `weight TERM N` set for each weight the games told: the number of the file's
/// own line for the term replaced, or a line added after the last rules clause (or in a new
/// `rules` section).
fn with_weights(text: &str, weights: &[LearnedWeight]) -> String {
    let parsed = koma_grammar::parse(text);
    let clauses = &parsed.file.clauses;
    // (start, end, replacement), applied from the end so earlier offsets stay valid.
    let mut edits: Vec<(usize, usize, String)> = Vec::new();
    let mut added = String::new();
    for (term, weight) in writable_weights(weights) {
        let given = clauses.iter().find_map(|c| match &c.kind {
            ClauseKind::Weight { term: t, weight } if t.value == term => Some(weight.span),
            _ => None,
        });
        match given {
            Some(span) => edits.push((span.start, span.end, weight.to_string())),
            None => added.push_str(&format!("  weight {term} {weight}\n")),
        }
    }
    if !added.is_empty() {
        let after = clauses
            .iter()
            .map(|c| c.span.end)
            .chain(parsed.file.rules_sections.iter().map(|s| s.end))
            .max();
        match after {
            Some(end) => {
                let line_end = text[end..].find('\n').map_or(text.len(), |i| end + i + 1);
                let newline = if text[..line_end].ends_with('\n') {
                    ""
                } else {
                    "\n"
                };
                edits.push((line_end, line_end, format!("{newline}{added}")));
            }
            None => {
                let newline = if text.is_empty() || text.ends_with('\n') {
                    ""
                } else {
                    "\n"
                };
                edits.push((text.len(), text.len(), format!("{newline}\nrules\n{added}")));
            }
        }
    }
    edits.sort_by_key(|e| std::cmp::Reverse(e.0));
    let mut out = text.to_string();
    for (start, end, replacement) in edits {
        out.replace_range(start..end, &replacement);
    }
    out
}

/// Writes the file in place (through [`save_source`]) or a new copy.
fn write(path: &Path, text: &str, copy: bool) -> Result<(), CliError> {
    if !copy {
        return save_source(path, text);
    }
    koma_compiler::write::write_file(path, text.as_bytes())
        .map(|_| ())
        .map_err(|e| CliError::Failed(e.to_string()))
}

/// The smallest learned non-royal value: the unit of the `pawns` column.
fn unit(tuning: &Tuning) -> Option<&LearnedValue> {
    tuning
        .values
        .iter()
        .filter(|v| v.stderr.is_some() && !v.royal && v.value > 0.0)
        .min_by(|a, b| a.value.total_cmp(&b.value))
}

fn human(tables: &Arc<Tables>, settings: &SelfPlay, tuning: &Tuning, written: Option<&str>) {
    outln!(
        "koma tune: {}, {} self-play games at {} nodes a move (seed {}), {} quiet positions \
         with at least {:.0} % of the start's material",
        tables.spec().name,
        tuning.games,
        settings.nodes,
        settings.seed,
        tuning.positions,
        100.0 * tuning.min_material
    );
    outln!(
        "K = {:.5} per centipawn; log-loss {:.4} with the prior values, {:.4} learned",
        tuning.k,
        tuning.loss_before,
        tuning.loss_after
    );
    outln!("");
    value_table(tuning);
    outln!("");
    weight_table(tuning);
    if let Some(path) = written {
        outln!("");
        outln!("wrote the learned values to `{path}`");
    }
}

/// The learned piece values, largest first, with their ratio to the smallest learned one.
fn value_table(tuning: &Tuning) {
    let unit = unit(tuning);
    let unit_id = unit.map_or("-", |u| u.id.as_str());
    let idw = tuning
        .values
        .iter()
        .map(|v| v.id.len())
        .max()
        .unwrap_or(2)
        .max(2);
    let namew = tuning
        .values
        .iter()
        .map(|v| v.name.len())
        .max()
        .unwrap_or(4)
        .max(5);
    outln!(
        "{:idw$}  {:namew$}  {:>7}  {:>6}  {:>6}  {:>6}",
        "id",
        "piece",
        "value",
        "± se",
        "prior",
        format!("x {unit_id}")
    );
    let mut values: Vec<&LearnedValue> = tuning.values.iter().collect();
    values.sort_by(|a, b| b.value.total_cmp(&a.value).then(a.id.cmp(&b.id)));
    for v in values {
        let (se, ratio) = match (v.stderr, unit) {
            (Some(se), Some(u)) => (format!("{se:.0}"), format!("{:.2}", v.value / u.value)),
            (Some(se), None) => (format!("{se:.0}"), "-".to_string()),
            (None, _) => ("-".to_string(), "-".to_string()),
        };
        let note = match (v.royal, v.stderr) {
            (true, _) => "  royal",
            (false, None) => "  (too few positions: prior kept)",
            _ => "",
        };
        outln!(
            "{:idw$}  {:namew$}  {:>7.0}  {:>6}  {:>6}  {:>6}{note}",
            v.id,
            v.name,
            v.value,
            se,
            v.prior,
            ratio
        );
    }
}

/// The learned evaluation weights.
fn weight_table(tuning: &Tuning) {
    outln!(
        "{:16}  {:>7}  {:>6}  {:>6}",
        "term",
        "weight",
        "± se",
        "prior"
    );
    for w in &tuning.weights {
        let (weight, se) = match w.stderr {
            Some(se) => (format!("{:.1}", w.weight), format!("{se:.1}")),
            None => ("-".to_string(), "(not in these games)".to_string()),
        };
        outln!(
            "{:16}  {:>7}  {:>6}  {:>6}",
            w.term.name(),
            weight,
            se,
            w.prior
        );
    }
}

fn document(
    tables: &Arc<Tables>,
    settings: &SelfPlay,
    tuning: &Tuning,
    written: Option<&str>,
) -> serde_json::Value {
    json!({
        "variant": tables.spec().name,
        "games": tuning.games,
        "nodes": settings.nodes,
        "seed": settings.seed,
        "random_plies": settings.random_plies,
        "max_plies": settings.max_plies,
        "min_material": tuning.min_material,
        "positions": tuning.positions,
        "k": tuning.k,
        "loss_before": tuning.loss_before,
        "loss_after": tuning.loss_after,
        "values": tuning.values.iter().map(|v| json!({
            "id": v.id,
            "name": v.name,
            "value": v.value,
            "stderr": v.stderr,
            "material": v.material,
            "prior": v.prior,
            "royal": v.royal,
            "learned": v.stderr.is_some(),
        })).collect::<Vec<_>>(),
        "weights": tuning.weights.iter().map(|w| json!({
            "term": w.term.name(),
            "weight": w.weight,
            "stderr": w.stderr,
            "prior": w.prior,
            "learned": w.stderr.is_some(),
        })).collect::<Vec<_>>(),
        "written": written,
    })
}

#[cfg(test)]
mod tests {
    use koma_engine::eval::Term;

    use super::*;

    fn learned(term: Term, weight: f64, stderr: f64, prior: i32) -> LearnedWeight {
        LearnedWeight {
            term,
            weight,
            stderr: Some(stderr),
            prior,
        }
    }

    /// A weight the games told apart from its prior replaces the file's line for the term or
    /// joins the rules section; one within two standard errors is not written.
    #[test]
    fn told_weights_are_written_as_weight_lines() {
        let weights = [
            learned(Term::Mobility, 10.6, 2.0, 2),
            learned(Term::RoyalOpen, 31.0, 4.0, 20),
            learned(Term::Centre, 40.0, 20.0, 30),
        ];
        let text = "rules\n  win checkmate\n  weight royal-open 20   # doubled\n";
        assert_eq!(
            with_weights(text, &weights),
            "rules\n  win checkmate\n  weight royal-open 31   # doubled\n  weight mobility 11\n"
        );
        assert_eq!(
            with_weights("board 8x8\n", &weights[..1]),
            "board 8x8\n\nrules\n  weight mobility 11\n"
        );
        assert_eq!(with_weights("rules\n", &weights[2..]), "rules\n");
    }
}
