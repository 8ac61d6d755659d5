//! The checked IR: a variant with every name resolved, squares turned into coordinates, XBetza
//! expanded and rules as typed parameters, still carrying source locations for lints.
//!
//! Piece indices are [`PieceType`]s (index into [`Variant::pieces`]), the same numbering the
//! runtime spec uses, so emission is a copy.

use koma_runtime::spec::{
    AntiTradeSpec, BurnSpec, Coord, DropSpec, FreezeSpec, PassSpec, PieceType, Player,
    PromotionSpec, ResultSpec, RoyalSpec,
};

use crate::diagnostic::{FileId, Location};
use crate::xbetza::Expansion;

pub use koma_grammar::ast::LintLevel;

/// A value with the place it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located<T> {
    pub value: T,
    pub location: Location,
}

/// One lint code of an `#[allow(..)]`/`#[warn(..)]`/`#[deny(..)]` attribute.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attribute {
    pub level: LintLevel,
    pub code: String,
    pub location: Location,
}

/// A whole checked variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variant {
    pub name: Located<String>,
    pub inventor: Option<Located<String>>,
    pub year: Option<Located<u32>>,
    pub source: Option<Located<String>>,
    /// The variant's own file first, then the files it extends, nearest first.
    pub files: Vec<FileId>,
    /// Attributes that apply to the whole file.
    pub attributes: Vec<Attribute>,
    pub board: Board,
    pub pieces: Vec<Piece>,
    pub setup: Option<Setup>,
    pub rules: Rules,
}

impl Variant {
    /// The piece with this ID.
    pub fn piece_by_id(&self, id: &str) -> Option<(PieceType, &Piece)> {
        self.pieces
            .iter()
            .enumerate()
            .find(|(_, p)| p.id == id)
            .map(|(i, p)| (PieceType(i as u16), p))
    }

    pub fn piece(&self, piece: PieceType) -> &Piece {
        &self.pieces[usize::from(piece.0)]
    }
}

/// The board grid: the rectangle plus extra squares, minus holes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// The `board` header line.
    pub location: Location,
    /// The rectangle as written: `board FILES x RANKS`.
    pub files: u8,
    pub ranks: u8,
    /// Grid rows of the rectangle's first and last rank, grid columns of its first and last file.
    pub rect_rows: (u8, u8),
    pub rect_cols: (u8, u8),
    /// The grid (rectangle and extra squares).
    pub width: u8,
    pub height: u8,
    /// Rank number of grid row 0.
    pub first_rank: i16,
    /// How squares are named (the runtime's naming, built here).
    pub names: koma_runtime::geometry::SquareNames,
    /// Row-major, true where a square exists.
    pub real: Vec<bool>,
    pub extra: Vec<Located<Coord>>,
    pub holes: Vec<Located<Coord>>,
    pub vanishing: Vec<Located<Coord>>,
    /// Named regions (`region NAME SQUARES`), in order; their index is the runtime's.
    pub regions: Vec<Region>,
}

/// A named set of squares, for the first player (the second player's is the 180 degree
/// rotation, unless `second` gives its own).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    pub name: String,
    /// The (first) `region` line, and the name in it.
    pub location: Location,
    pub name_location: Location,
    pub squares: Vec<Coord>,
    /// The second player's squares as written (`region NAME second ...`).
    pub second: Option<Vec<Coord>>,
}

impl Board {
    /// The region called `name`, with its index.
    pub fn region(&self, name: &str) -> Option<(u8, &Region)> {
        self.regions
            .iter()
            .enumerate()
            .find(|(_, r)| r.name == name)
            .map(|(i, r)| (i as u8, r))
    }
}

impl Board {
    pub fn contains(&self, c: Coord) -> bool {
        c.x < self.width && c.y < self.height && self.real[self.index(c)]
    }

    pub fn index(&self, c: Coord) -> usize {
        usize::from(c.y) * usize::from(self.width) + usize::from(c.x)
    }

    /// The square's name as a user writes it (`e0`, `p16`).
    pub fn square_name(&self, c: Coord) -> String {
        self.names.name(c)
    }

    /// Every real square, row by row.
    pub fn squares(&self) -> impl Iterator<Item = Coord> + '_ {
        (0..self.height)
            .flat_map(move |y| (0..self.width).map(move |x| Coord { x, y }))
            .filter(|c| self.contains(*c))
    }

    /// The square the second player's piece takes for a first-player square under `symmetry`.
    pub fn reflect(&self, c: Coord, symmetry: Symmetry) -> Coord {
        match symmetry {
            Symmetry::Mirror => Coord {
                x: c.x,
                y: self.height - 1 - c.y,
            },
            _ => Coord {
                x: self.width - 1 - c.x,
                y: self.height - 1 - c.y,
            },
        }
    }
}

/// One piece type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    pub id: String,
    pub name: String,
    /// The whole piece line.
    pub location: Location,
    pub id_location: Location,
    /// `like OTHER`: the piece whose moves this one copies, and where `like` was written.
    pub like: Option<Located<PieceType>>,
    /// The XBetza text the moves come from (the `like` target's text for `like` pieces).
    pub betza: String,
    /// Where that XBetza text is written.
    pub betza_location: Location,
    pub expansion: Expansion,
    /// Promotion choices: both players', or the first player's when `promotions_second` is
    /// given (`promotes first|second IDS`: the second player's own).
    pub promotions: Vec<Located<PieceType>>,
    pub promotions_second: Option<Vec<Located<PieceType>>>,
    /// Where the piece was made royal (its `royal` flag or a `royal` clause), if it is.
    pub royal: Option<Location>,
    /// The designer's value in centipawns (`value N`); the engine estimates one otherwise.
    pub value: Option<u32>,
    /// `confined REGION`: the region's index, where the option is written.
    pub confined: Option<Located<u8>>,
    /// `in REGION MOVES`: the piece's moves on a region's squares instead of its own.
    pub in_regions: Vec<InRegion>,
    /// `glyph "龍王"`: the characters boards draw instead of the ID (one or two kanji read
    /// top to bottom, or a chess symbol). Not copied by `like`.
    pub glyph: Option<Located<String>>,
    pub attributes: Vec<Attribute>,
}

