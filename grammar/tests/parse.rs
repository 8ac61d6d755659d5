//! Grammar tests: every construct of docs/language.md parses to the right tree, and bad lines
//! give located errors that name what was expected.

use koma_grammar::ast::*;
use koma_grammar::{LineKind, ParseErrorKind, SectionKind, TokenKind, parse};

const MINJIKU: &str = r#"# Minjiku Shogi, abridged
variant "Minjiku Shogi"
inventor "H. G. Muller"
year 2022
source "https://www.chessvariants.com/rules/minjikushogi#top"

board 10 x 10
  ranks 1..10
  extra e0 f0 e11 f11
  vanishing e0, f0, e11, f11

pieces
  P   "Pawn"          fW          promotes +P
  +P  "Tokin"         like G
  G   "Gold"          WfF         promotes +G   # a comment with "quotes"
  D   "Diagonal Jumper" B(paf)cB  promotes +D
  K   "King"          K           royal

setup rotate
  K  f0
  P  a3-j3

rules
  promotion zone 3
  promotion on enter capture-from-zone
  win checkmate
"#;

fn text(src: &str, span: koma_grammar::Span) -> &str {
    &src[span.start..span.end]
}

#[test]
fn the_reference_example_parses() {
    let parsed = parse(MINJIKU);
    assert_eq!(parsed.errors, vec![]);
    let file = parsed.file;
    assert_eq!(file.metadata.len(), 4);
    let MetadataValue::Source(source) = &file.metadata[3].value else {
        panic!("source")
    };
    assert!(
        source.value.ends_with("#top"),
        "a `#` inside a string is no comment"
    );
    let board = &file.boards[0];
    assert_eq!((board.files.value, board.ranks.value), (10, 10));
    assert_eq!(board.items.len(), 3);
    let BoardItemKind::Vanishing(squares) = &board.items[2].kind else {
        panic!("vanishing")
    };
    assert_eq!(squares.len(), 4);
    assert_eq!(file.pieces.len(), 5);
    let PieceItem::Define(pawn) = &file.pieces[0] else {
        panic!("pawn")
    };
    assert_eq!(pawn.id.value, "P");
    assert_eq!(pawn.name.value, "Pawn");
    let Moves::Betza(betza) = &pawn.moves else {
        panic!("betza")
    };
    assert_eq!(text(MINJIKU, betza.span), "fW");
    assert_eq!(
        pawn.promotes.as_ref().map(|(_, ids)| ids[0].value.as_str()),
        Some("+P")
    );
    let PieceItem::Define(tokin) = &file.pieces[1] else {
        panic!("tokin")
    };
    assert!(matches!(&tokin.moves, Moves::Like { other, .. } if other.value == "G"));
    let PieceItem::Define(jumper) = &file.pieces[3] else {
        panic!("jumper")
    };
    assert!(matches!(&jumper.moves, Moves::Betza(b) if b.value == "B(paf)cB"));
    let PieceItem::Define(king) = &file.pieces[4] else {
        panic!("king")
    };
    assert!(king.royal.is_some());
    let setup = &file.setups[0];
    assert_eq!(setup.symmetry.value, Symmetry::Rotate);
    assert!(
        matches!(setup.placements[1].squares[0], SquareItem::Range { from, to, .. }
        if (from.file, from.rank, to.file, to.rank) == (0, 3, 9, 3))
    );
    assert_eq!(file.clauses.len(), 3);
    assert!(matches!(&file.clauses[1].kind, ClauseKind::PromotionOn(t)
        if t.iter().map(|t| t.value).collect::<Vec<_>>() == [Trigger::Enter, Trigger::CaptureFromZone]));
}

fn one_clause(line: &str) -> ClauseKind {
    let src = format!("variant \"x\"\nrules\n  {line}\n");
    let parsed = parse(&src);
    assert_eq!(parsed.errors, vec![], "{line}");
    assert_eq!(parsed.file.clauses.len(), 1, "{line}");
    parsed.file.clauses[0].kind.clone()
}

