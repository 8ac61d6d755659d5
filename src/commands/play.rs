//! `koma play`: a game against the engine in the terminal. The board is drawn as in
//! `koma diagram`; moves are typed in koma's move notation, and a move the text leaves open
//! (a Lion's capture on the way, a promotion choice) is asked for again with the choices listed.

use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

use koma_engine::{Limits, Score, Searcher};
use koma_runtime::Position;
use koma_runtime::moves::MoveError;
use koma_runtime::spec::{PieceType, Player};

use super::{CliError, CommandResult, load_tables, position};
use crate::args::PlayArgs;

pub fn play(args: &PlayArgs) -> CommandResult {
    let tables = load_tables(&args.file)?;
    let mut pos = position(tables, args.fen.as_deref())?;
    if !(args.engine_time > 0.0 && args.engine_time.is_finite()) {
        return Err(CliError::Usage(
            "--engine-time must be a positive number of seconds".into(),
        ));
    }
    let human = if args.second {
        Player::Second
    } else {
        Player::First
    };
    let mut searcher = Searcher::new(64);
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    println!(
        "koma: you play the {} player; type a move, `moves`, `undo` or `quit`",
        side(human)
    );
    // The text of each move played here, for "last move" (a move's text needs the position
    // before it).
    let mut played: Vec<String> = Vec::new();
    loop {
        print!("{}", board(&pos, played.last().map(String::as_str)));
        let moves = pos.moves();
        if let Some(r) = pos.result_with(&moves) {
            let winner = match r.winner {
                Some(p) if p == human => "you win",
                Some(_) => "koma wins",
                None => "a draw",
            };
            println!("result {} ({:?}): {winner}", r.score(), r.reason);
            return Ok(ExitCode::SUCCESS);
        }
        if pos.side_to_move() != human {
            engine_move(&mut searcher, &mut pos, args.engine_time, &mut played)?;
            continue;
        }
        print!("your move> ");
        let _ = std::io::stdout().flush();
        let Some(Ok(line)) = lines.next() else {
            println!();
            return Ok(ExitCode::SUCCESS);
        };
        if !human_command(line.trim(), &mut pos, human, &mut played) {
            return Ok(ExitCode::SUCCESS);
        }
    }
}

/// The engine searches for `seconds` and plays its move.
fn engine_move(
    searcher: &mut Searcher,
    pos: &mut Position,
    seconds: f64,
    played: &mut Vec<String>,
) -> Result<(), CliError> {
    let limits = Limits {
        movetime: Some(koma_engine::time::clamped(seconds)),
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    let result = searcher.search(pos, &limits, &stop, &mut |_| {});
    let Some(best) = result.best else {
        return Err(CliError::Failed("the engine found no move".into()));
    };
    let score = match result.score {
        Score::Centipawns(c) => format!("{c:+}"),
        Score::Mate(n) => format!("mate {n}"),
    };
    println!(
        "koma plays {} (depth {}, score {score})",
        pos.move_text(&best),
        result.depth
    );
    played.push(pos.move_text(&best));
    pos.make(&best);
    Ok(())
}

/// Does what the player typed: a move, `moves`, `undo`; false for `quit` or `resign`.
fn human_command(text: &str, pos: &mut Position, human: Player, played: &mut Vec<String>) -> bool {
    match text {
        "" => {}
        "quit" | "resign" => return false,
        "moves" => {
            let texts: Vec<String> = pos.moves().iter().map(|m| pos.move_text(m)).collect();
            println!("{}", texts.join(" "));
        }
        "undo" => {
            // Back to the human's previous turn.
            let mut undone = 0;
            while pos.last_move().is_some() && (undone == 0 || pos.side_to_move() != human) {
                pos.unmake();
                played.pop();
                undone += 1;
            }
            if undone == 0 {
                println!("nothing to undo");
            }
        }
        text => match pos.parse_move(text) {
            Ok(m) => {
                played.push(pos.move_text(&m));
                pos.make(&m);
            }
            Err(MoveError::Ambiguous { choices }) => println!(
                "`{text}` can mean several moves; type one of `{}`",
                choices.join("`, `")
            ),
            Err(e) => println!("{e}"),
        },
    }
    true
}

fn side(p: Player) -> &'static str {
    match p {
        Player::First => "first",
        Player::Second => "second",
    }
}

