//! The koma runtime: compiled move tables, positions, move generation, make/unmake, perft.
//!
//! A variant's [`Tables`] come from the compiler (`koma_compiler::tables`), from a file written
//! by `koma compile` ([`serialize::decode`]), or from a spec checked by [`Tables::try_new`].
//! A [`Position`] starts from the variant's setup, from position text
//! ([`Position::from_text`]) or from a checked [`Setup`]; [`Position::play`] plays a move
//! after checking it, and [`Position::make`] is its unchecked twin for generated moves.
//!
//! The example needs the compiler, which the runtime does not depend on (DESIGN.md), so it runs
//! as `koma-compiler`'s crate doctest:
//!
//! ```ignore
//! use koma_runtime::Position;
//! let chess = koma_compiler::tables(concat!(env!("CARGO_MANIFEST_DIR"), "/../variants/chess.koma"))?;
//! let mut start = Position::start(chess).expect("chess has a start position");
//! assert_eq!(start.moves().len(), 20);
//! # Ok::<(), koma_compiler::Diagnostics>(())
//! ```

#![forbid(unsafe_code)]

mod attack;
mod bits;
pub mod cell;
mod count;
mod drops;
mod evasion;
pub mod fen;
mod footprint;
pub mod geometry;
mod legal;
pub mod limits;
mod memo;
mod movegen;
pub mod moves;
pub mod notation;
mod perft;
pub mod position;
pub mod regions;
pub mod result;
mod rules;
pub mod serialize;
pub mod setup;
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
