//! Enumeration of leg plans into path templates: one direction per leg, relative turns added
//! up (docs/xbetza.md, "Multi-leg moves"), curves, bracket legs, castling and the universal leaper.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::hash::{BuildHasherDefault, Hasher};

use koma_grammar::span::Span;
use koma_grammar::xbetza::{AtomLetter, Betza, Join, Move, Range, SimpleMove};
use koma_runtime::spec::{CastlingSpec, Leg, Modes, PathTemplate};

use super::directions::Shape;
use super::legs::{
    Curve, LegPlan, MovePlan, atom_info, flatten, plan_bracket, plan_move, too_many,
};
use super::{BetzaProblem, BoardSize, Expansion, MAX_TEMPLATES, problem};

/// The templates found so far, deduplicated, with the budget check.
struct Collector {
    /// The index in `expansion.paths` of each template, by a fingerprint of its legs (the next
    /// free fingerprint on the rare collision). Hashing each template once into a `u64`, and
    /// copying its legs only when it is new, made `(aam)3lcdA5` on a 9x1 board (100,000
    /// templates, nearly all duplicates) twice as fast as a `HashSet<PathTemplate>` that
    /// hashed every leg field by field on each probe and rehash (docs/fuzzing.md).
    seen: HashMap<u64, u32, BuildHasherDefault<Prehashed>>,
    expansion: Expansion,
    /// Templates enumerated (before deduplication), for the budget.
    made: usize,
}

/// A 64-bit fingerprint of a template's legs: FxHash-style mixing of each packed leg, then a
/// final avalanche so that every bit of it can index a hash table.
fn fingerprint(legs: &[Leg]) -> u64 {
    let h = legs.iter().fold(legs.len() as u64, |h, l| {
        let packed = u64::from(l.dx as u8)
            | u64::from(l.dy as u8) << 8
            | u64::from(l.range) << 16
            | u64::from(l.modes.0) << 24;
        (h.rotate_left(5) ^ packed).wrapping_mul(0x517c_c1b7_2722_0a95)
    });
    let h = (h ^ (h >> 33)).wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^ (h >> 33)
}

/// The hasher of keys that are already fingerprints.
#[derive(Default)]
struct Prehashed(u64);

impl Hasher for Prehashed {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) | u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

impl Collector {
    fn push(&mut self, legs: &[Leg]) {
        let paths = &mut self.expansion.paths;
        let mut key = fingerprint(legs);
        loop {
            match self.seen.entry(key) {
                Entry::Vacant(v) => {
                    v.insert(paths.len() as u32);
                    paths.push(PathTemplate {
                        legs: legs.to_vec(),
                    });
                    return;
                }
                Entry::Occupied(o) if paths[*o.get() as usize].legs == legs => return,
                Entry::Occupied(_) => key = key.wrapping_add(1),
            }
        }
    }

    /// Reserves room for `n` more templates, or fails before any is made.
    fn reserve(&mut self, n: usize, span: Span) -> Result<(), BetzaProblem> {
        self.made = self.made.saturating_add(n);
        if self.made > MAX_TEMPLATES {
            Err(too_many(span))
        } else {
            Ok(())
        }
    }
}

/// Expands every move of `betza`; all errors of all moves are collected.
pub(crate) fn expand_moves(
    betza: &Betza,
    board: BoardSize,
) -> Result<(Expansion, Vec<BetzaProblem>), Vec<BetzaProblem>> {
    let mut out = Collector {
        seen: HashMap::default(),
        expansion: Expansion::default(),
        made: 0,
    };
    let mut warnings = Vec::new();
    let mut errors = Vec::new();
    for m in &betza.moves {
        let result = match m {
            Move::Simple(s) => expand_simple(s, board, &mut out, &mut warnings),
            Move::Bracket(b) => {
                let mut legs = Vec::new();
                let mut failed = None;
                for leg in &b.legs {
                    match flatten(&leg.prefix, board) {
                        Ok(v) if v.len() == 1 => {
                            legs.push((leg.clone(), v.into_iter().next().unwrap_or_default()))
                        }
                        Ok(_) => {
                            failed = Some(problem(
                                "E0305",
                                "groups cannot be used inside bracket notation",
                                leg.span,
                                "",
                            ))
                        }
                        Err(e) => failed = Some(e),
                    }
                }
                let may_stop: Vec<bool> = b.joins.iter().map(|(j, _)| *j == Join::May).collect();
                match failed {
                    Some(e) => Err(e),
                    None => plan_bracket(&legs, &may_stop, &mut warnings)
                        .and_then(|plan| enumerate(&plan, board, b.span, &mut out)),
                }
            }
        };
        if let Err(e) = result {
            errors.push(e);
            if errors.last().is_some_and(|e| e.code == "E0311") {
                break;
            }
        }
    }
    if errors.is_empty() {
        Ok((out.expansion, warnings))
    } else {
        errors.extend(warnings);
        Err(errors)
    }
}

