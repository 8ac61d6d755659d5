//! The rules section in words: one short paragraph per topic, written from the compiled rules
//! (defaults included), so the page says what the runtime actually plays.

use koma_compiler::ir::Variant;
use koma_runtime::spec::{
    AntiTradeWhen, DropEdge, ExtinctionSpec, GoalSpec, Outcome, PieceType, Player, PromotionKind,
    RepetitionScore, ResultSpec, RowGoal, RulesSpec, Tiebreak, Triggers, VariantSpec, WallKind,
    WinCondition,
};

use crate::api::RuleInfo;

/// Every rule of the variant, in words: one paragraph function per topic, in [`TOPICS`] order.
pub fn rules(v: &Variant, spec: &VariantSpec) -> Vec<RuleInfo> {
    let mut page = Page {
        v,
        spec,
        out: Vec::new(),
    };
    for topic in TOPICS {
        topic(&mut page);
    }
    page.out
}

/// The topics in the order the page shows them. A new clause adds its paragraph function here.
const TOPICS: &[fn(&mut Page<'_>)] = &[
    winning,
    stalemate,
    promotion,
    burning,
    freezing,
    explosions,
    petrification,
    anti_trade,
    jumping,
    regions,
    facing_royals,
    passing,
    draws,
    repetition,
    perpetual_attack,
    counting,
    bare_royal,
    hands,
    goals,
    checks,
    scored_repetition,
    extinction,
    checkmate_scored,
    tiebreak,
    no_pieces,
    compulsory_capture,
    weights,
    no_checks,
    castling,
    castling_ends,
    gating,
    first_moves,
    vanishing,
    walls,
    flipping,
];

/// The variant being worded and the paragraphs written so far.
struct Page<'a> {
    v: &'a Variant,
    spec: &'a VariantSpec,
    out: Vec<RuleInfo>,
}

impl<'a> Page<'a> {
    /// The compiled rules (defaults included).
    fn rules(&self) -> &'a RulesSpec {
        &self.spec.rules
    }

    /// `Name (ID)` of each piece, joined with "and".
    fn names(&self, list: &[PieceType]) -> String {
        let names: Vec<String> = list
            .iter()
            .map(|&p| {
                let piece = self.v.piece(p);
                format!("{} ({})", piece.name, piece.id)
            })
            .collect();
        join(&names, "and")
    }

    /// Whether the file writes a clause whose key starts with `prefix`.
    fn written(&self, prefix: &str) -> bool {
        self.v
            .rules
            .clauses
            .iter()
            .any(|c| c.key.starts_with(prefix))
    }

    /// Adds a paragraph. It names the clause kinds it words (`ClauseInfo::key`): a test checks
    /// that every clause a file writes is worded somewhere.
    fn rule(&mut self, topic: &str, clauses: &[&str], words: String) {
        self.out.push(RuleInfo {
            topic: topic.to_string(),
            words,
            clauses: clauses.iter().map(|k| k.to_string()).collect(),
        })
    }
}

/// The royal pieces and how a game is won through them.
fn winning(w: &mut Page<'_>) {
    let (v, r) = (w.v, w.rules());
    let royals: Vec<PieceType> = (0..v.pieces.len())
        .map(|i| PieceType(i as u16))
        .filter(|&p| v.piece(p).royal.is_some())
        .collect();
    let words = match (r.royals.win, royals.is_empty()) {
        (_, true) => "There is no royal piece: the game ends only by the rules below (draws, \
                      stalemate, a side without pieces)."
            .to_string(),
        (WinCondition::Extinction, false) => format!(
            "Royal: {}. A player whose last royal piece is captured loses; royals may stay \
             in or move into check.",
            w.names(&royals)
        ),
        (WinCondition::Checkmate, false) => {
            let mut s = format!(
                "Royal: {}. No move may leave a royal piece attacked; a player in check with \
                 no legal move is checkmated and loses.",
                w.names(&royals)
            );
            if r.royals.duple {
                s.push_str(
                    " A player with two or more royals may leave some of them attacked, but not \
                     all: it is in check only while every one is.",
                );
            }
            if r.royals.check_last_only {
                s.push_str(
                    " While a player has two or more royals it may leave any of them attacked.",
                );
            }
            s
        }
    };
    w.rule("Winning", &["royal", "win", "check"], words);
}

fn stalemate(w: &mut Page<'_>) {
    let words = stalemate_words(&w.rules().results);
    w.rule("Stalemate", &["stalemate"], words);
}

/// One `promotion limit` entry in words.
fn limit_sentence(w: &Page<'_>, group: &[PieceType], limit: u8) -> String {
    let together = if group.len() > 1 {
        ", counted together,"
    } else {
        ""
    };
    format!(
        " A piece may promote into {} only while its side has fewer than {limit} of them{together} \
         on the board.",
        w.names(group)
    )
}

