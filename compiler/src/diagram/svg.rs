//! SVG rendering with the Interactive Diagram's colour legend (docs/xbetza.md, "Diagrams").

use std::fmt::Write;

use koma_runtime::spec::Coord;

use super::{Diagram, SquareClass, ways};

const CELL: usize = 40;
const MARGIN: usize = 24;
const LEGEND_ROW: usize = 22;
/// The height of each further line of a wrapped legend entry.
const LINE: usize = 16;
const EMPTY: &str = "#FFFFF0";

/// The colour and legend text of a square whose main class is `class` (`classes` are all of
/// its classes: initial-only squares are olive or dark green depending on capturing).
pub(crate) fn style(class: SquareClass, classes: &[SquareClass]) -> (&'static str, &'static str) {
    match class {
        SquareClass::MoveOrCapture => ("#FFFF00", "mc: move or capture"),
        SquareClass::Unblockable => ("#FFC000", "mc, unblockable jump"),
        SquareClass::InitialOnly if classes.contains(&SquareClass::Move) => {
            ("#00C000", "im: initial move only")
        }
        SquareClass::InitialOnly => ("#C0C000", "imc: initial move or capture"),
        SquareClass::Move => ("#00FF00", "m: move only"),
        SquareClass::Capture => ("#FF0000", "c: capture only"),
        SquareClass::Destroy => ("#0000FF", "d: capture own piece"),
        SquareClass::Locust => ("#00FFFF", "ca: locust capture"),
        SquareClass::HopTarget => ("#C0C0C0", "p,g: hop target (a piece here is jumped)"),
        SquareClass::Castling => ("#00A000", "O: castling destination of king"),
    }
}

/// The board with coloured target squares, dummies, coordinates and a legend of the kinds used
/// and of the rules that act on the piece. A square reached in several ways shows each way's
/// colour in a band; the legend wraps to the picture's width.
pub fn render_svg(diagram: &Diagram, title: &str) -> String {
    let s = &diagram.scene;
    let (files, ranks) = (s.board.files as usize, s.board.ranks as usize);
    let (file_labels, rank_labels) = s.edge_labels();
    let width = (files * CELL + 2 * MARGIN).max(320);
    let board_bottom = MARGIN + ranks * CELL;
    let mut legend: Vec<(&str, &str)> = Vec::new();
    let mut body = String::new();
    for row in 0..ranks {
        for file in 0..files {
            let c = Coord {
                x: file as u8,
                y: (ranks - 1 - row) as u8,
            };
            let (x, y) = (MARGIN + file * CELL, MARGIN + row * CELL);
            if !s.holes.contains(&c) {
                square(&mut body, &mut legend, diagram, c, (x, y));
            }
        }
    }
    for file in 0..files {
        let x = MARGIN + file * CELL + CELL / 2;
        let _ = writeln!(
            body,
            "<text x=\"{x}\" y=\"{}\" text-anchor=\"middle\" font-size=\"12\">{}</text>",
            board_bottom + 16,
            file_labels[file]
        );
    }
    for row in 0..ranks {
        let y = MARGIN + row * CELL + CELL / 2 + 4;
        let rank = &rank_labels[ranks - 1 - row];
        let _ = writeln!(
            body,
            "<text x=\"{}\" y=\"{y}\" text-anchor=\"middle\" font-size=\"12\">{rank}</text>",
            MARGIN / 2
        );
    }
    let legend_top = board_bottom + 30;
    let columns = legend_columns(width);
    let mut entries: Vec<(&str, Vec<String>)> = legend
        .iter()
        .chain(piece_legend(diagram).iter())
        .map(|(fill, text)| (*fill, wrap(text, columns)))
        .collect();
    entries.extend(diagram.notes.iter().map(|n| ("", wrap(n, columns))));
    let lines: usize = entries.iter().map(|(_, l)| l.len()).sum();
    let height = legend_top + entries.len() * (LEGEND_ROW - LINE) + lines * LINE + 10;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\">"
    );
    let _ = writeln!(out, "<title>{}</title>", escape(title));
    let _ = writeln!(
        out,
        "<rect width=\"{width}\" height=\"{height}\" fill=\"#FFFFFF\"/>"
    );
    out.push_str(&body);
    let mut y = legend_top;
    for (fill, lines) in &entries {
        legend_key(&mut out, fill, y);
        for (i, line) in lines.iter().enumerate() {
            let _ = writeln!(
                out,
                "<text x=\"{}\" y=\"{}\" font-size=\"13\">{}</text>",
                MARGIN + 24,
                y + 13 + i * LINE,
                escape(line)
            );
        }
        y += LEGEND_ROW - LINE + lines.len() * LINE;
    }
    out.push_str("</svg>\n");
    out
}

