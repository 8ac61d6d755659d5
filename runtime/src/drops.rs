//! Hands and drops: the compiled drop clauses ([`DropTables`]), the pieces each player holds in
//! hand, and the generation of drop moves with their restrictions (drop zones, no drop where
//! the piece could never move again, one piece of a kind per file).
//!
//! Captured pieces join the capturer's hand as the variant's `to_hand` table says (shogi:
//! demoted to their base form); a drop takes one from the mover's hand and puts it on an empty
//! square. Hand counts are part of the Zobrist hash. Variants without hands pay one flag test
//! per generation call.

use crate::bits::{Bits, WORDS};
use crate::cell::Cell;
use crate::geometry::{ByPlayer, Geometry, Square};
use crate::moves::{Move, MoveKind, MoveList};
use crate::position::Position;
use crate::spec::{DropEdge, DropZone, Modes, PieceType, Player, VariantSpec};

/// The drop clauses of a variant, resolved per piece type and square.
#[derive(Clone, Debug, Default)]
pub(crate) struct DropTables {
    /// Some piece can be in hand: hands are kept and printed.
    pub enabled: bool,
    /// Pieces in hand may be dropped (hands, and not `gating ... only`).
    pub free: bool,
    /// Per player and square: a gate (`gating`), where a piece leaving for the first time
    /// may bring a piece from the hand onto the square it left. Empty without gates.
    pub gates: ByPlayer<Vec<bool>>,
    /// Per piece type: the type a captured piece becomes in the capturer's hand.
    pub to_hand: Vec<Option<PieceType>>,
    /// Per piece type: where it may be dropped (`None`: any empty square).
    pub zone: Vec<Option<ByPlayer<Vec<bool>>>>,
    /// No drop where the piece could never move again.
    pub not_stuck: bool,
    /// Per piece type: at most so many of a side's pieces of this type per file after a drop
    /// (0: no limit).
    pub file_limit: Vec<u8>,
    /// Per piece type: a drop of it that checkmates loses.
    pub no_mate: Vec<bool>,
    /// Per square: the piece the setup puts there (a dropped piece with initial moves is virgin
    /// on its home square, as a chess pawn dropped on its second rank may double-step).
    pub home: Vec<Cell>,
    /// Per piece type: has initial (`i`) moves.
    pub initial: Vec<bool>,
    /// Squares where a dropped piece counts as never moved, and the piece (`drop unmoved`).
    pub unmoved: Vec<(Square, Cell)>,
    /// `drop enclosing`: a drop must enclose an enemy piece.
    pub enclosing: bool,
    /// With `enclosing`: the squares filled first (for both players).
    pub enclosing_start: Vec<Square>,
    /// `drop enters`: the edges a drop comes in at, sliding to where it stops.
    pub enters: Option<DropEdge>,
    /// Per piece type and player: the squares a drop may fill when they are empty (the zone,
    /// less the squares it would be stuck on), as words of a square set; filled by
    /// [`DropTables::build_targets`] once the pieces' stuck squares are known.
    pub targets: Vec<ByPlayer<Vec<u64>>>,
    /// Per file: its squares, as words of a square set (the one-per-file test).
    pub files: Vec<Vec<u64>>,
    /// Per piece type in hand: the promoted forms it may also be dropped as (`drop promoted`).
    pub flipped: Vec<Vec<PieceType>>,
}

impl DropTables {
    pub fn new(geo: &Geometry, spec: &VariantSpec) -> DropTables {
        let d = &spec.rules.drops;
        let n = spec.pieces.len();
        let flags = |ids: &[PieceType]| {
            let mut v = vec![false; n];
            for t in ids {
                if let Some(f) = v.get_mut(usize::from(t.0)) {
                    *f = true;
                }
            }
            v
        };
        let mut to_hand = vec![None; n];
        for (i, t) in d.to_hand.iter().enumerate().take(n) {
            to_hand[i] = t.filter(|t| usize::from(t.0) < n);
        }
        let mut zone = drop_zones(geo, &d.zones, n);
        crate::regions::confine_drops(geo, spec, &mut zone);
        let gates = if d.gates.is_empty() {
            ByPlayer::new(Vec::new(), Vec::new())
        } else {
            geo.sided_mask(&d.gates, None)
        };
        DropTables {
            flipped: flipped(spec),
            enabled: d.has_hands(),
            free: d.has_hands() && !d.gates_only,
            gates,
            to_hand,
            zone,
            not_stuck: d.not_stuck,
            file_limit: file_limits(n, d),
            no_mate: flags(&d.no_mate),
            home: home_cells(geo, spec),
            initial: initial_movers(spec),
            unmoved: unmoved_cells(geo, spec),
            enclosing: d.enclosing,
            enclosing_start: (d.enclosing_start.iter())
                .filter_map(|&c| geo.square_at(c))
                .collect(),
            enters: d.enters,
            targets: Vec::new(),
            files: Vec::new(),
        }
    }

