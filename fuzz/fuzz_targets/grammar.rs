//! Any text given as a variant file: diagnostics, never a panic, and a variant that checks
//! builds tables and generates moves from its start position.
#![no_main]

use koma_compiler::loader::MemoryLoader;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let loaded = koma_compiler::load_source("fuzz.koma", &text, &MemoryLoader::new());
    if let Some(variant) = loaded.variant {
        let tables = koma_compiler::emit_tables(&variant)
            .unwrap_or_else(|e| panic!("check accepted a variant the runtime rejects: {e}"));
        if let Some(mut pos) = koma_runtime::Position::start(tables) {
            let _ = pos.moves();
        }
    }
});
