//! The move values: the compact [`Move`] (16 bytes) that the move lists hold, the
//! [`MoveList`] that keeps every move's removed squares in one buffer, the borrowed
//! [`MoveRef`] (a move with its removed squares) that make, the legality test and notation
//! read, and the owned [`FullMove`] that code outside the move loop keeps (a search's best
//! line, a game's history, the wire protocols).
//!
//! ```
//! use koma_runtime::{FullMove, Move, MoveRef};
//! assert!(std::mem::size_of::<Move>() <= 16);
//! # fn play(pos: &mut koma_runtime::Position, list: &koma_runtime::MoveList, kept: &FullMove) {
//! // A list entry is played in place; an owned move is played through a reference.
//! pos.make(list.get(0));
//! pos.unmake();
//! pos.make(kept);
//! # let _: MoveRef<'_> = list.get(0);
//! # }
//! ```

use std::fmt;
use std::hash::{Hash, Hasher};
use std::num::NonZeroU32;
use std::ops::Deref;

use crate::geometry::Square;
use crate::spec::PieceType;

pub use crate::limits::MAX_CAPTURES;

/// What kind of move this is beyond a plain from/to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[repr(u8)]
pub enum MoveKind {
    /// A plain move (or a pass).
    #[default]
    Normal = 0,
    /// Castling: the partner goes from `aux` to `aux2`.
    Castle = 1,
    /// The move's victim reappears on `aux` (XBetza `u`).
    Unload = 2,
    /// A piece from the mover's hand is put on `to` (`from == to`).
    Drop = 3,
}

/// One move, in 16 bytes: from and to, the promotion choice, the kind (castling, unloading and
/// drops use `aux`/`aux2`), whether it leaves e.p. squares, and where its removed squares lie
/// in the buffer of the [`MoveList`] (or position) that owns it, with how many there are and
/// which of them are burned. Captures on the destination are implied by the board (the
/// destination holds a piece other than the mover); the removed squares are every *other*
/// removed square, sorted.
///
/// A `Move` alone does not know its removed squares: read them through a [`MoveRef`]
/// ([`MoveList::get`]) or keep the move as a [`FullMove`] ([`MoveRef::to_full`]).
#[derive(Clone, Copy, Debug)]
pub struct Move {
    /// The mover's start square (a drop's destination).
    pub from: Square,
    /// The destination.
    pub to: Square,
    /// Castling: the partner's start. Unloading: where the victim reappears. A drop: the piece
    /// type taken from the hand.
    pub(crate) aux: Square,
    /// Castling: the partner's destination.
    pub(crate) aux2: Square,
    /// Bit `i` set: removed square `i` is burned (by a burner's area, or the mover burned on
    /// arrival) rather than captured on the way.
    pub(crate) burned: u16,
    /// Bits 0-8: the promotion's piece type plus one (0: none); bits 9-10: the kind; bits
    /// 11-15: the number of removed squares. A plain move is 0.
    head: u16,
    /// Bits 0-20: where the removed squares start in the owner's capture buffer, plus one (the
    /// niche keeps `Option<FullMove>` at 48 bytes: a search's hash table holds one per entry).
    /// Bit 21: the move leaves e.p. squares. Bit 22: its gate fills the castling partner's
    /// square rather than the mover's. Bits 23-31: the piece type a gating move brings from the
    /// hand, plus one (0: none).
    caps: NonZeroU32,
}

const _: () = assert!(size_of::<Move>() <= 16);
const _: () = assert!(size_of::<Option<FullMove>>() == size_of::<FullMove>());
// The burned mask is a `u16` and the count has five bits.
const _: () = assert!(MAX_CAPTURES <= 16);