#[test]
fn every_clause_of_the_reference_parses() {
    let zone = one_clause("promotion zone a12-p16");
    assert!(
        matches!(zone, ClauseKind::PromotionZone { side: None, zone: Zone::Squares(s) } if s.len() == 1)
    );
    assert!(
        matches!(one_clause("promotion zone 5"), ClauseKind::PromotionZone { zone: Zone::Depth(d), .. } if d.value == 5)
    );
    let sided = one_clause("promotion zone second a1-h3");
    assert!(
        matches!(sided, ClauseKind::PromotionZone { side: Some(s), zone: Zone::Squares(_) } if s.value == Side::Second)
    );
    let drop = one_clause("drop zone first P N a1-h4");
    assert!(
        matches!(drop, ClauseKind::DropZone { side: Some(s), pieces, .. } if s.value == Side::First && pieces.len() == 2)
    );
    let on = one_clause(
        "promotion on enter leave inside start-or-end capture-in-zone capture-from-zone mid-move",
    );
    assert!(matches!(on, ClauseKind::PromotionOn(t) if t.len() == 7));
    for (word, kind) in [
        ("optional", PromotionKind::Optional),
        ("mandatory", PromotionKind::Mandatory),
        ("automatic", PromotionKind::Automatic),
    ] {
        assert!(
            matches!(one_clause(&format!("promotion {word}")), ClauseKind::PromotionKind(k) if k.value == kind)
        );
    }
    assert_eq!(
        one_clause("promotion forced-when-stuck"),
        ClauseKind::PromotionForcedWhenStuck
    );
    let forced = one_clause("promotion forced N L last 2");
    assert!(
        matches!(forced, ClauseKind::PromotionForced { pieces, last } if pieces.len() == 2 && last.value == 2)
    );
    assert!(matches!(one_clause("royal K +DE"), ClauseKind::Royal(ids) if ids.len() == 2));
    assert!(
        matches!(one_clause("win checkmate"), ClauseKind::Win(w) if w.value == WinKind::Checkmate)
    );
    assert!(
        matches!(one_clause("win extinction"), ClauseKind::Win(w) if w.value == WinKind::Extinction)
    );
    assert_eq!(
        one_clause("check last-royal-only"),
        ClauseKind::CheckLastRoyalOnly
    );
    let ClauseKind::Burn { burners, options } =
        one_clause("burn FD area king choose 2 active immune FD")
    else {
        panic!("burn")
    };
    assert_eq!(burners.len(), 1);
    let options: Vec<BurnOption> = options.into_iter().map(|o| o.value).collect();
    assert_eq!(options[0], BurnOption::Area(Area::King));
    assert!(matches!(options[1], BurnOption::Choose(n) if n.value == 2));
    assert_eq!(options[2], BurnOption::Active);
    assert!(matches!(&options[3], BurnOption::Immune(ids) if ids[0].value == "FD"));
    let ClauseKind::Burn { options, .. } =
        one_clause("burn F area diagonal all active passive on-promotion burner-meets-burner")
    else {
        panic!("burn")
    };
    assert_eq!(options.len(), 6);
    let ClauseKind::Freeze { freezers, options } = one_clause("freeze +CS area king immune +CS")
    else {
        panic!("freeze")
    };
    assert_eq!((freezers[0].value.as_str(), options.len()), ("+CS", 2));
    let ClauseKind::AntiTrade(trade) = one_clause("anti-trade LN LD takes LN LD when protected")
    else {
        panic!("anti")
    };
    assert_eq!(
        (trade.attackers.len(), trade.victims.len(), trade.when.value),
        (2, 2, AntiTradeWhen::Protected)
    );
    let ClauseKind::AntiTrade(chu) = one_clause(
        "anti-trade LN +KY takes LN +KY when protected except-adjacent except-bridge P GB counter-strike",
    ) else {
        panic!("anti")
    };
    assert!(chu.except_adjacent.is_some() && chu.counter_strike.is_some());
    assert_eq!(chu.except_bridge.map(|(_, ids)| ids.len()), Some(2));
    assert!(
        matches!(one_clause("anti-trade TG takes TG always"), ClauseKind::AntiTrade(t) if t.when.value == AntiTradeWhen::Always)
    );
    let ClauseKind::JumpRank(tiers) = one_clause("jump-rank K > J > A > +M = D") else {
        panic!("jump")
    };
    assert_eq!(tiers.iter().map(Vec::len).collect::<Vec<_>>(), [1, 1, 1, 2]);
    assert_eq!(
        one_clause("pass forbidden"),
        ClauseKind::Pass(PassRule::Forbidden)
    );
    assert!(
        matches!(one_clause("pass only FD VG LH"), ClauseKind::Pass(PassRule::Only(ids)) if ids.len() == 3)
    );
    assert_eq!(
        one_clause("pass not-after-pass"),
        ClauseKind::Pass(PassRule::NotAfterPass)
    );
    assert_eq!(
        one_clause("pass first-passer-deviates"),
        ClauseKind::Pass(PassRule::FirstPasserDeviates)
    );
    assert!(
        matches!(one_clause("stalemate loses"), ClauseKind::Stalemate(o) if o.value == Outcome::Loses)
    );
    assert!(
        matches!(one_clause("draw repetition 4"), ClauseKind::DrawRepetition(n) if n.value == 4)
    );
    assert!(
        matches!(one_clause("perpetual-check loses"), ClauseKind::PerpetualCheck(b) if b.value)
    );
    let ClauseKind::DrawMoves { moves, reset } =
        one_clause("draw moves 50 reset capture promotion P")
    else {
        panic!("moves")
    };
    assert_eq!(moves.value, 50);
    let reset: Vec<ResetEvent> = reset.into_iter().map(|r| r.value).collect();
    assert_eq!(
        reset,
        [
            ResetEvent::Capture,
            ResetEvent::Promotion,
            ResetEvent::Piece("P".into())
        ]
    );
    assert_eq!(
        one_clause("draw bare-royal"),
        ClauseKind::DrawBareRoyal {
            single_piece: false
        }
    );
    assert_eq!(
        one_clause("draw bare-royal single-piece"),
        ClauseKind::DrawBareRoyal { single_piece: true }
    );
    assert_eq!(
        one_clause("burm FD"),
        ClauseKind::Unknown,
        "unknown clauses are left to the compiler"
    );
}

