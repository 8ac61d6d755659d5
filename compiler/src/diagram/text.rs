//! Text rendering: a Unicode board with one symbol per square and a legend of the kinds used;
//! optionally with ANSI background colours in the Interactive Diagram's palette.

use std::fmt::Write;

use koma_runtime::spec::Coord;

use super::svg::style;
use super::{Diagram, SquareClass, main_class, ways};

fn symbol(class: SquareClass) -> char {
    match class {
        SquareClass::MoveOrCapture => '●',
        SquareClass::Move => '○',
        SquareClass::Capture => '×',
        SquareClass::Destroy => '⊗',
        SquareClass::Unblockable => '◆',
        SquareClass::InitialOnly => '◇',
        SquareClass::Locust => '◎',
        SquareClass::HopTarget => '?',
        SquareClass::Castling => '◈',
    }
}

/// Renders `diagram`; `colour` adds ANSI 24-bit background colours (for terminals).
pub fn render_text(diagram: &Diagram, colour: bool) -> String {
    let s = &diagram.scene;
    let (files, ranks) = (s.board.files as usize, s.board.ranks as usize);
    let (file_labels, rank_labels) = s.edge_labels();
    let label_width = rank_labels.iter().map(String::len).max().unwrap_or(1);
    let letters: String = file_labels.iter().map(|f| format!(" {f:1}")).collect();
    let mut out = String::new();
    let _ = writeln!(out, "{:label_width$}{letters}", "");
    let mut used: Vec<SquareClass> = Vec::new();
    for row in (0..ranks).rev() {
        let rank = &rank_labels[row];
        let _ = write!(out, "{rank:>label_width$}");
        for file in 0..files {
            let c = Coord {
                x: file as u8,
                y: row as u8,
            };
            let classes = diagram.classes_at(c);
            let main = main_class(classes);
            for k in ways(classes) {
                if c != s.from && !used.contains(&k) {
                    used.push(k);
                }
            }
            // A dummy is always drawn; what happens on its square is said below the legend.
            let glyph = if s.holes.contains(&c) {
                ' '
            } else if c == s.from {
                '★'
            } else if s.friends.contains(&c) {
                '□'
            } else if s.enemies.contains(&c) {
                '■'
            } else {
                main.map_or('·', symbol)
            };
            out.push(' ');
            match main.filter(|_| colour && c != s.from) {
                Some(k) => {
                    let (r, g, b) = rgb(style(k, classes).0);
                    let _ = write!(out, "\x1b[48;2;{r};{g};{b}m\x1b[38;2;0;0;0m{glyph}\x1b[0m");
                }
                None => out.push(glyph),
            }
        }
        let _ = writeln!(out, " {rank}");
    }
    let _ = writeln!(out, "{:label_width$}{letters}", "");
    out.push('\n');
    let _ = writeln!(out, "★ the piece ({})", s.square_name(s.from));
    let stays = diagram.moves.iter().filter(|m| m.to == s.from);
    let (passes, igui) = stays.fold((false, false), |(p, i), m| {
        (p || m.captures.is_empty(), i || !m.captures.is_empty())
    });
    if passes {
        out.push_str("  it may pass (end its move where it started)\n");
    }
    if igui {
        out.push_str("  it may capture without moving (igui)\n");
    }
    used.sort();
    for k in used {
        let _ = writeln!(out, "{} {}", symbol(k), style(k, &[]).1);
    }
    if !s.friends.is_empty() {
        out.push_str("□ friendly piece\n");
    }
    if !s.enemies.is_empty() {
        out.push_str("■ enemy piece\n");
    }
    for (squares, ways) in several_ways(diagram) {
        let _ = writeln!(out, "{}: {ways}", squares.join(" "));
    }
    for note in &diagram.notes {
        let _ = writeln!(out, "{note}");
    }
    let _ = writeln!(out, "{} moves", diagram.moves.len());
    out
}

/// The squares whose symbol does not tell everything: reached in several ways, or holding a
/// dummy piece that hides the mark. Grouped by what is said of them, in board order, e.g.
/// `("f5 g7", "◎ ca: locust capture, ● mc: move or capture")`; a dummy's square is named
/// with the dummy's symbol (`g7■`).
fn several_ways(diagram: &Diagram) -> Vec<(Vec<String>, String)> {
    let s = &diagram.scene;
    let mut groups: Vec<(Vec<String>, String)> = Vec::new();
    for (c, classes) in &diagram.squares {
        let ways = ways(classes);
        let dummy = if s.friends.contains(c) {
            "□"
        } else if s.enemies.contains(c) {
            "■"
        } else {
            ""
        };
        if *c == s.from || (ways.len() < 2 && dummy.is_empty()) {
            continue;
        }
        let said: Vec<String> = ways
            .iter()
            .map(|&k| format!("{} {}", symbol(k), style(k, classes).1))
            .collect();
        let said = said.join(", ");
        let name = format!("{}{dummy}", s.square_name(*c));
        match groups.iter_mut().find(|(_, w)| *w == said) {
            Some((names, _)) => names.push(name),
            None => groups.push((vec![name], said)),
        }
    }
    groups
}

fn rgb(hex: &str) -> (u8, u8, u8) {
    let v = u32::from_str_radix(hex.trim_start_matches('#'), 16).unwrap_or(0xFFFFFF);
    ((v >> 16) as u8, (v >> 8) as u8, v as u8)
}
