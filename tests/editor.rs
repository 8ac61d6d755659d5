//! The editor side: `koma lsp` spoken to over pipes as an editor would, a real headless Neovim
//! that opens a file through it, and the editor packages in editors/.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A scratch folder for one test, emptied first.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("editor")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// A small variant with one mistake: the setup places `X`, which no piece line defines.
const BROKEN: &str = "variant \"Pipe Test\"\ninventor \"koma tests\"\nsource \"tests/editor.rs\"\n\nboard 5 x 5\n\npieces\n  P  \"Pawn\"  fmWfcF  promotes Q\n  Q  \"Queen\"  Q\n  K  \"King\"  K  royal\n\nsetup mirror\n  K  c1\n  Q  d1\n  X  a1\n  P  a2-e2\n\nrules\n  promotion zone 1\n  promotion mandatory\n  win checkmate\n";

/// The position (line, UTF-16 column) of the `nth` occurrence of `needle` in `text`, plus `shift`.
fn position(text: &str, needle: &str, nth: usize, shift: usize) -> Value {
    let offset = text
        .match_indices(needle)
        .nth(nth)
        .unwrap_or_else(|| panic!("`{needle}` #{nth} in the text"))
        .0
        + shift;
    let line = text[..offset].matches('\n').count();
    let column = offset - text[..offset].rfind('\n').map_or(0, |i| i + 1);
    json!({ "line": line, "character": column })
}

/// `koma lsp` as a child process, with a reader thread so every wait has a timeout.
struct Client {
    child: Child,
    stdin: ChildStdin,
    messages: Receiver<Value>,
    next_id: i64,
    /// Every message received, for the failure report.
    log: Vec<Value>,
}

impl Client {
    fn start() -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_koma"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("koma lsp starts");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (send, messages) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut length = None;
                loop {
                    let mut header = String::new();
                    if reader.read_line(&mut header).unwrap_or(0) == 0 {
                        return;
                    }
                    let header = header.trim();
                    if header.is_empty() {
                        break;
                    }
                    if let Some(n) = header.strip_prefix("Content-Length: ") {
                        length = n.parse::<usize>().ok();
                    }
                }
                let mut body = vec![0; length.expect("Content-Length header")];
                if reader.read_exact(&mut body).is_err() {
                    return;
                }
                let value: Value = serde_json::from_slice(&body).expect("JSON body");
                if send.send(value).is_err() {
                    return;
                }
            }
        });
        Client {
            child,
            stdin,
            messages,
            next_id: 1,
            log: Vec::new(),
        }
    }

    fn send(&mut self, message: Value) {
        let body = message.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).expect("write");
        self.stdin.flush().expect("flush");
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({ "jsonrpc": "2.0", "method": method, "params": params }));
    }

    /// The next message that `pick` accepts, within ten seconds.
    fn wait_for(&mut self, what: &str, pick: impl Fn(&Value) -> bool) -> Value {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.messages.recv_timeout(left) {
                Ok(message) => {
                    self.log.push(message.clone());
                    if pick(&message) {
                        return message;
                    }
                }
                Err(_) => panic!("no {what} within 10 s; received: {:#?}", self.log),
            }
        }
    }

    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        let reply = self.wait_for(method, |m| m["id"] == json!(id));
        assert!(reply.get("error").is_none(), "{method} failed: {reply}");
        reply["result"].clone()
    }

    fn diagnostics(&mut self, uri: &str, version: i64) -> Vec<Value> {
        let note = self.wait_for("diagnostics", |m| {
            m["method"] == "textDocument/publishDiagnostics"
                && m["params"]["uri"] == uri
                && m["params"]["version"] == version
        });
        note["params"]["diagnostics"]
            .as_array()
            .expect("diagnostics array")
            .clone()
    }
}

fn file_uri(path: &Path) -> String {
    format!("file://{}", path.display())
}

