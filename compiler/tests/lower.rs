//! Lowering and emission: boards, setups, `extends`, rules clauses, and the emitted spec.

use koma_compiler::loader::MemoryLoader;
use koma_compiler::{Loaded, emit, load, load_source};
use koma_runtime::spec::{
    AntiTradeWhen, Coord, Outcome, Player, PromotionKind, Triggers, WinCondition,
};

fn codes(loaded: &Loaded) -> Vec<&str> {
    loaded.diagnostics.iter().map(|d| d.code.as_str()).collect()
}

const MINJIKU: &str = r#"variant "Minjiku (abridged)"
board 10 x 10
  ranks 1..10
  extra e0 f0 e11 f11
  vanishing e0 f0 e11 f11
pieces
  P  "Pawn"  fW  promotes +P
  +P "Tokin" like G
  G  "Gold"  WfF
  M  "Minister" K
  F  "Fire Dragon" Q
  J  "Jumping General" Q
  K  "King" K royal
setup rotate
  M  e0
  K  f0
  P  a3-j3
rules
  promotion zone 3
  promotion on enter capture-from-zone
  win checkmate
  burn F area diagonal all active passive on-promotion
  jump-rank K > J > F = M
  draw repetition 3
  perpetual-check loses
  draw moves 50 reset capture promotion
"#;

#[test]
fn extra_squares_extend_the_grid_and_rotation_uses_it() {
    let loaded = load_source("minjiku.koma", MINJIKU, &MemoryLoader::new());
    assert_eq!(codes(&loaded), Vec::<&str>::new());
    let variant = loaded.variant.expect("valid");
    let board = &variant.board;
    assert_eq!((board.width, board.height, board.first_rank), (10, 12, 0));
    assert_eq!(board.squares().count(), 104);
    assert_eq!(board.vanishing.len(), 4);
    let setup = variant.setup.as_ref().expect("setup");
    let king = |player| {
        setup
            .placements
            .iter()
            .find(|p| p.player == player && variant.piece(p.piece).id == "K")
    };
    assert_eq!(
        king(Player::First).map(|p| board.square_name(p.at)),
        Some("f0".to_string())
    );
    assert_eq!(
        king(Player::Second).map(|p| board.square_name(p.at)),
        Some("e11".to_string())
    );
    assert_eq!(setup.placements.len(), 24);
    // The zone is the rectangle's far three ranks, never the extra rank 11.
    let zone = &variant.rules.promotion.zone;
    assert_eq!(zone.len(), 30);
    assert!(zone.iter().all(|c| (8..=10).contains(&c.y)));
    assert_eq!(variant.pieces[1].betza, "WfF", "`like` copies the moves");
}

#[test]
fn emit_fills_the_runtime_spec() {
    let loaded = load_source("minjiku.koma", MINJIKU, &MemoryLoader::new());
    let spec = emit(&loaded.variant.expect("valid"));
    assert_eq!(spec.name, "Minjiku (abridged)");
    assert_eq!(spec.board.real.iter().filter(|r| **r).count(), 104);
    assert_eq!(spec.board.vanishing[0], Coord { x: 4, y: 0 });
    assert_eq!(spec.pieces.len(), 7);
    assert_eq!(spec.pieces[0].promotions.len(), 1);
    assert!(spec.pieces[6].royal);
    assert_eq!(spec.setup.as_ref().map(Vec::len), Some(24));
    let rules = &spec.rules;
    assert_eq!(rules.royals.win, WinCondition::Checkmate);
    assert_eq!(
        rules.promotion.triggers,
        Triggers(Triggers::ENTER.0 | Triggers::CAPTURE_FROM_ZONE.0)
    );
    assert_eq!(rules.promotion.kind, PromotionKind::Optional);
    assert_eq!(rules.burning.len(), 1);
    let burn = &rules.burning[0];
    assert_eq!(burn.area.len(), 4);
    assert!(burn.area.iter().all(|(dx, dy)| *dx != 0 && *dy != 0));
    assert!(burn.active && burn.passive && burn.on_promotion && burn.choose_up_to.is_none());
    // K > J > F = M: ranks 3, 2, 1, 1; the rest 0.
    assert_eq!(rules.jump_rank, vec![0, 0, 0, 1, 1, 2, 3]);
    assert_eq!(rules.results.repetition, Some(3));
    assert!(rules.results.perpetual_check_loses);
    let limit = rules.results.move_limit.as_ref().expect("move limit");
    assert_eq!(
        (
            limit.moves,
            limit.reset_on_capture,
            limit.reset_on_promotion
        ),
        (50, true, true)
    );
    assert_eq!(rules.results.stalemate, Outcome::Draw);
}

