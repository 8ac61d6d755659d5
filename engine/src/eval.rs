//! Static evaluation, a weighted sum of terms that each know the game only through its move
//! tables and rules (no term is keyed on a variant):
//!
//! - material, from [`crate::values`] (or learned by `koma tune`, or the file's `value N`);
//! - square terms, one table per piece, player and square: centralisation, mobility (the
//!   piece's reach from that square on an empty board), the advance of forward-only pieces,
//!   promotion potential near the zone, a royal that stays home. The score is a sum over
//!   squares, so a move changes it only on the squares it touches and the search updates it
//!   incrementally ([`Evaluator::touched`]);
//! - terms that change with the game's phase (the enemy's big pieces left), from per-player
//!   sums the search updates as it does the square terms ([`Sums`]): the promotion potential
//!   and advance of forward-only pieces (pawns, lances) count a quarter while the enemy keeps
//!   all its big pieces and fully once they are gone, so that the pawns in front of a royal
//!   do not storm forward in the middlegame; a royal's stay at home counts fully while they
//!   are all there and not once they are gone, so that it walks out in the endgame only, and
//!   its place in the centre the other way round, so that it walks up then;
//! - pieces in hand at their value plus a drop's tempo ([`Evaluator::hands`]);
//! - royal safety in checkmate games, computed at each node ([`Evaluator::relative`]): enemy
//!   pieces near a royal, open lines towards it, and empty squares next to it while the enemy
//!   holds pieces to drop there.
//!
//! Every term beyond material has a weight in [`Weights`]; [`Evaluator::features`] gives a
//! position's raw terms so that the tuner (`crate::tune`) can learn the weights and values.

use std::collections::VecDeque;
use std::sync::Arc;

use koma_runtime::geometry::Geometry;
use koma_runtime::moves::MAX_CAPTURES;
use koma_runtime::spec::{EVAL_TERMS, PieceType, Player, WinCondition};
use koma_runtime::{MoveKind, MoveList, MoveRef, Position, Square, Tables};

use crate::values::{Estimate, PieceValue, estimate_with_reach};

/// A term of the evaluation beyond material. Its raw value for a position is
/// [`Features::terms`]; its weight turns that into centipawns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Term {
    /// Non-royal pieces near the centre (bigger pieces a little more); royals too, as the
    /// enemy's big pieces go.
    Centre,
    /// A royal's distance from its home rank (checkmate games more than others).
    RoyalHome,
    /// Hundreds of centipawns of promotion gain, times nearness to the zone squared.
    Promotion,
    /// Destinations a piece reaches from its square on an empty board, over its average.
    Mobility,
    /// A forward-only piece's advance, 0 on the first rank to 1 on the last.
    Advance,
    /// Hundreds of centipawns in hand: a piece in hand can be dropped where it is needed.
    HandTempo,
    /// Enemy pieces within two squares of a royal (checkmate games), negated.
    RoyalAttackers,
    /// Empty squares on the eight lines from a royal (at most 4 each, over 4), negated.
    RoyalOpen,
    /// Empty squares next to a royal times the enemy's pieces in hand (at most 4), over 8,
    /// negated.
    HandThreat,
    /// Friendly pieces next to a royal (checkmate games): its shelter.
    RoyalShelter,
}

/// Every term, in the order of [`Weights`] and [`Features::terms`].
pub const TERMS: [Term; 10] = [
    Term::Centre,
    Term::RoyalHome,
    Term::Promotion,
    Term::Mobility,
    Term::Advance,
    Term::HandTempo,
    Term::RoyalAttackers,
    Term::RoyalOpen,
    Term::HandThreat,
    Term::RoyalShelter,
];

const _: () = assert!(TERMS.len() == EVAL_TERMS.len());

/// The terms that live in the per-square tables (the first of [`TERMS`]).
pub const SQUARE_TERMS: usize = 5;

/// The share, in thousandths, of a forward-only piece's promotion potential and advance that
/// counts while the enemy keeps all its big pieces; it grows to the whole as they go. A pawn
/// pushed in the middlegame is a weakness more than a future queen (koma pushed the pawns in
/// front of its own King at full weight and lost to Fairy-Max by it).
pub const EARLY_SHARE: i32 = 250;

/// The square terms of forward-only pieces that are tapered by [`EARLY_SHARE`].
const TAPERED_TERMS: [Term; 2] = [Term::Promotion, Term::Advance];

/// Which part of a square term counts, by the game's phase.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// Always the whole.
    Always,
    /// Grows as the enemy's big pieces go ([`EARLY_SHARE`] to the whole).
    Rising,
    /// Shrinks as the enemy's big pieces go (the whole to nothing).
    Fading,
    /// Grows as the enemy's big pieces go (nothing to the whole): held as the whole that
    /// always counts less a fading copy of it, so it needs no table of its own.
    Late,
}

/// The phase of `term` for a piece: forward-only pieces' promotion and advance rise, a
/// royal's stay at home fades and its place in the centre comes in as the enemy's big
/// pieces go (an endgame royal is a fighting piece: in Shatranj koma kept its Shah on the
/// edge while ShaMax's walked up and took its last Fers).
fn phase_of(term: Term, value: &PieceValue, forward: bool) -> Phase {
    if forward && TAPERED_TERMS.contains(&term) {
        Phase::Rising
    } else if value.royal && term == Term::RoyalHome {
        Phase::Fading
    } else if value.royal && term == Term::Centre {
        Phase::Late
    } else {
        Phase::Always
    }
}

impl Term {
    /// The name in `koma tune` reports and `koma match --engine koma:w.NAME=N`.
    /// The names are the runtime's list of the terms a variant file may weigh
    /// (`weight TERM N`), in the same order.
    pub fn name(self) -> &'static str {
        EVAL_TERMS[self.index()]
    }

    /// The term of that name.
    pub fn named(name: &str) -> Option<Term> {
        TERMS.into_iter().find(|t| t.name() == name)
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// Centipawns per unit of each term's raw value, indexed by [`Term`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights(pub [i32; TERMS.len()]);

impl Weights {
    /// The evaluation before the mobility, advance, hand and royal-safety terms came (kept
    /// for A/B matches: `koma match --engine koma:eval=base`).
    pub const BASE: Weights = Weights([30, 40, 30, 0, 0, 0, 0, 0, 0, 0]);
    /// The weights the engine plays with (docs/engine.md says how each was measured).
    pub const DEFAULT: Weights = Weights([30, 40, 30, 2, 20, 10, 12, 10, 20, 0]);

    /// The weights a game plays with: the defaults, with the variant file's `weight TERM N`
    /// lines in their place.
    pub fn of_game(tables: &Tables) -> Weights {
        let mut weights = Weights::DEFAULT;
        for (name, weight) in &tables.spec().rules.weights {
            if let Some(term) = Term::named(name) {
                weights.set(term, *weight);
            }
        }
        weights
    }

    pub fn get(&self, t: Term) -> i32 {
        self.0[t.index()]
    }

    pub fn set(&mut self, t: Term, weight: i32) {
        self.0[t.index()] = weight;
    }
}

impl Default for Weights {
    fn default() -> Weights {
        Weights::DEFAULT
    }
}

/// Which weights an engine plays with: the game's ([`Weights::of_game`]) unless a whole set
/// is given, then single terms changed (`koma match --engine koma:eval=base,w.TERM=N`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WeightChoice {
    /// A whole set in place of the game's.
    pub base: Option<Weights>,
    /// Terms given a weight of their own, applied last.
    pub changes: Vec<(Term, i32)>,
}

impl WeightChoice {
    /// The weights this choice gives in the game of `tables`.
    pub fn resolve(&self, tables: &Tables) -> Weights {
        let mut weights = self.base.unwrap_or_else(|| Weights::of_game(tables));
        for &(term, weight) in &self.changes {
            weights.set(term, weight);
        }
        weights
    }
}

/// A position's evaluation taken apart, from the first player's point of view: the
/// evaluation is about `Σ value[t] * material[t] + Σ weight[k] * terms[k]` (up to rounding).
#[derive(Clone, Debug, PartialEq)]
pub struct Features {
    /// Per piece type: the first player's pieces on the board and in hand, less the second's.
    pub material: Vec<i32>,
    /// Per [`Term`], its raw value.
    pub terms: [f64; TERMS.len()],
    /// Per piece type: its pieces of both players on the board and in hand.
    pub pieces: Vec<u32>,
    /// Per piece type: the square terms of its pieces on the board, each from its own
    /// player's point of view (where the pieces of the type stood).
    pub placed: Vec<[f64; SQUARE_TERMS]>,
}

/// The parts of the evaluation that are sums over the pieces on the board and in hand, so that
/// a move changes them only on the squares it touches: the search keeps them up to date move
/// by move instead of looking at every piece at every node.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sums {
    /// Per player, what its pieces on the board and in hand add ([`SquareSums`]): its share
    /// of the material, the square terms that always count and the hands (the two shares'
    /// sum, signed for the first player, is [`Sums::fixed`]), its rising and fading square
    /// terms ([`Phase`], signed for the first player), and the worth of its big pieces (0
    /// when no term tapers). One player's four in a row: a piece's square adds them at once.
    sides: [SquareSums; 2],
    /// Per player: its pieces in hand (0 without drops), so that the royal safety reads the
    /// threat of drops without a pass over the hands at every evaluation.
    held: [i32; 2],
}

