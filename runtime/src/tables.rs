//! Move tables built from a [`VariantSpec`]: rays per square and direction, per piece type,
//! player and square the paths that can start there, castling, promotion zones, attack data
//! and Zobrist keys. Built deterministically, so a serialised spec rebuilds identical tables.

use crate::cell::Cell;
use crate::geometry::{ByPlayer, Geometry, Square};
use crate::serialize::Invalid;
use crate::spec::{Modes, PieceType, Placement, Player, PromotionKind, VariantSpec};
use crate::strategy::{RayLookup, Strategy};
use crate::zobrist::Zobrist;

/// Sentinel for "no vector".
pub(crate) const NO_VEC: u16 = u16::MAX;

/// A step direction; `cylinder` rays wrap around the left and right edges.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Vector {
    pub dx: i8,
    pub dy: i8,
    pub cylinder: bool,
    /// Also wraps around the top and bottom edges.
    pub torus: bool,
}

/// One compiled leg: the direction is an index into the ray table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct CLeg {
    pub vec: u16,
    /// Maximum steps; 0 = unlimited.
    pub range: u8,
    pub modes: Modes,
    /// For a one-step leap longer than a unit step: the unit direction of the squares it
    /// passes over, and how many there are (lame, must-jump and e.p. creation need them).
    pub between_vec: u16,
    pub between_n: u8,
}

impl CLeg {
    /// A leg that goes nowhere: the filler of table entries that are never read.
    pub const NONE: CLeg = CLeg {
        vec: NO_VEC,
        range: 0,
        modes: Modes(0),
        between_vec: NO_VEC,
        between_n: 0,
    };
}

/// One compiled path: a run of legs in [`PieceTable::legs`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct CPath {
    pub first_leg: u32,
    pub legs: u8,
    /// A single leg walked the plain way: ride or leap, stop at the first piece.
    pub simple: bool,
    /// Some leg can remove an enemy (the path can attack a royal).
    pub attacks: bool,
    /// Simple, and its captures are found by the reverse-ray attack test.
    pub attack_simple: bool,
}

/// A path that can start on a given square, with its first ray already looked up.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FirstLeg {
    pub path: u32,
    pub ray_off: u32,
    /// Ray length, clipped by the first leg's range (unclipped for hopping legs).
    pub ray_len: u8,
    /// Some move through this leg may remove nothing (always so for a simple path): a tree
    /// root without it gives a quiets stage nothing and is not walked there.
    pub quiet: bool,
    /// Every such move through this tree root is the pass (it steps back to its start square):
    /// once the piece has a pass, a quiets stage need not walk it.
    pub passes_only: bool,
}

/// A node of a piece's continuation tree: one leg shared by every non-simple path whose legs
/// up to here are the same, so move generation walks a shared leg once for all of them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TNode {
    pub leg: CLeg,
    /// Some path ends with this leg: its stopping squares are destinations.
    pub last: bool,
    /// A final hopping leg (walked by the hopper's rules; never has children). Kept apart from
    /// a non-final node with the same leg, which is walked the plain way.
    pub hop_last: bool,
    /// The children are `tree[children..children + nchildren]`.
    pub children: u32,
    pub nchildren: u32,
}

/// A simple path's first ray from one square as a bit set: its moves are counted from the
/// occupancy bits (`plain`) or square by square.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct StartBits {
    /// The entry of `PieceTable::starts` (walked when not `plain`).
    pub start: u32,
    pub mask: u64,
    /// The ray runs up through square indices (its first piece is the lowest bit).
    pub ascending: bool,
    /// Counting by bits gives what the generator's square-by-square walk gives: the ray runs
    /// in one order, the leg has no e.p., destroying, royal-capture or lame-leap mode, and no
    /// square of it (nor the start) lies in a promotion zone of a piece that can promote.
    pub plain: bool,
    /// The leg's modes that matter then: moves to empty squares, captures, first move only.
    pub quiet: bool,
    pub capture: bool,
    pub initial: bool,
    /// For a lame leap: the squares it passes over, which must be empty.
    pub block: u64,
    /// The leg takes e.p.: counted by bits only while there are no e.p. squares.
    pub ep: bool,
    /// The squares on the ray.
    pub len: u8,
    /// The Chebyshev length of one step, when the `k`-th square of the ray lies at Chebyshev
    /// distance `k * unit` from the start (no wrapping); 0 otherwise.
    pub unit: u8,
    /// On a board over 64 squares (`mask` and `block` empty): the ray as the runs
    /// `PieceTable::count_runs[runs[0]..runs[1]]`.
    pub runs: [u32; 2],
}

impl StartBits {
    /// A plain leap to one square that both moves and captures, with no other condition.
    fn is_plain_leap(&self) -> bool {
        self.plain
            && self.len == 1
            && self.quiet
            && self.capture
            && !self.initial
            && !self.ep
            && self.block == 0
    }
}

/// One piece's count bits for one player (see [`PieceTable::count_bits`]).
struct CountBits {
    bits: Vec<StartBits>,
    runs: Vec<RayWord>,
    leaps: Vec<u64>,
    index: Vec<[u32; 2]>,
    reach: Vec<u64>,
}

/// A ray as counting by bits sees it.
struct RayShape {
    /// Its squares, on a board of at most 64.
    mask: u64,
    /// It runs up through square indices.
    ascending: bool,
    /// It runs in one order (no square twice in a row, no turning back).
    monotonic: bool,
    /// The start or a square of it lies in the promotion zone.
    in_zone: bool,
    /// See [`StartBits::unit`].
    unit: u8,
}

/// One entry of a square's simple moves as move generation's loop reads them
/// ([`PieceTable::simple`]): a simple path's first ray, or a run of consecutive plain
/// one-square leaps (`LEAPS`: they move to an empty square or take an enemy, with no other
/// condition). Everything the loop needs is here, one load away.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SimpleMoves {
    /// With `BITS`, the squares as occupancy bits.
    pub mask: u64,
    /// The squares in walking order: `Tables::rays[off..off + len]`, with `LEAPS`
    /// `PieceTable::leap_squares[off..off + len]`.
    pub off: u32,
    pub modes: Modes,
    /// The leg in `PieceTable::legs`, for the first-leg tests of a `GATED` entry.
    pub leg: u32,
    pub len: u8,
    pub flags: u8,
    /// With `FIRST`, the ray's first square.
    pub first: Square,
}

impl SimpleMoves {
    /// A run of plain one-square leaps.
    pub const LEAPS: u8 = 1;
    /// `mask` holds the squares (a board of up to 64 squares), and a ray runs one way through
    /// the square indices: its first piece is read from the occupancy bits.
    pub const BITS: u8 = 1 << 1;
    /// The ray runs up through the square indices (its first piece is the lowest bit).
    pub const ASCENDING: u8 = 1 << 2;
    /// The leg is initial-only or a lame leap: `Position::first_leg_open` decides.
    pub const GATED: u8 = 1 << 3;
    /// The leg takes e.p.: walked square by square while there are e.p. squares.
    pub const TAKES_EP: u8 = 1 << 4;
    /// A ray of at least one square whose leg cannot destroy a friend: a friend on `first`
    /// ends it before any move (most rays of a crowded board, skipped unwalked).
    pub const FIRST: u8 = 1 << 5;
    /// The leg may remove a piece (capture, destroy, take e.p.): the captures stage skips
    /// the others.
    pub const TAKES: u8 = 1 << 6;

    #[inline]
    pub fn has(&self, flag: u8) -> bool {
        self.flags & flag != 0
    }
}

/// What move generation reads first of a piece on a square ([`PieceTable::moves_at`]): its
/// simple entries and which of the slower steps it needs, one load for the common piece.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct SquareMoves {
    /// The square's entries of `PieceTable::simple`: `simple..end`.
    pub simple: u32,
    pub end: u32,
    pub flags: u8,
}

impl SquareMoves {
    /// Tree roots start here, or a move may promote or repeat another: the moves go through
    /// the promoting and deduplicating sink (`starts` says where the roots are).
    pub const SINK: u8 = 1;
    /// Some move from here depends on the piece never having moved: an initial-only or
    /// lame first leg, a tree root, or castling.
    pub const FIRST_MOVES: u8 = 1 << 1;
    /// The piece may castle from here.
    pub const CASTLES: u8 = 1 << 2;
    /// A move from here may remove a piece other than an enemy on [`Tables::small_takes`]
    /// (a tree root, a path that may destroy a friend).
    pub const TAKES_ANY: u8 = 1 << 3;
    /// Tree roots start here (`starts` says where): moves beyond the simple entries.
    pub const ROOTS: u8 = 1 << 4;

    #[inline]
    pub fn has(&self, flag: u8) -> bool {
        self.flags & flag != 0
    }
}

/// A castling move available from a square.
#[derive(Clone, Debug)]
pub struct CCastle {
    /// The king's destination.
    pub to: Square,
    /// The partner's square.
    pub partner: Square,
    /// The partner's destination.
    pub partner_to: Square,
    /// Squares that must be empty (between king and partner, and both destinations).
    pub empty: Vec<Square>,
    /// Squares the king stands on or passes, which may not be attacked (start included).
    pub safe: Vec<Square>,
    /// Under `castling to`, the partner square is any square of the rank, so the piece on it
    /// must be of a partner type (otherwise the square alone names the partner).
    pub typed: bool,
}

/// Everything about one piece type for one player.
#[derive(Clone, Debug, Default)]
pub(crate) struct PieceTable {
    pub paths: Vec<CPath>,
    pub legs: Vec<CLeg>,
    /// Per square, a range into `firsts`.
    pub first_index: Vec<(u32, u32)>,
    pub firsts: Vec<FirstLeg>,
    /// The continuation tree of the non-simple paths (see [`TNode`]).
    pub tree: Vec<TNode>,
    /// Per square, the moves generation walks: `starts[a..b]` are simple paths (`path` indexes
    /// `paths`), `starts[b..c]` are tree roots (`path` indexes `tree`), for `start_index[sq] = [a, b, c]`.
    pub start_index: Vec<[u32; 3]>,
    pub starts: Vec<FirstLeg>,
    /// What bulk counting needs (`crate::count`): per square, the targets of its plain
    /// one-square leaps as one bit set (boards of up to 64 squares), and a range `[a, b)` of
    /// `count_bits` for its other simple paths.
    pub count_leaps: Vec<u64>,
    pub count_index: Vec<[u32; 2]>,
    /// Under bulk counting on boards of up to 64 squares, per square: every square a move
    /// from there may end on (the squares of its simple paths' rays; all squares when a
    /// non-simple path starts there), castling aside. The check-evasion generator skips a
    /// piece that reaches no square ending the check.
    pub reach: Vec<u64>,
    pub count_bits: Vec<StartBits>,
    /// On boards over 64 squares, the rays of `count_bits` as runs of words.
    pub count_runs: Vec<RayWord>,
    /// Per square, its simple paths as the generator reads them:
    /// `simple[moves_at[sq].simple..moves_at[sq].end]`, in the order of the square's simple
    /// entries of `starts` (consecutive plain one-square leaps merged into one entry).
    pub simple: Vec<SimpleMoves>,
    pub moves_at: Vec<SquareMoves>,
    /// The destinations of the merged leaps, in path order.
    pub leap_squares: Vec<Square>,
    /// On boards of up to 64 squares, per entry of `simple`: the squares a lame first leg
    /// passes over, as occupancy bits (all squares when it has too few to pass), else 0. A
    /// gated entry is open when none is occupied: one bit test, no board reads.
    pub lame_bits: Vec<u64>,
    /// Per square, the castling moves.
    pub castling: Vec<Vec<CCastle>>,
    /// Two paths may produce the same move: generation removes duplicates.
    pub may_duplicate: bool,
    /// Per square: the piece has no move from there even on an empty board.
    pub stuck: Vec<bool>,
    /// Per square: some move from there may fire a promotion trigger (the piece can promote,
    /// and the square or one its simple paths' rays run through lies in the zone, or a
    /// non-simple path starts there). Elsewhere its moves go to the list untested.
    pub promotes_from: Vec<bool>,
    /// Largest distance (Chebyshev) at which a non-simple path can capture; `None` = unbounded.
    pub complex_reach: Option<u8>,
    pub has_complex_attack: bool,
    /// Largest distance (Chebyshev, at most [`NEAR_REACH`]) from the piece of any piece its
    /// moves may remove, 0 when it cannot capture; `None` = unbounded, or it may destroy a
    /// friend. A search's captures stage skips a piece with no enemy that near.
    pub capture_reach: Option<u8>,
    /// Some leg takes e.p. (its victim is not on the leg's squares).
    pub takes_ep: bool,
    /// On boards over 64 squares (within [`CAPTURE_WINDOW_BUDGET`]), per square: what the
    /// captures stage tests before it walks the piece (empty otherwise).
    pub capture_windows: Vec<CaptureWindow>,
}

