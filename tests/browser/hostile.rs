//! `koma serve` and `koma book` under hostile input (issue 24; its repros are the
//! tests here, with their inputs in tests/fixtures/hostile/): every search ends, stops when its client goes and waits its turn;
//! only JSON from the server's own page is taken; idle connections are closed and their number
//! bounded; an edit is always seen; inlined data and links cannot run script.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use koma_runtime::{FullMove, Position};
use koma_web::api::VariantInfo;
use koma_web::game::{DEFAULT_SEARCH_TIME, Limits, MAX_SEARCH_TIME, MovePicker};
use koma_web::server::{HEADER_TIMEOUT, MAX_CONNECTIONS, MAX_SEARCHES};

use super::http::{Answer, answer, request, request_with};
use super::{Server, scratch, serve_in_process, variant};

const ENGINE: &str = "/api/variants/0/engine";
const JSON: &str = "Content-Type: application/json\r\n";

pub fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/hostile")
        .join(name)
}

/// An answer's `error`, asserting the body is the JSON every refusal has.
fn refusal(a: &Answer, status: u16) -> String {
    assert_eq!(a.status, status, "{}", a.body);
    a.json()["error"]
        .as_str()
        .unwrap_or_else(|| panic!("no `error` in {}", a.body))
        .to_string()
}

/// Plays the first legal move and keeps the limits it was given.
#[derive(Default)]
struct Recorder(Mutex<Vec<Limits>>);

impl MovePicker for Recorder {
    fn pick(&self, position: &mut Position, limits: Limits, _: &AtomicBool) -> Option<FullMove> {
        self.0.lock().expect("limits").push(limits);
        position.moves().first().copied()
    }
}

/// Thinks until it is stopped, telling the test when it starts and when it stops.
struct Stubborn {
    events: Mutex<Sender<&'static str>>,
}

impl Stubborn {
    fn new() -> (Arc<Stubborn>, Receiver<&'static str>) {
        let (tx, rx) = channel();
        let picker = Stubborn {
            events: Mutex::new(tx),
        };
        (Arc::new(picker), rx)
    }

    fn tell(&self, event: &'static str) {
        let _ = self.events.lock().expect("events").send(event);
    }
}

impl MovePicker for Stubborn {
    fn pick(&self, position: &mut Position, _: Limits, stop: &AtomicBool) -> Option<FullMove> {
        self.tell("started");
        while !stop.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(5));
        }
        self.tell("stopped");
        position.moves().first().copied()
    }
}

