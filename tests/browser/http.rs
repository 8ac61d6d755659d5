//! A small blocking HTTP/1.1 client for the browser tests: enough for the koma server and
//! ChromeDriver (one request per connection, JSON bodies).

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// An answer: status code and body.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub body: String,
}

impl Answer {
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }
}

/// Sends one request to `host:port`; `body` is sent as JSON.
pub fn request(addr: &str, method: &str, path: &str, body: Option<&str>) -> Answer {
    request_for(addr, addr, method, path, body)
}

/// As [`request`], naming `host` in the `Host` header.
pub fn request_for(addr: &str, host: &str, method: &str, path: &str, body: Option<&str>) -> Answer {
    let headers = format!("Host: {host}\r\nContent-Type: application/json\r\n");
    request_with(addr, method, path, &headers, body.unwrap_or(""))
}

/// Sends one request with the given header lines (each ending in CRLF; `Content-Length` and
/// `Connection: close` are added).
pub fn request_with(addr: &str, method: &str, path: &str, headers: &str, body: &str) -> Answer {
    let mut stream = TcpStream::connect(addr).unwrap_or_else(|e| panic!("connect {addr}: {e}"));
    let head = format!(
        "{method} {path} HTTP/1.1\r\n{headers}Connection: close\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).expect("write");
    stream.write_all(body.as_bytes()).expect("write");
    answer(stream)
}

/// Reads the answer to a request sent on `stream`.
pub fn answer(mut stream: TcpStream) -> Answer {
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .expect("timeout");
    // Read by Content-Length: ChromeDriver may keep the connection open after its answer.
    let mut raw = Vec::new();
    let mut buf = [0u8; 16384];
    let (head, body_start) = loop {
        let n = read_some(&mut stream, &mut buf);
        assert!(n > 0, "connection closed before the header");
        raw.extend_from_slice(&buf[..n]);
        if let Some(split) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
            break (
                String::from_utf8_lossy(&raw[..split]).to_string(),
                split + 4,
            );
        }
    };
    let status: u16 = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status code");
    let lower = head.to_ascii_lowercase();
    let length = lower
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .and_then(|v| v.trim().parse::<usize>().ok());
    let chunked = lower.contains("transfer-encoding: chunked");
    loop {
        let have = raw.len() - body_start;
        let done = match length {
            Some(len) => have >= len,
            None if chunked => raw[body_start..].windows(5).any(|w| w == b"0\r\n\r\n"),
            None => false,
        };
        if done {
            break;
        }
        let n = read_some(&mut stream, &mut buf);
        if n == 0 {
            break;
        }
        raw.extend_from_slice(&buf[..n]);
    }
    let mut rest = raw[body_start..].to_vec();
    if let Some(len) = length {
        rest.truncate(len);
    } else if chunked {
        rest = dechunk(&rest);
    }
    Answer {
        status,
        body: String::from_utf8_lossy(&rest).to_string(),
    }
}

/// One read, tried again when a signal interrupts it (the tests' child processes, such as
/// ChromeDriver, send them).
fn read_some(stream: &mut TcpStream, buf: &mut [u8]) -> usize {
    loop {
        match stream.read(buf) {
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            other => return other.expect("read"),
        }
    }
}

fn dechunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(line_end) = data.windows(2).position(|w| w == b"\r\n") {
        let size_text = String::from_utf8_lossy(&data[..line_end]).to_string();
        let size = usize::from_str_radix(size_text.split(';').next().unwrap_or("0").trim(), 16)
            .unwrap_or(0);
        if size == 0 {
            break;
        }
        let start = line_end + 2;
        out.extend_from_slice(&data[start..start + size]);
        data = &data[start + size + 2..];
    }
    out
}

/// Standard base64 (screenshots).
pub fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let mut out = Vec::new();
    let (mut acc, mut bits) = (0u32, 0);
    for v in text.bytes().filter_map(value) {
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    out
}
