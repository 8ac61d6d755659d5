//! The game as an outside engine has been told it, in its protocol's move text: the referee
//! writes each move once, from the position it was played in, with the protocol's own writer
//! ([`crate::driver::MoveText`]).

use koma_runtime::{FullMove, Position};

use crate::driver::MoveText;

/// The moves an engine knows, as it knows them.
#[derive(Debug)]
pub struct Mirror {
    pos: Position,
    texts: Vec<String>,
}

impl Mirror {
    pub fn new(start: &Position) -> Mirror {
        Mirror {
            pos: start.clone(),
            texts: Vec::new(),
        }
    }

    /// The texts of `moves` (every move from the start) beyond those already known, which
    /// are then known.
    pub fn catch_up(&mut self, moves: &[FullMove], writer: &dyn MoveText) -> Vec<String> {
        let known = self.texts.len();
        for m in moves.iter().skip(known) {
            self.record(m, writer);
        }
        self.texts[known.min(self.texts.len())..].to_vec()
    }

    /// The engine's own move, which it knows already.
    pub fn record(&mut self, m: &FullMove, writer: &dyn MoveText) {
        let text = writer.text(&mut self.pos, m);
        self.pos.make(m);
        self.texts.push(text);
    }

    /// Every move's text.
    pub fn texts(&self) -> &[String] {
        &self.texts
    }
}
