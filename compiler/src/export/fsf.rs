//! Variant -> Fairy-Stockfish `variants.ini` section, or located reasons why not.
//!
//! Pieces are translated from their expanded moves, not their XBetza text, so that the
//! places where Fairy-Stockfish reads Betza differently (docs/xbetza.md: `fsK`, `i`, hopper
//! ranges) cannot slip through: every one-leg move becomes one Betza term with an explicit
//! direction, a hop becomes `p`/`g`, the Xiangqi horse's two legs become `n`. A piece whose
//! moves equal one of Fairy-Stockfish's built-in pieces is written under that name (older
//! builds have no custom pieces); the FIDE pawn, the king and castling map to Fairy-Stockfish's
//! rules for them. docs/export.md lists the mapping and the refusals.

use std::collections::BTreeSet;

use koma_runtime::spec::{
    Coord, DropEdge, DropZone, Modes, Outcome, PassSpec, PieceType, Player, PromotionKind,
    PromotionSpec, RepetitionScore, Tiebreak, Triggers, WallKind, WinCondition,
};

use super::{Exported, Report, clause_at, result_only_rules};
use crate::diagnostic::Location;
use crate::ir::{Piece, Rules, Variant};
use crate::xbetza::{BoardSize, Expansion};

/// Fairy-Stockfish's largest board (built with `largeboards=yes`, as Debian's package is).
const MAX_FILES: u8 = 12;
const MAX_RANKS: u8 = 10;
/// Custom piece slots (`customPiece1` ... `customPiece25`).
const CUSTOM_SLOTS: usize = 25;

/// The FIDE pawn (Fairy-Stockfish's `pawn` with `doubleStep`) and the pawn without it.
const PAWN_DOUBLE: &str = "fmWfceFifmnD";
const PAWN_SINGLE: &[&str] = &["fmWfceF", "fmWfcF"];

/// How one koma piece is written.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Kind {
    /// `pawn = p`; `true` with the double step.
    Pawn(bool),
    /// `king = k` (the royal piece under `win checkmate`).
    King,
    BuiltIn(&'static str),
    /// `customPieceN = x:BETZA`.
    Custom(String),
    /// A promoted copy of `PieceType` (Crazyhouse's `+Q`): Fairy-Stockfish's promoted flag.
    Alias(PieceType),
}

struct Piece2 {
    letter: char,
    kind: Kind,
}

/// Exports `variant` as a `variants.ini` section.
pub fn export(variant: &Variant) -> Exported {
    let mut report = Report::default();
    refuse_rules(variant, &mut report);
    let pieces = pieces(variant, &mut report);
    let mut lines = Vec::new();
    if !report.failed() {
        lines = section(variant, &pieces, &mut report);
    }
    report.finish(|| lines.join("\n") + "\n")
}

/// Rules Fairy-Stockfish cannot play: refused where they change the moves, left out with a
/// warning where they only end or draw the game.
fn refuse_rules(v: &Variant, report: &mut Report) {
    refuse_board(v, report);
    for (used, key, feature, why) in refused_clauses(&v.rules) {
        if used {
            report.refuse(feature, why, clause_at(v, key));
        }
    }
    if let Some(p) = &v.rules.petrify {
        let royal =
            |t: &PieceType| (v.pieces.get(usize::from(t.0))).is_some_and(|p| p.royal.is_some());
        if p.value.iter().any(royal) {
            let why = "Fairy-Stockfish petrifies only pseudo-royal commoners, which koma does not \
                       write";
            report.refuse("petrification of a royal", why, p.location);
        }
    }
    leave_out_results(v, report);
}

/// Squares and regions Fairy-Stockfish's board cannot have.
fn refuse_board(v: &Variant, report: &mut Report) {
    let b = &v.board;
    if b.width > MAX_FILES || b.height > MAX_RANKS {
        let why = format!(
            "Fairy-Stockfish's boards have at most {MAX_FILES} files and {MAX_RANKS} ranks, this one is {} x {}",
            b.width, b.height
        );
        report.refuse("board size", &why, b.location);
    }
    if let Some(h) = b.holes.first() {
        report.refuse(
            "holes",
            "Fairy-Stockfish's board is a whole rectangle",
            h.location,
        );
    }
    if let Some(e) = b.extra.first() {
        report.refuse(
            "extra squares",
            "Fairy-Stockfish's board is a rectangle",
            e.location,
        );
    }
    if let Some(s) = b.vanishing.first() {
        report.refuse("vanishing squares", "Fairy-Stockfish has none", s.location);
    }
    if let Some(r) = b.regions.first() {
        let why =
            "Fairy-Stockfish confines pieces only through its own Xiangqi and Janggi piece types";
        report.refuse("regions", why, r.location);
    }
    for p in &v.pieces {
        if p.confined.is_some() || !p.in_regions.is_empty() {
            report.refuse(
                "moves by region",
                "Fairy-Stockfish has no regions",
                p.location,
            );
        }
    }
}

