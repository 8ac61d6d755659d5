//! Fairy-Stockfish's Betza in koma's reading (docs/xbetza.md, "Where sources disagree"):
//!
//! - direction letters on `K` and `Q` filter Fairy-Stockfish's eight directions (`fK` is three
//!   squares, `fsK` is fW+sW+fF); koma reads them as the Interactive Diagram does, so the atom
//!   is split into its orthogonal and diagonal halves, which both read alike;
//! - `i` means "stands in the double-step region" there: such terms are returned apart, for
//!   the caller to give the piece on that region;
//! - a hopper's range counts from the mover there and from the hurdle in koma: a ranged `p`
//!   hop along a rook or bishop line is written out leg by leg (`pB2` is `pafF`), any other
//!   ranged hop is refused;
//! - a lame Zebra (`nZ`) is blocked there on the square one step straight along the longer
//!   axis and the diagonal square after it; koma's `n` is defined on the Knight alone, so the
//!   path is written out leg by leg (`nZ` is `mafsmafW`, Janggi's Elephant);
//! - a lame Camel (`nC`) is no lame leaper Fairy-Stockfish supports: it gives the piece no
//!   moves, and the term is returned apart for the caller to warn of.

/// A piece's moves split by Fairy-Stockfish's `i`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Split {
    /// Terms that apply everywhere.
    pub always: String,
    /// Terms with `i`, the `i` removed: they apply in the double-step region only.
    pub initial: String,
    /// Terms Fairy-Stockfish gives no moves (a lame Camel), as written.
    pub unplayed: Vec<String>,
}

/// One Betza term: lower-case modifiers, an atom (doubled for a rider), a range.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Term {
    mods: String,
    atom: String,
    range: String,
}

/// Translates `betza`; `ep` says whether a lame double step leaves e.p. rights (koma's `nn`).
pub fn translate(betza: &str, ep: bool) -> Result<Split, String> {
    let mut split = Split::default();
    for term in terms(betza)? {
        if (term.mods.contains('p') || term.mods.contains('g')) && !term.range.is_empty() {
            split.always.push_str(&ranged_hop(&term)?);
            continue;
        }
        if term.mods.contains('n') && term.atom == "C" {
            split
                .unplayed
                .push(format!("{}{}{}", term.mods, term.atom, term.range));
            continue;
        }
        if term.mods.contains('n') && term.atom == "Z" {
            split.always.push_str(&lame_zebra(&term)?);
            continue;
        }
        let initial = term.mods.contains('i');
        let mut mods = term.mods.replace('i', "");
        if initial && ep && mods.contains('n') && !mods.contains("nn") {
            mods = mods.replacen('n', "nn", 1);
        }
        let text = expand(&mods, &term.atom, &term.range)?;
        if initial {
            &mut split.initial
        } else {
            &mut split.always
        }
        .push_str(&text);
    }
    Ok(split)
}

fn terms(betza: &str) -> Result<Vec<Term>, String> {
    let mut out = Vec::new();
    let mut chars = betza.chars().peekable();
    while chars.peek().is_some() {
        let mut mods = String::new();
        while let Some(c) = chars.next_if(|c| c.is_ascii_lowercase()) {
            mods.push(c);
        }
        let Some(atom) = chars.next().filter(char::is_ascii_uppercase) else {
            return Err(format!("`{betza}` is not Betza Fairy-Stockfish reads"));
        };
        let mut atom = atom.to_string();
        if chars.next_if(|c| atom.starts_with(*c)).is_some() {
            atom.push_str(&atom.clone());
        }
        let mut range = String::new();
        while let Some(c) = chars.next_if(char::is_ascii_digit) {
            range.push(c);
        }
        out.push(Term { mods, atom, range });
    }
    Ok(out)
}

/// A hop whose range Fairy-Stockfish counts from the mover: the whole move is at most `range`
/// squares, so the hurdle stands `h` squares out (fewer than `range`) and the landing square
/// further out but within `range`. koma counts a hop's range from the hurdle, so each pair of
/// distances is written as its own chain of one-step legs: empty steps up to the hurdle, the
/// hop onto it, empty steps beyond, the landing (`pB2` is `pafF`, `pR3` is
/// `pafWpafmafWmafpafW`). Direction letters go on the first leg, the mode on the last.
fn ranged_hop(term: &Term) -> Result<String, String> {
    let refuse = || {
        format!(
            "`{}{}{}`: Fairy-Stockfish counts a hopper's range from the mover, koma from the hurdle",
            term.mods, term.atom, term.range
        )
    };
    let steps: &[&str] = match term.atom.as_str() {
        "R" => &["W"],
        "B" => &["F"],
        "Q" if !term.mods.chars().any(|c| "fblrsvh".contains(c)) => &["W", "F"],
        _ => return Err(refuse()),
    };
    let range: usize = term.range.parse().map_err(|_| refuse())?;
    let dirs: String = term
        .mods
        .chars()
        .filter(|c| "fblrsvh".contains(*c))
        .collect();
    let modes: String = term.mods.chars().filter(|c| "mc".contains(*c)).collect();
    let known = |c: char| "fblrsvhmcp".contains(c);
    if term.mods.contains('g') || !term.mods.chars().all(known) || range == 0 || range > 8 {
        return Err(refuse());
    }
    if range == 1 {
        // Both read a one-square hop alike: land right behind the hurdle, wherever it stands.
        return Ok(format!("{}{}1", term.mods, term.atom));
    }
    let mut out = String::new();
    for step in steps {
        for hurdle in 1..range {
            for land in hurdle + 1..=range {
                let legs: Vec<&str> = (1..=land)
                    .map(|d| if d == hurdle { "p" } else { "m" })
                    .collect();
                let (first, rest) = legs.split_first().expect("land >= 2");
                let middle: String = rest[..rest.len() - 1]
                    .iter()
                    .map(|m| format!("f{m}a"))
                    .collect();
                out.push_str(&format!("{dirs}{first}a{middle}f{modes}{step}"));
            }
        }
    }
    Ok(out)
}

