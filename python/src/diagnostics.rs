//! The compiler's diagnostics as Python values: located `Diagnostic` objects, and the
//! `VariantError` that carries them.

use koma_compiler::diagnostic::{self, LineStarts, Location, Severity, SourceMap};
use pyo3::prelude::*;

use crate::VariantError;

/// One finding of the compiler, located by 1-based line and column (columns count characters),
/// as `koma check --format json` reports it.
#[pyclass(frozen, get_all, module = "koma")]
#[derive(Clone, Debug)]
pub struct Diagnostic {
    /// Stable code: `E....` for errors, lint codes for warnings (`koma explain CODE`).
    code: String,
    /// `"error"` or `"warning"`.
    severity: &'static str,
    message: String,
    /// The file as it was named (`load_variant`'s `name`, or the path).
    file: String,
    line: usize,
    column: usize,
    end_line: usize,
    end_column: usize,
    /// What to do about it.
    help: Option<String>,
}

impl Diagnostic {
    pub fn is_error(&self) -> bool {
        self.severity == "error"
    }
}

#[pymethods]
impl Diagnostic {
    /// `file:line:column: severity[code]: message`, as `koma check` writes it in short style.
    fn __str__(&self) -> String {
        format!(
            "{}:{}:{}: {}[{}]: {}",
            self.file, self.line, self.column, self.severity, self.code, self.message
        )
    }

    fn __repr__(&self) -> String {
        format!("<Diagnostic {}>", self.__str__())
    }
}

/// Every diagnostic, located in the files of `sources`.
pub fn located(sources: &SourceMap, diagnostics: &[diagnostic::Diagnostic]) -> Vec<Diagnostic> {
    let lines: Vec<LineStarts> = sources
        .iter()
        .map(|(_, f)| LineStarts::new(&f.text))
        .collect();
    diagnostics
        .iter()
        .map(|d| {
            let at = d.primary.location;
            let (file, start, end) = position(sources, &lines, at);
            Diagnostic {
                code: d.code.clone(),
                severity: match d.severity {
                    Severity::Error => "error",
                    Severity::Warning => "warning",
                },
                message: d.message.clone(),
                file,
                line: start.0,
                column: start.1,
                end_line: end.0,
                end_column: end.1,
                help: d.help.clone(),
            }
        })
        .collect()
}

/// The file name and the 1-based (line, column) of the start and end of `location`; an offset
/// past the end or inside a character counts as the character boundary before it.
fn position(
    sources: &SourceMap,
    lines: &[LineStarts],
    location: Location,
) -> (String, (usize, usize), (usize, usize)) {
    let (Some(file), Some(lines)) = (
        sources.get(location.file),
        lines.get(location.file.0 as usize),
    ) else {
        return (String::new(), (1, 1), (1, 1));
    };
    let text = file.text.as_str();
    let at = |offset: usize| {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let (line, column) = lines.line_column(text, offset, |_| 1);
        (line + 1, column + 1)
    };
    (file.name.clone(), at(location.start), at(location.end))
}

/// A `VariantError` for these errors: its message is the first error and how many follow, and
/// it holds them all in `diagnostics`, with the first one's location as attributes.
pub fn variant_error(py: Python<'_>, errors: Vec<Diagnostic>) -> PyErr {
    let Some(first) = errors.first().cloned() else {
        return VariantError::new_err("the variant has errors");
    };
    let more = match errors.len() - 1 {
        0 => String::new(),
        1 => " (and 1 more error)".to_string(),
        n => format!(" (and {n} more errors)"),
    };
    let error = VariantError::new_err(format!("{}{more}", first.__str__()));
    let attributes = || -> PyResult<()> {
        let value = error.value(py);
        value.setattr("file", &first.file)?;
        value.setattr("line", first.line)?;
        value.setattr("column", first.column)?;
        value.setattr("code", &first.code)?;
        value.setattr("message", &first.message)?;
        value.setattr("diagnostics", errors)?;
        Ok(())
    };
    match attributes() {
        Ok(()) => error,
        Err(e) => e,
    }
}
