//! The legality strategy: how a variant's legal moves are told from its pseudo-legal ones, and
//! how its attack test finds pieces on a ray. Both are decided once, when the tables are built,
//! from what the variant's rules and pieces allow; every legal move list follows them.

use crate::geometry::ByPlayer;
use crate::spec::{Player, WinCondition};
use crate::tables::Tables;

/// How the legal moves are found, from the most general strategy to the fastest. Each strategy
/// assumes everything the one before it assumes, and more, so an impossible mix (evasions
/// without bulk counting, bulk counting where a rule clause filters) cannot be written down. A
/// variant gets the last strategy whose assumptions it meets ([`Legality::of`]); every slower
/// strategy of the same kind (one that tests royal safety, or one that does not) gives the same
/// legal moves, which a test checks by forcing each (`koma_runtime::testing::with_legality`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Legality {
    /// No move is illegal for what it does to a royal: the win is not by checkmate, or the
    /// variant has no royal type. The legal moves are the pseudo-legal moves the rule clauses
    /// (anti-trade, repetition, passes, compulsory capture) keep; nothing else removes any.
    Unchecked,
    /// The win is by checkmate: a move must leave the mover's royals unattacked, and rule
    /// clauses decide too (a rule filter, burns, freezing, passes, facing royals that must
    /// break). Every pseudo-legal move passes the rule filters, then the royal-safety test
    /// (the checkmate shortcut of `crate::legal` on long lists).
    Tested,
    /// As [`Legality::Tested`], but no rule clause removes a move, burns or freezes, and there
    /// are no passes and no facing royals that must break: a pseudo-legal move is legal exactly
    /// when it leaves the royals safe. So perft's last ply counts the moves the safety test
    /// keeps without building the filtered list: the count is the list's length.
    SafetyDecides,
    /// As [`Legality::SafetyDecides`], and no piece has a multi-leg path and there are no gates:
    /// every move is a ride, a leap, a castling or a drop, with no side capture, pass or igui. Perft's last ply counts
    /// the moves of a piece that is neither royal nor pinned from the occupancy bits
    /// (`crate::count`): when the side to move is not in check and no enemy multi-leg attacker
    /// or burner watches a square (the shortcut says so per node), such a move opens no line
    /// to a royal, so each is legal.
    BulkCount,
    /// As [`Legality::BulkCount`], and every attack of either side is a simple ride or leap
    /// (nothing hops, burns or attacks by a multi-leg path), no royals face each other, no
    /// promotion makes a royal and no square vanishes. A check by a ride or leap then ends only
    /// when the royal steps to a safe square or a move takes the checker or stands between,
    /// and no rule makes any other move legal: in check, the check-evasion generator
    /// (`crate::evasion`) makes just those moves and tests them.
    Evasions,
}

impl Legality {
    /// The fastest strategy whose assumptions the variant of `t` meets. Needs the tables'
    /// pieces, attack data and rule tables built.
    pub(crate) fn of(t: &Tables) -> Legality {
        let rules = &t.spec.rules;
        if rules.royals.win != WinCondition::Checkmate || !t.has_royals {
            return Legality::Unchecked;
        }
        let filters = t.rules.legal_filter
            || t.rules.has_burns()
            || t.rules.burn_check
            || t.rules.explosion.is_some()
            || t.rules.wall.is_some()
            || !t.rules.freezes.is_empty()
            || !rules.passing.anytime.is_empty()
            || rules.passing.twice_ends
            || t.regions.must_break;
        if filters {
            return Legality::Tested;
        }
        // A gating move is generated as a twin of another move (`crate::drops`), which the
        // bulk counter and the check-evasion generator do not make.
        if t.multi_leg || !t.spec.rules.drops.gates.is_empty() {
            return Legality::SafetyDecides;
        }
        let simple = |p: Player| !has_complex_attacks(t, p);
        let evasions = simple(Player::First)
            && simple(Player::Second)
            && !t.regions.facing
            && !t.promotes_royal.iter().any(|&r| r)
            && !t.vanishing.iter().any(|&v| v);
        if evasions {
            Legality::Evasions
        } else {
            Legality::BulkCount
        }
    }

