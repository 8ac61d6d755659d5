//! Snapshots of the text and SVG diagrams of every distinct seed piece string
//! (`tests/fixtures/diagram/seed-pieces.txt`), drawn on the default 9x9 board from the centre.

use koma_compiler::diagram::{Scene, draw, render_svg, render_text};
use koma_compiler::xbetza::{BoardSize, expand};

fn fixtures() -> Vec<(String, String)> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/diagram/seed-pieces.txt"
    );
    let text = std::fs::read_to_string(path).expect("fixture list");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut parts = l.split_whitespace();
            let name = parts.next().expect("name").to_string();
            let betza = parts.next().expect("betza").to_string();
            (name, betza)
        })
        .collect()
}

#[test]
fn seed_piece_diagrams() {
    let board = BoardSize { files: 9, ranks: 9 };
    let list = fixtures();
    assert!(list.len() >= 90, "fixture list looks truncated");
    for (name, betza) in list {
        let (expansion, _) = expand(&betza, board).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        let diagram = draw(&expansion, &Scene::centre(board));
        let text = format!("{betza}\n{}", render_text(&diagram, false));
        insta::assert_snapshot!(format!("{name}.text"), text);
        insta::assert_snapshot!(format!("{name}.svg"), render_svg(&diagram, &betza));
    }
}

/// Colour is ANSI escapes around the squares, and nothing else changes.
#[test]
fn colour_only_adds_escapes() {
    let board = BoardSize { files: 9, ranks: 9 };
    let (expansion, _) = expand("KNADcaKmcabK", board).expect("lion");
    let diagram = draw(&expansion, &Scene::centre(board));
    let plain = render_text(&diagram, false);
    let coloured = render_text(&diagram, true);
    assert!(!plain.contains('\x1b'));
    assert!(
        coloured.contains("\x1b[48;2;0;255;255m"),
        "cyan locust squares"
    );
    let mut stripped = String::new();
    let mut chars = coloured.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            for d in chars.by_ref() {
                if d == 'm' {
                    break;
                }
            }
        } else {
            stripped.push(c);
        }
    }
    assert_eq!(stripped, plain);
}

/// The legend lists exactly the kinds that appear on the board.
#[test]
fn svg_legend_lists_only_used_kinds() {
    let board = BoardSize { files: 9, ranks: 9 };
    let (expansion, _) = expand("mRcpR", board).expect("cannon");
    let mut scene = Scene::centre(board);
    scene.enemies = vec![koma_compiler::diagram::parse_square("e7", board, 1).expect("e7")];
    let diagram = draw(&expansion, &scene);
    let svg = render_svg(&diagram, "cannon");
    assert!(svg.contains("m: move only") && svg.contains("c: capture only"));
    assert!(!svg.contains("mc: move or capture") && !svg.contains("locust"));
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
}
