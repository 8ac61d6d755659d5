//! A resolved Fairy-Stockfish game -> [`KomaFile`]. docs/import.md lists the mapping.

use super::betza;
use super::game::{Game, PieceDef, Setting};
use super::setup::{self, Start};
use super::squares::{self, Pair, Set};
use crate::import::Sink;
use crate::import::model::{Board, KomaFile, Moves, Piece, RuleLine, Setup};
use crate::import::square::Symmetry;
use koma_grammar::Span;

/// Options that only name, display or tune the engine: one summary comment.
const BOOKKEEPING: &[&str] = &[
    "variantTemplate",
    "pieceToCharTable",
    "pocketSize",
    "nnueAlias",
    "pieceValueMg",
    "pieceValueEg",
    "castlingKingFile",
];

/// Options read by the translation below (by their base name, sides stripped).
const READ: &[&str] = &[
    "chess960",
    "maxRank",
    "maxFile",
    "startFen",
    "promotionRegion",
    "promotionPieceTypes",
    "promotionPawnTypes",
    "pawnTypes",
    "promotedPieceType",
    "mandatoryPawnPromotion",
    "mandatoryPiecePromotion",
    "doubleStep",
    "doubleStepRegion",
    "tripleStepRegion",
    "enPassantRegion",
    "enPassantTypes",
    "castling",
    "castlingKingsideFile",
    "castlingQueensideFile",
    "castlingRank",
    "castlingKingPiece",
    "castlingRookPieces",
    "castlingRookKingsideFile",
    "castlingRookQueensideFile",
    "pieceDrops",
    "capturesToHand",
    "dropLoop",
    "firstRankPawnDrops",
    "promotionZonePawnDrops",
    "dropRegion",
    "dropNoDoubled",
    "dropNoDoubledCount",
    "immobilityIllegal",
    "shogiPawnDropMateIllegal",
    "stalemateValue",
    "nMoveRule",
    "nMoveRuleTypes",
    "nFoldRule",
    "perpetualCheckIllegal",
    "checking",
    "flagPiece",
    "flagRegion",
    "flagMove",
    "extinctionValue",
    "extinctionPieceTypes",
    "extinctionPieceCount",
    "extinctionOpponentPieceCount",
    "nFoldValue",
    "nFoldValueAbsolute",
    "materialCounting",
    "stalematePieceCount",
    "checkmateValue",
    "mobilityRegion",
    "flyingGeneral",
    "checkCounting",
    "mustCapture",
    "pieceDemotion",
    "dropPromoted",
    "promotionLimit",
    "piecePromotionOnCapture",
];

/// Values that leave an option as chess has it.
const NEUTRAL: &[&str] = &["false", "0", "", "-", "none", "draw"];

/// The translation's state.
struct Ctx<'a> {
    game: &'a Game,
    sink: &'a mut Sink,
    files: u32,
    ranks: u32,
    rules: Vec<RuleLine>,
    regions: Vec<(String, Option<&'static str>, Vec<String>)>,
    /// `vanishing` squares (`wallingRule = past`).
    vanishing: Vec<String>,
    /// Options in `KNOWN_GAPS` that a translation below expressed after all.
    consumed: Vec<&'static str>,
    /// The piece letters (lower case) each player has in the start position.
    placed: [Vec<char>; 2],
    /// The promoted pieces that are pieces of another Fairy-Stockfish type (`+K` moving like
    /// `D`), read before unused pieces are pruned: a flag on the type counts them.
    forms: Vec<(String, String)>,
    failed: bool,
}

/// Translates `game`; `None` after an error.
pub fn translate(game: &Game, name: &str, sink: &mut Sink) -> Option<KomaFile> {
    let (files, ranks) = board_size(game, sink)?;
    let mut cx = Ctx {
        game,
        sink,
        files,
        ranks,
        rules: Vec::new(),
        regions: Vec::new(),
        vanishing: Vec::new(),
        consumed: Vec::new(),
        placed: [Vec::new(), Vec::new()],
        forms: Vec::new(),
        failed: false,
    };
    let fen = game.value("startFen").unwrap_or(DEFAULT_FEN);
    let start = match setup::read(fen, files, ranks) {
        Ok(s) => s,
        Err(why) => {
            return cx.fail(
                "I036",
                "the start FEN cannot be read",
                cx.at("startFen"),
                &why,
            );
        }
    };
    cx.placed = [&start.first, &start.second].map(|side| {
        let letters = side
            .keys()
            .filter_map(|k| k.trim_start_matches('+').chars().next());
        letters.map(|c| c.to_ascii_lowercase()).collect()
    });
    let mut pieces = cx.pieces(&start);
    let limit_forms = cx.limit_forms(&pieces);
    cx.royal(&mut pieces, &start);
    cx.ouk_moves(&mut pieces);
    let setup = cx.setup(&start, &pieces);
    cx.forms = promoted_forms(&pieces);
    prune(&mut pieces, &setup);
    cx.promotion_limits(&pieces, limit_forms);
    cx.drops(&pieces, &hand_ids(&start));
    cx.results(&pieces);
    cx.explosions(&pieces);
    cx.petrification(&pieces);
    cx.walls();
    cx.check_counting(&start);
    cx.gating(&start);
    let header = cx.leftovers();
    if cx.failed {
        return None;
    }
    let holes = start.holes.clone();
    Some(KomaFile {
        header,
        name: name.to_string(),
        board: Board {
            files,
            ranks,
            first_rank: 1,
            holes,
            vanishing: cx.vanishing,
            regions: cx.regions,
        },
        pieces,
        piece_notes: Vec::new(),
        setup: Some(setup),
        rules: cx.rules,
    })
}

/// The promoted pieces that move as another Fairy-Stockfish type (`+K` moving like `D`).
fn promoted_forms(pieces: &[Piece]) -> Vec<(String, String)> {
    pieces
        .iter()
        .filter_map(|p| match &p.moves {
            Moves::Like(t) if p.id.starts_with('+') => Some((p.id.clone(), t.clone())),
            _ => None,
        })
        .collect()
}

/// Every piece ID in either player's hand at the start.
fn hand_ids(start: &Start) -> Vec<String> {
    start
        .hands
        .iter()
        .flat_map(|(a, b)| a.iter().chain(b))
        .cloned()
        .collect()
}

const DEFAULT_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn board_size(game: &Game, sink: &mut Sink) -> Option<(u32, u32)> {
    let read = |key: &str, sink: &mut Sink| -> Option<u32> {
        let Some(s) = game.get(key) else {
            return Some(8);
        };
        let n = s
            .value
            .parse::<u32>()
            .ok()
            .or_else(|| file_index(&s.value).map(|f| f + 1));
        match n.filter(|n| (1..=26).contains(n)) {
            Some(n) => Some(n),
            None => {
                let d = sink.error(
                    "I032",
                    format!("cannot read `{key} = {}`", s.value),
                    s.at,
                    "a size from 1 to 26",
                );
                sink.push(d);
                None
            }
        }
    };
    let files = read("maxFile", sink);
    let ranks = read("maxRank", sink);
    Some((files?, ranks?))
}

/// `a` -> 0; also `1` -> 0.
fn file_index(v: &str) -> Option<u32> {
    match v.parse::<u32>() {
        Ok(n) => n.checked_sub(1),
        Err(_) => {
            let b = *v.as_bytes().first()?;
            (v.len() == 1 && b.is_ascii_lowercase()).then(|| u32::from(b - b'a'))
        }
    }
}

fn id(letter: char) -> String {
    letter.to_ascii_uppercase().to_string()
}

fn title(kind: &str) -> String {
    let mut out = String::new();
    for (i, c) in kind.chars().enumerate() {
        if i == 0 {
            out.push(c.to_ascii_uppercase());
        } else if c.is_ascii_uppercase()
            || (c.is_ascii_digit() && !out.ends_with(|d: char| d.is_ascii_digit()))
        {
            out.push(' ');
            out.push(c);
        } else {
            out.push(c);
        }
    }
    out
}

