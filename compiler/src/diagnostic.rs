//! Diagnostics: the data every pass reports (code, severity, message, labels, help, fix).
//!
//! Rendering is the CLI's job (codespan-reporting for people, JSON for machines); here a
//! diagnostic is plain data that also implements [`miette::Diagnostic`] for library users.

use std::fmt;

pub use koma_grammar::Span;

/// Identifies one source file in a [`SourceMap`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FileId(pub u32);

/// A span in one file: koma's one span type ([`Span`], a byte range) with the file it is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Location {
    pub file: FileId,
    pub span: Span,
}

impl Location {
    pub const fn new(file: FileId, span: Span) -> Location {
        Location { file, span }
    }
}

/// Every file a compilation read, by [`FileId`].
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
}

#[derive(Clone, Debug)]
pub struct SourceFile {
    /// The name shown to users (the path as given).
    pub name: String,
    pub text: String,
}

impl SourceMap {
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> FileId {
        let id = FileId(self.files.len() as u32);
        self.files.push(SourceFile {
            name: name.into(),
            text: text.into(),
        });
        id
    }
    pub fn get(&self, id: FileId) -> Option<&SourceFile> {
        self.files.get(id.0 as usize)
    }
    pub fn iter(&self) -> impl Iterator<Item = (FileId, &SourceFile)> {
        self.files
            .iter()
            .enumerate()
            .map(|(i, f)| (FileId(i as u32), f))
    }
}

/// Where each line of a text starts, so that mapping an offset to its line costs a binary
/// search, not a scan from the start of the file (which made many diagnostics quadratic), and
/// which lines are ASCII, where a column is a subtraction, not a count.
///
/// This is koma's one line/column mapping: [`Lines`] (the command line's JSON and its
/// codespan-reporting output, the web page, the Python package) and the language server (in
/// UTF-16 columns) all count over it. A line ends after its `\n`; a `\r` before it belongs to
/// the line, as one more character, and is never shown (see [`Lines::line_text`]).
#[derive(Clone, Debug)]
pub struct LineStarts {
    starts: Vec<usize>,
    ascii: Vec<bool>,
    len: usize,
}

impl LineStarts {
    pub fn new(text: &str) -> LineStarts {
        let starts: Vec<usize> = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        let ascii = starts
            .iter()
            .enumerate()
            .map(|(i, &s)| text[s..starts.get(i + 1).copied().unwrap_or(text.len())].is_ascii())
            .collect();
        LineStarts {
            starts,
            ascii,
            len: text.len(),
        }
    }

    /// The 0-based line of byte `offset` and the offset where that line starts.
    pub fn line(&self, offset: usize) -> (usize, usize) {
        let line = self
            .starts
            .partition_point(|&s| s <= offset)
            .saturating_sub(1);
        (line, self.starts[line])
    }

    /// The offset where 0-based `line` starts.
    pub fn start(&self, line: usize) -> Option<usize> {
        self.starts.get(line).copied()
    }

    /// The bytes of 0-based `line`, its line break included.
    pub fn range(&self, line: usize) -> Option<std::ops::Range<usize>> {
        let start = self.start(line)?;
        Some(start..self.start(line + 1).unwrap_or(self.len))
    }

    /// How many lines the text has (a text ending in `\n` has an empty last line).
    pub fn count(&self) -> usize {
        self.starts.len()
    }

    /// The 0-based line and column of byte `offset` of `text` (a char boundary), the column
    /// counted in `unit`s of the characters before it on its line (chars, UTF-16 units, ...).
    pub fn line_column(
        &self,
        text: &str,
        offset: usize,
        unit: fn(char) -> usize,
    ) -> (usize, usize) {
        let (line, start) = self.line(offset);
        let column = if self.ascii[line] {
            offset - start
        } else {
            text[start..offset].chars().map(unit).sum()
        };
        (line, column)
    }
}

/// A location as people read it: the file's name, and the 1-based line and column (in
/// characters) of its start and end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineColumn {
    pub file: String,
    pub start: (usize, usize),
    pub end: (usize, usize),
}

/// Lines and columns of locations in every file of a [`SourceMap`], each file's line starts
/// computed once: the one mapping the command line, the web page and the Python package share
/// (the language server counts UTF-16 columns over the same [`LineStarts`]).
#[derive(Clone, Debug)]
pub struct Lines<'a> {
    sources: &'a SourceMap,
    starts: Vec<LineStarts>,
}

