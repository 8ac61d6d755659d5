//! The book without a server: `koma book` pages opened from `file://` in headless Chromium play
//! through koma's WebAssembly build (legal moves, a promotion, a Lion's double capture, a drop,
//! the engine's reply), and the playground shows a located error after a broken edit and the
//! game again after the fix. They play the committed build, web/wasm/, which must be fresh
//! (wasm/build.sh writes it).

use koma_web::api::GameRequest;
use koma_web::game;
use koma_web::site::Compiled;

use super::*;

/// The page's position text.
const POSITION: &str = "return document.getElementById('position').value;";

/// `koma book FILE -o DIR`, which must have written the pages that play through WebAssembly.
fn book(file: &Path, dir: &Path) {
    let out = Command::new(env!("CARGO_BIN_EXE_koma"))
        .arg("book")
        .arg(file)
        .arg("-o")
        .arg(dir)
        .output()
        .expect("koma book");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        dir.join("playground.html").is_file(),
        "koma was built without its WebAssembly build: web/wasm/ is missing (wasm/build.sh)"
    );
}

/// The runtime's moves in the page's current position.
fn moves_here(b: &Browser, file: &Path) -> Vec<Value> {
    let position = b.run(POSITION, json!([]));
    koma_moves(file, position.as_str())
}

/// Sets the engine to play the second player at `depth` plies.
fn engine_plays_second(b: &Browser, depth: u32) {
    b.wait_for(
        "the engine menu",
        "return !document.getElementById('engine').hidden;",
        20,
    );
    b.run(
        "document.getElementById('engine-depth').value = arguments[0]; \
         document.getElementById('engine-seconds').value = 5; \
         const s = document.getElementById('engine-side'); s.value = 'second'; \
         s.dispatchEvent(new Event('change')); return true;",
        json!([depth]),
    );
}

/// Plays `from`-`to` by clicks, and the promotion `promotion` when the page asks.
fn click_move(b: &Browser, from: &str, to: &str, promotion: Option<&str>) {
    b.click(&square(from));
    b.click(&square(to));
    if let Some(p) = promotion {
        b.wait_for(
            "the promotion choice",
            "return !document.getElementById('promo').hidden;",
            5,
        );
        b.click(&format!("#promo-choices button[data-promotion='{p}']"));
    }
}

/// The promotions the page offers for its open choice.
fn offered(b: &Browser) -> BTreeSet<String> {
    strings(b.run(
        "return [...document.querySelectorAll('#promo-choices button')].map(b => b.dataset.promotion);",
        json!([]),
    ))
    .into_iter()
    .collect()
}

fn promotions(moves: &[Value], from: &str, to: &str) -> BTreeSet<String> {
    moves
        .iter()
        .filter(|m| m["from"] == from && m["to"] == to)
        .map(|m| m["promotion"].as_str().unwrap_or("").to_string())
        .collect()
}

/// Waits for the engine's reply to the game's `ply`th move, and checks that the runtime lists
/// it as legal there; returns the game's moves. (The page may show the position before the
/// reply too briefly to be seen, so the runtime replays the game here.)
fn engine_reply(b: &Browser, file: &Path, ply: usize) -> Vec<String> {
    wait_ready(b, ply + 1);
    let played = strings(b.run(MOVES, json!([])));
    let tables = Compiled::load(file, &|_, _| String::new())
        .tables
        .expect("the variant compiles");
    let game = GameRequest {
        start: "startpos".into(),
        moves: played[..ply].to_vec(),
    };
    let legal = game::state(tables, &game).expect("the game replays").moves;
    assert!(
        legal.iter().any(|m| m.text == played[ply]),
        "the engine's reply `{}`",
        played[ply]
    );
    played
}

