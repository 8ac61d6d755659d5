//! From one parsed move to leg plans: groups repeated textually, legs split at `a`, each
//! leg's direction letters and mode letters read (docs/xbetza.md, "Modes" to "Groups").

use koma_grammar::span::Span;
use koma_grammar::xbetza::{AtomLetter, Extender, Prefix, Range, SimpleMove};
use koma_runtime::spec::Modes;

use super::directions::{DirClass, DirSet, NOT_BACK, Shape, is_mirror_symmetric, select};
use super::{BetzaProblem, BoardSize, problem};

/// Most modifier strings one move's groups may repeat into before expansion gives up.
const MAX_VARIANTS: usize = 4096;

/// What an ordinary atom is: its leap, how its first leg reads directions, its range.
#[derive(Clone, Copy, Debug)]
pub(crate) struct AtomInfo {
    pub shape: Shape,
    pub class: DirClass,
    /// 0 = unlimited.
    pub range: u8,
    /// `*` range: up to the middle of the board.
    pub half_board: bool,
}

/// One leg of a move, before directions are enumerated.
#[derive(Clone, Debug)]
pub(crate) struct LegPlan {
    pub shape: Shape,
    /// Absolute directions on the first leg, turns relative to the previous leg later.
    pub dirs: DirSet,
    /// Bracket legs without direction letters: the turns that keep the atom's own kind.
    pub outward: Option<DirSet>,
    pub range: u8,
    pub modes: Modes,
    /// `nN`: the leap is made as an orthogonal step and a diagonal step (Xiangqi horse).
    pub knight_lame: bool,
    /// Bracket `?`: a template also ends after this leg, with these final modes.
    pub stop_modes: Option<Modes>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Curve {
    /// `z`: alternating 90 degree turns.
    Crooked,
    /// `q`: 45 degree turns, always the same way.
    Circular,
}

/// One move (one flat modifier string) ready for enumeration.
#[derive(Clone, Debug)]
pub(crate) struct MovePlan {
    pub legs: Vec<LegPlan>,
    pub curve: Option<Curve>,
}

/// The atom's geometry, with extenders and range applied.
pub(crate) fn atom_info(m: &SimpleMove) -> Result<AtomInfo, BetzaProblem> {
    use AtomLetter::*;
    let (mut a, mut b, class, mut range) = match m.atom.letter {
        W => (0, 1, DirClass::Orthogonal, 1),
        F => (1, 1, DirClass::Diagonal, 1),
        D => (0, 2, DirClass::Orthogonal, 1),
        N => (1, 2, DirClass::Oblique, 1),
        A => (2, 2, DirClass::Diagonal, 1),
        H => (0, 3, DirClass::Orthogonal, 1),
        C => (1, 3, DirClass::Oblique, 1),
        Z => (2, 3, DirClass::Oblique, 1),
        G => (3, 3, DirClass::Diagonal, 1),
        K => (0, 1, DirClass::King, 1),
        Q => (0, 1, DirClass::King, 0),
        R => (0, 1, DirClass::Orthogonal, 0),
        B => (1, 1, DirClass::Diagonal, 0),
        O | U | I => unreachable_atom(m)?,
    };
    for (ext, span) in &m.suffix.extenders {
        if matches!(m.atom.letter, K | Q | R | B) {
            return Err(problem(
                "E0312",
                format!("`{}` cannot take an extender", m.atom.written),
                *span,
                "extenders lengthen leapers, e.g. `WX` or `NY`",
            ));
        }
        match ext {
            Extender::X => b += 3,
            Extender::Y => {
                a += 2;
                b += 2;
            }
        }
        if b > 24 {
            return Err(problem(
                "E0312",
                "this leap is longer than any board",
                *span,
                "use fewer extenders",
            ));
        }
    }
    let shape = Shape::of(a, b);
    let class = match (class, shape) {
        (DirClass::King, _) => DirClass::King,
        (_, Shape::Oblique(..)) => DirClass::Oblique,
        (_, Shape::Straight(_)) if a == 0 => DirClass::Orthogonal,
        _ => DirClass::Diagonal,
    };
    let mut half_board = false;
    if m.suffix.doubled.is_some() {
        range = 0;
    }
    if let Some((r, span)) = m.suffix.range {
        range = match r {
            Range::Steps(n) => n,
            Range::HalfBoard => {
                half_board = true;
                0
            }
            Range::Exact(n) => {
                return Err(problem(
                    "E0306",
                    format!("exact ranges like `0{n}` are not supported"),
                    span,
                    "no implementation of XBetza has them; write the steps as legs, e.g. `mafafW` is exactly three W steps",
                ));
            }
        };
    }
    Ok(AtomInfo {
        shape,
        class,
        range,
        half_board,
    })
}

fn unreachable_atom(m: &SimpleMove) -> Result<(i8, i8, DirClass, u8), BetzaProblem> {
    Err(problem(
        "E0310",
        format!("`{}` is not an ordinary atom here", m.atom.written),
        m.atom.span,
        "",
    ))
}

/// Every modifier string the move's groups repeat into, letters with their spans.
pub(crate) fn flatten(
    prefix: &[Prefix],
    board: BoardSize,
) -> Result<Vec<Vec<(char, Span)>>, BetzaProblem> {
    let mut out: Vec<Vec<(char, Span)>> = vec![Vec::new()];
    for item in prefix {
        match item {
            Prefix::Letter { letter, span } => {
                out.iter_mut().for_each(|v| v.push((*letter, *span)))
            }
            Prefix::Group { items, count, span } => {
                let reps = match count {
                    Some(c) if c.value == 0 => {
                        return Err(problem(
                            "E0316",
                            "a group repeated `0` times is undefined",
                            c.span,
                            "write `(G)` for any number of repetitions or `(G)n` for at most n",
                        ));
                    }
                    Some(c) => c.value as usize,
                    // Unlimited: no path can use more repetitions than a line of the board has squares.
                    None => board.files.max(board.ranks) as usize - 1,
                };
                let inner = flatten(items, board)?;
                let mut next = Vec::new();
                for base in &out {
                    let mut layer = vec![base.clone()];
                    next.extend(layer.iter().cloned());
                    for _ in 0..reps {
                        let grown = layer.len().saturating_mul(inner.len());
                        if next.len().saturating_add(grown) > MAX_VARIANTS {
                            return Err(too_many(*span));
                        }
                        layer = layer
                            .iter()
                            .flat_map(|l| {
                                inner.iter().map(move |i| [l.clone(), i.clone()].concat())
                            })
                            .collect();
                        if next.len() + layer.len() > MAX_VARIANTS {
                            return Err(too_many(*span));
                        }
                        next.extend(layer.iter().cloned());
                    }
                }
                out = next;
            }
        }
    }
    Ok(out)
}

pub(crate) fn too_many(span: Span) -> BetzaProblem {
    problem(
        "E0311",
        "this move expands into too many paths",
        span,
        "give repeated groups a count, e.g. `(a)2K` instead of `(a)K`, or split the move",
    )
}

/// Letters of one leg, sorted into directions and modes.
struct LegLetters {
    dirs: Vec<(char, Span)>,
    modes: Vec<(char, Span)>,
}

fn split_legs(letters: &[(char, Span)]) -> Vec<LegLetters> {
    let mut legs = vec![LegLetters {
        dirs: Vec::new(),
        modes: Vec::new(),
    }];
    for &(c, span) in letters {
        match c {
            'a' => legs.push(LegLetters {
                dirs: Vec::new(),
                modes: Vec::new(),
            }),
            'f' | 'b' | 'l' | 'r' | 'v' | 's' | 'h' => {
                legs.last_mut().map_or((), |l| l.dirs.push((c, span)))
            }
            _ => legs.last_mut().map_or((), |l| l.modes.push((c, span))),
        }
    }
    legs
}

/// The mode letters of one leg, read.
#[derive(Default)]
struct LegModes {
    modes: Modes,
    /// Some of `m c d k e y` (decides the final-leg default).
    says_destination: bool,
    hop: bool,
    toggle: bool,
    n: u8,
    jump: Option<Span>,
    lame: Option<Span>,
    initial: bool,
    curve: Option<Curve>,
    wrap: u8,
}

/// The modes and flags of one leg's modifier letters.
// long: a table, one arm per modifier letter.
fn read_modes(
    letters: &[(char, Span)],
    is_final: bool,
    warnings: &mut Vec<BetzaProblem>,
) -> Result<LegModes, BetzaProblem> {
    let mut r = LegModes::default();
    for &(c, span) in letters {
        let flag = match c {
            'm' => Modes::MOVE,
            'c' => Modes::CAPTURE,
            'd' => Modes::DESTROY,
            'k' => Modes::ROYAL_CAPTURE,
            'e' if !is_final => {
                return Err(problem(
                    "E0318",
                    "`e` (en passant) only works on the last leg",
                    span,
                    "write `e` on the final leg, e.g. `fceF`",
                ));
            }
            'e' => Modes::EN_PASSANT,
            'y' => {
                r.toggle = true;
                Modes::MOVE
            }
            'p' | 'g' => {
                r.hop = true;
                r.toggle |= c == 'g';
                Modes(0)
            }
            'n' => {
                r.n += 1;
                r.lame = Some(span);
                Modes(0)
            }
            'j' => {
                r.jump = Some(span);
                Modes(0)
            }
            'i' => {
                r.initial = true;
                Modes(0)
            }
            'u' => Modes::UNLOAD,
            'o' => {
                r.wrap += 1;
                Modes(0)
            }
            'z' => {
                r.curve = Some(Curve::Crooked);
                Modes(0)
            }
            'q' => {
                r.curve = Some(Curve::Circular);
                Modes(0)
            }
            'x' => {
                return Err(problem(
                    "E0310",
                    "`x` (relay) is not supported",
                    span,
                    "relay moves borrow another piece's moves at run time; koma's move tables cannot express them",
                ));
            }
            'w' => {
                return Err(problem(
                    "E0309",
                    "`w` has no meaning in XBetza",
                    span,
                    "remove it",
                ));
            }
            't' => {
                warnings.push(super::warning(
                    "W0301",
                    "`t` has no meaning in the Interactive Diagram and is ignored",
                    span,
                    "remove it",
                ));
                Modes(0)
            }
            _ => {
                return Err(problem(
                    "E0309",
                    format!("`{c}` is not a modifier"),
                    span,
                    "",
                ));
            }
        };
        r.says_destination |= matches!(c, 'm' | 'c' | 'd' | 'k' | 'e' | 'y');
        r.modes = r.modes | flag;
    }
    Ok(r)
}

/// Toggles a range: a leaper becomes a rider, anything else a one-step leaper.
fn toggle(range: u8) -> u8 {
    if range == 1 { 0 } else { 1 }
}

/// The leg plans of one flat modifier string on `atom`.
pub(crate) fn plan_move(
    letters: &[(char, Span)],
    atom: AtomInfo,
    move_span: Span,
    warnings: &mut Vec<BetzaProblem>,
) -> Result<MovePlan, BetzaProblem> {
    let groups = split_legs(letters);
    let count = groups.len();
    let (parsed, curve, wrap) = read_legs(&groups, move_span, warnings)?;
    let mut legs = Vec::new();
    let mut range = atom.range;
    for (i, (g, m)) in groups.iter().zip(parsed).enumerate() {
        let first = i == 0;
        let is_final = i + 1 == count;
        let dirs = leg_directions(g, atom, first, move_span)?;
        let (modes, knight_lame) = leg_modes(&m, atom, first, range, wrap)?;
        let destination = if m.says_destination {
            Modes(0)
        } else if is_final {
            Modes::MOVE | Modes::CAPTURE
        } else if m.hop {
            Modes(0)
        } else {
            Modes::MOVE
        };
        let leg_range = range;
        if m.toggle {
            range = toggle(range);
        }
        if is_final && m.hop {
            // `pR`: ride to the first piece and hop it, then go on straight with the leg's range.
            let hop_modes =
                Modes(modes.0 & (Modes::INITIAL.0 | Modes::CYLINDER.0 | Modes::TORUS.0))
                    | Modes::HOP;
            legs.push(leg(atom.shape, dirs, leg_range, hop_modes, knight_lame));
            let rest =
                Modes(modes.0 & !(Modes::INITIAL.0 | Modes::LAME.0 | Modes::JUMP.0)) | destination;
            legs.push(leg(atom.shape, 1, range, rest, false));
        } else {
            let hop = if m.hop { Modes::HOP } else { Modes(0) };
            legs.push(leg(
                atom.shape,
                dirs,
                leg_range,
                modes | destination | hop,
                knight_lame,
            ));
        }
    }
    Ok(MovePlan { legs, curve })
}

/// The modifiers of every leg, and what holds for the whole move: its curve and its board
/// wrapping (`o` cylinder, `oo` torus).
fn read_legs(
    groups: &[LegLetters],
    move_span: Span,
    warnings: &mut Vec<BetzaProblem>,
) -> Result<(Vec<LegModes>, Option<Curve>, Modes), BetzaProblem> {
    let count = groups.len();
    let mut curve = None;
    let mut wrap = Modes(0);
    let mut parsed = Vec::new();
    for (i, g) in groups.iter().enumerate() {
        let m = read_modes(&g.modes, i + 1 == count, warnings)?;
        if m.wrap > 0 {
            wrap = wrap | Modes::CYLINDER;
        }
        if m.wrap > 1 {
            wrap = wrap | Modes::TORUS;
        }
        if let Some(c) = m.curve {
            if count > 1 {
                return Err(problem(
                    "E0313",
                    "curved moves (`z`, `q`) cannot have legs",
                    move_span,
                    "write the curve as a move of its own, e.g. `zB`",
                ));
            }
            curve = Some(c);
        }
        parsed.push(m);
    }
    Ok((parsed, curve, wrap))
}

/// The directions of one leg: the first leg's relative to the board, a continuation's relative
/// to the leg before (any but back when none is written).
fn leg_directions(
    g: &LegLetters,
    atom: AtomInfo,
    first: bool,
    move_span: Span,
) -> Result<DirSet, BetzaProblem> {
    let class = if first { atom.class } else { DirClass::King };
    let dirs = match select(class, &g.dirs)? {
        Some(set) => set,
        None if first => class.all(),
        None => NOT_BACK,
    };
    if !first && matches!(atom.shape, Shape::Oblique(..)) && !is_mirror_symmetric(dirs) {
        let span = g
            .dirs
            .first()
            .map_or(move_span, |d| d.1.to(g.dirs[g.dirs.len() - 1].1));
        return Err(problem(
            "E0308",
            "left and right are undefined on continuation legs of oblique atoms",
            span,
            "use a symmetric choice (`f`, `s`, `fs`, `v`) or write the legs with W and F steps",
        ));
    }
    Ok(dirs)
}

/// The modes of one leg before its destination is added, and whether it is a lame knight's.
fn leg_modes(
    m: &LegModes,
    atom: AtomInfo,
    first: bool,
    range: u8,
    wrap: Modes,
) -> Result<(Modes, bool), BetzaProblem> {
    let mut modes = m.modes | wrap;
    if first && m.initial {
        modes = modes | Modes::INITIAL;
    } else if m.initial {
        modes = modes | Modes::ISO;
    }
    if first && atom.half_board {
        modes = modes | Modes::HALF_BOARD | Modes::CREATES_EP;
    }
    let mut knight_lame = false;
    if let Some(span) = m.lame {
        knight_lame = lame_flags(&mut modes, atom.shape, range, m.n >= 2 || m.initial, span)?;
    }
    if let Some(span) = m.jump {
        jump_flags(&mut modes, atom.shape, range, span)?;
    }
    Ok((modes, knight_lame))
}

fn leg(shape: Shape, dirs: DirSet, range: u8, modes: Modes, knight_lame: bool) -> LegPlan {
    LegPlan {
        shape,
        dirs,
        outward: None,
        range,
        modes,
        knight_lame,
        stop_modes: None,
    }
}

/// `n`: lame on long straight leaps, e.p. rights on steps and slides, Xiangqi horse on `N`.
/// Returns whether the leg is a lame knight leap.
fn lame_flags(
    modes: &mut Modes,
    shape: Shape,
    range: u8,
    creates_ep: bool,
    span: Span,
) -> Result<bool, BetzaProblem> {
    match shape {
        Shape::Straight(1) => *modes = *modes | Modes::CREATES_EP,
        Shape::Straight(_) => {
            *modes = *modes | Modes::LAME;
            if creates_ep {
                *modes = *modes | Modes::CREATES_EP;
            }
        }
        Shape::Oblique(1, 2) if range == 1 => return Ok(true),
        Shape::Oblique(..) => {
            return Err(problem(
                "E0314",
                "`n` on this oblique atom is undefined",
                span,
                "koma reads `nN` as the Xiangqi horse (`afsW`); for other oblique leaps write the path as legs",
            ));
        }
    }
    Ok(false)
}

/// `j`: must jump on long leaps, skip the first square on slides.
fn jump_flags(modes: &mut Modes, shape: Shape, range: u8, span: Span) -> Result<(), BetzaProblem> {
    match shape {
        Shape::Straight(1) if range == 1 => Err(problem(
            "E0314",
            "`j` on a one-step leap has nothing to jump",
            span,
            "`j` makes a slider skip its first square, e.g. `jR`",
        )),
        Shape::Straight(_) => {
            *modes = *modes | Modes::JUMP;
            Ok(())
        }
        Shape::Oblique(..) => Err(problem(
            "E0314",
            "`j` on oblique atoms is undefined",
            span,
            "write the jump as legs, e.g. `pafsW`",
        )),
    }
}

/// The leg plans of a bracket move `[F?R]` (docs/xbetza.md, "Groups").
pub(crate) fn plan_bracket(
    legs_in: &[(SimpleMove, Vec<(char, Span)>)],
    may_stop: &[bool],
    warnings: &mut Vec<BetzaProblem>,
) -> Result<MovePlan, BetzaProblem> {
    let mut legs = Vec::new();
    let count = legs_in.len();
    for (i, (m, letters)) in legs_in.iter().enumerate() {
        if let Some((_, span)) = letters.iter().find(|(c, _)| *c == 'a') {
            return Err(problem(
                "E0305",
                "`a` cannot be used inside bracket notation",
                *span,
                "join the legs with `-` or `?`",
            ));
        }
        let atom = atom_info(m)?;
        let groups = split_legs(letters);
        let g = &groups[0];
        let is_final = i + 1 == count;
        let md = read_modes(
            &g.modes,
            is_final || may_stop.get(i).copied().unwrap_or(false),
            warnings,
        )?;
        if md.curve.is_some() || md.hop || md.wrap > 0 {
            return Err(problem(
                "E0305",
                "this modifier is not supported inside bracket notation",
                m.span,
                "use `a` legs instead",
            ));
        }
        if i > 0 && matches!(atom.shape, Shape::Oblique(..)) {
            return Err(problem(
                "E0305",
                "oblique atoms after the first leg of bracket notation are undefined",
                m.atom.span,
                "",
            ));
        }
        let class = if i == 0 { atom.class } else { DirClass::King };
        let written = select(class, &g.dirs)?;
        let mut modes = md.modes;
        if md.initial && i == 0 {
            modes = modes | Modes::INITIAL;
        }
        let final_modes = if md.says_destination {
            modes
        } else {
            modes | Modes::MOVE | Modes::CAPTURE
        };
        let through_modes = if md.says_destination {
            modes
        } else {
            modes | Modes::MOVE
        };
        let outward = match (i, written) {
            (0, _) | (_, Some(_)) => None,
            (_, None) => Some(match atom.class {
                DirClass::Orthogonal => super::directions::EVEN,
                DirClass::Diagonal => super::directions::ODD,
                _ => super::directions::ALL,
            }),
        };
        legs.push(LegPlan {
            shape: atom.shape,
            dirs: written.unwrap_or(if i == 0 { class.all() } else { 0b1000_0011 }),
            outward,
            range: atom.range,
            modes: if is_final { final_modes } else { through_modes },
            knight_lame: false,
            stop_modes: (!is_final && may_stop.get(i).copied().unwrap_or(false))
                .then_some(final_modes),
        });
    }
    Ok(MovePlan { legs, curve: None })
}
