//! Every shipped variant checks clean and emits a runtime spec.

use crate::support;
use support::variant_files;

#[test]
fn every_variant_checks_clean() {
    let mut failures = Vec::new();
    for path in variant_files() {
        let loaded = koma_compiler::load(&path);
        for d in loaded.diagnostics.iter().filter(|d| d.is_error()) {
            let file = loaded
                .sources
                .get(d.primary.location.file)
                .map_or("?", |f| f.name.as_str());
            failures.push(format!(
                "{file} @{}: error[{}]: {}",
                d.primary.location.span.start, d.code, d.message
            ));
        }
        if let Some(variant) = &loaded.variant {
            let spec = koma_compiler::emit(variant);
            assert_eq!(
                spec.pieces.len(),
                variant.pieces.len(),
                "{}",
                path.display()
            );
            assert!(
                spec.board.real.iter().any(|r| *r),
                "{} has squares",
                path.display()
            );
        } else if !loaded.has_errors() {
            failures.push(format!("{}: no variant and no error", path.display()));
        }
    }
    assert!(
        failures.is_empty(),
        "variants with errors:\n{}",
        failures.join("\n")
    );
}
