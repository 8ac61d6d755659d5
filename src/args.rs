//! Every clap type of the `koma` command line.

use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};

/// koma: a compiler and runtime for chess and shogi variant definitions.
#[derive(Debug, Parser)]
#[command(name = "koma", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Validate variant files; exit 0 when there are no errors (warnings allowed), 1 otherwise.
    Check(CheckArgs),
    /// Lint variant files: legal but probably wrong definitions.
    Lint(LintArgs),
    /// Explain a diagnostic or lint code.
    Explain(ExplainArgs),
    /// Draw the moves of a piece of a variant, or of an XBetza string.
    Diagram(DiagramArgs),
    /// List the legal moves of a position.
    Moves(MovesArgs),
    /// Count the leaf nodes of the move tree to a given depth.
    Perft(PerftArgs),
    /// Compile a variant into a tables file that `perft` and `moves` can load.
    Compile(CompileArgs),
    /// Convert an Interactive Diagram parameter block into a .koma file.
    Import(ImportArgs),
    /// Write a variant for another program: a Fairy-Stockfish variants.ini section or an
    /// Interactive Diagram parameter block; refuses, with located reasons, what it cannot say.
    Export(ExportArgs),
    /// Measure move-generation speed on the benchmark positions.
    Bench(BenchArgs),
    /// Run the engine under the XBoard/WinBoard protocol (CECP v2) on standard input and output.
    Xboard(XboardArgs),
    /// Run the engine under the UCI protocol on standard input and output.
    Uci(UciArgs),
    /// Play against the engine in the terminal.
    Play(PlayArgs),
    /// Print the piece values the engine estimates for a variant.
    Values(ValuesArgs),
    /// Referee a match between two engines (koma in-process, CECP or UCI programs).
    Match(MatchArgs),
    /// Self-play statistics for a designer: balance, game ends, length, material, piece use,
    /// Ludii's metrics; several files side by side; HTML or JSON report.
    Analyse(AnalyseArgs),
    /// Learn piece values and evaluation weights from self-play games (logistic tuning).
    Tune(TuneArgs),
    /// See and play variants in the browser: a local web app.
    Serve(ServeArgs),
    /// Write a variant's pages (board, pieces, diagrams, rules) as a static site.
    Book(BookArgs),
    /// Rewrite variant files in the canonical layout.
    Fmt(FmtArgs),
    /// Serve the Language Server Protocol on standard input and output, for editors.
    Lsp(LspArgs),
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum ReportFormat {
    #[default]
    Human,
    Short,
    Json,
}

#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    #[arg(long, value_enum, default_value_t)]
    pub format: ReportFormat,
}

#[derive(Debug, clap::Args)]
pub struct LintArgs {
    #[arg(required_unless_present = "list")]
    pub files: Vec<PathBuf>,
    #[arg(long, value_enum, default_value_t)]
    pub format: ReportFormat,
    /// Allow a lint (repeatable).
    #[arg(long, value_name = "CODE")]
    pub allow: Vec<String>,
    /// Make a lint an error (repeatable).
    #[arg(long, value_name = "CODE")]
    pub deny: Vec<String>,
    /// Make every warning an error.
    #[arg(long)]
    pub deny_warnings: bool,
    /// Apply machine-applicable suggestions to the files.
    #[arg(long)]
    pub fix: bool,
    /// List every lint code.
    #[arg(long)]
    pub list: bool,
}

#[derive(Debug, clap::Args)]
pub struct FmtArgs {
    #[arg(required = true)]
    pub files: Vec<std::path::PathBuf>,
    /// Change nothing; list the files that are not formatted and exit 1 if there are any.
    #[arg(long)]
    pub check: bool,
}

/// `koma lsp` takes no options: the editor starts it and speaks LSP on its stdin and stdout.
#[derive(Debug, clap::Args)]
pub struct LspArgs {}