/// The committed WebAssembly build, which every `koma book` embeds, was built from these sources:
/// the fingerprint `wasm/build.sh` wrote beside it is `wasm/fingerprint.sh`'s now.
#[test]
fn the_committed_wasm_build_is_fresh() {
    let out = Command::new(root().join("wasm/fingerprint.sh"))
        .output()
        .expect("wasm/fingerprint.sh runs (bash, git, sha256sum)");
    assert!(
        out.status.success(),
        "wasm/fingerprint.sh: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let sources = String::from_utf8_lossy(&out.stdout);
    let built = std::fs::read_to_string(root().join("web/wasm/fingerprint")).unwrap_or_default();
    assert_eq!(
        built.trim(),
        sources.trim(),
        "web/wasm is stale: run wasm/build.sh and commit web/wasm/"
    );
}

#[test]
fn the_book_plays_without_a_server() {
    let Some((chromium, driver)) = webdriver::chromium_and_driver() else {
        return;
    };
    let out = artefacts();
    let dir = scratch("wasm");
    let (chu, shogi) = (variant("chu-shogi.koma"), variant("shogi.koma"));
    book(&chu, &dir.join("chu"));
    book(&shogi, &dir.join("shogi"));
    let b = Browser::start(
        &chromium,
        &driver,
        &dir.join("profile"),
        &out.join("wasm-chromedriver.log"),
    );
    let page = |book: &str, name: &str| format!("file://{}", dir.join(book).join(name).display());

    // Chu: the runtime's moves, a promotion, a Lion's double capture, the engine's reply.
    b.goto(&page("chu", "index.html"));
    wait_ready(&b, 0);
    // For docs/web.md: from navigation to a board with its legal moves (not a pass/fail figure).
    let loaded = b.run("return performance.now();", json!([]));
    eprintln!("the Chu book played from file:// after {loaded} ms");
    assert!(check_highlights(&b, &chu, None, 8) >= 6);
    set_up(&b, "5k6/12/12/12/4P7/12/12/12/12/12/12/5K6 w - - 0 1");
    b.click(&square("e8"));
    b.click(&square("e9"));
    b.wait_for(
        "the promotion choice",
        "return !document.getElementById('promo').hidden;",
        5,
    );
    assert_eq!(offered(&b), promotions(&moves_here(&b, &chu), "e8", "e9"));
    b.click("#promo-choices button[data-promotion='+P']");
    wait_ready(&b, 1);
    assert_eq!(strings(b.run(MOVES, json!([]))), ["e8e9+"]);
    assert_eq!(piece_on(&b, "e9"), Some(("+P".into(), "first".into())));
    let lion = "5k6/12/12/12/12/4p7/4p7/4[LN]7/12/12/12/5K6 w - - 0 1";
    set_up(&b, lion);
    b.click(&square("e5"));
    b.click(&square("e7"));
    assert_eq!(strings(b.run(ROUTE, json!([]))), ["e6", "e7"]);
    b.click(&square("e6"));
    wait_ready(&b, 1);
    assert_eq!(strings(b.run(MOVES, json!([]))), ["e5xe6e7"]);
    assert_eq!(piece_on(&b, "e6"), None);
    assert_eq!(piece_on(&b, "e7"), Some(("LN".into(), "first".into())));
    b.click("#restart");
    wait_ready(&b, 0);
    engine_plays_second(&b, 2);
    click_move(&b, "f4", "f5", None);
    assert_eq!(engine_reply(&b, &chu, 1)[0], "f4f5");
    b.screenshot(&out.join("wasm-chu.png"));

    // Shogi: a capture that promotes, the captured Bishop dropped from the hand, the reply.
    b.goto(&page("shogi", "index.html"));
    wait_ready(&b, 0);
    click_move(&b, "c3", "c4", None);
    wait_ready(&b, 1);
    click_move(&b, "g7", "g6", None);
    wait_ready(&b, 2);
    b.click(&square("b2"));
    b.click(&square("h8"));
    b.wait_for(
        "the promotion choice",
        "return !document.getElementById('promo').hidden;",
        5,
    );
    assert_eq!(offered(&b), promotions(&moves_here(&b, &shogi), "b2", "h8"));
    b.click("#promo-choices button[data-promotion='+B']");
    wait_ready(&b, 3);
    click_move(&b, "g9", "h8", None);
    wait_ready(&b, 4);
    engine_plays_second(&b, 2);
    b.click("#hands button[data-hand='B'][data-player='first']");
    let drops: BTreeSet<String> = moves_here(&b, &shogi)
        .iter()
        .filter(|m| m["kind"] == "drop" && m["piece"] == "B")
        .filter_map(|m| m["to"].as_str().map(String::from))
        .collect();
    assert!(drops.len() > 30 && drops.contains("e5"));
    let shown: BTreeSet<String> = strings(b.run(TARGETS, json!([]))).into_iter().collect();
    assert_eq!(shown, drops);
    b.click(&square("e5"));
    let played = engine_reply(&b, &shogi, 5);
    assert_eq!(played[..5], ["c3c4", "g7g6", "b2h8+", "g9h8", "B@e5"]);
    b.screenshot(&out.join("wasm-shogi.png"));

    // The playground: a broken edit shows a located error, the fix brings the game back.
    b.goto(&page("shogi", "playground.html"));
    wait_ready(&b, 0);
    let text = std::fs::read_to_string(&shogi).expect("shogi");
    let broken = text.replacen("  K  e1", "  K  e1 z9", 1);
    assert_ne!(broken, text);
    let line = broken
        .lines()
        .position(|l| l.contains("z9"))
        .expect("broken line")
        + 1;
    let edit = "const s = document.getElementById('source'); s.value = arguments[0]; \
                s.dispatchEvent(new Event('input')); return true;";
    b.run(edit, json!([broken]));
    b.wait_for(
        "the located error",
        "return !document.getElementById('diagnostics').hidden && \
         document.getElementById('play').hidden;",
        10,
    );
    let shown = b.run(
        "return document.getElementById('diagnostic-list').textContent;",
        json!([]),
    );
    let shown = shown.as_str().unwrap_or_default();
    assert!(
        shown.contains("error[") && shown.contains(&format!("shogi.koma:{line}:")),
        "line {line}: {shown}"
    );
    b.screenshot(&out.join("wasm-playground-error.png"));
    b.run(edit, json!([text]));
    b.wait_for(
        "the board after the fix",
        "return document.getElementById('diagnostics').hidden && \
         !document.getElementById('play').hidden && \
         document.getElementById('message').textContent === 'The file changed: reloaded.';",
        10,
    );
    wait_ready(&b, 0);
    b.wait_for(
        "the piece diagrams",
        "const i = [...document.querySelectorAll('.piece-card img')]; \
         return i.length > 0 && i.every(i => i.complete && i.naturalWidth > 0);",
        10,
    );
    click_move(&b, "c3", "c4", None);
    wait_ready(&b, 1);
    b.screenshot(&out.join("wasm-playground.png"));

    let errors: Vec<(String, String)> = b
        .console()
        .into_iter()
        .filter(|(level, _)| level == "SEVERE" || level == "WARNING")
        .collect();
    assert!(errors.is_empty(), "browser console: {errors:?}");
}
