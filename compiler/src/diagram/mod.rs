//! Move diagrams: the reference walker that plays a piece's templates on a board of immobile
//! dummies, the per-square classes of the Interactive Diagram's legend (docs/xbetza.md,
//! "Diagrams"), and the text, SVG and JSON renderers behind `koma diagram`.
//!
//! ```
//! use koma_compiler::diagram::{Scene, draw};
//! use koma_compiler::xbetza::{expand, BoardSize};
//! let board = BoardSize { files: 9, ranks: 9 };
//! let (expansion, _) = expand("N", board).unwrap();
//! let diagram = draw(&expansion, &Scene::centre(board));
//! assert_eq!(diagram.moves.len(), 8);
//! ```

mod json;
mod notes;
mod svg;
mod text;
mod walk;

pub use json::render_json;
pub use notes::piece_notes;
pub use svg::render_svg;
pub use text::render_text;

use koma_runtime::geometry::SquareNames;
use koma_runtime::spec::{Coord, Modes, PathTemplate};

use crate::ir::{Piece, Variant};
use crate::xbetza::{BoardSize, Expansion};

/// An en-passant right the mover may use: moving to `square` captures `victim`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EnPassant {
    pub square: Coord,
    pub victim: Coord,
}

/// The position a diagram is drawn in: the mover, its dummy friends and enemies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scene {
    pub board: BoardSize,
    /// How the board names its squares (the runtime's naming).
    pub names: SquareNames,
    pub from: Coord,
    /// The mover belongs to the second player: its moves are rotated 180 degrees.
    pub second: bool,
    pub friends: Vec<Coord>,
    pub enemies: Vec<Coord>,
    /// Enemies that are royal (targets of `k` moves); each must also be in `enemies`.
    pub royal_enemies: Vec<Coord>,
    /// The mover has not moved yet (initial moves and castling allowed).
    pub virgin: bool,
    pub en_passant: Option<EnPassant>,
    /// Grid squares that do not exist (holes, corners around extra squares): moves treat them
    /// as off the board.
    pub holes: Vec<Coord>,
    /// `confined REGION`: the region's squares (for the mover's player). A one-leg move is cut
    /// where it would leave them; a multi-leg move is kept only when it is made of single
    /// steps that all stop inside (the runtime's rule, `regions.rs`).
    pub confined: Option<Vec<Coord>>,
}

impl Scene {
    /// The Interactive Diagram's default: the piece alone on the centre square
    /// (file `files / 2`, row `(ranks - 1) / 2`), never moved.
    pub fn centre(board: BoardSize) -> Scene {
        let from = Coord {
            x: board.files / 2,
            y: board.ranks.saturating_sub(1) / 2,
        };
        Scene {
            board,
            names: SquareNames {
                first_file: 0,
                first_rank: 1,
                own: Vec::new(),
            },
            from,
            second: false,
            friends: Vec::new(),
            enemies: Vec::new(),
            royal_enemies: Vec::new(),
            virgin: true,
            en_passant: None,
            holes: Vec::new(),
            confined: None,
        }
    }

    /// A variant's board with the piece alone on the real square nearest the centre; holes
    /// and the corners around extra squares are off the board.
    pub fn on_board(b: &crate::ir::Board) -> Scene {
        let board = BoardSize {
            files: b.width,
            ranks: b.height,
        };
        let mut scene = Scene::centre(board);
        scene.names = b.names.clone();
        scene.holes = (0..b.height)
            .flat_map(|y| (0..b.width).map(move |x| Coord { x, y }))
            .filter(|c| !b.contains(*c))
            .collect();
        if scene.holes.contains(&scene.from) {
            scene.from = nearest(scene.from, b.squares());
        }
        scene
    }

    /// The scene a variant's piece is drawn in unless told otherwise: the variant's board with
    /// the piece of the first player (`second`: of the second) on the square nearest the centre
    /// where it may stand (inside its region when it is confined to one).
    pub fn for_piece(variant: &Variant, piece: &Piece, second: bool) -> Scene {
        let mut scene = Scene::on_board(&variant.board);
        scene.second = second;
        if let Some(region) = confinement(variant, piece, second)
            && !region.contains(&scene.from)
        {
            scene.from = nearest(scene.from, region);
        }
        scene
    }

