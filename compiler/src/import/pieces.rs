//! Piece lines -> piece types (the diagram's 1-based indices) and koma pieces (merged by ID).

use std::collections::HashMap;

use super::Sink;
use koma_grammar::Span;

use super::block::{Block, PieceLine};
use super::keys;
use super::settings::Settings;
use crate::xbetza::{self, BoardSize};

/// One koma piece: every piece line with its ID merged.
#[derive(Clone, Debug)]
pub struct Slot {
    pub id: String,
    pub name: String,
    pub betza: String,
    pub betza_span: Span,
    /// Where the ID came from (the ID field, or the name when the ID was derived).
    pub id_span: Span,
    pub name_span: Span,
}

/// What a piece line is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// `hole`: not a type, makes holes.
    Hole,
    /// A piece type, merged into this slot.
    Piece(usize),
    /// A line that could not be read (reported); it still takes a type index.
    Broken,
    /// No name and no image: the diagram skips it, without a type index.
    Skipped,
}

#[derive(Clone, Debug, Default)]
pub struct Types {
    pub slots: Vec<Slot>,
    /// Per type index (0 = type 1): its slot, `None` for a broken line.
    pub types: Vec<Option<usize>>,
    /// Per piece line of the block, in order.
    pub roles: Vec<Role>,
}

impl Types {
    pub fn count(&self) -> usize {
        self.types.len()
    }
    /// The slot of 1-based type `n`, if that type exists and was read.
    pub fn slot_of(&self, n: i64) -> Option<usize> {
        let i = usize::try_from(n).ok()?.checked_sub(1)?;
        *self.types.get(i)?
    }
}

/// Reads every piece line in order, assigning type indices as the diagram does.
pub fn pieces(block: &Block, settings: &Settings, sink: &mut Sink) -> Types {
    let mut types = Types::default();
    let mut by_id: HashMap<String, usize> = HashMap::new();
    for line in block.pieces() {
        let role = line_role(line, settings, &mut types, &mut by_id, sink);
        types.roles.push(role);
    }
    types
}

fn line_role(
    line: &PieceLine,
    settings: &Settings,
    types: &mut Types,
    by_id: &mut HashMap<String, usize>,
    sink: &mut Sink,
) -> Role {
    extra_fields(line, sink);
    if line.name.is_empty() && line.image.is_empty() {
        let message = "piece line without a name or an image".to_string();
        let d = sink.warning("I021", message, line.span, "the diagram skips this line");
        sink.push(d.with_help("give the piece a name as the first field"));
        return Role::Skipped;
    }
    if line.name.text.to_lowercase() == "hole" {
        return Role::Hole;
    }
    if line.name.is_empty() {
        let message = "piece line without a name".to_string();
        let d = sink.error("I022", message, line.span, "the first field is empty");
        sink.push(d.with_help("write the piece's name before the first `:`"));
        types.types.push(None);
        return Role::Broken;
    }
    let Some((id, id_span)) = piece_id(line, sink) else {
        types.types.push(None);
        return Role::Broken;
    };
    let Some(betza) = moves(line, settings, sink) else {
        types.types.push(None);
        return Role::Broken;
    };
    let slot = match by_id.get(&id) {
        Some(&slot) => {
            check_merge(&types.slots[slot], line, &betza, sink);
            slot
        }
        None => {
            let name = display_name(&line.name.text);
            let betza_span = line.betza.span;
            let name_span = line.name.span;
            types.slots.push(Slot {
                id: id.clone(),
                name,
                betza,
                betza_span,
                id_span,
                name_span,
            });
            by_id.insert(id, types.slots.len() - 1);
            types.slots.len() - 1
        }
    };
    types.types.push(Some(slot));
    Role::Piece(slot)
}

fn extra_fields(line: &PieceLine, sink: &mut Sink) {
    if let (Some(first), Some(last)) = (line.extra.first(), line.extra.last()) {
        let message = "piece line has more than six fields".to_string();
        let span = first.span.to(last.span);
        let d = sink.warning("I025", message, span, "the diagram ignores these fields");
        sink.push(d.with_help("a piece line is `name:ID:moves:image:squares[:hand]`"));
    }
}

