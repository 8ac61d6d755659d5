//! The Interactive Diagram parameter block as written: `key=value` items and piece lines, with spans.

use koma_grammar::Span;

/// A piece of text from the block with where it was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field {
    pub text: String,
    pub span: Span,
}

impl Field {
    pub fn new(text: &str, start: usize) -> Self {
        Field {
            text: text.to_string(),
            span: Span::new(start, start + text.len()),
        }
    }
    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }
}

/// `key=value`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyItem {
    pub key: Field,
    pub value: Field,
    /// The whole item.
    pub span: Span,
    /// True when a piece line came before this item (the diagram reads items in order).
    pub after_pieces: bool,
}

/// `name:ID:betza:image:squares[:hand]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceLine {
    pub name: Field,
    pub id: Field,
    pub betza: Field,
    pub image: Field,
    pub squares: Field,
    /// The optional sixth field: initial holdings `w` or `w,b`.
    pub hand: Option<Field>,
    /// Fields beyond the sixth, which the diagram ignores.
    pub extra: Vec<Field>,
    pub span: Span,
}

/// One item of the block, in input order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    Key(KeyItem),
    Piece(PieceLine),
    /// Text that is neither a key nor a piece line (too few `:` fields, or stray words).
    Stray(Field),
}

/// The whole block.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Block {
    pub items: Vec<Item>,
}

impl Block {
    pub fn keys(&self) -> impl Iterator<Item = &KeyItem> {
        self.items.iter().filter_map(|i| match i {
            Item::Key(k) => Some(k),
            _ => None,
        })
    }
    pub fn pieces(&self) -> impl Iterator<Item = &PieceLine> {
        self.items.iter().filter_map(|i| match i {
            Item::Piece(p) => Some(p),
            _ => None,
        })
    }
}

/// Reads a block: one item per line, or several items on one line separated by spaces.
///
/// Piece names contain spaces (`iron general:I:fFbW:i:d1,m1`), so a line is not split blindly:
/// words without `=` or `:` are held back and become the start of the next piece line's name.
/// A word holding `=` is a key item; a word holding `:` ends a piece line.
pub fn read(text: &str) -> Block {
    let mut block = Block::default();
    let mut seen_piece = false;
    let mut offset = 0;
    for raw_line in text.split_inclusive('\n') {
        let line = raw_line.trim_end_matches(['\n', '\r']);
        read_line(line, offset, &mut seen_piece, &mut block);
        offset += raw_line.len();
    }
    block
}

fn read_line(line: &str, offset: usize, seen_piece: &mut bool, block: &mut Block) {
    // phpBB pages append `<br>` to every line; the diagram strips it, and so do we.
    let line = line.split("<br>").next().unwrap_or("");
    let mut pending: Option<Span> = None;
    for (start, word) in words(line) {
        let span = Span::new(offset + start, offset + start + word.len());
        if let Some(eq) = word.find('=').filter(|&eq| !word[..eq].contains(':')) {
            flush_stray(line, offset, pending.take(), block);
            let key = Field::new(&word[..eq], span.start);
            let value = Field::new(&word[eq + 1..], span.start + eq + 1);
            block.items.push(Item::Key(KeyItem {
                key,
                value,
                span,
                after_pieces: *seen_piece,
            }));
        } else if word.contains(':') {
            let whole = pending.take().map_or(span, |p| p.to(span));
            let item_text = &line[whole.start - offset..whole.end - offset];
            match piece_line(item_text, whole.start) {
                Some(piece) => {
                    *seen_piece = true;
                    block.items.push(Item::Piece(piece));
                }
                None => block
                    .items
                    .push(Item::Stray(Field::new(item_text, whole.start))),
            }
        } else {
            pending = Some(pending.map_or(span, |p| p.to(span)));
        }
    }
    flush_stray(line, offset, pending, block);
}

