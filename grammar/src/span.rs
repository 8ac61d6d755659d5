//! koma's own source span: a byte range in one file, `Copy`, no lifetimes.
//!
//! It is the one span type of every crate: the syntax tree and AST, the XBetza expander's
//! problems, the import's parameter blocks and (with its file) the compiler's diagnostics.
//! Other span types exist only at the edges, converted where they are handed over: miette's
//! [`miette::SourceSpan`] (below), codespan-reporting's ranges in the command line, and the
//! language server's line and UTF-16 column ranges.

/// A byte range `start..end` in one source file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub const fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    /// This span moved `offset` bytes to the right.
    pub fn shift(self, offset: usize) -> Span {
        Span {
            start: self.start + offset,
            end: self.end + offset,
        }
    }

    pub fn len(self) -> usize {
        self.end - self.start
    }

    pub fn is_empty(self) -> bool {
        self.start == self.end
    }
}

impl From<Span> for miette::SourceSpan {
    fn from(span: Span) -> miette::SourceSpan {
        (span.start, span.len()).into()
    }
}

/// A value with the span it was written at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Spanned<T> {
    pub value: T,
    pub span: Span,
}

impl<T> Spanned<T> {
    pub fn new(value: T, span: Span) -> Spanned<T> {
        Spanned { value, span }
    }
}
