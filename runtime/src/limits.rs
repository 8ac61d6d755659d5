//! The runtime's capacities, in one place: the fixed-size parts of positions and moves, and
//! the sizes the move tables are built for. The compiler asks [`check`] before it accepts a
//! variant and the compiled-file loader asks it before it builds tables, so a variant that
//! passes either is never truncated by the runtime.
//!
//! ```
//! use koma_runtime::limits::{self, Exceeded};
//! assert!(limits::MAX_FILES >= 36 && limits::MAX_SQUARES >= 36 * 36); // Taikyoku Shogi
//! # let _ = Exceeded::Board { width: 0, height: 0 };
//! ```

use std::fmt;

use crate::spec::{Modes, PathTemplate, PieceSpec, Player, VariantSpec};

/// Most files of a board grid.
pub const MAX_FILES: u8 = 36;
/// Most ranks of a board grid.
pub const MAX_RANKS: u8 = 99;
/// Most cells of a board grid (the square index is a `u16`; square sets are sized for this).
pub const MAX_SQUARES: usize = 2048;
/// Most piece types of a variant. A piece type is a `u16`, but a move keeps its promotion and
/// its gate (each a type plus one) in 9 bits, the room its 16 bytes leave (see
/// [`Move`](crate::Move)); Taikyoku Shogi, the largest historical game, has 320.
pub const MAX_PIECE_TYPES: usize = 511;
/// Most squares one move removes besides its destination (locust victims, e.p., burns).
pub const MAX_CAPTURES: usize = 16;
/// Most legs of one path.
pub const MAX_LEGS: usize = 64;
/// Most paths of one piece (path indices are `u32`).
pub const MAX_PATHS: usize = 100_000;
/// Most (path, start square) entries of the move tables, summed over all piece types: the
/// tables of one player take about 12 bytes per entry.
pub const MAX_TABLE_ENTRIES: usize = 16_000_000;
/// Most bytes of a file written by `koma compile` that is read back (the largest shipped
/// variant compiles to well under 1 MiB).
pub const MAX_COMPILED_BYTES: u64 = 256 << 20;
/// Most royal pieces one player can have at once.
pub const MAX_ROYALS: usize = 32;
/// Most pieces of one type in one hand: a hand counts each piece type in a `u8`.
pub const MAX_IN_HAND: u8 = u8::MAX;
/// Most pieces a game with hands may have, on the board and in hand together: any piece may
/// end in one hand, so no hand ever holds more than [`MAX_IN_HAND`] of a type.
pub const MAX_PIECES_WITH_HANDS: usize = MAX_IN_HAND as usize;
/// Most e.p. squares one move can leave.
pub const MAX_EP: usize = 16;
/// Most victims a `choose` burn picks among.
pub const MAX_BURN_CHOICES: usize = 8;
/// Most work one piece's paths may cost from one square: the number of ways to walk them on
/// an empty board, counted leg by leg (see [`route_count`]).
pub const MAX_ROUTES: u64 = 250_000;

/// A capacity a variant exceeds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Exceeded {
    /// The board grid is empty or larger than [`MAX_FILES`] x [`MAX_RANKS`] / [`MAX_SQUARES`].
    Board {
        /// Grid columns.
        width: u8,
        /// Grid rows.
        height: u8,
    },
    /// More than [`MAX_PIECE_TYPES`] piece types.
    PieceTypes {
        /// The variant's piece types.
        count: usize,
    },
    /// A path of piece `piece` (index) has more than [`MAX_LEGS`] legs.
    Legs {
        /// The piece type's index.
        piece: usize,
        /// The path's legs.
        legs: usize,
    },
    /// A piece has more than [`MAX_PATHS`] paths.
    Paths {
        /// The piece type's index.
        piece: usize,
        /// Its paths.
        paths: usize,
    },
    /// The move tables would hold more than [`MAX_TABLE_ENTRIES`] (path, square) entries.
    TableEntries {
        /// The entries the tables would hold.
        entries: usize,
    },
    /// Walking a piece's paths from one square may take more than [`MAX_ROUTES`] routes.
    Routes {
        /// The piece type's index.
        piece: usize,
        /// The routes from one square.
        routes: u64,
    },
    /// A move of the piece may remove more than [`MAX_CAPTURES`] squares.
    Captures {
        /// The piece type's index.
        piece: usize,
        /// The squares one move may remove.
        captures: usize,
    },
    /// A leg of the piece may leave more than [`MAX_EP`] e.p. squares.
    EnPassant {
        /// The piece type's index.
        piece: usize,
        /// The e.p. squares one leg may leave.
        squares: usize,
    },
    /// More royals for one player than [`MAX_ROYALS`] (counting pieces that may promote to one).
    Royals {
        /// Whose royals.
        player: Player,
        /// How many.
        count: usize,
    },
    /// The `choose` burn rule `burn` (index) has more than [`MAX_BURN_CHOICES`] squares.
    BurnChoices {
        /// The burn rule's index.
        burn: usize,
        /// Its area's squares.
        area: usize,
    },
    /// A game with hands has more than [`MAX_PIECES_WITH_HANDS`] pieces.
    HandPieces {
        /// The pieces of the game.
        count: usize,
    },
}

