//! Lints: checks for definitions that are legal but probably wrong, one lint per file.
//!
//! Every lint has a stable code (`L001`...), a kebab-case name, a default level and an
//! explanation for `koma explain`. Levels are resolved from the default, then the command line,
//! then file-wide attributes, then attributes on the item the finding points at (the most
//! specific wins, as in rustc).

mod analysis;

mod ambiguous_betza;
mod anti_trade_never_meets;
mod asymmetric_setup;
mod captured_only_never_promotes;
mod castler_not_royal;
mod castling_never_happens;
mod confined_outside_region;
mod counting_without_count;
mod dead_promotion;
mod drop_rule_without_hands;
mod duplicate_move;
mod immobile_royal;
mod impossible_move;
mod missing_inventor;
mod missing_source;
mod non_canonical_betza;
mod one_sided_confinement;
mod overlapping_region_moves;
mod pass_without_passers;
mod piece_starts_in_zone;
mod promotion_loses_moves;
mod range_beyond_board;
mod repetition_rules_never_apply;
mod row_longer_than_board;
mod rule_names_absent_piece;
mod stuck_on_last_ranks;
mod stuck_on_setup_square;
mod stuck_on_vanishing_square;
mod symmetric_setup_written_out;
mod to_hand_demotes_setup_piece;
mod unknown_lint;
mod unreachable_piece;
mod unused_region;
mod useless_modifier;
mod zone_counts_holes;
mod zone_misses_pawn_line;
mod zone_overlaps_own_camp;

pub use analysis::Analysis;

use crate::diagnostic::{Diagnostic, Location, Severity, SourceMap};
use crate::ir::{Attribute, LintLevel, Variant};

/// What a lint is, for the registry, `koma lint --list` and `koma explain`.
#[derive(Debug)]
pub struct Lint {
    pub code: &'static str,
    pub name: &'static str,
    pub default: LintLevel,
    /// One line: what the lint catches.
    pub summary: &'static str,
    /// Why it matters.
    pub explanation: &'static str,
    /// A file fragment that triggers the lint, and the same fragment fixed.
    pub before: &'static str,
    pub after: &'static str,
    pub check: fn(&Context<'_>, &mut Vec<Diagnostic>),
}

/// Every lint, in code order.
pub const LINTS: &[&Lint] = &[
    &unknown_lint::LINT,
    &unreachable_piece::LINT,
    &dead_promotion::LINT,
    &promotion_loses_moves::LINT,
    &stuck_on_setup_square::LINT,
    &stuck_on_last_ranks::LINT,
    &immobile_royal::LINT,
    &duplicate_move::LINT,
    &non_canonical_betza::LINT,
    &useless_modifier::LINT,
    &impossible_move::LINT,
    &ambiguous_betza::LINT,
    &range_beyond_board::LINT,
    &asymmetric_setup::LINT,
    &symmetric_setup_written_out::LINT,
    &piece_starts_in_zone::LINT,
    &stuck_on_vanishing_square::LINT,
    &zone_misses_pawn_line::LINT,
    &zone_overlaps_own_camp::LINT,
    &rule_names_absent_piece::LINT,
    &anti_trade_never_meets::LINT,
    &pass_without_passers::LINT,
    &missing_source::LINT,
    &missing_inventor::LINT,
    &drop_rule_without_hands::LINT,
    &unused_region::LINT,
    &confined_outside_region::LINT,
    &overlapping_region_moves::LINT,
    &captured_only_never_promotes::LINT,
    &counting_without_count::LINT,
    &repetition_rules_never_apply::LINT,
    &castler_not_royal::LINT,
    &castling_never_happens::LINT,
    &zone_counts_holes::LINT,
    &to_hand_demotes_setup_piece::LINT,
    &one_sided_confinement::LINT,
    &row_longer_than_board::LINT,
];

/// The lint with this code or name.
pub fn find(code_or_name: &str) -> Option<&'static Lint> {
    LINTS
        .iter()
        .copied()
        .find(|l| l.code.eq_ignore_ascii_case(code_or_name) || l.name == code_or_name)
}

/// What a lint pass sees.
#[derive(Debug)]
pub struct Context<'a> {
    pub variant: &'a Variant,
    pub sources: &'a SourceMap,
    pub analysis: Analysis,
}

impl Context<'_> {
    /// The source text at `location`.
    pub fn text(&self, location: Location) -> &str {
        self.sources
            .get(location.file)
            .and_then(|f| f.text.get(location.span.start..location.span.end))
            .unwrap_or("")
    }

    /// Whether `location` is in the variant's own file (not in a file it extends): lints only
    /// report on what this file wrote.
    pub fn is_own(&self, location: Location) -> bool {
        self.variant.files.first() == Some(&location.file)
    }
}