/// The most memory the [`CaptureWindow`]s of a variant may take: the largest boards (Tai,
/// Taikyoku), with hundreds of piece types, go without them.
const CAPTURE_WINDOW_BUDGET: usize = 4 << 20;

/// Two consecutive words of the occupancy bits around a square (boards over 64 squares): a
/// piece there has no capture when no enemy stands in `reach`, or when a friend holds every
/// square of `first`. The captures stage skips it unwalked.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct CaptureWindow {
    /// The first word (squares `64 * word ..`; `word + 1` is still a word of the bits).
    pub word: u32,
    /// `reach` holds every square a capture from here may remove: all the capturing paths
    /// from the square are simple, and their rays' squares fit the window.
    pub reach_fits: bool,
    /// `first` holds the first square of every capturing path from here (all simple, none
    /// destroying a friend): a capture must take that square or pass it empty.
    pub first_fits: bool,
    pub reach: [u64; 2],
    pub first: [u64; 2],
}

/// For the captures stage of a board of up to [`CaptureNear::SQUARES`] squares, all of a
/// grid: the squares within one and two king steps of an enemy are marked once per
/// generation (a few shifts of the occupancy bits), and a piece whose captures reach no
/// further, standing on no marked square, is skipped without a look at its tables.
#[derive(Clone, Debug)]
pub(crate) struct CaptureNear {
    pub width: u32,
    /// The squares off the first file, and off the last.
    pub not_first: [u64; 4],
    pub not_last: [u64; 4],
    /// Per cell ([`Cell::slot`]): when the piece may take ([`CaptureNear::class_of`]). The
    /// captures stage gathers the pieces by class without a branch.
    pub class: Vec<u8>,
    /// Per king direction, the shift that moves a square one step back against it (the
    /// square index's change) and the squares such a step may reach without wrapping.
    pub steps: [(i32, [u64; 4]); 8],
    /// The board's squares, in the first `words` words.
    pub board: [u64; 4],
    pub words: usize,
}

impl CaptureNear {
    /// The largest board: four words of bits.
    pub const SQUARES: usize = 256;
    /// A reach this test does not rule on.
    pub const FAR: u8 = u8::MAX;
    /// A piece whose captures of unbounded reach all go along king lines (simple rides in one
    /// of the eight king directions, which take the first piece they meet), the others
    /// reaching no further than the low two bits say (0 to 2 king steps): it takes nothing
    /// unless it sees an enemy along a king line or stands that near one.
    pub const LINES: u8 = 0x10;
    /// [`CaptureNear::class`] values: the piece may always take; it may when one king step
    /// from an enemy; when two; and the same three for a piece left to the king-line test
    /// when not that near (`LINE`, the last three); `NONE`: it takes nothing. Below
    /// [`CaptureNear::CLASSES`].
    pub const NONE: u8 = 0;
    pub const TAKES: u8 = 1;
    pub const NEAR_ONE: u8 = 2;
    pub const NEAR_TWO: u8 = 3;
    pub const LINE: u8 = 4;
    pub const LINE_NEAR_ONE: u8 = 5;
    pub const LINE_NEAR_TWO: u8 = 6;
    pub const CLASSES: usize = 8;

    /// The [`CaptureNear::class`] of a piece from its reach: its
    /// [`PieceTable::capture_reach`] (0: it takes nothing; 1 or 2 king steps),
    /// [`CaptureNear::LINES`] with the reach of its other captures, or [`CaptureNear::FAR`]
    /// (unbounded, or it takes e.p.).
    pub const fn class_of(reach: u8) -> u8 {
        match reach {
            0 => Self::NONE,
            1 => Self::NEAR_ONE,
            2 => Self::NEAR_TWO,
            Self::FAR => Self::TAKES,
            r if r & !3 == Self::LINES => Self::LINE + (r & 3),
            _ => Self::TAKES,
        }
    }

    /// `bits` and the squares one king step from them.
    #[inline]
    pub fn widen(&self, bits: [u64; 4]) -> [u64; 4] {
        use crate::bits::{shifted_down, shifted_up};
        let mut row = bits;
        let (left, right) = (shifted_up(&bits, 1), shifted_down(&bits, 1));
        for i in 0..4 {
            row[i] |= left[i] & self.not_first[i] | right[i] & self.not_last[i];
        }
        let (up, down) = (shifted_up(&row, self.width), shifted_down(&row, self.width));
        std::array::from_fn(|i| row[i] | up[i] | down[i])
    }

    /// The squares whose first non-empty square in some king direction is one of `targets`
    /// (`occ`: the non-empty squares): the targets' squares grown back through the empty
    /// squares, one step a round, in each direction. Reads only the board's words.
    #[inline]
    pub fn line_seers(&self, targets: &[u64; 4], occ: &[u64; 4]) -> [u64; 4] {
        match self.words {
            2 => self.line_seers_in::<2>(targets, occ),
            3 => self.line_seers_in::<3>(targets, occ),
            _ => self.line_seers_in::<4>(targets, occ),
        }
    }

    /// [`CaptureNear::line_seers`] on the first `N` words.
    #[inline]
    fn line_seers_in<const N: usize>(&self, targets: &[u64; 4], occ: &[u64; 4]) -> [u64; 4] {
        let empty: [u64; N] = std::array::from_fn(|i| self.board[i] & !occ[i]);
        let mut seers = [0u64; 4];
        for &(shift, keep) in &self.steps {
            let mut front: [u64; N] = std::array::from_fn(|i| targets[i]);
            loop {
                let back = if shift > 0 {
                    crate::bits::shifted_down(&front, shift as u32)
                } else {
                    crate::bits::shifted_up(&front, shift.unsigned_abs())
                };
                let mut more = 0;
                for i in 0..N {
                    let b = back[i] & keep[i];
                    seers[i] |= b;
                    front[i] = b & empty[i];
                    more |= front[i];
                }
                if more == 0 {
                    break;
                }
            }
        }
        seers
    }
}

/// The largest reach [`Tables::near_bits`] covers.
pub(crate) const NEAR_REACH: u8 = 3;

/// Attack data for one direction: which piece types capture along it, and how far.
#[derive(Clone, Debug)]
pub(crate) struct AttackVector {
    /// Vector index of the reverse direction (walked from the attacked square).
    pub reverse: u16,
    /// Largest range of any type along this direction (255 = unlimited).
    pub max_range: u8,
    /// Every square of the reverse ray within `max_range` lies within Chebyshev distance
    /// [`NEAR_REACH`] of its start (the ray neither wraps nor goes far).
    pub near: bool,
    /// Per piece type: range (0 = cannot, 255 = unlimited).
    pub range: Vec<u8>,
    /// Per square, the squares of its reverse ray within `max_range` as one bit set, under
    /// `RayLookup::Bits`: the first piece on the ray is the lowest (`ascending`) or highest
    /// set bit of the mask and the occupancy.
    pub masks: Vec<u64>,
    pub ascending: bool,
    /// On boards over 64 squares, the same per square as runs of the occupancy bits' words,
    /// in ray order: `words[word_index[sq]..word_index[sq + 1]]`.
    pub words: Vec<RayWord>,
    pub word_index: Vec<u32>,
}

/// The squares of a reverse ray that fall in one word of the occupancy bits.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RayWord {
    /// The word (squares `64 * word ..`).
    pub word: u32,
    /// How many squares of the ray come before this word's.
    pub before: u32,
    pub mask: u64,
}

/// Appends `ray` (its squares in ray order, running through square indices in one order) as
/// runs of words: one per word the ray passes through.
fn push_runs(runs: &mut Vec<RayWord>, ray: &[Square]) {
    let first = runs.len();
    for (i, &s) in ray.iter().enumerate() {
        let (w, b) = (s.index() / 64, 1u64 << (s.index() % 64));
        let n = runs.len();
        match runs.last_mut() {
            Some(last) if n > first && last.word as usize == w => last.mask |= b,
            _ => runs.push(RayWord {
                word: w as u32,
                before: i as u32,
                mask: b,
            }),
        }
    }
}

/// The compiled variant: everything the runtime needs, built from a spec.
#[derive(Clone, Debug)]
pub struct Tables {
    /// What the tables were built from; read through [`Tables::spec`], so that nothing changes
    /// it after the tables derived from it were built.
    pub(crate) spec: VariantSpec,
    pub(crate) geo: Geometry,
    pub(crate) vectors: Vec<Vector>,
    ray_index: Vec<(u32, u8)>,
    pub(crate) rays: Vec<Square>,
    /// `pieces[type].get(player)`.
    pub(crate) pieces: Vec<ByPlayer<PieceTable>>,
    pub(crate) royal: Vec<bool>,
    pub(crate) has_royals: bool,
    /// Per player: it plays with royals, and loses when it has none left. A player whose start
    /// position holds no royal (Horde's White) plays without: nothing of it is ever in check.
    pub(crate) royal_sides: ByPlayer<bool>,
    /// Whether anything but a side's last royal lost can decide a position
    /// ([`Tables::ends_otherwise`]): [`Position::decided`](crate::position::Position::decided),
    /// asked at every node, stops early in the games where nothing can.
    pub(crate) ends_otherwise: bool,
    /// Piece types whose virginity is tracked (initial moves, castling kings and partners).
    pub(crate) virgin_relevant: Vec<bool>,
    /// Types whose virginity matters only as a castling partner.
    pub(crate) partner_only: Vec<bool>,
    /// Types whose virginity matters only for their own castling (no initial moves).
    pub(crate) castle_only: Vec<bool>,
    /// Types that castle: when one first moves, its partners' marks may lapse.
    pub(crate) castler: Vec<bool>,
    /// Types a castler castles with (`castling with`, else the setup's pieces on the
    /// partner squares).
    pub(crate) castle_partner: Vec<bool>,
    pub(crate) zone: ByPlayer<Vec<bool>>,
    /// Rows counted from the player's far edge: 0 = last rank.
    pub(crate) rows_from_end: ByPlayer<Vec<u8>>,
    pub(crate) vanishing: Vec<bool>,
    pub(crate) attack_vectors: ByPlayer<Vec<AttackVector>>,
    /// Under `RayLookup::Bits`, the one-square attack vectors (leaps: `max_range` 1) stand
    /// last in `attack_vectors`, from this index on, and `leaps[sq]` is the union of their
    /// masks from `sq`: where it holds no piece of the attacker, none of them attacks `sq`,
    /// and the attack test skips them all at once.
    pub(crate) leap_start: ByPlayer<usize>,
    pub(crate) leaps: ByPlayer<Vec<u64>>,
    /// Under `RayLookup::Bits`, `lines[sq]` is the union of the riding vectors' masks from
    /// `sq` (those before `leap_start`): a move that changes no square of it and of `leaps`
    /// opens or makes no ride or leap attack on `sq`.
    pub(crate) lines: ByPlayer<Vec<u64>>,
    /// Under `RayLookup::Bits`, for a player with at most 64 attack vectors: per square `sq`
    /// and square `s` (`rays_through[sq * 64 + s]`), the vectors (bits of their index in
    /// `attack_vectors`) whose mask from `sq` holds `s`. After a move, only the vectors through
    /// the squares it changed can attack anew ([`Position::in_check_after`]); else empty.
    ///
    /// [`Position::in_check_after`]: crate::position::Position
    pub(crate) rays_through: ByPlayer<Vec<u64>>,
    /// Where `Strategy::quick_near` is set for a player: per square, the squares of its
    /// attack vectors' reverse rays within their range, as `check_words` words a square
    /// (`check_lines[sq * check_words..]`). A move that changes none of them opens no ride or
    /// leap attack on the square.
    pub(crate) check_lines: ByPlayer<Vec<u64>>,
    pub(crate) check_words: usize,
    /// How legality is decided and attacks are found (`crate::strategy`), decided once here.
    pub(crate) strategy: Strategy,
    /// On boards of up to 64 squares: `cheb[a * 64 + b]` is the Chebyshev distance of two
    /// squares (bulk counting turns the first piece on a ray into a number of squares).
    pub(crate) cheb: Box<[u8; 64 * 64]>,
    /// On boards of up to 64 squares, every piece table's `moves_at` in one table:
    /// `small_moves_at[64 * cell + square]` for a piece's cell (see [`Tables::small_moves_at`];
    /// the first 64 entries, for no piece, are never read: the index needs no subtraction).
    small_moves_at: Vec<SquareMoves>,
    /// Indexed as `small_moves_at`: where the piece's captures may land
    /// ([`Tables::small_takes`]). Apart, so the captures stage's first pass reads 8 bytes a
    /// piece.
    small_takes: Vec<u64>,
    /// On boards of up to 64 squares, every piece table's `simple` in one table, which the
    /// [`SquareMoves`] of `small_moves_at` index; its `LEAPS` entries index
    /// `small_leap_squares` (every table's `leap_squares`). The small-board generator reads
    /// a piece's simple moves without its table.
    pub(crate) small_simple: Vec<SimpleMoves>,
    /// Per entry of `small_simple`, its table's `lame_bits`.
    pub(crate) small_lame_bits: Vec<u64>,
    pub(crate) small_leap_squares: Vec<Square>,
    /// Per piece type: some promotion choice is royal (a move that promotes makes a royal).
    pub(crate) promotes_royal: Vec<bool>,
    /// Per square, the squares within Chebyshev distance 1, 2, 3 (sorted by distance), and
    /// where each distance ends.
    pub(crate) near: Vec<(Vec<Square>, [u8; 4])>,
    /// Per distance `d` of 1 to [`NEAR_REACH`] and square, the squares within Chebyshev
    /// distance `d` as a set of `near_words` words: `near_bits[((d - 1) * squares + sq) *
    /// near_words..]`.
    near_bits: Vec<u64>,
    near_words: usize,
    /// What the captures stage needs to rule pieces out by their distance from the enemy,
    /// on boards where it pays ([`CaptureNear`]).
    pub(crate) capture_near: Option<CaptureNear>,
    /// Types with non-simple capturing paths, per player, with unbounded reach.
    pub(crate) far_complex: ByPlayer<Vec<PieceType>>,
    pub(crate) near_complex: ByPlayer<bool>,
    pub(crate) zobrist: Zobrist,
    pub(crate) can_promote: Vec<bool>,
    /// Some piece has a multi-leg path (passes and igui are possible).
    pub(crate) multi_leg: bool,
    /// Burning, freezing and the other rule clauses, compiled (`crate::rules`).
    pub(crate) rules: crate::rules::RuleTables,
    /// Hands and drop clauses (`crate::drops`).
    pub(crate) drops: crate::drops::DropTables,
    /// Regions and the facing-royals rule (`crate::regions`).
    pub(crate) regions: crate::regions::RegionTables,
    /// What multi-leg attackers and burners may read, for the checkmate legality shortcut.
    pub(crate) footprints: crate::footprint::Footprints,
    /// Per attacking player with at most 64 attack vectors whose check test is the quick one
    /// near the changed squares (`Strategy::quick_near`; else empty): per offset from one
    /// square to another ([`Tables::offset_index`]), the vectors (bits of their index in
    /// `attack_vectors`) whose reverse ray from some square holds, within range, the square
    /// that far away. After a move, a royal is attacked anew only along the vectors of the
    /// offsets from it to the squares the move changed: that test reads those alone.
    pub(crate) vectors_through: ByPlayer<Vec<u64>>,
    /// Which of make's rule steps the variant has (`MakeHooks`).
    pub(crate) make_hooks: MakeHooks,
    /// Which moves reset the move-count clock (`ClockResets`).
    pub(crate) clock_resets: ClockResets,
}

