//! Burning: a burner removes enemies in its area after it moves (active), an enemy that ends its
//! move in a burner's area is removed (passive), and a burner meeting an enemy burner may die
//! silently. Burn victims are part of the move: they are added to its capture list at
//! generation, so make/unmake, hashing and legality need nothing special. A mover that burns
//! itself lists its own destination among its side captures (`MoveRef::burns_mover`).

use crate::cell::Cell;
use crate::geometry::Square;
use crate::moves::{FullMove, MAX_CAPTURES, MoveKind, MoveList, MoveRef};
use crate::position::Position;
use crate::rules::CBurn;
use crate::spec::Player;
use crate::walk::{PathEnd, Sink, Walker};

/// Most burn candidates a `choose` clause enumerates subsets of (the eight neighbours).
const MAX_CHOICES: usize = crate::limits::MAX_BURN_CHOICES;

impl Position {
    /// Adds the burns to the moves `out[start..]` of the side to move: automatic victims are
    /// appended to each move's captures; every choice of a `choose N` burn becomes its own move.
    pub(crate) fn apply_burns(&self, out: &mut MoveList, start: usize) {
        let end = out.len();
        for i in start..end {
            let m = out.get(i);
            if m.kind() == MoveKind::Castle {
                continue;
            }
            let mover = self.board[m.from.index()];
            if !mover.is_piece() {
                continue;
            }
            let placed = m.promotion().unwrap_or(mover.piece_type());
            let (burned, silenced) =
                self.mover_burned(mover.player(), placed, m.to, |s| captured_by(self, m, s));
            let burns = |spec: &&CBurn| {
                spec.active
                    && spec.burner[usize::from(placed.0)]
                    && (spec.burner[usize::from(mover.piece_type().0)] || spec.on_promotion)
            };
            let active =
                !silenced && m.to != m.from && self.tables.rules.burns.iter().any(|s| burns(&s));
            // Most moves burn nothing and are not burned: they stay as they are.
            if !burned && !active {
                continue;
            }
            let mut base = m.to_full();
            let mut choices: Option<([Square; MAX_CHOICES], usize, u8)> = None;
            if active {
                for spec in self.tables.rules.burns.iter().filter(burns) {
                    let mut cand = [Square(0); MAX_CHOICES];
                    let mut n = 0;
                    for &s in &spec.area.get(mover.player())[m.to.index()] {
                        let c = self.board[s.index()];
                        if c.is_piece()
                            && c.player() != mover.player()
                            && !spec.immune[usize::from(c.piece_type().0)]
                            && !captured_by(self, base.as_ref(), s)
                        {
                            match spec.choose_up_to {
                                None => {
                                    base.push_burn(s);
                                }
                                Some(_) if n < MAX_CHOICES => {
                                    cand[n] = s;
                                    n += 1;
                                }
                                Some(_) => {}
                            }
                        }
                    }
                    if let Some(k) = spec.choose_up_to
                        && n > 0
                    {
                        choices = Some((cand, n, k));
                    }
                }
            }
            if burned {
                base.push_burn(m.to);
            }
            if base.ncap() != m.ncap() {
                let c = out.intern(&base);
                out.set(i, c);
            }
            if let Some((cand, n, k)) = choices {
                push_choices(out, base, &cand[..n], k);
            }
        }
    }

    /// Whether a mover of `player` that becomes `placed` on `to` is burned there, and whether
    /// that also silences its own burn (burner meets burner). `gone(s)`: the move removes `s`.
    pub(crate) fn mover_burned(
        &self,
        player: Player,
        placed: crate::spec::PieceType,
        to: Square,
        gone: impl Fn(Square) -> bool,
    ) -> (bool, bool) {
        let enemy = player.opponent();
        let p = usize::from(placed.0);
        let mut burned = false;
        let mut silenced = false;
        for spec in &self.tables.rules.burns {
            let passive = spec.passive && !spec.immune[p];
            let meets = spec.meets_dies && spec.burner[p];
            if !passive && !meets {
                continue;
            }
            let hit = spec.reverse.get(enemy)[to.index()].iter().any(|&r| {
                let c = self.board[r.index()];
                c.is_piece()
                    && c.player() == enemy
                    && spec.burner[usize::from(c.piece_type().0)]
                    && !gone(r)
            });
            if hit {
                burned = true;
                silenced |= meets;
            }
        }
        (burned, silenced)
    }