impl Sums {
    /// Material, the square terms that always count, and the hands, signed for the first
    /// player.
    #[inline(always)]
    pub fn fixed(&self) -> i32 {
        self.sides[0].fixed + self.sides[1].fixed
    }

    fn zip(self, other: Sums, f: impl Fn(i32, i32) -> i32) -> Sums {
        let pair = |a: [i32; 2], b: [i32; 2]| [f(a[0], b[0]), f(a[1], b[1])];
        let side = |p: usize| self.sides[p].zip(&other.sides[p], &f);
        Sums {
            sides: [side(0), side(1)],
            held: pair(self.held, other.held),
        }
    }
}

impl std::ops::Add for Sums {
    type Output = Sums;
    #[inline]
    fn add(self, other: Sums) -> Sums {
        self.zip(other, |a, b| a + b)
    }
}

impl std::iter::Sum for Sums {
    fn sum<I: Iterator<Item = Sums>>(iter: I) -> Sums {
        iter.fold(Sums::default(), |a, b| a + b)
    }
}

/// What the piece of one player and type on one square adds to the [`Sums`]: `fixed` to
/// `Sums::fixed`, the others to its player's entries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C, align(16))]
struct SquareSums {
    fixed: i32,
    rising: i32,
    fading: i32,
    big: i32,
}

impl SquareSums {
    /// Each of the four of `self` and `other` folded by `f` (a vector operation).
    #[inline(always)]
    fn zip(&self, other: &SquareSums, f: impl Fn(i32, i32) -> i32) -> SquareSums {
        SquareSums {
            fixed: f(self.fixed, other.fixed),
            rising: f(self.rising, other.rising),
            fading: f(self.fading, other.fading),
            big: f(self.big, other.big),
        }
    }
}

/// The royal danger last counted for each player's lone royal, with what it was counted from
/// ([`Evaluator::relative_memo`]): a search keeps one per ply, and a node reads its parent's
/// (one move away: most moves land far from a royal) before its own.
#[derive(Clone, Debug, Default)]
pub struct DangerMemo {
    entries: [DangerSeen; 2],
}

/// The memos a node's royal danger is read back from and kept in: its parent's, if any, and
/// its own ([`DangerMemo`]).
struct Memos<'a> {
    parent: Option<&'a DangerMemo>,
    own: &'a mut DangerMemo,
}

impl DangerMemo {
    /// Forgets every count (for a search with another evaluation).
    pub fn clear(&mut self) {
        self.entries = Default::default();
    }
}

/// The words of a board's squares a [`DangerMemo`] keeps (boards of 65 to 256 squares; a larger
/// board counts its royal danger at every evaluation, a smaller one counts a lone royal's from
/// its occupancy word at once, [`Evaluator::cell_danger`]).
const MEMO_WORDS: usize = 4;

#[derive(Clone, Debug, Default)]
struct DangerSeen {
    /// The royal's square index plus one (0: nothing counted yet).
    royal: usize,
    in_hand: i32,
    /// The pieces of the royal's side, then of its enemy, on the royal's zone, as bits.
    seen: [[u64; MEMO_WORDS]; 2],
    danger: [i32; 4],
}

/// The evaluation tables of one variant.
#[derive(Debug)]
pub struct Evaluator {
    tables: Arc<Tables>,
    weights: Weights,
    values: Vec<PieceValue>,
    /// The square terms' raw values, `raw[((term * 2 + player) * ntypes + type) * nsq + sq]`,
    /// signed for the first player.
    raw: Vec<f32>,
    /// Per piece and square, `squares[(type * 2 + player) * nsq + sq]`, what it adds to
    /// the incremental sums, together so that a square costs one load: material plus the
    /// weighted square terms, the square terms that rise and fade with the game's phase
    /// ([`Phase`]; weighted, added at each node at the share the enemy's big pieces give,
    /// [`Evaluator::tapered`]), all signed for the first player, and its type's `big_value`.
    squares: Vec<SquareSums>,
    /// Per type: its value when it is big (counts in the game's phase), else 0.
    big_value: Vec<i32>,
    /// The big pieces' worth of the stronger side at the start; 0: no taper.
    start_big: i32,
    /// [`Evaluator::shares`]' share of one side per enemy big worth `0..=start_big`, where
    /// that is at most [`SHARE_TABLE_MAX`] (empty otherwise): a node's taper reads it instead
    /// of dividing.
    share_table: Vec<[u16; 2]>,
    /// Some piece has a tapered term: [`Evaluator::tapered`] has work to do.
    taper: bool,
    /// Per type: every move goes forward (pawns, lances, shogi knights).
    forward: Vec<bool>,
    /// Per type: its value in hand (material plus the drop's tempo).
    hand_value: Vec<i32>,
    ntypes: usize,
    nsq: usize,
    /// Pieces can be in hand: [`Evaluator::hands`] has work to do.
    drops: bool,
    /// Royal safety counts (a checkmate game with a royal-safety weight set).
    safety: bool,
    /// The royal's own pieces next to it are counted ([`Evaluator::shelter_counts`]).
    shelter: bool,
    /// Per square: how many squares are one step away.
    near_one: Vec<usize>,
    /// Per square and direction (`sq * 8 + dir`): up to 4 squares along the line.
    lines: Vec<Line>,
    /// King-step distances on a board of up to 64 squares ([`distances`]).
    distance: Vec<u8>,
    /// Per square, the squares whose pieces the royal danger of a royal there counts (within
    /// two steps, and its lines) as bits, `words` words a square ([`DangerMemo`]).
    zone: Vec<u64>,
    words: usize,
    /// On a board of up to 64 squares, per square: the squares one step and up to two steps
    /// away as bits (what the runtime's `pieces_near` counts, without its general words).
    near_masks: Vec<[u64; 2]>,
    /// On a board of up to 64 squares whose lines split into at most 4 running up the square
    /// indices and 4 down, per square: what a lone royal's danger there reads ([`RoyalCell`]);
    /// else empty.
    royal_cells: Vec<RoyalCell>,
    /// Per count `o` of empty squares on a lone royal's lines (at most 32 on a [`RoyalCell`]),
    /// its weighed term `RoyalOpen * o / 4`: a load instead of a multiply and a division.
    open_weighed: [i32; 64],
    /// Per type: worth more than a pawn-like piece and not royal (null-move pruning's guard
    /// against zugzwang).
    big: Vec<bool>,
    /// Per type: the piece can pass (move and come back, or stay by rule).
    passers: Vec<bool>,
    /// The largest gain of a promotion in the variant.
    max_promotion_gain: i32,
    /// The piece types, most valuable first.
    by_value: Vec<PieceType>,
    /// Plies of the game's move-count draw (`draw moves N`: 2N), 0 without one
    /// ([`Evaluator::progress_scaled`]).
    limit_plies: i32,
    /// Per player and square (`player * nsq + square`), in a game with royals: king steps to
    /// the edge of the area the player's royal may stand on ([`Evaluator::mop_up`]); empty
    /// otherwise.
    edge: Vec<u8>,
    /// The search adds the endgame technique ([`Evaluator::with_technique`]).
    technique: bool,
}

/// Centipawns a step of the lone-ish enemy royal towards the edge, and a step of the royals
/// towards each other, are worth to the side well ahead in an endgame ([`Evaluator::mop_up`]).
const MOP_UP_EDGE: i32 = 20;
const MOP_UP_CLOSE: i32 = 8;
/// The lead, in centipawns, from which the side ahead drives the enemy royal.
const MOP_UP_LEAD: i32 = 200;

impl Evaluator {
    /// The evaluation of a variant with the game's weights ([`Weights::of_game`]).
    pub fn new(tables: &Arc<Tables>) -> Evaluator {
        Evaluator::with_weights(tables, Weights::of_game(tables))
    }

