//! Square fields -> holes and the start position, with the diagram's symmetry rules.

use std::collections::HashMap;

use super::Sink;
use koma_grammar::Span;

use super::block::{Block, Field};
use super::model;
use super::pieces::{Role, Types};
use super::square::{Geometry, Rect, SquareError, Symmetry};

/// The squares of one piece line, split at the `,,` player switch.
#[derive(Clone, Debug, Default)]
struct Placed {
    first: Vec<(Rect, Span)>,
    second: Vec<(Rect, Span)>,
}

/// What the square fields say: the board's holes and the start position.
#[derive(Clone, Debug)]
pub struct Layout {
    pub holes: Vec<String>,
    pub setup: Option<model::Setup>,
}

pub fn setup(
    block: &Block,
    geometry: Geometry,
    symmetry: Symmetry,
    types: &Types,
    sink: &mut Sink,
) -> Layout {
    let mut occupied = Occupancy::default();
    let mut holes = Vec::new();
    let mut armies = Armies::new(types.slots.len());
    for (line, role) in block.pieces().zip(&types.roles) {
        let what = match role {
            Role::Hole => HOLE.to_string(),
            Role::Piece(slot) => format!("`{}`", types.slots[*slot].id),
            Role::Broken | Role::Skipped => continue,
        };
        let placed = squares(&line.squares, geometry, sink);
        let copy_note = " (the second player's copy)";
        for &(rect, span) in &placed.first {
            occupied.take(rect, span, &what, geometry, "", sink);
            if let Some(copy) = geometry.partner(rect, symmetry) {
                occupied.take(copy, span, &what, geometry, copy_note, sink);
            }
        }
        for &(rect, span) in &placed.second {
            occupied.take(rect, span, &what, geometry, "", sink);
        }
        let rects = |list: &[(Rect, Span)]| list.iter().map(|(r, _)| *r).collect::<Vec<_>>();
        let copies: Vec<Rect> = placed
            .first
            .iter()
            .filter_map(|(r, _)| geometry.partner(*r, symmetry))
            .collect();
        match role {
            Role::Hole => {
                holes.extend(rects(&placed.first).into_iter().map(|r| geometry.name(r)));
                holes.extend(copies.into_iter().map(|r| geometry.name(r)));
                holes.extend(rects(&placed.second).into_iter().map(|r| geometry.name(r)));
            }
            Role::Piece(slot) => {
                armies.first[*slot].extend(rects(&placed.first));
                armies.copies[*slot].extend(copies);
                armies.second[*slot].extend(rects(&placed.second));
            }
            Role::Broken | Role::Skipped => {}
        }
    }
    dedup(&mut holes);
    let setup = position(types, geometry, symmetry, armies);
    Layout { holes, setup }
}

/// Per piece slot: the first player's rectangles, their symmetric copies, and the second
/// player's rectangles written after `,,`.
struct Armies {
    first: Vec<Vec<Rect>>,
    copies: Vec<Vec<Rect>>,
    second: Vec<Vec<Rect>>,
}

impl Armies {
    fn new(slots: usize) -> Self {
        Armies {
            first: vec![Vec::new(); slots],
            copies: vec![Vec::new(); slots],
            second: vec![Vec::new(); slots],
        }
    }
}

/// Chooses how to write the position: keep the diagram's symmetry when the block lets it;
/// when both armies are written out but one is a copy of the other, say so with `mirror` or
/// `rotate`; otherwise write both armies out.
fn position(
    types: &Types,
    g: Geometry,
    symmetry: Symmetry,
    armies: Armies,
) -> Option<model::Setup> {
    let Armies {
        first,
        copies,
        second,
    } = armies;
    if first.iter().chain(&second).all(Vec::is_empty) {
        return None;
    }
    let ids = |lists: &[Vec<Rect>]| -> Vec<(String, Vec<String>)> {
        lists
            .iter()
            .enumerate()
            .filter(|(_, rects)| !rects.is_empty())
            .map(|(slot, rects)| {
                (
                    types.slots[slot].id.clone(),
                    rects.iter().map(|r| g.name(*r)).collect(),
                )
            })
            .collect()
    };
    let explicit_second = second.iter().any(|s| !s.is_empty());
    if symmetry != Symmetry::None && !explicit_second {
        return Some(without_hands(symmetry, ids(&first), Vec::new(), Vec::new()));
    }
    let second: Vec<Vec<Rect>> = copies
        .into_iter()
        .zip(second)
        .map(|(mut c, s)| {
            c.extend(s);
            c
        })
        .collect();
    let found = [Symmetry::Mirror, Symmetry::Rotate]
        .into_iter()
        .find(|&sym| is_copy(g, &first, &second, sym));
    if let Some(found) = found {
        let word = if found == Symmetry::Mirror {
            "mirrored"
        } else {
            "rotated 180 degrees"
        };
        let note = format!("the block writes both armies out; the second is the first {word}");
        return Some(without_hands(found, ids(&first), Vec::new(), vec![note]));
    }
    let mut notes = Vec::new();
    if symmetry != Symmetry::None {
        notes.push(
            "the block places some second-player pieces itself (after `,,`), so both armies \
             are written out"
                .to_string(),
        );
    }
    Some(without_hands(
        Symmetry::None,
        ids(&first),
        ids(&second),
        notes,
    ))
}