    /// The name of a square, e.g. `e5`.
    pub fn square_name(&self, c: Coord) -> String {
        self.names.name(c)
    }

    /// The file letters and rank numbers along the edges, blank for columns and rows without
    /// a square named by them.
    pub fn edge_labels(&self) -> (Vec<String>, Vec<String>) {
        let (files, ranks) = (self.board.files, self.board.ranks);
        self.names
            .edge_labels(files, ranks, |c| !self.holes.contains(&c))
    }

    /// Parses a square name such as `e5` or `w1`; `None` when malformed or off the grid.
    pub fn parse_square(&self, text: &str) -> Option<Coord> {
        let on_grid = |c: Coord| c.x < self.board.files && c.y < self.board.ranks;
        match self.names.parse_prefix(text, on_grid)? {
            (c, "") if on_grid(c) => Some(c),
            _ => None,
        }
    }
}

/// Parses a square name such as `e5` on a plain `board` whose ranks start at `first_rank`.
pub fn parse_square(text: &str, board: BoardSize, first_rank: i16) -> Option<Coord> {
    let mut scene = Scene::centre(board);
    scene.names.first_rank = first_rank;
    scene.parse_square(text)
}

/// `Name (ID) of Variant: XBETZA; promotes to `+X``: the title of a piece's diagram.
pub fn piece_title(variant: &crate::ir::Variant, piece: &crate::ir::Piece) -> String {
    let mut out = format!(
        "{} ({}) of {}: {}",
        piece.name, piece.id, variant.name.value, piece.betza
    );
    let promotions: Vec<String> = piece
        .promotions
        .iter()
        .map(|p| format!("`{}`", variant.piece(p.value).id))
        .collect();
    if !promotions.is_empty() {
        out.push_str(&format!("; promotes to {}", promotions.join(", ")));
    }
    out
}

/// One move of the diagram.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiagramMove {
    pub from: Coord,
    pub to: Coord,
    /// Every square whose piece the move removes, in path order, the destination included
    /// when the move captures there.
    pub captures: Vec<Coord>,
    /// XBetza `u`: the (first) victim reappears on this square.
    pub unload: Option<Coord>,
    /// Only for a piece that has not moved yet.
    pub initial: bool,
    /// Castling: the partner's square and where it lands.
    pub castling: Option<(Coord, Coord)>,
    /// Squares the move leaves en-passant rights on.
    pub en_passant: Vec<Coord>,
}

/// What the walker saw happen on one square.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Marks {
    pub can_move: bool,
    pub can_capture: bool,
    pub can_destroy: bool,
    pub unblockable: bool,
    /// Reached by an initial-only path.
    pub initial: bool,
    /// Reached by a path that is not initial-only.
    pub always: bool,
    pub locust: bool,
    pub hop: bool,
    pub castling: bool,
}

/// The kind of a target square, as in the Interactive Diagram's legend.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SquareClass {
    /// `mc`: move or capture.
    MoveOrCapture,
    /// `m`: move only.
    Move,
    /// `c`: capture only (also marked on empty squares).
    Capture,
    /// `d`: capture an own piece.
    Destroy,
    /// A single leap longer than one step that nothing can block.
    Unblockable,
    /// Only while the piece has not moved.
    InitialOnly,
    /// A locust capture may happen here and the move go on.
    Locust,
    /// A piece here would be hopped (the move goes on behind it).
    HopTarget,
    /// Castling destination of the king.
    Castling,
}

impl SquareClass {
    /// The name used in JSON and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            SquareClass::MoveOrCapture => "move-or-capture",
            SquareClass::Move => "move",
            SquareClass::Capture => "capture",
            SquareClass::Destroy => "destroy",
            SquareClass::Unblockable => "unblockable",
            SquareClass::InitialOnly => "initial-only",
            SquareClass::Locust => "locust",
            SquareClass::HopTarget => "hop-target",
            SquareClass::Castling => "castling",
        }
    }
}