/// Sends an engine request and leaves the connection open, without reading the answer.
fn start_search(addr: &str, body: &str) -> TcpStream {
    let mut s = TcpStream::connect(addr).expect("connect");
    let head = format!(
        "POST {ENGINE} HTTP/1.1\r\nHost: {addr}\r\n{JSON}Content-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(head.as_bytes()).expect("write");
    s
}

fn expect(events: &Receiver<&'static str>, event: &str) {
    let got = events
        .recv_timeout(Duration::from_secs(20))
        .unwrap_or_else(|_| panic!("the picker never {event}"));
    assert_eq!(got, event);
}

#[test]
fn every_search_has_a_time_limit() {
    let recorder = Arc::new(Recorder::default());
    let app = koma_web::App::new(&[variant("chess.koma")]).with_engine(recorder.clone());
    let addr = serve_in_process(app);
    for body in [
        r#"{"start":"startpos","depth":64}"#,
        r#"{"start":"startpos"}"#,
        r#"{"start":"startpos","depth":4294967295,"millis":18446744073709551615}"#,
        r#"{"start":"startpos","millis":1500}"#,
    ] {
        let a = request(&addr, "POST", ENGINE, Some(body));
        assert_eq!(a.status, 200, "{body}: {}", a.body);
    }
    let seen = recorder.0.lock().expect("limits").clone();
    let times: Vec<Duration> = seen.iter().map(|l| l.time).collect();
    assert_eq!(
        times,
        [
            MAX_SEARCH_TIME,
            DEFAULT_SEARCH_TIME,
            MAX_SEARCH_TIME,
            Duration::from_millis(1500)
        ]
    );
    assert_eq!(seen[2].depth, Some(64));
}

#[test]
fn a_search_stops_when_its_client_goes() {
    let (picker, events) = Stubborn::new();
    let app = koma_web::App::new(&[variant("chess.koma")]).with_engine(picker);
    let addr = serve_in_process(app);
    let client = start_search(&addr, r#"{"start":"startpos","depth":64}"#);
    expect(&events, "started");
    drop(client);
    expect(&events, "stopped");
}

/// The real engine, in the real server: after its client has gone, the server stops using the
/// processor (abort_engine.py: each abandoned search ran on).
#[test]
fn the_engine_stops_thinking_for_a_client_that_went() {
    let server = Server::start(&[variant("chess.koma")]);
    let pid = server.child.id();
    let Some(before) = cpu_seconds(pid) else {
        eprintln!("skipped: no /proc to read the server's processor time");
        return;
    };
    for _ in 0..3 {
        let client = start_search(&server.addr, r#"{"start":"startpos","depth":64}"#);
        std::thread::sleep(Duration::from_millis(200));
        drop(client);
    }
    std::thread::sleep(Duration::from_millis(500));
    let settled = cpu_seconds(pid).expect("cpu time");
    std::thread::sleep(Duration::from_secs(2));
    let after = cpu_seconds(pid).expect("cpu time");
    assert!(
        after - settled < 0.5,
        "the server used {:.2} s of processor in the 2 s after its clients left ({before:.2} s at the start)",
        after - settled
    );
}

/// User and system time of a process, in seconds, from /proc/PID/stat.
fn cpu_seconds(pid: u32) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command name (which may hold spaces) in parentheses.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

#[test]
fn searches_beyond_the_bound_are_refused_until_one_ends() {
    let (picker, events) = Stubborn::new();
    let app = koma_web::App::new(&[variant("chess.koma")]).with_engine(picker);
    let addr = serve_in_process(app);
    let body = r#"{"start":"startpos","depth":64}"#;
    let mut running: Vec<TcpStream> = (0..MAX_SEARCHES)
        .map(|_| {
            let c = start_search(&addr, body);
            expect(&events, "started");
            c
        })
        .collect();
    let busy = request(&addr, "POST", ENGINE, Some(body));
    assert!(refusal(&busy, 503).contains("busy"), "{}", busy.body);
    drop(running.pop());
    expect(&events, "stopped");
    // The slot comes back when the stopped search has returned, a moment after it said so.
    let next = loop {
        let mut c = start_search(&addr, body);
        c.set_read_timeout(Some(Duration::from_millis(500)))
            .expect("timeout");
        let mut buf = [0u8; 64];
        match c.read(&mut buf) {
            Ok(n) if String::from_utf8_lossy(&buf[..n]).contains(" 503 ") => {
                std::thread::sleep(Duration::from_millis(50));
            }
            Ok(n) => panic!("{}", String::from_utf8_lossy(&buf[..n])),
            Err(_) => break c,
        }
    };
    expect(&events, "started");
    drop(next);
    expect(&events, "stopped");
}

/// csrf-engine-dos.html: a page elsewhere posts `text/plain` without asking (no CORS
/// preflight), and any foreign page sends its own `Origin`.
#[test]
fn only_json_from_the_servers_own_page_is_taken() {
    let recorder = Arc::new(Recorder::default());
    let app = koma_web::App::new(&[variant("chess.koma")]).with_engine(recorder.clone());
    let addr = serve_in_process(app);
    let body = r#"{"start":"startpos","depth":1}"#;
    let host = format!("Host: {addr}\r\n");
    let post = |headers: String| request_with(&addr, "POST", ENGINE, &headers, body);
    let plain = post(format!("{host}Content-Type: text/plain\r\n"));
    assert!(refusal(&plain, 415).contains("JSON"));
    assert_eq!(refusal(&post(host.clone()), 415), refusal(&plain, 415));
    let foreign = post(format!("{host}{JSON}Origin: http://evil.example\r\n"));
    assert!(refusal(&foreign, 403).contains("evil.example"));
    let null = post(format!("{host}{JSON}Origin: null\r\n"));
    refusal(&null, 403);
    let cross = post(format!("{host}{JSON}Sec-Fetch-Site: cross-site\r\n"));
    assert!(refusal(&cross, 403).contains("another site"));
    let same_site = post(format!("{host}{JSON}Sec-Fetch-Site: same-site\r\n"));
    refusal(&same_site, 403);
    assert!(recorder.0.lock().expect("limits").is_empty());
    // The page itself.
    let own = post(format!(
        "{host}Content-Type: application/json; charset=utf-8\r\nOrigin: http://{addr}\r\nSec-Fetch-Site: same-origin\r\n"
    ));
    assert_eq!(own.status, 200, "{}", own.body);
    // Reading is open to links from elsewhere.
    let link = request_with(
        &addr,
        "GET",
        "/",
        &format!("{host}Sec-Fetch-Site: cross-site\r\n"),
        "",
    );
    assert_eq!(link.status, 200);
}

/// serve-misc.sh: every error is JSON, one `Host` only, and the bound address is its own host.
#[test]
fn every_error_is_json_and_the_host_is_one_and_known() {
    let server = Server::start(&[variant("chess.koma")]);
    let addr = &server.addr;
    // The length alone is refused, before any of the body is read.
    let mut s = TcpStream::connect(addr).expect("connect");
    let head = format!(
        "POST /api/variants/0/state HTTP/1.1\r\nHost: {addr}\r\n{JSON}Content-Length: {}\r\n\r\n",
        koma_web::server::MAX_BODY + 1
    );
    s.write_all(head.as_bytes()).expect("write");
    let big = answer(s);
    assert!(refusal(&big, 413).contains("limit"), "{}", big.body);
    let get = request(addr, "GET", "/api/variants/0/state", None);
    assert!(refusal(&get, 405).contains("GET"), "{}", get.body);
    let two = request_with(
        addr,
        "GET",
        "/api/variants",
        &format!("Host: {addr}\r\nHost: evil.example\r\n"),
        "",
    );
    assert!(refusal(&two, 400).contains("Host"));
    let bad_path = request(addr, "GET", "/api/variants/0/diagram/%FF%FE", None);
    refusal(&bad_path, 400);

    // Bound to another loopback address, the server answers requests for that address.
    let other = Server::start_with(&[variant("chess.koma")], &["--bind", "127.0.0.2"]);
    assert!(other.addr.starts_with("127.0.0.2:"), "{}", other.addr);
    let list = request(&other.addr, "GET", "/api/variants", None);
    assert_eq!(list.status, 200, "{}", list.body);
    let by_name = super::http::request_for(&other.addr, "localhost", "GET", "/", None);
    assert_eq!(by_name.status, 200);
}

/// slowloris.py: connections that never finish their header are closed, and past the bound a
/// connection is closed at once, so the server comes back on its own.
#[test]
fn idle_connections_are_closed_and_bounded() {
    let server = Server::start(&[variant("chess.koma")]);
    let addr = &server.addr;
    let idle: Vec<TcpStream> = (0..MAX_CONNECTIONS)
        .map(|_| {
            let mut s = TcpStream::connect(addr).expect("connect");
            s.write_all(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
                .expect("write");
            s
        })
        .collect();
    // The server takes connections in order: once the idle ones are taken, one more is over the
    // bound and is closed without an answer.
    std::thread::sleep(Duration::from_secs(1));
    let over = TcpStream::connect(addr).expect("connect");
    // Closed well before the header timeout would close it.
    assert!(
        closed_within(over, HEADER_TIMEOUT / 2),
        "a connection over the bound was kept"
    );
    let started = Instant::now();
    for s in idle {
        assert!(
            closed_within(s, HEADER_TIMEOUT * 3),
            "an idle connection stayed open"
        );
    }
    assert!(started.elapsed() < HEADER_TIMEOUT * 3);
    let back = request(addr, "GET", "/api/variants/0/status", None);
    assert_eq!(back.status, 200, "{}", back.body);
}

/// The server closes `s` (perhaps after an answer) within `time`.
fn closed_within(mut s: TcpStream, time: Duration) -> bool {
    s.set_read_timeout(Some(time)).expect("timeout");
    let mut buf = [0u8; 256];
    loop {
        match s.read(&mut buf) {
            Ok(0) => return true,
            Ok(_) => continue,
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => return true,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => return false,
        }
    }
}

/// serve-edit-race.sh: a save the server's last look could not tell from the file it compiled
/// (same length, same timestamp) is still seen: the version is the text's.
#[test]
fn an_edit_that_keeps_length_and_time_is_seen() {
    let dir = scratch("race");
    let file = dir.join("race.koma");
    let chess = std::fs::read_to_string(variant("chess.koma")).expect("chess");
    std::fs::write(&file, chess.replace("\"Chess\"", "\"Race1\"")).expect("write");
    let server = Server::start(std::slice::from_ref(&file));
    let name = |server: &Server| {
        let info: VariantInfo =
            serde_json::from_str(&server.get("/api/variants/0").body).expect("info");
        info.variant.map(|v| v.name)
    };
    assert_eq!(name(&server).as_deref(), Some("Race1"));
    let written = std::fs::metadata(&file)
        .and_then(|m| m.modified())
        .expect("mtime");
    std::fs::write(&file, chess.replace("\"Chess\"", "\"Race2\"")).expect("write");
    std::fs::File::options()
        .write(true)
        .open(&file)
        .and_then(|f| f.set_modified(written))
        .expect("set mtime");
    assert_eq!(name(&server).as_deref(), Some("Race2"));
}

/// xss.sh and book-comment-script-breaks-page.koma: the book's inlined data holds no `<`, so no
/// name can end or comment out its script element, and it reads back as the same data.
#[test]
fn a_book_inlines_its_data_safely() {
    for name in [
        "book-comment-script-breaks-page.koma",
        "xss-javascript-source.koma",
    ] {
        let dir = scratch(&format!("book-{name}"));
        let out = Command::new(env!("CARGO_BIN_EXE_koma"))
            .arg("book")
            .arg(fixture(name))
            .arg("-o")
            .arg(&dir)
            .stdout(Stdio::null())
            .output()
            .expect("koma book");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let html = std::fs::read_to_string(dir.join("index.html")).expect("index.html");
        let open = r#"<script id="koma-data" type="application/json">"#;
        let data = html
            .split_once(open)
            .and_then(|(_, rest)| rest.split_once("</script>"))
            .map(|(data, _)| data)
            .expect("the data element");
        for bad in ['<', '>', '&', '\u{2028}', '\u{2029}'] {
            assert!(!data.contains(bad), "{name}: `{bad}` in the inlined data");
        }
        let data: serde_json::Value = serde_json::from_str(data).expect("JSON");
        let info = &data["info"]["variant"];
        let source = std::fs::read_to_string(fixture(name)).expect("fixture");
        let written = info["name"].as_str().expect("name");
        assert!(
            source.contains(&format!("variant \"{written}\"")),
            "{written}"
        );
        assert!(
            info["pieces"][0]["name"]
                .as_str()
                .expect("piece")
                .contains("<script>")
        );
    }
}

/// Kyou Shogi ships without a start position: its book shows the board empty (no game, so no
/// result), the pieces and the rules, and says so.
#[test]
fn a_variant_without_a_start_position_is_booked() {
    let dir = scratch("book-kyou");
    let out = Command::new(env!("CARGO_BIN_EXE_koma"))
        .arg("book")
        .arg(variant("kyou-shogi.koma"))
        .arg("-o")
        .arg(&dir)
        .output()
        .expect("koma book");
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(said.contains("no start position"), "{said}");
    let html = std::fs::read_to_string(dir.join("index.html")).expect("index.html");
    assert!(html.contains(r#""start":false"#));
    // The empty board is no game that someone lost.
    assert!(
        html.contains(r#""result":null"#),
        "the empty board shows a result"
    );
    let pieces = std::fs::read_dir(dir.join("diagrams"))
        .expect("diagrams")
        .count();
    assert!(pieces > 0);
}

/// docs/web.md states each limit with the figure the server holds.
#[test]
fn the_docs_state_the_limits() {
    use koma_web::game::MAX_SEARCH_DEPTH;
    use koma_web::server::{BODY_TIMEOUT, MAX_BODY};
    let doc = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/web.md"))
        .expect("docs/web.md");
    let max = MAX_SEARCH_TIME.as_secs();
    for figure in [
        format!("at most {MAX_SEARCHES} at once; another is refused (503)"),
        format!("at most {MAX_CONNECTIONS} at once; one more is closed"),
        format!("not arrived within {} seconds", HEADER_TIMEOUT.as_secs()),
        format!("at most {} MiB (413)", MAX_BODY >> 20),
        format!("within {} seconds (408)", BODY_TIMEOUT.as_secs()),
        format!("at most {max} seconds; a request with only a `depth` stops at {max} seconds"),
        format!("neither thinks {} seconds", DEFAULT_SEARCH_TIME.as_secs()),
        format!("`depth` is at most {MAX_SEARCH_DEPTH}"),
    ] {
        assert!(doc.contains(&figure), "docs/web.md does not say `{figure}`");
    }
}

/// A body that stops short of its length is given up after the body timeout (408).
#[test]
fn a_body_that_never_arrives_times_out() {
    let server = Server::start(&[variant("chess.koma")]);
    let addr = &server.addr;
    let mut s = TcpStream::connect(addr).expect("connect");
    let head = format!(
        "POST /api/variants/0/state HTTP/1.1\r\nHost: {addr}\r\n{JSON}Content-Length: 100\r\n\r\n{{"
    );
    s.write_all(head.as_bytes()).expect("write");
    let started = Instant::now();
    let late = answer(s);
    assert!(refusal(&late, 408).contains("longer than"), "{}", late.body);
    assert!(started.elapsed() >= koma_web::server::BODY_TIMEOUT);
}