/// A piece's moves on the squares of one region (`in REGION MOVES`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InRegion {
    /// Index into [`Board::regions`].
    pub region: u8,
    /// The whole option.
    pub location: Location,
    pub betza: String,
    pub betza_location: Location,
    pub expansion: Expansion,
}

impl Piece {
    /// The moves the piece has on `at` (a first-player square): those of the first `in`
    /// option whose region holds it, else its own.
    pub fn expansion_at(&self, board: &Board, at: Coord) -> &Expansion {
        self.in_region_at(board, at)
            .map_or(&self.expansion, |r| &r.expansion)
    }

    /// The `in` options that apply somewhere, in order: on a square the first option whose
    /// region holds it applies, so an option whose region an earlier one already has never
    /// does. Each region appears once (the runtime tells options apart by their region).
    pub fn region_options(&self) -> impl Iterator<Item = &InRegion> {
        self.in_regions
            .iter()
            .enumerate()
            .filter(|&(k, r)| !self.in_regions[..k].iter().any(|e| e.region == r.region))
            .map(|(_, r)| r)
    }

    /// The first `in` option whose region holds `at` (a first-player square).
    pub fn in_region_at(&self, board: &Board, at: Coord) -> Option<&InRegion> {
        self.in_regions.iter().find(|r| {
            board
                .regions
                .get(usize::from(r.region))
                .is_some_and(|region| region.squares.contains(&at))
        })
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    Rotate,
    Mirror,
    None,
}

/// The start position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The `setup` header line.
    pub location: Location,
    pub symmetry: Symmetry,
    pub placements: Vec<Placement>,
    /// Pieces in hand at the start, one per piece, with the `hand` line's location.
    pub hands: Vec<Located<(Player, PieceType)>>,
    /// `shuffle SQUARES GROUPS`: numbered start positions.
    pub shuffle: Option<Located<koma_runtime::spec::ShuffleSpec>>,
    /// `to-move first|second`: the player to move at the start.
    pub to_move: Player,
}

/// A piece on a square at the start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    pub player: Player,
    pub piece: PieceType,
    pub at: Coord,
    /// Where the square is written (for a mirrored or rotated copy: the original's square).
    pub location: Location,
    /// Made by the setup's symmetry rather than written out.
    pub derived: bool,
    /// The whole placement line, and the attributes written before it.
    pub line: Location,
    pub attributes: Vec<Attribute>,
}

/// One rules clause as written, for lints that point at clauses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClauseInfo {
    /// The clause's kind (`promotion zone`, `burn`, `draw moves`, ...).
    pub key: &'static str,
    pub location: Location,
    pub attributes: Vec<Attribute>,
}

/// Every rule, as the runtime's parameter types, plus where each clause was written.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Rules {
    pub promotion: PromotionSpec,
    pub royals: RoyalSpec,
    pub burning: Vec<Located<BurnSpec>>,
    pub freezing: Vec<Located<FreezeSpec>>,
    pub anti_trade: Vec<Located<AntiTradeSpec>>,
    /// Per piece; empty = no hierarchy.
    pub jump_rank: Vec<u8>,
    pub passing: PassSpec,
    pub results: ResultSpec,
    /// Hands and drops (`start_hand` comes from the setup's `hand` lines at emission).
    pub drops: DropSpec,
    /// `castling with IDS`: the pieces a castler may castle with (empty: the piece on the
    /// partner square, whatever it is).
    pub castling_partners: Vec<PieceType>,
    /// `castling to FILE FILE`: the castler's destination files (towards the last file, the
    /// first).
    pub castling_to: Option<[u8; 2]>,
    /// `castling safe royal-only`.
    pub castling_safe_royal_only: bool,
    /// `castling opposite-wings`.
    pub castling_opposite_wings: bool,
    /// `facing-royals forbidden`.
    pub facing_royals_forbidden: bool,
    /// `repeat`: modern repetition.
    pub repeat: Option<koma_runtime::spec::RepeatSpec>,
    /// `counting` clauses.
    pub counting: Option<koma_runtime::spec::CountingSpec>,
    /// `facing-royals must-break`.
    pub facing_royals_must_break: bool,
    /// `goal` clauses.
    pub goals: Vec<Located<koma_runtime::spec::GoalSpec>>,
    /// `weight TERM N`: the engine's evaluation weights this game sets.
    pub weights: Vec<Located<(String, i32)>>,
    /// `captures compulsory`.
    pub captures_compulsory: bool,
    /// `flip enclosed`.
    pub flip_enclosed: bool,
    /// `explode`.
    pub explosion: Option<Located<koma_runtime::spec::ExplodeSpec>>,
    /// `petrify IDS`.
    pub petrify: Option<Located<Vec<koma_runtime::spec::PieceType>>>,
    /// `wall`.
    pub wall: Option<Located<koma_runtime::spec::WallSpec>>,
    /// `first-move` clauses.
    pub first_moves: koma_runtime::spec::FirstMoveSpec,
    pub clauses: Vec<ClauseInfo>,
}

impl Rules {
    /// Where the clause of kind `key` was written, if any.
    pub fn clause(&self, key: &str) -> Option<&ClauseInfo> {
        self.clauses.iter().find(|c| c.key == key)
    }
}
