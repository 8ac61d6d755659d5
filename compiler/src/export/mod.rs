//! `koma export`: a checked variant -> another program's format, or located reasons why not.
//!
//! [`id`] writes an Interactive Diagram parameter block (the format [`crate::import`] reads,
//! and the round trip through it is checked before anything is written); [`fsf`] writes a
//! Fairy-Stockfish `variants.ini` section. Both refuse what their target cannot say with an
//! error per feature (`X001`), located on the clause, piece or board line that uses it, and
//! warn (`X002`) about rules they leave out that never change which moves are legal.
//! docs/export.md lists what maps to what.

pub mod codes;
pub mod fsf;
pub mod id;

use crate::diagnostic::{Diagnostic, Location};
use crate::ir::Variant;

/// What an export produced.
#[derive(Clone, Debug)]
pub struct Exported {
    /// The text; `None` when some feature was refused.
    pub text: Option<String>,
    /// Refusals (errors) and left-out rules (warnings), located in the variant's files.
    pub diagnostics: Vec<Diagnostic>,
}

impl Exported {
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

/// Collects refusals and warnings for one export.
#[derive(Debug, Default)]
pub(crate) struct Report {
    diagnostics: Vec<Diagnostic>,
}

impl Report {
    /// The target cannot express `feature`: `why` says what it lacks.
    pub(crate) fn refuse(&mut self, feature: &str, why: &str, at: Location) {
        let message = format!("{feature}: {why}");
        let d = Diagnostic::error("X001", message, at, "used here").with_help(
            "the game cannot be exported to this format; docs/export.md lists what maps",
        );
        self.diagnostics.push(d);
    }

    /// A rule the target does not have, left out: it never changes which moves are legal.
    pub(crate) fn leave_out(&mut self, feature: &str, why: &str, at: Location) {
        let message = format!("{feature}: {why}; left out of the export");
        let d = Diagnostic::warning("X002", message, at, "not exported")
            .with_help("add the rule by hand in the target program if it has one");
        self.diagnostics.push(d);
    }

    pub(crate) fn push(&mut self, diagnostic: Diagnostic) {
        self.diagnostics.push(diagnostic);
    }

    pub(crate) fn failed(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }

    /// The result: `text` unless something was refused.
    pub(crate) fn finish(mut self, text: impl FnOnce() -> String) -> Exported {
        let text = (!self.failed()).then(text);
        self.diagnostics
            .sort_by_key(|d| (d.primary.location.file.0, d.primary.location.span.start));
        Exported {
            text,
            diagnostics: self.diagnostics,
        }
    }
}

/// Where the first rules clause whose key starts with `key` is written, else the variant line.
pub(crate) fn clause_at(variant: &Variant, key: &str) -> Location {
    variant
        .rules
        .clauses
        .iter()
        .find(|c| c.key.starts_with(key))
        .map_or(variant.name.location, |c| c.location)
}

/// Rules that only say how a game ends or is drawn (never which moves are legal), left out
/// with a warning by both exports when the target has no such rule.
pub(crate) fn result_only_rules(variant: &Variant) -> Vec<(&'static str, &'static str)> {
    let r = &variant.rules;
    let mut out = Vec::new();
    if r.results.perpetual_check_loses {
        out.push(("perpetual-check", "perpetual check loses"));
    }
    if r.results.perpetual_attack_loses {
        out.push(("perpetual-attack", "perpetual attack loses"));
    }
    if r.results.bare_royal_draw {
        out.push(("draw bare-royal", "bare royals draw"));
    }
    if r.results.bare_royal_loses {
        out.push(("bare-royal", "a bare royal loses"));
    }
    if r.counting.is_some() {
        out.push(("counting", "counting draws"));
    }
    out
}