/// The zone, when a piece may or must promote, and into what.
fn promotion(w: &mut Page<'_>) {
    let p = &w.rules().promotion;
    if p.zone.is_empty() && p.zone_second.is_none() && !w.written("promotion") {
        return;
    }
    let rows: std::collections::BTreeSet<u8> = p.zone.iter().map(|c| c.y).collect();
    let mut s = match rows.len() {
        _ if p.zone_second.is_some() => {
            "Each player has a promotion zone of its own (shaded on the board).".to_string()
        }
        0 => "No promotion zone is given.".to_string(),
        1 => "The promotion zone is each player's far rank (shaded on the board).".to_string(),
        n => format!("The promotion zone is each player's far {n} ranks (shaded on the board)."),
    };
    let when: Vec<String> = [
        (Triggers::ENTER, "a move ends in the zone from outside"),
        (Triggers::LEAVE, "a move leaves the zone"),
        (Triggers::INSIDE, "a move starts and ends in the zone"),
        (
            Triggers::CAPTURE_IN_ZONE,
            "a capture starts or ends in the zone",
        ),
        (Triggers::CAPTURE_FROM_ZONE, "a capture starts in the zone"),
    ]
    .into_iter()
    .filter(|&(t, _)| p.triggers.contains(t))
    .map(|(_, text)| text.to_string())
    .collect();
    if !when.is_empty() {
        s.push_str(&format!(" A piece may promote when {}.", join(&when, "or")));
    }
    s.push_str(match p.kind {
        PromotionKind::Optional => " Promotion is optional.",
        PromotionKind::Mandatory => " Promotion is mandatory when it is possible.",
        PromotionKind::Automatic => " The piece promotes automatically.",
    });
    if p.forced_when_stuck {
        s.push_str(" A piece that could never move again must promote.");
    }
    for f in &p.forced {
        s.push_str(&format!(
            " {} must promote on the last {}.",
            w.names(&f.pieces),
            plural(usize::from(f.last_ranks), "rank")
        ));
    }
    if p.mid_move {
        s.push_str(" A square a multi-leg move stops on in passing counts as entering.");
    }
    if p.captured_only {
        s.push_str(
            " A piece promotes only into a piece its side has lost; where it must promote \
             and nothing was lost, it cannot make that move.",
        );
    }
    if p.flip {
        s.push_str(
            " Promoted pieces turn back into the piece they promoted from, on the moves that \
             would promote them and as the promotion kind says: every piece has two sides.",
        );
    }
    for (group, limit) in &p.limits {
        s.push_str(&limit_sentence(w, group, *limit));
    }
    let clauses = [
        "promotion zone",
        "promotion on",
        "promotion kind",
        "promotion forced-when-stuck",
        "promotion forced",
        "promotion captured-only",
        "promotion flip",
        "promotion limit",
    ];
    w.rule("Promotion", &clauses, s);
}

/// One paragraph per `burn` clause.
fn burning(w: &mut Page<'_>) {
    for b in &w.rules().burning {
        let mut s = format!("{} burn", w.names(&b.burners));
        match b.choose_up_to {
            None => s.push_str(" every enemy next to them"),
            Some(n) => s.push_str(&format!(
                " up to {} next to them, of the mover's choosing",
                plural(usize::from(n), "enemy piece")
            )),
        }
        let mut how = Vec::new();
        if b.active {
            how.push("after they move");
        }
        if b.passive {
            how.push("when an enemy stops next to them");
        }
        if !how.is_empty() {
            s.push_str(&format!(" ({})", join_str(&how, "and")));
        }
        s.push('.');
        if !b.immune.is_empty() {
            s.push_str(&format!(" {} cannot be burned.", w.names(&b.immune)));
        }
        if b.burner_meets_burner_dies {
            s.push_str(" A burner that stops next to an enemy burner is burned itself.");
        }
        if b.on_promotion {
            s.push_str(" A piece promoting into a burner burns at once.");
        }
        w.rule("Burning", &["burn"], s);
    }
}

/// One paragraph per `freeze` clause.
fn freezing(w: &mut Page<'_>) {
    for f in &w.rules().freezing {
        let mut s = format!(
            "{} freeze every enemy next to them: a frozen piece cannot move.",
            w.names(&f.freezers)
        );
        if !f.immune.is_empty() {
            s.push_str(&format!(" {} cannot be frozen.", w.names(&f.immune)));
        }
        w.rule("Freezing", &["freeze"], s);
    }
}

/// The `explode` clause.
fn explosions(w: &mut Page<'_>) {
    let r = w.rules();
    let Some(e) = &r.explosion else { return };
    let around = match e.area.len() {
        8 => "every piece next to it",
        _ => "the pieces next to it in its area",
    };
    let mut s = format!(
        "A capture explodes: the capturing piece and {around}, of either side, are removed too."
    );
    if !e.immune.is_empty() {
        s.push_str(&format!(
            " {} survive an explosion next to them (not their own capture).",
            w.names(&e.immune)
        ));
    }
    if r.royals.win == WinCondition::Checkmate {
        s.push_str(
            " No move may explode its own royal, a move that explodes an enemy royal wins, and \
             royals standing next to each other cannot be taken.",
        );
    }
    if r.drops.to_hand.iter().any(Option::is_some) {
        s.push_str(
            " Every exploded piece joins the hand of its owner's opponent, the capturing piece \
             too.",
        );
    }
    w.rule("Explosions", &["explode"], s);
}

/// The `petrify` clause.
fn petrification(w: &mut Page<'_>) {
    let r = w.rules();
    if r.petrify.is_empty() {
        return;
    }
    let mut s = format!(
        "{} that capture turn to stone: the capturing piece becomes a wall on the square it \
         took on, which no piece may enter, pass or capture.",
        w.names(&r.petrify)
    );
    let royal =
        (r.petrify.iter()).any(|&t| w.spec.pieces.get(usize::from(t.0)).is_some_and(|p| p.royal));
    if royal && r.royals.win == WinCondition::Checkmate {
        s.push_str(" A royal of these types never captures, so it gives no check.");
    }
    w.rule("Petrification", &["petrify"], s);
}

/// One paragraph per `anti-trade` clause.
fn anti_trade(w: &mut Page<'_>) {
    for a in &w.rules().anti_trade {
        let mut s = format!(
            "{} may not capture {}",
            w.names(&a.attackers),
            w.names(&a.victims)
        );
        if a.when == AntiTradeWhen::Protected {
            s.push_str(" when the capturer could be taken back at once");
        }
        s.push('.');
        if a.except_adjacent {
            s.push_str(" Capturing an adjacent one is allowed.");
        }
        if !a.except_bridge_capture_not.is_empty() {
            s.push_str(&format!(
                " A move that also captures something other than {} is allowed.",
                w.names(&a.except_bridge_capture_not)
            ));
        }
        if a.counter_strike {
            s.push_str(
                " After one was captured by another piece, the opponent may not capture one with \
                 another piece on the very next move.",
            );
        }
        w.rule("Anti-trade", &["anti-trade"], s);
    }
}

