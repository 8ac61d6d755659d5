//! Move generation: pseudo-legal moves of every piece (fast loop for simple rides and leaps,
//! the walker for everything else), castling, promotion choices, de-duplication of moves with
//! the same effect, and the legality filter chosen by the variant's win condition.

use crate::bits::{WORDS, before, bit_indices, nearest};
use crate::cell::Cell;
use crate::geometry::Square;
use crate::legal::Shortcut;
use crate::moves::{FullMove, MAX_CAPTURES, Move, MoveKind, MoveList, MoveRef};
use crate::position::{Position, Royals};
use crate::spec::{Modes, Player};
use crate::tables::{
    CCastle, CLeg, CaptureNear, FirstLeg, PieceTable, SimpleMoves, SquareMoves, Tables,
};
use crate::walk::{PathEnd, Sink, Walker};
use std::ops::Range;

/// Lists this short are tested move by move (each move played on the cells and the royals'
/// squares tested for attack) instead of through the node's shortcut (`crate::legal`).
const FEW_MOVES: usize = 4;

/// Which moves a generator produces: a search generates the captures first and the quiet
/// moves only when it needs them ([`Position::legal_moves_of`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gen {
    /// Every legal move.
    All,
    /// Moves that remove a piece: on the destination, on the way, or by burning.
    Captures,
    /// Every other move: steps and rides to empty squares, drops, castling, passes.
    Quiets,
}

impl Gen {
    #[inline]
    fn wants(self, capture: bool) -> bool {
        match self {
            Gen::All => true,
            Gen::Captures => capture,
            Gen::Quiets => !capture,
        }
    }
}

/// Turns finished paths into moves: promotion choices and de-duplication.
struct MoveSink<'a> {
    t: &'a Tables,
    pt: &'a PieceTable,
    out: &'a mut MoveList,
    from: Square,
    mover: Cell,
    start: usize,
    /// Destinations of plain moves already generated without promotion, and with promotion,
    /// and of the other moves (side captures, unloads); empty when no two routes of the piece
    /// can give the same move (then nothing is deduplicated, and the bit sets are never zeroed:
    /// most pieces of most variants, every piece of chess).
    seen: &'a mut [[u64; WORDS]],
    stage: Gen,
    /// No move of the piece can promote or repeat another: moves go straight to the list.
    direct: bool,
    /// The mover's promotion zone, and whether `from` lies in it: a simple move from outside
    /// to outside fires no trigger.
    zone: &'a [bool],
    from_in: bool,
}

impl MoveSink<'_> {
    /// Adds a move (with its promotion choices; its removed squares already in `out`'s
    /// buffer) unless the piece already has one with the same effect. Two routes with the same start, end and captures are one move, unless one route
    /// fires a promotion trigger and the other does not (Kyou's Lion stepping into the zone and
    /// out again): then the promoting and the plain move both exist.
    /// An e.p. capture (`promotable` false) never promotes, as in Fairy-Stockfish (and
    /// Shogun's rules say so of its Pawns, whose e.p. captures end in the zone).
    fn add(&mut self, m: Move, capture: bool, stops: &[Square], promotable: bool) {
        if !self.stage.wants(capture) {
            return;
        }
        let fires = promotable && self.fires(m.to, capture, stops);
        if self.seen.is_empty() {
            if fires {
                self.promote(m, true, true, true);
            } else {
                self.out.push(m);
            }
            return;
        }
        // A plain move (nothing removed on the way, normal kind) can only repeat an earlier
        // plain move: sets 0 and 1 tell. Any other move can only repeat an earlier such move
        // with the same destination, kind and side captures (`Move::same_base`): set 2 holds a
        // digest of those, and only a move whose digest is there is looked for.
        let plain_move = m.ncap() == 0 && m.kind() == MoveKind::Normal;
        let key = if plain_move {
            m.to.index()
        } else {
            self.digest(&m)
        };
        let (w, b) = (key / 64, 1u64 << (key % 64));
        let (plain, promoted) = if plain_move {
            (self.seen[0][w] & b == 0, self.seen[1][w] & b == 0)
        } else if self.seen[2][w] & b == 0 {
            (true, true)
        } else {
            self.fresh_slow(&m)
        };
        let pushed = self.promote(m, fires, plain, promoted);
        if plain_move {
            for (k, &p) in pushed.iter().enumerate() {
                if p {
                    self.seen[k][w] |= b;
                }
            }
        } else {
            self.seen[2][w] |= b;
        }
    }

    /// The piece's pass (a plain move to `from`) is in the list, and so is its promotion if
    /// the piece may promote: [`MoveSink::add`] would drop a route that can only repeat it.
    fn has_pass(&self) -> bool {
        let i = self.from.index();
        let (w, b) = (i / 64, 1u64 << (i % 64));
        let may_promote = self.t.can_promote[usize::from(self.mover.piece_type().0)];
        !self.seen.is_empty()
            && self.seen[0][w] & b != 0
            && (!may_promote || self.seen[1][w] & b != 0)
    }

    /// A bit of set 2 for a move that is not plain: equal for moves with the same base.
    fn digest(&self, m: &Move) -> usize {
        let caps = self.out.pair(*m).side_captures();
        let h = caps
            .iter()
            .fold(m.to.index() * 8 + m.kind() as usize, |h, s| {
                h.wrapping_mul(0x9E37_79B9).wrapping_add(s.index())
            });
        h.wrapping_mul(0x9E37_79B9) % (WORDS * 64)
    }

    /// Whether the piece has no move yet with this effect without promotion / with promotion.
    fn fresh_slow(&self, m: &Move) -> (bool, bool) {
        let out = &*self.out;
        let m = out.pair(*m);
        let earlier = || {
            (self.start..out.len())
                .map(|i| out.get(i))
                .filter(|x| x.same_base(m))
        };
        (
            !earlier().any(|x| x.promotion().is_none()),
            !earlier().any(|x| x.promotion().is_some()),
        )
    }

    /// Whether the move fires one of the variant's promotion triggers.
    #[inline]
    fn fires(&self, to: Square, capture: bool, stops: &[Square]) -> bool {
        let t = self.t;
        let ty = self.mover.piece_type();
        if !t.can_promote[usize::from(ty.0)] {
            return false;
        }
        let zone = t.zone.get(self.mover.player());
        let mid_in = stops.iter().any(|s| zone[s.index()]);
        t.spec
            .rules
            .promotion
            .fires(zone[self.from.index()], zone[to.index()], mid_in, capture)
    }

    /// Pushes the move with every promotion choice the rules give it: the promoted choices when
    /// `fires` and `promoted` allows, the plain move when the rules do not force a promotion
    /// and `plain` allows. Returns what was pushed: `[plain, promoted]`.
    fn promote(&mut self, m: Move, fires: bool, plain: bool, promoted: bool) -> [bool; 2] {
        if !fires {
            if plain {
                self.out.push(m);
            }
            return [plain, false];
        }
        let (choices, may_stay) = self.t.promotion_choices(self.pt, self.mover, m.to);
        if promoted {
            for &c in choices {
                let mut p = m;
                p.set_promotion(Some(c));
                self.out.push(p);
            }
        }
        let plain = plain && may_stay;
        if plain {
            self.out.push(m);
        }
        [plain, promoted]
    }
}

/// Where the simple paths' moves go: straight to the list, or through a [`MoveSink`].
trait SimpleOut {
    /// A move of a simple path (nothing removed on the way) that the stage wants.
    fn push_simple(&mut self, m: Move, capture: bool);
    /// An e.p. capture of a simple path.
    fn push_ep(&mut self, m: &FullMove);
    /// The quiet moves of a monotonic ray to the squares of `to` (occupancy bits, a board of
    /// up to 64 squares), in ray order: lowest first when `ascending`.
    fn push_quiet_bits(&mut self, from: Square, to: u64, ascending: bool, creates_ep: bool);
}