/// The board as text: file letters above and below, rank numbers on both sides, the first
/// player's pieces in upper case, the second player's in lower case; the last move's squares
/// in brackets and named below the board with "check" when it gave one; in a drop game both
/// hands (the second player's above the board, the first player's below).
fn board(pos: &Position, last: Option<&str>) -> String {
    let t = pos.tables();
    let geo = &t.geo();
    let cell = t
        .spec()
        .pieces
        .iter()
        .map(|p| p.id.len())
        .max()
        .unwrap_or(1);
    let (file_labels, rank_labels) = geo
        .names
        .edge_labels(geo.width, geo.height, |c| geo.square_at(c).is_some());
    let label = rank_labels.iter().map(String::len).max().unwrap_or(1);
    let letters: String = file_labels.iter().map(|f| format!(" {f:>cell$}")).collect();
    let marked: Vec<_> = pos
        .last_move()
        .map(|m| {
            if pos.is_pass(&m) {
                vec![]
            } else {
                vec![m.from, m.to]
            }
        })
        .unwrap_or_default();
    let mut out = String::new();
    if pos.has_hands() {
        out.push_str(&format!("second hand: {}\n", hand(pos, Player::Second)));
    }
    out.push_str(&format!("{:label$}{letters}\n", ""));
    for y in (0..i32::from(geo.height)).rev() {
        let rank = &rank_labels[y as usize];
        // The character before each cell, and one after the last: `[` and `]` around a marked
        // square, `|` between two marked neighbours.
        let mut seps = vec![' '; usize::from(geo.width) + 1];
        let mut cells = String::new();
        for x in 0..i32::from(geo.width) {
            let sq = geo.square(x, y);
            if sq.is_some_and(|s| marked.contains(&s)) {
                let i = x as usize;
                seps[i] = if seps[i] == ']' { '|' } else { '[' };
                seps[i + 1] = ']';
            }
            let text = match sq {
                None => " ".to_string(),
                Some(s) if pos.is_vanished(s) => " ".to_string(),
                Some(s) => match pos.piece_at(s) {
                    None => "·".to_string(),
                    Some((p, ty)) => piece_letters(&t.spec().pieces[usize::from(ty.0)].id, p),
                },
            };
            cells.push_str(&format!("{text:>cell$}\0"));
        }
        let mut row = format!("{rank:>label$}");
        for (x, text) in cells.split_terminator('\0').enumerate() {
            row.push(seps[x]);
            row.push_str(text);
        }
        row.push(seps[usize::from(geo.width)]);
        out.push_str(&format!("{row}{rank}\n"));
    }
    out.push_str(&format!("{:label$}{letters}\n", ""));
    if pos.has_hands() {
        out.push_str(&format!("first hand: {}\n", hand(pos, Player::First)));
    }
    if let Some(text) = last {
        let check = if pos.in_check() { ", check" } else { "" };
        out.push_str(&format!("last move: {text}{check}\n"));
    } else if pos.in_check() {
        out.push_str("check\n");
    }
    out.push_str(&format!("{} to move\n", side(pos.side_to_move())));
    out
}

/// A piece's letters: upper case for the first player, lower case for the second.
fn piece_letters(id: &str, player: Player) -> String {
    match player {
        Player::First => id.to_ascii_uppercase(),
        Player::Second => id.to_ascii_lowercase(),
    }
}

/// A player's hand: each piece type held with its count (`P x2, N`), or `-` when empty.
fn hand(pos: &Position, player: Player) -> String {
    let pieces = &pos.tables().spec().pieces;
    let held: Vec<String> = (0..pieces.len())
        .filter_map(|i| {
            let n = pos.hand_count(player, PieceType(i as u16));
            let id = piece_letters(&pieces[i].id, player);
            match n {
                0 => None,
                1 => Some(id),
                _ => Some(format!("{id} x{n}")),
            }
        })
        .collect();
    if held.is_empty() {
        "-".to_string()
    } else {
        held.join(", ")
    }
}
