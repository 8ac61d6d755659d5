//! One game between two contestants, refereed by the runtime: every answer must be one of the
//! position's legal moves, every game end comes from the variant's result rules, and the
//! referee keeps both clocks. A contestant that crashes, hangs, answers with an illegal or
//! malformed move, claims falsely or oversteps its time forfeits, with the reason recorded.

use std::fmt;
use std::time::{Duration, Instant};

use koma_runtime::result::GameResult;
use koma_runtime::spec::Player;
use koma_runtime::{FullMove, Position};

use super::opening::Opening;
use super::spec::TimeControl;

/// An engine as the referee sees it: in-process koma or an outside program.
pub trait Contestant {
    /// The name for the PGN and the tables.
    fn name(&self) -> String;
    /// Prepares a game starting at `game` (no moves yet beyond the opening's).
    fn new_game(&mut self, game: &GameSoFar, control: Option<TimeControl>) -> Result<(), Fault>;
    /// The move of the side to move in `turn.game`.
    fn play(&mut self, turn: &Turn<'_>) -> Result<Answer, Fault>;
    /// The game is over (`1-0` and the reason).
    fn game_over(&mut self, score: &str, reason: &str);
}

/// A game as far as it went.
#[derive(Clone, Debug)]
pub struct GameSoFar {
    /// The position before every move (the opening's start).
    pub start: Position,
    pub is_variant_start: bool,
    /// Every move from `start`, the opening's included.
    pub moves: Vec<FullMove>,
    /// The position now, with the moves in its history.
    pub pos: Position,
}

impl GameSoFar {
    /// A game at the end of its opening.
    pub fn from_opening(opening: &Opening) -> GameSoFar {
        GameSoFar {
            start: opening.start.clone(),
            is_variant_start: opening.is_variant_start,
            moves: opening.moves.clone(),
            pos: opening.position(),
        }
    }
}

/// What a contestant is told when it is to move.
#[derive(Debug)]
pub struct Turn<'a> {
    pub game: &'a GameSoFar,
    /// Its own time and its opponent's.
    pub own: Clock,
    pub other: Clock,
    /// How long the referee waits for an answer before calling the engine hung.
    pub patience: Duration,
}

/// A contestant's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    Move(FullMove),
    Resign,
}

/// Why a contestant forfeits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// It could not be started or did not finish its handshake.
    Startup(String),
    /// Its process ended or closed its output.
    Crashed(String),
    /// No answer within the referee's patience.
    Hung(Duration),
    /// A move that is not legal here (its text).
    Illegal(String),
    /// A line or move text that is not what the protocol allows.
    Malformed(String),
    /// It claimed a result the rules do not give (its line).
    FalseClaim(String),
    /// It called the opponent's legal move illegal (its line).
    Rejected(String),
    /// It took longer than its time.
    Time { used: Duration, allowed: Duration },
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Startup(why) => write!(f, "could not start: {why}"),
            Fault::Crashed(why) => write!(f, "crashed: {why}"),
            Fault::Hung(t) => write!(f, "hung: no answer in {:.1} s", t.as_secs_f64()),
            Fault::Illegal(m) => write!(f, "illegal move `{m}`"),
            Fault::Malformed(why) => write!(f, "malformed output: {why}"),
            Fault::FalseClaim(line) => write!(f, "false claim `{line}`"),
            Fault::Rejected(line) => write!(f, "rejected a legal move: `{line}`"),
            Fault::Time { used, allowed } => write!(
                f,
                "lost on time: {:.3} s used, {:.3} s allowed",
                used.as_secs_f64(),
                allowed.as_secs_f64()
            ),
        }
    }
}

impl Fault {
    /// The PGN `Termination` word.
    pub fn termination(&self) -> &'static str {
        match self {
            Fault::Time { .. } => "time forfeit",
            Fault::Startup(_) | Fault::Crashed(_) | Fault::Hung(_) => "abandoned",
            Fault::Illegal(_) | Fault::Malformed(_) | Fault::FalseClaim(_) | Fault::Rejected(_) => {
                "rules infraction"
            }
        }
    }

    /// Whether the engine's process must be restarted before its next game.
    pub fn needs_restart(&self) -> bool {
        !matches!(
            self,
            Fault::Time { .. } | Fault::Illegal(_) | Fault::FalseClaim(_)
        )
    }
}

/// A contestant's time, as the referee keeps it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Clock {
    pub control: Option<TimeControl>,
    /// Left on a clock (for a per-move control: the time a move).
    pub left: Duration,
}

impl Clock {
    pub fn new(control: Option<TimeControl>) -> Clock {
        let left = match control {
            Some(TimeControl::Clock { base, .. }) => base,
            Some(TimeControl::PerMove(t)) => t,
            None => Duration::ZERO,
        };
        Clock { control, left }
    }

    /// How long the next move may take; `None` when time does not bound it.
    pub fn allowance(&self) -> Option<Duration> {
        self.control.map(|_| self.left)
    }

