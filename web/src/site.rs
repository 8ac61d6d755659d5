//! One variant file as the page shows it: compiled (checks and lints), with its board, pieces,
//! diagrams and rules in words, and the hashes of the texts it was compiled from, which tell
//! when a file changed on disk.

use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use koma_compiler::Loaded;
use koma_compiler::diagnostic::{Diagnostic, Lines, Location, Severity, SourceMap};
use koma_compiler::diagram::{Scene, draw_piece, piece_notes, piece_title, render_svg};
use koma_compiler::ir::Variant;
use koma_compiler::lint::{self, LintConfig};
use koma_compiler::loader::{DiskLoader, FileLoader};
use koma_runtime::spec::{Coord, PieceType, Player};
use koma_runtime::{Position, Tables};

use crate::api::{
    BoardInfo, DiagnosticInfo, LabelInfo, PieceInfo, SquareInfo, VariantData, VariantInfo,
};
use crate::words;

/// A compiled variant file: what the page shows and the tables that play it.
#[derive(Debug)]
pub struct Compiled {
    pub info: VariantInfo,
    /// `Some` when the file has no errors.
    pub tables: Option<Arc<Tables>>,
    variant: Option<Variant>,
    /// Every file read, with the hash of the text compiled.
    stamps: Vec<Stamp>,
    /// Every file read, with its text.
    sources: SourceMap,
}

/// A file and the hash of its text. The hash is of the text the compiler read, not of a later
/// look at the file: a save between the two is seen at the next look, and a file read while
/// half written is compiled again once the save ends.
type Stamp = (PathBuf, u64);

impl Compiled {
    /// Checks, lints and compiles the file at `path`; `diagram_url(n, version)` says where the
    /// page finds piece `n`'s diagram in this version of the file.
    pub fn load(path: &Path, diagram_url: &dyn Fn(usize, u64) -> String) -> Compiled {
        Compiled::new(
            path.display().to_string(),
            koma_compiler::load(path),
            diagram_url,
        )
    }

    /// Checks, lints and compiles `text`, shown as the file `file`; `loader` reads the files it
    /// extends (the page without a server keeps them in memory).
    pub fn from_text(
        file: &str,
        text: &str,
        loader: &dyn FileLoader,
        diagram_url: &dyn Fn(usize, u64) -> String,
    ) -> Compiled {
        let loaded = koma_compiler::load_source(file, text, loader);
        Compiled::new(file.to_string(), loaded, diagram_url)
    }

    fn new(file: String, loaded: Loaded, diagram_url: &dyn Fn(usize, u64) -> String) -> Compiled {
        let tables = loaded.tables().ok();
        let mut diagnostics = loaded.diagnostics;
        if let Some(variant) = &loaded.variant {
            diagnostics.extend(lint::lint(variant, &loaded.sources, &LintConfig::default()));
        }
        let stamps: Vec<Stamp> = loaded
            .sources
            .iter()
            .map(|(_, f)| (PathBuf::from(&f.name), text_hash(&f.text)))
            .collect();
        let version = version(&stamps);
        let data = match (&loaded.variant, &tables) {
            (Some(v), Some(t)) => Some(variant_data(v, t, &|n| diagram_url(n, version))),
            _ => None,
        };
        let info = VariantInfo {
            file,
            version,
            variant: data,
            diagnostics: {
                let lines = Lines::new(&loaded.sources);
                diagnostics
                    .iter()
                    .map(|d| diagnostic_info(&lines, d))
                    .collect()
            },
            engine: false,
        };
        Compiled {
            info,
            tables,
            variant: loaded.variant,
            stamps,
            sources: loaded.sources,
        }
    }

    /// True when the text of a file it was compiled from changed since (a file that cannot be
    /// read counts as empty, as the compiler shows it).
    pub fn is_stale(&self) -> bool {
        self.stamps
            .iter()
            .any(|(p, hash)| text_hash(&DiskLoader.load(p).unwrap_or_default()) != *hash)
    }

    /// The move diagram of piece `n` as SVG with its legend: the picture `koma diagram FILE
    /// PIECE --format svg` draws.
    pub fn diagram_svg(&self, n: usize) -> Option<String> {
        let variant = self.variant.as_ref()?;
        let piece = variant.pieces.get(n)?;
        let drawn = draw_piece(variant, piece, &Scene::for_piece(variant, piece, false));
        Some(render_svg(&drawn, &piece_title(variant, piece)))
    }

    /// The name and text of every file compiled, the variant's own first: what a page without
    /// a server compiles again.
    pub fn sources(&self) -> impl Iterator<Item = (&str, &str)> {
        self.sources
            .iter()
            .map(|(_, f)| (f.name.as_str(), f.text.as_str()))
    }

    pub fn piece_count(&self) -> usize {
        self.variant.as_ref().map_or(0, |v| v.pieces.len())
    }
}

fn text_hash(text: &str) -> u64 {
    let mut h = DefaultHasher::new();
    text.hash(&mut h);
    h.finish()
}