    /// Fills [`DropTables::targets`] and [`DropTables::files`]; `stuck(type, player)` gives
    /// the squares a piece type could never move from.
    pub fn build_targets<'a>(
        &mut self,
        geo: &Geometry,
        stuck: impl Fn(usize, Player) -> &'a [bool],
    ) {
        let words = Bits::words(geo.len());
        self.files = Vec::new();
        for i in 0..geo.len() {
            let x = usize::from(geo.coord(Square(i as u16)).x);
            if self.files.len() <= x {
                self.files.resize(x + 1, vec![0; words]);
            }
            self.files[x][i / 64] |= 1 << (i % 64);
        }
        self.targets = (0..self.zone.len())
            .map(|ti| {
                let set = |player: Player| {
                    let zone = self.zone[ti].as_ref().map(|z| z.get(player));
                    let stuck = stuck(ti, player);
                    let mut w = vec![0u64; words];
                    for i in 0..geo.len() {
                        if zone.is_some_and(|z| !z[i])
                            || (self.not_stuck && stuck.get(i).copied().unwrap_or(false))
                        {
                            continue;
                        }
                        w[i / 64] |= 1 << (i % 64);
                    }
                    w
                };
                ByPlayer::new(set(Player::First), set(Player::Second))
            })
            .collect();
    }
}

impl Position {
    /// How many pieces of a type a player holds in hand.
    pub fn hand_count(&self, player: Player, piece: PieceType) -> u8 {
        let n = self.tables.piece_count();
        self.hands
            .get(player.index() * n + usize::from(piece.0))
            .copied()
            .unwrap_or(0)
    }

    /// Sets how many pieces of a type a player holds in hand (position editing).
    pub fn set_hand_count(&mut self, player: Player, piece: PieceType, count: u8) {
        let n = self.tables.piece_count();
        let i = player.index() * n + usize::from(piece.0);
        if i >= self.hands.len() {
            return;
        }
        let old = self.hands[i];
        let z = &self.tables.zobrist;
        self.hash ^= z.hand(i, old) ^ z.hand(i, count);
        self.hands[i] = count;
    }

    /// `drop opposite-colours`: whether `m` (a drop, or any other move, which passes) lets the
    /// side to move still split its pieces of each listed type evenly over the two square
    /// colours: a drop of such a piece puts no more than half of them (rounded up) on its
    /// colour, and any other drop leaves room for half of them (rounded down) on each colour,
    /// counting those already there (Fairy-Stockfish's `dropOppositeColoredBishop`).
    pub(crate) fn drop_keeps_colours(&self, m: &Move) -> bool {
        let Some(dropped) = m.dropped() else {
            return true;
        };
        let listed = &self.tables.spec.rules.drops.opposite_colours;
        listed
            .iter()
            .all(|&t| self.colours_stay_split(t, dropped, m.to))
    }

    /// [`Position::drop_keeps_colours`] for one type `t`, when `dropped` goes to `to`.
    fn colours_stay_split(&self, t: PieceType, dropped: PieceType, to: Square) -> bool {
        let geo = &self.tables.geo;
        let colour = |s: Square| {
            let c = geo.coord(s);
            usize::from((c.x + c.y) % 2)
        };
        let mut on = [0usize; 2];
        for s in self.squares_of(self.side) {
            if self.board[s.index()].piece_type() == t {
                on[colour(s)] += 1;
            }
        }
        let total = on[0] + on[1] + usize::from(self.hand_count(self.side, t));
        if dropped == t {
            return on[colour(to)] < total.div_ceil(2);
        }
        let d = &self.tables.drops;
        let targets = d.targets.get(usize::from(t.0)).map(|x| x.get(self.side));
        let mut room = on;
        for s in geo.squares() {
            let fits = targets.is_some_and(|w| w[s.index() / 64] >> (s.index() % 64) & 1 != 0);
            if s != to && fits && !self.board[s.index()].is_piece() {
                room[colour(s)] += 1;
            }
        }
        room.iter().all(|&n| n >= total / 2)
    }

