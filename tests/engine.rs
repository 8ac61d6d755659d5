//! The engine end to end: protocol conversations with the state machines (no processes), the
//! `koma xboard` and `koma uci` commands over pipes, hostile input (issue 24), self-play in every
//! shipped variant with a start position, and real XBoard (under Xvfb) games against koma itself
//! and against HaChu.

#[path = "engine/common.rs"]
pub(crate) mod common;
#[path = "engine/conversation.rs"]
mod conversation;
#[path = "engine/eval.rs"]
mod eval;
#[path = "engine/hachu_repetition.rs"]
mod hachu_repetition;
#[path = "engine/hostile.rs"]
mod hostile;
#[path = "engine/opponents.rs"]
mod opponents;
#[path = "engine/pipes.rs"]
mod pipes;
#[path = "engine/repetition.rs"]
mod repetition;
#[path = "engine/search.rs"]
mod search;
#[path = "engine/selfplay.rs"]
mod selfplay;
#[path = "engine/tune.rs"]
mod tune;
#[path = "engine/xboard_gui.rs"]
mod xboard_gui;