/// The `jump-rank` order, highest first.
fn jumping(w: &mut Page<'_>) {
    let r = w.rules();
    if r.jump_rank.is_empty() {
        return;
    }
    let mut ranked: Vec<(u8, PieceType)> = r
        .jump_rank
        .iter()
        .enumerate()
        .filter(|(_, k)| **k > 0)
        .map(|(i, &k)| (k, PieceType(i as u16)))
        .collect();
    ranked.sort_by_key(|r| std::cmp::Reverse(r.0));
    let mut order = String::new();
    for (i, (rank, p)) in ranked.iter().enumerate() {
        if i > 0 {
            order.push_str(if ranked[i - 1].0 == *rank {
                " = "
            } else {
                " > "
            });
        }
        let piece = w.v.piece(*p);
        order.push_str(&format!("{} ({})", piece.name, piece.id));
    }
    w.rule(
        "Jumping",
        &["jump-rank"],
        format!(
            "A jump may not pass over a piece of equal or higher rank: {order}; every other \
             piece ranks lowest."
        ),
    );
}

/// One paragraph per piece that is confined to a region or moves otherwise inside one.
fn regions(w: &mut Page<'_>) {
    let (v, regions) = (w.v, &w.rules().regions);
    let region = |k: u8| {
        v.board
            .regions
            .get(usize::from(k))
            .map_or(String::new(), |g| g.name.clone())
    };
    for (i, piece) in v.pieces.iter().enumerate() {
        let mut parts = Vec::new();
        if let Some(c) = regions.pieces.get(i).and_then(|p| p.confined) {
            parts.push(format!("never leaves the {}", region(c)));
        }
        for m in &piece.in_regions {
            parts.push(format!("moves {} in the {}", m.betza, region(m.region)));
        }
        if !parts.is_empty() {
            w.rule(
                "Regions",
                &[],
                format!(
                    "{} ({}) {} (each region is the first player's; the second player's is \
                     turned around, unless the region gives each player its own squares).",
                    piece.name,
                    piece.id,
                    join(&parts, "and")
                ),
            );
        }
    }
}

fn facing_royals(w: &mut Page<'_>) {
    let regions = &w.rules().regions;
    if regions.facing_royals_forbidden {
        w.rule(
            "Facing royals",
            &["facing-royals"],
            "Royals of the two sides may not face each other on a file with nothing between \
             them."
                .to_string(),
        );
    }
    if regions.facing_royals_must_break {
        w.rule(
            "Facing royals",
            &["facing-royals"],
            "When the royals face each other on an open file, the player to move must break the \
             line or pass (even in check); a pass then ends the game, a draw."
                .to_string(),
        );
    }
}

/// Who may pass the turn, and how.
fn passing(w: &mut Page<'_>) {
    let pass = &w.rules().passing;
    if !pass.anytime.is_empty() {
        let words = format!("{} may pass the turn.", w.names(&pass.anytime));
        w.rule("Passing", &["pass anytime"], words);
    }
    if pass.when_stuck {
        w.rule(
            "Passing",
            &["pass when-stuck"],
            "A player with no legal move who is not in check passes the turn instead.".to_string(),
        );
    }
    if pass.twice_ends {
        w.rule(
            "Passing",
            &["pass twice-ends"],
            "Two passes in a row end the game, a draw.".to_string(),
        );
    }
    if pass.forbidden {
        w.rule(
            "Passing",
            &["pass forbidden"],
            "No piece may pass.".to_string(),
        );
    } else if !pass.only.is_empty() || pass.not_after_pass || pass.first_passer_deviates {
        let mut s = String::from(
            "A move that returns to its start square without capturing passes the turn.",
        );
        if !pass.only.is_empty() {
            s.push_str(&format!(" Only {} may pass.", w.names(&pass.only)));
        }
        if pass.not_after_pass {
            s.push_str(" No pass right after the opponent passed.");
        }
        if pass.first_passer_deviates {
            s.push_str(" In a repetition, the player who passed first must deviate.");
        }
        let clauses = [
            "pass only",
            "pass not-after-pass",
            "pass first-passer-deviates",
        ];
        w.rule("Passing", &clauses, s);
    }
}

/// Repetition, the move limit and bare royals, as one sentence of draws.
fn draws(w: &mut Page<'_>) {
    let res = &w.rules().results;
    let mut draws = Vec::new();
    if let Some(n) = res
        .repetition
        .filter(|_| res.endings.repetition == RepetitionScore::Draw)
    {
        let mut s = format!("the same position occurs for the {} time", ordinal(n));
        if res.perpetual_check_loses {
            s.push_str(" (unless one side checked on every move since: that side loses)");
        }
        draws.push(s);
    }
    if let Some(m) = &res.move_limit {
        let mut resets = Vec::new();
        if m.reset_on_capture {
            resets.push("a capture".to_string());
        }
        if m.reset_on_promotion {
            resets.push("a promotion".to_string());
        }
        if !m.reset_on_pieces.is_empty() {
            resets.push(format!("a move of {}", w.names(&m.reset_on_pieces)));
        }
        let mut s = format!("{} pass", plural(usize::from(m.moves), "move"));
        if !resets.is_empty() {
            s.push_str(&format!(" without {}", join(&resets, "or")));
        }
        draws.push(s);
    }
    if res.bare_royal_draw {
        draws.push("both sides are reduced to their royals alone".to_string());
    }
    if !draws.is_empty() {
        let clauses = [
            "draw repetition",
            "perpetual-check",
            "draw moves",
            "draw bare-royal",
        ];
        let words = format!("The game is drawn when {}.", join(&draws, "or when"));
        w.rule("Draws", &clauses, words);
    }
}

/// The `repeat` clause: a repeating move is illegal or loses.
fn repetition(w: &mut Page<'_>) {
    let Some(rp) = w.v.rules.repeat else {
        return;
    };
    let mut s = if rp.loses {
        String::from("A move that recreates an earlier position loses for the side that makes it")
    } else {
        String::from("A move that recreates an earlier position is illegal")
    };
    let mut except = Vec::new();
    if rp.except_evasion {
        except.push("a move out of check".to_string());
    }
    if rp.except_no_new_attack {
        except.push("a move that creates no new attack".to_string());
    }
    if !except.is_empty() {
        s.push_str(&format!(", except {}", join(&except, "or")));
    }
    s.push('.');
    w.rule("Repetition", &["repeat"], s);
}

