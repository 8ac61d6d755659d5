//! The progress bar of `koma analyse` on standard error, with games a minute and the time
//! left; drawn only when standard error is a terminal, so logs and `--format json` output
//! stay clean.

use std::io::{IsTerminal, Write};
use std::time::Instant;

const WIDTH: usize = 30;

#[derive(Debug)]
pub struct Progress {
    /// Games already in the checkpoint when the run started.
    before: usize,
    done: usize,
    total: usize,
    started: Instant,
    draw: bool,
}

impl Progress {
    pub fn new(done: usize, total: usize) -> Progress {
        let p = Progress {
            before: done,
            done,
            total,
            started: Instant::now(),
            draw: std::io::stderr().is_terminal(),
        };
        p.show();
        p
    }

    pub fn game_done(&mut self) {
        self.done += 1;
        self.show();
    }

    pub fn finish(&self) {
        if self.draw {
            eprintln!();
        }
    }

    fn show(&self) {
        if !self.draw {
            return;
        }
        let filled = (self.done * WIDTH).checked_div(self.total).unwrap_or(WIDTH);
        let bar = format!("{}{}", "#".repeat(filled), ".".repeat(WIDTH - filled));
        let played = self.done - self.before;
        let secs = self.started.elapsed().as_secs_f64();
        let rate = if played > 0 && secs > 0.0 {
            format!(
                ", {:.1} games/min, {} left",
                played as f64 * 60.0 / secs,
                clock(secs / played as f64 * (self.total - self.done) as f64)
            )
        } else {
            String::new()
        };
        let mut err = std::io::stderr().lock();
        let _ = write!(err, "\r[{bar}] {}/{} games{rate}  ", self.done, self.total);
        let _ = err.flush();
    }
}

/// `1h 02m`, `3m 07s`, `12s`.
fn clock(secs: f64) -> String {
    let s = secs.round() as u64;
    match s {
        0..60 => format!("{s}s"),
        60..3600 => format!("{}m {:02}s", s / 60, s % 60),
        _ => format!("{}h {:02}m", s / 3600, s / 60 % 60),
    }
}