/// Which moves reset the move-count clock, decided once from the game's `draw moves` clause
/// (without one, any capture or promotion): make asks a per-type table rather than scan the
/// clause's list of pieces.
#[derive(Clone, Debug, Default)]
pub(crate) struct ClockResets {
    pub capture: bool,
    pub promotion: bool,
    /// Per piece type: its moves reset the clock.
    pub movers: Vec<bool>,
}

impl ClockResets {
    fn of(spec: &VariantSpec) -> ClockResets {
        let ntypes = spec.pieces.len();
        match &spec.rules.results.move_limit {
            Some(limit) => ClockResets {
                capture: limit.reset_on_capture,
                promotion: limit.reset_on_promotion,
                movers: (0..ntypes)
                    .map(|t| limit.reset_on_pieces.contains(&PieceType(t as u16)))
                    .collect(),
            },
            None => ClockResets {
                capture: true,
                promotion: true,
                movers: vec![false; ntypes],
            },
        }
    }

    /// Whether the moves of pieces of type `t` reset the clock.
    #[inline(always)]
    pub fn mover_resets(&self, t: PieceType) -> bool {
        self.movers.get(usize::from(t.0)).copied().unwrap_or(false)
    }
}

/// Which of make's rule steps a variant has, decided once when its tables are built: make asks
/// these flags, inlined, and calls a step only where its clause exists.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct MakeHooks {
    /// `lost-when-aimed`: the mover's aim clears enemy never-moved marks.
    pub aimed: bool,
    /// `counting` or `check N wins`: their state is updated once the move is on the board.
    pub after_move: bool,
    /// `flip-enclosed`: the mover flips the enemy pieces it encloses.
    pub flip: bool,
    /// None of the above, and no vanishing squares, petrifying pieces or walls: a lean move
    /// (`Move::is_lean`) changes only its two squares, the hands, e.p., the clocks and the
    /// castling rights (`Position::apply_lean`).
    pub lean: bool,
}

impl MakeHooks {
    fn of(spec: &VariantSpec) -> MakeHooks {
        let rules = &spec.rules;
        let aimed = !rules.first_moves.lost_when_aimed.is_empty();
        let after_move = rules.counting.is_some() || rules.results.check_wins.is_some();
        let flip = rules.flip_enclosed;
        let others =
            !spec.board.vanishing.is_empty() || !rules.petrify.is_empty() || rules.wall.is_some();
        MakeHooks {
            aimed,
            after_move,
            flip,
            lean: !(aimed || after_move || flip || others),
        }
    }
}

impl Tables {
    /// Builds the tables of a variant after checking everything table building and play rely
    /// on: the board's size and square map, piece and region indices, squares on the board,
    /// and the runtime's capacities ([`crate::limits`]). The compiler's output and a file read
    /// by [`crate::serialize::decode`] always pass; a spec written by hand may not.
    ///
    /// ```
    /// use koma_runtime::spec::{BoardSpec, RulesSpec, VariantSpec};
    /// use koma_runtime::Tables;
    /// let board = BoardSpec {
    ///     width: 8,
    ///     height: 8,
    ///     first_rank: 1,
    ///     first_file: 0,
    ///     names: Vec::new(),
    ///     real: vec![true; 64],
    ///     vanishing: Vec::new(),
    /// };
    /// let spec = VariantSpec {
    ///     name: "Empty".to_string(),
    ///     board,
    ///     pieces: Vec::new(),
    ///     setup: None,
    ///     rules: RulesSpec::default(),
    /// };
    /// let error = Tables::try_new(spec).unwrap_err();
    /// let max = koma_runtime::limits::MAX_PIECE_TYPES;
    /// assert_eq!(error.to_string(), format!("0 piece types (1 to {max} allowed)"));
    /// ```
    pub fn try_new(spec: VariantSpec) -> Result<Tables, Invalid> {
        crate::serialize::validate(&spec)?;
        if let Some(exceeded) = crate::limits::check(&spec).into_iter().next() {
            return Err(Invalid::Exceeds(exceeded));
        }
        Ok(Tables::new_unchecked(spec))
    }

    /// The unchecked twin of [`Tables::try_new`], for a spec already checked (the compiler's
    /// output, a decoded file): an invalid spec may make it panic or build wrong tables.
    pub fn new_unchecked(spec: VariantSpec) -> Tables {
        // Two-sided pieces: their demotions are promotion choices for everything below.
        let spec = spec.with_flips().without_royal_petrifying_captures();
        let geo = Geometry::new(&spec.board);
        let mut builder = Builder {
            geo: &geo,
            vectors: Vec::new(),
        };
        let ntypes = spec.pieces.len();
        let pieces = builder.pieces(&spec);
        let attack_vectors = builder.attack_vectors(&pieces, ntypes);
        let vectors = builder.vectors;
        let (ray_index, rays) = build_rays(&geo, &vectors);
        let tables = Tables {
            royal: spec.pieces.iter().map(|p| p.royal).collect(),
            has_royals: spec.pieces.iter().any(|p| p.royal),
            royal_sides: royal_sides(&spec),
            // Decided by `build`, once the rule and region tables are built.
            ends_otherwise: true,
            virgin_relevant: vec![false; ntypes],
            partner_only: vec![false; ntypes],
            castle_only: vec![false; ntypes],
            castler: vec![false; ntypes],
            castle_partner: vec![false; ntypes],
            zone: ByPlayer::default(),
            rows_from_end: ByPlayer::default(),
            vanishing: vec![false; geo.len()],
            attack_vectors,
            leap_start: ByPlayer::default(),
            leaps: ByPlayer::default(),
            rays_through: ByPlayer::default(),
            lines: ByPlayer::default(),
            check_lines: ByPlayer::default(),
            check_words: 0,
            // Decided by `build`, once the attack data is built.
            strategy: Strategy::undecided(),
            cheb: Box::new([0; 64 * 64]),
            small_moves_at: Vec::new(),
            small_takes: Vec::new(),
            small_simple: Vec::new(),
            small_lame_bits: Vec::new(),
            small_leap_squares: Vec::new(),
            promotes_royal: promotes_royal(&spec),
            near: Vec::new(),
            near_bits: Vec::new(),
            near_words: 0,
            capture_near: None,
            far_complex: ByPlayer::default(),
            near_complex: ByPlayer::default(),
            zobrist: Zobrist::new(geo.len(), ntypes),
            multi_leg: spec
                .pieces
                .iter()
                .any(|p| p.paths.iter().any(|path| path.legs.len() > 1)),
            can_promote: can_promote(&spec),
            rules: crate::rules::RuleTables::new(&geo, &spec.rules, &spec.pieces, ntypes)
                .with_setup(&spec),
            drops: crate::drops::DropTables::new(&geo, &spec),
            regions: crate::regions::RegionTables::new(&geo, &spec.rules.regions),
            footprints: crate::footprint::Footprints::default(),
            vectors_through: ByPlayer::default(),
            make_hooks: MakeHooks::of(&spec),
            clock_resets: ClockResets::of(&spec),
            pieces,
            vectors,
            ray_index,
            rays,
            geo,
            spec,
        };
        tables.build()
    }

    /// The derived data, in order: each step reads what the steps before it built.
    fn build(mut self) -> Tables {
        self.index_first_legs();
        self.build_board_data();
        self.build_castling();
        self.build_chebyshev();
        self.build_attack_data();
        let rays = self.build_ray_lookup();
        self.strategy = Strategy::of(&self, rays);
        self.build_check_lines();
        self.build_vectors_through();
        self.build_count_bits();
        self.build_simple_moves();
        self.build_capture_windows();
        self.capture_near = self.build_capture_near();
        self.build_stuck();
        self.build_promotes_from();
        self.build_square_flags();
        self.build_small_moves_at();
        self.ends_otherwise = self.ends_otherwise();
        let mut drops = std::mem::take(&mut self.drops);
        drops.build_targets(&self.geo, |ti, player| &self.pieces[ti].get(player).stuck);
        self.drops = drops;
        if self.strategy.legality.checks_royals() {
            let burners = self.rules.potential_burners(&self.spec);
            self.footprints = crate::footprint::Footprints::new(&self, &burners);
        }
        self
    }

    /// The distance table of boards up to 64 squares (larger boards compute it).
    fn build_chebyshev(&mut self) {
        if self.geo.len() > 64 {
            return;
        }
        let mut cheb = Box::new([0u8; 64 * 64]);
        for (i, d) in cheb.iter_mut().enumerate() {
            let (a, b) = (i / 64, i % 64);
            if a < self.geo.len() && b < self.geo.len() {
                *d = self.chebyshev(Square(a as u16), Square(b as u16));
            }
        }
        self.cheb = cheb;
    }

    /// Whether castling follows `castling to`: castler and partner anywhere on the rank, and
    /// castling written as the castler taking its partner (`e1h1`, Chess960's convention).
    pub fn castles_free(&self) -> bool {
        self.spec.rules.castling_to.is_some()
    }

    /// Whether the piece in `c` may be a castling partner under `castling to`.
    pub(crate) fn is_castle_partner(&self, c: Cell) -> bool {
        c.is_piece() && self.castle_partner[usize::from(c.piece_type().0)]
    }

    /// The variant the tables were built from.
    pub fn spec(&self) -> &VariantSpec {
        &self.spec
    }

    /// Per square: whether it is in `player`'s promotion zone (its own under `promotion zone
    /// first|second`, else the first player's turned around). The one owner of the zones:
    /// the evaluation and the tools read them here.
    pub fn promotion_zone(&self, player: Player) -> &[bool] {
        self.zone.get(player)
    }

    /// The squares a piece type of `player` may stand on, where a region confines it
    /// (`confined REGION`: Xiangqi's palace); `None` where it may go anywhere.
    pub fn confinement(&self, ty: PieceType, player: Player) -> Option<&[bool]> {
        self.regions.confinement(usize::from(ty.0), player)
    }

    /// The board: its squares, their names and coordinates.
    pub fn geo(&self) -> &Geometry {
        &self.geo
    }

    /// The number of piece types.
    pub fn piece_count(&self) -> usize {
        self.spec.pieces.len()
    }

