//! `koma import`: snapshots of imported Interactive Diagram blocks, their diagnostics, and the
//! agreement of the imported seed blocks with the hand-written shipped variants.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use koma_compiler::diagnostic::{Diagnostic, Severity, SourceMap};
use koma_compiler::import::{Imported, import};
use koma_compiler::loader::MemoryLoader;

fn run(path: &Path) -> (String, Imported) {
    let text = std::fs::read_to_string(path).expect("fixture is readable");
    let mut sources = SourceMap::default();
    let file = sources.add(path.display().to_string(), text.clone());
    let name = path
        .file_stem()
        .and_then(|s| s.to_str())
        .expect("fixture has a name");
    let imported = import(file, &text, name);
    (text, imported)
}

/// `warning[I008] 1:994-1:994 message (label) help: ...`, one per line.
fn render(text: &str, diagnostics: &[Diagnostic]) -> String {
    let at = |offset: usize| {
        let before = &text[..offset.min(text.len())];
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        format!("{line}:{col}")
    };
    let mut out = String::new();
    for d in diagnostics {
        let level = if d.severity == Severity::Error {
            "error"
        } else {
            "warning"
        };
        let loc = &d.primary.location;
        out += &format!(
            "{level}[{}] {}-{} {} ({})",
            d.code,
            at(loc.span.start),
            at(loc.span.end),
            d.message,
            d.primary.message
        );
        for s in &d.secondary {
            out += &format!(" [{}: {}]", at(s.location.span.start), s.message);
        }
        if let Some(help) = &d.help {
            out += &format!(" help: {help}");
        }
        out.push('\n');
    }
    out
}

#[test]
fn imports_ok_blocks() {
    insta::glob!("fixtures/import/ok/*.id", |path| {
        let (text, imported) = run(path);
        let errors = render(&text, &imported.diagnostics);
        let koma = imported
            .koma
            .unwrap_or_else(|| panic!("{} has errors:\n{errors}", path.display()));
        checked(
            koma_compiler::load_source("imported.koma", &koma, &MemoryLoader::new()),
            &path.display().to_string(),
        );
        let parsed = koma_grammar::parse(&koma);
        assert!(
            parsed.errors.is_empty(),
            "{}: output does not parse: {:?}\n{koma}",
            path.display(),
            parsed.errors
        );
        insta::assert_snapshot!(format!(
            "--- block\n{text}\n--- diagnostics\n{errors}\n--- koma\n{koma}"
        ));
    });
}

#[test]
fn reports_bad_blocks() {
    insta::glob!("fixtures/import/error/*.id", |path| {
        let (text, imported) = run(path);
        assert!(
            imported.has_errors(),
            "{} imports without errors",
            path.display()
        );
        // A block that cannot be translated writes nothing; one whose translation does not
        // check (I028) is still written, to be fixed by hand.
        let does_not_check = imported.diagnostics.iter().any(|d| d.code == "I028");
        assert!(
            imported.koma.is_none() || does_not_check,
            "no output is written when there are errors"
        );
        insta::assert_snapshot!(format!(
            "--- block\n{text}\n--- diagnostics\n{}",
            render(&text, &imported.diagnostics)
        ));
    });
}

#[test]
fn one_item_per_line_and_one_line_blocks_import_the_same() {
    let (text, one_line) = run(Path::new("tests/fixtures/import/ok/symmetry-none.id"));
    let mut lines = text.clone();
    // Break the single line before every item but the first.
    let starts = [
        "ranks",
        "symmetry",
        "promoZone",
        "promoChoice",
        "soldier",
        "wazir",
        "ferz",
        "general",
        "royal",
        "extinction",
    ];
    for word in starts {
        lines = lines.replacen(&format!(" {word}"), &format!("\n{word}"), 1);
    }
    assert_eq!(lines.lines().count(), starts.len() + 1);
    let mut sources = SourceMap::default();
    let file = sources.add("lines.id", lines.clone());
    let many_lines = import(file, &lines, "symmetry-none");
    assert_eq!(one_line.koma, many_lines.koma, "{lines}");
}

/// What the equality check looks at: pieces (XBetza with `like` resolved, promotions, royal),
/// the start position square by square, the promotion zone and the royal set.
#[derive(Debug, Default, PartialEq, Eq)]
struct Summary {
    pieces: BTreeMap<String, (String, Vec<String>)>,
    setup: BTreeSet<(String, String, u8, u8)>,
    zone: Vec<(u8, u8)>,
    royals: BTreeSet<String>,
}

/// Loads a variant (resolving `extends` from disk) and asserts it checks without errors.
fn checked(loaded: koma_compiler::Loaded, what: &str) -> koma_compiler::ir::Variant {
    let errors: Vec<String> = loaded
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| format!("{}: {}", d.code, d.message))
        .collect();
    assert!(errors.is_empty(), "{what} does not check: {errors:#?}");
    loaded.variant.expect("a variant without errors")
}

