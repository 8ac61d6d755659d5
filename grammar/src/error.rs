//! Syntax errors: what the parser expected, where, and what the user can do about it.

use std::fmt;

use crate::span::Span;

/// The kinds of syntax error; the compiler gives each a stable code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParseErrorKind {
    /// A line does not match its rule: something else was expected.
    Syntax,
    /// A line starts with a word that is no keyword of its section.
    UnknownKeyword,
    /// A number does not fit.
    NumberTooLarge,
    /// An attribute line is not followed by an item it could apply to.
    DanglingAttribute,
}

/// One syntax error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub kind: ParseErrorKind,
    /// Lowercase, no final period, names in backticks.
    pub message: String,
    pub span: Span,
    /// The primary label's text.
    pub label: String,
    pub help: Option<String>,
    /// For `UnknownKeyword`: the word that was found and the keywords allowed there, so the
    /// compiler can suggest the nearest one.
    pub found: Option<String>,
    pub candidates: Vec<&'static str>,
}

impl ParseError {
    pub(crate) fn new(
        kind: ParseErrorKind,
        message: String,
        span: Span,
        label: impl Into<String>,
    ) -> Self {
        ParseError {
            kind,
            message,
            span,
            label: label.into(),
            help: None,
            found: None,
            candidates: Vec::new(),
        }
    }

    pub(crate) fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ParseError {}

impl miette::Diagnostic for ParseError {
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        let label = miette::LabeledSpan::new_primary_with_span(Some(self.label.clone()), self.span);
        Some(Box::new(std::iter::once(label)))
    }
}