/// Levels set on the command line.
#[derive(Clone, Debug, Default)]
pub struct LintConfig {
    pub allow: Vec<String>,
    pub warn: Vec<String>,
    pub deny: Vec<String>,
    /// Every warning becomes an error.
    pub deny_warnings: bool,
}

/// Names on the command line that are no lint, each with the nearest lint if one is near.
pub fn unknown_codes(config: &LintConfig) -> Vec<(String, Option<&'static Lint>)> {
    let all = config.allow.iter().chain(&config.warn).chain(&config.deny);
    all.filter(|c| find(c).is_none())
        .map(|c| (c.clone(), unknown_lint::nearest(c)))
        .collect()
}

/// Runs every lint over a checked variant and returns the findings at their resolved levels
/// (allowed findings are dropped).
pub fn lint(variant: &Variant, sources: &SourceMap, config: &LintConfig) -> Vec<Diagnostic> {
    let cx = Context {
        variant,
        sources,
        analysis: Analysis::new(variant),
    };
    let mut out = Vec::new();
    for lint in LINTS {
        let mut found = Vec::new();
        (lint.check)(&cx, &mut found);
        for mut d in found.into_iter().filter(|d| cx.is_own(d.primary.location)) {
            d.code = lint.code.to_string();
            let level = level_for(lint, &d, variant, config);
            let severity = match level {
                LintLevel::Allow => continue,
                LintLevel::Warn if !config.deny_warnings => Severity::Warning,
                _ => Severity::Error,
            };
            d.severity = severity;
            d.message = format!("{} [{}]", d.message, lint.name);
            out.push(d);
        }
    }
    out.sort_by_key(|d| (d.primary.location.file, d.primary.location.span.start));
    out
}

fn level_for(lint: &Lint, d: &Diagnostic, variant: &Variant, config: &LintConfig) -> LintLevel {
    let names = |list: &[String]| {
        list.iter()
            .any(|c| find(c).is_some_and(|l| l.code == lint.code))
    };
    let mut level = lint.default;
    if names(&config.warn) {
        level = LintLevel::Warn;
    }
    if names(&config.allow) {
        level = LintLevel::Allow;
    }
    if names(&config.deny) {
        level = LintLevel::Deny;
    }
    let at = d.primary.location;
    // An item's attributes cover the item and the attribute lines written above it (where an
    // unknown lint name is reported).
    let covers = |item: Location, attributes: &[Attribute]| {
        contains(item, at) || attributes.iter().any(|a| contains(a.location, at))
    };
    let item_attributes = variant
        .pieces
        .iter()
        .filter(|p| covers(p.location, &p.attributes))
        .flat_map(|p| &p.attributes)
        .chain(
            variant
                .rules
                .clauses
                .iter()
                .filter(|c| covers(c.location, &c.attributes))
                .flat_map(|c| &c.attributes),
        )
        .chain(
            variant
                .setup
                .iter()
                .flat_map(|s| &s.placements)
                .filter(|p| !p.derived && covers(p.line, &p.attributes))
                .take(1)
                .flat_map(|p| &p.attributes),
        );
    for attribute in variant.attributes.iter().chain(item_attributes) {
        if applies(attribute, lint) {
            level = attribute.level;
        }
    }
    level
}

fn applies(attribute: &Attribute, lint: &Lint) -> bool {
    find(&attribute.code).is_some_and(|l| l.code == lint.code)
}

fn contains(outer: Location, inner: Location) -> bool {
    outer.file == inner.file
        && outer.span.start <= inner.span.start
        && inner.span.end <= outer.span.end
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_names_are_unique_and_ordered() {
        for (i, lint) in LINTS.iter().enumerate() {
            assert_eq!(lint.code, format!("L{i:03}"), "{}", lint.name);
            assert!(
                lint.name
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c == '-'),
                "{}",
                lint.name
            );
            assert!(LINTS.iter().filter(|l| l.name == lint.name).count() == 1);
            assert!(
                !lint.explanation.is_empty() && !lint.before.is_empty() && !lint.after.is_empty()
            );
        }
        assert!(LINTS.len() >= 20);
    }

    #[test]
    fn finds_lints_by_code_or_name() {
        assert_eq!(find("l008").map(|l| l.name), Some("non-canonical-betza"));
        assert_eq!(find("missing-source").map(|l| l.code), Some("L022"));
        assert!(find("no-such-lint").is_none());
    }
}
