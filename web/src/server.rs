//! `koma serve`: the local web app. The page asks; the server compiles the given files (again
//! whenever one changes on disk), replays games through the runtime and answers in JSON.
//! Only the files given on the command line are served, by their index.

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, FromRequest, Path, State};
use axum::http::{HeaderMap, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use serde::Serialize;
use serde::de::DeserializeOwned;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

use crate::api::{
    ApiError, EngineReply, EngineRequest, GameRequest, Status, VariantEntry, VariantList,
};
use crate::assets;
use crate::game::{self, Limits, MovePicker};
use crate::site::Compiled;

/// How many searches may run at once; one more is refused (503) rather than queued.
pub const MAX_SEARCHES: usize = 2;
/// How many connections the server holds at once; one more is closed at once.
pub const MAX_CONNECTIONS: usize = 256;
/// How long a connection may take to send a request's header, and may stay idle between
/// requests, before it is closed.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(5);
/// How long a request's body may take to arrive (408 after).
pub const BODY_TIMEOUT: Duration = Duration::from_secs(10);
/// The largest request body (413 beyond).
pub const MAX_BODY: usize = 1 << 20;

/// The served files and the engine, if there is one.
pub struct App {
    entries: Vec<Arc<Entry>>,
    engine: Option<Arc<dyn MovePicker>>,
    /// The position games start from instead of the variants' own (`koma serve --fen`).
    start: Option<String>,
    /// One permit per search that may run.
    searches: Arc<Semaphore>,
}

impl std::fmt::Debug for App {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("App")
            .field(
                "files",
                &self.entries.iter().map(|e| &e.path).collect::<Vec<_>>(),
            )
            .field("engine", &self.engine.is_some())
            .finish()
    }
}

struct Entry {
    path: PathBuf,
    index: usize,
    compiled: Mutex<Compiles>,
    /// Held while the file is checked for changes and compiled again: requests about it wait
    /// for that compile (without holding the server's thread), one compile at a time.
    refreshing: tokio::sync::Mutex<()>,
}

/// The file as last compiled, and the last compile of it without errors.
struct Compiles {
    current: Arc<Compiled>,
    last_good: Option<Arc<Compiled>>,
}

impl Entry {
    fn new(path: &std::path::Path, index: usize) -> Entry {
        let current = Arc::new(Compiled::load(path, &diagram_url(index)));
        let last_good = current.tables.is_some().then(|| current.clone());
        Entry {
            path: path.to_path_buf(),
            index,
            compiled: Mutex::new(Compiles { current, last_good }),
            refreshing: tokio::sync::Mutex::new(()),
        }
    }

    fn compiles(&self) -> std::sync::MutexGuard<'_, Compiles> {
        self.compiled
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The file as last compiled, without looking at the disk.
    fn current(&self) -> Arc<Compiled> {
        self.compiles().current.clone()
    }

    /// The compiled file, compiled again first when it changed on disk. Reading and compiling
    /// run on a blocking thread, so other requests are answered meanwhile.
    async fn fresh(self: &Arc<Self>) -> Arc<Compiled> {
        let _turn = self.refreshing.lock().await;
        let entry = self.clone();
        tokio::task::spawn_blocking(move || entry.refresh())
            .await
            .unwrap_or_else(|_| self.current())
    }

    fn refresh(&self) -> Arc<Compiled> {
        let current = self.current();
        if !current.is_stale() {
            return current;
        }
        let compiled = Arc::new(Compiled::load(&self.path, &diagram_url(self.index)));
        let mut compiles = self.compiles();
        compiles.current = compiled.clone();
        if compiled.tables.is_some() {
            compiles.last_good = Some(compiled.clone());
        }
        compiled
    }

    /// The file's last compile without errors: a page drawn from it may still be loading its
    /// diagrams while the file on disk is broken by an edit.
    fn last_good(&self) -> Option<Arc<Compiled>> {
        self.compiles().last_good.clone()
    }
}

