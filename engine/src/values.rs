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
    estimate_with_reach(tables).values
}

/// The value estimates, and what the evaluation's mobility term reads from the same boards.
#[derive(Clone, Debug)]
pub struct Estimate {
    /// Per type, as [`estimate`] gives them.
    pub values: Vec<PieceValue>,
    /// Per type and square: the destinations of a first-player piece there on an empty board
    /// (every square of the board, also for a piece confined to a region).
    pub reach: Vec<Vec<f64>>,
}

/// Estimates the value of every piece type of a variant ([`estimate`]), with each type's
/// reach square by square, counted from the moves the estimate generates anyway.
pub fn estimate_with_reach(tables: &Arc<Tables>) -> Estimate {
    let n = tables.piece_count();
    let mut boards = Boards::new(tables);
    let mut mobility = Vec::with_capacity(n);
    let mut reach = Vec::with_capacity(n);
    for t in 0..n {
        let t = PieceType(t as u16);
        let mut row = vec![0.0; tables.geo().len()];
        mobility.push(measure(tables, t, &mut boards, &mut row));
        reach.push(row);
    }
    let values = piece_values(tables, &mobility);
    Estimate { values, reach }
}

/// The values from each type's mobility (reach, close attack).
fn piece_values(tables: &Tables, mobility: &[(f64, f64)]) -> Vec<PieceValue> {
    let n = tables.piece_count();
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

/// The boards a piece is measured on, kept for every type: each measure puts its piece on a
/// square and takes it off again, so the boards are as new for the next.
struct Boards {
    empty: Position,
    /// The board full of enemies ([`filler_type`]).
    full: Position,
    filler: PieceType,
    moves: MoveList,
    /// Per square: reached on the empty board; taken on the full one (and as a second
    /// victim); taken on the full one with the squares passed through emptied.
    reached: Vec<bool>,
    taken: Vec<bool>,
    second: Vec<bool>,
    spare: Vec<bool>,
}

impl Boards {
    fn new(tables: &Arc<Tables>) -> Boards {
        let filler = filler_type(tables);
        let mut full = Position::empty(tables.clone());
        for s in tables.geo().squares() {
            full.put(s, Some((Player::Second, filler)));
        }
        let n = tables.geo().len();
        Boards {
            empty: Position::empty(tables.clone()),
            full,
            filler,
            moves: MoveList::new(),
            reached: vec![false; n],
            taken: vec![false; n],
            second: vec![false; n],
            spare: vec![false; n],
        }
    }
}

/// Average weighted destinations of `t` on an empty board and capture targets on a full one;
/// `row` gets its destinations on an empty board from every square ([`Estimate::reach`]).
fn measure(tables: &Arc<Tables>, t: PieceType, b: &mut Boards, row: &mut [f64]) -> (f64, f64) {
    let squares = standing_squares(tables, t);
    let whole_board = squares.len() == tables.geo().len();
    if !whole_board {
        for s in tables.geo().squares() {
            row[s.index()] = destinations(tables, t, b, s, &mut 0.0);
        }
    }
    if squares.is_empty() {
        return (0.0, 0.0);
    }
    let (mut reach, mut attack) = (0.0, 0.0);
    for &s in &squares {
        let count = destinations(tables, t, b, s, &mut reach);
        if whole_board {
            row[s.index()] = count;
        }
        b.full.put(s, Some((Player::First, t)));
        attack += close_attack(tables, b, s);
        b.full.put(s, Some((Player::Second, b.filler)));
    }
    let n = squares.len() as f64;
    (reach / n, attack / n)
}

/// The destinations of `t` on `s` of the empty board, which [`Boards::reached`] then marks:
/// their count, and their weights added to `weighted` one by one (the estimate's sums, to the
/// last bit, as they always were).
fn destinations(
    tables: &Tables,
    t: PieceType,
    b: &mut Boards,
    s: Square,
    weighted: &mut f64,
) -> f64 {
    b.empty.put(s, Some((Player::First, t)));
    b.moves.clear();
    b.empty.piece_moves_unchecked(s, &mut b.moves);
    b.empty.put(s, None);
    b.reached.fill(false);
    let mut count = 0.0;
    for m in &b.moves {
        if m.to != s && !b.reached[m.to.index()] {
            b.reached[m.to.index()] = true;
            *weighted += weight(tables, s, m.to);
            count += 1.0;
        }
    }
    count
}

/// The weighted capture targets of the piece on `s` of a board full of enemies. A lame piece
/// (a Xiangqi Horse, whose first step must be to an empty square) takes nothing there, so the
/// neighbours of `s` that it neither reaches on an empty board ([`Boards::reached`]) nor
/// takes on the full one, squares it can only pass through, are emptied, and the better
/// count is kept: a Knight, a slider or a hopper counts as before, a Horse as the Knight it
/// nearly is.
fn close_attack(tables: &Tables, b: &mut Boards, s: Square) -> f64 {
    let packed = captures(
        tables,
        &b.full,
        &mut b.moves,
        s,
        &mut b.taken,
        &mut b.second,
    );
    let geo = &tables.geo();
    let c = geo.coord(s);
    let (mut passed, mut k) = ([s; 8], 0);
    for dx in -1..=1 {
        for dy in -1..=1 {
            let n = geo.square(i32::from(c.x) + dx, i32::from(c.y) + dy);
            if let Some(n) = n.filter(|&n| n != s && !b.reached[n.index()] && !b.taken[n.index()]) {
                passed[k] = n;
                k += 1;
            }
        }
    }
    if k == 0 {
        return packed;
    }
    let passed = &passed[..k];
    passed.iter().for_each(|&n| b.full.put(n, None));
    let spaced = captures(
        tables,
        &b.full,
        &mut b.moves,
        s,
        &mut b.spare,
        &mut b.second,
    );
    passed
        .iter()
        .for_each(|&n| b.full.put(n, Some((Player::Second, b.filler))));
    packed.max(spaced)
}

/// The weighted capture targets of the piece on `s` of `board`, marking in `seen` the squares
/// it takes (`second`: scratch). A square a move takes as the second victim (a Lion's double
/// capture) counts once more, as such a move threatens two pieces at once.
fn captures(
    tables: &Tables,
    board: &Position,
    moves: &mut MoveList,
    s: Square,
    seen: &mut [bool],
    second: &mut [bool],
) -> f64 {
    moves.clear();
    board.piece_moves_unchecked(s, moves);
    seen.fill(false);
    second.fill(false);
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
    attack
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
