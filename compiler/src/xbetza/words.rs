//! XBetza in words: what each atom and modifier of a move string means, one line per move,
//! for people reading a diagram (the editor's hover, `koma explain`-style help).

use koma_grammar::xbetza::{self, AtomLetter, Extender, Join, Move, Prefix, Range, SimpleMove};

/// One line per move of `text`, each naming its atom and reading its modifiers; the XBetza
/// syntax errors when the string does not parse.
///
/// ```
/// let lines = koma_compiler::xbetza::words::describe("fmWfcF").unwrap();
/// assert_eq!(lines[0], "`fmW`: one step orthogonally (wazir); forward; move only, never capture");
/// ```
pub fn describe(text: &str) -> Result<Vec<String>, Vec<xbetza::BetzaSyntaxError>> {
    let betza = xbetza::parse(text)?;
    Ok(betza
        .moves
        .iter()
        .map(|m| {
            let written = &text[m.span().start..m.span().end];
            let words = match m {
                Move::Simple(simple) => simple_words(simple),
                Move::Bracket(bracket) => {
                    let mut parts = Vec::new();
                    for (i, leg) in bracket.legs.iter().enumerate() {
                        parts.push(format!("leg {}: {}", i + 1, simple_words(leg)));
                        if let Some((join, _)) = bracket.joins.get(i) {
                            parts.push(
                                match join {
                                    Join::Must => "then must go on",
                                    Join::May => "then may stop or go on",
                                }
                                .to_string(),
                            );
                        }
                    }
                    parts.join("; ")
                }
            };
            format!("`{written}`: {words}")
        })
        .collect())
}

fn simple_words(m: &SimpleMove) -> String {
    let mut parts = vec![atom_words(m.atom.letter).to_string()];
    if m.suffix.doubled.is_some() {
        parts.push("repeated in a line as a rider".to_string());
    }
    for (extender, _) in &m.suffix.extenders {
        parts.push(
            match extender {
                Extender::X => "extended by 3 along its long side",
                Extender::Y => "extended by 2 along both sides",
            }
            .to_string(),
        );
    }
    if let Some((range, _)) = m.suffix.range {
        parts.push(match range {
            Range::Steps(0) => "unlimited range".to_string(),
            Range::Steps(n) => format!("up to {n} steps"),
            Range::Exact(n) => format!("exactly {n} steps"),
            Range::HalfBoard => "up to the middle of the board".to_string(),
        });
    }
    let mut legs = 1;
    prefix_words(&m.prefix, &mut parts, &mut legs);
    parts.join("; ")
}

fn prefix_words(prefix: &[Prefix], parts: &mut Vec<String>, legs: &mut usize) {
    for p in prefix {
        match p {
            Prefix::Letter { letter, .. } => {
                if *letter == 'a' {
                    *legs += 1;
                    parts.push(format!("then again (leg {legs}):"));
                } else if let Some(words) = modifier_words(*letter) {
                    parts.push(words.to_string());
                }
            }
            Prefix::Group { items, count, .. } => {
                let times = match count {
                    Some(c) => format!("up to {} times", c.value),
                    None => "any number of times".to_string(),
                };
                let mut inner = Vec::new();
                let mut inner_legs = *legs;
                prefix_words(items, &mut inner, &mut inner_legs);
                parts.push(format!("({}) repeated {times}", inner.join(", ")));
            }
        }
    }
}

fn atom_words(atom: AtomLetter) -> &'static str {
    match atom {
        AtomLetter::W => "one step orthogonally (wazir)",
        AtomLetter::F => "one step diagonally (ferz)",
        AtomLetter::D => "jump two squares orthogonally (dabbaba)",
        AtomLetter::N => "knight's leap (1,2)",
        AtomLetter::A => "jump two squares diagonally (alfil)",
        AtomLetter::H => "jump three squares orthogonally (threeleaper)",
        AtomLetter::C => "camel's leap (1,3)",
        AtomLetter::Z => "zebra's leap (2,3)",
        AtomLetter::G => "jump three squares diagonally (tripper)",
        AtomLetter::K => "one step in any of the eight directions (king)",
        AtomLetter::Q => "slide any distance in the eight directions (queen)",
        AtomLetter::R => "slide any distance orthogonally (rook)",
        AtomLetter::B => "slide any distance diagonally (bishop)",
        AtomLetter::O => "castling with a rook",
        AtomLetter::U => "leap to any square (universal leaper)",
        AtomLetter::I => "move like the piece that moved last (imitator)",
    }
}

fn modifier_words(letter: char) -> Option<&'static str> {
    Some(match letter {
        'f' => "forward",
        'b' => "backward",
        'l' => "left",
        'r' => "right",
        'v' => "vertical (forward and backward)",
        's' => "sideways (left and right)",
        'h' => "half (the directions on one side)",
        'm' => "move only, never capture",
        'c' => "capture only",
        'd' => "capture a friendly piece",
        'e' => "capture en passant",
        'k' => "capture only a royal piece",
        'i' => "only as the piece's first move",
        'p' => "hop over the first piece in the way (cannon)",
        'g' => "hop over a piece and land just beyond (grasshopper)",
        'y' => "change range on an empty square",
        'n' => "lame: blocked by a piece on the way",
        'j' => "must jump over a piece (or skip the first square)",
        'o' => "wraps around the board's edge (cylinder)",
        'z' => "zig-zag (crooked)",
        'q' => "circular",
        'u' => "the captured piece reappears on the start square",
        'x' => "relay: takes the moves of a friendly piece it meets",
        't' => "tame: cannot capture a king",
        _ => return None,
    })
}