/// A setup without hands.
fn without_hands(
    symmetry: Symmetry,
    first: Vec<(String, Vec<String>)>,
    second: Vec<(String, Vec<String>)>,
    notes: Vec<String>,
) -> model::Setup {
    model::Setup {
        hand_first: Vec::new(),
        hand_second: Vec::new(),
        symmetry,
        first,
        second,
        notes,
        second_moves_first: false,
    }
}

/// Whether `second` is exactly `first` under `symmetry`, square by square and piece by piece.
fn is_copy(g: Geometry, first: &[Vec<Rect>], second: &[Vec<Rect>], symmetry: Symmetry) -> bool {
    let squares = |rects: &[Rect]| -> std::collections::BTreeSet<(u32, u32)> {
        rects.iter().flat_map(|r| r.squares()).collect()
    };
    first.iter().zip(second).all(|(f, s)| {
        let copied: Vec<Rect> = f.iter().filter_map(|r| g.partner(*r, symmetry)).collect();
        squares(&copied) == squares(s)
    })
}

fn dedup(list: &mut Vec<String>) {
    let mut seen = std::collections::HashSet::new();
    list.retain(|s| seen.insert(s.clone()));
}

/// Splits a squares field; an empty item (`,,`) switches to the second player.
fn squares(field: &Field, geometry: Geometry, sink: &mut Sink) -> Placed {
    let mut placed = Placed::default();
    if field.is_empty() {
        return placed;
    }
    let mut second = false;
    let mut at = field.span.start;
    for item in field.text.split(',') {
        let span = Span::new(at, at + item.len());
        at += item.len() + 1;
        if item.is_empty() {
            second = true;
            continue;
        }
        match geometry.parse(item) {
            Ok(rect) if second => placed.second.push((rect, span)),
            Ok(rect) => placed.first.push((rect, span)),
            Err(e) => square_error(item, span, e, geometry, sink),
        }
    }
    placed
}

fn square_error(item: &str, span: Span, error: SquareError, geometry: Geometry, sink: &mut Sink) {
    let last_file = char::from_u32(u32::from('a') + geometry.files - 1).unwrap_or('?');
    let last_rank = geometry.first_rank + i64::from(geometry.ranks) - 1;
    let d = match error {
        SquareError::Syntax => {
            let d = sink.error("I004", format!("bad square `{item}`"), span, "not a square");
            d.with_help("a square is a file letter and a rank number (`e5`), a range is `a5-p5`")
        }
        SquareError::OffBoard(sq) => {
            let message = format!("square `{sq}` is off the board");
            let d = sink.error("I005", message, span, "off the board");
            d.with_help(format!(
                "the board runs from a{} to {last_file}{last_rank} (see `files`, `ranks`, `firstRank`)",
                geometry.first_rank
            ))
        }
        SquareError::Reversed => {
            let message = format!("range `{item}` runs backwards");
            let d = sink.error("I004", message, span, "the diagram places nothing here");
            d.with_help("write the lower-left corner first, the upper-right corner second")
        }
    };
    sink.push(d);
}

const HOLE: &str = "a hole";

/// Which square holds what, to report squares given twice.
#[derive(Default)]
struct Occupancy {
    squares: HashMap<(u32, u32), (Span, String)>,
}

impl Occupancy {
    fn take(
        &mut self,
        rect: Rect,
        span: Span,
        what: &str,
        g: Geometry,
        copy: &str,
        sink: &mut Sink,
    ) {
        for sq in rect.squares() {
            if let Some((earlier, other)) = self.squares.get(&sq) {
                if other == what && what == HOLE {
                    continue; // a hole on the board's axis is its own copy
                }
                let name = g.name(Rect {
                    file0: sq.0,
                    rank0: sq.1,
                    file1: sq.0,
                    rank1: sq.1,
                });
                let message = format!("square `{name}` is given twice{copy}");
                let d = sink.error("I011", message, span, &format!("{what} here"));
                let d = d.with_secondary(sink.location(*earlier), format!("{other} already here"));
                sink.push(d.with_help("the diagram keeps the later one; remove one of them"));
                return;
            }
        }
        for sq in rect.squares() {
            self.squares.insert(sq, (span, what.to_string()));
        }
    }
}
