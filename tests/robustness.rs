//! Damaged variant files never panic or hang, and what they report is located in the file.

use crate::support;
use support::variant_files;

use std::cell::Cell;
use std::path::Path;

use proptest::prelude::*;
use proptest::test_runner::{RngAlgorithm, TestRng, TestRunner};

use koma_compiler::loader::DiskLoader;

/// A char boundary at or before `i`.
fn boundary(text: &str, mut i: usize) -> usize {
    i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// One kind of damage, placed at a fraction of the file.
#[derive(Clone, Debug)]
enum Damage {
    /// Delete the character there.
    Delete,
    /// Insert one of a few troublesome characters.
    Insert(char),
    /// Swap two neighbouring words of the line there.
    Swap,
    /// Cut the file short there.
    Cut,
    /// Overwrite the byte there.
    Byte(u8),
}

fn damage_strategy() -> impl Strategy<Value = Damage> {
    prop_oneof![
        Just(Damage::Delete),
        proptest::sample::select(vec![
            'x', '#', '"', '-', '(', '9', ' ', '\n', 'é', '+', 'Q', ',', '.'
        ])
        .prop_map(Damage::Insert),
        Just(Damage::Swap),
        Just(Damage::Cut),
        any::<u8>().prop_map(Damage::Byte),
    ]
}

/// `text` with `damage` at `at` (a fraction of its length, in thousandths).
fn damage(text: &str, damage: &Damage, at: usize, word: usize) -> String {
    let at = boundary(text, text.len() * at / 1000);
    match damage {
        Damage::Delete => {
            let mut s = text.to_string();
            if at < s.len() {
                s.remove(at);
            }
            s
        }
        Damage::Insert(c) => {
            let mut s = text.to_string();
            s.insert(at, *c);
            s
        }
        Damage::Swap => {
            let line = text[..at].matches('\n').count();
            let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
            if let Some(l) = lines.get_mut(line) {
                let mut words: Vec<&str> = l.split_whitespace().collect();
                if words.len() >= 2 {
                    let i = word % (words.len() - 1);
                    words.swap(i, i + 1);
                }
                *l = words.join(" ");
            }
            lines.join("\n")
        }
        Damage::Cut => text[..at].to_string(),
        Damage::Byte(b) => {
            let mut bytes = text.as_bytes().to_vec();
            if let Some(x) = bytes.get_mut(at) {
                *x = *b;
            }
            String::from_utf8_lossy(&bytes).into_owned()
        }
    }
}

/// Property: a damaged copy of any shipped variant loads without a panic, every diagnostic
/// is an error code located inside its file, and a variant comes out exactly when there is no
/// error. Over all cases, most damaged copies must be flagged.
#[test]
fn damaged_variants_never_panic_and_report_located_errors() {
    let files: Vec<(String, String)> = variant_files()
        .iter()
        .map(|p| {
            let text = std::fs::read_to_string(p).expect("variant file");
            (p.display().to_string(), text)
        })
        .collect();
    let (damaged, flagged) = (Cell::new(0usize), Cell::new(0usize));
    let config = ProptestConfig {
        cases: 40 * files.len() as u32,
        failure_persistence: None,
        ..ProptestConfig::default()
    };
    let mut runner =
        TestRunner::new_with_rng(config, TestRng::deterministic_rng(RngAlgorithm::ChaCha));
    let strategy = (
        0..files.len(),
        damage_strategy(),
        0..1000usize,
        any::<usize>(),
    );
    let result = runner.run(&strategy, |(file, kind, at, word)| {
        let (name, text) = &files[file];
        let copy = damage(text, &kind, at, word);
        if copy == *text {
            return Ok(());
        }
        let loaded = koma_compiler::load_source(name, &copy, &DiskLoader);
        damaged.set(damaged.get() + 1);
        flagged.set(flagged.get() + usize::from(loaded.has_errors()));
        for d in &loaded.diagnostics {
            let file = loaded
                .sources
                .get(d.primary.location.file)
                .expect("diagnostic file is known");
            let (start, end) = (d.primary.location.span.start, d.primary.location.span.end);
            prop_assert!(
                start <= end && end <= file.text.len(),
                "{}: {} out of the file: {}..{}",
                name,
                d.code,
                start,
                end
            );
            prop_assert!(
                !d.message.is_empty() && d.code.starts_with('E'),
                "{}: {:?}",
                name,
                d
            );
        }
        prop_assert_eq!(loaded.variant.is_some(), !loaded.has_errors());
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    // Damage inside comments, names or whitespace can leave a valid file (about three copies
    // in five do here); a checker that stopped flagging the rest fails this.
    let (damaged, flagged) = (damaged.get(), flagged.get());
    assert!(
        flagged * 4 > damaged,
        "only {flagged} of {damaged} damaged copies were flagged"
    );
}

/// Every keyword line (metadata, sections, board lines, sides, clauses) with its keyword cut
/// short is an error located on that line.
#[test]
fn every_damaged_keyword_is_caught_on_its_line() {
    for path in variant_files() {
        let text = std::fs::read_to_string(&path).expect("variant file");
        let name = path.display().to_string();
        let mut offset = 0;
        for line in text.split_inclusive('\n') {
            let start = offset;
            offset += line.len();
            let trimmed = line.trim_start();
            let word_len = trimmed
                .find(|c: char| !c.is_ascii_lowercase() && c != '-')
                .unwrap_or(trimmed.len());
            if word_len < 2 {
                continue;
            }
            let cut = start + (line.len() - trimmed.len()) + word_len - 1;
            let mut copy = text.clone();
            copy.remove(cut);
            let loaded = koma_compiler::load_source(&name, &copy, &DiskLoader);
            let on_line = loaded.diagnostics.iter().any(|d| {
                d.is_error()
                    && d.primary.location.file.0 == 0
                    && (start..offset).contains(&d.primary.location.span.start)
            });
            assert!(
                on_line,
                "{name}: cutting `{}` is not reported on its line",
                &trimmed[..word_len]
            );
        }
    }
}

#[test]
fn large_inputs_parse_in_linear_time() {
    let mut text = String::from("variant \"Big\"\nboard 26 x 99\npieces\n");
    for i in 0..20_000 {
        text.push_str(&format!(
            "  P{i} \"Piece {i}\" fW promotes +P{i}   # comment {i}\n"
        ));
    }
    text.push_str(&format!("  X \"Long\" {}\n", "W".repeat(200_000)));
    text.push_str(&format!(
        "rules\n  jump-rank {}\n",
        vec!["K"; 20_000].join(" > ")
    ));
    let loaded = koma_compiler::load_source("big.koma", &text, &DiskLoader);
    assert!(loaded.has_errors(), "too many pieces and unknown `K`");
}

#[test]
fn invalid_utf8_on_disk_is_located() {
    let dir = std::env::temp_dir().join(format!("koma-robustness-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("bytes.koma");
    std::fs::write(
        &path,
        b"variant \"x\"\nboard 3 x 3\npieces\n  K \"K\xff\xfe\" K royal\n",
    )
    .expect("write");
    let loaded = koma_compiler::load(&path);
    let codes: Vec<&str> = loaded.diagnostics.iter().map(|d| d.code.as_str()).collect();
    assert_eq!(codes, ["E0003"]);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn binary_and_compiled_files_get_one_error_without_their_bytes() {
    let dir = std::env::temp_dir().join(format!("koma-robustness-bin-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let binary = dir.join("binary.koma");
    let bytes: Vec<u8> = (0..600u32).map(|i| (i * 131 % 256) as u8).collect();
    std::fs::write(&binary, &bytes).expect("write");
    let loaded = koma_compiler::load(&binary);
    assert_eq!(loaded.diagnostics.len(), 1, "{:?}", loaded.diagnostics);
    assert_eq!(loaded.diagnostics[0].code, "E0003");
    assert!(loaded.diagnostics[0].message.contains("binary file"));

    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("variants/chess.koma");
    let variant = koma_compiler::load(&source)
        .variant
        .expect("chess compiles");
    let compiled = dir.join("chess.kc");
    let spec = koma_compiler::emit(&variant);
    std::fs::write(&compiled, koma_runtime::serialize::encode(&spec)).expect("write");
    let loaded = koma_compiler::load(&compiled);
    assert_eq!(loaded.diagnostics.len(), 1, "{:?}", loaded.diagnostics);
    assert_eq!(loaded.diagnostics[0].code, "E0005");
    assert!(
        loaded.diagnostics[0]
            .message
            .contains("compiled variant file")
    );
    std::fs::remove_dir_all(&dir).ok();
}
