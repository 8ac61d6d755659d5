//! Any position text for a few shipped variants: an error or a position whose text reads back
//! to the same position.
#![no_main]

use koma_runtime::Position;
use libfuzzer_sys::fuzz_target;

#[path = "../variants.rs"]
mod variants;

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let tables = variants::pick(which);
    let text = String::from_utf8_lossy(rest);
    if let Ok(pos) = Position::from_text(tables.clone(), &text) {
        let written = pos.to_text();
        let again = Position::from_text(tables, &written).expect("written text reads back");
        assert_eq!(again.to_text(), written, "text round trip");
        assert_eq!(again.hash(), again.compute_hash());
    }
});