fn summary(variant: &koma_compiler::ir::Variant) -> Summary {
    let mut s = Summary::default();
    for piece in &variant.pieces {
        let mut promotes: Vec<String> = piece
            .promotions
            .iter()
            .map(|t| variant.piece(t.value).id.clone())
            .collect();
        promotes.sort();
        let moves = canonical(&piece.betza);
        s.pieces.insert(piece.id.clone(), (moves, promotes));
        if piece.royal.is_some() {
            s.royals.insert(piece.id.clone());
        }
    }
    if let Some(setup) = &variant.setup {
        for p in &setup.placements {
            let id = variant.piece(p.piece).id.clone();
            s.setup
                .insert((format!("{:?}", p.player), id, p.at.x, p.at.y));
        }
    }
    s.zone = variant
        .rules
        .promotion
        .zone
        .iter()
        .map(|c| (c.x, c.y))
        .collect();
    s.zone.sort();
    s
}

/// XBetza with its terms sorted, and the modifiers of one-leg terms sorted: `vWfF` and `fFvW`
/// (Kuuzen's block vs the Dai Shogi file it extends) are the same moves. Multi-leg terms
/// (`a`, groups, brackets) keep their modifier order, which matters there.
fn canonical(betza: &str) -> String {
    let mut terms = Vec::new();
    let mut chars = betza.chars().peekable();
    while chars.peek().is_some() {
        let mut prefix = String::new();
        if chars.peek() == Some(&'[') {
            for c in chars.by_ref() {
                prefix.push(c);
                if c == ']' {
                    break;
                }
            }
            terms.push(prefix);
            continue;
        }
        while let Some(&c) = chars.peek().filter(|c| !c.is_ascii_uppercase()) {
            prefix.push(c);
            chars.next();
        }
        let Some(atom) = chars.next() else {
            terms.push(prefix);
            break;
        };
        let mut suffix = atom.to_string();
        while let Some(&c) = chars
            .peek()
            .filter(|&&c| c == atom || c == 'X' || c == 'Y' || c.is_ascii_digit())
        {
            suffix.push(c);
            chars.next();
        }
        if !prefix.contains(['a', '(', '[']) {
            let mut letters: Vec<char> = prefix.chars().collect();
            letters.sort_unstable();
            prefix = letters.into_iter().collect();
        }
        terms.push(prefix + &suffix);
    }
    terms.sort();
    terms.join(" ")
}

#[test]
fn canonical_xbetza_ignores_term_and_modifier_order_only() {
    assert_eq!(canonical("vWfF"), canonical("fFvW"));
    assert_eq!(canonical("FfsW"), canonical("FsfW"));
    assert_eq!(canonical("B(paf)2cB"), "(paf)2cB B");
    assert_ne!(canonical("fabW"), canonical("afbW"));
    assert_ne!(canonical("NN"), canonical("N"));
    assert_ne!(canonical("fR"), canonical("fR2"));
}

fn summary_of(koma: &str) -> Summary {
    let loaded = koma_compiler::load_source("imported.koma", koma, &MemoryLoader::new());
    summary(&checked(loaded, "the imported file"))
}

/// Differences between an imported summary and a shipped one, as readable lines.
fn differences(imported: &Summary, shipped: &Summary) -> Vec<String> {
    let mut out = Vec::new();
    let ids: BTreeSet<&String> = imported
        .pieces
        .keys()
        .chain(shipped.pieces.keys())
        .collect();
    for id in ids {
        let (a, b) = (imported.pieces.get(id), shipped.pieces.get(id));
        if a != b {
            out.push(format!("piece {id}: imported {a:?}, shipped {b:?}"));
        }
    }
    for only in imported.setup.symmetric_difference(&shipped.setup) {
        let side = if imported.setup.contains(only) {
            "imported"
        } else {
            "shipped"
        };
        out.push(format!("setup: only {side} has {only:?}"));
    }
    if imported.zone != shipped.zone {
        let depth = |z: &[(u8, u8)]| z.iter().map(|c| c.1).collect::<BTreeSet<_>>().len();
        let (a, b) = (depth(&imported.zone), depth(&shipped.zone));
        out.push(format!("zone: imported {a} ranks, shipped {b}"));
    }
    if imported.royals != shipped.royals {
        out.push(format!(
            "royals: imported {:?}, shipped {:?}",
            imported.royals, shipped.royals
        ));
    }
    out
}

/// The seed blocks import into files that agree with the shipped variants, except where the
/// shipped file documents a correction.
fn agrees_with_shipped(fixture: &str, variant: &str, corrections: &[&str]) {
    let (_, imported) = run(Path::new(fixture));
    let koma = imported.koma.expect("the seed block imports");
    let shipped = summary(&checked(koma_compiler::load(Path::new(variant)), variant));
    let diffs = differences(&summary_of(&koma), &shipped);
    assert_eq!(diffs, corrections, "imported {fixture} vs {variant}");
}

/// Suzumu and Kuuzen Dai: the diagrams' Free Eagle `caF` may turn 45 degrees after its
/// capture; the shipped files spell the prose's diagonal continuations (docs/seed-rulings.md 29).
const FREE_EAGLE_Q: &str = r#"piece +Q: imported Some(("A D Q caF mcabF", [])), shipped Some(("A D Q cafF casF mcabF", []))"#;
const FREE_EAGLE_FE: &str = r#"piece FE: imported Some(("A D Q caF mcabF", [])), shipped Some(("A D Q cafF casF mcabF", []))"#;