fn perpetual_attack(w: &mut Page<'_>) {
    if w.rules().results.perpetual_attack_loses {
        w.rule(
            "Perpetual attack",
            &["perpetual-attack"],
            "A side that reaches a repetition by attacking the same piece after every move loses."
                .to_string(),
        );
    }
}

/// Makruk's counting: when it starts, and the board's and the pieces' honour.
fn counting(w: &mut Page<'_>) {
    let v = w.v;
    let Some(c) = &v.rules.counting else {
        return;
    };
    let mut s = String::from("Counting");
    if !c.without.is_empty() {
        s.push_str(&format!(" starts once no {} is left", w.names(&c.without)));
    }
    if let Some(n) = c.board_honour {
        s.push_str(&format!(
            "; the side to move counts {} for the other side to win (board's honour)",
            plural(usize::from(n), "move")
        ));
        if let Some(m) = c.board_up_to {
            s.push_str(&format!(
                ", while it has {} at most",
                plural(usize::from(m), "piece")
            ));
        }
        if c.board_unblocked && !c.without.is_empty() {
            s.push_str(&format!(", even with a {} left", w.names(&c.without)));
        }
    }
    if !c.pieces_honour.is_empty() || c.pieces_default.is_some() {
        s.push_str("; a lone royal counts by the pieces it faces (pieces' honour)");
    }
    if c.from_zero {
        s.push_str("; every count starts at zero");
    }
    s.push_str(". The game is drawn when the count runs out.");
    let clauses = [
        "counting board-honour",
        "counting pieces-honour",
        "counting without",
        "counting from-zero",
    ];
    w.rule("Counting", &clauses, s);
}

fn bare_royal(w: &mut Page<'_>) {
    if w.rules().results.bare_royal_loses {
        w.rule(
            "Bare royal",
            &["bare-royal"],
            "A side reduced to its royals alone loses, unless it bares the other side on its very \
             next move (a draw)."
                .to_string(),
        );
    }
}

fn checks(w: &mut Page<'_>) {
    if let Some(n) = w.rules().results.check_wins {
        w.rule(
            "Checks",
            &["check wins"],
            format!("The side that gives its check number {n} wins at once, mate or not."),
        );
    }
}

/// `repetition N ... wins|loses`: a repetition someone wins.
fn scored_repetition(w: &mut Page<'_>) {
    if let Some(s) = scored_repetition_words(&w.rules().results) {
        w.rule(
            "Repeated positions",
            &["draw repetition", "perpetual-check"],
            s,
        );
    }
}

/// One sentence per `extinction` clause.
fn extinction(w: &mut Page<'_>) {
    let list = &w.rules().results.endings.extinction;
    if list.is_empty() {
        return;
    }
    let names = |t: &[PieceType]| w.names(t);
    let s: Vec<String> = list.iter().map(|x| extinction_words(x, &names)).collect();
    w.rule("Extinction", &["extinction"], s.join(" "));
}

/// `checkmate wins|draws`.
fn checkmate_scored(w: &mut Page<'_>) {
    if let Some(o) = w.rules().results.endings.checkmate {
        let what = match o {
            Outcome::Win => "wins",
            Outcome::Draw => "draws",
            Outcome::Loss => "loses",
        };
        w.rule(
            "Checkmate scored",
            &["checkmate"],
            format!("A player who is checkmated {what}."),
        );
    }
}

/// `tiebreak`: who wins a game that would end drawn.
fn tiebreak(w: &mut Page<'_>) {
    if let Some(t) = &w.rules().results.endings.tiebreak {
        let names = |t: &[PieceType]| w.names(t);
        let s = tiebreak_words(t, &names);
        w.rule("Drawn games", &["tiebreak"], s);
    }
}

fn no_pieces(w: &mut Page<'_>) {
    if let Some(o) = w.rules().results.no_pieces {
        let what = match o {
            Outcome::Win => "wins",
            Outcome::Draw => "draws",
            Outcome::Loss => "loses",
        };
        w.rule(
            "No pieces",
            &["no-pieces"],
            format!("A side left without any piece {what}."),
        );
    }
}

fn compulsory_capture(w: &mut Page<'_>) {
    if w.rules().captures_compulsory {
        w.rule(
            "Compulsory capture",
            &["captures compulsory"],
            "A side that can capture must: while it has a capture, no other move is legal."
                .to_string(),
        );
    }
}

/// The engine's evaluation weights the file gives (not a rule, but written in the rules).
fn weights(w: &mut Page<'_>) {
    let r = w.rules();
    if !r.weights.is_empty() {
        let weights: Vec<String> = r.weights.iter().map(|(t, n)| format!("{t} {n}")).collect();
        w.rule(
            "Engine weights",
            &["weight"],
            format!(
                "Not a rule: the engine weighs its evaluation terms so for this game ({}).",
                weights.join(", ")
            ),
        );
    }
}

fn no_checks(w: &mut Page<'_>) {
    if w.rules().royals.check_forbidden {
        w.rule(
            "No checks",
            &["check forbidden"],
            "No move may give check.".to_string(),
        );
    }
    if w.rules().royals.check_royal_captures_only {
        w.rule(
            "A royal in check",
            &["check royal-captures-only"],
            "A royal in check may not step out of it: it moves only to capture the piece giving \
             check, when that piece is the only one."
                .to_string(),
        );
    }
}

