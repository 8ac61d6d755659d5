//! `koma serve` and `koma book` end to end: the HTTP API (malformed requests, legal moves equal
//! to `koma moves`, edits on disk), and the page in a real headless Chromium driven through
//! WebDriver: highlighted squares equal the runtime's moves, a short game with a promotion and
//! a Lion's double capture, live diagnostics, the static book, no console errors. Screenshots
//! are kept under `target/test-artefacts/browser/`.

#[path = "browser/hostile.rs"]
mod hostile;
#[path = "browser/http.rs"]
mod http;
#[path = "browser/typecheck.rs"]
mod typecheck;
#[path = "browser/wasm.rs"]
mod wasm;
#[path = "browser/webdriver.rs"]
mod webdriver;

use std::collections::{BTreeMap, BTreeSet};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use koma_runtime::{FullMove, Position};
use koma_web::api::{GameState, VariantInfo};
use koma_web::game::{Limits, MovePicker};
use serde_json::{Value, json};

use http::request;
use webdriver::Browser;

/// Chess after 1. e4.
const AFTER_E4: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn variant(name: &str) -> PathBuf {
    root().join("variants").join(name)
}

/// Where screenshots and logs go: `target/test-artefacts/browser/`.
fn artefacts() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("target dir")
        .join("test-artefacts")
        .join("browser");
    std::fs::create_dir_all(&dir).expect("artefact dir");
    dir
}

/// A scratch folder of this test binary.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("browser-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

/// `koma serve FILES --port 0`, stopped on drop.
struct Server {
    child: Child,
    addr: String,
}

impl Server {
    fn start(files: &[PathBuf]) -> Server {
        Server::start_with(files, &[])
    }

    /// `koma serve FILES --port 0 ARGS`.
    fn start_with(files: &[PathBuf], args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_koma"))
            .arg("serve")
            .args(files)
            .args(["--port", "0"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start koma serve");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut line = String::new();
            let _ = BufReader::new(stdout).read_line(&mut line);
            let _ = tx.send(line);
        });
        let line = rx
            .recv_timeout(Duration::from_secs(30))
            .expect("koma serve prints its address");
        let addr = line
            .split("http://")
            .nth(1)
            .and_then(|s| s.split('/').next())
            .unwrap_or_else(|| panic!("no address in `{line}`"))
            .to_string();
        Server { child, addr }
    }

    fn url(&self, query: &str) -> String {
        format!("http://{}/{query}", self.addr)
    }

    fn get(&self, path: &str) -> http::Answer {
        request(&self.addr, "GET", path, None)
    }