/// One square at `(x, y)`: its colours (adding them to `legend`) and the piece on it. The
/// mover's own square stays plain (passing and igui are said in the legend); a dummy is always
/// drawn, over its square's colours.
fn square<'a>(
    body: &mut String,
    legend: &mut Vec<(&'a str, &'a str)>,
    diagram: &Diagram,
    c: Coord,
    (x, y): (usize, usize),
) {
    let s = &diagram.scene;
    let classes = diagram.classes_at(c);
    let ways = if c == s.from {
        Vec::new()
    } else {
        ways(classes)
    };
    let mut fills = ways.iter().map(|&k| {
        let entry = style(k, classes);
        if !legend.contains(&entry) {
            legend.push(entry);
        }
        entry.0
    });
    let fill = fills.next().unwrap_or(EMPTY);
    let _ = writeln!(
        body,
        "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\" stroke=\"#000000\"/>"
    );
    // One vertical band per further way, to the right of the main way's colour.
    let band = CELL as f32 / ways.len().max(1) as f32;
    for (i, fill) in fills.enumerate() {
        let _ = writeln!(
            body,
            "<rect x=\"{:.1}\" y=\"{y}\" width=\"{band:.1}\" height=\"{CELL}\" fill=\"{fill}\" stroke=\"#000000\" stroke-width=\"0.5\"/>",
            x as f32 + (i + 1) as f32 * band,
        );
    }
    let (cx, cy) = (x + CELL / 2, y + CELL / 2);
    if c == s.from {
        match &diagram.glyph {
            Some(glyph) => glyph_piece(body, glyph, cx, cy, s.second),
            None => {
                let _ = writeln!(
                    body,
                    "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"14\" fill=\"#8B4513\" stroke=\"#000000\"/>"
                );
            }
        }
    } else if s.friends.contains(&c) {
        let _ = writeln!(
            body,
            "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"11\" fill=\"#FFFFFF\" stroke=\"#000000\" stroke-width=\"2\"/>"
        );
    } else if s.enemies.contains(&c) {
        let _ = writeln!(
            body,
            "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"11\" fill=\"#000000\"/>"
        );
    } else if ways.first() == Some(&SquareClass::HopTarget) {
        let _ = writeln!(
            body,
            "<text x=\"{cx}\" y=\"{}\" text-anchor=\"middle\" font-size=\"20\">?</text>",
            cy + 7
        );
    }
}

/// A piece with a glyph, drawn as shogi pieces are: a pentagon pointing at the opponent (down
/// for the second player) with the glyph's characters one above the other.
fn glyph_piece(body: &mut String, glyph: &str, cx: usize, cy: usize, second: bool) {
    let (cx, cy) = (cx as f32, cy as f32);
    let up = if second { -1.0 } else { 1.0 };
    let r = CELL as f32 * 0.45;
    let points: Vec<String> = [
        (0.0, -1.0),
        (0.72, -0.62),
        (0.86, 1.0),
        (-0.86, 1.0),
        (-0.72, -0.62),
    ]
    .iter()
    .map(|(x, y)| format!("{:.1},{:.1}", cx + x * r, cy + y * r * up))
    .collect();
    let _ = writeln!(
        body,
        "<polygon points=\"{}\" fill=\"#F3D9A4\" stroke=\"#5A3B12\" stroke-width=\"1.5\"/>",
        points.join(" ")
    );
    let chars: Vec<char> = glyph.chars().collect();
    let n = chars.len() as f32;
    let size = (CELL as f32 * 0.42).min(CELL as f32 * 0.62 / n);
    for (i, c) in chars.iter().enumerate() {
        let y = cy + 2.0 * up + (i as f32 - (n - 1.0) / 2.0) * size;
        let _ = writeln!(
            body,
            "<text x=\"{cx:.1}\" y=\"{y:.1}\" text-anchor=\"middle\" dominant-baseline=\"central\" font-size=\"{size:.1}\" font-family=\"'Noto Serif CJK JP', 'Noto Sans CJK JP', serif\">{}</text>",
            escape(&c.to_string())
        );
    }
}

/// The key of a legend entry at height `y`: a colour square, a piece's disc, or nothing (a
/// rule note).
fn legend_key(out: &mut String, fill: &str, y: usize) {
    let colour = match fill {
        "" => return,
        "enemy" => "#000000",
        "friend" => "#FFFFFF",
        "mover" => "#8B4513",
        _ => {
            let _ = writeln!(
                out,
                "<rect x=\"{MARGIN}\" y=\"{y}\" width=\"16\" height=\"16\" fill=\"{fill}\" stroke=\"#000000\"/>"
            );
            return;
        }
    };
    let _ = writeln!(
        out,
        "<circle cx=\"{}\" cy=\"{}\" r=\"7\" fill=\"{colour}\" stroke=\"#000000\"/>",
        MARGIN + 8,
        y + 8
    );
}

/// How many characters of legend text fit on one line of a picture `width` wide (13px
/// sans-serif averages about 6.5px a character).
pub(crate) fn legend_columns(width: usize) -> usize {
    (width.saturating_sub(2 * MARGIN + 24) * 2 / 13).max(12)
}

/// `text` broken at spaces into lines of at most `columns` characters (a longer word keeps a
/// line of its own).
pub(crate) fn wrap(text: &str, columns: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split(' ') {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= columns => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

fn piece_legend(diagram: &Diagram) -> Vec<(&'static str, &'static str)> {
    let from = diagram.scene.from;
    let stays = diagram.moves.iter().filter(|m| m.to == from);
    let (passes, igui) = stays.fold((false, false), |(p, i), m| {
        (p || m.captures.is_empty(), i || !m.captures.is_empty())
    });
    let mover = match (passes, igui) {
        (true, true) => "the piece (may pass, may capture without moving)",
        (true, false) => "the piece (may pass)",
        (false, true) => "the piece (may capture without moving)",
        (false, false) => "the piece",
    };
    let mut out = vec![("mover", mover)];
    if !diagram.scene.friends.is_empty() {
        out.push(("friend", "friendly piece (does not move)"));
    }
    if !diagram.scene.enemies.is_empty() {
        out.push(("enemy", "enemy piece (does not move)"));
    }
    out
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
