//! Shipped variants compiled once for the fuzz targets that play positions.

use std::sync::{Arc, OnceLock};

use koma_runtime::Tables;

const SOURCES: &[&str] = &[
    include_str!("../variants/chess.koma"),
    include_str!("../variants/chu-shogi.koma"),
    include_str!("../variants/capablanca.koma"),
    include_str!("../variants/makruk.koma"),
    include_str!("../variants/shatranj.koma"),
    include_str!("../variants/kyou-shogi.koma"),
    include_str!("../variants/tenjiku-shogi.koma"),
];

fn all() -> &'static Vec<Arc<Tables>> {
    static TABLES: OnceLock<Vec<Arc<Tables>>> = OnceLock::new();
    TABLES.get_or_init(|| {
        SOURCES
            .iter()
            .map(|text| {
                koma_compiler::tables_from_str(text)
                    .unwrap_or_else(|e| panic!("shipped variants check:\n{e}"))
            })
            .collect()
    })
}

/// The tables of one shipped variant, chosen by a fuzz byte.
pub fn pick(which: u8) -> Arc<Tables> {
    let all = all();
    all[usize::from(which) % all.len()].clone()
}
