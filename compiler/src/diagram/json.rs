//! JSON rendering of a diagram: the `moves` array of the CLI contract plus the square classes.

use std::fmt::Write;

use super::{Diagram, DiagramMove};

/// Renders `diagram` (drawn for the move string `betza`) as one JSON object:
/// `{"betza", "board", "from", "player", "moves": [{"from", "to", "captures", ...}], "squares"}`.
pub fn render_json(diagram: &Diagram, betza: &str) -> String {
    let s = &diagram.scene;
    let name = |c| quote(&s.square_name(c));
    let mut out = String::from("{\n");
    let _ = writeln!(out, "  \"betza\": {},", quote(betza));
    let _ = writeln!(
        out,
        "  \"board\": {{\"files\": {}, \"ranks\": {}}},",
        s.board.files, s.board.ranks
    );
    let _ = writeln!(out, "  \"from\": {},", name(s.from));
    let _ = writeln!(
        out,
        "  \"player\": \"{}\",",
        if s.second { "second" } else { "first" }
    );
    out.push_str("  \"moves\": [");
    for (i, m) in diagram.moves.iter().enumerate() {
        out.push_str(if i == 0 { "\n    " } else { ",\n    " });
        out.push_str(&move_json(m, &name));
    }
    out.push_str(if diagram.moves.is_empty() {
        "],\n"
    } else {
        "\n  ],\n"
    });
    out.push_str("  \"squares\": [");
    for (i, (c, classes)) in diagram.squares.iter().enumerate() {
        out.push_str(if i == 0 { "\n    " } else { ",\n    " });
        let list: Vec<String> = classes.iter().map(|k| quote(k.name())).collect();
        let _ = write!(
            out,
            "{{\"square\": {}, \"classes\": [{}]}}",
            name(*c),
            list.join(", ")
        );
    }
    out.push_str(if diagram.squares.is_empty() {
        "]\n}\n"
    } else {
        "\n  ]\n}\n"
    });
    out
}

fn move_json(m: &DiagramMove, name: &dyn Fn(koma_runtime::spec::Coord) -> String) -> String {
    let captures: Vec<String> = m.captures.iter().map(|&c| name(c)).collect();
    let mut out = format!(
        "{{\"from\": {}, \"to\": {}, \"captures\": [{}]",
        name(m.from),
        name(m.to),
        captures.join(", ")
    );
    if let Some(u) = m.unload {
        let _ = write!(out, ", \"unload\": {}", name(u));
    }
    if m.initial {
        out.push_str(", \"initial\": true");
    }
    if let Some((partner, lands)) = m.castling {
        let _ = write!(
            out,
            ", \"castling\": {{\"partner\": {}, \"partner_to\": {}}}",
            name(partner),
            name(lands)
        );
    }
    if !m.en_passant.is_empty() {
        let squares: Vec<String> = m.en_passant.iter().map(|&c| name(c)).collect();
        let _ = write!(out, ", \"en_passant\": [{}]", squares.join(", "));
    }
    out.push('}');
    out
}

/// A JSON string literal.
pub(crate) fn quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
