//! Standard output for every command: a line at a time, and a reader that went away
//! (`koma moves FILE | head -1`) ends the program quietly instead of a panic.

use std::io::Write;

/// Writes one line to standard output; exits quietly (code 0) on a closed pipe.
pub fn line(args: std::fmt::Arguments<'_>) {
    let mut out = std::io::stdout().lock();
    let written = out.write_fmt(args).and_then(|()| out.write_all(b"\n"));
    if let Err(error) = written {
        if error.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: cannot write to standard output: {error}");
        std::process::exit(1);
    }
}

/// Writes text as it is (no newline added); exits quietly on a closed pipe.
pub fn text(text: &str) {
    let mut out = std::io::stdout().lock();
    if let Err(error) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        if error.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: cannot write to standard output: {error}");
        std::process::exit(1);
    }
}

/// `println!` through [`line()`].
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::output::line(format_args!($($arg)*))
    };
}
pub(crate) use outln;
