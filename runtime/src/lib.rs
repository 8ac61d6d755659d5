//! The koma runtime: compiled move tables, positions, move generation, make/unmake, perft.
//!
//! ```
//! use koma_runtime::{Position, Tables, serialize};
//! // variants/chess.koma as written by `koma compile`; the compiler's crate doc starts from the text.
//! let spec = serialize::decode(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/chess.kvar")))?;
//! let mut start = Position::start(Tables::try_new(spec)?.into()).expect("chess has a setup");
//! assert_eq!(start.moves().len(), 20);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A variant's [`Tables`] come from the compiler (`koma_compiler::tables`), from a file written
//! by `koma compile` ([`serialize::decode`], as above), or from a spec checked by
//! [`Tables::try_new`]. The runtime depends on no other koma crate (DESIGN.md), so its example
//! reads a compiled file; `tests/data/chess.kvar` is kept equal to what the compiler writes by
//! the end-to-end suite (`runtime_cli::the_runtimes_compiled_chess_is_current`). A [`Position`] starts
//! from the variant's setup, from position text ([`Position::from_text`]) or from a checked
//! [`Setup`]; [`Position::play`] plays a move after checking it, and [`Position::make`] is its
//! unchecked twin for generated moves. Queries read `&self` ([`Position::piece_at`],
//! [`Position::to_text`], ...), but those that decide legality (`moves`, `legal_moves`,
//! `result`, `parse_move`, `perft`) take `&mut self`: the legality test plays each move on the
//! position and takes it back, so the position is their scratch space; clone it to ask them of
//! a position you only borrow.
//!
//! # Layers
//!
//! The modules form layers, from the base up. A module uses only modules of its own layer and
//! of the layers before it; a test (`layers`, below) reads every `crate::` path in the sources
//! and fails on a path that points to a later layer. Only the multi-module layers use one
//! another; the vocabulary, one module a layer, is acyclic.
//!
//! - `spec`: the variant as plain data, the contract between the compiler and the runtime.
//! - `shuffle`: a spec's numbered start positions (`shuffle` in the setup).
//! - `limits`: the runtime's capacities, and a spec's check against them.
//! - `geometry`: dense squares, coordinates, square names, per-player pairs.
//! - `cell`: what a square holds.
//! - `bits`: square sets, one bit a square.
//! - `moves`: move values, move lists, and why a move was refused.
//! - `serialize`: the compiled-variant file (a spec's bytes), and a spec's validation.
//! - `zobrist`: the hash keys.
//! - `history`: the hashes of earlier positions, with a bound on how often one occurred.
//! - `tables`, `strategy`, `position`, `walk`, `movegen`, `legal`, `attack`, `evasion`, `memo`,
//!   `rules`, `result`, `drops`, `regions`, `footprint`: the game. [`Tables`] is assembled from the
//!   tables of each rule's module, and each of these modules also holds the [`Position`]
//!   methods of its rule, so they use one another.
//! - `count`, `perft`: counting the legal move tree.
//! - `setup`, `fen`, `notation`: positions and moves as text, and the checked way in.
//! - `testing`: entry points for tests alone (the `testing` feature): forcing a legality
//!   strategy, the evasion generator on its own, reference oracles.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod attack;
mod bits;
pub mod cell;
mod count;
mod drops;
mod evasion;
pub mod fen;
mod footprint;
pub mod geometry;
mod history;
mod legal;
pub mod limits;
mod memo;
mod movegen;
pub mod moves;
pub mod notation;
mod perft;
pub mod position;
mod regions;
pub mod result;
mod rules;
pub mod serialize;
pub mod setup;
pub mod shuffle;
pub mod spec;
mod strategy;
pub mod tables;
#[cfg(feature = "testing")]
pub mod testing;
mod walk;
mod zobrist;

pub use geometry::{ByPlayer, Square};
pub use movegen::Gen;
pub use moves::{FullMove, Move, MoveKind, MoveList, MoveRef};
pub use position::Position;
pub use rules::CountState;
pub use setup::Setup;
pub use tables::Tables;

#[cfg(test)]
mod layers;
