//! Files under hostile conditions: `fmt`, `lint --fix` and `book` never leave a file half
//! written nor write through a link; every file koma reads (the file given, the files it
//! extends) is a regular file of bounded size; huge inputs cost linear time (these tests
//! take minutes on the quadratic code they replaced, and assert what comes out, not how fast).

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A scratch folder for one test, emptied first.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("writers")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

fn koma(dir: &Path, args: &[&str]) -> Output {
    run(Command::new(env!("CARGO_BIN_EXE_koma"))
        .args(args)
        .current_dir(dir))
}

/// Runs `command`; kills it and fails the test if it has not ended within a minute (the old
/// code hung forever on a named pipe).
fn run(command: &mut Command) -> Output {
    let mut child = command
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the command starts");
    let mut stdout = child.stdout.take().expect("stdout");
    let mut stderr = child.stderr.take().expect("stderr");
    let out = std::thread::spawn(move || {
        let mut text = Vec::new();
        let _ = stdout.read_to_end(&mut text);
        text
    });
    let err = std::thread::spawn(move || {
        let mut text = Vec::new();
        let _ = stderr.read_to_end(&mut text);
        text
    });
    let deadline = Instant::now() + Duration::from_secs(60);
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{command:?} hung");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Output {
        status,
        stdout: out.join().expect("stdout thread"),
        stderr: err.join().expect("stderr thread"),
    }
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Suzumu Shogi (11 KB) with its piece table's columns spread wider, so `fmt` rewrites it
/// whole, and one redundant move (`KfW`: `fW` is part of `K`) for `lint --fix` to remove.
fn unformatted_suzumu() -> String {
    let text = std::fs::read_to_string(root().join("variants/suzumu-shogi.koma")).expect("read");
    let text = text.replace("\n  ", "\n    ");
    assert!(text.contains("\"King\"               K  "));
    text.replacen(
        "\"King\"               K  ",
        "\"King\"               KfW",
        1,
    )
}

/// `koma ARGS` with a file-size limit of 8 KiB (`ulimit -f 8`): writing the 11 KB result
/// fails half way, as on a full disk (the kernel stops the process with SIGXFSZ).
fn koma_with_file_size_limit(dir: &Path, args: &str) -> Output {
    let script = format!("ulimit -f 8; exec \"$0\" {args}");
    run(Command::new("sh")
        .args(["-c", &script, env!("CARGO_BIN_EXE_koma")])
        .current_dir(dir))
}

#[test]
fn fmt_and_lint_fix_leave_the_file_whole_when_the_write_fails() {
    let text = unformatted_suzumu();
    for args in ["fmt sz.koma", "lint --fix sz.koma"] {
        let dir = scratch(&args.replace(' ', "-"));
        let path = dir.join("sz.koma");
        std::fs::write(&path, &text).expect("write");
        let output = koma_with_file_size_limit(&dir, args);
        assert!(
            !output.status.success(),
            "`{args}` cannot succeed under the limit"
        );
        assert_eq!(
            std::fs::read_to_string(&path).expect("read"),
            text,
            "`koma {args}` cut the file it failed to write"
        );
        // Without the limit the same command does its job.
        let output = koma(&dir, &args.split(' ').collect::<Vec<_>>());
        let after = std::fs::read_to_string(&path).expect("read");
        assert_ne!(
            after,
            text,
            "`koma {args}` changed nothing: {}",
            stderr(&output)
        );
    }
}

/// The repro on a real full disk: a 64 KiB tmpfs filled to the brim. Mounting needs root (and
/// a container that allows it); elsewhere the test says why it did nothing.
#[test]
fn fmt_on_a_full_disk_leaves_the_file_whole() {
    let dir = scratch("full-disk");
    let mnt = dir.join("mnt");
    std::fs::create_dir_all(&mnt).expect("mount point");
    let mounted = Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=64k", "tmpfs"])
        .arg(&mnt)
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !mounted {
        eprintln!("skipped: cannot mount a tmpfs here (needs root)");
        return;
    }
    let text = unformatted_suzumu();
    let path = mnt.join("sz.koma");
    std::fs::write(&path, &text).expect("write");
    // Fill what is left of the disk.
    let fill = vec![0u8; 100 * 1024];
    let _ = std::fs::write(mnt.join("fill"), &fill);
    let output = koma(&mnt, &["fmt", "sz.koma"]);
    let after = std::fs::read_to_string(&path).expect("read");
    let _ = Command::new("umount").arg(&mnt).status();
    assert!(!output.status.success());
    assert!(
        stderr(&output).contains("cannot write"),
        "{}",
        stderr(&output)
    );
    assert_eq!(after, text, "`koma fmt` cut the file on a full disk");
}

