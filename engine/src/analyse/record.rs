//! One finished self-play game as the checkpoint keeps it: the start position and the moves in
//! koma's notation with the result (enough to replay the game, e.g. for fitting piece values),
//! and the figures the report needs from it (material after every ply, what each piece type
//! did), so that a report can be drawn from the checkpoint alone.

use koma_runtime::spec::{PieceType, Player};
use koma_runtime::{FullMove, MoveKind, Position};
use serde::{Deserialize, Serialize};

use crate::referee::game::{Ending, Played};

/// What one piece type did in a game (or in many, summed).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PieceTally {
    /// Moves made by pieces of this type, drops included.
    pub moves: u32,
    /// Drops from the hand.
    pub drops: u32,
    /// Enemy pieces removed by its moves, burns excepted.
    pub captures: u32,
    /// Times a piece of this type promoted.
    pub promotions: u32,
    /// Pieces its moves burned (the mover burning itself on arrival is not counted).
    pub burns: u32,
    /// Times a piece of this type was removed (captured or burned).
    pub captured: u32,
}

impl PieceTally {
    pub fn add(&mut self, other: &PieceTally) {
        self.moves += other.moves;
        self.drops += other.drops;
        self.captures += other.captures;
        self.promotions += other.promotions;
        self.burns += other.burns;
        self.captured += other.captured;
    }
}

/// A finished game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// Which file of the run (0 for the first).
    pub variant: usize,
    /// The game's number: it was played from seed `S + index`.
    pub index: u64,
    /// The start position in koma's position text (`koma moves --fen` reads it).
    pub start: String,
    /// Every move in koma's move notation, the random opening's included.
    pub moves: Vec<String>,
    /// How many of `moves` were the random opening.
    pub opening_plies: usize,
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
    /// Why the game ended: the runtime's reason (`checkmate`, `royals lost`, `move limit`, ...),
    /// or `ply limit` when the run's `--max-plies` stopped it, or `forfeit`.
    pub reason: String,
    /// The first player's material lead in centipawns (the engine's piece values, hands
    /// included) at the start and after every ply.
    pub material: Vec<i32>,
    /// By piece type, in the variant's order.
    pub pieces: Vec<PieceTally>,
}

/// The reason word of an ending, as the report groups games.
pub fn reason_word(ending: &Ending) -> String {
    match ending {
        Ending::Rules(r) => r.reason.describe().to_string(),
        Ending::PlyLimit(_) => "ply limit".to_string(),
        Ending::Resigned(_) => "resignation".to_string(),
        Ending::Forfeit(_, _) => "forfeit".to_string(),
    }
}

impl GameRecord {
    /// The record of `played`, game `index` of file `variant`; `values` are the centipawn
    /// values of the piece types.
    pub fn new(
        variant: usize,
        index: u64,
        played: &Played,
        opening_plies: usize,
        values: &[i32],
    ) -> GameRecord {
        let game = &played.game;
        let mut pos = game.start.clone();
        let mut pieces = vec![PieceTally::default(); values.len()];
        let mut moves = Vec::with_capacity(game.moves.len());
        let mut material = Vec::with_capacity(game.moves.len() + 1);
        material.push(material_lead(&pos, values));
        for m in &game.moves {
            moves.push(pos.move_text(m));
            tally_move(&pos, m, &mut pieces);
            pos.make(m);
            material.push(material_lead(&pos, values));
        }
        GameRecord {
            variant,
            index,
            start: game.start.to_text(),
            moves,
            opening_plies,
            result: played.ending.score().to_string(),
            reason: reason_word(&played.ending),
            material,
            pieces,
        }
    }

    /// The winner, `None` for a draw.
    pub fn winner(&self) -> Option<Player> {
        match self.result.as_str() {
            "1-0" => Some(Player::First),
            "0-1" => Some(Player::Second),
            _ => None,
        }
    }

    /// The first player's points: 1, 1/2 or 0.
    pub fn first_player_points(&self) -> f64 {
        match self.winner() {
            Some(Player::First) => 1.0,
            Some(Player::Second) => 0.0,
            None => 0.5,
        }
    }

    pub fn plies(&self) -> usize {
        self.moves.len()
    }
}

/// Counts what `m`, legal in `pos`, does for each piece type.
fn tally_move(pos: &Position, m: &FullMove, pieces: &mut [PieceTally]) {
    if pos.is_pass(m) {
        return;
    }
    let Some(mover) = pos.moving_piece(m) else {
        return;
    };
    let side = pos.side_to_move();
    let t = &mut pieces[usize::from(mover.0)];
    t.moves += 1;
    t.drops += u32::from(m.kind() == MoveKind::Drop);
    t.promotions += u32::from(m.promotion().is_some());
    let burned: Vec<_> = m.burns().collect();
    for sq in pos.removed_squares(m) {
        let Some((owner, victim)) = pos.piece_at(sq) else {
            continue;
        };
        let self_burn = sq == m.to && m.burns_mover();
        if !self_burn {
            let t = &mut pieces[usize::from(mover.0)];
            if burned.contains(&sq) {
                t.burns += 1;
            } else if owner != side {
                t.captures += 1;
            }
        }
        pieces[usize::from(victim.0)].captured += 1;
    }
}

/// The first player's material lead: board and hands at the engine's values.
fn material_lead(pos: &Position, values: &[i32]) -> i32 {
    let sign = |p: Player| if p == Player::First { 1 } else { -1 };
    let board: i32 = pos
        .occupied_squares()
        .filter_map(|sq| pos.piece_at(sq))
        .map(|(p, t)| sign(p) * values[usize::from(t.0)])
        .sum();
    let hands: i32 = (0..values.len())
        .map(|t| {
            let t = PieceType(t as u16);
            let (a, b) = (
                pos.hand_count(Player::First, t),
                pos.hand_count(Player::Second, t),
            );
            (i32::from(a) - i32::from(b)) * values[usize::from(t.0)]
        })
        .sum();
    board + hands
}