impl fmt::Display for Exceeded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Exceeded::Board { width, height } => write!(
                f,
                "a board of {width} x {height} squares is not supported (1 to {MAX_FILES} files, \
                 1 to {MAX_RANKS} ranks, at most {MAX_SQUARES} squares)"
            ),
            Exceeded::PieceTypes { count } => {
                write!(f, "{count} piece types (at most {MAX_PIECE_TYPES})")
            }
            Exceeded::Legs { legs, .. } => {
                write!(f, "a path of {legs} legs (at most {MAX_LEGS})")
            }
            Exceeded::Paths { paths, .. } => {
                write!(f, "the moves expand to {paths} paths (at most {MAX_PATHS})")
            }
            Exceeded::TableEntries { entries } => write!(
                f,
                "the move tables would hold {entries} (path, square) entries (budget {MAX_TABLE_ENTRIES})"
            ),
            Exceeded::Routes { routes, .. } => write!(
                f,
                "the moves may take {routes} routes to walk from one square (budget {MAX_ROUTES})"
            ),
            Exceeded::Captures { captures, .. } => write!(
                f,
                "a move may remove {captures} pieces besides its destination (at most {MAX_CAPTURES})"
            ),
            Exceeded::EnPassant { squares, .. } => write!(
                f,
                "a move may leave {squares} e.p. squares (at most {MAX_EP})"
            ),
            Exceeded::Royals { player, count } => write!(
                f,
                "the {} player may have {count} royal pieces (at most {MAX_ROYALS})",
                match player {
                    Player::First => "first",
                    Player::Second => "second",
                }
            ),
            Exceeded::BurnChoices { area, .. } => write!(
                f,
                "a burn that chooses its victims among {area} squares (at most {MAX_BURN_CHOICES})"
            ),
            Exceeded::HandPieces { count } => write!(
                f,
                "{count} pieces in a game with hands (at most {MAX_PIECES_WITH_HANDS}, since any \
                 of them may end in one hand)"
            ),
        }
    }
}

impl std::error::Error for Exceeded {}

/// Whether a board grid fits.
pub fn board_fits(width: u8, height: u8) -> bool {
    (1..=MAX_FILES).contains(&width)
        && (1..=MAX_RANKS).contains(&height)
        && usize::from(width) * usize::from(height) <= MAX_SQUARES
}

/// How many squares walking the paths from one square visits, counted generously: a leg of
/// range `r` (0 = unlimited) visits at most `r` squares; one that may move on to empty squares
/// may start the next leg from each of them, one that only captures or hops from the single
/// piece it stops at. Saturates instead of overflowing.
pub fn route_count(paths: &[PathTemplate], width: u8, height: u8) -> u64 {
    let side = u64::from(width.max(height));
    let mut total: u64 = 0;
    for p in paths {
        let mut routes: u64 = 1;
        let mut reach_sum: u64 = 0;
        for leg in &p.legs {
            let step = u64::from(leg.dx.unsigned_abs().max(leg.dy.unsigned_abs())).max(1);
            let wraps = leg.modes.intersects(Modes::CYLINDER.union(Modes::TORUS));
            let board = if wraps { 2 * side } else { side } / step;
            let reach = match leg.range {
                0 => board,
                r => u64::from(r).min(board.max(1)),
            }
            .max(1);
            reach_sum = reach_sum.saturating_add(routes.saturating_mul(reach));
            if leg.modes.contains(Modes::MOVE) {
                routes = routes.saturating_mul(reach);
            }
        }
        total = total.saturating_add(reach_sum);
    }
    total
}

/// Most squares a move of `p` may remove besides its destination: one per leg that may
/// capture or destroy on the way, plus an e.p. victim.
fn path_captures(p: &PathTemplate) -> usize {
    let removing = Modes::CAPTURE
        .union(Modes::DESTROY)
        .union(Modes::ROYAL_CAPTURE);
    let n = p.legs.len();
    let side = p.legs[..n.saturating_sub(1)]
        .iter()
        .filter(|l| l.modes.intersects(removing))
        .count();
    let ep = usize::from(p.legs.iter().any(|l| l.modes.contains(Modes::EN_PASSANT)));
    side + ep
}

/// Most e.p. squares a leg of `p` may leave (the squares it passes over).
fn path_ep_squares(p: &PathTemplate, width: u8, height: u8) -> usize {
    p.legs
        .iter()
        .filter(|l| l.modes.contains(Modes::CREATES_EP))
        .map(|l| {
            let step = usize::from(l.dx.unsigned_abs().max(l.dy.unsigned_abs()));
            let range = match l.range {
                0 => usize::from(width.max(height)),
                r => usize::from(r),
            };
            // Every square passed over on the way to the last one.
            (range * step.max(1)).saturating_sub(1)
        })
        .max()
        .unwrap_or(0)
}