impl Ctx<'_> {
    fn at(&self, key: &str) -> Span {
        self.game.get(key).map_or(self.game.header, |s| s.at)
    }

    fn fail<T>(&mut self, code: &str, message: &str, at: Span, label: &str) -> Option<T> {
        let d = self.sink.error(code, message.to_string(), at, label);
        self.sink.push(d);
        self.failed = true;
        None
    }

    /// A rule koma cannot express: a warning and a comment (`I013`).
    fn gap(&mut self, at: Span, what: &str) {
        let d = self.sink.warning(
            "I013",
            format!("koma cannot express this yet: {what}"),
            at,
            "kept as a comment",
        );
        self.sink.push(d);
        self.rules
            .push(RuleLine::Comment(format!("Not translated: {what}.")));
    }

    fn flag(&self, key: &str, default: bool) -> bool {
        self.game.value(key).map_or(default, |v| v == "true")
    }

    /// The White and Black values of a sided option (`KEYWhite`, else `KEY`).
    fn sided(&self, key: &str) -> (Option<&Setting>, Option<&Setting>) {
        let get = |side: &str| {
            self.game
                .get(&format!("{key}{side}"))
                .or_else(|| self.game.get(key))
        };
        (get("White"), get("Black"))
    }

    /// A region set for both sides, each player's as written.
    fn region_pair(&mut self, key: &str, white: &str, black: &str) -> Option<Pair> {
        let (w, b) = self.sided(key);
        let at = w.or(b).map_or(self.game.header, |s| s.at);
        let (wv, bv) = (
            w.map_or(white, |s| s.value.as_str()),
            b.map_or(black, |s| s.value.as_str()),
        );
        let (Some(ws), Some(bs)) = (
            squares::parse(wv, self.files, self.ranks),
            squares::parse(bv, self.files, self.ranks),
        ) else {
            return self.fail(
                "I032",
                &format!("cannot read the squares of `{key}`"),
                at,
                "squares such as `*8`, `a*` or `d4 e5`",
            );
        };
        Some([ws, bs])
    }

    /// A region set for both sides where koma turns the first player's by 180 degrees for the
    /// second (no side of its own), so sets that are not each other's turn are refused.
    fn region(&mut self, key: &str, white: &str, black: &str) -> Option<Set> {
        let [ws, bs] = self.region_pair(key, white, black)?;
        if squares::rotated(&ws, self.files, self.ranks) != bs {
            let (w, b) = self.sided(key);
            let at = w.or(b).map_or(self.game.header, |s| s.at);
            let label = "koma turns this region 180 degrees for the second player";
            return self.fail(
                "I033",
                &format!("`{key}`: the two players' squares are not each other's turn"),
                at,
                label,
            );
        }
        Some(ws)
    }

    /// `region NAME SQUARES`, or one line per side when the players' squares are not each
    /// other's turn (a side with no square gets no line: its region is empty).
    fn add_sided_region(&mut self, name: &str, pair: &Pair) {
        if self.regions.iter().any(|(n, _, _)| n == name) {
            return;
        }
        if squares::is_turn(pair, self.files, self.ranks) {
            return self.add_region(name, &pair[0]);
        }
        for (side, set) in ["first", "second"].into_iter().zip(pair) {
            if !set.is_empty() {
                let squares = squares::koma(set);
                self.regions.push((name.to_string(), Some(side), squares));
            }
        }
    }

    /// Letters of a piece-set option (`nbrq`, `*`, `-`), restricted to the game's pieces.
    fn letters(&self, value: &str) -> Vec<char> {
        if value.trim() == "*" {
            return self.game.pieces.iter().map(|p| p.letter).collect();
        }
        value
            .chars()
            .map(|c| c.to_ascii_lowercase())
            .filter(|c| self.game.piece(*c).is_some())
            .collect()
    }

    /// A sided piece-set option's White and Black letters.
    fn letter_pair(&self, key: &str, default: &str) -> [Vec<char>; 2] {
        let (w, b) = self.sided(key);
        let white = self.letters(w.map_or(default, |s| s.value.as_str()));
        let black = self.letters(b.map_or(default, |s| s.value.as_str()));
        [white, black]
    }

    fn sided_letters(&mut self, key: &str, default: &str) -> Vec<char> {
        let [white, black] = self.letter_pair(key, default);
        if white != black {
            let (w, b) = self.sided(key);
            let at = w.or(b).map_or(self.game.header, |s| s.at);
            self.gap(
                at,
                &format!("`{key}` differs between the players (the first player's is used)"),
            );
        }
        white
    }

    /// A sided piece-set option as one set: the union, when each letter only one side has is
    /// one only that side can ever own (Khans's Black Pawns); else the first player's.
    fn one_sided_union(&mut self, key: &str, default: &str) -> Vec<char> {
        let [white, black] = self.letter_pair(key, default);
        let own = |l: &char, side: usize| {
            let owners = self.owners(*l);
            owners[side] && !owners[1 - side]
        };
        let only_white = white
            .iter()
            .filter(|l| !black.contains(l))
            .all(|l| own(l, 0));
        let only_black = black
            .iter()
            .filter(|l| !white.contains(l))
            .all(|l| own(l, 1));
        if !(only_white && only_black) {
            return self.sided_letters(key, default);
        }
        let extra: Vec<char> = black.into_iter().filter(|l| !white.contains(l)).collect();
        [white, extra].concat()
    }

    fn pawn_types(&mut self) -> Vec<char> {
        let base = self.pawn_base();
        self.sided_letters("promotionPawnTypes", &base)
    }

    fn pawn_base(&self) -> String {
        let default: String = self
            .game
            .kind("pawn")
            .map(|p| p.letter.to_string())
            .unwrap_or_default();
        self.game.value("pawnTypes").map_or(default, str::to_string)
    }

    /// Per Pawn type, the White and Black promotion choices (`promotionPawnTypes` and
    /// `promotionPieceTypes`, each sided): none for a side whose Pawn types leave it out.
    fn pawn_choices(&self) -> Vec<(char, [Vec<char>; 2])> {
        let pawns = self.letter_pair("promotionPawnTypes", &self.pawn_base());
        let choices = self.letter_pair("promotionPieceTypes", "nbrq");
        let mut letters: Vec<char> = pawns.concat();
        letters.dedup();
        letters.sort_unstable();
        letters.dedup();
        let side = |s: usize, l: char| {
            if pawns[s].contains(&l) {
                choices[s].clone()
            } else {
                Vec::new()
            }
        };
        letters
            .into_iter()
            .map(|l| (l, [side(0, l), side(1, l)]))
            .collect()
    }

    fn ep_region(&mut self) -> Option<Set> {
        let all = "*";
        let region = self.region_all("enPassantRegion", all)?;
        if !region.is_empty() && region != squares::all(self.files, self.ranks) {
            let at = self.at("enPassantRegion");
            self.gap(at, "en passant limited to some squares");
        }
        Some(region)
    }

    /// A sided region whose default is `default` for both players (`*` = every square).
    fn region_all(&mut self, key: &str, default: &str) -> Option<Set> {
        let all: String = (1..=self.ranks).map(|r| format!("*{r} ")).collect();
        let d = if default == "*" {
            all.as_str()
        } else {
            default
        };
        self.region(key, d, d)
    }

    fn pieces(&mut self, start: &Start) -> Vec<Piece> {
        let ep = self.ep_region().is_some_and(|r| !r.is_empty());
        let castle = self.castling(start);
        let mut double = None;
        let mut out = Vec::new();
        for def in &self.game.pieces {
            if let Some(p) = self.piece(def, ep, &mut double, castle.as_ref()) {
                out.push(p);
            }
        }
        self.promotions(&mut out);
        out
    }

    fn double_step_region(&mut self) -> Option<Pair> {
        if !self.flag("doubleStep", true) {
            return Some([Set::new(), Set::new()]);
        }
        let (w, b) = (
            format!("*{}", 2.min(self.ranks)),
            format!("*{}", 7.min(self.ranks)),
        );
        self.region_pair("doubleStepRegion", &w, &b)
    }

    /// `tripleStepRegionWhite/Black`: where a Pawn may also push three squares (Wildebeest).
    fn triple_step_region(&mut self) -> Option<Set> {
        let (w, b) = self.sided("tripleStepRegion");
        w.or(b)?;
        self.region("tripleStepRegion", "-", "-")
            .filter(|s| !s.is_empty())
    }

    /// A piece's initial moves `initial` on the double-step region `double`, and a Pawn's
    /// lame three-square push on the triple-step region too (e.p. rights on both squares it
    /// jumps, `fmnnH`, as Fairy-Stockfish gives them).
    fn initial_moves(
        &mut self,
        pawn: bool,
        ep: bool,
        double: &Pair,
        (moves, options): (&mut String, &mut Vec<String>),
        initial: &str,
    ) {
        if !squares::is_turn(double, self.files, self.ranks) {
            return self.sided_initial_moves(pawn, double, (moves, options), initial);
        }
        let double = &double[0];
        let triple = if pawn {
            self.triple_step_region().unwrap_or_default()
        } else {
            Set::new()
        };
        let rest: Set = double.difference(&triple).copied().collect();
        if !triple.is_empty() {
            let push = if ep { "fmnnH" } else { "fmnH" };
            let extra = if double.is_superset(&triple) {
                initial
            } else {
                ""
            };
            self.add_region("triplestep", &triple);
            options.push(format!("in triplestep {moves}{extra}{push}"));
        }
        if rest == squares::all(self.files, self.ranks) {
            moves.push_str(initial);
        } else if !rest.is_empty() {
            self.add_region("doublestep", &rest);
            options.push(format!("in doublestep {moves}{initial}"));
        }
    }

    /// Initial moves on double-step regions that are not each other's turn: the region has a
    /// line per side.
    fn sided_initial_moves(
        &mut self,
        pawn: bool,
        double: &Pair,
        (moves, options): (&mut String, &mut Vec<String>),
        initial: &str,
    ) {
        if pawn && self.triple_step_region().is_some() {
            let at = self.at("doubleStepRegionWhite");
            return self.gap(
                at,
                "a triple step with double-step regions that differ by side",
            );
        }
        self.add_sided_region("doublestep", double);
        options.push(format!("in doublestep {moves}{initial}"));
    }

    /// The castling king's letter and its XBetza castling, when the start position castles.
    fn castling(&mut self, start: &Start) -> Option<(char, String)> {
        if !self.flag("castling", true) {
            return None;
        }
        let king = self
            .game
            .value("castlingKingPiece")
            .and_then(|v| v.chars().next())
            .map(|c| c.to_ascii_lowercase())
            .or_else(|| self.game.kind("king").map(|k| k.letter))?;
        let rank = self
            .game
            .value("castlingRank")
            .and_then(|v| v.parse::<u32>().ok())
            .unwrap_or(1);
        // A first player without the castler (Maharajah) castles as the second would.
        let second_rank = self.ranks + 1 - rank;
        self.consumed.push("castlingDroppedPiece");
        let dropped = self.flag("castlingDroppedPiece", false);
        let first = if dropped {
            // The castler comes from the hand, onto its file (Placement).
            let file = self
                .game
                .value("castlingKingFile")
                .map_or(Some(4), file_index)?;
            (file, rank - 1)
        } else {
            match start.first.get(&id(king)) {
                Some(squares) => castler_square(squares, rank)?,
                None => (
                    castler_square(start.second.get(&id(king))?, second_rank)?.0,
                    rank - 1,
                ),
            }
        };
        let ks = self
            .game
            .value("castlingKingsideFile")
            .map_or(Some(6), file_index)?;
        let qs = self
            .game
            .value("castlingQueensideFile")
            .map_or(Some(2), file_index)?;
        if !dropped && !start.castling.chars().any(|c| c.is_ascii_alphabetic()) {
            self.rules.push(RuleLine::Comment(
                "The start position has no castling rights: no castling.".into(),
            ));
            return None;
        }
        let castling = self.castling_atoms(first.0, ks, qs)?;
        if dropped {
            self.dropped_castlers(king, first, second_rank);
        } else {
            self.castling_partners();
        }
        if self.game.kind("king").is_none_or(|k| k.letter != king) {
            // Fairy-Stockfish keeps only its king off attacked squares when castling.
            self.rules
                .push(RuleLine::Clause("castling safe royal-only".into()));
        }
        Some((king, castling))
    }

    /// `castlingDroppedPiece`: the castler dropped on its file of the castling rank, and a
    /// partner dropped in a corner of it, count as never moved (`drop unmoved`); the partner is
    /// then the one at the edge, so no `castling with`.
    fn dropped_castlers(&mut self, king: char, (file, row): (u32, u32), second_rank: u32) {
        let square = |f: u32, rank: u32| format!("{}{rank}", (b'a' + f as u8) as char);
        let k = id(king);
        self.rules.push(RuleLine::Clause(format!(
            "drop unmoved first {k} {}",
            square(file, row + 1)
        )));
        self.rules.push(RuleLine::Clause(format!(
            "drop unmoved second {k} {}",
            square(file, second_rank)
        )));
        let rooks = self.game.value("castlingRookPieces").unwrap_or("r");
        let ids: Vec<String> = self.letters(rooks).into_iter().map(id).collect();
        if !ids.is_empty() {
            let corners = [square(0, row + 1), square(self.files - 1, row + 1)];
            self.rules.push(RuleLine::Clause(format!(
                "drop unmoved {} {}",
                ids.join(" "),
                corners.join(" ")
            )));
        }
    }

    /// `isO2` for a castler on file `from` reaching the files `ks` and `qs`.
    fn castling_atoms(&mut self, from: u32, ks: u32, qs: u32) -> Option<String> {
        if ks <= from || qs >= from {
            let at = self.at("castlingKingsideFile");
            self.gap(at, "castling with a destination not beyond the castler");
            return None;
        }
        if ks - from != from - qs || self.flag("chess960", false) {
            // Different distances on the two sides (Janus, Diana, Active), or Chess960's
            // castling (`caparandom`): the destination files themselves, the same for both
            // players as in Fairy-Stockfish, castler and partner anywhere on the rank.
            let name = |f: u32| koma_runtime::geometry::file_name(f as u8);
            self.rules.push(RuleLine::Clause(format!(
                "castling to {} {}",
                name(ks),
                name(qs)
            )));
        }
        Some(format!("isO{}", ks - from))
    }

    fn castling_partners(&mut self) {
        let rooks = self.game.value("castlingRookPieces").unwrap_or("r");
        let ids: Vec<String> = self.letters(rooks).into_iter().map(id).collect();
        if !ids.is_empty() {
            self.rules
                .push(RuleLine::Clause(format!("castling with {}", ids.join(" "))));
        }
    }

    /// One piece; `double` is the double-step region, read when a piece first needs it.
    fn piece(
        &mut self,
        def: &PieceDef,
        ep: bool,
        double: &mut Option<Option<Pair>>,
        castle: Option<&(char, String)>,
    ) -> Option<Piece> {
        if let Some(koma) = janggi_betza(&def.kind) {
            return self.janggi_piece(def, koma);
        }
        let fsf = if def.kind == "pawn" {
            if ep {
                "fmWfceFifmnD".to_string()
            } else {
                "fmWfcFifmnD".to_string()
            }
        } else {
            def.betza.clone()
        };
        let split = match betza::translate(&fsf, ep) {
            Ok(s) => s,
            Err(why) => return self.fail("I033", &why, def.at, "a reading koma cannot translate"),
        };
        let mut moves = split.always.clone();
        let mut options = Vec::new();
        let note = self.unplayed(def, &split.unplayed);
        if let Some((_, atom)) = castle.filter(|c| c.0 == def.letter) {
            moves.push_str(atom);
        }
        if !split.initial.is_empty() && double.is_none() {
            *double = Some(self.double_step_region());
        }
        if let Some(region) = double
            .clone()
            .flatten()
            .filter(|_| !split.initial.is_empty())
        {
            let pawn = def.kind == "pawn";
            let at = (&mut moves, &mut options);
            self.initial_moves(pawn, ep, &region, at, &split.initial);
        }
        self.soldier(def, &mut moves, &mut options);
        self.diagonal_lines(def, &moves, &mut options);
        self.mobility(def, &mut options);
        Some(Piece {
            id: id(def.letter),
            name: title(&def.kind),
            moves: Moves::Betza(if moves.is_empty() { "-".into() } else { moves }),
            promotes: Vec::new(),
            promotes_second: None,
            royal: false,
            note,
            options,
        })
    }

    /// Warns of terms Fairy-Stockfish gives no moves (I037); the piece line's note.
    fn unplayed(&mut self, def: &PieceDef, unplayed: &[String]) -> Option<String> {
        if unplayed.is_empty() {
            return None;
        }
        let terms = unplayed.join("`, `");
        let what = format!(
            "`{terms}`: Fairy-Stockfish has no such lame leaper and gives it no moves (its lame \
             leapers are `nN`, `nZ`, `nD` and `nA`)"
        );
        let d = self
            .sink
            .warning("I037", what, def.at, "written without these moves");
        self.sink.push(d);
        Some(format!(
            "`{terms}` left out: Fairy-Stockfish plays it without moves"
        ))
    }

    fn add_region(&mut self, name: &str, set: &Set) {
        if !self.regions.iter().any(|(n, _, _)| n == name) {
            self.regions
                .push((name.to_string(), None, squares::koma(set)));
        }
    }

    /// Janggi's Cannon and Elephant, whose rules go beyond Fairy-Stockfish's Betza for them:
    /// koma's XBetza says the Elephant's blockable path, and `janggi_rules` the Cannon's.
    fn janggi_piece(&mut self, def: &PieceDef, koma: &str) -> Option<Piece> {
        let mut options = Vec::new();
        self.diagonal_lines(def, koma, &mut options);
        self.mobility(def, &mut options);
        Some(Piece {
            id: id(def.letter),
            name: title(&def.kind),
            moves: Moves::Betza(koma.into()),
            promotes: Vec::new(),
            promotes_second: None,
            royal: false,
            note: None,
            options,
        })
    }

    /// Janggi's whole-game rules: `bikjangRule` (facing Generals must part, or the game ends
    /// drawn on a pass), `pass` (the King passes; two passes in a row end the game), and the
    /// Cannon's (it neither hops nor takes a Cannon).
    fn janggi_rules(&mut self, pieces: &[Piece]) {
        self.consumed.extend(["bikjangRule", "pass"]);
        if self.flag("bikjangRule", false) {
            self.rules
                .push(RuleLine::Clause("facing-royals must-break".into()));
        }
        let (w, b) = self.sided("pass");
        let on = |s: Option<&Setting>| s.is_some_and(|s| !NEUTRAL.contains(&s.value.as_str()));
        if on(w) || on(b) {
            let king = self.game.kind("king").map(|k| id(k.letter));
            match king.filter(|_| on(w) && on(b)) {
                Some(k) => {
                    self.rules
                        .push(RuleLine::Clause(format!("pass anytime {k}")));
                    self.rules.push(RuleLine::Clause("pass twice-ends".into()));
                }
                None => {
                    let at = w.or(b).map_or(self.game.header, |s| s.at);
                    self.gap(at, "passing for one player, or without a King");
                }
            }
        }
        let cannon = self.game.kind("janggiCannon").map(|c| id(c.letter));
        if let Some(c) = cannon.filter(|c| pieces.iter().any(|p| &p.id == c)) {
            self.rules.push(RuleLine::Clause(format!("jump-rank {c}")));
            self.rules
                .push(RuleLine::Clause(format!("anti-trade {c} takes {c} always")));
        }
    }

    /// `diagonalLines`: on these points the Rook, Wazir (and a Wazir-moving King), Soldier and
    /// Janggi Cannon also move along the lines joining them: each point gets a region of the
    /// points whose lines run alike, and the piece its extra moves there.
    fn diagonal_lines(&mut self, def: &PieceDef, moves: &str, options: &mut Vec<String>) {
        self.consumed.push("diagonalLines");
        let Some(lines) = self.game.get("diagonalLines").cloned() else {
            return;
        };
        let Some(points) = squares::parse(&lines.value, self.files, self.ranks) else {
            let _: Option<()> = self.fail(
                "I032",
                "cannot read the diagonal lines",
                lines.at,
                "squares",
            );
            return;
        };
        if squares::rotated(&points, self.files, self.ranks) != points {
            let what = "diagonal lines that are not their own turn";
            let _: Option<()> = self.fail("I033", what, lines.at, "koma turns regions 180 degrees");
            return;
        }
        let own_regions = options.iter().any(|o| o.starts_with("in "));
        let mut groups: Vec<(Vec<(&str, u32)>, Set)> = Vec::new();
        for &p in &points {
            let runs = line_runs(&points, p);
            match groups.iter_mut().find(|(r, _)| *r == runs) {
                Some((_, set)) => {
                    set.insert(p);
                }
                None => groups.push((runs, Set::from([p]))),
            }
        }
        for (i, (runs, set)) in groups.iter().enumerate() {
            let extra = match line_moves(&def.kind, &def.betza, runs) {
                Ok(extra) => extra,
                Err(why) => return self.gap(lines.at, &why),
            };
            if extra.is_empty() {
                continue;
            }
            if own_regions {
                return self.gap(
                    lines.at,
                    "diagonal lines on a piece with regions of its own",
                );
            }
            let name = format!("line{}", i + 1);
            self.add_region(&name, set);
            options.push(format!("in {name} {moves}{extra}"));
        }
    }

    /// `soldierPromotionRank`: a Soldier steps only forward before that rank (Xiangqi's river),
    /// with all its moves from it on.
    fn soldier(&mut self, def: &PieceDef, moves: &mut String, options: &mut Vec<String>) {
        let rank = self
            .game
            .value("soldierPromotionRank")
            .and_then(|v| v.parse::<u32>().ok())
            .unwrap_or(1);
        self.consumed.push("soldierPromotionRank");
        if def.kind != "soldier" || rank <= 1 {
            return;
        }
        if !options.is_empty() {
            let at = self.at("soldierPromotionRank");
            return self.gap(at, "a Soldier's river on a region of its own");
        }
        let zone: Set = squares::all(self.files, self.ranks)
            .into_iter()
            .filter(|s| s.1 + 1 >= rank)
            .collect();
        self.add_region("soldierzone", &zone);
        options.push(format!("in soldierzone {moves}"));
        *moves = "fW".into();
    }

    /// `mobilityRegionWhiteKIND`: the piece is confined there (each side to its own squares).
    fn mobility(&mut self, def: &PieceDef, options: &mut Vec<String>) {
        let kind = title(&def.kind).replace(' ', "");
        let key = format!("mobilityRegion{{}}{kind}");
        let w = self.game.get(&key.replace("{}", "White")).cloned();
        let b = self.game.get(&key.replace("{}", "Black")).cloned();
        if w.is_none() && b.is_none() {
            return;
        }
        let all = squares::all(self.files, self.ranks);
        let read = |s: Option<&Setting>| {
            s.map_or(Some(all.clone()), |s| {
                squares::parse(&s.value, self.files, self.ranks)
            })
        };
        let (Some(ws), Some(bs)) = (read(w.as_ref()), read(b.as_ref())) else {
            return;
        };
        let name = format!("keep{}", def.letter);
        self.add_sided_region(&name, &[ws, bs]);
        options.push(format!("confined {name}"));
    }

    fn promotions(&mut self, pieces: &mut Vec<Piece>) {
        let pawns = self.pawn_choices();
        let shogi = self.promoted_types();
        let has_pawn = pawns
            .iter()
            .any(|(_, c)| !c[0].is_empty() || !c[1].is_empty());
        if !has_pawn && shogi.is_empty() {
            return;
        }
        let Some(region) = self.promotion_region() else {
            return;
        };
        let copies = self.flag("capturesToHand", false) && !self.flag("dropLoop", false);
        if has_pawn && !shogi.is_empty() {
            self.both_promotions(pieces, &pawns, &shogi, &region, copies);
        } else if has_pawn {
            self.pawn_promotions(pieces, &pawns, copies);
            let mandatory = self.flag("mandatoryPawnPromotion", true);
            self.rules
                .push(RuleLine::Clause("promotion on enter inside".into()));
            self.rules.push(RuleLine::Clause(kind_line(mandatory)));
            // Grand's optional promotion is still forced on the last rank, where an unpromoted
            // Pawn could not move again (`immobilityIllegal`).
            if !mandatory && self.flag("immobilityIllegal", false) {
                self.rules
                    .push(RuleLine::Clause("promotion forced-when-stuck".into()));
            }
        } else {
            self.piece_promotions(pieces, &shogi);
        }
        self.zone(&region);
    }

    /// Pawn promotion and piece promotion in one game (Wolf chess, Forward chess): the pieces
    /// promote on `start-or-end` as `mandatoryPiecePromotion` says, and the Pawn types must
    /// promote on reaching the zone (`promotion forced PAWNS last N`). That reads
    /// Fairy-Stockfish's Pawn trigger ("ends in the zone") only when the zone is each side's far
    /// `N` ranks and Pawn promotion is mandatory, so that no unpromoted Pawn stands in it; and
    /// promotion by capture would bind a Pawn's piece promotion alone.
    fn both_promotions(
        &mut self,
        pieces: &mut Vec<Piece>,
        pawns: &[(char, [Vec<char>; 2])],
        shogi: &[(char, char)],
        region: &Pair,
        copies: bool,
    ) {
        let (files, ranks) = (self.files, self.ranks);
        let depth = squares::far_ranks(&region[0], files, ranks)
            .filter(|_| squares::is_turn(region, files, ranks));
        let why = if depth.is_none() {
            Some("Pawn promotion and piece promotion in a zone that is not the far ranks")
        } else if !self.flag("mandatoryPawnPromotion", true) {
            Some("optional Pawn promotion beside piece promotion")
        } else if self.flag("piecePromotionOnCapture", false) {
            Some("promotion by capture beside Pawn promotion")
        } else {
            None
        };
        if let Some(what) = why {
            let at = self.at("promotedPieceType");
            return self.gap(at, what);
        }
        self.pawn_promotions(pieces, pawns, copies);
        let choices: Vec<Vec<String>> = pieces.iter().map(|p| p.promotes.clone()).collect();
        self.piece_promotions(pieces, shogi);
        // A Pawn type with a promoted form keeps its Pawn choices beside it (Wolf's Pawn
        // promotes to a Queen ... or to its Elephant).
        for (p, before) in pieces.iter_mut().zip(choices) {
            if !before.is_empty() && before != p.promotes {
                let form = std::mem::replace(&mut p.promotes, before);
                p.promotes.extend(form.iter().cloned());
                if let Some(second) = &mut p.promotes_second {
                    second.extend(form);
                }
            }
        }
        let ids: Vec<String> = pawns
            .iter()
            .map(|(l, _)| id(*l))
            .filter(|i| pieces.iter().any(|p| &p.id == i && !p.promotes.is_empty()))
            .collect();
        let n = depth.unwrap_or(1);
        self.rules.push(RuleLine::Clause(format!(
            "promotion forced {} last {n}",
            ids.join(" ")
        )));
    }

    fn promotion_region(&mut self) -> Option<Pair> {
        let white = format!("*{}", 8.min(self.ranks));
        self.region_pair("promotionRegion", &white, "*1")
    }

    /// `promotion zone`, or one per side when the players' zones are not each other's turn
    /// (a side with no square gets no line: it has no zone).
    fn zone(&mut self, region: &Pair) {
        let (files, ranks) = (self.files, self.ranks);
        let written = |set: &Set, own: &Set| match squares::far_ranks(own, files, ranks) {
            Some(n) => n.to_string(),
            None => squares::koma(set).join(" "),
        };
        if squares::is_turn(region, files, ranks) {
            let zone = written(&region[0], &region[0]);
            self.rules
                .insert(0, RuleLine::Clause(format!("promotion zone {zone}")));
            return;
        }
        let black_seen = squares::rotated(&region[1], files, ranks);
        let lines = [
            ("first", &region[0], written(&region[0], &region[0])),
            ("second", &region[1], written(&region[1], &black_seen)),
        ];
        let mut at = 0;
        for (side, set, zone) in lines {
            if !set.is_empty() {
                let line = format!("promotion zone {side} {zone}");
                self.rules.insert(at, RuleLine::Clause(line));
                at += 1;
            }
        }
    }

    /// Each Pawn type's choices: `promotes IDS`, or per side (`promotes first|second IDS`)
    /// when the players' differ and both can have the type.
    fn pawn_promotions(
        &mut self,
        pieces: &mut Vec<Piece>,
        pawns: &[(char, [Vec<char>; 2])],
        copies: bool,
    ) {
        let koma = |letters: &[char]| -> Vec<String> {
            let ids = letters.iter().map(|c| id(*c));
            ids.map(|i| if copies { format!("+{i}") } else { i })
                .collect()
        };
        let mut targets: Vec<char> = Vec::new();
        for (letter, [white, black]) in pawns {
            let Some(p) = pieces.iter_mut().find(|p| p.id == id(*letter)) else {
                continue;
            };
            targets.extend(white.iter().chain(black));
            match self.owners(*letter) {
                _ if white == black => p.promotes = koma(white),
                [true, false] => p.promotes = koma(white),
                [false, true] => p.promotes = koma(black),
                _ => {
                    p.promotes = koma(white);
                    p.promotes_second = Some(koma(black));
                }
            }
        }
        if copies {
            targets.sort_unstable();
            targets.dedup();
            for i in targets.iter().map(|c| id(*c)) {
                pieces.push(promoted_copy(&i, &i));
            }
        }
    }

    /// Which players may ever own pieces of `letter`: those the start position gives them,
    /// unless pieces change hands (drops) or promote into it.
    fn owners(&self, letter: char) -> [bool; 2] {
        let promoted_into = self.letter_pair("promotionPieceTypes", "nbrq");
        if self.flag("pieceDrops", false) || promoted_into.concat().contains(&letter) {
            return [true, true];
        }
        self.placed.clone().map(|letters| letters.contains(&letter))
    }

    fn piece_promotions(&mut self, pieces: &mut Vec<Piece>, pairs: &[(char, char)]) {
        for &(from, to) in pairs {
            if let Some(p) = pieces.iter_mut().find(|p| p.id == id(from)) {
                p.promotes = vec![format!("+{}", id(from))];
            }
            pieces.push(promoted_copy(&id(from), &id(to)));
        }
        // `piecePromotionOnCapture` (Micro Shogi, Cetus): a piece promotes, or turns back, only
        // on a capture starting or ending in the zone, which is koma's `capture-in-zone`.
        let trigger = if self.flag("piecePromotionOnCapture", false) {
            "capture-in-zone"
        } else {
            "start-or-end"
        };
        self.rules
            .push(RuleLine::Clause(format!("promotion on {trigger}")));
        let mandatory = self.flag("mandatoryPiecePromotion", false);
        self.rules.push(RuleLine::Clause(kind_line(mandatory)));
        if self.flag("immobilityIllegal", false) {
            self.rules
                .push(RuleLine::Clause("promotion forced-when-stuck".into()));
        }
        if self.flag("pieceDemotion", false) {
            self.rules.push(RuleLine::Clause("promotion flip".into()));
        }
    }

    /// `promotionLimit = q:1 r:2`: per limited letter, the koma pieces Fairy-Stockfish counts
    /// as that type (the piece itself and the promoted copies that move like it), read before
    /// `prune` turns the copies' `like` into moves.
    fn limit_forms(&mut self, pieces: &[Piece]) -> Vec<(String, u32, Vec<String>)> {
        let Some(s) = self.game.get("promotionLimit").cloned() else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for pair in s.value.split_whitespace() {
            let parsed = pair.split_once(':').and_then(|(l, n)| {
                let letter = l.chars().next().filter(|_| l.chars().count() == 1)?;
                let letter = letter.to_ascii_lowercase();
                self.game.piece(letter)?;
                Some((letter, n.parse::<u32>().ok()?))
            });
            let Some((letter, n)) = parsed else {
                let _: Option<()> = self.fail(
                    "I032",
                    &format!("cannot read `{pair}` in `promotionLimit`"),
                    s.at,
                    "`letter:count` with one of the game's piece letters",
                );
                continue;
            };
            let forms = pieces
                .iter()
                .filter(|p| p.id == id(letter) || p.moves == Moves::Like(id(letter)))
                .map(|p| p.id.clone())
                .collect();
            out.push((id(letter), n, forms));
        }
        out
    }

    /// `promotion limit`: each limited type with the koma pieces that stand for it after
    /// `prune`, counted together.
    fn promotion_limits(&mut self, pieces: &[Piece], forms: Vec<(String, u32, Vec<String>)>) {
        let mut entries = Vec::new();
        for (_, n, forms) in forms {
            let kept: Vec<String> = forms
                .into_iter()
                .filter(|f| pieces.iter().any(|p| &p.id == f))
                .collect();
            // The promoted copies (Grandhouse's `+Q like Q`) are the type for Fairy-Stockfish's
            // count: one entry counts them together.
            if !kept.is_empty() && n > 0 {
                entries.push(format!("{} {n}", kept.join(" ")));
            }
        }
        if !entries.is_empty() {
            self.rules.push(RuleLine::Clause(format!(
                "promotion limit {}",
                entries.join(", ")
            )));
        }
    }

    /// `promotedPieceType = p:g s:g`.
    fn promoted_types(&mut self) -> Vec<(char, char)> {
        let Some(s) = self.game.get("promotedPieceType").cloned() else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for pair in s.value.split_whitespace() {
            let mut c = pair.chars();
            match (c.next(), c.next(), c.next(), c.next()) {
                (Some(a), Some(':'), Some(b), None)
                    if self.game.piece(a.to_ascii_lowercase()).is_some()
                        && self.game.piece(b.to_ascii_lowercase()).is_some() =>
                {
                    out.retain(|p: &(char, char)| p.0 != a.to_ascii_lowercase());
                    out.push((a.to_ascii_lowercase(), b.to_ascii_lowercase()));
                }
                _ => {
                    let _: Option<()> = self.fail(
                        "I032",
                        &format!("cannot read `{pair}` in `promotedPieceType`"),
                        s.at,
                        "`from:to` with two of the game's piece letters",
                    );
                }
            }
        }
        out
    }

    /// The royal pieces and how a game is lost: the `king`, a single extinction type, or none
    /// (a kingless game: nothing is ever in check). Extinction of every type (`*`) is
    /// `no-pieces loses|wins`; a pseudo-royal type is royal under `win checkmate`; any other
    /// extinction rule (several types, a count above zero, the opponent's count) is an
    /// `extinction` clause.
    fn royal(&mut self, pieces: &mut [Piece], start: &Start) {
        let extinct = self
            .game
            .value("extinctionValue")
            .filter(|v| !NEUTRAL.contains(v) || *v == "draw");
        if extinct.is_none() {
            // `extinctionClaim` only qualifies an extinction rule: without one it changes
            // nothing (Chaturanga keeps Shatranj's after turning its extinction off).
            self.consumed.push("extinctionClaim");
        }
        let every_type = self
            .game
            .value("extinctionPieceTypes")
            .is_some_and(|v| v.trim() == "*");
        let types = self
            .game
            .value("extinctionPieceTypes")
            .map(|v| self.letters(v))
            .unwrap_or_default();
        let count = |key: &str| {
            self.game
                .value(key)
                .and_then(|v| v.trim().parse::<u32>().ok())
                .unwrap_or(0)
        };
        let (at, opponent_has) = (
            count("extinctionPieceCount"),
            count("extinctionOpponentPieceCount"),
        );
        let plain = at == 0 && opponent_has == 0;
        let no_pieces = match extinct {
            Some("loss") if every_type && plain => Some("loses"),
            Some("win") if every_type && plain => Some("wins"),
            _ => None,
        };
        // Anything else Fairy-Stockfish's extinction says, as one `extinction` clause.
        let clause = match extinct {
            Some(value) if no_pieces.is_none() && !types.is_empty() => Some(extinction_clause(
                value,
                every_type,
                &types,
                at,
                opponent_has,
            )),
            _ => None,
        };
        let pseudo = self.flag("extinctionPseudoRoyal", false)
            && extinct == Some("loss")
            && !types.is_empty()
            && !every_type;
        if let Some(king) = self.game.kind("king") {
            mark_royal(pieces, king.letter);
            self.rules.push(RuleLine::Clause("win checkmate".into()));
            if pseudo {
                self.pseudo_royal(pieces, start, &types);
                return;
            }
        } else if pseudo {
            self.rules.push(RuleLine::Clause("win checkmate".into()));
            self.pseudo_royal(pieces, start, &types);
            return;
        } else if extinct == Some("loss") && types.len() == 1 && !every_type && plain {
            mark_royal(pieces, types[0]);
            self.rules.push(RuleLine::Clause("win extinction".into()));
            return;
        } else {
            self.rules.push(RuleLine::Comment(
                "No piece is royal: nothing is ever in check.".into(),
            ));
            self.rules.push(RuleLine::Clause("win extinction".into()));
        }
        if let Some(outcome) = no_pieces {
            self.rules
                .push(RuleLine::Clause(format!("no-pieces {outcome}")));
        }
        if let Some(clause) = clause {
            self.rules.push(RuleLine::Clause(clause));
        }
    }

    /// Fairy-Stockfish's pseudo-royal pieces (`extinctionPseudoRoyal`): while a side has at most
    /// `extinctionPieceCount + 1` pieces of an extinction type, no move may leave one of them
    /// attacked, and a side that has none to move while one is attacked is mated; with
    /// `dupleCheck` no move may leave all its pieces of the types attacked either. koma's royal
    /// set under `win checkmate` reads the pieces of every type together: it keeps each one out
    /// of attack, or with `check last-royal-only` only a side's last one, or with `check duple`
    /// any one. The types, and the promoted pieces that move as one of them (Fairy-Stockfish's
    /// `promotedPieceType = k:d` makes a piece of the type), are royal; the translation is
    /// refused where the two countings can part (`pseudo_reading`).
    fn pseudo_royal(&mut self, pieces: &mut [Piece], start: &Start, letters: &[char]) {
        self.consumed.push("extinctionPseudoRoyal");
        let royal_ids = mark_pseudo_royals(pieces, letters);
        let facts = self.pseudo_facts(pieces, start, letters.len(), &royal_ids);
        if facts.duple {
            self.consumed.push("dupleCheck");
        }
        self.pseudo_check(facts.reading());
    }

    /// What decides the reading of the pseudo-royal pieces `royal_ids`, of `types` types.
    fn pseudo_facts(
        &mut self,
        pieces: &[Piece],
        start: &Start,
        types: usize,
        royal_ids: &[String],
    ) -> PseudoFacts {
        let limit = match self.game.value("extinctionPieceCount") {
            Some(v) => {
                self.consumed.push("extinctionPieceCount");
                v.parse::<usize>().unwrap_or(0)
            }
            None => 0,
        };
        let hands = start.hands.clone().unwrap_or_default();
        let sides = [
            pseudo_count(&start.first, &hands.0, royal_ids),
            pseudo_count(&start.second, &hands.1, royal_ids),
        ];
        let promote_into = |p: &Piece| p.promotes.iter().any(|q| royal_ids.contains(q));
        PseudoFacts {
            limit,
            counts: [sides[0].0, sides[1].0],
            // A piece that is not of the types promoting into one of them adds one.
            grows: pieces.iter().filter(|p| !p.royal).any(promote_into)
                && limit + 1 < (self.files * self.ranks) as usize,
            // One type per side, for good: counting them together is counting each type.
            one_type_each: types == 1
                || (sides.iter().all(|s| s.1 <= 1) && !pieces.iter().any(promote_into)),
            drops: self.flag("capturesToHand", false)
                || hands
                    .0
                    .iter()
                    .chain(&hands.1)
                    .any(|h| royal_ids.contains(h)),
            mixed: self.game.kind("king").is_some_and(|k| {
                let k = id(k.letter);
                [(&start.first, sides[0].0), (&start.second, sides[1].0)]
                    .iter()
                    .any(|(side, n)| *n > 0 && side.contains_key(&k))
            }),
            blast: self.flag("blastOnCapture", false),
            duple: self.flag("dupleCheck", false),
        }
    }

    /// The `check` clause of a pseudo-royal reading, or a gap where there is none.
    fn pseudo_check(&mut self, reading: Option<PseudoReading>) {
        let clause = match reading {
            Some(PseudoReading::Every) => return,
            Some(PseudoReading::LastOnly) => "check last-royal-only",
            Some(PseudoReading::Duple) => "check duple",
            None => {
                let at = self.at("extinctionPseudoRoyal");
                self.gap(
                    at,
                    "pseudo-royal pieces whose number can change (Fairy-Stockfish keeps a side's \
                     pieces of the type out of attack only while it has few enough of them)",
                );
                return;
            }
        };
        self.rules.push(RuleLine::Clause(clause.into()));
    }

    /// `blastOnCapture`: `explode`, sparing Fairy-Stockfish's pawn type (its `pawn` piece)
    /// next to a capture. With captured pieces to hand, each exploded piece joins its owner's
    /// opponent's hand in both readings.
    fn explosions(&mut self, pieces: &[Piece]) {
        if !self.flag("blastOnCapture", false) {
            return;
        }
        self.consumed.push("blastOnCapture");
        let pawn = self
            .game
            .kind("pawn")
            .map(|p| id(p.letter))
            .filter(|p| pieces.iter().any(|q| &q.id == p));
        self.rules.push(RuleLine::Clause(match pawn {
            Some(p) => format!("explode immune {p}"),
            None => "explode".to_string(),
        }));
    }

    /// `petrifyOnCaptureTypes`: `petrify IDS`, the game's pieces among the types. Pieces
    /// around an explosion turned to walls as well (`petrifyBlastPieces`) are a gap.
    fn petrification(&mut self, pieces: &[Piece]) {
        let Some(value) = self.game.value("petrifyOnCaptureTypes").map(str::to_string) else {
            return;
        };
        self.consumed.push("petrifyOnCaptureTypes");
        let ids: Vec<String> = self
            .letters(&value)
            .into_iter()
            .map(id)
            .filter(|p| pieces.iter().any(|q| &q.id == p))
            .collect();
        if !ids.is_empty() {
            self.rules
                .push(RuleLine::Clause(format!("petrify {}", ids.join(" "))));
        }
    }

    /// `wallingRule`: `wall KIND [except SQUARES]`, or `vanishing` squares for `past`.
    fn walls(&mut self) {
        let Some(rule) = self.game.value("wallingRule").map(str::to_string) else {
            return;
        };
        let at = self.at("wallingRule");
        self.consumed.extend(["wallingRule", "wallingRegion"]);
        let kind = match rule.as_str() {
            "duck" => "moving",
            "static" => "anywhere",
            "arrow" => "shot",
            "edge" => "edge",
            "past" => "",
            _ => return,
        };
        if self.flag("wallOrMove", false) {
            self.consumed.push("wallOrMove");
            self.gap(at, "a blocker placed instead of a move (`wallOrMove`)");
            return;
        }
        let (w, b) = self.sided("wallingRegion");
        let all = squares::all(self.files, self.ranks);
        let read = |s: Option<&Setting>| {
            s.map_or(Some(all.clone()), |s| {
                squares::parse(&s.value, self.files, self.ranks)
            })
        };
        let (Some(region), Some(black)) = (read(w), read(b)) else {
            self.gap(at, "`wallingRegion` squares koma cannot read");
            return;
        };
        if region != black {
            self.gap(at, "`wallingRegion` differs between the players");
            return;
        }
        if kind.is_empty() {
            // The square a piece leaves becomes a wall: koma's vanishing squares.
            self.vanishing = squares::koma(&region);
            return;
        }
        let except: Set = all.difference(&region).copied().collect();
        self.rules.push(RuleLine::Clause(if except.is_empty() {
            format!("wall {kind}")
        } else {
            format!("wall {kind} except {}", squares::koma(&except).join(" "))
        }));
    }

    fn setup(&mut self, start: &Start, pieces: &[Piece]) -> Setup {
        let known = |i: &String| pieces.iter().any(|p| &p.id == i);
        let place =
            |side: &std::collections::BTreeMap<String, Vec<String>>| -> Vec<(String, Vec<String>)> {
                pieces
                    .iter()
                    .filter_map(|p| side.get(&p.id).map(|s| (p.id.clone(), s.clone())))
                    .collect()
            };
        let unknown = start
            .first
            .keys()
            .chain(start.second.keys())
            .find(|i| !known(i))
            .cloned();
        if let Some(u) = unknown {
            let at = self.at("startFen");
            let _: Option<()> = self.fail(
                "I036",
                &format!("the start FEN places `{u}`, which is no piece of the game"),
                at,
                "a letter no piece option gives",
            );
        }
        let (hand_first, hand_second) = start.hands.clone().unwrap_or_default();
        let symmetry = setup::symmetry(start, self.files, self.ranks);
        let copied = symmetry != Symmetry::None;
        Setup {
            symmetry,
            first: place(&start.first),
            second: if copied {
                Vec::new()
            } else {
                place(&start.second)
            },
            hand_first,
            hand_second: if copied { Vec::new() } else { hand_second },
            notes: Vec::new(),
            second_moves_first: start.second_moves_first,
        }
    }

    /// Whether a piece can ever be in hand: a captured non-royal unpromoted piece when captures
    /// go to hand, else one the start position holds.
    fn in_hand(&self, p: &Piece, hands: &[String]) -> bool {
        let captured = self.flag("capturesToHand", false) && !p.royal && !p.id.starts_with('+');
        captured || hands.contains(&p.id)
    }

    /// A clause barring moves that check. Fairy-Stockfish sees a check only on its King type, so
    /// without one (Atomic's pseudo-royal Commoner) `option = false` bars nothing: say so.
    fn bar_checks(&mut self, option: &str, clause: &str) {
        if self.game.kind("king").is_some() {
            self.rules.push(RuleLine::Clause(clause.into()));
        } else {
            self.rules.push(RuleLine::Comment(format!(
                "`{option} = false` not kept: Fairy-Stockfish sees checks only on a King."
            )));
        }
    }

    fn drops(&mut self, pieces: &[Piece], hands: &[String]) {
        let drops = self.flag("pieceDrops", false);
        if self.flag("capturesToHand", false) {
            let as_is = if self.flag("dropLoop", false) {
                " as-is"
            } else {
                ""
            };
            self.rules
                .push(RuleLine::Clause(format!("captures to-hand{as_is}")));
            if !drops {
                let at = self.at("capturesToHand");
                self.gap(at, "captures to hand without drops");
            }
        }
        self.consumed.push("dropChecks");
        if !drops {
            return;
        }
        if !self.flag("dropChecks", true) {
            self.bar_checks("dropChecks", "drop no-check");
        }
        self.drop_zones(pieces, hands);
        if let Some(p) = self
            .game
            .value("dropNoDoubled")
            .and_then(|v| v.chars().next())
            .filter(|c| *c != '-')
        {
            let n = self
                .game
                .value("dropNoDoubledCount")
                .and_then(|v| v.parse::<u32>().ok())
                .unwrap_or(1);
            match n {
                // None on any file: Dragonfly's captured Pawns stay in hand.
                0 => self
                    .rules
                    .push(RuleLine::Clause(format!("drop never {}", id(p)))),
                1 => self
                    .rules
                    .push(RuleLine::Clause(format!("drop one-per-file {}", id(p)))),
                _ => self
                    .rules
                    .push(RuleLine::Clause(format!("drop per-file {n} {}", id(p)))),
            }
        }
        if self.flag("immobilityIllegal", false) {
            self.rules.push(RuleLine::Clause("drop not-stuck".into()));
        }
        if self.flag("dropPromoted", false) {
            self.rules.push(RuleLine::Clause("drop promoted".into()));
        }
        self.must_drop();
        self.consumed.push("dropOppositeColoredBishop");
        if self.flag("dropOppositeColoredBishop", false) {
            match self.game.kind("bishop") {
                Some(b) => self.rules.push(RuleLine::Clause(format!(
                    "drop opposite-colours {}",
                    id(b.letter)
                ))),
                None => {
                    let at = self.at("dropOppositeColoredBishop");
                    self.gap(at, "`dropOppositeColoredBishop` without a bishop");
                }
            }
        }
        if self.flag("shogiPawnDropMateIllegal", false) {
            if let Some(p) = self.game.kind("shogiPawn") {
                self.rules
                    .push(RuleLine::Clause(format!("drop no-mate {}", id(p.letter))));
            }
        }
    }

    /// `mustDrop` (with `mustDropType`): `drop compulsory [ID]`.
    fn must_drop(&mut self) {
        self.consumed.extend(["mustDrop", "mustDropType"]);
        if !self.flag("mustDrop", false) {
            return;
        }
        let only = match self.game.value("mustDropType") {
            None | Some("*") => String::new(),
            Some(v) => match self.letters(v).first() {
                Some(&c) => format!(" {}", id(c)),
                None => {
                    let at = self.at("mustDropType");
                    let _: Option<()> =
                        self.fail("I032", "cannot read `mustDropType`", at, "a piece letter");
                    return;
                }
            },
        };
        self.rules
            .push(RuleLine::Clause(format!("drop compulsory{only}")));
    }

    /// Fairy-Stockfish's drop region for every piece, and for Pawns without their first
    /// rank and promotion zone.
    fn drop_zones(&mut self, pieces: &[Piece], hands: &[String]) {
        let all: String = (1..=self.ranks).map(|r| format!("*{r} ")).collect();
        let Some(region) = self.region_pair("dropRegion", &all, &all) else {
            return;
        };
        let mut pawn_zone = region.clone();
        if !self.flag("firstRankPawnDrops", false) {
            pawn_zone[0].retain(|s| s.1 != 0);
            pawn_zone[1].retain(|s| s.1 + 1 != self.ranks);
        }
        let pawn = self.game.kind("pawn").map(|p| id(p.letter));
        // Only a Pawn that can be in hand reads the promotion region (Reversi has none).
        let pawn_in_hand = pieces
            .iter()
            .any(|p| Some(&p.id) == pawn.as_ref() && self.in_hand(p, hands));
        if pawn_in_hand && !self.flag("promotionZonePawnDrops", false) {
            if let Some(z) = self.promotion_region() {
                pawn_zone[0].retain(|s| !z[0].contains(s));
                pawn_zone[1].retain(|s| !z[1].contains(s));
            }
        }
        // A type never dropped (`drop never`, below) needs no zone: a zone would let it drop.
        let never = self
            .game
            .value("dropNoDoubled")
            .filter(|_| self.game.value("dropNoDoubledCount") == Some("0"))
            .and_then(|v| v.chars().next())
            .map(id);
        let (pawns, others): (Vec<&Piece>, Vec<&Piece>) = pieces
            .iter()
            .filter(|p| self.in_hand(p, hands) && Some(&p.id) != never.as_ref())
            .partition(|p| Some(&p.id) == pawn.as_ref());
        for (group, zone) in [(pawns, &pawn_zone), (others, &region)] {
            let ids: Vec<&str> = group.iter().map(|p| p.id.as_str()).collect();
            if !ids.is_empty() {
                self.drop_zone(&ids.join(" "), zone);
            }
        }
    }

    /// `drop zone IDS SQUARES`, or one per side when the players' squares are not each
    /// other's turn; a side that may drop anywhere needs no line.
    fn drop_zone(&mut self, ids: &str, zone: &Pair) {
        let all = squares::all(self.files, self.ranks);
        let sides: Vec<(&str, &Set)> = if squares::is_turn(zone, self.files, self.ranks) {
            vec![("", &zone[0])]
        } else {
            vec![("first ", &zone[0]), ("second ", &zone[1])]
        };
        for (side, set) in sides {
            if *set == all {
                continue;
            }
            if set.is_empty() && side.is_empty() {
                self.rules
                    .push(RuleLine::Clause(format!("drop never {ids}")));
                continue;
            }
            if set.is_empty() {
                let at = self.at("dropRegionWhite");
                self.gap(at, &format!("no drops of {ids} for one player"));
                continue;
            }
            let squares = squares::koma(set).join(" ");
            let line = format!("drop zone {side}{ids} {squares}");
            self.rules.push(RuleLine::Clause(line));
        }
    }

    fn results(&mut self, pieces: &[Piece]) {
        // `stalematePieceCount`: the stalemated side with fewer pieces gets `stalemateValue`.
        let by_count = self.flag("stalematePieceCount", false);
        let clause = match (self.game.value("stalemateValue"), by_count) {
            (Some("win"), true) => "stalemate fewer-pieces-wins",
            (Some("loss"), true) => "stalemate more-pieces-wins",
            (Some("win"), false) => "stalemate wins",
            (Some("loss"), false) => "stalemate loses",
            _ => "stalemate draws",
        };
        self.rules.push(RuleLine::Clause(clause.into()));
        // `checkmateValue`: what being mated means for the mated side (Misere's `win`).
        let mate = self
            .game
            .kind("king")
            .and(self.game.value("checkmateValue"));
        match mate {
            Some("win") => self.rules.push(RuleLine::Clause("checkmate wins".into())),
            Some("draw") => self.rules.push(RuleLine::Clause("checkmate draws".into())),
            _ => {}
        }
        if !self.flag("checking", true) {
            self.bar_checks("checking", "check forbidden");
        }
        self.consumed.push("makpongRule");
        if self.flag("makpongRule", false) {
            self.rules
                .push(RuleLine::Clause("check royal-captures-only".into()));
        }
        if self.flag("mustCapture", false) {
            self.rules
                .push(RuleLine::Clause("captures compulsory".into()));
        }
        self.goals(pieces);
        self.connect(pieces);
        self.reversi();
        self.castling_wins();
        let folds = self
            .game
            .value("nFoldRule")
            .and_then(|v| v.parse::<u32>().ok())
            .unwrap_or(3);
        if folds > 0 {
            let clause = repetition_clause(
                folds,
                self.game.value("nFoldValue").unwrap_or("draw"),
                self.flag("nFoldValueAbsolute", false),
            );
            self.rules.push(RuleLine::Clause(clause));
        }
        self.tiebreak(pieces);
        if self.flag("flyingGeneral", false) {
            self.rules
                .push(RuleLine::Clause("facing-royals forbidden".into()));
        }
        self.janggi_rules(pieces);
        match self
            .game
            .value("countingRule")
            .map(str::to_ascii_lowercase)
            .as_deref()
        {
            Some("makruk") => self.makruk_counting(MAKRUK_COUNTS),
            Some("cambodian") => self.makruk_counting(CAMBODIAN_COUNTS),
            Some("asean") => self.asean_counting(pieces),
            _ => {}
        }
        if self.flag("perpetualCheckIllegal", false) {
            self.rules
                .push(RuleLine::Clause("perpetual-check loses".into()));
        }
        self.pass_when_stuck();
        self.move_count(pieces);
    }

    /// `passOnStalemate`: `pass when-stuck`, for both players alike.
    fn pass_when_stuck(&mut self) {
        self.consumed.push("passOnStalemate");
        let (w, b) = self.sided("passOnStalemate");
        let on = |s: Option<&Setting>| s.is_some_and(|s| !NEUTRAL.contains(&s.value.as_str()));
        let (white, black, at) = (on(w), on(b), w.or(b).map(|s| s.at));
        match (white, black, at) {
            (true, true, _) => {
                // Fairy-Stockfish ends the game on two passes in a row.
                self.rules.push(RuleLine::Clause("pass when-stuck".into()));
                self.rules.push(RuleLine::Clause("pass twice-ends".into()));
            }
            (false, false, _) | (_, _, None) => {}
            (_, _, Some(at)) => self.gap(at, "a pass when stuck for one player only"),
        }
    }

    /// `materialCounting`: who wins a game that would end drawn. Janggi's counts its pieces by
    /// their built-in kinds, the second player adding one and a half points.
    fn tiebreak(&mut self, pieces: &[Piece]) {
        let Some(mode) = self.game.get("materialCounting").cloned() else {
            return;
        };
        let clause = match mode.value.to_ascii_lowercase().as_str() {
            "none" | "" => return,
            "whitedrawodds" => "tiebreak first".to_string(),
            "blackdrawodds" => "tiebreak second".to_string(),
            "unweighted" => "tiebreak pieces".to_string(),
            "janggi" => {
                let values = self.kind_values(JANGGI_VALUES, pieces);
                format!("tiebreak material {}, komi second 1.5", values.join(", "))
            }
            _ => {
                self.gap(mode.at, &format!("`materialCounting = {}`", mode.value));
                return;
            }
        };
        self.rules.push(RuleLine::Clause(clause));
    }

    /// `ID N` for each of `values`' built-in kinds the game has among the written `pieces`
    /// (a kind the section leaves out of play is not written), in their order: the per-kind
    /// numbers of a material or honour list.
    fn kind_values(&self, values: &[(&str, u32)], pieces: &[Piece]) -> Vec<String> {
        values
            .iter()
            .filter_map(|(kind, n)| {
                let letter = id(self.game.kind(kind)?.letter);
                pieces
                    .iter()
                    .any(|p| p.id == letter)
                    .then(|| format!("{letter} {n}"))
            })
            .collect()
    }

    /// `checkCounting`: the start FEN's `N+N` field gives the checks each side must give; a
    /// FEN without one makes the first check win (Fairy-Stockfish reads `1+1`: Check Shogi).
    fn check_counting(&mut self, start: &Start) {
        if !self.flag("checkCounting", false) {
            return;
        }
        match start.checks.unwrap_or((1, 1)) {
            (first, second) if first == second && first > 0 => self
                .rules
                .push(RuleLine::Clause(format!("check {first} wins"))),
            _ => {
                let at = self.at("checkCounting");
                self.gap(
                    at,
                    "check counting with a different count for each player in the start FEN",
                );
            }
        }
    }

    /// `gating` with `seirawanGating`: `gating SQUARES`, the first player's squares of the
    /// castling rank whose files the start FEN's castling field names (`K` and `Q`: the King's
    /// file and the corner's), with `only` when pieces are not dropped. Without
    /// `seirawanGating`, gates only mark the pieces that have not moved: with `cambodianMoves`
    /// (Ouk's first moves, `ouk_moves`) that is `gating SQUARES` with no hands; otherwise a gap.
    fn gating(&mut self, start: &Start) {
        if !self.flag("gating", false) {
            return;
        }
        self.consumed.extend(["gating", "seirawanGating"]);
        let seirawan = self.flag("seirawanGating", false);
        if !seirawan && !self.flag("cambodianMoves", false) {
            let at = self.at("gating");
            self.gap(at, "gates without pieces in hand gated (Ouk's first moves)");
            return;
        }
        let rank = self.game.value("castlingRank").unwrap_or("1").to_string();
        let king_file = self
            .game
            .kind("king")
            .and_then(|k| start.first.get(&id(k.letter)))
            .and_then(|squares| squares.iter().find(|s| s[1..] == rank))
            .map(|s| s.as_bytes()[0]);
        let last = b'a' + self.files as u8 - 1;
        let mut files: Vec<u8> = Vec::new();
        for c in start.castling.chars().filter(char::is_ascii_uppercase) {
            match c {
                'K' => files.extend(king_file.into_iter().chain([last])),
                'Q' => files.extend(king_file.into_iter().chain([b'a'])),
                c => files.push(c.to_ascii_lowercase() as u8),
            }
        }
        files.sort_unstable();
        files.dedup();
        let squares: Vec<String> = files
            .iter()
            .map(|&f| format!("{}{rank}", f as char))
            .collect();
        let only = if self.flag("pieceDrops", false) || !seirawan {
            ""
        } else {
            " only"
        };
        self.rules.push(RuleLine::Clause(format!(
            "gating {}{only}",
            squares.join(" ")
        )));
    }

    /// `cambodianMoves` (Ouk Chatrang): a King that has never moved may leap to the two
    /// squares a Knight reaches on the rank ahead, onto an empty square and not while in check;
    /// a Met (Fers) that has never moved may leap two squares straight ahead onto an empty
    /// square. A King an enemy Rook aims at (from its file or rank, whatever stands between)
    /// loses its leap. The gates (`gating`) keep these rights in the castling field.
    fn ouk_moves(&mut self, pieces: &mut [Piece]) {
        self.consumed.push("cambodianMoves");
        // Without gates no piece has the rights: Fairy-Stockfish then gives no first move.
        if !self.flag("cambodianMoves", false) || !self.flag("gating", false) {
            return;
        }
        let letter = |kind: &str| self.game.kind(kind).map(|p| id(p.letter));
        let king = letter("king");
        let met = letter("met").or_else(|| letter("fers"));
        let rook = letter("rook");
        let mut extend = |who: &Option<String>, first: &str| -> bool {
            let piece = pieces.iter_mut().find(|p| Some(&p.id) == who.as_ref());
            match piece.map(|p| &mut p.moves) {
                Some(Moves::Betza(b)) => {
                    b.push_str(first);
                    true
                }
                _ => false,
            }
        };
        let (leaps, steps) = (extend(&king, "imfsN"), extend(&met, "imfD"));
        if !leaps || !steps {
            let at = self.at("cambodianMoves");
            self.gap(
                at,
                "Ouk's first moves without a King and a Met of their own moves",
            );
            return;
        }
        let k = king.unwrap_or_default();
        self.rules
            .push(RuleLine::Clause(format!("first-move {k} not-in-check")));
        if let Some(r) = rook {
            self.rules.push(RuleLine::Clause(format!(
                "first-move {k} lost-when-aimed {r}"
            )));
        }
    }

    /// Fairy-Stockfish's Makruk or Cambodian counting (`counts`), by its piece types (rook,
    /// khon, knight).
    fn makruk_counting(&mut self, counts: &CountingCounts) {
        let letter = |kind: &str| self.game.kind(kind).map(|p| id(p.letter));
        let pawns: Vec<String> = self.pawn_types().into_iter().map(id).collect();
        let (r, s, n) = (letter("rook"), letter("khon"), letter("knight"));
        let mut honour = Vec::new();
        let mut entry = |pieces: &[&Option<String>], count: u32| {
            if pieces.iter().all(|p| p.is_some()) {
                let ids: Vec<&str> = pieces.iter().filter_map(|p| p.as_deref()).collect();
                honour.push(format!("{} {count}", ids.join(" ")));
            }
        };
        let [rr, r1, ss, nn, s1, rest] = counts.pieces;
        entry(&[&r, &r], rr);
        entry(&[&r], r1);
        entry(&[&s, &s], ss);
        entry(&[&n, &n], nn);
        entry(&[&s], s1);
        honour.push(format!("else {rest}"));
        self.rules.push(RuleLine::Clause(format!(
            "counting without {}",
            pawns.join(" ")
        )));
        self.rules.push(RuleLine::Clause(format!(
            "counting board-honour {}",
            counts.board
        )));
        self.rules.push(RuleLine::Clause(format!(
            "counting pieces-honour {}",
            honour.join(", ")
        )));
    }

    /// `countingRule = asean`: only a lone royal counts, from zero, by the strongest piece the
    /// other side has (a Rook 16 moves, a Khon 44, a Knight 64; nothing else gives a count),
    /// and only once no Pawn is left.
    fn asean_counting(&mut self, pieces: &[Piece]) {
        let pawns: Vec<String> = self.pawn_types().into_iter().map(id).collect();
        let honour = self.kind_values(&[("rook", 16), ("khon", 44), ("knight", 64)], pieces);
        if honour.is_empty() {
            let at = self.at("countingRule");
            self.gap(at, "ASEAN counting without a Rook, Khon or Knight");
            return;
        }
        self.rules.push(RuleLine::Clause(format!(
            "counting without {}",
            pawns.join(" ")
        )));
        self.rules.push(RuleLine::Clause(format!(
            "counting pieces-honour {}",
            honour.join(", ")
        )));
        self.rules
            .push(RuleLine::Clause("counting from-zero".into()));
    }

    fn move_count(&mut self, pieces: &[Piece]) {
        let n = self
            .game
            .value("nMoveRule")
            .and_then(|v| v.parse::<u32>().ok())
            .unwrap_or(50);
        if n == 0 {
            return;
        }
        let default: String = self
            .game
            .value("pawnTypes")
            .map(str::to_string)
            .unwrap_or_else(|| {
                self.game
                    .kind("pawn")
                    .map(|p| p.letter.to_string())
                    .unwrap_or_default()
            });
        let types = self.one_sided_union("nMoveRuleTypes", &default);
        // A type the game never puts in play (1D chess's Pawn) is left out.
        let ids: Vec<String> = types
            .into_iter()
            .map(id)
            .filter(|i| pieces.iter().any(|p| &p.id == i))
            .collect();
        let reset = if ids.is_empty() {
            String::new()
        } else {
            format!(" {}", ids.join(" "))
        };
        self.rules.push(RuleLine::Clause(format!(
            "draw moves {n} reset capture{reset}"
        )));
    }

    /// `flagPiece` and `flagRegion`: goal squares; `flagMove` as `flag_move_tails` says.
    fn goals(&mut self, pieces: &[Piece]) {
        let Some(conditions) = self.goal_conditions() else {
            return;
        };
        let ids = ["White", "Black"].map(|side| self.flag_ids(side, pieces));
        let Some(tails) = self.flag_move_tails(&ids) else {
            return;
        };
        let sides = [("White", "first"), ("Black", "second")];
        for ((side, name), (ids, tail)) in sides.into_iter().zip(ids.iter().zip(tails)) {
            let region = self
                .game
                .get(&format!("flagRegion{side}"))
                .or_else(|| self.game.get("flagRegion"))
                .cloned();
            let Some(region) = region.filter(|r| !NEUTRAL.contains(&r.value.as_str())) else {
                continue;
            };
            let Some(set) = squares::parse(&region.value, self.files, self.ranks) else {
                let _: Option<()> = self.fail(
                    "I032",
                    "cannot read the flag squares",
                    region.at,
                    "squares such as `*8` or `d4 e5`",
                );
                continue;
            };
            self.rules.push(RuleLine::Clause(format!(
                "goal {name} {ids} {}{conditions}{tail}",
                squares::koma(&set).join(" ")
            )));
        }
    }

    /// The koma IDs of a side's flag pieces (`flagPiece`, every piece without one).
    fn flag_ids(&self, side: &str, pieces: &[Piece]) -> String {
        let piece = self
            .game
            .get(&format!("flagPiece{side}"))
            .or_else(|| self.game.get("flagPiece"))
            .map(|s| s.value.clone());
        match piece.as_deref() {
            None | Some("*") => pieces
                .iter()
                .filter(|p| !p.id.starts_with('+'))
                .map(|p| p.id.clone())
                .collect::<Vec<_>>()
                .join(" "),
            Some(v) => flag_types_with_forms(pieces, &self.forms, &self.letters(v)),
        }
    }

    /// What `flagMove` adds to each side's goal. Fairy-Stockfish ends the game on a flag
    /// reached when the opponent's flag piece is the King (Racing Kings: the second player's
    /// King may still answer the first's, `reply-draws`), and otherwise lets the opponent move
    /// once and gives the win if the flag still holds (Jeson Mor, Alapo with `flagPieceSafe`:
    /// `hold`). A King flag on one side only, or King flags under `flagPieceSafe`, is a gap.
    fn flag_move_tails(&mut self, ids: &[String; 2]) -> Option<[&'static str; 2]> {
        if !self.flag("flagMove", false) {
            return Some(["", ""]);
        }
        let king = self.game.kind("king").map(|k| id(k.letter));
        let kings = ids
            .each_ref()
            .map(|ids| king.as_ref().is_some_and(|k| ids == k));
        let at = self.at("flagMove");
        match kings {
            [false, false] => Some([" hold", " hold"]),
            [true, true] if self.flag("flagPieceSafe", false) => {
                // Its early end and the answer both read the flag without the safety test.
                self.gap(at, "a safe King flag with `flagMove`");
                None
            }
            [true, true] => Some([" reply-draws", ""]),
            _ => {
                self.gap(at, "`flagMove` with a King flag for one side only");
                None
            }
        }
    }

    /// `connectN` with its piece types and directions: `goal IDS row N [ranks] [files]
    /// [diagonals]`, with `loses` when the row makes its maker lose (`connectValue = loss`); a
    /// row that draws is a gap.
    fn connect(&mut self, pieces: &[Piece]) {
        let keys = [
            "connectN",
            "connectPieceTypes",
            "connectHorizontal",
            "connectVertical",
            "connectDiagonal",
        ];
        self.consumed.extend(keys);
        let Some(n) = self.game.get("connectN").cloned() else {
            return;
        };
        let length = match n.value.parse::<u8>() {
            Ok(0) => return,
            Ok(n) if n >= 2 => n,
            _ => {
                let _: Option<()> = self.fail("I032", "cannot read `connectN`", n.at, "2 to 255");
                return;
            }
        };
        let mut loses = "";
        if let Some(v) = self.game.get("connectValue").cloned() {
            self.consumed.push("connectValue");
            match v.value.as_str() {
                "win" | "mate" => {}
                "loss" => loses = " loses",
                _ => return self.gap(v.at, &format!("`connectValue = {}`", v.value)),
            }
        }
        let ids: Vec<String> = match self.game.value("connectPieceTypes") {
            None | Some("*") => pieces.iter().map(|p| p.id.clone()).collect(),
            Some(v) => self.letters(v).into_iter().map(id).collect(),
        };
        let lines: Vec<&str> = [
            ("connectHorizontal", "ranks"),
            ("connectVertical", "files"),
            ("connectDiagonal", "diagonals"),
        ]
        .into_iter()
        .filter(|(key, _)| self.flag(key, true))
        .map(|(_, word)| word)
        .collect();
        let lines = if lines.len() == 3 {
            String::new()
        } else if lines.is_empty() {
            let at = self.at("connectN");
            return self.gap(at, "`connectN` along no line");
        } else {
            format!(" {}", lines.join(" "))
        };
        self.rules.push(RuleLine::Clause(format!(
            "goal {} row {length}{lines}{loses}",
            ids.join(" ")
        )));
    }

    /// `oppositeCastling` as `castling opposite-wings`, and `castlingWins` (Castle chess): its
    /// letters `KQkq` as `castling wins [first|second] [king-side|queen-side]`, one clause when
    /// both players win on the same wings.
    fn castling_wins(&mut self) {
        self.consumed.extend(["castlingWins", "oppositeCastling"]);
        if self.flag("oppositeCastling", false) {
            let clause = "castling opposite-wings".to_string();
            self.rules.push(RuleLine::Clause(clause));
        }
        let Some(s) = self.game.get("castlingWins").cloned() else {
            return;
        };
        use koma_runtime::spec::{CASTLE_KING_SIDE as KING_SIDE, CASTLE_QUEEN_SIDE as QUEEN_SIDE};
        let mut bits = [0u8; 2];
        for ch in s.value.chars().take_while(|&c| c != '-') {
            match ch {
                'K' => bits[0] |= KING_SIDE,
                'Q' => bits[0] |= QUEEN_SIDE,
                'k' => bits[1] |= KING_SIDE,
                'q' => bits[1] |= QUEEN_SIDE,
                c if c.is_whitespace() => {}
                _ => {
                    let why = "letters among `KQkq`";
                    let _: Option<()> = self.fail("I032", "cannot read `castlingWins`", s.at, why);
                    return;
                }
            }
        }
        let wing = |b: u8| match b {
            KING_SIDE => " king-side",
            QUEEN_SIDE => " queen-side",
            _ => "",
        };
        if bits[0] == bits[1] && bits[0] != 0 {
            let clause = format!("castling wins{}", wing(bits[0]));
            self.rules.push(RuleLine::Clause(clause));
            return;
        }
        for (b, name) in bits.into_iter().zip(["first", "second"]) {
            if b != 0 {
                let clause = format!("castling wins {name}{}", wing(b));
                self.rules.push(RuleLine::Clause(clause));
            }
        }
    }

    /// Reversi's options: `flipEnclosedPieces = reversi` (`flip enclosed`), `enclosingDrop =
    /// reversi` with `enclosingDropStart` (`drop enclosing [start SQUARES]`) and
    /// `adjudicateFullBoard` (`draw full-board`); Connect Four's `enclosingDrop = top|anyside`
    /// (`drop enters top|any-side`). Ataxx's and Snort's kinds stay gaps.
    fn reversi(&mut self) {
        let keys = ["flipEnclosedPieces", "enclosingDrop", "enclosingDropStart"];
        self.consumed.extend(keys);
        self.consumed.push("adjudicateFullBoard");
        for key in ["flipEnclosedPieces", "enclosingDrop"] {
            if let Some(s) = self.game.get(key).cloned() {
                let entry = key == "enclosingDrop" && matches!(s.value.as_str(), "top" | "anyside");
                if !entry && !matches!(s.value.as_str(), "reversi" | "none" | "") {
                    self.gap(s.at, &format!("`{key} = {}`", s.value));
                }
            }
        }
        if self.game.value("flipEnclosedPieces") == Some("reversi") {
            self.rules.push(RuleLine::Clause("flip enclosed".into()));
        }
        match self.game.value("enclosingDrop") {
            Some("top") => self.rules.push(RuleLine::Clause("drop enters top".into())),
            Some("anyside") => (self.rules).push(RuleLine::Clause("drop enters any-side".into())),
            _ => {}
        }
        if self.game.value("enclosingDrop") == Some("reversi") {
            let start = match self.game.get("enclosingDropStart").cloned() {
                None => Some(String::new()),
                Some(s) => squares::parse(&s.value, self.files, self.ranks)
                    .map(|set| format!(" start {}", squares::koma(&set).join(" "))),
            };
            match start {
                Some(start) => self
                    .rules
                    .push(RuleLine::Clause(format!("drop enclosing{start}"))),
                None => {
                    let at = self.at("enclosingDropStart");
                    let _: Option<()> =
                        self.fail("I032", "cannot read `enclosingDropStart`", at, "squares");
                }
            }
        }
        if self.flag("adjudicateFullBoard", false) {
            self.rules.push(RuleLine::Clause("draw full-board".into()));
        }
    }

    /// `flagPieceCount`, `flagPieceBlockedWin`, `flagPieceSafe` as the goal's `count N`,
    /// `or-filled` and `safe`; `None` after a gap.
    fn goal_conditions(&mut self) -> Option<String> {
        self.consumed
            .extend(["flagPieceCount", "flagPieceBlockedWin", "flagPieceSafe"]);
        let mut out = String::new();
        let count = self.game.get("flagPieceCount").cloned();
        if let Some(c) = count.filter(|c| c.value != "1") {
            match c.value.parse::<u8>() {
                Ok(n) if n > 1 => out.push_str(&format!(" count {n}")),
                _ => {
                    return self.fail("I032", "cannot read the flag count", c.at, "1 to 255");
                }
            }
        }
        if self.flag("flagPieceBlockedWin", false) {
            out.push_str(" or-filled");
        }
        if self.flag("flagPieceSafe", false) {
            out.push_str(" safe");
        }
        Some(out)
    }

    /// Every option not read above: a gap (`I013`), bookkeeping (one comment) or unknown (`I034`).
    fn leftovers(&mut self) -> Vec<String> {
        let mut quiet = Vec::new();
        for key in self.game.order.clone() {
            let base = side_free(&key);
            let s = self.game.settings[&key].clone();
            if READ.contains(&base)
                || base.starts_with("mobilityRegion")
                || self.consumed.contains(&base)
            {
                continue;
            }
            if BOOKKEEPING.contains(&base) {
                quiet.push(key);
            } else if base == "countingRule"
                && ["makruk", "asean", "cambodian"].contains(&s.value.to_ascii_lowercase().as_str())
            {
                continue;
            } else if KNOWN_GAPS.contains(&base) {
                if !NEUTRAL.contains(&s.value.as_str()) {
                    self.gap(s.at, &format!("`{key} = {}`", s.value));
                }
            } else {
                let d = self.sink.warning(
                    "I034",
                    format!("unknown option `{key}`"),
                    s.at,
                    "Fairy-Stockfish ignores it too; kept as a comment",
                );
                self.sink.push(d);
                self.rules.push(RuleLine::Comment(format!(
                    "Unknown option `{key} = {}`.",
                    s.value
                )));
            }
        }
        let mut header =
            vec!["Imported from a Fairy-Stockfish variants.ini section (koma import).".to_string()];
        if !quiet.is_empty() {
            header.push(format!(
                "Display and engine options not kept: {}.",
                quiet.join(", ")
            ));
        }
        header
    }
}

