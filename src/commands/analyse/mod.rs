//! `koma analyse`: plays self-play games of one or more variants (the logic is
//! `koma_engine::analyse`), appends each to a checkpoint as it ends, and reports the figures:
//! a summary in the terminal, the JSON of `--format json`, an HTML page with plots.
//! `--from-checkpoint` draws the report from checkpoints alone (and merges shards).

mod checkpoint;
mod html;
mod progress;
mod text;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use koma_engine::analyse::selfplay::Job;
use koma_engine::analyse::summary::VariantInfo;
use koma_engine::analyse::{GameRecord, SelfPlay, Summary, learned_values, play_games, summarise};
use koma_engine::eval::WeightChoice;
use koma_engine::referee::game::Rules;
use koma_engine::referee::spec::{EngineKind, EngineSpec, TimeControl, seconds};
use koma_runtime::Tables;
use serde::Serialize;

use super::{CliError, CommandResult, load_tables};
use crate::args::{AnalyseArgs, AnalyseFormat};
use crate::output::outln;
use checkpoint::{FORMAT, Header, RunVariant, Settings, Shard, Writer};

/// Nodes a move when no limit is given.
pub const DEFAULT_NODES: u64 = 1000;

/// The report: the settings of the run and each variant's figures.
#[derive(Debug, Serialize)]
pub struct Report {
    pub koma_analyse: u32,
    pub settings: Settings,
    pub variants: Vec<Summary>,
}

