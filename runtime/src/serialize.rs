//! The compiled-variant file written by `koma compile`: a versioned, checksummed binary image
//! of the [`VariantSpec`]. Tables are rebuilt from it deterministically on load.
//!
//! Layout: magic `KOMAVAR\0` (8 bytes), format version (u32 LE), payload length (u64 LE),
//! payload, FNV-1a 64 checksum of the payload (u64 LE). Integers are little-endian; strings
//! and lists are a u32 length followed by the items.
//!
//! The payload is the spec, struct by struct: each spec type has one `Codec` impl below, whose
//! `encode` and `decode` sit side by side and name the fields in the same order, and a property
//! test per struct reads back what was written. A new field is one line in each function of
//! its struct's pair, and a new [`FORMAT_VERSION`].

use std::fmt;

use crate::limits::{self, Exceeded};
use crate::spec::*;

const MAGIC: &[u8; 8] = b"KOMAVAR\0";
/// Bumped whenever the payload layout changes.
pub const FORMAT_VERSION: u32 = 21;

/// Why a compiled file could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// The file does not start with the koma magic bytes.
    NotCompiled,
    /// Written by another version of koma.
    Version {
        /// The file's format version.
        found: u32,
        /// The version this koma reads.
        expected: u32,
    },
    /// The file ends early.
    Truncated,
    /// The payload does not match its checksum.
    Checksum,
    /// The payload does not decode into a valid variant.
    Invalid(Invalid),
    /// The variant exceeds a capacity of this runtime.
    Exceeds(Exceeded),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::NotCompiled => write!(f, "not a compiled koma variant (bad magic bytes)"),
            LoadError::Version { found, expected } => write!(
                f,
                "compiled with format version {found}, this koma reads version {expected}; recompile the variant"
            ),
            LoadError::Truncated => write!(f, "the compiled file is truncated"),
            LoadError::Checksum => write!(f, "the compiled file is corrupted (checksum mismatch)"),
            LoadError::Invalid(why) => write!(f, "the compiled file is corrupted: {why}"),
            LoadError::Exceeds(e) => write!(f, "the compiled variant does not fit: {e}"),
        }
    }
}

impl std::error::Error for LoadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LoadError::Invalid(why) => Some(why),
            LoadError::Exceeds(e) => Some(e),
            _ => None,
        }
    }
}