/// The bits a piece type plus one takes (in `head` for a promotion, in `caps` for a gate).
const TYPE_BITS: u32 = 9;
const PROMOTION_MASK: u16 = (1 << TYPE_BITS) - 1;
const KIND_SHIFT: u32 = TYPE_BITS;
const KIND_MASK: u16 = 0b11 << KIND_SHIFT;
const NCAP_SHIFT: u32 = KIND_SHIFT + 2;
/// The bits of `caps` that hold the buffer start (plus one); the rest say e.p. and the gate.
const START_MASK: u32 = (1 << 21) - 1;
const EP_BIT: u32 = 1 << 21;
const GATE_AT_PARTNER: u32 = 1 << 22;
const GATE_SHIFT: u32 = 23;
// Every piece type, plus one, fits its bits; the count fits the rest of `head`; the gate fits
// the top of `caps`.
const _: () = assert!(crate::limits::MAX_PIECE_TYPES < 1 << TYPE_BITS);
const _: () = assert!(MAX_CAPTURES < 1 << (16 - NCAP_SHIFT));
const _: () = assert!(GATE_SHIFT + TYPE_BITS == 32);
// Every square, plus one, fits a square's `u16` (a blocker's place, `Move::wall`).
const _: () = assert!(crate::limits::MAX_SQUARES < u16::MAX as usize);