const PARENT: &str = r#"variant "Parent"
board 5 x 5
pieces
  P  "Pawn" fW promotes +P
  +P "Tokin" WfF
  GB "Go-Between" vW
  L  "Lion" KNAD
  K  "King" K royal
setup rotate
  K c1
  P a2-e2
rules
  promotion zone 1
  win checkmate
  check last-royal-only
  anti-trade L takes L when protected
  stalemate loses
"#;

#[test]
fn a_child_replaces_removes_and_inherits() {
    let child = "variant \"Child\"\nextends \"parent\"\npieces\n  P \"Pawn\" fWfF promotes +P\n  remove GB\n  Q \"Queen\" Q\nrules\n  win extinction\n  remove anti-trade\n";
    let loader = MemoryLoader::new().with("dir/parent.koma", PARENT);
    let loaded = load_source("dir/child.koma", child, &loader);
    assert_eq!(codes(&loaded), Vec::<&str>::new());
    let variant = loaded.variant.expect("valid");
    assert_eq!(variant.name.value, "Child");
    assert_eq!(variant.files.len(), 2);
    let ids: Vec<&str> = variant.pieces.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids, ["P", "+P", "L", "K", "Q"]);
    assert_eq!(variant.pieces[0].betza, "fWfF");
    assert_eq!(variant.rules.royals.win, WinCondition::Extinction);
    assert!(variant.rules.anti_trade.is_empty());
    assert_eq!(variant.rules.results.stalemate, Outcome::Loss, "inherited");
    assert_eq!(variant.setup.map(|s| s.placements.len()), Some(12));
}

#[test]
fn extends_reports_missing_files_and_cycles() {
    let missing = load_source(
        "a.koma",
        "variant \"A\"\nextends \"nowhere\"\nboard 3 x 3\n",
        &MemoryLoader::new(),
    );
    assert_eq!(codes(&missing), ["E0106"]);
    let loader = MemoryLoader::new()
        .with("b.koma", "variant \"B\"\nextends \"c\"\n")
        .with("c.koma", "variant \"C\"\nextends \"b.koma\"\nboard 3 x 3\n");
    let cycle = load_source("b.koma", "variant \"B\"\nextends \"c\"\n", &loader);
    assert_eq!(codes(&cycle), ["E0107"]);
    assert!(cycle.variant.is_none());
}

#[test]
fn anti_trade_and_chu_options_lower() {
    let src = format!(
        "{PARENT}  anti-trade L +P takes L +P when protected except-adjacent except-bridge P GB counter-strike\n"
    );
    let loaded = load_source("chu.koma", &src, &MemoryLoader::new());
    assert_eq!(codes(&loaded), Vec::<&str>::new());
    let rules = loaded.variant.expect("valid").rules;
    let chu = &rules.anti_trade[1].value;
    assert_eq!(chu.when, AntiTradeWhen::Protected);
    assert!(chu.except_adjacent && chu.counter_strike);
    assert_eq!(chu.except_bridge_capture_not.len(), 2);
}

#[test]
fn every_error_of_a_file_is_collected() {
    let src = "variant \"Broken\"\nboard 4 x 4\npieces\n  K \"King\" K royal\n  K \"King\" K\n  P \"Pawn\" fW promotes Q\nsetup rotate\n  K a1 e9\n  X b1\nrules\n  burm K\n  draw repetition 1\n";
    let loaded = load_source("broken.koma", src, &MemoryLoader::new());
    assert_eq!(
        codes(&loaded),
        ["E0105", "E0104", "E0203", "E0104", "E0109", "E0602"]
    );
    assert!(loaded.diagnostics.iter().all(|d| d.help.is_some()));
    assert!(loaded.variant.is_none());
}