impl SimpleOut for MoveList {
    #[inline]
    fn push_simple(&mut self, m: Move, _capture: bool) {
        self.push(m);
    }

    fn push_ep(&mut self, m: &FullMove) {
        let m = self.intern(m);
        self.push(m);
    }

    #[inline]
    fn push_quiet_bits(&mut self, from: Square, to: u64, ascending: bool, creates_ep: bool) {
        self.push_bits(from, to, ascending, creates_ep);
    }
}

impl SimpleOut for MoveSink<'_> {
    /// Pushed without the promotion and duplicate tests when the piece needs neither, or
    /// when it deduplicates nothing and the move neither starts nor ends in the zone (every
    /// promotion trigger needs one of them).
    #[inline]
    fn push_simple(&mut self, m: Move, capture: bool) {
        let outside = !self.from_in && !self.zone.get(m.to.index()).copied().unwrap_or(false);
        if self.direct || self.seen.is_empty() && outside {
            self.out.push(m);
        } else {
            self.add(m, capture, &[], true);
        }
    }

    fn push_ep(&mut self, m: &FullMove) {
        let m = self.out.intern(m);
        self.add(m, true, &[], false);
    }

    fn push_quiet_bits(&mut self, from: Square, to: u64, ascending: bool, creates_ep: bool) {
        if self.direct {
            self.out.push_bits(from, to, ascending, creates_ep);
            return;
        }
        let mut rest = to;
        while rest != 0 {
            let b = nearest(rest, ascending);
            rest ^= 1 << b;
            let mut m = Move::new(from, Square(b as u16));
            m.set_creates_ep(creates_ep);
            self.add(m, false, &[], true);
        }
    }
}

impl Sink for MoveSink<'_> {
    fn end(&mut self, e: PathEnd<'_>) -> bool {
        // A `choose` burner's XBetza burn legs are left to the burn clause (`crate::rules`).
        if !e.victims.is_empty() && self.t.rules.is_burn_leg_end(self.mover, self.from, &e) {
            return false;
        }
        if !self.stage.wants(e.dest_capture || !e.victims.is_empty()) {
            return false;
        }
        let mut m = Move::new(self.from, e.to);
        // A locust victim that is also the destination is the destination's capture.
        let side = |&&v: &&Square| v != e.to || e.to == self.from;
        if e.victims.iter().any(|v| side(&v)) {
            let mut full = FullMove::from(m);
            for &v in e.victims.iter().filter(side) {
                if !full.push_capture(v) {
                    return false;
                }
            }
            m = self.out.intern(&full);
        }
        if let Some(u) = e.unload {
            m.set_kind(MoveKind::Unload);
            m.aux = u;
        }
        m.set_creates_ep(e.creates_ep);
        let capture = e.dest_capture || !e.victims.is_empty();
        self.add(m, capture, e.stops, !e.en_passant);
        false
    }
}

/// [`nearest`] for a non-empty `hit`, with no branch on the direction: a piece's rays
/// alternate directions, which a branch predictor misses half the time. Both ends are
/// computed and one is selected (a `cmov`: callgrind counts no branch more than
/// `std::hint::select_unpredictable`, which the browser build's Rust 1.85 lacks).
#[inline(always)]
fn nearest_either(hit: u64, ascending: bool) -> u32 {
    let (low, high) = (hit.trailing_zeros(), 63 ^ hit.leading_zeros());
    if ascending { low } else { high }
}

/// The fewest pieces of a side's king-line classes (`CaptureNear::LINE` on) for which the
/// captures stage tests the king lines at once ([`Position::near_takers`]): below, walking
/// those the test would decide costs less.
const LINE_TEST_MIN: u32 = 6;

impl Position {
    /// Appends the pseudo-legal moves of the side to move (none once the game is decided:
    /// [`Position::decided`]).
    pub fn pseudo_legal_moves(&self, out: &mut MoveList) {
        self.pseudo_moves_of(out, Gen::All);
    }

    /// Appends the pseudo-legal moves of the side to move that `stage` asks for. Burns can make
    /// any move a capture, so a variant with burns generates every move and sorts them after.
    fn pseudo_moves_of(&self, out: &mut MoveList, stage: Gen) {
        let t = &*self.tables;
        let side = self.side;
        if self.decided().is_some() {
            return;
        }
        let start = out.len();
        let piece_gen = if t.rules.has_burns() { Gen::All } else { stage };
        if self.board.len() > 64 {
            self.table_pieces_moves(side, piece_gen, out);
        } else {
            match piece_gen {
                Gen::All => self.pieces_moves::<true, true>(side, out),
                Gen::Captures => self.pieces_moves::<false, true>(side, out),
                Gen::Quiets => self.pieces_moves::<true, false>(side, out),
            }
        }
        if t.rules.has_burns() {
            self.apply_burns(out, start);
            if stage != Gen::All {
                out.retain_from(start, |m| stage.wants(self.removes_piece(m)));
            }
        }
        self.apply_explosions(out, start);
        if !t.drops.gates.first.is_empty() {
            self.gating_moves(out, start);
        }
        if stage == Gen::Captures {
            return;
        }
        if t.drops.free {
            self.drop_moves(out);
        }
        if !t.spec.rules.passing.anytime.is_empty() {
            self.anytime_passes(out);
        }
        if t.multi_leg || !t.spec.rules.passing.anytime.is_empty() {
            self.filter_passes(out, start);
        }
    }

    /// The moves of the pieces of `side` that `stage` asks for, each through its tables: on a
    /// board over 64 squares, where the forced inlining of the small-board path
    /// ([`Position::pieces_moves`]) costs more than it saves. The captures stage walks only
    /// the pieces that [`Position::near_takers`] finds, when the board has a grid.
    fn table_pieces_moves(&self, side: Player, stage: Gen, out: &mut MoveList) {
        let t = &*self.tables;
        let freezing = !t.rules.freezes.is_empty();
        if stage == Gen::Captures
            && let Some(cn) = &t.capture_near
        {
            for (w, &word) in self.near_takers(cn, side).iter().enumerate() {
                for i in bit_indices(word) {
                    let s = Square((w * 64 + i) as u16);
                    self.table_piece_moves(s, freezing, stage, out);
                }
            }
            return;
        }
        for s in self.squares_of(side) {
            self.table_piece_moves(s, freezing, stage, out);
        }
    }

    /// The moves of the piece of the side to move on `s` that `stage` asks for (none when it is
    /// frozen); in the captures stage, none when it certainly takes nothing.
    #[inline(always)]
    fn table_piece_moves(&self, s: Square, freezing: bool, stage: Gen, out: &mut MoveList) {
        let Some((c, pt)) = self.movable_piece(s, freezing) else {
            return;
        };
        if stage == Gen::Captures
            && !(self.may_capture(pt, s, c) && self.simple_capture_open(pt, s, c.player()))
        {
            return;
        }
        self.table_moves_of(pt, s, c, out, stage);
    }

