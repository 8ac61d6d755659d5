//! A position: placement, side to move, virgin flags, en-passant state, counters, history and
//! Zobrist hash, with make/unmake that restores all of it.

use std::sync::Arc;

use crate::bits::Bits;
use crate::cell::Cell;
use crate::geometry::{ByPlayer, Square};
use crate::moves::{MAX_CAPTURES, Move, MoveError, MoveKind, MoveRef};
use crate::spec::{PieceType, Player};
use crate::tables::Tables;

pub use crate::limits::{MAX_EP, MAX_ROYALS};

/// En-passant state left by the last move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) struct EpState {
    pub squares: [Square; MAX_EP],
    pub n: u8,
    /// The piece an e.p. capture removes (the piece that created the squares).
    pub victim: Square,
}

impl EpState {
    pub fn squares(&self) -> &[Square] {
        &self.squares[..usize::from(self.n)]
    }
}

/// The squares of one player's royal pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) struct Royals {
    pub sq: [Square; MAX_ROYALS],
    pub n: u8,
}

impl Royals {
    pub fn squares(&self) -> &[Square] {
        &self.sq[..usize::from(self.n)]
    }
    pub(crate) fn add(&mut self, s: Square) {
        if usize::from(self.n) < MAX_ROYALS {
            self.sq[usize::from(self.n)] = s;
            self.n += 1;
        }
    }
    fn remove(&mut self, s: Square) {
        if let Some(i) = self.squares().iter().position(|&x| x == s) {
            self.n -= 1;
            self.sq[i] = self.sq[usize::from(self.n)];
        }
    }
}

/// Everything make changes that unmake cannot recompute, kept small (it is pushed and popped
/// at every node): what only some moves change lives on stacks of its own. The move's removed
/// squares and what stood on them are in the position's undo buffers (`undo_caps`,
/// `undo_victims`) from `mv.caps_start()` on; the hand entries it added, the last `ngained`
/// of `undo_gained`; the e.p. state before it, on `undo_eps` when there was one.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Undo {
    mv: Move,
    /// Made by `apply_lean`: unmake takes its path back.
    lean: bool,
    moved: Cell,
    moved_virgin: bool,
    dest: Cell,
    dest_virgin: bool,
    /// The position before the move had e.p. squares: its e.p. state is on `undo_eps`.
    ep_saved: bool,
    halfmove: u32,
    hash: u64,
    /// The move changed a royal's square: the royals before it are on `undo_royals`.
    royals_saved: bool,
    vanished: bool,
    unload_from: Cell,
    /// The castling partner a castling lifted.
    partner: Cell,
    /// Castling partners whose virginity lapsed because their king moved.
    lapsed: [Square; 4],
    pub(crate) nlapsed: u8,
    /// How many entries the move pushed onto `undo_gained`.
    ngained: u8,
    counting: crate::rules::CountState,
    checks: ByPlayer<u8>,
    /// Under `wall moving`: where the move lifted the blocker from.
    wall_lifted: Option<Square>,
}

impl Undo {
    /// Notes `p` among the squares whose never-moved mark the move cleared, once, while there
    /// is room.
    pub(crate) fn note_lapsed(&mut self, p: Square) {
        let n = usize::from(self.nlapsed);
        if n < self.lapsed.len() && !self.lapsed[..n].contains(&p) {
            self.lapsed[n] = p;
            self.nlapsed += 1;
        }
    }
}

/// The bit of an `undo_gained` entry saying the piece went to the opponent's hand.
const OPPONENTS_HAND: u16 = 1 << 15;

/// An `undo_gained` entry of a move by `mover`: whose hand the piece went to, and its type.
#[inline(always)]
fn gained_entry(entry: u16, mover: Player) -> (Player, PieceType) {
    let hand = if entry & OPPONENTS_HAND != 0 {
        mover.opponent()
    } else {
        mover
    };
    (hand, PieceType(entry & !OPPONENTS_HAND))
}

/// Whether the move being made has saved the royals for unmake yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RoyalSave {
    /// No move is being made (a setup edit changes the royals for good).
    Off,
    /// A move is being made and has changed no royal square yet.
    Pending,
    /// A move is being made and its royals from before are on `undo_royals`.
    Saved,
}

/// What [`Position::unmake_null`] restores.
#[derive(Clone, Copy, Debug)]
pub struct NullMove {
    ep: EpState,
    hash: u64,
}

/// A game position of one variant.
#[derive(Clone, Debug)]
pub struct Position {
    pub(crate) tables: Arc<Tables>,
    pub(crate) board: Vec<Cell>,
    /// The squares `board` does not hold empty (pieces and walls).
    pub(crate) occ: Bits,
    /// Per player, the squares that hold its pieces.
    pub(crate) side_occ: ByPlayer<Bits>,
    pub(crate) virgin: Vec<bool>,
    pub(crate) side: Player,
    pub(crate) ep: EpState,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) hash: u64,
    pub(crate) royals: ByPlayer<Royals>,
    /// Pieces on the board per cell slot (to skip absent attackers quickly).
    pub(crate) counts: Vec<u16>,
    /// Pieces in hand: `hands[player * types + type]`.
    pub(crate) hands: Vec<u8>,
    undo: Vec<Undo>,
    /// Piece types the moves in `undo` added to a hand (captures), [`OPPONENTS_HAND`] set for
    /// the mover's own pieces, which go to the opponent's; each move's `ngained` last.
    undo_gained: Vec<u16>,
    /// The e.p. state before each move in `undo` made where there was one (most positions
    /// have none: the undo record stays small).
    undo_eps: Vec<EpState>,
    /// The royals before each move in `undo` that changed them (most moves do not: the
    /// undo record stays small).
    undo_royals: Vec<ByPlayer<Royals>>,
    /// While a move is made: whether its royals are saved yet.
    royal_save: RoyalSave,
    /// The removed squares of the moves in `undo`, each move's from its `mv.caps_start()` on.
    pub(crate) undo_caps: Vec<Square>,
    /// What stood on each square of `undo_caps` before the move, and its virgin flag.
    pub(crate) undo_victims: Vec<(Cell, bool)>,
    /// Hashes of the positions before each move played (for repetition), oldest first: first
    /// the positions the position text named (`history:`), then one per move in `undo`.
    pub(crate) history: crate::history::History,
    /// Rule state from before this position was set up (position text fields).
    pub(crate) prior: Prior,
    /// A buffer the checkmate legality test reuses at every node (`crate::legal`).
    pub(crate) watch: crate::legal::Buffers,
    /// Multi-leg attack walks remembered between positions (`crate::memo`).
    pub(crate) memo: crate::memo::AttackMemo,
    /// The counting state (`counting` clauses).
    pub(crate) counting: crate::rules::CountState,
    /// The checks each player has given (`check N wins`; zero without the clause).
    pub(crate) checks: ByPlayer<u8>,
    /// Whether `repeat illegal` filters moves (perft turns it off: perft ignores repetition).
    pub(crate) repeat_checks: bool,
    /// While the legality filter tests the moves of a side that must break facing royals
    /// (`crate::regions`): facing counts as an attack.
    pub(crate) facing_check: bool,
    /// While a goal clause's probe generates the answers to a reached goal (`crate::rules`):
    /// the game goes on.
    pub(crate) goal_probe: bool,
}

