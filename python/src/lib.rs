//! koma for Python: the `koma` extension module. A [`variant::Variant`] is compiled from `.koma`
//! text; a [`board::Board`] plays it (legal moves, push and pop, position text, results, perft,
//! engine search); the functions of [`pyffish`] take `(variant, fen, moves)` like Fairy-Stockfish's
//! pyffish, so that pychess-style code can switch. Long work (compiling, perft, search) runs with
//! the GIL released.

mod board;
mod diagnostics;
mod pyffish;
mod variant;

use pyo3::prelude::*;

pyo3::create_exception!(
    koma,
    KomaError,
    pyo3::exceptions::PyValueError,
    "Every error koma raises for bad input (a variant, a position, a move, a limit)."
);
pyo3::create_exception!(
    koma,
    VariantError,
    KomaError,
    "A variant with errors: `diagnostics` lists them; `file`, `line`, `column`, `code` and \
     `message` are those of the first."
);
pyo3::create_exception!(
    koma,
    PositionError,
    KomaError,
    "Position text that does not fit the variant."
);
pyo3::create_exception!(
    koma,
    MoveError,
    KomaError,
    "Move text that is malformed, illegal or ambiguous in the position."
);

/// Which side: the first player (who moves first and sits at the bottom) or the second.
fn side_name(player: koma_runtime::spec::Player) -> &'static str {
    match player {
        koma_runtime::spec::Player::First => "first",
        koma_runtime::spec::Player::Second => "second",
    }
}

#[pymodule]
fn koma(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("KomaError", py.get_type::<KomaError>())?;
    // pyffish's name for its one exception type.
    m.add("error", py.get_type::<KomaError>())?;
    m.add("VariantError", py.get_type::<VariantError>())?;
    m.add("PositionError", py.get_type::<PositionError>())?;
    m.add("MoveError", py.get_type::<MoveError>())?;
    m.add_class::<diagnostics::Diagnostic>()?;
    m.add_class::<variant::Variant>()?;
    m.add_class::<board::Board>()?;
    m.add_class::<board::GameResult>()?;
    m.add_class::<board::SearchResult>()?;
    m.add_function(wrap_pyfunction!(variant::load_variant, m)?)?;
    m.add_function(wrap_pyfunction!(variant::load_variant_file, m)?)?;
    pyffish::add(m)
}
