//! The checkpoint of `koma analyse`: JSON lines, a header (the settings, the variants with
//! their pieces and their compiled tables, the shard) then one finished game a line.
//! A line is written whole and flushed as soon as its game ends, so an interruption loses at
//! most the line being written; reading drops such a partial last line. The report is drawn
//! from these lines alone, and shards' checkpoints merge into the run they are parts of.

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use koma_engine::analyse::GameRecord;
use koma_engine::analyse::summary::VariantInfo;
use koma_runtime::{Tables, serialize};
use serde::{Deserialize, Serialize};

use crate::commands::CliError;

/// The version of the checkpoint and report formats.
pub const FORMAT: u32 = 1;

/// What decides the games of a run (the same settings give the same games).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    pub games: u64,
    pub seed: u64,
    pub nodes: Option<u64>,
    pub depth: Option<u32>,
    /// Seconds a move.
    pub time: Option<f64>,
    pub random_plies: usize,
    pub max_plies: u32,
    pub hash: u64,
}

impl Settings {
    /// The search limit a move, in words (`1000 nodes a move`, `depth 6`, `0.5 s a move`).
    pub fn limit(&self) -> String {
        match (self.nodes, self.depth, self.time) {
            (Some(n), _, _) => format!("{n} nodes a move"),
            (_, Some(d), _) => format!("depth {d}"),
            (_, _, Some(t)) => format!("{t} s a move"),
            _ => String::new(),
        }
    }
}

/// A variant of the run: what the report names, and its compiled tables.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunVariant {
    #[serde(flatten)]
    pub info: VariantInfo,
    /// The compiled tables (`koma compile`'s bytes) in hex: a changed file is a different run,
    /// and the report's piece values are learned from the checkpoint alone.
    pub compiled: String,
}

impl RunVariant {
    pub fn new(tables: &Tables, info: VariantInfo) -> RunVariant {
        let bytes = serialize::encode(&tables.spec());
        RunVariant {
            info,
            compiled: bytes.iter().map(|b| format!("{b:02x}")).collect(),
        }
    }

    /// The tables back from the checkpoint; `None` when the text is not a compiled variant.
    pub fn tables(&self) -> Option<Arc<Tables>> {
        let hex = self.compiled.as_bytes();
        let bytes: Option<Vec<u8>> = hex
            .chunks(2)
            .map(|pair| u8::from_str_radix(std::str::from_utf8(pair).ok()?, 16).ok())
            .collect();
        let spec = serialize::decode(&bytes?).ok()?;
        Tables::try_new(spec).ok().map(Arc::new)
    }
}

/// Shard `index` (1-based) of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

impl Shard {
    /// Reads `I/N` with `1 <= I <= N`.
    pub fn parse(text: &str) -> Result<Shard, CliError> {
        let bad = || CliError::Usage(format!("--shard `{text}`: expected I/N with 1 <= I <= N"));
        let (i, n) = text.split_once('/').ok_or_else(bad)?;
        let (index, count) = (
            i.trim().parse::<u64>().map_err(|_| bad())?,
            n.trim().parse::<u64>().map_err(|_| bad())?,
        );
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    pub fn contains(&self, game: u64) -> bool {
        game % self.count == self.index - 1
    }
}

/// The first line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header {
    pub koma_analyse: u32,
    pub settings: Settings,
    pub variants: Vec<RunVariant>,
    pub shard: Option<Shard>,
}

impl Header {
    /// Whether two checkpoints hold games of the same run (shards aside).
    fn same_run(&self, other: &Header) -> bool {
        self.koma_analyse == other.koma_analyse
            && self.settings == other.settings
            && self.variants == other.variants
    }
}

/// A checkpoint as read: its header and its games.
#[derive(Debug)]
pub struct Loaded {
    pub header: Header,
    pub games: Vec<GameRecord>,
    /// Bytes of whole lines (a partial last line lies beyond).
    pub whole_bytes: u64,
}

fn failed(path: &Path, why: impl std::fmt::Display) -> CliError {
    CliError::Failed(format!("checkpoint `{}`: {why}", path.display()))
}

