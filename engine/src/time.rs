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
    /// The thinking time for the next move.
    pub fn budget(&self) -> Budget {
        let usable = self.left.saturating_sub(OVERHEAD);
        let moves = self.moves_to_go.unwrap_or(HORIZON).clamp(1, HORIZON);
        let share = usable / moves + self.increment * 3 / 4;
        // Never more than a third of the clock on one move (a half with one move to go).
        let cap = if moves == 1 { usable / 2 } else { usable / 3 };
        let hard = (share * 3).min(cap).max(Duration::from_millis(5));
        let soft = (share * 3 / 5).min(hard);
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
