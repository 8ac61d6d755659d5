//! Regions: named sets of squares that confine pieces or change their moves (a palace, each
//! side of a river), and the rule that royals may not face each other on an open file.
//!
//! Regions are table data. A piece's moves on a square are chosen when the tables are built:
//! the paths of its `in REGION` moves start only on that region's squares (where several of
//! its regions overlap, only the first one's), its other paths only where none of those
//! regions lies, and a confined piece keeps only the paths that stay
//! in its region (a ride is cut where it would leave). Move generation then walks the tables
//! as usual. Only the facing-royals rule is a runtime test: an enemy royal at the far end of
//! an open file attacks like a rook along it (`Position::royal_faces`).

use crate::geometry::{ByPlayer, Geometry, Square};
use crate::position::Position;
use crate::spec::{Modes, PathTemplate, PieceRegions, Player, RegionsSpec};

/// Regions per player as square masks, and per piece how to filter its paths.
#[derive(Clone, Debug, Default)]
pub(crate) struct RegionTables {
    /// `masks[region].get(player)[square]`.
    masks: Vec<ByPlayer<Vec<bool>>>,
    pieces: Vec<PieceRegions>,
    pub facing: bool,
    pub must_break: bool,
}

impl RegionTables {
    pub fn new(geo: &Geometry, spec: &RegionsSpec) -> RegionTables {
        let masks = spec
            .regions
            .iter()
            .map(|r| geo.sided_mask(&r.squares, r.second.as_deref()))
            .collect();
        RegionTables {
            masks,
            pieces: spec.pieces.clone(),
            facing: spec.facing_royals_forbidden,
            must_break: spec.facing_royals_must_break,
        }
    }

    /// Whether the piece type's moves depend on where it stands.
    pub fn is_bound(&self, ty: usize) -> bool {
        self.pieces.get(ty).is_some_and(PieceRegions::is_bound)
    }

    fn inside(&self, region: u8, player: Player, sq: Square) -> bool {
        self.masks
            .get(usize::from(region))
            .is_some_and(|m| m.get(player)[sq.index()])
    }

    /// The region a confined piece type never leaves, as a square mask.
    pub fn confinement(&self, ty: usize, player: Player) -> Option<&[bool]> {
        let r = self.pieces.get(ty)?.confined?;
        self.masks.get(usize::from(r)).map(|m| &m.get(player)[..])
    }

    /// Whether path `path` of piece type `ty` applies on `sq`: on a square of one or more of
    /// its `in` regions the moves of the first of them (in the order written), elsewhere its
    /// own moves.
    pub fn path_applies(&self, ty: usize, player: Player, sq: Square, path: usize) -> bool {
        let Some(pr) = self.pieces.get(ty) else {
            return true;
        };
        let first = pr
            .path_region
            .iter()
            .flatten()
            .find(|&&r| self.inside(r, player, sq))
            .copied();
        first == pr.path_region.get(path).copied().flatten()
    }

    /// For a confined piece: how much of a first leg's ray (`ray`, already clipped to the leg's
    /// range) it may use. A single-leg path keeps the squares up to where it would leave its
    /// region; a multi-leg path of single steps and leaps stays whole when every square it
    /// stops on lies inside, and is dropped otherwise (0), as is any other multi-leg path.
    pub fn confined_len(
        &self,
        geo: &Geometry,
        ty: usize,
        player: Player,
        from: Square,
        template: &PathTemplate,
        ray: &[Square],
    ) -> usize {
        let Some(mask) = self.confinement(ty, player) else {
            return ray.len();
        };
        if template.legs.len() == 1 {
            return ray.iter().take_while(|s| mask[s.index()]).count();
        }
        let sign: i32 = if player == Player::First { 1 } else { -1 };
        let fixed = template.legs.iter().all(|l| {
            l.range == 1
                && !l.modes.intersects(
                    Modes::GRASSHOP
                        .union(Modes::CYLINDER)
                        .union(Modes::HALF_BOARD),
                )
        });
        if !fixed {
            return 0;
        }
        let c = geo.coord(from);
        let (mut x, mut y) = (i32::from(c.x), i32::from(c.y));
        for leg in &template.legs {
            x += sign * i32::from(leg.dx);
            y += sign * i32::from(leg.dy);
            match geo.square(x, y) {
                Some(s) if mask[s.index()] => {}
                _ => return 0,
            }
        }
        ray.len()
    }
}

