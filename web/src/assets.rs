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