/// What is wrong inside a compiled payload whose checksum is right (a crafted or mis-built file).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Invalid {
    /// Bytes after the checksum, or after the payload's last field.
    TrailingBytes,
    /// A tag or flag byte with no meaning (`field` names what was being read).
    BadTag {
        /// What was being read.
        field: &'static str,
        /// The value found.
        value: u32,
    },
    /// A text field that is not UTF-8.
    NotUtf8,
    /// The board's square map does not have width x height entries.
    BoardMapSize,
    /// A square of a board list (`what`) lies off the board.
    OffBoard {
        /// Which list.
        what: &'static str,
    },
    /// No piece types, or more than a [`PieceType`] can index.
    PieceCount(usize),
    /// A piece promotes to a type that does not exist.
    UnknownPromotion {
        /// The piece's ID.
        piece: String,
    },
    /// A piece has a path with no legs or more than [`limits::MAX_LEGS`].
    BadPath {
        /// The piece's ID.
        piece: String,
    },
    /// A setup placement or a rule names a type that does not exist (`what` says which).
    UnknownType {
        /// Which list.
        what: &'static str,
    },
    /// A piece's path or confinement names a region that does not exist.
    UnknownRegion,
    /// The board exceeds the runtime's capacity.
    Exceeds(Exceeded),
}

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Invalid::TrailingBytes => write!(f, "trailing bytes"),
            Invalid::BadTag { field, value } => write!(f, "{field} {value} has no meaning"),
            Invalid::NotUtf8 => write!(f, "a text field is not UTF-8"),
            Invalid::BoardMapSize => write!(f, "the board square map has the wrong size"),
            Invalid::OffBoard { what } => write!(f, "a {what} is off the board"),
            Invalid::PieceCount(n) => write!(
                f,
                "{n} piece types (1 to {} allowed)",
                limits::MAX_PIECE_TYPES
            ),
            Invalid::UnknownPromotion { piece } => {
                write!(f, "piece `{piece}` promotes to an unknown type")
            }
            Invalid::BadPath { piece } => write!(
                f,
                "piece `{piece}` has a path with no legs or more than {}",
                limits::MAX_LEGS
            ),
            Invalid::UnknownType { what } => write!(f, "a {what} names an unknown piece type"),
            Invalid::UnknownRegion => write!(f, "a piece uses an unknown region"),
            Invalid::Exceeds(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for Invalid {}

fn bad_tag(field: &'static str, value: impl Into<u32>) -> LoadError {
    LoadError::Invalid(Invalid::BadTag {
        field,
        value: value.into(),
    })
}

/// True when the bytes start like a compiled variant file.
pub fn is_compiled(bytes: &[u8]) -> bool {
    bytes.starts_with(MAGIC)
}

fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// Encodes a spec as a compiled variant file.
pub fn encode(spec: &VariantSpec) -> Vec<u8> {
    let mut w = Writer(Vec::new());
    spec.encode(&mut w);
    let payload = w.0;
    let mut out = Vec::with_capacity(payload.len() + 28);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    out.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    out.extend_from_slice(&payload);
    out.extend_from_slice(&fnv1a(&payload).to_le_bytes());
    out
}

/// Decodes and validates a compiled variant file.
pub fn decode(bytes: &[u8]) -> Result<VariantSpec, LoadError> {
    if bytes.len() < MAGIC.len() {
        return Err(if MAGIC.starts_with(bytes) {
            LoadError::Truncated
        } else {
            LoadError::NotCompiled
        });
    }
    if !is_compiled(bytes) {
        return Err(LoadError::NotCompiled);
    }
    let mut r = Reader {
        bytes: &bytes[MAGIC.len()..],
    };
    let version: u32 = r.read()?;
    if version != FORMAT_VERSION {
        return Err(LoadError::Version {
            found: version,
            expected: FORMAT_VERSION,
        });
    }
    let len = usize::try_from(r.u64()?).map_err(|_| LoadError::Truncated)?;
    let payload = r.take(len)?;
    let sum = r.u64()?;
    if !r.bytes.is_empty() {
        return Err(LoadError::Invalid(Invalid::TrailingBytes));
    }
    if fnv1a(payload) != sum {
        return Err(LoadError::Checksum);
    }
    let mut r = Reader { bytes: payload };
    let spec: VariantSpec = r.read()?;
    if !r.bytes.is_empty() {
        return Err(LoadError::Invalid(Invalid::TrailingBytes));
    }
    validate(&spec).map_err(LoadError::Invalid)?;
    if let Some(e) = limits::check(&spec).into_iter().next() {
        return Err(LoadError::Exceeds(e));
    }
    Ok(spec)
}

/// Checks what the runtime relies on, so a crafted file cannot make table building panic.
pub fn validate(spec: &VariantSpec) -> Result<(), Invalid> {
    validate_board(&spec.board)?;
    validate_pieces(&spec.pieces)?;
    let b = &spec.board;
    let on_board = |c: &Coord| c.x < b.width && c.y < b.height;
    let ok_type = |t: &PieceType| usize::from(t.0) < spec.pieces.len();
    if let Some(setup) = &spec.setup {
        if !setup.iter().all(|p| on_board(&p.at)) {
            return Err(Invalid::OffBoard {
                what: "setup placement",
            });
        }
        if !setup.iter().all(|p| ok_type(&p.piece)) {
            return Err(Invalid::UnknownType {
                what: "setup placement",
            });
        }
    }
    validate_rule_squares(&spec.rules, on_board)?;
    if spec
        .rules
        .castling_to
        .is_some_and(|f| f.iter().any(|&x| x >= b.width))
    {
        return Err(Invalid::OffBoard {
            what: "castling file",
        });
    }
    if !rule_types(&spec.rules).all(ok_type) {
        return Err(Invalid::UnknownType { what: "rule" });
    }
    validate_regions(spec, on_board)
}

fn validate_board(b: &BoardSpec) -> Result<(), Invalid> {
    if !limits::board_fits(b.width, b.height) {
        return Err(Invalid::Exceeds(limits::Exceeded::Board {
            width: b.width,
            height: b.height,
        }));
    }
    if b.real.len() != usize::from(b.width) * usize::from(b.height) {
        return Err(Invalid::BoardMapSize);
    }
    if !b.vanishing.iter().all(|c| c.x < b.width && c.y < b.height) {
        return Err(Invalid::OffBoard {
            what: "vanishing square",
        });
    }
    Ok(())
}

fn validate_pieces(pieces: &[PieceSpec]) -> Result<(), Invalid> {
    let n = pieces.len();
    if n == 0 || n > limits::MAX_PIECE_TYPES {
        return Err(Invalid::PieceCount(n));
    }
    for p in pieces {
        if !p.promotions.iter().all(|t| usize::from(t.0) < n) {
            return Err(Invalid::UnknownPromotion {
                piece: p.id.clone(),
            });
        }
        if p.paths
            .iter()
            .any(|path| path.legs.is_empty() || path.legs.len() > limits::MAX_LEGS)
        {
            return Err(Invalid::BadPath {
                piece: p.id.clone(),
            });
        }
    }
    Ok(())
}

/// The squares the rules name (promotion zone, drop zones, goals) lie on the board.
fn validate_rule_squares(r: &RulesSpec, on_board: impl Fn(&Coord) -> bool) -> Result<(), Invalid> {
    let lists: [(&'static str, Vec<&Coord>); 7] = [
        (
            "promotion zone square",
            r.promotion
                .zone
                .iter()
                .chain(r.promotion.zone_second.iter().flatten())
                .collect(),
        ),
        (
            "drop zone square",
            r.drops.zones.iter().flat_map(|z| &z.squares).collect(),
        ),
        (
            "goal square",
            r.goals.iter().flat_map(|g| &g.squares).collect(),
        ),
        (
            "unmoved drop square",
            r.drops.unmoved.iter().flat_map(|u| &u.squares).collect(),
        ),
        (
            "enclosing start square",
            r.drops.enclosing_start.iter().collect(),
        ),
        (
            "wall square",
            r.wall.iter().flat_map(|w| &w.except).collect(),
        ),
        (
            "shuffle square",
            r.shuffle.iter().flat_map(|s| &s.squares).collect(),
        ),
    ];
    for (what, squares) in lists {
        if !squares.into_iter().all(&on_board) {
            return Err(Invalid::OffBoard { what });
        }
    }
    Ok(())
}

/// Every piece type a rule names.
fn rule_types(r: &RulesSpec) -> impl Iterator<Item = &PieceType> {
    let second_choices = (r.promotion.second_choices.iter())
        .flat_map(|(t, choices)| std::iter::once(t).chain(choices));
    let promotion = (r.promotion.forced.iter().flat_map(|f| &f.pieces))
        .chain(r.promotion.limits.iter().flat_map(|(group, _)| group))
        .chain(second_choices);
    let burning = r
        .burning
        .iter()
        .flat_map(|x| x.burners.iter().chain(&x.immune));
    let freezing = r
        .freezing
        .iter()
        .flat_map(|x| x.freezers.iter().chain(&x.immune));
    let anti_trade = r
        .anti_trade
        .iter()
        .flat_map(|x| (x.attackers.iter().chain(&x.victims)).chain(&x.except_bridge_capture_not));
    let passing = r.passing.only.iter().chain(&r.passing.anytime);
    let move_limit = r.results.move_limit.iter().flat_map(|m| &m.reset_on_pieces);
    let d = &r.drops;
    let drops = (d.to_hand.iter().flatten())
        .chain(d.start_hand.iter().map(|(_, t)| t))
        .chain(&d.one_per_file)
        .chain(d.per_file.iter().map(|(t, _)| t))
        .chain(&d.no_mate)
        .chain(d.zones.iter().flat_map(|z| &z.pieces))
        .chain(&d.must_drop_pieces)
        .chain(d.unmoved.iter().flat_map(|u| &u.pieces))
        .chain(&d.opposite_colours);
    let goals = r.goals.iter().flat_map(|g| &g.pieces);
    let shuffle = r.shuffle.iter().flat_map(|s| &s.groups);
    let goals = goals.chain(shuffle.flat_map(|g| &g.pieces));
    let explosion = r.explosion.iter().flat_map(|e| &e.immune).chain(&r.petrify);
    let endings = &r.results.endings;
    let extinction = endings.extinction.iter().flat_map(|x| &x.pieces);
    let tiebreak = match &endings.tiebreak {
        Some(Tiebreak::Material { values, .. }) => values.as_slice(),
        _ => &[],
    };
    let endings = extinction.chain(tiebreak.iter().map(|(t, _)| t));
    let counting = r.counting.iter().flat_map(|c| {
        (c.without.iter()).chain(
            c.pieces_honour
                .iter()
                .flat_map(|h| h.pieces.iter().map(|p| &p.0)),
        )
    });
    (promotion.chain(burning).chain(freezing).chain(anti_trade))
        .chain(passing.chain(move_limit).chain(drops))
        .chain(r.castling_partners.iter().chain(goals).chain(counting))
        .chain(explosion)
        .chain(endings)
}

fn validate_regions(spec: &VariantSpec, on_board: impl Fn(&Coord) -> bool) -> Result<(), Invalid> {
    let g = &spec.rules.regions;
    let mut squares = g
        .regions
        .iter()
        .flat_map(|z| z.squares.iter().chain(z.second.iter().flatten()));
    if !squares.all(on_board) {
        return Err(Invalid::OffBoard {
            what: "region square",
        });
    }
    let region_ok = |x: &Option<u8>| x.is_none_or(|x| usize::from(x) < g.regions.len());
    if g.pieces.len() > spec.pieces.len()
        || g.pieces.iter().zip(&spec.pieces).any(|(p, piece)| {
            p.path_region.len() > piece.paths.len()
                || !p.path_region.iter().all(region_ok)
                || !region_ok(&p.confined)
        })
    {
        return Err(Invalid::UnknownRegion);
    }
    Ok(())
}

/// The payload being written.
struct Writer(Vec<u8>);

impl Writer {
    fn bytes(&mut self, b: &[u8]) {
        self.0.extend_from_slice(b);
    }
    fn len(&mut self, n: usize) {
        u32::try_from(n).unwrap_or(u32::MAX).encode(self);
    }
    /// An optional part behind a tag byte: 0 = none, 1 = present.
    fn option<T: Codec>(&mut self, v: &Option<T>) {
        match v {
            None => 0u8.encode(self),
            Some(x) => {
                1u8.encode(self);
                x.encode(self);
            }
        }
    }
}

/// The payload being read.
struct Reader<'a> {
    bytes: &'a [u8],
}

type R<T> = Result<T, LoadError>;

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> R<&'a [u8]> {
        if self.bytes.len() < n {
            return Err(LoadError::Truncated);
        }
        let (head, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        Ok(head)
    }
    fn array<const N: usize>(&mut self) -> R<[u8; N]> {
        let mut a = [0; N];
        a.copy_from_slice(self.take(N)?);
        Ok(a)
    }
    fn u64(&mut self) -> R<u64> {
        Ok(u64::from_le_bytes(self.array()?))
    }
    fn len(&mut self) -> R<usize> {
        let n = u32::decode(self)? as usize;
        // Every item takes at least one byte: a longer count is corrupt, not a huge allocation.
        if n > self.bytes.len() {
            return Err(LoadError::Truncated);
        }
        Ok(n)
    }
    /// What `T::decode` reads.
    fn read<T: Codec>(&mut self) -> R<T> {
        T::decode(self)
    }
    /// [`Writer::option`]'s tagged part; `field` names the tag in errors.
    fn option<T: Codec>(&mut self, field: &'static str) -> R<Option<T>> {
        match u8::decode(self)? {
            0 => Ok(None),
            1 => Ok(Some(T::decode(self)?)),
            v => Err(bad_tag(field, v)),
        }
    }
}

