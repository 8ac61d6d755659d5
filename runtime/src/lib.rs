//! The koma runtime: compiled move tables, positions, move generation, make/unmake, perft.

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
pub mod spec;
pub mod tables;
mod walk;
mod zobrist;

pub use geometry::{ByPlayer, Square};
pub use movegen::Gen;
pub use moves::{FullMove, Move, MoveKind, MoveList, MoveRef};
pub use position::Position;
pub use rules::CountState;
pub use tables::Tables;
