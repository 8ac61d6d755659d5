//! The koma compiler: `parse` -> `lower` -> `validate` -> `lint` -> `emit`.

pub mod diagnostic;
pub mod import;
pub mod xbetza;