/// The clauses Fairy-Stockfish cannot say: whether the variant uses each, the clause's key,
/// what it is called, and why it is refused.
// long: a table, one row per clause.
fn refused_clauses(r: &Rules) -> [(bool, &'static str, &'static str, &'static str); 13] {
    [
        (
            !r.burning.is_empty(),
            "burn",
            "burning",
            "Fairy-Stockfish has no burning pieces",
        ),
        (
            !r.freezing.is_empty(),
            "freeze",
            "freezing",
            "Fairy-Stockfish has no freezing pieces",
        ),
        (
            !r.anti_trade.is_empty(),
            "anti-trade",
            "anti-trade rule",
            "Fairy-Stockfish has no anti-trade rules",
        ),
        (
            !r.jump_rank.is_empty(),
            "jump-rank",
            "jump ranks",
            "Fairy-Stockfish's hoppers jump any piece",
        ),
        (
            r.passing
                != PassSpec {
                    when_stuck: r.passing.when_stuck,
                    ..PassSpec::default()
                },
            "pass",
            "passing rules",
            "Fairy-Stockfish passes only as a whole-game option",
        ),
        (
            r.facing_royals_must_break,
            "facing-royals",
            "facing royals must-break",
            "Fairy-Stockfish's bikjang is Janggi's own rule set",
        ),
        (
            r.repeat.is_some(),
            "repeat",
            "repetition as a move rule",
            "Fairy-Stockfish's repetition ends the game, it does not forbid the move",
        ),
        (
            r.promotion.mid_move,
            "promotion on",
            "promotion on mid-move",
            "Fairy-Stockfish's moves stop in one place",
        ),
        (
            r.royals.check_last_only,
            "check",
            "check last-royal",
            "Fairy-Stockfish has one king",
        ),
        (
            r.royals.duple,
            "check",
            "check duple",
            "Fairy-Stockfish's `dupleCheck` reads pseudo-royal pieces, which koma does not write",
        ),
        (
            r.explosion.is_some(),
            "explode",
            "explosions",
            "Fairy-Stockfish's `blastOnCapture` spares its pawn type alone and needs the King \
             written as a pseudo-royal commoner; koma does not write that translation",
        ),
        (
            !r.drops.gates.is_empty(),
            "gating",
            "gating",
            "Fairy-Stockfish's gates come from its position's castling field; koma does not \
             write that translation",
        ),
        (
            r.first_moves != Default::default(),
            "first-move",
            "first-move conditions",
            "Fairy-Stockfish's are its `cambodianMoves`, fixed to a King and a Met on gates; \
             koma does not write that translation",
        ),
    ]
}

/// The rules that only end or draw a game, left out with a warning.
fn leave_out_results(v: &Variant, report: &mut Report) {
    let r = &v.rules;
    for (key, feature) in result_only_rules(v) {
        if key != "counting" && key != "bare-royal" {
            report.leave_out(
                feature,
                "not written (Fairy-Stockfish's rule differs or is missing)",
                clause_at(v, key),
            );
        }
    }
    if r.counting.is_some() {
        let why = "Fairy-Stockfish's `countingRule` is its own (Makruk, ASEAN), not translated";
        report.leave_out("counting", why, clause_at(v, "counting"));
    }
    if r.results.bare_royal_loses {
        let why = "Fairy-Stockfish's bare-king rule is built into its Shatranj family";
        report.leave_out("bare royal loses", why, clause_at(v, "bare-royal"));
    }
}

/// Letters and kinds for every piece; refusals for the ones Fairy-Stockfish cannot move.
fn pieces(v: &Variant, report: &mut Report) -> Vec<Piece2> {
    let board = BoardSize {
        files: v.board.width,
        ranks: v.board.height,
    };
    let letters = letters(v, report);
    let mut used_built_in = BTreeSet::new();
    let mut out: Vec<Piece2> = Vec::new();
    let royals: Vec<usize> = (0..v.pieces.len())
        .filter(|&i| v.pieces[i].royal.is_some())
        .collect();
    for (i, p) in v.pieces.iter().enumerate() {
        let kind = if let Some(of) = alias_of(v, i) {
            Kind::Alias(of)
        } else if royals == [i]
            && v.rules.royals.win == WinCondition::Checkmate
            && same_steps(p, "K", board)
        {
            Kind::King
        } else if same(p, PAWN_DOUBLE, board) {
            Kind::Pawn(true)
        } else if PAWN_SINGLE.iter().any(|b| same(p, b, board)) {
            Kind::Pawn(false)
        } else {
            let built_in = crate::fsf::plain_piece_types()
                .find(|(name, b)| !used_built_in.contains(name) && same(p, b, board));
            match built_in {
                Some((name, _)) => {
                    used_built_in.insert(name);
                    Kind::BuiltIn(name)
                }
                None => match betza(p, report) {
                    Some(b) => Kind::Custom(b),
                    None => Kind::Custom(String::new()),
                },
            }
        };
        out.push(Piece2 {
            letter: letters[i],
            kind,
        });
    }
    let pawns = out
        .iter()
        .filter(|p| matches!(p.kind, Kind::Pawn(_)))
        .count();
    if pawns > 1 {
        let why =
            "Fairy-Stockfish has one `pawn` type (the double step, e.p. and promotion are its)";
        report.refuse("two pawn types", why, v.name.location);
    }
    let customs = out
        .iter()
        .filter(|p| matches!(p.kind, Kind::Custom(_)))
        .count();
    if customs > CUSTOM_SLOTS {
        let why = format!(
            "Fairy-Stockfish has {CUSTOM_SLOTS} custom piece slots, this game needs {customs}"
        );
        report.refuse("too many piece types", &why, v.name.location);
    }
    royal_rules(v, &out, report);
    out
}

/// Whether `p` moves exactly as the XBetza string `betza` does.
fn same(p: &Piece, betza: &str, board: BoardSize) -> bool {
    crate::xbetza::expand(betza, board).is_ok_and(|(e, _)| sorted(&e) == sorted(&p.expansion))
}

/// Whether `p` moves as `betza` does, castling aside (the king's castling is a rule).
fn same_steps(p: &Piece, betza: &str, board: BoardSize) -> bool {
    crate::xbetza::expand(betza, board).is_ok_and(|(e, _)| sorted(&e).0 == sorted(&p.expansion).0)
}

fn sorted(e: &Expansion) -> (Vec<String>, Vec<String>) {
    let mut paths: Vec<String> = e.paths.iter().map(|p| format!("{:?}", p.legs)).collect();
    paths.sort();
    paths.dedup();
    let mut castling: Vec<String> = e.castling.iter().map(|c| format!("{c:?}")).collect();
    castling.sort();
    (paths, castling)
}

/// A promotion target that moves like an unpromoted piece and goes back to hand as the pawn
/// it came from: Fairy-Stockfish writes it as that piece with its promoted flag (`Q~`).
fn alias_of(v: &Variant, i: usize) -> Option<PieceType> {
    let piece = &v.pieces[i];
    let from = v
        .pieces
        .iter()
        .position(|p| p.promotions.iter().any(|t| usize::from(t.value.0) == i))?;
    let demotes = v.rules.drops.to_hand.get(i).copied().flatten() == Some(PieceType(from as u16));
    if !demotes
        || v.setup
            .iter()
            .flat_map(|s| &s.placements)
            .any(|pl| usize::from(pl.piece.0) == i)
    {
        return None;
    }
    v.pieces
        .iter()
        .enumerate()
        .find(|(j, q)| {
            *j != i && q.expansion == piece.expansion && q.like.is_none() && q.promotions.is_empty()
        })
        .map(|(j, _)| PieceType(j as u16))
}

/// One lower-case letter per piece: the ID's own letter when it is free, then any free one.
fn letters(v: &Variant, report: &mut Report) -> Vec<char> {
    let mut taken = BTreeSet::new();
    let mut out = vec!['?'; v.pieces.len()];
    let wish = |p: &Piece| {
        p.id.trim_start_matches('+')
            .chars()
            .next()
            .map(|c| c.to_ascii_lowercase())
    };
    // Unpromoted one-letter IDs first, so that `P`, `N`, `K` keep their letters.
    let mut order: Vec<usize> = (0..v.pieces.len()).collect();
    order.sort_by_key(|&i| (v.pieces[i].id.starts_with('+'), v.pieces[i].id.len()));
    for i in order {
        let choice = wish(&v.pieces[i])
            .filter(|c| c.is_ascii_lowercase() && !taken.contains(c))
            .or_else(|| ('a'..='z').find(|c| !taken.contains(c)));
        match choice {
            Some(c) => {
                taken.insert(c);
                out[i] = c;
            }
            None => {
                let why = "Fairy-Stockfish writes each piece type as one letter, and 26 are taken";
                report.refuse("too many piece types", why, v.pieces[i].location);
            }
        }
    }
    out
}

/// The piece's moves as Fairy-Stockfish Betza, one term per move; refusals name the move.
fn betza(p: &Piece, report: &mut Report) -> Option<String> {
    let mut terms = Vec::new();
    let mut failed = false;
    for path in &p.expansion.paths {
        match term(&path.legs) {
            Ok(t) => {
                if !terms.contains(&t) {
                    terms.push(t);
                }
            }
            Err((feature, why)) => {
                if !failed {
                    report.refuse(&format!("`{}`: {feature}", p.id), why, p.betza_location);
                }
                failed = true;
            }
        }
    }
    if !p.expansion.castling.is_empty() && p.royal.is_none() {
        let why =
            "Fairy-Stockfish castles only its king (and bars castling through check only for it)";
        report.refuse(
            &format!("`{}`: castling of a non-royal piece", p.id),
            why,
            p.betza_location,
        );
        failed = true;
    }
    (!failed).then(|| terms.concat())
}

type Refusal = (&'static str, &'static str);

/// One path template as a Betza term.
fn term(legs: &[koma_runtime::spec::Leg]) -> Result<String, Refusal> {
    const PLAIN: u32 = Modes::MOVE.0 | Modes::CAPTURE.0;
    let odd = |m: Modes| m.0 & !(PLAIN | Modes::LAME.0) != 0;
    match legs {
        [leg] => {
            if odd(leg.modes) {
                return Err(mode_refusal(leg.modes));
            }
            let lame = if leg.modes.contains(Modes::LAME) {
                "n"
            } else {
                ""
            };
            if !lame.is_empty() && leg.range != 1 {
                return Err(("lame rider", "Fairy-Stockfish's `n` is for leapers"));
            }
            Ok(format!(
                "{}{lame}{}",
                modality(leg.modes),
                atom(leg.dx, leg.dy, leg.range)?
            ))
        }
        [hop, land]
            if hop.modes.intersects(Modes::HOP) || hop.modes.intersects(Modes::GRASSHOP) =>
        {
            let unit = hop.dx.abs() <= 1 && hop.dy.abs() <= 1;
            if !unit || (land.dx, land.dy) != (hop.dx, hop.dy) || odd(land.modes) {
                return Err((
                    "hopper",
                    "Fairy-Stockfish's hoppers are `pR`, `pB`, `gR` and `gB` sliding up to the hurdle",
                ));
            }
            let letter = match (hop.range, land.range) {
                (0, 0) => "p",
                (0, 1) => "g",
                _ => {
                    return Err((
                        "hopper range",
                        "koma counts `pR2` from the hurdle, Fairy-Stockfish from the mover",
                    ));
                }
            };
            Ok(format!(
                "{}{letter}{}",
                modality(land.modes),
                atom(hop.dx, hop.dy, 0)?
            ))
        }
        [step, turn] if is_lame_knight(step, turn) => {
            let (dx, dy) = (step.dx + turn.dx, step.dy + turn.dy);
            Ok(format!("{}n{}", modality(turn.modes), atom(dx, dy, 1)?))
        }
        legs if legs[..legs.len() - 1]
            .iter()
            .any(|l| l.modes.intersects(Modes::CAPTURE)) =>
        {
            Err((
                "multi-leg move",
                "Fairy-Stockfish has no Lion moves (capture on the way)",
            ))
        }
        _ => Err(("multi-leg move", "Fairy-Stockfish's Betza has no `a` legs")),
    }
}

fn mode_refusal(modes: Modes) -> Refusal {
    if modes.intersects(Modes::INITIAL) {
        (
            "initial move",
            "Fairy-Stockfish reads `i` as 'stands on its double-step ranks' and gives the double step to pawns only",
        )
    } else if modes.intersects(Modes::EN_PASSANT) {
        (
            "en passant",
            "Fairy-Stockfish captures en passant with the FIDE pawn only",
        )
    } else if modes.intersects(Modes::DESTROY) {
        ("capture of a friend", "Fairy-Stockfish has no `d` moves")
    } else if modes.intersects(Modes::JUMP) {
        ("jumping move", "Fairy-Stockfish has no `j` moves")
    } else if modes.intersects(Modes::CYLINDER) || modes.intersects(Modes::TORUS) {
        ("cylinder move", "Fairy-Stockfish's board has edges")
    } else if modes.intersects(Modes::ROYAL_CAPTURE) {
        ("royal capture only", "Fairy-Stockfish has no `k` moves")
    } else {
        ("special move", "Fairy-Stockfish's Betza has no such mode")
    }
}

/// An orthogonal step that must be empty, then a diagonal step outwards: the Xiangqi horse.
fn is_lame_knight(step: &koma_runtime::spec::Leg, turn: &koma_runtime::spec::Leg) -> bool {
    let orthogonal = (step.dx == 0) != (step.dy == 0) && step.dx.abs() + step.dy.abs() == 1;
    let diagonal = turn.dx.abs() == 1 && turn.dy.abs() == 1;
    let outwards = step.dx * turn.dx + step.dy * turn.dy > 0;
    orthogonal
        && diagonal
        && outwards
        && step.range == 1
        && turn.range == 1
        && step.modes == Modes::MOVE
        && turn.modes.0 & !(Modes::MOVE.0 | Modes::CAPTURE.0) == 0
}

fn modality(modes: Modes) -> &'static str {
    match (modes.contains(Modes::MOVE), modes.contains(Modes::CAPTURE)) {
        (true, false) => "m",
        (false, true) => "c",
        _ => "",
    }
}