/// A value's bytes in the compiled format. `encode` and `decode` are written side by side and
/// name the fields in the same order (for a struct, the order of its fields in the format),
/// and the tests check that `decode` reads back what `encode` wrote.
trait Codec: Sized {
    fn encode(&self, w: &mut Writer);
    fn decode(r: &mut Reader<'_>) -> R<Self>;
}

/// Little-endian integers.
macro_rules! int_codec {
    ($($t:ty),*) => {$(
        impl Codec for $t {
            fn encode(&self, w: &mut Writer) {
                w.bytes(&self.to_le_bytes());
            }
            fn decode(r: &mut Reader<'_>) -> R<Self> {
                Ok(<$t>::from_le_bytes(r.array()?))
            }
        }
    )*};
}
int_codec!(u8, i8, u16, i16, u32);

impl Codec for bool {
    fn encode(&self, w: &mut Writer) {
        u8::from(*self).encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        match u8::decode(r)? {
            0 => Ok(false),
            1 => Ok(true),
            v => Err(bad_tag("flag byte", v)),
        }
    }
}

/// A u32 length, then the UTF-8 bytes.
impl Codec for String {
    fn encode(&self, w: &mut Writer) {
        w.len(self.len());
        w.bytes(self.as_bytes());
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        let n = r.len()?;
        String::from_utf8(r.take(n)?.to_vec()).map_err(|_| LoadError::Invalid(Invalid::NotUtf8))
    }
}

/// A u32 count, then the items.
impl<T: Codec> Codec for Vec<T> {
    fn encode(&self, w: &mut Writer) {
        w.len(self.len());
        for x in self {
            x.encode(w);
        }
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        let n = r.len()?;
        (0..n).map(|_| T::decode(r)).collect()
    }
}

/// An optional small number: a u16, `u16::MAX` for none.
impl Codec for Option<u8> {
    fn encode(&self, w: &mut Writer) {
        self.map_or(u16::MAX, u16::from).encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        let v = u16::decode(r)?;
        if v == u16::MAX {
            return Ok(None);
        }
        u8::try_from(v).map(Some).map_err(|_| bad_tag("count", v))
    }
}

/// An optional count: `u16::MAX` for none (so a count is at most `u16::MAX - 1`).
impl Codec for Option<u16> {
    fn encode(&self, w: &mut Writer) {
        self.unwrap_or(u16::MAX).encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        let v = u16::decode(r)?;
        Ok((v != u16::MAX).then_some(v))
    }
}

impl Codec for PieceType {
    fn encode(&self, w: &mut Writer) {
        self.0.encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        Ok(PieceType(r.read()?))
    }
}

/// As an optional small number.
impl Codec for Option<PieceType> {
    fn encode(&self, w: &mut Writer) {
        self.map(|t| t.0).encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        Ok(Option::<u16>::decode(r)?.map(PieceType))
    }
}

impl Codec for Coord {
    fn encode(&self, w: &mut Writer) {
        self.x.encode(w);
        self.y.encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        Ok(Coord {
            x: r.read()?,
            y: r.read()?,
        })
    }
}

/// A flag: true for the second player.
impl Codec for Player {
    fn encode(&self, w: &mut Writer) {
        (*self == Player::Second).encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        Ok(if r.read()? {
            Player::Second
        } else {
            Player::First
        })
    }
}

/// 0 = both players, 1 = the first, 2 = the second.
impl Codec for Option<Player> {
    fn encode(&self, w: &mut Writer) {
        let tag: u8 = match self {
            None => 0,
            Some(Player::First) => 1,
            Some(Player::Second) => 2,
        };
        tag.encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        match u8::decode(r)? {
            0 => Ok(None),
            1 => Ok(Some(Player::First)),
            2 => Ok(Some(Player::Second)),
            v => Err(bad_tag("goal player", v)),
        }
    }
}

impl Codec for (i8, i8) {
    fn encode(&self, w: &mut Writer) {
        self.0.encode(w);
        self.1.encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        Ok((r.read()?, r.read()?))
    }
}

/// A square name.
impl Codec for (Coord, String) {
    fn encode(&self, w: &mut Writer) {
        self.0.encode(w);
        self.1.encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        Ok((r.read()?, r.read()?))
    }
}

/// A piece in hand at the start.
impl Codec for (Player, PieceType) {
    fn encode(&self, w: &mut Writer) {
        self.0.encode(w);
        self.1.encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        Ok((r.read()?, r.read()?))
    }
}

/// A piece type and a count.
impl Codec for (PieceType, u8) {
    fn encode(&self, w: &mut Writer) {
        self.0.encode(w);
        self.1.encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        Ok((r.read()?, r.read()?))
    }
}

/// A `first-move ... lost-when-aimed` pair: the target type and the aimer type.
impl Codec for (PieceType, PieceType) {
    fn encode(&self, w: &mut Writer) {
        self.0.encode(w);
        self.1.encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        Ok((r.read()?, r.read()?))
    }
}

/// A promotion limit: the types counted together and the count.
impl Codec for (Vec<PieceType>, u8) {
    fn encode(&self, w: &mut Writer) {
        self.0.encode(w);
        self.1.encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        Ok((r.read()?, r.read()?))
    }
}

/// A piece type and the second player's own promotion choices for it.
impl Codec for (PieceType, Vec<PieceType>) {
    fn encode(&self, w: &mut Writer) {
        self.0.encode(w);
        self.1.encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        Ok((r.read()?, r.read()?))
    }
}

/// A piece type and its value (a `tiebreak material` line, in half points).
impl Codec for (PieceType, u16) {
    fn encode(&self, w: &mut Writer) {
        self.0.encode(w);
        self.1.encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        Ok((r.read()?, r.read()?))
    }
}

/// An evaluation weight: the term by its index in [`EVAL_TERMS`] (an unknown name, which the
/// compiler refuses, as a tag the reader rejects), then the weight.
impl Codec for (String, i32) {
    fn encode(&self, w: &mut Writer) {
        let index = EVAL_TERMS.iter().position(|t| *t == self.0);
        index.map_or(u8::MAX, |i| i as u8).encode(w);
        (self.1 as u32).encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        let index = u8::decode(r)?;
        let term = EVAL_TERMS
            .get(usize::from(index))
            .ok_or_else(|| bad_tag("weight term", index))?;
        Ok((term.to_string(), u32::decode(r)? as i32))
    }
}

impl Codec for Modes {
    fn encode(&self, w: &mut Writer) {
        self.0.encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        Ok(Modes(r.read()?))
    }
}

impl Codec for Triggers {
    fn encode(&self, w: &mut Writer) {
        self.0.encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        Ok(Triggers(r.read()?))
    }
}

impl Codec for Outcome {
    fn encode(&self, w: &mut Writer) {
        let tag: u8 = match self {
            Outcome::Win => 0,
            Outcome::Draw => 1,
            Outcome::Loss => 2,
        };
        tag.encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        match u8::decode(r)? {
            0 => Ok(Outcome::Win),
            1 => Ok(Outcome::Draw),
            2 => Ok(Outcome::Loss),
            v => Err(bad_tag("outcome", v)),
        }
    }
}

/// `no-pieces`: an outcome, or 3 for none.
impl Codec for Option<Outcome> {
    fn encode(&self, w: &mut Writer) {
        match self {
            None => 3u8.encode(w),
            Some(o) => o.encode(w),
        }
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        match u8::decode(r)? {
            3 => Ok(None),
            0 => Ok(Some(Outcome::Win)),
            1 => Ok(Some(Outcome::Draw)),
            2 => Ok(Some(Outcome::Loss)),
            v => Err(bad_tag("no-pieces outcome", v)),
        }
    }
}

impl Codec for PromotionKind {
    fn encode(&self, w: &mut Writer) {
        let tag: u8 = match self {
            PromotionKind::Optional => 0,
            PromotionKind::Mandatory => 1,
            PromotionKind::Automatic => 2,
        };
        tag.encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        match u8::decode(r)? {
            0 => Ok(PromotionKind::Optional),
            1 => Ok(PromotionKind::Mandatory),
            2 => Ok(PromotionKind::Automatic),
            v => Err(bad_tag("promotion kind", v)),
        }
    }
}

/// A flag: true for checkmate.
impl Codec for WinCondition {
    fn encode(&self, w: &mut Writer) {
        (*self == WinCondition::Checkmate).encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        Ok(if r.read()? {
            WinCondition::Checkmate
        } else {
            WinCondition::Extinction
        })
    }
}

/// A flag: true for `Protected`.
impl Codec for AntiTradeWhen {
    fn encode(&self, w: &mut Writer) {
        (*self == AntiTradeWhen::Protected).encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        Ok(if r.read()? {
            AntiTradeWhen::Protected
        } else {
            AntiTradeWhen::Always
        })
    }
}

/// A flag: true for `SinglePiece`.
impl Codec for Bare {
    fn encode(&self, w: &mut Writer) {
        (*self == Bare::SinglePiece).encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        Ok(if r.read()? {
            Bare::SinglePiece
        } else {
            Bare::RoyalsOnly
        })
    }
}

impl Codec for VariantSpec {
    fn encode(&self, w: &mut Writer) {
        self.name.encode(w);
        self.board.encode(w);
        self.pieces.encode(w);
        w.option(&self.setup);
        self.rules.encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        Ok(VariantSpec {
            name: r.read()?,
            board: r.read()?,
            pieces: r.read()?,
            setup: r.option("setup tag")?,
            rules: r.read()?,
        })
    }
}

impl Codec for BoardSpec {
    fn encode(&self, w: &mut Writer) {
        self.width.encode(w);
        self.height.encode(w);
        self.first_rank.encode(w);
        self.first_file.encode(w);
        self.names.encode(w);
        self.real.encode(w);
        self.vanishing.encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        Ok(BoardSpec {
            width: r.read()?,
            height: r.read()?,
            first_rank: r.read()?,
            first_file: r.read()?,
            names: r.read()?,
            real: r.read()?,
            vanishing: r.read()?,
        })
    }
}

impl Codec for PieceSpec {
    fn encode(&self, w: &mut Writer) {
        self.id.encode(w);
        self.name.encode(w);
        self.betza.encode(w);
        self.paths.encode(w);
        self.castling.encode(w);
        self.royal.encode(w);
        self.promotions.encode(w);
        // A flag, then the value (0 when there is none).
        self.value.is_some().encode(w);
        self.value.unwrap_or(0).encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        Ok(PieceSpec {
            id: r.read()?,
            name: r.read()?,
            betza: r.read()?,
            paths: r.read()?,
            castling: r.read()?,
            royal: r.read()?,
            promotions: r.read()?,
            value: {
                let given: bool = r.read()?;
                let value: u32 = r.read()?;
                given.then_some(value)
            },
        })
    }
}

impl Codec for PathTemplate {
    fn encode(&self, w: &mut Writer) {
        self.legs.encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        Ok(PathTemplate { legs: r.read()? })
    }
}

impl Codec for Leg {
    fn encode(&self, w: &mut Writer) {
        self.dx.encode(w);
        self.dy.encode(w);
        self.range.encode(w);
        self.modes.encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        Ok(Leg {
            dx: r.read()?,
            dy: r.read()?,
            range: r.read()?,
            modes: r.read()?,
        })
    }
}

impl Codec for CastlingSpec {
    fn encode(&self, w: &mut Writer) {
        self.direction.encode(w);
        self.king_steps.encode(w);
        self.partner_inside.encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        Ok(CastlingSpec {
            direction: r.read()?,
            king_steps: r.read()?,
            partner_inside: r.read()?,
        })
    }
}

impl Codec for Placement {
    fn encode(&self, w: &mut Writer) {
        self.player.encode(w);
        self.piece.encode(w);
        self.at.encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        Ok(Placement {
            player: r.read()?,
            piece: r.read()?,
            at: r.read()?,
        })
    }
}

/// The rules, in the order the format versions added them: the first fields of the
/// promotion, royal and result clauses come early, and the fields added to them later come
/// after the regions.
impl Codec for RulesSpec {
    fn encode(&self, w: &mut Writer) {
        let (p, rs) = (&self.promotion, &self.results);
        p.zone.encode(w);
        p.triggers.encode(w);
        p.kind.encode(w);
        p.forced_when_stuck.encode(w);
        p.forced.encode(w);
        p.mid_move.encode(w);
        self.royals.win.encode(w);
        self.royals.check_last_only.encode(w);
        self.royals.duple.encode(w);
        self.burning.encode(w);
        self.freezing.encode(w);
        self.anti_trade.encode(w);
        self.jump_rank.encode(w);
        self.passing.encode(w);
        rs.stalemate.encode(w);
        rs.repetition.encode(w);
        rs.perpetual_check_loses.encode(w);
        w.option(&rs.move_limit);
        rs.bare_royal_draw.encode(w);
        rs.bare_royal_loses.encode(w);
        rs.bare.encode(w);
        self.drops.encode(w);
        self.regions.encode(w);
        p.captured_only.encode(w);
        rs.perpetual_attack_loses.encode(w);
        w.option(&self.repeat);
        w.option(&self.counting);
        self.castling_partners.encode(w);
        self.royals.check_forbidden.encode(w);
        self.royals.check_royal_captures_only.encode(w);
        self.goals.encode(w);
        self.weights.encode(w);
        rs.check_wins.encode(w);
        rs.no_pieces.encode(w);
        self.captures_compulsory.encode(w);
        w.option(&self.explosion);
        rs.endings.encode(w);
        p.flip.encode(w);
        p.limits.encode(w);
        w.option(&self.wall);
        w.option(&p.zone_second);
        p.second_choices.encode(w);
        w.option(&self.castling_to);
        self.castling_safe_royal_only.encode(w);
        self.castling_opposite_wings.encode(w);
        w.option(&self.shuffle);
        self.flip_enclosed.encode(w);
        self.start_side.encode(w);
        self.petrify.encode(w);
        self.first_moves.not_in_check.encode(w);
        self.first_moves.lost_when_aimed.encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        let mut s = RulesSpec::default();
        let (p, rs) = (&mut s.promotion, &mut s.results);
        p.zone = r.read()?;
        p.triggers = r.read()?;
        p.kind = r.read()?;
        p.forced_when_stuck = r.read()?;
        p.forced = r.read()?;
        p.mid_move = r.read()?;
        s.royals.win = r.read()?;
        s.royals.check_last_only = r.read()?;
        s.royals.duple = r.read()?;
        s.burning = r.read()?;
        s.freezing = r.read()?;
        s.anti_trade = r.read()?;
        s.jump_rank = r.read()?;
        s.passing = r.read()?;
        rs.stalemate = r.read()?;
        rs.repetition = r.read()?;
        rs.perpetual_check_loses = r.read()?;
        rs.move_limit = r.option("move limit tag")?;
        rs.bare_royal_draw = r.read()?;
        rs.bare_royal_loses = r.read()?;
        rs.bare = r.read()?;
        s.drops = r.read()?;
        s.regions = r.read()?;
        p.captured_only = r.read()?;
        rs.perpetual_attack_loses = r.read()?;
        s.repeat = r.option("repeat tag")?;
        s.counting = r.option("counting tag")?;
        s.castling_partners = r.read()?;
        s.royals.check_forbidden = r.read()?;
        s.royals.check_royal_captures_only = r.read()?;
        s.goals = r.read()?;
        s.weights = r.read()?;
        rs.check_wins = r.read()?;
        rs.no_pieces = r.read()?;
        s.captures_compulsory = r.read()?;
        s.explosion = r.option("explosion tag")?;
        s.results.endings = r.read()?;
        s.promotion.flip = r.read()?;
        s.promotion.limits = r.read()?;
        s.wall = r.option("wall tag")?;
        s.promotion.zone_second = r.option("second zone tag")?;
        s.promotion.second_choices = r.read()?;
        s.castling_to = r.option("castling files tag")?;
        s.castling_safe_royal_only = r.read()?;
        s.castling_opposite_wings = r.read()?;
        s.shuffle = r.option("shuffle tag")?;
        s.flip_enclosed = r.read()?;
        s.start_side = r.read()?;
        s.petrify = r.read()?;
        s.first_moves.not_in_check = r.read()?;
        s.first_moves.lost_when_aimed = r.read()?;
        Ok(s)
    }
}

impl Codec for EndingsSpec {
    fn encode(&self, w: &mut Writer) {
        self.repetition.encode(w);
        self.extinction.encode(w);
        w.option(&self.tiebreak);
        w.option(&self.stalemate_fewer_wins);
        self.checkmate.encode(w);
        self.full_board.encode(w);
        self.castling_wins.encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        Ok(EndingsSpec {
            repetition: r.read()?,
            extinction: r.read()?,
            tiebreak: r.option("tiebreak tag")?,
            stalemate_fewer_wins: r.option("stalemate count tag")?,
            checkmate: r.read()?,
            full_board: r.read()?,
            castling_wins: r.read()?,
        })
    }
}

impl Codec for RepetitionScore {
    fn encode(&self, w: &mut Writer) {
        match *self {
            RepetitionScore::Draw => 0u8.encode(w),
            RepetitionScore::Mover { wins } => {
                1u8.encode(w);
                wins.encode(w);
            }
            RepetitionScore::Player { player, wins } => {
                2u8.encode(w);
                player.encode(w);
                wins.encode(w);
            }
        }
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        match u8::decode(r)? {
            0 => Ok(RepetitionScore::Draw),
            1 => Ok(RepetitionScore::Mover { wins: r.read()? }),
            2 => Ok(RepetitionScore::Player {
                player: r.read()?,
                wins: r.read()?,
            }),
            v => Err(bad_tag("repetition score", v)),
        }
    }
}

impl Codec for ExtinctionSpec {
    fn encode(&self, w: &mut Writer) {
        self.pieces.encode(w);
        self.outcome.encode(w);
        self.at.encode(w);
        self.opponent_has.encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        Ok(ExtinctionSpec {
            pieces: r.read()?,
            outcome: r.read()?,
            at: r.read()?,
            opponent_has: r.read()?,
        })
    }
}

impl Codec for Tiebreak {
    fn encode(&self, w: &mut Writer) {
        match self {
            Tiebreak::Player(p) => {
                0u8.encode(w);
                p.encode(w);
            }
            Tiebreak::Pieces => 1u8.encode(w),
            Tiebreak::Material { values, komi } => {
                2u8.encode(w);
                values.encode(w);
                let (player, points) = komi.unwrap_or((Player::First, 0));
                player.encode(w);
                points.encode(w);
            }
        }
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        match u8::decode(r)? {
            0 => Ok(Tiebreak::Player(r.read()?)),
            1 => Ok(Tiebreak::Pieces),
            2 => {
                let values = r.read()?;
                let (player, points): (Player, u16) = (r.read()?, r.read()?);
                let komi = (points > 0).then_some((player, points));
                Ok(Tiebreak::Material { values, komi })
            }
            v => Err(bad_tag("tiebreak", v)),
        }
    }
}

impl Codec for ExplodeSpec {
    fn encode(&self, w: &mut Writer) {
        self.area.encode(w);
        self.immune.encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        Ok(ExplodeSpec {
            area: r.read()?,
            immune: r.read()?,
        })
    }
}

impl Codec for [u8; 2] {
    fn encode(&self, w: &mut Writer) {
        self[0].encode(w);
        self[1].encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        Ok([r.read()?, r.read()?])
    }
}

impl Codec for ShuffleSpec {
    fn encode(&self, w: &mut Writer) {
        self.squares.encode(w);
        self.groups.encode(w);
        self.rotate.encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        Ok(ShuffleSpec {
            squares: r.read()?,
            groups: r.read()?,
            rotate: r.read()?,
        })
    }
}

impl Codec for ShuffleGroup {
    fn encode(&self, w: &mut Writer) {
        self.pieces.encode(w);
        w.option(&self.light);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        Ok(ShuffleGroup {
            pieces: r.read()?,
            light: r.option("shuffle colour tag")?,
        })
    }
}

impl Codec for WallSpec {
    fn encode(&self, w: &mut Writer) {
        self.kind.encode(w);
        self.except.encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        Ok(WallSpec {
            kind: r.read()?,
            except: r.read()?,
        })
    }
}

impl Codec for WallKind {
    fn encode(&self, w: &mut Writer) {
        let tag: u8 = match self {
            WallKind::Moving => 0,
            WallKind::Anywhere => 1,
            WallKind::Shot => 2,
            WallKind::Edge => 3,
        };
        tag.encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        match u8::decode(r)? {
            0 => Ok(WallKind::Moving),
            1 => Ok(WallKind::Anywhere),
            2 => Ok(WallKind::Shot),
            3 => Ok(WallKind::Edge),
            v => Err(bad_tag("wall kind", v)),
        }
    }
}

impl Codec for ForcedPromotion {
    fn encode(&self, w: &mut Writer) {
        self.pieces.encode(w);
        self.last_ranks.encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        Ok(ForcedPromotion {
            pieces: r.read()?,
            last_ranks: r.read()?,
        })
    }
}

impl Codec for BurnSpec {
    fn encode(&self, w: &mut Writer) {
        self.burners.encode(w);
        self.area.encode(w);
        self.choose_up_to.encode(w);
        self.active.encode(w);
        self.passive.encode(w);
        self.burner_meets_burner_dies.encode(w);
        self.on_promotion.encode(w);
        self.immune.encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        Ok(BurnSpec {
            burners: r.read()?,
            area: r.read()?,
            choose_up_to: r.read()?,
            active: r.read()?,
            passive: r.read()?,
            burner_meets_burner_dies: r.read()?,
            on_promotion: r.read()?,
            immune: r.read()?,
        })
    }
}

impl Codec for FreezeSpec {
    fn encode(&self, w: &mut Writer) {
        self.freezers.encode(w);
        self.area.encode(w);
        self.immune.encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        Ok(FreezeSpec {
            freezers: r.read()?,
            area: r.read()?,
            immune: r.read()?,
        })
    }
}

impl Codec for AntiTradeSpec {
    fn encode(&self, w: &mut Writer) {
        self.attackers.encode(w);
        self.victims.encode(w);
        self.when.encode(w);
        self.except_adjacent.encode(w);
        self.except_bridge_capture_not.encode(w);
        self.counter_strike.encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        Ok(AntiTradeSpec {
            attackers: r.read()?,
            victims: r.read()?,
            when: r.read()?,
            except_adjacent: r.read()?,
            except_bridge_capture_not: r.read()?,
            counter_strike: r.read()?,
        })
    }
}

impl Codec for PassSpec {
    fn encode(&self, w: &mut Writer) {
        self.forbidden.encode(w);
        self.only.encode(w);
        self.not_after_pass.encode(w);
        self.twice_ends.encode(w);
        self.anytime.encode(w);
        self.first_passer_deviates.encode(w);
        self.when_stuck.encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        Ok(PassSpec {
            forbidden: r.read()?,
            only: r.read()?,
            not_after_pass: r.read()?,
            twice_ends: r.read()?,
            anytime: r.read()?,
            first_passer_deviates: r.read()?,
            when_stuck: r.read()?,
        })
    }
}

impl Codec for MoveLimit {
    fn encode(&self, w: &mut Writer) {
        self.moves.encode(w);
        self.reset_on_capture.encode(w);
        self.reset_on_promotion.encode(w);
        self.reset_on_pieces.encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        Ok(MoveLimit {
            moves: r.read()?,
            reset_on_capture: r.read()?,
            reset_on_promotion: r.read()?,
            reset_on_pieces: r.read()?,
        })
    }
}

impl Codec for DropSpec {
    fn encode(&self, w: &mut Writer) {
        self.to_hand.encode(w);
        self.start_hand.encode(w);
        self.not_stuck.encode(w);
        self.one_per_file.encode(w);
        self.per_file.encode(w);
        self.no_mate.encode(w);
        self.zones.encode(w);
        self.promoted.encode(w);
        self.gates.encode(w);
        self.gates_only.encode(w);
        self.must_drop.encode(w);
        self.must_drop_pieces.encode(w);
        self.unmoved.encode(w);
        self.opposite_colours.encode(w);
        self.enclosing.encode(w);
        self.enclosing_start.encode(w);
        w.option(&self.enters);
        self.no_check.encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        Ok(DropSpec {
            to_hand: r.read()?,
            start_hand: r.read()?,
            not_stuck: r.read()?,
            one_per_file: r.read()?,
            per_file: r.read()?,
            no_mate: r.read()?,
            zones: r.read()?,
            promoted: r.read()?,
            gates: r.read()?,
            gates_only: r.read()?,
            must_drop: r.read()?,
            must_drop_pieces: r.read()?,
            unmoved: r.read()?,
            opposite_colours: r.read()?,
            enclosing: r.read()?,
            enclosing_start: r.read()?,
            enters: r.option("drop entry tag")?,
            no_check: r.read()?,
        })
    }
}

impl Codec for UnmovedDrop {
    fn encode(&self, w: &mut Writer) {
        self.player.encode(w);
        self.pieces.encode(w);
        self.squares.encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        Ok(UnmovedDrop {
            player: r.read()?,
            pieces: r.read()?,
            squares: r.read()?,
        })
    }
}

impl Codec for DropZone {
    fn encode(&self, w: &mut Writer) {
        self.pieces.encode(w);
        self.squares.encode(w);
        self.side.encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        Ok(DropZone {
            pieces: r.read()?,
            squares: r.read()?,
            side: r.read()?,
        })
    }
}

impl Codec for RegionsSpec {
    fn encode(&self, w: &mut Writer) {
        self.regions.encode(w);
        self.pieces.encode(w);
        self.facing_royals_forbidden.encode(w);
        self.facing_royals_must_break.encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        Ok(RegionsSpec {
            regions: r.read()?,
            pieces: r.read()?,
            facing_royals_forbidden: r.read()?,
            facing_royals_must_break: r.read()?,
        })
    }
}

impl Codec for RegionSpec {
    fn encode(&self, w: &mut Writer) {
        self.name.encode(w);
        self.squares.encode(w);
        w.option(&self.second);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        Ok(RegionSpec {
            name: r.read()?,
            squares: r.read()?,
            second: r.option("region side tag")?,
        })
    }
}

impl Codec for PieceRegions {
    fn encode(&self, w: &mut Writer) {
        self.path_region.encode(w);
        self.confined.encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        Ok(PieceRegions {
            path_region: r.read()?,
            confined: r.read()?,
        })
    }
}

impl Codec for RepeatSpec {
    fn encode(&self, w: &mut Writer) {
        self.loses.encode(w);
        self.except_evasion.encode(w);
        self.except_no_new_attack.encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        Ok(RepeatSpec {
            loses: r.read()?,
            except_evasion: r.read()?,
            except_no_new_attack: r.read()?,
        })
    }
}

impl Codec for CountingSpec {
    fn encode(&self, w: &mut Writer) {
        self.board_honour.encode(w);
        self.pieces_honour.encode(w);
        self.pieces_default.encode(w);
        self.without.encode(w);
        self.from_zero.encode(w);
        self.board_up_to.encode(w);
        self.board_unblocked.encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        Ok(CountingSpec {
            board_honour: r.read()?,
            pieces_honour: r.read()?,
            pieces_default: r.read()?,
            without: r.read()?,
            from_zero: r.read()?,
            board_up_to: r.read()?,
            board_unblocked: r.read()?,
        })
    }
}

impl Codec for HonourSpec {
    fn encode(&self, w: &mut Writer) {
        self.pieces.encode(w);
        self.moves.encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        Ok(HonourSpec {
            pieces: r.read()?,
            moves: r.read()?,
        })
    }
}

impl Codec for GoalSpec {
    fn encode(&self, w: &mut Writer) {
        self.player.encode(w);
        self.pieces.encode(w);
        self.squares.encode(w);
        self.reply_draws.encode(w);
        self.count.encode(w);
        self.or_filled.encode(w);
        self.safe.encode(w);
        self.hold.encode(w);
        w.option(&self.row);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        Ok(GoalSpec {
            player: r.read()?,
            pieces: r.read()?,
            squares: r.read()?,
            reply_draws: r.read()?,
            count: r.read()?,
            or_filled: r.read()?,
            safe: r.read()?,
            hold: r.read()?,
            row: r.option("goal row tag")?,
        })
    }
}

impl Codec for RowGoal {
    fn encode(&self, w: &mut Writer) {
        self.length.encode(w);
        self.ranks.encode(w);
        self.files.encode(w);
        self.diagonals.encode(w);
        self.loses.encode(w);
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        Ok(RowGoal {
            length: r.read()?,
            ranks: r.read()?,
            files: r.read()?,
            diagonals: r.read()?,
            loses: r.read()?,
        })
    }
}

impl Codec for DropEdge {
    fn encode(&self, w: &mut Writer) {
        match self {
            DropEdge::Top => 0u8.encode(w),
            DropEdge::AnySide => 1u8.encode(w),
        }
    }
    fn decode(r: &mut Reader<'_>) -> R<Self> {
        match u8::decode(r)? {
            0 => Ok(DropEdge::Top),
            1 => Ok(DropEdge::AnySide),
            v => Err(bad_tag("drop entry", v)),
        }
    }
}

#[cfg(test)]
mod tests;
