//! Lowering the board: rectangle, rank numbering, extra squares, holes, vanishing squares; and
//! turning written squares into grid coordinates.

use koma_grammar::ast::{self, BoardItemKind, Side, SquareItem, SquareName};
use koma_runtime::geometry::{SquareNames, file_name};
use koma_runtime::spec::Coord;

use crate::codes;
use crate::diagnostic::Location;
use crate::diagnostic::{Diagnostic, FileId};
use crate::ir::{Board, Located, Region};
use crate::parse::location;

/// Files are named `a`..`z`, then `aa`..: as many as the runtime holds (Taikyoku Shogi's 36).
const MAX_FILES: u32 = koma_runtime::limits::MAX_FILES as u32;
/// Grid rows the runtime indexes with a `u8`, kept well below its limit.
const MAX_RANKS: u32 = koma_runtime::limits::MAX_RANKS as u32;

/// The board: its size and rank numbering, the squares outside the rectangle (`extra`,
/// `square`), then holes, vanishing squares and regions on the grid they span.
pub(crate) fn lower_board(
    file: FileId,
    board: &ast::Board,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<Board> {
    let at = location(file, board.span);
    let (files, ranks) = board_size(at, board, diagnostics)?;
    let first_rank = first_rank(file, at, board, ranks, diagnostics);
    let rect_ranks = first_rank..=first_rank + ranks - 1;
    let extra_names = extra_squares(file, board, files, &rect_ranks, diagnostics);
    let own = own_squares(file, board, diagnostics);
    // Written (file, rank) positions of every square outside the rectangle, and its corners.
    let placed: Vec<(i64, i64)> = extra_names
        .iter()
        .map(|s| (i64::from(s.file), i64::from(s.rank)))
        .chain(own.iter().map(|o| o.at))
        .chain([
            (0, i64::from(*rect_ranks.start())),
            (i64::from(files) - 1, i64::from(*rect_ranks.end())),
        ])
        .collect();
    let grid = Grid::spanning(at, &placed, diagnostics)?;
    let mut lowered = grid.board(at, files, ranks, first_rank);
    for s in &extra_names {
        let c = grid.cell((i64::from(s.file), i64::from(s.rank)));
        lowered.add_extra(c, location(file, s.span));
    }
    for o in &own {
        lowered.add_own(file, o, grid.cell(o.at), diagnostics);
    }
    lower_holes(&mut lowered, file, board, diagnostics);
    lower_vanishing(&mut lowered, file, board, diagnostics);
    lower_regions(&mut lowered, file, board, diagnostics);
    Some(lowered)
}

/// The rectangle's files and ranks, when the runtime holds them.
fn board_size(
    at: Location,
    board: &ast::Board,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<(u32, u32)> {
    let (files, ranks) = (board.files.value, board.ranks.value);
    if (1..=MAX_FILES).contains(&files) && (1..=MAX_RANKS).contains(&ranks) {
        return Some((files, ranks));
    }
    diagnostics.push(
        Diagnostic::error(
            codes::BAD_BOARD_SIZE,
            format!("a board of {files} x {ranks} squares is not supported"),
            at,
            "board size out of range",
        )
        .with_help(format!(
            "boards have 1 to {MAX_FILES} files (`a`..`{}`) and 1 to {MAX_RANKS} ranks",
            file_name(MAX_FILES as u8 - 1)
        )),
    );
    None
}

/// The number of the rectangle's first rank: 1, or what a valid `ranks FIRST..LAST` line says.
fn first_rank(
    file: FileId,
    at: Location,
    board: &ast::Board,
    ranks: u32,
    diagnostics: &mut Vec<Diagnostic>,
) -> u32 {
    let mut first_rank = 1;
    for item in &board.items {
        let BoardItemKind::Ranks { first, last } = &item.kind else {
            continue;
        };
        let count = u64::from(last.value) + 1 - u64::from(first.value.min(last.value));
        if last.value < first.value || count != u64::from(ranks) || first.value > MAX_RANKS {
            diagnostics.push(
                Diagnostic::error(
                    codes::BAD_RANK_NUMBERING,
                    format!(
                        "`ranks {}..{}` does not number {ranks} ranks",
                        first.value, last.value
                    ),
                    location(file, item.span),
                    format!("expected {ranks} ranks"),
                )
                .with_secondary(at, "the board is declared here")
                .with_help(format!(
                    "write `ranks {}..{}`",
                    first.value.min(MAX_RANKS),
                    first.value.min(MAX_RANKS) + ranks - 1
                )),
            );
        } else {
            first_rank = first.value;
        }
    }
    first_rank
}

/// The `extra` squares, those inside the rectangle reported and left out.
fn extra_squares(
    file: FileId,
    board: &ast::Board,
    files: u32,
    rect_ranks: &std::ops::RangeInclusive<u32>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<SquareName> {
    let mut extra_names = Vec::new();
    for item in &board.items {
        if let BoardItemKind::Extra(list) = &item.kind {
            for square in list.iter().flat_map(corners_and_span) {
                extra_names.extend(expand_unbounded(square, file, diagnostics));
            }
        }
    }
    extra_names.retain(|s| {
        let inside = u32::from(s.file) < files && rect_ranks.contains(&s.rank);
        if inside {
            diagnostics.push(
                Diagnostic::error(
                    codes::MISPLACED_BOARD_SQUARE,
                    "extra square inside the board".to_string(),
                    location(file, s.span),
                    "this square is already part of the board",
                )
                .with_help("`extra` adds squares outside the rectangle; remove this one"),
            );
        }
        !inside
    });
    extra_names
}

/// The grid the runtime indexes: the smallest box around every written square.
struct Grid {
    /// The written file and rank of the grid's first column and row.
    left: i64,
    low: i64,
    width: u8,
    height: u8,
}

impl Grid {
    /// The box around `placed` (written file and rank positions), if the runtime holds it.
    fn spanning(
        at: Location,
        placed: &[(i64, i64)],
        diagnostics: &mut Vec<Diagnostic>,
    ) -> Option<Grid> {
        let (left, right) = placed
            .iter()
            .fold((0, 0), |(l, r), p| (p.0.min(l), p.0.max(r)));
        let (low, high) = placed
            .iter()
            .fold((i64::MAX, i64::MIN), |(l, h), p| (p.1.min(l), p.1.max(h)));
        let (width, height) = (right - left + 1, high - low + 1);
        if width > i64::from(MAX_FILES) || height > i64::from(MAX_RANKS) {
            diagnostics.push(
                Diagnostic::error(
                    codes::BAD_BOARD_SIZE,
                    format!(
                        "the squares outside the rectangle stretch the board to {width} x {height}"
                    ),
                    at,
                    "board too large",
                )
                .with_help(format!(
                    "a board spans at most {MAX_FILES} files and {MAX_RANKS} ranks, its extra and \
                     named squares included"
                )),
            );
            return None;
        }
        // Both fit the runtime's u8 grid.
        Some(Grid {
            left,
            low,
            width: width as u8,
            height: height as u8,
        })
    }

    /// The grid cell of a written (file, rank) position.
    fn cell(&self, (f, r): (i64, i64)) -> Coord {
        Coord {
            x: (f - self.left) as u8,
            y: (r - self.low) as u8,
        }
    }

    /// The board with its rectangle (`files` x `ranks` from `first_rank`) on this grid, and no
    /// square outside it yet.
    fn board(&self, at: Location, files: u32, ranks: u32, first_rank: u32) -> Board {
        let corner = self.cell((0, i64::from(first_rank)));
        let rect_rows = (corner.y, corner.y + ranks as u8 - 1);
        let rect_cols = (corner.x, corner.x + files as u8 - 1);
        let width = usize::from(self.width);
        let mut real = vec![false; width * usize::from(self.height)];
        for y in rect_rows.0..=rect_rows.1 {
            for x in rect_cols.0..=rect_cols.1 {
                real[usize::from(y) * width + usize::from(x)] = true;
            }
        }
        Board {
            location: at,
            files: files as u8,
            ranks: ranks as u8,
            rect_rows,
            rect_cols,
            width: self.width,
            height: self.height,
            first_rank: self.low as i16,
            names: SquareNames {
                first_file: self.left as i16,
                first_rank: self.low as i16,
                own: Vec::new(),
            },
            real,
            extra: Vec::new(),
            holes: Vec::new(),
            vanishing: Vec::new(),
            regions: Vec::new(),
        }
    }
}

/// The `vanishing` squares.
fn lower_vanishing(
    lowered: &mut Board,
    file: FileId,
    board: &ast::Board,
    diagnostics: &mut Vec<Diagnostic>,
) {
    for item in &board.items {
        if let BoardItemKind::Vanishing(list) = &item.kind {
            for square in list {
                for c in lowered.coords(file, square, diagnostics) {
                    lowered.vanishing.push(Located {
                        value: c,
                        location: location(file, square.span()),
                    });
                }
            }
        }
    }
}

/// A `square NAME = SQUARE + (FILES, RANKS)` line, with its written position worked out.
struct OwnSquare {
    name: String,
    /// Written file (`a` = 0, negative left of it) and rank number.
    at: (i64, i64),
    span: koma_grammar::span::Span,
}

fn own_squares(
    file: FileId,
    board: &ast::Board,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<OwnSquare> {
    let mut own: Vec<OwnSquare> = Vec::new();
    for item in &board.items {
        let BoardItemKind::Square { name, at, offset } = &item.kind else {
            continue;
        };
        let text = written_name(name);
        if let Some(first) = own.iter().find(|o| o.name == text) {
            diagnostics.push(
                Diagnostic::error(
                    codes::DUPLICATE_SQUARE_NAME,
                    format!("square `{text}` is named twice"),
                    location(file, name.span),
                    "named again here",
                )
                .with_secondary(location(file, first.span), "first named here")
                .with_help("give each square its own name"),
            );
            continue;
        }
        let (dx, dy) = offset.value;
        let target = (
            i64::from(at.file) + i64::from(dx),
            i64::from(at.rank) + i64::from(dy),
        );
        if target.0.abs() > i64::from(MAX_FILES) || target.1.abs() > i64::from(MAX_RANKS) + 1 {
            diagnostics.push(
                Diagnostic::error(
                    codes::BAD_BOARD_SIZE,
                    format!("square `{text}` lies too far from the board"),
                    location(file, offset.span),
                    "offset too large",
                )
                .with_help("place a named square beside the board's other squares"),
            );
            continue;
        }
        own.push(OwnSquare {
            name: text,
            at: target,
            span: item.span,
        });
    }
    own
}

/// A square as written in the file: `e4`, `w1`.
fn written_name(s: &SquareName) -> String {
    format!("{}{}", file_name(s.file), s.rank)
}

/// `region NAME [first|second] SQUARES` lines: unique names (a name may have one line per
/// side instead of one for both), at least one square each.
fn lower_regions(
    board: &mut Board,
    file: FileId,
    ast: &ast::Board,
    diagnostics: &mut Vec<Diagnostic>,
) {
    // The regions given side by side, and the side given so far.
    let mut sided: Vec<(String, Side)> = Vec::new();
    for item in &ast.items {
        let BoardItemKind::Region {
            name,
            side,
            squares,
        } = &item.kind
        else {
            continue;
        };
        let side = side.as_ref().map(|s| s.value);
        let name_location = location(file, name.span);
        let coords = region_coords(board, file, squares, diagnostics);
        let whole = location(file, item.span);
        if coords.is_empty() {
            diagnostics.push(
                Diagnostic::error(
                    codes::EMPTY_REGION,
                    format!("region `{}` has no square of the board", name.value),
                    whole.clone(),
                    "no square here exists",
                )
                .with_help("list squares of the board, e.g. `region palace d1-f3`"),
            );
        }
        let earlier = board
            .region(&name.value)
            .map(|(i, r)| (i, r.name_location.clone()));
        if let Some((i, first)) = earlier {
            let other = sided
                .iter()
                .position(|(n, s)| n == &name.value && Some(*s) != side);
            match (other, side) {
                (Some(k), Some(side)) => {
                    sided.remove(k);
                    set_side(&mut board.regions[usize::from(i)], side, coords);
                }
                _ => diagnostics.push(
                    Diagnostic::error(
                        codes::DUPLICATE_REGION,
                        format!("region `{}` is defined twice", name.value),
                        name_location,
                        "defined again here",
                    )
                    .with_secondary(first, "first defined here")
                    .with_help("give each region its own name, merge the square lists, or give one line per side (`region NAME first ...`, `region NAME second ...`)"),
                ),
            }
            continue;
        }
        let mut region = Region {
            name: name.value.clone(),
            location: whole,
            name_location,
            squares: coords.clone(),
            second: None,
        };
        if let Some(side) = side {
            sided.push((name.value.clone(), side));
            region.squares.clear();
            region.second = Some(Vec::new());
            set_side(&mut region, side, coords);
        }
        board.regions.push(region);
    }
}

/// A region line's squares, each once.
fn region_coords(
    board: &Board,
    file: FileId,
    squares: &[SquareItem],
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<Coord> {
    let mut coords = Vec::new();
    for square in squares {
        for c in board.coords(file, square, diagnostics) {
            if !coords.contains(&c) {
                coords.push(c);
            }
        }
    }
    coords
}

/// Gives one side of a region its own squares, as written.
fn set_side(region: &mut Region, side: Side, coords: Vec<Coord>) {
    match side {
        Side::First => region.squares = coords,
        Side::Second => region.second = Some(coords),
    }
}

fn lower_holes(
    board: &mut Board,
    file: FileId,
    ast: &ast::Board,
    diagnostics: &mut Vec<Diagnostic>,
) {
    for item in &ast.items {
        let BoardItemKind::Holes(list) = &item.kind else {
            continue;
        };
        for square in list {
            for c in board.coords(file, square, diagnostics) {
                let inside = board.in_rectangle(c);
                if !inside {
                    diagnostics.push(
                        Diagnostic::error(
                            codes::MISPLACED_BOARD_SQUARE,
                            format!("hole `{}` is outside the board's rectangle", board.square_name(c)),
                            location(file, square.span()),
                            "not inside the rectangle",
                        )
                        .with_help("holes remove squares of the rectangle; leave extra squares out instead"),
                    );
                    continue;
                }
                let index = board.index(c);
                board.real[index] = false;
                board.holes.push(Located {
                    value: c,
                    location: location(file, square.span()),
                });
            }
        }
    }
}

/// The one or two corners of a square list item, with the item's span.
fn corners_and_span(item: &SquareItem) -> Option<(SquareName, SquareName)> {
    match item {
        SquareItem::Single(s) => Some((*s, *s)),
        SquareItem::Range { from, to, span } => Some((
            SquareName {
                span: *span,
                ..*from
            },
            SquareName { span: *span, ..*to },
        )),
    }
}

/// The squares of an `extra` item, before the grid exists (bounded by the rank limit).
fn expand_unbounded(
    (from, to): (SquareName, SquareName),
    file: FileId,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<SquareName> {
    let (lo, hi) = (from.rank.min(to.rank), from.rank.max(to.rank));
    if hi > MAX_RANKS + 1 {
        diagnostics.push(
            Diagnostic::error(
                codes::BAD_BOARD_SIZE,
                format!("rank {hi} is beyond the largest supported board"),
                location(file, from.span),
                "rank too large",
            )
            .with_help(format!("ranks are numbered from 0 to {}", MAX_RANKS + 1)),
        );
        return Vec::new();
    }
    let (fl, fh) = (from.file.min(to.file), from.file.max(to.file));
    (lo..=hi)
        .flat_map(|rank| {
            (fl..=fh).map(move |f| SquareName {
                file: f,
                rank,
                span: from.span,
            })
        })
        .collect()
}

impl Board {
    /// The grid coordinate of a written square, if it is on the grid at all: a square's own
    /// name, or file and rank.
    pub(crate) fn grid_coord(&self, s: &SquareName) -> Option<Coord> {
        let text = written_name(s);
        if let Some((c, _)) = self.names.own.iter().find(|(_, name)| *name == text) {
            return Some(*c);
        }
        let x = i64::from(s.file) - i64::from(self.names.first_file);
        let y = i64::from(s.rank) - i64::from(self.first_rank);
        ((0..i64::from(self.width)).contains(&x) && (0..i64::from(self.height)).contains(&y))
            .then_some(Coord {
                x: x as u8,
                y: y as u8,
            })
    }

    fn add_extra(&mut self, c: Coord, at: Location) {
        let index = self.index(c);
        self.real[index] = true;
        self.extra.push(Located {
            value: c,
            location: at,
        });
    }

    /// A named square: an extra square outside the rectangle, a new name inside it. Its name
    /// must not be another square's.
    fn add_own(
        &mut self,
        file: FileId,
        own: &OwnSquare,
        c: Coord,
        diagnostics: &mut Vec<Diagnostic>,
    ) {
        let at = location(file, own.span);
        let taken = self
            .squares()
            .chain(self.names.own.iter().map(|(c, _)| *c))
            .any(|other| other != c && self.square_name(other) == own.name);
        if taken {
            diagnostics.push(
                Diagnostic::error(
                    codes::DUPLICATE_SQUARE_NAME,
                    format!("`{}` already names a square of the board", own.name),
                    at,
                    "this name is taken",
                )
                .with_help("choose a name that no square of the board has"),
            );
            return;
        }
        if let Some((_, first)) = self.names.own.iter().find(|(o, _)| *o == c) {
            diagnostics.push(
                Diagnostic::error(
                    codes::DUPLICATE_SQUARE_NAME,
                    format!("`{}` names the square already called `{first}`", own.name),
                    at,
                    "named twice",
                )
                .with_help("give each square one name"),
            );
            return;
        }
        if !self.in_rectangle(c) && !self.contains(c) {
            self.add_extra(c, at);
        }
        self.names.own.push((c, own.name.clone()));
    }

    /// Whether a grid cell lies in the `board W x H` rectangle.
    pub fn in_rectangle(&self, c: Coord) -> bool {
        (self.rect_cols.0..=self.rect_cols.1).contains(&c.x)
            && (self.rect_rows.0..=self.rect_rows.1).contains(&c.y)
    }

    /// The real squares an item names. A single square off the board or on a hole is an
    /// error; a range covers the real squares of its rectangle and only its corners must
    /// lie on the grid.
    pub(crate) fn coords(
        &self,
        file: FileId,
        item: &SquareItem,
        diagnostics: &mut Vec<Diagnostic>,
    ) -> Vec<Coord> {
        match item {
            SquareItem::Single(s) => self.single(file, s, diagnostics).into_iter().collect(),
            SquareItem::Range { from, to, span } => {
                let (Some(a), Some(b)) = (self.grid_coord(from), self.grid_coord(to)) else {
                    let bad = if self.grid_coord(from).is_none() {
                        from
                    } else {
                        to
                    };
                    diagnostics.push(self.off_board(
                        file,
                        &SquareName {
                            span: *span,
                            ..*bad
                        },
                    ));
                    return Vec::new();
                };
                let (x0, x1) = (a.x.min(b.x), a.x.max(b.x));
                let (y0, y1) = (a.y.min(b.y), a.y.max(b.y));
                (y0..=y1)
                    .flat_map(|y| (x0..=x1).map(move |x| Coord { x, y }))
                    .filter(|c| self.contains(*c))
                    .collect()
            }
        }
    }

    pub(crate) fn single(
        &self,
        file: FileId,
        s: &SquareName,
        diagnostics: &mut Vec<Diagnostic>,
    ) -> Option<Coord> {
        match self.grid_coord(s) {
            Some(c) if self.contains(c) => Some(c),
            Some(c) if self.holes.iter().any(|h| h.value == c) => {
                let hole = self.holes.iter().find(|h| h.value == c).map(|h| h.location);
                let mut d = Diagnostic::error(
                    codes::SQUARE_ON_HOLE,
                    format!("square `{}` is a hole", self.square_name(c)),
                    location(file, s.span),
                    "this square does not exist",
                )
                .with_help("choose a square of the board");
                if let Some(hole) = hole {
                    d = d.with_secondary(hole, "made a hole here");
                }
                diagnostics.push(d);
                None
            }
            _ => {
                diagnostics.push(self.off_board(file, s));
                None
            }
        }
    }

    fn off_board(&self, file: FileId, s: &SquareName) -> Diagnostic {
        let name = written_name(s);
        let corner = |x, y| self.square_name(Coord { x, y });
        let (first, last) = (
            corner(self.rect_cols.0, self.rect_rows.0),
            corner(self.rect_cols.1, self.rect_rows.1),
        );
        Diagnostic::error(
            codes::SQUARE_OFF_BOARD,
            format!("square `{name}` is off the board"),
            location(file, s.span),
            "not a square of the board",
        )
        .with_secondary(self.location, "the board is declared here")
        .with_help(format!("the board runs from `{first}` to `{last}`"))
    }
}
