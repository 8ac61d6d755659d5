//! The protocol's framing on standard input and output (`Content-Length` headers, then a JSON
//! body), read with bounds: lsp-server's own reader allocates whatever `Content-Length` says
//! before a byte of the body arrives (one 40-byte header made it take 1.5 GB). Here a header
//! line is at most [`MAX_HEADER_LINE`] bytes, and a body over [`MAX_MESSAGE_BYTES`] is read
//! through and dropped in small pieces; the client is told in a log message.

use std::io::{self, BufRead, Read, Write};
use std::thread;

use crossbeam_channel::{Receiver, Sender};
use koma_compiler::limits::MAX_SOURCE_BYTES;
use lsp_server::{Connection, Message, Notification};
use lsp_types::notification::{LogMessage, Notification as _};
use lsp_types::{LogMessageParams, MessageType};

/// Most bytes of one message body: a document of [`MAX_SOURCE_BYTES`] escaped as JSON (a
/// control character takes six bytes, `\u0001`), with room for the rest of the message.
pub const MAX_MESSAGE_BYTES: u64 = 6 * MAX_SOURCE_BYTES + (1 << 20);

/// Most bytes of one header line (`Content-Length: 123` and its kin are short).
pub const MAX_HEADER_LINE: u64 = 1024;

/// One framed message read from the client.
#[derive(Debug)]
pub enum Frame {
    Message(Message),
    /// A body longer than [`MAX_MESSAGE_BYTES`], read and dropped.
    TooLarge {
        length: u64,
    },
}

/// Reads the next message; `None` at the end of the input. A malformed header or body is an
/// error (`InvalidData`), as in lsp-server.
pub fn read(input: &mut impl BufRead) -> io::Result<Option<Frame>> {
    let mut length = None;
    let mut line = Vec::new();
    loop {
        line.clear();
        let n = input.take(MAX_HEADER_LINE).read_until(b'\n', &mut line)?;
        if n == 0 {
            return Ok(None);
        }
        let Some(header) = line.strip_suffix(b"\r\n") else {
            return Err(invalid(format!("malformed header line ({n} bytes)")));
        };
        if header.is_empty() {
            break;
        }
        let header = String::from_utf8_lossy(header);
        let Some((name, value)) = header.split_once(':') else {
            return Err(invalid(format!("malformed header `{header}`")));
        };
        if name.trim().eq_ignore_ascii_case("content-length") {
            let value = value.trim();
            length = Some(
                value
                    .parse::<u64>()
                    .map_err(|_| invalid(format!("`Content-Length: {value}` is not a length")))?,
            );
        }
    }
    let length = length.ok_or_else(|| invalid("a message without `Content-Length`".to_string()))?;
    if length > MAX_MESSAGE_BYTES {
        let skipped = io::copy(&mut input.take(length), &mut io::sink())?;
        if skipped < length {
            return Ok(None);
        }
        return Ok(Some(Frame::TooLarge { length }));
    }
    let mut body = Vec::new();
    input.take(length).read_to_end(&mut body)?;
    if (body.len() as u64) < length {
        return Ok(None);
    }
    let message =
        serde_json::from_slice(&body).map_err(|e| invalid(format!("malformed message: {e}")))?;
    Ok(Some(Frame::Message(message)))
}

fn invalid(message: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, message)
}

/// The threads that move messages between standard input/output and a [`Connection`].
#[derive(Debug)]
pub struct IoThreads {
    reader: thread::JoinHandle<io::Result<()>>,
    writer: thread::JoinHandle<io::Result<()>>,
}

impl IoThreads {
    /// Waits for both threads; the reader's error (a malformed message) comes first.
    pub fn join(self) -> io::Result<()> {
        let reader = self
            .reader
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("reader panicked")));
        let writer = self
            .writer
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("writer panicked")));
        reader.and(writer)
    }
}