#[test]
fn unreadable_and_non_utf8_files_are_diagnostics() {
    let missing = load(std::path::Path::new("/nonexistent/koma/file.koma"));
    assert_eq!(codes(&missing), ["E0005"]);
    let dir = std::env::temp_dir().join(format!("koma-lower-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("bad.koma");
    std::fs::write(&path, b"variant \"X\"\nboard 3 x 3\n# caf\xe9\n").expect("write");
    let loaded = load(&path);
    assert_eq!(codes(&loaded), ["E0003"]);
    let d = &loaded.diagnostics[0];
    assert_eq!(d.primary.location.span.start, 29);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn mirror_and_none_setups_place_the_second_army() {
    let mirror = "variant \"M\"\nboard 5 x 6\npieces\n  K \"King\" K royal\n  R \"Rook\" R\nsetup mirror\n  K b1\n  R a1\n";
    let loaded = load_source("m.koma", mirror, &MemoryLoader::new());
    assert_eq!(codes(&loaded), Vec::<&str>::new());
    let variant = loaded.variant.expect("valid");
    let board = &variant.board;
    let second: Vec<String> = variant
        .setup
        .as_ref()
        .expect("setup")
        .placements
        .iter()
        .filter(|p| p.player == Player::Second)
        .map(|p| board.square_name(p.at))
        .collect();
    assert_eq!(second, ["b6", "a6"], "mirroring keeps files");
    let none = "variant \"N\"\nboard 5 x 5\npieces\n  K \"King\" K royal\nsetup none\n  first\n    K a1\n  second\n    K b5\n";
    let loaded = load_source("n.koma", none, &MemoryLoader::new());
    let variant = loaded.variant.expect("valid");
    let placements = &variant.setup.as_ref().expect("setup").placements;
    assert_eq!(placements.len(), 2);
    assert!(placements.iter().all(|p| !p.derived));
    assert_eq!(variant.board.square_name(placements[1].at), "b5");
}

/// A diagnostic given its sources names the file of each label: the error in the child's setup
/// shows the child's text, and the board declared in the parent is a related note showing the
/// parent's text.
#[test]
fn diagnostics_with_sources_point_into_the_file_of_each_label() {
    use miette::Diagnostic as _;
    let parent = "variant \"Parent\"\nboard 3 x 3\npieces\n  K \"King\" K royal\n";
    let loader = MemoryLoader::new().with("parent.koma", parent);
    let child = "variant \"Child\"\nextends \"parent\"\nsetup rotate\n  K  e5\n";
    let loaded = load_source("child.koma", child, &loader);
    let d = loaded
        .diagnostics
        .iter()
        .find(|d| d.code == "E0203")
        .expect("square off the board");
    let sourced = d.with_sources(&loaded.sources);
    let span_text = |diag: &dyn miette::Diagnostic| {
        let label = diag.labels().and_then(|mut l| l.next()).expect("a label");
        let contents = diag
            .source_code()
            .expect("a source")
            .read_span(label.inner(), 0, 0)
            .expect("the span reads");
        (
            contents.name().map(str::to_string),
            String::from_utf8_lossy(contents.data()).into_owned(),
        )
    };
    assert_eq!(
        span_text(&sourced),
        (Some("child.koma".to_string()), "e5".to_string())
    );
    let related: Vec<_> = sourced.related().expect("the board label").collect();
    assert_eq!(related.len(), 1);
    let (name, text) = span_text(related[0]);
    assert!(name.is_some_and(|n| n.ends_with("parent.koma")));
    assert!(text.starts_with("board 3 x 3"), "{text}");
    assert_eq!(related[0].to_string(), "the board is declared here");
    // Without its sources the diagnostic still lists only the labels of the primary file.
    assert_eq!(d.labels().map(|l| l.count()), Some(1));
}

/// `burn ... choose N` takes the runtime's own bound (`limits::MAX_BURN_CHOICES`), and the
/// diagnostic names it.
#[test]
fn burn_choices_are_bounded_by_the_runtime() {
    use koma_runtime::limits::MAX_BURN_CHOICES;
    let text = |n: usize| {
        format!(
            "variant \"Burners\"\nboard 5 x 5\npieces\n  F \"Fire\" K\n  K \"King\" K royal\n\
             setup rotate\n  K c1\n  F b1\nrules\n  burn F area king choose {n} active\n"
        )
    };
    let ok = load_source("b.koma", &text(MAX_BURN_CHOICES), &MemoryLoader::new());
    assert_eq!(codes(&ok), Vec::<&str>::new());
    let over = load_source("b.koma", &text(MAX_BURN_CHOICES + 1), &MemoryLoader::new());
    assert_eq!(codes(&over), ["E0602"]);
    let help = over.diagnostics[0].help.clone().unwrap_or_default();
    assert!(help.contains(&format!("1 to {MAX_BURN_CHOICES}")), "{help}");
}
