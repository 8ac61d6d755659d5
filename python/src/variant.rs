//! Loading a variant: `.koma` text or a file through the compiler (`koma_compiler::load_source`
//! and `load`, then `emit`), errors raised as a located `VariantError`; the compiled variant and
//! the names pyffish-style functions find it by.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use koma_compiler::diagnostic::did_you_mean;
use koma_compiler::diagram::{Scene, draw_piece, piece_title, render_svg};
use koma_compiler::loader::DiskLoader;
use koma_compiler::{Loaded, ir};
use koma_runtime::{Position, Tables};
use pyo3::prelude::*;

use crate::diagnostics::{self, Diagnostic};
use crate::{KomaError, PositionError};

/// A checked variant: its IR (for diagrams), its move tables, and the warnings it compiled with.
#[derive(Debug)]
pub struct Compiled {
    pub ir: ir::Variant,
    pub tables: Arc<Tables>,
    /// The name pyffish-style functions accept besides the variant's own: lower case letters
    /// and digits (`Suzumu Shogi` -> `suzumushogi`), UCI's `UCI_Variant` name.
    pub key: String,
    pub warnings: Vec<Diagnostic>,
}

/// Every variant loaded so far, by key: pyffish finds variants by name.
static LOADED: Mutex<BTreeMap<String, Arc<Compiled>>> = Mutex::new(BTreeMap::new());

fn registry() -> std::sync::MutexGuard<'static, BTreeMap<String, Arc<Compiled>>> {
    // The map stays whole even if a thread panicked while holding it.
    LOADED.lock().unwrap_or_else(|e| e.into_inner())
}

/// The names of the loaded variants (their keys), sorted.
pub fn names() -> Vec<String> {
    registry().keys().cloned().collect()
}

/// A compiled variant. Load one with `load_variant(text)` or `load_variant_file(path)`; play it
/// with `Board(variant)`. Functions that take a variant also take its name or key.
#[pyclass(frozen, module = "koma")]
#[derive(Debug)]
pub struct Variant {
    pub compiled: Arc<Compiled>,
}

impl Variant {
    /// The variant an argument names: a `Variant`, or the name or key of a loaded one.
    pub fn resolve(arg: &Bound<'_, PyAny>) -> PyResult<Arc<Compiled>> {
        if let Ok(variant) = arg.cast::<Variant>() {
            return Ok(variant.get().compiled.clone());
        }
        let name: String = arg.extract()?;
        let map = registry();
        let found = map.get(&name).or_else(|| {
            map.values()
                .find(|c| c.tables.spec().name.eq_ignore_ascii_case(&name))
        });
        match found {
            Some(compiled) => Ok(compiled.clone()),
            None => {
                let hint = did_you_mean(&name, map.keys().map(String::as_str))
                    .map(|n| format!("; did you mean `{n}`?"))
                    .unwrap_or_default();
                Err(KomaError::new_err(format!(
                    "no variant `{name}` is loaded{hint}"
                )))
            }
        }
    }
}

#[pymethods]
impl Variant {
    /// The name the file gives (`variant "Chu Shogi"`).
    #[getter]
    fn name(&self) -> &str {
        &self.compiled.tables.spec().name
    }

    /// The name in lower case letters and digits (`chushogi`), as UCI's `UCI_Variant`.
    #[getter]
    fn key(&self) -> &str {
        &self.compiled.key
    }

    /// Files (columns) of the board.
    #[getter]
    fn width(&self) -> u8 {
        self.compiled.tables.geo().width
    }

    /// Ranks (rows) of the board.
    #[getter]
    fn height(&self) -> u8 {
        self.compiled.tables.geo().height
    }

    /// The piece IDs, in the order of the file (`["P", "+P", "K", ...]`).
    #[getter]
    fn pieces(&self) -> Vec<String> {
        self.compiled
            .ir
            .pieces
            .iter()
            .map(|p| p.id.clone())
            .collect()
    }

    /// The warnings (lints) the variant compiled with.
    #[getter]
    fn warnings(&self) -> Vec<Diagnostic> {
        self.compiled.warnings.clone()
    }

    /// The start position as position text; raises `PositionError` when the variant has no
    /// `setup`.
    #[getter]
    fn start_fen(&self) -> PyResult<String> {
        Position::from_text(self.compiled.tables.clone(), "startpos")
            .map(|p| p.to_text())
            .map_err(|e| PositionError::new_err(e.to_string()))
    }

    /// The full name of the piece with this ID (`"Gold General"`).
    fn piece_name(&self, piece: &str) -> PyResult<String> {
        Ok(self.piece(piece)?.name.clone())
    }

    /// The piece's moves drawn as an SVG picture with its legend, the picture
    /// `koma diagram FILE PIECE --format svg` draws (`second`: the second player's piece).
    #[pyo3(signature = (piece, second = false))]
    fn diagram_svg(&self, piece: &str, second: bool) -> PyResult<String> {
        let variant = &self.compiled.ir;
        let piece = self.piece(piece)?;
        let drawn = draw_piece(variant, piece, &Scene::for_piece(variant, piece, second));
        Ok(render_svg(&drawn, &piece_title(variant, piece)))
    }

    fn __repr__(&self) -> String {
        format!("<Variant {:?}>", self.name())
    }
}

impl Variant {
    fn piece(&self, id: &str) -> PyResult<&ir::Piece> {
        let variant = &self.compiled.ir;
        variant.piece_by_id(id).map(|(_, p)| p).ok_or_else(|| {
            let hint = did_you_mean(id, variant.pieces.iter().map(|p| p.id.as_str()))
                .map(|n| format!("; did you mean `{n}`?"))
                .unwrap_or_default();
            KomaError::new_err(format!("no piece `{id}` in `{}`{hint}", self.name()))
        })
    }
}

/// Compiles a variant from `.koma` text. `name` is the file name diagnostics show, and the
/// path `extends` lines are relative to. Raises `VariantError` with every error, located.
#[pyfunction]
#[pyo3(signature = (text, name = "<text>"))]
pub fn load_variant(py: Python<'_>, text: &str, name: &str) -> PyResult<Variant> {
    let loaded = py.detach(|| koma_compiler::load_source(name, text, &DiskLoader));
    compile(py, loaded)
}

/// Compiles the variant file at `path` (and the files it extends). Raises `VariantError` with
/// every error, located; a file that cannot be read is one of them.
#[pyfunction]
pub fn load_variant_file(py: Python<'_>, path: PathBuf) -> PyResult<Variant> {
    let loaded = py.detach(|| koma_compiler::load(&path));
    compile(py, loaded)
}

/// The tables of a checked variant, remembered under its key; errors as a `VariantError`.
fn compile(py: Python<'_>, loaded: Loaded) -> PyResult<Variant> {
    let tables = match py.detach(|| loaded.tables()) {
        Ok(tables) => tables,
        Err(failed) => {
            let errors = diagnostics::located(&failed.sources, &failed.diagnostics);
            return Err(diagnostics::variant_error(py, errors));
        }
    };
    // No error: every diagnostic is a warning.
    let warnings = diagnostics::located(&loaded.sources, &loaded.diagnostics);
    let Some(ir) = loaded.variant else {
        return Err(diagnostics::variant_error(py, Vec::new()));
    };
    let key = koma_engine::Variant::named_for_uci(tables.clone()).name;
    let compiled = Arc::new(Compiled {
        ir,
        tables,
        key: key.clone(),
        warnings,
    });
    registry().insert(key, compiled.clone());
    Ok(Variant { compiled })
}