    /// A move must leave the mover's royals safe.
    #[inline]
    pub(crate) fn checks_royals(self) -> bool {
        self >= Legality::Tested
    }

    /// Royal safety alone decides which pseudo-legal moves are legal.
    #[inline]
    pub(crate) fn safety_decides(self) -> bool {
        self >= Legality::SafetyDecides
    }

    /// Perft's last ply counts simple moves from the occupancy bits.
    #[inline]
    pub(crate) fn bulk_counts(self) -> bool {
        self >= Legality::BulkCount
    }

    /// In check, the check-evasion generator makes the legal moves.
    #[inline]
    pub(crate) fn evades(self) -> bool {
        self == Legality::Evasions
    }
}

/// How the attack test and the legality shortcut find the first pieces on a reverse ray from
/// a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RayLookup {
    /// Square by square along the ray.
    Walk,
    /// From the occupancy bits and one mask per ray (`AttackVector::masks`): the board has
    /// at most 64 squares and every reverse ray runs through square indices in one order
    /// (no wrapping), so the first piece is the lowest or highest set bit.
    Bits,
    /// As [`RayLookup::Bits`] on a board over 64 squares, from runs of occupancy words
    /// (`AttackVector::words`). Only where no piece attacks by a multi-leg path or burns:
    /// there the shortcut walks the rays from the royals in its own way, and reading them from
    /// the runs was measured slower than walking (Chu and Dai Shogi, whose rays from a royal
    /// mostly end at the first square or two).
    Words,
}

/// The strategy of a variant's tables: how legality is decided and attacks are found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Strategy {
    pub legality: Legality,
    pub rays: RayLookup,
    /// Positions remember their multi-leg attack walks (`crate::memo`): some piece attacks by
    /// a non-simple path, and the board fits the walks' read sets.
    pub memo: bool,
    /// Per attacking player: after a plain move or a drop, a royal that player did not attack
    /// before is attacked only along the attack vectors through the squares the move changed
    /// ([`Strategy::quick_checks_of`]).
    pub quick_checks: ByPlayer<bool>,
    /// Per attacking player, where `quick_checks` holds but the one-word masks cannot answer
    /// (a board over 64 squares, or multi-leg attackers): `Some(d)`, a royal's rides and leaps
    /// are tested when a changed square lies on its attack lines (`Tables::check_lines`), its
    /// multi-leg attacks when one lies within Chebyshev distance `d` of it
    /// ([`Strategy::near_walks_of`]). `None`: the masks answer.
    pub quick_near: ByPlayer<Option<u8>>,
    /// Per attacking player: `quick_checks` holds, the one-word masks answer (`quick_near` is
    /// `None`) and no `check last-royal-only` rule asks first: the royal test after a move
    /// goes straight to the masks.
    pub quick_masks: ByPlayer<bool>,
}

impl Strategy {
    /// The placeholder a table starts with, until its attack data decides (`Tables::build`).
    pub(crate) fn undecided() -> Strategy {
        Strategy {
            legality: Legality::Unchecked,
            rays: RayLookup::Walk,
            memo: false,
            quick_checks: ByPlayer::default(),
            quick_near: ByPlayer::default(),
            quick_masks: ByPlayer::default(),
        }
    }

    /// The strategy of `t`, whose rays are found by `rays` (they are built with the attack
    /// data: `Tables::build_ray_lookup`).
    pub(crate) fn of(t: &Tables, rays: RayLookup) -> Strategy {
        let complex = |p: Player| has_complex_attacks(t, p);
        Strategy {
            legality: Legality::of(t),
            rays,
            memo: t.geo.len() <= crate::legal::READ_WORDS * 64
                && (complex(Player::First) || complex(Player::Second)),
            quick_checks: ByPlayer::new(
                Strategy::quick_checks_of(t, rays, Player::First),
                Strategy::quick_checks_of(t, rays, Player::Second),
            ),
            quick_near: ByPlayer::new(
                Strategy::quick_near_of(t, rays, Player::First),
                Strategy::quick_near_of(t, rays, Player::Second),
            ),
            quick_masks: ByPlayer::new(
                Strategy::quick_masks_of(t, rays, Player::First),
                Strategy::quick_masks_of(t, rays, Player::Second),
            ),
        }
    }