fn castling(w: &mut Page<'_>) {
    let r = w.rules();
    if !r.castling_partners.is_empty() {
        w.rule(
            "Castling",
            &["castling with"],
            format!(
                "A castling piece castles with the outermost {} on its side of its rank, \
                 wherever that stands; neither may have moved.",
                w.names(&r.castling_partners).replace(" and ", " or ")
            ),
        );
    }
    if let Some(files) = r.castling_to {
        let file = |x: u8| {
            let name = w.v.board.square_name(koma_runtime::spec::Coord { x, y: 0 });
            name.trim_end_matches(|c: char| c.is_ascii_digit())
                .to_string()
        };
        w.rule(
            "Castling anywhere on the rank",
            &["castling to"],
            format!(
                "Castler and partner may start anywhere on their rank: castling towards the last \
                 file, the castler lands on the {} file, towards the first on the {} file, its \
                 partner beside it on the inner side. Every square between them and their \
                 destinations is empty but for the two, and the castler's path is not attacked. \
                 A castling is written as the castler taking its partner (`e1h1`).",
                file(files[0]),
                file(files[1])
            ),
        );
    }
    if r.castling_safe_royal_only {
        w.rule(
            "Castling through attack",
            &["castling safe"],
            "Only a castler the rules keep out of check is barred from castling out of, \
             through or into attack."
                .to_string(),
        );
    }
    if let Some(shuffle) = &w.spec.rules.shuffle {
        w.rule(
            "Shuffled start",
            &["shuffle"],
            format!(
                "The game starts from one of {} numbered arrangements of the pieces on the \
                 shuffled squares, drawn at random or chosen by number; the setup as written \
                 is one of them.",
                shuffle.count()
            ),
        );
    }
    first_mover(w);
}

/// `to-move second` in the setup.
fn first_mover(w: &mut Page<'_>) {
    if w.spec.rules.start_side == koma_runtime::spec::Player::Second {
        w.rule(
            "Who moves first",
            &["to-move"],
            "The second player makes the first move of the game.".to_string(),
        );
    }
}

/// `castling opposite-wings` and `castling wins`.
fn castling_ends(w: &mut Page<'_>) {
    let r = w.rules();
    if r.castling_opposite_wings {
        w.rule(
            "Castling on opposite wings",
            &["castling opposite-wings"],
            "Once a player castles on one wing, the other player may no longer castle on that \
             wing."
                .to_string(),
        );
    }
    let wins = r.results.endings.castling_wins;
    if wins != [0, 0] {
        let wing = |bits: u8| match bits {
            koma_runtime::spec::CASTLE_KING_SIDE => "towards the last file",
            koma_runtime::spec::CASTLE_QUEEN_SIDE => "towards the first file",
            _ => "on either wing",
        };
        let mut s = String::new();
        for (who, bits) in [
            ("The first player", wins[0]),
            ("The second player", wins[1]),
        ] {
            if bits != 0 {
                s.push_str(&format!(
                    "{who} wins by castling {}, and loses once it can no longer castle there. ",
                    wing(bits)
                ));
            }
        }
        w.rule(
            "Castling wins",
            &["castling wins"],
            s.trim_end().to_string(),
        );
    }
}

/// The `gating` clause.
fn gating(w: &mut Page<'_>) {
    let d = &w.rules().drops;
    if d.gates.is_empty() {
        return;
    }
    let board = &w.v.board;
    let squares: Vec<String> = d.gates.iter().map(|&c| board.square_name(c)).collect();
    if !d.has_hands() {
        let s = format!(
            "The castling field of a position names, by their files, the pieces on {} (the \
             first player's; the second player's are the same squares turned round) that have \
             not moved; with no hands, nothing is ever gated.",
            squares.join(", ")
        );
        w.rule("Gating", &["gating"], s);
        return;
    }
    let mut s = format!(
        "A piece that leaves one of {} (the first player's; the second player's are the same \
         squares turned round) for the first time may bring a piece from its side's hand onto \
         the square it left, where that piece could be dropped; a castling may fill its \
         partner's square instead.",
        squares.join(", ")
    );
    if d.gates_only {
        s.push_str(" Pieces in hand enter the board only this way, never by a drop.");
    }
    w.rule("Gating", &["gating"], s);
}

/// The `first-move` clauses: when a piece makes its never-moved moves.
fn first_moves(w: &mut Page<'_>) {
    let f = &w.rules().first_moves;
    if !f.not_in_check.is_empty() {
        let s = format!(
            "{} cannot make {} first moves (those of a piece that has never moved) while its \
             side is in check.",
            w.names(&f.not_in_check),
            if f.not_in_check.len() == 1 {
                "its"
            } else {
                "their"
            }
        );
        w.rule("First moves in check", &["first-move not-in-check"], s);
    }
    let mut targets: Vec<_> = f.lost_when_aimed.iter().map(|p| p.0).collect();
    targets.dedup();
    for t in targets {
        let aimers: Vec<_> = f
            .lost_when_aimed
            .iter()
            .filter(|p| p.0 == t)
            .map(|p| p.1)
            .collect();
        let s = format!(
            "{} loses its first moves once an enemy {} ends a move on a square from which it \
             would capture it on an empty board.",
            w.names(&[t]),
            w.names(&aimers)
        );
        w.rule("First moves lost", &["first-move lost-when-aimed"], s);
    }
}

fn vanishing(w: &mut Page<'_>) {
    let v = w.v;
    let board = &v.board;
    if !board.vanishing.is_empty() {
        let squares: Vec<String> = board
            .vanishing
            .iter()
            .map(|c| board.square_name(c.value))
            .collect();
        w.rule(
            "Vanishing squares",
            &[],
            format!(
                "{} vanish from the board once the piece on them leaves.",
                join(&squares, "and")
            ),
        );
    }
}

/// The `wall` clause: where each move's blocker goes.
fn walls(w: &mut Page<'_>) {
    let Some(wall) = &w.rules().wall else { return };
    let where_ = match wall.kind {
        WallKind::Moving => {
            "moves the one blocker (a duck) to an empty square other than its own (the first \
             move puts it down)"
        }
        WallKind::Anywhere => "puts a new blocker on any empty square; blockers stay",
        WallKind::Shot => {
            "puts a new blocker on an empty square the moved piece could move to from where it \
             ended"
        }
        WallKind::Edge => {
            "puts a new blocker on an empty square of the board's edge or beside a blocker"
        }
    };
    let mut s = format!(
        "Every move also {where_}. No piece may enter, pass or take a blocker's square; \
         leapers jump it."
    );
    if !wall.except.is_empty() {
        let board = &w.v.board;
        let squares: Vec<String> = wall.except.iter().map(|&c| board.square_name(c)).collect();
        s.push_str(&format!(" No blocker goes to {}.", join(&squares, "or")));
    }
    w.rule("Blockers", &["wall"], s);
}

