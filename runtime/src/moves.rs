//! The move value: from, to, a small inline list of removed squares, a promotion choice, and
//! the extra data castling and unloading need.

use crate::geometry::Square;
use crate::spec::PieceType;

pub use crate::limits::MAX_CAPTURES;

/// What kind of move this is beyond a plain from/to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum MoveKind {
    #[default]
    Normal,
    /// Castling: the partner goes from `aux` to `aux2`.
    Castle,
    /// The move's victim reappears on `aux` (XBetza `u`).
    Unload,
    /// A piece from the mover's hand is put on `to` (`from == to`).
    Drop,
}

/// One move. Captures on the destination are implied by the board (the destination holds a
/// piece other than the mover); `captures` lists every *other* removed square, sorted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    pub(crate) promotion: u8,
    /// For a drop: the piece type taken from the hand.
    pub(crate) dropped: u8,
    pub(crate) kind: MoveKind,
    pub(crate) ncap: u8,
    /// Bit `i` set: `caps[i]` is burned (by a burner's area, or the mover burned on arrival)
    /// rather than captured on the way.
    pub(crate) burned: u16,
    /// The move leaves e.p. squares on the squares between `from` and `to`.
    pub(crate) creates_ep: bool,
    pub(crate) aux: Square,
    pub(crate) aux2: Square,
    pub(crate) caps: [Square; MAX_CAPTURES],
}

const NO_PROMOTION: u8 = u8::MAX;

impl Move {
    pub(crate) const fn new(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            promotion: NO_PROMOTION,
            dropped: NO_PROMOTION,
            kind: MoveKind::Normal,
            ncap: 0,
            burned: 0,
            creates_ep: false,
            aux: Square(0),
            aux2: Square(0),
            caps: [Square(0); MAX_CAPTURES],
        }
    }

    /// The piece type the mover becomes, if it promotes.
    pub fn promotion(&self) -> Option<PieceType> {
        (self.promotion != NO_PROMOTION).then_some(PieceType(self.promotion))
    }

    pub(crate) fn set_promotion(&mut self, p: Option<PieceType>) {
        self.promotion = p.map_or(NO_PROMOTION, |t| t.0);
    }

    pub fn kind(&self) -> MoveKind {
        self.kind
    }

    /// Removed squares other than the destination (locust victims, e.p. victim), sorted.
    pub fn side_captures(&self) -> &[Square] {
        &self.caps[..usize::from(self.ncap)]
    }

    /// For castling: the partner's start and destination squares.
    pub fn castling_partner(&self) -> Option<(Square, Square)> {
        (self.kind == MoveKind::Castle).then_some((self.aux, self.aux2))
    }

    /// For an unloading move: where the victim reappears.
    pub fn unload_square(&self) -> Option<Square> {
        (self.kind == MoveKind::Unload).then_some(self.aux)
    }

    pub fn creates_ep(&self) -> bool {
        self.creates_ep
    }

    /// Squares the move burns (a subset of [`Move::side_captures`], sorted); a mover burned on
    /// arrival lists its own destination.
    pub fn burns(&self) -> impl Iterator<Item = Square> + '_ {
        self.side_captures()
            .iter()
            .enumerate()
            .filter(|(i, _)| self.burned & (1 << i) != 0)
            .map(|(_, &s)| s)
    }

    /// Side captures that are not burns: pieces taken on the way (locust, igui, e.p.), sorted.
    pub fn captures_on_the_way(&self) -> impl Iterator<Item = Square> + '_ {
        self.side_captures()
            .iter()
            .enumerate()
            .filter(|(i, _)| self.burned & (1 << i) == 0)
            .map(|(_, &s)| s)
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
        let n = usize::from(self.ncap);
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
        let low = self.burned & ((1u16 << i) - 1);
        let high = (self.burned >> i) << (i + 1);
        self.burned = low | high | (u16::from(burn) << i);
        self.ncap += 1;
        true
    }

    /// Same effect apart from the promotion choice (promotion options depend only on that).
    pub(crate) fn same_base(&self, other: &Move) -> bool {
        self.from == other.from
            && self.to == other.to
            && self.kind == other.kind
            && self.ncap == other.ncap
            && self.side_captures() == other.side_captures()
            && self.burned == other.burned
            && (self.kind == MoveKind::Normal || (self.aux == other.aux && self.aux2 == other.aux2))
    }
}