#[test]
fn setup_none_has_sides_and_remove_and_extends_parse() {
    let src = "variant \"x\"\nextends \"dai-shogi\"\npieces\n  remove GB\nsetup none\n  first\n    K e1\n  second\n    K e9\n";
    let parsed = parse(src);
    assert_eq!(parsed.errors, vec![]);
    assert!(
        matches!(&parsed.file.metadata[1].value, MetadataValue::Extends(e) if e.value == "dai-shogi")
    );
    assert!(matches!(&parsed.file.pieces[0], PieceItem::Remove { id, .. } if id.value == "GB"));
    let setup = &parsed.file.setups[0];
    assert_eq!(setup.symmetry.value, Symmetry::None);
    let sides: Vec<Option<Side>> = setup
        .placements
        .iter()
        .map(|p| p.side.map(|s| s.value))
        .collect();
    assert_eq!(sides, [Some(Side::First), Some(Side::Second)]);
}

#[test]
fn attributes_attach_to_the_next_item() {
    let src = "#[allow(K0001)]\nvariant \"x\"\npieces\n  #[deny(K0002, K0003)]\n  P \"Pawn\" fW\n";
    let parsed = parse(src);
    assert_eq!(parsed.errors, vec![]);
    assert_eq!(parsed.file.attributes[0].codes[0].value, "K0001");
    let PieceItem::Define(pawn) = &parsed.file.pieces[0] else {
        panic!("pawn")
    };
    assert_eq!(pawn.attributes[0].level.value, LintLevel::Deny);
    assert_eq!(pawn.attributes[0].codes.len(), 2);
    let dangling = parse("variant \"x\"\n#[allow(K1)]\n");
    assert_eq!(dangling.errors[0].kind, ParseErrorKind::DanglingAttribute);
}