/// The atom for the vector (dx, dy) (first player, `dy` forward) with an explicit direction
/// Fairy-Stockfish reads as exactly that vector, and the range (0: unlimited).
fn atom(dx: i8, dy: i8, range: u8) -> Result<String, Refusal> {
    let (a, b) = (dx.abs().max(dy.abs()), dx.abs().min(dy.abs()));
    let letter = match (a, b) {
        (1, 0) => 'W',
        (1, 1) => 'F',
        (2, 0) => 'D',
        (2, 1) => 'N',
        (2, 2) => 'A',
        (3, 0) => 'H',
        (3, 1) => 'C',
        (3, 2) => 'Z',
        (3, 3) => 'G',
        _ => {
            return Err((
                "long leap",
                "Fairy-Stockfish's atoms reach at most three squares",
            ));
        }
    };
    // Fairy-Stockfish's piece.cpp gives each of an atom (a, b)'s eight vectors one two-letter
    // code of its own; orthogonal atoms read split codes, so they take `ff`, `bb`, `rr`, `ll`.
    let dir = if b == 0 {
        match (dx.signum(), dy.signum()) {
            (0, 1) => "ff",
            (0, _) => "bb",
            (1, _) => "rr",
            _ => "ll",
        }
    } else if a == b {
        match (dx > 0, dy > 0) {
            (true, true) => "fr",
            (false, true) => "fl",
            (true, false) => "br",
            (false, false) => "bl",
        }
    } else {
        match (dx, dy) {
            (x, y) if y == a && x == b => "rf",
            (x, y) if y == -a && x == -b => "lb",
            (x, y) if y == -b && x == a => "br",
            (x, y) if y == b && x == -a => "fl",
            (x, y) if y == b && x == a => "fr",
            (x, y) if y == -b && x == -a => "bl",
            (x, y) if y == -a && x == b => "rb",
            _ => "lf",
        }
    };
    if range != 1 && !matches!(letter, 'W' | 'F' | 'N') {
        return Err(("rider", "Fairy-Stockfish rides only along W, F and N lines"));
    }
    let range = match range {
        1 => String::new(),
        0 => letter.to_string(),
        n @ 2..=9 => n.to_string(),
        _ => {
            return Err((
                "long limited ride",
                "Fairy-Stockfish's ranges are one digit",
            ));
        }
    };
    Ok(format!("{dir}{letter}{range}"))
}

/// One royal type per side under `win checkmate` (the `king`), or any royal type under
/// `win extinction` (Fairy-Stockfish's extinction rule on that type).
fn royal_rules(v: &Variant, pieces: &[Piece2], report: &mut Report) {
    let royals: Vec<&Piece> = v.pieces.iter().filter(|p| p.royal.is_some()).collect();
    let Some(first) = royals.first() else {
        report.refuse(
            "no royal piece",
            "Fairy-Stockfish's games need a king or an extinction type",
            v.name.location,
        );
        return;
    };
    let at = first.royal.unwrap_or(first.location);
    if royals.len() > 1 {
        let why = "Fairy-Stockfish has one king type, and its extinction rule ends the game when any one type is gone";
        report.refuse("several royal types", why, at);
        return;
    }
    let per_side = v
        .setup
        .iter()
        .flat_map(|s| &s.placements)
        .filter(|pl| pl.player == Player::First && v.piece(pl.piece).royal.is_some())
        .count();
    if v.rules.royals.win == WinCondition::Checkmate {
        if per_side > 1 {
            report.refuse(
                "several royals",
                "Fairy-Stockfish has one king per side",
                at,
            );
        }
        if !pieces.iter().any(|p| p.kind == Kind::King) {
            let why = "Fairy-Stockfish's king (under checkmate) moves as a King (`K`) here";
            report.refuse("royal that is not a King", why, first.betza_location);
        }
    }
}

/// The section's lines.
fn section(v: &Variant, pieces: &[Piece2], report: &mut Report) -> Vec<String> {
    let b = &v.board;
    let name: String = v
        .name
        .value
        .to_lowercase()
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect();
    let mut out = vec![
        format!("# {}: exported by `koma export --to fsf`", v.name.value),
        // Suffixed: a section named like a built-in variant (`chess`) is refused as a duplicate.
        format!("[{name}-koma]"),
        format!("maxFile = {}", b.width),
        format!("maxRank = {}", b.height),
    ];
    // The default template is chess with its pieces: clear the ones this game lacks.
    let mut custom = 0;
    let mut named = BTreeSet::new();
    for p in pieces {
        match &p.kind {
            Kind::Pawn(_) => named.insert(format!("pawn = {}", p.letter)),
            Kind::King => named.insert(format!("king = {}", p.letter)),
            Kind::BuiltIn(n) => named.insert(format!("{n} = {}", p.letter)),
            Kind::Custom(betza) => {
                custom += 1;
                named.insert(format!("customPiece{custom} = {}:{betza}", p.letter))
            }
            Kind::Alias(_) => false,
        };
    }
    for default in ["pawn", "knight", "bishop", "rook", "queen", "king"] {
        if !named.iter().any(|l| l.starts_with(&format!("{default} ="))) {
            out.push(format!("{default} = -"));
        }
    }
    out.extend(named);
    out.extend(double_step(v, pieces, report));
    out.extend(castling(v, pieces, report));
    out.extend(promotion(v, pieces, report));
    out.extend(drops(v, pieces, report));
    out.extend(drop_rules(v, pieces, report));
    out.extend(results(v, pieces, report));
    out.extend(goals(v, pieces, report));
    out.extend(walls(v));
    out.extend(petrification(v, pieces));
    out.push(format!("startFen = {}", start_fen(v, pieces)));
    out
}

fn pawn_type(pieces: &[Piece2]) -> Option<(usize, bool)> {
    pieces.iter().enumerate().find_map(|(i, p)| match p.kind {
        Kind::Pawn(double) => Some((i, double)),
        _ => None,
    })
}

/// `doubleStep`: Fairy-Stockfish allows it on a rank, koma to a pawn that has not moved; the
/// two agree when every pawn starts on that rank.
fn double_step(v: &Variant, pieces: &[Piece2], report: &mut Report) -> Vec<String> {
    let Some((pawn, double)) = pawn_type(pieces) else {
        return Vec::new();
    };
    if !double {
        return vec!["doubleStep = false".to_string()];
    }
    let ranks: BTreeSet<u8> = v
        .setup
        .iter()
        .flat_map(|s| &s.placements)
        .filter(|pl| usize::from(pl.piece.0) == pawn && pl.player == Player::First)
        .map(|pl| pl.at.y)
        .collect();
    match ranks.iter().next() {
        Some(&y) if ranks.len() == 1 => vec![
            "doubleStep = true".to_string(),
            format!("doubleStepRank = {}", y + 1),
            "firstRankDoubleSteps = false".to_string(),
        ],
        _ => {
            let why = "Fairy-Stockfish gives the double step on one rank, koma to a pawn that has not moved";
            report.refuse("double step", why, v.pieces[pawn].betza_location);
            Vec::new()
        }
    }
}

