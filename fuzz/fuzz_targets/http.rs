//! The HTTP API's JSON bodies: any bytes posted to `state` or `engine` of a few shipped
//! variants, through the server's own router (body extractor, handlers, the runtime) without
//! sockets. Every answer is a 200 or a 4xx with `{"error": ...}`: never a 5xx (a panic on a
//! blocking thread) or a hang, and the engine is only asked within bounded limits.
#![no_main]

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, OnceLock};

use axum::Router;
use axum::body::Body;
use axum::http::{Request, header};
use koma_runtime::{FullMove, Position};
use koma_web::game::{Limits, MAX_SEARCH_DEPTH, MAX_SEARCH_TIME, MovePicker};
use libfuzzer_sys::fuzz_target;
use tower_service::Service;

const VARIANTS: &[&str] = &["chess", "chu-shogi", "crazyhouse", "kyou-shogi"];

/// Plays the first legal move, after checking that the request's limits were bounded.
struct Bounded;

impl MovePicker for Bounded {
    fn pick(&self, position: &mut Position, limits: Limits, _: &AtomicBool) -> Option<FullMove> {
        assert!(limits.time <= MAX_SEARCH_TIME, "{limits:?}");
        assert!(
            limits
                .depth
                .is_none_or(|d| (1..=MAX_SEARCH_DEPTH).contains(&d)),
            "{limits:?}"
        );
        position.moves().first().copied()
    }
}

fn server() -> &'static (tokio::runtime::Runtime, Router) {
    static SERVER: OnceLock<(tokio::runtime::Runtime, Router)> = OnceLock::new();
    SERVER.get_or_init(|| {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../variants");
        let files: Vec<PathBuf> = VARIANTS
            .iter()
            .map(|v| dir.join(format!("{v}.koma")))
            .collect();
        let router = koma_web::App::new(&files)
            .with_engine(Arc::new(Bounded))
            .router();
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("runtime");
        (runtime, router)
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&which, body)) = data.split_first() else {
        return;
    };
    let endpoint = if which & 1 == 0 { "state" } else { "engine" };
    let variant = usize::from(which >> 1) % VARIANTS.len();
    let request = Request::post(format!("/api/variants/{variant}/{endpoint}"))
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_vec()))
        .expect("request");
    let (runtime, router) = server();
    let (status, bytes) = runtime.block_on(async {
        let mut router = router.clone();
        std::future::poll_fn(|cx| Service::<Request<Body>>::poll_ready(&mut router, cx))
            .await
            .expect("ready");
        let answer = router.call(request).await.expect("answer");
        let status = answer.status();
        let bytes = axum::body::to_bytes(answer.into_body(), usize::MAX)
            .await
            .expect("body");
        (status, bytes)
    });
    assert!(
        status.is_success() || status.is_client_error(),
        "{status}: {bytes:?}"
    );
    let json: serde_json::Value = serde_json::from_slice(&bytes).expect("a JSON answer");
    if !status.is_success() {
        assert!(json["error"].is_string(), "{status}: {json}");
    }
});
