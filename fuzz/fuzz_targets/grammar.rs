//! Any text given as a variant file: diagnostics, never a panic, and a variant that checks
//! builds tables and generates moves from its start position.
#![no_main]

use koma_compiler::loader::MemoryLoader;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let loaded = koma_compiler::load_source("fuzz.koma", &text, &MemoryLoader::new());
    if let Some(variant) = loaded.variant {
        let spec = koma_compiler::emit(&variant);
        assert!(
            koma_runtime::limits::check(&spec).is_empty(),
            "check accepted a variant the runtime cannot hold"
        );
        let tables = std::sync::Arc::new(koma_runtime::Tables::new(spec));
        if let Some(mut pos) = koma_runtime::Position::start(tables) {
            let _ = pos.moves();
        }
    }
});
