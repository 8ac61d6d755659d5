//! Time management: how long to think for a move under a clock (moves per session, base time,
//! increment), a fixed time per move, or no time limit.

use std::time::Duration;

/// A player's clock when a search starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// Time left on the clock.
    pub left: Duration,
    /// Added after each move.
    pub increment: Duration,
    /// Moves until the next time control, if the control has one.
    pub moves_to_go: Option<u32>,
}

/// When to stop: `soft` = do not start another iteration, `hard` = abort the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    pub soft: Duration,
    pub hard: Duration,
}

/// Moves a game is assumed to still last when the control has no move count.
const HORIZON: u32 = 35;
/// Kept in reserve for the time the protocol and the GUI take.
const OVERHEAD: Duration = Duration::from_millis(100);
/// Also kept in reserve: this share of the clock (a loaded machine answers late, and later
/// with more to do).
const RESERVE_DIVISOR: u32 = 20;
/// The least time a search gets (it always has a move from its first iteration).
const FLOOR: Duration = Duration::from_millis(2);
/// The longest clock, increment or time per move the engine takes: a GUI's longer ones (`st inf`,
/// `level 0 1e300 0`) mean this, so that no budget overflows. A year is longer than any game.
pub const MAX_TIME: Duration = Duration::from_secs(365 * 24 * 60 * 60);

/// `seconds` as a time between zero and [`MAX_TIME`]; a negative time (or NaN) is zero.
pub fn clamped(seconds: f64) -> Duration {
    if seconds.is_nan() {
        return Duration::ZERO;
    }
    Duration::from_secs_f64(seconds.clamp(0.0, MAX_TIME.as_secs_f64()))
}

impl Clock {
    /// The thinking time for the next move: a share of the clock beyond the reserve plus half
    /// the increment; the search starts no iteration after half of it and stops at twice it,
    /// never beyond a quarter of what is left (a half with one move to go).
    pub fn budget(&self) -> Budget {
        let usable = self
            .left
            .saturating_sub(OVERHEAD + self.left / RESERVE_DIVISOR);
        let moves = self.moves_to_go.unwrap_or(HORIZON).clamp(1, HORIZON);
        let share = usable / moves + self.increment / 2;
        let cap = if moves == 1 { usable / 2 } else { usable / 4 };
        let hard = (share * 2).min(cap).max(FLOOR.min(self.left / 4));
        let soft = (share / 2).min(hard);
        Budget { soft, hard }
    }
}

impl Budget {
    /// A fixed time per move: use it all, but start no iteration that cannot finish in it.
    pub fn fixed(time: Duration) -> Budget {
        let hard = time
            .saturating_sub(OVERHEAD / 2)
            .max(Duration::from_millis(5));
        Budget {
            soft: hard / 2,
            hard,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A whole game at `base` + `inc` in which every move uses its full hard budget and the
    /// GUI and machine add `latency`: the least time left after a move, or `None` on a loss.
    fn least_left(
        base: Duration,
        inc: Duration,
        latency: Duration,
        moves: u32,
    ) -> Option<Duration> {
        let mut left = base;
        let mut least = base;
        for _ in 0..moves {
            let clock = Clock {
                left,
                increment: inc,
                moves_to_go: None,
            };
            left = left.checked_sub(clock.budget().hard + latency)?;
            least = least.min(left);
            left += inc;
        }
        Some(least)
    }

    #[test]
    fn fast_controls_leave_a_reserve_through_long_games() {
        let ms = Duration::from_millis;
        // 10 s + 0.1 s with 30 ms of latency a move, 1 s + 0.01 s with 5 ms: 300 moves each.
        for (base, inc, latency) in [(ms(10_000), ms(100), ms(30)), (ms(1_000), ms(10), ms(5))] {
            let least = least_left(base, inc, latency, 300);
            assert!(
                least.is_some_and(|l| l >= ms(20)),
                "{base:?} + {inc:?}: {least:?} left at worst"
            );
        }
    }

    #[test]
    fn a_move_never_takes_more_than_a_quarter_of_the_clock() {
        let ms = Duration::from_millis;
        for left in [ms(1), ms(50), ms(150), ms(1_000), ms(60_000)] {
            let b = Clock {
                left,
                increment: ms(0),
                moves_to_go: Some(2),
            }
            .budget();
            assert!(b.hard <= left / 4 || b.hard <= FLOOR, "{left:?}: {b:?}");
            assert!(b.soft <= b.hard);
        }
    }
}