/// What the rules remember of the moves played before a position was set up from text: the
/// position text's `last:` and `history:` fields (docs/positions.md).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Prior {
    /// How many of the last moves were passes in a row: 1 (`last:pass`, read by `pass
    /// not-after-pass`) or 2 (`last:pass-pass`, read by `pass twice-ends`).
    pub pass_run: u8,
    /// The last move took an anti-trade victim with a non-attacker (`counter-strike`).
    pub struck: bool,
    /// The last move dropped a piece that may not mate (`drop no-mate`), giving check.
    pub no_mate_drop: bool,
    /// Per entry of `history` named by the text: the move played from it was a pass.
    pub passes: Vec<bool>,
}

impl PartialEq for Position {
    /// Two positions are equal when every part of the game state is (history excluded).
    fn eq(&self, other: &Position) -> bool {
        self.board == other.board
            && self.virgin == other.virgin
            && self.side == other.side
            && self.ep.squares() == other.ep.squares()
            && (self.ep.n == 0 || self.ep.victim == other.ep.victim)
            && self.halfmove == other.halfmove
            && self.fullmove == other.fullmove
            && self.hands == other.hands
            && self.hash == other.hash
            && self.rule_state() == other.rule_state()
    }
}

impl Position {
    /// An empty board, first player to move.
    pub fn empty(tables: Arc<Tables>) -> Position {
        let nsq = tables.geo.len();
        let slots = Cell::slots(tables.piece_count());
        Position {
            board: vec![Cell::EMPTY; nsq],
            occ: Bits::default(),
            side_occ: ByPlayer::default(),
            virgin: vec![false; nsq],
            side: Player::First,
            ep: EpState::default(),
            halfmove: 0,
            fullmove: 1,
            hash: 0,
            royals: ByPlayer::default(),
            counts: vec![0; slots],
            hands: vec![0; 2 * tables.piece_count()],
            undo: Vec::new(),
            undo_gained: Vec::new(),
            undo_eps: Vec::new(),
            undo_royals: Vec::new(),
            royal_save: RoyalSave::Off,
            undo_caps: Vec::new(),
            undo_victims: Vec::new(),
            history: Default::default(),
            prior: Prior::default(),
            watch: Default::default(),
            memo: crate::memo::AttackMemo::new(tables.strategy.memo),
            counting: crate::rules::CountState::default(),
            checks: ByPlayer::default(),
            repeat_checks: true,
            facing_check: false,
            goal_probe: false,
            tables,
        }
    }

    /// The variant's start position, or `None` when the variant has no setup.
    pub fn start(tables: Arc<Tables>) -> Option<Position> {
        let setup = tables.spec.setup.clone()?;
        Some(Position::start_with(tables, setup))
    }

    /// The start position numbered `number` of a game whose setup has a `shuffle` (Chess960:
    /// 0 to 959, 518 the classical array); `None` without one or past the last number.
    pub fn start_numbered(tables: Arc<Tables>, number: u64) -> Option<Position> {
        let setup = crate::shuffle::numbered_setup(&tables.spec, number)?;
        Some(Position::start_with(tables, setup))
    }

    /// How many numbered start positions the game has (1 without a `shuffle`).
    pub fn start_count(tables: &Tables) -> u64 {
        tables.spec.rules.shuffle.as_ref().map_or(1, |s| s.count())
    }

    /// The placements, every piece virgin, the start hands and the player the setup has move.
    fn start_with(tables: Arc<Tables>, setup: Vec<crate::spec::Placement>) -> Position {
        let mut pos = Position::empty(tables);
        pos.set_side_to_move(pos.tables.spec.rules.start_side);
        for p in setup {
            if let Some(sq) = pos.tables.geo.square_at(p.at)
                && usize::from(p.piece.0) < pos.tables.piece_count()
            {
                pos.put(sq, Some((p.player, p.piece)));
                pos.set_virgin(sq, true);
            }
        }
        for (player, piece) in pos.tables.spec.rules.drops.start_hand.clone() {
            pos.hand_add(player, piece);
        }
        pos
    }