    fn post(&self, path: &str, body: &str) -> http::Answer {
        request(&self.addr, "POST", path, Some(body))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `koma moves FILE [--fen F] --format json`: the runtime's moves, independent of the server.
fn koma_moves(file: &Path, fen: Option<&str>) -> Vec<Value> {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_koma"));
    cmd.arg("moves").arg(file).args(["--format", "json"]);
    if let Some(fen) = fen {
        cmd.args(["--fen", fen]);
    }
    let out = cmd.output().expect("koma moves");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc: Value = serde_json::from_slice(&out.stdout).expect("moves JSON");
    doc["moves"].as_array().expect("moves").clone()
}

/// Destinations per start square.
fn destinations(moves: &[Value]) -> BTreeMap<String, BTreeSet<String>> {
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for m in moves {
        out.entry(m["from"].as_str().expect("from").to_string())
            .or_default()
            .insert(m["to"].as_str().expect("to").to_string());
    }
    out
}

#[test]
fn api_answers_from_the_runtime_and_rejects_malformed_requests() {
    let chess = variant("chess.koma");
    let server = Server::start(std::slice::from_ref(&chess));
    let list = server.get("/api/variants").json();
    assert_eq!(list["variants"][0]["name"], "Chess");

    let start = server.post(
        "/api/variants/0/state",
        r#"{"start":"startpos","moves":[]}"#,
    );
    assert_eq!(start.status, 200, "{}", start.body);
    let state: GameState = serde_json::from_str(&start.body).expect("GameState");
    let served: Vec<Value> = state
        .moves
        .iter()
        .map(|m| serde_json::to_value(m).expect("move"))
        .collect();
    assert_eq!(served, koma_moves(&chess, None));
    assert_eq!(state.pieces.len(), 32);

    // Castling carries its partner's move, as in `koma moves`.
    let castle = r#"{"start":"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1","moves":[]}"#;
    let state: GameState =
        serde_json::from_str(&server.post("/api/variants/0/state", castle).body).expect("state");
    let served: Vec<Value> = state
        .moves
        .iter()
        .map(|m| serde_json::to_value(m).expect("move"))
        .collect();
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(served, koma_moves(&chess, Some(fen)));
    assert!(served.iter().any(|m| m["kind"] == "castle"));

    let played = server.post(
        "/api/variants/0/state",
        r#"{"start":"startpos","moves":["e2e4","e7e5","g1f3"]}"#,
    );
    let state: GameState = serde_json::from_str(&played.body).expect("GameState");
    assert_eq!(
        state.position,
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
    assert_eq!(state.last.map(|m| m.text), Some("g1f3".to_string()));

    let bad = |method: &str, path: &str, body: Option<&str>, status: u16, says: &str| {
        let a = request(&server.addr, method, path, body);
        assert_eq!(a.status, status, "{method} {path}: {}", a.body);
        let error = a.json()["error"].as_str().unwrap_or_default().to_string();
        assert!(
            error.contains(says),
            "{method} {path}: `{error}` lacks `{says}`"
        );
    };
    bad(
        "POST",
        "/api/variants/0/state",
        Some("{not json"),
        400,
        "malformed",
    );
    bad(
        "POST",
        "/api/variants/0/state",
        Some(r#"{"moves":[]}"#),
        400,
        "start",
    );
    bad(
        "POST",
        "/api/variants/0/state",
        Some(r#"{"start":"startpos","moves":["e2e4","e2e4"]}"#),
        422,
        "move 2 `e2e4`",
    );
    bad(
        "POST",
        "/api/variants/0/state",
        Some(r#"{"start":"8/8/zz w","moves":[]}"#),
        422,
        "bad start position",
    );
    bad("GET", "/api/variants/7", None, 404, "no variant 7");
    bad(
        "GET",
        "/api/variants/-1/status",
        None,
        400,
        "not a variant number",
    );
    bad(
        "GET",
        "/api/variants/0/diagram/99.svg",
        None,
        404,
        "no piece",
    );
    bad("GET", "/assets/..%2FCargo.toml", None, 404, "no asset");
    bad("GET", "/variants/chess.koma", None, 404, "no such page");
    bad("POST", "/api/variants/0/engine", Some("{}"), 400, "start");
    let reply = server.post(
        "/api/variants/0/engine",
        r#"{"start":"startpos","moves":["e2e4"],"depth":2,"millis":5000}"#,
    );
    assert_eq!(reply.status, 200, "{}", reply.body);
    let legal: Vec<Value> = koma_moves(&chess, Some(AFTER_E4))
        .into_iter()
        .map(|m| m["text"].clone())
        .collect();
    assert!(legal.contains(&reply.json()["move"]), "{}", reply.body);
    let foreign = http::request_for(&server.addr, "koma.example:80", "GET", "/", None);
    assert_eq!(foreign.status, 403, "{}", foreign.body);
    let svg = server.get("/api/variants/0/diagram/0.svg");
    assert_eq!(svg.status, 200);
    assert!(svg.body.starts_with("<svg") && svg.body.contains("<title>"));
}

#[test]
fn an_edit_on_disk_shows_its_diagnostics() {
    let dir = scratch("edit");
    let file = dir.join("mini.koma");
    let good = std::fs::read_to_string(variant("chess.koma")).expect("chess");
    std::fs::write(&file, &good).expect("write");
    let server = Server::start(std::slice::from_ref(&file));
    let before: VariantInfo =
        serde_json::from_str(&server.get("/api/variants/0").body).expect("info");
    assert!(before.variant.is_some() && before.diagnostics.is_empty());
    std::fs::write(&file, good.replace("  K ", "  K K ")).expect("write");
    let after: VariantInfo =
        serde_json::from_str(&server.get("/api/variants/0").body).expect("info");
    assert_ne!(after.version, before.version);
    assert!(after.variant.is_none());
    let error = &after.diagnostics[0];
    assert_eq!(error.severity, "error");
    assert!(
        error.line > 1 && error.source_line.contains("K K"),
        "{error:?}"
    );
    let refused = server.post("/api/variants/0/state", r#"{"start":"startpos"}"#);
    assert_eq!(refused.status, 409, "{}", refused.body);

    // A page drawn before the edit still gets its diagrams while the file is broken.
    let diagram = |info: &VariantInfo| {
        info.variant.as_ref().expect("variant").pieces[0]
            .diagram
            .clone()
    };
    let drawn = server.get(&diagram(&before));
    assert_eq!(drawn.status, 200, "{}", drawn.body);
    assert!(drawn.body.starts_with("<svg"));

    // Once fixed, the page asks for the diagram at a new address, so no stale picture is shown.
    std::fs::write(&file, good.replace("  K ", "  K  ")).expect("write");
    let fixed: VariantInfo =
        serde_json::from_str(&server.get("/api/variants/0").body).expect("info");
    assert!(fixed.variant.is_some());
    assert_ne!(diagram(&fixed), diagram(&before));
    assert_eq!(server.get(&diagram(&fixed)).status, 200);
}

/// Plays the first legal move: a picker whose answer the test knows, to test the plug.
struct FirstMove;

impl MovePicker for FirstMove {
    fn pick(&self, position: &mut Position, _: Limits, _: &AtomicBool) -> Option<FullMove> {
        position.moves().first().copied()
    }
}

/// Serves `app` on a free port of 127.0.0.1 in this process, until the test binary ends;
/// returns its address.
fn serve_in_process(app: koma_web::App) -> String {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = koma_web::serve(app, "127.0.0.1:0".parse().expect("addr"), |a| {
            let _ = tx.send(a);
        });
    });
    rx.recv_timeout(Duration::from_secs(10))
        .expect("server up")
        .to_string()
}

#[test]
fn the_engine_hook_answers_with_the_pickers_move() {
    let app = koma_web::App::new(&[variant("chess.koma")]).with_engine(Arc::new(FirstMove));
    let addr = serve_in_process(app);
    let info = request(&addr, "GET", "/api/variants/0", None).json();
    assert_eq!(info["engine"], true);
    let body = r#"{"start":"startpos","moves":["e2e4"],"depth":2}"#;
    let reply = request(&addr, "POST", "/api/variants/0/engine", Some(body));
    assert_eq!(reply.status, 200, "{}", reply.body);
    let first = koma_moves(&variant("chess.koma"), Some(AFTER_E4));
    assert_eq!(reply.json()["move"], first[0]["text"]);
}

// ---- the browser ----

const TARGETS: &str =
    "return [...document.querySelectorAll('rect.sq.target')].map(r => r.dataset.square).sort();";
const ROUTE: &str =
    "return [...document.querySelectorAll('rect.sq.route')].map(r => r.dataset.square).sort();";
const MOVES: &str =
    "return [...document.querySelectorAll('#moves li:not(.redo)')].map(li => li.textContent);";
const ESCAPE: &str =
    "document.dispatchEvent(new KeyboardEvent('keydown', {key: 'Escape'})); return true;";

fn strings(v: Value) -> Vec<String> {
    v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|s| s.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}

fn square(s: &str) -> String {
    format!("rect.sq[data-square='{s}']")
}

/// Waits until the page has drawn a position with `ply` moves played.
fn wait_ready(b: &Browser, ply: usize) {
    b.wait_for(
        &format!("the page after {ply} moves"),
        &format!(
            "return document.querySelectorAll('rect.sq').length > 0 && \
             document.getElementById('moves').querySelectorAll('li:not(.redo)').length === {ply} && \
             document.getElementById('status').textContent !== '';"
        ),
        20,
    );
}

/// Clicks each of up to `limit` movable pieces and checks the marked squares are exactly the
/// runtime's destinations for it.
fn check_highlights(b: &Browser, file: &Path, fen: Option<&str>, limit: usize) -> usize {
    let all = destinations(&koma_moves(file, fen));
    let step = all.len().div_ceil(limit).max(1);
    let mut checked = 0;
    for (from, expected) in all.iter().step_by(step) {
        b.run(ESCAPE, json!([]));
        b.click(&square(from));
        let shown: BTreeSet<String> = strings(b.run(TARGETS, json!([]))).into_iter().collect();
        assert_eq!(
            &shown,
            expected,
            "{}: moves of the piece on {from}",
            file.display()
        );
        checked += 1;
    }
    b.run(ESCAPE, json!([]));
    checked
}

fn set_up(b: &Browser, fen: &str) {
    b.run(
        "document.getElementById('position').value = arguments[0]; return true;",
        json!([fen]),
    );
    b.click("#setup");
    b.wait_for(
        "the set-up position",
        "return document.getElementById('message').textContent === 'Set up.';",
        10,
    );
}

fn piece_on(b: &Browser, sq: &str) -> Option<(String, String)> {
    let v = b.run(
        "const g = document.querySelector(`g.piece[data-square='${arguments[0]}']`); \
         return g ? [g.dataset.piece, g.dataset.player] : null;",
        json!([sq]),
    );
    let s = strings(v);
    (s.len() == 2).then(|| (s[0].clone(), s[1].clone()))
}

/// The page in headless Chromium, scenario by scenario: one server with six files and one
/// browser for all of them (starting them is most of the time), each scenario on its own page.
#[test]
fn the_page_plays_in_a_real_browser() {
    let Some((chromium, driver)) = webdriver::chromium_and_driver() else {
        return;
    };
    let out = artefacts();
    let dir = scratch("page");
    let edited = dir.join("edited.koma");
    std::fs::write(
        &edited,
        std::fs::read_to_string(variant("chess.koma")).expect("chess"),
    )
    .expect("write");
    let files = [
        variant("chess.koma"),
        variant("chu-shogi.koma"),
        variant("suzumu-shogi.koma"),
        variant("minjiku-shogi.koma"),
        edited,
        variant("crazyhouse.koma"),
    ];
    let server = Server::start(&files);
    let b = Browser::start(
        &chromium,
        &driver,
        &dir.join("profile"),
        &out.join("chromedriver.log"),
    );
    let s = Session {
        b,
        server,
        files,
        dir,
        out,
    };
    chess_by_clicks_with_undo_redo_mate_and_promotion(&s);
    the_engine_answers_as_the_second_player(&s);
    a_chu_lions_double_capture_chosen_step_by_step(&s);
    a_large_board_and_extra_squares(&s);
    a_crazyhouse_drop_from_the_hand(&s);
    an_edit_on_disk_shows_its_error_then_the_board(&s);
    the_static_book_from_disk(&s);
    hostile_names_and_sources_stay_text(&s);
    let errors: Vec<(String, String)> =
        s.b.console()
            .into_iter()
            .filter(|(level, _)| level == "SEVERE" || level == "WARNING")
            .collect();
    assert!(errors.is_empty(), "browser console: {errors:?}");
}

/// What the page's scenarios share: the browser, the server of `files` (chess, Chu, Suzumu,
/// Minjiku, a chess copy to edit, Crazyhouse: `?variant=0` to `5`), a scratch folder and the
/// artefacts folder.
struct Session {
    b: Browser,
    server: Server,
    files: [PathBuf; 6],
    dir: PathBuf,
    out: PathBuf,
}

/// Chess: the highlights are the runtime's moves; a short game by clicks, undo and redo; a mate
/// shows the result; a promotion offers the runtime's choices.
fn chess_by_clicks_with_undo_redo_mate_and_promotion(s: &Session) {
    let b = &s.b;
    b.goto(&s.server.url("?variant=0"));
    wait_ready(b, 0);
    assert_eq!(check_highlights(b, &s.files[0], None, 16), 10);
    for (ply, (from, to)) in [("e2", "e4"), ("e7", "e5"), ("g1", "f3"), ("b8", "c6")]
        .into_iter()
        .enumerate()
    {
        b.click(&square(from));
        b.click(&square(to));
        wait_ready(b, ply + 1);
    }
    assert_eq!(
        strings(b.run(MOVES, json!([]))),
        ["e2e4", "e7e5", "g1f3", "b8c6"]
    );
    b.click("#undo");
    wait_ready(b, 3);
    assert_eq!(piece_on(b, "b8"), Some(("N".into(), "second".into())));
    b.click("#redo");
    wait_ready(b, 4);
    assert_eq!(piece_on(b, "c6"), Some(("N".into(), "second".into())));
    set_up(b, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    b.click(&square("a1"));
    b.click(&square("a8"));
    wait_ready(b, 1);
    b.wait_for(
        "the result",
        "const r = document.getElementById('result'); \
         return !r.hidden && r.textContent === '1-0: First player wins by checkmate';",
        5,
    );
    let promotion = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
    set_up(b, promotion);
    b.click(&square("b7"));
    b.click(&square("b8"));
    b.wait_for(
        "the promotion choice",
        "return !document.getElementById('promo').hidden;",
        5,
    );
    let offered: BTreeSet<String> = strings(b.run(
        "return [...document.querySelectorAll('#promo-choices button')].map(b => b.dataset.promotion);",
        json!([]),
    ))
    .into_iter()
    .collect();
    let expected: BTreeSet<String> = koma_moves(&s.files[0], Some(promotion))
        .iter()
        .filter(|m| m["from"] == "b7" && m["to"] == "b8")
        .map(|m| m["promotion"].as_str().unwrap_or("").to_string())
        .collect();
    assert_eq!(offered, expected);
    b.click("#promo-choices button[data-promotion='N']");
    wait_ready(b, 1);
    assert_eq!(strings(b.run(MOVES, json!([]))), ["b7b8=N"]);
    assert_eq!(piece_on(b, "b8"), Some(("N".into(), "first".into())));
}

/// The engine, set to play the second player, answers 1. e4 with one of the runtime's moves.
fn the_engine_answers_as_the_second_player(s: &Session) {
    let b = &s.b;
    b.click("#restart");
    wait_ready(b, 0);
    b.run(
        "document.getElementById('engine-depth').value = 2; \
         document.getElementById('engine-seconds').value = 2; \
         const s = document.getElementById('engine-side'); s.value = 'second'; \
         s.dispatchEvent(new Event('change')); return true;",
        json!([]),
    );
    b.click(&square("e2"));
    b.click(&square("e4"));
    wait_ready(b, 2);
    let reply = strings(b.run(MOVES, json!([])))[1].clone();
    assert!(
        koma_moves(&s.files[0], Some(AFTER_E4))
            .iter()
            .any(|m| m["text"] == reply.as_str()),
        "the engine's reply `{reply}`"
    );
    b.run(
        "const s = document.getElementById('engine-side'); s.value = 'none'; return true;",
        json!([]),
    );
    b.click(&square("g1"));
    b.screenshot(&s.out.join("chess.png"));
}

/// Chu: the start's highlights, then a Lion's double capture chosen square by square.
fn a_chu_lions_double_capture_chosen_step_by_step(s: &Session) {
    let b = &s.b;
    b.goto(&s.server.url("?variant=1"));
    wait_ready(b, 0);
    assert!(check_highlights(b, &s.files[1], None, 12) >= 10);
    let lion = "5k6/12/12/12/12/4p7/4p7/4[LN]7/12/12/12/5K6 w - - 0 1";
    set_up(b, lion);
    let checked = check_highlights(b, &s.files[1], Some(lion), 3);
    assert!(checked >= 2);
    b.click(&square("e5"));
    b.click(&square("e7"));
    assert_eq!(strings(b.run(ROUTE, json!([]))), ["e6", "e7"]);
    b.screenshot(&s.out.join("chu-lion.png"));
    b.click(&square("e6"));
    wait_ready(b, 1);
    assert_eq!(strings(b.run(MOVES, json!([]))), ["e5xe6e7"]);
    assert_eq!(piece_on(b, "e6"), None);
    assert_eq!(piece_on(b, "e7"), Some(("LN".into(), "first".into())));
    b.click("#restart");
    wait_ready(b, 0);
    b.click(&square("f3"));
    b.screenshot(&s.out.join("chu.png"));
}

/// Suzumu's 16x16 board (its highlights and every piece's diagram) and Minjiku's extra squares
/// (every square the API names is drawn).
fn a_large_board_and_extra_squares(s: &Session) {
    let b = &s.b;
    b.goto(&s.server.url("?variant=2"));
    wait_ready(b, 0);
    assert!(check_highlights(b, &s.files[2], None, 12) >= 10);
    let pieces = b.run(
        "return document.querySelectorAll('.piece-card img').length;",
        json!([]),
    );
    let info: VariantInfo =
        serde_json::from_str(&s.server.get("/api/variants/2").body).expect("info");
    let suzumu = info.variant.expect("Suzumu compiles");
    assert_eq!(pieces, json!(suzumu.pieces.len()));
    b.click(&square("e6"));
    b.screenshot(&s.out.join("suzumu.png"));
    b.goto(&s.server.url("?variant=3"));
    wait_ready(b, 0);
    let info: VariantInfo =
        serde_json::from_str(&s.server.get("/api/variants/3").body).expect("info");
    let drawn = b.run(
        "return document.querySelectorAll('rect.sq').length;",
        json!([]),
    );
    assert_eq!(
        drawn,
        json!(info.variant.expect("Minjiku").board.squares.len())
    );
    assert!(check_highlights(b, &s.files[3], None, 6) >= 5);
}

/// Crazyhouse: a Knight in hand marks exactly the runtime's drops, and a click drops it.
fn a_crazyhouse_drop_from_the_hand(s: &Session) {
    let b = &s.b;
    b.goto(&s.server.url("?variant=5"));
    wait_ready(b, 0);
    let in_hand = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R[N] w KQkq - 0 1";
    set_up(b, in_hand);
    b.click("#hands button[data-hand='N'][data-player='first']");
    let shown: BTreeSet<String> = strings(b.run(TARGETS, json!([]))).into_iter().collect();
    let drops: BTreeSet<String> = koma_moves(&s.files[5], Some(in_hand))
        .iter()
        .filter(|m| m["kind"] == "drop" && m["piece"] == "N")
        .filter_map(|m| m["to"].as_str().map(String::from))
        .collect();
    assert_eq!(drops.len(), 33);
    assert_eq!(shown, drops);
    b.click(&square("e4"));
    wait_ready(b, 1);
    assert_eq!(strings(b.run(MOVES, json!([]))), ["N@e4"]);
    assert_eq!(piece_on(b, "e4"), Some(("N".into(), "first".into())));
    b.screenshot(&s.out.join("crazyhouse.png"));
}

/// An edit on disk: the page shows the error, then the board again once it is fixed.
fn an_edit_on_disk_shows_its_error_then_the_board(s: &Session) {
    let b = &s.b;
    let edited = &s.files[4];
    b.goto(&s.server.url("?variant=4"));
    wait_ready(b, 0);
    let good = std::fs::read_to_string(edited).expect("read");
    std::fs::write(edited, good.replace("  K ", "  K K ")).expect("write");
    b.wait_for(
        "the diagnostics of the broken file",
        "return !document.getElementById('diagnostics').hidden && \
         document.getElementById('play').hidden && \
         document.getElementById('diagnostic-list').textContent.includes('error');",
        10,
    );
    std::fs::write(edited, &good).expect("write");
    b.wait_for(
        "the board of the fixed file",
        "return document.getElementById('diagnostics').hidden && \
         !document.getElementById('play').hidden;",
        10,
    );
}

/// `koma book FILE -o DIR`, which must succeed.
fn write_book(file: &Path, book: &Path) {
    let status = Command::new(env!("CARGO_BIN_EXE_koma"))
        .arg("book")
        .arg(file)
        .arg("-o")
        .arg(book)
        .stdout(Stdio::null())
        .status()
        .expect("koma book");
    assert!(status.success());
}

/// The static book of Chu, read from disk: the start's highlights and the pieces' diagrams.
fn the_static_book_from_disk(s: &Session) {
    let b = &s.b;
    let book = s.dir.join("book");
    write_book(&s.files[1], &book);
    b.goto(&format!("file://{}", book.join("index.html").display()));
    wait_ready(b, 0);
    let start = destinations(&koma_moves(&s.files[1], None));
    b.click(&square("f3"));
    let shown: BTreeSet<String> = strings(b.run(TARGETS, json!([]))).into_iter().collect();
    assert_eq!(Some(&shown), start.get("f3"));
    b.run(
        "document.getElementById('pieces').scrollIntoView(); return true;",
        json!([]),
    );
    b.wait_for(
        "the book's diagrams",
        "return [...document.querySelectorAll('.piece-card img')].slice(0, 3).every(i => i.complete && i.naturalWidth > 0);",
        10,
    );
}

/// Names and sources that try to be markup or script stay text: the book renders, and a
/// `javascript:` source is no link.
fn hostile_names_and_sources_stay_text(s: &Session) {
    let b = &s.b;
    for (name, links) in [
        ("xss-javascript-source.koma", 0),
        ("book-comment-script-breaks-page.koma", 1),
    ] {
        let file = hostile::fixture(name);
        let book = s.dir.join(name);
        write_book(&file, &book);
        b.goto(&format!("file://{}", book.join("index.html").display()));
        wait_ready(b, 0);
        let shown = b.run(
            "return document.getElementById('name').textContent;",
            json!([]),
        );
        let written = std::fs::read_to_string(&file).expect("fixture");
        let title = written
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("variant \""))
            .and_then(|l| l.strip_suffix('"'))
            .expect("variant line");
        assert_eq!(shown, json!(title), "{name}");
        let hrefs = strings(b.run(
            "return [...document.querySelectorAll('#credits a')].map(a => a.href);",
            json!([]),
        ));
        assert_eq!(hrefs.len(), links, "{name}: {hrefs:?}");
        assert!(hrefs.iter().all(|h| h.starts_with("https://")), "{hrefs:?}");
    }
}

/// `koma analyse`'s HTML report (chess beside Archbishop Chess) in headless Chromium: every
/// plot is drawn with a size, both variants are named, nothing goes to the console; the
/// screenshots are kept as artefacts (`analyse-top.png`, `analyse-pieces.png`).
#[test]
fn the_analyse_report_renders_in_a_real_browser() {
    let Some((chromium, driver)) = webdriver::chromium_and_driver() else {
        return;
    };
    let out = artefacts();
    let dir = scratch("analyse");
    let report = dir.join("report.html");
    let status = Command::new(env!("CARGO_BIN_EXE_koma"))
        .arg("analyse")
        .arg(variant("chess.koma"))
        .arg(root().join("examples/archbishop-chess.koma"))
        .args([
            "--games",
            "6",
            "--nodes",
            "150",
            "--max-plies",
            "100",
            "--format",
            "json",
        ])
        .arg("-o")
        .arg(&report)
        .stdout(Stdio::null())
        .status()
        .expect("koma analyse runs");
    assert!(status.success());
    let b = Browser::start(
        &chromium,
        &driver,
        &dir.join("profile"),
        &out.join("chromedriver-analyse.log"),
    );
    b.goto(&format!("file://{}", report.display()));
    let plots = b.run(
        "return [...document.querySelectorAll('figure svg')].map(s => { \
           const r = s.getBoundingClientRect(); return r.width > 100 && r.height > 100; });",
        json!([]),
    );
    // Score, length and material, then one piece chart a variant.
    assert_eq!(plots, json!([true, true, true, true, true]));
    let text = b.run("return document.body.innerText;", json!([]));
    let text = text.as_str().expect("text");
    for wanted in [
        "Archbishop Chess",
        "Balance",
        "DecisivenessMoves",
        "Game ends",
    ] {
        assert!(text.contains(wanted), "{wanted} missing");
    }
    assert!(text.contains("Chess") && text.contains("first player"));
    b.screenshot(&out.join("analyse-top.png"));
    b.run(
        "document.querySelectorAll('h2')[2].scrollIntoView(); return true;",
        json!([]),
    );
    b.screenshot(&out.join("analyse-pieces.png"));
    let errors: Vec<_> = b
        .console()
        .into_iter()
        .filter(|(level, _)| level == "SEVERE")
        .collect();
    assert!(errors.is_empty(), "console errors: {errors:?}");
}

/// Kanji boards look right at 12x12 and 16x16: every piece with a glyph shows its characters,
/// each inside its pentagon, and the toggle switches to letters and back; a 7x7 board with
/// diagnostics shown stays whole above the fold at 1400x1000 (issue 27, points 3 and 9).
/// Screenshots: `chu-kanji.png`, `chu-letters.png`, `tenjiku-kanji.png`, `seven-diagnostics.png`.
#[test]
fn kanji_boards_and_a_small_board_above_the_fold() {
    let Some((chromium, driver)) = webdriver::chromium_and_driver() else {
        return;
    };
    let out = artefacts();
    let dir = scratch("kanji");
    // A 7x7 game with an unused piece: a warning, so the diagnostics stand above the board.
    let seven = dir.join("seven.koma");
    std::fs::write(
        &seven,
        "variant \"Seven\"\n\nboard 7 x 7\n\npieces\n  K  \"King\"   K  royal\n  \
         R  \"Rook\"   R\n  Q  \"Queen\"  Q\n\nsetup rotate\n  K  d1\n  R  a1 g1\n",
    )
    .expect("write");
    let files = [
        variant("chu-shogi.koma"),
        variant("tenjiku-shogi.koma"),
        seven,
    ];
    let server = Server::start(&files);
    let b = Browser::start(
        &chromium,
        &driver,
        &dir.join("profile"),
        &out.join("chromedriver-kanji.log"),
    );
    // Every glyph character's box lies inside its piece's pentagon (with a pixel to spare);
    // returns how many pieces were drawn with glyphs.
    const GLYPHS_INSIDE: &str = "let n = 0; \
        for (const g of document.querySelectorAll('#board g.piece')) { \
          const texts = g.querySelectorAll('text.glyph'); if (!texts.length) continue; n++; \
          const p = g.querySelector('polygon').getBoundingClientRect(); \
          for (const t of texts) { const r = t.getBoundingClientRect(); \
            if (r.width === 0 || r.left < p.left - 1 || r.right > p.right + 1 || \
                r.top < p.top - 1 || r.bottom > p.bottom + 1) \
              return `${g.dataset.piece} on ${g.dataset.square}: ${t.textContent} outside`; } } \
        return n;";
    for (index, name, size) in [(0, "chu", 12), (1, "tenjiku", 16)] {
        b.goto(&server.url(&format!("?variant={index}")));
        wait_ready(&b, 0);
        let info: VariantInfo =
            serde_json::from_str(&server.get(&format!("/api/variants/{index}")).body)
                .expect("info");
        let v = info.variant.expect("compiles");
        assert_eq!(v.board.width, size);
        assert!(
            v.pieces.iter().all(|p| p.glyph.is_some()),
            "{name}: a piece without glyph"
        );
        let placed = b.run(
            "return document.querySelectorAll('#board g.piece').length;",
            json!([]),
        );
        assert_eq!(b.run(GLYPHS_INSIDE, json!([])), placed, "{name}");
        let king = b.run(
            "return [...document.querySelectorAll(\"#board g.piece[data-piece='K'][data-player='first'] text\")].map(t => t.textContent).join('');",
            json!([]),
        );
        assert_eq!(king, json!("王将"), "{name}");
        b.screenshot(&out.join(format!("{name}-kanji.png")));
        if index == 0 {
            b.click("#glyphs");
            assert_eq!(b.run(GLYPHS_INSIDE, json!([])), json!(0));
            let labels = b.run(
                "return document.querySelectorAll(\"#board g.piece[data-piece='K'] text\")[0].textContent;",
                json!([]),
            );
            assert_eq!(labels, json!("K"));
            b.screenshot(&out.join("chu-letters.png"));
            b.click("#glyphs");
            assert_eq!(b.run(GLYPHS_INSIDE, json!([])), placed);
        }
    }
    b.resize(1400, 1000);
    b.goto(&server.url("?variant=2"));
    wait_ready(&b, 0);
    assert_eq!(
        b.run(
            "return document.getElementById('diagnostics').hidden;",
            json!([])
        ),
        json!(false),
        "the 7x7 file should show a warning"
    );
    let fold = b.run(
        "const r = document.getElementById('board').getBoundingClientRect(); \
         return [r.bottom, window.innerHeight];",
        json!([]),
    );
    let (bottom, height) = (
        fold[0].as_f64().unwrap_or(f64::MAX),
        fold[1].as_f64().unwrap_or(0.0),
    );
    assert!(
        bottom <= height,
        "the board ends at {bottom}px of a {height}px window"
    );
    b.screenshot(&out.join("seven-diagnostics.png"));
}

/// Omega Chess with its usual square names and Tori Shogi with birds in both hands (issue 27,
/// points 3, 4 and 6): the wizard square `w1` is drawn and named as the runtime names it, and
/// its Wizard marks exactly the runtime's moves; Tori's hands show their birds and the board its
/// kanji. Screenshots: `omega.png`, `tori-hand.png`.
#[test]
fn omega_names_and_a_tori_hand() {
    let Some((chromium, driver)) = webdriver::chromium_and_driver() else {
        return;
    };
    let out = artefacts();
    let dir = scratch("omega-tori");
    let files = [
        root().join("examples/omega.koma"),
        variant("tori-shogi.koma"),
    ];
    let server = Server::start(&files);
    let b = Browser::start(
        &chromium,
        &driver,
        &dir.join("profile"),
        &out.join("chromedriver-omega-tori.log"),
    );
    b.goto(&server.url("?variant=0"));
    wait_ready(&b, 0);
    for name in ["w1", "w2", "w3", "w4", "a0", "j9"] {
        let drawn = b.run(
            "return document.querySelectorAll(`rect.sq[data-square='${arguments[0]}']`).length;",
            json!([name]),
        );
        assert_eq!(drawn, json!(1), "square {name}");
    }
    assert_eq!(piece_on(&b, "w1"), Some(("W".into(), "first".into())));
    assert_eq!(piece_on(&b, "w4"), Some(("W".into(), "second".into())));
    // The coordinates along the edges are the usual ones: files a-j, ranks 0-9.
    let coords = strings(b.run(
        "return [...document.querySelectorAll('#board text.coord')].map(t => t.textContent);",
        json!([]),
    ));
    for label in ["a", "j", "0", "9"] {
        assert!(coords.iter().any(|c| c == label), "{label} in {coords:?}");
    }
    assert!(!coords.iter().any(|c| c == "-1" || c == "10"), "{coords:?}");
    let wizard: BTreeSet<String> = destinations(&koma_moves(&files[0], None))
        .remove("w1")
        .expect("the Wizard on w1 moves");
    assert!(wizard.contains("a2"), "{wizard:?}");
    b.click(&square("w1"));
    let shown: BTreeSet<String> = strings(b.run(TARGETS, json!([]))).into_iter().collect();
    assert_eq!(shown, wizard);
    b.run(ESCAPE, json!([]));
    b.screenshot(&out.join("omega.png"));

    b.goto(&server.url("?variant=1"));
    wait_ready(&b, 0);
    set_up(
        &b,
        "rpk2pl/4sc1/1sSsfss/s2ss1S/1S1SSSS/L3KFR/1PC1CP1[Cs] b - - 0 13",
    );
    for (piece, player) in [("C", "first"), ("S", "second")] {
        let shown = b.run(
            "return document.querySelectorAll(`#hands button[data-hand='${arguments[0]}'][data-player='${arguments[1]}']`).length;",
            json!([piece, player]),
        );
        assert_eq!(shown, json!(1), "{player} hand {piece}");
    }
    let phoenix = b.run(
        "return [...document.querySelectorAll(\"#board g.piece[data-piece='K'][data-player='first'] text\")].map(t => t.textContent).join('');",
        json!([]),
    );
    assert_eq!(phoenix, json!("鵬"));
    b.screenshot(&out.join("tori-hand.png"));
}

/// The shogi family's boards (issue 29): Tori's 7x7 and Wa's 11x11 start positions with their
/// kanji, and Tai's 25x25 board zoomed in and panned: the board outgrows its frame, which
/// scrolls, and a click on a zoomed square still marks exactly the runtime's moves. Its 129
/// piece cards filter as one types a name, a kanji or XBetza. Taikyoku's 36x36 board, the
/// largest, draws its 804 pieces and zooms to its King. Screenshots: `tori.png`, `wa.png`,
/// `tai-fit.png`, `tai-zoom.png`, `tai-pieces.png`, `taikyoku-fit.png`, `taikyoku-zoom.png`.
#[test]
fn shogi_family_boards_zoom_and_a_piece_search() {
    let Some((chromium, driver)) = webdriver::chromium_and_driver() else {
        return;
    };
    let out = artefacts();
    let dir = scratch("family");
    let files = [
        variant("tori-shogi.koma"),
        variant("wa-shogi.koma"),
        variant("tai-shogi.koma"),
        variant("taikyoku-shogi.koma"),
    ];
    let server = Server::start(&files);
    let b = Browser::start(
        &chromium,
        &driver,
        &dir.join("profile"),
        &out.join("chromedriver-family.log"),
    );
    b.resize(1400, 1000);
    for (index, name, placed) in [(0, "tori", 32), (1, "wa", 54)] {
        b.goto(&server.url(&format!("?variant={index}")));
        wait_ready(&b, 0);
        let drawn = b.run(
            "return document.querySelectorAll('#board g.piece text.glyph').length > 0 && \
             document.querySelectorAll('#board g.piece').length;",
            json!([]),
        );
        assert_eq!(drawn, json!(placed), "{name}: pieces drawn with kanji");
        b.screenshot(&out.join(format!("{name}.png")));
    }
    b.goto(&server.url("?variant=2"));
    wait_ready(&b, 0);
    b.screenshot(&out.join("tai-fit.png"));
    const FRAME: &str = "const w = document.getElementById('board-wrap'); \
        const s = document.getElementById('board').getBoundingClientRect(); \
        return [w.clientWidth, w.scrollWidth, w.clientHeight, w.scrollHeight, s.width];";
    let fit: Vec<f64> = numbers(b.run(FRAME, json!([])));
    assert!(
        fit[1] <= fit[0] + 1.0 && fit[3] <= fit[2] + 1.0,
        "fit: no scrolling {fit:?}"
    );
    b.click("#zoom-in");
    b.click("#zoom-in");
    assert_eq!(
        b.run(
            "return document.getElementById('zoom-level').textContent;",
            json!([])
        ),
        json!("200%")
    );
    let zoomed: Vec<f64> = numbers(b.run(FRAME, json!([])));
    assert!(
        (zoomed[4] / fit[4] - 2.0).abs() < 0.05 && zoomed[1] > zoomed[0] * 1.8,
        "200%: the board twice as wide, its frame scrolls: {fit:?} -> {zoomed:?}"
    );
    // Pan to the first player's Emperor and Crown Prince; clicks on the zoomed board work.
    b.run(
        "document.querySelector(\"rect.sq[data-square='m2']\").scrollIntoView({block: 'center', inline: 'center'}); return true;",
        json!([]),
    );
    assert!(check_highlights(&b, &files[2], None, 6) >= 5);
    b.click(&square("m7"));
    b.screenshot(&out.join("tai-zoom.png"));
    b.run(ESCAPE, json!([]));

    let info: VariantInfo =
        serde_json::from_str(&server.get("/api/variants/2").body).expect("info");
    let pieces = info.variant.expect("Tai compiles").pieces;
    for query in ["dragon", "龍", "masb", "GO"] {
        b.run(
            "const s = document.getElementById('piece-search'); s.value = arguments[0]; \
             s.dispatchEvent(new Event('input')); return true;",
            json!([query]),
        );
        let needle = query.to_lowercase();
        let expected: BTreeSet<String> = pieces
            .iter()
            .filter(|p| {
                [&p.name, &p.id, p.glyph.as_deref().unwrap_or(""), &p.betza]
                    .iter()
                    .any(|field| field.to_lowercase().contains(&needle))
            })
            .map(|p| format!("piece-{}", p.index))
            .collect();
        assert!(!expected.is_empty(), "{query} matches a piece");
        let shown: BTreeSet<String> = strings(b.run(
            "return [...document.querySelectorAll('#pieces .piece-card')].filter(c => !c.hidden).map(c => c.id);",
            json!([]),
        ))
        .into_iter()
        .collect();
        assert_eq!(shown, expected, "search {query}");
        let count = b.run(
            "return document.getElementById('piece-count').textContent;",
            json!([]),
        );
        assert_eq!(
            count,
            json!(format!("{} of {} pieces", expected.len(), pieces.len()))
        );
        if query == "龍" {
            b.run(
                "document.getElementById('pieces-section').scrollIntoView(); return true;",
                json!([]),
            );
            b.screenshot(&out.join("tai-pieces.png"));
        }
    }
    taikyoku_board_zooms_to_its_king(&b, &server.url("?variant=3"), &out);
    let errors: Vec<(String, String)> = b
        .console()
        .into_iter()
        .filter(|(level, _)| level == "SEVERE" || level == "WARNING")
        .collect();
    assert!(errors.is_empty(), "browser console: {errors:?}");
}

/// Taikyoku (the fourth file served): every piece drawn, the kanji of all but the two pieces
/// whose characters Unicode lacks; at 300% the King's corner of the board.
fn taikyoku_board_zooms_to_its_king(b: &Browser, url: &str, out: &Path) {
    b.goto(url);
    wait_ready(b, 0);
    let drawn = b.run(
        "return [document.querySelectorAll('#board g.piece').length, \
                 document.querySelectorAll('#board g.piece text.glyph').length > 700];",
        json!([]),
    );
    assert_eq!(
        drawn,
        json!([804, true]),
        "taikyoku: pieces drawn with kanji"
    );
    b.screenshot(&out.join("taikyoku-fit.png"));
    for _ in 0..3 {
        b.click("#zoom-in");
    }
    assert_eq!(
        b.run(
            "return document.getElementById('zoom-level').textContent;",
            json!([])
        ),
        json!("300%")
    );
    b.run(
        "document.querySelector(\"rect.sq[data-square='r3']\").scrollIntoView({block: 'center', inline: 'center'}); return true;",
        json!([]),
    );
    b.screenshot(&out.join("taikyoku-zoom.png"));
}

fn numbers(v: Value) -> Vec<f64> {
    v.as_array()
        .map(|a| a.iter().filter_map(Value::as_f64).collect())
        .unwrap_or_default()
}
