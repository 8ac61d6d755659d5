//! `koma match`: a referee that knows every koma game. It plays engines against each other
//! (koma in-process at given settings, or outside programs over CECP or UCI), judges every
//! move and every game end with the runtime, keeps the clocks, records forfeits with their
//! reasons (crash, hang, illegal or malformed move, false claim, time), and scores the match
//! (Elo with a 95 % interval, SPRT).
//!
//! The parts: [`spec`] reads engine specs and time controls; [`opening`] makes the start of
//! each game pair; [`game`] plays one game; [`tournament`] shares games out to threads;
//! [`stats`] scores; [`pgn`] writes the games. Outside engines run through [`process`] (a
//! reader thread, so every wait has a deadline) with [`cecp_client`] or [`uci_client`].

pub mod cecp_client;
pub mod game;
pub mod koma;
mod mirror;
pub mod opening;
pub mod pgn;
pub mod process;
pub mod spec;
pub mod stats;
pub mod tournament;
pub mod uci_client;
