//! Large-shogi rule effects that the rules section states as data and that no XBetza string can
//! say: burning, freezing, anti-trade and pass repetition. [`RuleTables`] compiles the clauses
//! once per variant; the submodules apply them to generated moves.
//!
//! Every rule is one general mechanism driven by the clause's parameters (`spec::BurnSpec`,
//! `spec::FreezeSpec`, `spec::AntiTradeSpec`, `spec::PassSpec`); nothing here knows a variant.
//! Variants without these clauses pay one flag test per generation call.

mod anti_trade;
mod burn;
mod captured;
mod castling_wins;
mod checks;
mod counting;
mod enclose;
mod endings;
mod enter;
mod explode;
mod first_move;
mod freeze;
mod goal;
mod no_pieces;
mod perpetual;
mod petrify;
mod repeat;
mod repetition;
pub(crate) mod state;
mod wall;

pub use counting::CountState;

use crate::cell::Cell;
use crate::geometry::{ByPlayer, Geometry, Square};
use crate::spec::{Player, RulesSpec, WinCondition};
use crate::walk::PathEnd;

/// A burn clause with its areas resolved to squares.
#[derive(Clone, Debug)]
pub(crate) struct CBurn {
    /// Per piece type: burns.
    pub burner: Vec<bool>,
    /// Per piece type: cannot be burned.
    pub immune: Vec<bool>,
    /// Per player and square: the squares a burner of that player standing there burns.
    pub area: ByPlayer<Vec<Vec<Square>>>,
    /// Per player and square: the squares from which a burner of that player burns it.
    pub reverse: ByPlayer<Vec<Vec<Square>>>,
    pub choose_up_to: Option<u8>,
    pub active: bool,
    pub passive: bool,
    pub meets_dies: bool,
    pub on_promotion: bool,
    /// Per piece type that is no burner: with `on_promotion`, a burner it may promote into
    /// (it burns on arrival when the move promotes).
    pub promotes_into: Vec<Option<crate::spec::PieceType>>,
}

/// A freeze clause with its area resolved to squares.
#[derive(Clone, Debug)]
pub(crate) struct CFreeze {
    pub freezer: Vec<bool>,
    pub immune: Vec<bool>,
    /// Per player and square: the squares from which a freezer of that player freezes it.
    pub reverse: ByPlayer<Vec<Vec<Square>>>,
}

/// The `explode` clause with its area resolved to squares.
#[derive(Clone, Debug)]
pub(crate) struct CExplode {
    /// Per piece type: survives an explosion next to it.
    pub immune: Vec<bool>,
    /// Per player and square: the squares an explosion of that player's move there reaches.
    pub area: ByPlayer<Vec<Vec<Square>>>,
}

/// The compiled rule clauses of a variant, and flags that let generation skip them.
#[derive(Clone, Debug, Default)]
pub(crate) struct RuleTables {
    pub burns: Vec<CBurn>,
    pub freezes: Vec<CFreeze>,
    /// Some active burn can remove a royal, and royals must not be left attacked.
    pub burn_check: bool,
    /// Legal-move filters beyond the checkmate test: anti-trade, pass deviation, repetition,
    /// no checks, compulsory capture.
    pub legal_filter: bool,
    /// Per piece type: burns by choice (its XBetza burn legs are ignored).
    pub choose_burner: Vec<bool>,
    /// Per player and piece type: how many the setup gives (`promotion captured-only`).
    pub start_counts: ByPlayer<Vec<u16>>,
    /// Per player, its `goal` clauses.
    pub goals: ByPlayer<Vec<goal::CGoal>>,
    /// Some player has a goal.
    pub has_goals: bool,
    /// `explode` (`explode.rs`).
    pub explosion: Option<CExplode>,
    /// `wall` (`wall.rs`).
    pub wall: Option<wall::CWall>,
    /// Per piece type: petrifies when it captures (`petrify.rs`); empty without the clause.
    pub petrify: Vec<bool>,
    /// Per piece type: some anti-trade clause names it a victim (`anti_trade.rs`).
    pub trade_victim: Vec<bool>,
}

impl RuleTables {
    pub fn new(
        geo: &Geometry,
        rules: &RulesSpec,
        pieces: &[crate::spec::PieceSpec],
        ntypes: usize,
    ) -> RuleTables {
        let flags = |ids: &[crate::spec::PieceType]| type_flags(ids, ntypes);
        let burns: Vec<CBurn> = rules
            .burning
            .iter()
            .map(|b| compile_burn(geo, b, pieces, ntypes))
            .collect();
        let freezes = rules
            .freezing
            .iter()
            .map(|f| CFreeze {
                freezer: flags(&f.freezers),
                immune: flags(&f.immune),
                reverse: areas(geo, &f.area).1,
            })
            .collect();
        let mut choose_burner = vec![false; ntypes];
        for b in burns
            .iter()
            .filter(|b| b.choose_up_to.is_some() && b.active)
        {
            for (t, &f) in b.burner.iter().enumerate() {
                choose_burner[t] |= f;
            }
        }
        RuleTables {
            choose_burner,
            burn_check: rules.royals.win == WinCondition::Checkmate
                && burns.iter().any(|b| b.active),
            legal_filter: filters_legal_moves(rules),
            goals: goal::compile(geo, &rules.goals, ntypes),
            has_goals: !rules.goals.is_empty(),
            explosion: rules.explosion.as_ref().map(|e| CExplode {
                immune: flags(&e.immune),
                area: areas(geo, &e.area).0,
            }),
            wall: rules.wall.as_ref().map(|w| wall::compile(geo, w)),
            petrify: if rules.petrify.is_empty() {
                Vec::new()
            } else {
                flags(&rules.petrify)
            },
            trade_victim: flags(
                &rules
                    .anti_trade
                    .iter()
                    .flat_map(|a| a.victims.iter().copied())
                    .collect::<Vec<_>>(),
            ),
            burns,
            freezes,
            start_counts: ByPlayer::default(),
        }
    }