    /// The ray from `sq` along vector `v`: every square reached by repeated steps, up to the edge.
    #[inline]
    pub(crate) fn ray(&self, sq: Square, v: u16) -> &[Square] {
        let (off, len) = self.ray_index[sq.index() * self.vectors.len() + usize::from(v)];
        &self.rays[off as usize..off as usize + usize::from(len)]
    }

    #[inline]
    pub(crate) fn piece(&self, t: PieceType, p: Player) -> &PieceTable {
        self.pieces[usize::from(t.0)].get(p)
    }

    /// On a board of up to 64 squares, what move generation reads first of the piece `c` on
    /// `sq` (its table's `moves_at[sq]`), found without its table.
    #[inline]
    pub(crate) fn small_moves_at(&self, c: Cell, sq: usize) -> SquareMoves {
        self.small_moves_at[64 * usize::from(c.0) + sq]
    }

    /// On a board of up to 64 squares, every square a move of the piece `c` from `sq` may
    /// remove an enemy on or take e.p. onto (the rays of its capturing simple paths; all
    /// squares under [`SquareMoves::TAKES_ANY`]): the captures stage skips a piece with no
    /// enemy or e.p. square there.
    #[inline]
    pub(crate) fn small_takes(&self, c: Cell, sq: usize) -> u64 {
        self.small_takes[64 * usize::from(c.0) + sq]
    }

    /// Whether pieces of type `t` are royal.
    pub fn is_royal(&self, t: PieceType) -> bool {
        self.royal.get(usize::from(t.0)).copied().unwrap_or(false)
    }

    /// Builds what the attack test needs to find the first pieces on the attack vectors'
    /// reverse rays from the occupancy bits, where it can ([`RayLookup`]), and says how it
    /// finds them.
    fn build_ray_lookup(&mut self) -> RayLookup {
        let nsq = self.geo.len();
        let complex = [Player::First, Player::Second]
            .into_iter()
            .any(|p| *self.near_complex.get(p) || !self.far_complex.get(p).is_empty());
        let words = nsq > 64;
        if words && (complex || self.rules.burn_check) {
            return RayLookup::Walk;
        }
        let mut all = ByPlayer::<Vec<AttackVector>>::default();
        for p in [Player::First, Player::Second] {
            let mut list = self.attack_vectors.get(p).clone();
            for av in &mut list {
                if !self.ray_masks(av, words) {
                    return RayLookup::Walk;
                }
            }
            *all.get_mut(p) = list;
        }
        self.attack_vectors = all;
        if words {
            return RayLookup::Words;
        }
        for p in [Player::First, Player::Second] {
            // Stable: the rides keep their order, the leaps follow in theirs.
            let list = self.attack_vectors.get_mut(p);
            list.sort_by_key(|av| av.max_range == 1);
            let start = list.iter().take_while(|av| av.max_range != 1).count();
            let union = |vectors: &[AttackVector]| -> Vec<u64> {
                (0..self.geo.len())
                    .map(|sq| vectors.iter().fold(0, |u, av| u | av.masks[sq]))
                    .collect()
            };
            let (lines, leaps) = (union(&list[..start]), union(&list[start..]));
            *self.leap_start.get_mut(p) = start;
            *self.leaps.get_mut(p) = leaps;
            *self.lines.get_mut(p) = lines;
            let through = rays_through(self.attack_vectors.get(p), self.geo.len());
            *self.rays_through.get_mut(p) = through;
        }
        RayLookup::Bits
    }

    /// The attack lines of every square for the players whose quick check test reads them
    /// (`check_lines`).
    fn build_check_lines(&mut self) {
        let words = crate::bits::Bits::words(self.geo.len());
        self.check_words = words;
        for p in [Player::First, Player::Second] {
            if self.strategy.quick_near.get(p).is_none() {
                continue;
            }
            let mut lines = vec![0u64; self.geo.len() * words];
            for sq in self.geo.squares() {
                let row = &mut lines[sq.index() * words..][..words];
                for av in self.attack_vectors.get(p) {
                    let ray = self.ray(sq, av.reverse);
                    let lim = match av.max_range {
                        255 => ray.len(),
                        r => ray.len().min(usize::from(r)),
                    };
                    for s in &ray[..lim] {
                        row[s.index() / 64] |= 1 << (s.index() % 64);
                    }
                }
            }
            *self.check_lines.get_mut(p) = lines;
        }
    }

    /// The attack vectors through each offset (`vectors_through`), from the reverse rays as
    /// they run on this board (wrapping or not): an offset holds every vector that joins some
    /// pair of squares that far apart.
    fn build_vectors_through(&mut self) {
        let offsets = (2 * usize::from(self.geo.width)) * (2 * usize::from(self.geo.height));
        for p in [Player::First, Player::Second] {
            let vectors = self.attack_vectors.get(p);
            if vectors.len() > 64 || self.strategy.quick_near.get(p).is_none() {
                continue;
            }
            let mut through = vec![0u64; offsets];
            for sq in self.geo.squares() {
                for (i, av) in vectors.iter().enumerate() {
                    let ray = self.ray(sq, av.reverse);
                    for &s in &ray[..ray.len().min(usize::from(av.max_range))] {
                        through[self.offset_index(sq, s)] |= 1 << i;
                    }
                }
            }
            *self.vectors_through.get_mut(p) = through;
        }
    }

    /// The index of the offset from `a` to `b` in `vectors_through`.
    #[inline]
    pub(crate) fn offset_index(&self, a: Square, b: Square) -> usize {
        let (ca, cb) = (self.geo.coord(a), self.geo.coord(b));
        let (w, h) = (usize::from(self.geo.width), usize::from(self.geo.height));
        let dx = usize::from(cb.x) + w - usize::from(ca.x);
        let dy = usize::from(cb.y) + h - usize::from(ca.y);
        dy * 2 * w + dx
    }

    /// Fills `av`'s masks (or with `words`, its runs of words) for every square; false when
    /// some reverse ray does not run through square indices in one order.
    fn ray_masks(&self, av: &mut AttackVector, words: bool) -> bool {
        let mut dir = None;
        for sq in 0..self.geo.len() {
            let sq = Square(sq as u16);
            let ray = self.ray(sq, av.reverse);
            let lim = ray.len().min(usize::from(av.max_range));
            let mut mask = 0u64;
            let mut prev = sq;
            if words {
                av.word_index.push(av.words.len() as u32);
            }
            for &s in &ray[..lim] {
                let up = s > prev;
                if s == prev || *dir.get_or_insert(up) != up {
                    return false;
                }
                prev = s;
                mask |= 1u64 << (s.index() % 64);
            }
            if words {
                push_runs(&mut av.words, &ray[..lim]);
            } else {
                av.masks.push(mask);
            }
        }
        if words {
            av.word_index.push(av.words.len() as u32);
        }
        av.ascending = dir.unwrap_or(true);
        true
    }

    /// Per piece, player and square, the first legs that leave the board (`firsts`) and where
    /// a walk starts (`starts`: simple paths, region chains, the continuation tree's roots).
    fn index_first_legs(&mut self) {
        for t in 0..self.pieces.len() {
            for player in [Player::First, Player::Second] {
                let mut table = std::mem::take(self.pieces[t].get_mut(player));
                let bound = self.regions.is_bound(t);
                self.index_firsts(&mut table, t, player, bound);
                // A piece whose paths depend on its square (regions) keeps one chain per path,
                // entered from that square's own filtered and clipped first legs.
                let chain_roots = bound.then(|| build_chains(&mut table));
                if !bound {
                    table.tree = build_tree(&table);
                }
                self.index_starts(&mut table, player, chain_roots.as_deref());
                *self.pieces[t].get_mut(player) = table;
            }
        }
    }

    /// The ray length of a first leg from `sq`: its range, half the board, or the whole ray.
    fn first_leg_len(&self, leg: &CLeg, whole: bool, sq: Square, player: Player, len: u8) -> u8 {
        let range = if leg.modes.contains(Modes::HALF_BOARD) {
            half_board_range(&self.geo, sq, player)
        } else {
            leg.range
        };
        if range == 0 || whole {
            len
        } else {
            len.min(range)
        }
    }

    /// `table.firsts`, indexed by square: each path's first leg that leaves that square.
    fn index_firsts(&self, table: &mut PieceTable, t: usize, player: Player, bound: bool) {
        table.first_index.clear();
        table.firsts.clear();
        for sq in 0..self.geo.len() {
            let square = Square(sq as u16);
            let start = table.firsts.len() as u32;
            for (i, path) in table.paths.iter().enumerate() {
                if bound && !self.regions.path_applies(t, player, square, i) {
                    continue;
                }
                let leg = table.legs[path.first_leg as usize];
                let (off, len) = self.ray_index[sq * self.vectors.len() + usize::from(leg.vec)];
                let hop = leg.modes.intersects(Modes::HOP.union(Modes::GRASSHOP)) && path.legs == 1;
                let mut len = self.first_leg_len(&leg, hop, square, player, len);
                if bound && let Some(template) = self.spec.pieces[t].paths.get(i) {
                    let ray = &self.rays[off as usize..off as usize + usize::from(len)];
                    len = self
                        .regions
                        .confined_len(&self.geo, t, player, square, template, ray)
                        as u8;
                }
                if len > 0 {
                    table.firsts.push(FirstLeg {
                        path: i as u32,
                        ray_off: off,
                        ray_len: len,
                        quiet: true,
                        passes_only: false,
                    });
                }
            }
            table.first_index.push((start, table.firsts.len() as u32));
        }
    }

    /// `table.starts`, indexed by square: the simple paths' first legs, then the region
    /// chains' (`chain_roots`, per path) or the continuation tree's roots.
    fn index_starts(&self, table: &mut PieceTable, player: Player, chain_roots: Option<&[u32]>) {
        table.starts.clear();
        table.start_index.clear();
        let roots = table.tree.first().map_or(0..0, |r| {
            r.children as usize..(r.children + r.nchildren) as usize
        });
        // What each node gives a quiets stage ([`FirstLeg::quiet`], [`FirstLeg::passes_only`]).
        let quiet: Vec<(bool, bool)> = (0..table.tree.len())
            .map(|n| {
                let home = self.quiet_ends_home(&table.tree, n, (0, 0));
                (may_end_quiet(&table.tree, n), home)
            })
            .collect();
        for sq in 0..self.geo.len() {
            let (a, b) = table.first_index[sq];
            let firsts = &table.firsts[a as usize..b as usize];
            let start = table.starts.len() as u32;
            for &fl in firsts {
                if table.paths[fl.path as usize].simple {
                    table.starts.push(fl);
                }
            }
            let mid = table.starts.len() as u32;
            if let Some(chain_roots) = chain_roots {
                for &fl in firsts {
                    let root = chain_roots[fl.path as usize];
                    if root != u32::MAX {
                        let root = root as usize;
                        table.starts.push(FirstLeg {
                            path: root as u32,
                            quiet: quiet[root].0,
                            passes_only: quiet[root].1,
                            ..fl
                        });
                    }
                }
            }
            for ni in roots.clone() {
                let node = table.tree[ni];
                let (off, len) =
                    self.ray_index[sq * self.vectors.len() + usize::from(node.leg.vec)];
                let len =
                    self.first_leg_len(&node.leg, node.hop_last, Square(sq as u16), player, len);
                if len > 0 {
                    table.starts.push(FirstLeg {
                        path: ni as u32,
                        ray_off: off,
                        ray_len: len,
                        quiet: quiet[ni].0,
                        passes_only: quiet[ni].1,
                    });
                }
            }
            table
                .start_index
                .push([start, mid, table.starts.len() as u32]);
        }
    }

    /// Whether every path through `tree[node]` that may remove nothing ends on its start
    /// square, the walk so far having moved by `shift`: one-step legs on plain vectors whose
    /// steps add up to nothing.
    fn quiet_ends_home(&self, tree: &[TNode], node: usize, shift: (i32, i32)) -> bool {
        if !may_end_quiet(tree, node) {
            return true;
        }
        let n = &tree[node];
        let v = self.vectors[usize::from(n.leg.vec)];
        let odd = Modes::UNLOAD
            .union(Modes::HALF_BOARD)
            .union(Modes::CREATES_EP);
        if n.leg.range != 1 || n.hop_last || v.cylinder || v.torus || n.leg.modes.intersects(odd) {
            return false;
        }
        let shift = (shift.0 + i32::from(v.dx), shift.1 + i32::from(v.dy));
        if n.last && n.leg.modes.contains(Modes::MOVE) && shift != (0, 0) {
            return false;
        }
        let children = n.children as usize..(n.children + n.nchildren) as usize;
        children
            .into_iter()
            .all(|c| self.quiet_ends_home(tree, c, shift))
    }