#[test]
fn every_bad_line_reports_its_own_error() {
    let src = "variant \"x\"\r\nboard 9 9\r\npieces\r\n  P \"Pawn\" fW royl\r\n  Q \"Queen\" like q\r\nrules\r\n  stalemate lose\r\n";
    let parsed = parse(src);
    let found: Vec<(&str, &str)> = parsed
        .errors
        .iter()
        .map(|e| (e.message.as_str(), text(src, e.span)))
        .collect();
    assert_eq!(
        found,
        [
            ("expected `x`, found `9`", "9"),
            (
                "expected `promotes`, `royal`, `value`, `confined`, `in`, `glyph` or end of line, found `royl`",
                "royl"
            ),
            ("expected a piece ID, found `q`", "q"),
            (
                "expected `fewer-pieces-wins` or `more-pieces-wins` or `draws`, `loses` or `wins`, found `lose`",
                "lose"
            ),
        ]
    );
    assert!(parsed.errors.iter().all(|e| e.help.is_some()));
}

#[test]
fn unknown_words_offer_candidates() {
    let parsed =
        parse("variant \"x\"\nbord 9 x 9\nboard 9 x 9\n  rank 1..9\npieces\n  promotion zone 3\n");
    let kinds: Vec<ParseErrorKind> = parsed.errors.iter().map(|e| e.kind).collect();
    assert_eq!(kinds, [ParseErrorKind::UnknownKeyword; 3]);
    assert_eq!(parsed.errors[0].found.as_deref(), Some("bord"));
    assert!(parsed.errors[0].candidates.contains(&"board"));
    assert!(parsed.errors[1].candidates.contains(&"ranks"));
    assert!(
        parsed.errors[2]
            .help
            .as_deref()
            .is_some_and(|h| h.contains("rules"))
    );
}

#[test]
fn numbers_that_do_not_fit_are_errors_not_panics() {
    let parsed =
        parse("variant \"x\"\nyear 99999999999999999999\nboard 9 x 9\n  extra a99999999999\n");
    assert_eq!(parsed.errors.len(), 2);
    assert!(
        parsed
            .errors
            .iter()
            .all(|e| e.kind == ParseErrorKind::NumberTooLarge)
    );
}

#[test]
fn item_spans_leave_out_indentation_and_comments() {
    let src = "variant \"x\"\npieces\n    P \"Pawn\" fW promotes +P   # the pawn\nrules\n  remove promotion forced\n";
    let parsed = parse(src);
    assert_eq!(parsed.errors, vec![]);
    let PieceItem::Define(pawn) = &parsed.file.pieces[0] else {
        panic!("pawn")
    };
    assert_eq!(text(src, pawn.span), "P \"Pawn\" fW promotes +P");
    let clause = &parsed.file.clauses[0];
    assert_eq!(text(src, clause.span), "remove promotion forced");
    assert!(matches!(&clause.kind, ClauseKind::Remove(kind) if kind.value == "promotion forced"));
    assert_eq!(clause_kind("promotion optional"), Some("promotion kind"));
    assert_eq!(clause_kind("check last-royal-only"), Some("check"));
    assert_eq!(clause_kind("chek"), None);
}

#[test]
fn broken_headers_and_piece_lines_are_remembered() {
    let parsed = parse("variant \"x\"\nboard 9\npieces\n  P \"Pawn fW\n");
    assert_eq!(parsed.errors.len(), 2);
    assert_eq!(parsed.file.broken_sections, ["board"]);
    assert_eq!(parsed.file.broken_pieces, ["P"]);
}

#[test]
fn a_byte_order_mark_is_skipped() {
    let src = "\u{feff}variant \"x\"\nboard 3 x 3\n";
    let parsed = parse(src);
    assert_eq!(parsed.errors, vec![]);
    assert_eq!(text(src, parsed.file.boards[0].span), "board 3 x 3");
}

