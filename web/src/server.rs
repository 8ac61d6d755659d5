//! `koma serve`: the local web app. The page asks; the server compiles the given files (again
//! whenever one changes on disk), replays games through the runtime and answers in JSON.
//! Only the files given on the command line are served, by their index.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Serialize;

use crate::api::{
    ApiError, EngineReply, EngineRequest, GameRequest, Status, VariantEntry, VariantList,
};
use crate::assets;
use crate::game::{self, Limits, MovePicker};
use crate::site::Compiled;

/// The served files and the engine, if there is one.
pub struct App {
    entries: Vec<Entry>,
    engine: Option<Arc<dyn MovePicker>>,
    /// The position games start from instead of the variants' own (`koma serve --fen`).
    start: Option<String>,
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
        }
    }

    fn compiles(&self) -> std::sync::MutexGuard<'_, Compiles> {
        let mut guard = self
            .compiled
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if guard.current.is_stale() {
            guard.current = Arc::new(Compiled::load(&self.path, &diagram_url(self.index)));
            if guard.current.tables.is_some() {
                guard.last_good = Some(guard.current.clone());
            }
        }
        guard
    }

    /// The compiled file, compiled again first when it changed on disk.
    fn current(&self) -> Arc<Compiled> {
        self.compiles().current.clone()
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
            .map(|(index, path)| Entry::new(path, index))
            .collect();
        App {
            entries,
            engine: None,
            start: None,
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

    /// The first file's compiled state (for the command line's summary).
    pub fn compiled(&self, index: usize) -> Option<Arc<Compiled>> {
        self.entries.get(index).map(Entry::current)
    }

    /// Every route of the web app.
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
        let listener = tokio::net::TcpListener::bind(addr).await?;
        let bound = listener.local_addr()?;
        ready(bound);
        let router = app.router();
        let router = if bound.ip().is_loopback() {
            router.layer(axum::middleware::from_fn(move |req, next| {
                local_only(bound.port(), req, next)
            }))
        } else {
            router
        };
        axum::serve(listener, router).await
    })
}

/// On a loopback address, answers only requests addressed to this machine by name: a web page
/// elsewhere cannot reach the server through a DNS name that points at 127.0.0.1.
async fn local_only(
    port: u16,
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let host = req
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    let local = ["127.0.0.1", "localhost", "[::1]"]
        .iter()
        .any(|name| host == *name || host == format!("{name}:{port}"));
    if local {
        next.run(req).await
    } else {
        error(
            StatusCode::FORBIDDEN,
            format!("requests for host `{host}` are refused: open http://127.0.0.1:{port}/"),
        )
        .into_response()
    }
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

fn entry<'a>(app: &'a App, v: &str) -> Result<&'a Entry, Failure> {
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
    let variants = app
        .entries
        .iter()
        .map(|e| {
            let c = e.current();
            VariantEntry {
                index: e.index,
                file: c.info.file.clone(),
                name: c
                    .info
                    .variant
                    .as_ref()
                    .map_or_else(|| c.info.file.clone(), |v| v.name.clone()),
            }
        })
        .collect();
    json(&VariantList { variants })
}

async fn variant(State(app): Shared, Path(v): Path<String>) -> Answer {
    let mut info = entry(&app, &v)?.current().info.clone();
    info.engine = app.engine.is_some();
    if let (Some(start), Some(v)) = (&app.start, info.variant.as_mut()) {
        v.start = start.clone();
    }
    Ok(json(&info))
}

async fn status(State(app): Shared, Path(v): Path<String>) -> Answer {
    let version = entry(&app, &v)?.current().info.version;
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

async fn state(State(app): Shared, Path(v): Path<String>, bytes: Bytes) -> Answer {
    let t = tables(&entry(&app, &v)?.current())?;
    let request: GameRequest = body(&bytes)?;
    let state = blocking(move || game::state(t, &request)).await?;
    Ok(json(&state))
}

async fn engine(State(app): Shared, Path(v): Path<String>, bytes: Bytes) -> Answer {
    let picker = app.engine.clone().ok_or_else(|| {
        error(
            StatusCode::NOT_IMPLEMENTED,
            "this koma has no engine to play against".to_string(),
        )
    })?;
    let t = tables(&entry(&app, &v)?.current())?;
    let request: EngineRequest = body(&bytes)?;
    let limits = Limits {
        depth: request.depth,
        millis: request.millis,
    };
    let mv = blocking(move || game::engine_move(t, &request.game, picker.as_ref(), limits))
        .await?
        .ok_or_else(|| {
            error(
                StatusCode::UNPROCESSABLE_ENTITY,
                "the side to move has no legal move".to_string(),
            )
        })?;
    Ok(json(&EngineReply { mv }))
}
