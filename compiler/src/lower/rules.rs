//! Lowering rules clauses into the runtime's rule parameters, checking each parameter.

use koma_grammar::Spanned;
use koma_grammar::ast::{
    self, Area, BurnOption, Clause, ClauseKind, FreezeOption, PassRule, ResetEvent, SquareItem,
    Trigger, Zone,
};
use koma_runtime::limits::MAX_BURN_CHOICES;
use koma_runtime::spec::{
    AntiTradeSpec, AntiTradeWhen, BurnSpec, Coord, DropEdge, DropZone, EVAL_TERMS, ExplodeSpec,
    ExtinctionSpec, ForcedPromotion, FreezeSpec, GoalSpec, HonourSpec, MoveLimit, Outcome,
    PieceType, Player, PromotionKind, RepeatSpec, RepetitionScore, RowGoal, Tiebreak, Triggers,
    UnmovedDrop, WallKind, WallSpec, WinCondition,
};

use super::pieces::{Names, attributes};
use crate::codes;
use crate::diagnostic::{Diagnostic, FileId, Location, Suggestion, did_you_mean};
use crate::ir::{Board, ClauseInfo, Located, Piece, Rules};
use crate::parse::location;

/// Lowering state for one clause list.
struct Lowering<'a> {
    board: &'a Board,
    names: &'a Names,
    diagnostics: &'a mut Vec<Diagnostic>,
    rules: Rules,
    /// Pieces a `royal` clause names, with where.
    royals: Vec<(PieceType, Location)>,
    /// `captures to-hand`: whether captured pieces keep their promoted form.
    captures_as_is: Option<bool>,
    /// The `promotion zone` lines so far: the side each gives (`None`: both), and where.
    zones: Vec<(Option<Player>, Location)>,
}

/// How a clause that lists each piece once reports a piece listed twice.
struct ListedTwice {
    code: &'static str,
    /// What the second listing means, after the piece's name.
    message: &'static str,
    again: &'static str,
    first: &'static str,
    help: &'static str,
}

const LIMITED_TWICE: ListedTwice = ListedTwice {
    code: codes::LIMIT_TWICE,
    message: "has two promotion limits",
    again: "limited again here",
    first: "first limited here",
    help: "list the piece in one entry: the pieces of an entry are counted together",
};

const RANKED_TWICE: ListedTwice = ListedTwice {
    code: codes::DUPLICATE_JUMP_RANK,
    message: "is ranked twice",
    again: "ranked again here",
    first: "first ranked here",
    help: "each piece has one rank: list it once",
};

/// Lowers `clauses`; pieces named by `royal` clauses get their `royal` location set.
pub(crate) fn lower_rules(
    clauses: &[(FileId, &Clause)],
    board: &Board,
    names: &Names,
    pieces: &mut [Piece],
    diagnostics: &mut Vec<Diagnostic>,
) -> Rules {
    let mut lowering = Lowering {
        board,
        names,
        diagnostics,
        rules: Rules::default(),
        royals: Vec::new(),
        captures_as_is: None,
        zones: Vec::new(),
    };
    lowering.rules.promotion.triggers = Triggers::ENTER;
    for (file, clause) in clauses {
        lowering.clause(*file, clause);
    }
    for (piece, at) in lowering.royals {
        let slot = &mut pieces[usize::from(piece.0)].royal;
        if slot.is_none() {
            *slot = Some(at);
        }
    }
    if let Some(as_is) = lowering.captures_as_is {
        lowering.rules.drops.to_hand = hand_forms(pieces, as_is);
    }
    lowering.rules
}

/// What each captured piece becomes in the capturer's hand: its base form (the piece it
/// promoted from, followed back to the start of the promotion chain) or, `as_is`, itself.
/// Royals go to no hand.
fn hand_forms(pieces: &[Piece], as_is: bool) -> Vec<Option<PieceType>> {
    let promoted_from = |t: usize| {
        pieces
            .iter()
            .position(|p| p.promotions.iter().any(|q| usize::from(q.value.0) == t))
    };
    (0..pieces.len())
        .map(|t| {
            if pieces[t].royal.is_some() {
                return None;
            }
            let mut base = t;
            if !as_is {
                for _ in 0..pieces.len() {
                    match promoted_from(base) {
                        Some(b) if b != base && b != t => base = b,
                        _ => break,
                    }
                }
            }
            Some(PieceType(base as u16))
        })
        .collect()
}

fn area_offsets(area: Area) -> Vec<(i8, i8)> {
    let king = [
        (-1, -1),
        (0, -1),
        (1, -1),
        (-1, 0),
        (1, 0),
        (-1, 1),
        (0, 1),
        (1, 1),
    ];
    king.into_iter()
        .filter(|(dx, dy)| match area {
            Area::King => true,
            Area::Diagonal => *dx != 0 && *dy != 0,
            Area::Orthogonal => *dx == 0 || *dy == 0,
        })
        .collect()
}

fn promotion_kind(kind: ast::PromotionKind) -> PromotionKind {
    match kind {
        ast::PromotionKind::Optional => PromotionKind::Optional,
        ast::PromotionKind::Mandatory => PromotionKind::Mandatory,
        ast::PromotionKind::Automatic => PromotionKind::Automatic,
    }
}

fn win_condition(kind: ast::WinKind) -> WinCondition {
    match kind {
        ast::WinKind::Extinction => WinCondition::Extinction,
        ast::WinKind::Checkmate => WinCondition::Checkmate,
    }
}

fn outcome(outcome: ast::Outcome) -> Outcome {
    match outcome {
        ast::Outcome::Wins => Outcome::Win,
        ast::Outcome::Draws => Outcome::Draw,
        ast::Outcome::Loses => Outcome::Loss,
    }
}

/// `repeat illegal|loses [except ...]`.
fn repeat(outcome: ast::RepeatOutcome, exceptions: &[Spanned<ast::RepeatException>]) -> RepeatSpec {
    let except = |e: ast::RepeatException| exceptions.iter().any(|x| x.value == e);
    RepeatSpec {
        loses: outcome == ast::RepeatOutcome::Loses,
        except_evasion: except(ast::RepeatException::Evasion),
        except_no_new_attack: except(ast::RepeatException::NoNewAttack),
    }
}