    /// The evaluation of a variant with the given weights.
    // long: one field per table the evaluation keeps, each built by its own function.
    pub fn with_weights(tables: &Arc<Tables>, weights: Weights) -> Evaluator {
        let Estimate { values, reach } = estimate_with_reach(tables);
        let ntypes = tables.piece_count();
        let nsq = tables.geo().len();
        let spec = &tables.spec();
        let checkmate = spec.rules.royals.win == WinCondition::Checkmate;
        let forward = forward_only(tables);
        let raw = square_terms(tables, &values, &reach, checkmate, &forward);
        let [table, rising, fading] = weighted_tables(&raw, &values, &weights, &forward, nsq);
        let taper = rising.iter().chain(&fading).any(|&v| v != 0);
        let hand_value = values
            .iter()
            .map(|v| v.value + v.value * weights.get(Term::HandTempo) / 100)
            .collect();
        let smallest = values
            .iter()
            .filter(|v| !v.royal)
            .map(|v| v.value)
            .min()
            .unwrap_or(0);
        let big: Vec<bool> = values
            .iter()
            .map(|v| !v.royal && 2 * v.value > 3 * smallest)
            .collect();
        let big_value: Vec<i32> = values
            .iter()
            .zip(&big)
            .map(|(v, &b)| if b { v.value } else { 0 })
            .collect();
        let squares = square_sums_table([&table, &rising, &fading], &big_value, ntypes, nsq);
        let max_promotion_gain = values
            .iter()
            .map(|v| v.promotion_gain.max(0))
            .max()
            .unwrap_or(0);
        let safety = checkmate
            && [
                Term::RoyalAttackers,
                Term::RoyalOpen,
                Term::HandThreat,
                Term::RoyalShelter,
            ]
            .iter()
            .any(|&t| weights.get(t) != 0);
        let mut by_value: Vec<PieceType> = (0..ntypes).map(|t| PieceType(t as u16)).collect();
        by_value.sort_by_key(|t| std::cmp::Reverse(values[usize::from(t.0)].value));
        let mut evaluator = Evaluator {
            by_value,
            tables: tables.clone(),
            weights,
            values,
            raw,
            squares,
            taper,
            big_value,
            start_big: 0,
            share_table: Vec::new(),
            forward,
            hand_value,
            ntypes,
            nsq,
            drops: spec.rules.drops.has_hands(),
            safety,
            shelter: weights.get(Term::RoyalShelter) != 0,
            near_one: near_one(tables),
            lines: lines(tables),
            distance: distances(tables),
            zone: zones(tables),
            words: nsq.div_ceil(64),
            near_masks: near_masks(tables),
            royal_cells: Vec::new(),
            open_weighed: std::array::from_fn(|o| weights.get(Term::RoyalOpen) * o as i32 / 4),
            big,
            passers: passers(tables),
            max_promotion_gain,
            limit_plies: limit_plies(tables),
            edge: edges(tables),
            technique: true,
        };
        evaluator.start_big = Position::start(tables.clone()).map_or(0, |pos| {
            evaluator.big_material(&pos).into_iter().max().unwrap_or(0)
        });
        evaluator.royal_cells = evaluator.royal_cells();
        evaluator.taper &= evaluator.start_big > 0;
        if !evaluator.taper {
            // The sums add a square's four at once: the tapered ones must add nothing.
            for s in &mut evaluator.squares {
                (s.rising, s.fading, s.big) = (0, 0, 0);
            }
        }
        evaluator.share_table = share_table(evaluator.start_big);
        evaluator
    }

    /// The same evaluation, with or without the endgame technique in the search's score.
    pub fn with_technique_on(mut self, on: bool) -> Evaluator {
        self.technique = on;
        self
    }

    /// Whether the search's score holds the endgame technique.
    pub fn technique(&self) -> bool {
        self.technique
    }

    /// The weights this evaluation plays with.
    pub fn weights(&self) -> Weights {
        self.weights
    }

    /// Whether `player` has a piece on the board or in hand beyond royals and pawn-like pieces.
    pub fn has_big_pieces(&self, pos: &Position, player: Player) -> bool {
        (0..self.ntypes).any(|t| {
            let ty = PieceType(t as u16);
            (self.big[t] && pos.count(player, ty) > 0)
                || (self.drops && pos.hand_count(player, ty) > 0)
        })
    }

    /// The most a capture of a piece of `player` could gain: its most valuable piece on the
    /// board (or every royal piece's worth, as a capture of the last one ends the game), plus
    /// the largest promotion gain of the variant.
    pub fn best_capture(&self, pos: &Position, player: Player) -> i32 {
        let piece = self
            .by_value
            .iter()
            .find(|&&t| pos.count(player, t) > 0)
            .map_or(0, |&t| self.value(t));
        piece + self.max_promotion_gain
    }

    /// Whether `player` has a piece that may pass (a pass could be a legal move).
    pub fn may_pass(&self, pos: &Position, player: Player) -> bool {
        (0..self.ntypes).any(|t| self.passers[t] && pos.count(player, PieceType(t as u16)) > 0)
    }

    /// The variant these tables belong to.
    pub fn tables(&self) -> &Arc<Tables> {
        &self.tables
    }

    /// The piece value estimates.
    pub fn values(&self) -> &[PieceValue] {
        &self.values
    }

    /// Material value of a piece type in centipawns.
    pub fn value(&self, t: PieceType) -> i32 {
        self.values[usize::from(t.0)].value
    }

    /// The contribution of the piece on `sq` (positive for the first player).
    pub fn square(&self, pos: &Position, sq: Square) -> i32 {
        self.square_sums(pos, sq).fixed()
    }

    /// The pieces in both hands (positive for the first player); 0 without drops.
    pub fn hands(&self, pos: &Position) -> i32 {
        self.hand_sums(pos).fixed()
    }

    /// The contribution of the piece on `sq` to the incremental sums.
    #[inline]
    pub fn square_sums(&self, pos: &Position, sq: Square) -> Sums {
        let Some((p, t)) = pos.piece_at(sq) else {
            return Sums::default();
        };
        let mut sums = Sums::default();
        sums.sides[p.index()] = self.squares[self.square_cell(p, t, sq)];
        sums
    }

    /// The contribution of the pieces in both hands to the incremental sums (nothing without
    /// drops).
    #[inline]
    pub fn hand_sums(&self, pos: &Position) -> Sums {
        let mut sums = Sums::default();
        if !self.drops {
            return sums;
        }
        for (t, v) in self.hand_value.iter().enumerate() {
            let t = PieceType(t as u16);
            let first = i32::from(pos.hand_count(Player::First, t));
            let second = i32::from(pos.hand_count(Player::Second, t));
            sums.sides[0].fixed += v * first;
            sums.sides[1].fixed -= v * second;
            sums.held[0] += first;
            sums.held[1] += second;
        }
        if self.taper {
            let mut big = [0; 2];
            self.add_hands(pos, &mut big);
            sums.sides[0].big = big[0];
            sums.sides[1].big = big[1];
        }
        sums
    }

    /// Takes the contributions of the pieces on `squares` out of `sums`: before a move,
    /// the squares it touches ([`Evaluator::touched`]).
    #[inline]
    pub fn remove_squares(&self, pos: &Position, squares: &[Square], sums: &mut Sums) {
        self.fold_squares(pos, squares, sums, |a, b| a - b);
    }

    /// Adds the contributions of the pieces on `squares` to `sums`: after a move, the
    /// squares it touched.
    #[inline]
    pub fn add_squares(&self, pos: &Position, squares: &[Square], sums: &mut Sums) {
        self.fold_squares(pos, squares, sums, |a, b| a + b);
    }

    /// [`Evaluator::square_sums`] of each of `squares` folded into `sums` by `f`, in place
    /// (no `Sums` built per square; a square's four at once, whether or not a term tapers:
    /// the table holds 0 for the others then). Inlined: a search's make runs it twice a node.
    #[inline(always)]
    fn fold_squares(
        &self,
        pos: &Position,
        squares: &[Square],
        sums: &mut Sums,
        f: impl Fn(i32, i32) -> i32,
    ) {
        for &sq in squares {
            let Some((p, t)) = pos.piece_at(sq) else {
                continue;
            };
            let s = &self.squares[self.square_cell(p, t, sq)];
            let side = &mut sums.sides[p.index()];
            *side = side.zip(s, &f);
        }
    }

    /// Adds to `sums` what the last move made changed in [`Evaluator::hand_sums`], from the
    /// hand entries it changed alone (`Position::last_hand_changes`): the sums are linear in
    /// the counts.
    #[inline]
    pub fn add_hand_change(&self, pos: &Position, sums: &mut Sums) {
        if !self.drops {
            return;
        }
        for (p, t, n) in pos.last_hand_changes() {
            let t = usize::from(t.0);
            let sign = if p == Player::First { 1 } else { -1 };
            let side = &mut sums.sides[p.index()];
            side.fixed += sign * n * self.hand_value[t];
            if self.taper {
                side.big += n * self.big_value[t];
            }
            sums.held[p.index()] += n;
        }
    }

    /// Adds to `sums` what the last move made changed on the squares a rule turned beyond the
    /// move's own (`Position::last_flips`): each piece there was the enemy's, of its type.
    #[inline]
    pub fn add_flips(&self, pos: &Position, sums: &mut Sums) {
        for &sq in pos.last_flips() {
            let Some((p, t)) = pos.piece_at(sq) else {
                continue;
            };
            let (now, before) = (
                &self.squares[self.square_cell(p, t, sq)],
                &self.squares[self.square_cell(p.opponent(), t, sq)],
            );
            let (i, j) = (p.index(), p.opponent().index());
            sums.sides[i] = sums.sides[i].zip(now, |a, b| a + b);
            sums.sides[j] = sums.sides[j].zip(before, |a, b| a - b);
        }
    }

    /// The incremental part of the evaluation (squares and hands), positive when the first
    /// player stands better; [`Evaluator::relative`] adds the rest.
    pub fn full(&self, pos: &Position) -> i32 {
        self.sums(pos).fixed()
    }

    /// Every incremental sum of the position, counted square by square: a search starts from
    /// these and updates them on the squares each move touches ([`Evaluator::touched`]).
    pub fn sums(&self, pos: &Position) -> Sums {
        let board: Sums = self
            .tables
            .geo()
            .squares()
            .map(|sq| self.square_sums(pos, sq))
            .sum();
        board + self.hand_sums(pos)
    }

    /// The evaluation from the side to move's point of view: `first_player_score` (the
    /// incremental part, [`Evaluator::full`]) plus the phase's terms and royal safety.
    pub fn relative(&self, pos: &Position, first_player_score: i32) -> i32 {
        let mut sums = self.sums(pos);
        sums.sides[0].fixed = first_player_score;
        sums.sides[1].fixed = 0;
        self.relative_sums(pos, sums)
    }

    /// As [`Evaluator::relative`], from sums the search kept up to date ([`Evaluator::sums`]):
    /// the phase's terms come from them, not from a look at every piece.
    #[inline]
    pub fn relative_sums(&self, pos: &Position, sums: Sums) -> i32 {
        self.relative_with(pos, &sums, None)
    }

