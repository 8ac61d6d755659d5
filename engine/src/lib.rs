//! The koma engine: plays any variant the runtime can load. Evaluation from piece values the
//! engine estimates from the move tables, an iterative-deepening PVS search with quiescence and a
//! transposition table, time management, and the XBoard (CECP) and UCI protocols as pure state
//! machines (a line in, replies out) that [`driver`] connects to a reader, a writer and a thread.
//! [`referee`] is `koma match`: engines against each other, every move judged by the runtime.

// Two hints to the hardware in `tt` are the only `unsafe`: a cache prefetch and a request for
// huge pages, each worth its cost in `koma bench --search` (docs/performance-log.md).
#![deny(unsafe_code)]

pub mod analyse;
pub mod cecp;
pub mod driver;
pub mod eval;
pub mod number;
pub mod referee;
pub mod search;
pub mod time;
mod tt;
pub mod tune;
pub mod uci;
pub mod values;
pub mod wire;
pub mod xboard_setup;

pub use search::{Info, Limits, Score, SearchResult, Searcher, search};

use std::sync::Arc;

use koma_runtime::Tables;

/// A variant the protocols offer, under the name the GUI uses.
#[derive(Clone, Debug)]
pub struct Variant {
    pub name: String,
    pub tables: Arc<Tables>,
}

impl Variant {
    /// A variant named for a GUI: the variant's name in lower case without spaces and
    /// punctuation (`Suzumu Shogi` -> `suzumushogi`); `Chu Shogi` is `chu`, XBoard's own name, so
    /// that koma meets HaChu in it, `Chess` is `normal` and `Chess960` `fischerandom` for XBoard.
    pub fn named_for_xboard(tables: Arc<Tables>) -> Variant {
        let plain = plain_name(&tables.spec().name);
        let name = match plain.as_str() {
            "chushogi" => "chu".to_string(),
            "chess" => "normal".to_string(),
            // XBoard's name; it sends each game's array by `setboard`.
            "chess960" => "fischerandom".to_string(),
            _ => plain,
        };
        Variant { name, tables }
    }

    /// A variant named for UCI's `UCI_Variant`: lower case, letters and digits.
    pub fn named_for_uci(tables: Arc<Tables>) -> Variant {
        Variant {
            name: plain_name(&tables.spec().name),
            tables,
        }
    }
}

fn plain_name(name: &str) -> String {
    name.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}