/// The tree is lossless: its lines cover the text without gap, and every byte of a line that is
/// not layout belongs to one token or to the comment.
fn assert_lossless(src: &str) {
    let tree = parse(src).tree;
    let mut pos = tree.bom.end;
    for line in tree.lines() {
        assert_eq!(
            line.span.start, pos,
            "lines leave a gap at {pos} in {src:?}"
        );
        pos = line.span.end;
        let mut covered = vec![false; line.span.len()];
        let spans = line.tokens.iter().map(|t| t.span).chain(line.comment);
        for span in spans {
            for b in span.start..span.end {
                let slot = &mut covered[b - line.span.start];
                assert!(!*slot, "byte {b} in two tokens of {src:?}");
                *slot = true;
            }
        }
        for (i, c) in src[line.span.start..line.span.end].char_indices() {
            let layout = matches!(c, ' ' | '\t' | '\r' | '\n');
            assert!(
                layout || covered[i],
                "byte {} ({c:?}) of {src:?} is in no token",
                line.span.start + i
            );
        }
    }
    assert_eq!(pos, src.len(), "the lines stop short of the end");
}

#[test]
fn the_tree_is_lossless_on_every_shipped_variant_and_on_broken_text() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../variants");
    let mut count = 0;
    for entry in std::fs::read_dir(dir).expect("variants/") {
        let path = entry.expect("entry").path();
        if path.extension().is_some_and(|e| e == "koma") {
            assert_lossless(&std::fs::read_to_string(&path).expect("read"));
            count += 1;
        }
    }
    assert!(count >= 10, "found {count} variants");
    assert_lossless(MINJIKU);
    for broken in [
        "",
        "\u{feff}variant \"X\"",
        "variant \"X\"\r\nboard 9 y 9\r\n  ranks 1..\r\n#[allow(x\n",
        "rules\n  drawmoves 50 # no keyword\n  win   checkmate#done",
        "pieces\n  P \"Pawn\" fW promotes +P   # trailing\n\n\n   # indented comment\n",
        "setup rotate\n first\n  K e1 , a2-b3\n\t\n  ? ? ?",
    ] {
        assert_lossless(broken);
    }
}

#[test]
fn the_tree_keeps_comments_sections_and_line_kinds() {
    let src = "# head\nvariant \"X\"\nboard 3 x 3\n#[allow(dead-piece)]\npieces\n  P \"Pawn\" fW  # the pawn\n  Q oops\n";
    let tree = parse(src).tree;
    let kinds: Vec<SectionKind> = tree.sections.iter().map(|s| s.kind).collect();
    assert_eq!(
        kinds,
        [SectionKind::Head, SectionKind::Board, SectionKind::Pieces]
    );
    let lines: Vec<LineKind> = tree.lines().map(|l| l.kind).collect();
    use LineKind::*;
    assert_eq!(
        lines,
        [Comment, Metadata, Header, Attribute, Header, Item, Error]
    );
    let pawn = tree.lines().nth(5).expect("pawn line");
    assert_eq!(text(src, pawn.comment.expect("comment")), "# the pawn");
    let words: Vec<(&str, TokenKind)> = pawn
        .tokens
        .iter()
        .map(|t| (text(src, t.span), t.kind))
        .collect();
    assert_eq!(
        words,
        [
            ("P", TokenKind::PieceId),
            ("\"Pawn\"", TokenKind::String),
            ("fW", TokenKind::Betza)
        ]
    );
    let attribute = tree.lines().nth(3).expect("attribute line");
    let words: Vec<&str> = attribute.tokens.iter().map(|t| text(src, t.span)).collect();
    assert_eq!(words, ["#[", "allow", "(", "dead-piece", ")", "]"]);
    let (_, token) = tree
        .token_at(src.find("fW").expect("fW") + 1)
        .expect("token");
    assert_eq!(token.kind, TokenKind::Betza);
}
