//! Byte offsets (the compiler's spans) to and from LSP positions (lines and UTF-16 columns).

use koma_compiler::diagnostic::LineStarts;
use lsp_types::{Position, Range};

/// Where each line of a text starts (the compiler's [`LineStarts`]), for UTF-16 columns.
#[derive(Clone, Debug)]
pub struct LineIndex {
    starts: LineStarts,
}

impl LineIndex {
    pub fn new(text: &str) -> LineIndex {
        LineIndex {
            starts: LineStarts::new(text),
        }
    }

    /// The position of byte `offset` of `text`.
    pub fn position(&self, text: &str, offset: usize) -> Position {
        let offset = floor_char_boundary(text, offset.min(text.len()));
        let (line, character) = self.starts.line_column(text, offset, char::len_utf16);
        Position::new(line as u32, character as u32)
    }

    pub fn range(&self, text: &str, start: usize, end: usize) -> Range {
        Range::new(
            self.position(text, start),
            self.position(text, end.max(start)),
        )
    }

    /// The byte offset of `position` in `text` (clamped to its line and to the text).
    pub fn offset(&self, text: &str, position: Position) -> usize {
        let Some(start) = self.starts.start(position.line as usize) else {
            return text.len();
        };
        let mut units = 0;
        for (i, c) in text[start..].char_indices() {
            if c == '\n' || units >= position.character as usize {
                return start + i;
            }
            units += c.len_utf16();
        }
        text.len()
    }
}

fn floor_char_boundary(text: &str, mut offset: usize) -> usize {
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_and_positions_round_trip_with_utf16_columns() {
        let text = "a\n\"Kōma 🐉\" x\r\nend";
        let index = LineIndex::new(text);
        let x = text.find('x').expect("x");
        let position = index.position(text, x);
        assert_eq!(position, Position::new(1, 10));
        assert_eq!(index.offset(text, position), x);
        assert_eq!(index.offset(text, Position::new(2, 99)), text.len());
        assert_eq!(index.position(text, text.len()), Position::new(2, 3));
    }
}