    /// The search's static score: [`Evaluator::relative_sums`], the royal danger read back
    /// from `memo` where nothing it counts changed since it was counted there (the same value:
    /// a search's trees stay), with the endgame technique ([`Evaluator::with_technique`]).
    #[inline]
    pub fn relative_memo(&self, pos: &Position, sums: Sums, memo: &mut DangerMemo) -> i32 {
        let score = self.relative_memo_raw(pos, &sums, None, memo);
        self.with_technique(pos, &sums, score)
    }

    /// [`Evaluator::relative_memo`] before the endgame technique: a function of the position
    /// alone, which a search may keep with its key (the technique reads the move counter).
    /// The danger is read back from `parent` (the memo of the node a move before) or `memo`
    /// (this node's, where it is kept).
    #[inline]
    pub fn relative_memo_raw(
        &self,
        pos: &Position,
        sums: &Sums,
        parent: Option<&DangerMemo>,
        memo: &mut DangerMemo,
    ) -> i32 {
        self.relative_with(pos, sums, Some(Memos { parent, own: memo }))
    }

    /// The search's static score of a position, from scratch: [`Evaluator::relative`] with
    /// the endgame technique.
    pub fn static_score(&self, pos: &Position) -> i32 {
        let sums = self.sums(pos);
        let score = self.relative_sums(pos, sums);
        self.with_technique(pos, &sums, score)
    }

    /// Adds to the side to move's `score` what the weighed terms leave out, as it matters only
    /// where a game is already won and no tuning can see it: the drive of the enemy royal
    /// ([`Evaluator::mop_up`]) and the progress a move-count draw asks for
    /// ([`Evaluator::progress_scaled`]).
    #[inline(always)]
    pub fn with_technique(&self, pos: &Position, sums: &Sums, score: i32) -> i32 {
        if !self.technique {
            return score;
        }
        let sign = match pos.side_to_move() {
            Player::First => 1,
            Player::Second => -1,
        };
        let mut first = sign * score;
        if self.taper && !self.edge.is_empty() {
            first += self.mop_up(pos, sums, first);
        }
        sign * self.progress_scaled(pos, first)
    }

    #[inline]
    fn relative_with(&self, pos: &Position, sums: &Sums, mut memo: Option<Memos<'_>>) -> i32 {
        let mut score = sums.fixed();
        if self.taper {
            score += self.tapered(sums);
        }
        if self.safety {
            // Without drops no piece is ever held: no cut to 4 to count.
            let in_hand = if self.drops {
                Evaluator::enemies_held(sums.held)
            } else {
                [0; 2]
            };
            score -= match self.cell_dangers(pos, in_hand) {
                Some(dangers) => dangers,
                None => {
                    let first = self.danger_of(pos, Player::First, in_hand[0], &mut memo);
                    let second = self.danger_of(pos, Player::Second, in_hand[1], &mut memo);
                    self.weighted_dangers(first, second)
                }
            };
        }
        match pos.side_to_move() {
            Player::First => score,
            Player::Second => -score,
        }
    }

    /// [`Evaluator::weighted_dangers`] where each player has a lone royal on a square with a
    /// [`RoyalCell`] (on a board of up to 64 squares, most positions), from the two players'
    /// occupancy words read once (the sides hold no square in common): `None` otherwise.
    #[inline(always)]
    fn cell_dangers(&self, pos: &Position, in_hand: [i32; 2]) -> Option<i32> {
        // First the board's size: a larger one is out at one test.
        let pieces = pos.piece_bits()?;
        let (&[first], &[second]) = (
            pos.royal_squares(Player::First),
            pos.royal_squares(Player::Second),
        ) else {
            return None;
        };
        let cells = &self.royal_cells;
        let (a, b) = (cells.get(first.index())?, cells.get(second.index())?);
        let mine = pos.side_words(Player::First)[0];
        let theirs = pieces & !mine;
        let first = self.cell_danger(a, mine, theirs, in_hand[0]);
        let second = self.cell_danger(b, theirs, mine, in_hand[1]);
        debug_assert!(first[1] < 64 && second[1] < 64);
        let w = &self.open_weighed;
        let open = w[first[1] as usize & 63] - w[second[1] as usize & 63];
        Some(self.weighed_with_open(first, second, open))
    }

    /// The first player's royal danger less the second's ([`Evaluator::danger_of`]) in
    /// centipawns, their terms weighed: those without a divisor once for the difference (the
    /// same sum, as `i32` wraps alike), the threat of drops only where one is counted (0
    /// without pieces in hand).
    #[inline(always)]
    fn weighted_dangers(&self, first: [i32; 4], second: [i32; 4]) -> i32 {
        let open = self.weights.get(Term::RoyalOpen);
        self.weighed_with_open(first, second, open * first[1] / 4 - open * second[1] / 4)
    }

    /// [`Evaluator::weighted_dangers`] with the open lines' term already weighed (`open`).
    #[inline(always)]
    fn weighed_with_open(&self, first: [i32; 4], second: [i32; 4], open: i32) -> i32 {
        let w = &self.weights;
        let mut danger = w.get(Term::RoyalAttackers) * (first[0] - second[0]) + open
            - w.get(Term::RoyalShelter) * (first[3] - second[3]);
        if (first[2] | second[2]) != 0 {
            let threat = w.get(Term::HandThreat);
            danger += threat * first[2] / 8 - threat * second[2] / 8;
        }
        danger
    }

    /// The royal danger of `player` ([`Evaluator::royal_danger`]): a lone royal's on a board of
    /// up to 64 squares from the occupancy words at once (cheaper than a look at a memo, which
    /// on such boards is read back at under half the counts), else read back from `memo` where
    /// nothing it counts changed, else counted. `in_hand`: the enemy's pieces in hand
    /// ([`Evaluator::enemy_in_hand`]).
    #[inline(always)]
    fn danger_of(
        &self,
        pos: &Position,
        player: Player,
        in_hand: i32,
        memo: &mut Option<Memos<'_>>,
    ) -> [i32; 4] {
        if let (Some(pieces), &[royal]) = (pos.piece_bits(), pos.royal_squares(player))
            && let Some(cell) = self.royal_cells.get(royal.index())
        {
            let mine = pos.side_words(player)[0];
            return self.cell_danger(cell, mine, pieces & !mine, in_hand);
        }
        match memo {
            Some(memo) => self.royal_danger_memo(pos, player, in_hand, memo),
            None => self.danger_counted(pos, player, in_hand),
        }
    }

    /// [`Evaluator::royal_danger`] of royals other than a lone one on a board of up to 64
    /// squares (out of line: the memo spares most calls).
    #[inline(never)]
    fn danger_counted(&self, pos: &Position, player: Player, in_hand: i32) -> [i32; 4] {
        self.royal_danger(pos, player, in_hand, self.shelter_counts())
    }

    /// [`Evaluator::royal_danger`] of a lone royal from its square's [`RoyalCell`] and its
    /// side's pieces (`mine`) and the enemy's (`theirs`) as bits: one bounds check, no test of
    /// a line's direction, and no branch on whether a piece is on it.
    #[inline(always)]
    fn cell_danger(&self, cell: &RoyalCell, mine: u64, theirs: u64, in_hand: i32) -> [i32; 4] {
        let [one, two] = cell.near;
        let pieces = mine | theirs;
        let mut open = i32::from(cell.open);
        for m in 0..4 {
            let hit = cell.masks[m] & pieces;
            open -= i32::from(cell.up_cut[hit.trailing_zeros() as usize]);
        }
        for m in 4..8 {
            let hit = cell.masks[m] & pieces;
            // The first piece's index (63 - leading zeros), 127 where there is none.
            open -= i32::from(cell.down_cut[(hit.leading_zeros() ^ 63) as usize]);
        }
        let mut danger = [sparse_count(theirs & two), open, 0, 0];
        let with_shelter = self.shelter_counts();
        if with_shelter || in_hand > 0 {
            let near = [(mine & one).count_ones() as i32, sparse_count(theirs & one)];
            if with_shelter {
                danger[3] = near[0];
            }
            if in_hand > 0 {
                danger[2] = (i32::from(cell.near_one) - near[0] - near[1]) * in_hand;
            }
        }
        danger
    }

    /// The [`RoyalCell`]s of the board: none where it is larger than 64 squares, or where a
    /// square has more than 4 lines running up the square indices or down (none does: the
    /// indices run row by row), and a lone royal's danger is then counted as any other's.
    fn royal_cells(&self) -> Vec<RoyalCell> {
        let mut cells = Vec::with_capacity(self.near_masks.len());
        for (r, near) in self.near_masks.iter().enumerate() {
            let (up, down): (Vec<&Line>, Vec<&Line>) = self.lines[r * 8..r * 8 + 8]
                .iter()
                .filter(|l| l.len > 0)
                .partition(|l| l.ascending);
            if up.len() > 4 || down.len() > 4 {
                return Vec::new();
            }
            let mut cell = RoyalCell {
                masks: [0; 8],
                open: 0,
                up_cut: [0; 128],
                down_cut: [0; 128],
                near: *near,
                near_one: self.near_one[r] as u8,
            };
            // Where a square has fewer lines (at an edge), a slot's mask and length stay 0.
            for (line, m) in up.into_iter().zip(0..4).chain(down.into_iter().zip(4..8)) {
                cell.masks[m] = line.mask;
                cell.open += line.len;
                for s in line.squares() {
                    let cut = line.len + 1 - self.distance[r * 64 + s.index()];
                    let cuts = if m < 4 {
                        &mut cell.up_cut
                    } else {
                        &mut cell.down_cut
                    };
                    cuts[s.index()] = cut;
                }
            }
            cells.push(cell);
        }
        cells
    }