impl Move {
    pub(crate) const fn new(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            aux: Square(0),
            aux2: Square(0),
            burned: 0,
            head: 0,
            caps: NonZeroU32::MIN,
        }
    }

    /// A drop of `piece` from the mover's hand onto `to`.
    pub(crate) const fn drop(to: Square, piece: PieceType) -> Move {
        let mut m = Move::new(to, to);
        m.aux = Square(piece.0);
        m.head = (MoveKind::Drop as u16) << KIND_SHIFT;
        m
    }

    /// The piece type the mover becomes, if it promotes.
    #[inline]
    pub fn promotion(&self) -> Option<PieceType> {
        (self.head & PROMOTION_MASK).checked_sub(1).map(PieceType)
    }

    pub(crate) fn set_promotion(&mut self, p: Option<PieceType>) {
        let plus_one = p.map_or(0, |t| t.0 + 1);
        self.head = (self.head & !PROMOTION_MASK) | plus_one;
    }

    /// Castling, unloading, a drop, or a plain move.
    #[inline]
    pub fn kind(&self) -> MoveKind {
        match (self.head & KIND_MASK) >> KIND_SHIFT {
            0 => MoveKind::Normal,
            1 => MoveKind::Castle,
            2 => MoveKind::Unload,
            _ => MoveKind::Drop,
        }
    }

    pub(crate) fn set_kind(&mut self, kind: MoveKind) {
        self.head = (self.head & !KIND_MASK) | (kind as u16) << KIND_SHIFT;
    }

    /// Whether the move leaves e.p. squares on the squares between `from` and `to`.
    #[inline]
    pub fn creates_ep(&self) -> bool {
        self.caps.get() & EP_BIT != 0
    }

    pub(crate) fn set_creates_ep(&mut self, on: bool) {
        let bits = (self.caps.get() & !EP_BIT) | if on { EP_BIT } else { 0 };
        // The start bits stay, so `bits` is not zero.
        self.caps = NonZeroU32::MIN.saturating_add(bits - 1);
    }

    /// How many squares the move removes besides its destination.
    #[inline]
    pub fn ncap(&self) -> usize {
        usize::from(self.head >> NCAP_SHIFT)
    }

    fn set_ncap(&mut self, n: usize) {
        self.head = (self.head & ((1 << NCAP_SHIFT) - 1)) | ((n as u16) << NCAP_SHIFT);
    }

    /// A normal move that removes nothing besides its destination and does not promote (it
    /// may leave e.p. squares): one test of one `u16`.
    #[inline]
    pub(crate) fn is_plain(&self) -> bool {
        self.head == 0
    }

    /// A normal move to another square that removes nothing besides its destination and
    /// gates nothing (it may promote and leave e.p. squares): make's lean path
    /// (`Position::apply_lean`, which `Position::makes_lean` chooses).
    #[inline]
    pub(crate) fn is_lean(&self) -> bool {
        self.head & !PROMOTION_MASK == 0 && self.gate_bits() == 0 && self.from != self.to
    }

    /// For castling: the partner's start and destination squares.
    pub fn castling_partner(&self) -> Option<(Square, Square)> {
        (self.kind() == MoveKind::Castle).then_some((self.aux, self.aux2))
    }

    /// For an unloading move: where the victim reappears.
    pub fn unload_square(&self) -> Option<Square> {
        (self.kind() == MoveKind::Unload).then_some(self.aux)
    }

    /// For a drop: the piece type taken from the hand.
    #[inline]
    pub fn dropped(&self) -> Option<PieceType> {
        (self.kind() == MoveKind::Drop).then_some(PieceType(self.aux.0))
    }

    /// For a drop: the piece type put on the board, the hand piece or, dropped promoted side
    /// up (`drop promoted`), its promotion.
    #[inline]
    pub fn dropped_as(&self) -> Option<PieceType> {
        self.dropped().map(|t| self.promotion().unwrap_or(t))
    }

    /// For a gating move: the piece type it brings from the mover's hand, and the square that
    /// piece fills (the square the mover left, or a castling partner's start).
    #[inline]
    pub fn gate(&self) -> Option<(PieceType, Square)> {
        let bits = self.caps.get();
        let ty = (bits >> GATE_SHIFT).checked_sub(1)?;
        let at = if bits & GATE_AT_PARTNER != 0 {
            self.aux
        } else {
            self.from
        };
        Some((PieceType(ty as u16), at))
    }

    /// The move bringing `piece` from the hand onto the square it leaves, or (`at_partner`, a
    /// castling) onto its partner's start. `piece` is below the limit on types, which fits.
    pub(crate) fn with_gate(self, piece: PieceType, at_partner: bool) -> Move {
        let gate = (u32::from(piece.0) + 1) << GATE_SHIFT;
        let partner = if at_partner { GATE_AT_PARTNER } else { 0 };
        let kept = self.caps.get() & (START_MASK | EP_BIT);
        Move {
            caps: NonZeroU32::MIN.saturating_add(kept - 1 + gate + partner),
            ..self
        }
    }

    /// The square the move puts a blocker on (`wall`), if any. It is kept plus one in `aux2`,
    /// which only castling uses, and for castling in `burned`, since castling removes nothing.
    #[inline]
    pub fn wall(&self) -> Option<Square> {
        let w = if self.kind() == MoveKind::Castle {
            self.burned
        } else {
            self.aux2.0
        };
        w.checked_sub(1).map(Square)
    }

    /// The move with its blocker put on `wall` (or none).
    pub(crate) fn with_wall(mut self, wall: Option<Square>) -> Move {
        let w = wall.map_or(0, |w| w.0 + 1);
        if self.kind() == MoveKind::Castle {
            self.burned = w;
        } else {
            self.aux2 = Square(w);
        }
        self
    }

    /// Where the removed squares start in the owner's buffer.
    #[inline]
    pub(crate) fn caps_start(&self) -> usize {
        ((self.caps.get() & START_MASK) - 1) as usize
    }

    /// The move with its removed squares starting at `start` in its owner's buffer (at most
    /// 2^21 - 2: a move list or a game's undo buffer holds far fewer, as a move removes at most
    /// [`MAX_CAPTURES`] squares).
    #[inline]
    pub(crate) fn with_caps_start(self, start: usize) -> Move {
        debug_assert!((start as u32) < START_MASK);
        let tags = self.caps.get() & !START_MASK;
        Move {
            caps: NonZeroU32::MIN.saturating_add(tags | start as u32),
            ..self
        }
    }

    /// The gate bits (0 for a move that gates nothing).
    #[inline]
    fn gate_bits(&self) -> u32 {
        self.caps.get() & !(START_MASK | EP_BIT)
    }

    /// The fields that make two moves the same move, removed squares aside (not their place).
    fn key(&self) -> (Square, Square, Square, Square, u16, u16, u32) {
        (
            self.from,
            self.to,
            self.aux,
            self.aux2,
            self.burned,
            self.head,
            self.caps.get() & !START_MASK,
        )
    }
}

/// A move with its removed squares, borrowed from the list (or position) that holds them: what
/// [`Position::make`](crate::Position::make), notation and the legality test read. Dereferences
/// to the [`Move`].
#[derive(Clone, Copy, Debug)]
pub struct MoveRef<'a> {
    mv: Move,
    caps: &'a [Square],
}

impl Deref for MoveRef<'_> {
    type Target = Move;
    #[inline]
    fn deref(&self) -> &Move {
        &self.mv
    }
}