/// The counts of a Makruk-style counting rule, in moves: the board's honour clause's words,
/// then the pieces' honour against two Rooks, one Rook, two Khons, two Knights, one Khon, and
/// anything else.
struct CountingCounts {
    board: &'static str,
    pieces: [u32; 6],
}

/// Fairy-Stockfish's `MAKRUK_COUNTING`.
const MAKRUK_COUNTS: &CountingCounts = &CountingCounts {
    board: "64",
    pieces: [8, 16, 22, 32, 44, 64],
};

/// Fairy-Stockfish's `CAMBODIAN_COUNTING`: one move shorter each; the board's honour only for a
/// side of at most three pieces, and even while Pawns stand.
const CAMBODIAN_COUNTS: &CountingCounts = &CountingCounts {
    board: "63 up-to 3 unblocked",
    pieces: [7, 15, 21, 31, 43, 63],
};

/// `promotion mandatory` or `promotion optional`.
fn kind_line(mandatory: bool) -> String {
    let kind = if mandatory { "mandatory" } else { "optional" };
    format!("promotion {kind}")
}

/// Options koma lacks (docs/fsf-catalogue.md lists the feature each belongs to).
const KNOWN_GAPS: &[&str] = &[
    "flagPieceCount",
    "flagPieceBlockedWin",
    "flagPieceSafe",
    "blastOnCapture",
    "blastImmuneTypes",
    "wallingRule",
    "wallingRegion",
    "wallOrMove",
    "gating",
    "seirawanGating",
    "pieceDemotion",
    "dropPromoted",
    "mustDrop",
    "mustDropType",
    "connectN",
    "connectNxN",
    "collinearN",
    "connectDiagonal",
    "connectVertical",
    "connectHorizontal",
    "connectPieceTypes",
    "connectValue",
    "flipEnclosedPieces",
    "enclosingDrop",
    "enclosingDropStart",
    "adjudicateFullBoard",
    "twoBoards",
    "makpongRule",
    "countingRule",
    "petrifyBlastPieces",
    "dupleCheck",
    "mutuallyImmuneTypes",
    "chasingRule",
    "freeDrops",
    "dropOppositeColoredBishop",
    "sittuyinRookDrop",
    "sittuyinPromotion",
    "castlingDroppedPiece",
    "shatarMateRule",
    "extinctionClaim",
    "passOnStalemate",
    "cambodianMoves",
    "extinctionPseudoRoyal",
    "pass",
    "bikjangRule",
    "soldierPromotionRank",
    "diagonalLines",
    "moveRepetitionIllegal",
    "kingType",
];