/// The version in the address makes the browser fetch a piece's diagram again after an edit.
fn diagram_url(index: usize) -> impl Fn(usize, u64) -> String {
    move |n, version| format!("/api/variants/{index}/diagram/{n}.svg?v={version}")
}

impl App {
    /// Compiles every file once; a file with errors is served with its diagnostics.
    pub fn new(files: &[PathBuf]) -> App {
        let entries = files
            .iter()
            .enumerate()
            .map(|(index, path)| Arc::new(Entry::new(path, index)))
            .collect();
        App {
            entries,
            engine: None,
            start: None,
            searches: Arc::new(Semaphore::new(MAX_SEARCHES)),
        }
    }

    /// Starts every game from `position` instead of the variant's start position.
    pub fn with_start(mut self, position: String) -> App {
        self.start = Some(position);
        self
    }

    /// Lets the page ask `engine` for moves.
    pub fn with_engine(mut self, engine: Arc<dyn MovePicker>) -> App {
        self.engine = Some(engine);
        self
    }

    /// The file's compiled state as loaded (for the command line's summary).
    pub fn compiled(&self, index: usize) -> Option<Arc<Compiled>> {
        self.entries.get(index).map(|e| e.current())
    }

    /// Every route of the web app, answering every error in JSON. [`serve`] puts the checks
    /// of host and origin in front; without them (in-process callers such as the fuzz target)
    /// any host and origin is answered.
    pub fn router(self) -> Router {
        Router::new()
            .route("/", get(index_page))
            .route("/assets/{name}", get(asset))
            .route("/api/variants", get(list))
            .route("/api/variants/{v}", get(variant))
            .route("/api/variants/{v}/status", get(status))
            .route("/api/variants/{v}/diagram/{piece}", get(diagram))
            .route("/api/variants/{v}/state", post(state))
            .route("/api/variants/{v}/engine", post(engine))
            .fallback(|| async { error(StatusCode::NOT_FOUND, "no such page".to_string()) })
            .layer(DefaultBodyLimit::max(MAX_BODY))
            .layer(axum::middleware::from_fn(json_errors))
            .with_state(Arc::new(self))
    }
}

/// Serves `app` on `addr` until the process ends; `ready` gets the bound address (useful with
/// port 0).
pub fn serve(app: App, addr: SocketAddr, ready: impl FnOnce(SocketAddr)) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let listener = TcpListener::bind(addr).await?;
        let bound = listener.local_addr()?;
        ready(bound);
        let guard = Arc::new(Guard::new(bound));
        let router = app
            .router()
            .layer(axum::middleware::from_fn(move |req, next| {
                guarded(guard.clone(), req, next)
            }));
        accept(listener, router).await
    })
}

/// Accepts connections, at most [`MAX_CONNECTIONS`] at once, each closed when its request's
/// header takes longer than [`HEADER_TIMEOUT`] or it stays idle that long.
async fn accept(listener: TcpListener, router: Router) -> std::io::Result<()> {
    let slots = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(_) => {
                // Out of file descriptors or an aborted handshake: try again shortly.
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        // Past the bound a connection is closed at once: the next one may find a free slot.
        let Ok(slot) = slots.clone().try_acquire_owned() else {
            continue;
        };
        let service = TowerToHyperService::new(router.clone());
        tokio::spawn(async move {
            let _slot = slot;
            let mut http = hyper::server::conn::http1::Builder::new();
            http.timer(TokioTimer::new())
                .header_read_timeout(HEADER_TIMEOUT);
            // A client that closes its connection ends the request, which stops its search.
            let _ = http.serve_connection(TokioIo::new(stream), service).await;
        });
    }
}

/// Who may ask. On a loopback address, only requests addressed to this machine by name: a web
/// page elsewhere cannot reach the server through a DNS name that points at 127.0.0.1. On any
/// address: one `Host`, and no request from another origin, so a page on another site cannot
/// start searches here.
#[derive(Debug)]
struct Guard {
    /// The host names answered on a loopback address (each with or without the port); `None`
    /// on any other address.
    names: Option<Vec<String>>,
    port: u16,
    /// The address as a URL host: `127.0.0.2`, `[::1]`.
    own: String,
}