    fn build_board_data(&mut self) {
        let promotion = &self.spec.rules.promotion;
        self.zone = self
            .geo
            .sided_mask(&promotion.zone, promotion.zone_second.as_deref());
        let h = self.geo.height;
        let rows = |player: Player| -> Vec<u8> {
            self.geo
                .squares()
                .map(|sq| {
                    let y = self.geo.coord(sq).y;
                    if player == Player::First {
                        h - 1 - y
                    } else {
                        y
                    }
                })
                .collect()
        };
        self.rows_from_end = ByPlayer::new(rows(Player::First), rows(Player::Second));
        for &c in &self.spec.board.vanishing {
            if let Some(sq) = self.geo.square_at(c) {
                self.vanishing[sq.index()] = true;
            }
        }
        for (t, piece) in self.spec.pieces.iter().enumerate() {
            let initial = piece.paths.iter().any(|p| {
                p.legs
                    .first()
                    .is_some_and(|l| l.modes.contains(Modes::INITIAL))
            });
            self.virgin_relevant[t] = initial || !piece.castling.is_empty();
            self.partner_only[t] = !self.virgin_relevant[t];
            self.castle_only[t] = !initial && !piece.castling.is_empty();
            self.castler[t] = !piece.castling.is_empty();
        }
        // Castling partners: the pieces `castling with` names, or else the pieces the setup
        // puts at the edge of a castler's rank (next to it with `j`).
        let mut partners = self.spec.rules.castling_partners.clone();
        if partners.is_empty() {
            for k in self.spec.setup.iter().flatten() {
                for c in &self.spec.pieces[usize::from(k.piece.0)].castling {
                    let x = partner_file(self.geo.width, c.direction, c.partner_inside);
                    partners.extend(
                        self.spec
                            .setup
                            .iter()
                            .flatten()
                            .filter(|p| {
                                p.player == k.player && p.at.y == k.at.y && i32::from(p.at.x) == x
                            })
                            .map(|p| p.piece),
                    );
                }
            }
        }
        // A piece dropped where it counts as never moved may castle, or be castled with.
        let unmoved = self.spec.rules.drops.unmoved.iter();
        partners.extend(unmoved.flat_map(|u| u.pieces.iter().copied()));
        for t in partners {
            if let Some(flag) = self.virgin_relevant.get_mut(usize::from(t.0)) {
                *flag = true;
                self.castle_partner[usize::from(t.0)] = true;
            }
        }
        // A gate stays open while its piece has not moved, whatever that piece is and whether
        // or not its castling partners have moved.
        if !self.spec.rules.drops.gates.is_empty() {
            self.virgin_relevant.fill(true);
            self.partner_only.fill(false);
            self.castle_only.fill(false);
        }
    }

    /// See [`PieceTable::count_bits`].
    fn build_count_bits(&mut self) {
        if !self.strategy.legality.bulk_counts() {
            return;
        }
        for t in 0..self.pieces.len() {
            for player in [Player::First, Player::Second] {
                let counts = self.count_bits_of(t, player);
                let pt = self.pieces[t].get_mut(player);
                pt.count_bits = counts.bits;
                pt.count_runs = counts.runs;
                pt.count_leaps = counts.leaps;
                pt.count_index = counts.index;
                pt.reach = counts.reach;
            }
        }
    }

    /// Piece type `t`'s count bits for `player`, from every square.
    fn count_bits_of(&self, t: usize, player: Player) -> CountBits {
        let nsq = self.geo.len();
        // Larger boards: rays as runs of words, leaps and lame leaps walked.
        let words = nsq > 64;
        let pt = self.pieces[t].get(player);
        let mut counts = CountBits {
            bits: Vec::new(),
            runs: Vec::new(),
            leaps: vec![0u64; if words { 0 } else { nsq }],
            index: Vec::with_capacity(nsq),
            reach: vec![0u64; if words { 0 } else { nsq }],
        };
        for sq in 0..nsq {
            let [a, b, c] = pt.start_index[sq];
            let first = counts.bits.len() as u32;
            if !words && c > b {
                counts.reach[sq] = !0;
            }
            for k in a as usize..b as usize {
                let sb = self.start_bits(t, player, k, Square(sq as u16), &mut counts.runs);
                if !words {
                    counts.reach[sq] |= sb.mask;
                }
                // A plain leap to one square that both moves and captures: counted with the
                // piece's other such leaps from the occupancy bits at once.
                if !words && sb.is_plain_leap() {
                    counts.leaps[sq] |= sb.mask;
                } else {
                    counts.bits.push(sb);
                }
            }
            counts.index.push([first, counts.bits.len() as u32]);
        }
        counts
    }

    /// The count bits of entry `k` of piece type `t`'s `starts` for `player`, a simple path's
    /// first leg from `from`; on a board over 64 squares its ray's runs go to `runs`.
    fn start_bits(
        &self,
        t: usize,
        player: Player,
        k: usize,
        from: Square,
        runs: &mut Vec<RayWord>,
    ) -> StartBits {
        let words = self.geo.len() > 64;
        let special = Modes::DESTROY.union(Modes::ROYAL_CAPTURE);
        let pt = self.pieces[t].get(player);
        let fl = pt.starts[k];
        let leg = pt.legs[pt.paths[fl.path as usize].first_leg as usize];
        let ray = &self.rays[fl.ray_off as usize..fl.ray_off as usize + usize::from(fl.ray_len)];
        let shape = self.ray_shape(from, ray, self.zone.get(player));
        let first_run = runs.len() as u32;
        if words && shape.monotonic {
            push_runs(runs, ray);
        }
        let lame = leg.between_n > 0 && leg.modes.contains(Modes::LAME);
        let between: &[Square] = if lame {
            self.ray(from, leg.between_vec)
        } else {
            &[]
        };
        let blocked = lame && between.len() < usize::from(leg.between_n);
        let block = if lame && !blocked && !words {
            between[..usize::from(leg.between_n)]
                .iter()
                .fold(0u64, |m, s| m | 1 << s.index())
        } else {
            0
        };
        StartBits {
            start: k as u32,
            mask: if words { 0 } else { shape.mask },
            ascending: shape.ascending,
            plain: shape.monotonic
                && !leg.modes.intersects(special)
                && !blocked
                && (!words || !lame)
                && (!self.can_promote[t] || !shape.in_zone),
            block,
            ep: leg.modes.contains(Modes::EN_PASSANT),
            quiet: leg.modes.contains(Modes::MOVE),
            capture: leg.modes.contains(Modes::CAPTURE),
            initial: leg.modes.contains(Modes::INITIAL),
            len: fl.ray_len,
            unit: shape.unit,
            runs: [first_run, runs.len() as u32],
        }
    }

    /// What counting by bits needs to know of `ray`, a first leg's ray from `from`.
    fn ray_shape(&self, from: Square, ray: &[Square], zone: &[bool]) -> RayShape {
        let mut mask = 0u64;
        let mut order = None;
        let mut monotonic = true;
        let mut prev = from.index();
        let mut in_zone = zone[from.index()];
        let unit = ray.first().map_or(0, |&s| self.chebyshev(from, s));
        let mut stepped = unit > 0;
        for (j, &s) in ray.iter().enumerate() {
            stepped &= usize::from(self.chebyshev(from, s)) == (j + 1) * usize::from(unit);
            let up = s.index() > prev;
            monotonic &= s.index() != prev && *order.get_or_insert(up) == up;
            prev = s.index();
            if s.index() < 64 {
                mask |= 1 << s.index();
            }
            in_zone |= zone[s.index()];
        }
        RayShape {
            mask,
            ascending: order.unwrap_or(true),
            monotonic,
            in_zone,
            unit: if stepped { unit } else { 0 },
        }
    }

    /// See [`PieceTable::simple`].
    fn build_simple_moves(&mut self) {
        for t in 0..self.pieces.len() {
            for player in [Player::First, Player::Second] {
                let mut pt = std::mem::take(self.pieces[t].get_mut(player));
                pt.simple.clear();
                pt.moves_at.clear();
                pt.leap_squares.clear();
                pt.lame_bits.clear();
                for sq in 0..pt.start_index.len() {
                    let [a, b, _] = pt.start_index[sq];
                    let first = pt.simple.len();
                    for k in a..b {
                        self.push_simple_moves(&mut pt, k as usize, first, Square(sq as u16));
                    }
                    pt.moves_at.push(SquareMoves {
                        simple: first as u32,
                        end: pt.simple.len() as u32,
                        flags: 0,
                    });
                }
                *self.pieces[t].get_mut(player) = pt;
            }
        }
    }

    /// Appends entry `k` of `pt.starts`, a simple path's first leg, to `pt.simple`: merged
    /// into the entry before when both are plain one-square leaps (entries from `start` on are
    /// the square's).
    fn push_simple_moves(&self, pt: &mut PieceTable, k: usize, start: usize, from: Square) {
        let fl = pt.starts[k];
        let leg_index = pt.paths[fl.path as usize].first_leg;
        let leg = pt.legs[leg_index as usize];
        let ray = &self.rays[fl.ray_off as usize..fl.ray_off as usize + usize::from(fl.ray_len)];
        let small = self.geo.len() <= 64;
        let mask = if small {
            ray.iter().fold(0u64, |m, s| m | 1 << s.index())
        } else {
            0
        };
        let both = Modes::MOVE.union(Modes::CAPTURE);
        let conditions = Modes::DESTROY
            .union(Modes::ROYAL_CAPTURE)
            .union(Modes::EN_PASSANT)
            .union(Modes::CREATES_EP)
            .union(Modes::INITIAL)
            .union(Modes::LAME);
        if ray.len() == 1 && leg.modes.contains(both) && !leg.modes.intersects(conditions) {
            let flags =
                SimpleMoves::LEAPS | SimpleMoves::TAKES | if small { SimpleMoves::BITS } else { 0 };
            let off = pt.leap_squares.len() as u32;
            pt.leap_squares.push(ray[0]);
            if let Some(last) = pt.simple[start..].last_mut()
                && last.has(SimpleMoves::LEAPS)
                && last.off + u32::from(last.len) == off
                && last.len < u8::MAX
            {
                last.len += 1;
                last.mask |= mask;
                return;
            }
            pt.lame_bits.push(0);
            pt.simple.push(SimpleMoves {
                mask,
                off,
                modes: both,
                leg: leg_index,
                len: 1,
                flags,
                first: ray[0],
            });
            return;
        }
        let ascending = ray.len() < 2 || ray[1].index() > ray[0].index();
        let monotonic = ray
            .windows(2)
            .all(|w| w[0] != w[1] && (w[1].index() > w[0].index()) == ascending);
        let lame = leg.modes.contains(Modes::LAME) && leg.between_n > 0;
        let flag = |on: bool, f: u8| if on { f } else { 0 };
        pt.lame_bits.push(if small && lame {
            self.lame_bits(from, &leg)
        } else {
            0
        });
        pt.simple.push(SimpleMoves {
            mask,
            off: fl.ray_off,
            modes: leg.modes,
            leg: leg_index,
            len: fl.ray_len,
            flags: flag(small && monotonic, SimpleMoves::BITS)
                | flag(ascending, SimpleMoves::ASCENDING)
                | flag(
                    lame || leg.modes.contains(Modes::INITIAL),
                    SimpleMoves::GATED,
                )
                | flag(leg.modes.contains(Modes::EN_PASSANT), SimpleMoves::TAKES_EP)
                | flag(
                    !ray.is_empty() && !leg.modes.contains(Modes::DESTROY),
                    SimpleMoves::FIRST,
                )
                | flag(leg.modes.intersects(REMOVES), SimpleMoves::TAKES),
            first: ray.first().copied().unwrap_or(Square(0)),
        });
    }

    /// See [`PieceTable::lame_bits`]: the squares the lame leg `leg` passes over from `from`
    /// (a board of up to 64 squares).
    fn lame_bits(&self, from: Square, leg: &CLeg) -> u64 {
        let n = usize::from(leg.between_n);
        let between = self.ray(from, leg.between_vec);
        if between.len() < n {
            return u64::MAX;
        }
        between[..n].iter().fold(0, |m, s| m | 1 << s.index())
    }

    /// See [`PieceTable::capture_windows`].
    fn build_capture_windows(&mut self) {
        let nsq = self.geo.len();
        let size = 2 * self.pieces.len() * nsq * std::mem::size_of::<CaptureWindow>();
        if nsq <= 64 || size > CAPTURE_WINDOW_BUDGET {
            return;
        }
        for t in 0..self.pieces.len() {
            for player in [Player::First, Player::Second] {
                let pt = self.pieces[t].get(player);
                let windows = (0..nsq).map(|sq| self.capture_window(pt, sq)).collect();
                self.pieces[t].get_mut(player).capture_windows = windows;
            }
        }
    }

