//! The functions of Fairy-Stockfish's pyffish that fit koma, with its names and arguments:
//! `(variant, fen, moves)` in, text or a result value out. Each builds a `Board` and asks it, so
//! they and the `Board` methods give the same answers. `variant` is a `Variant` or the name of a
//! loaded one; `fen` is position text or `"startpos"`; moves are koma's move text.

use pyo3::prelude::*;

use crate::board::Board;
use crate::variant::{self, Variant};
use crate::{KomaError, variant::load_variant};

/// pyffish's value of a won game for the side to move (koma's mate score).
const VALUE_MATE: i32 = koma_engine::search::MATE;
const VALUE_DRAW: i32 = 0;

fn board(variant: &Bound<'_, PyAny>, fen: &str, moves: &[String]) -> PyResult<Board> {
    Board::build(Variant::resolve(variant)?, fen, moves)
}

/// koma's version as `(major, minor, patch)`.
#[pyfunction]
fn version() -> (u32, u32, u32) {
    let part = |s: &str| s.parse().unwrap_or(0);
    (
        part(env!("CARGO_PKG_VERSION_MAJOR")),
        part(env!("CARGO_PKG_VERSION_MINOR")),
        part(env!("CARGO_PKG_VERSION_PATCH")),
    )
}

/// A line naming the engine and its version.
#[pyfunction]
fn info() -> String {
    format!("koma {}", env!("CARGO_PKG_VERSION"))
}

/// The keys of the variants loaded so far, sorted.
#[pyfunction]
fn variants() -> Vec<String> {
    variant::names()
}

/// Compiles `.koma` text, as `load_variant` (pyffish loads a `variants.ini` text here).
#[pyfunction]
fn load_variant_config(py: Python<'_>, config: &str) -> PyResult<Variant> {
    load_variant(py, config, "<config>")
}

/// The start position of a variant, as position text.
#[pyfunction]
fn start_fen(variant: &Bound<'_, PyAny>) -> PyResult<String> {
    Ok(board(variant, "startpos", &[])?.fen())
}

/// The legal moves after `moves` are played from `fen`.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
fn legal_moves(
    variant: &Bound<'_, PyAny>,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
) -> PyResult<Vec<String>> {
    no_chess960(chess960)?;
    Ok(board(variant, fen, &moves)?.legal_moves())
}

/// The position text after `moves` are played from `fen`.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
fn get_fen(
    variant: &Bound<'_, PyAny>,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
) -> PyResult<String> {
    no_chess960(chess960)?;
    Ok(board(variant, fen, &moves)?.fen())
}

/// Whether the side to move is in check after `moves`.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
fn gives_check(
    variant: &Bound<'_, PyAny>,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
) -> PyResult<bool> {
    no_chess960(chess960)?;
    Ok(board(variant, fen, &moves)?.is_check())
}

/// Whether `move` removes a piece in the position after `moves`.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, r#move, chess960 = false))]
fn is_capture(
    variant: &Bound<'_, PyAny>,
    fen: &str,
    moves: Vec<String>,
    r#move: &str,
    chess960: bool,
) -> PyResult<bool> {
    no_chess960(chess960)?;
    board(variant, fen, &moves)?.is_capture(r#move)
}

/// The result after `moves`, from the side to move's view: `VALUE_MATE` won, `-VALUE_MATE`
/// lost, `VALUE_DRAW` drawn. Raises `KomaError` while the game goes on.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
fn game_result(
    variant: &Bound<'_, PyAny>,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
) -> PyResult<i32> {
    no_chess960(chess960)?;
    board(variant, fen, &moves)?
        .result_value()
        .ok_or_else(|| KomaError::new_err("the game is not over"))
}

/// `(True, value)` when a rule ended the game after `moves` other than the side to move having
/// no legal move (repetition, the move-count rule, a lost royal, ...); `(False, 0)` otherwise.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
fn is_immediate_game_end(
    variant: &Bound<'_, PyAny>,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
) -> PyResult<(bool, i32)> {
    no_chess960(chess960)?;
    let mut board = board(variant, fen, &moves)?;
    Ok(match board.ended_by_rule() {
        true => (true, board.result_value().unwrap_or(VALUE_DRAW)),
        false => (false, VALUE_DRAW),
    })
}

/// Chess960 castling is a variant of its own in koma (its file says where kings and rooks
/// stand), not a flag.
fn no_chess960(chess960: bool) -> PyResult<()> {
    match chess960 {
        false => Ok(()),
        true => Err(KomaError::new_err(
            "koma has no chess960 flag: castling follows the variant file",
        )),
    }
}

pub fn add(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("VALUE_MATE", VALUE_MATE)?;
    m.add("VALUE_DRAW", VALUE_DRAW)?;
    m.add_function(wrap_pyfunction!(version, m)?)?;
    m.add_function(wrap_pyfunction!(info, m)?)?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(load_variant_config, m)?)?;
    m.add_function(wrap_pyfunction!(start_fen, m)?)?;
    m.add_function(wrap_pyfunction!(legal_moves, m)?)?;
    m.add_function(wrap_pyfunction!(get_fen, m)?)?;
    m.add_function(wrap_pyfunction!(gives_check, m)?)?;
    m.add_function(wrap_pyfunction!(is_capture, m)?)?;
    m.add_function(wrap_pyfunction!(game_result, m)?)?;
    m.add_function(wrap_pyfunction!(is_immediate_game_end, m)?)?;
    Ok(())
}
