//! The pest parser generated from `koma.pest`; private to this crate.

#[derive(pest_derive::Parser)]
#[grammar = "koma.pest"]
pub(crate) struct KomaParser;