/// Castling: the king's `O` as Fairy-Stockfish's castling, partners in the corners.
fn castling(v: &Variant, pieces: &[Piece2], report: &mut Report) -> Vec<String> {
    let Some(king) = v
        .pieces
        .iter()
        .position(|p| !p.expansion.castling.is_empty())
    else {
        return vec!["castling = false".to_string()];
    };
    let specs = &v.pieces[king].expansion.castling;
    let at = v.pieces[king].betza_location;
    let Some(start) = v
        .setup
        .iter()
        .flat_map(|s| &s.placements)
        .find(|pl| usize::from(pl.piece.0) == king && pl.player == Player::First)
    else {
        return vec!["castling = false".to_string()];
    };
    let mut out = vec!["castling = true".to_string()];
    if v.setup.as_ref().is_some_and(|s| s.shuffle.is_some()) {
        // Fairy-Stockfish's Chess960 castling and notation (its start position is one array).
        out.push("chess960 = true".to_string());
    }
    let mut partner = None;
    for spec in specs {
        let file = match v.rules.castling_to {
            Some(files) if spec.direction > 0 => i32::from(files[0]),
            Some(files) => i32::from(files[1]),
            None => i32::from(start.at.x) + i32::from(spec.direction) * i32::from(spec.king_steps),
        };
        let corner = if spec.direction > 0 {
            v.board.width - 1
        } else {
            0
        };
        let at_corner =
            v.setup.iter().flat_map(|s| &s.placements).find(|pl| {
                pl.player == Player::First && pl.at.y == start.at.y && pl.at.x == corner
            });
        if spec.partner_inside || at_corner.is_none() || start.at.y != 0 || file < 0 {
            let why = "Fairy-Stockfish castles with a partner in the corner of the first rank";
            report.refuse("castling", why, at);
            return Vec::new();
        }
        let letter = pieces[usize::from(at_corner.map_or(0, |p| p.piece.0))].letter;
        if partner.is_some_and(|p| p != letter) {
            report.refuse(
                "castling",
                "Fairy-Stockfish castles with one partner type",
                at,
            );
        }
        partner = Some(letter);
        let side = if spec.direction > 0 {
            "Kingside"
        } else {
            "Queenside"
        };
        let name = koma_runtime::geometry::file_name(file as u8);
        out.push(format!("castling{side}File = {name}"));
    }
    if let Some(letter) = partner {
        out.push(format!("castlingRookPiece = {letter}"));
    }
    out
}

/// Promotion: the pawn's choices (`promotionPieceTypes`) and other pieces' single targets
/// (`promotedPieceType`), in a zone of whole last ranks.
fn promotion(v: &Variant, pieces: &[Piece2], report: &mut Report) -> Vec<String> {
    let spec = &v.rules.promotion;
    let at = clause_at(v, "promotion");
    let promoters: Vec<usize> = (0..v.pieces.len())
        .filter(|&i| !v.pieces[i].promotions.is_empty())
        .collect();
    if promoters.is_empty() {
        return vec!["promotionPieceTypes = -".to_string()];
    }
    let Some((depth, mut out)) = zone_lines(v, at, report) else {
        return Vec::new();
    };
    let forced_when_stuck = spec.forced_when_stuck
        || spec
            .forced
            .iter()
            .all(|f| f.last_ranks == 1 && f.pieces.iter().all(|&p| is_forward(v.piece(p))));
    let must = spec.kind != PromotionKind::Optional;
    let mut shogi = Vec::new();
    let pawn = pawn_type(pieces).map(|(i, _)| i);
    for &i in &promoters {
        let p = &v.pieces[i];
        let targets: Vec<char> = p
            .promotions
            .iter()
            .map(|t| letter_of(pieces, t.value))
            .collect();
        if Some(i) == pawn {
            let [choices, must_line] = pawn_promotion(spec, &targets, depth, at, report);
            match &p.promotions_second {
                None => out.push(choices),
                Some(second) => {
                    let black: String = second.iter().map(|t| letter_of(pieces, t.value)).collect();
                    out.push(choices.replace("PieceTypes =", "PieceTypesWhite ="));
                    out.push(format!("promotionPieceTypesBlack = {black}"));
                }
            }
            out.push(must_line);
        } else if p.promotions_second.is_some() {
            let why = "Fairy-Stockfish's choices per side are the pawn's";
            report.refuse("promotion choices per side", why, p.location);
        } else if let Some(target) = piece_promotion(spec, p, &targets, at, report) {
            shogi.push(format!("{}:{target}", pieces[i].letter));
        }
    }
    if !shogi.is_empty() {
        out.push(format!("promotedPieceType = {}", shogi.join(" ")));
        out.push(format!("mandatoryPiecePromotion = {must}"));
        if spec.triggers == Triggers::CAPTURE_IN_ZONE {
            out.push("piecePromotionOnCapture = true".to_string());
        }
    }
    if !must && !forced_when_stuck && !spec.forced.is_empty() {
        let why = "Fairy-Stockfish forces a promotion only where the piece could not move again";
        report.refuse("promotion forced", why, clause_at(v, "promotion forced"));
    }
    if spec.captured_only {
        if v.rules.drops.has_hands() {
            let why =
                "koma counts the pieces in hand too, Fairy-Stockfish's `promotionLimit` the board";
            report.refuse(
                "promotion captured-only with hands",
                why,
                clause_at(v, "promotion captured-only"),
            );
        }
        out.push(format!("promotionLimit = {}", promotion_limit(v, pieces)));
    }
    out.extend(flips_and_limits(v, pieces, report));
    let stuck =
        v.rules.drops.not_stuck || (!must && (forced_when_stuck || !spec.forced.is_empty()));
    out.push(format!("immobilityIllegal = {stuck}"));
    out
}

/// The zone's lines and how many ranks deep it is: `promotionRank` for whole last ranks, or
/// each player's `promotionRegion` when the sides have zones of their own.
fn zone_lines(v: &Variant, at: Location, report: &mut Report) -> Option<(u8, Vec<String>)> {
    let spec = &v.rules.promotion;
    let Some(second) = &spec.zone_second else {
        let depth = zone_depth(v, at, report)?;
        return Some((
            depth,
            vec![format!("promotionRank = {}", v.board.height - depth + 1)],
        ));
    };
    let depth = spec.zone.iter().map(|c| v.board.height - c.y).max();
    let lines = vec![
        format!("promotionRegionWhite = {}", fsf_squares(&spec.zone)),
        format!("promotionRegionBlack = {}", fsf_squares(second)),
    ];
    Some((depth.unwrap_or(1), lines))
}

/// Squares in Fairy-Stockfish's notation (`a8 b8`), or `-` for none.
fn fsf_squares(squares: &[koma_runtime::spec::Coord]) -> String {
    if squares.is_empty() {
        return "-".to_string();
    }
    let names: Vec<String> = squares
        .iter()
        .map(|c| format!("{}{}", (b'a' + c.x) as char, c.y + 1))
        .collect();
    names.join(" ")
}

/// How many last ranks the zone is, when it is them whole (Fairy-Stockfish's only zone).
fn zone_depth(v: &Variant, at: Location, report: &mut Report) -> Option<u8> {
    let zone = &v.rules.promotion.zone;
    let h = v.board.height;
    let depth = zone.iter().map(|c| h - c.y).max().unwrap_or(0);
    let whole = v
        .board
        .squares()
        .filter(|c| h - c.y <= depth)
        .all(|c| zone.contains(&c));
    if !whole || depth == 0 {
        report.refuse(
            "promotion zone",
            "Fairy-Stockfish's zone is the last ranks, whole",
            at,
        );
        return None;
    }
    Some(depth)
}

/// The pawn's promotion: its choices, and whether it must promote.
fn pawn_promotion(
    spec: &PromotionSpec,
    targets: &[char],
    depth: u8,
    at: Location,
    report: &mut Report,
) -> [String; 2] {
    let must = spec.kind != PromotionKind::Optional;
    let triggers = spec.triggers;
    // A forward-only pawn: arriving in the zone is the only trigger that can fire when it
    // must promote at once or the zone is one rank deep.
    let fires = triggers.contains(Triggers::ENTER)
        && (triggers.contains(Triggers::INSIDE) || must || depth == 1);
    if !fires {
        report.refuse(
            "pawn promotion trigger",
            "Fairy-Stockfish promotes a pawn on every move into its zone",
            at,
        );
    }
    if spec.kind == PromotionKind::Automatic && targets.len() > 1 {
        report.refuse(
            "automatic promotion with a choice",
            "Fairy-Stockfish lets the mover choose",
            at,
        );
    }
    [
        format!(
            "promotionPieceTypes = {}",
            targets.iter().collect::<String>()
        ),
        format!("mandatoryPawnPromotion = {must}"),
    ]
}

