//! Rendering diagnostics for every command: codespan-reporting for people (rich or short), JSON
//! for machines. Both locate with the compiler's one line/column mapping ([`Lines`]).

use std::io::{IsTerminal, Write};
use std::ops::Range;

use codespan_reporting::diagnostic::{
    Diagnostic as CsDiagnostic, Label as CsLabel, Severity as CsSeverity,
};
use codespan_reporting::files::Error as FilesError;
use codespan_reporting::term::termcolor::Buffer;
use codespan_reporting::term::{self, Config, DisplayStyle};
use koma_compiler::diagnostic::{
    Diagnostic, FileId, LineStarts, Lines, Location, Severity, SourceMap, Span, clamp,
};
use serde_json::{Value, json};

use crate::args::ReportFormat;

/// How human output looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Source excerpt, labels and help.
    Rich,
    /// One line per diagnostic: `file:line:column: severity[code]: message`.
    Short,
}

/// Colour only on a terminal, and never when `NO_COLOR` is set.
pub fn use_color() -> bool {
    std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none()
}

/// Most diagnostics shown for one report; the rest are counted.
pub const MAX_SHOWN: usize = 100;

/// `diagnostics` (all from files in `sources`) as text: the first [`MAX_SHOWN`], then a count
/// of the rest.
pub fn render(
    sources: &SourceMap,
    diagnostics: &[Diagnostic],
    style: Style,
    color: bool,
) -> String {
    let files = Files(Lines::new(sources));
    let config = Config {
        display_style: match style {
            Style::Rich => DisplayStyle::Rich,
            Style::Short => DisplayStyle::Short,
        },
        ..Config::default()
    };
    let mut buffer = if color {
        Buffer::ansi()
    } else {
        Buffer::no_color()
    };
    for diagnostic in diagnostics.iter().take(MAX_SHOWN) {
        let converted = convert(sources, diagnostic);
        if term::emit(&mut buffer, &config, &files, &converted).is_err() {
            // A span codespan cannot show: still say what and where, on one line.
            let at = files.0.locate(diagnostic.primary.location);
            let _ = writeln!(
                buffer,
                "{}: {}[{}]: {}",
                at.file,
                severity(diagnostic),
                diagnostic.code,
                diagnostic.message
            );
        }
    }
    if diagnostics.len() > MAX_SHOWN {
        let _ = writeln!(
            buffer,
            "... and {} more (the first {MAX_SHOWN} are shown)",
            diagnostics.len() - MAX_SHOWN
        );
    }
    String::from_utf8_lossy(buffer.as_slice()).into_owned()
}

/// Prints `diagnostics` to standard output in `format` (JSON is left to the caller, which
/// gathers every file into one document with [`json()`]).
pub fn print(sources: &SourceMap, diagnostics: &[Diagnostic], format: ReportFormat) {
    let style = if format == ReportFormat::Short {
        Style::Short
    } else {
        Style::Rich
    };
    let text = render(sources, diagnostics, style, use_color());
    crate::output::text(&text);
}

/// Prints `diagnostics` to standard error, for commands whose standard output carries their
/// result (colour only when standard error is a terminal).
pub fn eprint(sources: &SourceMap, diagnostics: &[Diagnostic]) {
    let color = std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let text = render(sources, diagnostics, Style::Rich, color);
    let _ = std::io::stderr().lock().write_all(text.as_bytes());
}

/// The per-file results of `check` and `lint`: printed as they come for people, gathered into
/// one document `{"files": [...], "diagnostics": [...]}` for machines.
#[derive(Debug)]
pub struct FileReports {
    format: ReportFormat,
    /// What a file without findings is called (`ok`, `clean`).
    clean: &'static str,
    /// Whether a file with warnings only is still called that (`ok, 2 warnings`).
    clean_with_warnings: bool,
    files: Vec<Value>,
    diagnostics: Vec<Value>,
    failed: bool,
}

impl FileReports {
    pub fn new(
        format: ReportFormat,
        clean: &'static str,
        clean_with_warnings: bool,
    ) -> FileReports {
        FileReports {
            format,
            clean,
            clean_with_warnings,
            files: Vec::new(),
            diagnostics: Vec::new(),
            failed: false,
        }
    }

    /// Reports one file's diagnostics.
    pub fn add(&mut self, path: &std::path::Path, sources: &SourceMap, diagnostics: &[Diagnostic]) {
        let errors = diagnostics.iter().filter(|d| d.is_error()).count();
        let warnings = diagnostics.len() - errors;
        self.failed |= errors > 0;
        if self.format == ReportFormat::Json {
            self.diagnostics.extend(json(sources, diagnostics));
            self.files.push(json!({ "file": path.display().to_string(), "errors": errors, "warnings": warnings }));
        } else {
            print(sources, diagnostics, self.format);
            crate::output::outln!("{}: {}", path.display(), self.summary(errors, warnings));
        }
    }