impl<'a> MoveRef<'a> {
    /// The move of a list whose capture buffer is `buffer`.
    #[inline]
    pub(crate) fn new(mv: Move, buffer: &'a [Square]) -> MoveRef<'a> {
        let n = mv.ncap();
        // Most moves remove nothing besides their destination: no slicing for them.
        let caps = if n == 0 {
            &[]
        } else {
            let start = mv.caps_start();
            &buffer[start..start + n]
        };
        MoveRef { mv, caps }
    }

    /// The compact move (its removed squares stay where they are).
    #[inline]
    pub fn compact(self) -> Move {
        self.mv
    }

    /// Removed squares other than the destination (locust victims, e.p. victim, burns), sorted.
    #[inline]
    pub fn side_captures(self) -> &'a [Square] {
        self.caps
    }

    /// A digest of the move's effect for telling apart moves with the same start and
    /// destination (equal moves, [`FullMove`]s or not, have equal digests): the promotion
    /// field is XORed into the low 16 bits after the rest is mixed, so that moves differing
    /// only in their promotion never share those bits. Cheaper than a [`Hash`] of the move.
    #[inline]
    pub fn effect_digest(self) -> u64 {
        let (_, _, aux, aux2, burned, head, rest) = self.mv.key();
        let mut h = (u64::from(aux.0) | u64::from(aux2.0) << 16 | u64::from(burned) << 32)
            ^ u64::from(rest).rotate_left(48);
        for &s in self.caps {
            h = (h ^ u64::from(s.0)).wrapping_mul(0x100_0000_01b3);
        }
        h = (h ^ (h >> 31)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        (h ^ (h >> 29)) ^ u64::from(head)
    }

    /// Squares the move burns (a subset of [`MoveRef::side_captures`], sorted); a mover burned
    /// on arrival lists its own destination.
    pub fn burns(self) -> impl Iterator<Item = Square> + 'a {
        let burned = self.mv.burned;
        self.caps
            .iter()
            .enumerate()
            .filter(move |(i, _)| burned & (1 << i) != 0)
            .map(|(_, &s)| s)
    }

    /// Side captures that are not burns: pieces taken on the way (locust, igui, e.p.), sorted.
    pub fn captures_on_the_way(self) -> impl Iterator<Item = Square> + 'a {
        let burned = self.mv.burned;
        self.caps
            .iter()
            .enumerate()
            .filter(move |(i, _)| burned & (1 << i) == 0)
            .map(|(_, &s)| s)
    }

    /// The mover is burned on its destination (it ended in an enemy burner's area): its own
    /// destination is listed among the side captures.
    #[inline]
    pub fn burns_mover(self) -> bool {
        !self.caps.is_empty() && self.caps.contains(&self.mv.to)
    }

    /// The move as an owned value, with its removed squares inline.
    pub fn to_full(self) -> FullMove {
        let mut caps = [Square(0); MAX_CAPTURES];
        caps[..self.caps.len()].copy_from_slice(self.caps);
        let mv = self.mv.with_caps_start(0);
        FullMove { mv, caps }
    }

    /// Same effect apart from the promotion choice (promotion options depend only on that).
    pub(crate) fn same_base(self, other: MoveRef<'_>) -> bool {
        let (a, b) = (&self.mv, &other.mv);
        a.from == b.from
            && a.to == b.to
            && a.kind() == b.kind()
            && self.caps == other.caps
            && a.burned == b.burned
            && a.wall() == b.wall()
            && a.gate_bits() == b.gate_bits()
            && (a.kind() == MoveKind::Normal || (a.aux == b.aux && a.aux2 == b.aux2))
    }
}

impl<'a> From<&MoveRef<'a>> for MoveRef<'a> {
    fn from(m: &MoveRef<'a>) -> MoveRef<'a> {
        *m
    }
}

impl<'a> From<&'a FullMove> for MoveRef<'a> {
    #[inline]
    fn from(m: &'a FullMove) -> MoveRef<'a> {
        m.as_ref()
    }
}

/// A move that owns its removed squares (48 bytes): how code outside the move loop keeps a
/// move (a search's best line, a game's moves, the wire protocols), built from a list entry
/// with [`MoveRef::to_full`] or [`MoveList::to_vec`]. Played with `pos.make(&m)`;
/// dereferences to the [`Move`]. Two full moves are equal when they have the same effect.
#[derive(Clone, Copy, Debug)]
pub struct FullMove {
    /// The move, its removed squares starting at 0: `caps[..ncap]` below.
    mv: Move,
    caps: [Square; MAX_CAPTURES],
}