/// A connection over standard input and output, framed by [`read`] and [`Message::write`].
pub fn stdio() -> (Connection, IoThreads) {
    let (to_writer, writer_input) = crossbeam_channel::bounded::<Message>(0);
    let (to_server, server_input) = crossbeam_channel::bounded::<Message>(0);
    let writer = thread::spawn(move || write_all(&writer_input));
    let log = to_writer.clone();
    let reader = thread::spawn(move || read_all(&mut io::stdin().lock(), &to_server, &log));
    let connection = Connection {
        sender: to_writer,
        receiver: server_input,
    };
    (connection, IoThreads { reader, writer })
}

fn write_all(messages: &Receiver<Message>) -> io::Result<()> {
    let mut out = io::stdout().lock();
    for message in messages {
        message.write(&mut out)?;
    }
    out.flush()
}

/// Hands every message to the server until `exit` or the end of the input; a message too
/// large to read is dropped and reported to the client's log.
fn read_all(
    input: &mut impl BufRead,
    server: &Sender<Message>,
    log: &Sender<Message>,
) -> io::Result<()> {
    while let Some(frame) = read(input)? {
        let message = match frame {
            Frame::Message(message) => message,
            Frame::TooLarge { length } => {
                let text = format!(
                    "koma lsp: dropped a message of {length} bytes (at most {MAX_MESSAGE_BYTES})"
                );
                eprintln!("{text}");
                let params = LogMessageParams {
                    typ: MessageType::ERROR,
                    message: text,
                };
                let _ = log.send(Message::Notification(Notification::new(
                    LogMessage::METHOD.to_string(),
                    params,
                )));
                continue;
            }
        };
        let exit = matches!(&message, Message::Notification(n) if n.method == "exit");
        if server.send(message).is_err() || exit {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames(input: impl Read) -> Vec<String> {
        let mut input = io::BufReader::new(input);
        let mut out = Vec::new();
        loop {
            match read(&mut input) {
                Ok(Some(Frame::Message(m))) => {
                    out.push(format!("{m:?}").chars().take(20).collect())
                }
                Ok(Some(Frame::TooLarge { length })) => out.push(format!("too large {length}")),
                Ok(None) => return out,
                Err(e) => {
                    out.push(format!("error {e}"));
                    return out;
                }
            }
        }
    }

    #[test]
    fn an_oversize_body_is_dropped_and_the_next_message_read() {
        let huge = MAX_MESSAGE_BYTES + 1;
        let header = format!("Content-Length: {huge}\r\n\r\n");
        let exit = r#"{"jsonrpc":"2.0","method":"exit"}"#;
        let next = format!("Content-Length: {}\r\n\r\n{exit}", exit.len());
        let input = header
            .as_bytes()
            .chain(io::repeat(b' ').take(huge))
            .chain(next.as_bytes());
        let got = frames(input);
        assert_eq!(got.len(), 2, "{got:?}");
        assert_eq!(got[0], format!("too large {huge}"));
        assert!(got[1].starts_with("Notification"), "{got:?}");
    }

    #[test]
    fn a_length_the_input_never_delivers_ends_the_session_without_allocating_it() {
        // 10 GB announced, two bytes sent: nothing is reserved up front, the input just ends.
        assert_eq!(
            frames(&b"Content-Length: 10000000000\r\n\r\n{}"[..]),
            Vec::<String>::new()
        );
        assert_eq!(
            frames(&b"Content-Length: 100\r\n\r\n{}"[..]),
            Vec::<String>::new()
        );
    }

    #[test]
    fn endless_or_bad_headers_are_errors() {
        let endless = vec![b'x'; 10 * MAX_HEADER_LINE as usize];
        assert!(frames(&endless[..])[0].starts_with("error malformed header line"));
        let bad = frames(&b"Content-Length: 18446744073709551616\r\n\r\n"[..]);
        assert!(bad[0].contains("is not a length"), "{bad:?}");
        assert!(frames(&b"Content-Type: x\r\n\r\n"[..])[0].contains("without `Content-Length`"));
    }
}
