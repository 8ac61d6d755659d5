//! koma-web: the local web app behind `koma serve` and the static pages of `koma book`. The page
//! (HTML, CSS, one JavaScript module, under `web/assets/`) draws and asks; every rule is the
//! runtime's, reached through the JSON of [`api`].

#![forbid(unsafe_code)]

pub mod api;
pub mod assets;
pub mod book;
pub mod game;
#[cfg(feature = "server")]
pub mod server;
pub mod site;
mod words;

#[cfg(feature = "server")]
pub use server::{App, serve};