impl Position {
    /// Whether an enemy royal stands at the far end of an open file from `sq` (facing-royals
    /// rule): for a royal of the other side on `sq`, that is an attack.
    pub(crate) fn royal_faces(&self, sq: Square, by: Player) -> bool {
        let t = &*self.tables;
        if !t.regions.facing && !self.facing_check {
            return false;
        }
        let own = self.board[sq.index()];
        own.is_piece() && own.player() != by && t.cell_is_royal(own) && self.facing_line(sq, by)
    }

    /// For the legality shortcut: the pieces of the side to move that alone stand between
    /// `royal` and an enemy royal on its file, up and down (moving one off the file is not
    /// safe).
    pub(crate) fn facing_pins(&self, royal: Square) -> [Option<Square>; 2] {
        let t = &*self.tables;
        let mut pins = [None; 2];
        if !t.regions.facing && !self.facing_check {
            return pins;
        }
        let me = self.side;
        let geo = &t.geo;
        let c = geo.coord(royal);
        for (k, dy) in [1i32, -1].into_iter().enumerate() {
            let mut y = i32::from(c.y) + dy;
            let mut own: Option<Square> = None;
            while let Some(s) = geo.square(i32::from(c.x), y) {
                let cell = self.board[s.index()];
                y += dy;
                if cell.is_empty() {
                    continue;
                }
                if !cell.is_piece() {
                    break;
                }
                if cell.player() == me && own.is_none() {
                    own = Some(s);
                    continue;
                }
                if cell.player() != me && t.cell_is_royal(cell) {
                    pins[k] = own;
                }
                break;
            }
        }
        pins
    }
}

impl Position {
    /// Whether passing has ended the game: two passes in a row (`pass twice-ends`), or a pass
    /// made while the royals face each other (`facing-royals must-break`). Then there is no
    /// legal move, and the result is a draw.
    pub(crate) fn ended_by_passing(&self) -> bool {
        let t = &*self.tables;
        let twice = t.spec.rules.passing.twice_ends;
        if !(twice || t.regions.must_break) || !self.last_move_was_pass() {
            return false;
        }
        (twice && self.passed_twice()) || (t.regions.must_break && self.must_break_facing())
    }

    /// Under `facing-royals must-break`: whether the side to move's royal faces an enemy royal
    /// on an open file (Janggi's bikjang). Then its passes are legal even in check, and its other
    /// moves must break the line.
    pub(crate) fn must_break_facing(&self) -> bool {
        let t = &*self.tables;
        t.regions.must_break
            && self.royals.get(self.side).squares().iter().any(|&r| {
                let by = self.side.opponent();
                self.facing_line(r, by)
            })
    }

    /// Whether an enemy (`by`) royal stands at the far end of an open file from `sq`.
    fn facing_line(&self, sq: Square, by: Player) -> bool {
        let t = &*self.tables;
        let geo = &t.geo;
        let c = geo.coord(sq);
        [1i32, -1].into_iter().any(|dy| {
            let mut y = i32::from(c.y) + dy;
            while let Some(s) = geo.square(i32::from(c.x), y) {
                let cell = self.board[s.index()];
                if !cell.is_empty() {
                    return cell.is_piece() && cell.player() == by && t.cell_is_royal(cell);
                }
                y += dy;
            }
            false
        })
    }
}

impl Position {
    /// `pass anytime IDS`: a pass by the first piece of one of these types (one pass is
    /// enough; `filter_passes` keeps one per position).
    pub(crate) fn anytime_passes(&self, out: &mut crate::moves::MoveList) {
        let anytime = &self.tables.spec.rules.passing.anytime;
        let side = self.side;
        if let Some(i) = self
            .board
            .iter()
            .position(|c| c.is_piece() && c.player() == side && anytime.contains(&c.piece_type()))
        {
            let sq = Square(i as u16);
            out.push(crate::moves::Move::new(sq, sq));
        }
    }
}

/// A confined piece may be dropped only inside its region: narrows the per-type drop zones
/// (`None`: anywhere) to the regions of confined types.
pub(crate) fn confine_drops(
    geo: &Geometry,
    spec: &crate::spec::VariantSpec,
    zones: &mut [Option<ByPlayer<Vec<bool>>>],
) {
    let regions = RegionTables::new(geo, &spec.rules.regions);
    for (ty, zone) in zones.iter_mut().enumerate() {
        for player in [Player::First, Player::Second] {
            let Some(mask) = regions.confinement(ty, player) else {
                continue;
            };
            let z = zone
                .get_or_insert_with(|| ByPlayer::new(vec![true; geo.len()], vec![true; geo.len()]));
            for (allowed, inside) in z.get_mut(player).iter_mut().zip(mask) {
                *allowed &= *inside;
            }
        }
    }
}
