//! A finished game as PGN: the seven-tag roster plus `Variant` (the variant's name),
//! `SetUp`/`FEN` when the game starts from a given position, `Termination` and `PlyCount`;
//! moves in koma's coordinate notation ([`koma_runtime::Position::move_text`]), a comment
//! where the opening ends, and the reason the game ended as the last comment.

use std::time::{SystemTime, UNIX_EPOCH};

use koma_runtime::spec::Player;

use super::tournament::GameReport;

/// Longest movetext line.
const WIDTH: usize = 79;

/// The PGN of `report`, a game of `variant`; `date` as `YYYY.MM.DD`.
pub fn pgn(report: &GameReport, variant: &str, date: &str) -> String {
    let game = &report.played.game;
    let ending = &report.played.ending;
    let score = ending.score();
    let mut out = String::new();
    let mut tag = |name: &str, value: &str| {
        let value = value.replace('\\', "\\\\").replace('"', "\\\"");
        out.push_str(&format!("[{name} \"{value}\"]\n"));
    };
    tag("Event", "koma match");
    tag("Site", "?");
    tag("Date", date);
    tag("Round", &(report.index + 1).to_string());
    tag("White", &report.names[0]);
    tag("Black", &report.names[1]);
    tag("Result", score);
    tag("Variant", variant);
    if !game.is_variant_start {
        tag("SetUp", "1");
        tag("FEN", &game.start.to_text());
    }
    tag("Termination", ending.termination());
    tag("PlyCount", &game.moves.len().to_string());
    let mut words: Vec<String> = Vec::new();
    let mut pos = game.start.clone();
    for (i, m) in game.moves.iter().enumerate() {
        let n = pos.fullmove_number();
        match pos.side_to_move() {
            Player::First => words.push(format!("{n}.")),
            Player::Second if i == 0 => words.push(format!("{n}...")),
            Player::Second => {}
        }
        words.push(pos.move_text(m));
        pos.make(m);
        if i + 1 == report.opening_plies {
            words.push("{end of opening}".to_string());
        }
    }
    words.push(format!(
        "{{{}}}",
        ending.describe(&report.names).replace('}', ")")
    ));
    words.push(score.to_string());
    out.push('\n');
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.len() + 1 + w.len() > WIDTH {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&w);
    }
    out.push_str(&line);
    out.push_str("\n\n");
    out
}

/// Today's date (UTC) as PGN writes it.
pub fn today() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The calendar date of a day counted from 1970-01-01 (the proleptic Gregorian calendar).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_become_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(20_788), (2026, 12, 1));
    }
}