/// `promotionRegionWhite` -> `promotionRegion`.
fn side_free(key: &str) -> &str {
    key.strip_suffix("White")
        .or_else(|| key.strip_suffix("Black"))
        .unwrap_or(key)
}

/// Drops the pieces that can never be in play (Fairy-Stockfish's shogi defines a Dragon Horse
/// type that only ever stands as a promoted Bishop): a promoted form that is `like` one of them
/// takes its moves instead.
fn prune(pieces: &mut Vec<Piece>, setup: &Setup) {
    let placed = setup.first.iter().chain(&setup.second).map(|(i, _)| i);
    let mut used: Vec<&String> = placed
        .chain(&setup.hand_first)
        .chain(&setup.hand_second)
        .collect();
    // A promoted form in the setup can turn back into its piece (`promotion flip`, a capture
    // to hand): Micro Shogi starts with `+L` and `+R` and no Lance or Rook.
    let bases: Vec<&String> = (used.iter())
        .filter_map(|u| u.strip_prefix('+'))
        .filter_map(|b| pieces.iter().map(|p| &p.id).find(|i| *i == b))
        .collect();
    used.extend(bases);
    used.extend(pieces.iter().flat_map(|p| &p.promotes));
    used.extend(
        pieces
            .iter()
            .flat_map(|p| p.promotes_second.iter().flatten()),
    );
    let used: Vec<String> = used.into_iter().cloned().collect();
    let unused: Vec<Piece> = pieces
        .iter()
        .filter(|p| !used.contains(&p.id))
        .cloned()
        .collect();
    for p in pieces.iter_mut() {
        if let Moves::Like(of) = &p.moves {
            if let Some(u) = unused.iter().find(|u| &u.id == of) {
                p.moves = u.moves.clone();
                p.options = u.options.clone();
            }
        }
    }
    pieces.retain(|p| used.contains(&p.id));
}