/// Reads a checkpoint; a last line without its newline (an interrupted write) is left out.
pub fn read(path: &Path) -> Result<Loaded, CliError> {
    let bytes = std::fs::read(path).map_err(|e| failed(path, e))?;
    let whole = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let text = std::str::from_utf8(&bytes[..whole]).map_err(|_| failed(path, "not UTF-8"))?;
    let mut lines = text.lines().enumerate();
    let header: Header = match lines.next() {
        Some((_, line)) => serde_json::from_str(line)
            .map_err(|e| failed(path, format!("line 1 is not a koma analyse header: {e}")))?,
        None => return Err(failed(path, "no header line (is it a checkpoint?)")),
    };
    if header.koma_analyse != FORMAT {
        return Err(failed(
            path,
            format!("format {} (this koma reads {FORMAT})", header.koma_analyse),
        ));
    }
    let mut games = Vec::new();
    for (i, line) in lines {
        let game: GameRecord =
            serde_json::from_str(line).map_err(|e| failed(path, format!("line {}: {e}", i + 1)))?;
        if game.variant >= header.variants.len() || game.index >= header.settings.games {
            return Err(failed(
                path,
                format!("line {}: a game outside the run", i + 1),
            ));
        }
        games.push(game);
    }
    Ok(Loaded {
        header,
        games,
        whole_bytes: whole as u64,
    })
}

/// Merges checkpoints of one run (shards, or a run and its resumption): every game once, in
/// order. Checkpoints of different runs, or two different games under one number, are
/// refused.
pub fn merge(paths: &[PathBuf]) -> Result<(Header, Vec<GameRecord>), CliError> {
    let mut header: Option<Header> = None;
    let mut games: BTreeMap<(usize, u64), GameRecord> = BTreeMap::new();
    for path in paths {
        let loaded = read(path)?;
        match &header {
            Some(h) if !h.same_run(&loaded.header) => {
                return Err(failed(
                    path,
                    format!(
                        "its settings or variants differ from `{}`",
                        paths[0].display()
                    ),
                ));
            }
            Some(_) => {}
            None => header = Some(loaded.header.clone()),
        }
        for g in loaded.games {
            let key = (g.variant, g.index);
            match games.get(&key) {
                Some(old) if *old != g => {
                    return Err(failed(
                        path,
                        format!("game {} differs from the one already read", g.index),
                    ));
                }
                Some(_) => {}
                None => {
                    games.insert(key, g);
                }
            }
        }
    }
    let mut header = header.ok_or_else(|| CliError::Usage("no checkpoint given".into()))?;
    header.shard = None;
    Ok((header, games.into_values().collect()))
}

/// An open checkpoint that finished games are appended to.
#[derive(Debug)]
pub struct Writer {
    file: File,
    pub path: PathBuf,
}

impl Writer {
    /// Starts a checkpoint at `path` with `header`; a file already there is a usage error
    /// (it may hold games: `--resume` continues it).
    pub fn create(path: &Path, header: &Header) -> Result<Writer, CliError> {
        let mut file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)
            .map_err(|e| match e.kind() {
                std::io::ErrorKind::AlreadyExists => CliError::Usage(format!(
                    "checkpoint `{}` exists: give --resume to continue its run, or remove it",
                    path.display()
                )),
                _ => CliError::Usage(format!(
                    "cannot write the checkpoint `{}`: {e}",
                    path.display()
                )),
            })?;
        let line = serde_json::to_string(header).map_err(|e| failed(path, e))?;
        writeln!(file, "{line}").map_err(|e| failed(path, e))?;
        Ok(Writer {
            file,
            path: path.to_path_buf(),
        })
    }

    /// Opens the checkpoint of the run `header` describes to add games; returns the games it
    /// holds. A partial last line is cut off first.
    pub fn resume(path: &Path, header: &Header) -> Result<(Writer, Vec<GameRecord>), CliError> {
        let loaded = read(path)?;
        if loaded.header != *header {
            return Err(CliError::Usage(format!(
                "checkpoint `{}` was written by a run with other settings, files or shard; \
                 give the same arguments to resume it",
                path.display()
            )));
        }
        let file = OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(|e| failed(path, e))?;
        file.set_len(loaded.whole_bytes)
            .map_err(|e| failed(path, e))?;
        let mut file = file;
        use std::io::Seek;
        file.seek(std::io::SeekFrom::End(0))
            .map_err(|e| failed(path, e))?;
        Ok((
            Writer {
                file,
                path: path.to_path_buf(),
            },
            loaded.games,
        ))
    }

    /// Appends a finished game as one line, written whole and flushed.
    pub fn append(&mut self, game: &GameRecord) -> std::io::Result<()> {
        let mut line = serde_json::to_string(game).map_err(std::io::Error::other)?;
        line.push('\n');
        self.file.write_all(line.as_bytes())?;
        self.file.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_split_the_games() {
        let s = Shard::parse("2/3").expect("shard");
        assert!(s.contains(1) && s.contains(4) && !s.contains(0) && !s.contains(2));
        assert!(Shard::parse("0/3").is_err());
        assert!(Shard::parse("4/3").is_err());
        assert!(Shard::parse("x").is_err());
    }
}