#[derive(Debug, clap::Args)]
pub struct ExplainArgs {
    pub code: String,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum DiagramFormat {
    #[default]
    Text,
    Svg,
    Json,
}

#[derive(Debug, clap::Args)]
pub struct DiagramArgs {
    /// A variant file (with PIECE), unless --betza is given.
    #[arg(required_unless_present = "betza", requires = "piece")]
    pub file: Option<PathBuf>,
    /// The piece ID within the variant file.
    pub piece: Option<String>,
    /// An XBetza string to draw on its own.
    #[arg(long, conflicts_with = "file")]
    pub betza: Option<String>,
    /// Board size, WxH (default 9x9, or the variant's board).
    #[arg(long)]
    pub board: Option<String>,
    /// The square the piece stands on (default: the centre).
    #[arg(long)]
    pub from: Option<String>,
    /// A friendly dummy piece (repeatable).
    #[arg(long)]
    pub friend: Vec<String>,
    /// An enemy dummy piece (repeatable).
    #[arg(long)]
    pub enemy: Vec<String>,
    /// Draw the moves of the second player.
    #[arg(long)]
    pub second: bool,
    #[arg(long, value_enum, default_value_t)]
    pub format: DiagramFormat,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum MovesFormat {
    #[default]
    Text,
    Json,
}

#[derive(Debug, clap::Args)]
pub struct MovesArgs {
    pub file: PathBuf,
    /// Position (FEN or koma position text); default the start position.
    #[arg(long)]
    pub fen: Option<String>,
    /// The numbered start position of a game with a `shuffle` (Chess960: 0 to 959).
    #[arg(long, conflicts_with = "fen")]
    pub start: Option<u64>,
    /// Moves to play first, separated by spaces (`"e2e4 e7e5"`); the position text after them
    /// is printed before the moves.
    #[arg(long, value_name = "MOVES")]
    pub play: Option<String>,
    #[arg(long, value_enum, default_value_t)]
    pub format: MovesFormat,
}

#[derive(Debug, clap::Args)]
pub struct PerftArgs {
    /// A variant file or a compiled tables file.
    pub file: PathBuf,
    #[arg(long)]
    pub depth: u32,
    #[arg(long)]
    pub fen: Option<String>,
    /// The numbered start position of a game with a `shuffle` (Chess960: 0 to 959).
    #[arg(long, conflicts_with = "fen")]
    pub start: Option<u64>,
    /// Print the count below each first move.
    #[arg(long)]
    pub divide: bool,
    /// Threads to count with (the first moves are shared out); default: every core.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub threads: Option<u32>,
}

#[derive(Debug, clap::Args)]
pub struct CompileArgs {
    pub file: PathBuf,
    #[arg(short = 'o', long = "output")]
    pub output: PathBuf,
}

#[derive(Debug, clap::Args)]
pub struct ImportArgs {
    /// The parameter block or variants.ini, or `-` for standard input.
    pub file: PathBuf,
    /// What the input is; by default an input with a `[name]` section line is an ini.
    #[arg(long = "from", value_enum)]
    pub from: Option<ImportSource>,
    /// The ini section to import (needed when the file has several).
    #[arg(long)]
    pub section: Option<String>,
    #[arg(short = 'o', long = "output")]
    pub output: Option<PathBuf>,
}

/// What `koma import` reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ImportSource {
    /// An Interactive Diagram parameter block.
    Id,
    /// A Fairy-Stockfish `variants.ini` section.
    Fsf,
}

/// The program `koma export` writes for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ExportTarget {
    /// A Fairy-Stockfish `variants.ini` section.
    Fsf,
    /// An Interactive Diagram parameter block (what `koma import` reads).
    Id,
}

#[derive(Debug, clap::Args)]
pub struct ExportArgs {
    /// The variant file.
    pub file: PathBuf,
    #[arg(long = "to", value_enum)]
    pub to: ExportTarget,
    #[arg(short = 'o', long = "output")]
    pub output: Option<PathBuf>,
    /// `json`: one object with the written `text` (null when refused) and the `diagnostics`.
    #[arg(long, value_enum, default_value_t)]
    pub format: ReportFormat,
}

#[derive(Debug, clap::Args)]
pub struct BenchArgs {
    /// The koma source tree (holding `variants/` and `tests/fixtures/bench/`).
    #[arg(long, default_value = ".")]
    pub root: PathBuf,
    /// Threads per perft (1 measures single-thread speed); `--search` always uses one.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub threads: u32,
    /// Time the engine's search instead of perft: nodes per second at a fixed depth.
    #[arg(long)]
    pub search: bool,
    /// With `--search`: searches of each position, from a fresh table each; the median counts.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub repeat: u32,
}