fn flush_stray(line: &str, offset: usize, pending: Option<Span>, block: &mut Block) {
    if let Some(p) = pending {
        let text = &line[p.start - offset..p.end - offset];
        block.items.push(Item::Stray(Field::new(text, p.start)));
    }
}

/// The whitespace-separated words of a line with their byte offsets.
fn words(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut rest = 0;
    std::iter::from_fn(move || {
        let tail = &line[rest..];
        let skip = tail.len() - tail.trim_start().len();
        let start = rest + skip;
        if start >= line.len() {
            return None;
        }
        let len = line[start..]
            .find(char::is_whitespace)
            .unwrap_or(line.len() - start);
        rest = start + len;
        Some((start, &line[start..start + len]))
    })
}

/// Splits `name:ID:betza:image:squares[:hand]`; `None` when it has fewer than five fields.
fn piece_line(text: &str, start: usize) -> Option<PieceLine> {
    let mut fields = Vec::new();
    let mut at = start;
    for part in text.split(':') {
        fields.push(Field::new(part, at));
        at += part.len() + 1;
    }
    if fields.len() < 5 {
        return None;
    }
    let mut fields = fields.into_iter();
    let mut next = || fields.next();
    let (name, id, betza, image, squares) = (next()?, next()?, next()?, next()?, next()?);
    let hand = next();
    let extra: Vec<Field> = fields.collect();
    let span = Span::new(start, start + text.len());
    Some(PieceLine {
        name,
        id,
        betza,
        image,
        squares,
        hand,
        extra,
        span,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(block: &Block) -> Vec<String> {
        block
            .items
            .iter()
            .map(|i| match i {
                Item::Key(k) => format!("key {}={}", k.key.text, k.value.text),
                Item::Piece(p) => format!("piece {}|{}|{}", p.name.text, p.id.text, p.squares.text),
                Item::Stray(s) => format!("stray {}", s.text),
            })
            .collect()
    }

    #[test]
    fn splits_one_line_blocks_between_items() {
        let block =
            read("files=9 ranks=9 iron general:I:fFbW:i:d1,m1 tokin:+P:WfF:p2: king:K:K:k:e1");
        assert_eq!(
            texts(&block),
            [
                "key files=9",
                "key ranks=9",
                "piece iron general|I|d1,m1",
                "piece tokin|+P|",
                "piece king|K|e1"
            ]
        );
    }

    #[test]
    fn reads_one_item_per_line() {
        let block = read("files=8\n  gold general:G:WfF:g:d1,,d8\r\nqueen:Q::q:d1<br>\n");
        assert_eq!(
            texts(&block),
            [
                "key files=8",
                "piece gold general|G|d1,,d8",
                "piece queen|Q|d1"
            ]
        );
    }

    #[test]
    fn spans_point_into_the_text() {
        let text = "files=9 big lion:LN:KNAD:ln:e5";
        let block = read(text);
        let Item::Piece(p) = &block.items[1] else {
            panic!("expected a piece line")
        };
        assert_eq!(&text[p.name.span.start..p.name.span.end], "big lion");
        assert_eq!(&text[p.betza.span.start..p.betza.span.end], "KNAD");
        assert_eq!(&text[p.squares.span.start..p.squares.span.end], "e5");
        let Item::Key(k) = &block.items[0] else {
            panic!("expected a key")
        };
        assert_eq!(&text[k.value.span.start..k.value.span.end], "9");
    }

    #[test]
    fn short_piece_lines_and_stray_words_are_kept_as_stray() {
        let block = read("pawn:P:fW ranks=8 dangling");
        assert_eq!(
            texts(&block),
            ["stray pawn:P:fW", "key ranks=8", "stray dangling"]
        );
    }

    #[test]
    fn marks_keys_that_follow_piece_lines() {
        let block = read("files=8 pawn:P:fW:p:a2 ranks=8");
        let after: Vec<bool> = block.keys().map(|k| k.after_pieces).collect();
        assert_eq!(after, [false, true]);
    }
}
