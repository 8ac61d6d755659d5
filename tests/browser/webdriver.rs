//! A WebDriver session with headless Chromium through ChromeDriver, spoken over plain HTTP.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::http::{base64_decode, request};

const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// A running ChromeDriver with one browser session; both end on drop.
pub struct Browser {
    driver: Child,
    addr: String,
    session: String,
}

/// A free port on the loopback interface.
pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

impl Browser {
    /// Starts ChromeDriver and a headless Chromium with a fresh profile under `profile`.
    pub fn start(chromium: &Path, chromedriver: &Path, profile: &Path, log: &Path) -> Browser {
        let port = free_port();
        let driver = Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .arg(format!("--log-path={}", log.display()))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start chromedriver");
        let addr = format!("127.0.0.1:{port}");
        let mut browser = Browser {
            driver,
            addr,
            session: String::new(),
        };
        let deadline = Instant::now() + Duration::from_secs(15);
        while std::net::TcpStream::connect(&browser.addr).is_err() {
            assert!(Instant::now() < deadline, "chromedriver did not start");
            std::thread::sleep(Duration::from_millis(50));
        }
        let capabilities = json!({ "capabilities": { "alwaysMatch": {
            "goog:chromeOptions": {
                "binary": chromium,
                "args": [
                    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                    "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync",
                    "--disable-dev-shm-usage", "--window-size=1400,1100",
                    format!("--user-data-dir={}", profile.display()),
                ],
            },
            "goog:loggingPrefs": { "browser": "ALL" },
            "timeouts": { "pageLoad": 20000, "script": 20000 },
        }}});
        let answer = browser.call("POST", "/session", Some(capabilities));
        browser.session = answer["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no session: {answer}"))
            .to_string();
        browser
    }

    /// One WebDriver command; panics with the driver's message when it fails.
    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let body = body.map(|b| b.to_string());
        let answer = request(&self.addr, method, path, body.as_deref());
        let value = answer.json()["value"].clone();
        assert!(
            answer.status == 200,
            "WebDriver {method} {path}: {} {value}",
            answer.status
        );
        value
    }

    fn session_call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        self.call(method, &format!("/session/{}{path}", self.session), body)
    }

    pub fn goto(&self, url: &str) {
        self.session_call("POST", "/url", Some(json!({ "url": url })));
    }

    /// Runs `script` (a function body) with `args` in the page and returns its value.
    pub fn run(&self, script: &str, args: Value) -> Value {
        self.session_call(
            "POST",
            "/execute/sync",
            Some(json!({ "script": script, "args": args })),
        )
    }

    /// Waits (at most `secs`) until `script` returns true.
    pub fn wait_for(&self, what: &str, script: &str, secs: u64) {
        let deadline = Instant::now() + Duration::from_secs(secs);
        loop {
            if self.run(script, json!([])) == json!(true) {
                return;
            }
            assert!(Instant::now() < deadline, "timed out waiting for {what}");
            std::thread::sleep(Duration::from_millis(40));
        }
    }

    /// Clicks the element `css` selects, as a user would (the driver checks it can be hit).
    /// The page redraws the board after each answer from the server; an element replaced
    /// between finding and clicking is found again.
    pub fn click(&self, css: &str) {
        for _ in 0..20 {
            let found = self.session_call(
                "POST",
                "/element",
                Some(json!({ "using": "css selector", "value": css })),
            );
            let id = found[ELEMENT]
                .as_str()
                .unwrap_or_else(|| panic!("no element {css}: {found}"))
                .to_string();
            let path = format!("/session/{}/element/{id}/click", self.session);
            let answer = request(&self.addr, "POST", &path, Some("{}"));
            if answer.status == 200 {
                return;
            }
            let error = answer.json()["value"]["error"].clone();
            assert!(
                error == "stale element reference",
                "click {css}: {} {}",
                answer.status,
                answer.body
            );
            std::thread::sleep(Duration::from_millis(30));
        }
        panic!("{css} kept being replaced");
    }

    /// Resizes the browser window to `width` x `height` pixels.
    pub fn resize(&self, width: u32, height: u32) {
        self.session_call(
            "POST",
            "/window/rect",
            Some(json!({ "width": width, "height": height })),
        );
    }

    pub fn screenshot(&self, path: &Path) {
        let data = self.session_call("GET", "/screenshot", None);
        let png = base64_decode(data.as_str().expect("base64 screenshot"));
        std::fs::write(path, png).expect("write screenshot");
    }

    /// The browser console's entries since the last call: (level, message).
    pub fn console(&self) -> Vec<(String, String)> {
        let entries = self.session_call("POST", "/se/log", Some(json!({ "type": "browser" })));
        entries
            .as_array()
            .map(|list| {
                list.iter()
                    .map(|e| {
                        (
                            e["level"].as_str().unwrap_or("").to_string(),
                            e["message"].as_str().unwrap_or("").to_string(),
                        )
                    })
                    .collect()
            })
            .unwrap_or_default()
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let path = format!("/session/{}", self.session);
            let _ = std::panic::catch_unwind(|| request(&self.addr, "DELETE", &path, None));
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

/// Chromium and chromedriver, or `None` with a note when either is missing; a missing one
/// fails the test when KOMA_REQUIRE_EXTERNAL is set (as ./test.sh does).
pub fn chromium_and_driver() -> Option<(PathBuf, PathBuf)> {
    let found = (
        find(&["chromium", "chromium-browser", "google-chrome"]),
        find(&["chromedriver"]),
    );
    if let (Some(chromium), Some(driver)) = found {
        return Some((chromium, driver));
    }
    if std::env::var_os("KOMA_REQUIRE_EXTERNAL").is_some() {
        panic!("chromium and chromedriver are required (KOMA_REQUIRE_EXTERNAL is set)");
    }
    eprintln!("skipped: chromium or chromedriver is not installed");
    None
}

/// The program on the PATH (or at a Debian path), if installed.
pub fn find(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    names.iter().find_map(|name| {
        std::env::split_paths(&path)
            .map(|dir| dir.join(name))
            .chain([PathBuf::from("/usr/bin").join(name)])
            .find(|p| p.is_file())
    })
}