#[test]
fn the_language_server_answers_over_pipes() {
    let dir = scratch("pipes");
    let path = dir.join("broken.koma");
    std::fs::write(&path, BROKEN).expect("write");
    let uri = file_uri(&path);
    let mut client = Client::start();
    let init = client.request(
        "initialize",
        json!({ "processId": null, "rootUri": null, "capabilities": {} }),
    );
    let caps = &init["capabilities"];
    for capability in [
        "hoverProvider",
        "definitionProvider",
        "referencesProvider",
        "completionProvider",
        "codeActionProvider",
        "documentFormattingProvider",
    ] {
        assert!(
            caps.get(capability).is_some(),
            "{capability} missing: {caps}"
        );
    }
    client.notify("initialized", json!({}));
    let document = json!({ "uri": uri, "languageId": "koma", "version": 1, "text": BROKEN });
    client.notify("textDocument/didOpen", json!({ "textDocument": document }));

    // The mistake is reported at the unknown ID, with its code.
    let diagnostics = client.diagnostics(&uri, 1);
    let unknown = diagnostics
        .iter()
        .find(|d| d["code"] == "E0104")
        .unwrap_or_else(|| panic!("E0104 in {diagnostics:#?}"));
    assert_eq!(unknown["range"]["start"], position(BROKEN, "X  a1", 0, 0));
    assert_eq!(unknown["range"]["end"], position(BROKEN, "X  a1", 0, 1));
    assert_eq!(unknown["severity"], 1);

    // As you type: fixing the line clears the error in the next version's diagnostics.
    let fixed = BROKEN.replace("  X  a1\n", "");
    let change = json!({
        "textDocument": { "uri": uri, "version": 2 },
        "contentChanges": [{ "text": fixed }],
    });
    client.notify("textDocument/didChange", change);
    let diagnostics = client.diagnostics(&uri, 2);
    assert!(
        diagnostics.iter().all(|d| d["severity"] != 1),
        "{diagnostics:#?}"
    );
    let text = fixed;
    let at = |needle: &str, nth: usize, shift: usize| json!({ "textDocument": { "uri": uri }, "position": position(&text, needle, nth, shift) });

    // Hover on XBetza: the diagram and the moves in words.
    let hover = client.request("textDocument/hover", at("fmWfcF", 0, 1));
    let markdown = hover["contents"]["value"].as_str().expect("markdown");
    assert!(markdown.contains("```text"), "{markdown}");
    assert!(
        markdown.contains("one step orthogonally") && markdown.contains("move only"),
        "{markdown}"
    );

    // Hover on a piece ID in the setup: its definition and diagram.
    let hover = client.request("textDocument/hover", at("Q  d1", 0, 0));
    let markdown = hover["contents"]["value"].as_str().expect("markdown");
    assert!(
        markdown.contains("\"Queen\"") || markdown.contains("`Queen`"),
        "{markdown}"
    );
    assert!(markdown.contains("```text"), "{markdown}");

    // Definition: the `Q` of the setup jumps to the `Q` that starts its piece line.
    let definition = client.request("textDocument/definition", at("Q  d1", 0, 0));
    assert_eq!(definition["uri"], uri);
    assert_eq!(
        definition["range"]["start"],
        position(&text, "Q  \"Queen\"", 0, 0)
    );

    // References: the piece line, the pawn's promotion and the placement.
    let references = client.request(
        "textDocument/references",
        json!({
            "textDocument": { "uri": uri },
            "position": position(&text, "Q  \"Queen\"", 0, 0),
            "context": { "includeDeclaration": true },
        }),
    );
    assert_eq!(references.as_array().map(Vec::len), Some(3), "{references}");

    // Completion in the rules section offers clause keywords; piece IDs in the setup.
    let completion = client.request("textDocument/completion", at("  win checkmate", 0, 2));
    let labels: Vec<&str> = completion
        .as_array()
        .expect("items")
        .iter()
        .filter_map(|i| i["label"].as_str())
        .collect();
    for word in ["burn", "anti-trade", "stalemate"] {
        assert!(labels.contains(&word), "{word} in {labels:?}");
    }
    let completion = client.request("textDocument/completion", at("  P  a2-e2", 0, 2));
    let labels: Vec<String> = completion
        .as_array()
        .expect("items")
        .iter()
        .filter_map(|i| i["label"].as_str().map(str::to_string))
        .collect();
    assert!(
        labels.contains(&"Q".to_string()) && labels.contains(&"K".to_string()),
        "{labels:?}"
    );

    // Formatting: the edit gives `koma fmt`'s layout.
    let edits = client.request(
        "textDocument/formatting",
        json!({ "textDocument": { "uri": uri }, "options": { "tabSize": 2, "insertSpaces": true } }),
    );
    let expected = koma_compiler::format::format(&text).expect("formats");
    assert_ne!(expected, text, "the test file is not in canonical layout");
    assert_eq!(edits[0]["newText"], expected.as_str());

    // A lint with a fix becomes a quick fix: `WW` is better written `R`.
    let linted = text.replace("\"Queen\"  Q", "\"Queen\"  WWF0");
    let change = json!({
        "textDocument": { "uri": uri, "version": 3 },
        "contentChanges": [{ "text": linted }],
    });
    client.notify("textDocument/didChange", change);
    let diagnostics = client.diagnostics(&uri, 3);
    let lint = diagnostics
        .iter()
        .find(|d| d["severity"] == 2)
        .unwrap_or_else(|| panic!("a warning in {diagnostics:#?}"))
        .clone();
    let actions = client.request(
        "textDocument/codeAction",
        json!({
            "textDocument": { "uri": uri },
            "range": lint["range"],
            "context": { "diagnostics": [lint] },
        }),
    );
    let action = &actions[0];
    assert_eq!(action["kind"], "quickfix", "{actions}");
    let edit = &action["edit"]["changes"][uri.as_str()][0];
    assert!(edit["newText"].is_string(), "{action}");

    let _ = client.request("shutdown", Value::Null);
    client.notify("exit", Value::Null);
    let deadline = Instant::now() + Duration::from_secs(10);
    let status = loop {
        if let Some(status) = client.child.try_wait().expect("wait") {
            break status;
        }
        assert!(Instant::now() < deadline, "koma lsp did not exit");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(status.success(), "{status}");
}

/// The most memory the process has held (`VmHWM`), in MiB.
fn peak_memory_mib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("process status");
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .expect("VmHWM")
        / 1024
}