    /// Whether `player` holds a royal piece in hand (Placement's King before it is dropped).
    pub(crate) fn royal_in_hand(&self, player: Player) -> bool {
        self.tables.drops.enabled
            && (0..self.tables.piece_count())
                .filter_map(|t| u16::try_from(t).ok().map(PieceType))
                .any(|t| self.tables.is_royal(t) && self.hand_count(player, t) > 0)
    }

    /// Whether this variant has hands at all (position text prints them when it does).
    pub fn has_hands(&self) -> bool {
        self.tables.drops.enabled
    }

    /// Adds one piece to a player's hand (a capture), keeping the hash.
    pub(crate) fn hand_add(&mut self, player: Player, piece: PieceType) {
        let c = self.hand_count(player, piece);
        self.set_hand_count(player, piece, c.saturating_add(1));
    }

    /// Takes one piece from a player's hand (a drop), keeping the hash.
    pub(crate) fn hand_take(&mut self, player: Player, piece: PieceType) {
        let c = self.hand_count(player, piece);
        self.set_hand_count(player, piece, c.saturating_sub(1));
    }

    /// `drop compulsory`: while the side to move holds one of the clause's pieces in hand, no
    /// other piece is dropped, and while such a drop is legal no piece moves (Fairy-Stockfish's
    /// `mustDrop`; `out` holds legal moves).
    pub(crate) fn keep_compulsory_drops(&self, out: &mut MoveList) {
        let listed = &self.tables.spec.rules.drops.must_drop_pieces;
        let concerned = |t: PieceType| listed.is_empty() || listed.contains(&t);
        let held = (0..self.tables.piece_count())
            .filter_map(|t| u16::try_from(t).ok().map(PieceType))
            .any(|t| concerned(t) && self.hand_count(self.side, t) > 0);
        if !held {
            return;
        }
        out.retain(|m| m.dropped().is_none_or(concerned));
        if out.iter().any(|m| m.dropped().is_some()) {
            out.retain(|m| m.dropped().is_some());
        }
    }

    /// Adds, after each move from `start` on that leaves a gate for the first time, its twins
    /// that bring a piece from the hand onto the gate: each type in hand that could be dropped
    /// there (its drop zone, not where it would be stuck), royal types aside. A castling's
    /// partner leaves its gate too: twins fill that square instead.
    pub(crate) fn gating_moves(&self, out: &mut MoveList, start: usize) {
        let d = &self.tables.drops;
        let side = self.side;
        let gates = d.gates.get(side);
        let n = self.tables.piece_count();
        let in_hand = |ti: usize| self.hands[side.index() * n + ti] > 0;
        if gates.is_empty() || !(0..n).any(in_hand) {
            return;
        }
        let gate_open = |sq: Square| gates[sq.index()] && self.virgin[sq.index()];
        let end = out.len();
        for i in start..end {
            let m = out.at(i);
            let at_from = match m.kind() {
                MoveKind::Normal => m.from != m.to && gate_open(m.from),
                MoveKind::Castle => gate_open(m.from),
                _ => false,
            };
            let at_partner = m.castling_partner().is_some_and(|(p, _)| gate_open(p));
            for ti in (0..n).filter(|&ti| in_hand(ti)) {
                let ty = PieceType(ti as u16);
                if self.tables.is_royal(ty) {
                    continue;
                }
                let fits = |sq: Square| {
                    d.targets[ti].get(side)[sq.index() / 64] >> (sq.index() % 64) & 1 != 0
                };
                if at_from && fits(m.from) {
                    out.push(m.with_gate(ty, false));
                }
                if at_partner && m.castling_partner().is_some_and(|(p, _)| fits(p)) {
                    out.push(m.with_gate(ty, true));
                }
            }
        }
    }