impl Guard {
    fn new(bound: SocketAddr) -> Guard {
        let own = match bound.ip() {
            IpAddr::V6(ip) => format!("[{ip}]"),
            ip => ip.to_string(),
        };
        let names = bound.ip().is_loopback().then(|| {
            let mut names: Vec<String> = ["127.0.0.1", "localhost", "[::1]"]
                .into_iter()
                .map(String::from)
                .collect();
            names.push(own.clone());
            names
        });
        Guard {
            names,
            port: bound.port(),
            own,
        }
    }

    /// Why the request is refused, if it is.
    fn check(&self, req: &axum::extract::Request) -> Result<(), Failure> {
        let headers = req.headers();
        let mut hosts = headers.get_all(header::HOST).iter();
        let host = hosts.next().and_then(|h| h.to_str().ok()).unwrap_or("");
        if hosts.next().is_some() {
            return Err(error(
                StatusCode::BAD_REQUEST,
                "the request names several hosts: send one `Host` header".to_string(),
            ));
        }
        if let Some(names) = &self.names {
            let port = self.port;
            let named = |name: &String| {
                host.eq_ignore_ascii_case(name)
                    || host.eq_ignore_ascii_case(&format!("{name}:{port}"))
            };
            if !names.iter().any(named) {
                return Err(error(
                    StatusCode::FORBIDDEN,
                    format!(
                        "requests for host `{host}` are refused: open http://{}:{port}/",
                        self.own
                    ),
                ));
            }
        }
        same_origin(req, host)
    }
}

/// Refuses a request sent by a page of another origin: its `Origin` (sent with every `POST`)
/// must be this server's, and a `Sec-Fetch-Site` header, when the browser sends one, must not
/// name another site for anything but reading (`GET`, `HEAD`).
fn same_origin(req: &axum::extract::Request, host: &str) -> Result<(), Failure> {
    let headers = req.headers();
    if let Some(origin) = headers.get(header::ORIGIN) {
        let origin = String::from_utf8_lossy(origin.as_bytes());
        if !origin.eq_ignore_ascii_case(&format!("http://{host}")) {
            return Err(error(
                StatusCode::FORBIDDEN,
                format!(
                    "requests from `{origin}` are refused: only the page this server serves may ask"
                ),
            ));
        }
    }
    let site = headers
        .get("sec-fetch-site")
        .map(|s| String::from_utf8_lossy(s.as_bytes()).to_ascii_lowercase());
    let reads = matches!(*req.method(), Method::GET | Method::HEAD);
    match site.as_deref() {
        Some(site) if !reads && site != "same-origin" && site != "none" => Err(error(
            StatusCode::FORBIDDEN,
            format!(
                "requests from another site (`Sec-Fetch-Site: {site}`) are refused: only the page this server serves may ask"
            ),
        )),
        _ => Ok(()),
    }
}

async fn guarded(
    guard: Arc<Guard>,
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    match guard.check(&req) {
        Ok(()) => next.run(req).await,
        Err(refused) => refused.into_response(),
    }
}

/// Puts every error the router or an extractor answers in text (405, 413, a malformed path)
/// into the JSON body every refused request has.
async fn json_errors(req: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let method = req.method().clone();
    let response = next.run(req).await;
    let status = response.status();
    if !(status.is_client_error() || status.is_server_error()) || is_json(response.headers()) {
        return response;
    }
    let (parts, body) = response.into_parts();
    let text = axum::body::to_bytes(body, 4096)
        .await
        .map(|b| String::from_utf8_lossy(&b).trim().to_string())
        .unwrap_or_default();
    let reason = status
        .canonical_reason()
        .unwrap_or("refused")
        .to_lowercase();
    let message = match (status, text.is_empty()) {
        (StatusCode::METHOD_NOT_ALLOWED, _) => format!("{reason}: `{method}` is not taken here"),
        (_, true) => reason,
        (_, false) => text,
    };
    let mut answer = error(status, message).into_response();
    // Keep what the answer says besides its body (`Allow`, for one).
    for (name, value) in &parts.headers {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            answer.headers_mut().insert(name, value.clone());
        }
    }
    answer
}