pub fn analyse(args: &AnalyseArgs) -> CommandResult {
    if let Some(path) = &args.output {
        check_writable(path)?;
    }
    let (header, games) = if args.from_checkpoint.is_empty() {
        play(args)?
    } else {
        checkpoint::merge(&args.from_checkpoint)?
    };
    let report = report(&header, &games);
    warn_missing(&header, &report);
    if let Some(path) = &args.output {
        write_report(path, &report)?;
    }
    match args.format {
        AnalyseFormat::Json => outln!("{}", json(&report)?),
        AnalyseFormat::Human => {
            for line in text::summary(&report) {
                outln!("{line}");
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Finds an unwritable report path before any game, without leaving a file behind: a probe
/// file is created beside it and removed. The report itself is written whole at the end.
fn check_writable(path: &Path) -> Result<(), CliError> {
    let unwritable = |reason: String| {
        CliError::Usage(format!("-o: cannot write `{}`: {reason}", path.display()))
    };
    if path.is_dir() {
        return Err(unwritable("it is a folder".to_string()));
    }
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let probe = folder.join(format!(".koma-analyse-{}.probe", std::process::id()));
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)
        .map_err(|e| unwritable(e.to_string()))?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}

fn json(report: &Report) -> Result<String, CliError> {
    serde_json::to_string_pretty(report)
        .map_err(|e| CliError::Failed(format!("cannot write the report as JSON: {e}")))
}

/// Writes the report whole ([`koma_compiler::write::write_file`]): HTML, or JSON by extension.
fn write_report(path: &Path, report: &Report) -> Result<(), CliError> {
    let is_json = path.extension().is_some_and(|e| e == "json");
    let text = if is_json {
        json(report)? + "\n"
    } else {
        html::page(report).map_err(CliError::Failed)?
    };
    koma_compiler::write::write_file(path, text.as_bytes())
        .map(|_| ())
        .map_err(|e| CliError::Failed(format!("cannot write `{}`: {e}", path.display())))
}

fn report(header: &Header, games: &[GameRecord]) -> Report {
    let variants = header
        .variants
        .iter()
        .enumerate()
        .map(|(v, rv)| {
            let mine: Vec<GameRecord> = games.iter().filter(|g| g.variant == v).cloned().collect();
            let mut summary = summarise(&rv.info, &mine);
            summary.piece_values = rv.tables().and_then(|t| learned_values(&t, &mine));
            summary
        })
        .collect();
    Report {
        koma_analyse: FORMAT,
        settings: header.settings.clone(),
        variants,
    }
}

/// Says on standard error when the games fall short of the run (an unfinished shard).
fn warn_missing(header: &Header, report: &Report) {
    let expected = match header.shard {
        Some(s) => (0..header.settings.games)
            .filter(|&i| s.contains(i))
            .count(),
        None => header.settings.games as usize,
    };
    for v in &report.variants {
        if v.games < expected {
            eprintln!(
                "warning: {} of {expected} games of {} are in the report",
                v.games, v.variant
            );
        }
    }
}

/// Plays the run the arguments describe (what its checkpoint lacks) and returns its header
/// and every game.
fn play(args: &AnalyseArgs) -> Result<(Header, Vec<GameRecord>), CliError> {
    let time = args
        .time
        .as_deref()
        .map(|t| seconds(t).map_err(|e| CliError::Usage(format!("--time {e}"))))
        .transpose()?;
    let shard = args.shard.as_deref().map(Shard::parse).transpose()?;
    let settings = Settings {
        games: args.games,
        seed: args.seed,
        nodes: match (args.nodes, args.depth, time) {
            (None, None, None) => Some(DEFAULT_NODES),
            (n, _, _) => n,
        },
        depth: args.depth,
        time: time.map(|t| t.as_secs_f64()),
        random_plies: args.random_plies,
        max_plies: args.max_plies,
        hash: args.hash,
    };
    let mut variants = Vec::new();
    let mut run_variants = Vec::new();
    for path in &args.files {
        let tables = load_tables(path)?;
        if koma_runtime::Position::start(tables.clone()).is_none() {
            return Err(CliError::Failed(format!(
                "`{}`: {} has no start position (no `setup`), so there is no game to play \
                 from; koma analyse needs a variant with a setup",
                path.display(),
                tables.spec().name
            )));
        }
        let sp = self_play(tables.clone(), &settings);
        run_variants.push(RunVariant::new(
            &tables,
            VariantInfo::new(&tables, &sp.piece_values()),
        ));
        variants.push(sp);
    }
    let header = Header {
        koma_analyse: FORMAT,
        settings,
        variants: run_variants,
        shard,
    };
    let path = checkpoint_path(args);
    // `--resume` without a checkpoint starts one: a retried shard resumes or starts alike.
    let (mut writer, mut games) = if args.resume && path.exists() {
        Writer::resume(&path, &header)?
    } else {
        (Writer::create(&path, &header)?, Vec::new())
    };
    let jobs = jobs(&header, &games);
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |n| n as usize,
    );
    let mut bar = progress::Progress::new(games.len(), games.len() + jobs.len());
    let mut write_error = None;
    play_games(&variants, &jobs, threads, &mut |game| {
        if let Err(e) = writer.append(&game) {
            write_error = Some(e);
            return false;
        }
        games.push(game);
        bar.game_done();
        true
    });
    bar.finish();
    if let Some(e) = write_error {
        return Err(CliError::Failed(format!(
            "cannot write the checkpoint `{}`: {e}; the {} games written are kept, run again \
             with --resume when there is room",
            writer.path.display(),
            games.len()
        )));
    }
    Ok((header, games))
}

/// The games of the run (or shard) that `done` lacks, file by file, in order.
fn jobs(header: &Header, done: &[GameRecord]) -> Vec<Job> {
    let have: std::collections::HashSet<(usize, u64)> =
        done.iter().map(|g| (g.variant, g.index)).collect();
    let mut out = Vec::new();
    for variant in 0..header.variants.len() {
        for index in 0..header.settings.games {
            let mine = header.shard.is_none_or(|s| s.contains(index));
            if mine && !have.contains(&(variant, index)) {
                out.push(Job { variant, index });
            }
        }
    }
    out
}

fn self_play(tables: Arc<Tables>, s: &Settings) -> SelfPlay {
    let engine = EngineSpec {
        text: "koma".to_string(),
        kind: EngineKind::Koma,
        name: None,
        depth: s.depth,
        nodes: s.nodes,
        control: None,
        threads: Some(1),
        hash: s.hash as usize,
        variant: None,
        send_start: false,
        weights: WeightChoice::default(),
        // A design's draws are measured as they are: no side plays on against a draw.
        contempt: Some(0),
        technique: true,
    };
    SelfPlay {
        tables,
        engine,
        control: s
            .time
            .map(|t| TimeControl::PerMove(std::time::Duration::from_secs_f64(t))),
        random_plies: s.random_plies,
        seed: s.seed,
        rules: Rules {
            max_plies: Some(s.max_plies as usize),
            margin: std::time::Duration::from_secs(5),
            move_timeout: std::time::Duration::from_secs(600),
        },
    }
}

/// The checksum of the compiled tables (the last eight bytes of `koma compile`'s file).
fn checkpoint_path(args: &AnalyseArgs) -> PathBuf {
    match (&args.checkpoint, &args.output) {
        (Some(p), _) => p.clone(),
        (None, Some(out)) => out.with_extension("games.jsonl"),
        (None, None) => PathBuf::from("koma-analyse.games.jsonl"),
    }
}