#[cfg(unix)]
#[test]
fn fmt_edits_the_file_a_link_points_to_and_keeps_the_link() {
    let dir = scratch("fmt-link");
    std::fs::write(dir.join("real.koma"), unformatted_suzumu()).expect("write");
    std::os::unix::fs::symlink("real.koma", dir.join("link.koma")).expect("symlink");
    let output = koma(&dir, &["fmt", "link.koma"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let link = std::fs::symlink_metadata(dir.join("link.koma")).expect("stat");
    assert!(
        link.file_type().is_symlink(),
        "the link was replaced by a file"
    );
    let real = std::fs::read_to_string(dir.join("real.koma")).expect("read");
    assert!(
        !real.contains("\n    K"),
        "the file behind the link is formatted"
    );
}

#[test]
fn book_says_what_it_replaces_and_never_writes_through_a_link() {
    let dir = scratch("book");
    let site = dir.join("site");
    std::fs::create_dir_all(&site).expect("site");
    std::fs::write(site.join("index.html"), "precious").expect("write");
    let chess = root().join("variants/chess.koma");
    let chess = chess.to_str().expect("path");
    let output = koma(&dir, &["book", chess, "-o", "site"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let said = stderr(&output);
    assert!(said.contains("replaced site/index.html"), "{said}");
    assert!(
        !said.contains("diagrams"),
        "no diagram was there before: {said}"
    );
    // Again: every diagram is replaced too.
    let output = koma(&dir, &["book", chess, "-o", "site"]);
    assert!(
        stderr(&output).contains("files in site/diagrams/"),
        "{}",
        stderr(&output)
    );

    std::fs::write(dir.join("victim.txt"), "victim").expect("write");
    std::fs::remove_file(site.join("index.html")).expect("remove");
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink("../victim.txt", site.join("index.html")).expect("symlink");
        let output = koma(&dir, &["book", chess, "-o", "site"]);
        assert_eq!(output.status.code(), Some(1));
        assert!(
            stderr(&output).contains("is a symbolic link"),
            "{}",
            stderr(&output)
        );
        let victim = std::fs::read_to_string(dir.join("victim.txt")).expect("read");
        assert_eq!(victim, "victim", "the book wrote through the link");
    }
}

/// A named pipe nobody writes to: opening it for reading would wait forever.
#[cfg(unix)]
fn fifo(path: &Path) {
    let made = Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
}

#[cfg(unix)]
#[test]
fn only_regular_files_are_read_the_file_given_and_the_files_it_extends() {
    let dir = scratch("special");
    fifo(&dir.join("fifo.koma"));
    std::os::unix::fs::symlink("/dev/zero", dir.join("zero.koma")).expect("symlink");
    // The file given, to every command that reads one.
    for args in [
        vec!["check", "fifo.koma"],
        vec!["lint", "fifo.koma"],
        vec!["fmt", "fifo.koma"],
        vec!["perft", "fifo.koma", "--depth", "1"],
        vec!["import", "fifo.koma"],
        vec!["check", "zero.koma"],
        vec!["perft", "zero.koma", "--depth", "1"],
    ] {
        let output = koma(&dir, &args);
        assert_eq!(
            output.status.code(),
            Some(1),
            "{args:?}: {}",
            stderr(&output)
        );
        let text = format!(
            "{}{}",
            stderr(&output),
            String::from_utf8_lossy(&output.stdout)
        );
        assert!(
            text.contains("not a regular file"),
            "{args:?} says why: {text}"
        );
    }
    // A parent: the error is on the `extends` string.
    for (name, target) in [("a.koma", "fifo"), ("b.koma", "zero")] {
        let text = format!("variant \"{name}\"\nextends \"{target}\"\n");
        std::fs::write(dir.join(name), &text).expect("write");
        let output = koma(&dir, &["check", "--format", "json", name]);
        assert_eq!(output.status.code(), Some(1));
        let report: Value = serde_json::from_slice(&output.stdout).expect("JSON report");
        let diagnostics = report["diagnostics"].as_array().expect("diagnostics");
        let d = diagnostics
            .iter()
            .find(|d| d["code"] == "E0005")
            .unwrap_or_else(|| panic!("no E0005: {report}"));
        assert!(
            d["message"]
                .as_str()
                .is_some_and(|m| m.contains("not a regular file")),
            "{d}"
        );
        assert_eq!(
            (d["line"].as_u64(), d["column"].as_u64()),
            (Some(2), Some(9)),
            "{d}"
        );
    }
}

#[test]
fn a_source_file_over_the_limit_is_refused_unread() {
    let dir = scratch("large");
    let limit = koma_compiler::limits::MAX_SOURCE_BYTES;
    let file = std::fs::File::create(dir.join("big.koma")).expect("create");
    file.set_len(limit + 1)
        .expect("a sparse file just over the limit");
    let output = koma(&dir, &["check", "big.koma"]);
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("the most koma reads"), "{text}");
}

/// Chess with `lines` duplicate `draw repetition 3` lines: one error (with a second label) each.
fn duplicate_rules(lines: usize) -> String {
    let chess = std::fs::read_to_string(root().join("variants/chess.koma")).expect("read");
    chess + &"  draw repetition 3\n".repeat(lines)
}

#[test]
fn lint_json_maps_many_diagnostics_in_linear_time() {
    // 58 s for 100,000 lines before (a scan from the file's start per line and column).
    let dir = scratch("many-diagnostics");
    let n = 40_000;
    std::fs::write(dir.join("r.koma"), duplicate_rules(n)).expect("write");
    let output = koma(&dir, &["lint", "--format", "json", "r.koma"]);
    let report: Value = serde_json::from_slice(&output.stdout).expect("JSON report");
    let diagnostics = report["diagnostics"].as_array().expect("diagnostics");
    assert_eq!(diagnostics.len(), n);
    let chess_lines = std::fs::read_to_string(root().join("variants/chess.koma"))
        .expect("read")
        .lines()
        .count();
    let last = &diagnostics[n - 1];
    assert_eq!(
        last["line"].as_u64(),
        Some((chess_lines + n) as u64),
        "{last}"
    );
    assert_eq!(last["column"].as_u64(), Some(3));
}

#[test]
fn fmt_indents_many_comment_lines_in_linear_time() {
    // 16 s for 100,000 comment lines before (a search for the next code line per comment).
    let chess = std::fs::read_to_string(root().join("variants/chess.koma")).expect("read");
    let n = 100_000;
    let text = chess.clone() + &"# a comment\n".repeat(n);
    let formatted = koma_compiler::format::format(&text).expect("formats");
    // They close the `rules` section: indented like its last line.
    assert!(formatted.ends_with("\n  # a comment\n"));
    assert_eq!(formatted.matches("  # a comment\n").count(), n);
}

#[test]
fn a_long_xbetza_string_lints_in_linear_time() {
    // `fW` repeated: every copy after the first adds nothing (L007). Quadratic before, in
    // time (a union of all other moves per move) and in output (the whole string per message).
    let dir = scratch("long-betza");
    let n = 20_000;
    let text = format!(
        "variant \"Long\"\nboard 9 x 9\npieces\n  K \"King\" K royal\n  X \"X\" {}\nsetup rotate\n  K e1\n  X a1\n",
        "fW".repeat(n)
    );
    std::fs::write(dir.join("long.koma"), text).expect("write");
    let output = koma(&dir, &["lint", "--format", "json", "long.koma"]);
    let report: Value = serde_json::from_slice(&output.stdout).expect("JSON report");
    let duplicates: Vec<&Value> = report["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .filter(|d| d["code"] == "L007")
        .collect();
    assert_eq!(duplicates.len(), n - 1);
    let message = duplicates[0]["message"].as_str().expect("message");
    assert!(message.len() < 100, "the string is shortened: {message}");
}
