//! `koma match`: referees a match between two engines in a variant (the logic is
//! `koma_engine::referee`); prints each game as it ends, then the score, the Elo difference
//! with its 95 % interval and the SPRT, and writes the games as PGN.

use std::io::Write;
use std::process::ExitCode;
use std::sync::Arc;

use koma_engine::referee::game::Rules;
use koma_engine::referee::opening::{Opening, parse_openings};
use koma_engine::referee::pgn::{pgn, today};
use koma_engine::referee::spec::{EngineSpec, TimeControl, seconds};
use koma_engine::referee::stats::{EloEstimate, Sprt, Tally, Verdict};
use koma_engine::referee::tournament::{GameReport, MatchConfig, engine_names, run_match};
use koma_runtime::Tables;
use serde_json::{Value, json};

use super::{CliError, CommandResult, load_tables, numbered_range};
use crate::args::{MatchArgs, MatchFormat};
use crate::output::outln;

pub fn r#match(args: &MatchArgs) -> CommandResult {
    let tables = load_tables(&args.file)?;
    let config = config(args, tables)?;
    let sprt = args
        .sprt
        .as_deref()
        .map(Sprt::parse)
        .transpose()
        .map_err(|e| CliError::Usage(format!("--sprt {e}")))?;
    let names = engine_names(&config).map_err(CliError::Failed)?;
    let mut pgn_file = match &args.pgn {
        Some(path) => Some(
            std::fs::File::create(path)
                .map_err(|e| CliError::Failed(format!("cannot write `{}`: {e}", path.display())))?,
        ),
        None => None,
    };
    let human = args.format == MatchFormat::Human;
    let variant = config.tables.spec().name.clone();
    if human {
        outln!(
            "koma match: {variant}, A = {}, B = {}, {} games, {} at a time",
            names[0],
            names[1],
            config.games,
            config.concurrency
        );
    }
    let date = today();
    let mut reports: Vec<GameReport> = Vec::new();
    let mut write_error = None;
    let tally = run_match(&config, &names, &mut |report, tally| {
        let line = progress(report, tally, config.games);
        if human {
            outln!("{line}");
        } else {
            eprintln!("{line}");
        }
        if let Some(file) = pgn_file.as_mut()
            && let Err(e) = file.write_all(pgn(report, &variant, &date).as_bytes())
        {
            write_error.get_or_insert(e);
        }
        reports.push(report.clone());
        sprt.is_none_or(|s| s.verdict(tally) == Verdict::Continue)
    });
    if let Some(e) = write_error {
        return Err(CliError::Failed(format!("cannot write the PGN: {e}")));
    }
    reports.sort_by_key(|r| r.index);
    if human {
        for line in summary(&names, &tally, sprt.as_ref()) {
            outln!("{line}");
        }
    } else {
        let document = document(&variant, &names, &tally, sprt.as_ref(), &reports);
        outln!(
            "{}",
            serde_json::to_string_pretty(&document).unwrap_or_default()
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// The match's settings from the arguments; bad ones are usage errors.
fn config(args: &MatchArgs, tables: Arc<Tables>) -> Result<MatchConfig, CliError> {
    let usage = |flag: &str, e: &dyn std::fmt::Display| CliError::Usage(format!("{flag}: {e}"));
    if args.engines.len() != 2 {
        return Err(CliError::Usage(format!(
            "give two engines with --engine (A, the baseline, then B), not {}",
            args.engines.len()
        )));
    }
    let mut engines = Vec::new();
    for text in &args.engines {
        engines.push(EngineSpec::parse(text).map_err(|e| usage("--engine", &e))?);
    }
    let control = match (&args.tc, &args.st) {
        (Some(tc), _) => Some(TimeControl::parse(tc).map_err(|e| usage("--tc", &e))?),
        (None, Some(st)) => Some(TimeControl::PerMove(
            seconds(st).map_err(|e| usage("--st", &e))?,
        )),
        (None, None) => None,
    };
    let openings = match (&args.openings, args.start) {
        (_, Some(n)) => vec![
            Opening::numbered(tables.clone(), n)
                .ok_or_else(|| usage("--start", &numbered_range(&tables)))?,
        ],
        (Some(path), None) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| CliError::Failed(format!("cannot read `{}`: {e}", path.display())))?;
            parse_openings(&tables, &text)
                .map_err(|why| CliError::Failed(format!("`{}`: {why}", path.display())))?
        }
        (None, None) => vec![Opening::variant_start(tables.clone()).ok_or_else(|| {
            CliError::Usage(
                "the variant has no start position; give --openings with `fen` lines".into(),
            )
        })?],
    };
    let concurrency = args.concurrency.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |n| n as usize,
    );
    let [a, b]: [EngineSpec; 2] = engines
        .try_into()
        .map_err(|_| CliError::Usage("give two engines with --engine".into()))?;
    Ok(MatchConfig {
        tables,
        engines: [a, b],
        control,
        games: args.games as usize,
        concurrency,
        openings,
        random_plies: args.random_plies,
        seed: args.seed,
        rules: Rules {
            max_plies: args.max_plies.map(|n| n as usize),
            margin: seconds(&args.margin).map_err(|e| usage("--margin", &e))?,
            move_timeout: seconds(&args.move_timeout).map_err(|e| usage("--move-timeout", &e))?,
        },
    })
}