    /// See [`CaptureNear`]: on a board of 65 to [`CaptureNear::SQUARES`] squares with every
    /// grid cell a square (square `y * width + x`) and fewer than 64 columns.
    fn build_capture_near(&self) -> Option<CaptureNear> {
        let (nsq, width) = (self.geo.len(), usize::from(self.geo.width));
        if nsq <= 64 || nsq > CaptureNear::SQUARES || width >= 64 {
            return None;
        }
        if nsq != width * usize::from(self.geo.height) {
            return None;
        }
        let (mut not_first, mut not_last) = ([0u64; 4], [0u64; 4]);
        for sq in 0..nsq {
            if sq % width != 0 {
                not_first[sq / 64] |= 1 << (sq % 64);
            }
            if sq % width != width - 1 {
                not_last[sq / 64] |= 1 << (sq % 64);
            }
        }
        let mut class = vec![CaptureNear::TAKES; Cell::slots(self.pieces.len())];
        for (t, piece) in self.pieces.iter().enumerate() {
            for player in [Player::First, Player::Second] {
                let pt = piece.get(player);
                // The line test shifts by up to `width + 1` squares, within a word.
                let r = match pt.capture_reach {
                    Some(r) if !pt.takes_ep && r <= 2 => r,
                    _ if width + 1 < 64 => self
                        .line_reach(pt)
                        .map_or(CaptureNear::FAR, |r| CaptureNear::LINES | r),
                    _ => CaptureNear::FAR,
                };
                class[Cell::piece(player, PieceType(t as u16)).slot(self.pieces.len())] =
                    CaptureNear::class_of(r);
            }
        }
        let w = width as i32;
        let step = |dx: i32, dy: i32| {
            let keep = match dx {
                1 => not_last,
                -1 => not_first,
                _ => [u64::MAX; 4],
            };
            (dy * w + dx, keep)
        };
        let mut board = [0u64; 4];
        for sq in 0..nsq {
            board[sq / 64] |= 1 << (sq % 64);
        }
        Some(CaptureNear {
            width: width as u32,
            not_first,
            not_last,
            class,
            steps: [
                step(1, 0),
                step(-1, 0),
                step(0, 1),
                step(0, -1),
                step(1, 1),
                step(-1, 1),
                step(1, -1),
                step(-1, -1),
            ],
            board,
            words: nsq.div_ceil(64),
        })
    }

    /// Of a piece whose every capture is a simple path's (no e.p., no destroying), from any
    /// square: when each is a ride along a king line or reaches no further than two king
    /// steps, the farthest of the latter ([`CaptureNear::LINES`]).
    fn line_reach(&self, pt: &PieceTable) -> Option<u8> {
        if pt.takes_ep {
            return None;
        }
        let takes = Modes::CAPTURE.union(Modes::ROYAL_CAPTURE);
        let mut short = 0;
        for (sq, &[a, b, c]) in pt.start_index.iter().enumerate() {
            if b != c {
                return None;
            }
            for fl in &pt.starts[a as usize..b as usize] {
                let modes = pt.legs[pt.paths[fl.path as usize].first_leg as usize].modes;
                if modes.intersects(Modes::DESTROY.union(Modes::EN_PASSANT)) {
                    return None;
                }
                let ray =
                    &self.rays[fl.ray_off as usize..fl.ray_off as usize + usize::from(fl.ray_len)];
                let from = Square(sq as u16);
                if !modes.intersects(takes) || self.is_king_line(from, ray) {
                    continue;
                }
                short = ray
                    .iter()
                    .map(|&s| self.chebyshev(from, s))
                    .fold(short, u8::max);
                if short > 2 {
                    return None;
                }
            }
        }
        Some(short)
    }

    /// Whether `ray` runs from `from` in one of the eight king directions, square by square.
    fn is_king_line(&self, from: Square, ray: &[Square]) -> bool {
        let c = self.geo.coord(from);
        let Some(&first) = ray.first() else {
            return true;
        };
        let f = self.geo.coord(first);
        let (dx, dy) = (
            i32::from(f.x) - i32::from(c.x),
            i32::from(f.y) - i32::from(c.y),
        );
        if dx.abs() > 1 || dy.abs() > 1 {
            return false;
        }
        let mut at = (i32::from(c.x), i32::from(c.y));
        ray.iter().all(|&s| {
            let n = self.geo.coord(s);
            let next = (at.0 + dx, at.1 + dy);
            at = (i32::from(n.x), i32::from(n.y));
            at == next
        })
    }

    /// The [`CaptureWindow`] of the piece of table `pt` on square `sq`.
    fn capture_window(&self, pt: &PieceTable, sq: usize) -> CaptureWindow {
        let [a, b, c] = pt.start_index[sq];
        let takes = Modes::CAPTURE
            .union(Modes::ROYAL_CAPTURE)
            .union(Modes::EN_PASSANT);
        let entries = &pt.starts[a as usize..b as usize];
        let modes = |fl: &FirstLeg| pt.legs[pt.paths[fl.path as usize].first_leg as usize].modes;
        // A non-simple path (b < c) or a destroying one may capture otherwise: no window.
        if b != c || entries.iter().any(|fl| modes(fl).contains(Modes::DESTROY)) {
            return CaptureWindow::default();
        }
        let rays = || {
            entries
                .iter()
                .filter(|fl| modes(fl).intersects(takes))
                .map(|fl| {
                    &self.rays[fl.ray_off as usize..fl.ray_off as usize + usize::from(fl.ray_len)]
                })
        };
        let lowest = rays().flatten().map(|s| s.index()).min().unwrap_or(sq);
        let word = (lowest / 64).min(crate::bits::WORDS - 2);
        let window = |squares: &mut dyn Iterator<Item = &Square>| {
            let mut bits = [0u64; 2];
            for s in squares {
                let i = s.index() - 64 * word;
                if i >= 128 {
                    return None;
                }
                bits[i / 64] |= 1 << (i % 64);
            }
            Some(bits)
        };
        let reach = window(&mut rays().flatten());
        let first = window(&mut rays().filter_map(|r| r.first()));
        CaptureWindow {
            word: word as u32,
            reach_fits: reach.is_some(),
            first_fits: first.is_some(),
            reach: reach.unwrap_or_default(),
            first: first.unwrap_or_default(),
        }
    }

    /// Chebyshev distance between two squares: the king steps between them on an empty board.
    pub fn chebyshev(&self, a: Square, b: Square) -> u8 {
        let (ca, cb) = (self.geo.coord(a), self.geo.coord(b));
        ca.x.abs_diff(cb.x).max(ca.y.abs_diff(cb.y))
    }

    fn build_castling(&mut self) {
        for t in 0..self.partner_only.len() {
            self.partner_only[t] &= self.virgin_relevant[t];
        }
        for t in 0..self.pieces.len() {
            let specs = self.spec.pieces[t].castling.clone();
            for p in 0..2 {
                let player = Player::from_index(p);
                let mut per_square = vec![Vec::new(); self.geo.len()];
                if let Some(files) = self.spec.rules.castling_to {
                    self.free_castling(t, player, files, &specs, &mut per_square);
                } else if !specs.is_empty() {
                    for sq in self.geo.squares() {
                        for c in &specs {
                            if let Some(castle) = self.castle_from(sq, player, *c) {
                                per_square[sq.index()].push(castle);
                            }
                        }
                    }
                }
                self.pieces[t].get_mut(player).castling = per_square;
            }
        }
    }

    /// `castling to FILES`: from every square of the ranks where the setup puts the castler
    /// (any rank without a setup), a castling with a partner on every square of that side.
    /// The XBetza atoms say only which sides castle, read the same for both players.
    fn free_castling(
        &self,
        t: usize,
        player: Player,
        files: [u8; 2],
        specs: &[crate::spec::CastlingSpec],
        per_square: &mut [Vec<CCastle>],
    ) {
        let mut dirs: Vec<i32> = specs
            .iter()
            .map(|c| i32::from(c.direction.signum()))
            .collect();
        dirs.sort_unstable();
        dirs.dedup();
        let ranks: Option<Vec<u8>> = self.spec.setup.as_ref().map(|setup| {
            let of_castler = |p: &&Placement| p.player == player && usize::from(p.piece.0) == t;
            setup.iter().filter(of_castler).map(|p| p.at.y).collect()
        });
        for from in self.geo.squares() {
            let y = self.geo.coord(from).y;
            if ranks.as_ref().is_some_and(|r| !r.contains(&y)) {
                continue;
            }
            for &dir in &dirs {
                let king_to = if dir > 0 { files[0] } else { files[1] };
                for px in 0..self.geo.width {
                    let castle = free_castle(&self.geo, from, dir, king_to, px);
                    per_square[from.index()].extend(castle);
                }
            }
        }
    }

    fn castle_from(
        &self,
        from: Square,
        player: Player,
        c: crate::spec::CastlingSpec,
    ) -> Option<CCastle> {
        castling(&self.geo, &self.spec, from, player, c)
    }

    fn build_attack_data(&mut self) {
        let nsq = self.geo.len();
        self.near = (0..nsq)
            .map(|s| {
                let c = self.geo.coord(Square(s as u16));
                let mut list = Vec::new();
                let mut ends = [0u8; 4];
                for d in 1..=i32::from(NEAR_REACH) {
                    for dy in -d..=d {
                        for dx in -d..=d {
                            if dx.abs().max(dy.abs()) == d
                                && let Some(sq) =
                                    self.geo.square(i32::from(c.x) + dx, i32::from(c.y) + dy)
                            {
                                list.push(sq);
                            }
                        }
                    }
                    ends[d as usize] = list.len() as u8;
                }
                (list, ends)
            })
            .collect();
        self.build_near_bits();
        for p in 0..2 {
            let player = Player::from_index(p);
            let mut far = Vec::new();
            let mut near = false;
            for t in 0..self.pieces.len() {
                let table = self.pieces[t].get(player);
                if table.has_complex_attack {
                    match table.complex_reach {
                        Some(_) => near = true,
                        None => far.push(PieceType(t as u16)),
                    }
                }
            }
            *self.far_complex.get_mut(player) = far;
            *self.near_complex.get_mut(player) = near;
        }
    }

    fn build_near_bits(&mut self) {
        let nsq = self.geo.len();
        let words = crate::bits::Bits::words(nsq);
        let mut bits = vec![0u64; usize::from(NEAR_REACH) * nsq * words];
        for (sq, (list, ends)) in self.near.iter().enumerate() {
            for d in 1..=usize::from(NEAR_REACH) {
                let at = ((d - 1) * nsq + sq) * words;
                for s in &list[..usize::from(ends[d])] {
                    crate::bits::insert(&mut bits[at..at + words], *s);
                }
            }
        }
        self.near_bits = bits;
        self.near_words = words;
    }

    /// The squares within Chebyshev distance `d` (1 to [`NEAR_REACH`]) of `sq`.
    #[inline]
    pub(crate) fn near_bits(&self, d: u8, sq: Square) -> &[u64] {
        let at = ((usize::from(d) - 1) * self.geo.len() + sq.index()) * self.near_words;
        &self.near_bits[at..at + self.near_words]
    }

    /// Each piece table's [`PieceTable::promotes_from`]: every promotion trigger needs the
    /// start, the end or a stop in the middle (of a non-simple path) in the zone.
    fn build_promotes_from(&mut self) {
        for t in 0..self.pieces.len() {
            for player in [Player::First, Player::Second] {
                let zone = self.zone.get(player);
                let pt = self.pieces[t].get(player);
                let in_zone = |sq: usize| zone.get(sq).copied().unwrap_or(false);
                let promotes: Vec<bool> = (0..self.geo.len())
                    .map(|sq| {
                        let Some(&[a, b, c]) = pt.start_index.get(sq) else {
                            return false;
                        };
                        self.can_promote[t]
                            && (in_zone(sq)
                                || c > b
                                || pt.starts[a as usize..b as usize].iter().any(|fl| {
                                    let off = fl.ray_off as usize;
                                    let ray = &self.rays[off..off + usize::from(fl.ray_len)];
                                    ray.iter().any(|s| in_zone(s.index()))
                                }))
                    })
                    .collect();
                self.pieces[t].get_mut(player).promotes_from = promotes;
            }
        }
    }

    /// Each piece table's [`SquareMoves::flags`], from its roots, promotions, first legs and
    /// castling.
    fn build_square_flags(&mut self) {
        for piece in &mut self.pieces {
            for player in [Player::First, Player::Second] {
                let pt = piece.get_mut(player);
                for sq in 0..pt.moves_at.len() {
                    let [_, b, c] = pt.start_index[sq];
                    let at = pt.moves_at[sq];
                    let gated = pt.simple[at.simple as usize..at.end as usize]
                        .iter()
                        .any(|r| r.has(SimpleMoves::GATED));
                    let castles = pt.castling.get(sq).is_some_and(|l| !l.is_empty());
                    let roots = c > b;
                    let mut flags = 0;
                    if roots || pt.may_duplicate || pt.promotes_from[sq] {
                        flags |= SquareMoves::SINK;
                    }
                    if roots || gated || castles {
                        flags |= SquareMoves::FIRST_MOVES;
                    }
                    if castles {
                        flags |= SquareMoves::CASTLES;
                    }
                    let simple = &pt.simple[at.simple as usize..at.end as usize];
                    let destroys = simple.iter().any(|r| r.modes.contains(Modes::DESTROY));
                    if roots || destroys {
                        flags |= SquareMoves::TAKES_ANY;
                    }
                    if roots {
                        flags |= SquareMoves::ROOTS;
                    }
                    pt.moves_at[sq].flags = flags;
                }
            }
        }
    }