    /// Adds what the rules read from the setup (`promotion captured-only`).
    pub fn with_setup(mut self, spec: &crate::spec::VariantSpec) -> RuleTables {
        if spec.rules.promotion.captured_only {
            self.start_counts = captured::start_counts(spec);
        }
        self
    }

    /// Whether a path end of the piece `mover` from `from` is a burn written as XBetza locust
    /// legs (a capture by a leg that starts away from the origin, as in Suzumu's verbatim Fire
    /// Demon `shy(mpacab)2Q`) for a piece whose burns a `choose` clause generates: such ends
    /// are dropped so that the clause, with its immunity and limit, is the only burn.
    pub fn is_burn_leg_end(&self, mover: Cell, from: Square, e: &PathEnd<'_>) -> bool {
        let ty = usize::from(mover.piece_type().0);
        if !self.choose_burner.get(ty).copied().unwrap_or(false) {
            return false;
        }
        e.victims.iter().any(|v| {
            e.stops.iter().position(|s| s == v).is_some_and(|i| {
                let start = if i == 0 { from } else { e.stops[i - 1] };
                start != from
            })
        })
    }

    /// Per piece type: it burns actively, or may promote into a type that does (the pieces
    /// whose moves can give burn check).
    pub fn potential_burners(&self, spec: &crate::spec::VariantSpec) -> Vec<bool> {
        let ntypes = spec.pieces.len();
        let mut out = vec![false; ntypes];
        for b in self.burns.iter().filter(|b| b.active) {
            for (t, piece) in spec.pieces.iter().enumerate() {
                let burns = |ty: usize| b.burner.get(ty).copied().unwrap_or(false);
                out[t] |= burns(t) || piece.promotions.iter().any(|p| burns(usize::from(p.0)));
            }
        }
        out
    }

    /// Whether any burn clause exists.
    #[inline]
    pub fn has_burns(&self) -> bool {
        !self.burns.is_empty()
    }
}

/// Per player and square, the squares of an area given as first-player offsets (rotated 180
/// degrees for the second player), and the reverse relation.
#[allow(clippy::type_complexity)]
fn areas(
    geo: &Geometry,
    offsets: &[(i8, i8)],
) -> (ByPlayer<Vec<Vec<Square>>>, ByPlayer<Vec<Vec<Square>>>) {
    let mut area = ByPlayer::<Vec<Vec<Square>>>::default();
    let mut reverse = ByPlayer::<Vec<Vec<Square>>>::default();
    for player in [Player::First, Player::Second] {
        let sign = if player == Player::First { 1 } else { -1 };
        let mut fwd = vec![Vec::new(); geo.len()];
        let mut rev = vec![Vec::new(); geo.len()];
        for sq in geo.squares() {
            let c = geo.coord(sq);
            for &(dx, dy) in offsets {
                let (x, y) = (
                    i32::from(c.x) + sign * i32::from(dx),
                    i32::from(c.y) + sign * i32::from(dy),
                );
                if let Some(to) = geo.square(x, y)
                    && to != sq
                    && !fwd[sq.index()].contains(&to)
                {
                    fwd[sq.index()].push(to);
                    rev[to.index()].push(sq);
                }
            }
        }
        *area.get_mut(player) = fwd;
        *reverse.get_mut(player) = rev;
    }
    (area, reverse)
}

/// A flag per piece type, set for `ids`.
fn type_flags(ids: &[crate::spec::PieceType], ntypes: usize) -> Vec<bool> {
    let mut v = vec![false; ntypes];
    for t in ids {
        if let Some(f) = v.get_mut(usize::from(t.0)) {
            *f = true;
        }
    }
    v
}

/// One `burn` clause as the move generator reads it.
fn compile_burn(
    geo: &Geometry,
    b: &crate::spec::BurnSpec,
    pieces: &[crate::spec::PieceSpec],
    ntypes: usize,
) -> CBurn {
    let (area, reverse) = areas(geo, &b.area);
    let promotes_into = pieces
        .iter()
        .map(|p| {
            p.promotions
                .iter()
                .copied()
                .find(|c| b.on_promotion && b.burners.contains(c))
        })
        .collect();
    CBurn {
        promotes_into,
        burner: type_flags(&b.burners, ntypes),
        immune: type_flags(&b.immune, ntypes),
        area,
        reverse,
        choose_up_to: b.choose_up_to,
        active: b.active,
        passive: b.passive,
        meets_dies: b.burner_meets_burner_dies,
        on_promotion: b.on_promotion,
    }
}

/// Whether a rule removes moves from the pseudo-legal list (the legality strategy's filter).
fn filters_legal_moves(rules: &RulesSpec) -> bool {
    !rules.anti_trade.is_empty()
        || rules.passing.first_passer_deviates
        || rules.promotion.captured_only
        || !rules.promotion.limits.is_empty()
        || rules.repeat.is_some_and(|r| !r.loses)
        || rules.royals.check_forbidden
        || rules.drops.no_check
        || rules.royals.check_royal_captures_only
        || rules.compulsory()
        || !rules.drops.opposite_colours.is_empty()
}
