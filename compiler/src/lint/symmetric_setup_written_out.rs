//! L014 `symmetric-setup-written-out`: a `setup none` whose armies are a rotation or mirror.

use std::collections::BTreeSet;

use koma_runtime::spec::Player;

use super::{Context, Lint};
use crate::diagnostic::Diagnostic;
use crate::ir::{LintLevel, Symmetry};

pub const LINT: Lint = Lint {
    code: "L014",
    name: "symmetric-setup-written-out",
    default: LintLevel::Warn,
    summary: "both armies are written out although one is the other rotated or mirrored",
    explanation: "`setup rotate` (or `mirror`) says the symmetry once and halves the setup; it also keeps \
the two armies from drifting apart in later edits.",
    before: "setup none\n  first\n    K e1\n  second\n    K d8",
    after: "setup rotate\n  K e1",
    check,
};

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let v = cx.variant;
    let Some(setup) = &v.setup else { return };
    if setup.symmetry != Symmetry::None || setup.placements.is_empty() {
        return;
    }
    let army = |player: Player| -> BTreeSet<_> {
        setup
            .placements
            .iter()
            .filter(|p| p.player == player)
            .map(|p| (p.piece, p.at))
            .collect()
    };
    let (first, second) = (army(Player::First), army(Player::Second));
    for symmetry in [Symmetry::Rotate, Symmetry::Mirror] {
        let copied: BTreeSet<_> = first
            .iter()
            .map(|(piece, at)| (*piece, v.board.reflect(*at, symmetry)))
            .collect();
        if copied == second {
            let word = if symmetry == Symmetry::Rotate {
                "rotate"
            } else {
                "mirror"
            };
            out.push(
                Diagnostic::warning(
                    "",
                    format!("the second army is the first one's {word} copy"),
                    setup.location,
                    "`setup none` here",
                )
                .with_help(format!(
                    "write `setup {word}` and only the first player's army"
                )),
            );
            return;
        }
    }
}