fn expand_simple(
    m: &SimpleMove,
    board: BoardSize,
    out: &mut Collector,
    warnings: &mut Vec<BetzaProblem>,
) -> Result<(), BetzaProblem> {
    match m.atom.letter {
        AtomLetter::O => return castling(m, board, out),
        AtomLetter::U => return universal(m, board, out, warnings),
        AtomLetter::I => {
            return Err(problem(
                "E0310",
                "`I` (imitator) is not supported",
                m.atom.span,
                "an imitator copies the last move at run time; koma's move tables cannot express it",
            ));
        }
        _ => {}
    }
    let atom = atom_info(m)?;
    for letters in flatten(&m.prefix, board)? {
        let plan = plan_move(&letters, atom, m.span, warnings)?;
        enumerate(&plan, board, m.span, out)?;
    }
    Ok(())
}

/// The directions a leg may take after a leg that went in direction `prev` (absolute index).
fn choices(leg: &LegPlan, prev: Option<u8>) -> impl Iterator<Item = u8> + '_ {
    (0..8u8).filter_map(move |bit| {
        if leg.dirs & (1 << bit) == 0 {
            return None;
        }
        let index = prev.map_or(bit, |p| (p + bit) % 8);
        match leg.outward {
            Some(kind) if kind & (1 << index) == 0 => None,
            _ => Some(index),
        }
    })
}

fn enumerate(
    plan: &MovePlan,
    board: BoardSize,
    span: Span,
    out: &mut Collector,
) -> Result<(), BetzaProblem> {
    if let Some(curve) = plan.curve {
        return curved(&plan.legs[0], curve, board, span, out);
    }
    let estimate = plan.legs.iter().fold(1usize, |n, l| {
        n.saturating_mul(l.dirs.count_ones().max(1) as usize)
    });
    out.reserve(estimate, span)?;
    let mut legs = Vec::with_capacity(plan.legs.len() + 1);
    walk_plan(plan, 0, None, &mut legs, out);
    Ok(())
}

fn walk_plan(
    plan: &MovePlan,
    i: usize,
    prev: Option<u8>,
    legs: &mut Vec<Leg>,
    out: &mut Collector,
) {
    let leg = &plan.legs[i];
    for index in choices(leg, prev) {
        let mark = legs.len();
        if let Some(stop) = leg.stop_modes {
            push_leg(leg, index, stop, legs);
            out.push(legs);
            legs.truncate(mark);
        }
        push_leg(leg, index, leg.modes, legs);
        if i + 1 == plan.legs.len() {
            out.push(legs);
        } else {
            walk_plan(plan, i + 1, Some(index), legs, out);
        }
        legs.truncate(mark);
    }
}

/// Appends the template leg(s) of `leg` in direction `index`.
fn push_leg(leg: &LegPlan, index: u8, modes: Modes, legs: &mut Vec<Leg>) {
    let (dx, dy) = leg.shape.vector(index);
    if leg.knight_lame {
        // `nN` = `afsW`: an orthogonal step along the long side, then a diagonal step.
        let (ox, oy) = if dy.abs() > dx.abs() {
            (0, dy.signum())
        } else {
            (dx.signum(), 0)
        };
        let keep = Modes::INITIAL.0 | Modes::CYLINDER.0 | Modes::TORUS.0;
        legs.push(Leg {
            dx: ox,
            dy: oy,
            range: 1,
            modes: Modes(modes.0 & keep) | Modes::MOVE,
        });
        legs.push(Leg {
            dx: dx.signum(),
            dy: dy.signum(),
            range: 1,
            modes: Modes(modes.0 & !Modes::INITIAL.0),
        });
        return;
    }
    legs.push(Leg {
        dx,
        dy,
        range: leg.range,
        modes,
    });
}