    /// Appends the drops of the side to move.
    pub(crate) fn drop_moves(&self, out: &mut MoveList) {
        let n = self.tables.piece_count();
        for ti in 0..n {
            if self.hands[self.side.index() * n + ti] == 0 {
                continue;
            }
            self.push_drops(ti, out);
        }
    }

    /// Appends the drops of type `ti` of the side to move, each also promoted side up where
    /// `drop promoted` allows it.
    fn push_drops(&self, ti: usize, out: &mut MoveList) {
        let ty = PieceType(ti as u16);
        let flipped = &self.tables.drops.flipped[ti];
        self.drop_targets(ti, |w, mut bits| {
            while bits != 0 {
                let sq = Square((w * 64 + bits.trailing_zeros() as usize) as u16);
                bits &= bits - 1;
                out.push(Move::drop(sq, ty));
                for &as_type in flipped {
                    let mut m = Move::drop(sq, ty);
                    m.set_promotion(Some(as_type));
                    out.push(m);
                }
            }
        });
    }

    /// The number of drops of the side to move whose type is not royal (those drops are all
    /// legal when the legality shortcut is settled: a piece put down can expose no royal
    /// then); the drops of royal types, which must be tested, go to `scratch`.
    pub(crate) fn count_drops(&self, scratch: &mut MoveList) -> u64 {
        let t = &*self.tables;
        let n = t.piece_count();
        let mut count = 0u64;
        for ti in 0..n {
            if self.hands[self.side.index() * n + ti] == 0 {
                continue;
            }
            let flipped = &t.drops.flipped[ti];
            let royal = |ty: &PieceType| t.is_royal(*ty);
            if t.is_royal(PieceType(ti as u16)) || flipped.iter().any(royal) {
                self.push_drops(ti, scratch);
            } else {
                let ways = 1 + flipped.len() as u64;
                self.drop_targets(ti, |_, bits| count += ways * u64::from(bits.count_ones()));
            }
        }
        count
    }

    /// The squares where the side to move may drop a piece of type `ti`, word by word: `f`
    /// gets each word's index and bits. Empty squares of the type's targets (its zone, less
    /// where it would be stuck), less the files that hold one of the side's pieces of the
    /// type when it is one per file. The one place that decides where a drop may go: the
    /// generator and the bulk counter both read it.
    #[inline]
    fn drop_targets(&self, ti: usize, mut f: impl FnMut(usize, u64)) {
        let d = &self.tables.drops;
        let side = self.side;
        let words = Bits::words(self.board.len());
        let targets = d.targets[ti].get(side);
        let mut blocked = [0u64; WORDS];
        let limit = d.file_limit[ti];
        if limit > 0 {
            let own = Cell::piece(side, PieceType(ti as u16));
            let mut on_file = [0u8; crate::limits::MAX_FILES as usize];
            for sq in self.squares_of(side) {
                if self.board[sq.index()] != own {
                    continue;
                }
                let x = usize::from(self.tables.geo.coord(sq).x);
                let count = &mut on_file[x];
                *count = count.saturating_add(1);
                if *count == limit {
                    for (b, f) in blocked.iter_mut().zip(&d.files[x]) {
                        *b |= f;
                    }
                }
            }
        }
        let allowed = match (d.enclosing, d.enters) {
            (true, _) => self.enclosing_mask(),
            (false, Some(edge)) => self.entry_mask(edge),
            (false, None) => [u64::MAX; WORDS],
        };
        for w in 0..words {
            f(w, !self.occ.0[w] & targets[w] & !blocked[w] & allowed[w]);
        }
    }

    /// Whether the last move was a drop of a piece whose dropping mate loses (before the
    /// position was set up: as its text's `last:` says).
    pub(crate) fn last_move_is_no_mate_drop(&self) -> bool {
        match self.last_move() {
            Some(m) => m
                .dropped()
                .is_some_and(|t| self.tables.drops.no_mate[usize::from(t.0)]),
            None => self.prior.no_mate_drop,
        }
    }
}

