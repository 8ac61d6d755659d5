//! SVG rendering with the Interactive Diagram's colour legend (docs/xbetza.md, "Diagrams").

use std::fmt::Write;

use koma_runtime::spec::Coord;

use super::{Diagram, SquareClass, main_class};

const CELL: usize = 40;
const MARGIN: usize = 24;
const LEGEND_ROW: usize = 22;
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

/// The board with coloured target squares, dummies, coordinates and a legend of the kinds used.
pub fn render_svg(diagram: &Diagram, title: &str) -> String {
    let s = &diagram.scene;
    let (files, ranks) = (s.board.files as usize, s.board.ranks as usize);
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
            if s.holes.contains(&c) {
                continue;
            }
            let classes = diagram.classes_at(c);
            // The mover's own square stays plain: passing and igui are said in the legend.
            let main = if c == s.from {
                None
            } else {
                main_class(classes)
            };
            let fill = match main {
                Some(k) => {
                    let entry = style(k, classes);
                    if !legend.contains(&entry) {
                        legend.push(entry);
                    }
                    entry.0
                }
                None => EMPTY,
            };
            let _ = writeln!(
                body,
                "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\" stroke=\"#000000\"/>"
            );
            let (cx, cy) = (x + CELL / 2, y + CELL / 2);
            if c == s.from {
                let _ = writeln!(
                    body,
                    "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"14\" fill=\"#8B4513\" stroke=\"#000000\"/>"
                );
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
            } else if classes.contains(&SquareClass::HopTarget)
                && main_class(classes) == Some(SquareClass::HopTarget)
            {
                let _ = writeln!(
                    body,
                    "<text x=\"{cx}\" y=\"{}\" text-anchor=\"middle\" font-size=\"20\">?</text>",
                    cy + 7
                );
            }
        }
    }
    for file in 0..files {
        let x = MARGIN + file * CELL + CELL / 2;
        let _ = writeln!(
            body,
            "<text x=\"{x}\" y=\"{}\" text-anchor=\"middle\" font-size=\"12\">{}</text>",
            board_bottom + 16,
            koma_runtime::geometry::file_name(file as u8)
        );
    }
    for row in 0..ranks {
        let y = MARGIN + row * CELL + CELL / 2 + 4;
        let rank = (ranks - 1 - row) as i16 + s.first_rank;
        let _ = writeln!(
            body,
            "<text x=\"{}\" y=\"{y}\" text-anchor=\"middle\" font-size=\"12\">{rank}</text>",
            MARGIN / 2
        );
    }
    let legend_top = board_bottom + 30;
    let pieces = piece_legend(diagram);
    let rows = legend.len() + pieces.len();
    let height = legend_top + rows * LEGEND_ROW + 10;
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
    for (i, (fill, text)) in legend.iter().chain(pieces.iter()).enumerate() {
        let y = legend_top + i * LEGEND_ROW;
        if fill.starts_with('#') {
            let _ = writeln!(
                out,
                "<rect x=\"{MARGIN}\" y=\"{y}\" width=\"16\" height=\"16\" fill=\"{fill}\" stroke=\"#000000\"/>"
            );
        } else {
            let colour = if *fill == "enemy" {
                "#000000"
            } else if *fill == "friend" {
                "#FFFFFF"
            } else {
                "#8B4513"
            };
            let _ = writeln!(
                out,
                "<circle cx=\"{}\" cy=\"{}\" r=\"7\" fill=\"{colour}\" stroke=\"#000000\"/>",
                MARGIN + 8,
                y + 8
            );
        }
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" font-size=\"13\">{}</text>",
            MARGIN + 24,
            y + 13,
            escape(text)
        );
    }
    out.push_str("</svg>\n");
    out
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