    /// The endgame technique against a royal left with little: once the enemy has lost half
    /// its big pieces or more (counted where the game has a phase) and the score is
    /// [`MOP_UP_LEAD`] ahead, the side ahead gains for the enemy royal near the edge and its
    /// own royal near it, where nets and skewers are. Without it, koma led by a Rukh and two
    /// Alfils against ShaMax's Rukh in Shatranj for 100 plies and never came nearer to baring
    /// or mating the Shah. First player's sign.
    #[inline]
    fn mop_up(&self, pos: &Position, sums: &Sums, score: i32) -> i32 {
        if score.abs() < MOP_UP_LEAD {
            return 0;
        }
        let (strong, sign) = if score > 0 {
            (Player::First, 1)
        } else {
            (Player::Second, -1)
        };
        let weak = strong.opponent();
        if 2 * sums.sides[weak.index()].big > self.start_big {
            return 0;
        }
        let (&[mine], &[theirs]) = (pos.royal_squares(strong), pos.royal_squares(weak)) else {
            return 0;
        };
        let outward = 3 - i32::from(self.edge[weak.index() * self.nsq + theirs.index()]).min(3);
        let near = 7 - i32::from(pos.tables().chebyshev(mine, theirs)).min(7);
        sign * (MOP_UP_EDGE * outward + MOP_UP_CLOSE * near)
    }

    /// Under a move-count draw, the score shrinks towards half as the count nears its limit,
    /// so that the side ahead makes the moves that reset it (a capture, a pawn's step) rather
    /// than shuffle: in Shatranj (70 moves) koma kept leads of a Rukh until the game's end.
    #[inline]
    fn progress_scaled(&self, pos: &Position, score: i32) -> i32 {
        let count = (pos.halfmove_clock() as i32).min(self.limit_plies);
        // No division where the count is 0 (every capture resets it: most of quiescence).
        if count == 0 {
            return score;
        }
        score * (2 * self.limit_plies - count) / (2 * self.limit_plies)
    }

    /// The terms that rise and fade with the game's phase ([`Phase`]), positive for the
    /// first player: each side's sums at the shares its enemy's big pieces give.
    fn tapered(&self, sums: &Sums) -> i32 {
        let shares = [self.share(sums.sides[1].big), self.share(sums.sides[0].big)];
        (0..2)
            .map(|p| {
                let ([rise, fade], side) = (shares[p], &sums.sides[p]);
                (side.rising * rise + side.fading * fade) / 1000
            })
            .sum()
    }

    /// One side's [`Evaluator::shares`] for its enemy's big worth `enemy`, from the table
    /// where there is one.
    #[inline(always)]
    fn share(&self, enemy: i32) -> [i32; 2] {
        let start = self.start_big.max(1);
        match self.share_table.get(enemy.clamp(0, start) as usize) {
            Some(&[rise, fade]) => [i32::from(rise), i32::from(fade)],
            None => share_of(start, enemy),
        }
    }

    /// Per player, the worth of its big pieces on the board and in hand.
    fn big_material(&self, pos: &Position) -> [i32; 2] {
        let mut big = [0; 2];
        for sq in pos.occupied_squares() {
            if let Some((p, t)) = pos.piece_at(sq) {
                big[p.index()] += self.big_value[usize::from(t.0)];
            }
        }
        if self.drops {
            self.add_hands(pos, &mut big);
        }
        big
    }

    fn add_hands(&self, pos: &Position, big: &mut [i32; 2]) {
        for (t, &v) in self.big_value.iter().enumerate() {
            for p in [Player::First, Player::Second] {
                big[p.index()] += v * i32::from(pos.hand_count(p, PieceType(t as u16)));
            }
        }
    }

    /// Per player, the shares (thousandths) of its rising and fading terms that count: the
    /// rising ones [`EARLY_SHARE`] while the enemy keeps its big pieces of the start and the
    /// whole once they are gone, the fading ones the whole down to nothing.
    fn shares(&self, big: [i32; 2]) -> [[i32; 2]; 2] {
        let start = self.start_big.max(1);
        [share_of(start, big[1]), share_of(start, big[0])]
    }

    /// The index of a piece's square in `table`, `raw` (within a term) and `late`.
    #[inline]
    fn cell(&self, p: Player, t: PieceType, sq: Square) -> usize {
        (p.index() * self.ntypes + usize::from(t.0)) * self.nsq + sq.index()
    }

    /// The index of a piece's square in `squares`: from its board cell (`1 + 2 * type +
    /// player`) less one, with no multiply by the number of types.
    #[inline(always)]
    fn square_cell(&self, p: Player, t: PieceType, sq: Square) -> usize {
        (usize::from(t.0) * 2 + p.index()) * self.nsq + sq.index()
    }

    /// Whether the royal's own pieces next to it are counted: its weight is 0 by default.
    #[inline]
    fn shelter_counts(&self) -> bool {
        self.shelter
    }

    /// Per player, [`Evaluator::enemy_in_hand`], both from one pass over the hands.
    #[inline]
    fn enemies_in_hand(&self, pos: &Position) -> [i32; 2] {
        if !self.drops {
            return [0; 2];
        }
        let mut held = [0; 2];
        for t in 0..self.ntypes {
            let t = PieceType(t as u16);
            held[0] += i32::from(pos.hand_count(Player::First, t));
            held[1] += i32::from(pos.hand_count(Player::Second, t));
        }
        Evaluator::enemies_held(held)
    }

    /// [`Evaluator::enemies_in_hand`] from each player's pieces in hand, `held` (as the sums
    /// keep them).
    #[inline]
    fn enemies_held(held: [i32; 2]) -> [i32; 2] {
        [held[1].min(4), held[0].min(4)]
    }

    /// The enemy's pieces in hand that threaten `player`'s royals by a drop (at most 4; 0
    /// without drops).
    #[inline]
    fn enemy_in_hand(&self, pos: &Position, player: Player) -> i32 {
        self.enemies_in_hand(pos)[player.index()]
    }

    /// As [`Evaluator::royal_danger`] for a player with one royal, read back from the parent's
    /// memo or the node's own when the royal's square, the pieces of both sides in its zone
    /// and the enemy's pieces in hand are those it was counted from there. Most moves a search
    /// plays land far from a royal, and the count (a popcount and eight lines a royal) was the
    /// evaluation's largest cost.
    #[inline(always)]
    fn royal_danger_memo(
        &self,
        pos: &Position,
        player: Player,
        in_hand: i32,
        memo: &mut Memos<'_>,
    ) -> [i32; 4] {
        let words = self.words;
        let (&[royal], true) = (pos.royal_squares(player), words <= MEMO_WORDS) else {
            return self.danger_counted(pos, player, in_hand);
        };
        let zone = &self.zone[royal.index() * words..(royal.index() + 1) * words];
        let (mine, theirs) = (pos.side_words(player), pos.side_words(player.opponent()));
        let seen_in = |e: &DangerSeen| {
            e.royal == royal.index() + 1
                && e.in_hand == in_hand
                && zone
                    .iter()
                    .zip(mine)
                    .zip(theirs)
                    .zip(e.seen[0].iter().zip(&e.seen[1]))
                    .all(|(((z, m), t), (s0, s1))| *s0 == m & z && *s1 == t & z)
        };
        let own = &mut memo.own.entries[player.index()];
        match memo.parent.map(|m| &m.entries[player.index()]) {
            Some(parent) if seen_in(parent) => own.clone_from(parent),
            _ if seen_in(own) => {}
            _ => {
                own.royal = royal.index() + 1;
                own.in_hand = in_hand;
                for (w, z) in zone.iter().enumerate() {
                    own.seen[0][w] = mine[w] & z;
                    own.seen[1][w] = theirs[w] & z;
                }
                own.danger = self.danger_counted(pos, player, in_hand);
            }
        }
        own.danger
    }

    /// The danger to `player`'s royals, in the units of the royal-safety terms (before their
    /// divisors): enemy pieces within two squares, empty squares on the lines from the royal,
    /// empty squares next to it times the enemy's pieces in hand (`in_hand`, at most 4), and
    /// its own pieces next to it (which shelter it rather than endanger it; counted only when
    /// weighed, as its default weight is 0 and the count is a popcount per royal).
    fn royal_danger(
        &self,
        pos: &Position,
        player: Player,
        in_hand: i32,
        with_shelter: bool,
    ) -> [i32; 4] {
        let mut danger = [0; 4];
        for &royal in pos.royal_squares(player) {
            let r = royal.index();
            let (near, around) = self.near_counts(pos, player, royal, with_shelter || in_hand > 0);
            danger[0] += around;
            if with_shelter {
                danger[3] += near[0];
            }
            if in_hand > 0 {
                danger[2] += (self.near_one[r] as i32 - near[0] - near[1]) * in_hand;
            }
            danger[1] += self.open_lines(pos, royal) as i32;
        }
        danger
    }

