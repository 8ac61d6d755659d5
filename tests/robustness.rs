//! Damaged variant files never panic or hang, and what they report is located in the file.

use crate::support;
use support::variant_files;

use std::path::Path;

use koma_compiler::loader::DiskLoader;

/// A small deterministic generator (xorshift64), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// A char boundary at or before `i`.
fn boundary(text: &str, mut i: usize) -> usize {
    i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// One damaged copy of `text`: kind 0 deletes a character, 1 inserts one, 2 swaps two
/// tokens of a line, 3 cuts the file short, 4 overwrites a byte with a random byte.
fn damage(text: &str, kind: usize, rng: &mut Rng) -> String {
    let at = boundary(text, rng.below(text.len()));
    match kind {
        0 => {
            let mut s = text.to_string();
            if at < s.len() {
                s.remove(at);
            }
            s
        }
        1 => {
            let inserts = [
                'x', '#', '"', '-', '(', '9', ' ', '\n', 'é', '+', 'Q', ',', '.',
            ];
            let mut s = text.to_string();
            s.insert(at, inserts[rng.below(inserts.len())]);
            s
        }
        2 => {
            let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
            let line = rng.below(lines.len());
            let mut words: Vec<&str> = lines[line].split_whitespace().collect();
            if words.len() >= 2 {
                let i = rng.below(words.len() - 1);
                words.swap(i, i + 1);
            }
            lines[line] = words.join(" ");
            lines.join("\n")
        }
        3 => text[..at].to_string(),
        _ => {
            let mut bytes = text.as_bytes().to_vec();
            if !bytes.is_empty() {
                let i = rng.below(bytes.len());
                bytes[i] = (rng.next() & 0xff) as u8;
            }
            String::from_utf8_lossy(&bytes).into_owned()
        }
    }
}

#[test]
fn damaged_variants_never_panic_and_report_located_errors() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut damaged, mut flagged) = (0, 0);
    for path in variant_files() {
        let text = std::fs::read_to_string(&path).expect("variant file");
        let name = path.display().to_string();
        for round in 0..40 {
            let copy = damage(&text, round % 5, &mut rng);
            if copy == text {
                continue;
            }
            let loaded = koma_compiler::load_source(&name, &copy, &DiskLoader);
            damaged += 1;
            flagged += usize::from(loaded.has_errors());
            for d in &loaded.diagnostics {
                let file = loaded
                    .sources
                    .get(d.primary.location.file)
                    .expect("diagnostic file is known");
                let (start, end) = (d.primary.location.start, d.primary.location.end);
                assert!(
                    start <= end && end <= file.text.len(),
                    "{name}: {} out of the file: {start}..{end}",
                    d.code
                );
                assert!(
                    !d.message.is_empty() && d.code.starts_with('E'),
                    "{name}: {d:?}"
                );
            }
            assert_eq!(loaded.variant.is_some(), !loaded.has_errors());
        }
    }
    // Damage inside comments, names or whitespace can leave a valid file (about three copies
    // in five do here); a checker that stopped flagging the rest fails this.
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
                    && (start..offset).contains(&d.primary.location.start)
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