/// `z` and `q`: one template per start direction, sense and length.
fn curved(
    leg: &LegPlan,
    curve: Curve,
    board: BoardSize,
    span: Span,
    out: &mut Collector,
) -> Result<(), BetzaProblem> {
    let longest = match curve {
        Curve::Crooked if leg.range == 0 => board.files.max(board.ranks) as usize - 1,
        Curve::Crooked => leg.range as usize,
        Curve::Circular if leg.range <= 1 => 7,
        Curve::Circular => (leg.range as usize).min(7),
    };
    let turn: u8 = if curve == Curve::Crooked { 2 } else { 1 };
    out.reserve(leg.dirs.count_ones() as usize * 2 * longest, span)?;
    let through = Modes(leg.modes.0 & (Modes::CYLINDER.0 | Modes::TORUS.0)) | Modes::MOVE;
    for start in choices(leg, None) {
        for sense in [turn, 8 - turn] {
            for len in 1..=longest {
                let legs = (0..len)
                    .map(|k| {
                        let index = match curve {
                            Curve::Crooked => (start + if k % 2 == 1 { sense } else { 0 }) % 8,
                            Curve::Circular => ((start as usize + k * sense as usize) % 8) as u8,
                        };
                        let (dx, dy) = leg.shape.vector(index);
                        let mut modes = if k + 1 == len {
                            Modes(leg.modes.0 & !Modes::INITIAL.0)
                        } else {
                            through
                        };
                        if k == 0 {
                            modes = modes | Modes(leg.modes.0 & Modes::INITIAL.0);
                        }
                        Leg {
                            dx,
                            dy,
                            range: 1,
                            modes,
                        }
                    })
                    .collect::<Vec<_>>();
                out.push(&legs);
            }
        }
    }
    Ok(())
}

/// `U`: a leap to every other square of the board.
fn universal(
    m: &SimpleMove,
    board: BoardSize,
    out: &mut Collector,
    warnings: &mut Vec<BetzaProblem>,
) -> Result<(), BetzaProblem> {
    let variants = flatten(&m.prefix, board)?;
    let atom = super::legs::AtomInfo {
        shape: Shape::Straight(1),
        class: super::directions::DirClass::King,
        range: 1,
        half_board: false,
    };
    for letters in variants {
        if let Some((_, span)) = letters.iter().find(|(c, _)| "fblrvsh".contains(*c)) {
            return Err(problem(
                "E0312",
                "`U` takes no direction modifiers",
                *span,
                "`U` leaps to every square of the board",
            ));
        }
        let plan = plan_move(&letters, atom, m.span, warnings)?;
        if plan.legs.len() != 1 || plan.curve.is_some() {
            return Err(problem(
                "E0312",
                "`U` cannot have legs or curves",
                m.span,
                "",
            ));
        }
        // Offsets beyond what a leg can hold are off any board koma supports anyway.
        let (w, h) = (
            i32::from(board.files).min(64),
            i32::from(board.ranks).min(64),
        );
        out.reserve(((2 * w - 1) * (2 * h - 1)) as usize, m.span)?;
        let modes = Modes(plan.legs[0].modes.0 & !Modes::HOP.0);
        for dx in -(w - 1)..w {
            for dy in -(h - 1)..h {
                if (dx, dy) != (0, 0) {
                    out.push(&[Leg {
                        dx: dx as i8,
                        dy: dy as i8,
                        range: 1,
                        modes,
                    }]);
                }
            }
        }
    }
    Ok(())
}

