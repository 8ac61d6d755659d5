//! The page's files under `web/assets/`, embedded in the binary at build time.

pub const INDEX_HTML: &str = include_str!("../assets/index.html");
pub const STYLE_CSS: &str = include_str!("../assets/style.css");
pub const APP_JS: &str = include_str!("../assets/app.js");
pub const FAVICON_SVG: &str = include_str!("../assets/favicon.svg");

/// The content type and bytes of the asset called `name`; `None` for any other name.
pub fn get(name: &str) -> Option<(&'static str, &'static str)> {
    match name {
        "style.css" => Some(("text/css; charset=utf-8", STYLE_CSS)),
        "app.js" => Some(("text/javascript; charset=utf-8", APP_JS)),
        "favicon.svg" => Some(("image/svg+xml", FAVICON_SVG)),
        _ => None,
    }
}

/// The page's worker: runs the WebAssembly build of koma for the page without a server.
pub const WORKER_JS: &str = include_str!("../assets/worker.js");

/// The WebAssembly build of koma that `koma book` puts beside the page, when koma was built with
/// it (`web/wasm/` or `KOMA_WASM`, see `web/build.rs`).
#[derive(Debug)]
pub struct Wasm {
    /// The module.
    pub wasm: &'static [u8],
    /// wasm-bindgen's glue for it (`--target no-modules`: defines `wasm_bindgen`).
    pub glue: &'static str,
}

#[cfg(koma_wasm)]
pub const WASM: Option<Wasm> = Some(Wasm {
    wasm: include_bytes!(concat!(env!("KOMA_WASM_DIR"), "/koma_wasm_bg.wasm")),
    glue: include_str!(concat!(env!("KOMA_WASM_DIR"), "/koma_wasm.js")),
});
#[cfg(not(koma_wasm))]
pub const WASM: Option<Wasm> = None;