#[test]
fn kuuzen_dai_agrees_with_the_shipped_variant_but_for_the_zone() {
    // docs/seed-rulings.md §6 item 10: the block's promoZone=4 is a slip; Dai Shogi's is 5.
    // Item 29: the Free Eagle's continuations follow the prose.
    // §3: the block spells the Horned Falcon's and Soaring Eagle's lion legs `fmabW`/`fmabF`,
    // the Dai Shogi file `fabW`/`fabF`: the same moves (a non-final leg is move-only anyway).
    let corrections = [
        r#"piece +DH: imported Some(("B bsR fD fW fcavW fmabW", [])), shipped Some(("B bsR fD fW fabW fcavW", []))"#,
        r#"piece +DK: imported Some(("R bB fA fF fcavF fmabF", [])), shipped Some(("R bB fA fF fabF fcavF", []))"#,
        FREE_EAGLE_Q,
        "zone: imported 4 ranks, shipped 5",
    ];
    agrees_with_shipped(
        "tests/fixtures/import/ok/kuuzen-dai-shogi.id",
        "variants/kuuzen-dai-shogi.koma",
        &corrections,
    );
}

#[test]
fn suzumu_agrees_with_the_shipped_variant_but_for_the_fire_demon_burns() {
    // The block spells the Fire Demon's burns as locust legs (`mpacab`); the shipped file moves
    // them into its `burn` rule (choose 2, immune Fire Demons), which the runtime adds to the
    // piece's moves, so its Fire Demon string is the block's without the burn terms.
    let demon = r#"imported Some(("(a)2K (a)2mpacabK (a)2mpacabmpacabK hsQ mcab(mpacab)1K shy(mpacab)2Q", [])), shipped Some(("(a)2K hsQ mcab(mpacab)1K", []))"#;
    // The Free Eagle's `caF` becomes `cafFcasF`: two diagonal steps, as the prose says
    // (docs/seed-rulings.md 29).
    let corrections = [
        FREE_EAGLE_Q.to_string(),
        format!("piece +WB: {demon}"),
        format!("piece FD: {demon}"),
        FREE_EAGLE_FE.to_string(),
    ];
    let corrections: Vec<&str> = corrections.iter().map(String::as_str).collect();
    agrees_with_shipped(
        "tests/fixtures/import/ok/suzumu-shogi.id",
        "variants/suzumu-shogi.koma",
        &corrections,
    );
}

#[test]
fn the_summary_sees_every_kind_of_difference() {
    let (_, imported) = run(Path::new("tests/fixtures/import/ok/holes-rotate.id"));
    let koma = imported.koma.expect("imports");
    let changed = koma
        .replace("K       royal", "W       royal")
        .replace("promotion zone 2", "promotion zone 3")
        .replace("  K  c0", "  K  d0");
    assert_ne!(koma, changed);
    let diffs = differences(&summary_of(&koma), &summary_of(&changed));
    assert!(diffs.iter().any(|d| d.starts_with("piece K:")), "{diffs:?}");
    assert!(diffs.iter().any(|d| d.starts_with("zone:")), "{diffs:?}");
    assert!(diffs.iter().any(|d| d.starts_with("setup:")), "{diffs:?}");
}

fn koma(args: &[&str], stdin: &str) -> std::process::Output {
    use std::io::Write;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_koma"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("koma runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("stdin written");
    child.wait_with_output().expect("koma finishes")
}