    /// The variant's tables.
    pub fn tables(&self) -> &Arc<Tables> {
        &self.tables
    }
    /// The player to move.
    pub fn side_to_move(&self) -> Player {
        self.side
    }
    /// The Zobrist hash of the position (placement, side to move, hands, rights and rule state).
    pub fn hash(&self) -> u64 {
        self.hash
    }
    /// Plies since the last capture, promotion or reset move.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }
    /// The move number, from 1, counted up after the second player's move.
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }
    /// The piece on a square.
    pub fn piece_at(&self, sq: Square) -> Option<(Player, PieceType)> {
        let c = self.board[sq.index()];
        c.is_piece().then(|| (c.player(), c.piece_type()))
    }
    /// True when the square has vanished.
    pub fn is_vanished(&self, sq: Square) -> bool {
        self.board[sq.index()].is_wall()
    }
    /// True when the piece on the square has never moved (castling, XBetza `i`).
    pub fn is_virgin(&self, sq: Square) -> bool {
        self.virgin[sq.index()]
    }
    /// The current e.p. squares.
    pub fn ep_squares(&self) -> &[Square] {
        self.ep.squares()
    }
    /// The piece an e.p. capture would remove.
    pub fn ep_victim(&self) -> Option<Square> {
        (self.ep.n > 0).then_some(self.ep.victim)
    }
    /// The squares of a player's pieces, lowest first (from the occupancy bits, without
    /// scanning the board).
    pub fn piece_squares(&self, player: Player) -> impl Iterator<Item = Square> + '_ {
        self.squares_of(player)
    }
    /// As [`Position::piece_squares`], for the runtime's loops.
    #[inline]
    pub(crate) fn squares_of(&self, player: Player) -> crate::bits::Iter<'_> {
        self.side_occ
            .get(player)
            .iter(Bits::words(self.board.len()))
    }
    /// The squares that hold something (pieces and vanished squares), lowest first.
    pub fn occupied_squares(&self) -> impl Iterator<Item = Square> + '_ {
        self.occ.iter(Bits::words(self.board.len()))
    }
    /// The squares that hold a piece of `player` as bits, bit `i % 64` of word `i / 64` for
    /// square `i` (as many words as the board needs): an evaluation can tell from them that
    /// nothing changed on the squares it counts.
    #[inline]
    pub fn side_words(&self, player: Player) -> &[u64] {
        &self.side_occ.get(player).0[..Bits::words(self.board.len())]
    }
    /// The squares that hold a piece of either player as bits (bit `i` for square `i`), on a
    /// board of up to 64 squares; `None` on a larger board. An evaluation reads lines from it
    /// without looking at their squares one by one.
    #[inline]
    pub fn piece_bits(&self) -> Option<u64> {
        (self.board.len() <= 64).then(|| self.side_occ.first.0[0] | self.side_occ.second.0[0])
    }
    /// Squares of a player's royal pieces.
    pub fn royal_squares(&self, player: Player) -> &[Square] {
        self.royals.get(player).squares()
    }
    /// Number of moves played since this position was set up.
    pub fn ply(&self) -> usize {
        self.undo.len()
    }
    /// The last move played, if any.
    pub fn last_move(&self) -> Option<MoveRef<'_>> {
        self.move_back(0)
    }
    /// The move played `back` moves before the last one (0: the last move), if it was played
    /// since the position was set up.
    pub(crate) fn move_back(&self, back: usize) -> Option<MoveRef<'_>> {
        let i = self.undo.len().checked_sub(back + 1)?;
        Some(MoveRef::new(self.undo[i].mv, &self.undo_caps))
    }
    /// Whether making `m` changes only its start and destination on the board (besides the
    /// hands, e.p., the clocks and the castling rights) and leaves its start empty: make's
    /// lean path, a [`Move`] that is lean in a game with no rule that changes other squares.
    #[inline]
    pub fn makes_lean(&self, m: &Move) -> bool {
        self.tables.make_hooks.lean && m.is_lean()
    }
    /// Hashes of earlier positions, oldest first.
    pub fn history(&self) -> &[u64] {
        self.history.hashes()
    }
    /// Whether the move played from the `i`-th position of [`Position::history`] was a pass.
    pub(crate) fn history_pass(&self, i: usize) -> bool {
        let named = self.history().len() - self.undo.len();
        match i.checked_sub(named) {
            None => self.prior.passes.get(i).copied().unwrap_or(false),
            Some(k) => self.is_pass(&self.undo[k].mv),
        }
    }
    /// Sets the earlier positions named by position text, with their pass flags (no move may
    /// have been played yet).
    pub(crate) fn set_prior_history(&mut self, entries: &[(u64, bool)]) {
        if self.undo.is_empty() {
            self.history.set(entries.iter().map(|e| e.0));
            self.prior.passes = entries.iter().map(|e| e.1).collect();
        }
    }

    // ---- editing (setup, FEN) ----

    /// Puts a piece (or nothing) on a square, keeping hash, counts and royals consistent.
    pub fn put(&mut self, sq: Square, piece: Option<(Player, PieceType)>) {
        self.set_virgin(sq, false);
        let old = self.board[sq.index()];
        self.set_cell(sq, old, Cell::EMPTY);
        if let Some((p, t)) = piece {
            self.set_cell(sq, Cell::EMPTY, Cell::piece(p, t));
        }
    }

    /// Marks a square as vanished (or restores it as empty).
    pub fn set_vanished(&mut self, sq: Square, vanished: bool) {
        self.set_virgin(sq, false);
        let old = self.board[sq.index()];
        self.set_cell(sq, old, if vanished { Cell::WALL } else { Cell::EMPTY });
    }

    /// Sets a virgin flag; ignored for pieces whose virginity does not matter.
    #[inline]
    pub fn set_virgin(&mut self, sq: Square, virgin: bool) {
        if !virgin && !self.virgin[sq.index()] {
            // Most moves clear a flag that is already clear.
            return;
        }
        let c = self.board[sq.index()];
        let relevant = c.is_piece() && self.tables.virgin_relevant[usize::from(c.piece_type().0)];
        let v = virgin && relevant;
        if self.virgin[sq.index()] != v {
            self.virgin[sq.index()] = v;
            self.hash ^= self.tables.zobrist.virgin(sq);
        }
    }

    /// Clears a virgin flag, inlined where it is mostly clear already (make's lifted pieces).
    #[inline(always)]
    fn clear_virgin(&mut self, sq: Square) {
        if self.virgin[sq.index()] {
            self.set_virgin(sq, false);
        }
    }

    /// Sets the player to move.
    pub fn set_side_to_move(&mut self, side: Player) {
        if self.side != side {
            self.side = side;
            self.hash ^= self.tables.zobrist.side;
        }
    }

    /// Sets the halfmove clock and the move number (at least 1).
    pub fn set_counters(&mut self, halfmove: u32, fullmove: u32) {
        self.halfmove = halfmove;
        self.fullmove = fullmove.max(1);
    }

    /// Sets the e.p. squares and the piece a capture there removes.
    pub fn set_ep(&mut self, squares: &[Square], victim: Square) {
        self.clear_ep();
        for &s in squares.iter().take(MAX_EP) {
            self.ep.squares[usize::from(self.ep.n)] = s;
            self.ep.n += 1;
            self.hash ^= self.tables.zobrist.ep(s);
        }
        self.ep.victim = victim;
    }

    #[inline(always)]
    fn clear_ep(&mut self) {
        for i in 0..usize::from(self.ep.n) {
            self.hash ^= self.tables.zobrist.ep(self.ep.squares[i]);
        }
        self.ep.n = 0;
    }

    /// Replaces a cell, updating hash, counts and royal squares.
    #[inline]
    pub(crate) fn set_cell(&mut self, sq: Square, old: Cell, new: Cell) {
        self.set_cell_inline(sq, old, new);
    }

    /// [`Position::set_cell`] inlined, for the cell writes every move makes (the mover lifted
    /// and set down, the destination's victim removed).
    #[inline(always)]
    fn set_cell_inline(&mut self, sq: Square, old: Cell, new: Cell) {
        let z = &self.tables.zobrist;
        self.hash ^= z.cell(sq, old) ^ z.cell(sq, new);
        let ntypes = self.tables.piece_count();
        if old.is_piece() {
            self.counts[old.slot(ntypes)] -= 1;
            if self.tables.cell_is_royal(old) {
                self.save_royals();
                self.royals.get_mut(old.player()).remove(sq);
            }
        }
        if new.is_piece() {
            self.counts[new.slot(ntypes)] += 1;
            if self.tables.cell_is_royal(new) {
                self.save_royals();
                self.royals.get_mut(new.player()).add(sq);
            }
        }
        self.set_raw(sq, new);
    }

    /// During a make, before its first change of a royal square: keeps the royals for unmake.
    #[inline]
    fn save_royals(&mut self) {
        if self.royal_save == RoyalSave::Pending {
            self.undo_royals.push(self.royals);
            self.royal_save = RoyalSave::Saved;
        }
    }

    /// Ends a make's watch over the royals (see [`Position::save_royals`]) and pushes its
    /// undo record.
    #[inline]
    fn push_undo(&mut self, mut undo: Undo) {
        undo.royals_saved = self.royal_save == RoyalSave::Saved;
        self.royal_save = RoyalSave::Off;
        self.undo.push(undo);
    }

    /// Replaces a cell on the board and in the occupancy bits, nothing else.
    #[inline]
    pub(crate) fn set_raw(&mut self, sq: Square, c: Cell) {
        self.board[sq.index()] = c;
        mark(&mut self.occ, &mut self.side_occ, sq, c);
    }

    /// Hash recomputed from scratch (tests compare it with the incremental one).
    pub fn compute_hash(&self) -> u64 {
        let z = &self.tables.zobrist;
        let mut h = 0;
        for sq in self.tables.geo.squares() {
            h ^= z.cell(sq, self.board[sq.index()]);
            if self.virgin[sq.index()] {
                h ^= z.virgin(sq);
            }
        }
        for &s in self.ep.squares() {
            h ^= z.ep(s);
        }
        if self.side == Player::Second {
            h ^= z.side;
        }
        for (i, &n) in self.hands.iter().enumerate() {
            h ^= z.hand(i, n);
        }
        for p in [Player::First, Player::Second] {
            h ^= z.checks(p.index(), *self.checks.get(p));
        }
        h
    }

    /// What the rules update once a move is on the board: the count (`counting`) and the
    /// checks given (`check N wins`).
    #[inline(always)]
    fn after_move(&mut self) {
        if self.tables.make_hooks.after_move {
            self.count_after_move();
        }
    }

    /// [`Position::after_move`] where the game has one of its clauses.
    fn count_after_move(&mut self) {
        if self.tables.spec.rules.counting.is_some() {
            self.count_move();
        }
        if self.tables.spec.rules.results.check_wins.is_some() {
            self.count_check();
        }
    }

    // ---- make / unmake ----

    /// What unmaking `mv` needs from the position as it stands, with nothing moved yet.
    #[inline]
    fn undo_record(&mut self, mv: Move) -> Undo {
        let ep_saved = self.ep.n > 0;
        if ep_saved {
            self.undo_eps.push(self.ep);
        }
        Undo {
            mv: mv.with_caps_start(self.undo_caps.len()),
            lean: false,
            moved: Cell::EMPTY,
            moved_virgin: false,
            dest: Cell::EMPTY,
            dest_virgin: false,
            ep_saved,
            halfmove: self.halfmove,
            hash: self.hash,
            royals_saved: false,
            vanished: false,
            unload_from: Cell::EMPTY,
            partner: Cell::EMPTY,
            lapsed: [Square(0); 4],
            nlapsed: 0,
            ngained: 0,
            counting: self.counting,
            checks: self.checks,
            wall_lifted: None,
        }
    }

    /// Whether a move is a pass: it ends where it started and removes nothing.
    pub fn is_pass(&self, m: &Move) -> bool {
        m.from == m.to && m.ncap() == 0 && m.kind() == MoveKind::Normal && m.promotion().is_none()
    }

    /// Plays `mv` when it is one of the legal moves here ([`Position::moves`]); otherwise
    /// leaves the position as it was. The checked twin of [`Position::make`], for moves that
    /// come from outside (a user, a file, another program). Chess read from the compiled file,
    /// as in the crate's example:
    ///
    /// ```
    /// use koma_runtime::{Position, Tables, serialize};
    /// let spec = serialize::decode(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/chess.kvar")))?;
    /// let mut pos = Position::start(Tables::try_new(spec)?.into()).expect("a start position");
    /// let e4 = pos.parse_move("e2e4").expect("a legal move");
    /// pos.play(&e4).expect("legal in the start position");
    /// assert!(pos.play(&e4).is_err(), "White's pawn is no longer on e2");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&mut self, mv: &crate::FullMove) -> Result<(), MoveError> {
        if !self.moves().contains(mv) {
            return Err(MoveError::NotLegal);
        }
        self.make(mv);
        Ok(())
    }

    /// Plays a move generated for this position: a list entry ([`crate::MoveList::get`]) or
    /// an owned move (`pos.make(&m)`). The unchecked twin of [`Position::play`]: the move
    /// must be legal here (or pseudo-legal, to be taken back with [`Position::unmake`]); any
    /// other move corrupts the position. Debug builds check that the mover is there.
    #[inline]
    pub fn make<'a>(&mut self, mv: impl Into<MoveRef<'a>>) {
        let mv = mv.into();
        debug_assert!(self.mover_present(&mv), "make: no mover for {mv:?}");
        self.apply(mv);
    }

    /// [`Position::make`] of a move [`Position::makes_lean`] says is lean, its path inlined
    /// into the caller, which has asked that already (a search's make, once a node).
    #[inline(always)]
    pub fn make_lean(&mut self, mv: Move) {
        debug_assert!(self.makes_lean(&mv) && self.mover_present(&mv));
        self.apply_lean(mv);
    }

    /// Whether the side to move has the piece `mv` moves: on its square, or in hand for a
    /// drop (what [`Position::make`] checks cheaply in debug builds).
    fn mover_present(&self, mv: &Move) -> bool {
        if mv.kind() == MoveKind::Drop {
            let ty = PieceType(mv.aux.0);
            return usize::from(ty.0) < self.tables.piece_count()
                && self.hand_count(self.side, ty) > 0;
        }
        self.board
            .get(mv.from.index())
            .is_some_and(|c| c.is_piece() && c.player() == self.side)
    }

    /// Make's hot path, in one pass: lift the mover and remove the victims, move a partner,
    /// place the mover, then the counters and castling rights. The steps share the undo
    /// record; each is inlined (`apply` runs once a node).
    fn apply(&mut self, mv: MoveRef<'_>) {
        // Most moves first: a lean move is no drop.
        if self.makes_lean(&mv) {
            self.apply_lean(*mv);
            return;
        }
        if mv.kind() == MoveKind::Drop {
            self.make_drop(*mv);
            return;
        }
        let (from, to) = (mv.from, mv.to);
        let moved = self.board[from.index()];
        let mut undo = self.undo_record(*mv);
        self.royal_save = RoyalSave::Pending;
        undo.moved = moved;
        undo.moved_virgin = self.virgin[from.index()];
        // A Chess960 castler may castle without leaving its square.
        if undo.moved_virgin && (to != from || mv.kind() == MoveKind::Castle) {
            self.lapse_partners(from, moved, &mut undo);
            if mv.kind() == MoveKind::Castle && self.tables.spec.rules.castling_opposite_wings {
                self.lapse_opposite_wing(*mv, moved, &mut undo);
            }
        }
        self.history.push(self.hash);
        let first = self.undo_victims.len();
        let captured = self.lift_and_capture(mv, moved, &mut undo);
        self.move_second_piece(mv, first, &mut undo);
        if self.tables.drops.enabled && captured {
            let placed = mv
                .promotion()
                .map_or(moved, |t| Cell::piece(moved.player(), t));
            // A petrified mover leaves the game as a burnt one does.
            let petrified = self.petrifying(moved);
            let burnt = (mv.burns_mover() || petrified).then_some(placed);
            self.capture_to_hand(moved.player(), burnt, &mut undo);
        }
        self.place_mover(mv, moved, &mut undo);
        if captured {
            self.petrify_after_capture(to, moved);
        }
        self.clear_ep();
        // E.p. takes the piece that just passed; one that promoted on the way (a double step
        // into the promotion zone: Epic Atomic's Pawns) is another piece and leaves no e.p.
        // square, as Fairy-Stockfish reads it.
        if mv.creates_ep() && mv.promotion().is_none() {
            self.create_ep(from, to);
        }
        self.halfmove = if self.resets_clock(moved, captured, mv.promotion().is_some()) {
            0
        } else {
            self.halfmove + 1
        };
        if self.side == Player::Second {
            self.fullmove += 1;
        }
        self.side = self.side.opponent();
        self.lapse_partner_rights(mv, first, &mut undo);
        self.lapse_aimed(to, self.board[to.index()], &mut undo);
        if self.tables.make_hooks.flip && !self.is_pass(&mv) {
            self.flip_enclosed(to, moved.player());
        }
        if let Some(w) = mv.wall() {
            undo.wall_lifted = self.put_wall(w);
        }
        self.hash ^= self.tables.zobrist.side;
        self.push_undo(undo);
        self.after_move();
    }

    /// Make's path for a lean move in a game without rule steps beyond the board
    /// (`MakeHooks::lean`): the steps of the full path that such a move takes, the mover's
    /// destination written once (its victim and the mover in one write).
    #[inline(always)]
    fn apply_lean(&mut self, mv: Move) {
        let (from, to) = (mv.from, mv.to);
        let moved = self.board[from.index()];
        let mut undo = self.undo_record(mv);
        undo.lean = true;
        undo.moved = moved;
        undo.moved_virgin = self.virgin[from.index()];
        undo.dest = self.board[to.index()];
        undo.dest_virgin = self.virgin[to.index()];
        let virgins = undo.moved_virgin || undo.dest_virgin;
        if virgins {
            self.clear_lean_virgins(&mut undo);
        }
        self.history.push(self.hash);
        let promotion = mv.promotion();
        let placed = promotion.map_or(moved, |t| Cell::piece(moved.player(), t));
        let captured = undo.dest.is_piece();
        if captured && self.tables.drops.enabled {
            self.victim_to_hand(moved.player(), &mut undo);
        }
        self.move_lean(from, to, placed, &mut undo);
        self.clear_ep();
        if mv.creates_ep() && promotion.is_none() {
            self.create_ep(from, to);
        }
        self.halfmove = if self.resets_clock(moved, captured, promotion.is_some()) {
            0
        } else {
            self.halfmove + 1
        };
        if self.side == Player::Second {
            self.fullmove += 1;
        }
        self.side = self.side.opponent();
        if virgins {
            let first = self.undo_victims.len();
            self.lapse_partner_rights(MoveRef::new(mv, &[]), first, &mut undo);
        }
        self.hash ^= self.tables.zobrist.side;
        // The royals were saved, if at all, by `move_lean`.
        self.push_record(undo);
    }

    /// Pushes an undo record, the room made first where there is none: the record is then
    /// written in place, with no copy kept for a reallocation.
    #[inline(always)]
    fn push_record(&mut self, undo: Undo) {
        if self.undo.len() == self.undo.capacity() {
            self.undo.reserve(64);
        }
        self.undo.push(undo);
    }

    /// A lean move's cell writes: the mover `undo.moved` lifted from `from`, `undo.dest` (a
    /// piece or nothing) taken off `to` and the mover set down there as `placed`. Without a
    /// royal among them, only what changes is written: the hash, the counts of a capture or
    /// promotion, the board and the occupancy bits.
    #[inline(always)]
    fn move_lean(&mut self, from: Square, to: Square, placed: Cell, undo: &mut Undo) {
        let (moved, dest) = (undo.moved, undo.dest);
        let t = &*self.tables;
        let royal = |c: Cell| c.is_piece() && t.cell_is_royal(c);
        // A promotion changes the type: the placed piece is asked only then.
        if royal(moved) || royal(dest) || (placed != moved && royal(placed)) {
            self.royal_save = RoyalSave::Pending;
            self.set_cell_inline(from, moved, Cell::EMPTY);
            self.set_cell_inline(to, dest, placed);
            undo.royals_saved = self.royal_save == RoyalSave::Saved;
            self.royal_save = RoyalSave::Off;
            return;
        }
        let z = &t.zobrist;
        self.hash ^= z.piece_or_empty(from, moved)
            ^ z.piece_or_empty(to, dest)
            ^ z.piece_or_empty(to, placed);
        let ntypes = t.piece_count();
        if dest.is_piece() {
            self.counts[dest.slot(ntypes)] -= 1;
        }
        if placed != moved {
            self.counts[moved.slot(ntypes)] -= 1;
            self.counts[placed.slot(ntypes)] += 1;
        }
        self.board[from.index()] = Cell::EMPTY;
        self.board[to.index()] = placed;
        shift_bits(&mut self.occ, &mut self.side_occ, from, to, moved.player());
    }

    /// A lean move's never-moved marks, before it is made: a castler's partners lapse, and
    /// the mover's and its victim's marks go.
    fn clear_lean_virgins(&mut self, undo: &mut Undo) {
        let (from, to) = (undo.mv.from, undo.mv.to);
        if undo.moved_virgin {
            if self.tables.castler[usize::from(undo.moved.piece_type().0)] {
                self.lapse_partners(from, undo.moved, undo);
            }
            self.clear_mark(from);
        }
        if undo.dest_virgin {
            self.clear_mark(to);
        }
    }

    /// Clears a never-moved mark, and its key in the hash, if it is set (as `set_virgin(sq,
    /// false)` does, without its call).
    #[inline(always)]
    fn clear_mark(&mut self, sq: Square) {
        if self.virgin[sq.index()] {
            self.virgin[sq.index()] = false;
            self.hash ^= self.tables.zobrist.virgin(sq);
        }
    }

    /// Lifts the mover `moved`, then removes the side victims (their cells go to
    /// `undo_victims` from here on), then the destination's occupant. Returns whether a piece
    /// was taken.
    #[inline(always)]
    fn lift_and_capture(&mut self, mv: MoveRef<'_>, moved: Cell, undo: &mut Undo) -> bool {
        let (from, to) = (mv.from, mv.to);
        let mut captured = false;
        self.clear_virgin(from);
        self.set_cell_inline(from, moved, Cell::EMPTY);
        for &s in mv.side_captures() {
            let c = self.board[s.index()];
            self.undo_caps.push(s);
            self.undo_victims.push((c, self.virgin[s.index()]));
            if c.is_piece() {
                self.set_virgin(s, false);
                self.set_cell(s, c, Cell::EMPTY);
                captured = true;
            }
        }
        if mv.kind() == MoveKind::Castle {
            // Lifted before the destination is read: under `castling to` the castler may land
            // on its partner's start.
            undo.partner = self.board[mv.aux.index()];
            self.set_virgin(mv.aux, false);
            self.set_cell(mv.aux, undo.partner, Cell::EMPTY);
        }
        let dest = self.board[to.index()];
        undo.dest = dest;
        undo.dest_virgin = self.virgin[to.index()];
        if dest.is_piece() {
            self.clear_virgin(to);
            self.set_cell_inline(to, dest, Cell::EMPTY);
            captured = true;
        }
        captured
    }

    /// The piece a castling or unloading move moves besides the mover: the castling partner,
    /// or the victim set down again (the destination's piece, else the last side victim, of
    /// those in `undo_victims` from `first`).
    #[inline(always)]
    fn move_second_piece(&mut self, mv: MoveRef<'_>, first: usize, undo: &mut Undo) {
        match mv.kind() {
            MoveKind::Normal | MoveKind::Drop => {}
            MoveKind::Castle => self.set_cell(mv.aux2, Cell::EMPTY, undo.partner),
            MoveKind::Unload => {
                let victim = if undo.dest.is_piece() {
                    undo.dest
                } else {
                    self.undo_victims[first..]
                        .last()
                        .map_or(Cell::EMPTY, |v| v.0)
                };
                let there = self.board[mv.aux.index()];
                undo.unload_from = there;
                if victim.is_piece() && there.is_empty() {
                    self.set_cell(mv.aux, Cell::EMPTY, victim);
                }
            }
        }
    }

    /// Sets the mover down on its destination, promoted or burnt as the move says, and
    /// updates its start square: virgin again for a move that stays, a wall where it vanishes.
    #[inline(always)]
    fn place_mover(&mut self, mv: MoveRef<'_>, moved: Cell, undo: &mut Undo) {
        let (from, to) = (mv.from, mv.to);
        let placed = match mv.promotion() {
            Some(t) => Cell::piece(moved.player(), t),
            None => moved,
        };
        self.set_cell_inline(to, Cell::EMPTY, placed);
        if mv.burns_mover() {
            self.set_cell(to, placed, Cell::EMPTY);
        }
        if let Some((ty, gate)) = mv.gate() {
            // The gate's flag went with the piece that left it; the newcomer never has one.
            self.hand_take(moved.player(), ty);
            self.set_cell(gate, Cell::EMPTY, Cell::piece(moved.player(), ty));
        }
        if to == from && mv.kind() != MoveKind::Castle {
            self.set_virgin(to, undo.moved_virgin);
        } else if self.tables.vanishing[from.index()] && self.board[from.index()].is_empty() {
            self.set_cell(from, Cell::EMPTY, Cell::WALL);
            undo.vanished = true;
        }
    }

    /// Castling rights lapse with a partner-only piece that moved or was taken while unmoved
    /// (the victims are those in `undo_victims` from `first`).
    #[inline(always)]
    fn lapse_partner_rights(&mut self, mv: MoveRef<'_>, first: usize, undo: &mut Undo) {
        let moved = undo.moved;
        let partner_only = &self.tables.partner_only;
        let partner_left =
            |c: Cell, v: bool| v && c.is_piece() && partner_only[usize::from(c.piece_type().0)];
        let mine_left = partner_left(moved, undo.moved_virgin && mv.to != mv.from);
        let theirs_left = partner_left(undo.dest, undo.dest_virgin)
            || self.undo_victims[first..]
                .iter()
                .any(|&(c, v)| partner_left(c, v));
        if mine_left {
            self.lapse_kings(moved.player(), undo);
        }
        if theirs_left {
            self.lapse_kings(moved.player().opponent(), undo);
        }
    }

    /// Plays a drop: one piece leaves the mover's hand for an empty square.
    fn make_drop(&mut self, mv: Move) {
        let side = self.side;
        let ty = PieceType(mv.aux.0);
        let mut undo = self.undo_record(mv);
        self.royal_save = RoyalSave::Pending;
        self.history.push(self.hash);
        self.hand_take(side, ty);
        let placed_type = mv.promotion().unwrap_or(ty);
        let placed = Cell::piece(side, placed_type);
        self.set_cell(mv.to, Cell::EMPTY, placed);
        let d = &self.tables.drops;
        let home = (d.initial[usize::from(placed_type.0)] && d.home[mv.to.index()] == placed)
            || d.unmoved.contains(&(mv.to, placed));
        self.set_virgin(mv.to, home);
        if self.tables.make_hooks.flip {
            self.flip_enclosed(mv.to, side);
        }
        self.clear_ep();
        self.halfmove = if self.resets_clock(placed, false, false) {
            0
        } else {
            self.halfmove + 1
        };
        if side == Player::Second {
            self.fullmove += 1;
        }
        self.side = side.opponent();
        self.lapse_aimed(mv.to, placed, &mut undo);
        if let Some(w) = mv.wall() {
            undo.wall_lifted = self.put_wall(w);
        }
        self.hash ^= self.tables.zobrist.side;
        self.push_undo(undo);
        self.after_move();
    }

    /// Puts the pieces a move removed into hands, as the variant says: each into the hand of
    /// its owner's opponent, so the enemy's into the mover's and the mover's own (exploded
    /// or burnt, itself included) into the opponent's. A victim that reappeared by unloading
    /// stays on the board. Runs before the mover is set down: `burnt` is the mover as it
    /// lands (promoted) when the move removes it too.
    fn capture_to_hand(&mut self, mover: Player, burnt: Option<Cell>, undo: &mut Undo) {
        let mv = undo.mv;
        let mut removed = [Cell::EMPTY; MAX_CAPTURES + 2];
        let mut n = 0;
        let victims = &self.undo_victims[mv.caps_start()..];
        let all = std::iter::once(undo.dest).chain(victims.iter().map(|v| v.0));
        for c in all.chain(burnt) {
            if c.is_piece() {
                removed[n] = c;
                n += 1;
            }
        }
        if mv.kind() == MoveKind::Unload && undo.unload_from.is_empty() {
            let back = self.board[mv.aux.index()];
            if let Some(i) = removed[..n].iter().position(|&c| c == back) {
                removed[i] = Cell::EMPTY;
            }
        }
        let to_hand = &self.tables.drops.to_hand;
        let gained = removed.map(|c| {
            c.is_piece()
                .then(|| to_hand[usize::from(c.piece_type().0)].map(|t| (c.player(), t)))
                .flatten()
        });
        for &(owner, h) in gained[..n].iter().flatten() {
            let own = owner == mover;
            self.hand_add(owner.opponent(), h);
            self.undo_gained
                .push(h.0 | if own { OPPONENTS_HAND } else { 0 });
            undo.ngained += 1;
        }
    }

    /// [`Position::capture_to_hand`] for a lean move: its one victim, the destination's piece,
    /// goes into its owner's opponent's hand as the variant says.
    fn victim_to_hand(&mut self, mover: Player, undo: &mut Undo) {
        let victim = undo.dest;
        if let Some(h) = self.tables.drops.to_hand[usize::from(victim.piece_type().0)] {
            let owner = victim.player();
            self.hand_add(owner.opponent(), h);
            self.undo_gained
                .push(h.0 | if owner == mover { OPPONENTS_HAND } else { 0 });
            undo.ngained += 1;
        }
    }

    /// When a castling piece first moves, its partners' virginity stops mattering: clearing it
    /// keeps positions that differ only there equal (and position text exact).
    fn lapse_partners(&mut self, from: Square, moved: Cell, undo: &mut Undo) {
        // First list the partners (the tables stay borrowed), then clear them.
        let first = undo.nlapsed;
        let t = &*self.tables;
        let pt = t.piece(moved.piece_type(), moved.player());
        let Some(list) = pt.castling.get(from.index()) else {
            return;
        };
        for c in list {
            let p = c.partner;
            let cell = self.board[p.index()];
            if self.virgin[p.index()]
                && cell.is_piece()
                && cell.player() == moved.player()
                && t.partner_only[usize::from(cell.piece_type().0)]
            {
                undo.note_lapsed(p);
            }
        }
        self.clear_lapsed(undo, first);
    }

    /// Clears the never-moved marks of the squares the move lapsed from `first` on.
    pub(crate) fn clear_lapsed(&mut self, undo: &Undo, first: u8) {
        for &p in &undo.lapsed[usize::from(first)..usize::from(undo.nlapsed)] {
            self.set_virgin(p, false);
        }
    }

    /// `castling opposite-wings`: a castling bars the other player's castlings on the same wing
    /// (its partner on the castler's side towards the last file, or the first): their partners
    /// there count as moved from now on, and a castler left without a partner too.
    fn lapse_opposite_wing(&mut self, mv: Move, moved: Cell, undo: &mut Undo) {
        let them = moved.player().opponent();
        let first = undo.nlapsed;
        let t = &*self.tables;
        let x = |s: Square| t.geo.coord(s).x;
        let last_wing = x(mv.aux) > x(mv.from);
        for sq in t.geo.squares() {
            let c = self.board[sq.index()];
            if !c.is_piece() || c.player() != them || !self.virgin[sq.index()] {
                continue;
            }
            let list = t.piece(c.piece_type(), them).castling.get(sq.index());
            for k in list.map_or(&[][..], Vec::as_slice) {
                let p = k.partner;
                let cell = self.board[p.index()];
                if (x(p) > x(sq)) == last_wing
                    && self.virgin[p.index()]
                    && cell.is_piece()
                    && cell.player() == them
                {
                    undo.note_lapsed(p);
                }
            }
        }
        self.clear_lapsed(undo, first);
        self.lapse_kings(them, undo);
    }

    /// A castling piece without initial moves whose last virgin partner left is no longer
    /// virgin in any way that matters.
    fn lapse_kings(&mut self, player: Player, undo: &mut Undo) {
        for w in 0..Bits::words(self.board.len()) {
            let mut own = self.side_occ.get(player).0[w];
            while own != 0 {
                let sq = Square((w * 64 + own.trailing_zeros() as usize) as u16);
                own &= own - 1;
                self.lapse_king(sq, player, undo);
            }
        }
    }

    /// The castling piece on `sq` of `player`, when it has no virgin partner left: no longer
    /// virgin. Inlined: most pieces are no unmoved castler, which the first test tells.
    #[inline(always)]
    fn lapse_king(&mut self, sq: Square, player: Player, undo: &mut Undo) {
        let c = self.board[sq.index()];
        let t = &*self.tables;
        if !self.virgin[sq.index()] || !t.castle_only[usize::from(c.piece_type().0)] {
            return;
        }
        let list = t.piece(c.piece_type(), player).castling.get(sq.index());
        let has_partner = list.is_some_and(|l| {
            l.iter().any(|k| {
                let p = self.board[k.partner.index()];
                p.is_piece()
                    && p.player() == player
                    && self.virgin[k.partner.index()]
                    && (!k.typed || t.is_castle_partner(p))
            })
        });
        if !has_partner && usize::from(undo.nlapsed) < undo.lapsed.len() {
            self.set_virgin(sq, false);
            undo.lapsed[usize::from(undo.nlapsed)] = sq;
            undo.nlapsed += 1;
        }
    }

    /// Whether a move resets the move-count clock: the variant's own reset events, or (without
    /// a move-count rule) any capture or promotion.
    #[inline]
    fn resets_clock(&self, moved: Cell, captured: bool, promoted: bool) -> bool {
        let resets = &self.tables.clock_resets;
        (captured && resets.capture)
            || (promoted && resets.promotion)
            || (moved.is_piece() && resets.mover_resets(moved.piece_type()))
    }

    /// Whether the last move made changed a royal square (true when none was made since the
    /// position was set up).
    pub(crate) fn last_move_touched_royals(&self) -> bool {
        self.undo.last().is_none_or(|u| u.royals_saved)
    }

    /// Calls `f` with the piece that made the last move and the pieces that move removed;
    /// `None` when no move was played since the position was set up.
    pub(crate) fn last_move_pieces(&self, f: impl FnOnce(Cell, &[Cell]) -> bool) -> Option<bool> {
        let u = self.undo.last()?;
        let mut taken = [Cell::EMPTY; MAX_CAPTURES + 1];
        let mut n = 0;
        let victims = &self.undo_victims[u.mv.caps_start()..];
        for c in std::iter::once(u.dest).chain(victims.iter().map(|v| v.0)) {
            if c.is_piece() {
                taken[n] = c;
                n += 1;
            }
        }
        Some(f(u.moved, &taken[..n]))
    }

    /// The squares strictly between `from` and `to` on a straight line become e.p. squares
    /// (after `clear_ep`).
    fn create_ep(&mut self, from: Square, to: Square) {
        let geo = &self.tables.geo;
        let (a, b) = (geo.coord(from), geo.coord(to));
        let (dx, dy) = (
            i32::from(b.x) - i32::from(a.x),
            i32::from(b.y) - i32::from(a.y),
        );
        let n = dx.abs().max(dy.abs());
        if n < 2 || (dx != 0 && dy != 0 && dx.abs() != dy.abs()) {
            return;
        }
        let (sx, sy) = (dx / n, dy / n);
        // Make cleared the e.p. state: the squares go straight in (as `set_ep` puts them).
        let z = &self.tables.zobrist;
        for k in 1..n {
            let count = usize::from(self.ep.n);
            if count < MAX_EP
                && let Some(s) = geo.square(i32::from(a.x) + sx * k, i32::from(a.y) + sy * k)
            {
                self.ep.squares[count] = s;
                self.ep.n += 1;
                self.hash ^= z.ep(s);
            }
        }
        self.ep.victim = to;
    }

    /// Passes the turn without a move (a search's null move): the other side is to move and
    /// the e.p. squares lapse; nothing enters the history. Undo it with
    /// [`Position::unmake_null`] before any other move is unmade.
    pub fn make_null(&mut self) -> NullMove {
        let undo = NullMove {
            ep: self.ep,
            hash: self.hash,
        };
        self.clear_ep();
        self.side = self.side.opponent();
        self.hash ^= self.tables.zobrist.side;
        undo
    }

    /// Takes back [`Position::make_null`].
    pub fn unmake_null(&mut self, undo: NullMove) {
        self.side = self.side.opponent();
        self.ep = undo.ep;
        self.hash = undo.hash;
    }

    /// Undoes the mover's hand (`side` is the mover again): a dropped or gated piece goes
    /// back, captured ones leave.
    #[inline(always)]
    fn return_hands(&mut self, u: &Undo) {
        let mv = u.mv;
        let base = self.side.index() * self.tables.piece_count();
        if mv.kind() == MoveKind::Drop {
            self.hands[base + usize::from(mv.aux.0)] += 1;
        }
        if let Some((ty, _)) = mv.gate() {
            // The gate's square comes back with the mover or the castling partner.
            self.hands[base + usize::from(ty.0)] += 1;
        }
        let first = self.undo_gained.len() - usize::from(u.ngained);
        for &entry in &self.undo_gained[first..] {
            let (hand, t) = gained_entry(entry, self.side);
            self.hands[hand.index() * self.tables.piece_count() + usize::from(t.0)] -= 1;
        }
        self.undo_gained.truncate(first);
    }

    /// The squares whose pieces the last move made turned to its side under `flip enclosed`:
    /// each kept its type and had been the enemy's. None in a game without the rule, or when
    /// no move was made since the position was set up. A search updates its square terms
    /// there besides the squares of the move.
    pub fn last_flips(&self) -> &[Square] {
        match self.undo.last() {
            Some(u) if self.tables.make_hooks.flip => {
                &self.undo_caps[u.mv.caps_start() + u.mv.ncap()..]
            }
            _ => &[],
        }
    }

    /// How the last move made changed the hands: each piece it took from a hand or put into
    /// one, as (hand's owner, type, -1 or +1). Nothing when no move was made since the
    /// position was set up. A search updates its hand terms from these alone.
    pub fn last_hand_changes(&self) -> impl Iterator<Item = (Player, PieceType, i32)> + '_ {
        let u = self.undo.last();
        let mover = self.side.opponent();
        let taken = u.into_iter().flat_map(move |u| {
            let dropped = (u.mv.kind() == MoveKind::Drop).then_some(PieceType(u.mv.aux.0));
            let gated = u.mv.gate().map(|(ty, _)| ty);
            dropped
                .into_iter()
                .chain(gated)
                .map(move |t| (mover, t, -1))
        });
        let n = u.map_or(0, |u| usize::from(u.ngained));
        let gained = self.undo_gained[self.undo_gained.len() - n..]
            .iter()
            .map(move |&entry| {
                let (hand, t) = gained_entry(entry, mover);
                (hand, t, 1)
            });
        taken.chain(gained)
    }

    /// Unmake's cell write: the board, the counts and the occupancy bits (the hash and the
    /// royals come back whole from the undo record).
    #[inline(always)]
    fn restore(&mut self, sq: Square, c: Cell) {
        let ntypes = self.tables.piece_count();
        let old = self.board[sq.index()];
        if old.is_piece() {
            self.counts[old.slot(ntypes)] -= 1;
        }
        if c.is_piece() {
            self.counts[c.slot(ntypes)] += 1;
        }
        self.board[sq.index()] = c;
        mark(&mut self.occ, &mut self.side_occ, sq, c);
    }

    /// Unmake's cell writes of a lean move, what `apply_lean` changed: the mover's two squares
    /// (the hash and the royals come back whole from the undo record).
    #[inline(always)]
    fn unmove_lean(&mut self, u: &Undo) {
        let (from, to) = (u.mv.from, u.mv.to);
        let placed = self.board[to.index()];
        let ntypes = self.tables.piece_count();
        if u.dest.is_piece() {
            self.counts[u.dest.slot(ntypes)] += 1;
        }
        if placed != u.moved {
            self.counts[placed.slot(ntypes)] -= 1;
            self.counts[u.moved.slot(ntypes)] += 1;
        }
        self.board[to.index()] = u.dest;
        self.board[from.index()] = u.moved;
        shift_bits(
            &mut self.occ,
            &mut self.side_occ,
            to,
            from,
            u.moved.player(),
        );
        if u.dest.is_piece() {
            mark(&mut self.occ, &mut self.side_occ, to, u.dest);
        }
        self.virgin[to.index()] = u.dest_virgin;
        self.virgin[from.index()] = u.moved_virgin;
    }

    /// Takes back the last move made; does nothing when there is none. A lean move's (most
    /// moves') path is apart from the others', its calls and registers fewer.
    pub fn unmake(&mut self) {
        let Some(u) = self.undo.pop() else { return };
        self.history.pop();
        self.side = self.side.opponent();
        if self.side == Player::Second {
            self.fullmove -= 1;
        }
        if u.lean {
            self.unmake_lean(&u);
        } else {
            self.unmake_other(&u);
        }
    }

    /// [`Position::unmake`] of a move made by `apply_lean`, `u` its record, past the turn.
    #[inline(always)]
    fn unmake_lean(&mut self, u: &Undo) {
        // A lean move takes nothing from a hand: only what it captured may have gone to one.
        if u.ngained > 0 {
            self.return_hands(u);
        }
        self.unmove_lean(u);
        self.restore_state(u);
    }

    /// [`Position::unmake`] of a move made by `apply` or `make_drop`, `u` its record, past
    /// the turn.
    #[inline(never)]
    fn unmake_other(&mut self, u: &Undo) {
        self.return_hands(u);
        self.restore_cells(u);
        self.restore_state(u);
    }

    /// Unmake's last step: the never-moved marks a move lapsed, e.p., rule state, clock,
    /// hash and royals as the undo record `u` has them (the cells are back).
    #[inline(always)]
    fn restore_state(&mut self, u: &Undo) {
        for &p in &u.lapsed[..usize::from(u.nlapsed)] {
            self.virgin[p.index()] = true;
        }
        if u.ep_saved {
            self.ep = self.undo_eps.pop().unwrap_or_default();
        } else {
            self.ep.n = 0;
        }
        self.counting = u.counting;
        self.checks = u.checks;
        self.halfmove = u.halfmove;
        self.hash = u.hash;
        if u.royals_saved
            && let Some(r) = self.undo_royals.pop()
        {
            self.royals = r;
        }
    }

    /// Unmake's cell writes of any move: the board and the never-moved marks as they were.
    #[inline(always)]
    fn restore_cells(&mut self, u: &Undo) {
        let mv = u.mv;
        if let Some(w) = mv.wall() {
            self.restore(w, Cell::EMPTY);
            if let Some(old) = u.wall_lifted {
                self.restore(old, Cell::WALL);
            }
        }
        if u.vanished {
            self.restore(mv.from, Cell::EMPTY);
        }
        // A plain move or a drop writes the destination once: its last write decides.
        match mv.kind() {
            MoveKind::Normal | MoveKind::Drop => {}
            // The partner goes back last: under `castling to` its start may be the
            // castler's destination.
            MoveKind::Castle => {
                self.restore(mv.to, Cell::EMPTY);
                self.restore(mv.aux2, Cell::EMPTY);
            }
            MoveKind::Unload => {
                self.restore(mv.to, Cell::EMPTY);
                self.restore(mv.aux, u.unload_from);
            }
        }
        self.restore(mv.to, u.dest);
        self.virgin[mv.to.index()] = u.dest_virgin;
        let first = mv.caps_start();
        for i in first..self.undo_caps.len() {
            let (s, (c, v)) = (self.undo_caps[i], self.undo_victims[i]);
            self.restore(s, c);
            self.virgin[s.index()] = v;
        }
        self.undo_caps.truncate(first);
        self.undo_victims.truncate(first);
        self.restore(mv.from, u.moved);
        self.virgin[mv.from.index()] = u.moved_virgin;
        if mv.kind() == MoveKind::Castle {
            self.restore(mv.aux, u.partner);
            self.virgin[mv.aux.index()] = true;
        }
    }
}