impl Deref for FullMove {
    type Target = Move;
    #[inline]
    fn deref(&self) -> &Move {
        &self.mv
    }
}

impl PartialEq for FullMove {
    fn eq(&self, other: &FullMove) -> bool {
        self.mv.key() == other.mv.key() && self.side_captures() == other.side_captures()
    }
}

impl Eq for FullMove {}

impl PartialEq<MoveRef<'_>> for FullMove {
    fn eq(&self, other: &MoveRef<'_>) -> bool {
        self.mv.key() == other.mv.key() && self.side_captures() == other.caps
    }
}

impl Hash for FullMove {
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.mv.key().hash(h);
        self.side_captures().hash(h);
    }
}

impl From<Move> for FullMove {
    /// A move that removes nothing besides its destination: it needs no buffer.
    fn from(mv: Move) -> FullMove {
        debug_assert!(mv.ncap() == 0);
        let mut mv = mv.with_caps_start(0);
        mv.set_ncap(0);
        FullMove {
            mv,
            caps: [Square(0); MAX_CAPTURES],
        }
    }
}

impl FullMove {
    /// The move with its removed squares borrowed.
    #[inline]
    pub fn as_ref(&self) -> MoveRef<'_> {
        MoveRef {
            mv: self.mv,
            caps: &self.caps[..self.mv.ncap()],
        }
    }

    /// The compact move without its removed squares.
    pub fn compact(&self) -> Move {
        self.mv
    }

    /// Removed squares other than the destination (locust victims, e.p. victim, burns), sorted.
    pub fn side_captures(&self) -> &[Square] {
        &self.caps[..self.mv.ncap()]
    }

    /// Squares the move burns (see [`MoveRef::burns`]).
    pub fn burns(&self) -> impl Iterator<Item = Square> + '_ {
        self.as_ref().burns()
    }

    /// Side captures that are not burns (see [`MoveRef::captures_on_the_way`]).
    pub fn captures_on_the_way(&self) -> impl Iterator<Item = Square> + '_ {
        self.as_ref().captures_on_the_way()
    }

    /// The mover is burned on its destination (see [`MoveRef::burns_mover`]).
    pub fn burns_mover(&self) -> bool {
        self.as_ref().burns_mover()
    }

    /// Adds a side capture, keeping the list sorted; false when the list is full.
    pub(crate) fn push_capture(&mut self, sq: Square) -> bool {
        self.insert_capture(sq, false)
    }

    /// Adds a burned square, keeping the list sorted; false when the list is full.
    pub(crate) fn push_burn(&mut self, sq: Square) -> bool {
        self.insert_capture(sq, true)
    }

    fn insert_capture(&mut self, sq: Square, burn: bool) -> bool {
        let n = self.mv.ncap();
        if n >= MAX_CAPTURES {
            return false;
        }
        let mut i = n;
        while i > 0 && self.caps[i - 1] > sq {
            self.caps[i] = self.caps[i - 1];
            i -= 1;
        }
        self.caps[i] = sq;
        // Bits at and above `i` move up one place with their squares.
        let burned = u32::from(self.mv.burned);
        let low = burned & ((1u32 << i) - 1);
        let high = (burned >> i) << (i + 1);
        self.mv.burned = (low | high | (u32::from(burn) << i)) as u16;
        self.mv.set_ncap(n + 1);
        true
    }
}

/// The moves of one position, with every move's removed squares in one buffer that the list
/// owns: the list is cleared and refilled at each node, so once its vectors have grown, making
/// moves allocates nothing. Moves are compact ([`Move`], 16 bytes); [`MoveList::get`] pairs one
/// with its removed squares.
#[derive(Clone, Debug, Default)]
pub struct MoveList {
    moves: Vec<Move>,
    caps: Vec<Square>,
}

impl MoveList {
    /// An empty list.
    pub fn new() -> MoveList {
        MoveList::default()
    }

    /// An empty list with room for `n` moves (and as many removed squares).
    pub fn with_capacity(n: usize) -> MoveList {
        MoveList {
            moves: Vec::with_capacity(n),
            caps: Vec::with_capacity(n),
        }
    }