impl<'a> Lines<'a> {
    pub fn new(sources: &'a SourceMap) -> Lines<'a> {
        let starts = sources
            .iter()
            .map(|(_, f)| LineStarts::new(&f.text))
            .collect();
        Lines { sources, starts }
    }

    /// The file `id` and its line starts.
    pub fn file(&self, id: FileId) -> Option<(&'a SourceFile, &LineStarts)> {
        Some((self.sources.get(id)?, self.starts.get(id.0 as usize)?))
    }

    /// Where `location` starts and ends. An offset past the end of its file, or inside a
    /// character, counts as the character boundary before it; an unknown file is `("", 1:1)`.
    pub fn locate(&self, location: Location) -> LineColumn {
        let file = self.sources.get(location.file);
        let starts = self.starts.get(location.file.0 as usize);
        let (Some(file), Some(starts)) = (file, starts) else {
            return LineColumn {
                file: String::new(),
                start: (1, 1),
                end: (1, 1),
            };
        };
        let range = clamp(&file.text, location.span);
        let at = |offset: usize| {
            let (line, column) = starts.line_column(&file.text, offset, |_| 1);
            (line + 1, column + 1)
        };
        LineColumn {
            file: file.name.clone(),
            start: at(range.start),
            end: at(range.end),
        }
    }

    /// The text of the line where `location` starts, without its line break.
    pub fn line_text(&self, location: Location) -> &'a str {
        let (Some(file), Some(starts)) = (
            self.sources.get(location.file),
            self.starts.get(location.file.0 as usize),
        ) else {
            return "";
        };
        let start = clamp(&file.text, location.span).start;
        let (_, line_start) = starts.line(start);
        let rest = &file.text[line_start..];
        rest.split('\n').next().unwrap_or("").trim_end_matches('\r')
    }
}

/// `span` moved inside `text` and onto character boundaries (each end to the boundary at or
/// before it).
pub fn clamp(text: &str, span: Span) -> Span {
    let floor = |mut i: usize| {
        i = i.min(text.len());
        while !text.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    let start = floor(span.start);
    Span::new(start, floor(span.end).max(start))
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    Warning,
    Error,
}

/// A labelled span: the primary label says what is wrong, secondary ones give context.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    pub location: Location,
    pub message: String,
}

/// A machine-applicable replacement of `location` by `replacement`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suggestion {
    pub location: Location,
    pub replacement: String,
    pub message: String,
}

/// One finding of a pass.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Stable code: `E....` for errors, lint codes for lints.
    pub code: String,
    pub severity: Severity,
    /// Lowercase, no final period, identifiers in backticks.
    pub message: String,
    pub primary: Label,
    pub secondary: Vec<Label>,
    pub help: Option<String>,
    pub suggestion: Option<Suggestion>,
}

impl Diagnostic {
    pub fn error(
        code: &str,
        message: impl Into<String>,
        location: Location,
        label: impl Into<String>,
    ) -> Self {
        Diagnostic {
            code: code.to_string(),
            severity: Severity::Error,
            message: message.into(),
            primary: Label {
                location,
                message: label.into(),
            },
            secondary: Vec::new(),
            help: None,
            suggestion: None,
        }
    }
    pub fn warning(
        code: &str,
        message: impl Into<String>,
        location: Location,
        label: impl Into<String>,
    ) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(code, message, location, label)
        }
    }
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }
    pub fn with_secondary(mut self, location: Location, message: impl Into<String>) -> Self {
        self.secondary.push(Label {
            location,
            message: message.into(),
        });
        self
    }
    pub fn with_suggestion(mut self, suggestion: Suggestion) -> Self {
        self.suggestion = Some(suggestion);
        self
    }
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Diagnostic {}

impl miette::Diagnostic for Diagnostic {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(&self.code))
    }
    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.severity {
            Severity::Warning => miette::Severity::Warning,
            Severity::Error => miette::Severity::Error,
        })
    }
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }
    /// The labels in the primary label's file (the spans are byte offsets into it); give the
    /// diagnostic its sources with [`Diagnostic::with_sources`] to see labels in other files.
    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        Some(Box::new(self.labels_in(self.primary.location.file)))
    }
}