fn piece_limits(i: usize, piece: &PieceSpec, spec: &VariantSpec, out: &mut Vec<Exceeded>) {
    let (w, h) = (spec.board.width, spec.board.height);
    if piece.paths.len() > MAX_PATHS {
        out.push(Exceeded::Paths {
            piece: i,
            paths: piece.paths.len(),
        });
        return;
    }
    if let Some(legs) = piece.paths.iter().map(|p| p.legs.len()).max()
        && legs > MAX_LEGS
    {
        out.push(Exceeded::Legs { piece: i, legs });
        return;
    }
    let routes = route_count(&piece.paths, w, h);
    if routes > MAX_ROUTES {
        out.push(Exceeded::Routes { piece: i, routes });
    }
    let burns = &spec.rules.burning;
    let burn_area: usize = burns
        .iter()
        .filter(|b| b.burners.iter().any(|t| usize::from(t.0) == i) || b.on_promotion)
        .map(|b| b.area.len())
        .sum();
    // A burned mover is listed among the removed squares too.
    let burned_self = usize::from(!burns.is_empty());
    let captures = piece.paths.iter().map(path_captures).max().unwrap_or(0);
    // An explosion lists the mover's destination and its whole area.
    let blast = spec
        .rules
        .explosion
        .as_ref()
        .map_or(0, |e| e.area.len() + 1);
    let captures = captures + burn_area + burned_self + blast;
    if captures > MAX_CAPTURES {
        out.push(Exceeded::Captures { piece: i, captures });
    }
    let ep = piece
        .paths
        .iter()
        .map(|p| path_ep_squares(p, w, h))
        .max()
        .unwrap_or(0);
    if ep > MAX_EP {
        out.push(Exceeded::EnPassant {
            piece: i,
            squares: ep,
        });
    }
}

/// Royal pieces each player may have at once: royal setup pieces and setup pieces that may
/// promote (in any number of steps) into a royal type.
fn royal_counts(spec: &VariantSpec, out: &mut Vec<Exceeded>) {
    let Some(setup) = &spec.setup else { return };
    let n = spec.pieces.len();
    let mut may_be_royal: Vec<bool> = spec.pieces.iter().map(|p| p.royal).collect();
    // Promotion chains are short; iterate to a fixed point.
    loop {
        let mut changed = false;
        for (i, p) in spec.pieces.iter().enumerate() {
            if !may_be_royal[i]
                && p.promotions
                    .iter()
                    .any(|t| usize::from(t.0) < n && may_be_royal[usize::from(t.0)])
            {
                may_be_royal[i] = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    for player in [Player::First, Player::Second] {
        let count = setup
            .iter()
            .filter(|p| p.player == player)
            .filter(|p| may_be_royal.get(usize::from(p.piece.0)) == Some(&true))
            .count();
        if count > MAX_ROYALS {
            out.push(Exceeded::Royals { player, count });
        }
    }
}

/// Every capacity `spec` exceeds (empty when the runtime can play it exactly).
pub fn check(spec: &VariantSpec) -> Vec<Exceeded> {
    let mut out = Vec::new();
    let b = &spec.board;
    if !board_fits(b.width, b.height) {
        out.push(Exceeded::Board {
            width: b.width,
            height: b.height,
        });
        return out;
    }
    if spec.pieces.len() > MAX_PIECE_TYPES {
        out.push(Exceeded::PieceTypes {
            count: spec.pieces.len(),
        });
        return out;
    }
    for (i, piece) in spec.pieces.iter().enumerate() {
        piece_limits(i, piece, spec, &mut out);
    }
    let squares = spec.board.real.iter().filter(|&&r| r).count();
    let (w, h) = (usize::from(b.width), usize::from(b.height));
    // A path is listed on every square its first step stays on the board from.
    let starts = |p: &PathTemplate| match p.legs.first() {
        Some(l) if !l.modes.intersects(Modes::CYLINDER.union(Modes::TORUS)) => {
            let dx = usize::from(l.dx.unsigned_abs());
            let dy = usize::from(l.dy.unsigned_abs());
            (w.saturating_sub(dx) * h.saturating_sub(dy)).min(squares)
        }
        _ => squares,
    };
    let entries = spec
        .pieces
        .iter()
        .flat_map(|p| p.paths.iter().map(starts))
        .fold(0usize, usize::saturating_add);
    if out.is_empty() && entries > MAX_TABLE_ENTRIES {
        out.push(Exceeded::TableEntries { entries });
    }
    royal_counts(spec, &mut out);
    let drops = &spec.rules.drops;
    let count = spec.setup.as_ref().map_or(0, Vec::len) + drops.start_hand.len();
    if drops.has_hands() && count > MAX_PIECES_WITH_HANDS {
        out.push(Exceeded::HandPieces { count });
    }
    for (i, burn) in spec.rules.burning.iter().enumerate() {
        if burn.choose_up_to.is_some() && burn.area.len() > MAX_BURN_CHOICES {
            out.push(Exceeded::BurnChoices {
                burn: i,
                area: burn.area.len(),
            });
        }
    }
    out
}
