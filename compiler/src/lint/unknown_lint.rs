//! L000 `unknown-lint`: an `#[allow(..)]`, `#[warn(..)]` or `#[deny(..)]` attribute names no
//! lint, so it silently does nothing.

use super::{Context, LINTS, Lint, find};
use crate::diagnostic::{Diagnostic, did_you_mean};
use crate::ir::LintLevel;

pub const LINT: Lint = Lint {
    code: "L000",
    name: "unknown-lint",
    default: LintLevel::Warn,
    summary: "a lint attribute names no lint",
    explanation: "An attribute with a misspelt lint name or code has no effect: the lint it meant \
stays at its level. The warning names the nearest lint. Allow this lint at the top of the file to \
keep attributes meant for a newer koma quiet.",
    before: "#[allow(stuck-on-last-rank)]\n  P  \"Pawn\"  fW  promotes +P",
    after: "#[allow(stuck-on-last-ranks)]\n  P  \"Pawn\"  fW  promotes +P",
    check,
};

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let v = cx.variant;
    let attributes = v
        .attributes
        .iter()
        .chain(v.pieces.iter().flat_map(|p| &p.attributes))
        .chain(v.rules.clauses.iter().flat_map(|c| &c.attributes))
        .chain(v.setup.iter().flat_map(|s| {
            // A placement line's attributes are copied onto every placement it makes.
            s.placements
                .iter()
                .filter(|p| !p.derived)
                .flat_map(|p| &p.attributes)
        }));
    let mut seen = Vec::new();
    for attribute in attributes {
        if find(&attribute.code).is_some() || seen.contains(&attribute.location) {
            continue;
        }
        seen.push(attribute.location);
        out.push(unknown(&attribute.code, attribute.location));
    }
}

/// The lint nearest to a name or code that names no lint.
pub fn nearest(code: &str) -> Option<&'static Lint> {
    let known = LINTS.iter().flat_map(|l| [l.name, l.code]);
    did_you_mean(code, known).and_then(find)
}

/// The finding for a lint name or code that names no lint.
fn unknown(code: &str, location: crate::diagnostic::Location) -> Diagnostic {
    let help = match nearest(code) {
        Some(lint) => format!("did you mean `{}` ({})?", lint.name, lint.code),
        None => "docs/lints.md lists every lint".to_string(),
    };
    Diagnostic::warning(
        "",
        format!("no lint is named `{code}`"),
        location,
        "unknown lint",
    )
    .with_help(help)
}

#[cfg(test)]
mod tests {
    use super::nearest;

    #[test]
    fn names_the_nearest_lint_by_name_or_code() {
        assert_eq!(nearest("stuck-on-last-rank").map(|l| l.code), Some("L005"));
        assert_eq!(nearest("missing_source").map(|l| l.code), Some("L022"));
        assert_eq!(nearest("L0O5").map(|l| l.code), Some("L005"));
        assert_eq!(nearest("L0099").map(|l| l.code), Some("L009"));
        assert!(nearest("frobnicate").is_none());
    }
}