fn version(stamps: &[Stamp]) -> u64 {
    let mut h = DefaultHasher::new();
    stamps.hash(&mut h);
    // Keep it exact in JavaScript numbers.
    h.finish() >> 11
}

/// The squares of `player`'s promotion zone as the runtime reads it (its own, or the first
/// player's turned around).
fn zone_names(v: &Variant, t: &Tables, player: Player) -> Vec<String> {
    let own = t.promotion_zone(player);
    let geo = t.geo();
    geo.squares()
        .filter(|sq| own.get(sq.index()).copied().unwrap_or(false))
        .map(|sq| v.board.square_name(geo.coord(sq)))
        .collect()
}

fn variant_data(
    v: &Variant,
    t: &Arc<Tables>,
    diagram_url: &dyn Fn(usize) -> String,
) -> VariantData {
    let b = &v.board;
    let name = |c: Coord| b.square_name(c);
    let squares = b
        .squares()
        .map(|c| SquareInfo {
            name: name(c),
            x: c.x,
            y: c.y,
        })
        .collect();
    let (files, ranks) = b.names.edge_labels(b.width, b.height, |c| b.contains(c));
    let board = BoardInfo {
        width: b.width,
        height: b.height,
        files,
        ranks,
        squares,
        vanishing: b.vanishing.iter().map(|c| name(c.value)).collect(),
        zone: zone_names(v, t, Player::First),
        zone_second: zone_names(v, t, Player::Second),
    };
    let id = |p: PieceType| v.piece(p).id.clone();
    let pieces = v
        .pieces
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let me = PieceType(i as u16);
            let promoted_from: Vec<String> = v
                .pieces
                .iter()
                .filter(|o| o.promotions.iter().any(|q| q.value == me))
                .map(|o| o.id.clone())
                .collect();
            PieceInfo {
                index: i,
                id: p.id.clone(),
                name: p.name.clone(),
                glyph: p.glyph.as_ref().map(|g| g.value.clone()),
                betza: p.betza.clone(),
                royal: p.royal.is_some(),
                promoted: !promoted_from.is_empty() && p.id.starts_with('+'),
                promotions: p.promotions.iter().map(|q| id(q.value)).collect(),
                promoted_from,
                title: piece_title(v, p),
                notes: piece_notes(v, p),
                diagram: diagram_url(i),
            }
        })
        .collect();
    let start = Position::start(t.clone())
        .unwrap_or_else(|| Position::empty(t.clone()))
        .to_text();
    let shogi = v.name.value.to_lowercase().contains("shogi")
        || v.pieces.iter().any(|p| p.id.starts_with('+'));
    VariantData {
        name: v.name.value.clone(),
        inventor: v.inventor.as_ref().map(|i| i.value.clone()),
        year: v.year.as_ref().map(|y| y.value),
        source: v.source.as_ref().map(|s| s.value.clone()),
        board,
        pieces,
        start,
        style: if shogi { "shogi" } else { "chess" }.to_string(),
        drops: t.spec().rules.drops.has_hands(),
        rules: words::rules(v, &t.spec()),
    }
}

fn diagnostic_info(lines: &Lines<'_>, d: &Diagnostic) -> DiagnosticInfo {
    let (file, line, column, source_line) = locate(lines, d.primary.location);
    DiagnosticInfo {
        severity: match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
        .to_string(),
        code: d.code.clone(),
        message: d.message.clone(),
        file,
        line,
        column,
        source_line,
        label: d.primary.message.clone(),
        labels: d
            .secondary
            .iter()
            .map(|l| {
                let (file, line, column, source_line) = locate(lines, l.location);
                LabelInfo {
                    file,
                    line,
                    column,
                    source_line,
                    message: l.message.clone(),
                }
            })
            .collect(),
        help: d.help.clone(),
    }
}

/// The file name, 1-based line and column, and source line of a location.
fn locate(lines: &Lines<'_>, at: Location) -> (String, usize, usize, String) {
    let located = lines.locate(at);
    let (line, column) = located.start;
    (located.file, line, column, lines.line_text(at).to_string())
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::Compiled;

    /// The page gets every label of a diagnostic, as the command line shows them: a duplicate
    /// piece says where the first one was defined (issue 27, point 9).
    #[test]
    fn diagnostics_carry_their_secondary_labels() {
        let file = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../tests/fixtures/check/error/E0105-duplicate-piece.koma");
        let compiled = Compiled::load(&file, &|n, _| format!("{n}"));
        let duplicate = compiled
            .info
            .diagnostics
            .iter()
            .find(|d| d.code == "E0105")
            .expect("the duplicate piece");
        assert_eq!(duplicate.line, 8);
        let first = duplicate.labels.first().expect("a secondary label");
        assert_eq!((first.line, first.column), (6, 3));
        assert!(first.source_line.contains("\"Gold\""), "{first:?}");
        assert!(!first.message.is_empty());
    }
}
