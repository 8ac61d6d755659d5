//! Numbers from a GUI, read so that none can break the engine. Any decimal text is a number
//! (`5`, `0.2`, `-100`, `1e300`, `inf`, `18446744073709551615`); a negative one means 0 and one
//! beyond its bound means the bound. Only text that is no number (or `nan`) is refused, and the
//! protocol says so.

use std::time::Duration;

use crate::time;

/// A count (depth, nodes, moves, megabytes): negative as 0, beyond `u64` as `u64::MAX`; the user
/// of the count clamps it to its own bounds.
pub fn count(text: &str) -> Option<u64> {
    let n = decimal(text)?;
    // `as` saturates: negative numbers become 0, too large ones `u64::MAX`.
    Some(n as u64)
}

/// A count that fits a `u32` (depth, moves to go), saturating.
pub fn count_u32(text: &str) -> Option<u32> {
    count(text).map(|n| u32::try_from(n).unwrap_or(u32::MAX))
}

/// A count that fits a `usize` (megabytes), saturating.
pub fn count_usize(text: &str) -> Option<usize> {
    count(text).map(|n| usize::try_from(n).unwrap_or(usize::MAX))
}

/// A time given in units of `unit` seconds (1 for seconds, 0.01 for centiseconds, 0.001 for
/// milliseconds), between zero and [`time::MAX_TIME`].
pub fn time(text: &str, unit: f64) -> Option<Duration> {
    decimal(text).map(|n| time::clamped(n * unit))
}

/// Centipawns, either sign, rounded and saturating at `i32`'s bounds; the user clamps them.
pub fn centipawns(text: &str) -> Option<i32> {
    // `as` saturates, as in `count`.
    decimal(text).map(|n| n.round() as i32)
}

fn decimal(text: &str) -> Option<f64> {
    text.trim().parse::<f64>().ok().filter(|n| !n.is_nan())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_saturate_and_refuse_only_what_is_no_number() {
        assert_eq!(count("42"), Some(42));
        assert_eq!(count("-100"), Some(0));
        assert_eq!(count("18446744073709551616"), Some(u64::MAX));
        assert_eq!(count("1e300"), Some(u64::MAX));
        assert_eq!(count("inf"), Some(u64::MAX));
        assert_eq!(count_u32("4294967296"), Some(u32::MAX));
        assert_eq!(count_u32("3.9"), Some(3));
        for bad in ["", "x", "nan", "1M\u{fffd}", "--1"] {
            assert_eq!(count(bad), None, "{bad}");
        }
    }

    #[test]
    fn times_are_clamped_to_zero_and_the_maximum() {
        assert_eq!(time("1.5", 1.0), Some(Duration::from_millis(1500)));
        assert_eq!(time("250", 0.01), Some(Duration::from_millis(2500)));
        assert_eq!(time("-100", 0.001), Some(Duration::ZERO));
        for huge in ["inf", "1e300", "18446744073709551615", "-inf"] {
            let expected = if huge.starts_with('-') {
                Duration::ZERO
            } else {
                time::MAX_TIME
            };
            assert_eq!(time(huge, 1.0), Some(expected), "{huge}");
        }
        assert_eq!(time("nan", 1.0), None);
    }
}