#[derive(Debug, clap::Args)]
pub struct XboardArgs {
    /// The variants to offer (variant files or compiled tables).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Number ranks from 0, for XBoard's `-rankOffset 1` (XBoard 4.9.1 mishandles rank 16).
    #[arg(long)]
    pub zero_based_ranks: bool,
}

#[derive(Debug, clap::Args)]
pub struct UciArgs {
    /// The variants to offer through the `UCI_Variant` option.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
}

#[derive(Debug, clap::Args)]
pub struct PlayArgs {
    pub file: PathBuf,
    /// Start from this position instead of the start position.
    #[arg(long)]
    pub fen: Option<String>,
    /// Seconds the engine thinks per move.
    #[arg(long, default_value_t = 2.0)]
    pub engine_time: f64,
    /// Play the second player (the engine moves first).
    #[arg(long)]
    pub second: bool,
}

#[derive(Debug, clap::Args)]
pub struct ValuesArgs {
    pub file: PathBuf,
}

#[derive(Debug, clap::Args)]
pub struct TuneArgs {
    /// The variant (a .koma file, or compiled tables when nothing is written).
    pub file: PathBuf,
    /// Self-play games to learn from.
    #[arg(long, default_value_t = 400, value_parser = clap::value_parser!(u32).range(1..))]
    pub games: u32,
    /// Nodes the engine searches a move in the self-play games.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: u64,
    /// Random legal moves at the start of each game (each game has its own).
    #[arg(long, default_value_t = 8)]
    pub random_plies: usize,
    /// A game still going after this many plies is a draw.
    #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_plies: u32,
    /// Seed of the random opening moves (the same seed gives the same games).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Learn only from positions whose material (royals aside) is at least this share of the
    /// start's: the late endgame of fast games is a pawn race that overrates the Pawn.
    #[arg(long, default_value_t = 0.25, value_parser = share)]
    pub min_material: f64,
    /// Threads playing games; default: every core.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub threads: Option<u32>,
    /// `json`: one JSON object with every learned value and weight, for scripts.
    #[arg(long, value_enum, default_value_t)]
    pub format: MatchFormat,
    /// Write the learned values into FILE as `value N` on the piece lines.
    #[arg(long, conflicts_with = "output")]
    pub write: bool,
    /// Write a copy of FILE with the learned values to this path.
    #[arg(short = 'o', long)]
    pub output: Option<PathBuf>,
}

#[derive(Debug, clap::Args)]
pub struct ServeArgs {
    /// The variant files to serve (nothing else is served).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// The port to listen on (0: any free port).
    #[arg(long, default_value_t = 8357)]
    pub port: u16,
    /// The address to listen on; the default serves this machine only.
    #[arg(long, default_value = "127.0.0.1")]
    pub bind: std::net::IpAddr,
    /// Open the page in the default browser.
    #[arg(long)]
    pub open: bool,
    /// Start games from this position (FEN or koma position text).
    #[arg(long)]
    pub fen: Option<String>,
}

