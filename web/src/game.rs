//! Games as the page sees them: a start position and move texts, replayed through the runtime
//! into the position's pieces, legal moves and result. No rule is decided here.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use koma_engine::Searcher;

use koma_runtime::result::GameResult;
use koma_runtime::spec::{PieceType, Player};
use koma_runtime::{FullMove, Position, Tables};

use crate::api::{GameRequest, GameState, HandPiece, MoveInfo, Partner, PlacedPiece, ResultInfo};

/// Why a game could not be replayed.
#[derive(Debug, thiserror::Error)]
pub enum GameError {
    #[error("bad start position `{text}`: {reason}")]
    Position {
        text: String,
        #[source]
        reason: koma_runtime::fen::PositionError,
    },
    #[error("move {number} `{text}`: {reason}")]
    Move {
        number: usize,
        text: String,
        #[source]
        reason: koma_runtime::moves::MoveError,
    },
    #[error("the game has ended ({}); no move can follow it", describe(.0))]
    Ended(koma_runtime::result::GameResult),
}

/// Picks a move for the side to move: the plug for an engine. `None` when there is no legal
/// move. The picker must end within `limits.time` and as soon as `stop` is set (the page that
/// asked has gone).
pub trait MovePicker: Send + Sync {
    fn pick(&self, position: &mut Position, limits: Limits, stop: &AtomicBool) -> Option<FullMove>;
}

/// The longest any search may think, whatever the request asks.
pub const MAX_SEARCH_TIME: Duration = Duration::from_secs(60);
/// The time of a request that sets neither a depth nor a time.
pub const DEFAULT_SEARCH_TIME: Duration = Duration::from_secs(2);
/// The deepest search a request may ask for, in plies.
pub const MAX_SEARCH_DEPTH: u32 = 64;

/// How hard the engine may think: a depth and a time, whichever comes first. A time is always
/// set: a request cannot start a search without end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    pub depth: Option<u32>,
    pub time: Duration,
}

impl Limits {
    /// The limits of a request (`depth` in plies, `millis` in milliseconds), bounded: a time
    /// is at most [`MAX_SEARCH_TIME`]; a depth alone gets that time, and neither gets
    /// [`DEFAULT_SEARCH_TIME`].
    pub fn bounded(depth: Option<u32>, millis: Option<u64>) -> Limits {
        let time = match (depth, millis) {
            (_, Some(ms)) => Duration::from_millis(ms).min(MAX_SEARCH_TIME),
            (Some(_), None) => MAX_SEARCH_TIME,
            (None, None) => DEFAULT_SEARCH_TIME,
        };
        Limits {
            depth: depth.map(|d| d.clamp(1, MAX_SEARCH_DEPTH)),
            time,
        }
    }
}

/// The engine of `koma-engine`, searching within the limits it is given.
#[derive(Clone, Copy, Debug, Default)]
pub struct EngineSearch;

impl MovePicker for EngineSearch {
    fn pick(&self, position: &mut Position, limits: Limits, stop: &AtomicBool) -> Option<FullMove> {
        let search = koma_engine::Limits {
            depth: limits.depth,
            movetime: Some(limits.time),
            ..koma_engine::Limits::default()
        };
        Searcher::new(SEARCH_HASH_MB)
            .search(position, &search, stop, &mut |_| {})
            .best
    }
}

/// The transposition table of one search, in megabytes.
const SEARCH_HASH_MB: usize = 16;

/// Replays the game's moves from its start position; every move must be legal where it is
/// played and no move may follow a finished game. Returns the position and the last move.
pub fn replay(
    tables: Arc<Tables>,
    game: &GameRequest,
) -> Result<(Position, Option<MoveInfo>), GameError> {
    let mut pos = Position::from_text(tables, &game.start).map_err(|e| GameError::Position {
        text: game.start.clone(),
        reason: e,
    })?;
    let mut last = None;
    for (i, text) in game.moves.iter().enumerate() {
        if let Some(r) = pos.result() {
            return Err(GameError::Ended(r));
        }
        let m = pos.parse_move(text).map_err(|e| GameError::Move {
            number: i + 1,
            text: text.clone(),
            reason: e,
        })?;
        last = Some(move_info(&pos, &m));
        pos.make(&m);
    }
    Ok((pos, last))
}