impl Lowering<'_> {
    /// Records `clause` and lowers it: one method per clause kind (a flag is set in its arm).
    // long: a table, one arm per clause kind; one exhaustive match, so that no new kind is
    // left unlowered.
    fn clause(&mut self, file: FileId, clause: &Clause) {
        let at = location(file, clause.span);
        if clause.kind == ClauseKind::Unknown {
            self.unknown(file, &clause.keyword);
            return;
        }
        self.rules.clauses.push(ClauseInfo {
            key: clause.kind.key(),
            location: at,
            attributes: attributes(file, &clause.attributes),
        });
        let rules = &mut self.rules;
        match &clause.kind {
            ClauseKind::PromotionZone { side, zone } => self.zone(file, at, side.as_ref(), zone),
            ClauseKind::PromotionOn(triggers) => self.triggers(triggers),
            ClauseKind::PromotionKind(kind) => rules.promotion.kind = promotion_kind(kind.value),
            ClauseKind::PromotionForcedWhenStuck => rules.promotion.forced_when_stuck = true,
            ClauseKind::PromotionForced { pieces, last } => {
                self.promotion_forced(file, pieces, last)
            }
            ClauseKind::PromotionCapturedOnly => rules.promotion.captured_only = true,
            ClauseKind::PromotionFlip => rules.promotion.flip = true,
            ClauseKind::PromotionLimit(entries) => self.promotion_limit(file, entries),
            ClauseKind::DropPromoted => rules.drops.promoted = true,
            ClauseKind::Royal(ids) => self.royal(file, ids),
            ClauseKind::Win(kind) => rules.royals.win = win_condition(kind.value),
            ClauseKind::CheckLastRoyalOnly => rules.royals.check_last_only = true,
            ClauseKind::CheckDuple => rules.royals.duple = true,
            ClauseKind::CheckForbidden => rules.royals.check_forbidden = true,
            ClauseKind::CheckRoyalCapturesOnly => rules.royals.check_royal_captures_only = true,
            ClauseKind::CheckWins(n) => self.check_wins(file, n),
            ClauseKind::CapturesCompulsory => rules.captures_compulsory = true,
            ClauseKind::NoPieces(o) => rules.results.no_pieces = Some(outcome(o.value)),
            ClauseKind::Repetition { count, side, wins } => {
                self.scored_repetition(file, count, side.as_ref(), wins.value)
            }
            ClauseKind::Extinction {
                pieces,
                outcome,
                at,
                opponent_has,
            } => self.extinction(
                file,
                pieces,
                outcome.value,
                at.as_ref(),
                opponent_has.as_ref(),
            ),
            ClauseKind::Tiebreak(tiebreak) => self.tiebreak(file, tiebreak),
            ClauseKind::CheckmateScore(outcome) => {
                self.rules.results.endings.checkmate = Some(lower_outcome(outcome.value))
            }
            ClauseKind::StalemateByCount(fewer) => {
                self.rules.results.endings.stalemate_fewer_wins = Some(fewer.value)
            }
            ClauseKind::Goal {
                side,
                pieces,
                squares,
                count,
                or_filled,
                safe,
                hold,
                reply_draws,
                row,
            } => {
                if let (Some(span), true) = (hold, *reply_draws) {
                    self.hold_with_reply(file, *span);
                }
                let conditions = (
                    count.as_ref(),
                    *or_filled,
                    *safe,
                    hold.is_some(),
                    *reply_draws,
                );
                let row = row.as_ref().and_then(|r| self.goal_row(file, r));
                self.goal(file, at, side, pieces, squares, conditions, row)
            }
            ClauseKind::Burn { burners, options } => self.burn(file, at, burners, options),
            ClauseKind::Freeze { freezers, options } => self.freeze(file, at, freezers, options),
            ClauseKind::Explode(options) => self.explode(file, at, options),
            ClauseKind::Petrify(ids) => {
                self.rules.petrify = Some(Located {
                    value: self.pieces(file, ids, "in `petrify`"),
                    location: at,
                });
            }
            ClauseKind::Wall { kind, except } => self.wall(file, at, kind.value, except),
            ClauseKind::AntiTrade(trade) => self.anti_trade(file, at, trade),
            ClauseKind::JumpRank(tiers) => self.jump_rank(file, tiers),
            ClauseKind::Pass(rule) => self.pass(file, rule),
            ClauseKind::Stalemate(o) => rules.results.stalemate = outcome(o.value),
            ClauseKind::DrawRepetition(n) => self.draw_repetition(file, n),
            ClauseKind::DrawMoves { moves, reset } => self.move_limit(file, moves, reset),
            ClauseKind::DrawBareRoyal { single_piece } => self.draw_bare_royal(*single_piece),
            ClauseKind::BareRoyalLoses => rules.results.bare_royal_loses = true,
            ClauseKind::PerpetualCheck(loses) => rules.results.perpetual_check_loses = loses.value,
            ClauseKind::PerpetualAttack(loses) => {
                rules.results.perpetual_attack_loses = loses.value
            }
            ClauseKind::Repeat {
                outcome,
                exceptions,
            } => rules.repeat = Some(repeat(outcome.value, exceptions)),
            ClauseKind::CapturesToHand { as_is } => self.captures_as_is = Some(*as_is),
            ClauseKind::DropNotStuck => rules.drops.not_stuck = true,
            ClauseKind::DropNoCheck => rules.drops.no_check = true,
            ClauseKind::DropOnePerFile(ids) => self.drop_one_per_file(file, ids),
            ClauseKind::DropPerFile { limit, pieces } => self.drop_per_file(file, limit, pieces),
            ClauseKind::DropNoMate(ids) => self.drop_no_mate(file, ids),
            ClauseKind::DropNever(ids) => self.drop_never(file, ids),
            ClauseKind::DropZone {
                side,
                pieces,
                squares,
            } => self.drop_zone(file, side.as_ref(), pieces, squares),
            ClauseKind::DropCompulsory(ids) => self.drop_compulsory(file, ids),
            ClauseKind::DropEnclosing(start) => {
                self.rules.drops.enclosing = true;
                self.rules.drops.enclosing_start = self.squares(file, start);
            }
            ClauseKind::DropEnters(edge) => {
                self.rules.drops.enters = Some(match edge.value {
                    ast::DropEdge::Top => DropEdge::Top,
                    ast::DropEdge::AnySide => DropEdge::AnySide,
                });
            }
            ClauseKind::FlipEnclosed => rules.flip_enclosed = true,
            ClauseKind::DrawFullBoard => rules.results.endings.full_board = true,
            ClauseKind::DropUnmoved {
                side,
                pieces,
                squares,
            } => self.drop_unmoved(file, side, pieces, squares),
            ClauseKind::DropOppositeColours(ids) => {
                let ids = self.pieces(file, ids, "in `drop opposite-colours`");
                self.rules.drops.opposite_colours.extend(ids);
            }
            ClauseKind::CastlingWith(ids) => self.castling_with(file, ids),
            ClauseKind::CastlingTo(files) => self.castling_to(file, files),
            ClauseKind::CastlingSafeRoyalOnly => rules.castling_safe_royal_only = true,
            ClauseKind::CastlingOppositeWings => rules.castling_opposite_wings = true,
            ClauseKind::CastlingWins { side, king_side } => self.castling_wins(side, king_side),
            ClauseKind::Gating { squares, only } => {
                self.rules.drops.gates = self.squares(file, squares);
                self.rules.drops.gates_only = *only;
            }
            ClauseKind::CountingBoard {
                moves,
                up_to,
                unblocked,
            } => self.counting_board(file, moves, up_to.as_ref(), *unblocked),
            ClauseKind::FirstMoveNotInCheck(ids) => {
                let ids = self.pieces(file, ids, "in `first-move`");
                self.rules.first_moves.not_in_check.extend(ids);
            }
            ClauseKind::FirstMoveLostWhenAimed { pieces, aimers } => {
                let targets = self.pieces(file, pieces, "in `first-move`");
                let aimers = self.pieces(file, aimers, "in `lost-when-aimed`");
                for &t in &targets {
                    let pairs = aimers.iter().map(|&a| (t, a));
                    self.rules.first_moves.lost_when_aimed.extend(pairs);
                }
            }
            ClauseKind::CountingPieces { entries, default } => {
                self.counting_pieces(file, entries, default.as_ref())
            }
            ClauseKind::CountingWithout(ids) => self.counting_without(file, ids),
            ClauseKind::CountingFromZero => {
                let counting = self.rules.counting.get_or_insert_with(Default::default);
                counting.from_zero = true;
            }
            ClauseKind::FacingRoyals { must_break } => {
                rules.facing_royals_forbidden = !must_break;
                rules.facing_royals_must_break = *must_break;
            }
            ClauseKind::Weight { term, weight } => self.weight(file, term, *weight),
            ClauseKind::Unknown | ClauseKind::Remove(_) => {}
        }
    }

    /// The pieces `ids` names, each reported where it is unknown (`context`: "in `CLAUSE`").
    fn pieces(&mut self, file: FileId, ids: &[Spanned<String>], context: &str) -> Vec<PieceType> {
        self.names.resolve_all(file, ids, context, self.diagnostics)
    }

    /// Records that `id` names `piece`, unless `seen` already holds it: then reports the
    /// second listing as `twice` says, pointing at the first, and returns false.
    fn listed_once(
        &mut self,
        seen: &mut Vec<(PieceType, koma_grammar::Span)>,
        piece: PieceType,
        file: FileId,
        id: &Spanned<String>,
        twice: &ListedTwice,
    ) -> bool {
        let Some(&(_, first)) = seen.iter().find(|(p, _)| *p == piece) else {
            seen.push((piece, id.span));
            return true;
        };
        self.diagnostics.push(
            Diagnostic::error(
                twice.code,
                format!("`{}` {}", id.value, twice.message),
                location(file, id.span),
                twice.again,
            )
            .with_secondary(location(file, first), twice.first)
            .with_help(twice.help),
        );
        false
    }

    /// The squares `items` name, each once, in the order written.
    fn squares(&mut self, file: FileId, items: &[SquareItem]) -> Vec<Coord> {
        let mut coords = Vec::new();
        for item in items {
            for c in self.board.coords(file, item, self.diagnostics) {
                if !coords.contains(&c) {
                    coords.push(c);
                }
            }
        }
        coords
    }

    /// `promotion forced IDS last N`.
    fn promotion_forced(&mut self, file: FileId, ids: &[Spanned<String>], last: &Spanned<u32>) {
        let pieces = self.pieces(file, ids, "in `promotion forced`");
        let ranks = u32::from(self.board.ranks);
        if let Some(ranks) = self.in_range(file, last, 1, ranks, "the number of ranks") {
            self.rules.promotion.forced.push(ForcedPromotion {
                pieces,
                last_ranks: ranks as u8,
            });
        }
    }

    /// `royal IDS`: the pieces get their `royal` location when the clauses are lowered.
    fn royal(&mut self, file: FileId, ids: &[Spanned<String>]) {
        for id in ids {
            if let Some(piece) = self.names.resolve(file, id, "in `royal`", self.diagnostics) {
                self.royals.push((piece, location(file, id.span)));
            }
        }
    }

    /// `check N wins`: the count is a byte of the position.
    fn check_wins(&mut self, file: FileId, n: &Spanned<u32>) {
        let most = u32::from(u8::MAX);
        self.rules.results.check_wins = self
            .in_range(file, n, 1, most, "the number of checks")
            .map(|n| n as u8);
    }

    /// `row N [ranks] [files] [diagonals]` of a `goal`; `None` after an error.
    fn goal_row(&mut self, file: FileId, row: &ast::GoalRow) -> Option<RowGoal> {
        let most = u32::from(u8::MAX);
        let length = self.in_range(file, &row.length, 2, most, "the row length")?;
        let named = |l| row.lines.is_empty() || row.lines.iter().any(|x| x.value == l);
        Some(RowGoal {
            length: length as u8,
            loses: row.loses,
            ranks: named(ast::RowLine::Ranks),
            files: named(ast::RowLine::Files),
            diagonals: named(ast::RowLine::Diagonals),
        })
    }

    /// `goal [SIDE] IDS SQUARES [count N] [or-filled] [safe] [hold] [reply-draws]`, or
    /// `goal [SIDE] IDS row N ...` (`row`).
    fn goal(
        &mut self,
        file: FileId,
        at: Location,
        side: &Option<Spanned<ast::Side>>,
        ids: &[Spanned<String>],
        squares: &[SquareItem],
        (count, or_filled, safe, hold, reply_draws): (
            Option<&Spanned<u32>>,
            bool,
            bool,
            bool,
            bool,
        ),
        row: Option<RowGoal>,
    ) {
        let most = u32::from(u8::MAX);
        let count = match count {
            Some(n) => self.in_range(file, n, 1, most, "the goal count"),
            None => Some(1),
        };
        let pieces = self.pieces(file, ids, "in `goal`");
        let squares = self.squares(file, squares);
        let player = side.as_ref().map(|s| match s.value {
            ast::Side::First => Player::First,
            ast::Side::Second => Player::Second,
        });
        self.rules.goals.push(Located {
            value: GoalSpec {
                player,
                pieces,
                squares,
                reply_draws,
                count: count.unwrap_or(1) as u8,
                or_filled,
                safe,
                hold,
                row,
            },
            location: at,
        });
    }

    /// E0603: `hold` and `reply-draws` on one goal give the other player different answers.
    fn hold_with_reply(&mut self, file: FileId, hold: koma_grammar::Span) {
        self.diagnostics.push(
            Diagnostic::error(
                codes::CONFLICTING_OPTIONS,
                "`hold` with `reply-draws`".to_string(),
                location(file, hold),
                "conflicts with `reply-draws` on this line",
            )
            .with_help(
                "`hold` gives the other player any one move, `reply-draws` only one that \
                 reaches its own goal: keep one",
            ),
        );
    }

    /// `castling wins [first|second] [king-side|queen-side]`: the wings add up per player.
    fn castling_wins(
        &mut self,
        side: &Option<Spanned<ast::Side>>,
        king_side: &Option<Spanned<bool>>,
    ) {
        use koma_runtime::spec::{CASTLE_KING_SIDE, CASTLE_QUEEN_SIDE};
        let wings = match king_side.as_ref().map(|w| w.value) {
            Some(true) => CASTLE_KING_SIDE,
            Some(false) => CASTLE_QUEEN_SIDE,
            None => CASTLE_KING_SIDE | CASTLE_QUEEN_SIDE,
        };
        let wins = &mut self.rules.results.endings.castling_wins;
        for (i, s) in [ast::Side::First, ast::Side::Second]
            .into_iter()
            .enumerate()
        {
            if side.as_ref().is_none_or(|x| x.value == s) {
                wins[i] |= wings;
            }
        }
    }

    /// `draw repetition N`.
    fn draw_repetition(&mut self, file: FileId, n: &Spanned<u32>) {
        let most = u32::from(u8::MAX);
        self.rules.results.repetition = self
            .in_range(file, n, 2, most, "the repetition count")
            .map(|n| n as u8);
    }

    /// `draw bare-royal [single-piece]`.
    fn draw_bare_royal(&mut self, single_piece: bool) {
        self.rules.results.bare_royal_draw = true;
        if single_piece {
            self.rules.results.bare = koma_runtime::spec::Bare::SinglePiece;
        }
    }

    /// `drop one-per-file IDS`.
    fn drop_one_per_file(&mut self, file: FileId, ids: &[Spanned<String>]) {
        let ids = self.pieces(file, ids, "in `drop one-per-file`");
        self.rules.drops.one_per_file.extend(ids);
    }

    /// `drop per-file N IDS`.
    fn drop_per_file(&mut self, file: FileId, limit: &Spanned<u32>, ids: &[Spanned<String>]) {
        let ids = self.pieces(file, ids, "in `drop per-file`");
        // The most pieces of one type a file can hold: the count is a byte.
        let most = u32::from(u8::MAX);
        if let Some(n) = self.in_range(file, limit, 1, most, "the number of pieces") {
            let n = n as u8;
            let per_file = &mut self.rules.drops.per_file;
            per_file.extend(ids.into_iter().map(|t| (t, n)));
        }
    }

    /// `promotion limit IDS N, ...`: each entry's pieces are counted together; a piece may be
    /// in one entry only (E0808), since its promotions have one limit.
    fn promotion_limit(&mut self, file: FileId, entries: &[(Vec<Spanned<String>>, Spanned<u32>)]) {
        let most = u32::from(u8::MAX);
        let mut seen: Vec<(PieceType, koma_grammar::Span)> = Vec::new();
        for (ids, limit) in entries {
            let n = self.in_range(file, limit, 1, most, "the number of pieces");
            let mut group = Vec::new();
            for id in ids {
                let Some(&t) = self
                    .pieces(file, std::slice::from_ref(id), "in `promotion limit`")
                    .first()
                else {
                    continue;
                };
                if self.listed_once(&mut seen, t, file, id, &LIMITED_TWICE) {
                    group.push(t);
                }
            }
            if let (false, Some(n)) = (group.is_empty(), n) {
                self.rules.promotion.limits.push((group, n as u8));
            }
        }
    }

    /// `drop no-mate IDS`.
    fn drop_no_mate(&mut self, file: FileId, ids: &[Spanned<String>]) {
        let ids = self.pieces(file, ids, "in `drop no-mate`");
        self.rules.drops.no_mate.extend(ids);
    }

    /// `drop never IDS`: a drop zone of no squares for both players, so the runtime's zones
    /// (which confine a type to the union of its zones) leave these pieces nowhere to go.
    fn drop_never(&mut self, file: FileId, ids: &[Spanned<String>]) {
        let pieces = self.pieces(file, ids, "in `drop never`");
        self.rules.drops.zones.push(DropZone {
            pieces,
            squares: Vec::new(),
            side: None,
        });
    }

    /// `drop compulsory [IDS]`.
    fn drop_compulsory(&mut self, file: FileId, ids: &[Spanned<String>]) {
        let pieces = self.pieces(file, ids, "in `drop compulsory`");
        self.rules.drops.must_drop = true;
        self.rules.drops.must_drop_pieces = pieces;
    }

    /// `drop unmoved [SIDE] IDS SQUARES`.
    fn drop_unmoved(
        &mut self,
        file: FileId,
        side: &Option<Spanned<ast::Side>>,
        ids: &[Spanned<String>],
        squares: &[SquareItem],
    ) {
        let pieces = self.pieces(file, ids, "in `drop unmoved`");
        let squares = self.squares(file, squares);
        let player = side.as_ref().map(|s| match s.value {
            ast::Side::First => Player::First,
            ast::Side::Second => Player::Second,
        });
        self.rules.drops.unmoved.push(UnmovedDrop {
            player,
            pieces,
            squares,
        });
    }

    /// `drop zone [first|second] IDS SQUARES`.
    fn drop_zone(
        &mut self,
        file: FileId,
        side: Option<&Spanned<ast::Side>>,
        ids: &[Spanned<String>],
        squares: &[SquareItem],
    ) {
        let pieces = self.pieces(file, ids, "in `drop zone`");
        let squares = self.squares(file, squares);
        self.rules.drops.zones.push(DropZone {
            pieces,
            squares,
            side: side.map(|s| player(s.value)),
        });
    }

    /// `castling with IDS`.
    fn castling_with(&mut self, file: FileId, ids: &[Spanned<String>]) {
        self.rules.castling_partners = self.pieces(file, ids, "in `castling with`");
    }

    /// `castling to FILE FILE`: each a file of the board, named as its squares name it.
    fn castling_to(&mut self, file: FileId, files: &[Spanned<String>; 2]) {
        let mut xs = [0u8; 2];
        for (x, name) in xs.iter_mut().zip(files) {
            let found = (0..self.board.width).find(|&col| {
                let square = self.board.square_name(Coord { x: col, y: 0 });
                square.trim_end_matches(|c: char| c.is_ascii_digit()) == name.value
            });
            match found {
                Some(col) => *x = col,
                None => {
                    self.diagnostics.push(
                        Diagnostic::error(
                            codes::BAD_PARAMETER,
                            format!("the board has no file `{}`", name.value),
                            location(file, name.span),
                            "not a file of the board",
                        )
                        .with_help(
                            "name the files where the castler lands, e.g. `castling to g c`",
                        ),
                    );
                    return;
                }
            }
        }
        self.rules.castling_to = Some(xs);
    }

    /// `counting board-honour N [up-to M] [unblocked]`.
    fn counting_board(
        &mut self,
        file: FileId,
        n: &Spanned<u32>,
        up_to: Option<&Spanned<u32>>,
        unblocked: bool,
    ) {
        let n = self.count(file, n);
        let up_to = up_to.and_then(|m| self.board_up_to(file, m));
        let counting = self.rules.counting.get_or_insert_with(Default::default);
        counting.board_honour = n;
        counting.board_up_to = up_to;
        counting.board_unblocked = unblocked;
    }

    /// The `up-to` piece count of `counting board-honour`: at least 2, since a side with its
    /// royal alone counts by the pieces' honour.
    fn board_up_to(&mut self, file: FileId, m: &Spanned<u32>) -> Option<u16> {
        if m.value >= 2 {
            return Some(m.value.min(u32::from(u16::MAX)) as u16);
        }
        self.diagnostics.push(
            Diagnostic::error(
                codes::BOARD_HONOUR_UP_TO,
                format!("`up-to {}` leaves no side to count by the board's honour", m.value),
                location(file, m.span),
                "a side needs two pieces or more",
            )
            .with_help(
                "the piece count includes the royal: write `up-to 2` or more (Cambodian: `up-to 3`)",
            ),
        );
        None
    }

    /// `counting pieces-honour IDS N, ... [default N]`: a piece named twice counts twice.
    fn counting_pieces(
        &mut self,
        file: FileId,
        entries: &[ast::HonourEntry],
        default: Option<&Spanned<u32>>,
    ) {
        let mut honour = Vec::new();
        for e in entries {
            let ids = self.pieces(file, &e.pieces, "in `counting`");
            let mut pieces: Vec<(PieceType, u8)> = Vec::new();
            for t in ids {
                match pieces.iter_mut().find(|p| p.0 == t) {
                    Some(p) => p.1 = p.1.saturating_add(1),
                    None => pieces.push((t, 1)),
                }
            }
            if let Some(moves) = self.count(file, &e.moves) {
                honour.push(HonourSpec { pieces, moves });
            }
        }
        let default = default.and_then(|d| self.count(file, d));
        let counting = self.rules.counting.get_or_insert_with(Default::default);
        counting.pieces_honour = honour;
        counting.pieces_default = default;
    }

    /// `counting without IDS`.
    fn counting_without(&mut self, file: FileId, ids: &[Spanned<String>]) {
        let ids = self.pieces(file, ids, "in `counting without`");
        self.rules
            .counting
            .get_or_insert_with(Default::default)
            .without = ids;
    }

    /// A count of moves of Makruk's counting rules.
    fn count(&mut self, file: FileId, n: &Spanned<u32>) -> Option<u16> {
        self.in_range(file, n, 1, 10_000, "the count")
            .map(|n| n as u16)
    }

    fn unknown(&mut self, file: FileId, keyword: &Spanned<String>) {
        let at = location(file, keyword.span);
        let mut d = Diagnostic::error(
            codes::UNKNOWN_CLAUSE,
            format!("unknown rules clause `{}`", keyword.value),
            at,
            "not a clause name",
        );
        d = match did_you_mean(&keyword.value, koma_grammar::clause_keywords()) {
            Some(near) => d
                .with_help(format!("did you mean `{near}`?"))
                .with_suggestion(Suggestion {
                    location: at,
                    replacement: near.to_string(),
                    message: format!("replace with `{near}`"),
                }),
            None => {
                let all: Vec<String> = koma_grammar::clause_keywords()
                    .map(|k| format!("`{k}`"))
                    .collect();
                d.with_help(format!("the clauses are {}", all.join(", ")))
            }
        };
        self.diagnostics.push(d);
    }

    /// `n` if it lies in `min..=max`, else a "bad parameter" error.
    fn in_range(
        &mut self,
        file: FileId,
        n: &Spanned<u32>,
        min: u32,
        max: u32,
        what: &str,
    ) -> Option<u32> {
        if (min..=max).contains(&n.value) {
            return Some(n.value);
        }
        self.diagnostics.push(
            Diagnostic::error(
                codes::BAD_PARAMETER,
                format!("{what} {} is out of range", n.value),
                location(file, n.span),
                format!("expected {min} to {max}"),
            )
            .with_help(format!("use a number from {min} to {max}")),
        );
        None
    }

    /// `weight TERM N`: a term the engine knows, given once.
    fn weight(&mut self, file: FileId, term: &Spanned<String>, weight: Spanned<i32>) {
        let at = location(file, term.span);
        if !EVAL_TERMS.contains(&term.value.as_str()) {
            let d = Diagnostic::error(
                codes::BAD_PARAMETER,
                format!("unknown evaluation term `{}`", term.value),
                at,
                "not a term of the engine's evaluation",
            );
            self.diagnostics
                .push(match did_you_mean(&term.value, EVAL_TERMS) {
                    Some(near) => d.with_help(format!("did you mean `{near}`?")),
                    None => d.with_help(format!("the terms are {}", EVAL_TERMS.join(", "))),
                });
            return;
        }
        if let Some(first) = self.rules.weights.iter().find(|w| w.value.0 == term.value) {
            let d = Diagnostic::error(
                codes::DUPLICATE_CLAUSE,
                format!("`weight {}` is given twice", term.value),
                at,
                "given again here",
            );
            self.diagnostics.push(
                d.with_secondary(first.location, "first given here")
                    .with_help("keep one of the two lines"),
            );
            return;
        }
        self.rules.weights.push(Located {
            value: (term.value.clone(), weight.value),
            location: at,
        });
    }

    fn conflict(&mut self, file: FileId, span: koma_grammar::Span, message: String, help: &str) {
        self.diagnostics.push(
            Diagnostic::error(
                codes::CONFLICTING_OPTIONS,
                message,
                location(file, span),
                "conflicts with an earlier option",
            )
            .with_help(help.to_string()),
        );
    }

    /// `promotion zone [first|second] N|SQUARES`: without a side both players' zone (the
    /// second's turned 180 degrees); with one, that player's alone, its depth counted from its
    /// own far end and its squares as written. A side without a line has no zone.
    fn zone(&mut self, file: FileId, at: Location, side: Option<&Spanned<ast::Side>>, zone: &Zone) {
        let side = side.map(|s| player(s.value));
        let clash = self
            .zones
            .iter()
            .find(|(s, _)| s.is_none() || side.is_none() || *s == side);
        if let Some((_, first)) = clash.cloned() {
            let d = Diagnostic::error(
                codes::DUPLICATE_CLAUSE,
                "a player's `promotion zone` is given twice".to_string(),
                at,
                "given again here",
            )
            .with_secondary(first, "first given here")
            .with_help("give one zone for both players, or one `promotion zone first` and one `promotion zone second`");
            self.diagnostics.push(d);
            return;
        }
        self.zones.push((side, at));
        let squares = self.zone_squares(file, side == Some(Player::Second), zone);
        let promotion = &mut self.rules.promotion;
        match side {
            None => promotion.zone = squares,
            Some(Player::First) => {
                promotion.zone = squares;
                promotion.zone_second.get_or_insert_with(Vec::new);
            }
            Some(Player::Second) => promotion.zone_second = Some(squares),
        }
    }

    /// The squares of a zone; a depth counts ranks from the top, or from the bottom for the
    /// second player's own zone (`near`).
    fn zone_squares(&mut self, file: FileId, near: bool, zone: &Zone) -> Vec<Coord> {
        let board = self.board;
        match zone {
            Zone::Depth(depth) => {
                let Some(depth) = self.in_range(
                    file,
                    depth,
                    1,
                    u32::from(board.ranks),
                    "the number of ranks",
                ) else {
                    return Vec::new();
                };
                let (low, high) = board.rect_rows;
                let rows = if near {
                    low..=low + depth as u8 - 1
                } else {
                    high + 1 - depth as u8..=high
                };
                board
                    .squares()
                    .filter(|c| rows.contains(&c.y) && board.in_rectangle(*c))
                    .collect()
            }
            Zone::Squares(items) => self.squares(file, items),
        }
    }

    fn triggers(&mut self, triggers: &[Spanned<Trigger>]) {
        let mut bits = 0;
        let mut mid_move = false;
        for trigger in triggers {
            bits |= match trigger.value {
                Trigger::Enter => Triggers::ENTER.0,
                Trigger::Leave => Triggers::LEAVE.0,
                Trigger::Inside => Triggers::INSIDE.0,
                Trigger::StartOrEnd => Triggers::ENTER.0 | Triggers::LEAVE.0 | Triggers::INSIDE.0,
                Trigger::CaptureInZone => Triggers::CAPTURE_IN_ZONE.0,
                Trigger::CaptureFromZone => Triggers::CAPTURE_FROM_ZONE.0,
                Trigger::CaptureInsideZone => Triggers::CAPTURE_INSIDE_ZONE.0,
                Trigger::MidMove => {
                    mid_move = true;
                    0
                }
            };
        }
        // `mid-move` only widens `enter`; alone it means `enter mid-move`.
        self.rules.promotion.triggers = if bits == 0 {
            Triggers::ENTER
        } else {
            Triggers(bits)
        };
        self.rules.promotion.mid_move = mid_move;
    }

    fn burn(
        &mut self,
        file: FileId,
        at: Location,
        burners: &[Spanned<String>],
        options: &[Spanned<BurnOption>],
    ) {
        let burners = self
            .names
            .resolve_all(file, burners, "in `burn`", self.diagnostics);
        let mut spec = BurnSpec {
            burners,
            area: area_offsets(Area::King),
            choose_up_to: None,
            active: false,
            passive: false,
            immune: Vec::new(),
            burner_meets_burner_dies: false,
            on_promotion: false,
        };
        let mut seen: Vec<&'static str> = Vec::new();
        for option in options {
            let keyword = option.value.keyword();
            if seen.contains(&keyword) {
                self.conflict(
                    file,
                    option.span,
                    format!("`{keyword}` is given twice"),
                    "write each option once",
                );
                continue;
            }
            let exclusive = if keyword == "all" { "choose" } else { "all" };
            if (keyword == "all" || keyword == "choose") && seen.contains(&exclusive) {
                self.conflict(
                    file,
                    option.span,
                    "`all` and `choose` cannot both be given".to_string(),
                    "burn every enemy in the area (`all`) or let the mover pick (`choose N`)",
                );
                continue;
            }
            seen.push(keyword);
            match &option.value {
                BurnOption::Area(area) => spec.area = area_offsets(*area),
                BurnOption::All => spec.choose_up_to = None,
                BurnOption::Choose(n) => {
                    spec.choose_up_to = self
                        .in_range(file, n, 1, MAX_BURN_CHOICES as u32, "the number of victims")
                        .map(|n| n as u8);
                }
                BurnOption::Active => spec.active = true,
                BurnOption::Passive => spec.passive = true,
                BurnOption::Immune(ids) => {
                    spec.immune =
                        self.names
                            .resolve_all(file, ids, "in `immune`", self.diagnostics);
                }
                BurnOption::BurnerMeetsBurner => spec.burner_meets_burner_dies = true,
                BurnOption::OnPromotion => spec.on_promotion = true,
            }
        }
        // A burner that burns neither after moving nor passively does nothing: default to active.
        if !spec.active && !spec.passive {
            spec.active = true;
        }
        self.rules.burning.push(Located {
            value: spec,
            location: at,
        });
    }

    fn freeze(
        &mut self,
        file: FileId,
        at: Location,
        freezers: &[Spanned<String>],
        options: &[Spanned<FreezeOption>],
    ) {
        let freezers = self
            .names
            .resolve_all(file, freezers, "in `freeze`", self.diagnostics);
        let (area, immune) = self.area_options(file, options);
        let spec = FreezeSpec {
            freezers,
            area,
            immune,
        };
        self.rules.freezing.push(Located {
            value: spec,
            location: at,
        });
    }

    /// `explode`: its area (default: the King's eight neighbours) and immune pieces.
    fn explode(&mut self, file: FileId, at: Location, options: &[Spanned<FreezeOption>]) {
        let (area, immune) = self.area_options(file, options);
        self.rules.explosion = Some(Located {
            value: ExplodeSpec { area, immune },
            location: at,
        });
    }

    /// `wall KIND [except SQUARES]`.
    fn wall(&mut self, file: FileId, at: Location, kind: ast::WallKind, except: &[SquareItem]) {
        let kind = match kind {
            ast::WallKind::Moving => WallKind::Moving,
            ast::WallKind::Anywhere => WallKind::Anywhere,
            ast::WallKind::Shot => WallKind::Shot,
            ast::WallKind::Edge => WallKind::Edge,
        };
        let except = self.squares(file, except);
        self.rules.wall = Some(Located {
            value: WallSpec { kind, except },
            location: at,
        });
    }

    /// The `area KIND` and `immune IDS` options of `freeze` and `explode`: the area's offsets
    /// (the King's eight neighbours by default) and the immune pieces.
    fn area_options(
        &mut self,
        file: FileId,
        options: &[Spanned<FreezeOption>],
    ) -> (Vec<(i8, i8)>, Vec<PieceType>) {
        let (mut area, mut immune) = (area_offsets(Area::King), Vec::new());
        let (mut area_seen, mut immune_seen) = (false, false);
        for option in options {
            let seen = match option.value {
                FreezeOption::Area(_) => &mut area_seen,
                FreezeOption::Immune(_) => &mut immune_seen,
            };
            if std::mem::replace(seen, true) {
                self.conflict(
                    file,
                    option.span,
                    "option given twice".to_string(),
                    "write each option once",
                );
                continue;
            }
            match &option.value {
                FreezeOption::Area(a) => area = area_offsets(*a),
                FreezeOption::Immune(ids) => {
                    immune = self
                        .names
                        .resolve_all(file, ids, "in `immune`", self.diagnostics);
                }
            }
        }
        (area, immune)
    }

    fn anti_trade(&mut self, file: FileId, at: Location, trade: &ast::AntiTrade) {
        let names = self.names;
        let spec = AntiTradeSpec {
            attackers: names.resolve_all(
                file,
                &trade.attackers,
                "in `anti-trade`",
                self.diagnostics,
            ),
            victims: names.resolve_all(file, &trade.victims, "in `anti-trade`", self.diagnostics),
            when: match trade.when.value {
                ast::AntiTradeWhen::Always => AntiTradeWhen::Always,
                ast::AntiTradeWhen::Protected => AntiTradeWhen::Protected,
            },
            except_adjacent: trade.except_adjacent.is_some(),
            except_bridge_capture_not: trade
                .except_bridge
                .as_ref()
                .map_or(Vec::new(), |(_, ids)| {
                    names.resolve_all(file, ids, "in `except-bridge`", self.diagnostics)
                }),
            counter_strike: trade.counter_strike.is_some(),
        };
        self.rules.anti_trade.push(Located {
            value: spec,
            location: at,
        });
    }

    fn jump_rank(&mut self, file: FileId, tiers: &[Vec<Spanned<String>>]) {
        let mut ranks = vec![0u8; self.board_piece_count()];
        let mut seen: Vec<(PieceType, koma_grammar::Span)> = Vec::new();
        let top = tiers.len().min(usize::from(u8::MAX));
        for (i, tier) in tiers.iter().take(top).enumerate() {
            for id in tier {
                let Some(piece) = self
                    .names
                    .resolve(file, id, "in `jump-rank`", self.diagnostics)
                else {
                    continue;
                };
                if !self.listed_once(&mut seen, piece, file, id, &RANKED_TWICE) {
                    continue;
                }
                if let Some(slot) = ranks.get_mut(usize::from(piece.0)) {
                    *slot = (top - i) as u8;
                }
            }
        }
        self.rules.jump_rank = ranks;
    }

    fn board_piece_count(&self) -> usize {
        self.names.len()
    }

    fn pass(&mut self, file: FileId, rule: &PassRule) {
        let passing = &mut self.rules.passing;
        match rule {
            PassRule::Forbidden => passing.forbidden = true,
            PassRule::Only(ids) => {
                passing.only =
                    self.names
                        .resolve_all(file, ids, "in `pass only`", self.diagnostics);
            }
            PassRule::NotAfterPass => passing.not_after_pass = true,
            PassRule::TwiceEnds => passing.twice_ends = true,
            PassRule::Anytime(ids) => {
                passing.anytime =
                    self.names
                        .resolve_all(file, ids, "in `pass anytime`", self.diagnostics);
            }
            PassRule::FirstPasserDeviates => passing.first_passer_deviates = true,
            PassRule::WhenStuck => passing.when_stuck = true,
        }
    }

    fn move_limit(&mut self, file: FileId, moves: &Spanned<u32>, reset: &[Spanned<ResetEvent>]) {
        let Some(moves) = self.in_range(file, moves, 1, u32::from(u16::MAX), "the move count")
        else {
            return;
        };
        let mut limit = MoveLimit {
            moves: moves as u16,
            reset_on_capture: reset.is_empty(),
            reset_on_promotion: false,
            reset_on_pieces: Vec::new(),
        };
        for event in reset {
            match &event.value {
                ResetEvent::Capture => limit.reset_on_capture = true,
                ResetEvent::Promotion => limit.reset_on_promotion = true,
                ResetEvent::Piece(id) => {
                    let id = Spanned::new(id.clone(), event.span);
                    if let Some(piece) =
                        self.names
                            .resolve(file, &id, "in `reset`", self.diagnostics)
                    {
                        limit.reset_on_pieces.push(piece);
                    }
                }
            }
        }
        self.rules.results.move_limit = Some(limit);
    }
}