/// `O<n>`: castling with a partner at the edge of the rank (`j`: next to the corner).
fn castling(m: &SimpleMove, board: BoardSize, out: &mut Collector) -> Result<(), BetzaProblem> {
    if let Some((_, span)) = m.suffix.extenders.first() {
        return Err(problem(
            "E0317",
            "castling cannot take an extender",
            *span,
            "write the number of king steps, e.g. `O2`",
        ));
    }
    let steps = match m.suffix.range {
        None => 1,
        Some((Range::Steps(n), _)) if n > 0 => n,
        Some((_, span)) => {
            return Err(problem(
                "E0317",
                "castling needs a number of king steps from 1 to 99",
                span,
                "e.g. `isO2`",
            ));
        }
    };
    let variants = flatten(&m.prefix, board)?;
    for letters in variants {
        let mut left = false;
        let mut right = false;
        let mut inside = false;
        for &(c, span) in &letters {
            match c {
                'i' => {}
                'j' => inside = true,
                'l' => left = true,
                'r' => right = true,
                's' => {
                    left = true;
                    right = true;
                }
                _ => {
                    return Err(problem(
                        "E0317",
                        format!("`{c}` has no meaning on castling"),
                        span,
                        "castling takes `i` (implied anyway), `j` (partner next to the corner) and `l`, `r`, `s`",
                    ));
                }
            }
        }
        if !left && !right {
            left = true;
            right = true;
        }
        for (wanted, direction) in [(left, -1i8), (right, 1)] {
            let spec = CastlingSpec {
                direction,
                king_steps: steps,
                partner_inside: inside,
            };
            if wanted && !out.expansion.castling.contains(&spec) {
                out.expansion.castling.push(spec);
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xbetza::expand;

    const BOARD: BoardSize = BoardSize { files: 9, ranks: 9 };

    fn paths(text: &str) -> Vec<PathTemplate> {
        expand(text, BOARD).expect("valid").0.paths
    }

    #[test]
    fn final_hops_become_a_hop_leg_and_a_straight_leg() {
        let cannon = paths("cpR");
        assert_eq!(cannon.len(), 4);
        for t in &cannon {
            let [hop, rest] = t.legs.as_slice() else {
                panic!("two legs")
            };
            assert_eq!((hop.modes, hop.range), (Modes::HOP, 0));
            assert_eq!((rest.dx, rest.dy, rest.range), (hop.dx, hop.dy, 0));
            assert_eq!(rest.modes, Modes::CAPTURE);
        }
        let grasshopper = paths("gQ");
        assert!(
            grasshopper
                .iter()
                .all(|t| t.legs[1].range == 1 && t.legs[0].range == 0)
        );
    }

    #[test]
    fn range_toggles_are_resolved_per_leg() {
        let griffon = paths("FyafsF");
        let turned: Vec<_> = griffon.iter().filter(|t| t.legs.len() == 2).collect();
        assert_eq!(turned.len(), 8);
        for t in turned {
            assert_eq!(t.legs[0].range, 1);
            assert_eq!(t.legs[1].range, 0);
            assert_eq!(
                t.legs[1].dx.abs() + t.legs[1].dy.abs(),
                1,
                "45 degree turn: F -> W"
            );
        }
    }

    #[test]
    fn lame_knight_is_a_step_and_a_diagonal() {
        let horse = paths("nN");
        assert_eq!(horse.len(), 8);
        for t in &horse {
            let [a, b] = t.legs.as_slice() else {
                panic!("two legs")
            };
            assert_eq!(a.modes, Modes::MOVE);
            assert_eq!((a.dx + b.dx).abs() + (a.dy + b.dy).abs(), 3);
        }
    }

    #[test]
    fn the_fire_demon_fits_the_budget_quickly() {
        let fd = "shQshy(mpacab)2Q(a)2Kmcab(mpacab)1K(a)2mpacabK(a)2mpacabmpacabK";
        let n = expand(
            fd,
            BoardSize {
                files: 16,
                ranks: 16,
            },
        )
        .expect("fire demon")
        .0
        .paths
        .len();
        assert!((20_000..MAX_TEMPLATES).contains(&n), "{n} templates");
    }

    #[test]
    fn castling_specs() {
        let (e, _) = expand("KisO2", BOARD).expect("king");
        assert_eq!(e.castling.len(), 2);
        assert!(
            e.castling
                .iter()
                .all(|c| c.king_steps == 2 && !c.partner_inside)
        );
        let (e, _) = expand("ijlO3", BOARD).expect("long side only");
        assert_eq!(
            e.castling,
            vec![CastlingSpec {
                direction: -1,
                king_steps: 3,
                partner_inside: true
            }]
        );
    }

    #[test]
    fn t_is_a_warning() {
        let (e, warnings) = expand("tR", BOARD).expect("t is ignored");
        assert_eq!(e.paths.len(), 4);
        assert_eq!((warnings[0].code, warnings[0].is_warning), ("W0301", true));
    }
}