/// The `Content-Type` is JSON (`application/json`, any parameters).
fn is_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|essence| essence.trim().eq_ignore_ascii_case("application/json"))
}

/// A request body that must be JSON, sent as JSON: a page elsewhere can send `text/plain`
/// without asking first (no CORS preflight), never `application/json`.
struct JsonBody<T>(T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for JsonBody<T> {
    type Rejection = Failure;

    async fn from_request(req: axum::extract::Request, state: &S) -> Result<Self, Failure> {
        if !is_json(req.headers()) {
            return Err(error(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "the body must be JSON, sent with `Content-Type: application/json`".to_string(),
            ));
        }
        let length = req
            .headers()
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
        if length.is_some_and(|n| n > MAX_BODY as u64) {
            return Err(too_large());
        }
        let bytes = tokio::time::timeout(BODY_TIMEOUT, Bytes::from_request(req, state))
            .await
            .map_err(|_| {
                error(
                    StatusCode::REQUEST_TIMEOUT,
                    format!(
                        "the body took longer than {} s to arrive",
                        BODY_TIMEOUT.as_secs()
                    ),
                )
            })?
            .map_err(|e| match e.status() {
                StatusCode::PAYLOAD_TOO_LARGE => too_large(),
                status => error(status, e.body_text()),
            })?;
        body(&bytes).map(JsonBody)
    }
}

fn too_large() -> Failure {
    error(
        StatusCode::PAYLOAD_TOO_LARGE,
        format!("the body is over the limit of {} KiB", MAX_BODY / 1024),
    )
}

type Shared = State<Arc<App>>;

/// A refused request: its status and the message the page shows.
#[derive(Debug)]
struct Failure {
    status: StatusCode,
    message: String,
}

impl IntoResponse for Failure {
    fn into_response(self) -> Response {
        let body = ApiError {
            error: self.message,
        };
        (self.status, axum::Json(body)).into_response()
    }
}

fn error(status: StatusCode, message: String) -> Failure {
    Failure { status, message }
}

type Answer = Result<Response, Failure>;

fn json<T: Serialize>(value: &T) -> Response {
    axum::Json(value).into_response()
}

fn entry<'a>(app: &'a App, v: &str) -> Result<&'a Arc<Entry>, Failure> {
    let n: usize = v.parse().map_err(|_| {
        error(
            StatusCode::BAD_REQUEST,
            format!("`{v}` is not a variant number"),
        )
    })?;
    app.entries.get(n).ok_or_else(|| {
        error(
            StatusCode::NOT_FOUND,
            format!(
                "no variant {n}: the server has {} file(s), numbered from 0",
                app.entries.len()
            ),
        )
    })
}

fn tables(compiled: &Compiled) -> Result<Arc<koma_runtime::Tables>, Failure> {
    compiled.tables.clone().ok_or_else(|| {
        error(
            StatusCode::CONFLICT,
            format!("`{}` has errors; fix them to play", compiled.info.file),
        )
    })
}

fn body<T: serde::de::DeserializeOwned>(bytes: &Bytes) -> Result<T, Failure> {
    serde_json::from_slice(bytes).map_err(|e| {
        error(
            StatusCode::BAD_REQUEST,
            format!("malformed request body: {e}"),
        )
    })
}

async fn index_page() -> Response {
    (
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        assets::INDEX_HTML,
    )
        .into_response()
}

async fn asset(Path(name): Path<String>) -> Answer {
    let (content_type, bytes) = assets::get(&name)
        .ok_or_else(|| error(StatusCode::NOT_FOUND, format!("no asset `{name}`")))?;
    Ok(([(header::CONTENT_TYPE, content_type)], bytes).into_response())
}