/// The one type a piece other than the pawn promotes to (Fairy-Stockfish's shogi style), or a
/// refusal.
fn piece_promotion(
    spec: &PromotionSpec,
    p: &Piece,
    targets: &[char],
    at: Location,
    report: &mut Report,
) -> Option<char> {
    if targets.len() != 1 {
        let why = "Fairy-Stockfish promotes pieces other than the pawn to one type";
        report.refuse("promotion choices", why, p.location);
        return None;
    }
    let start_or_end = Triggers(Triggers::ENTER.0 | Triggers::LEAVE.0 | Triggers::INSIDE.0);
    if spec.triggers != start_or_end && spec.triggers != Triggers::CAPTURE_IN_ZONE {
        let why = "Fairy-Stockfish promotes a piece on a move that starts or ends in the zone \
                   (`promotion on start-or-end`), or on such a capture \
                   (`promotion on capture-in-zone`)";
        report.refuse("promotion trigger", why, at);
    }
    Some(targets[0])
}

/// Every leg of every move goes forward (such a piece is stuck on the last rank).
fn is_forward(p: &Piece) -> bool {
    p.expansion
        .paths
        .iter()
        .all(|path| path.legs.iter().all(|l| l.dy > 0))
}

fn letter_of(pieces: &[Piece2], t: PieceType) -> char {
    let p = &pieces[usize::from(t.0)];
    match p.kind {
        Kind::Alias(of) => pieces[usize::from(of.0)].letter,
        _ => p.letter,
    }
}

/// `promotion flip` is `pieceDemotion`; `promotion limit` is `promotionLimit` (both count the
/// board), which `promotion captured-only` also writes, so the two cannot meet.
fn flips_and_limits(v: &Variant, pieces: &[Piece2], report: &mut Report) -> Vec<String> {
    let spec = &v.rules.promotion;
    let mut out = Vec::new();
    if spec.flip {
        out.push("pieceDemotion = true".to_string());
    }
    if spec.limits.is_empty() {
        return out;
    }
    if spec.captured_only {
        let why = "Fairy-Stockfish has one `promotionLimit` for both clauses";
        let at = clause_at(v, "promotion limit");
        report.refuse("promotion limit with captured-only", why, at);
        return out;
    }
    // Fairy-Stockfish counts one type, its promoted copies (`Q~`) included: an entry counting
    // several pieces is one type there only when they all are written with one letter.
    let mut limits: Vec<String> = Vec::new();
    for (group, n) in &spec.limits {
        let mut letters: Vec<char> = group.iter().map(|&t| letter_of(pieces, t)).collect();
        letters.dedup();
        match letters.as_slice() {
            [one] => limits.push(format!("{one}:{n}")),
            _ => {
                let why = "Fairy-Stockfish's `promotionLimit` counts one type at a time";
                report.refuse(
                    "promotion limit on several types",
                    why,
                    clause_at(v, "promotion limit"),
                );
            }
        }
    }
    if !limits.is_empty() {
        out.push(format!("promotionLimit = {}", limits.join(" ")));
    }
    out
}