    /// Around `player`'s royal on `royal`: its own and the enemy's pieces one step away (only
    /// `with_near`; else 0), and the enemy's pieces up to two steps away. Counted from the
    /// occupancy bits: a square-by-square look was a tenth of chess's search.
    #[inline]
    fn near_counts(
        &self,
        pos: &Position,
        player: Player,
        royal: Square,
        with_near: bool,
    ) -> ([i32; 2], i32) {
        let enemy = player.opponent();
        let mut near = [0; 2];
        if let Some([one, two]) = self.near_masks.get(royal.index()) {
            let (mine, theirs) = (pos.side_words(player)[0], pos.side_words(enemy)[0]);
            if with_near {
                near = [(mine & one).count_ones() as i32, sparse_count(theirs & one)];
            }
            return (near, sparse_count(theirs & two));
        }
        if with_near {
            near = [
                pos.pieces_near(royal, player, 1) as i32,
                pos.pieces_near(royal, enemy, 1) as i32,
            ];
        }
        (near, pos.pieces_near(royal, enemy, 2) as i32)
    }

    /// The empty squares on the eight lines from `royal`, each line to its first piece (at
    /// most 4 squares each; a vanished square counts as empty): from the runtime's bits of
    /// the pieces on a board of up to 64 squares, square by square on a larger one.
    #[inline]
    fn open_lines(&self, pos: &Position, royal: Square) -> u32 {
        let r = royal.index();
        match pos.piece_bits() {
            Some(pieces) => self.open_bits(r, pieces),
            None => empty_along(&self.lines[r * 8..r * 8 + 8], pos),
        }
    }

    /// [`Evaluator::open_lines`] from square index `r` of a board of up to 64 squares with
    /// `pieces` on it, as bits (inlined: a call per royal cost a tenth of it).
    #[inline(always)]
    fn open_bits(&self, r: usize, pieces: u64) -> u32 {
        let lines: &[Line; 8] = self.lines[r * 8..r * 8 + 8].try_into().expect("8 lines");
        let distance: &[u8; 64] = self.distance[r * 64..r * 64 + 64]
            .try_into()
            .expect("a row of 64");
        lines
            .iter()
            .map(|line| {
                let hit = line.mask & pieces;
                if hit == 0 {
                    return u32::from(line.len);
                }
                let first = if line.ascending {
                    hit.trailing_zeros()
                } else {
                    63 - hit.leading_zeros()
                };
                u32::from(distance[first as usize & 63]) - 1
            })
            .sum()
    }

    /// The empty squares on the lines from `royal`, counted square by square (what
    /// [`Evaluator::open_lines`] finds from the bits).
    #[cfg(test)]
    fn open_lines_by_squares(&self, pos: &Position, royal: Square) -> u32 {
        let r = royal.index();
        empty_along(&self.lines[r * 8..r * 8 + 8], pos)
    }

    /// The position taken apart into material and raw terms (for the tuner; slow).
    pub fn features(&self, pos: &Position) -> Features {
        let (n, nsq) = (self.ntypes, self.nsq);
        let mut material = vec![0; n];
        let mut terms = [0.0; TERMS.len()];
        let mut pieces = vec![0; n];
        let mut placed = vec![[0.0; SQUARE_TERMS]; n];
        let shares = self.shares(self.big_material(pos));
        for sq in self.tables.geo().squares() {
            if let Some((p, t)) = pos.piece_at(sq) {
                let i = self.cell(p, t, sq);
                let sign = if p == Player::First { 1 } else { -1 };
                material[usize::from(t.0)] += sign;
                pieces[usize::from(t.0)] += 1;
                for term in &TERMS[..SQUARE_TERMS] {
                    let mut raw = f64::from(self.raw[term.index() * 2 * n * nsq + i]);
                    let [rise, fade] = shares[p.index()];
                    let forward = self.forward[usize::from(t.0)];
                    match phase_of(*term, &self.values[usize::from(t.0)], forward) {
                        Phase::Always => {}
                        Phase::Rising => raw *= f64::from(rise) / 1000.0,
                        Phase::Fading => raw *= f64::from(fade) / 1000.0,
                        Phase::Late => raw *= f64::from(1000 - fade) / 1000.0,
                    }
                    terms[term.index()] += raw;
                    placed[usize::from(t.0)][term.index()] += f64::from(sign) * raw;
                }
            }
        }
        if self.drops {
            for (t, v) in self.values.iter().enumerate() {
                let ty = PieceType(t as u16);
                let diff = i32::from(pos.hand_count(Player::First, ty))
                    - i32::from(pos.hand_count(Player::Second, ty));
                material[t] += diff;
                pieces[t] += u32::from(pos.hand_count(Player::First, ty))
                    + u32::from(pos.hand_count(Player::Second, ty));
                terms[Term::HandTempo.index()] += f64::from(v.value * diff) / 100.0;
            }
        }
        if self.tables.spec().rules.royals.win == WinCondition::Checkmate {
            for (player, sign) in [(Player::First, 1.0), (Player::Second, -1.0)] {
                let [attackers, open, threat, shelter] =
                    self.royal_danger(pos, player, self.enemy_in_hand(pos, player), true);
                terms[Term::RoyalAttackers.index()] -= sign * f64::from(attackers);
                terms[Term::RoyalShelter.index()] += sign * f64::from(shelter);
                terms[Term::RoyalOpen.index()] -= sign * f64::from(open) / 4.0;
                terms[Term::HandThreat.index()] -= sign * f64::from(threat) / 8.0;
            }
        }
        Features {
            material,
            terms,
            pieces,
            placed,
        }
    }

    /// Every square whose contents a move can change; the evaluation of the others stays.
    #[inline]
    pub fn touched(m: MoveRef<'_>) -> Touched {
        let mut out = Touched {
            squares: [Square(0); MAX_TOUCHED],
            n: if m.to != m.from { 2 } else { 1 },
        };
        out.squares[..2].copy_from_slice(&[m.from, m.to]);
        if m.kind() != MoveKind::Normal || !m.side_captures().is_empty() {
            out.add_more(m);
        }
        out
    }
}

/// The most squares a move touches: its start and destination, its side captures, a castling
/// partner's two squares or an unloaded victim's.
const MAX_TOUCHED: usize = 2 + MAX_CAPTURES + 2;

/// The squares a move touches ([`Evaluator::touched`]), inline (the search builds them at
/// every node).
#[derive(Clone, Copy, Debug)]
pub struct Touched {
    squares: [Square; MAX_TOUCHED],
    n: u8,
}

impl Touched {
    /// Adds `s` unless it is there already.
    fn push(&mut self, s: Square) {
        let n = usize::from(self.n);
        if !self.contains(&s) && n < MAX_TOUCHED {
            self.squares[n] = s;
            self.n += 1;
        }
    }

    /// The squares besides the start and the destination: side captures, a castling
    /// partner's, an unloaded victim's.
    fn add_more(&mut self, m: MoveRef<'_>) {
        for &c in m.side_captures() {
            self.push(c);
        }
        if let Some((a, b)) = m.castling_partner() {
            self.push(a);
            self.push(b);
        }
        if let Some(u) = m.unload_square() {
            self.push(u);
        }
    }
}

impl std::ops::Deref for Touched {
    type Target = [Square];
    #[inline]
    fn deref(&self) -> &[Square] {
        &self.squares[..usize::from(self.n)]
    }
}

/// The raw square terms, `[((term * 2 + player) * ntypes + type) * nsq + sq]`, signed for the
/// first player. The second player's tables are the first's rotated 180 degrees, but for the
/// promotion term, which reads each player's own zone from the runtime.
fn square_terms(
    tables: &Arc<Tables>,
    values: &[PieceValue],
    reach: &[Vec<f64>],
    checkmate: bool,
    forward: &[bool],
) -> Vec<f32> {
    let (ntypes, geo) = (tables.piece_count(), &tables.geo());
    let nsq = geo.len();
    let spec = &tables.spec();
    let (w, h) = (
        f64::from(spec.board.width) - 1.0,
        f64::from(spec.board.height) - 1.0,
    );
    let mut raw = vec![0.0f32; SQUARE_TERMS * 2 * ntypes * nsq];
    for player in [Player::First, Player::Second] {
        let sign = if player == Player::First { 1.0 } else { -1.0 };
        // The ranks of the player's own zone, as the runtime holds it (per side under
        // `promotion zone first|second`).
        let zone = tables.promotion_zone(player);
        let zone_ranks: Vec<i32> = (geo.squares())
            .filter(|s| zone.get(s.index()).copied().unwrap_or(false))
            .map(|s| i32::from(geo.coord(s).y))
            .collect();
        for (t, v) in values.iter().enumerate() {
            let average = reach[t].iter().sum::<f64>() / nsq.max(1) as f64;
            for sq in geo.squares() {
                let mut c = geo.coord(sq);
                if player == Player::Second {
                    c = geo.rotate(c);
                }
                let own = geo.square_at(c).map_or(average, |s| reach[t][s.index()]);
                let (x, y) = (f64::from(c.x), f64::from(c.y));
                // 0 in the centre, 1 at the edge.
                let off_centre =
                    ((2.0 * x - w).abs() / w.max(1.0)).max((2.0 * y - h).abs() / h.max(1.0));
                let advance = (y / h.max(1.0)).min(1.0);
                let mut terms = [0.0; SQUARE_TERMS];
                if v.royal {
                    // Stay home: the royal walks out only in the endgame; where the game is
                    // won by capture rather than mate, it matters less. Its centre counts in
                    // the endgame only ([`Phase::Late`]).
                    terms[Term::RoyalHome.index()] = -advance * if checkmate { 1.0 } else { 0.625 };
                    // Twice a piece's share: endgame tables of chess programs give a King
                    // about a Pawn more in the centre than in a corner.
                    terms[Term::Centre.index()] = 2.0 * (1.0 - off_centre);
                } else {
                    let size = (0.4 + f64::from(v.value) / 1800.0).min(1.0);
                    terms[Term::Centre.index()] = size * (1.0 - off_centre);
                    terms[Term::Mobility.index()] = own - average;
                    if forward[t] {
                        terms[Term::Advance.index()] = advance;
                    }
                }
                if v.promotion_gain > 0 && !zone_ranks.is_empty() {
                    let y = i32::from(geo.coord(sq).y);
                    let dist = (zone_ranks.iter())
                        .map(|z| (z - y).abs())
                        .min()
                        .unwrap_or(0);
                    let near = 1.0 - f64::from(dist.min(6)) / 6.0;
                    terms[Term::Promotion.index()] =
                        f64::from(v.promotion_gain) / 100.0 * near * near;
                }
                let cell = (player.index() * ntypes + t) * nsq + sq.index();
                for (k, r) in terms.iter().enumerate() {
                    raw[k * 2 * ntypes * nsq + cell] = (sign * r) as f32;
                }
            }
        }
    }
    raw
}