    /// See [`Tables::small_moves_at`].
    fn build_small_moves_at(&mut self) {
        let nsq = self.geo.len();
        if nsq > 64 {
            return;
        }
        let mut flat = vec![SquareMoves::default(); 64 * (2 * self.pieces.len() + 1)];
        let mut takes_at = vec![0; flat.len()];
        for (t, piece) in self.pieces.iter().enumerate() {
            for player in [Player::First, Player::Second] {
                let pt = piece.get(player);
                let cell = Cell::piece(player, PieceType(t as u16));
                let start = 64 * usize::from(cell.0);
                let simple_base = self.small_simple.len() as u32;
                let leap_base = self.small_leap_squares.len() as u32;
                self.small_simple
                    .extend(pt.simple.iter().map(|&r| SimpleMoves {
                        off: r.off
                            + if r.has(SimpleMoves::LEAPS) {
                                leap_base
                            } else {
                                0
                            },
                        ..r
                    }));
                self.small_lame_bits.extend(&pt.lame_bits);
                self.small_leap_squares.extend(&pt.leap_squares);
                for (sq, &at) in pt.moves_at.iter().enumerate().take(nsq) {
                    let simple = &pt.simple[at.simple as usize..at.end as usize];
                    takes_at[start + sq] = if at.has(SquareMoves::TAKES_ANY) {
                        u64::MAX
                    } else {
                        square_takes(simple)
                    };
                    flat[start + sq] = SquareMoves {
                        simple: at.simple + simple_base,
                        end: at.end + simple_base,
                        ..at
                    };
                }
            }
        }
        self.small_moves_at = flat;
        self.small_takes = takes_at;
    }

    fn build_stuck(&mut self) {
        for t in 0..self.pieces.len() {
            for p in 0..2 {
                let table = self.pieces[t].get_mut(Player::from_index(p));
                table.stuck = table.first_index.iter().map(|&(a, b)| a == b).collect();
            }
        }
    }
}

/// The continuation tree of a piece's non-simple paths. Node 0 is a sentinel whose children
/// are the roots; every node's children are contiguous. Paths with the same first `n` legs share their first `n` nodes.
/// See [`Tables::small_takes`]: the rays of the simple entries that may remove a piece.
fn square_takes(simple: &[SimpleMoves]) -> u64 {
    simple
        .iter()
        .filter(|r| r.modes.intersects(REMOVES))
        .fold(0, |bits, r| bits | r.mask)
}

/// The modes of a leg that may remove a piece.
const REMOVES: Modes = Modes::CAPTURE
    .union(Modes::ROYAL_CAPTURE)
    .union(Modes::DESTROY)
    .union(Modes::EN_PASSANT);

fn build_tree(table: &PieceTable) -> Vec<TNode> {
    let suffixes: Vec<&[CLeg]> = table
        .paths
        .iter()
        .filter(|p| !p.simple)
        .map(|p| &table.legs[p.first_leg as usize..p.first_leg as usize + usize::from(p.legs)])
        .filter(|legs| !legs.is_empty())
        .collect();
    let sentinel = TNode {
        leg: CLeg::NONE,
        last: false,
        hop_last: false,
        children: 1,
        nchildren: 0,
    };
    let mut tree = vec![sentinel];
    let (children, n) = build_level(&mut tree, suffixes);
    tree[0].children = children;
    tree[0].nchildren = n;
    tree
}

/// One unshared chain of nodes per non-simple path; returns each path's root (`u32::MAX` for
/// simple paths). The tree's sentinel has no children, so only the square's own first legs
/// lead into it.
fn build_chains(table: &mut PieceTable) -> Vec<u32> {
    let mut tree = build_tree(&PieceTable::default());
    let roots = table
        .paths
        .iter()
        .map(|p| {
            let legs =
                &table.legs[p.first_leg as usize..p.first_leg as usize + usize::from(p.legs)];
            if p.simple || legs.is_empty() {
                u32::MAX
            } else {
                build_level(&mut tree, vec![legs]).0
            }
        })
        .collect();
    table.tree = tree;
    roots
}

/// Whether some path through `tree[node]` may end without removing a piece: a stop on an
/// empty square ends it or goes on, or a hop goes on over a piece (the walker's rules).
fn may_end_quiet(tree: &[TNode], node: usize) -> bool {
    let n = &tree[node];
    let modes = n.leg.modes;
    if n.last && modes.contains(Modes::MOVE) {
        return true;
    }
    let children = n.children as usize..(n.children + n.nchildren) as usize;
    modes.intersects(Modes::MOVE.union(Modes::HOP).union(Modes::GRASSHOP))
        && children.into_iter().any(|c| may_end_quiet(tree, c))
}

/// Adds one level of the tree for paths whose remaining legs are `suffixes`; returns where
/// its nodes start and how many there are.
fn build_level(tree: &mut Vec<TNode>, suffixes: Vec<&[CLeg]>) -> (u32, u32) {
    let hopping = Modes::HOP.union(Modes::GRASSHOP);
    // (node, the suffixes that continue after it), in order of first appearance.
    let mut groups: Vec<(TNode, Vec<&[CLeg]>)> = Vec::new();
    let mut index = std::collections::HashMap::new();
    for legs in suffixes {
        let leg = legs[0];
        let last = legs.len() == 1;
        let hop_last = last && leg.modes.intersects(hopping);
        let i = match index.get(&(leg, hop_last)) {
            Some(&i) => i,
            None => {
                index.insert((leg, hop_last), groups.len());
                groups.push((
                    TNode {
                        leg,
                        last: false,
                        hop_last,
                        children: 0,
                        nchildren: 0,
                    },
                    Vec::new(),
                ));
                groups.len() - 1
            }
        };
        if last {
            groups[i].0.last = true;
        } else {
            groups[i].1.push(&legs[1..]);
        }
    }
    let start = tree.len();
    let count = groups.len() as u32;
    tree.extend(groups.iter().map(|(n, _)| *n));
    for (i, (_, rest)) in groups.into_iter().enumerate() {
        if !rest.is_empty() {
            let (c, n) = build_level(tree, rest);
            tree[start + i].children = c;
            tree[start + i].nchildren = n;
        }
    }
    (start as u32, count)
}

/// XBetza range `*`: up to the last rank of the mover's own half, at least one step.
fn half_board_range(geo: &Geometry, sq: Square, player: Player) -> u8 {
    let y = geo.coord(sq).y;
    let own = if player == Player::First {
        y
    } else {
        geo.height - 1 - y
    };
    (i32::from(geo.height) / 2 - i32::from(own) - 1).max(1) as u8
}

/// The file of the castling partner for the first player.
/// The castling `c` of `player`'s piece on `from`, or `None` when the board has no room for it.
/// The partner square is the edge of the rank (next to it with XBetza `j`); under
/// `castling with IDS`, the square of the outermost of those pieces the setup puts on the rank
/// beyond the castler's destination. Lints ask this too, so it is the one place that decides.
pub fn castling(
    geo: &Geometry,
    spec: &VariantSpec,
    from: Square,
    player: Player,
    c: crate::spec::CastlingSpec,
) -> Option<CCastle> {
    let fc = geo.coord(from);
    // The second player's castling is rotated like its moves.
    let dir = if player == Player::First {
        i32::from(c.direction)
    } else {
        -i32::from(c.direction)
    };
    let (x0, y) = (i32::from(fc.x), i32::from(fc.y));
    let steps = i32::from(c.king_steps);
    let to_x = x0 + dir * steps;
    let partners = &spec.rules.castling_partners;
    let px = if partners.is_empty() {
        let px = partner_file(geo.width, c.direction, c.partner_inside);
        if player == Player::Second {
            i32::from(geo.width) - 1 - px
        } else {
            px
        }
    } else {
        spec.setup
            .iter()
            .flatten()
            .filter(|p| p.player == player && partners.contains(&p.piece))
            .filter(|p| i32::from(p.at.y) == y && (i32::from(p.at.x) - to_x) * dir > 0)
            .map(|p| i32::from(p.at.x))
            .max_by_key(|&x| x * dir)?
    };
    // The partner must lie beyond the king's destination.
    if steps < 1 || (px - to_x) * dir <= 0 {
        return None;
    }
    let to = geo.square(to_x, y)?;
    let partner = geo.square(px, y)?;
    let partner_to = geo.square(to_x - dir, y)?;
    let mut empty = Vec::new();
    let lo = x0.min(px).min(to_x);
    let hi = x0.max(px).max(to_x);
    for x in lo..=hi {
        if x == x0 || x == px {
            continue;
        }
        empty.push(geo.square(x, y)?);
    }
    let safe = (0..=steps)
        .map(|k| geo.square(x0 + dir * k, y))
        .collect::<Option<Vec<_>>>()?;
    Some(CCastle {
        to,
        partner,
        partner_to,
        empty,
        safe,
        typed: false,
    })
}

/// A castling under `castling to` from `from` towards `dir` (+1: the last file) with the
/// partner on file `px`: the castler lands on file `king_to`, the partner beside it on the
/// inner side. Either may already stand on its destination (Chess960); every other square
/// between the four must be empty, and the castler's path from its start to its destination
/// unattacked. `None` when the partner is not on that side or a destination is off the board.
fn free_castle(geo: &Geometry, from: Square, dir: i32, king_to: u8, px: u8) -> Option<CCastle> {
    let fc = geo.coord(from);
    let (x0, y, px, kx) = (
        i32::from(fc.x),
        i32::from(fc.y),
        i32::from(px),
        i32::from(king_to),
    );
    if (px - x0) * dir <= 0 {
        return None;
    }
    let rx = kx - dir;
    let (lo, hi) = (x0.min(px).min(kx).min(rx), x0.max(px).max(kx).max(rx));
    let empty = (lo..=hi)
        .filter(|&x| x != x0 && x != px)
        .map(|x| geo.square(x, y))
        .collect::<Option<Vec<_>>>()?;
    let step = (kx - x0).signum();
    let safe = (0..=(kx - x0).abs())
        .map(|k| geo.square(x0 + step * k, y))
        .collect::<Option<Vec<_>>>()?;
    Some(CCastle {
        to: geo.square(kx, y)?,
        partner: geo.square(px, y)?,
        partner_to: geo.square(rx, y)?,
        empty,
        safe,
        typed: true,
    })
}

fn partner_file(width: u8, direction: i8, inside: bool) -> i32 {
    let edge = if direction < 0 {
        0
    } else {
        i32::from(width) - 1
    };
    if inside {
        edge - i32::from(direction.signum())
    } else {
        edge
    }
}

/// For each player, the simple capturing directions: vector index and range per piece type.
fn collect_attack_dirs(
    pieces: &[ByPlayer<PieceTable>],
    _vectors: &[Vector],
    ntypes: usize,
) -> [Vec<(u16, Vec<u8>)>; 2] {
    let mut out: [Vec<(u16, Vec<u8>)>; 2] = [Vec::new(), Vec::new()];
    for (p, list) in out.iter_mut().enumerate() {
        for (t, piece) in pieces.iter().enumerate() {
            let table = piece.get(Player::from_index(p));
            for path in &table.paths {
                if !path.attack_simple || !path.attacks {
                    continue;
                }
                let leg = table.legs[path.first_leg as usize];
                let range = if leg.range == 0 { 255 } else { leg.range };
                let entry = match list.iter_mut().position(|(v, _)| *v == leg.vec) {
                    Some(i) => &mut list[i].1,
                    None => {
                        list.push((leg.vec, vec![0; ntypes]));
                        &mut list.last_mut().expect("just pushed").1
                    }
                };
                entry[t] = entry[t].max(range);
            }
        }
    }
    out
}

fn build_rays(geo: &Geometry, vectors: &[Vector]) -> (Vec<(u32, u8)>, Vec<Square>) {
    let mut index = Vec::with_capacity(geo.len() * vectors.len());
    let mut rays = Vec::new();
    let w = i32::from(geo.width);
    for sq in geo.squares() {
        let c = geo.coord(sq);
        for v in vectors {
            let start = rays.len() as u32;
            let (mut x, mut y) = (i32::from(c.x), i32::from(c.y));
            let mut len = 0u8;
            while len < 255 {
                x += i32::from(v.dx);
                y += i32::from(v.dy);
                if v.cylinder {
                    x = x.rem_euclid(w);
                }
                if v.torus {
                    y = y.rem_euclid(i32::from(geo.height));
                }
                match geo.square(x, y) {
                    Some(next) => {
                        rays.push(next);
                        len += 1;
                        // A cylinder ray ends when it comes back round to its start.
                        if next == sq {
                            break;
                        }
                    }
                    None => break,
                }
            }
            index.push((start, len));
        }
    }
    (index, rays)
}