/// A drawn diagram: the moves and, per square, its classes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    pub scene: Scene,
    /// Deduplicated (one entry per destination, captures and unload), sorted.
    pub moves: Vec<DiagramMove>,
    /// Squares with at least one class, in row-major order from a1.
    pub squares: Vec<(Coord, Vec<SquareClass>)>,
    /// What the variant's rules do to the piece (burning, freezing, anti-trade, confinement,
    /// promotion), for the legend; empty for a bare XBetza string.
    pub notes: Vec<String>,
    /// The piece's glyph (`glyph "龍王"`), drawn on a shogi pentagon in place of the plain
    /// disc; `None` for a bare XBetza string or a piece without one.
    pub glyph: Option<String>,
}

impl Diagram {
    pub fn classes_at(&self, c: Coord) -> &[SquareClass] {
        self.squares
            .iter()
            .find(|(s, _)| *s == c)
            .map_or(&[], |(_, k)| k.as_slice())
    }

    /// The square's main kind, the one a colour shows.
    pub fn main_class(&self, c: Coord) -> Option<SquareClass> {
        main_class(self.classes_at(c))
    }

    /// Every way the piece reaches the square, the main one first (see [`ways`]).
    pub fn ways_at(&self, c: Coord) -> Vec<SquareClass> {
        ways(self.classes_at(c))
    }
}

/// The ways a square with `classes` is reached, as the legend names them: the main kind first
/// (the one its colour shows), then every other kind that is a way of its own. A Lion's
/// neighbour is a plain step and a locust capture; a move or capture that is only unblockable
/// or only initial is one way, which the main kind already names; a hop target that is also a
/// destination (every square of a jumping General's lines) is just a destination.
pub fn ways(classes: &[SquareClass]) -> Vec<SquareClass> {
    use SquareClass::*;
    let Some(main) = main_class(classes) else {
        return Vec::new();
    };
    let qualified = matches!(main, Unblockable | InitialOnly);
    let mut out = vec![main];
    out.extend(
        classes
            .iter()
            .copied()
            .filter(|&k| k != main && k != HopTarget)
            .filter(|&k| !(qualified && matches!(k, MoveOrCapture | Move | Capture))),
    );
    out
}

/// Which class wins the colour of a square with several (the rarer kinds first).
pub fn main_class(classes: &[SquareClass]) -> Option<SquareClass> {
    use SquareClass::*;
    let order = [
        Castling,
        Locust,
        Destroy,
        InitialOnly,
        Unblockable,
        MoveOrCapture,
        Move,
        Capture,
        HopTarget,
    ];
    order.into_iter().find(|k| classes.contains(k))
}

/// The squares of the region a piece is confined to, for the first player or (`second`) the
/// second, whose regions are the 180 degree rotation.
fn confinement(variant: &Variant, piece: &Piece, second: bool) -> Option<Vec<Coord>> {
    let region = variant
        .board
        .regions
        .get(usize::from(piece.confined.as_ref()?.value))?;
    let b = &variant.board;
    Some(
        region
            .squares
            .iter()
            .map(|&c| if second { rotate(b, c) } else { c })
            .collect(),
    )
}

/// The scene's square as the first player sees it: regions are written for the first player.
fn first_player_square(b: &crate::ir::Board, scene: &Scene) -> Coord {
    if scene.second {
        rotate(b, scene.from)
    } else {
        scene.from
    }
}

/// The square of `squares` nearest `centre` (by rank and file steps), or `centre` when there
/// is none.
fn nearest(centre: Coord, squares: impl IntoIterator<Item = Coord>) -> Coord {
    let distance = |c: &Coord| {
        (i32::from(c.x) - i32::from(centre.x)).abs() + (i32::from(c.y) - i32::from(centre.y)).abs()
    };
    squares.into_iter().min_by_key(distance).unwrap_or(centre)
}

fn rotate(b: &crate::ir::Board, c: Coord) -> Coord {
    Coord {
        x: b.width - 1 - c.x,
        y: b.height - 1 - c.y,
    }
}

/// The `in REGION` option whose moves a variant's piece has on the scene's square, if any:
/// `(its XBetza, the region's name)`.
pub fn region_moves_at<'v>(
    variant: &'v Variant,
    piece: &'v Piece,
    scene: &Scene,
) -> Option<(&'v str, &'v str)> {
    let b = &variant.board;
    let r = piece.in_region_at(b, first_player_square(b, scene))?;
    let region = b.regions.get(usize::from(r.region))?;
    Some((r.betza.as_str(), region.name.as_str()))
}