    /// The number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// True when there is no move.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Empties the list (keeping its capacity).
    #[inline]
    pub fn clear(&mut self) {
        self.moves.clear();
        self.caps.clear();
    }

    /// Move `i` with its removed squares.
    #[inline]
    pub fn get(&self, i: usize) -> MoveRef<'_> {
        MoveRef::new(self.moves[i], &self.caps)
    }

    /// A move whose removed squares lie in this list's buffer, with them.
    #[inline]
    pub(crate) fn pair(&self, m: Move) -> MoveRef<'_> {
        MoveRef::new(m, &self.caps)
    }

    /// Every move with its removed squares, in order.
    pub fn iter(&self) -> Iter<'_> {
        Iter {
            moves: self.moves.iter(),
            caps: &self.caps,
        }
    }

    /// Every move as an owned value.
    pub fn to_vec(&self) -> Vec<FullMove> {
        self.iter().map(MoveRef::to_full).collect()
    }

    /// The compact moves, in order (their removed squares through [`MoveList::get`]).
    pub fn compact(&self) -> &[Move] {
        &self.moves
    }

    /// Appends a move whose removed squares already lie in this list's buffer (or that has
    /// none): a move this list's [`MoveList::intern`] returned, or [`Move::new`].
    #[inline]
    pub(crate) fn push(&mut self, m: Move) {
        self.moves.push(m);
    }

    /// Appends the plain moves from `from` to the squares of `to` (bit `i` for square `i`, a
    /// board of up to 64 squares), lowest first when `ascending`, else highest first; marked
    /// as creating e.p. squares when `creates_ep`.
    #[inline]
    pub(crate) fn push_bits(&mut self, from: Square, to: u64, ascending: bool, creates_ep: bool) {
        let mut proto = Move::new(from, from);
        proto.set_creates_ep(creates_ep);
        let mut rest = to;
        if ascending {
            while rest != 0 {
                let b = rest.trailing_zeros();
                rest &= rest - 1;
                self.moves.push(Move {
                    to: Square(b as u16),
                    ..proto
                });
            }
        } else {
            while rest != 0 {
                let b = 63 - rest.leading_zeros();
                rest ^= 1 << b;
                self.moves.push(Move {
                    to: Square(b as u16),
                    ..proto
                });
            }
        }
    }

    /// Copies a move's removed squares into the buffer and returns the compact move that
    /// refers to them (not yet in the list: [`MoveList::push`] it, once per promotion choice).
    #[inline]
    pub(crate) fn intern(&mut self, m: &FullMove) -> Move {
        let mut c = m.mv;
        if c.ncap() > 0 {
            c = c.with_caps_start(self.caps.len());
            self.caps.extend_from_slice(m.side_captures());
        }
        c
    }

    /// Appends an owned move (its removed squares copied into the buffer).
    pub fn push_full(&mut self, m: &FullMove) {
        let c = self.intern(m);
        self.moves.push(c);
    }

    /// Replaces move `i` by a move whose removed squares lie in this list's buffer.
    #[inline]
    pub(crate) fn set(&mut self, i: usize, m: Move) {
        self.moves[i] = m;
    }

    /// The compact move `i`.
    #[inline]
    pub(crate) fn at(&self, i: usize) -> Move {
        self.moves[i]
    }

    /// Drops the first `n` moves (the buffer keeps what they referred to until
    /// [`MoveList::clear`]).
    #[inline]
    pub(crate) fn remove_first(&mut self, n: usize) {
        self.moves.drain(..n);
    }

    /// Keeps the first `n` moves (the buffer keeps what the others referred to until
    /// [`MoveList::clear`]).
    #[inline]
    pub(crate) fn truncate(&mut self, n: usize) {
        self.moves.truncate(n);
    }

    /// Keeps the moves from `start` on that `keep` accepts (from their compact form), in
    /// order; a move is copied only to close a gap.
    #[inline]
    pub(crate) fn retain_from(&mut self, start: usize, mut keep: impl FnMut(&Move) -> bool) {
        let moves = &mut self.moves[start..];
        let mut kept = 0;
        for i in 0..moves.len() {
            let m = moves[i];
            if keep(&m) {
                if kept != i {
                    moves[kept] = m;
                }
                kept += 1;
            }
        }
        self.moves.truncate(start + kept);
    }

    /// Keeps the moves `keep` accepts, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(MoveRef<'_>) -> bool) {
        let caps = &self.caps;
        self.moves.retain(|&m| keep(MoveRef::new(m, caps)));
    }

    /// The index of the first move equal to `m` (same effect), if any.
    pub fn position(&self, m: &FullMove) -> Option<usize> {
        self.iter().position(|x| *m == x)
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = MoveRef<'a>;
    type IntoIter = Iter<'a>;
    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

/// The moves of a [`MoveList`] with their removed squares ([`MoveList::iter`]).
#[derive(Clone, Debug)]
pub struct Iter<'a> {
    moves: std::slice::Iter<'a, Move>,
    caps: &'a [Square],
}

