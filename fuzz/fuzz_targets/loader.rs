//! Any bytes given as a compiled variant file: a load error or tables that build and play.
#![no_main]

use koma_runtime::serialize::decode;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(spec) = decode(data) {
        let tables = std::sync::Arc::new(koma_runtime::Tables::new(spec));
        if let Some(mut pos) = koma_runtime::Position::start(tables) {
            let moves = pos.moves();
            for m in moves.into_iter().take(8) {
                pos.make(m);
                let _ = pos.moves();
                pos.unmake();
            }
        }
    }
});