/// `flip enclosed` and `draw full-board` (Reversi).
fn flipping(w: &mut Page<'_>) {
    let mut s = String::new();
    if w.rules().flip_enclosed {
        s.push_str(
            "After a move, every enemy piece on a straight line between the moved piece and \
             another piece of its side, with only enemy pieces between them, changes sides.",
        );
    }
    if w.rules().results.endings.full_board {
        s.push_str(" The game ends once no square is empty: drawn, unless a tiebreak decides.");
    }
    if !s.is_empty() {
        w.rule(
            "Flipping",
            &["flip enclosed", "draw full-board"],
            s.trim_start().to_string(),
        );
    }
}

/// Hands and drops: where captured pieces go, what the hands hold at the start, and where a
/// piece in hand may be dropped; nothing when no piece is ever in hand and no drop clause is
/// written.
fn hands(w: &mut Page<'_>) {
    let d = &w.rules().drops;
    if !d.has_hands() && !w.written("drop") {
        return;
    }
    let words = format!("{}{}{}", captured(w), start_hands(w), drop_limits(w));
    let clauses = [
        "captures",
        "drop not-stuck",
        "drop one-per-file",
        "drop per-file",
        "drop no-mate",
        "drop never",
        "drop no-check",
        "drop zone",
        "drop promoted",
        "drop compulsory",
        "drop unmoved",
        "drop opposite-colours",
        "drop enclosing",
        "drop enters",
    ];
    w.rule("Hands", &clauses, words);
}

/// Where a captured piece goes, and as what.
fn captured(w: &Page<'_>) -> String {
    let (v, d) = (w.v, &w.rules().drops);
    let captured: Vec<(PieceType, PieceType)> = d
        .to_hand
        .iter()
        .enumerate()
        .filter_map(|(i, to)| to.map(|to| (PieceType(i as u16), to)))
        .collect();
    if captured.is_empty() {
        return "Captured pieces leave the game.".to_string();
    }
    let mut s = String::from("A captured piece joins the capturer's hand");
    let demoted: Vec<String> = captured
        .iter()
        .filter(|(from, to)| from != to)
        .map(|&(from, to)| format!("{} as {}", w.names(&[from]), w.names(&[to])))
        .collect();
    if !demoted.is_empty() {
        s.push_str(&format!(" ({})", join(&demoted, "and")));
    }
    s.push_str("; instead of moving, a player may drop a piece from its hand on an empty square.");
    let kept: Vec<PieceType> = (0..v.pieces.len())
        .map(|i| PieceType(i as u16))
        .filter(|p| d.to_hand.get(usize::from(p.0)).is_some_and(Option::is_none))
        .collect();
    if !kept.is_empty() && kept.len() < v.pieces.len() {
        s.push_str(&format!(" {} never go to a hand.", w.names(&kept)));
    }
    s
}

/// What each player holds in hand at the start.
fn start_hands(w: &Page<'_>) -> String {
    let d = &w.rules().drops;
    let mut s = String::new();
    for (player, who) in [(Player::First, "first"), (Player::Second, "second")] {
        let held: Vec<PieceType> = d
            .start_hand
            .iter()
            .filter(|(p, _)| *p == player)
            .map(|&(_, t)| t)
            .collect();
        if !held.is_empty() {
            s.push_str(&format!(
                " The {who} player starts with {} in hand.",
                w.names(&held)
            ));
        }
    }
    s
}

/// The `drop` clauses: where a piece may not, or only, be dropped.
fn drop_limits(w: &Page<'_>) -> String {
    drop_bans(w) + &drop_obligations(w) + &drop_squares(w)
}

/// The drops a clause forbids: where a piece could never move, per file, mating, promoted.
fn drop_bans(w: &Page<'_>) -> String {
    let d = &w.rules().drops;
    let mut s = String::new();
    if d.not_stuck {
        s.push_str(" No piece may be dropped where it could never move again.");
    }
    if d.no_check {
        s.push_str(" No drop may give check.");
    }
    if !d.one_per_file.is_empty() {
        s.push_str(&format!(
            " A player may not drop {} on a file that already holds one of its own.",
            w.names(&d.one_per_file)
        ));
    }
    for &(piece, limit) in &d.per_file {
        s.push_str(&format!(
            " A player may not drop {} on a file that already holds {limit} of its own.",
            w.names(&[piece])
        ));
    }
    if !d.no_mate.is_empty() {
        s.push_str(&format!(
            " A drop of {} that checkmates loses for the player who dropped it.",
            w.names(&d.no_mate)
        ));
    }
    if d.promoted {
        s.push_str(" A piece in hand may also be dropped promoted side up.");
    }
    s
}

/// The drops a clause demands: enclosing (Reversi), compulsory, colour-balanced.
fn drop_obligations(w: &Page<'_>) -> String {
    let (v, d) = (w.v, &w.rules().drops);
    let mut s = String::new();
    if d.enclosing {
        s.push_str(
            " A drop must enclose an enemy piece: on a straight line from the dropped piece, \
             enemy pieces up to one of the dropper's own.",
        );
        if !d.enclosing_start.is_empty() {
            let squares: Vec<String> = (d.enclosing_start.iter())
                .map(|&c| v.board.square_name(c))
                .collect();
            s.push_str(&format!(
                " While one of {} is empty, drops go there instead.",
                join(&squares, "and")
            ));
        }
    }
    match d.enters {
        Some(DropEdge::Top) => s.push_str(
            " A drop falls: it enters at the top of its file and slides down to the lowest \
             empty square, above the first piece it meets.",
        ),
        Some(DropEdge::AnySide) => s.push_str(
            " A drop is pushed in from an edge: it enters at either end of its file or rank and \
             slides to the last empty square before the first piece it meets.",
        ),
        None => {}
    }
    if d.must_drop {
        let pieces = if d.must_drop_pieces.is_empty() {
            "a piece".to_string()
        } else {
            w.names(&d.must_drop_pieces).replace(" and ", " or ")
        };
        s.push_str(&format!(
            " While a player holds {pieces} in hand and can drop it, it must: it moves no piece \
             and drops nothing else."
        ));
    }
    if !d.opposite_colours.is_empty() {
        s.push_str(&format!(
            " A player's {} must be able to stand half on light and half on dark squares: no \
             drop may put more than half of them on one colour, or leave too few free squares \
             of a colour for the rest.",
            w.names(&d.opposite_colours)
        ));
    }
    s
}

