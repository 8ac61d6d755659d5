//! Variant -> Interactive Diagram parameter block, checked by importing it back.
//!
//! The block says what [`crate::import`] reads (docs/import.md), laid out so that the
//! diagram's index-based keys (`royal=N`, `promoOffset`, `maxPromote`) name the right pieces.
//! Before the block is handed out it is imported and compared with the original piece by
//! piece, square by square and rule by rule: the importer is the one reading of the format,
//! so whatever it would read differently is refused (`X003`) instead of written.

use koma_runtime::spec::{
    Coord, Outcome, PassSpec, PieceType, Player, PromotionKind, RepetitionScore,
};

use super::{Exported, Report, clause_at, result_only_rules};
use crate::diagnostic::{Diagnostic, FileId, Location};
use crate::ir::{Piece, Rules, Variant};

/// Exports `variant` as a parameter block.
pub fn export(variant: &Variant) -> Exported {
    let mut report = Report::default();
    refuse_rules(variant, &mut report);
    let layout = layout(variant, &mut report);
    if report.failed() {
        return report.finish(String::new);
    }
    let block = write(variant, &layout);
    round_trip(variant, &block, &mut report);
    report.finish(|| block)
}

/// How promotion is said: nothing promotes, each promoter has its own target (Shogi style,
/// `promoOffset`), or all promoters share one list of choices (chess style, `promoChoice`).
enum Promotion {
    None,
    Shogi,
    Chess(Vec<PieceType>),
}

/// The piece lines in order (piece, and whether this line carries the piece's squares), and
/// the promotion keys.
struct Layout {
    lines: Vec<(PieceType, bool)>,
    keys: Vec<String>,
}

/// Rules the diagram's block cannot say: refused where they change the moves, left out with a
/// warning where they only end or draw the game.
fn refuse_rules(v: &Variant, report: &mut Report) {
    refuse_board(v, report);
    for (used, key, feature, why) in refused_clauses(&v.rules) {
        if used {
            report.refuse(feature, why, clause_at(v, key));
        }
    }
    let r = &v.rules;
    if r.promotion.captured_only {
        let why = "the diagram's block cannot limit promotion to captured pieces";
        report.refuse(
            "promotion captured-only",
            why,
            clause_at(v, "promotion captured-only"),
        );
    }
    let unsaid = [
        (
            r.promotion.flip,
            "promotion flip",
            "promoted pieces that turn back",
        ),
        (
            !r.promotion.limits.is_empty(),
            "promotion limit",
            "a limit on promotions per type",
        ),
        (r.drops.promoted, "drop promoted", "drops promoted side up"),
    ];
    for (used, key, what) in unsaid {
        if used {
            let why = format!("the diagram's block cannot say {what}");
            report.refuse(key, &why, clause_at(v, key));
        }
    }
    if r.promotion.mid_move {
        let why = "the diagram's block cannot promote on a square passed in the middle of a move";
        report.refuse("promotion on mid-move", why, clause_at(v, "promotion on"));
    }
    if !v.pieces.iter().any(|p| p.royal.is_some()) {
        let why = "a diagram without `royal=` makes its last piece type royal";
        report.refuse("no royal piece", why, v.name.location);
    }
    leave_out_results(v, report);
}

/// Squares and regions the diagram's rectangle cannot have.
fn refuse_board(v: &Variant, report: &mut Report) {
    let b = &v.board;
    if let Some(e) = b.extra.first() {
        report.refuse(
            "extra squares",
            "the diagram's board is a rectangle",
            e.location,
        );
    }
    if let Some(s) = b.vanishing.first() {
        report.refuse("vanishing squares", "the diagram has none", s.location);
    }
    if let Some(r) = b.regions.first() {
        let why =
            "the diagram confines pieces only through a page script (`BadZone`), not the block";
        report.refuse("regions", why, r.location);
    }
    for p in &v.pieces {
        if p.confined.is_some() || !p.in_regions.is_empty() {
            report.refuse("moves by region", "the block has no regions", p.location);
        }
    }
    if let Some(s) = v.setup.as_ref().and_then(|s| s.shuffle.as_ref()) {
        report.refuse(
            "shuffle",
            "the diagram's block has one start position",
            s.location,
        );
    }
    if let Some(s) = v.setup.as_ref().filter(|s| s.to_move == Player::Second) {
        report.refuse(
            "to-move second",
            "the diagram's block always starts with the first player to move",
            s.location,
        );
    }
}

