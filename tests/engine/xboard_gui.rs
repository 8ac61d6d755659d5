//! Real XBoard 4.9.1 under Xvfb: koma against itself in Chu (XBoard's own variant) and in Suzumu
//! (engine-defined: `setup` and `piece` commands, 16 ranks with `-rankOffset 1`), and koma
//! against HaChu in Chu. Each game is short (a few seconds on each clock, lost on time at the latest); XBoard's debug
//! log must show moves and no illegal-move or protocol complaint. Logs stay under the target
//! folder. Without xboard, xvfb-run and the opponent the test is skipped, or fails when
//! KOMA_REQUIRE_EXTERNAL is set.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use super::common::external;

/// Complaints XBoard writes to its debug log.
const COMPLAINTS: &[&str] = &[
    "Illegal move",
    "Error",
    "Forfeit due to",
    "False draw claim",
    "False win claim",
    "False illegal-move claim",
    "did not send setup",
    "not supported by",
    "Off-board",
    "tellusererror",
];

/// Lines that match a complaint but say nothing about the game: Fairy-Max 5.0b does not know
/// XBoard's `computer` command.
const HARMLESS: &[&str] = &["Error (unknown command): computer"];

struct Game<'a> {
    name: &'a str,
    first: String,
    second: String,
    variant: &'a str,
    extra: &'a [&'a str],
    /// Text the debug log or the game record must hold (a move koma sent, a result).
    must_show: &'a [&'a str],
    /// Moves the game must have at least.
    min_moves: usize,
}

fn play(xboard: &Path, xvfb: &Path, game: &Game) {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("xboard")
        .join(game.name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("log folder");
    let debug = dir.join("xboard.debug");
    let pgn = dir.join("games.pgn");
    let dir_text = dir.display().to_string();
    let mut args: Vec<String> = vec!["-a".into(), xboard.display().to_string()];
    for a in [
        "-fcp",
        &game.first,
        "-fd",
        &dir_text,
        "-scp",
        &game.second,
        "-sd",
        &dir_text,
        "-variant",
        game.variant,
        "-mg",
        "1",
        "-tc",
        "0:04",
        "-inc",
        "0",
        "-xexit",
        "-autoCallFlag",
        "true",
        "-saveSettingsOnExit",
        "false",
        "-debug",
    ] {
        args.push(a.to_string());
    }
    args.extend(["-nameOfDebugFile".into(), debug.display().to_string()]);
    args.extend(["-sgf".into(), pgn.display().to_string()]);
    args.extend(game.extra.iter().map(|s| s.to_string()));
    let start = Instant::now();
    let mut child = Command::new(xvfb)
        .args(&args)
        .env("HOME", &dir)
        .current_dir(&dir)
        .stdout(std::fs::File::create(dir.join("stdout.txt")).expect("stdout file"))
        .stderr(std::fs::File::create(dir.join("stderr.txt")).expect("stderr file"))
        .spawn()
        .expect("xvfb-run starts");
    let status = loop {
        if let Ok(Some(s)) = child.try_wait() {
            break s;
        }
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!(
                "{}: XBoard did not finish in 60 s; logs in {}",
                game.name,
                dir.display()
            );
        }
        std::thread::sleep(Duration::from_millis(200));
    };
    let log = std::fs::read_to_string(&debug).unwrap_or_default();
    let games = std::fs::read_to_string(&pgn).unwrap_or_default();
    for text in game.must_show {
        assert!(
            log.contains(text) || games.contains(text),
            "{}: no `{text}` in {}",
            game.name,
            debug.display()
        );
    }
    let complaints: Vec<&str> = log
        .lines()
        .filter(|l| COMPLAINTS.iter().any(|c| l.contains(c)))
        .filter(|l| !HARMLESS.iter().any(|h| l.contains(h)))
        .collect();
    assert!(
        complaints.is_empty(),
        "{}: XBoard complained ({}):\n{}",
        game.name,
        dir.display(),
        complaints.join("\n")
    );
    let moves = log
        .lines()
        .filter(|l| l.contains(": move ") || l.contains(":move "))
        .count();
    assert!(
        moves >= game.min_moves,
        "{}: only {moves} moves in {}",
        game.name,
        dir.display()
    );
    assert!(
        games.contains("[Result \""),
        "{}: no game record in {}",
        game.name,
        dir.display()
    );
    eprintln!(
        "{}: {moves} moves, {:?}, exit {status}, logs in {}",
        game.name,
        start.elapsed(),
        dir.display()
    );
}

#[test]
fn xboard_runs_koma_against_itself_and_against_hachu() {
    let Some(found) = external(&["xboard", "xvfb-run", "hachu"]) else {
        return;
    };
    let [xboard, xvfb, hachu] = [&found[0], &found[1], &found[2]];
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let koma = env!("CARGO_BIN_EXE_koma");
    let chu = format!(
        "{koma} xboard {}",
        root.join("variants/chu-shogi.koma").display()
    );
    let suzumu = format!(
        "{koma} xboard --zero-based-ranks {}",
        root.join("variants/suzumu-shogi.koma").display()
    );
    let no_adjudication: &[&str] = &[
        "-ruleMoves",
        "0",
        "-repeatsToDraw",
        "0",
        "-testClaims",
        "false",
        "-materialDraws",
        "false",
    ];
    play(
        xboard,
        xvfb,
        &Game {
            name: "chu-koma-koma",
            first: chu.clone(),
            second: chu.clone(),
            variant: "chu",
            extra: no_adjudication,
            must_show: &[],
            min_moves: 6,
        },
    );
    play(
        xboard,
        xvfb,
        &Game {
            name: "suzumu-koma-koma",
            first: suzumu.clone(),
            second: suzumu,
            variant: "suzumushogi",
            extra: &[
                &["-rankOffset", "1", "-testLegality", "false"],
                no_adjudication,
            ]
            .concat(),
            must_show: &[],
            min_moves: 6,
        },
    );
    play(
        xboard,
        xvfb,
        &Game {
            name: "chu-koma-hachu",
            first: chu,
            second: hachu.display().to_string(),
            variant: "chu",
            extra: no_adjudication,
            must_show: &[],
            min_moves: 6,
        },
    );
}
