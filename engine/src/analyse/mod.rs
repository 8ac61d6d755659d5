//! `koma analyse`: self-play statistics for a game designer. Game `i` of a run is played by
//! koma against itself from seed `S + i` (random opening plies, then a fixed-node search), so
//! the games do not depend on how many threads, shards or machines play them. [`selfplay`]
//! plays a game with the referee's game loop ([`crate::referee::game::play_game`]) and
//! [`record`] turns it into a [`GameRecord`] (what the checkpoint keeps: enough to replay the
//! game, plus its per-game figures); [`summary`] turns records into the report's figures.

pub mod record;
pub mod selfplay;
pub mod summary;

pub use record::{GameRecord, PieceTally};
pub use selfplay::{Job, SelfPlay, play_games};
pub use summary::{Summary, learned_values, summarise};
