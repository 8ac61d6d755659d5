//! The rules section in words: one short paragraph per topic, written from the compiled rules
//! (defaults included), so the page says what the runtime actually plays.

use koma_compiler::ir::Variant;
use koma_runtime::spec::{
    AntiTradeWhen, Outcome, PieceType, PromotionKind, Triggers, VariantSpec, WinCondition,
};

use crate::api::RuleInfo;

/// Every rule of the variant, in words.
pub fn rules(v: &Variant, spec: &VariantSpec) -> Vec<RuleInfo> {
    let r = &spec.rules;
    let names = |list: &[PieceType]| -> String {
        let names: Vec<String> = list
            .iter()
            .map(|&p| {
                let piece = v.piece(p);
                format!("{} ({})", piece.name, piece.id)
            })
            .collect();
        join(&names, "and")
    };
    let mut out = Vec::new();
    let mut rule = |topic: &str, words: String| {
        out.push(RuleInfo {
            topic: topic.to_string(),
            words,
        })
    };

    let royals: Vec<PieceType> = (0..v.pieces.len())
        .map(|i| PieceType(i as u8))
        .filter(|&p| v.piece(p).royal.is_some())
        .collect();
    rule(
        "Winning",
        match (r.royals.win, royals.is_empty()) {
            (_, true) => "There is no royal piece: the game ends only by the draw and stalemate \
                          rules."
                .to_string(),
            (WinCondition::Extinction, false) => format!(
                "Royal: {}. A player whose last royal piece is captured loses; royals may stay \
                 in or move into check.",
                names(&royals)
            ),
            (WinCondition::Checkmate, false) => {
                let mut s = format!(
                    "Royal: {}. No move may leave a royal piece attacked; a player in check with \
                     no legal move is checkmated and loses.",
                    names(&royals)
                );
                if r.royals.check_last_only {
                    s.push_str(
                        " While a player has two or more royals it may leave any of them attacked.",
                    );
                }
                s
            }
        },
    );
    rule(
        "Stalemate",
        match r.results.stalemate {
            Outcome::Draw => "A player with no legal move who is not in check: a draw.",
            Outcome::Loss => "A player with no legal move loses.",
            Outcome::Win => "A player with no legal move wins.",
        }
        .to_string(),
    );

    let p = &r.promotion;
    if !p.zone.is_empty() {
        let rows: std::collections::BTreeSet<u8> = p.zone.iter().map(|c| c.y).collect();
        let far = match rows.len() {
            1 => "rank".to_string(),
            n => format!("{n} ranks"),
        };
        let mut s = format!("The promotion zone is each player's far {far} (shaded on the board).");
        let mut when = Vec::new();
        for (t, text) in [
            (Triggers::ENTER, "a move ends in the zone from outside"),
            (Triggers::LEAVE, "a move leaves the zone"),
            (Triggers::INSIDE, "a move starts and ends in the zone"),
            (
                Triggers::CAPTURE_IN_ZONE,
                "a capture starts or ends in the zone",
            ),
            (Triggers::CAPTURE_FROM_ZONE, "a capture starts in the zone"),
        ] {
            if p.triggers.contains(t) {
                when.push(text.to_string());
            }
        }
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
                names(&f.pieces),
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
        rule("Promotion", s);
    }

    for b in &r.burning {
        let mut s = format!("{} burn", names(&b.burners));
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
            s.push_str(&format!(" {} cannot be burned.", names(&b.immune)));
        }
        if b.burner_meets_burner_dies {
            s.push_str(" A burner that stops next to an enemy burner is burned itself.");
        }
        if b.on_promotion {
            s.push_str(" A piece promoting into a burner burns at once.");
        }
        rule("Burning", s);
    }
    for f in &r.freezing {
        let mut s = format!(
            "{} freeze every enemy next to them: a frozen piece cannot move.",
            names(&f.freezers)
        );
        if !f.immune.is_empty() {
            s.push_str(&format!(" {} cannot be frozen.", names(&f.immune)));
        }
        rule("Freezing", s);
    }
    for a in &r.anti_trade {
        let mut s = format!(
            "{} may not capture {}",
            names(&a.attackers),
            names(&a.victims)
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
                names(&a.except_bridge_capture_not)
            ));
        }
        if a.counter_strike {
            s.push_str(
                " After one was captured by another piece, the opponent may not capture one with \
                 another piece on the very next move.",
            );
        }
        rule("Anti-trade", s);
    }
    if !r.jump_rank.is_empty() {
        let mut ranked: Vec<(u8, PieceType)> = r
            .jump_rank
            .iter()
            .enumerate()
            .filter(|(_, k)| **k > 0)
            .map(|(i, &k)| (k, PieceType(i as u8)))
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
            let piece = v.piece(*p);
            order.push_str(&format!("{} ({})", piece.name, piece.id));
        }
        rule(
            "Jumping",
            format!(
                "A jump may not pass over a piece of equal or higher rank: {order}; every other \
                 piece ranks lowest."
            ),
        );
    }
    let regions = &r.regions;
    for (i, piece) in v.pieces.iter().enumerate() {
        let region = |k: u8| {
            v.board
                .regions
                .get(usize::from(k))
                .map_or(String::new(), |g| g.name.clone())
        };
        let mut parts = Vec::new();
        if let Some(c) = regions.pieces.get(i).and_then(|p| p.confined) {
            parts.push(format!("never leaves the {}", region(c)));
        }
        for m in &piece.in_regions {
            parts.push(format!("moves {} in the {}", m.betza, region(m.region)));
        }
        if !parts.is_empty() {
            rule(
                "Regions",
                format!(
                    "{} ({}) {} (each region is the first player's; the second player's is \
                     turned around).",
                    piece.name,
                    piece.id,
                    join(&parts, "and")
                ),
            );
        }
    }
    if regions.facing_royals_forbidden {
        rule(
            "Facing royals",
            "Royals of the two sides may not face each other on a file with nothing between \
             them."
                .to_string(),
        );
    }
    if regions.facing_royals_must_break {
        rule(
            "Facing royals",
            "When the royals face each other on an open file, the player to move must break the \
             line or pass (even in check); a pass then ends the game, a draw."
                .to_string(),
        );
    }
    let pass = &r.passing;
    if !pass.anytime.is_empty() {
        rule(
            "Passing",
            format!("{} may pass the turn.", names(&pass.anytime)),
        );
    }
    if pass.twice_ends {
        rule(
            "Passing",
            "Two passes in a row end the game, a draw.".to_string(),
        );
    }
    if pass.forbidden {
        rule("Passing", "No piece may pass.".to_string());
    } else if !pass.only.is_empty() || pass.not_after_pass || pass.first_passer_deviates {
        let mut s = String::from(
            "A move that returns to its start square without capturing passes the turn.",
        );
        if !pass.only.is_empty() {
            s.push_str(&format!(" Only {} may pass.", names(&pass.only)));
        }
        if pass.not_after_pass {
            s.push_str(" No pass right after the opponent passed.");
        }
        if pass.first_passer_deviates {
            s.push_str(" In a repetition, the player who passed first must deviate.");
        }
        rule("Passing", s);
    }
    let res = &r.results;
    let mut draws = Vec::new();
    if let Some(n) = res.repetition {
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
            resets.push(format!("a move of {}", names(&m.reset_on_pieces)));
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
        rule(
            "Draws",
            format!("The game is drawn when {}.", join(&draws, "or when")),
        );
    }
    if let Some(rp) = v.rules.repeat {
        let mut s = if rp.loses {
            String::from(
                "A move that recreates an earlier position loses for the side that makes it",
            )
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
        rule("Repetition", s);
    }
    if res.perpetual_attack_loses {
        rule(
            "Perpetual attack",
            "A side that reaches a repetition by attacking the same piece after every move loses."
                .to_string(),
        );
    }
    if let Some(c) = &v.rules.counting {
        let mut s = String::from("Counting");
        if !c.without.is_empty() {
            s.push_str(&format!(" starts once no {} is left", names(&c.without)));
        }
        if let Some(n) = c.board_honour {
            s.push_str(&format!(
                "; the side to move counts {} for the other side to win (board's honour)",
                plural(usize::from(n), "move")
            ));
        }
        if !c.pieces_honour.is_empty() || c.pieces_default.is_some() {
            s.push_str("; a lone royal counts by the pieces it faces (pieces' honour)");
        }
        s.push_str(". The game is drawn when the count runs out.");
        rule("Counting", s);
    }
    if res.bare_royal_loses {
        rule(
            "Bare royal",
            "A side reduced to its royals alone loses, unless it bares the other side on its very \
             next move (a draw)."
                .to_string(),
        );
    }
    let vanishing = &v.board.vanishing;
    if !vanishing.is_empty() {
        let squares: Vec<String> = vanishing
            .iter()
            .map(|c| v.board.square_name(c.value))
            .collect();
        rule(
            "Vanishing squares",
            format!(
                "{} vanish from the board once the piece on them leaves.",
                join(&squares, "and")
            ),
        );
    }
    out
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
