//! Facts about a variant that several lints share: which pieces can appear in play, where a
//! piece can move on an empty board, and the moves of an XBetza string one by one.

use koma_grammar::xbetza::{self, Move};
use koma_runtime::spec::{Coord, Modes, PathTemplate, PieceType, Player};

use super::Context;
use super::stuck_on_setup_square::first_player_view;
use crate::diagnostic::Location;
use crate::ir::{Board, ClauseInfo, Piece, Variant};
use crate::xbetza::{BoardSize, Expansion, expand};

/// Which pieces can ever be on the board: in the setup (on a square or in a hand) or reachable
/// by promotion from it (and, under `promotion flip`, by turning back), or dropped from a hand
/// after a capture.
#[derive(Debug)]
pub struct Analysis {
    pub in_play: Vec<bool>,
}

impl Analysis {
    pub fn new(variant: &Variant) -> Analysis {
        let n = variant.pieces.len();
        let Some(setup) = &variant.setup else {
            // Without a setup (Kyou Shogi) any piece may be given in a position.
            return Analysis {
                in_play: vec![true; n],
            };
        };
        let mut in_play = vec![false; n];
        let placed = setup.placements.iter().map(|p| p.piece);
        let in_hand = setup.hands.iter().map(|h| h.value.1);
        let mut stack: Vec<PieceType> = placed.chain(in_hand).collect();
        while let Some(piece) = stack.pop() {
            let i = usize::from(piece.0);
            if i < n && !in_play[i] {
                in_play[i] = true;
                stack.extend(variant.pieces[i].promotions.iter().map(|p| p.value));
                // A captured piece reappears from the captor's hand as its hand form.
                stack.extend(variant.rules.drops.to_hand.get(i).copied().flatten());
                if variant.rules.promotion.flip {
                    // A promoted form turns back into the pieces it promoted from.
                    let origins = (0..n).filter(|&o| {
                        variant.pieces[o]
                            .promotions
                            .iter()
                            .any(|p| usize::from(p.value.0) == i)
                    });
                    stack.extend(origins.map(|o| PieceType(o as u16)));
                }
            }
        }
        Analysis { in_play }
    }

    pub fn is_in_play(&self, piece: PieceType) -> bool {
        self.in_play
            .get(usize::from(piece.0))
            .copied()
            .unwrap_or(false)
    }
}

/// Whether the path can be walked from `from` on an empty board: every leg's first step must
/// stay on the board.
pub fn usable_from(board: &Board, path: &PathTemplate, from: Coord) -> Option<Coord> {
    let (mut x, mut y) = (i32::from(from.x), i32::from(from.y));
    for leg in &path.legs {
        x += i32::from(leg.dx);
        y += i32::from(leg.dy);
        let c = coord(x, y)?;
        if !board.contains(c) {
            return None;
        }
    }
    coord(x, y)
}

fn coord(x: i32, y: i32) -> Option<Coord> {
    Some(Coord {
        x: u8::try_from(x).ok()?,
        y: u8::try_from(y).ok()?,
    })
}

/// Whether `piece` standing on `at` has a move that leaves the square (empty board).
pub fn can_leave(board: &Board, expansion: &Expansion, at: Coord) -> bool {
    expansion
        .paths
        .iter()
        .any(|p| usable_from(board, p, at).is_some_and(|to| to != at))
}

/// Whether the piece can move at all on this board.
pub fn can_move(board: &Board, expansion: &Expansion) -> bool {
    board.squares().any(|c| can_leave(board, expansion, c)) || !expansion.castling.is_empty()
}

/// Whether some path comes back to its start without needing a capture: a pass.
pub fn can_pass(expansion: &Expansion) -> bool {
    expansion.paths.iter().any(|p| {
        let (dx, dy) = p.legs.iter().fold((0i32, 0i32), |(x, y), l| {
            (x + i32::from(l.dx), y + i32::from(l.dy))
        });
        let last = p.legs.last();
        p.legs.len() > 1
            && dx == 0
            && dy == 0
            && last.is_some_and(|l| l.modes.contains(Modes::MOVE))
    })
}

/// The grid row of `c` counted from `player`'s own side (0 = its first row).
pub fn row_from_own_side(board: &Board, c: Coord, player: Player) -> u8 {
    match player {
        Player::First => c.y,
        Player::Second => board.height - 1 - c.y,
    }
}

