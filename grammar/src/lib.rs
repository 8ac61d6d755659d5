//! The koma variant language: the pest grammars, the lossless syntax tree, the AST with spans,
//! and parse errors.
//! This is the only crate that sees pest.

pub mod ast;
mod build;
pub mod error;
mod expected;
mod parse;
pub mod span;
mod syntax;
pub mod tree;
pub mod xbetza;

pub use error::{ParseError, ParseErrorKind};
pub use parse::{Parsed, clause_keywords, parse};
pub use span::{Span, Spanned};
pub use tree::{Line, LineKind, SectionKind, SectionNode, SyntaxTree, Token, TokenKind};