/// The weighted square tables from the raw terms, `[(player * ntypes + type) * nsq + sq]`,
/// signed for the first player: material plus the square terms that always count, then the
/// rising and the fading ones ([`Phase`]).
/// The [`SquareSums`] of each piece and square, laid out as `Evaluator::squares` (by the
/// piece's type, then player: a piece's index is its board cell's, less one), from the
/// weighted tables (`[fixed, rising, fading]`, by player, then type) and the types'
/// big-piece worth.
fn square_sums_table(
    weighted: [&[i32]; 3],
    big_value: &[i32],
    ntypes: usize,
    nsq: usize,
) -> Vec<SquareSums> {
    let [fixed, rising, fading] = weighted;
    (0..fixed.len())
        .map(|i| {
            let (piece, sq) = (i / nsq, i % nsq);
            let (t, player) = (piece / 2, piece % 2);
            let w = (player * ntypes + t) * nsq + sq;
            SquareSums {
                fixed: fixed[w],
                rising: rising[w],
                fading: fading[w],
                big: big_value[t],
            }
        })
        .collect()
}

fn weighted_tables(
    raw: &[f32],
    values: &[PieceValue],
    weights: &Weights,
    forward: &[bool],
    nsq: usize,
) -> [Vec<i32>; 3] {
    let ntypes = values.len();
    let mut tables = [(); 3].map(|_| vec![0; 2 * ntypes * nsq]);
    for i in 0..2 * ntypes * nsq {
        let (player, t) = (i / (ntypes * nsq), i / nsq % ntypes);
        let sign = if player == 0 { 1.0 } else { -1.0 };
        let mut sums = [sign * f64::from(values[t].value), 0.0, 0.0];
        for &term in &TERMS[..SQUARE_TERMS] {
            let r = raw[term.index() * 2 * ntypes * nsq + i];
            let weighted = f64::from(weights.get(term)) * f64::from(r);
            match phase_of(term, &values[t], forward[t]) {
                Phase::Always => sums[0] += weighted,
                Phase::Rising => sums[1] += weighted,
                Phase::Fading => sums[2] += weighted,
                Phase::Late => {
                    sums[0] += weighted;
                    sums[2] -= weighted;
                }
            }
        }
        for (table, sum) in tables.iter_mut().zip(sums) {
            table[i] = sum.round() as i32;
        }
    }
    tables
}

/// Per type: every move from the centre of an empty board goes forward (pawns, lances,
/// shogi knights): such a piece never comes back, so its advance is worth something.
fn forward_only(tables: &Arc<Tables>) -> Vec<bool> {
    let geo = &tables.geo();
    let Some(centre) = geo.square(i32::from(geo.width) / 2, i32::from(geo.height) / 2) else {
        return vec![false; tables.piece_count()];
    };
    let y = geo.coord(centre).y;
    let mut board = Position::empty(tables.clone());
    let mut moves = MoveList::new();
    (0..tables.piece_count())
        .map(|t| {
            board.put(centre, Some((Player::First, PieceType(t as u16))));
            moves.clear();
            board.piece_moves_unchecked(centre, &mut moves);
            board.put(centre, None);
            !moves.is_empty() && moves.iter().all(|m| geo.coord(m.to).y > y)
        })
        .collect()
}

/// On a board of up to 64 squares, the king-step distance between two squares,
/// `[a * 64 + b]`; empty on a larger board.
fn distances(tables: &Tables) -> Vec<u8> {
    let geo = &tables.geo();
    if geo.len() > 64 {
        return Vec::new();
    }
    let mut table = vec![0; 64 * 64];
    for a in geo.squares() {
        for b in geo.squares() {
            table[a.index() * 64 + b.index()] = tables.chebyshev(a, b);
        }
    }
    table
}

/// Plies of the game's move-count draw (`draw moves N`: 2N), 0 without one.
fn limit_plies(tables: &Tables) -> i32 {
    let limit = tables.spec().rules.results.move_limit.as_ref();
    limit.map_or(0, |l| 2 * i32::from(l.moves))
}

/// Per player and square (`player * squares + square`): king steps to the edge of the area the
/// player's royals may stand on, the board or the region that confines them (Xiangqi's palace,
/// whose centre is one step from its edge); empty in a game without royals, where
/// [`Evaluator::mop_up`] is off.
fn edges(tables: &Tables) -> Vec<u8> {
    let royals: Vec<PieceType> = (0..tables.piece_count())
        .filter(|&t| tables.spec().pieces[t].royal)
        .map(|t| PieceType(t as u16))
        .collect();
    if royals.is_empty() {
        return Vec::new();
    }
    let geo = tables.geo();
    let mut table = Vec::with_capacity(2 * geo.len());
    for player in [Player::First, Player::Second] {
        let area: Vec<bool> = geo
            .squares()
            .map(|sq| {
                royals.iter().any(|&t| {
                    tables
                        .confinement(t, player)
                        .is_none_or(|mask| mask[sq.index()])
                })
            })
            .collect();
        table.extend(steps_to_border(geo, &area));
    }
    table
}

/// Per square: king steps to the border of `area`. The area's squares next to a square outside
/// it (or off the board, or a hole) are its border, 0 steps away; squares outside it count 0.
fn steps_to_border(geo: &Geometry, area: &[bool]) -> Vec<u8> {
    let neighbours = |sq: Square| king_neighbours(geo, sq);
    let mut steps = vec![u8::MAX; area.len()];
    let mut queue = VecDeque::new();
    for sq in geo.squares() {
        let inside = |s: Option<Square>| s.is_some_and(|s| area[s.index()]);
        if !area[sq.index()] || !neighbours(sq).into_iter().all(inside) {
            steps[sq.index()] = 0;
            queue.push_back(sq);
        }
    }
    while let Some(sq) = queue.pop_front() {
        for s in neighbours(sq).into_iter().flatten() {
            if steps[s.index()] == u8::MAX {
                steps[s.index()] = steps[sq.index()] + 1;
                queue.push_back(s);
            }
        }
    }
    steps
}