/// Per piece type, where each player may drop it (`None`: anywhere): the union of the zones
/// that confine the type for that player. A zone of one side leaves the other player's drops
/// of the type free, unless another zone confines them.
fn drop_zones(geo: &Geometry, zones: &[DropZone], n: usize) -> Vec<Option<ByPlayer<Vec<bool>>>> {
    let mut zone: Vec<Option<ByPlayer<Vec<bool>>>> = vec![None; n];
    let mut confined = vec![ByPlayer::new(false, false); n];
    for z in zones {
        let mask = match z.side {
            None => geo.sided_mask(&z.squares, None),
            Some(Player::First) => geo.sided_mask(&z.squares, Some(&[])),
            Some(Player::Second) => geo.sided_mask(&[], Some(&z.squares)),
        };
        for t in &z.pieces {
            let i = usize::from(t.0);
            let Some(slot) = zone.get_mut(i) else {
                continue;
            };
            let squares = slot.get_or_insert_with(|| geo.sided_mask(&[], Some(&[])));
            for player in [Player::First, Player::Second] {
                if z.side.is_none_or(|s| s == player) {
                    *confined[i].get_mut(player) = true;
                }
                let (to, from) = (squares.get_mut(player), mask.get(player));
                to.iter_mut().zip(from).for_each(|(a, b)| *a |= *b);
            }
        }
    }
    for (slot, confined) in zone.iter_mut().zip(&confined) {
        let Some(squares) = slot else { continue };
        for player in [Player::First, Player::Second] {
            if !confined.get(player) {
                squares.get_mut(player).fill(true);
            }
        }
    }
    zone
}

/// The `drop unmoved` squares with the piece that counts as never moved there.
fn unmoved_cells(geo: &Geometry, spec: &VariantSpec) -> Vec<(Square, Cell)> {
    let mut out = Vec::new();
    for u in &spec.rules.drops.unmoved {
        for player in [Player::First, Player::Second] {
            if u.player.is_some_and(|p| p != player) {
                continue;
            }
            // A clause for both players gives the first player's squares.
            let rotate = u.player.is_none() && player == Player::Second;
            for &c in &u.squares {
                let Some(sq) = geo.square_at(if rotate { geo.rotate(c) } else { c }) else {
                    continue;
                };
                let pieces = u
                    .pieces
                    .iter()
                    .filter(|t| usize::from(t.0) < spec.pieces.len());
                out.extend(pieces.map(|&t| (sq, Cell::piece(player, t))));
            }
        }
    }
    out
}

/// The start position's piece on each square (a dropped piece on its home square counts as
/// unmoved).
fn home_cells(geo: &Geometry, spec: &VariantSpec) -> Vec<Cell> {
    let mut home = vec![Cell::EMPTY; geo.len()];
    for p in spec.setup.iter().flatten() {
        if let Some(sq) = geo.square_at(p.at)
            && usize::from(p.piece.0) < spec.pieces.len()
        {
            home[sq.index()] = Cell::piece(p.player, p.piece);
        }
    }
    home
}

/// Whether each piece type has an initial (`i`) move.
fn initial_movers(spec: &VariantSpec) -> Vec<bool> {
    spec.pieces
        .iter()
        .map(|p| {
            p.paths.iter().any(|path| {
                path.legs
                    .first()
                    .is_some_and(|l| l.modes.contains(Modes::INITIAL))
            })
        })
        .collect()
}

/// Each piece type's promotion choices it may be dropped as (`drop promoted`; none without).
fn flipped(spec: &VariantSpec) -> Vec<Vec<PieceType>> {
    let n = spec.pieces.len();
    let promoted = spec.rules.drops.promoted;
    spec.pieces
        .iter()
        .map(|p| {
            let choices = p.promotions.iter().filter(|t| usize::from(t.0) < n);
            choices.copied().filter(|_| promoted).collect()
        })
        .collect()
}

/// Per piece type, the most pieces of a side a drop may leave on one file (0: no limit): 1 for
/// `one_per_file`, the smallest limit where a type is named twice.
fn file_limits(n: usize, d: &crate::spec::DropSpec) -> Vec<u8> {
    let mut limits = vec![0u8; n];
    let named = d
        .one_per_file
        .iter()
        .map(|&t| (t, 1))
        .chain(d.per_file.iter().copied());
    for (t, limit) in named {
        if let Some(l) = limits.get_mut(usize::from(t.0)) {
            *l = if *l == 0 { limit } else { (*l).min(limit) };
        }
    }
    limits
}
