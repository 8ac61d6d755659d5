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
    /// What a move costs beyond its search, as the engine has seen it ([`Latency`]).
    pub latency: Duration,
}

/// What a move costs beyond the engine's own search: the protocol, the GUI, and a loaded
/// machine that runs the engine late. It is learned from the clocks the GUI reports: after a
/// search of `s` on a clock at `left`, the next report should read `left - s + increment`;
/// what it falls short of that is latency.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Latency {
    estimate: Duration,
    /// The clock of the search being played.
    searching: Option<Clock>,
    /// The clock the next report should show.
    expected: Option<Duration>,
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
/// The reserve holds this many moves' latency: a machine that ran late runs late again.
const LATENCY_MOVES: u32 = 8;
/// The most latency learned from one report (a GUI's clock that jumps is not a machine).
const MAX_LATENCY: Duration = Duration::from_secs(1);
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
    ///
    /// The latency counts twice: the reserve holds [`LATENCY_MOVES`] of it, and each move's
    /// share is smaller by it, as the clock pays it on every move whatever the search takes.
    pub fn budget(&self) -> Budget {
        let latency = self.latency.min(MAX_LATENCY);
        let reserve = OVERHEAD + self.left / RESERVE_DIVISOR + latency * LATENCY_MOVES;
        let usable = self.left.saturating_sub(reserve);
        let moves = self.moves_to_go.unwrap_or(HORIZON).clamp(1, HORIZON);
        let share = (usable / moves + self.increment / 2).saturating_sub(latency);
        let cap = if moves == 1 { usable / 2 } else { usable / 4 };
        let hard = (share * 2).min(cap).max(FLOOR.min(self.left / 4));
        let soft = (share / 2).min(hard);
        Budget { soft, hard }
    }
}

impl Latency {
    /// The latency to budget for: the worst seen, forgotten by an eighth of its excess over
    /// each newer report.
    pub fn estimate(&self) -> Duration {
        self.estimate
    }

    /// The GUI reports the clock before a move: the shortfall against the clock expected
    /// after the last search played is learned.
    pub fn reported(&mut self, left: Duration) {
        let Some(expected) = self.expected.take() else {
            return;
        };
        let seen = expected.saturating_sub(left).min(MAX_LATENCY);
        self.estimate = if seen >= self.estimate {
            seen
        } else {
            self.estimate - (self.estimate - seen) / 8
        };
    }

    /// A search starts on `clock`.
    pub fn searching(&mut self, clock: Option<Clock>) {
        self.searching = clock;
        self.expected = None;
    }

    /// The search's move is played after `searched` of its own time.
    pub fn played(&mut self, searched: Duration) {
        self.expected = self
            .searching
            .take()
            .map(|c| c.left.saturating_sub(searched).saturating_add(c.increment));
    }

    /// A new game: the next report has nothing to be compared with; the estimate, the
    /// machine's, is kept.
    pub fn new_game(&mut self) {
        self.searching = None;
        self.expected = None;
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

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    /// A whole game at `base` + `inc` in which every move uses its full hard budget and the
    /// GUI and machine add `latency(move)`, which the engine learns from the clock when
    /// `learn`: the least time left after a move, or `None` on a loss.
    fn least_left(
        base: Duration,
        inc: Duration,
        latency: impl Fn(u32) -> Duration,
        moves: u32,
        learn: bool,
    ) -> Option<Duration> {
        let mut left = base;
        let mut least = base;
        let mut seen = Latency::default();
        for i in 0..moves {
            if learn {
                seen.reported(left);
            }
            let clock = Clock {
                left,
                increment: inc,
                moves_to_go: None,
                latency: seen.estimate(),
            };
            seen.searching(Some(clock));
            let searched = clock.budget().hard;
            left = left.checked_sub(searched + latency(i))?;
            seen.played(searched);
            least = least.min(left);
            left += inc;
        }
        Some(least)
    }

    #[test]
    fn fast_controls_leave_a_reserve_through_long_games() {
        // 10 s + 0.1 s with 30 ms of latency a move, 1 s + 0.01 s with 5 ms: 300 moves each.
        for (base, inc, latency) in [(ms(10_000), ms(100), ms(30)), (ms(1_000), ms(10), ms(5))] {
            let least = least_left(base, inc, |_| latency, 300, true);
            assert!(
                least.is_some_and(|l| l >= ms(20)),
                "{base:?} + {inc:?}: {least:?} left at worst"
            );
        }
    }

    /// A loaded machine: every move 6 ms late, and one stall of 150 ms. A fixed reserve sits
    /// at about 120 ms by then and loses on time; the reserve that grows with the latency seen
    /// keeps enough.
    #[test]
    fn the_reserve_grows_with_the_latency_seen() {
        let latency = |i| if i == 150 { ms(150) } else { ms(6) };
        assert_eq!(least_left(ms(1_000), ms(10), latency, 300, false), None);
        let least = least_left(ms(1_000), ms(10), latency, 300, true);
        assert!(least.is_some_and(|l| l >= ms(20)), "{least:?}");
    }

    #[test]
    fn latency_is_learned_from_the_clock_the_gui_reports() {
        let mut seen = Latency::default();
        let clock = |left| Clock {
            left: ms(left),
            increment: ms(10),
            moves_to_go: None,
            latency: Duration::ZERO,
        };
        // Searched 40 ms of a 1000 ms clock: 970 ms expected, 940 reported.
        seen.searching(Some(clock(1_000)));
        seen.played(ms(40));
        seen.reported(ms(940));
        assert_eq!(seen.estimate(), ms(30));
        // A move on time forgets an eighth of the excess; a later one rises at once.
        seen.searching(Some(clock(940)));
        seen.played(ms(100));
        seen.reported(ms(850));
        assert_eq!(seen.estimate(), ms(30) - ms(30) / 8);
        seen.searching(Some(clock(850)));
        seen.played(ms(0));
        seen.reported(ms(800));
        assert_eq!(seen.estimate(), ms(60));
        // A report with no search before it (a new game, a clock that was given time) is
        // no evidence.
        seen.new_game();
        seen.reported(ms(10));
        seen.searching(Some(clock(800)));
        seen.played(ms(0));
        seen.reported(ms(60_000));
        assert_eq!(seen.estimate(), ms(60) - ms(60) / 8);
        let budget = |latency| {
            Clock {
                latency,
                ..clock(1_000)
            }
            .budget()
        };
        assert!(budget(ms(20)).hard < budget(ms(0)).hard);
    }

    #[test]
    fn a_move_never_takes_more_than_a_quarter_of_the_clock() {
        for left in [ms(1), ms(50), ms(150), ms(1_000), ms(60_000)] {
            let b = Clock {
                left,
                increment: ms(0),
                moves_to_go: Some(2),
                latency: ms(3),
            }
            .budget();
            assert!(b.hard <= left / 4 || b.hard <= FLOOR, "{left:?}: {b:?}");
            assert!(b.soft <= b.hard);
        }
    }
}