/// The squares drop clauses name: drops that count as unmoved, and drop zones.
fn drop_squares(w: &Page<'_>) -> String {
    let (v, d) = (w.v, &w.rules().drops);
    let mut s = String::new();
    for u in &d.unmoved {
        let squares: Vec<String> = u.squares.iter().map(|&c| v.board.square_name(c)).collect();
        let who = match u.player {
            None => "",
            Some(Player::First) => " of the first player",
            Some(Player::Second) => " of the second player",
        };
        s.push_str(&format!(
            " {}{who} dropped on {} counts as never moved (it may castle){}.",
            w.names(&u.pieces).replace(" and ", " or "),
            join(&squares, "or"),
            if u.player.is_none() {
                " (the first player's squares; the second player's are turned around)"
            } else {
                ""
            }
        ));
    }
    for z in &d.zones {
        if z.squares.is_empty() {
            // `drop never`: a zone of no squares.
            let names = w.names(&z.pieces);
            s.push_str(&format!(
                " {names} in hand are never dropped: they stay there."
            ));
            continue;
        }
        let squares: Vec<String> = z.squares.iter().map(|&c| v.board.square_name(c)).collect();
        let whose = match z.side {
            None => "the first player's squares; the second player's are turned around",
            Some(Player::First) => "the first player's drops; the second player's are not confined",
            Some(Player::Second) => {
                "the second player's drops; the first player's are not confined"
            }
        };
        s.push_str(&format!(
            " {} may be dropped only on {} ({whose}).",
            w.names(&z.pieces),
            join(&squares, "and")
        ));
    }
    s
}

/// A `goal ... row` in words.
fn row_goal(w: &Page<'_>, g: &GoalSpec, row: RowGoal) -> String {
    let who = match g.player {
        None => "A player",
        Some(Player::First) => "The first player",
        Some(Player::Second) => "The second player",
    };
    let lines: Vec<&str> = [
        (row.ranks, "a rank"),
        (row.files, "a file"),
        (row.diagonals, "a diagonal"),
    ]
    .into_iter()
    .filter_map(|(on, name)| on.then_some(name))
    .collect();
    format!(
        " {who} that ends its move with {} of its {} in an unbroken line along {} {}.",
        row.length,
        w.names(&g.pieces).replace(" and ", " or "),
        join_str(&lines, "or"),
        if row.loses { "loses" } else { "wins" },
    )
}

/// The `goal` clauses in words.
fn goals(w: &mut Page<'_>) {
    let v = w.v;
    let mut s = String::new();
    for g in &v.rules.goals {
        let g = &g.value;
        if let Some(row) = g.row {
            s.push_str(&row_goal(w, g, row));
            continue;
        }
        let squares: Vec<String> = g.squares.iter().map(|&c| v.board.square_name(c)).collect();
        let who = match g.player {
            None => "A player",
            Some(Player::First) => "The first player",
            Some(Player::Second) => "The second player",
        };
        s.push_str(&format!(
            " {who} whose {} ends its move on {} wins{}.",
            w.names(&g.pieces).replace(" and ", " or "),
            join(&squares, "or"),
            if g.player.is_none() {
                " (the first player's squares; the second player's are turned around)"
            } else {
                ""
            }
        ));
        if g.count > 1 {
            s.push_str(&format!(" It needs {} such pieces there at once", g.count));
            s.push_str(if g.or_filled {
                ", or one once none of those squares is empty."
            } else {
                "."
            });
        } else if g.or_filled {
            s.push_str(" One is enough once none of those squares is empty.");
        }
        if g.safe && g.hold {
            s.push_str(
                " It wins at once while the other player attacks none of them; a goal reached \
                 under attack wins if it still holds when its player's turn comes.",
            );
        } else if g.safe {
            s.push_str(
                " Only while the other player attacks none of them: a goal reached under attack \
                 wins if it still holds, unattacked, when its player's turn comes.",
            );
        } else if g.hold {
            s.push_str(
                " The other player has one move to break it: the goal wins if it still holds \
                 when its player's turn comes.",
            );
        }
        if g.reply_draws {
            s.push_str(
                " The other player may still answer: if its move reaches its own goal too, the \
                 game is drawn; the game ends at once when no legal move could.",
            );
        }
    }
    if !s.is_empty() {
        w.rule("Goal", &["goal"], s.trim_start().to_string());
    }
}

fn stalemate_words(res: &ResultSpec) -> String {
    let s = match (res.endings.stalemate_fewer_wins, res.stalemate) {
        (Some(fewer), _) => format!(
            "A player with no legal move who is not in check: the side with {} pieces on the \
             board wins; equal counts draw.",
            if fewer { "fewer" } else { "more" }
        ),
        (None, Outcome::Draw) => "A player with no legal move who is not in check: a draw.".into(),
        (None, Outcome::Loss) => "A player with no legal move loses.".into(),
        (None, Outcome::Win) => "A player with no legal move wins.".into(),
    };
    s
}

/// A repetition that someone wins (`repetition N ...`).
fn scored_repetition_words(res: &ResultSpec) -> Option<String> {
    let n = res.repetition?;
    let who = match res.endings.repetition {
        RepetitionScore::Draw => return None,
        RepetitionScore::Mover { wins } => format!(
            "the player whose move made it {}",
            if wins { "wins" } else { "loses" }
        ),
        RepetitionScore::Player { player, wins } => format!(
            "the {} player {}",
            player_word(player),
            if wins { "wins" } else { "loses" }
        ),
    };
    let mut s = format!(
        "When the same position occurs for the {} time, {who}",
        ordinal(n)
    );
    if res.perpetual_check_loses {
        s.push_str(" (unless one side checked on every move since: that side loses)");
    }
    s.push('.');
    Some(s)
}