/// The eight king steps.
const KING_STEPS: [(i32, i32); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// The squares one king step from `sq` (`None` off the board or on a hole).
fn king_neighbours(geo: &Geometry, sq: Square) -> [Option<Square>; 8] {
    let c = geo.coord(sq);
    let (x, y) = (i32::from(c.x), i32::from(c.y));
    KING_STEPS.map(|(dx, dy)| geo.square(x + dx, y + dy))
}

/// Per square: how many squares are one step away.
/// The largest start big worth [`Evaluator::share_table`] is kept for (64 KB).
const SHARE_TABLE_MAX: i32 = 1 << 14;

/// [`Evaluator::share_table`] for a start big worth of `start_big`.
fn share_table(start_big: i32) -> Vec<[u16; 2]> {
    if start_big > SHARE_TABLE_MAX {
        return Vec::new();
    }
    let start = start_big.max(1);
    (0..=start)
        .map(|enemy| share_of(start, enemy).map(|s| s as u16))
        .collect()
}

/// The shares (thousandths) of one side's rising and fading terms when its enemy's big
/// pieces are worth `enemy` of the start's `start` (at least 1): [`Evaluator::shares`].
fn share_of(start: i32, enemy: i32) -> [i32; 2] {
    let gone = 1000 * (start - enemy.clamp(0, start)) / start;
    [
        EARLY_SHARE + (1000 - EARLY_SHARE) * gone / 1000,
        1000 - gone,
    ]
}

/// The set bits of `x`, a loop turn each: the words counted so (enemy pieces near a royal)
/// hold few, and without a popcount instruction on the target `count_ones` is a dozen-odd
/// instructions of bit arithmetic whatever the word.
#[inline(always)]
fn sparse_count(mut x: u64) -> i32 {
    let mut n = 0;
    while x != 0 {
        x &= x - 1;
        n += 1;
    }
    n
}

fn near_one(tables: &Tables) -> Vec<usize> {
    let geo = &tables.geo();
    geo.squares()
        .map(|sq| king_neighbours(geo, sq).iter().flatten().count())
        .collect()
}

/// What a lone royal's danger on one square of a board of up to 64 squares reads, in one
/// place: its lines (those running up the square indices in slots 0-3, down in 4-7) and
/// the squares near it.
#[derive(Clone, Copy, Debug)]
struct RoyalCell {
    /// Per line: its squares as bits.
    masks: [u64; 8],
    /// The squares of all its lines: all empty where no piece is on them.
    open: u8,
    /// Per line's first piece, the squares from it to the line's end (what is not empty of
    /// the line), by its index (its trailing zeros on a line up, its leading zeros xor 63 on
    /// a line down): 64 and 127 (no piece) give 0, so that a line costs no test of whether a
    /// piece is on it. 128 long, the range of a count of zeros: no bounds check.
    up_cut: [u8; 128],
    down_cut: [u8; 128],
    /// The squares one step and up to two steps away, and how many are one step away.
    near: [u64; 2],
    near_one: u8,
}

/// Up to 4 squares along a line from a square, in place (no pointer to follow at every
/// evaluation).
#[derive(Clone, Copy, Debug)]
struct Line {
    squares: [Square; 4],
    len: u8,
    /// On a board of up to 64 squares, the line's squares as bits, and whether they run up
    /// through the square indices (the nearest is then the lowest bit).
    mask: u64,
    ascending: bool,
}

impl Line {
    fn new(from: Square, squares: &[Square], nsq: usize) -> Line {
        let mut line = Line {
            squares: [Square(0); 4],
            len: squares.len() as u8,
            mask: 0,
            ascending: squares.first().is_some_and(|s| s.index() > from.index()),
        };
        line.squares[..squares.len()].copy_from_slice(squares);
        if nsq <= 64 {
            line.mask = squares.iter().fold(0, |m, s| m | 1 << s.index());
        }
        line
    }

    #[inline]
    fn squares(&self) -> &[Square] {
        &self.squares[..usize::from(self.len)]
    }
}

/// The empty squares along `lines`, each counted up to its first piece, square by square.
fn empty_along(lines: &[Line], pos: &Position) -> u32 {
    lines
        .iter()
        .map(|line| {
            line.squares()
                .iter()
                .take_while(|&&s| pos.piece_at(s).is_none())
                .count() as u32
        })
        .sum()
}

/// Per square and each of the 8 directions: up to 4 squares along the line.
fn lines(tables: &Tables) -> Vec<Line> {
    let geo = &tables.geo();
    let dirs = [
        (1, 0),
        (1, 1),
        (0, 1),
        (-1, 1),
        (-1, 0),
        (-1, -1),
        (0, -1),
        (1, -1),
    ];
    geo.squares()
        .flat_map(|sq| {
            let c = geo.coord(sq);
            let (x, y) = (i32::from(c.x), i32::from(c.y));
            dirs.iter().map(move |&(dx, dy)| {
                let squares: Vec<Square> = (1..=4)
                    .map_while(|k| geo.square(x + k * dx, y + k * dy))
                    .collect();
                Line::new(sq, &squares, geo.len())
            })
        })
        .collect()
}

/// On a board of up to 64 squares, per square: the squares one step away and those one or two
/// steps away, as bits (empty on a larger board).
fn near_masks(tables: &Tables) -> Vec<[u64; 2]> {
    let geo = &tables.geo();
    if geo.len() > 64 {
        return Vec::new();
    }
    let distance = distances(tables);
    geo.squares()
        .map(|a| {
            let mut masks = [0u64; 2];
            for b in geo.squares() {
                let d = usize::from(distance[a.index() * 64 + b.index()]);
                for (reach, mask) in masks.iter_mut().enumerate() {
                    if (1..=reach + 1).contains(&d) {
                        *mask |= 1 << b.index();
                    }
                }
            }
            masks
        })
        .collect()
}

/// Per square, as bits (`nsq.div_ceil(64)` words a square): the squares within two king steps
/// and on its [`lines`], every square whose piece the royal danger of a royal there counts.
fn zones(tables: &Tables) -> Vec<u64> {
    let geo = &tables.geo();
    let words = geo.len().div_ceil(64);
    let all_lines = lines(tables);
    let mut zone = vec![0u64; geo.len() * words];
    for sq in geo.squares() {
        let c = geo.coord(sq);
        let (x, y) = (i32::from(c.x), i32::from(c.y));
        let near =
            (-2..=2).flat_map(|dx| (-2..=2).filter_map(move |dy| geo.square(x + dx, y + dy)));
        let on_lines = all_lines[sq.index() * 8..sq.index() * 8 + 8]
            .iter()
            .flat_map(|line| line.squares().iter().copied());
        for s in near.chain(on_lines) {
            zone[sq.index() * words + s.index() / 64] |= 1 << (s.index() % 64);
        }
    }
    zone
}

/// Per piece type: whether it can pass, by its moves from the centre of an empty board (a move
/// back to its square) or by the variant's passing rules.
fn passers(tables: &Arc<Tables>) -> Vec<bool> {
    let spec = &tables.spec();
    let geo = &tables.geo();
    let centre = geo.square(
        i32::from(spec.board.width) / 2,
        i32::from(spec.board.height) / 2,
    );
    let mut board = Position::empty(tables.clone());
    let mut moves = MoveList::new();
    (0..tables.piece_count())
        .map(|t| {
            let ty = PieceType(t as u16);
            let anytime = spec.rules.passing.anytime.contains(&ty);
            let Some(sq) = centre else { return anytime };
            board.put(sq, Some((Player::First, ty)));
            moves.clear();
            board.piece_moves_unchecked(sq, &mut moves);
            board.put(sq, None);
            anytime
                || moves
                    .iter()
                    .any(|m| m.from == m.to && m.side_captures().is_empty())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use koma_runtime::serialize;

    /// Chess's tables (the runtime's compiled test fixture) and their evaluator.
    fn chess() -> (Arc<Tables>, Evaluator) {
        let spec = serialize::decode(include_bytes!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../runtime/tests/data/chess.kvar"
        )))
        .expect("the compiled chess tables");
        let tables: Arc<Tables> = Tables::try_new(spec).expect("valid tables").into();
        let eval = Evaluator::new(&tables);
        (tables, eval)
    }

    /// The open lines from the occupancy bits equal the square-by-square count, from every
    /// square of the positions of a chess game of varied moves (pieces on the lines at every
    /// distance, edges of the board).
    #[test]
    fn open_lines_from_the_bits_match_the_squares() {
        let (tables, eval) = chess();
        let mut pos = Position::start(tables.clone()).expect("start position");
        let mut moves = MoveList::new();
        let mut compared = 0;
        for ply in 0..80 {
            assert!(pos.piece_bits().is_some(), "chess fits 64 squares");
            for sq in tables.geo().squares() {
                let by_squares = eval.open_lines_by_squares(&pos, sq);
                assert_eq!(eval.open_lines(&pos, sq), by_squares, "ply {ply}");
                compared += usize::from(by_squares > 0);
            }
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos.make(moves.get(ply * 11 % moves.len()));
        }
        assert!(compared > 1000, "{compared} squares with open lines");
    }

    /// A lone royal's danger from the occupancy word equals the general count, for both
    /// players along a chess game, with and without the shelter weighed and with 0 to 4
    /// enemy pieces in hand.
    #[test]
    fn a_lone_royals_danger_from_the_word_is_the_general_count() {
        let (tables, plain) = chess();
        let mut weights = Weights::DEFAULT;
        weights.set(Term::RoyalShelter, 5);
        let sheltered = Evaluator::with_weights(&tables, weights);
        let mut pos = Position::start(tables.clone()).expect("start position");
        let mut moves = MoveList::new();
        for ply in 0..80 {
            for player in [Player::First, Player::Second] {
                let &[royal] = pos.royal_squares(player) else {
                    panic!("one king a side");
                };
                let mine = pos.side_words(player)[0];
                let theirs = pos.side_words(player.opponent())[0];
                for eval in [&plain, &sheltered] {
                    for in_hand in 0..=4 {
                        let counted =
                            eval.royal_danger(&pos, player, in_hand, eval.shelter_counts());
                        let cell = &eval.royal_cells[royal.index()];
                        assert_eq!(
                            eval.cell_danger(cell, mine, theirs, in_hand),
                            counted,
                            "ply {ply}"
                        );
                    }
                }
            }
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos.make(moves.get(ply * 11 % moves.len()));
        }
    }

    /// The pieces around a square counted from the evaluation's own masks equal the runtime's
    /// count, from every square of the positions of a chess game, for both players.
    #[test]
    fn pieces_near_from_the_masks_match_the_runtime() {
        let (tables, eval) = chess();
        assert_eq!(eval.near_masks.len(), 64, "chess has the masks");
        let mut pos = Position::start(tables.clone()).expect("start position");
        let mut moves = MoveList::new();
        for ply in 0..80 {
            for sq in tables.geo().squares() {
                for player in [Player::First, Player::Second] {
                    let enemy = player.opponent();
                    let near = [
                        pos.pieces_near(sq, player, 1) as i32,
                        pos.pieces_near(sq, enemy, 1) as i32,
                    ];
                    let around = pos.pieces_near(sq, enemy, 2) as i32;
                    assert_eq!(
                        eval.near_counts(&pos, player, sq, true),
                        (near, around),
                        "ply {ply}"
                    );
                }
            }
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos.make(moves.get(ply * 11 % moves.len()));
        }
    }
}