    fn spend(&mut self, used: Duration) {
        if let Some(TimeControl::Clock { increment, .. }) = self.control {
            self.left = self.left.saturating_sub(used) + increment;
        }
    }
}

/// What the referee allows beyond the engines' own limits.
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    /// The game is drawn after this many plies (the opening's included).
    pub max_plies: Option<usize>,
    /// Beyond its time, how long an engine is waited for before it is called hung.
    pub margin: Duration,
    /// How long an engine that no time bounds (depth or node limits) is waited for.
    pub move_timeout: Duration,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Ending {
    /// By the variant's rules.
    Rules(GameResult),
    /// The side to move resigned.
    Resigned(Player),
    /// A side forfeited.
    Forfeit(Player, Fault),
    /// Drawn at the ply limit.
    PlyLimit(usize),
}

impl Ending {
    pub fn winner(&self) -> Option<Player> {
        match self {
            Ending::Rules(r) => r.winner,
            Ending::Resigned(p) | Ending::Forfeit(p, _) => Some(p.opponent()),
            Ending::PlyLimit(_) => None,
        }
    }

    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn score(&self) -> &'static str {
        match self.winner() {
            Some(Player::First) => "1-0",
            Some(Player::Second) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// The PGN `Termination` word.
    pub fn termination(&self) -> &'static str {
        match self {
            Ending::Rules(_) | Ending::Resigned(_) => "normal",
            Ending::Forfeit(_, f) => f.termination(),
            Ending::PlyLimit(_) => "adjudication",
        }
    }

    /// The reason in words; `names` are the first and second player's.
    pub fn describe(&self, names: &[String; 2]) -> String {
        let name = |p: &Player| &names[index(*p)];
        match self {
            Ending::Rules(r) => r.reason.describe().to_string(),
            Ending::Resigned(p) => format!("{} resigned", name(p)),
            Ending::Forfeit(p, f) => format!("{} forfeits: {f}", name(p)),
            Ending::PlyLimit(n) => format!("drawn at the limit of {n} plies"),
        }
    }
}

/// `0` for the first player, `1` for the second.
pub fn index(p: Player) -> usize {
    match p {
        Player::First => 0,
        Player::Second => 1,
    }
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct Played {
    pub game: GameSoFar,
    pub ending: Ending,
}

/// Plays `opening` to the end between `players` (first, second), each under its own time
/// control.
pub fn play_game(
    players: [&mut dyn Contestant; 2],
    controls: [Option<TimeControl>; 2],
    opening: &Opening,
    rules: &Rules,
) -> Played {
    let mut game = GameSoFar::from_opening(opening);
    let [first, second] = players;
    let mut players: [&mut dyn Contestant; 2] = [first, second];
    for (i, p) in players.iter_mut().enumerate() {
        if let Err(f) = p.new_game(&game, controls[i]) {
            let loser = if i == 0 {
                Player::First
            } else {
                Player::Second
            };
            return finish(players, game, Ending::Forfeit(loser, f));
        }
    }
    let mut clocks = controls.map(Clock::new);
    let ending = loop {
        let legal = game.pos.moves();
        if let Some(r) = game.pos.result_with(&legal) {
            break Ending::Rules(r);
        }
        if let Some(n) = rules.max_plies
            && game.moves.len() >= n
        {
            break Ending::PlyLimit(n);
        }
        let side = game.pos.side_to_move();
        let me = index(side);
        let allowance = clocks[me].allowance();
        let patience = allowance.map_or(rules.move_timeout, |a| a + rules.margin);
        let turn = Turn {
            game: &game,
            own: clocks[me],
            other: clocks[1 - me],
            patience,
        };
        let started = Instant::now();
        let answer = players[me].play(&turn);
        let used = started.elapsed();
        // The flag falls first: whatever came after the time is up does not count.
        match (allowance, &answer) {
            (_, Err(Fault::Hung(_) | Fault::Crashed(_))) => {}
            (Some(allowed), _) if used > allowed => {
                break Ending::Forfeit(side, Fault::Time { used, allowed });
            }
            (None, _) if used > patience => break Ending::Forfeit(side, Fault::Hung(used)),
            _ => {}
        }
        let m = match answer {
            Ok(Answer::Move(m)) => m,
            Ok(Answer::Resign) => break Ending::Resigned(side),
            Err(f) => break Ending::Forfeit(side, f),
        };
        if !legal.contains(&m) {
            let text = game.pos.move_text(&m);
            break Ending::Forfeit(side, Fault::Illegal(text));
        }
        clocks[me].spend(used);
        game.pos.make(&m);
        game.moves.push(m);
    };
    finish(players, game, ending)
}

fn finish(players: [&mut dyn Contestant; 2], game: GameSoFar, ending: Ending) -> Played {
    let names = [players[0].name(), players[1].name()];
    let reason = ending.describe(&names);
    for p in players {
        p.game_over(ending.score(), &reason);
    }
    Played { game, ending }
}