    /// Prints the JSON document if that is the format; exit 1 when any file had an error.
    pub fn finish(self) -> std::process::ExitCode {
        if self.format == ReportFormat::Json {
            let document = json!({ "files": self.files, "diagnostics": self.diagnostics });
            crate::output::outln!(
                "{}",
                serde_json::to_string_pretty(&document).unwrap_or_default()
            );
        }
        if self.failed {
            std::process::ExitCode::from(1)
        } else {
            std::process::ExitCode::SUCCESS
        }
    }

    fn summary(&self, errors: usize, warnings: usize) -> String {
        let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
        match (errors, warnings) {
            (0, 0) => self.clean.to_string(),
            (0, w) if self.clean_with_warnings => {
                format!("{}, {}", self.clean, plural(w, "warning"))
            }
            (0, w) => plural(w, "warning"),
            (e, 0) => plural(e, "error"),
            (e, w) => format!("{}, {}", plural(e, "error"), plural(w, "warning")),
        }
    }
}

/// One JSON object per diagnostic: code, severity, message, file, line, column, end, help,
/// suggestion, labels.
pub fn json(sources: &SourceMap, diagnostics: &[Diagnostic]) -> Vec<Value> {
    let lines = Lines::new(sources);
    let position = |location| {
        let at = lines.locate(location);
        (at.file, at.start, at.end)
    };
    diagnostics
        .iter()
        .map(|d| {
            let (file, start, end) = position(d.primary.location);
            let suggestion = d.suggestion.as_ref().map(|s| {
                let (_, from, to) = position(s.location);
                json!({
                    "message": s.message,
                    "replacement": s.replacement,
                    "line": from.0, "column": from.1,
                    "end": { "line": to.0, "column": to.1 },
                })
            });
            let labels: Vec<Value> = std::iter::once((&d.primary, true))
                .chain(d.secondary.iter().map(|l| (l, false)))
                .map(|(label, primary)| {
                    let (file, from, to) = position(label.location);
                    json!({
                        "primary": primary,
                        "message": label.message,
                        "file": file,
                        "line": from.0, "column": from.1,
                        "end": { "line": to.0, "column": to.1 },
                    })
                })
                .collect();
            json!({
                "code": d.code,
                "severity": severity(d),
                "message": d.message,
                "file": file,
                "line": start.0,
                "column": start.1,
                "end": { "line": end.0, "column": end.1 },
                "help": d.help,
                "suggestion": suggestion,
                "labels": labels,
            })
        })
        .collect()
}

fn severity(d: &Diagnostic) -> &'static str {
    match d.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    }
}

/// The files of a [`SourceMap`] for codespan-reporting, lines and columns from [`Lines`].
struct Files<'a>(Lines<'a>);

impl<'a> Files<'a> {
    fn get(&self, id: FileId) -> Result<(&'a str, &'a str, &LineStarts), FilesError> {
        let (file, starts) = self.0.file(id).ok_or(FilesError::FileMissing)?;
        Ok((&file.name, &file.text, starts))
    }
}

impl<'a> codespan_reporting::files::Files<'a> for Files<'a> {
    type FileId = FileId;
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, id: FileId) -> Result<&'a str, FilesError> {
        Ok(self.get(id)?.0)
    }

    fn source(&'a self, id: FileId) -> Result<&'a str, FilesError> {
        Ok(self.get(id)?.1)
    }

    fn line_index(&'a self, id: FileId, byte_index: usize) -> Result<usize, FilesError> {
        Ok(self.get(id)?.2.line(byte_index).0)
    }

    fn line_range(&'a self, id: FileId, line: usize) -> Result<Range<usize>, FilesError> {
        let starts = self.get(id)?.2;
        starts.range(line).ok_or(FilesError::LineTooLarge {
            given: line,
            max: starts.count() - 1,
        })
    }

    fn column_number(
        &'a self,
        id: FileId,
        _: usize,
        byte_index: usize,
    ) -> Result<usize, FilesError> {
        let (_, text, starts) = self.get(id)?;
        let at = clamp(text, Span::new(byte_index, byte_index)).start;
        Ok(starts.line_column(text, at, |_| 1).1 + 1)
    }
}

fn convert(sources: &SourceMap, d: &Diagnostic) -> CsDiagnostic<FileId> {
    let severity = match d.severity {
        Severity::Error => CsSeverity::Error,
        Severity::Warning => CsSeverity::Warning,
    };
    let label = |location: Location, primary: bool, message: &str| {
        let text = sources.get(location.file).map_or("", |f| f.text.as_str());
        let span = clamp(text, location.span);
        let range = span.start..span.end;
        let label = if primary {
            CsLabel::primary(location.file, range)
        } else {
            CsLabel::secondary(location.file, range)
        };
        label.with_message(message)
    };
    let mut labels = vec![label(d.primary.location, true, &d.primary.message)];
    labels.extend(
        d.secondary
            .iter()
            .map(|l| label(l.location, false, &l.message)),
    );
    let mut notes = Vec::new();
    if let Some(help) = &d.help {
        notes.push(format!("help: {help}"));
    }
    CsDiagnostic::new(severity)
        .with_code(&d.code)
        .with_message(&d.message)
        .with_labels(labels)
        .with_notes(notes)
}
