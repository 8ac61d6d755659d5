//! `koma moves`: the legal moves of a position, as text (one per line) or JSON.

use std::process::ExitCode;

use koma_runtime::result::GameResult;
use koma_runtime::spec::Player;
use koma_runtime::{FullMove, Position};
use serde_json::{Value, json};

use super::CommandResult;
use super::{load_tables, play_moves, start_or_position};
use crate::args::{MovesArgs, MovesFormat};

pub fn moves(args: &MovesArgs) -> CommandResult {
    let tables = load_tables(&args.file)?;
    let mut pos = start_or_position(tables, args.start, args.fen.as_deref())?;
    if let Some(list) = &args.play {
        play_moves(&mut pos, list)?;
    }
    let moves = pos.moves();
    let result = pos.result_with(&moves);
    match args.format {
        MovesFormat::Text => {
            if args.play.is_some() {
                crate::output::outln!("position {}", pos.to_text());
            }
            for m in &moves {
                crate::output::outln!("{}", pos.move_text(m));
            }
            if let Some(r) = result {
                crate::output::outln!("result {} ({})", r.score(), reason(&r));
            }
        }
        MovesFormat::Json => {
            let list: Vec<Value> = moves.iter().map(|m| move_json(&pos, m)).collect();
            let document = json!({
                "position": pos.to_text(),
                "side": side(pos.side_to_move()),
                "moves": list,
                "result": result.map(|r| json!({
                    "winner": r.winner.map(side),
                    "reason": reason(&r),
                    "score": r.score(),
                })),
            });
            crate::output::outln!(
                "{}",
                serde_json::to_string_pretty(&document).unwrap_or_default()
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn side(p: Player) -> &'static str {
    match p {
        Player::First => "first",
        Player::Second => "second",
    }
}

fn reason(r: &GameResult) -> String {
    format!("{:?}", r.reason).to_lowercase()
}

/// One move: `from`, `to`, `captures` (every removed square, the destination included), and
/// the move's text, piece, promotion and kind; `burns` lists the captures that are burns, `wall`
/// the square of the blocker the move puts down, `gate` the piece a gating move brings from the
/// hand and the square it fills.
fn move_json(pos: &Position, m: &FullMove) -> Value {
    let t = pos.tables();
    let geo = &t.geo();
    let id = |ty: koma_runtime::spec::PieceType| t.spec().pieces[usize::from(ty.0)].id.clone();
    let captures: Vec<String> = pos
        .removed_squares(m)
        .iter()
        .map(|&s| geo.name(s))
        .collect();
    let mut v = json!({
        "text": pos.move_text(m),
        "from": geo.name(m.from),
        "to": geo.name(m.to),
        "captures": captures,
        "piece": pos.moving_piece(m).map(id),
        "promotion": m.promotion().map(id),
        "kind": pos.move_kind_name(m),
    });
    if let Some((a, b)) = m.castling_partner() {
        v["partner"] = json!({ "from": geo.name(a), "to": geo.name(b) });
    }
    if let Some(u) = m.unload_square() {
        v["unload"] = json!(geo.name(u));
    }
    if let Some((ty, at)) = m.gate() {
        v["gate"] = json!({ "piece": id(ty), "square": geo.name(at) });
    }
    let burns: Vec<String> = m.burns().map(|s| geo.name(s)).collect();
    if !burns.is_empty() {
        v["burns"] = json!(burns);
    }
    if let Some(w) = m.wall() {
        v["wall"] = json!(geo.name(w));
    }
    v
}
