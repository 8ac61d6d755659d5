//! An outside engine's process: its input, and its output read line by line on a thread so
//! that every wait has a deadline. A line that is too long or not UTF-8 is reported, not
//! read on; the end of the output is a crash with the process's exit status.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use super::game::Fault;

/// The longest line an engine may write.
const MAX_LINE: usize = 64 * 1024;
/// How long a process gets to quit before it is killed.
const QUIT_GRACE: Duration = Duration::from_millis(300);

#[derive(Debug)]
enum Output {
    Line(String),
    Bad(String),
    Closed,
}

/// A running engine.
#[derive(Debug)]
pub struct Process {
    child: Child,
    stdin: ChildStdin,
    output: Receiver<Output>,
    /// What ended the output, once it ended.
    ended: Option<Fault>,
}

impl Process {
    /// Starts `command` (program and arguments).
    pub fn spawn(command: &[String]) -> Result<Process, Fault> {
        let (program, args) = command
            .split_first()
            .ok_or_else(|| Fault::Startup("no command".to_string()))?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| Fault::Startup(format!("`{}`: {e}", command.join(" "))))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(Fault::Startup("no pipes to the engine".to_string()));
        };
        let (tx, output) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let out = read_line(&mut reader);
                let last = !matches!(out, Output::Line(_));
                if tx.send(out).is_err() || last {
                    return;
                }
            }
        });
        Ok(Process {
            child,
            stdin,
            output,
            ended: None,
        })
    }

    /// Writes one line.
    pub fn send(&mut self, line: &str) -> Result<(), Fault> {
        if let Some(f) = &self.ended {
            return Err(f.clone());
        }
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| self.crashed(&format!("writing failed ({e})")))
    }

    /// The next line, waiting until `deadline` at most.
    pub fn recv(&mut self, deadline: Instant, started: Instant) -> Result<String, Fault> {
        if let Some(f) = &self.ended {
            return Err(f.clone());
        }
        let wait = deadline.saturating_duration_since(Instant::now());
        let fault = match self.output.recv_timeout(wait) {
            Ok(Output::Line(l)) => return Ok(l),
            Ok(Output::Bad(why)) => Fault::Malformed(why),
            Ok(Output::Closed) | Err(RecvTimeoutError::Disconnected) => {
                self.crashed("it closed its output")
            }
            Err(RecvTimeoutError::Timeout) => return Err(Fault::Hung(started.elapsed())),
        };
        self.ended = Some(fault.clone());
        Err(fault)
    }

    /// A crash, with the exit status when the process has ended.
    fn crashed(&mut self, what: &str) -> Fault {
        let deadline = Instant::now() + QUIT_GRACE;
        while Instant::now() < deadline {
            match self.child.try_wait() {
                Ok(Some(status)) => return Fault::Crashed(format!("it exited ({status})")),
                Ok(None) => std::thread::sleep(Duration::from_millis(10)),
                Err(_) => break,
            }
        }
        Fault::Crashed(what.to_string())
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit").and_then(|()| self.stdin.flush());
        let deadline = Instant::now() + QUIT_GRACE;
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn read_line(reader: &mut impl BufRead) -> Output {
    let mut buf = Vec::new();
    match reader
        .by_ref()
        .take(MAX_LINE as u64 + 1)
        .read_until(b'\n', &mut buf)
    {
        Ok(0) | Err(_) => return Output::Closed,
        Ok(_) => {}
    }
    if buf.last() == Some(&b'\n') {
        buf.pop();
        if buf.last() == Some(&b'\r') {
            buf.pop();
        }
    } else if buf.len() > MAX_LINE {
        return Output::Bad(format!("a line longer than {} KiB", MAX_LINE / 1024));
    }
    match String::from_utf8(buf) {
        Ok(line) => Output::Line(line),
        Err(_) => Output::Bad("a line that is not UTF-8 text".to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_cut_checked_and_ended() {
        let mut r = std::io::Cursor::new(b"move e2e4\r\nbad \xff\n".to_vec());
        assert!(matches!(read_line(&mut r), Output::Line(l) if l == "move e2e4"));
        assert!(matches!(read_line(&mut r), Output::Bad(w) if w.contains("UTF-8")));
        assert!(matches!(read_line(&mut r), Output::Closed));
        let mut long = std::io::Cursor::new(vec![b'x'; MAX_LINE + 10]);
        assert!(matches!(read_line(&mut long), Output::Bad(w) if w.contains("longer")));
    }
}