fn initialize(client: &mut Client) {
    client.request(
        "initialize",
        json!({ "processId": null, "rootUri": null, "capabilities": {} }),
    );
    client.notify("initialized", json!({}));
}

#[test]
fn an_oversize_message_is_dropped_without_taking_its_size_in_memory() {
    // lsp-server reserved the whole announced length at once (1.5 GB from one header).
    let mut client = Client::start();
    initialize(&mut client);
    let length: usize = 200_000_000;
    write!(client.stdin, "Content-Length: {length}\r\n\r\n").expect("write");
    let chunk = vec![b' '; 1 << 20];
    for _ in 0..length / chunk.len() {
        client.stdin.write_all(&chunk).expect("write");
    }
    client
        .stdin
        .write_all(&vec![b' '; length % chunk.len()])
        .expect("write");
    let log = client.wait_for("a log message", |m| m["method"] == "window/logMessage");
    assert!(
        log["params"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("200000000 bytes")),
        "{log}"
    );
    // Still serving.
    let path = scratch("oversize").join("broken.koma");
    std::fs::write(&path, BROKEN).expect("write");
    let uri = file_uri(&path);
    client.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": uri, "languageId": "koma", "version": 1, "text": BROKEN } }),
    );
    assert!(!client.diagnostics(&uri, 1).is_empty());
    let peak = peak_memory_mib(client.child.id());
    assert!(
        peak < 100,
        "koma lsp held {peak} MiB for a message it dropped"
    );
    let _ = client.child.kill();
}

