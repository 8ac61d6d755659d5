//! The koma compiler: `parse` -> `lower` -> `validate` -> `lint` -> `emit`.
pub mod xbetza;
