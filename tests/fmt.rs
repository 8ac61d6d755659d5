//! `koma fmt`: idempotent, never changes what a file means (the same tables and the same
//! diagnostics before and after) on every shipped variant, example and test fixture, and every
//! shipped file is already formatted.

use crate::support;

use std::path::{Path, PathBuf};
use std::process::Command;

use koma_compiler::diagnostic::Diagnostic;
use koma_compiler::format::format;
use koma_compiler::loader::DiskLoader;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.koma` file under `dir`, recursively, sorted.
fn koma_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "koma") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The shipped files: variants/ and examples/.
fn shipped() -> Vec<PathBuf> {
    let files = support::variant_files();
    assert!(files.iter().any(|p| p.starts_with(root().join("examples"))));
    files
}

/// What a compilation means: the emitted tables, or the errors and warnings by code and place.
fn meaning(path: &Path, text: &str) -> (Option<koma_runtime::spec::VariantSpec>, Vec<String>) {
    let loaded = koma_compiler::load_source(&path.display().to_string(), text, &DiskLoader);
    let codes = loaded
        .diagnostics
        .iter()
        .map(|d: &Diagnostic| format!("{} {}", d.code, d.message))
        .collect();
    (loaded.variant.as_ref().map(koma_compiler::emit), codes)
}

#[test]
fn formatting_is_idempotent_and_keeps_the_meaning_of_every_file() {
    let mut files = shipped();
    files.extend(koma_files(&root().join("tests/fixtures")));
    files.extend(koma_files(&root().join("fuzz")));
    let mut formatted_count = 0;
    for path in &files {
        let Ok(text) = std::fs::read_to_string(path) else {
            continue; // the not-UTF-8 fixture
        };
        let parse_errors = koma_grammar::parse(&text).errors.len();
        let Ok(once) = format(&text) else {
            assert!(
                parse_errors > 0,
                "{} parses but does not format",
                path.display()
            );
            continue;
        };
        formatted_count += 1;
        let twice = format(&once).expect("formatted text formats");
        assert_eq!(
            twice,
            once,
            "{}: formatting is not idempotent",
            path.display()
        );
        let (before_tables, before_codes) = meaning(path, &text);
        let (after_tables, after_codes) = meaning(path, &once);
        assert!(
            before_tables == after_tables,
            "{}: the tables changed",
            path.display()
        );
        assert_eq!(
            before_codes.len(),
            after_codes.len(),
            "{}: diagnostics changed:\n{before_codes:#?}\n{after_codes:#?}",
            path.display()
        );
        let strip = |codes: Vec<String>| {
            let mut codes: Vec<String> = codes
                .into_iter()
                .map(|c| c.split(' ').next().unwrap_or("").to_string())
                .collect();
            codes.sort();
            codes
        };
        assert_eq!(
            strip(before_codes),
            strip(after_codes),
            "{}",
            path.display()
        );
    }
    assert!(
        formatted_count >= 60,
        "only {formatted_count} files formatted"
    );
}

#[test]
fn the_layout_aligns_tables_orders_sections_and_keeps_comments() {
    let text = "# a test\nvariant \"T\"   # name\n\n\n\nrules\n  win   checkmate # chess\n   stalemate draws\n\n# the pieces\npieces\nK \"King\" K royal\n   QQ \"Queen\"   Q # strong\nsetup mirror\nK e1\n    QQ d1,e2\n# board comes first\nboard 5 x 5\n  holes c3\n";
    let expected = "# a test\nvariant \"T\"  # name\n\n# board comes first\nboard 5 x 5\n  holes c3\n\n# the pieces\npieces\n  K   \"King\"   K  royal\n  QQ  \"Queen\"  Q  # strong\n\nsetup mirror\n  K   e1\n  QQ  d1,e2\n\nrules\n  win checkmate  # chess\n  stalemate draws\n";
    assert_eq!(format(text).expect("formats"), expected);
    assert_eq!(format(expected).expect("formats"), expected);
}

fn koma(dir: &Path, args: &[&str]) -> (Option<i32>, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_koma"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .expect("koma runs");
    let mut text = String::from_utf8_lossy(&output.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&output.stderr));
    (output.status.code(), text)
}

#[test]
fn every_shipped_file_passes_fmt_check() {
    let files: Vec<String> = shipped().iter().map(|p| p.display().to_string()).collect();
    let mut args = vec!["fmt", "--check"];
    args.extend(files.iter().map(String::as_str));
    let (code, text) = koma(&root(), &args);
    assert_eq!(code, Some(0), "run `koma fmt` on these:\n{text}");
}

#[test]
fn fmt_rewrites_check_reports_and_broken_files_are_left_alone() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("fmt-cli");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    let messy = "variant \"M\"\nboard 3 x 3\npieces\nK \"King\" K royal\nsetup rotate\nK a1\n";
    std::fs::write(dir.join("messy.koma"), messy).expect("write");
    let broken = "variant \"B\"\nboard 3 y 3\n";
    std::fs::write(dir.join("broken.koma"), broken).expect("write");

    let (code, text) = koma(&dir, &["fmt", "--check", "messy.koma"]);
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains("messy.koma:2: not formatted"), "{text}");
    assert_eq!(
        std::fs::read_to_string(dir.join("messy.koma")).expect("read"),
        messy
    );

    let (code, text) = koma(&dir, &["fmt", "messy.koma"]);
    assert_eq!(code, Some(0), "{text}");
    let formatted = std::fs::read_to_string(dir.join("messy.koma")).expect("read");
    assert_eq!(formatted, format(messy).expect("formats"));
    let (code, text) = koma(&dir, &["fmt", "--check", "messy.koma"]);
    assert_eq!(code, Some(0), "{text}");

    let (code, text) = koma(&dir, &["fmt", "broken.koma"]);
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("E0001") && text.contains("not formatted"),
        "{text}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("broken.koma")).expect("read"),
        broken
    );
}