/// The clauses the block cannot say: whether the variant uses each, the clause's key, what it
/// is called, and why it is refused.
// long: a table, one row per clause.
fn refused_clauses(r: &Rules) -> [(bool, &'static str, &'static str, &'static str); 39] {
    [
        (
            r.castling_to.is_some(),
            "castling to",
            "castling anywhere on the rank",
            "the diagram castles with the piece at the edge of the rank",
        ),
        (
            r.castling_safe_royal_only,
            "castling safe",
            "castling through attack",
            "the diagram's block cannot say which castlers may cross attacked squares",
        ),
        (
            r.flip_enclosed,
            "flip enclosed",
            "flipping enclosed pieces",
            "the diagram's block has no flipping",
        ),
        (
            r.drops.enclosing,
            "drop enclosing",
            "drop restriction",
            "the diagram's block cannot make a drop enclose a piece",
        ),
        (
            r.castling_opposite_wings,
            "castling opposite-wings",
            "castling barred after the opponent's",
            "the diagram's block cannot bar a castling by the other player's",
        ),
        (
            r.results.endings.castling_wins != [0, 0],
            "castling wins",
            "castling that wins",
            "the diagram's block cannot end the game by castling",
        ),
        (
            r.drops.enters.is_some(),
            "drop enters",
            "drop restriction",
            "the diagram's block cannot make a drop slide in from an edge",
        ),
        (
            r.results.endings.full_board,
            "draw full-board",
            "a full board ending the game",
            "the diagram's block cannot end the game on a full board",
        ),
        (
            r.wall.is_some(),
            "wall",
            "blockers placed with the move",
            "the diagram's block has no blockers",
        ),
        (
            !r.burning.is_empty(),
            "burn",
            "burning",
            "the diagram's block has no burning (a page writes it as locust legs)",
        ),
        (
            !r.freezing.is_empty(),
            "freeze",
            "freezing",
            "the diagram's block has no freezing",
        ),
        (
            r.explosion.is_some(),
            "explode",
            "explosions",
            "the diagram's block has no explosions",
        ),
        (
            !r.anti_trade.is_empty(),
            "anti-trade",
            "anti-trade rule",
            "the diagram's `antiTrade` is not read back by `koma import`",
        ),
        (
            !r.jump_rank.is_empty(),
            "jump-rank",
            "jump ranks",
            "the diagram's block has no hopping hierarchy",
        ),
        (
            r.passing != PassSpec::default(),
            "pass",
            "passing rules",
            "the diagram's block has no passing rules",
        ),
        (
            r.facing_royals_forbidden || r.facing_royals_must_break,
            "facing-royals",
            "facing royals",
            "the diagram's block has no facing rule",
        ),
        (
            r.repeat.is_some(),
            "repeat",
            "repetition as a move rule",
            "the diagram's block has no repetition rule",
        ),
        (
            r.drops.not_stuck,
            "drop not-stuck",
            "drop restriction",
            "the diagram's block cannot forbid drops where a piece is stuck",
        ),
        (
            !r.drops.one_per_file.is_empty(),
            "drop one-per-file",
            "drop restriction",
            "the diagram's block cannot limit drops per file",
        ),
        (
            !r.drops.no_mate.is_empty(),
            "drop no-mate",
            "drop restriction",
            "the diagram's block cannot forbid mate by drop",
        ),
        (
            r.promotion.zone_second.is_some(),
            "promotion zone",
            "a promotion zone per side",
            "the diagram's zone (`promoZone`) is the same for both sides",
        ),
        (
            r.drops.zones.iter().any(|z| !z.squares.is_empty()),
            "drop zone",
            "drop zones",
            "the diagram's block cannot confine drops",
        ),
        (
            r.drops.zones.iter().any(|z| z.squares.is_empty()),
            "drop never",
            "pieces never dropped",
            "the diagram's block cannot keep a piece in hand",
        ),
        (
            !r.drops.gates.is_empty(),
            "gating",
            "gating",
            "the diagram's block has no gating",
        ),
        (
            r.first_moves != Default::default(),
            "first-move",
            "first-move conditions",
            "the diagram's block cannot condition a piece's first moves",
        ),
        (
            !r.goals.is_empty(),
            "goal",
            "goal squares",
            "the diagram's block has no goal squares",
        ),
        (
            r.royals.check_royal_captures_only,
            "check royal-captures-only",
            "a royal in check that may only capture",
            "the diagram's block cannot restrict a royal in check",
        ),
        (
            r.royals.check_forbidden,
            "check forbidden",
            "no checks",
            "the diagram's block cannot forbid checks",
        ),
        (
            r.results.check_wins.is_some(),
            "check wins",
            "check counting",
            "the diagram's block does not count checks",
        ),
        (
            !r.drops.unmoved.is_empty(),
            "drop unmoved",
            "drop restriction",
            "the diagram's block cannot say where a dropped piece counts as unmoved",
        ),
        (
            !r.drops.opposite_colours.is_empty(),
            "drop opposite-colours",
            "drop restriction",
            "the diagram's block cannot bind drops to square colours",
        ),
        (
            r.drops.must_drop,
            "drop compulsory",
            "compulsory drops",
            "the diagram's block cannot make drops compulsory",
        ),
        (
            r.captures_compulsory,
            "captures compulsory",
            "compulsory capture",
            "the diagram's block cannot make captures compulsory",
        ),
        (
            r.results.no_pieces.is_some(),
            "no-pieces",
            "no pieces left",
            "the diagram's block cannot end the game on a side's last piece",
        ),
        (
            r.results.endings.repetition != RepetitionScore::Draw,
            "draw repetition",
            "a repetition won or lost",
            "the diagram's block scores a repetition as a draw",
        ),
        (
            !r.results.endings.extinction.is_empty(),
            "extinction",
            "extinction",
            "the diagram's block cannot end the game on a piece count",
        ),
        (
            r.results.endings.tiebreak.is_some(),
            "tiebreak",
            "tiebreak",
            "the diagram's block cannot decide a drawn game",
        ),
        (
            r.results.endings.checkmate.is_some(),
            "checkmate",
            "checkmate scored",
            "the diagram's block scores checkmate as a loss",
        ),
        (
            r.results.endings.stalemate_fewer_wins.is_some(),
            "stalemate",
            "stalemate by piece count",
            "the diagram's block cannot count pieces at stalemate",
        ),
    ]
}

fn leave_out_results(v: &Variant, report: &mut Report) {
    let r = &v.rules;
    if r.royals.win == koma_runtime::spec::WinCondition::Checkmate {
        let message = "win checkmate: the diagram's block does not say it, and `koma import` reads \
                       royals as `win extinction`: moves that leave a royal attacked become legal";
        let d = Diagnostic::warning("X004", message, clause_at(v, "win"), "not exported")
            .with_help("add `win checkmate` to the imported file by hand");
        report.push(d);
    }
    if r.results.stalemate == Outcome::Win {
        let why = "the diagram's `stalemate` key has no value for a stalemated side that wins";
        report.leave_out("stalemate wins", why, clause_at(v, "stalemate"));
    }
    if r.results.repetition.is_some() {
        report.leave_out(
            "draw repetition",
            "the diagram's block has no repetition rule",
            clause_at(v, "draw repetition"),
        );
    }
    if r.results.move_limit.is_some() {
        report.leave_out(
            "draw moves",
            "the diagram's block has no move-count rule",
            clause_at(v, "draw moves"),
        );
    }
    for (key, feature) in result_only_rules(v) {
        report.leave_out(
            feature,
            "the diagram's block has no such rule",
            clause_at(v, key),
        );
    }
}

/// Orders the piece lines for the promotion keys.
fn layout(v: &Variant, report: &mut Report) -> Layout {
    let all: Vec<PieceType> = (0..v.pieces.len()).map(|i| PieceType(i as u16)).collect();
    let promoters: Vec<PieceType> = all
        .iter()
        .copied()
        .filter(|&p| !v.piece(p).promotions.is_empty())
        .collect();
    let promotion = promotion_style(v, &promoters, report);
    let mut lines: Vec<(PieceType, bool)> = promoters.iter().map(|&p| (p, true)).collect();
    let mut keys = Vec::new();
    match &promotion {
        Promotion::None => keys.push("promoZone=0".to_string()),
        Promotion::Shogi => {
            let targets: Vec<PieceType> = promoters
                .iter()
                .map(|&p| v.piece(p).promotions[0].value)
                .collect();
            let others = all
                .iter()
                .filter(|p| !promoters.contains(p) && !targets.contains(p));
            lines.extend(others.map(|&p| (p, true)));
            keys.push(format!("promoOffset={}", lines.len()));
            for t in targets {
                let first = !lines.iter().any(|&(p, _)| p == t);
                lines.push((t, first));
            }
        }
        Promotion::Chess(choices) => {
            let others = all.iter().filter(|p| !promoters.contains(p));
            lines.extend(others.map(|&p| (p, true)));
            let ids: String = choices.iter().map(|&c| v.piece(c).id.as_str()).collect();
            keys.push(format!("promoChoice={ids}"));
        }
    }
    if !promoters.is_empty() {
        keys.push(format!("maxPromote={}", promoters.len()));
        keys.push(format!("promoZone={}", zone_depth(v, report)));
    }
    Layout { lines, keys }
}

fn promotion_style(v: &Variant, promoters: &[PieceType], report: &mut Report) -> Promotion {
    let Some(&first) = promoters.first() else {
        return Promotion::None;
    };
    let targets = |p: PieceType| -> Vec<PieceType> {
        v.piece(p).promotions.iter().map(|t| t.value).collect()
    };
    if promoters.iter().all(|&p| targets(p).len() == 1) {
        if let Some(&chain) = promoters
            .iter()
            .find(|&&p| promoters.contains(&targets(p)[0]))
        {
            let why = "the diagram's types promote once (`promoOffset`), not to a type that promotes again";
            report.refuse("promotion chain", why, v.piece(chain).location);
        }
        return Promotion::Shogi;
    }
    let shared = targets(first);
    if let Some(&other) = promoters.iter().find(|&&p| targets(p) != shared) {
        let why = "in the diagram, pieces with several promotion choices all share one `promoChoice` list";
        report.refuse("promotion choices", why, v.piece(other).location);
    }
    Promotion::Chess(shared)
}

/// The zone as the diagram's `promoZone`: the last N ranks, whole.
fn zone_depth(v: &Variant, report: &mut Report) -> usize {
    let zone = &v.rules.promotion.zone;
    let h = v.board.height;
    let depth = zone.iter().map(|c| usize::from(h - c.y)).max().unwrap_or(0);
    let last_ranks: Vec<Coord> = v
        .board
        .squares()
        .filter(|c| usize::from(h - c.y) <= depth)
        .collect();
    let whole = last_ranks.len() == zone.len() && last_ranks.iter().all(|c| zone.contains(c));
    if !whole || depth == 0 {
        let why = "the diagram's zone (`promoZone`) is the last ranks, whole";
        report.refuse("promotion zone", why, clause_at(v, "promotion zone"));
    }
    depth
}

/// The block text.
fn write(v: &Variant, layout: &Layout) -> String {
    let b = &v.board;
    let mut out = vec![format!("files={}", b.width), format!("ranks={}", b.height)];
    if b.first_rank != 1 {
        out.push(format!("firstRank={}", b.first_rank));
    }
    out.push("symmetry=none".to_string());
    out.extend(layout.keys.iter().cloned());
    match v.rules.results.stalemate {
        Outcome::Draw => out.push("stalemate=draw".to_string()),
        Outcome::Loss => out.push("stalemate=win".to_string()),
        Outcome::Win => {}
    }
    if let Some(hand) = hand_kind(v) {
        out.push(format!("holdingsType={hand}"));
    }
    for (n, (piece, _)) in layout.lines.iter().enumerate() {
        let first = layout.lines.iter().position(|(p, _)| p == piece) == Some(n);
        if first && v.piece(*piece).royal.is_some() {
            out.push(format!("royal={}", n + 1));
        }
    }
    let holes: Vec<String> = (0..b.height)
        .flat_map(|y| (0..b.width).map(move |x| Coord { x, y }))
        .filter(|c| !b.contains(*c))
        .map(|c| b.square_name(c))
        .collect();
    if !holes.is_empty() {
        out.push(format!("hole::::{}", holes.join(",")));
    }
    for &(piece, placed) in &layout.lines {
        out.push(piece_line(v, piece, placed));
    }
    out.push(String::new());
    out.join("\n")
}

/// `holdingsType`: -1 when captured pieces go to hand demoted, -2 when as they are.
fn hand_kind(v: &Variant) -> Option<i32> {
    let to_hand = &v.rules.drops.to_hand;
    if to_hand.iter().all(Option::is_none) {
        return None;
    }
    let as_is = to_hand
        .iter()
        .enumerate()
        .all(|(i, t)| t.is_none_or(|t| usize::from(t.0) == i));
    Some(if as_is { -2 } else { -1 })
}

/// `name:ID:moves:image:squares[:hand]`.
fn piece_line(v: &Variant, piece: PieceType, placed: bool) -> String {
    let p = v.piece(piece);
    let name: String = p.name.chars().filter(|c| !matches!(c, ':' | '=')).collect();
    let mut line = format!("{}:{}:{}::", name.trim(), p.id, p.betza);
    if !placed {
        return line;
    }
    let squares = |player: Player| -> Vec<String> {
        v.setup
            .iter()
            .flat_map(|s| &s.placements)
            .filter(|pl| pl.piece == piece && pl.player == player)
            .map(|pl| v.board.square_name(pl.at))
            .collect()
    };
    let (first, second) = (squares(Player::First), squares(Player::Second));
    line += &first.join(",");
    if !second.is_empty() {
        line += ",,";
        line += &second.join(",");
    }
    let held = |player: Player| {
        v.setup
            .iter()
            .flat_map(|s| &s.hands)
            .filter(|h| h.value == (player, piece))
            .count()
    };
    let (w, b) = (held(Player::First), held(Player::Second));
    if w + b > 0 {
        line += &format!(":{w},{b}");
    }
    line
}

/// Imports `block` and compares the game it gives with `v`; each difference is refused.
fn round_trip(v: &Variant, block: &str, report: &mut Report) {
    let imported = crate::import::import(FileId(u32::MAX), block, &v.name.value);
    let again = imported.koma.as_deref().and_then(|koma| {
        crate::load_source("export.koma", koma, &crate::loader::MemoryLoader::new()).variant
    });
    let Some(again) = again else {
        report.push(mismatch(
            v.name.location,
            "the written block does not import without errors",
        ));
        return;
    };
    for (difference, at) in differences(v, &again) {
        report.push(mismatch(at, &difference));
    }
}

fn mismatch(at: Location, what: &str) -> Diagnostic {
    Diagnostic::error(
        "X003",
        format!("the diagram cannot say this game: {what}"),
        at,
        "imports back differently",
    )
    .with_help("`koma import` of the block would give another game, so nothing is written")
}

/// What the re-imported game `b` does differently from `a`, in words.
fn differences(a: &Variant, b: &Variant) -> Vec<(String, Location)> {
    let mut out = Vec::new();
    if a.board.width != b.board.width
        || a.board.height != b.board.height
        || a.board.real != b.board.real
    {
        out.push(("the board differs".to_string(), a.board.location));
    }
    for p in &a.pieces {
        let Some((_, q)) = b.piece_by_id(&p.id) else {
            out.push((format!("piece `{}` is missing", p.id), p.location));
            continue;
        };
        if p.expansion != q.expansion {
            out.push((format!("`{}` moves differently", p.id), p.betza_location));
        }
        if p.royal.is_some() != q.royal.is_some() {
            out.push((
                format!("`{}` is royal in one and not the other", p.id),
                p.location,
            ));
        }
        if ids(a, &p.promotions) != ids(b, &q.promotions) {
            out.push((format!("`{}` promotes differently", p.id), p.location));
        }
    }
    if placements(a) != placements(b) {
        let at = a.setup.as_ref().map_or(a.name.location, |s| s.location);
        out.push(("the start position differs".to_string(), at));
    }
    if to_hand(a) != to_hand(b) {
        out.push((
            "captured pieces go to hand differently".to_string(),
            clause_at(a, "captures"),
        ));
    }
    if let Some(why) = promotion_difference(a, b) {
        out.push((why, clause_at(a, "promotion")));
    }
    out
}

fn ids(v: &Variant, list: &[crate::ir::Located<PieceType>]) -> Vec<String> {
    let mut ids: Vec<String> = list.iter().map(|t| v.piece(t.value).id.clone()).collect();
    ids.sort();
    ids
}

fn placements(v: &Variant) -> Vec<(Player, String, Coord)> {
    let setup = v.setup.iter();
    let mut out: Vec<(Player, String, Coord)> = setup
        .clone()
        .flat_map(|s| &s.placements)
        .map(|p| (p.player, v.piece(p.piece).id.clone(), p.at))
        .collect();
    out.extend(setup.flat_map(|s| &s.hands).map(|h| {
        let (player, piece) = h.value;
        (
            player,
            v.piece(piece).id.clone(),
            Coord {
                x: u8::MAX,
                y: u8::MAX,
            },
        )
    }));
    out.sort_by(|x, y| (x.0, &x.1, x.2.y, x.2.x).cmp(&(y.0, &y.1, y.2.y, y.2.x)));
    out
}

fn to_hand(v: &Variant) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = v
        .rules
        .drops
        .to_hand
        .iter()
        .enumerate()
        .filter_map(|(i, t)| {
            let t = (*t)?;
            Some((v.pieces[i].id.clone(), v.piece(t).id.clone()))
        })
        .collect();
    out.sort();
    out
}