/// A lame Zebra (3,2): one step straight along the longer axis, a 45-degree turn outwards,
/// one more diagonal step, each square empty but the landing (Janggi's Elephant). The mode
/// goes on the last leg.
fn lame_zebra(term: &Term) -> Result<String, String> {
    if !term.range.is_empty() || !term.mods.chars().all(|c| "nmc".contains(c)) {
        return Err(format!(
            "`{}{}{}`: a lame leaper with direction letters or a range",
            term.mods, term.atom, term.range
        ));
    }
    let modes: String = term.mods.chars().filter(|c| "mc".contains(*c)).collect();
    Ok(format!("mafsmaf{modes}W"))
}

/// `K`/`Q` with direction letters become their orthogonal and diagonal halves.
fn expand(mods: &str, atom: &str, range: &str) -> Result<String, String> {
    let dirs: String = mods.chars().filter(|c| "fblrsvh".contains(*c)).collect();
    let (ortho, diag) = match atom {
        "K" => ("W", "F"),
        "Q" => ("R", "B"),
        _ => return Ok(format!("{mods}{atom}{range}")),
    };
    if dirs.is_empty() {
        return Ok(format!("{mods}{atom}{range}"));
    }
    if dirs.contains('h') {
        return Err(format!(
            "`{mods}{atom}`: `h` on K or Q has no agreed reading"
        ));
    }
    let modes: String = mods.chars().filter(|c| !"fblrsvh".contains(*c)).collect();
    // Fairy-Stockfish's `s` selects sideways directions, which no diagonal is.
    let diag_dirs: String = dirs.chars().filter(|c| *c != 's').collect();
    let mut out = format!("{modes}{dirs}{ortho}{range}");
    if !diag_dirs.is_empty() {
        out.push_str(&format!("{modes}{diag_dirs}{diag}{range}"));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn always(b: &str) -> String {
        translate(b, true).expect("translates").always
    }

    #[test]
    fn forward_king_is_three_squares_and_fs_king_keeps_the_sideways_steps() {
        assert_eq!(always("fK"), "fWfF");
        assert_eq!(always("fsK"), "fsWfF");
        assert_eq!(always("mfQ"), "mfRmfB");
        assert_eq!(always("KN"), "KN");
        assert_eq!(always("NN"), "NN");
    }

    #[test]
    fn initial_terms_are_split_off_with_ep_rights() {
        let s = translate("fsmWfceFifmnD", true).expect("pawn");
        assert_eq!(s.always, "fsmWfceF");
        assert_eq!(s.initial, "fmnnD");
        assert_eq!(translate("ifmnD", false).expect("no ep").initial, "fmnD");
    }

    #[test]
    fn ranged_hops_are_written_leg_by_leg_from_the_mover() {
        // The hurdle next to the mover, the landing right behind it.
        assert_eq!(always("pB2"), "pafF");
        assert_eq!(always("mRpR2"), "mRpafW");
        // Hurdle 1 out landing 2 or 3 out, or hurdle 2 out landing 3 out.
        assert_eq!(always("pR3"), "pafWpafmafWmafpafW");
        assert_eq!(always("fcpR2"), "fpafcW");
        assert_eq!(always("pB1"), "pB1");
        assert!(translate("gB2", true).is_err());
        assert!(translate("pN2", true).is_err());
        assert!(translate("mRcpR", true).is_ok());
    }

    #[test]
    fn lame_zebras_are_written_leg_by_leg_and_lame_camels_do_not_move() {
        // One straight step and two diagonal ones (Janggi's Elephant).
        assert_eq!(always("nZ"), "mafsmafW");
        assert_eq!(always("mnZ"), "mafsmafmW");
        assert!(translate("fnZ", true).is_err());
        let camel = translate("nCmR", true).expect("a lame Camel");
        assert_eq!(
            (camel.always.as_str(), camel.unplayed),
            ("mR", vec!["nC".into()])
        );
    }
}