/// Janggi's material counting: its piece kinds and their points (Fairy-Stockfish's
/// `JANGGI_MATERIAL`).
const JANGGI_VALUES: &[(&str, u32)] = &[
    ("rook", 13),
    ("janggiCannon", 7),
    ("horse", 5),
    ("janggiElephant", 3),
    ("wazir", 3),
    ("soldier", 2),
];

/// `nFoldRule` and `nFoldValue`: Fairy-Stockfish's value is for the side to move at the
/// repetition, the player who did not make it; with `nFoldValueAbsolute`, for White.
fn repetition_clause(folds: u32, value: &str, absolute: bool) -> String {
    match (value, absolute) {
        ("win", false) => format!("repetition {folds} loses"),
        ("loss", false) => format!("repetition {folds} wins"),
        ("win", true) => format!("repetition {folds} first wins"),
        ("loss", true) => format!("repetition {folds} first loses"),
        _ => format!("draw repetition {folds}"),
    }
}

/// Fairy-Stockfish's extinction rule as a clause: `*` counts all pieces together.
fn extinction_clause(
    value: &str,
    every_type: bool,
    types: &[char],
    at: u32,
    opponent: u32,
) -> String {
    let outcome = match value {
        "win" => "wins",
        "loss" => "loses",
        _ => "draws",
    };
    let pieces = if every_type {
        "all".to_string()
    } else {
        types.iter().map(|&c| id(c)).collect::<Vec<_>>().join(" ")
    };
    let mut clause = format!("extinction {pieces} {outcome}");
    if at > 0 {
        clause.push_str(&format!(" at {at}"));
    }
    if opponent > 0 {
        clause.push_str(&format!(" if-opponent-has {opponent}"));
    }
    clause
}

