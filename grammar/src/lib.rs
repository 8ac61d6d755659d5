//! The koma variant language: the pest grammars, the AST with spans, and parse errors.
//! This is the only crate that sees pest.
