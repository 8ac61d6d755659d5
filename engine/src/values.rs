//! Piece values for a variant nobody has tuned, estimated from the move tables alone: a piece is
//! put on every square of an empty board (its reach) and of a board full of enemies (its close
//! attack), and its destinations are weighted by direction (forward counts more than backward)
//! and distance (near squares, which a piece controls more firmly, count more than far ones).
//! A square a piece can take as the second victim of one move (a Lion's double capture)
//! counts in the close attack once more. A piece confined to a region (a palace) is measured
//! on the region's squares only, and a lame piece (one that must pass through an empty
//! square, as a Xiangqi Horse) on a full board whose squares it only passes through are empty.
//! Promotion adds a share of what the piece gains by promoting; royalty adds a fixed premium.
//! A piece's `value N` in the variant file replaces the estimate.

use std::sync::Arc;

use koma_runtime::spec::{PieceType, Player};
use koma_runtime::{MoveList, Position, Square, Tables};

/// Centipawns for one weighted destination: a piece that only steps forward is worth 100.
const UNIT: f64 = 100.0;
/// Share of the empty-board reach in the mobility figure (the rest is the close attack).
const REACH_SHARE: f64 = 0.7;
/// Weight of a destination more than two squares away.
const FAR_WEIGHT: f64 = 0.7;
/// Share of the promotion gain counted in the static value (the evaluation adds more as the
/// piece nears its zone).
const PROMOTION_SHARE: f64 = 0.04;
/// Premium of a royal piece over its mobility (losing one of several royals is serious).
pub const ROYAL_PREMIUM: i32 = 1000;

/// The estimate for one piece type.
#[derive(Clone, Debug, PartialEq)]
pub struct PieceValue {
    pub piece: PieceType,
    pub id: String,
    pub name: String,
    /// Average weighted destinations on an empty board.
    pub reach: f64,
    /// Average weighted capture targets on a board full of enemies.
    pub attack: f64,
    /// Centipawns the piece gains by promoting (best choice), 0 when it cannot.
    pub promotion_gain: i32,
    pub royal: bool,
    /// The value the engine uses, in centipawns (the designer's `value` when given).
    pub value: i32,
    /// The value came from the variant file.
    pub given: bool,
}

/// Estimates the value of every piece type of a variant.
pub fn estimate(tables: &Arc<Tables>) -> Vec<PieceValue> {
    let n = tables.piece_count();
    let filler = filler_type(tables);
    let mut mobility = Vec::with_capacity(n);
    for t in 0..n {
        let t = PieceType(t as u16);
        mobility.push(measure(tables, t, filler));
    }
    let base: Vec<f64> = mobility
        .iter()
        .map(|&(reach, attack)| UNIT * (REACH_SHARE * reach + (1.0 - REACH_SHARE) * attack))
        .collect();
    let mut out = Vec::with_capacity(n);
    for t in 0..n {
        let spec = &tables.spec().pieces[t];
        let gain = spec
            .promotions
            .iter()
            .map(|p| base[usize::from(p.0)] - base[t])
            .fold(0.0f64, f64::max);
        let royal = tables.is_royal(PieceType(t as u16));
        let mut value = base[t] + PROMOTION_SHARE * gain;
        if royal {
            value += f64::from(ROYAL_PREMIUM);
        }
        // The designer knows better.
        if let Some(v) = spec.value {
            value = f64::from(v);
        }
        out.push(PieceValue {
            piece: PieceType(t as u16),
            id: spec.id.clone(),
            name: spec.name.clone(),
            reach: mobility[t].0,
            attack: mobility[t].1,
            promotion_gain: gain.round() as i32,
            royal,
            value: value.round().max(1.0) as i32,
            given: spec.value.is_some(),
        });
    }
    out
}

/// The enemy used to fill the board: a plain piece that neither freezes nor burns, with the
/// lowest jump rank so that hoppers may leap it.
fn filler_type(tables: &Tables) -> PieceType {
    let rules = &tables.spec().rules;
    let special = |t: PieceType| {
        rules.freezing.iter().any(|f| f.freezers.contains(&t))
            || rules.burning.iter().any(|b| b.burners.contains(&t))
    };
    let rank = |t: PieceType| rules.jump_rank.get(usize::from(t.0)).copied().unwrap_or(0);
    (0..tables.piece_count())
        .map(|t| PieceType(t as u16))
        .filter(|&t| !tables.is_royal(t) && !special(t))
        .min_by_key(|&t| rank(t))
        .unwrap_or(PieceType(0))
}