#[test]
fn cli_writes_to_stdout_or_a_file_and_reports_to_stderr() {
    let fixture = "tests/fixtures/import/ok/kuuzen-dai-shogi.id";
    let out = koma(&["import", fixture], "");
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8(out.stdout).expect("utf-8");
    assert!(stdout.contains("variant \"Kuuzen Dai Shogi\""), "{stdout}");
    let stderr = String::from_utf8(out.stderr).expect("utf-8");
    assert!(
        stderr.contains("warning[I008]") && stderr.contains(":1:994"),
        "{stderr}"
    );

    let dir = std::env::temp_dir().join(format!("koma-import-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let target = dir.join("kuuzen.koma");
    let out = koma(
        &[
            "import",
            fixture,
            "-o",
            target.to_str().expect("utf-8 path"),
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.is_empty());
    assert_eq!(std::fs::read_to_string(&target).expect("written"), stdout);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn cli_reads_stdin_and_exits_1_on_errors_2_on_usage() {
    let out = koma(&["import", "-"], "files=5 ranks=5 king:K:K:k:c1");
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("variant \"Imported\""));

    let out = koma(&["import", "-"], "files=5 ranks=5 king:K:K:k:c9");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        out.stdout.is_empty(),
        "nothing is written when there are errors"
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("error[I005]") && stderr.contains("<stdin>:1:28"),
        "{stderr}"
    );

    assert_eq!(koma(&["import"], "").status.code(), Some(2));
    assert_eq!(
        koma(&["import", "no/such/file.id"], "").status.code(),
        Some(1)
    );
}

#[test]
fn never_panics_on_truncated_or_garbled_blocks() {
    let mut sources = SourceMap::default();
    let file = sources.add("garbled.id", String::new());
    let inserts = [
        "é,,",
        "=",
        ":",
        " ",
        "\n",
        "-z99",
        "firstRank=99999999999 ",
        ",,a1-",
    ];
    for fixture in ["symmetry-none", "holes-rotate", "mirror-explicit"] {
        let path = format!("tests/fixtures/import/ok/{fixture}.id");
        let text = std::fs::read_to_string(path).expect("fixture");
        for (cut, _) in text.char_indices() {
            let _ = import(file, &text[..cut], "T");
            let mut garbled = text.clone();
            garbled.insert_str(cut, inserts[cut % inserts.len()]);
            let _ = import(file, &garbled, "T");
        }
    }
    let odd = [
        "",
        "=",
        ":::::",
        "files=0",
        "ranks=-1",
        "royal=0",
        "firstRank=-3",
        "x:::::,,,,",
        "promoOffset=9 a:A:W:a:a1",
    ];
    for text in odd {
        let _ = import(file, text, "T");
    }
}

#[test]
fn every_import_code_has_a_fixture() {
    let mut seen = String::new();
    for dir in ["tests/fixtures/import/ok", "tests/fixtures/import/error"] {
        for entry in std::fs::read_dir(dir).expect("fixture folder") {
            let (text, imported) = run(&entry.expect("entry").path());
            seen += &render(&text, &imported.diagnostics);
        }
    }
    for entry in std::fs::read_dir("tests/fixtures/import/fsf").expect("fixture folder") {
        let text = std::fs::read_to_string(entry.expect("entry").path()).expect("readable");
        seen += &fsf(&text, None).1;
    }
    // I027 (XBetza that does not check) is covered by a unit test in compiler/src/import.
    let missing: Vec<&str> = koma_compiler::import::codes::CODES
        .iter()
        .map(|(code, ..)| *code)
        .filter(|code| *code != "I027" && !seen.contains(&format!("[{code}]")))
        .collect();
    assert!(missing.is_empty(), "codes without a fixture: {missing:?}");
}

/// Perft of the start position of a checked variant.
fn perft(variant: &koma_compiler::ir::Variant, depth: u32) -> u64 {
    let tables = koma_compiler::emit_tables(variant).expect("valid tables");
    let mut start = koma_runtime::Position::start(tables).expect("the variant has a setup");
    start.perft(depth)
}

#[test]
fn imported_games_play_like_the_shipped_ones() {
    let pairs = [
        ("chess-defaults", "variants/chess.koma", 3),
        ("kuuzen-dai-shogi", "variants/kuuzen-dai-shogi.koma", 2),
        // Shallow enough that no Fire Demon burn (block: locust legs; shipped: burn rule) and
        // no promotion-zone difference (Kuuzen: 4 vs 5 ranks) can show.
        ("suzumu-shogi", "variants/suzumu-shogi.koma", 2),
    ];
    for (fixture, variant, depth) in pairs {
        let (_, imported) = run(Path::new(&format!("tests/fixtures/import/ok/{fixture}.id")));
        let koma = imported.koma.expect("imports");
        let loaded = koma_compiler::load_source("imported.koma", &koma, &MemoryLoader::new());
        let ours = perft(&checked(loaded, fixture), depth);
        let shipped = perft(
            &checked(koma_compiler::load(Path::new(variant)), variant),
            depth,
        );
        assert_eq!(
            ours, shipped,
            "perft {depth}: imported {fixture} vs {variant}"
        );
    }
}

/// What `koma import` writes is linted like any file: a Grand Chess-like block (promotion zone
/// of three ranks on ten, entered only on `enter`, the pawn forced on the last rank alone) gives
/// a pawn that steps from the 9th to the 10th rank without promoting and is stuck there.
#[test]
fn imported_deep_zone_pawns_are_caught_by_the_stuck_lint() {
    let block = "files=10\nranks=10\npromoZone=3\npawn::::a3-j3\nqueen::::e1\nking::::f1\n";
    let out = koma(&["import", "-"], block);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let dir = std::env::temp_dir().join(format!("koma-import-lint-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("deep-zone.koma");
    std::fs::write(&path, &out.stdout).expect("imported file written");
    let lint = koma(&["lint", &path.display().to_string()], "");
    let text = String::from_utf8_lossy(&lint.stdout);
    assert!(text.contains("L005"), "{text}");
    assert!(text.contains("`P` can get stuck on `"), "{text}");
}

/// The tutorial's table of Interactive Diagram settings says what `koma import` writes for
/// `holdingsType`: the value in its first column, imported, gives the clause in its second.
#[test]
fn the_tutorial_translates_holdings_type_as_import_does() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tutorial = std::fs::read_to_string(root.join("docs/tutorial.md")).expect("tutorial");
    let row = tutorial
        .lines()
        .find(|l| l.starts_with("| `holdingsType="))
        .expect("a holdingsType row");
    let quoted: Vec<&str> = row.split('`').skip(1).step_by(2).collect();
    let (setting, clause) = (quoted[0], quoted[1]);
    let block =
        format!("files=5 ranks=5 {setting} symmetry=rotate\nking:K:K::c1\ngold:G:WfF::b1,d1\n");
    let mut sources = SourceMap::default();
    let file = sources.add("tutorial.id".to_string(), block.clone());
    let koma = import(file, &block, "tutorial").koma.expect("imports");
    assert!(
        koma.lines()
            .any(|l| l.trim().split('#').next().unwrap_or("").trim() == clause),
        "the tutorial says `{setting}` is `{clause}`; koma import wrote:\n{koma}"
    );
}

/// Imports `section` of the ini `text`: the .koma text (if any) and the rendered diagnostics.
fn fsf(text: &str, section: Option<&str>) -> (Option<String>, String) {
    let mut sources = SourceMap::default();
    let file = sources.add("variants.ini", text);
    let imported = koma_compiler::import::fsf::import(file, text, section);
    let rendered = render(text, &imported.diagnostics);
    (imported.koma, rendered)
}

#[test]
fn fsf_sections_follow_built_in_parents_and_translate_the_readings() {
    // Pawnback's Pawn may step back onto its second rank: Fairy-Stockfish's `i` is "stands on
    // the double-step rank", so the double step lives on a region, not on "never moved".
    let ini = "[a:pawnback]\n\n[b:chess]\ncustomPiece1 = c:fKifmnD\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNC w Qkq - 0 1\n";
    let (koma, diags) = fsf(ini, Some("a"));
    let koma = koma.expect("pawnback imports");
    assert_eq!(diags, "", "{koma}");
    assert!(koma.contains("region doublestep a2-h2"), "{koma}");
    let words = |k: &str| k.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words(&koma)
            .contains("fbmWfceF promotes N B R Q in doublestep fbmWfceFfmnnD confined keepp"),
        "{koma}"
    );
    // `fK` is three squares for Fairy-Stockfish; a child section inherits an earlier one.
    let (koma, diags) = fsf(ini, Some("b"));
    let koma = koma.expect("b imports");
    assert!(
        words(&koma).contains("\"Custom Piece 1\" fWfF in doublestep fWfFfmnnD"),
        "{koma}{diags}"
    );
    let loaded = koma_compiler::load_source("b.koma", &koma, &MemoryLoader::new());
    checked(loaded, "the imported file");
}

#[test]
fn fsf_regions_that_differ_by_side_are_written_per_side() {
    let ini = "[c:chess]\ndoubleStepRegionBlack = *6\npromotionRegionBlack = *1 *2\n";
    let (koma, diags) = fsf(ini, Some("c"));
    let koma = koma.unwrap_or_else(|| panic!("{diags}"));
    assert!(koma.contains("region doublestep first a2-h2"), "{koma}");
    assert!(koma.contains("region doublestep second a6-h6"), "{koma}");
    assert!(koma.contains("promotion zone first 1"), "{koma}");
    assert!(koma.contains("promotion zone second 2"), "{koma}");
}

/// Fairy-Stockfish sees a check only on its King type: `dropChecks = false` bars checking drops
/// in Crazyhouse, and nothing in Atomic's kin, whose royal is a pseudo-royal Commoner
/// (atomiczh's Knight drops that check the King are legal for pyffish 0.0.90).
#[test]
fn fsf_drop_checks_bar_nothing_without_a_king() {
    let ini = "[zh:crazyhouse]\ndropChecks = false\n\n\
               [azh:atomic]\ndropChecks = false\npieceDrops = true\ncapturesToHand = true\n";
    let clause = |k: &str| k.lines().any(|l| l.trim() == "drop no-check");
    let (koma, diags) = fsf(ini, Some("zh"));
    let koma = koma.unwrap_or_else(|| panic!("{diags}"));
    assert!(clause(&koma), "{koma}");
    let (koma, diags) = fsf(ini, Some("azh"));
    let koma = koma.unwrap_or_else(|| panic!("{diags}"));
    assert!(!clause(&koma), "{koma}");
    assert!(koma.contains("`dropChecks = false` not kept"), "{koma}");
    let loaded = koma_compiler::load_source("azh.koma", &koma, &MemoryLoader::new());
    checked(loaded, "the imported file");
}

/// Janggi's material tiebreak lists only the pieces the written file has: a section whose start
/// position leaves the Cannons out writes no `C` (which would not check).
#[test]
fn fsf_janggi_tiebreak_lists_only_the_pieces_in_play() {
    let ini = "[a:janggi]\ncannon = -\n\
               startFen = rnba1abnr/4k4/9/p1p1p1p1p/9/9/P1P1P1P1P/9/4K4/RNBA1ABNR w - - 0 1\n";
    let (koma, diags) = fsf(ini, Some("a"));
    let koma = koma.unwrap_or_else(|| panic!("{diags}"));
    let tiebreak = koma
        .lines()
        .find(|l| l.trim().starts_with("tiebreak material"))
        .unwrap_or_else(|| panic!("no tiebreak:\n{koma}"));
    assert_eq!(
        tiebreak.trim(),
        "tiebreak material R 13, N 5, B 3, A 3, P 2, komi second 1.5"
    );
    let loaded = koma_compiler::load_source("a.koma", &koma, &MemoryLoader::new());
    checked(loaded, "the imported file");
}

/// A hop's range counts from the mover in Fairy-Stockfish: `pB2` is the hurdle next to the
/// mover and the landing right behind it, written leg by leg (Cannon Shogi).
#[test]
fn fsf_ranged_hops_are_written_leg_by_leg() {
    let ini = "[c:chess]\ncustomPiece1 = w:mRpRmFpB2\ncustomPiece2 = f:pR3\n\
               startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKWFR w - - 0 1\n";
    let (koma, diags) = fsf(ini, Some("c"));
    let koma = koma.unwrap_or_else(|| panic!("{diags}"));
    assert!(koma.contains("mRpRmFpafF"), "{koma}");
    assert!(koma.contains("pafWpafmafWmafpafW"), "{koma}");
}

#[test]
fn fsf_start_side_becomes_to_move() {
    // Argess: Black moves first (`b` in the start FEN); a `w` writes no line.
    let ini = "[a:chess]\nstartFen = 4k3/8/8/8/8/8/8/4K2R b - - 0 1\n\
               [b:chess]\nstartFen = 4k3/8/8/8/8/8/8/4K2R w - - 0 1\n";
    let (koma, diags) = fsf(ini, Some("a"));
    let koma = koma.expect("a imports");
    assert!(!diags.contains("I013"), "{diags}");
    assert!(koma.contains("\n  to-move second\n"), "{koma}");
    let loaded = koma_compiler::load_source("a.koma", &koma, &MemoryLoader::new());
    let tables = loaded.tables().expect("the imported file compiles");
    let start = koma_runtime::Position::start(tables).expect("a start position");
    assert_eq!(start.side_to_move(), koma_runtime::spec::Player::Second);
    let (koma, _) = fsf(ini, Some("b"));
    assert!(!koma.expect("b imports").contains("to-move"));
}

#[test]
fn fsf_cannons_hop_along_long_diagonal_lines_and_lame_camels_stay() {
    // Elgam's lines run four steps from the palace's corner: the Cannon hops along them, the
    // hurdle and the landing on the line (a hop whose range counts from the mover).
    let ini = "[a]\nmaxRank = 10\nmaxFile = 11\nking = k\njanggiCannon = c\ncustomPiece1 = o:nCmR\n\
               diagonalLines = c5 d4 e3 f2 g1 e1 g3 h4 i5 c6 d7 e8 f9 g10 e10 g8 h7 i6\n\
               startFen = 11/5k5/11/11/11/11/11/11/4K6/O5C4 w - - 0 1\n";
    let (koma, diags) = fsf(ini, Some("a"));
    let koma = koma.expect("a imports");
    assert!(!diags.contains("I013"), "{diags}");
    // From g1 towards c5: the hurdle one, two or three points out, the landing beyond.
    assert!(
        koma.contains("flpafFflpafmafFflpafmafmafFflmafpafF"),
        "{koma}"
    );
    assert!(diags.contains("warning[I037]"), "{diags}");
    assert!(koma.contains("\"Custom Piece 1\"  mR "), "{koma}");
    let loaded = koma_compiler::load_source("a.koma", &koma, &MemoryLoader::new());
    checked(loaded, "the imported file");
}

#[test]
fn fsf_errors_are_located_in_the_ini() {
    let ini = "[a:nosuch]\n[b:chess]\ncustomPiece1 = g:gB2\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNG w - - 0 1\n[c:chess]\nenPassantRegionBlack = *6\n[d:chess]\nconnectNxN = 2\n[e:chess]\nconnectN = 4\nconnectDiagonal = false\n";
    let (_, several) = fsf(ini, None);
    assert!(
        several.contains("error[I029]") && several.contains("--section"),
        "{several}"
    );
    let (koma, unknown) = fsf(ini, Some("a"));
    assert!(
        koma.is_none() && unknown.starts_with("error[I030] 1:4-1:10"),
        "{unknown}"
    );
    let (_, hop) = fsf(ini, Some("b"));
    assert!(
        hop.contains("error[I033] 3:1-3:21") && hop.contains("hopper's range"),
        "{hop}"
    );
    let (_, region) = fsf(ini, Some("c"));
    assert!(region.contains("error[I033] 6:1-6:26"), "{region}");
    let (koma, gap) = fsf(ini, Some("d"));
    assert!(gap.contains("warning[I013] 8:1-8:15"), "{gap}");
    assert!(
        koma.expect("written with a comment")
            .contains("# Not translated: `connectNxN = 2`.")
    );
    // `connectN` is a goal row, along the lines left on.
    let (koma, _) = fsf(ini, Some("e"));
    let koma = koma.expect("connect-N translates");
    assert!(koma.contains(" row 4 ranks files\n"), "{koma}");
}

#[test]
fn fsf_kingless_games_and_the_antichess_options_map_to_clauses() {
    let clauses = |koma: &str| -> Vec<String> {
        koma.lines()
            .map(|l| {
                l.split('#')
                    .next()
                    .unwrap_or("")
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .filter(|l| !l.is_empty())
            .collect()
    };
    // No `king` and no extinction: nothing is royal, nothing is ever in check.
    let ini = "[a]\ncustomPiece1 = x:mfWcfF\nstartFen = xxxx/4/4/XXXX w - - 0 1\nmaxRank = 4\nmaxFile = 4\nstalemateValue = loss\n\
               [b:chess]\nking = -\ncommoner = k\nmustCapture = true\nstalemateValue = win\nextinctionValue = win\nextinctionPieceTypes = *\n\
               [c:chess]\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1\ncheckCounting = true\n\
               [d:chess]\nstartFen = 4k3/8/8/8/8/8/PPPPPPPP/8 w - - 0 1\nextinctionValue = loss\nextinctionPieceTypes = *\n\
               [e:chess]\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+2 0 1\ncheckCounting = true\n\
               [f:chess]\ncheckCounting = true\n";
    for (section, want) in [
        ("a", &["win extinction", "stalemate loses"][..]),
        (
            "b",
            &[
                "win extinction",
                "no-pieces wins",
                "captures compulsory",
                "stalemate wins",
            ],
        ),
        ("c", &["win checkmate", "check 3 wins"]),
        ("d", &["win checkmate", "no-pieces loses"]),
    ] {
        let (koma, diags) = fsf(ini, Some(section));
        let koma = koma.unwrap_or_else(|| panic!("{section} imports: {diags}"));
        assert_eq!(diags, "", "{section}: {koma}");
        let lines = clauses(&koma);
        for clause in want {
            assert!(
                lines.iter().any(|l| l == clause),
                "{section} lacks `{clause}`:\n{koma}"
            );
        }
        assert!(!lines.iter().any(|l| l.starts_with("royal")), "{koma}");
        let loaded = koma_compiler::load_source("s.koma", &koma, &MemoryLoader::new());
        checked(loaded, section);
    }
    // Check counting needs one count for both players; a FEN without one makes the first
    // check win, as Fairy-Stockfish reads it (Check Shogi).
    let (_, gap) = fsf(ini, Some("e"));
    assert!(
        gap.contains("warning[I013]") && gap.contains("a different count for each player"),
        "{gap}"
    );
    let (koma, _) = fsf(ini, Some("f"));
    let koma = koma.expect("f imports");
    assert!(clauses(&koma).iter().any(|l| l == "check 1 wins"), "{koma}");
}

#[test]
fn fsf_explosions_and_pseudo_royal_pieces_map_to_clauses() {
    let clauses = |koma: &str| -> Vec<String> {
        koma.lines()
            .map(|l| {
                l.split('#')
                    .next()
                    .unwrap_or("")
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .filter(|l| !l.is_empty())
            .collect()
    };
    let ini = "[a:atomic]\n[b:nocheckatomic]\n\
               [c:chess]\namazon = m\nstartFen = 3mm3/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1\nextinctionValue = loss\nextinctionPieceTypes = m\nextinctionPseudoRoyal = true\n\
               [d:chess]\nking = -\ncommoner = k\nextinctionValue = loss\nextinctionPieceTypes = k\nextinctionPseudoRoyal = true\npromotionPieceTypes = nbrqk\ncapturesToHand = true\npieceDrops = true\n\
               [e:atomic]\ncapturesToHand = true\npieceDrops = true\n";
    for (section, want) in [
        ("a", &["win checkmate", "explode immune P"][..]),
        ("b", &["win extinction", "explode immune P"]),
        ("c", &["win checkmate", "check last-royal-only"]),
    ] {
        let (koma, diags) = fsf(ini, Some(section));
        let koma = koma.unwrap_or_else(|| panic!("{section} imports: {diags}"));
        assert_eq!(diags, "", "{section}: {koma}");
        let lines = clauses(&koma);
        for clause in want {
            assert!(
                lines.iter().any(|l| l == clause),
                "{section} lacks `{clause}`:\n{koma}"
            );
        }
        assert!(
            lines.iter().any(|l| l.ends_with(" royal")),
            "{section}: a royal\n{koma}"
        );
        let loaded = koma_compiler::load_source("s.koma", &koma, &MemoryLoader::new());
        checked(loaded, section);
    }
    // A promotion can add a pseudo-royal King that can then be taken and dropped: Fairy-Stockfish
    // guards a dropped one whatever the count, koma's royals would read it otherwise.
    let (_, gap) = fsf(ini, Some("d"));
    assert!(
        gap.contains("warning[I013]") && gap.contains("pseudo-royal"),
        "{gap}"
    );
    // Exploded pieces to hand (Atomic Crazyhouse): `explode` beside `captures to-hand`, each
    // exploded piece going to its owner's opponent in both readings.
    let (koma, diags) = fsf(ini, Some("e"));
    assert!(!diags.contains("warning[I013]"), "{diags}");
    let koma = koma.unwrap_or_default();
    assert!(
        koma.contains("\n  explode") && koma.contains("\n  captures to-hand"),
        "{koma}"
    );
}

/// Fairy-Stockfish's game-end options: `nFoldValue` (for the side to move, or White with
/// `nFoldValueAbsolute`), extinction by counts and of several types, `materialCounting` and
/// `stalematePieceCount` become `repetition`, `extinction`, `tiebreak` and `stalemate` clauses.
#[test]
fn fsf_walling_rules_become_wall_clauses_or_vanishing_squares() {
    let ini = "[a:duck]\n[b:amazons]\n[c:isolation]\n[d:snailtrail]\n\
               [e:chess]\nwallingRule = edge\nwallOrMove = true\n\
               [f:chess]\nwallingRule = duck\nwallingRegionWhite = *1\nwallingRegionBlack = *8\n";
    for (section, want) in [
        ("a", "\n  wall moving\n"),
        ("b", "\n  wall shot\n"),
        ("c", "\n  wall anywhere except c1 d8\n"),
        (
            "d",
            "\n  vanishing a1-g1 a2-g2 a3-g3 a4-g4 a5-g5 a6-g6 a7-g7\n",
        ),
    ] {
        let (koma, diags) = fsf(ini, Some(section));
        let koma = koma.unwrap_or_else(|| panic!("{section} imports: {diags}"));
        assert_eq!(diags, "", "{section}: {koma}");
        assert!(koma.contains(want), "{section} lacks `{want}`:\n{koma}");
        let loaded = koma_compiler::load_source("s.koma", &koma, &MemoryLoader::new());
        checked(loaded, section);
    }
    // A blocker instead of a move, and regions that differ by player: gaps.
    for section in ["e", "f"] {
        let (_, gap) = fsf(ini, Some(section));
        assert!(gap.contains("warning[I013]"), "{section}: {gap}");
    }
}

#[test]
fn fsf_game_end_options_become_clauses() {
    let ini = "[a:chess]\nnFoldValue = loss\n\
               [b:chess]\nnFoldRule = 4\nnFoldValue = loss\nnFoldValueAbsolute = true\n\
               [c:chess]\nmaterialCounting = blackdrawodds\nnFoldValue = win\n\
               [d:chess]\nking = -\ncommoner = k\ncastlingKingPiece = k\nstartFen = knbqkbnk/pppppppp/8/8/8/8/PPPPPPPP/KNBQKBNK w - - 0 1\nextinctionValue = loss\nextinctionPieceTypes = k\nextinctionPieceCount = 2\n\
               [e:chess]\nextinctionValue = loss\nextinctionPieceTypes = *\nextinctionPieceCount = 1\nextinctionOpponentPieceCount = 2\n\
               [f:chess]\nking = -\ncommoner = k\ncastlingKingPiece = k\nstalemateValue = win\nstalematePieceCount = true\nextinctionValue = loss\nextinctionPieceTypes = kqrbnp\n\
               [g:chess]\nmaterialCounting = unweighted\n";
    for (section, want) in [
        ("a", &["win checkmate", "repetition 3 wins"][..]),
        ("b", &["repetition 4 first loses"]),
        ("c", &["tiebreak second", "repetition 3 loses"]),
        ("d", &["win extinction", "extinction K loses at 2"]),
        (
            "e",
            &[
                "win checkmate",
                "extinction all loses at 1 if-opponent-has 2",
            ],
        ),
        (
            "f",
            &[
                "stalemate fewer-pieces-wins",
                "extinction K Q R B N P loses",
            ],
        ),
        ("g", &["tiebreak pieces", "draw repetition 3"]),
    ] {
        let (koma, diags) = fsf(ini, Some(section));
        let koma = koma.unwrap_or_else(|| panic!("{section} imports: {diags}"));
        assert_eq!(diags, "", "{section}: {koma}");
        let lines: Vec<String> = koma
            .lines()
            .map(|l| l.split('#').next().unwrap_or("").trim().to_string())
            .filter(|l| !l.is_empty())
            .collect();
        for clause in want {
            assert!(
                lines.iter().any(|l| l == clause),
                "{section} lacks `{clause}`:\n{koma}"
            );
        }
        let loaded = koma_compiler::load_source("s.koma", &koma, &MemoryLoader::new());
        checked(loaded, section);
    }
}

#[test]
fn fsf_janggi_and_castling_by_side_translate() {
    // Janggi's Cannon, Elephant, palace lines, bikjang and passing, as the shipped file has them.
    let (koma, diags) = fsf("[j:janggi]\n", Some("j"));
    let koma = koma.expect("janggi imports");
    assert!(
        !diags.contains("error") && !diags.contains("I013"),
        "{diags}\n{koma}"
    );
    let loaded = koma_compiler::load_source("imported.koma", &koma, &MemoryLoader::new());
    let ours = perft(&checked(loaded, "janggi"), 3);
    let shipped = koma_compiler::load(Path::new("variants/janggi.koma"));
    assert_eq!(ours, perft(&checked(shipped, "janggi"), 3), "{koma}");
    // Janus castles four squares towards i and three towards b: `castling to i b`, the same
    // files for both players, as Fairy-Stockfish's castling files are.
    let (koma, diags) = fsf("[j:janus]\n", Some("j"));
    let koma = koma.expect("janus imports");
    assert!(!diags.contains("I013"), "{diags}\n{koma}");
    assert!(
        koma.lines().any(|l| l.trim() == "castling to i b"),
        "{koma}"
    );
    let loaded = koma_compiler::load_source("janus.koma", &koma, &MemoryLoader::new());
    let janus = koma_compiler::emit_tables(&checked(loaded, "janus")).expect("valid tables");
    // Both players castle to b and i (the second player's castling is not rotated).
    for (fen, castling, back_rank) in [
        (
            "r3k4r/10/10/10/10/10/10/R3K4R w KQkq - 0 1",
            "e1a1",
            "1KR6R",
        ),
        (
            "r3k4r/10/10/10/10/10/10/R3K4R w KQkq - 0 1",
            "e1j1",
            "R6RK1",
        ),
        (
            "r3k4r/10/10/10/10/10/10/R3K4R b KQkq - 0 1",
            "e8a8",
            "1kr6r",
        ),
        (
            "r3k4r/10/10/10/10/10/10/R3K4R b KQkq - 0 1",
            "e8j8",
            "r6rk1",
        ),
    ] {
        let mut p = koma_runtime::Position::from_text(janus.clone(), fen).expect("a position");
        let m = p.parse_move(castling).expect("a castling");
        p.make(&m);
        let text = p.to_text();
        let ranks: Vec<&str> = text.split(' ').next().unwrap_or("").split('/').collect();
        let rank = if castling.ends_with('1') {
            ranks[7]
        } else {
            ranks[0]
        };
        assert_eq!(rank, back_rank, "{castling}: {text}");
    }
}