    /// The squares of the pieces of `side` that may take something by their
    /// [`CaptureNear::class`]: not those with no capture, nor those whose captures reach one or
    /// two king steps with no enemy that near; those along king lines with no enemy near
    /// enough for their other captures as the king-line test finds. A tight pass over the
    /// pieces before any is looked at further (most take nothing). The king-line test
    /// ([`CaptureNear::line_seers`]) costs more than walking a few pieces: it runs only when
    /// the side has at least [`LINE_TEST_MIN`] pieces of those classes.
    #[inline]
    fn near_takers(&self, cn: &CaptureNear, side: Player) -> [u64; 4] {
        let words = |b: &[u64]| std::array::from_fn(|i| b.get(i).copied().unwrap_or(0));
        let theirs: [u64; 4] = words(&self.side_occ.get(side.opponent()).0);
        let one = cn.widen(theirs);
        let near = [one, cn.widen(one)];
        let ours = &self.side_occ.get(side).0;
        let (mut takers, mut liners) = ([0u64; 4], [0u64; 4]);
        // Pieces of the king-line classes, near an enemy or not: only whether to test.
        let mut counts = [0u32; CaptureNear::CLASSES];
        for w in 0..cn.words.min(4) {
            let mut bits = ours.get(w).copied().unwrap_or(0);
            // The pieces gathered by class without a branch (which pieces take is close to
            // random to a predictor), then the classes combined with the near squares.
            let mut by_class = [0u64; CaptureNear::CLASSES];
            while bits != 0 {
                let (i, lowest) = (bits.trailing_zeros() as usize, bits & bits.wrapping_neg());
                bits ^= lowest;
                let c = self.board.get(w * 64 + i).copied().unwrap_or(Cell::EMPTY);
                let class = cn
                    .class
                    .get(usize::from(c.0))
                    .copied()
                    .unwrap_or(CaptureNear::TAKES);
                by_class[usize::from(class) % CaptureNear::CLASSES] |= lowest;
                counts[usize::from(class) % CaptureNear::CLASSES] += 1;
            }
            let class = |k: u8| by_class[usize::from(k)];
            let one = class(CaptureNear::NEAR_ONE) | class(CaptureNear::LINE_NEAR_ONE);
            let two = class(CaptureNear::NEAR_TWO) | class(CaptureNear::LINE_NEAR_TWO);
            let line = class(CaptureNear::LINE)
                | class(CaptureNear::LINE_NEAR_ONE)
                | class(CaptureNear::LINE_NEAR_TWO);
            takers[w] = class(CaptureNear::TAKES) | one & near[0][w] | two & near[1][w];
            liners[w] = line & !takers[w];
        }
        let lines = (CaptureNear::LINE..CaptureNear::CLASSES as u8)
            .map(|k| counts[usize::from(k)])
            .sum::<u32>();
        if lines >= LINE_TEST_MIN {
            let seers = cn.line_seers(&theirs, &words(&self.occ.0));
            for (l, s) in liners.iter_mut().zip(seers) {
                *l &= s;
            }
        }
        std::array::from_fn(|w| takers[w] | liners[w])
    }

    /// False when the piece of table `pt` on `from` certainly has no capture: no tree root
    /// starts there, no e.p. capture is open, and the first piece on each of its simple rays
    /// (and each square of its leaps) is nothing it may take. Read square by square before
    /// the piece's sink is set up, as most pieces of a large board's captures stage take
    /// nothing. Initial-only and lame gates are ignored: a gated entry is only looked at more.
    #[inline]
    fn simple_capture_open(&self, pt: &PieceTable, from: Square, me: Player) -> bool {
        let at = pt.moves_at[from.index()];
        if at.has(SquareMoves::ROOTS) || pt.takes_ep && self.ep.n > 0 {
            return true;
        }
        pt.simple[at.simple as usize..at.end as usize]
            .iter()
            .any(|r| self.simple_entry_takes(r, pt, me))
    }

    /// Whether the simple entry `r` of `pt` reaches a piece it may take (gates aside).
    #[inline]
    fn simple_entry_takes(&self, r: &SimpleMoves, pt: &PieceTable, me: Player) -> bool {
        if self.ray_closed::<false, true>(r, me) {
            return false;
        }
        let (off, len) = (r.off as usize, usize::from(r.len));
        if r.has(SimpleMoves::LEAPS) {
            return pt.leap_squares[off..off + len].iter().any(|s| {
                let target = self.board[s.index()];
                target.is_piece() && target.player() != me
            });
        }
        let t = &*self.tables;
        for s in &t.rays[off..off + len] {
            let target = self.board[s.index()];
            if !target.is_empty() {
                return target.is_piece() && t.removable(me, target, r.modes);
            }
        }
        false
    }

    /// The moves of the pieces of `side` that the stage (`QUIETS`, `CAPTURES`) asks for, on a
    /// board of up to 64 squares, with a body per stage: a piece whose square has only simple
    /// paths and no castling the stage wants (most pieces on most squares) goes straight to
    /// its simple moves, inlined here. The captures stage walks only the pieces that
    /// [`Position::capturing_pieces`] finds.
    #[inline]
    fn pieces_moves<const QUIETS: bool, const CAPTURES: bool>(
        &self,
        side: Player,
        out: &mut MoveList,
    ) {
        let t = &*self.tables;
        let stage = match (QUIETS, CAPTURES) {
            (true, true) => Gen::All,
            (false, _) => Gen::Captures,
            (true, false) => Gen::Quiets,
        };
        let freezing = !t.rules.freezes.is_empty();
        let targets = self.capture_targets(side);
        // With no target at all (no enemy left) a piece under `TAKES_ANY` may still destroy a
        // friend: every piece is walked.
        let pieces = if QUIETS || targets == 0 {
            self.side_occ.get(side).0[0]
        } else {
            self.capturing_pieces(side, targets)
        };
        for s in bit_indices(pieces) {
            let c = self.board[s];
            let s = Square(s as u16);
            if freezing && self.is_frozen(s, c) {
                continue;
            }
            let at = t.small_moves_at(c, s.index());
            if at.has(SquareMoves::SINK) || QUIETS && at.has(SquareMoves::CASTLES) {
                self.table_moves_of(t.piece(c.piece_type(), side), s, c, out, stage);
                continue;
            }
            let virgin = at.has(SquareMoves::FIRST_MOVES) && self.first_moves_open(s, c);
            let simple = at.simple as usize..at.end as usize;
            self.small_simple_moves::<QUIETS, CAPTURES>(simple, s, side, virgin, targets, out);
        }
    }

    /// The squares of the pieces of `side` that the captures stage walks, on a board of up to
    /// 64 squares: those with a capture target (`targets`, [`Position::capture_targets`])
    /// where they may take (`targets` not empty). A tight first pass: most pieces have none.
    #[inline]
    fn capturing_pieces(&self, side: Player, targets: u64) -> u64 {
        let ours = self.side_occ.get(side).0[0];
        // A board of exactly 64 squares is read with no bounds test a piece.
        match <&[Cell; 64]>::try_from(&self.board[..]) {
            Ok(board) => self.pieces_taking(board, ours, targets),
            Err(_) => self.pieces_taking(&self.board, ours, targets),
        }
    }

    /// [`Position::capturing_pieces`] among the pieces `ours`, their cells read from `board`
    /// (the position's: inlined, a board of known length needs no bounds test).
    #[inline(always)]
    fn pieces_taking(&self, board: &[Cell], ours: u64, targets: u64) -> u64 {
        let t = &*self.tables;
        let mut pieces = 0;
        let mut bits = ours;
        while bits != 0 {
            let s = bits.trailing_zeros() as usize % 64;
            bits &= bits - 1;
            let takes = t.small_takes(board[s], s) & targets != 0;
            pieces |= u64::from(takes) << s;
        }
        pieces
    }

    /// On a board of up to 64 squares, the squares where a capture of `side` may land: its
    /// enemies and the e.p. squares.
    #[inline]
    fn capture_targets(&self, side: Player) -> u64 {
        let ep = self.ep.squares().iter().fold(0, |b, s| b | 1 << s.index());
        self.side_occ.get(side.opponent()).0[0] | ep
    }

    /// The piece on `s` (one of the side to move's) and its table, unless it is frozen
    /// (`freezing`: the game has freezers): the large-board piece loop's start.
    #[inline(always)]
    fn movable_piece(&self, s: Square, freezing: bool) -> Option<(Cell, &PieceTable)> {
        let c = self.board[s.index()];
        if freezing && self.is_frozen(s, c) {
            return None;
        }
        Some((c, self.tables.piece(c.piece_type(), c.player())))
    }

