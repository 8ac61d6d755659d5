//! L013 `asymmetric-setup`: a `rotate`/`mirror` setup that also writes out the second army.

use koma_runtime::spec::Player;

use super::analysis::row_from_own_side;
use super::{Context, Lint};
use crate::diagnostic::Diagnostic;
use crate::ir::{LintLevel, Symmetry};

pub const LINT: Lint = Lint {
    code: "L013",
    name: "asymmetric-setup",
    default: LintLevel::Warn,
    summary: "a setup claims `rotate` or `mirror` but places pieces in the opponent's half",
    explanation: "With `setup rotate` or `setup mirror` you write the first player's army only; koma adds \
the second army. A piece written in the opponent's half is probably the second army written out, and \
gets a copy of its own in the first player's camp. On a board with an odd number of ranks the middle \
rank belongs to neither half (Tori Shogi's first player has a Swallow there).",
    before: "setup rotate\n  K e1\n  K e8",
    after: "setup rotate\n  K e1",
    check,
};

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let v = cx.variant;
    let Some(setup) = &v.setup else { return };
    if setup.symmetry == Symmetry::None {
        return;
    }
    // The opponent's half starts past the middle: the middle rank of an odd board is no one's.
    let half = v.board.height.div_ceil(2);
    let word = if setup.symmetry == Symmetry::Rotate {
        "rotate"
    } else {
        "mirror"
    };
    for p in setup
        .placements
        .iter()
        .filter(|p| !p.derived && p.player == Player::First)
    {
        if row_from_own_side(&v.board, p.at, Player::First) >= half {
            let copy = v.board.reflect(p.at, setup.symmetry);
            out.push(
                Diagnostic::warning(
                    "",
                    format!("`setup {word}` places the second army itself, but `{}` is in the opponent's half", v.board.square_name(p.at)),
                    p.location,
                    format!("this also puts a second-player `{}` on `{}`", v.piece(p.piece).id, v.board.square_name(copy)),
                )
                .with_help("write only the first player's army, or use `setup none` with `first` and `second` blocks"),
            );
        }
    }
}