#[derive(Debug, clap::Args)]
pub struct BookArgs {
    pub file: PathBuf,
    /// The folder to write the site into (created when missing).
    #[arg(short = 'o', long = "output")]
    pub output: PathBuf,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum MatchFormat {
    #[default]
    Human,
    Json,
}

#[derive(Debug, clap::Args)]
pub struct MatchArgs {
    /// The variant to play (a .koma file or compiled tables); it judges every move.
    pub file: PathBuf,
    /// An engine, twice: A (the baseline) then B. `koma[:depth=N,nodes=N,tc=B+I,st=S,
    /// threads=N,hash=MB,name=X,eval=base|default,w.TERM=N,contempt=CP]`, `cecp:[KEY=VALUE,...,]cmd=COMMAND`, `uci:[...,]cmd=COMMAND`
    /// (also `variant=NAME`); docs/engine.md has the details.
    #[arg(long = "engine", value_name = "SPEC", required = true, num_args = 1)]
    pub engines: Vec<String>,
    /// Games to play (pairs share an opening, colours swapped).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..))]
    pub games: u32,
    /// Games played at once; default: every core.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub concurrency: Option<u32>,
    /// A clock for each engine that sets none: BASE+INC in seconds (`10+0.1`, `1:00+1`).
    #[arg(long, conflicts_with = "st")]
    pub tc: Option<String>,
    /// A fixed time a move, in seconds, for each engine that sets none.
    #[arg(long)]
    pub st: Option<String>,
    /// Random legal moves played at the start of each game pair (after --openings).
    #[arg(long, default_value_t = 0)]
    pub random_plies: usize,
    /// Seed of the random opening moves (the same seed gives the same openings).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// A file of openings, one a line: moves from the start, or `fen POSITION [moves ...]`.
    #[arg(long)]
    pub openings: Option<PathBuf>,
    /// In a game with a `shuffle` (Chess960), every pair starts from this numbered array;
    /// without it each pair draws one at random (from --seed).
    #[arg(long, conflicts_with = "openings")]
    pub start: Option<u64>,
    /// Adjudicate a game as a draw after this many plies (the opening's included).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_plies: Option<u32>,
    /// Seconds an engine is waited for beyond its time before it is called hung.
    #[arg(long, default_value = "5")]
    pub margin: String,
    /// Seconds an engine that no time bounds (depth or node limits) may take for a move.
    #[arg(long, default_value = "60")]
    pub move_timeout: String,
    /// Write the games to this PGN file.
    #[arg(long)]
    pub pgn: Option<PathBuf>,
    /// Sequential test of "B is better than A": elo0,elo1,alpha,beta (`0,10,0.05,0.05`); the
    /// match stops when a bound is reached.
    #[arg(long)]
    pub sprt: Option<String>,
    /// `json`: one JSON object with the summary and every game, for scripts.
    #[arg(long, value_enum, default_value_t)]
    pub format: MatchFormat,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum AnalyseFormat {
    #[default]
    Human,
    Json,
}

#[derive(Debug, clap::Args)]
pub struct AnalyseArgs {
    /// Variant files to play (koma against itself); two or more are reported side by side.
    #[arg(required_unless_present = "from_checkpoint")]
    pub files: Vec<PathBuf>,
    /// Games for each file; game i starts from seed S+i.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..))]
    pub games: u64,
    /// Nodes a move (the default limit: 1000); games are the same on every machine.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// Plies a move, instead of a node limit.
    #[arg(long, conflicts_with = "nodes", value_parser = clap::value_parser!(u32).range(1..=100))]
    pub depth: Option<u32>,
    /// Seconds a move, instead of a node limit (games then depend on the machine's speed).
    #[arg(long, conflicts_with_all = ["nodes", "depth"], allow_hyphen_values = true)]
    pub time: Option<String>,
    /// Games played at once; default: every core. The results do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub threads: Option<u32>,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Random legal moves at the start of each game (drawn from its seed).
    #[arg(long, default_value_t = 4)]
    pub random_plies: usize,
    /// A game still running after this many plies is stopped as a draw (`ply limit`).
    #[arg(long, default_value_t = 500, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_plies: u32,
    /// Transposition table of each player, in MB.
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u64).range(1..=4096))]
    pub hash: u64,
    /// Write the report here: JSON when the name ends in `.json`, else a self-contained HTML page.
    #[arg(short = 'o', long = "output", value_name = "REPORT")]
    pub output: Option<PathBuf>,
    /// `json`: the report as JSON on standard output (progress stays on standard error).
    #[arg(long, value_enum, default_value_t)]
    pub format: AnalyseFormat,
    /// Every finished game is appended here (JSON lines); default: REPORT with the extension
    /// `.games.jsonl`, or `koma-analyse.games.jsonl`.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// Continue the run recorded in the checkpoint, playing only the games it lacks.
    #[arg(long)]
    pub resume: bool,
    /// Play only shard I of N (1-based): the games i with i mod N = I - 1.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<String>,
    /// Draw the report from these checkpoints alone (shards are merged); plays no game.
    #[arg(long = "from-checkpoint", value_name = "FILE", conflicts_with_all = ["files", "resume", "shard", "checkpoint"])]
    pub from_checkpoint: Vec<PathBuf>,
}

/// A share from 0 to 1.
fn share(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(v) if (0.0..=1.0).contains(&v) => Ok(v),
        _ => Err(format!("`{text}` is not a share from 0 to 1")),
    }
}