    /// False when the piece `c` on `from` (a board over 64 squares) has no capture (and no e.p.
    /// capture is open): no enemy within its capture reach, or a friend on the first square of
    /// each of its capturing paths. The captures stage skips it unwalked (on smaller boards,
    /// [`Tables::small_takes`] tells).
    /// Forced inline: with four callers (a piece loop per stage and the table loop) LLVM
    /// stops inlining it, which costs the large boards a call a piece.
    #[inline(always)]
    fn may_capture(&self, pt: &PieceTable, from: Square, c: Cell) -> bool {
        if pt.takes_ep && self.ep.n > 0 {
            return true;
        }
        if let Some(w) = pt.capture_windows.get(from.index()) {
            let i = w.word as usize;
            if w.reach_fits {
                let enemy = &self.side_occ.get(c.player().opponent()).0[i..i + 2];
                if w.reach[0] & enemy[0] | w.reach[1] & enemy[1] == 0 {
                    return false;
                }
            }
            if w.first_fits {
                let mine = &self.side_occ.get(c.player()).0[i..i + 2];
                if w.first[0] & !mine[0] | w.first[1] & !mine[1] == 0 {
                    return false;
                }
            }
            if w.reach_fits {
                return true;
            }
        }
        let Some(near) = pt.capture_reach else {
            return true;
        };
        if near == 0 {
            return false;
        }
        self.has_near(from, c.player().opponent(), near)
    }

    /// Appends the moves of the piece on `sq` by its tables alone, whoever is to move and
    /// whatever the royal and rule clauses say (no burns, freezing or check): the static
    /// mobility query behind the engine's piece values.
    pub fn piece_moves_unchecked(&self, sq: Square, out: &mut MoveList) {
        let c = self.board[sq.index()];
        if c.is_piece() {
            self.piece_moves(sq, c, out);
        }
    }

    /// A pass is one move whichever piece makes it; the variant may restrict passing.
    fn filter_passes(&self, out: &mut MoveList, start: usize) {
        let rules = &self.tables.spec.rules.passing;
        let after_pass = rules.not_after_pass && self.last_move_was_pass();
        let mut seen = false;
        out.retain_from(start, |m| {
            if !self.is_pass(m) {
                return true;
            }
            let piece = self.board[m.from.index()].piece_type();
            let allowed = !rules.forbidden
                && !after_pass
                && (rules.only.is_empty() || rules.only.contains(&piece));
            let keep = !seen && allowed;
            seen |= keep;
            keep
        });
    }

    /// Whether a simple path's first leg may start from `from`: an initial-only leg needs a
    /// piece that has not moved, a lame leap needs the squares it passes over empty.
    #[inline]
    pub(crate) fn first_leg_open(&self, leg: &CLeg, from: Square, virgin: bool) -> bool {
        if leg.modes.contains(Modes::INITIAL) && !virgin {
            return false;
        }
        if leg.between_n == 0 || !leg.modes.contains(Modes::LAME) {
            return true;
        }
        let n = usize::from(leg.between_n);
        let between = self.tables.ray(from, leg.between_vec);
        between.len() >= n
            && between[..n]
                .iter()
                .all(|s| self.board[s.index()].is_empty())
    }

    /// Whether a generated move removes a piece: side victims, or a piece on its destination
    /// (the moves of [`Gen::Captures`]).
    pub fn removes_piece(&self, m: &Move) -> bool {
        m.ncap() > 0
            || m.to != m.from && m.kind() != MoveKind::Castle && self.board[m.to.index()].is_piece()
    }

    /// Appends the pseudo-legal moves of the piece `c` standing on `from`.
    #[inline]
    pub(crate) fn piece_moves(&self, from: Square, c: Cell, out: &mut MoveList) {
        self.piece_moves_of(from, c, out, Gen::All);
    }

    /// Appends the pseudo-legal moves of the piece `c` standing on `from` that `stage` asks for.
    pub(crate) fn piece_moves_of(&self, from: Square, c: Cell, out: &mut MoveList, stage: Gen) {
        let pt = self.tables.piece(c.piece_type(), c.player());
        self.table_moves_of(pt, from, c, out, stage);
    }

    /// [`Position::piece_moves_of`] with the piece's table `pt` already looked up.
    fn table_moves_of(
        &self,
        pt: &PieceTable,
        from: Square,
        c: Cell,
        out: &mut MoveList,
        stage: Gen,
    ) {
        let at = pt.moves_at[from.index()];
        let virgin = at.has(SquareMoves::FIRST_MOVES) && self.first_moves_open(from, c);
        if at.has(SquareMoves::SINK) {
            let [_, b, e] = pt.start_index[from.index()];
            let roots = &pt.starts[b as usize..e as usize];
            self.sink_moves_of(pt, at, roots, from, c, virgin, out, stage);
        } else {
            // Only simple paths, no move to promote or to deduplicate: straight to the list.
            self.simple_moves_of(stage, pt, at, from, c.player(), virgin, out);
        }
        if virgin && at.has(SquareMoves::CASTLES) && stage != Gen::Captures {
            self.castling_moves(from, c, pt, out);
        }
    }

    /// [`Position::piece_moves_of`] through a [`MoveSink`], which promotes, deduplicates and
    /// walks the continuation tree: the simple paths' moves, then those of the tree `roots`
    /// (the square's entries of `starts` that begin one).
    #[allow(clippy::too_many_arguments)]
    fn sink_moves_of(
        &self,
        pt: &PieceTable,
        at: SquareMoves,
        roots: &[FirstLeg],
        from: Square,
        c: Cell,
        virgin: bool,
        out: &mut MoveList,
        stage: Gen,
    ) {
        let t = &*self.tables;
        let start = out.len();
        let mut seen_sets;
        let seen: &mut [[u64; WORDS]] = if pt.may_duplicate {
            seen_sets = [[0; WORDS]; 3];
            &mut seen_sets
        } else {
            &mut []
        };
        let zone = t.zone.get(c.player());
        let mut sink = MoveSink {
            t,
            pt,
            out,
            from,
            mover: c,
            start,
            direct: seen.is_empty() && !pt.promotes_from[from.index()],
            seen,
            zone,
            from_in: zone.get(from.index()).copied().unwrap_or(false),
            stage,
        };
        self.simple_moves_of(stage, pt, at, from, c.player(), virgin, &mut sink);
        if !roots.is_empty() {
            let board = &self.board[..];
            let mut walker = Walker::new(t, board, pt, from, c, &self.ep, virgin, &mut sink);
            walker.captures_only = stage == Gen::Captures;
            let quiets_only = stage == Gen::Quiets;
            for fl in roots {
                if quiets_only && (!fl.quiet || fl.passes_only && walker.sink.has_pass()) {
                    continue;
                }
                let ray =
                    &t.rays[fl.ray_off as usize..fl.ray_off as usize + usize::from(fl.ray_len)];
                walker.walk_tree(fl.path, ray);
            }
        }
    }