/// Whether promotion works the same in both. The diagram's reading (docs/import.md) is fixed;
/// it agrees with another when the rules are the same, or when the zone is the last rank only
/// and every promoter only moves forward: then every trigger is "arrives on the last rank",
/// and all that matters is whether it must promote there.
fn promotion_difference(a: &Variant, b: &Variant) -> Option<String> {
    let (pa, pb) = (&a.rules.promotion, &b.rules.promotion);
    let promoters: Vec<&Piece> = a
        .pieces
        .iter()
        .filter(|p| !p.promotions.is_empty())
        .collect();
    if promoters.is_empty() {
        return None;
    }
    if pa.zone.len() != pb.zone.len() || !pa.zone.iter().all(|c| pb.zone.contains(c)) {
        return Some("the promotion zone differs".to_string());
    }
    let forced = |v: &Variant| -> Vec<(String, u8)> {
        let mut f: Vec<(String, u8)> = v
            .rules
            .promotion
            .forced
            .iter()
            .flat_map(|f| {
                f.pieces
                    .iter()
                    .map(move |&p| (v.piece(p).id.clone(), f.last_ranks))
            })
            .collect();
        f.sort();
        f
    };
    let same = pa.triggers == pb.triggers
        && pa.kind == pb.kind
        && pa.forced_when_stuck == pb.forced_when_stuck
        && forced(a) == forced(b);
    if same {
        return None;
    }
    let last_rank_only = pa.zone.iter().all(|c| c.y + 1 == a.board.height);
    let forward_only = promoters.iter().all(|p| {
        p.expansion
            .paths
            .iter()
            .all(|path| path.legs.iter().all(|leg| leg.dy > 0))
    });
    let must = |v: &Variant, p: &Piece| {
        let spec = &v.rules.promotion;
        spec.kind != PromotionKind::Optional
            || spec.forced_when_stuck
            || forced(v).iter().any(|(id, n)| *id == p.id && *n >= 1)
    };
    let b_piece = |p: &Piece| b.piece_by_id(&p.id).map(|(_, q)| q);
    let agree = last_rank_only
        && forward_only
        && promoters
            .iter()
            .all(|p| b_piece(p).is_some_and(|q| must(a, p) == must(b, q)));
    (!agree).then(|| {
        "promotion triggers or forcing differ (the diagram: optional, forced for type 1 on the \
         last rank, `on enter capture-from-zone` without drops and `on start-or-end` with them)"
            .to_string()
    })
}