#[test]
fn many_diagnostics_and_a_long_xbetza_string_cost_linear_time() {
    // 20,000 duplicate rules lines: two minutes before for 100,000 (a line table rebuilt per
    // diagnostic label); a 9,000-character XBetza string: 13.6 s before (a union of all the
    // other moves per move in lint L007, and the whole string in each message).
    let chess = std::fs::read_to_string(root().join("variants/chess.koma")).expect("read");
    let n = 20_000;
    let text = chess.clone() + &"  draw repetition 3\n".repeat(n);
    let dir = scratch("large");
    let uri = file_uri(&dir.join("r.koma"));
    let mut client = Client::start();
    initialize(&mut client);
    client.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": uri, "languageId": "koma", "version": 1, "text": text } }),
    );
    let diagnostics = client.diagnostics(&uri, 1);
    assert_eq!(diagnostics.len(), n);
    let last_line = (chess.lines().count() + n - 1) as u64;
    assert_eq!(
        diagnostics[n - 1]["range"]["start"]["line"].as_u64(),
        Some(last_line)
    );
    let related = &diagnostics[n - 1]["relatedInformation"][0]["location"]["range"]["start"];
    let first = chess.lines().position(|l| l.contains("draw repetition"));
    assert_eq!(
        related["line"].as_u64(),
        first.map(|l| l as u64),
        "{related}"
    );

    let betza = "fWvRsN".repeat(1_500);
    let text = format!(
        "variant \"Long\"\nboard 9 x 9\npieces\n  K \"King\" K royal\n  X \"X\" {betza}\nsetup rotate\n  K e1\n"
    );
    let uri = file_uri(&dir.join("long.koma"));
    client.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": uri, "languageId": "koma", "version": 1, "text": text } }),
    );
    let diagnostics = client.diagnostics(&uri, 1);
    assert!(diagnostics.len() > 4_000, "{}", diagnostics.len());
    let hover = client.request(
        "textDocument/hover",
        json!({ "textDocument": { "uri": uri }, "position": position(&text, "fWvRsN", 100, 0) }),
    );
    let shown = hover["contents"]["value"].as_str().expect("hover text");
    assert!(shown.contains("```text"), "a diagram: {shown:.200}");
    let _ = client.child.kill();
}

/// The Lua a headless Neovim runs: open the file through `koma lsp`, wait for diagnostics, ask
/// for hover, definition and formatting, and write what came back as JSON.
const NVIM_SCRIPT: &str = r#"
local out, file = OUT, FILE
local result = { log = {} }
local function log(x) table.insert(result.log, x) end
local function finish()
  local f = io.open(out, "w")
  f:write(vim.fn.json_encode(result))
  f:close()
  vim.cmd("qall!")
end
local ok, err = pcall(function()
  vim.cmd("edit " .. vim.fn.fnameescape(file))
  local buf = vim.api.nvim_get_current_buf()
  -- The installed plugin gives the filetype and starts the server; nothing here does.
  result.filetype = vim.bo[buf].filetype
  result.attached = vim.wait(10000, function() return #vim.lsp.buf_get_clients(buf) > 0 end, 50)
  vim.wait(10000, function() return #vim.diagnostic.get(buf) > 0 end, 50)
  result.diagnostics = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    table.insert(result.diagnostics, { lnum = d.lnum, col = d.col, end_col = d.end_col, code = d.code, message = d.message })
  end
  local uri = vim.uri_from_bufnr(buf)
  local function at(line, character)
    return { textDocument = { uri = uri }, position = { line = line, character = character } }
  end
  local function ask(method, params)
    local replies = vim.lsp.buf_request_sync(buf, method, params, 10000) or {}
    for _, reply in pairs(replies) do
      if reply.result then return reply.result end
      if reply.err then log(method .. ": " .. vim.inspect(reply.err)) end
    end
    return vim.NIL
  end
  result.hover = ask("textDocument/hover", at(HOVER_LINE, HOVER_COL))
  result.definition = ask("textDocument/definition", at(DEF_LINE, DEF_COL))
  -- Fix the mistake as a user would: the errors go, and the file can be formatted.
  vim.api.nvim_buf_set_lines(buf, X_LINE, X_LINE + 1, false, {})
  result.cleared = vim.wait(10000, function()
    return #vim.diagnostic.get(buf, { severity = vim.diagnostic.severity.ERROR }) == 0
  end, 50)
  local edits = ask("textDocument/formatting", { textDocument = { uri = uri }, options = { tabSize = 2, insertSpaces = true } })
  if type(edits) == "table" then
    vim.lsp.util.apply_text_edits(edits, buf, "utf-16")
  end
  result.formatted = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), "\n") .. "\n"
end)
if not ok then result.error = tostring(err) end
finish()
"#;