    /// The moves of the simple paths of `pt` from `from` (its entries `at`) that `stage` asks
    /// for, with a body per stage.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn simple_moves_of(
        &self,
        stage: Gen,
        pt: &PieceTable,
        at: SquareMoves,
        from: Square,
        me: Player,
        virgin: bool,
        out: &mut impl SimpleOut,
    ) {
        let simple = &pt.simple[at.simple as usize..at.end as usize];
        match stage {
            Gen::All => self.simple_moves::<true, true>(pt, simple, from, me, virgin, out),
            Gen::Captures => self.simple_moves::<false, true>(pt, simple, from, me, virgin, out),
            Gen::Quiets => self.simple_moves::<true, false>(pt, simple, from, me, virgin, out),
        }
    }

    /// The moves of the simple paths `simple` of `pt` from `from`, in path order: to empty
    /// squares when `QUIETS`, removing a piece when `CAPTURES`.
    #[inline]
    fn simple_moves<const QUIETS: bool, const CAPTURES: bool>(
        &self,
        pt: &PieceTable,
        simple: &[SimpleMoves],
        from: Square,
        me: Player,
        virgin: bool,
        out: &mut impl SimpleOut,
    ) {
        for r in simple {
            self.simple_entry::<QUIETS, CAPTURES>(r, pt, from, me, virgin, out);
        }
    }

    /// [`Position::simple_moves`] on a board of up to 64 squares, inlined with its leaps and
    /// rays into the piece loop ([`Position::pieces_moves`]): the entries `simple` of
    /// [`Tables::small_simple`], read without the piece's table. The captures stage skips the
    /// paths that cannot take anything of `targets` ([`Position::capture_targets`]), the
    /// quiets stage the paths that only capture.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn small_simple_moves<const QUIETS: bool, const CAPTURES: bool>(
        &self,
        simple: Range<usize>,
        from: Square,
        me: Player,
        virgin: bool,
        targets: u64,
        out: &mut impl SimpleOut,
    ) {
        let route =
            SimpleMoves::GATED | SimpleMoves::LEAPS | SimpleMoves::BITS | SimpleMoves::TAKES_EP;
        let t = &*self.tables;
        let first = simple.start;
        for (i, r) in t.small_simple[simple].iter().enumerate() {
            // A stage of its own skips the paths that give it nothing: a captures stage those
            // that cannot remove a piece, a quiets stage those that cannot move to an empty
            // square.
            if !QUIETS && !r.has(SimpleMoves::TAKES) || !CAPTURES && !r.modes.contains(Modes::MOVE)
            {
                continue;
            }
            // A captures stage's entry with no target on its squares gives nothing, unless it
            // may destroy a friend: most entries of a walked piece, skipped before the ray.
            if !QUIETS && r.mask & targets == 0 && !r.modes.contains(Modes::DESTROY) {
                continue;
            }
            // The common entry first, one test: a ray read from the occupancy bits.
            if r.flags & route == SimpleMoves::BITS {
                self.ray_moves_by_bits_inlined::<QUIETS, CAPTURES>(r, from, me, out);
                continue;
            }
            if r.has(SimpleMoves::GATED)
                && !self.small_gate_open(r, t.small_lame_bits[first + i], virgin)
            {
                continue;
            }
            self.small_entry::<QUIETS, CAPTURES>(r, from, me, out);
        }
    }

    /// [`Position::simple_entry`] on a board of up to 64 squares, forced inline with its leaps
    /// and bit rays (the small-board fast path, whose caller tests the gates).
    #[inline(always)]
    fn small_entry<const QUIETS: bool, const CAPTURES: bool>(
        &self,
        r: &SimpleMoves,
        from: Square,
        me: Player,
        out: &mut impl SimpleOut,
    ) {
        if self.ray_closed::<QUIETS, CAPTURES>(r, me) {
            return;
        }
        if r.has(SimpleMoves::LEAPS) {
            let leaps = &self.tables.small_leap_squares;
            self.leap_moves_by_bits::<QUIETS, CAPTURES>(r, leaps, from, me, out);
        } else if r.has(SimpleMoves::BITS) && !(r.has(SimpleMoves::TAKES_EP) && self.ep.n > 0) {
            self.ray_moves_by_bits_inlined::<QUIETS, CAPTURES>(r, from, me, out);
        } else {
            self.ray_moves::<QUIETS, CAPTURES>(r, from, me, out);
        }
    }

    /// [`Position::first_leg_open`] for the gated entry `r` on a board of up to 64 squares,
    /// whose lame leg passes over the squares `lame` ([`PieceTable::lame_bits`]): a bit test.
    #[inline(always)]
    fn small_gate_open(&self, r: &SimpleMoves, lame: u64, virgin: bool) -> bool {
        (virgin || !r.modes.contains(Modes::INITIAL)) && self.occ.0[0] & lame == 0
    }

    /// The moves of one simple path `r` of `pt` from `from` (the table path: its leaps and
    /// bit rays are left to LLVM to inline, as forcing them costs the large boards more than
    /// it saves).
    #[inline(always)]
    fn simple_entry<const QUIETS: bool, const CAPTURES: bool>(
        &self,
        r: &SimpleMoves,
        pt: &PieceTable,
        from: Square,
        me: Player,
        virgin: bool,
        out: &mut impl SimpleOut,
    ) {
        if self.ray_closed::<QUIETS, CAPTURES>(r, me) {
            return;
        }
        if r.has(SimpleMoves::GATED) && !self.first_leg_open(&pt.legs[r.leg as usize], from, virgin)
        {
            return;
        }
        if r.has(SimpleMoves::LEAPS) {
            self.leap_moves::<QUIETS, CAPTURES>(r, pt, from, me, out);
        } else if r.has(SimpleMoves::BITS) && !(r.has(SimpleMoves::TAKES_EP) && self.ep.n > 0) {
            self.ray_moves_by_bits::<QUIETS, CAPTURES>(r, from, me, out);
        } else {
            self.ray_moves::<QUIETS, CAPTURES>(r, from, me, out);
        }
    }

    /// Whether the simple ray `r` gives the stage nothing from its first square on: a friend
    /// stands there (or, for quiet moves only, any piece).
    #[inline]
    fn ray_closed<const QUIETS: bool, const CAPTURES: bool>(
        &self,
        r: &SimpleMoves,
        me: Player,
    ) -> bool {
        if !r.has(SimpleMoves::FIRST) {
            return false;
        }
        let c = self.board[r.first.index()];
        if CAPTURES {
            c.is_piece() && c.player() == me
        } else {
            !c.is_empty()
        }
    }

    /// The moves of a run of plain one-square leaps, in path order: to an empty square, or
    /// taking an enemy. On a board of up to 64 squares a run with no square the stage wants
    /// is skipped from the occupancy bits.
    #[inline]
    fn leap_moves<const QUIETS: bool, const CAPTURES: bool>(
        &self,
        r: &SimpleMoves,
        pt: &PieceTable,
        from: Square,
        me: Player,
        out: &mut impl SimpleOut,
    ) {
        if r.has(SimpleMoves::BITS) && !(QUIETS && CAPTURES) {
            let wanted = if QUIETS {
                !self.occ.0[0]
            } else {
                self.side_occ.get(me.opponent()).0[0]
            };
            if r.mask & wanted == 0 {
                return;
            }
        }
        for &s in &pt.leap_squares[r.off as usize..r.off as usize + usize::from(r.len)] {
            let target = self.board[s.index()];
            if target.is_empty() {
                if QUIETS {
                    out.push_simple(Move::new(from, s), false);
                }
            } else if CAPTURES && target.is_piece() && target.player() != me {
                out.push_simple(Move::new(from, s), true);
            }
        }
    }

    /// [`Position::leap_moves`] on a board of up to 64 squares (`BITS`), each square told by
    /// the occupancy bits (the small-board fast path): the squares are
    /// `leaps[r.off..r.off + r.len]` ([`Tables::small_leap_squares`]).
    #[inline(always)]
    fn leap_moves_by_bits<const QUIETS: bool, const CAPTURES: bool>(
        &self,
        r: &SimpleMoves,
        leaps: &[Square],
        from: Square,
        me: Player,
        out: &mut impl SimpleOut,
    ) {
        let free = !self.occ.0[0];
        let enemy = self.side_occ.get(me.opponent()).0[0];
        let wanted = match (QUIETS, CAPTURES) {
            (true, true) => !0,
            (true, false) => free,
            _ => enemy,
        };
        if r.mask & wanted == 0 {
            return;
        }
        for &s in &leaps[r.off as usize..r.off as usize + usize::from(r.len)] {
            let bit = 1 << s.index();
            if QUIETS && free & bit != 0 {
                out.push_simple(Move::new(from, s), false);
            } else if CAPTURES && enemy & bit != 0 {
                out.push_simple(Move::new(from, s), true);
            }
        }
    }

    /// The moves along a simple ray whose first piece the occupancy bits give (a board of up
    /// to 64 squares, no e.p. capture open to it): the empty squares before that piece, then
    /// its capture.
    #[inline]
    fn ray_moves_by_bits<const QUIETS: bool, const CAPTURES: bool>(
        &self,
        r: &SimpleMoves,
        from: Square,
        me: Player,
        out: &mut impl SimpleOut,
    ) {
        self.ray_moves_by_bits_inlined::<QUIETS, CAPTURES>(r, from, me, out);
    }

    /// [`Position::ray_moves_by_bits`], always inlined (the small-board fast path).
    #[inline(always)]
    fn ray_moves_by_bits_inlined<const QUIETS: bool, const CAPTURES: bool>(
        &self,
        r: &SimpleMoves,
        from: Square,
        me: Player,
        out: &mut impl SimpleOut,
    ) {
        let hit = r.mask & self.occ.0[0];
        let ascending = r.has(SimpleMoves::ASCENDING);
        if QUIETS && r.modes.contains(Modes::MOVE) {
            let free = if hit == 0 {
                r.mask
            } else {
                before(r.mask, nearest_either(hit, ascending), ascending)
            };
            out.push_quiet_bits(from, free, ascending, r.modes.contains(Modes::CREATES_EP));
        }
        // The first piece is taken only when it is an enemy (or a friend under `DESTROY`):
        // most rays that end on a piece end on a friend, told from the bits alone.
        let enemy = self.side_occ.get(me.opponent()).0[0];
        let takers = if r.modes.contains(Modes::DESTROY) {
            hit
        } else {
            hit & enemy
        };
        if CAPTURES && takers != 0 {
            let b = nearest_either(hit, ascending);
            // An enemy first piece is taken by any capturing leg, a friend only under
            // `DESTROY`: the board is read only for the rarer legs.
            let taken = if enemy & 1 << b != 0 {
                r.modes.contains(Modes::CAPTURE) || self.removable_at(me, b, r.modes)
            } else {
                r.modes.contains(Modes::DESTROY) && self.removable_at(me, b, r.modes)
            };
            if taken {
                out.push_simple(Move::new(from, Square(b as u16)), true);
            }
        }
    }

    /// Whether a leg of `modes` of `me` may remove the piece on square `b`.
    fn removable_at(&self, me: Player, b: u32, modes: Modes) -> bool {
        let target = self.board[b as usize];
        target.is_piece() && self.tables.removable(me, target, modes)
    }

    /// The moves along a simple ray, walked square by square: to its empty squares (with the
    /// e.p. captures onto them), then the capture of its first piece.
    #[inline]
    fn ray_moves<const QUIETS: bool, const CAPTURES: bool>(
        &self,
        r: &SimpleMoves,
        from: Square,
        me: Player,
        out: &mut impl SimpleOut,
    ) {
        let t = &*self.tables;
        let quiet = QUIETS && r.modes.contains(Modes::MOVE);
        let creates_ep = r.modes.contains(Modes::CREATES_EP);
        let takes_ep = CAPTURES && r.has(SimpleMoves::TAKES_EP) && self.ep.n > 0;
        for &s in &t.rays[r.off as usize..r.off as usize + usize::from(r.len)] {
            let target = self.board[s.index()];
            if target.is_empty() {
                if quiet {
                    let mut m = Move::new(from, s);
                    if creates_ep {
                        m.set_creates_ep(true);
                    }
                    out.push_simple(m, false);
                }
                if takes_ep && let Some(m) = self.ep_capture(r.modes, from, s, me) {
                    out.push_ep(&m);
                }
                continue;
            }
            if CAPTURES && target.is_piece() && t.removable(me, target, r.modes) {
                out.push_simple(Move::new(from, s), true);
            }
            break;
        }
    }

    /// Appends the castling moves of the piece `c` on `from` (table `pt`) that are open now:
    /// the partner in place and unmoved, the squares between empty, and the squares the rules
    /// keep out of check safe. The board tests come first, forced inline: almost every
    /// castling move fails them, and only the rest pays for the attack tests' call.
    #[inline(always)]
    pub(crate) fn castling_moves(
        &self,
        from: Square,
        c: Cell,
        pt: &PieceTable,
        out: &mut MoveList,
    ) {
        let Some(list) = pt.castling.get(from.index()) else {
            return;
        };
        for castle in list {
            let partner = self.board[castle.partner.index()];
            if !partner.is_piece()
                || partner.player() != c.player()
                || !self.virgin[castle.partner.index()]
                || castle.typed && !self.tables.is_castle_partner(partner)
            {
                continue;
            }
            if castle
                .empty
                .iter()
                .any(|s| !self.board[s.index()].is_empty())
            {
                continue;
            }
            if !self.castle_safe(castle, c) {
                continue;
            }
            let mut m = Move::new(from, castle.to);
            m.set_kind(MoveKind::Castle);
            m.aux = castle.partner;
            m.aux2 = castle.partner_to;
            out.push(m);
        }
    }

    /// Whether the squares of `castle` that must not be attacked are safe for the castler `c`
    /// (under `castling safe royal-only`, only a royal castler the rules keep out of check
    /// needs them safe).
    #[inline(never)]
    fn castle_safe(&self, castle: &CCastle, c: Cell) -> bool {
        let enemy = c.player().opponent();
        let royal = self.tables.cell_is_royal(c);
        let shielded = |s: Square| royal && self.blast_shielded(s, c.player());
        let must_be_safe = !self.tables.spec.rules.castling_safe_royal_only
            || royal && self.tables.strategy.legality.checks_royals();
        !must_be_safe
            || !castle
                .safe
                .iter()
                .any(|&s| self.is_attacked_as(s, enemy, c) && !shielded(s))
    }

    /// The e.p. capture of a simple leg with `modes` from `from` onto the empty square `s`:
    /// some when the leg may take e.p., `s` is an e.p. square of the last move, and its victim
    /// is an enemy of `player`.
    pub(crate) fn ep_capture(
        &self,
        modes: Modes,
        from: Square,
        s: Square,
        player: Player,
    ) -> Option<FullMove> {
        if !modes.contains(Modes::EN_PASSANT) || self.ep.n == 0 || !self.ep.squares().contains(&s) {
            return None;
        }
        let victim = self.board[self.ep.victim.index()];
        (victim.is_piece() && victim.player() != player).then(|| {
            let mut m = FullMove::from(Move::new(from, s));
            m.push_capture(self.ep.victim);
            m
        })
    }

    /// Replaces `out` with the legal moves of the side to move.
    pub fn legal_moves(&mut self, out: &mut MoveList) {
        out.clear();
        if self.tables.strategy.legality.evades() {
            let buffers = std::mem::take(&mut self.watch);
            let sc = self.shortcut(buffers);
            self.legal_moves_with(&sc, out);
            self.watch = sc.buffers();
        } else {
            self.pseudo_legal_moves(out);
            self.keep_legal(out);
        }
        self.pass_when_stuck(out);
    }

    /// `pass when-stuck`: with no legal move and not in check, the side's first piece passes.
    fn pass_when_stuck(&self, out: &mut MoveList) {
        if !out.is_empty() || !self.tables.spec.rules.passing.when_stuck || self.in_check() {
            return;
        }
        let side = self.side;
        if let Some(i) = self
            .board
            .iter()
            .position(|c| c.is_piece() && c.player() == side)
        {
            let sq = Square(i as u16);
            out.push(crate::moves::Move::new(sq, sq));
        }
    }

    /// Replaces `out` with the legal moves of the side to move that `stage` asks for: a search's
    /// staged generation (captures first, quiet moves only when it needs them). The rule and
    /// royal-safety tests run on those moves alone.
    pub fn legal_moves_of(&mut self, out: &mut MoveList, stage: Gen) {
        let rules = &self.tables.spec.rules;
        if stage == Gen::All || rules.compulsory() || rules.passing.when_stuck {
            // Under compulsory capture a quiet move is legal only when no capture is (a move
            // only when no drop is, under compulsory drops), and a pass when stuck only when
            // no move is.
            self.legal_moves(out);
            if stage != Gen::All {
                self.retain(out, |p, m| stage.wants(p.removes_piece(&m)));
            }
            return;
        }
        out.clear();
        self.pseudo_moves_of(out, stage);
        self.keep_legal(out);
    }

    /// As [`Position::legal_moves_of`] for a search, which plays few of the moves it
    /// generates: when the only test left is that the mover's royals stay safe, the test is
    /// left to the moves played, and the answer is true; then a move of `out` is legal only
    /// when [`Position::mover_royals_safe`] holds after it is made. Otherwise `out` holds the
    /// legal moves, and the answer is false. In check, and where baring back or facing royals
    /// look at every move, the list is always legal.
    pub fn search_moves_of(&mut self, out: &mut MoveList, stage: Gen) -> bool {
        if stage == Gen::All || !self.royal_test_deferrable() {
            self.legal_moves_of(out, stage);
            return false;
        }
        out.clear();
        self.pseudo_moves_of(out, stage);
        if self.tables.rules.legal_filter {
            self.filter_rule_moves_of(out, stage);
        }
        true
    }

    /// The promotions among the moves of [`Position::search_moves_of`]`(out, Gen::Quiets)`,
    /// in the same order, found by walking only the pieces that can promote: a search that
    /// prunes every quiet move but the promotions needs no other. As there, `Some(true)`: each
    /// move still needs [`Position::mover_royals_safe`] once made. `None` (`out` left
    /// undefined) when only the whole stage can tell: the royal-safety test is not left to the
    /// moves played, or burns make quiet moves captures.
    pub fn search_quiet_promotions(&mut self, out: &mut MoveList) -> Option<bool> {
        if !self.royal_test_deferrable() || self.tables.rules.has_burns() {
            return None;
        }
        out.clear();
        if self.decided().is_none() {
            let t = &*self.tables;
            let freezing = !t.rules.freezes.is_empty();
            for s in self.squares_of(self.side) {
                let c = self.board[s.index()];
                if t.piece(c.piece_type(), c.player()).promotes_from[s.index()]
                    && !(freezing && self.is_frozen(s, c))
                {
                    self.piece_moves_of(s, c, out, Gen::Quiets);
                }
            }
            self.apply_explosions(out, 0);
        }
        // A promotion is never a pass, which the stage keeps one of, so the other pieces'
        // moves change nothing of this list.
        out.retain_from(0, |m| m.promotion().is_some());
        if self.tables.rules.legal_filter {
            self.filter_rule_moves_of(out, Gen::Quiets);
        }
        Some(true)
    }

    /// Whether [`Position::keep_legal`] would only test the royals' safety move by move.
    fn royal_test_deferrable(&self) -> bool {
        let t = &self.tables;
        t.strategy.legality.checks_royals()
            && !t.spec.rules.results.bare_royal_loses
            && !t.spec.rules.compulsory()
            && !t.spec.rules.passing.when_stuck
            && !self.must_break_facing()
            // An explosion that takes an enemy royal is legal whatever it exposes.
            && t.rules.explosion.is_none()
            // The moves are copied per blocker square once they are known legal.
            && t.rules.wall.is_none()
    }

    /// After a move from [`Position::search_moves_of`] is made: whether it left the mover's
    /// royals safe (the test `Position::keep_legal` makes before the move).
    pub fn mover_royals_safe(&self) -> bool {
        let mover = self.side.opponent();
        self.royals_safe(mover, self.royals.get(mover).squares())
    }

    /// Replaces `out` with the legal moves that `keep` accepts of the side to move's piece on
    /// `from` (none when no piece of the side to move stands there, or it is frozen): a search
    /// tries the move its transposition table remembers before it generates the others. The
    /// rule and royal-safety tests run only on the moves `keep` lets through.
    pub fn legal_moves_from(
        &mut self,
        from: Square,
        out: &mut MoveList,
        keep: impl Fn(&Position, MoveRef<'_>) -> bool,
    ) {
        out.clear();
        let c = self.board[from.index()];
        if self.decided().is_some() || !c.is_piece() || c.player() != self.side {
            return;
        }
        if self.tables.spec.rules.compulsory() {
            // Whether a quiet move is legal depends on every other piece's captures (or
            // every drop).
            self.legal_moves(out);
            self.retain(out, |p, m| m.from == from && keep(p, m));
            return;
        }
        if !self.pseudo_moves_from(from, c, out) {
            return;
        }
        if self.tables.rules.wall.is_some() {
            // `keep` names a move with its blocker: only the copies have one.
            self.keep_legal(out);
            self.retain(out, |p, m| keep(p, m));
            return;
        }
        self.retain(out, |p, m| keep(p, m));
        self.keep_legal(out);
    }

    /// As [`Position::legal_moves_from`] for a search, as [`Position::search_moves_of`] is
    /// for a stage: `true` when the royals' safety is left to the move once it is made
    /// ([`Position::mover_royals_safe_after`]), most hash moves and killers being played
    /// only once; `false` when `out` holds legal moves.
    pub fn search_moves_from(
        &mut self,
        from: Square,
        out: &mut MoveList,
        keep: impl Fn(&Position, MoveRef<'_>) -> bool,
    ) -> bool {
        if !self.royal_test_deferrable() {
            self.legal_moves_from(from, out, keep);
            return false;
        }
        out.clear();
        let c = self.board[from.index()];
        if self.decided().is_some() || !c.is_piece() || c.player() != self.side {
            return false;
        }
        if !self.pseudo_moves_from(from, c, out) {
            return false;
        }
        self.retain(out, |p, m| keep(p, m));
        if self.tables.rules.legal_filter {
            self.filter_rule_moves(out);
        }
        true
    }

    /// The pseudo-legal moves of the piece `c` of the side to move on `from` into `out`
    /// (empty): false, and none, when it is frozen.
    fn pseudo_moves_from(&mut self, from: Square, c: Cell, out: &mut MoveList) -> bool {
        let t = &*self.tables;
        if !t.rules.freezes.is_empty() && self.is_frozen(from, c) {
            return false;
        }
        self.piece_moves_of(from, c, out, Gen::All);
        if t.rules.has_burns() {
            self.apply_burns(out, 0);
        }
        self.apply_explosions(out, 0);
        if !t.drops.gates.first.is_empty() {
            self.gating_moves(out, 0);
        }
        if t.multi_leg || !t.spec.rules.passing.anytime.is_empty() {
            self.filter_passes(out, 0);
        }
        true
    }

    /// Under [`Legality::Evasions`](crate::strategy::Legality::Evasions), the legal moves with
    /// the node's shortcut: the check-evasion generator when the shortcut is off (the side to move is in check),
    /// otherwise every pseudo-legal move through the shortcut's filter.
    pub(crate) fn legal_moves_with(&mut self, sc: &Shortcut, out: &mut MoveList) {
        if sc.enabled() || !self.evasion_moves(out) {
            self.pseudo_legal_moves(out);
            self.filter_legal(sc, out);
        }
    }

    /// The legal moves that `keep` accepts (a search's captures-only generation): the rule and
    /// royal-safety tests run only on the pseudo-legal moves `keep` lets through.
    pub fn legal_moves_where(
        &mut self,
        out: &mut MoveList,
        keep: impl Fn(&Position, MoveRef<'_>) -> bool,
    ) {
        out.clear();
        // Under `wall`, `keep` sees the moves with their blockers.
        if self.tables.spec.rules.compulsory() || self.tables.rules.wall.is_some() {
            self.legal_moves(out);
            self.retain(out, |p, m| keep(p, m));
            return;
        }
        self.pseudo_legal_moves(out);
        self.retain(out, |p, m| keep(p, m));
        self.keep_legal(out);
    }

    /// Keeps the moves of `out` that `keep` accepts, in their order.
    fn retain(
        &mut self,
        out: &mut MoveList,
        mut keep: impl FnMut(&mut Position, MoveRef<'_>) -> bool,
    ) {
        let mut kept = 0;
        for i in 0..out.len() {
            if keep(self, out.get(i)) {
                out.set(kept, out.at(i));
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    /// Removes the pseudo-legal moves the rules or the win condition forbid.
    pub(crate) fn keep_legal(&mut self, out: &mut MoveList) {
        self.keep_safe(out);
        if self.tables.spec.rules.captures_compulsory
            && (0..out.len()).any(|i| self.removes_piece(&out.at(i)))
        {
            self.retain(out, |p, m| p.removes_piece(&m));
        }
        if self.tables.spec.rules.drops.must_drop {
            self.keep_compulsory_drops(out);
        }
        if self.tables.rules.wall.is_some() {
            self.place_walls(out);
        }
    }

    /// Removes the pseudo-legal moves the rule filters or the win condition forbid.
    fn keep_safe(&mut self, out: &mut MoveList) {
        if self.tables.rules.legal_filter {
            self.filter_rule_moves(out);
        }
        if !self.tables.strategy.legality.checks_royals() {
            return;
        }
        if self.must_break_facing() {
            self.keep_breaking_facing(out);
            return;
        }
        if out.len() <= FEW_MOVES || self.tables.rules.explosion.is_some() {
            // Building the node's shortcut costs more than testing a few moves in full; the
            // shortcut knows nothing of explosions (a royal shielded by an enemy royal, an
            // explosion that wins).
            self.retain_legal_pseudo(out);
            return;
        }
        let buffers = std::mem::take(&mut self.watch);
        let sc = self.shortcut(buffers);
        self.filter_legal(&sc, out);
        self.watch = sc.buffers();
    }

    /// Keeps the pseudo-legal moves that leave the royals safe, each tested in full.
    fn retain_legal_pseudo(&mut self, out: &mut MoveList) {
        self.retain(out, |p, m| p.is_legal_pseudo(m));
    }

    /// Keeps the pseudo-legal moves that leave the royals safe, as the shortcut decides them.
    fn filter_legal(&mut self, sc: &Shortcut, out: &mut MoveList) {
        let mut kept = 0;
        for i in 0..out.len() {
            // Most moves are settled from the compact move alone and kept where they stand.
            let m = out.at(i);
            if self.keeps_royals_safe(sc, out, m) {
                if kept != i {
                    out.set(kept, m);
                }
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    /// `facing-royals must-break` with the royals facing: a pass is legal even in check, any
    /// other move must leave the royals safe and no longer facing.
    fn keep_breaking_facing(&mut self, out: &mut MoveList) {
        self.facing_check = true;
        self.retain(out, |p, m| p.is_pass(&m) || p.is_legal_pseudo(m));
        self.facing_check = false;
    }

    /// The legal moves as owned values (outside the move loop: a list reused per ply is
    /// [`Position::legal_moves`]).
    pub fn moves(&mut self) -> Vec<FullMove> {
        let mut out = MoveList::new();
        self.legal_moves(&mut out);
        out.to_vec()
    }

    /// For a pseudo-legal move: whether the win condition allows it.
    pub(crate) fn is_legal_pseudo(&mut self, m: MoveRef<'_>) -> bool {
        let t = &self.tables;
        if !t.strategy.legality.checks_royals() {
            return true;
        }
        if t.rules.explosion.is_some() && self.explodes_enemy_royal(m) {
            return true;
        }
        let me = self.side;
        let mut saved = [(Square(0), Cell::EMPTY); MAX_CAPTURES + 5];
        let n = self.apply_cells(m, &mut saved);
        let royals = self.royals_after(m, me);
        let ok = self.royals_safe(me, royals.squares());
        for &(sq, c) in saved[..n].iter().rev() {
            self.set_raw(sq, c);
        }
        ok
    }

    /// Plays a move on the board cells only (no hash, counts or history), recording each
    /// changed cell in `saved` so the caller can put them back in reverse order.
    pub(crate) fn apply_cells(&mut self, m: MoveRef<'_>, saved: &mut [(Square, Cell)]) -> usize {
        let mut n = 0;
        let mut set = |pos: &mut Position, sq: Square, c: Cell| {
            saved[n] = (sq, pos.board[sq.index()]);
            n += 1;
            pos.set_raw(sq, c);
        };
        if let Some(ty) = m.dropped_as() {
            set(self, m.to, Cell::piece(self.side, ty));
            return n;
        }
        let moved = self.board[m.from.index()];
        let petrified = self.petrifies(m);
        set(self, m.from, Cell::EMPTY);
        let victim = m.side_captures().last().map(|s| self.board[s.index()]);
        for &s in m.side_captures() {
            set(self, s, Cell::EMPTY);
        }
        // A castling partner is lifted before the destination is read: under `castling to`
        // the castler may land on its partner's start.
        let castle = m.kind() == MoveKind::Castle;
        let partner = if castle {
            self.board[m.aux.index()]
        } else {
            Cell::EMPTY
        };
        if castle {
            set(self, m.aux, Cell::EMPTY);
        }
        let dest = self.board[m.to.index()];
        match m.kind() {
            MoveKind::Normal => {}
            MoveKind::Castle => set(self, m.aux2, partner),
            MoveKind::Drop => {}
            MoveKind::Unload => {
                let v = if dest.is_piece() {
                    dest
                } else {
                    victim.unwrap_or(Cell::EMPTY)
                };
                if v.is_piece() && self.board[m.aux.index()].is_empty() {
                    set(self, m.aux, v);
                }
            }
        }
        let placed = match m.promotion() {
            Some(t) => Cell::piece(moved.player(), t),
            None => moved,
        };
        set(self, m.to, placed);
        if petrified {
            set(self, m.to, Cell::WALL);
        } else if m.burns_mover() {
            set(self, m.to, Cell::EMPTY);
        }
        // A gated piece is left out: it shields no royal (Fairy-Stockfish's legality), so a
        // gating move is legal exactly when its twin without the gate is.
        if m.to != m.from
            && self.tables.vanishing[m.from.index()]
            && self.board[m.from.index()].is_empty()
        {
            set(self, m.from, Cell::WALL);
        }
        n
    }

    /// The royal squares of `me` after `m` (already applied to the cells).
    pub(crate) fn royals_after(&self, m: MoveRef<'_>, me: Player) -> Royals {
        let mut royals = *self.royals.get(me);
        let t = &self.tables;
        if let Some(ty) = m.dropped_as() {
            if t.is_royal(ty) {
                royals.add(m.to);
            }
            return royals;
        }
        let touched = |s: Square| s == m.from || s == m.to || m.side_captures().contains(&s);
        let stale = royals.squares().iter().any(|&s| touched(s))
            || m.promotion().is_some_and(|p| t.is_royal(p))
            || m.kind() != MoveKind::Normal;
        if stale {
            // Rare: recompute from the cells that may have changed.
            let mut fresh = Royals::default();
            for &s in royals.squares() {
                if !touched(s) && !(m.kind() == MoveKind::Castle && (s == m.aux || s == m.aux2)) {
                    fresh.add(s);
                }
            }
            let extra = [m.to, m.aux, m.aux2];
            let n = if m.kind() == MoveKind::Normal { 1 } else { 3 };
            for &s in &extra[..n] {
                let c = self.board[s.index()];
                if c.is_piece()
                    && c.player() == me
                    && t.cell_is_royal(c)
                    && !fresh.squares().contains(&s)
                {
                    fresh.add(s);
                }
            }
            royals = fresh;
        }
        royals
    }

    /// Checkmate legality after a move of `me`: its royals are not left attacked.
    fn royals_safe(&self, me: Player, royals: &[Square]) -> bool {
        if royals.is_empty() {
            // Losing the last royal is no legal move, but a side without royals (Horde's
            // White) has none to keep safe, nor one whose royal is still in hand (Placement).
            return !*self.tables.royal_sides.get(me) || self.royal_in_hand(me);
        }
        self.tables
            .spec
            .rules
            .royals
            .safe(royals, |s| self.royal_attacked(s, me))
    }
}
