//! A section with its parents followed: the pieces it defines and the options it sets.
//!
//! Parents are earlier sections of the same file or Fairy-Stockfish's built-in variants, which
//! `builtins.ini` states as sections (data, read by the same reader). Options keep where they
//! were written; an inherited built-in option is located on the parent's name in the header.

use std::collections::HashMap;

use super::ini::{self, Entry, Section};
use crate::fsf::PIECE_TYPES;
use crate::import::Sink;
use koma_grammar::Span;

/// Fairy-Stockfish's built-in variants, as `variants.ini` sections.
const BUILTINS: &str = include_str!("builtins.ini");

/// A piece type the game uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceDef {
    /// `pawn`, `customPiece3`, ...
    pub kind: String,
    /// Lower-case FEN letter.
    pub letter: char,
    /// Fairy-Stockfish's Betza, in its reading.
    pub betza: String,
    pub at: Span,
}

/// An option's value and where it was set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setting {
    pub value: String,
    pub at: Span,
}

/// A section with its parents applied.
#[derive(Clone, Debug, Default)]
pub struct Game {
    pub pieces: Vec<PieceDef>,
    /// Options in the order first set (for stable output), last value kept.
    pub order: Vec<String>,
    pub settings: HashMap<String, Setting>,
    /// The header, for diagnostics about the whole game.
    pub header: Span,
}

impl Game {
    pub fn get(&self, key: &str) -> Option<&Setting> {
        self.settings.get(key)
    }
    pub fn value(&self, key: &str) -> Option<&str> {
        self.get(key).map(|s| s.value.as_str())
    }
    pub fn piece(&self, letter: char) -> Option<&PieceDef> {
        self.pieces.iter().find(|p| p.letter == letter)
    }
    pub fn kind(&self, kind: &str) -> Option<&PieceDef> {
        self.pieces.iter().find(|p| p.kind == kind)
    }
}

/// The section `name` of `sections` with its parents applied, or `None` after an error.
pub fn resolve(sections: &[Section], index: usize, sink: &mut Sink) -> Option<Game> {
    let builtins = ini::read(BUILTINS);
    resolve_in(sections, index, &builtins, None, sink, 0)
}

/// Resolves `sections[index]`; `at` replaces every span (a built-in parent's options are
/// located on the parent's name in the user's header).
fn resolve_in(
    sections: &[Section],
    index: usize,
    builtins: &[Section],
    at: Option<Span>,
    sink: &mut Sink,
    depth: usize,
) -> Option<Game> {
    let section = &sections[index];
    let mut game = match &section.parent {
        None => Game::default(),
        Some(parent) => parent_game(sections, index, builtins, parent, at, sink, depth)?,
    };
    game.header = at.unwrap_or(section.header);
    for entry in &section.entries {
        apply(&mut game, entry, at, sink);
    }
    Some(game)
}

fn parent_game(
    sections: &[Section],
    index: usize,
    builtins: &[Section],
    (name, span): &(String, Span),
    at: Option<Span>,
    sink: &mut Sink,
    depth: usize,
) -> Option<Game> {
    let earlier = sections[..index].iter().position(|s| &s.name == name);
    if depth < 32 {
        if let Some(i) = earlier {
            return resolve_in(sections, i, builtins, at, sink, depth + 1);
        }
        if let Some(i) = builtins.iter().position(|s| &s.name == name) {
            let here = at.or(Some(*span));
            return resolve_in(builtins, i, builtins, here, sink, depth + 1);
        }
    }
    let d = sink
        .error(
            "I030",
            format!("unknown parent variant `{name}`"),
            at.unwrap_or(*span),
            "neither an earlier section nor a built-in variant the importer knows",
        )
        .with_help("define it in an earlier section, or import from one of the built-ins listed in docs/import.md");
    sink.push(d);
    None
}

/// Applies one line: a piece assignment or an option.
fn apply(game: &mut Game, entry: &Entry, at: Option<Span>, sink: &mut Sink) {
    let span = at.unwrap_or(entry.span);
    let builtin = PIECE_TYPES.iter().find(|(k, _, _)| *k == entry.key);
    let custom = entry
        .key
        .strip_prefix("customPiece")
        .is_some_and(|n| n.parse::<u8>().is_ok());
    if builtin.is_none() && !custom {
        return set(game, entry, span);
    }
    game.pieces.retain(|p| p.kind != entry.key);
    if entry.value == "-" {
        return;
    }
    let (letter, betza) = match entry.value.split_once(':') {
        Some((l, b)) => (l, Some(b.to_string())),
        None => (entry.value.as_str(), None),
    };
    let mut chars = letter.chars();
    let (Some(letter), None) = (chars.next(), chars.next()) else {
        return bad_value(sink, span, entry, "one piece letter, `letter:Betza` or `-`");
    };
    let Some(betza) = betza.or_else(|| builtin.map(|(_, b, _)| b.to_string())) else {
        return bad_value(sink, span, entry, "a custom piece needs `letter:Betza`");
    };
    if !letter.is_ascii_alphabetic() {
        return bad_value(sink, span, entry, "a piece letter is a letter");
    }
    let letter = letter.to_ascii_lowercase();
    game.pieces.retain(|p| p.letter != letter);
    game.pieces.push(PieceDef {
        kind: entry.key.clone(),
        letter,
        betza,
        at: span,
    });
}

/// An option; `promotedPieceType` adds to the parent's pairs, as Fairy-Stockfish reads it.
fn set(game: &mut Game, entry: &Entry, span: Span) {
    let mut value = entry.value.clone();
    match game.settings.get(&entry.key) {
        None => game.order.push(entry.key.clone()),
        Some(old) if entry.key == "promotedPieceType" => value = format!("{} {value}", old.value),
        Some(_) => {}
    }
    game.settings
        .insert(entry.key.clone(), Setting { value, at: span });
}

fn bad_value(sink: &mut Sink, span: Span, entry: &Entry, why: &str) {
    let d = sink.error(
        "I032",
        format!("cannot read `{} = {}`", entry.key, entry.value),
        span,
        why,
    );
    sink.push(d);
}
