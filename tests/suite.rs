//! Every end-to-end test of the `koma` crate in one test binary (one link instead of one per
//! file). Each module is one capability; its snapshots are named `suite__<module>__<test>`.

mod support;
mod xbetza_common;
// The runtime's hand-built specs (chess, and the helpers that write path templates), shared
// with the runtime's own tests rather than copied.
#[path = "../runtime/tests/common/mod.rs"]
mod runtime_common;

#[path = "analyse.rs"]
mod analyse;
#[path = "browser.rs"]
mod browser;
#[path = "check.rs"]
mod check;
#[path = "diagram.rs"]
mod diagram;
#[path = "editor.rs"]
mod editor;
#[path = "engine.rs"]
mod engine;
#[path = "export.rs"]
mod export;
#[path = "fmt.rs"]
mod fmt;
#[path = "import.rs"]
mod import;
#[path = "lint.rs"]
mod lint;
#[path = "match.rs"]
mod r#match;
#[path = "perft.rs"]
mod perft;
#[path = "repro.rs"]
mod repro;
#[path = "robustness.rs"]
mod robustness;
#[path = "rules.rs"]
mod rules;
#[path = "runtime_cli.rs"]
mod runtime_cli;
#[path = "runtime_properties.rs"]
mod runtime_properties;
#[path = "runtime_variants.rs"]
mod runtime_variants;
#[path = "runtime_walk.rs"]
mod runtime_walk;
#[path = "variant_library.rs"]
mod variant_library;
#[path = "variants.rs"]
mod variants;
#[path = "writers.rs"]
mod writers;
#[path = "xbetza_oracle.rs"]
mod xbetza_oracle;
#[path = "xbetza_seeds.rs"]
mod xbetza_seeds;
#[path = "xbetza_vectors.rs"]
mod xbetza_vectors;