/// The koma ID: the ID field, or the name's first letter upper-cased when it is empty.
fn piece_id(line: &PieceLine, sink: &mut Sink) -> Option<(String, Span)> {
    let (text, span) = if line.id.is_empty() {
        let first = line
            .name
            .text
            .chars()
            .next()
            .map(|c| c.to_uppercase().to_string());
        (first.unwrap_or_default(), line.name.span)
    } else {
        (line.id.text.clone(), line.id.span)
    };
    if is_koma_id(&text) {
        return Some((text, span));
    }
    let upper = text.to_uppercase();
    if is_koma_id(&upper) {
        let message = format!("piece ID `{text}` is written `{upper}` in koma");
        let d = sink.warning("I026", message, span, "koma IDs are upper-case");
        sink.push(d);
        return Some((upper, span));
    }
    let message = format!("`{text}` cannot be a koma piece ID");
    let d = sink.error("I009", message, span, "not a valid ID");
    let help = "IDs are upper-case letters and digits starting with a letter, optionally after `+`";
    sink.push(d.with_help(help));
    None
}

fn is_koma_id(text: &str) -> bool {
    let body = text.strip_prefix('+').unwrap_or(text);
    let mut chars = body.chars();
    chars.next().is_some_and(|c| c.is_ascii_uppercase())
        && chars.all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
}

/// The XBetza of a line: as written, or the diagram's default for a well-known name.
fn moves(line: &PieceLine, settings: &Settings, sink: &mut Sink) -> Option<String> {
    if !line.betza.is_empty() {
        check_betza(line, settings, sink);
        return Some(line.betza.text.clone());
    }
    let name = line.name.text.to_lowercase();
    match keys::default_moves(&name, settings.files) {
        Some(default) => {
            let message = format!(
                "`{}` has no moves; using the diagram's default `{default}`",
                line.name.text
            );
            let d = sink.warning("I008", message, line.betza.span, "empty moves field");
            sink.push(d.with_help(format!(
                "write `{default}` in the third field to make it explicit"
            )));
            Some(default.to_string())
        }
        None => {
            let message = format!("`{}` has no moves and no built-in default", line.name.text);
            let d = sink.error("I007", message, line.betza.span, "empty moves field");
            let help = "write the piece's XBetza in the third field (the diagram would use `O`, \
                        a piece that never moves)";
            sink.push(d.with_help(help));
            None
        }
    }
}

/// Runs the XBetza expander so that broken strings are reported where the block has them.
/// They are warnings here: the string is kept verbatim and `koma check` reports it again.
fn check_betza(line: &PieceLine, settings: &Settings, sink: &mut Sink) {
    let board = BoardSize {
        files: u8::try_from(settings.files).unwrap_or(u8::MAX),
        ranks: u8::try_from(settings.ranks).unwrap_or(u8::MAX),
    };
    let problems = match xbetza::expand(&line.betza.text, board) {
        Ok(_) => return,
        Err(problems) => problems,
    };
    for p in problems.into_iter().filter(|p| !p.is_warning) {
        let at = p.located(sink.location(line.betza.span));
        let message = format!(
            "XBetza of `{}` does not check: {}",
            line.name.text, p.message
        );
        let label = format!("{} here", p.code);
        let d = sink.warning("I027", message, at.span, &label);
        sink.push(d.with_help("the string is kept as written; fix it in the .koma file"));
    }
}

/// A second line with an existing ID: the diagram makes it a separate type, koma one piece.
fn check_merge(slot: &Slot, line: &PieceLine, betza: &str, sink: &mut Sink) {
    if slot.betza != betza {
        let message = format!("two piece lines with ID `{}` have different moves", slot.id);
        let d = sink.error("I010", message, line.betza.span, "these moves");
        let d = d.with_secondary(sink.location(slot.betza_span), "differ from these");
        sink.push(d.with_help("koma merges lines with the same ID: give one of them another ID"));
    } else if display_name(&line.name.text) != slot.name {
        let message = format!("two piece lines with ID `{}` have different names", slot.id);
        let d = sink.warning("I024", message, line.name.span, "this name is dropped");
        sink.push(d.with_secondary(
            sink.location(slot.name_span),
            "the first line's name is kept",
        ));
    }
}

/// `iron general` -> `Iron General`; names with capitals are kept as written.
fn display_name(name: &str) -> String {
    if name.chars().any(|c| c.is_uppercase()) {
        return name.to_string();
    }
    name.split(' ')
        .map(|w| {
            let mut chars = w.chars();
            match chars.next() {
                Some(c) => c.to_uppercase().chain(chars).collect(),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_ids() {
        assert_eq!(display_name("iron general"), "Iron General");
        assert_eq!(display_name("Free King"), "Free King");
        assert!(is_koma_id("FD") && is_koma_id("+CS") && is_koma_id("K2"));
        assert!(!is_koma_id("2K") && !is_koma_id("+") && !is_koma_id("p") && !is_koma_id(""));
    }
}
