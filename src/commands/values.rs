//! `koma values`: the piece values the engine estimates for a variant, with their parts.

use std::process::ExitCode;

use koma_engine::values::estimate;

use super::{CommandResult, load_tables};
use crate::args::ValuesArgs;

pub fn values(args: &ValuesArgs) -> CommandResult {
    let tables = load_tables(&args.file)?;
    let mut values = estimate(&tables);
    values.sort_by(|a, b| b.value.cmp(&a.value).then(a.id.cmp(&b.id)));
    let idw = values.iter().map(|v| v.id.len()).max().unwrap_or(2).max(2);
    let namew = values
        .iter()
        .map(|v| v.name.len())
        .max()
        .unwrap_or(4)
        .max(4);
    println!(
        "{:idw$}  {:namew$}  {:>6}  {:>6}  {:>6}  {:>7}",
        "id", "name", "value", "reach", "attack", "promote"
    );
    for v in &values {
        let royal = if v.royal { "  royal" } else { "" };
        let given = if v.given { "  (given)" } else { "" };
        println!(
            "{:idw$}  {:namew$}  {:>6}  {:>6.2}  {:>6.2}  {:>7}{royal}{given}",
            v.id, v.name, v.value, v.reach, v.attack, v.promotion_gain
        );
    }
    Ok(ExitCode::SUCCESS)
}
