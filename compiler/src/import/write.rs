//! Renders a [`KomaFile`] as text: fixed section order, aligned columns, deterministic.

use std::fmt::Write;

use super::model::{Board, KomaFile, Moves, Piece, RuleLine, Setup};
use super::square::Symmetry;

/// Move strings longer than this do not widen the column (Fire Demon strings run to 64 chars).
const MAX_MOVES_COLUMN: usize = 20;

/// The .koma text of `file`.
pub fn write(file: &KomaFile) -> String {
    let mut out = String::new();
    for line in &file.header {
        comment(&mut out, "", line);
    }
    let _ = writeln!(out, "variant {}", quote(&file.name));
    out.push('\n');
    board(&mut out, &file.board);
    out.push('\n');
    pieces(&mut out, &file.pieces, &file.piece_notes);
    if let Some(setup) = &file.setup {
        out.push('\n');
        self::setup(&mut out, setup);
    }
    if !file.rules.is_empty() {
        out.push('\n');
        rules(&mut out, &file.rules);
    }
    out
}

fn comment(out: &mut String, indent: &str, text: &str) {
    if text.is_empty() {
        let _ = writeln!(out, "{indent}#");
    } else {
        let _ = writeln!(out, "{indent}# {text}");
    }
}

/// A string literal: the diagram has no escapes, so only `"` and `\` need care.
fn quote(text: &str) -> String {
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

fn board(out: &mut String, board: &Board) {
    let _ = writeln!(out, "board {} x {}", board.files, board.ranks);
    if board.first_rank != 1 {
        let last = board.first_rank + i64::from(board.ranks) - 1;
        let _ = writeln!(out, "  ranks {}..{}", board.first_rank, last);
    }
    if !board.holes.is_empty() {
        let _ = writeln!(out, "  holes {}", board.holes.join(" "));
    }
    if !board.vanishing.is_empty() {
        let _ = writeln!(out, "  vanishing {}", board.vanishing.join(" "));
    }
    for (name, side, squares) in &board.regions {
        let side = side.map_or(String::new(), |s| format!(" {s}"));
        let _ = writeln!(out, "  region {name}{side} {}", squares.join(" "));
    }
}

fn pieces(out: &mut String, pieces: &[Piece], notes: &[String]) {
    out.push_str("pieces\n");
    for note in notes {
        comment(out, "  ", note);
    }
    let id_w = pieces.iter().map(|p| p.id.len()).max().unwrap_or(0);
    let name_w = pieces
        .iter()
        .map(|p| quote(&p.name).len())
        .max()
        .unwrap_or(0);
    let moves_w = pieces
        .iter()
        .map(|p| moves_text(&p.moves).len())
        .filter(|&w| w <= MAX_MOVES_COLUMN)
        .max()
        .unwrap_or(0);
    // Promoted forms usually follow the base pieces (the diagram counts on that order):
    // when they all do, a blank line and a heading separate them.
    let promoted = |p: &Piece| p.id.starts_with('+');
    let tail = pieces.iter().rev().take_while(|p| promoted(p)).count();
    let split = (tail > 0 && tail < pieces.len()).then(|| pieces.len() - tail);
    for (i, p) in pieces.iter().enumerate() {
        if Some(i) == split {
            out.push('\n');
            comment(out, "  ", "promoted forms");
        }
        let mut line = format!(
            "  {:id_w$}  {:name_w$}  {:moves_w$}",
            p.id,
            quote(&p.name),
            moves_text(&p.moves)
        );
        let sides = match &p.promotes_second {
            None => vec![("", &p.promotes)],
            Some(second) => vec![("first ", &p.promotes), ("second ", second)],
        };
        for (side, ids) in sides.into_iter().filter(|(_, ids)| !ids.is_empty()) {
            let _ = write!(line, "  promotes {side}{}", ids.join(" "));
        }
        if p.royal {
            line.push_str("  royal");
        }
        for option in &p.options {
            let _ = write!(line, "  {option}");
        }
        if let Some(note) = &p.note {
            let _ = write!(line, "  # {note}");
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
}

fn moves_text(moves: &Moves) -> String {
    match moves {
        Moves::Betza(b) => b.clone(),
        Moves::Like(id) => format!("like {id}"),
    }
}

fn setup(out: &mut String, setup: &Setup) {
    let keyword = match setup.symmetry {
        Symmetry::Rotate => "rotate",
        Symmetry::Mirror => "mirror",
        Symmetry::None => "none",
    };
    let _ = writeln!(out, "setup {keyword}");
    for note in &setup.notes {
        comment(out, "  ", note);
    }
    if setup.second_moves_first {
        out.push_str("  to-move second\n");
    }
    let id_w = setup
        .first
        .iter()
        .chain(&setup.second)
        .map(|(id, _)| id.len())
        .max()
        .unwrap_or(0);
    if setup.symmetry == Symmetry::None {
        out.push_str("  first\n");
        placements(out, "    ", &setup.first, id_w);
        hand(out, "    ", &setup.hand_first);
        out.push_str("  second\n");
        placements(out, "    ", &setup.second, id_w);
        hand(out, "    ", &setup.hand_second);
    } else {
        placements(out, "  ", &setup.first, id_w);
        hand(out, "  ", &setup.hand_first);
    }
}

fn hand(out: &mut String, indent: &str, ids: &[String]) {
    if !ids.is_empty() {
        let _ = writeln!(out, "{indent}hand {}", ids.join(" "));
    }
}

fn placements(out: &mut String, indent: &str, list: &[(String, Vec<String>)], id_w: usize) {
    for (id, squares) in list {
        let _ = writeln!(out, "{indent}{id:id_w$}  {}", squares.join(" "));
    }
}

fn rules(out: &mut String, rules: &[RuleLine]) {
    // Without a clause there is no `rules` section: the comments stand on their own.
    let section = rules.iter().any(|r| matches!(r, RuleLine::Clause(_)));
    let indent = if section {
        out.push_str("rules\n");
        "  "
    } else {
        ""
    };
    for line in rules {
        match line {
            RuleLine::Clause(c) => {
                let _ = writeln!(out, "{indent}{c}");
            }
            RuleLine::Comment(c) => comment(out, indent, c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aligns_piece_columns_and_keeps_long_moves_out_of_the_width() {
        let piece = |id: &str, name: &str, moves: &str| Piece {
            id: id.into(),
            name: name.into(),
            moves: Moves::Betza(moves.into()),
            promotes: vec![],
            promotes_second: None,
            royal: false,
            note: None,
            options: vec![],
        };
        let mut king = piece("K", "King", "K");
        king.royal = true;
        let long = "shQshy(mpacab)2Q(a)2Kmcab(mpacab)1K";
        let file = KomaFile {
            header: vec![],
            name: "T".into(),
            board: Board {
                files: 9,
                ranks: 9,
                first_rank: 1,
                holes: vec![],
                vanishing: vec![],
                regions: vec![],
            },
            pieces: vec![piece("FD", "Fire Demon", long), king],
            piece_notes: vec![],
            setup: None,
            rules: vec![],
        };
        let text = write(&file);
        assert!(
            text.contains(&format!("  FD  \"Fire Demon\"  {long}\n")),
            "{text}"
        );
        assert!(text.contains("  K   \"King\"        K  royal\n"), "{text}");
    }
}
