//! The compiled-variant file written by `koma compile`: a versioned, checksummed binary image
//! of the [`VariantSpec`]. Tables are rebuilt from it deterministically on load.
//!
//! Layout: magic `KOMAVAR\0` (8 bytes), format version (u32 LE), payload length (u64 LE),
//! payload, FNV-1a 64 checksum of the payload (u64 LE). Integers are little-endian; strings
//! and lists are a u32 length followed by the items.

use std::fmt;

use crate::limits::{self, Exceeded};
use crate::regions::{PieceRegions, RegionSpec, RegionsSpec};
use crate::spec::*;

const MAGIC: &[u8; 8] = b"KOMAVAR\0";
/// Bumped whenever the payload layout changes.
pub const FORMAT_VERSION: u32 = 12;

/// Why a compiled file could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// The file does not start with the koma magic bytes.
    NotCompiled,
    /// Written by another version of koma.
    Version { found: u32, expected: u32 },
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
    BadTag { field: &'static str, value: u32 },
    /// A text field that is not UTF-8.
    NotUtf8,
    /// The board's square map does not have width x height entries.
    BoardMapSize,
    /// A square of a board list (`what`) lies off the board.
    OffBoard { what: &'static str },
    /// No piece types, or more than a [`PieceType`] can index.
    PieceCount(usize),
    /// A piece promotes to a type that does not exist.
    UnknownPromotion { piece: String },
    /// A piece has a path with no legs or more than [`limits::MAX_LEGS`].
    BadPath { piece: String },
    /// A setup placement or a rule names a type that does not exist (`what` says which).
    UnknownType { what: &'static str },
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
            Invalid::PieceCount(n) => write!(f, "{n} piece types (1 to 255 allowed)"),
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
    w.spec(spec);
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
    let version = r.u32()?;
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
    let spec = r.spec()?;
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
    let b = &spec.board;
    let cells = usize::from(b.width) * usize::from(b.height);
    if !limits::board_fits(b.width, b.height) {
        return Err(Invalid::Exceeds(limits::Exceeded::Board {
            width: b.width,
            height: b.height,
        }));
    }
    if b.real.len() != cells {
        return Err(Invalid::BoardMapSize);
    }
    let on_board = |c: &Coord| c.x < b.width && c.y < b.height;
    if !b.vanishing.iter().all(on_board) {
        return Err(Invalid::OffBoard {
            what: "vanishing square",
        });
    }
    let n = spec.pieces.len();
    if n == 0 || n > 255 {
        return Err(Invalid::PieceCount(n));
    }
    let ok_type = |t: &PieceType| usize::from(t.0) < n;
    for p in &spec.pieces {
        if !p.promotions.iter().all(ok_type) {
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
    if let Some(setup) = &spec.setup
        && !setup.iter().all(|p| ok_type(&p.piece) && on_board(&p.at))
    {
        if !setup.iter().all(|p| on_board(&p.at)) {
            return Err(Invalid::OffBoard {
                what: "setup placement",
            });
        }
        return Err(Invalid::UnknownType {
            what: "setup placement",
        });
    }
    let r = &spec.rules;
    if !r.promotion.zone.iter().all(on_board) {
        return Err(Invalid::OffBoard {
            what: "promotion zone square",
        });
    }
    let lists = r
        .promotion
        .forced
        .iter()
        .flat_map(|f| f.pieces.iter())
        .chain(
            r.burning
                .iter()
                .flat_map(|x| x.burners.iter().chain(&x.immune)),
        );
    let lists = lists
        .chain(
            r.freezing
                .iter()
                .flat_map(|x| x.freezers.iter().chain(&x.immune)),
        )
        .chain(r.anti_trade.iter().flat_map(|x| {
            x.attackers
                .iter()
                .chain(&x.victims)
                .chain(&x.except_bridge_capture_not)
        }))
        .chain(r.passing.only.iter())
        .chain(r.passing.anytime.iter())
        .chain(
            r.results
                .move_limit
                .iter()
                .flat_map(|m| m.reset_on_pieces.iter()),
        );
    let d = &r.drops;
    let lists = lists
        .chain(d.to_hand.iter().flatten())
        .chain(d.start_hand.iter().map(|(_, t)| t))
        .chain(&d.one_per_file)
        .chain(&r.castling_partners)
        .chain(d.per_file.iter().map(|(t, _)| t))
        .chain(&d.no_mate)
        .chain(d.zones.iter().flat_map(|z| z.pieces.iter()))
        .chain(r.goals.iter().flat_map(|g| g.pieces.iter()))
        .chain(r.counting.iter().flat_map(|c| {
            c.without.iter().chain(
                c.pieces_honour
                    .iter()
                    .flat_map(|h| h.pieces.iter().map(|p| &p.0)),
            )
        }));
    if !d.zones.iter().flat_map(|z| z.squares.iter()).all(on_board) {
        return Err(Invalid::OffBoard {
            what: "drop zone square",
        });
    }
    if !r.goals.iter().flat_map(|g| g.squares.iter()).all(on_board) {
        return Err(Invalid::OffBoard {
            what: "goal square",
        });
    }
    for t in lists {
        if !ok_type(t) {
            return Err(Invalid::UnknownType { what: "rule" });
        }
    }
    let g = &r.regions;
    if !g
        .regions
        .iter()
        .flat_map(|z| z.squares.iter())
        .all(on_board)
    {
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

struct Writer(Vec<u8>);

impl Writer {
    fn u8(&mut self, v: u8) {
        self.0.push(v);
    }
    fn bool(&mut self, v: bool) {
        self.u8(u8::from(v));
    }
    fn i8(&mut self, v: i8) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn u16(&mut self, v: u16) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn i16(&mut self, v: i16) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn u32(&mut self, v: u32) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn len(&mut self, n: usize) {
        self.u32(u32::try_from(n).unwrap_or(u32::MAX));
    }
    fn str(&mut self, s: &str) {
        self.len(s.len());
        self.0.extend_from_slice(s.as_bytes());
    }
    fn list<T>(&mut self, items: &[T], mut f: impl FnMut(&mut Self, &T)) {
        self.len(items.len());
        for x in items {
            f(self, x);
        }
    }
    fn coord(&mut self, c: &Coord) {
        self.u8(c.x);
        self.u8(c.y);
    }
    fn types(&mut self, t: &[PieceType]) {
        self.list(t, |w, p| w.u8(p.0));
    }
    fn outcome(&mut self, o: Outcome) {
        self.u8(match o {
            Outcome::Win => 0,
            Outcome::Draw => 1,
            Outcome::Loss => 2,
        });
    }

    fn spec(&mut self, s: &VariantSpec) {
        self.str(&s.name);
        let b = &s.board;
        self.u8(b.width);
        self.u8(b.height);
        self.i16(b.first_rank);
        self.i16(b.first_file);
        self.list(&b.names, |w, (c, name)| {
            w.coord(c);
            w.str(name);
        });
        self.list(&b.real, |w, r| w.bool(*r));
        self.list(&b.vanishing, Writer::coord);
        self.list(&s.pieces, |w, p| {
            w.str(&p.id);
            w.str(&p.name);
            w.str(&p.betza);
            w.list(&p.paths, |w, path| {
                w.list(&path.legs, |w, l| {
                    w.i8(l.dx);
                    w.i8(l.dy);
                    w.u8(l.range);
                    w.u32(l.modes.0);
                })
            });
            w.list(&p.castling, |w, c| {
                w.i8(c.direction);
                w.u8(c.king_steps);
                w.bool(c.partner_inside);
            });
            w.bool(p.royal);
            w.types(&p.promotions);
            w.bool(p.value.is_some());
            w.u32(p.value.unwrap_or(0));
        });
        match &s.setup {
            None => self.u8(0),
            Some(list) => {
                self.u8(1);
                self.list(list, |w, p| {
                    w.bool(p.player == Player::Second);
                    w.u8(p.piece.0);
                    w.coord(&p.at);
                });
            }
        }
        self.rules(&s.rules);
    }

    fn rules(&mut self, r: &RulesSpec) {
        let p = &r.promotion;
        self.list(&p.zone, Writer::coord);
        self.u8(p.triggers.0);
        self.u8(match p.kind {
            PromotionKind::Optional => 0,
            PromotionKind::Mandatory => 1,
            PromotionKind::Automatic => 2,
        });
        self.bool(p.forced_when_stuck);
        self.list(&p.forced, |w, f| {
            w.types(&f.pieces);
            w.u8(f.last_ranks);
        });
        self.bool(p.mid_move);
        self.bool(r.royals.win == WinCondition::Checkmate);
        self.bool(r.royals.check_last_only);
        self.list(&r.burning, |w, b| {
            w.types(&b.burners);
            w.list(&b.area, |w, &(x, y)| {
                w.i8(x);
                w.i8(y);
            });
            w.u16(b.choose_up_to.map_or(u16::MAX, u16::from));
            for f in [
                b.active,
                b.passive,
                b.burner_meets_burner_dies,
                b.on_promotion,
            ] {
                w.bool(f);
            }
            w.types(&b.immune);
        });
        self.list(&r.freezing, |w, f| {
            w.types(&f.freezers);
            w.list(&f.area, |w, &(x, y)| {
                w.i8(x);
                w.i8(y);
            });
            w.types(&f.immune);
        });
        self.list(&r.anti_trade, |w, a| {
            w.types(&a.attackers);
            w.types(&a.victims);
            w.bool(a.when == AntiTradeWhen::Protected);
            w.bool(a.except_adjacent);
            w.types(&a.except_bridge_capture_not);
            w.bool(a.counter_strike);
        });
        self.list(&r.jump_rank, |w, v| w.u8(*v));
        let ps = &r.passing;
        self.bool(ps.forbidden);
        self.types(&ps.only);
        self.bool(ps.not_after_pass);
        self.bool(ps.twice_ends);
        self.types(&ps.anytime);
        self.bool(ps.first_passer_deviates);
        let rs = &r.results;
        self.outcome(rs.stalemate);
        self.u16(rs.repetition.map_or(u16::MAX, u16::from));
        self.bool(rs.perpetual_check_loses);
        match &rs.move_limit {
            None => self.u8(0),
            Some(m) => {
                self.u8(1);
                self.u16(m.moves);
                self.bool(m.reset_on_capture);
                self.bool(m.reset_on_promotion);
                self.types(&m.reset_on_pieces);
            }
        }
        self.bool(rs.bare_royal_draw);
        self.bool(rs.bare_royal_loses);
        self.bool(rs.bare == Bare::SinglePiece);
        let d = &r.drops;
        self.list(&d.to_hand, |w, t| {
            w.u16(t.map_or(u16::MAX, |t| u16::from(t.0)))
        });
        self.list(&d.start_hand, |w, &(p, t)| {
            w.bool(p == Player::Second);
            w.u8(t.0);
        });
        self.bool(d.not_stuck);
        self.types(&d.one_per_file);
        self.list(&d.per_file, |w, &(t, n)| {
            w.u8(t.0);
            w.u8(n);
        });
        self.types(&d.no_mate);
        self.list(&d.zones, |w, z| {
            w.types(&z.pieces);
            w.list(&z.squares, Writer::coord);
        });
        let g = &r.regions;
        self.list(&g.regions, |w, region| {
            w.str(&region.name);
            w.list(&region.squares, Writer::coord);
        });
        self.list(&g.pieces, |w, p| {
            w.list(&p.path_region, |w, r| w.u16(r.map_or(u16::MAX, u16::from)));
            w.u16(p.confined.map_or(u16::MAX, u16::from));
        });
        self.bool(g.facing_royals_forbidden);
        self.bool(g.facing_royals_must_break);
        self.bool(p.captured_only);
        self.bool(rs.perpetual_attack_loses);
        match r.repeat {
            None => self.u8(0),
            Some(rp) => {
                self.u8(1);
                self.bool(rp.loses);
                self.bool(rp.except_evasion);
                self.bool(rp.except_no_new_attack);
            }
        }
        match &r.counting {
            None => self.u8(0),
            Some(c) => {
                self.u8(1);
                self.u16(c.board_honour.unwrap_or(u16::MAX));
                self.list(&c.pieces_honour, |w, h| {
                    w.list(&h.pieces, |w, &(t, n)| {
                        w.u8(t.0);
                        w.u8(n);
                    });
                    w.u16(h.moves);
                });
                self.u16(c.pieces_default.unwrap_or(u16::MAX));
                self.types(&c.without);
            }
        }
        self.types(&r.castling_partners);
        self.bool(r.royals.check_forbidden);
        self.list(&r.goals, |w, g| {
            w.u8(match g.player {
                None => 0,
                Some(Player::First) => 1,
                Some(Player::Second) => 2,
            });
            w.types(&g.pieces);
            w.list(&g.squares, Writer::coord);
            w.bool(g.reply_draws);
        });
        self.list(&r.weights, |w, (term, weight)| {
            // A term by its index in `EVAL_TERMS` (an unknown name, which the compiler
            // refuses, as a tag the reader rejects).
            let index = EVAL_TERMS.iter().position(|t| t == term);
            w.u8(index.map_or(u8::MAX, |i| i as u8));
            w.u32(*weight as u32);
        });
        self.u16(rs.check_wins.map_or(u16::MAX, u16::from));
        match rs.no_pieces {
            None => self.u8(3),
            Some(o) => self.outcome(o),
        }
        self.bool(r.captures_compulsory);
        self.endings(&rs.endings);
    }

    fn endings(&mut self, e: &EndingsSpec) {
        match e.repetition {
            RepetitionScore::Draw => self.u8(0),
            RepetitionScore::Mover { wins } => {
                self.u8(1);
                self.bool(wins);
            }
            RepetitionScore::Player { player, wins } => {
                self.u8(2);
                self.player(player);
                self.bool(wins);
            }
        }
        self.list(&e.extinction, |w, x| {
            w.types(&x.pieces);
            w.outcome(x.outcome);
            w.u16(x.at);
            w.u16(x.opponent_has);
        });
        match &e.tiebreak {
            None => self.u8(0),
            Some(Tiebreak::Player(p)) => {
                self.u8(1);
                self.player(*p);
            }
            Some(Tiebreak::Pieces) => self.u8(2),
            Some(Tiebreak::Material { values, komi }) => {
                self.u8(3);
                self.list(values, |w, (t, v)| {
                    w.u8(t.0);
                    w.u16(*v);
                });
                let (player, points) = komi.unwrap_or((Player::First, 0));
                self.player(player);
                self.u16(points);
            }
        }
        self.u8(match e.stalemate_fewer_wins {
            None => 0,
            Some(true) => 1,
            Some(false) => 2,
        });
        match e.checkmate {
            None => self.u8(3),
            Some(o) => self.outcome(o),
        }
    }

    fn player(&mut self, p: Player) {
        self.bool(p == Player::Second);
    }
}

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
    fn u8(&mut self) -> R<u8> {
        Ok(self.take(1)?[0])
    }
    fn bool(&mut self) -> R<bool> {
        match self.u8()? {
            0 => Ok(false),
            1 => Ok(true),
            v => Err(bad_tag("flag byte", v)),
        }
    }
    fn i8(&mut self) -> R<i8> {
        Ok(i8::from_le_bytes(self.array()?))
    }
    fn u16(&mut self) -> R<u16> {
        Ok(u16::from_le_bytes(self.array()?))
    }
    fn i16(&mut self) -> R<i16> {
        Ok(i16::from_le_bytes(self.array()?))
    }
    fn u32(&mut self) -> R<u32> {
        Ok(u32::from_le_bytes(self.array()?))
    }
    fn u64(&mut self) -> R<u64> {
        Ok(u64::from_le_bytes(self.array()?))
    }
    fn len(&mut self) -> R<usize> {
        let n = self.u32()? as usize;
        // Every item takes at least one byte: a longer count is corrupt, not a huge allocation.
        if n > self.bytes.len() {
            return Err(LoadError::Truncated);
        }
        Ok(n)
    }
    fn str(&mut self) -> R<String> {
        let n = self.len()?;
        String::from_utf8(self.take(n)?.to_vec()).map_err(|_| LoadError::Invalid(Invalid::NotUtf8))
    }
    fn list<T>(&mut self, mut f: impl FnMut(&mut Self) -> R<T>) -> R<Vec<T>> {
        let n = self.len()?;
        (0..n).map(|_| f(self)).collect()
    }
    fn coord(&mut self) -> R<Coord> {
        Ok(Coord {
            x: self.u8()?,
            y: self.u8()?,
        })
    }
    fn types(&mut self) -> R<Vec<PieceType>> {
        self.list(|r| Ok(PieceType(r.u8()?)))
    }
    fn outcome(&mut self) -> R<Outcome> {
        match self.u8()? {
            0 => Ok(Outcome::Win),
            1 => Ok(Outcome::Draw),
            2 => Ok(Outcome::Loss),
            v => Err(bad_tag("outcome", v)),
        }
    }
    fn opt_u8(&mut self) -> R<Option<u8>> {
        let v = self.u16()?;
        if v == u16::MAX {
            Ok(None)
        } else {
            u8::try_from(v).map(Some).map_err(|_| bad_tag("count", v))
        }
    }

    fn player(&mut self) -> R<Player> {
        Ok(if self.bool()? {
            Player::Second
        } else {
            Player::First
        })
    }

    fn endings(&mut self) -> R<EndingsSpec> {
        let repetition = match self.u8()? {
            0 => RepetitionScore::Draw,
            1 => RepetitionScore::Mover { wins: self.bool()? },
            2 => RepetitionScore::Player {
                player: self.player()?,
                wins: self.bool()?,
            },
            v => return Err(bad_tag("repetition score", v)),
        };
        let extinction = self.list(|r| {
            Ok(ExtinctionSpec {
                pieces: r.types()?,
                outcome: r.outcome()?,
                at: r.u16()?,
                opponent_has: r.u16()?,
            })
        })?;
        let tiebreak = match self.u8()? {
            0 => None,
            1 => Some(Tiebreak::Player(self.player()?)),
            2 => Some(Tiebreak::Pieces),
            3 => {
                let values = self.list(|r| Ok((PieceType(r.u8()?), r.u16()?)))?;
                let player = self.player()?;
                let points = self.u16()?;
                let komi = (points > 0).then_some((player, points));
                Some(Tiebreak::Material { values, komi })
            }
            v => return Err(bad_tag("tiebreak", v)),
        };
        let stalemate_fewer_wins = match self.u8()? {
            0 => None,
            1 => Some(true),
            2 => Some(false),
            v => return Err(bad_tag("stalemate count", v)),
        };
        let checkmate = match self.u8()? {
            3 => None,
            0 => Some(Outcome::Win),
            1 => Some(Outcome::Draw),
            2 => Some(Outcome::Loss),
            v => return Err(bad_tag("checkmate outcome", v)),
        };
        Ok(EndingsSpec {
            repetition,
            extinction,
            tiebreak,
            stalemate_fewer_wins,
            checkmate,
        })
    }

    fn spec(&mut self) -> R<VariantSpec> {
        let name = self.str()?;
        let board = BoardSpec {
            width: self.u8()?,
            height: self.u8()?,
            first_rank: self.i16()?,
            first_file: self.i16()?,
            names: self.list(|r| Ok((r.coord()?, r.str()?)))?,
            real: self.list(Reader::bool)?,
            vanishing: self.list(Reader::coord)?,
        };
        let pieces = self.list(|r| {
            Ok(PieceSpec {
                id: r.str()?,
                name: r.str()?,
                betza: r.str()?,
                paths: r.list(|r| {
                    Ok(PathTemplate {
                        legs: r.list(|r| {
                            Ok(Leg {
                                dx: r.i8()?,
                                dy: r.i8()?,
                                range: r.u8()?,
                                modes: Modes(r.u32()?),
                            })
                        })?,
                    })
                })?,
                castling: r.list(|r| {
                    Ok(CastlingSpec {
                        direction: r.i8()?,
                        king_steps: r.u8()?,
                        partner_inside: r.bool()?,
                    })
                })?,
                royal: r.bool()?,
                promotions: r.types()?,
                value: {
                    let given = r.bool()?;
                    let v = r.u32()?;
                    given.then_some(v)
                },
            })
        })?;
        let setup = match self.u8()? {
            0 => None,
            1 => Some(self.list(|r| {
                let player = if r.bool()? {
                    Player::Second
                } else {
                    Player::First
                };
                Ok(Placement {
                    player,
                    piece: PieceType(r.u8()?),
                    at: r.coord()?,
                })
            })?),
            v => return Err(bad_tag("setup tag", v)),
        };
        let rules = self.rules()?;
        Ok(VariantSpec {
            name,
            board,
            pieces,
            setup,
            rules,
        })
    }

    fn area(&mut self) -> R<Vec<(i8, i8)>> {
        self.list(|r| Ok((r.i8()?, r.i8()?)))
    }

    fn rules(&mut self) -> R<RulesSpec> {
        let promotion = PromotionSpec {
            zone: self.list(Reader::coord)?,
            triggers: Triggers(self.u8()?),
            kind: match self.u8()? {
                0 => PromotionKind::Optional,
                1 => PromotionKind::Mandatory,
                2 => PromotionKind::Automatic,
                v => return Err(bad_tag("promotion kind", v)),
            },
            forced_when_stuck: self.bool()?,
            forced: self.list(|r| {
                Ok(ForcedPromotion {
                    pieces: r.types()?,
                    last_ranks: r.u8()?,
                })
            })?,
            mid_move: self.bool()?,
            captured_only: false,
        };
        let win = if self.bool()? {
            WinCondition::Checkmate
        } else {
            WinCondition::Extinction
        };
        let royals = RoyalSpec {
            win,
            check_last_only: self.bool()?,
            check_forbidden: false,
        };
        let burning = self.list(|r| {
            Ok(BurnSpec {
                burners: r.types()?,
                area: r.area()?,
                choose_up_to: r.opt_u8()?,
                active: r.bool()?,
                passive: r.bool()?,
                burner_meets_burner_dies: r.bool()?,
                on_promotion: r.bool()?,
                immune: r.types()?,
            })
        })?;
        let freezing = self.list(|r| {
            Ok(FreezeSpec {
                freezers: r.types()?,
                area: r.area()?,
                immune: r.types()?,
            })
        })?;
        let anti_trade = self.list(|r| {
            Ok(AntiTradeSpec {
                attackers: r.types()?,
                victims: r.types()?,
                when: if r.bool()? {
                    AntiTradeWhen::Protected
                } else {
                    AntiTradeWhen::Always
                },
                except_adjacent: r.bool()?,
                except_bridge_capture_not: r.types()?,
                counter_strike: r.bool()?,
            })
        })?;
        let jump_rank = self.list(Reader::u8)?;
        let passing = PassSpec {
            forbidden: self.bool()?,
            only: self.types()?,
            not_after_pass: self.bool()?,
            twice_ends: self.bool()?,
            anytime: self.types()?,
            first_passer_deviates: self.bool()?,
        };
        let results = ResultSpec {
            stalemate: self.outcome()?,
            repetition: self.opt_u8()?,
            perpetual_check_loses: self.bool()?,
            perpetual_attack_loses: false,
            move_limit: match self.u8()? {
                0 => None,
                1 => Some(MoveLimit {
                    moves: self.u16()?,
                    reset_on_capture: self.bool()?,
                    reset_on_promotion: self.bool()?,
                    reset_on_pieces: self.types()?,
                }),
                v => return Err(bad_tag("move limit tag", v)),
            },
            bare_royal_draw: self.bool()?,
            bare_royal_loses: self.bool()?,
            bare: if self.bool()? {
                Bare::SinglePiece
            } else {
                Bare::RoyalsOnly
            },
            check_wins: None,
            no_pieces: None,
            endings: EndingsSpec::default(),
        };
        let drops = DropSpec {
            to_hand: self.list(|r| {
                let v = r.u16()?;
                Ok((v != u16::MAX).then_some(PieceType(v as u8)))
            })?,
            start_hand: self.list(|r| {
                let player = if r.bool()? {
                    Player::Second
                } else {
                    Player::First
                };
                Ok((player, PieceType(r.u8()?)))
            })?,
            not_stuck: self.bool()?,
            one_per_file: self.types()?,
            per_file: self.list(|r| Ok((PieceType(r.u8()?), r.u8()?)))?,
            no_mate: self.types()?,
            zones: self.list(|r| {
                Ok(DropZone {
                    pieces: r.types()?,
                    squares: r.list(Reader::coord)?,
                })
            })?,
        };
        let opt_region = |v: u16| (v != u16::MAX).then_some(v as u8);
        let regions = RegionsSpec {
            regions: self.list(|r| {
                Ok(RegionSpec {
                    name: r.str()?,
                    squares: r.list(Reader::coord)?,
                })
            })?,
            pieces: self.list(|r| {
                Ok(PieceRegions {
                    path_region: r.list(|r| Ok(opt_region(r.u16()?)))?,
                    confined: opt_region(r.u16()?),
                })
            })?,
            facing_royals_forbidden: self.bool()?,
            facing_royals_must_break: self.bool()?,
        };
        let mut promotion = promotion;
        let mut results = results;
        promotion.captured_only = self.bool()?;
        results.perpetual_attack_loses = self.bool()?;
        let repeat = match self.u8()? {
            0 => None,
            1 => Some(RepeatSpec {
                loses: self.bool()?,
                except_evasion: self.bool()?,
                except_no_new_attack: self.bool()?,
            }),
            v => return Err(bad_tag("repeat tag", v)),
        };
        let opt = |v: u16| (v != u16::MAX).then_some(v);
        let counting = match self.u8()? {
            0 => None,
            1 => Some(CountingSpec {
                board_honour: opt(self.u16()?),
                pieces_honour: self.list(|r| {
                    Ok(HonourSpec {
                        pieces: r.list(|r| Ok((PieceType(r.u8()?), r.u8()?)))?,
                        moves: r.u16()?,
                    })
                })?,
                pieces_default: opt(self.u16()?),
                without: self.types()?,
            }),
            v => return Err(bad_tag("counting tag", v)),
        };
        let castling_partners = self.types()?;
        let mut royals = royals;
        royals.check_forbidden = self.bool()?;
        let goals = self.list(|r| {
            Ok(GoalSpec {
                player: match r.u8()? {
                    0 => None,
                    1 => Some(Player::First),
                    2 => Some(Player::Second),
                    v => return Err(bad_tag("goal player", v)),
                },
                pieces: r.types()?,
                squares: r.list(Reader::coord)?,
                reply_draws: r.bool()?,
            })
        })?;
        let weights = self.list(|r| {
            let index = r.u8()?;
            let term = EVAL_TERMS
                .get(usize::from(index))
                .ok_or_else(|| bad_tag("weight term", index))?;
            Ok((term.to_string(), r.u32()? as i32))
        })?;
        let mut results = results;
        results.check_wins = self.opt_u8()?;
        results.no_pieces = match self.u8()? {
            3 => None,
            0 => Some(Outcome::Win),
            1 => Some(Outcome::Draw),
            2 => Some(Outcome::Loss),
            v => return Err(bad_tag("no-pieces outcome", v)),
        };
        let captures_compulsory = self.bool()?;
        results.endings = self.endings()?;
        Ok(RulesSpec {
            captures_compulsory,
            castling_partners,
            goals,
            weights,
            regions,
            repeat,
            counting,
            promotion,
            royals,
            burning,
            freezing,
            anti_trade,
            jump_rank,
            passing,
            results,
            drops,
        })
    }
}
