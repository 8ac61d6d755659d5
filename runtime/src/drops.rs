//! Hands and drops: the compiled drop clauses ([`DropTables`]), the pieces each player holds in
//! hand, and the generation of drop moves with their restrictions (drop zones, no drop where
//! the piece could never move again, one piece of a kind per file).
//!
//! Captured pieces join the capturer's hand as the variant's `to_hand` table says (shogi:
//! demoted to their base form); a drop takes one from the mover's hand and puts it on an empty
//! square. Hand counts are part of the Zobrist hash. Variants without hands pay one flag test
//! per generation call.

use crate::cell::Cell;
use crate::geometry::{ByPlayer, Geometry};
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::spec::{Modes, PieceType, Player, VariantSpec};

/// Most files a board has (the one-per-file test keeps a bit per file).
const MAX_FILES: usize = 32;

/// The drop clauses of a variant, resolved per piece type and square.
#[derive(Clone, Debug, Default)]
pub(crate) struct DropTables {
    /// Some piece can be in hand: drops are generated and hands printed.
    pub enabled: bool,
    /// Per piece type: the type a captured piece becomes in the capturer's hand.
    pub to_hand: Vec<Option<PieceType>>,
    /// Per piece type: where it may be dropped (`None`: any empty square).
    pub zone: Vec<Option<ByPlayer<Vec<bool>>>>,
    /// No drop where the piece could never move again.
    pub not_stuck: bool,
    /// Per piece type: at most one of a side's pieces of this type per file.
    pub one_per_file: Vec<bool>,
    /// Per piece type: a drop of it that checkmates loses.
    pub no_mate: Vec<bool>,
    /// Per square: the piece the setup puts there (a dropped piece with initial moves is virgin
    /// on its home square, as a chess pawn dropped on its second rank may double-step).
    pub home: Vec<Cell>,
    /// Per piece type: has initial (`i`) moves.
    pub initial: Vec<bool>,
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
        let mut zone: Vec<Option<ByPlayer<Vec<bool>>>> = vec![None; n];
        for z in &d.zones {
            for t in &z.pieces {
                let Some(slot) = zone.get_mut(usize::from(t.0)) else {
                    continue;
                };
                let squares = slot.get_or_insert_with(|| {
                    ByPlayer::new(vec![false; geo.len()], vec![false; geo.len()])
                });
                for &c in &z.squares {
                    if let Some(sq) = geo.square_at(c) {
                        squares.first[sq.index()] = true;
                    }
                    if let Some(sq) = geo.square_at(geo.rotate(c)) {
                        squares.second[sq.index()] = true;
                    }
                }
            }
        }
        crate::regions::confine_drops(geo, spec, &mut zone);
        let mut home = vec![Cell::EMPTY; geo.len()];
        for p in spec.setup.iter().flatten() {
            if let Some(sq) = geo.square_at(p.at)
                && usize::from(p.piece.0) < n
            {
                home[sq.index()] = Cell::piece(p.player, p.piece);
            }
        }
        let initial = spec
            .pieces
            .iter()
            .map(|p| {
                p.paths.iter().any(|path| {
                    path.legs
                        .first()
                        .is_some_and(|l| l.modes.contains(Modes::INITIAL))
                })
            })
            .collect();
        DropTables {
            enabled: d.has_hands(),
            to_hand,
            zone,
            not_stuck: d.not_stuck,
            one_per_file: flags(&d.one_per_file),
            no_mate: flags(&d.no_mate),
            home,
            initial,
        }
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

    /// Appends the drops of the side to move.
    pub(crate) fn drop_moves(&self, out: &mut MoveList) {
        let t = &*self.tables;
        let d = &t.drops;
        let side = self.side;
        let n = t.piece_count();
        for ti in 0..n {
            if self.hands[side.index() * n + ti] == 0 {
                continue;
            }
            let ty = PieceType(ti as u8);
            let pt = t.piece(ty, side);
            let zone = d.zone[ti].as_ref().map(|z| z.get(side));
            let mut blocked = [false; MAX_FILES];
            if d.one_per_file[ti] {
                let own = Cell::piece(side, ty);
                for sq in self.squares_of(side) {
                    if self.board[sq.index()] == own {
                        blocked[usize::from(t.geo.coord(sq).x) % MAX_FILES] = true;
                    }
                }
            }
            for sq in self.empty_squares() {
                let i = sq.index();
                if zone.is_some_and(|z| !z[i])
                    || (d.not_stuck && pt.stuck[i])
                    || blocked[usize::from(t.geo.coord(sq).x) % MAX_FILES]
                {
                    continue;
                }
                out.push(Move::drop(sq, ty));
            }
        }
    }

    /// Whether the last move was a drop of a piece whose dropping mate loses.
    pub(crate) fn last_move_is_no_mate_drop(&self) -> bool {
        self.last_move()
            .and_then(|m| m.dropped())
            .is_some_and(|t| self.tables.drops.no_mate[usize::from(t.0)])
    }
}