impl Diagnostic {
    /// The labels that lie in `file`, the primary first, as miette spans.
    fn labels_in(&self, file: FileId) -> impl Iterator<Item = miette::LabeledSpan> + '_ {
        let primary = std::iter::once(&self.primary)
            .filter(move |l| l.location.file == file)
            .map(|l| {
                miette::LabeledSpan::new_primary_with_span(Some(l.message.clone()), l.location.span)
            });
        let secondary = self
            .secondary
            .iter()
            .filter(move |l| l.location.file == file)
            .map(|l| miette::LabeledSpan::new_with_span(Some(l.message.clone()), l.location.span));
        primary.chain(secondary)
    }

    /// The diagnostic with the text of every file it points into, for miette's renderers: its
    /// source is the primary label's file (a file reached through `extends` when the error is
    /// there), and each label in another file becomes a related diagnostic with that file.
    pub fn with_sources(&self, sources: &SourceMap) -> SourcedDiagnostic {
        let named = |file: FileId| {
            let f = sources.get(file);
            miette::NamedSource::new(
                f.map_or("<unknown>", |f| f.name.as_str()),
                f.map_or_else(String::new, |f| f.text.clone()),
            )
        };
        let home = self.primary.location.file;
        let elsewhere = self
            .secondary
            .iter()
            .filter(|l| l.location.file != home)
            .map(|l| ElsewhereLabel {
                label: l.clone(),
                source: named(l.location.file),
            })
            .collect();
        SourcedDiagnostic {
            diagnostic: self.clone(),
            source: named(home),
            elsewhere,
        }
    }
}

/// A [`Diagnostic`] with the source text its labels point into (see
/// [`Diagnostic::with_sources`]).
#[derive(Debug)]
pub struct SourcedDiagnostic {
    pub diagnostic: Diagnostic,
    source: miette::NamedSource<String>,
    elsewhere: Vec<ElsewhereLabel>,
}

/// A secondary label in another file than the primary one, shown as a related note.
#[derive(Debug)]
struct ElsewhereLabel {
    label: Label,
    source: miette::NamedSource<String>,
}

impl fmt::Display for SourcedDiagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.diagnostic.fmt(f)
    }
}

impl std::error::Error for SourcedDiagnostic {}

impl miette::Diagnostic for SourcedDiagnostic {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        miette::Diagnostic::code(&self.diagnostic)
    }
    fn severity(&self) -> Option<miette::Severity> {
        miette::Diagnostic::severity(&self.diagnostic)
    }
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        miette::Diagnostic::help(&self.diagnostic)
    }
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.source)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        miette::Diagnostic::labels(&self.diagnostic)
    }
    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn miette::Diagnostic> + 'a>> {
        if self.elsewhere.is_empty() {
            return None;
        }
        Some(Box::new(
            self.elsewhere.iter().map(|e| e as &dyn miette::Diagnostic),
        ))
    }
}

impl fmt::Display for ElsewhereLabel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.label.message)
    }
}

impl std::error::Error for ElsewhereLabel {}

impl miette::Diagnostic for ElsewhereLabel {
    fn severity(&self) -> Option<miette::Severity> {
        Some(miette::Severity::Advice)
    }
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.source)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        let l = &self.label;
        Some(Box::new(std::iter::once(
            miette::LabeledSpan::new_primary_with_span(Some(l.message.clone()), l.location.span),
        )))
    }
}

/// The nearest of `candidates` to `name` by edit distance, for "did you mean" help.
pub fn did_you_mean<'a>(
    name: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let limit = (name.chars().count() / 3).max(1);
    candidates
        .into_iter()
        .map(|c| (edit_distance(&name.to_lowercase(), &c.to_lowercase()), c))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != *cb);
            let next = (prev + cost).min(row[j] + 1).min(row[j + 1] + 1);
            prev = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_the_nearest_name() {
        assert_eq!(
            did_you_mean("burm", ["burn", "freeze", "pass"]),
            Some("burn")
        );
        assert_eq!(did_you_mean("zzz", ["burn", "freeze"]), None);
        assert_eq!(did_you_mean("FDD", ["FD", "P", "K"]), Some("FD"));
    }

    #[test]
    fn lines_count_characters_and_clamp_offsets() {
        let mut sources = SourceMap::default();
        let file = sources.add("a.koma", "board 8 x 8\r\n  K \"王将\" K\n");
        let lines = Lines::new(&sources);
        let at = |start, end| Location::new(file, Span::new(start, end));
        let king = "board 8 x 8\r\n  K \"王将\" ".len();
        let located = lines.locate(at(king, king + 1));
        assert_eq!((located.start, located.end), ((2, 10), (2, 11)));
        // Inside the two-byte-wide kanji, and past the end of the file.
        assert_eq!(lines.locate(at(19, 1000)).start, (2, 6));
        assert_eq!(lines.locate(at(1000, 1000)).start, (3, 1));
        assert_eq!(lines.line_text(at(0, 1)), "board 8 x 8");
        assert_eq!(lines.line_text(at(king, king)), "  K \"王将\" K");
        let unknown = Location::new(FileId(7), Span::new(3, 4));
        assert_eq!(lines.locate(unknown).start, (1, 1));
        assert_eq!(lines.line_text(unknown), "");
    }
}
