//! L037 `royal-check-never-applies`: `check duple` or `check last-royal-only` in a variant where
//! no side can ever have two royals, so the clause reads as plain `win checkmate`.

use koma_runtime::spec::{PieceType, Player};

use super::{Context, Lint};
use crate::diagnostic::Diagnostic;
use crate::ir::{LintLevel, Variant};

pub const LINT: Lint = Lint {
    code: "L037",
    name: "royal-check-never-applies",
    default: LintLevel::Warn,
    summary: "`check duple` or `check last-royal-only`, but no side can ever have two royals",
    explanation: "Both clauses only change what a side with two or more royals may do: `duple` lets \
it leave all but one attacked, `last-royal-only` any of them. When each side starts with at most one \
royal (board and hand), no piece that is not royal promotes into one and no captured royal can be \
dropped, they read as plain `win checkmate`. A King that promotes into another royal (Chak's Divine \
King) does not add one.",
    before: "pieces\n  K \"King\" K royal\nrules\n  win checkmate\n  check duple",
    after: "pieces\n  K \"King\" K royal\nrules\n  win checkmate",
    check,
};

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let v = cx.variant;
    if !(v.rules.royals.duple || v.rules.royals.check_last_only) || can_have_two(v) {
        return;
    }
    let Some(clause) = v.rules.clause("check") else {
        return;
    };
    let words = if v.rules.royals.duple {
        "duple"
    } else {
        "last-royal-only"
    };
    out.push(
        Diagnostic::warning(
            "",
            format!("`check {words}` has no effect: no side can ever have two royals"),
            clause.location,
            "rule here",
        )
        .with_help("remove the clause (plain `win checkmate` keeps the one royal out of attack)"),
    );
}

/// Whether a side may hold two royals at once: it starts with two (board and hand), a piece
/// that is not royal promotes into one, or a captured royal goes to a hand to be dropped.
fn can_have_two(v: &Variant) -> bool {
    let royal = |t: PieceType| v.pieces[usize::from(t.0)].royal.is_some();
    let start = |player: Player| {
        let board = v
            .setup
            .iter()
            .flat_map(|s| &s.placements)
            .filter(|p| p.player == player && royal(p.piece))
            .count();
        let hand = v
            .rules
            .drops
            .start_hand
            .iter()
            .filter(|&&(p, t)| p == player && royal(t))
            .count();
        board + hand
    };
    let promotes_into = v.pieces.iter().filter(|p| p.royal.is_none()).any(|p| {
        p.promotions
            .iter()
            .chain(p.promotions_second.iter().flatten())
            .any(|q| royal(q.value))
    });
    let dropped = v.rules.drops.to_hand.iter().flatten().any(|&t| royal(t));
    start(Player::First) > 1 || start(Player::Second) > 1 || promotes_into || dropped
}