/// `player`'s own promotion zone in the first player's view (`first_player_view`), where the
/// expansions hold the moves: the squares the runtime marks for `player`
/// (`Tables::promotion_zone`), that is the first player's zone as written, and the second
/// player's own (`promotion zone second`) turned around, else the first player's again.
pub fn zone_in_view(v: &Variant, player: Player) -> Vec<Coord> {
    let promotion = &v.rules.promotion;
    match (player, &promotion.zone_second) {
        (Player::Second, Some(own)) => own
            .iter()
            .map(|&c| first_player_view(&v.board, c, player))
            .collect(),
        _ => promotion.zone.clone(),
    }
}

/// The players whose zones a zone lint reads, each with its zone in the first player's view
/// (`zone_in_view`): the first player, and the second when its zone differs, so that a lint
/// reads every side's zone and reports a shared one once.
pub fn zones_in_view(v: &Variant) -> Vec<(Player, Vec<Coord>)> {
    let first = zone_in_view(v, Player::First);
    let second = zone_in_view(v, Player::Second);
    let same = first.len() == second.len() && first.iter().all(|c| second.contains(c));
    let mut out = vec![(Player::First, first)];
    if !same {
        out.push((Player::Second, second));
    }
    out
}

/// The grid row of the board rectangle's far rank as `player` sees the board (in the first
/// player's view, `first_player_view`).
pub fn far_row_in_view(board: &Board, player: Player) -> u8 {
    let view = |y: u8| row_from_own_side(board, Coord { x: 0, y }, player);
    view(board.rect_rows.0).max(view(board.rect_rows.1))
}

/// `first` or `second`, as messages name a player.
pub fn player_name(player: Player) -> &'static str {
    match player {
        Player::First => "first",
        Player::Second => "second",
    }
}

/// The `promotion zone` clause that gives `player`'s zone: its own (`promotion zone first|second`)
/// or the one for both players.
pub fn zone_clause<'a>(cx: &'a Context<'_>, player: Player) -> Option<&'a ClauseInfo> {
    let own = player_name(player);
    let zones = || {
        cx.variant
            .rules
            .clauses
            .iter()
            .filter(|c| c.key == "promotion zone")
    };
    let side = |c: &&ClauseInfo| {
        cx.text(c.location)
            .split_whitespace()
            .nth(2)
            .map(str::to_string)
    };
    zones()
        .find(|c| side(c).as_deref() == Some(own))
        .or_else(|| zones().find(|c| !matches!(side(c).as_deref(), Some("first" | "second"))))
}

/// One move of a piece's XBetza string: its text, where it is written and what it expands to.
#[derive(Debug)]
pub struct BetzaMove {
    pub text: String,
    pub location: Location,
    pub ast: Move,
    pub expansion: Expansion,
}

/// The moves of a piece's own XBetza string (none for `like` pieces, which lint their
/// target), each expanded alone.
pub fn betza_moves(board: &Board, piece: &Piece) -> Vec<BetzaMove> {
    if piece.like.is_some() {
        return Vec::new();
    }
    let Ok(parsed) = xbetza::parse(&piece.betza) else {
        return Vec::new();
    };
    let size = BoardSize {
        files: board.width,
        ranks: board.height,
    };
    parsed
        .moves
        .into_iter()
        .filter_map(|m| {
            let span = m.span();
            let text = piece.betza.get(span.start..span.end)?.to_string();
            let (expansion, _) = expand(&text, size).ok()?;
            let base = piece.betza_location;
            let location = Location::new(base.file, span.shift(base.span.start));
            Some(BetzaMove {
                text,
                location,
                ast: m,
                expansion,
            })
        })
        .collect()
}

/// The expansion of `text` on this board, or `None` when it does not expand.
pub fn expand_text(board: &Board, text: &str) -> Option<Expansion> {
    expand(
        text,
        BoardSize {
            files: board.width,
            ranks: board.height,
        },
    )
    .ok()
    .map(|(e, _)| e)
}

/// The set of distinct paths of an expansion, for comparing move sets.
pub fn path_set(expansion: &Expansion) -> std::collections::BTreeSet<Vec<(i8, i8, u8, u32)>> {
    expansion
        .paths
        .iter()
        .map(|p| {
            p.legs
                .iter()
                .map(|l| (l.dx, l.dy, l.range, l.modes.0))
                .collect()
        })
        .collect()
}