/// The state the page draws: pieces, legal moves, check, result and the last move.
pub fn state(tables: Arc<Tables>, game: &GameRequest) -> Result<GameState, GameError> {
    let (mut pos, last) = replay(tables, game)?;
    let moves = pos.moves();
    let result = pos.result_with(&moves);
    let geo = &pos.tables().geo();
    let mut pieces = Vec::new();
    let mut vanished = Vec::new();
    for sq in geo.squares() {
        if pos.is_vanished(sq) {
            vanished.push(geo.name(sq));
        }
        if let Some((player, ty)) = pos.piece_at(sq) {
            pieces.push(PlacedPiece {
                square: geo.name(sq),
                player: side(player).to_string(),
                id: piece_id(&pos, ty),
            });
        }
    }
    let mut hands = Vec::new();
    for player in [Player::First, Player::Second] {
        for ty in (0..pos.tables().spec().pieces.len()).map(|i| PieceType(i as u16)) {
            let count = pos.hand_count(player, ty);
            if count > 0 {
                hands.push(HandPiece {
                    player: side(player).to_string(),
                    id: piece_id(&pos, ty),
                    count,
                });
            }
        }
    }
    let me = pos.side_to_move();
    let check = pos
        .royal_squares(me)
        .iter()
        .filter(|&&s| pos.is_attacked(s, me.opponent()))
        .map(|&s| geo.name(s))
        .collect();
    Ok(GameState {
        position: pos.to_text(),
        side: side(me).to_string(),
        ply: game.moves.len(),
        pieces,
        hands,
        vanished,
        check,
        moves: moves.iter().map(|m| move_info(&pos, m)).collect(),
        last,
        result: result.map(result_info),
    })
}

/// A finished game's result as the page shows it.
pub fn result_info(r: GameResult) -> ResultInfo {
    ResultInfo {
        winner: r.winner.map(|p| side(p).to_string()),
        score: r.score().to_string(),
        reason: r.reason.describe().to_string(),
    }
}

/// Asks `picker` for a move in the game's current position.
pub fn engine_move(
    tables: Arc<Tables>,
    game: &GameRequest,
    picker: &dyn MovePicker,
    limits: Limits,
    stop: &AtomicBool,
) -> Result<Option<String>, GameError> {
    let (mut pos, _) = replay(tables, game)?;
    if let Some(r) = pos.result() {
        return Err(GameError::Ended(r));
    }
    Ok(picker
        .pick(&mut pos, limits, stop)
        .map(|m| pos.move_text(&m)))
}

/// `first` or `second`.
pub fn side(p: Player) -> &'static str {
    match p {
        Player::First => "first",
        Player::Second => "second",
    }
}

fn describe(r: &GameResult) -> String {
    format!("{} by {}", r.score(), r.reason.describe())
}

fn piece_id(pos: &Position, ty: PieceType) -> String {
    pos.tables().spec().pieces[usize::from(ty.0)].id.clone()
}

/// One legal move with every square it empties, as `koma moves --format json` gives it.
pub fn move_info(pos: &Position, m: &FullMove) -> MoveInfo {
    let geo = &pos.tables().geo();
    let captures: Vec<String> = pos
        .removed_squares(m)
        .iter()
        .map(|&s| geo.name(s))
        .collect();
    MoveInfo {
        text: pos.move_text(m),
        from: geo.name(m.from),
        to: geo.name(m.to),
        captures,
        piece: pos.moving_piece(m).map(|ty| piece_id(pos, ty)),
        promotion: m.promotion().map(|ty| piece_id(pos, ty)),
        kind: pos.move_kind_name(m).to_string(),
        partner: m.castling_partner().map(|(a, b)| Partner {
            from: geo.name(a),
            to: geo.name(b),
        }),
        unload: m.unload_square().map(|u| geo.name(u)),
    }
}