/// Moves a piece of `player` in the occupancy bits from `from` to `to`, whatever `to` held
/// before (the other player's bit there goes).
#[inline(always)]
pub(crate) fn shift_bits(
    occ: &mut Bits,
    side_occ: &mut ByPlayer<Bits>,
    from: Square,
    to: Square,
    player: Player,
) {
    let (wf, bf) = (from.index() / 64, 1u64 << (from.index() % 64));
    let (wt, bt) = (to.index() / 64, 1u64 << (to.index() % 64));
    occ.0[wf] &= !bf;
    occ.0[wt] |= bt;
    side_occ.get_mut(player.opponent()).0[wt] &= !bt;
    let own = &mut side_occ.get_mut(player).0;
    own[wf] &= !bf;
    own[wt] |= bt;
}

/// Sets or clears the occupancy bits of `sq` for what it now holds.
#[inline]
pub(crate) fn mark(occ: &mut Bits, side_occ: &mut ByPlayer<Bits>, sq: Square, c: Cell) {
    let (w, b) = (sq.index() / 64, 1u64 << (sq.index() % 64));
    side_occ.first.0[w] &= !b;
    side_occ.second.0[w] &= !b;
    if c.is_empty() {
        occ.0[w] &= !b;
    } else {
        occ.0[w] |= b;
        if c.is_piece() {
            side_occ.get_mut(c.player()).0[w] |= b;
        }
    }
}