/// `promotionLimit`: each promotion type as often as the setup gives one side.
fn promotion_limit(v: &Variant, pieces: &[Piece2]) -> String {
    let mut targets: Vec<PieceType> = v
        .pieces
        .iter()
        .flat_map(|p| p.promotions.iter().map(|t| t.value))
        .collect();
    targets.sort_by_key(|t| t.0);
    targets.dedup();
    targets
        .iter()
        .map(|&t| {
            let n = v
                .setup
                .iter()
                .flat_map(|s| &s.placements)
                .filter(|pl| pl.player == Player::First && pl.piece == t)
                .count();
            format!("{}:{n}", letter_of(pieces, t))
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Drops: captured pieces to the capturer's hand, demoted (Fairy-Stockfish's default) or as
/// they are (`dropLoop`); shogi's drop rules for its pawn.
fn drops(v: &Variant, pieces: &[Piece2], report: &mut Report) -> Vec<String> {
    let d = &v.rules.drops;
    if !d.has_hands() {
        return Vec::new();
    }
    let at = clause_at(v, "captures");
    let base = |i: usize| {
        v.pieces
            .iter()
            .position(|p| p.promotions.iter().any(|t| usize::from(t.value.0) == i))
    };
    // Royal pieces never reach a hand (capturing the last one ends the game).
    let goes = |i: usize| {
        d.to_hand
            .get(i)
            .copied()
            .flatten()
            .map(|t| usize::from(t.0))
    };
    let capturable = || (0..v.pieces.len()).filter(|&i| v.pieces[i].royal.is_none());
    let demoted = capturable().all(|i| goes(i) == Some(base(i).unwrap_or(i)));
    let as_is = capturable().all(|i| goes(i) == Some(i));
    let mut out = vec![
        "pieceDrops = true".to_string(),
        "capturesToHand = true".to_string(),
    ];
    if demoted {
        // Unpromoted pieces that are promotion types too would be demoted by koma only.
        if let Some(i) = (0..v.pieces.len()).find(|&i| {
            base(i).is_some()
                && !matches!(pieces[i].kind, Kind::Alias(_))
                && v.setup
                    .iter()
                    .flat_map(|s| &s.placements)
                    .any(|pl| usize::from(pl.piece.0) == i)
        }) {
            let why = format!(
                "koma demotes every captured `{}` (a promotion type), Fairy-Stockfish only promoted ones; `captures to-hand as-is` avoids it",
                v.pieces[i].id
            );
            report.refuse("captures to-hand demotion", &why, at);
        }
    } else if as_is {
        out.push("dropLoop = true".to_string());
    } else {
        report.refuse(
            "captures to-hand",
            "Fairy-Stockfish's hands hold captured pieces demoted or as they are",
            at,
        );
    }
    if d.promoted {
        out.push("dropPromoted = true".to_string());
    }
    out.extend(drop_zones(v, pieces, report));
    out.extend(per_file(v, pieces, report));
    out.extend(drop_no_mate(v, pieces, report));
    out
}

/// The drop rules that also hold for pieces in hand from the start: `drop compulsory`,
/// `drop opposite-colours`, `drop unmoved`, `drop enclosing`, `drop enters`.
fn drop_rules(v: &Variant, pieces: &[Piece2], report: &mut Report) -> Vec<String> {
    let d = &v.rules.drops;
    let mut out = must_drop(v, pieces, report);
    out.extend(placement_drops(v, pieces, report));
    if d.enclosing {
        out.push("enclosingDrop = reversi".to_string());
        if !d.enclosing_start.is_empty() {
            let squares: Vec<String> = (d.enclosing_start.iter())
                .map(|c| format!("{}{}", (b'a' + c.x) as char, c.y + 1))
                .collect();
            out.push(format!("enclosingDropStart = {}", squares.join(" ")));
        }
    }
    if d.no_check {
        out.push("dropChecks = false".to_string());
    }
    match d.enters {
        Some(DropEdge::Top) => out.push("enclosingDrop = top".to_string()),
        Some(DropEdge::AnySide) => out.push("enclosingDrop = anyside".to_string()),
        None => {}
    }
    out
}

/// `drop opposite-colours B`: Fairy-Stockfish's `dropOppositeColoredBishop` (its bishop only).
/// `drop unmoved` is refused: `castlingDroppedPiece` castles a king dropped on its castling
/// file, and the export's castling needs the king in the setup to say where that is.
fn placement_drops(v: &Variant, pieces: &[Piece2], report: &mut Report) -> Vec<String> {
    let d = &v.rules.drops;
    let mut out = Vec::new();
    if !d.opposite_colours.is_empty() {
        let bishops = d
            .opposite_colours
            .iter()
            .all(|&t| pieces[usize::from(t.0)].kind == Kind::BuiltIn("bishop"));
        if bishops {
            out.push("dropOppositeColoredBishop = true".to_string());
        } else {
            let why = "Fairy-Stockfish's rule is for its bishop";
            report.refuse(
                "drop opposite-colours",
                why,
                clause_at(v, "drop opposite-colours"),
            );
        }
    }
    if !d.unmoved.is_empty() {
        let why = "the export writes castling from a king in the setup";
        report.refuse("drop unmoved", why, clause_at(v, "drop unmoved"));
    }
    out
}

/// `drop compulsory [ID]`: Fairy-Stockfish's `mustDrop`, with `mustDropType` for one piece.
fn must_drop(v: &Variant, pieces: &[Piece2], report: &mut Report) -> Vec<String> {
    let d = &v.rules.drops;
    if !d.must_drop {
        return Vec::new();
    }
    let mut out = vec!["mustDrop = true".to_string()];
    match d.must_drop_pieces.as_slice() {
        [] => {}
        [one] => out.push(format!("mustDropType = {}", letter_of(pieces, *one))),
        _ => {
            let why = "Fairy-Stockfish's `mustDropType` is one piece type";
            report.refuse("drop compulsory", why, clause_at(v, "drop compulsory"));
        }
    }
    out
}

/// `drop zone`: only Fairy-Stockfish's own pawn zone (off the first rank and the promotion
/// zone) translates; without one, pawns drop anywhere. `drop never` (a zone of no squares) is
/// its `dropNoDoubled` with a count of 0, for one type and without a per-file limit.
fn drop_zones(v: &Variant, pieces: &[Piece2], report: &mut Report) -> Vec<String> {
    let d = &v.rules.drops;
    let pawn = pawn_type(pieces).map(|(i, _)| i);
    let (never, zones): (Vec<_>, Vec<_>) = d.zones.iter().partition(|z| z.squares.is_empty());
    let mut out = Vec::new();
    let never: Vec<PieceType> = never
        .iter()
        .flat_map(|z| z.pieces.iter().copied())
        .collect();
    let limited = !d.one_per_file.is_empty() || !d.per_file.is_empty();
    match never.as_slice() {
        [] => {}
        [p] if !limited => {
            out.push(format!("dropNoDoubled = {}", letter_of(pieces, *p)));
            out.push("dropNoDoubledCount = 0".to_string());
        }
        _ => {
            let why = "Fairy-Stockfish forbids the drops of one type, without a per-file limit";
            report.refuse("drop never", why, clause_at(v, "drop never"));
        }
    }
    let only_pawns = zones
        .iter()
        .all(|z| z.pieces.iter().all(|&p| Some(usize::from(p.0)) == pawn));
    let fsf_default = [Player::First, Player::Second]
        .into_iter()
        .all(|player| drop_squares(v, &zones, player) == Some(pawn_drop_squares(v, player)));
    let translates = zones.is_empty() || (only_pawns && fsf_default);
    if !translates {
        let why = "Fairy-Stockfish keeps only pawns off their first rank and promotion zone";
        report.refuse("drop zone", why, clause_at(v, "drop zone"));
    }
    if zones.is_empty() {
        out.push("firstRankPawnDrops = true".to_string());
        out.push("promotionZonePawnDrops = true".to_string());
    }
    out
}

/// `drop no-mate`: Fairy-Stockfish's rule is its shogi pawn's.
fn drop_no_mate(v: &Variant, pieces: &[Piece2], report: &mut Report) -> Vec<String> {
    let d = &v.rules.drops;
    for &p in &d.no_mate {
        if pieces[usize::from(p.0)].kind != Kind::BuiltIn("shogiPawn") {
            report.refuse(
                "drop no-mate",
                "Fairy-Stockfish's rule is for its shogi pawn",
                clause_at(v, "drop no-mate"),
            );
        }
    }
    if d.no_mate.is_empty() {
        Vec::new()
    } else {
        vec!["shogiPawnDropMateIllegal = true".to_string()]
    }
}

/// The per-file drop limits (`drop one-per-file`, `drop per-file N`) as Fairy-Stockfish's
/// `dropNoDoubled`, which limits one piece type, its shogi pawn, to a count per file.
fn per_file(v: &Variant, pieces: &[Piece2], report: &mut Report) -> Vec<String> {
    let d = &v.rules.drops;
    let limits: Vec<(PieceType, u8, &str)> = d
        .one_per_file
        .iter()
        .map(|&p| (p, 1, "drop one-per-file"))
        .chain(d.per_file.iter().map(|&(p, n)| (p, n, "drop per-file")))
        .collect();
    let Some(&(piece, count, _)) = limits.first() else {
        return Vec::new();
    };
    for &(p, _, clause) in &limits {
        if pieces[usize::from(p.0)].kind != Kind::BuiltIn("shogiPawn") {
            report.refuse(
                clause,
                "Fairy-Stockfish's rule is for its shogi pawn",
                clause_at(v, clause),
            );
        }
    }
    if limits.len() > 1 {
        let why = "Fairy-Stockfish limits one piece type per file";
        report.refuse("drop per-file", why, clause_at(v, limits[1].2));
    }
    let mut out = vec![
        "shogiDoubledPawn = false".to_string(),
        format!("dropNoDoubled = {}", letter_of(pieces, piece)),
    ];
    if count > 1 {
        out.push(format!("dropNoDoubledCount = {count}"));
    }
    out
}

/// Where `player` may drop under `zones`, as the runtime reads them (a zone for both sides is
/// written for the first and turned for the second); `None` when no zone confines `player`.
fn drop_squares(v: &Variant, zones: &[&DropZone], player: Player) -> Option<BTreeSet<Coord>> {
    let confining: Vec<&&DropZone> = zones
        .iter()
        .filter(|z| z.side.is_none_or(|s| s == player))
        .collect();
    (!confining.is_empty()).then(|| {
        confining
            .iter()
            .flat_map(|z| {
                let turn = z.side.is_none() && player == Player::Second;
                z.squares
                    .iter()
                    .map(move |&c| if turn { turned(v, c) } else { c })
            })
            .collect()
    })
}

/// The square the second player's zones take for a first-player square (the runtime's
/// `Geometry::rotate`).
fn turned(v: &Variant, c: Coord) -> Coord {
    Coord {
        x: v.board.width - 1 - c.x,
        y: v.board.height - 1 - c.y,
    }
}

/// The squares Fairy-Stockfish lets `player`'s pawn be dropped on: not its first rank, not its
/// promotion zone (each side's, as the runtime's `Tables::promotion_zone(player)` reads it).
fn pawn_drop_squares(v: &Variant, player: Player) -> BTreeSet<Coord> {
    let promotion = &v.rules.promotion;
    let (first_rank, zone) = match player {
        Player::First => (0, promotion.zone.clone()),
        Player::Second => (
            v.board.height - 1,
            promotion
                .zone_second
                .clone()
                .unwrap_or_else(|| promotion.zone.iter().map(|&c| turned(v, c)).collect()),
        ),
    };
    v.board
        .squares()
        .filter(|c| c.y != first_rank && !zone.contains(c))
        .collect()
}

fn results(v: &Variant, pieces: &[Piece2], report: &mut Report) -> Vec<String> {
    let r = &v.rules;
    let value = |o: Outcome| match o {
        Outcome::Win => "win",
        Outcome::Draw => "draw",
        Outcome::Loss => "loss",
    };
    // With `stalemate fewer-pieces-wins` the stalemated side with fewer pieces gets the value.
    let stalemate = match r.results.endings.stalemate_fewer_wins {
        Some(true) => Outcome::Win,
        Some(false) => Outcome::Loss,
        None => r.results.stalemate,
    };
    let mut out = vec![format!("stalemateValue = {}", value(stalemate))];
    let has_royals = v.pieces.iter().any(|p| p.royal.is_some());
    if r.results.no_pieces.is_some() && r.royals.win == WinCondition::Extinction && has_royals {
        let why = "Fairy-Stockfish has one extinction rule: the royals' or every piece's";
        report.refuse("no-pieces", why, clause_at(v, "no-pieces"));
    }
    if let Some(o) = r.results.no_pieces {
        // Fairy-Stockfish's extinction of every piece type (`*`).
        out.push(format!("extinctionValue = {}", value(o)));
        out.push("extinctionPieceTypes = *".to_string());
    } else if r.royals.win == WinCondition::Extinction && has_royals {
        let royal: String = (0..v.pieces.len())
            .filter(|&i| v.pieces[i].royal.is_some())
            .map(|i| pieces[i].letter)
            .collect();
        out.push("extinctionValue = loss".to_string());
        out.push(format!("extinctionPieceTypes = {royal}"));
    }
    if r.facing_royals_forbidden {
        out.push("flyingGeneral = true".to_string());
    }
    if r.results.check_wins.is_some() {
        out.push("checkCounting = true".to_string());
    }
    if r.passing.when_stuck {
        out.push("passOnStalemate = true".to_string());
    }
    if r.captures_compulsory {
        out.push("mustCapture = true".to_string());
    }
    if r.flip_enclosed {
        out.push("flipEnclosedPieces = reversi".to_string());
    }
    out.push(format!(
        "nMoveRule = {}",
        r.results.move_limit.as_ref().map_or(0, |m| m.moves)
    ));
    if let Some(n) = r.results.repetition {
        out.push(format!("nFoldRule = {n}"));
    }
    out.extend(endings(v, pieces, report));
    out.extend(castling_rules(v));
    out
}

/// `castling opposite-wings` and `castling wins` as `oppositeCastling` and `castlingWins` (a
/// letter per player and wing, `K`/`k` towards the last file).
fn castling_rules(v: &Variant) -> Vec<String> {
    use koma_runtime::spec::{CASTLE_KING_SIDE, CASTLE_QUEEN_SIDE};
    let mut out = Vec::new();
    if v.rules.castling_opposite_wings {
        out.push("oppositeCastling = true".to_string());
    }
    let wins = v.rules.results.endings.castling_wins;
    if wins != [0, 0] {
        let mut letters = String::new();
        for (bits, [k, q]) in wins.into_iter().zip([['K', 'Q'], ['k', 'q']]) {
            for (bit, letter) in [(CASTLE_KING_SIDE, k), (CASTLE_QUEEN_SIDE, q)] {
                if bits & bit != 0 {
                    letters.push(letter);
                }
            }
        }
        out.push(format!("castlingWins = {letters}"));
    }
    out
}

/// Repetition won or lost, extinction by counts, the tiebreak and stalemate by piece count.
fn endings(v: &Variant, pieces: &[Piece2], report: &mut Report) -> Vec<String> {
    let e = &v.rules.results.endings;
    let value = |win: bool| if win { "win" } else { "loss" };
    let mut out = Vec::new();
    match e.repetition {
        RepetitionScore::Draw => {}
        // Fairy-Stockfish's value is the side to move's: the player who did not make it.
        RepetitionScore::Mover { wins } => out.push(format!("nFoldValue = {}", value(!wins))),
        RepetitionScore::Player { player, wins } => {
            out.push(format!(
                "nFoldValue = {}",
                value(wins == (player == Player::First))
            ));
            out.push("nFoldValueAbsolute = true".to_string());
        }
    }
    if let Some(o) = e.checkmate {
        let value = match o {
            Outcome::Win => "win",
            Outcome::Draw => "draw",
            Outcome::Loss => "loss",
        };
        out.push(format!("checkmateValue = {value}"));
    }
    if e.stalemate_fewer_wins.is_some() {
        out.push("stalematePieceCount = true".to_string());
    }
    if e.full_board {
        out.push("adjudicateFullBoard = true".to_string());
    }
    match &e.tiebreak {
        None => {}
        Some(Tiebreak::Player(Player::First)) => {
            out.push("materialCounting = whitedrawodds".to_string())
        }
        Some(Tiebreak::Player(Player::Second)) => {
            out.push("materialCounting = blackdrawodds".to_string())
        }
        Some(Tiebreak::Pieces) => out.push("materialCounting = unweighted".to_string()),
        Some(Tiebreak::Material { .. }) => {
            let why = "Fairy-Stockfish weighs material only by Janggi's built-in values";
            report.refuse("tiebreak material", why, clause_at(v, "tiebreak"));
        }
    }
    match e.extinction.as_slice() {
        [] => {}
        [x] if v.rules.results.no_pieces.is_none() && !royal_extinction(v) => {
            let outcome = match x.outcome {
                Outcome::Win => "win",
                Outcome::Draw => "draw",
                Outcome::Loss => "loss",
            };
            let types: String = if x.pieces.is_empty() {
                "*".to_string()
            } else {
                x.pieces.iter().map(|&t| letter_of(pieces, t)).collect()
            };
            out.push(format!("extinctionValue = {outcome}"));
            out.push(format!("extinctionPieceTypes = {types}"));
            if x.at > 0 {
                out.push(format!("extinctionPieceCount = {}", x.at));
            }
            if x.opponent_has > 0 {
                out.push(format!("extinctionOpponentPieceCount = {}", x.opponent_has));
            }
        }
        _ => {
            let why = "Fairy-Stockfish has one extinction rule: the royals', every piece's or one clause's";
            report.refuse("extinction", why, clause_at(v, "extinction"));
        }
    }
    out
}

/// Whether the game is lost by losing the royals (exported as an extinction rule).
fn royal_extinction(v: &Variant) -> bool {
    v.rules.royals.win == WinCondition::Extinction && v.pieces.iter().any(|p| p.royal.is_some())
}

/// The `goal` clauses as Fairy-Stockfish's flag rules: one flag piece type and region per
/// side, and `flagMove` for a first player's goal that the second player may answer. Its early
/// end (the game ends when the answer cannot reach the flag) is for King flags only; a flag of
/// another type gets its answer whatever it is: koma's `hold` (`hold_goals`).
fn goals(v: &Variant, pieces: &[Piece2], report: &mut Report) -> Vec<String> {
    let mut out = Vec::new();
    if v.rules.royals.check_forbidden {
        out.push("checking = false".to_string());
    }
    if v.rules.royals.check_royal_captures_only {
        out.push("makpongRule = true".to_string());
    }
    out.extend(connect(v, pieces, report));
    let mut flags: [Option<&koma_runtime::spec::GoalSpec>; 2] = [None, None];
    for g in v.rules.goals.iter().filter(|g| g.value.row.is_none()) {
        for (i, player) in [Player::First, Player::Second].into_iter().enumerate() {
            if g.value.player.is_some_and(|p| p != player) {
                continue;
            }
            if flags[i].replace(&g.value).is_some() {
                let why = "Fairy-Stockfish has one flag region per side";
                report.refuse("several goals", why, g.location);
            }
        }
        if g.value.pieces.len() != 1 {
            let why = "Fairy-Stockfish's flag is one piece type";
            report.refuse("goal of several types", why, g.location);
        }
        let king = g
            .value
            .pieces
            .iter()
            .all(|&t| pieces[usize::from(t.0)].kind == Kind::King);
        let first = g.value.player != Some(Player::Second);
        if g.value.reply_draws && (!first || g.value.player.is_none() || !king) {
            let why = "Fairy-Stockfish's `flagMove` answers a first player's King flag only";
            report.refuse("goal reply-draws", why, g.location);
        }
    }
    for (i, (color, flag)) in ["White", "Black"].into_iter().zip(flags).enumerate() {
        let Some(g) = flag else { continue };
        let rotate = i == 1 && g.player.is_none();
        let squares: Vec<String> = g
            .squares
            .iter()
            .map(|&c| {
                let c = if rotate {
                    koma_runtime::spec::Coord {
                        x: v.board.width - 1 - c.x,
                        y: v.board.height - 1 - c.y,
                    }
                } else {
                    c
                };
                format!("{}{}", (b'a' + c.x) as char, c.y + 1)
            })
            .collect();
        if let Some(&t) = g.pieces.first() {
            out.push(format!("flagPiece{color} = {}", letter_of(pieces, t)));
        }
        out.push(format!("flagRegion{color} = {}", squares.join(" ")));
    }
    if flags[0].is_some_and(|g| g.reply_draws) || hold_goals(v, pieces, flags, report) {
        out.push("flagMove = true".to_string());
    }
    goal_conditions(v, flags, report, &mut out);
    out
}

/// Whether the goals are `hold` goals, Fairy-Stockfish's `flagMove` for flags other than the
/// King. `flagMove` is one switch for both sides, and a side whose opponent's flag piece is the
/// King wins at once or gets Racing Kings' answer instead, so both goals must be `hold` and
/// neither of a King.
fn hold_goals(
    v: &Variant,
    pieces: &[Piece2],
    flags: [Option<&koma_runtime::spec::GoalSpec>; 2],
    report: &mut Report,
) -> bool {
    let Some(at) = v
        .rules
        .goals
        .iter()
        .find(|g| g.value.hold)
        .map(|g| g.location)
    else {
        return false;
    };
    if flags.iter().flatten().any(|g| !g.hold) {
        let why = "Fairy-Stockfish's `flagMove` holds for both sides";
        report.refuse("goal hold for one side only", why, at);
    }
    let king = |g: &&koma_runtime::spec::GoalSpec| {
        g.pieces
            .iter()
            .any(|&t| pieces[usize::from(t.0)].kind == Kind::King)
    };
    if flags.iter().flatten().any(king) {
        let why = "Fairy-Stockfish's `flagMove` ends a King's race at once, or answers it";
        report.refuse("goal hold of a King", why, at);
    }
    true
}

/// A `goal ... row` as Fairy-Stockfish's `connectN`: one row goal, the same for both players.
fn connect(v: &Variant, pieces: &[Piece2], report: &mut Report) -> Vec<String> {
    let mut rows = v.rules.goals.iter().filter(|g| g.value.row.is_some());
    let Some(g) = rows.next() else {
        return Vec::new();
    };
    if let Some(extra) = rows.next() {
        let why = "Fairy-Stockfish has one `connectN` for the game";
        report.refuse("several row goals", why, extra.location);
    }
    if g.value.player.is_some() {
        let why = "Fairy-Stockfish's `connectN` holds for both players";
        report.refuse("a row goal of one player", why, g.location);
    }
    let Some(row) = g.value.row else {
        return Vec::new();
    };
    let letters: String = g
        .value
        .pieces
        .iter()
        .map(|&t| letter_of(pieces, t))
        .collect();
    let mut out = vec![
        format!("connectN = {}", row.length),
        format!("connectPieceTypes = {letters}"),
    ];
    if row.loses {
        out.push("connectValue = loss".to_string());
    }
    for (on, key) in [
        (row.ranks, "connectHorizontal"),
        (row.files, "connectVertical"),
        (row.diagonals, "connectDiagonal"),
    ] {
        if !on {
            out.push(format!("{key} = false"));
        }
    }
    out
}

/// `wall`: Fairy-Stockfish's `wallingRule`, with `wallingRegion` the squares not excepted.
fn walls(v: &Variant) -> Vec<String> {
    let Some(w) = &v.rules.wall else {
        return Vec::new();
    };
    let rule = match w.value.kind {
        WallKind::Moving => "duck",
        WallKind::Anywhere => "static",
        WallKind::Shot => "arrow",
        WallKind::Edge => "edge",
    };
    let mut out = vec![format!("wallingRule = {rule}")];
    if !w.value.except.is_empty() {
        let b = &v.board;
        let region: Vec<String> = (0..b.height)
            .flat_map(|y| (0..b.width).map(move |x| koma_runtime::spec::Coord { x, y }))
            .filter(|c| !w.value.except.contains(c))
            .map(|c| format!("{}{}", (b'a' + c.x) as char, c.y + 1))
            .collect();
        out.push(format!("wallingRegion = {}", region.join(" ")));
    }
    out
}

/// `petrify`: Fairy-Stockfish's `petrifyOnCaptureTypes` (a royal listed is refused).
fn petrification(v: &Variant, pieces: &[Piece2]) -> Vec<String> {
    let Some(p) = &v.rules.petrify else {
        return Vec::new();
    };
    let letters: String = p.value.iter().map(|&t| letter_of(pieces, t)).collect();
    vec![format!("petrifyOnCaptureTypes = {letters}")]
}

/// `count`, `or-filled` and `safe` as Fairy-Stockfish's `flagPieceCount`,
/// `flagPieceBlockedWin` and `flagPieceSafe`, which hold for both sides at once.
fn goal_conditions(
    v: &Variant,
    flags: [Option<&koma_runtime::spec::GoalSpec>; 2],
    report: &mut Report,
    out: &mut Vec<String>,
) {
    let conditions = |g: &koma_runtime::spec::GoalSpec| (g.count, g.or_filled, g.safe);
    let Some(at) = v.rules.goals.first().map(|g| g.location) else {
        return;
    };
    if let [Some(a), Some(b)] = flags
        && conditions(a) != conditions(b)
    {
        let why = "Fairy-Stockfish's flag conditions hold for both sides";
        report.refuse("goal conditions that differ by side", why, at);
    }
    let Some(g) = flags[0].or(flags[1]) else {
        return;
    };
    if g.safe && flags.iter().flatten().any(|g| g.reply_draws) {
        let why = "Fairy-Stockfish's `flagPieceSafe` with `flagMove` lets an attacked piece win";
        report.refuse("goal safe with reply-draws", why, at);
    }
    if g.count > 1 {
        out.push(format!("flagPieceCount = {}", g.count));
    }
    if g.or_filled {
        out.push("flagPieceBlockedWin = true".to_string());
    }
    if g.safe {
        out.push("flagPieceSafe = true".to_string());
    }
}

/// The start position in Fairy-Stockfish's FEN: board, hands for drop games, castling rights.
fn start_fen(v: &Variant, pieces: &[Piece2]) -> String {
    let b = &v.board;
    let placements: Vec<_> = v.setup.iter().flat_map(|s| &s.placements).collect();
    let char_of = |player: Player, piece: PieceType| {
        let c = letter_of(pieces, piece);
        if player == Player::First {
            c.to_ascii_uppercase()
        } else {
            c
        }
    };
    let mut rows = Vec::new();
    for y in (0..b.height).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for x in 0..b.width {
            match placements.iter().find(|pl| pl.at.x == x && pl.at.y == y) {
                Some(pl) => {
                    if empty > 0 {
                        row += &empty.to_string();
                        empty = 0;
                    }
                    row.push(char_of(pl.player, pl.piece));
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            row += &empty.to_string();
        }
        rows.push(row);
    }
    let mut fen = rows.join("/");
    if v.rules.drops.has_hands() {
        let hand: String = v
            .setup
            .iter()
            .flat_map(|s| &s.hands)
            .map(|h| char_of(h.value.0, h.value.1))
            .collect();
        fen += &format!("[{hand}]");
    }
    let rights = castling_rights(v, pieces);
    // Check counting: the checks each side has left to give.
    let checks = v
        .rules
        .results
        .check_wins
        .map_or(String::new(), |n| format!(" {n}+{n}"));
    let side = match v.setup.as_ref().map(|s| s.to_move) {
        Some(Player::Second) => 'b',
        _ => 'w',
    };
    format!("{fen} {side} {rights} -{checks} 0 1")
}

fn castling_rights(v: &Variant, pieces: &[Piece2]) -> String {
    let Some(king) = v
        .pieces
        .iter()
        .position(|p| !p.expansion.castling.is_empty())
    else {
        return "-".to_string();
    };
    let _ = pieces;
    let mut rights = String::new();
    for (player, k, q) in [(Player::First, 'K', 'Q'), (Player::Second, 'k', 'q')] {
        let has_king = v
            .setup
            .iter()
            .flat_map(|s| &s.placements)
            .any(|pl| usize::from(pl.piece.0) == king && pl.player == player);
        if !has_king {
            continue;
        }
        // Kingside first, as FEN writes it.
        let specs = &v.pieces[king].expansion.castling;
        for (right, direction) in [(k, 1), (q, -1)] {
            if specs.iter().any(|s| s.direction == direction) {
                rights.push(right);
            }
        }
    }
    if rights.is_empty() {
        "-".to_string()
    } else {
        rights
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn section(source: &str) -> Exported {
        let loaded = crate::load_source("t.koma", source, &crate::loader::MemoryLoader::new());
        export(&loaded.variant.expect("the test variant checks"))
    }

    const GAME: &str = "variant \"T\"\nboard 8 x 8\npieces\n  X \"X\" MOVES\n  K \"King\" K royal\nsetup mirror\n  X a1\n  K e1\nrules\n  win checkmate\n";

    fn custom_betza(moves: &str) -> String {
        let text = section(&GAME.replace("MOVES", moves))
            .text
            .expect("exports");
        let line = text
            .lines()
            .find(|l| l.starts_with("customPiece1"))
            .expect("a custom piece");
        line.split(':').nth(1).expect("betza").to_string()
    }

    #[test]
    fn directions_are_spelled_out_so_that_fsf_reads_koma_s_moves() {
        // koma (as the Interactive Diagram) reads `fsK` as the two forward diagonals;
        // Fairy-Stockfish would read fW + sW + fF: the export says what koma means.
        let mut terms: Vec<String> = custom_betza("fsK").split("F").map(str::to_string).collect();
        terms.retain(|t| !t.is_empty());
        terms.sort();
        assert_eq!(terms, ["fl", "fr"]);
        assert_eq!(custom_betza("frN"), "frN");
        assert_eq!(custom_betza("fNrN").len(), 4 * 3, "four knight leaps");
        assert_eq!(custom_betza("mfR2"), "mffW2");
        let lame = custom_betza("bnN");
        assert_eq!(
            (lame.len(), lame.matches('n').count()),
            (8, 2),
            "two lame knight moves: {lame}"
        );
    }

    /// Each side's pawns drop off its first rank and its own promotion zone: with a deeper
    /// zone for the second player, its drops stop a rank sooner.
    #[test]
    fn pawn_drop_zones_follow_each_side_s_promotion_zone() {
        let game = "variant \"T\"\nboard 8 x 8\npieces\n  P \"Pawn\" fmWfceF promotes Q\n  \
                    Q \"Queen\" Q\n  K \"King\" K royal\nsetup mirror\n  P a2 h2\n  K e1\nrules\n  \
                    win checkmate\n  captures to-hand\n  promotion zone first 1\n  \
                    promotion zone second 2\n  DROPS\n";
        let refused = |drops: &str| {
            section(&game.replace("DROPS", drops))
                .diagnostics
                .iter()
                .any(|d| d.message.contains("drop zone"))
        };
        assert!(!refused(
            "drop zone first P a2-h7\n  drop zone second P a3-h7"
        ));
        // The same squares for both sides read the first player's zone for the second too.
        assert!(refused("drop zone P a2-h7"));
        assert!(refused("drop zone first P a2-h7"));
        assert!(refused(
            "drop zone first P a2-h7\n  drop zone second P a2-h7"
        ));
    }

    #[test]
    fn refusals_name_the_feature() {
        let refused = section(&GAME.replace("MOVES", "KNADcaKmcabK"));
        assert!(refused.text.is_none());
        assert!(refused.diagnostics.iter().any(|d| {
            d.message
                .contains("multi-leg move: Fairy-Stockfish has no Lion moves")
        }));
        let hop = section(&GAME.replace("MOVES", "pR2"));
        assert!(
            hop.diagnostics
                .iter()
                .any(|d| d.message.contains("hopper range")),
            "{:#?}",
            hop.diagnostics
        );
    }
}
