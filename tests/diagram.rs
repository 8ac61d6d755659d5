//! Snapshots of the text and SVG diagrams of every distinct seed piece string
//! (`tests/fixtures/diagram/seed-pieces.txt`), drawn on the default 9x9 board from the centre.

use koma_compiler::diagram::{Scene, draw, render_svg, render_text};
use koma_compiler::xbetza::{BoardSize, expand};

use crate::support::seed_pieces;

#[test]
fn seed_piece_diagrams() {
    let board = BoardSize { files: 9, ranks: 9 };
    let list = seed_pieces();
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

fn koma(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_koma"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("NO_COLOR")
        .output()
        .expect("koma runs")
}

#[test]
fn cli_json_has_the_contract_fields() {
    let out = koma(&[
        "diagram", "--betza", "caK", "--enemy", "f6", "--format", "json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    let moves = json["moves"].as_array().expect("moves array");
    assert_eq!(moves.len(), 7);
    for m in moves {
        assert_eq!(m["from"], "e5");
        assert!(m["to"].is_string());
        assert_eq!(m["captures"], serde_json::json!(["f6"]));
    }
    let squares = json["squares"].as_array().expect("squares array");
    let f6 = squares
        .iter()
        .find(|s| s["square"] == "f6")
        .expect("f6 classed");
    assert!(
        f6["classes"]
            .as_array()
            .expect("classes")
            .iter()
            .any(|c| c == "locust")
    );
}

#[test]
fn cli_plain_when_piped_and_second_player_rotated() {
    let out = koma(&["diagram", "--betza", "fW", "--second", "--board", "5x5"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    assert!(!text.contains('\x1b'), "no colour when piped");
    // The second player's forward is down the board: from c3 to c2.
    let row2 = text.lines().find(|l| l.starts_with('2')).expect("rank 2");
    assert!(row2.contains('●'), "{text}");
}

#[test]
fn cli_usage_errors_exit_2() {
    for args in [
        &["diagram", "--betza", "K", "--board", "0x9"][..],
        &["diagram", "--betza", "K", "--board", "nine"],
        &["diagram", "--betza", "K", "--from", "j1"],
        &["diagram", "--betza", "K", "--enemy", "e5"],
        &["diagram", "--betza", "K", "--friend", "d4", "--enemy", "d4"],
        &["diagram", "variants/suzumu-shogi.koma", "NOSUCH"],
    ] {
        let out = koma(args);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn cli_betza_errors_exit_1_with_code_and_caret() {
    let out = koma(&["diagram", "--betza", "fmWx"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("E0302") && err.contains('^'), "{err}");
}

#[test]
fn cli_draws_a_piece_of_a_variant_file() {
    let out = koma(&[
        "diagram",
        "variants/suzumu-shogi.koma",
        "+CS",
        "--format",
        "json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    assert_eq!(json["board"]["files"], 16);
    assert_eq!(json["betza"], "jvhQjsQ3cab(mpacab)1K");
    assert!(!json["moves"].as_array().expect("moves").is_empty());
}

#[test]
fn cli_royal_enemies_for_k_moves() {
    let out = koma(&[
        "diagram", "--betza", "kR", "--enemy", "e7!", "--enemy", "c5", "--format", "json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    let moves = json["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0]["to"], "e7");
}

/// Pieces whose moves depend on regions (`confined REGION`, `in REGION MOVES`) are drawn as the
/// runtime moves them: from every square, for both players, alone but for their own royal.
#[test]
fn region_pieces_are_drawn_as_the_runtime_moves_them() {
    use koma_compiler::diagram::draw_piece;
    use koma_runtime::spec::{Coord, PieceType, Player};
    use koma_runtime::{MoveList, Position};
    use std::collections::BTreeSet;

    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut compared = 0;
    for file in [
        "variants/xiangqi.koma",
        "variants/janggi.koma",
        "tests/fixtures/rules/regions.koma",
    ] {
        let variant = koma_compiler::load(&root.join(file))
            .variant
            .unwrap_or_else(|| panic!("{file} compiles"));
        let tables = koma_compiler::emit_tables(&variant).expect("valid tables");
        let geo = &tables.geo();
        let royal = variant.pieces.iter().position(|p| p.royal.is_some());
        for (ty, piece) in variant.pieces.iter().enumerate() {
            if piece.confined.is_none() && piece.in_regions.is_empty() {
                continue;
            }
            for player in [Player::First, Player::Second] {
                let second = player == Player::Second;
                for sq in geo.squares() {
                    let from = geo.coord(sq);
                    let mut pos = Position::empty(tables.clone());
                    pos.put(sq, Some((player, PieceType(ty as u16))));
                    pos.set_virgin(sq, true);
                    let mut scene = Scene::on_board(&variant.board);
                    scene.from = from;
                    scene.second = second;
                    // The side needs its royal to move: a friend the diagram knows of. The
                    // other side needs one too, or the game is over: an enemy on the last
                    // square.
                    let first = geo.squares().find(|&s| s != sq).expect("a second square");
                    if let Some(r) = royal.filter(|&r| r != ty) {
                        pos.put(first, Some((player, PieceType(r as u16))));
                        scene.friends.push(geo.coord(first));
                    }
                    if let Some(r) = royal {
                        let last = geo.squares().filter(|&s| s != sq && s != first).last();
                        let last = last.expect("a third square");
                        pos.put(last, Some((player.opponent(), PieceType(r as u16))));
                        scene.enemies.push(geo.coord(last));
                        scene.royal_enemies.push(geo.coord(last));
                    }
                    pos.set_side_to_move(player);
                    let mut list = MoveList::new();
                    pos.pseudo_legal_moves(&mut list);
                    let runtime: BTreeSet<Coord> = list
                        .to_vec()
                        .iter()
                        .filter(|m| m.from == sq && !pos.is_pass(m))
                        .map(|m| geo.coord(m.to))
                        .collect();
                    let drawn: BTreeSet<Coord> = draw_piece(&variant, piece, &scene)
                        .moves
                        .iter()
                        .map(|m| m.to)
                        .collect();
                    assert_eq!(
                        drawn,
                        runtime,
                        "{file}: {} of {player:?} on {}",
                        piece.id,
                        geo.name(sq)
                    );
                    compared += 1;
                }
            }
        }
    }
    assert!(compared >= 1000, "only {compared} placements compared");
}

/// `koma diagram FILE PIECE` draws a confined piece inside its region and a piece with `in
/// REGION` moves with the moves of the square it stands on.
#[test]
fn cli_draws_region_pieces_where_they_stand() {
    let json = |args: &[&str]| -> serde_json::Value {
        let mut all = vec!["diagram", "variants/xiangqi.koma"];
        all.extend_from_slice(args);
        all.extend_from_slice(&["--format", "json"]);
        let out = koma(&all);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice(&out.stdout).expect("valid JSON")
    };
    let targets = |v: &serde_json::Value| -> Vec<String> {
        let mut t: Vec<String> = v["moves"]
            .as_array()
            .expect("moves")
            .iter()
            .map(|m| m["to"].as_str().expect("to").to_string())
            .collect();
        t.sort();
        t
    };
    // The General is drawn in its palace (d1-f3), on the square nearest the centre.
    let general = json(&["K"]);
    assert_eq!(general["moves"][0]["from"], "e3");
    assert_eq!(targets(&general), ["d3", "e2", "f3"]);
    assert_eq!(targets(&json(&["K", "--from", "d1"])), ["d2", "e1"]);
    // The second player's palace is d8-f10.
    let second = json(&["K", "--second"]);
    assert_eq!(second["moves"][0]["from"], "e8");
    assert_eq!(targets(&second), ["d8", "e9", "f8"]);
    // Across the river the Soldier also steps sideways; the JSON names the moves drawn.
    let soldier = json(&["P", "--from", "e7"]);
    assert_eq!(targets(&soldier), ["d7", "e8", "f7"]);
    assert_eq!(soldier["betza"], "fsW");
    assert_eq!(targets(&json(&["P", "--from", "e5"])), ["e6"]);
    let text = koma(&["diagram", "variants/xiangqi.koma", "P", "--from", "e7"]);
    let title = String::from_utf8_lossy(&text.stdout);
    assert!(
        title.starts_with("Soldier (P) of Xiangqi: fW (in across: fsW)"),
        "{title}"
    );
}

/// A square reached in several ways shows every way: the Lion's neighbours are plain steps and
/// locust captures, the Horned Falcon's forward square too (issue 27, point 2). The text lists
/// them, the SVG draws a band per way and the legend names both.
#[test]
fn a_square_reached_in_several_ways_shows_every_way() {
    for (piece, square) in [("LN", "g7"), ("+DH", "g7"), ("+DK", "h7")] {
        let out = koma(&["diagram", "variants/chu-shogi.koma", piece]);
        let text = String::from_utf8_lossy(&out.stdout);
        let line = text
            .lines()
            .find(|l| {
                l.split(':')
                    .next()
                    .is_some_and(|s| s.split(' ').any(|q| q == square))
            })
            .unwrap_or_else(|| panic!("{piece}: no line for {square}:\n{text}"));
        assert!(
            line.contains("locust capture") && line.contains("mc: move or capture"),
            "{piece} {square}: {line}"
        );
        let svg = koma(&[
            "diagram",
            "variants/chu-shogi.koma",
            piece,
            "--format",
            "svg",
        ]);
        let svg = String::from_utf8_lossy(&svg.stdout);
        assert!(svg.contains("ca: locust capture") && svg.contains("mc: move or capture"));
        assert!(
            svg.contains("width=\"20.0\""),
            "{piece}: no half-width band\n{svg}"
        );
    }
}

/// `--enemy` and `--friend` pieces are drawn even on a marked square: in the text grid, and as
/// a disc over the square's colours in SVG (issue 27, point 2).
#[test]
fn dummies_are_always_drawn() {
    let args = [
        "diagram",
        "variants/chu-shogi.koma",
        "LN",
        "--enemy",
        "g7",
        "--friend",
        "h7",
    ];
    let text = String::from_utf8_lossy(&koma(&args).stdout).to_string();
    let row = text.lines().find(|l| l.starts_with(" 7")).expect("rank 7");
    assert!(row.contains('■') && row.contains('□'), "{row}");
    // The Lion may capture the enemy on g7 by a step or on its way: both are said.
    let g7 = text
        .lines()
        .find(|l| l.contains("g7■"))
        .expect("a line for g7");
    assert!(
        g7.contains("locust") && g7.contains("move or capture"),
        "{g7}"
    );
    let mut svg_args = args.to_vec();
    svg_args.extend(["--format", "svg"]);
    let svg = String::from_utf8_lossy(&koma(&svg_args).stdout).to_string();
    // g7 is file 6, rank 7 on a 12x12 board: its centre is (24 + 6*40 + 20, 24 + 5*40 + 20).
    assert!(
        svg.contains("<circle cx=\"284\" cy=\"244\" r=\"11\" fill=\"#000000\""),
        "{svg}"
    );
    assert!(svg.contains("<circle cx=\"324\" cy=\"244\" r=\"11\" fill=\"#FFFFFF\""));
}

/// On a board narrower than the legend, the legend wraps: no line is wider than the picture
/// (issue 27, point 2). 6.5px a character is 13px sans-serif's average.
#[test]
fn svg_legend_wraps_on_narrow_boards() {
    for board in ["3x3", "5x5", "7x7"] {
        let out = koma(&[
            "diagram", "--betza", "KpRcaN", "--board", board, "--format", "svg",
        ]);
        let svg = String::from_utf8_lossy(&out.stdout).to_string();
        let width: f32 = svg
            .split("width=\"")
            .nth(1)
            .and_then(|w| w.split('"').next())
            .and_then(|w| w.parse().ok())
            .expect("width");
        for line in svg.lines().filter(|l| l.contains("font-size=\"13\"")) {
            let x: f32 = line
                .split("x=\"")
                .nth(1)
                .and_then(|x| x.split('"').next())
                .and_then(|x| x.parse().ok())
                .expect("x");
            let text = line
                .split('>')
                .nth(1)
                .and_then(|t| t.split('<').next())
                .unwrap_or("");
            let end = x + 6.5 * text.chars().count() as f32;
            assert!(end <= width, "{board}: `{text}` ends at {end} of {width}");
        }
    }
}

/// A piece's legend says which rules act on it, and a chess Queen is a Pawn's promotion
/// choice, not its promoted form (issue 27, point 2).
#[test]
fn legends_say_which_rules_act_on_the_piece() {
    let legend = |file: &str, piece: &str| {
        String::from_utf8_lossy(&koma(&["diagram", file, piece]).stdout).to_string()
    };
    let fire_demon = legend("variants/tenjiku-shogi.koma", "FD");
    assert!(
        fire_demon.contains("burns every enemy next to it"),
        "{fire_demon}"
    );
    let lion = legend("variants/chu-shogi.koma", "LN");
    assert!(
        lion.contains("anti-trade: may not capture Lion (LN)"),
        "{lion}"
    );
    let tokin = legend("variants/shogi.koma", "+P");
    assert!(tokin.contains("promoted form of Pawn (P)"), "{tokin}");
    let queen = legend("variants/chess.koma", "Q");
    assert!(queen.contains("a promotion choice of Pawn (P)"), "{queen}");
    assert!(!queen.contains("promoted form"), "{queen}");
    let pawn = legend("variants/chess.koma", "P");
    assert!(pawn.contains("promotes to Queen (Q) or Rook (R)"), "{pawn}");
    let tetrarch = legend("variants/suzumu-shogi.koma", "+CS");
    assert!(
        tetrarch.contains("freezes every enemy next to it")
            && tetrarch.contains("cannot be frozen"),
        "{tetrarch}"
    );
    let guard = legend("variants/janggi.koma", "A");
    assert!(guard.contains("never leaves the palace"), "{guard}");
    let svg = String::from_utf8_lossy(
        &koma(&[
            "diagram",
            "variants/tenjiku-shogi.koma",
            "FD",
            "--format",
            "svg",
        ])
        .stdout,
    )
    .to_string();
    assert!(svg.contains("burns every enemy next to"), "{svg}");
}

/// A piece's `glyph` is drawn on a shogi pentagon, one character above the other, in its SVG
/// diagram; a glyph must be written in quotes without spaces (issue 27, point 3).
#[test]
fn glyph_pieces_are_drawn_as_shogi_pieces() {
    let out = koma(&["diagram", "variants/chu-shogi.koma", "K", "--format", "svg"]);
    let svg = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(svg.contains("<polygon"), "{svg}");
    let king = svg.find(">王</text>").expect("王");
    let general = svg.find(">将</text>").expect("将");
    assert!(king < general, "王 is written above 将");
    let y = |at: usize| -> f32 {
        let tag = &svg[svg[..at].rfind("<text").expect("text tag")..at];
        tag.split(" y=\"")
            .nth(1)
            .and_then(|y| y.split('"').next())
            .and_then(|y| y.parse().ok())
            .expect("y")
    };
    assert!(y(king) < y(general));
    let bare = koma(&["diagram", "--betza", "K", "--format", "svg"]);
    assert!(!String::from_utf8_lossy(&bare.stdout).contains("<polygon"));

    let dir = std::env::temp_dir().join(format!("koma-glyph-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let file = dir.join("empty-glyph.koma");
    std::fs::write(
        &file,
        "variant \"Glyphs\"\nboard 5 x 5\npieces\n  K \"King\" K royal glyph \"\"\nsetup rotate\n  K c1\n",
    )
    .expect("write");
    let out = koma(&["check", file.to_str().expect("path")]);
    let err = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("a glyph in quotes"), "{err}");
}
