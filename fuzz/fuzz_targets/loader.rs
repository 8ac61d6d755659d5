//! Any bytes given as a compiled variant file: a load error or tables that build and play.
//!
//! The file ends in a checksum of its payload, so almost every mutation of a whole file stops
//! at the checksum test. The first byte therefore chooses: odd, the rest is a payload that the
//! target wraps in a valid header and checksum (the format of `koma_runtime::serialize`), so the
//! payload reader, the validation and table building see mutated payloads; even, the rest is
//! the whole file as it would be read from disk (header, length and checksum handling).
#![no_main]

use koma_runtime::serialize::{FORMAT_VERSION, decode};
use libfuzzer_sys::fuzz_target;

/// The FNV-1a 64 checksum the file format uses (runtime/src/serialize.rs).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let wrapped;
    let file = if mode & 1 == 1 {
        let mut f = Vec::with_capacity(rest.len() + 28);
        f.extend_from_slice(b"KOMAVAR\0");
        f.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        f.extend_from_slice(&(rest.len() as u64).to_le_bytes());
        f.extend_from_slice(rest);
        f.extend_from_slice(&fnv1a(rest).to_le_bytes());
        wrapped = f;
        &wrapped[..]
    } else {
        rest
    };
    if let Ok(spec) = decode(file) {
        let tables = std::sync::Arc::new(koma_runtime::Tables::new_unchecked(spec));
        if let Some(mut pos) = koma_runtime::Position::start(tables) {
            let moves = pos.moves();
            for m in moves.into_iter().take(8) {
                pos.make(&m);
                let _ = pos.moves();
                pos.unmake();
            }
        }
    }
});