    /// Whether `by`'s attacks on a royal after a move can be read from the squares the move
    /// changed. Then every attack of `by` is a simple ride or leap, whose answer depends only
    /// on the cells of its reverse ray, or a multi-leg path of bounded reach
    /// ([`Strategy::quick_near_of`]); nothing freezes, burns, explodes or faces; make changes
    /// no cell beyond the move's own squares (no flipping, walls or gates); and a side not in
    /// check has no attacked royal (no `check duple`; under `check last-royal-only` the test
    /// asks only a side with one royal, the same before the move).
    fn quick_checks_of(t: &Tables, rays: RayLookup, by: Player) -> bool {
        let rules = &t.spec.rules;
        (Self::masks_answer(t, rays, by) || Self::near_walks_of(t, by).is_some())
            && !t.rules.burn_check
            && !t.rules.has_burns()
            && t.rules.explosion.is_none()
            && t.rules.freezes.is_empty()
            && t.rules.wall.is_none()
            && rules.drops.gates.is_empty()
            && !rules.flip_enclosed
            && !t.regions.facing
            && !t.vanishing.iter().any(|&v| v)
            && !rules.royals.duple
    }

    /// Whether `by`'s quick checks are read from the one-word masks with no rule test first
    /// (see [`Strategy::quick_masks`]).
    fn quick_masks_of(t: &Tables, rays: RayLookup, by: Player) -> bool {
        Self::quick_checks_of(t, rays, by)
            && Self::quick_near_of(t, rays, by).is_none()
            && !t.spec.rules.royals.check_last_only
    }

    /// Where the one-word masks cannot answer `by`'s quick checks: how near a changed square
    /// must lie to a royal to open a multi-leg attack on it (see [`Strategy::near_walks_of`]).
    fn quick_near_of(t: &Tables, rays: RayLookup, by: Player) -> Option<u8> {
        if Self::masks_answer(t, rays, by) || !Self::quick_checks_of(t, rays, by) {
            return None;
        }
        Self::near_walks_of(t, by)
    }

    /// Whether the one-word masks answer `by`'s quick checks: every attack of `by` is a simple
    /// ride or leap read from the occupancy bits.
    fn masks_answer(t: &Tables, rays: RayLookup, by: Player) -> bool {
        rays == RayLookup::Bits && !has_complex_attacks(t, by)
    }

    /// Twice the longest reach of `by`'s multi-leg captures (0 without them): an attacker by
    /// such a path stands within its reach of the royal, and its walk reads only squares
    /// within that reach of the attacker, so a move that changes no square that near the
    /// royal opens no such attack. `None` when a walk may depend on more: an unbounded reach,
    /// e.p., or a never-moved mark that a move can clear away from its own squares
    /// (castling, `lost-when-aimed`) or that reads the check (`not-in-check`).
    fn near_walks_of(t: &Tables, by: Player) -> Option<u8> {
        if !t.far_complex.get(by).is_empty() {
            return None;
        }
        let walkers = || {
            t.pieces
                .iter()
                .map(|p| p.get(by))
                .filter(|p| p.has_complex_attack)
        };
        let reach = walkers().filter_map(|p| p.complex_reach).max().unwrap_or(0);
        let first = &t.spec.rules.first_moves;
        let marks_move = t.castle_only.iter().chain(&t.partner_only).any(|&c| c)
            || !first.lost_when_aimed.is_empty()
            || !first.not_in_check.is_empty();
        if reach > 0 && (marks_move || walkers().any(|p| p.takes_ep)) {
            return None;
        }
        Some(2 * reach)
    }
}

/// Whether some attack of `by` is not a simple ride or leap: a multi-leg path near or far.
fn has_complex_attacks(t: &Tables, by: Player) -> bool {
    *t.near_complex.get(by) || !t.far_complex.get(by).is_empty()
}