/// The koma pieces that are Fairy-Stockfish's flag types `letters`: each type, when the file
/// keeps it, and the promoted pieces that move as it (`promotedPieceType = k:d` makes a piece of
/// type `d`, which a flag on `d` counts: Chak's Divine King).
fn flag_types_with_forms(pieces: &[Piece], forms: &[(String, String)], letters: &[char]) -> String {
    let types: Vec<String> = letters.iter().map(|&l| id(l)).collect();
    let ids: Vec<String> = pieces
        .iter()
        .filter(|p| {
            types.contains(&p.id) || forms.iter().any(|(f, t)| *f == p.id && types.contains(t))
        })
        .map(|p| p.id.clone())
        .collect();
    // None in the file: the types themselves, which the check of the written file reports.
    if ids.is_empty() { types } else { ids }.join(" ")
}

/// Marks royal the pieces of Fairy-Stockfish's pseudo-royal types `letters` and the promoted
/// pieces that move as one of them; returns their IDs.
fn mark_pseudo_royals(pieces: &mut [Piece], letters: &[char]) -> Vec<String> {
    let types: Vec<String> = letters.iter().map(|&l| id(l)).collect();
    let mut ids = Vec::new();
    for p in pieces.iter_mut() {
        let promoted_type =
            matches!(&p.moves, Moves::Like(t) if types.contains(t) && p.id.starts_with('+'));
        if types.contains(&p.id) || promoted_type {
            p.royal = true;
            ids.push(p.id.clone());
        }
    }
    ids
}