/// `game 3/20: koma - HaChu 1-0 (checkmate); B +1 -1 =1`.
fn progress(report: &GameReport, tally: &Tally, games: usize) -> String {
    let ending = &report.played.ending;
    format!(
        "game {}/{games}: {} - {} {} ({}); B +{} -{} ={}",
        report.index + 1,
        report.names[0],
        report.names[1],
        ending.score(),
        ending.describe(&report.names),
        tally.wins,
        tally.losses,
        tally.draws
    )
}

fn signed(x: f64) -> String {
    if x.is_infinite() {
        if x > 0.0 {
            "+inf".into()
        } else {
            "-inf".into()
        }
    } else {
        // `+ 0.0` turns -0.0 into 0.0.
        format!("{:+.1}", x + 0.0)
    }
}

fn summary(names: &[String; 2], tally: &Tally, sprt: Option<&Sprt>) -> Vec<String> {
    let mut out = vec![format!("A = {}, B = {}", names[0], names[1])];
    let Some(score) = tally.score() else {
        out.push("no games played".into());
        return out;
    };
    out.push(format!(
        "B: {} games, won {}, lost {}, drew {}: {}/{} ({:.1} %)",
        tally.games(),
        tally.wins,
        tally.losses,
        tally.draws,
        tally.points(),
        tally.games(),
        score * 100.0
    ));
    if let Some(EloEstimate { elo, low, high }) = tally.elo() {
        out.push(format!(
            "Elo of B against A: {} (95 %: {} to {})",
            signed(elo),
            signed(low),
            signed(high)
        ));
    }
    if let Some(s) = sprt {
        let (lo, hi) = s.bounds();
        out.push(format!(
            "SPRT elo0 {} elo1 {} alpha {} beta {}: LLR {:.2} (bounds {lo:.2}, {hi:.2}): {}",
            s.elo0,
            s.elo1,
            s.alpha,
            s.beta,
            s.llr(tally),
            s.verdict(tally)
        ));
    }
    out
}

fn document(
    variant: &str,
    names: &[String; 2],
    tally: &Tally,
    sprt: Option<&Sprt>,
    reports: &[GameReport],
) -> Value {
    let elo = tally.elo();
    let games: Vec<Value> = reports
        .iter()
        .map(|r| {
            let ending = &r.played.ending;
            json!({
                "round": r.index + 1,
                "first": r.names[0],
                "second": r.names[1],
                "result": ending.score(),
                "termination": ending.termination(),
                "reason": ending.describe(&r.names),
                "plies": r.played.game.moves.len(),
                "points_b": r.points_of(1),
            })
        })
        .collect();
    json!({
        "variant": variant,
        "a": names[0],
        "b": names[1],
        "games": tally.games(),
        "wins": tally.wins,
        "losses": tally.losses,
        "draws": tally.draws,
        "points": tally.points(),
        "score": tally.score(),
        "elo": elo.map(|e| e.elo),
        "elo_low": elo.map(|e| e.low),
        "elo_high": elo.map(|e| e.high),
        "sprt": sprt.map(|s| json!({
            "elo0": s.elo0, "elo1": s.elo1, "alpha": s.alpha, "beta": s.beta,
            "llr": s.llr(tally),
            "lower": s.bounds().0,
            "upper": s.bounds().1,
            "verdict": s.verdict(tally).to_string(),
        })),
        "results": games,
    })
}
