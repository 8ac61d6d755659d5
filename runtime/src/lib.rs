//! The koma runtime: compiled move tables, positions, move generation, make/unmake, perft.

pub mod spec;
