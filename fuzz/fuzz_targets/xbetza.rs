//! Any XBetza string on a board of any size: an expansion within the budgets or a diagnostic
//! for the runtime, and a diagram drawn in bounded time without the route budget (the walker
//! merges routes).
#![no_main]

use koma_compiler::diagram::{Scene, draw, render_svg};
use koma_compiler::xbetza::{BoardSize, expand, expand_templates};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&size, rest)) = data.split_first() else {
        return;
    };
    let board = BoardSize {
        files: size % 26 + 1,
        ranks: (size / 26) % 26 + 1,
    };
    let text = String::from_utf8_lossy(rest);
    // `expand` is `expand_templates` plus the route budget: the templates of an accepted string
    // are drawn as they are, and only a string over the budget is expanded again for its diagram.
    let templates = match expand(&text, board) {
        Ok((expansion, _)) => {
            assert!(expansion.paths.len() <= koma_runtime::limits::MAX_PATHS);
            let routes =
                koma_runtime::limits::route_count(&expansion.paths, board.files, board.ranks);
            assert!(routes <= koma_runtime::limits::MAX_ROUTES);
            Some(expansion)
        }
        Err(_) => expand_templates(&text, board)
            .ok()
            .map(|(expansion, _)| expansion),
    };
    if let Some(expansion) = templates {
        let d = draw(&expansion, &Scene::centre(board));
        let _ = render_svg(&d, &text);
    }
});