impl<'a> Iterator for Iter<'a> {
    type Item = MoveRef<'a>;
    #[inline]
    fn next(&mut self) -> Option<MoveRef<'a>> {
        self.moves.next().map(|&m| MoveRef::new(m, self.caps))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.moves.size_hint()
    }
}

impl ExactSizeIterator for Iter<'_> {}

impl<'a> FromIterator<&'a FullMove> for MoveList {
    fn from_iter<I: IntoIterator<Item = &'a FullMove>>(moves: I) -> MoveList {
        let mut list = MoveList::new();
        for m in moves {
            list.push_full(m);
        }
        list
    }
}

/// Why a move, as text or as a value, was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not move notation (`drop`: it has an `@` but is no drop).
    Malformed {
        /// The text.
        text: String,
        /// It has an `@`.
        drop: bool,
    },
    /// Well formed, but no legal move matches.
    Illegal {
        /// The text.
        text: String,
    },
    /// Several legal moves match: their texts.
    Ambiguous {
        /// The matching moves' texts.
        choices: Vec<String>,
    },
    /// A move value ([`Position::play`](crate::Position::play)) that is not among the legal moves here.
    NotLegal,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Malformed { text, drop: true } => {
                write!(f, "`{text}` is not a drop (expected e.g. `P@e4`)")
            }
            MoveError::Malformed { text, drop: false } => {
                write!(f, "`{text}` is not a move (expected e.g. `e2e4`)")
            }
            MoveError::Illegal { text } => write!(f, "`{text}` is not a legal move here"),
            MoveError::Ambiguous { choices } => {
                write!(f, "ambiguous move; write one of `{}`", choices.join("`, `"))
            }
            MoveError::NotLegal => write!(f, "the move is not legal in this position"),
        }
    }
}

impl std::error::Error for MoveError {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::MAX_PIECE_TYPES;

    /// Every field at its widest keeps its value beside the others: the largest piece type as
    /// promotion and gate, a full list of removed squares, e.p., the last buffer start.
    #[test]
    fn the_packed_fields_hold_their_largest_values_together() {
        let last = PieceType((MAX_PIECE_TYPES - 1) as u16);
        let mut full = FullMove::from(Move::new(Square(2047), Square(0)));
        for i in 0..MAX_CAPTURES {
            assert!(full.push_burn(Square(i as u16)));
        }
        let mut m = full.compact();
        m.set_promotion(Some(last));
        m.set_kind(MoveKind::Castle);
        m.set_creates_ep(true);
        let m = m
            .with_gate(last, true)
            .with_caps_start(START_MASK as usize - 1);
        assert_eq!(m.promotion(), Some(last));
        assert_eq!(m.kind(), MoveKind::Castle);
        assert!(m.creates_ep());
        assert_eq!(m.ncap(), MAX_CAPTURES);
        assert_eq!(m.gate(), Some((last, m.aux)));
        assert_eq!(m.caps_start(), START_MASK as usize - 1);
        assert_eq!(
            (m.from, m.to, m.burned),
            (Square(2047), Square(0), u16::MAX)
        );
        assert!(!m.is_plain());

        let mut plain = Move::new(Square(1), Square(2));
        plain.set_creates_ep(true);
        assert!(plain.is_plain() && plain.promotion().is_none() && plain.gate().is_none());
        let drop = Move::drop(Square(5), last);
        assert_eq!((drop.dropped(), drop.kind()), (Some(last), MoveKind::Drop));
    }
}