/// The game ends scored otherwise than chess: `repetition`, `extinction`, `tiebreak`.
impl Lowering<'_> {
    /// `repetition N [first|second] wins|loses`
    fn scored_repetition(
        &mut self,
        file: FileId,
        count: &Spanned<u32>,
        side: Option<&Spanned<ast::Side>>,
        wins: bool,
    ) {
        self.rules.results.repetition = self
            .in_range(file, count, 2, u8::MAX.into(), "the repetition count")
            .map(|n| n as u8);
        self.rules.results.endings.repetition = match side {
            None => RepetitionScore::Mover { wins },
            Some(side) => RepetitionScore::Player {
                player: player(side.value),
                wins,
            },
        };
    }

    /// `extinction IDS|all OUTCOME [at N] [if-opponent-has N]`
    fn extinction(
        &mut self,
        file: FileId,
        pieces: &[Spanned<String>],
        outcome: ast::Outcome,
        at: Option<&Spanned<u32>>,
        opponent_has: Option<&Spanned<u32>>,
    ) {
        let pieces = self
            .names
            .resolve_all(file, pieces, "in `extinction`", self.diagnostics);
        let most = u32::from(u16::MAX);
        let mut count = |n: Option<&Spanned<u32>>, what: &str| match n {
            None => Some(0),
            Some(n) => self.in_range(file, n, 0, most, what).map(|n| n as u16),
        };
        let at = count(at, "the extinction count");
        let opponent_has = count(opponent_has, "the opponent's count");
        if let (Some(at), Some(opponent_has)) = (at, opponent_has) {
            self.rules.results.endings.extinction.push(ExtinctionSpec {
                pieces,
                outcome: lower_outcome(outcome),
                at,
                opponent_has,
            });
        }
    }

    /// `tiebreak first|second | pieces | material ID N, ... [, komi SIDE POINTS]`; values are
    /// kept in half points, as the komi is written.
    fn tiebreak(&mut self, file: FileId, tiebreak: &ast::Tiebreak) {
        let lowered = match tiebreak {
            ast::Tiebreak::Player(side) => Tiebreak::Player(player(side.value)),
            ast::Tiebreak::Pieces => Tiebreak::Pieces,
            ast::Tiebreak::Material { values, komi } => {
                let mut lowered: Vec<(PieceType, u16)> = Vec::new();
                for (id, value) in values {
                    let Some(t) = self
                        .names
                        .resolve(file, id, "in `tiebreak`", self.diagnostics)
                    else {
                        continue;
                    };
                    if lowered.iter().any(|(u, _)| *u == t) {
                        self.conflict(
                            file,
                            id.span,
                            format!("`{}` is given a value twice", id.value),
                            "give each piece one value",
                        );
                        continue;
                    }
                    if let Some(v) = self.in_range(file, value, 0, 10_000, "the value") {
                        lowered.push((t, 2 * v as u16));
                    }
                }
                let komi = komi.as_ref().and_then(|(side, points)| {
                    self.in_range(file, points, 0, 20_000, "the komi in half points")
                        .filter(|&p| p > 0)
                        .map(|p| (player(side.value), p as u16))
                });
                Tiebreak::Material {
                    values: lowered,
                    komi,
                }
            }
        };
        self.rules.results.endings.tiebreak = Some(lowered);
    }
}

fn player(side: ast::Side) -> Player {
    match side {
        ast::Side::First => Player::First,
        ast::Side::Second => Player::Second,
    }
}

fn lower_outcome(outcome: ast::Outcome) -> Outcome {
    match outcome {
        ast::Outcome::Wins => Outcome::Win,
        ast::Outcome::Draws => Outcome::Draw,
        ast::Outcome::Loses => Outcome::Loss,
    }
}
