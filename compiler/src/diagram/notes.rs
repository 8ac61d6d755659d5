//! What a variant's rules do to one piece, in short phrases: the lines a piece's diagram legend
//! and its card on the page add below the moves (promotion, burning, freezing, anti-trade,
//! confinement and region moves).

use koma_runtime::spec::{AntiTradeWhen, PieceType};

use crate::ir::{Piece, Variant};

/// The rules that act on `piece`, one phrase each, e.g. "burns every enemy next to it after it
/// moves" or "a promotion choice of Pawn (P)".
pub fn piece_notes(variant: &Variant, piece: &Piece) -> Vec<String> {
    let Some((me, _)) = variant.piece_by_id(&piece.id) else {
        return Vec::new();
    };
    let names = |list: &[PieceType]| -> String {
        let names: Vec<String> = list.iter().map(|&p| named(variant, p)).collect();
        names.join(" or ")
    };
    let mut out = promotion(variant, piece, me);
    let rules = &variant.rules;
    for b in rules.burning.iter().map(|b| &b.value) {
        if b.burners.contains(&me) {
            let whom = match b.choose_up_to {
                None => "every enemy".to_string(),
                Some(n) => format!("up to {n} enemies of the mover's choosing"),
            };
            let when = match (b.active, b.passive) {
                (true, true) => " after it moves and when an enemy stops there",
                (true, false) => " after it moves",
                (false, true) => " when an enemy stops there",
                (false, false) => "",
            };
            out.push(format!("burns {whom} next to it{when}"));
        }
        if b.immune.contains(&me) {
            out.push("cannot be burned".to_string());
        }
    }
    for f in rules.freezing.iter().map(|f| &f.value) {
        if f.freezers.contains(&me) {
            out.push("freezes every enemy next to it".to_string());
        }
        if f.immune.contains(&me) {
            out.push("cannot be frozen".to_string());
        }
    }
    for a in rules.anti_trade.iter().map(|a| &a.value) {
        let when = match a.when {
            AntiTradeWhen::Always => "",
            AntiTradeWhen::Protected => " when it could be taken back at once",
        };
        if a.attackers.contains(&me) {
            out.push(format!(
                "anti-trade: may not capture {}{when} (see Rules)",
                names(&a.victims)
            ));
        }
        if a.victims.contains(&me) && !a.attackers.contains(&me) {
            out.push(format!(
                "anti-trade: {} may not capture it (see Rules)",
                names(&a.attackers)
            ));
        }
    }
    let region = |k: u8| {
        variant
            .board
            .regions
            .get(usize::from(k))
            .map_or(String::new(), |r| r.name.clone())
    };
    if let Some(c) = &piece.confined {
        out.push(format!("never leaves the {}", region(c.value)));
    }
    for m in &piece.in_regions {
        out.push(format!("moves {} in the {}", m.betza, region(m.region)));
    }
    out
}

/// "promotes to ...", and how the piece comes from others: a promoted form when it is not in
/// the start position, else a promotion choice (a chess Queen is a Pawn's choice, not a
/// promoted Pawn).
fn promotion(variant: &Variant, piece: &Piece, me: PieceType) -> Vec<String> {
    let mut out = Vec::new();
    if !piece.promotions.is_empty() {
        let to: Vec<String> = piece
            .promotions
            .iter()
            .map(|p| named(variant, p.value))
            .collect();
        out.push(format!("promotes to {}", to.join(" or ")));
    }
    let from: Vec<String> = variant
        .pieces
        .iter()
        .filter(|o| o.promotions.iter().any(|q| q.value == me))
        .map(|o| format!("{} ({})", o.name, o.id))
        .collect();
    if !from.is_empty() {
        let kind = if starts_in_play(variant, me) {
            "a promotion choice of"
        } else {
            "promoted form of"
        };
        out.push(format!("{kind} {}", from.join(", ")));
    }
    out
}

/// The piece stands on the board or in a hand in the start position.
fn starts_in_play(variant: &Variant, piece: PieceType) -> bool {
    variant.setup.as_ref().is_some_and(|s| {
        s.placements.iter().any(|p| p.piece == piece) || s.hands.iter().any(|h| h.value.1 == piece)
    })
}

fn named(variant: &Variant, p: PieceType) -> String {
    let piece = variant.piece(p);
    format!("{} ({})", piece.name, piece.id)
}
