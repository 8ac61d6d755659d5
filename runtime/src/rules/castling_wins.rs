//! `castling wins` (Fairy-Stockfish's `castlingWins`, Castle chess): a player who castles on
//! one of its winning wings wins, and a player that has such wings loses once it can castle on
//! none of them (its castler moved, or every partner on those wings moved or was taken).
//! koma's castling rights are its never-moved marks, so "can still castle on a wing" is a
//! castler that never moved with a partner that never moved on that side of it.

use crate::geometry::Square;
use crate::position::Position;
use crate::result::{GameResult, Reason};
use crate::spec::{CASTLE_KING_SIDE, CASTLE_QUEEN_SIDE, Player};

impl Position {
    /// The result `castling wins` gives before the side to move moves, if any.
    pub(crate) fn castling_result(&self) -> Option<GameResult> {
        let wins = self.tables.spec.rules.results.endings.castling_wins;
        let wings = |p: Player| wins[usize::from(p == Player::Second)];
        let mover = self.side.opponent();
        let won = |winner: Player| {
            Some(GameResult {
                winner: Some(winner),
                reason: Reason::Castling,
            })
        };
        // Castling ends the castler's own rights too: the win is read first.
        if self.last_castling_wing(mover) & wings(mover) != 0 {
            return won(mover);
        }
        // The mover first: a capture may end both sides' rights at once (a Rook taking a
        // Rook), and it is the mover who ended its own.
        for p in [mover, self.side] {
            if wings(p) != 0 && self.castling_wings(p) & wings(p) == 0 {
                return won(p.opponent());
            }
        }
        None
    }

    /// The wing `p` castled on with the last move, as a `CASTLE_*` bit; 0 when the last move
    /// was not `p`'s castling.
    fn last_castling_wing(&self, p: Player) -> u8 {
        let Some((castler, partner)) = self
            .last_move()
            .and_then(|m| m.castling_partner().map(|(partner, _)| (m.from, partner)))
        else {
            return 0;
        };
        // After a null move the last move is the side to move's own.
        let by_p = self.last_move_pieces(|moved, _| moved.player() == p);
        if by_p != Some(true) {
            return 0;
        }
        self.wing(castler, partner)
    }

    /// The wings on which `p` may still castle some day, as `CASTLE_*` bits.
    fn castling_wings(&self, p: Player) -> u8 {
        let mut out = 0;
        for sq in self.tables.geo.squares() {
            let c = self.board[sq.index()];
            if !c.is_piece() || c.player() != p || !self.virgin[sq.index()] {
                continue;
            }
            let table = self.tables.piece(c.piece_type(), p);
            for k in table
                .castling
                .get(sq.index())
                .map_or(&[][..], Vec::as_slice)
            {
                let partner = self.board[k.partner.index()];
                if partner.is_piece()
                    && partner.player() == p
                    && self.virgin[k.partner.index()]
                    && (!k.typed || self.tables.is_castle_partner(partner))
                {
                    out |= self.wing(sq, k.partner);
                }
            }
        }
        out
    }

    /// The wing of a castling from `castler` with `partner`: towards the last file or the first.
    fn wing(&self, castler: Square, partner: Square) -> u8 {
        let x = |s: Square| self.tables.geo.coord(s).x;
        if x(partner) > x(castler) {
            CASTLE_KING_SIDE
        } else {
            CASTLE_QUEEN_SIDE
        }
    }
}