fn extinction_words(x: &ExtinctionSpec, names: &dyn Fn(&[PieceType]) -> String) -> String {
    let what = if x.pieces.is_empty() {
        "pieces".to_string()
    } else if x.pieces.len() == 1 {
        names(&x.pieces)
    } else {
        format!("one of {}", names(&x.pieces).replace(" and ", " or "))
    };
    let outcome = match x.outcome {
        Outcome::Win => "wins",
        Outcome::Draw => "draws",
        Outcome::Loss => "loses",
    };
    let mut s = if x.at == 0 {
        format!("A player left without {what}, on the board and in hand, {outcome}")
    } else {
        format!(
            "A player left with {} or fewer {what}, on the board and in hand, {outcome}",
            x.at
        )
    };
    if x.opponent_has > 0 {
        s.push_str(&format!(
            " while the other player has at least {} of them",
            x.opponent_has
        ));
    }
    s.push('.');
    s
}

fn tiebreak_words(t: &Tiebreak, names: &dyn Fn(&[PieceType]) -> String) -> String {
    let how = match t {
        Tiebreak::Player(p) => format!("is won by the {} player", player_word(*p)),
        Tiebreak::Pieces => {
            "is won by the side with more pieces on the board (equal counts draw)".to_string()
        }
        Tiebreak::Material { values, komi } => {
            let worth: Vec<String> = values
                .iter()
                .map(|&(t, v)| format!("{} {}", names(&[t]), half_points(v)))
                .collect();
            let mut s = format!(
                "is won by the side whose pieces on the board are worth more ({})",
                worth.join(", ")
            );
            if let Some((p, k)) = komi {
                s.push_str(&format!(
                    ", the {} player adding {}",
                    player_word(*p),
                    half_points(*k)
                ));
            }
            s.push_str("; equal worth draws");
            s
        }
    };
    format!(
        "A game that would end drawn by stalemate, repetition, the move count or passing {how}."
    )
}

fn half_points(v: u16) -> String {
    if v % 2 == 0 {
        format!("{}", v / 2)
    } else {
        format!("{}.5", v / 2)
    }
}

fn player_word(p: Player) -> &'static str {
    match p {
        Player::First => "first",
        Player::Second => "second",
    }
}

fn join(items: &[String], word: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} {word} {last}", rest.join(", ")),
    }
}

fn join_str(items: &[&str], word: &str) -> String {
    let owned: Vec<String> = items.iter().map(|s| s.to_string()).collect();
    join(&owned, word)
}

fn plural(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

fn ordinal(n: u8) -> String {
    match n {
        1 => "first".to_string(),
        2 => "second".to_string(),
        3 => "third".to_string(),
        4 => "fourth".to_string(),
        5 => "fifth".to_string(),
        n => format!("{n}th"),
    }
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use koma_compiler::ir::Variant;
    use koma_runtime::spec::VariantSpec;

    use super::rules;

    /// The folders of rule files, from the repository's root.
    const RULE_FILE_DIRS: [&str; 5] = [
        "variants",
        "examples",
        "tests/fixtures/check/ok",
        "tests/fixtures/rules",
        "tests/fsf-corpus",
    ];

    fn compile(path: &Path) -> (Variant, VariantSpec) {
        let loaded = koma_compiler::load(path);
        let variant = loaded
            .variant
            .unwrap_or_else(|| panic!("{} does not compile", path.display()));
        let spec = koma_compiler::emit(&variant);
        (variant, spec)
    }

    /// Every rule file that checks clean: the shipped variants, the examples, the check
    /// fixtures, the rule tests' games and the Fairy-Stockfish corpus. Between them every
    /// clause kind the language has.
    fn files() -> Vec<PathBuf> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut out = Vec::new();
        for dir in RULE_FILE_DIRS {
            let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
                continue;
            };
            out.extend(
                entries
                    .flatten()
                    .map(|e| e.path())
                    .filter(|p| p.extension().is_some_and(|e| e == "koma")),
            );
        }
        out.sort();
        out
    }

    /// Every clause a file writes is worded by some paragraph of the Rules section, and the
    /// files walked write every clause kind of the language (`remove` only edits what a file
    /// inherits), so a new kind without words fails here (issue 27, point 7).
    #[test]
    fn every_clause_has_words() {
        let mut seen = std::collections::BTreeSet::new();
        for path in files() {
            let (variant, spec) = compile(&path);
            let words = rules(&variant, &spec);
            for clause in &variant.rules.clauses {
                seen.insert(clause.key);
                if clause.key == "remove" {
                    continue;
                }
                let worded = words
                    .iter()
                    .any(|r| r.clauses.iter().any(|k| k == clause.key) && !r.words.is_empty());
                assert!(
                    worded,
                    "{}: the `{}` clause has no words",
                    path.display(),
                    clause.key
                );
            }
        }
        for kind in koma_grammar::ast::CLAUSE_KINDS {
            assert!(
                seen.contains(kind) || *kind == "remove",
                "no file walked writes a `{kind}` clause: add one to a folder of {RULE_FILE_DIRS:?}"
            );
        }
    }

    /// Drop games say how hands work: shogi's captures, nifu and uchifuzume.
    #[test]
    fn hands_and_drops_are_worded() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../variants/shogi.koma");
        let (variant, spec) = compile(&root);
        let words = rules(&variant, &spec);
        let hands = words
            .iter()
            .find(|r| r.topic == "Hands")
            .expect("a Hands paragraph");
        for phrase in [
            "joins the capturer's hand",
            "never move again",
            "already holds one of its own",
            "checkmates loses",
        ] {
            assert!(hands.words.contains(phrase), "{phrase}: {}", hands.words);
        }
    }
}