/// Draws a variant's piece in `scene`: the moves it has on the scene's square (its `in REGION`
/// moves there, if any) and, when it is confined to a region, only those that stay inside.
pub fn draw_piece(variant: &Variant, piece: &Piece, scene: &Scene) -> Diagram {
    let b = &variant.board;
    let at = first_player_square(b, scene);
    let mut scene = scene.clone();
    scene.confined = confinement(variant, piece, scene.second);
    let mut diagram = draw(piece.expansion_at(b, at), &scene);
    diagram.notes = piece_notes(variant, piece);
    diagram.glyph = piece.glyph.as_ref().map(|g| g.value.clone());
    diagram
}

/// For a confined piece: whether a template may be walked at all. A one-leg template may (the
/// walker cuts it at the region's edge); a multi-leg one only when every leg is a single step
/// or leap (no rides, grasshoppers, wrapping or half-board legs) and every square it stops on
/// lies in the region.
fn stays_inside(t: &PathTemplate, scene: &Scene, region: &[Coord]) -> bool {
    if t.legs.len() == 1 {
        return true;
    }
    let sign = if scene.second { -1 } else { 1 };
    let (mut x, mut y) = (i32::from(scene.from.x), i32::from(scene.from.y));
    t.legs.iter().all(|l| {
        x += sign * i32::from(l.dx);
        y += sign * i32::from(l.dy);
        l.range == 1
            && !l.modes.intersects(
                Modes::GRASSHOP
                    .union(Modes::CYLINDER)
                    .union(Modes::HALF_BOARD),
            )
            && u8::try_from(x)
                .is_ok_and(|x| u8::try_from(y).is_ok_and(|y| region.contains(&Coord { x, y })))
    })
}

/// Plays every template and castling of `expansion` in `scene`.
pub fn draw(expansion: &Expansion, scene: &Scene) -> Diagram {
    let mut walker = walk::Walker::new(scene);
    let on_board = scene.from.x < scene.board.files && scene.from.y < scene.board.ranks;
    let paths = if on_board {
        expansion.paths.as_slice()
    } else {
        &[]
    };
    let confined: Vec<PathTemplate>;
    let paths = match &scene.confined {
        Some(region) => {
            confined = paths
                .iter()
                .filter(|t| stays_inside(t, scene, region))
                .cloned()
                .collect();
            confined.as_slice()
        }
        None => paths,
    };
    let castling = if on_board {
        expansion.castling.as_slice()
    } else {
        &[]
    };
    walker.routes(&walk::Routes::new(paths));
    for c in castling {
        walker.castling(c);
    }
    let mut moves = std::mem::take(&mut walker.moves);
    moves.sort_by(|a, b| (a.to.y, a.to.x, &a.captures).cmp(&(b.to.y, b.to.x, &b.captures)));
    let files = scene.board.files as usize;
    let squares = walker
        .marks
        .iter()
        .enumerate()
        .filter_map(|(i, m)| {
            let c = Coord {
                x: (i % files) as u8,
                y: (i / files) as u8,
            };
            let classes = classes_of(m);
            (!classes.is_empty()).then_some((c, classes))
        })
        .collect();
    Diagram {
        scene: scene.clone(),
        moves,
        squares,
        notes: Vec::new(),
        glyph: None,
    }
}

fn classes_of(m: &Marks) -> Vec<SquareClass> {
    let mut out = Vec::new();
    match (m.can_move, m.can_capture) {
        (true, true) => out.push(SquareClass::MoveOrCapture),
        (true, false) => out.push(SquareClass::Move),
        (false, true) => out.push(SquareClass::Capture),
        _ => {}
    }
    if m.can_destroy {
        out.push(SquareClass::Destroy);
    }
    if m.unblockable {
        out.push(SquareClass::Unblockable);
    }
    if m.initial && !m.always {
        out.push(SquareClass::InitialOnly);
    }
    if m.locust {
        out.push(SquareClass::Locust);
    }
    if m.hop {
        out.push(SquareClass::HopTarget);
    }
    if m.castling {
        out.push(SquareClass::Castling);
    }
    out
}