/// Runs the shell block of docs/editors.md's Neovim section from the checkout, with `home` as HOME.
fn install_as_documented(home: &Path) {
    let docs = std::fs::read_to_string(root().join("docs/editors.md")).expect("docs/editors.md");
    let section = &docs[docs.find("## Neovim").expect("a Neovim section")..];
    let block = section
        .split("```sh\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("a sh block in the Neovim section");
    let status = Command::new("sh")
        .args(["-ec", block])
        .current_dir(root())
        .env("HOME", home)
        .status()
        .expect("sh runs");
    assert!(status.success(), "the documented install failed:\n{block}");
}

/// The text line and column of the first `needle`.
fn line_col(text: &str, needle: &str) -> (usize, usize) {
    let p = position(text, needle, 0, 0);
    (
        p["line"].as_u64().expect("line") as usize,
        p["character"].as_u64().expect("character") as usize,
    )
}

#[test]
fn neovim_shows_the_diagnostic_then_hovers_jumps_and_formats() {
    if Command::new("nvim").arg("--version").output().is_err() {
        assert!(
            std::env::var_os("KOMA_REQUIRE_EXTERNAL").is_none(),
            "nvim is missing and KOMA_REQUIRE_EXTERNAL is set"
        );
        eprintln!("skipped: nvim is not installed");
        return;
    }
    let dir = scratch("nvim");
    let file = dir.join("broken.koma");
    std::fs::write(&file, BROKEN).expect("write");
    let out = dir.join("result.json");
    let (hover_line, hover_col) = line_col(BROKEN, "fmWfcF");
    let (def_line, def_col) = line_col(BROKEN, "Q  d1");
    let lua = |s: &Path| format!("{:?}", s.display().to_string());
    let script = NVIM_SCRIPT
        .replace("OUT", &lua(&out))
        .replace("FILE", &lua(&file))
        .replace("HOVER_LINE", &hover_line.to_string())
        .replace("HOVER_COL", &(hover_col + 1).to_string())
        .replace("DEF_LINE", &def_line.to_string())
        .replace("DEF_COL", &def_col.to_string())
        .replace("X_LINE", &line_col(BROKEN, "X  a1").0.to_string());
    let script_path = dir.join("test.lua");
    std::fs::write(&script_path, script).expect("write script");
    // A fresh home with the plugin installed exactly as docs/editors.md says, and `koma` on PATH.
    let home = dir.join("home");
    std::fs::create_dir_all(&home).expect("home");
    install_as_documented(&home);
    let bin = Path::new(env!("CARGO_BIN_EXE_koma"))
        .parent()
        .expect("bin folder");
    let path = std::env::join_paths(std::iter::once(bin.to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .expect("PATH");
    let mut child = Command::new("nvim")
        .args(["--headless", "-n", "-i", "NONE", "-c"])
        .arg(format!("luafile {}", script_path.display()))
        .current_dir(&dir)
        .env("HOME", &home)
        .env("PATH", path)
        .env_remove("XDG_CONFIG_HOME")
        .env_remove("XDG_DATA_HOME")
        .env_remove("XDG_STATE_HOME")
        .env_remove("VIMINIT")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("nvim starts");
    let deadline = Instant::now() + Duration::from_secs(60);
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break Some(status);
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let mut stderr = String::new();
    if let Some(mut pipe) = child.stderr.take() {
        let _ = pipe.read_to_string(&mut stderr);
    }
    let report = std::fs::read_to_string(&out).unwrap_or_default();
    // Keep what Neovim said next to the scratch files, for a failing run.
    std::fs::write(dir.join("nvim-stderr.log"), &stderr).expect("log");
    assert!(
        status.is_some(),
        "nvim did not finish in 60 s; stderr: {stderr}"
    );
    let result: Value = serde_json::from_str(&report)
        .unwrap_or_else(|e| panic!("no result from nvim ({e}); stderr: {stderr}"));
    assert!(result.get("error").is_none(), "{result:#}");
    assert_eq!(result["filetype"], "koma", "{result:#}");
    assert_eq!(result["attached"], true, "{result:#}");

    let (x_line, x_col) = line_col(BROKEN, "X  a1");
    let diagnostics = result["diagnostics"].as_array().expect("diagnostics");
    assert!(
        diagnostics.iter().any(|d| d["code"] == "E0104"
            && d["lnum"] == json!(x_line)
            && d["col"] == json!(x_col)),
        "{result:#}"
    );
    let hover = result["hover"]["contents"]["value"].as_str().unwrap_or("");
    assert!(
        hover.contains("```text") && hover.contains("one step orthogonally"),
        "{result:#}"
    );
    let (q_line, q_col) = line_col(BROKEN, "Q  \"Queen\"");
    assert_eq!(
        result["definition"]["range"]["start"],
        json!({ "line": q_line, "character": q_col }),
        "{result:#}"
    );
    // Once the mistake is gone, formatting gives `koma fmt`'s layout.
    assert_eq!(result["cleared"], true, "{result:#}");
    let fixed = BROKEN.replace("  X  a1\n", "");
    let expected = koma_compiler::format::format(&fixed).expect("formats");
    assert_ne!(expected, fixed);
    assert_eq!(result["formatted"], expected.as_str(), "{result:#}");
}

/// Every keyword the grammar knows is highlighted: each lowercase word literal of
/// grammar/src/koma.pest appears in one of the TextMate grammar's keyword alternations.
#[test]
fn the_textmate_grammar_highlights_every_keyword_of_the_language() {
    let path = root().join("editors/vscode/syntaxes/koma.tmLanguage.json");
    let grammar: Value =
        serde_json::from_str(&std::fs::read_to_string(&path).expect("read")).expect("JSON");
    let mut alternatives: Vec<String> = Vec::new();
    let mut stack = vec![&grammar];
    while let Some(v) = stack.pop() {
        match v {
            Value::Object(map) => stack.extend(map.values()),
            Value::Array(items) => stack.extend(items),
            Value::String(s) => {
                alternatives.extend(s.split(['(', ')', '|']).map(str::to_string));
            }
            _ => {}
        }
    }
    let pest = std::fs::read_to_string(root().join("grammar/src/koma.pest")).expect("koma.pest");
    // `"\""` is a quote literal, not the start of a word.
    let pest = pest.replace("\\\"", "");
    let mut missing = Vec::new();
    for (i, literal) in pest.split('"').enumerate() {
        let word = i % 2 == 1
            && literal.len() > 1
            && literal.chars().all(|c| c.is_ascii_lowercase() || c == '-');
        if word && !alternatives.iter().any(|a| a == literal) && !missing.contains(&literal) {
            missing.push(literal);
        }
    }
    assert!(
        missing.is_empty(),
        "add these keywords to {}: {missing:?}",
        path.display()
    );
}
