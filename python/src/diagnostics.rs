//! The compiler's diagnostics as Python values: located `Diagnostic` objects, and the
//! `VariantError` that carries them.

use koma_compiler::diagnostic::{self, LineColumn, Lines, Severity, SourceMap};
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
    let lines = Lines::new(sources);
    diagnostics
        .iter()
        .map(|d| {
            let at = d.primary.location;
            let LineColumn { file, start, end } = lines.locate(at);
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