/// A side's pieces among `ids` at the start (board and hand), and how many of them its board
/// holds pieces of.
fn pseudo_count(
    board: &std::collections::BTreeMap<String, Vec<String>>,
    hand: &[String],
    ids: &[String],
) -> (usize, usize) {
    let on_board: Vec<&Vec<String>> = board
        .iter()
        .filter(|(k, _)| ids.contains(k))
        .map(|(_, squares)| squares)
        .collect();
    let in_hand = hand.iter().filter(|h| ids.contains(h)).count();
    let n = on_board.iter().map(|squares| squares.len()).sum::<usize>() + in_hand;
    (n, on_board.len())
}

/// What decides how koma reads a game's pseudo-royal pieces.
struct PseudoFacts {
    /// `extinctionPieceCount`: the pieces are kept out of attack while a side has at most one
    /// more of a type.
    limit: usize,
    /// The pieces of the types each side starts with (board and hand).
    counts: [usize; 2],
    /// A piece not of the types can promote into one.
    grows: bool,
    /// No side ever has pieces of two of the types (or there is one type).
    one_type_each: bool,
    /// Pieces of the types can be dropped (captured to hand, or in hand at the start).
    drops: bool,
    /// A side has a `king` beside them.
    mixed: bool,
    blast: bool,
    /// `dupleCheck`.
    duple: bool,
}