async fn list(State(app): Shared) -> Response {
    let mut variants = Vec::new();
    for e in &app.entries {
        let c = e.fresh().await;
        variants.push(VariantEntry {
            index: e.index,
            file: c.info.file.clone(),
            name: c
                .info
                .variant
                .as_ref()
                .map_or_else(|| c.info.file.clone(), |v| v.name.clone()),
        });
    }
    json(&VariantList { variants })
}

async fn variant(State(app): Shared, Path(v): Path<String>) -> Answer {
    let mut info = entry(&app, &v)?.fresh().await.info.clone();
    info.engine = app.engine.is_some();
    if let (Some(start), Some(v)) = (&app.start, info.variant.as_mut()) {
        v.start = start.clone();
    }
    Ok(json(&info))
}

async fn status(State(app): Shared, Path(v): Path<String>) -> Answer {
    let version = entry(&app, &v)?.fresh().await.info.version;
    Ok(json(&Status { version }))
}

async fn diagram(State(app): Shared, Path((v, piece)): Path<(String, String)>) -> Answer {
    let entry = entry(&app, &v)?;
    let compiled = entry.last_good().unwrap_or_else(|| entry.current());
    let svg = piece
        .strip_suffix(".svg")
        .unwrap_or(&piece)
        .parse::<usize>()
        .ok()
        .and_then(|n| compiled.diagram_svg(n))
        .ok_or_else(|| {
            error(
                StatusCode::NOT_FOUND,
                format!(
                    "no piece `{piece}`: pieces are numbered 0 to {}",
                    compiled.piece_count().saturating_sub(1)
                ),
            )
        })?;
    Ok(([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response())
}

/// Runs `work` off the server's thread; its error is the request's fault (422).
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, game::GameError> + Send + 'static,
) -> Result<T, Failure> {
    match tokio::task::spawn_blocking(work).await {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(e)) => Err(error(StatusCode::UNPROCESSABLE_ENTITY, e.to_string())),
        Err(e) => Err(error(StatusCode::INTERNAL_SERVER_ERROR, e.to_string())),
    }
}

async fn state(
    State(app): Shared,
    Path(v): Path<String>,
    JsonBody(request): JsonBody<GameRequest>,
) -> Answer {
    let compiled = entry(&app, &v)?.fresh().await;
    let t = tables(&compiled)?;
    let state = blocking(move || game::state(t, &request)).await?;
    Ok(json(&state))
}

/// Asks the engine for a move, within [`Limits::bounded`], while one of the
/// [`MAX_SEARCHES`] slots is free; the search stops when the page that asked goes away.
async fn engine(
    State(app): Shared,
    Path(v): Path<String>,
    JsonBody(request): JsonBody<EngineRequest>,
) -> Answer {
    let picker = app.engine.clone().ok_or_else(|| {
        error(
            StatusCode::NOT_IMPLEMENTED,
            "this koma has no engine to play against".to_string(),
        )
    })?;
    let compiled = entry(&app, &v)?.fresh().await;
    let t = tables(&compiled)?;
    let slot = app.searches.clone().try_acquire_owned().map_err(|_| {
        error(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the engine is busy with {MAX_SEARCHES} searches; ask again when one has ended"
            ),
        )
    })?;
    let limits = Limits::bounded(request.depth, request.millis);
    let stop = Arc::new(AtomicBool::new(false));
    let _stop_when_gone = StopOnDrop(stop.clone());
    let mv = blocking(move || {
        // The slot is given back when the search has ended, not when its page has gone.
        let _slot = slot;
        game::engine_move(t, &request.game, picker.as_ref(), limits, &stop)
    })
    .await?
    .ok_or_else(|| {
        error(
            StatusCode::UNPROCESSABLE_ENTITY,
            "the side to move has no legal move".to_string(),
        )
    })?;
    Ok(json(&EngineReply { mv }))
}

/// Stops a search when its request ends: answered, or dropped because its client closed the
/// connection.
struct StopOnDrop(Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}