    /// Whether an active burner of `by` could move so that its burn removes the piece on `sq`
    /// (burning gives check where royals must not be left attacked). With `on-promotion`, a
    /// piece whose move promotes it into a burner burns on arrival, so such moves count too.
    pub(crate) fn burn_attacked(&self, sq: Square, by: Player) -> bool {
        let t = &*self.tables;
        let target = self.board[sq.index()];
        for spec in t.rules.burns.iter().filter(|b| b.active) {
            if target.is_piece() && spec.immune[usize::from(target.piece_type().0)] {
                continue;
            }
            for from in self.squares_of(by) {
                let c = self.board[from.index()];
                let ty = usize::from(c.piece_type().0);
                let promoting = if spec.burner[ty] {
                    None
                } else if let Some(p) = spec.promotes_into.get(ty).copied().flatten() {
                    Some(p)
                } else {
                    continue;
                };
                if self.burner_may_reach(from, c, sq, spec)
                    && self.can_act(from, c)
                    && self.burner_reaches(from, c, sq, spec, promoting)
                {
                    return true;
                }
            }
        }
        false
    }

    /// False when no square of the burner's footprint burns `target` (no walk can end where
    /// its burn reaches); true when there is no footprint.
    #[inline]
    fn burner_may_reach(&self, from: Square, c: Cell, target: Square, spec: &CBurn) -> bool {
        let ty = usize::from(c.piece_type().0);
        self.tables
            .footprints
            .moves(ty, c.player(), from)
            .is_none_or(|set| {
                spec.reverse.get(c.player())[target.index()]
                    .iter()
                    .any(|&d| crate::bits::contains(set, d))
            })
    }

    /// Whether the piece `c` on `from` has a move after which `target` lies in its burn area
    /// and it is not silenced by an enemy burner. `promoting`: `c` is no burner, only the
    /// burner it becomes by promotion, so only moves that fire a promotion trigger count.
    fn burner_reaches(
        &self,
        from: Square,
        c: Cell,
        target: Square,
        spec: &CBurn,
        promoting: Option<crate::spec::PieceType>,
    ) -> bool {
        let t = &*self.tables;
        let pt = t.piece(c.piece_type(), c.player());
        let (a, b) = pt.first_index[from.index()];
        let mut sink = ReachSink {
            pos: self,
            spec,
            from,
            mover: c,
            target,
            promoting,
        };
        let mut walker = Walker::new(
            t,
            &self.board,
            pt,
            from,
            c,
            &self.ep,
            self.virgin[from.index()],
            &mut sink,
        );
        for fl in &pt.firsts[a as usize..b as usize] {
            let path = pt.paths[fl.path as usize];
            let ray = &t.rays[fl.ray_off as usize..fl.ray_off as usize + usize::from(fl.ray_len)];
            if walker.walk(path, ray) {
                return true;
            }
        }
        false
    }
}

/// Stops at the first path end from which a burner's burn reaches the target.
struct ReachSink<'a> {
    pos: &'a Position,
    spec: &'a CBurn,
    from: Square,
    mover: Cell,
    target: Square,
    /// The burner the mover becomes when the move promotes (the mover itself burns when `None`).
    promoting: Option<crate::spec::PieceType>,
}

impl Sink for ReachSink<'_> {
    fn end(&mut self, e: PathEnd<'_>) -> bool {
        if e.to == self.from || e.to == self.target {
            return false;
        }
        let player = self.mover.player();
        if !self.spec.area.get(player)[e.to.index()].contains(&self.target) {
            return false;
        }
        let gone = |s: Square| (e.dest_capture && s == e.to) || e.victims.contains(&s);
        if gone(self.target) {
            return false;
        }
        let placed = match self.promoting {
            None => self.mover.piece_type(),
            Some(p) => {
                let t = &*self.pos.tables;
                let zone = t.zone.get(player);
                let mid_in = e.stops.iter().any(|s| zone[s.index()]);
                let capture = e.dest_capture || !e.victims.is_empty();
                let fires = t.spec.rules.promotion.fires(
                    zone[self.from.index()],
                    zone[e.to.index()],
                    mid_in,
                    capture,
                );
                if !fires {
                    return false;
                }
                p
            }
        };
        let (_, silenced) = self.pos.mover_burned(player, placed, e.to, gone);
        !silenced
    }
}

/// Whether the move removes the piece on `s` (its destination or a side capture).
fn captured_by(pos: &Position, m: MoveRef<'_>, s: Square) -> bool {
    (s == m.to && m.to != m.from && pos.board[s.index()].is_piece())
        || m.side_captures().contains(&s)
}

/// Appends one move per non-empty choice of at most `k` victims among `cand` (the empty choice
/// is `base` itself, already in the list).
fn push_choices(out: &mut MoveList, base: FullMove, cand: &[Square], k: u8) {
    let n = cand.len();
    for mask in 1u32..(1 << n) {
        if mask.count_ones() > u32::from(k) {
            continue;
        }
        let mut m = base;
        let mut fits = m.ncap() + mask.count_ones() as usize <= MAX_CAPTURES;
        for (j, &s) in cand.iter().enumerate() {
            if fits && mask & (1 << j) != 0 {
                fits = m.push_burn(s);
            }
        }
        if fits {
            out.push_full(&m);
        }
    }
}
