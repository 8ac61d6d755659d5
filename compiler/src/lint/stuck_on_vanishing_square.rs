//! L016 `stuck-on-vanishing-square`: a piece on a vanishing square that can never leave it.

use super::analysis::can_leave;
use super::stuck_on_setup_square::first_player_view;
use super::{Context, Lint};
use crate::diagnostic::Diagnostic;
use crate::ir::LintLevel;

pub const LINT: Lint = Lint {
    code: "L016",
    name: "stuck-on-vanishing-square",
    default: LintLevel::Warn,
    summary: "a piece on a vanishing square has no move off it",
    explanation: "A vanishing (brouhaha) square disappears once its piece leaves, and nothing can move onto \
it except by capture. A piece that cannot leave it is a fixed target for the whole game.",
    before: "board 8 x 8\n  extra e0\n  vanishing e0\nsetup rotate\n  P e0",
    after: "board 8 x 8\n  extra e0\n  vanishing e0\nsetup rotate\n  K e0",
    check,
};

fn check(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let v = cx.variant;
    let Some(setup) = &v.setup else { return };
    let vanishing: Vec<_> = v.board.vanishing.iter().map(|c| c.value).collect();
    for p in setup
        .placements
        .iter()
        .filter(|p| !p.derived && vanishing.contains(&p.at))
    {
        let piece = v.piece(p.piece);
        let at = first_player_view(&v.board, p.at, p.player);
        if !can_leave(&v.board, piece.expansion_at(&v.board, at), at) {
            out.push(
                Diagnostic::warning(
                    "",
                    format!(
                        "`{}` can never leave the vanishing square `{}`",
                        piece.id,
                        v.board.square_name(p.at)
                    ),
                    p.location,
                    "placed here",
                )
                .with_help("place a piece that can step off the square"),
            );
        }
    }
}