/// The squares a first-player piece of type `t` may stand on: its region when it is confined
/// to one (a Xiangqi Advisor's palace), else the whole board. Its reach is averaged over
/// these: over the whole board, an Advisor that can stand on 5 squares of 90 came out at a
/// tenth of its worth.
fn standing_squares(tables: &Tables, t: PieceType) -> Vec<Square> {
    let geo = &tables.geo();
    let regions = &tables.spec().rules.regions;
    let region = regions
        .pieces
        .get(usize::from(t.0))
        .and_then(|p| p.confined)
        .and_then(|r| regions.regions.get(usize::from(r)));
    let inside: Vec<Square> = region.map_or_else(Vec::new, |r| {
        r.squares.iter().filter_map(|&c| geo.square_at(c)).collect()
    });
    if inside.is_empty() {
        geo.squares().collect()
    } else {
        inside
    }
}

/// Average weighted destinations of `t` on an empty board and capture targets on a full one.
fn measure(tables: &Arc<Tables>, t: PieceType, filler: PieceType) -> (f64, f64) {
    let geo = &tables.geo();
    let squares = standing_squares(tables, t);
    if squares.is_empty() {
        return (0.0, 0.0);
    }
    let mut empty = Position::empty(tables.clone());
    let mut full = Position::empty(tables.clone());
    for s in geo.squares() {
        full.put(s, Some((Player::Second, filler)));
    }
    let mut moves = MoveList::new();
    let mut seen = vec![false; geo.len()];
    let (mut reach, mut attack) = (0.0, 0.0);
    for &s in &squares {
        empty.put(s, Some((Player::First, t)));
        moves.clear();
        empty.piece_moves_unchecked(s, &mut moves);
        seen.iter_mut().for_each(|b| *b = false);
        for m in &moves {
            if m.to != s && !seen[m.to.index()] {
                seen[m.to.index()] = true;
                reach += weight(tables, s, m.to);
            }
        }
        empty.put(s, None);
        full.put(s, Some((Player::First, t)));
        attack += close_attack(tables, &mut full, &mut moves, s, &seen, filler);
        full.put(s, Some((Player::Second, filler)));
    }
    let n = squares.len() as f64;
    (reach / n, attack / n)
}

/// The weighted capture targets of the piece on `s` of a board full of enemies. A lame piece
/// (a Xiangqi Horse, whose first step must be to an empty square) takes nothing there, so the
/// neighbours of `s` that it neither reaches on an empty board (`destinations`) nor takes on
/// the full one, squares it can only pass through, are emptied, and the better count is
/// kept: a Knight, a slider or a hopper counts as before, a Horse as the Knight it nearly is.
fn close_attack(
    tables: &Arc<Tables>,
    full: &mut Position,
    moves: &mut MoveList,
    s: Square,
    destinations: &[bool],
    filler: PieceType,
) -> f64 {
    let (packed, taken) = captures(tables, full, moves, s);
    let geo = &tables.geo();
    let c = geo.coord(s);
    let passed: Vec<Square> = (-1..=1)
        .flat_map(|dx| (-1..=1).map(move |dy| (dx, dy)))
        .filter_map(|(dx, dy)| geo.square(i32::from(c.x) + dx, i32::from(c.y) + dy))
        .filter(|&n| n != s && !destinations[n.index()] && !taken[n.index()])
        .collect();
    if passed.is_empty() {
        return packed;
    }
    passed.iter().for_each(|&n| full.put(n, None));
    let spaced = captures(tables, full, moves, s).0;
    passed
        .iter()
        .for_each(|&n| full.put(n, Some((Player::Second, filler))));
    packed.max(spaced)
}

/// The weighted capture targets of the piece on `s` of `board`, and which squares it takes.
/// A square a move takes as the second victim (a Lion's double capture) counts once more,
/// as such a move threatens two pieces at once.
fn captures(
    tables: &Arc<Tables>,
    board: &Position,
    moves: &mut MoveList,
    s: Square,
) -> (f64, Vec<bool>) {
    let n = tables.geo().len();
    moves.clear();
    board.piece_moves_unchecked(s, moves);
    let mut seen = vec![false; n];
    let mut second = vec![false; n];
    let mut attack = 0.0;
    for m in moves.iter() {
        let dest = (m.to != s).then_some(m.to);
        for v in dest.into_iter().chain(m.side_captures().iter().copied()) {
            if v != s && !seen[v.index()] {
                seen[v.index()] = true;
                attack += weight(tables, s, v);
            }
        }
        let first = m.side_captures().iter().any(|&v| v != s && v != m.to);
        if first && m.to != s && !second[m.to.index()] {
            second[m.to.index()] = true;
            attack += weight(tables, s, m.to);
        }
    }
    (attack, seen)
}

/// Weight of a destination `to` for a first-player piece on `from`.
fn weight(tables: &Tables, from: Square, to: Square) -> f64 {
    let (a, b) = (tables.geo().coord(from), tables.geo().coord(to));
    let dy = i32::from(b.y) - i32::from(a.y);
    let dx = i32::from(b.x) - i32::from(a.x);
    let direction = match dy.signum() {
        1 => 1.0,
        0 => 0.8,
        _ => 0.6,
    };
    let distance = dx.abs().max(dy.abs());
    direction * if distance <= 2 { 1.0 } else { FAR_WEIGHT }
}