/// koma's reading of pseudo-royal pieces: every royal kept safe, only the last one, or any one.
#[derive(Debug, PartialEq, Eq)]
enum PseudoReading {
    Every,
    LastOnly,
    Duple,
}

impl PseudoFacts {
    /// The reading that agrees with Fairy-Stockfish's, if one does. Every royal is kept safe
    /// when no side ever has more than `limit + 1` (their number cannot grow, and none is ever
    /// left attacked to be taken). With a limit of 0, one type per side and no drops of them,
    /// koma's count of all royals after the move is Fairy-Stockfish's count of the type (a
    /// promotion past the limit frees them all in both), so `last-royal-only` or `duple`
    /// reads it. Fairy-Stockfish counts each type apart, and keeps a dropped piece of the
    /// type guarded whatever the count: there the readings part.
    fn reading(&self) -> Option<PseudoReading> {
        let few = !self.grows
            && self.counts.iter().all(|&n| n <= self.limit + 1)
            && !(self.blast && self.limit > 0);
        if few {
            return Some(PseudoReading::Every);
        }
        let together = self.limit == 0 && !self.mixed && !self.drops && self.one_type_each;
        match (together, self.duple) {
            (true, true) => Some(PseudoReading::Duple),
            (true, false) => Some(PseudoReading::LastOnly),
            _ => None,
        }
    }
}

fn mark_royal(pieces: &mut [Piece], letter: char) {
    if let Some(p) = pieces.iter_mut().find(|p| p.id == id(letter)) {
        p.royal = true;
    }
}

fn promoted_copy(from: &str, like: &str) -> Piece {
    Piece {
        id: format!("+{from}"),
        name: format!("Promoted {from}"),
        moves: Moves::Like(like.to_string()),
        promotes: Vec::new(),
        promotes_second: None,
        royal: false,
        note: None,
        options: Vec::new(),
    }
}

/// koma's XBetza for Fairy-Stockfish's Janggi types (their Betza there is not their rule).
fn janggi_betza(kind: &str) -> Option<&'static str> {
    match kind {
        "janggiCannon" => Some("pR"),
        "janggiElephant" => Some("mafsmafW"),
        _ => None,
    }
}

/// From point `p`, how many steps each diagonal (the first player's view) stays on `points`.
fn line_runs(points: &Set, (x, y): (u32, u32)) -> Vec<(&'static str, u32)> {
    let mut runs = Vec::new();
    for (dir, dx, dy) in [("fr", 1, 1), ("fl", -1, 1), ("br", 1, -1), ("bl", -1, -1)] {
        let on = |k: i64| {
            let (px, py) = (i64::from(x) + dx * k, i64::from(y) + dy * k);
            px >= 0 && py >= 0 && points.contains(&(px as u32, py as u32))
        };
        let n = (1..).take_while(|&k| on(k)).count() as u32;
        if n > 0 {
            runs.push((dir, n));
        }
    }
    runs
}

/// The moves a piece gains along the lines `runs`: Fairy-Stockfish gives a Rook its Bishop
/// moves, a Wazir (or Wazir King) its Fers steps, a Soldier its Pawn captures' steps, and a
/// Janggi Cannon a hop along the line, hurdle and landing on it: a hop whose range counts
/// from the mover, written leg by leg (`pB2` is `pafF`, over the middle point of a palace).
fn line_moves(kind: &str, betza: &str, runs: &[(&str, u32)]) -> Result<String, String> {
    let mut out = String::new();
    for &(dir, n) in runs {
        match kind {
            "rook" if n > 1 => out.push_str(&format!("{dir}F{n}")),
            "rook" | "wazir" => out.push_str(&format!("{dir}F")),
            "king" if betza == "W" => out.push_str(&format!("{dir}F")),
            "soldier" if dir.starts_with('f') => out.push_str(&format!("{dir}F")),
            "janggiCannon" if n > 1 => {
                out.push_str(&betza::translate(&format!("{dir}pB{n}"), false)?.always);
            }
            _ => {}
        }
    }
    Ok(out)
}

/// The (file, rank), 0-based, of the castler standing on `rank` (1-based), among `squares`.
fn castler_square(squares: &[String], rank: u32) -> Option<(u32, u32)> {
    let square = squares.iter().find(|s| s[1..] == rank.to_string())?;
    Some((file_index(&square[..1])?, rank - 1))
}