/// Per piece type, whether one of its promotions is royal.
/// Per piece type: whether it may promote, for either player.
fn can_promote(spec: &VariantSpec) -> Vec<bool> {
    (0..spec.pieces.len())
        .map(|t| {
            let t = PieceType(t as u16);
            [Player::First, Player::Second]
                .iter()
                .any(|&p| !spec.promotions_of(t, p).is_empty())
        })
        .collect()
}

fn promotes_royal(spec: &VariantSpec) -> Vec<bool> {
    spec.pieces
        .iter()
        .map(|p| {
            p.promotions
                .iter()
                .any(|t| spec.pieces.get(usize::from(t.0)).is_some_and(|q| q.royal))
        })
        .collect()
}

struct Builder<'g> {
    geo: &'g Geometry,
    vectors: Vec<Vector>,
}

impl Builder<'_> {
    /// Every piece's compiled paths, for each player.
    fn pieces(&mut self, spec: &VariantSpec) -> Vec<ByPlayer<PieceTable>> {
        let mut pieces = Vec::with_capacity(spec.pieces.len());
        for (t, piece) in spec.pieces.iter().enumerate() {
            // A piece whose moves depend on its square is found by walking its paths from
            // where it stands, not by the reverse rays of the attack test.
            let bound = spec
                .rules
                .regions
                .pieces
                .get(t)
                .is_some_and(crate::spec::PieceRegions::is_bound);
            let first = self.piece_paths(piece, Player::First, bound);
            let second = self.piece_paths(piece, Player::Second, bound);
            pieces.push(ByPlayer::new(first, second));
        }
        pieces
    }

    /// Attack vectors: the reverse of every simple capturing direction, with its ranges.
    fn attack_vectors(
        &mut self,
        pieces: &[ByPlayer<PieceTable>],
        ntypes: usize,
    ) -> ByPlayer<Vec<AttackVector>> {
        let attack_dirs = collect_attack_dirs(pieces, &self.vectors, ntypes);
        let mut attack_vectors = ByPlayer::<Vec<AttackVector>>::default();
        for (p, list) in attack_dirs.into_iter().enumerate() {
            for (v, ranges) in list {
                let vector = self.vectors[usize::from(v)];
                let reverse =
                    self.vector_wrap(-vector.dx, -vector.dy, vector.cylinder, vector.torus);
                let max_range = ranges.iter().copied().max().unwrap_or(0);
                let step = vector.dx.unsigned_abs().max(vector.dy.unsigned_abs());
                let near = !vector.cylinder
                    && max_range != 255
                    && u32::from(max_range) * u32::from(step) <= u32::from(NEAR_REACH);
                attack_vectors
                    .get_mut(Player::from_index(p))
                    .push(AttackVector {
                        reverse,
                        max_range,
                        near,
                        range: ranges,
                        masks: Vec::new(),
                        ascending: false,
                        words: Vec::new(),
                        word_index: Vec::new(),
                    });
            }
        }
        attack_vectors
    }

    fn vector(&mut self, dx: i8, dy: i8, cylinder: bool) -> u16 {
        self.vector_wrap(dx, dy, cylinder, false)
    }

    fn vector_wrap(&mut self, dx: i8, dy: i8, cylinder: bool, torus: bool) -> u16 {
        let v = Vector {
            dx,
            dy,
            cylinder: cylinder || torus,
            torus,
        };
        if let Some(i) = self.vectors.iter().position(|x| *x == v) {
            return i as u16;
        }
        self.vectors.push(v);
        (self.vectors.len() - 1) as u16
    }

    /// Compiles `piece`'s paths for `player` (`bound`: its moves depend on its square).
    fn piece_paths(
        &mut self,
        piece: &crate::spec::PieceSpec,
        player: Player,
        bound: bool,
    ) -> PieceTable {
        let sign: i8 = if player == Player::First { 1 } else { -1 };
        let mut table = PieceTable::default();
        let takes = Modes::CAPTURE
            .union(Modes::ROYAL_CAPTURE)
            .union(Modes::EN_PASSANT);
        // How far the complex attacks and the captures reach, in king steps (None: unbounded).
        let mut reach: Option<u32> = Some(0);
        let mut capture_reach: Option<u32> = Some(0);
        let mut complex = false;
        for path in &piece.paths {
            if path.legs.is_empty() || path.legs.len() > crate::limits::MAX_LEGS {
                continue;
            }
            let first_leg = table.legs.len() as u32;
            let mut path_reach: Option<u32> = Some(0);
            for leg in &path.legs {
                let leg_reach = self.push_leg(&mut table, leg, sign);
                path_reach = path_reach.zip(leg_reach).map(|(a, b)| a + b);
            }
            let cpath = compiled_path(&table, path, first_leg, bound);
            let leg_modes = |m: Modes| path.legs.iter().any(|l| l.modes.intersects(m));
            // An iso leg goes as far as the leg before it, whatever its range says.
            if leg_modes(Modes::DESTROY.union(Modes::ISO)) {
                capture_reach = None;
            } else if leg_modes(takes) {
                capture_reach = capture_reach.zip(path_reach).map(|(a, b)| a.max(b));
            }
            table.takes_ep |= leg_modes(Modes::EN_PASSANT);
            if cpath.attacks && !cpath.attack_simple {
                complex = true;
                reach = reach.zip(path_reach).map(|(a, b)| a.max(b));
            }
            table.paths.push(cpath);
        }
        table.has_complex_attack = complex;
        table.complex_reach = if complex {
            reach.filter(|r| *r <= 3).map(|r| r as u8)
        } else {
            Some(0)
        };
        table.capture_reach = capture_reach
            .filter(|r| *r <= u32::from(NEAR_REACH))
            .map(|r| r as u8);
        table.may_duplicate = may_duplicate(&table, &self.vectors);
        let _ = self.geo;
        table
    }

    /// Compiles `leg` (turned by `sign`) onto `table.legs`; returns how far it reaches in king
    /// steps, when that is bounded (a finite range, no wrapping, no long hop).
    fn push_leg(
        &mut self,
        table: &mut PieceTable,
        leg: &crate::spec::Leg,
        sign: i8,
    ) -> Option<u32> {
        let (dx, dy) = (leg.dx.saturating_mul(sign), leg.dy.saturating_mul(sign));
        let torus = leg.modes.contains(Modes::TORUS);
        let cylinder = leg.modes.contains(Modes::CYLINDER) || torus;
        let vec = self.vector_wrap(dx, dy, cylinder, torus);
        let g = gcd(dx.unsigned_abs(), dy.unsigned_abs());
        let (between_vec, between_n) = if leg.range == 1 && g > 1 {
            (self.vector(dx / g as i8, dy / g as i8, cylinder), g - 1)
        } else {
            (NO_VEC, 0)
        };
        table.legs.push(CLeg {
            vec,
            range: leg.range,
            modes: leg.modes,
            between_vec,
            between_n,
        });
        let step = u32::from(dx.unsigned_abs().max(dy.unsigned_abs()));
        let hop = leg.modes.intersects(Modes::HOP.union(Modes::GRASSHOP));
        let n = leg.range;
        (n > 0 && !cylinder && !(hop && n > 1)).then(|| step * (u32::from(n) + u32::from(hop)))
    }
}

/// A path's summary for the walkers; its legs are already in `table.legs` from `first_leg`.
fn compiled_path(
    table: &PieceTable,
    path: &crate::spec::PathTemplate,
    first_leg: u32,
    bound: bool,
) -> CPath {
    let special = Modes::HOP
        .union(Modes::GRASSHOP)
        .union(Modes::JUMP)
        .union(Modes::ISO)
        .union(Modes::UNLOAD);
    let capture = Modes::CAPTURE.union(Modes::ROYAL_CAPTURE);
    let legs = path.legs.len() as u8;
    let first = path.legs[0];
    let simple = legs == 1 && !first.modes.intersects(special);
    let attacks = path.legs.iter().any(|l| l.modes.intersects(capture));
    let lame = first.modes.contains(Modes::LAME) && table.legs[first_leg as usize].between_n > 0;
    let attack_simple = simple && !first.modes.contains(Modes::INITIAL) && !lame && !bound;
    CPath {
        first_leg,
        legs,
        simple,
        attacks,
        attack_simple,
    }
}

/// Whether two paths of a piece could produce the same move: any multi-leg path, or two
/// single-leg paths that can reach the same offset.
fn may_duplicate(table: &PieceTable, vectors: &[Vector]) -> bool {
    let mut seen = std::collections::HashSet::new();
    for path in &table.paths {
        if path.legs > 1 {
            return true;
        }
        let leg = table.legs[path.first_leg as usize];
        let v = vectors[usize::from(leg.vec)];
        if v.cylinder {
            return true;
        }
        let hop = leg.modes.intersects(Modes::HOP.union(Modes::GRASSHOP));
        let limit = if leg.range == 0 || hop {
            27
        } else {
            i32::from(leg.range)
        };
        for k in 1..=limit {
            if !seen.insert((k * i32::from(v.dx), k * i32::from(v.dy))) {
                return true;
            }
        }
    }
    false
}

fn gcd(a: u8, b: u8) -> u8 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// Cell helpers that need the tables.
impl Tables {
    #[inline]
    pub(crate) fn cell_is_royal(&self, c: Cell) -> bool {
        self.royal[usize::from(c.piece_type().0)]
    }

    /// Whether a leg with `modes` of a piece of `mover` may remove the piece `c`: capture an
    /// enemy (a royal one with royal capture), destroy a friend.
    #[inline]
    pub(crate) fn removable(&self, mover: Player, c: Cell, modes: Modes) -> bool {
        if c.player() != mover {
            modes.contains(Modes::CAPTURE)
                || (modes.contains(Modes::ROYAL_CAPTURE) && self.cell_is_royal(c))
        } else {
            modes.contains(Modes::DESTROY)
        }
    }

    /// The promotions open to a move of `mover` (table `pt`, a piece that can promote) to `to`
    /// that fires a promotion trigger: the types it may become, and whether it may also stay
    /// as it is. Automatic promotion gives the first type only.
    pub(crate) fn promotion_choices(
        &self,
        pt: &PieceTable,
        mover: Cell,
        to: Square,
    ) -> (&[PieceType], bool) {
        let ty = mover.piece_type();
        let choices = self.spec.promotions_of(ty, mover.player());
        if self.spec.rules.promotion.kind == PromotionKind::Automatic {
            return (&choices[..choices.len().min(1)], false);
        }
        (choices, !self.promotion_forced(pt, mover.player(), ty, to))
    }

    /// Whether a move of `ty` (table `pt`) to `to` that fires a promotion trigger must
    /// promote: the rules force it, or the piece would be stuck there, or it reaches its
    /// forced last ranks.
    pub(crate) fn promotion_forced(
        &self,
        pt: &PieceTable,
        player: Player,
        ty: PieceType,
        to: Square,
    ) -> bool {
        let rules = &self.spec.rules.promotion;
        let rows = self.rows_from_end.get(player)[to.index()];
        rules.kind == crate::spec::PromotionKind::Mandatory
            || (rules.forced_when_stuck && pt.stuck[to.index()])
            || rules
                .forced
                .iter()
                .any(|f| rows < f.last_ranks && f.pieces.contains(&ty))
    }
}

/// Per player, whether it plays with royals: the variant has royal types and the start
/// position, if any, gives the player one of them.
fn royal_sides(spec: &VariantSpec) -> ByPlayer<bool> {
    let royal = |t: PieceType| spec.pieces.get(usize::from(t.0)).is_some_and(|p| p.royal);
    let in_hand = |player: Player| {
        (spec.rules.drops.start_hand.iter()).any(|&(p, t)| p == player && royal(t))
    };
    let has = |player: Player| match &spec.setup {
        None => spec.pieces.iter().any(|p| p.royal),
        Some(setup) => {
            in_hand(player) || setup.iter().any(|p| p.player == player && royal(p.piece))
        }
    };
    ByPlayer::new(has(Player::First), has(Player::Second))
}

/// The vectors through each pair of squares (`Tables::rays_through`) of a board of up to 64
/// squares; empty for more than 64 vectors.
fn rays_through(vectors: &[AttackVector], nsq: usize) -> Vec<u64> {
    if vectors.len() > 64 {
        return Vec::new();
    }
    let mut through = vec![0u64; nsq * 64];
    for sq in 0..nsq {
        for (i, av) in vectors.iter().enumerate() {
            for s in crate::bits::bit_indices(av.masks[sq]) {
                through[sq * 64 + s] |= 1 << i;
            }
        }
    }
    through
}
