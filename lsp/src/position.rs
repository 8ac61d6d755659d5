//! Byte offsets (the compiler's spans) to and from LSP positions (lines and UTF-16 columns):
//! the edge where koma's [`Span`] meets the protocol's [`Range`].

use koma_compiler::diagnostic::{LineStarts, clamp};
use koma_grammar::Span;
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
        let offset = clamp(text, Span::new(offset, offset)).start;
        let (line, character) = self.starts.line_column(text, offset, char::len_utf16);
        Position::new(line as u32, character as u32)
    }

    /// The range of `span` in `text`.
    pub fn range(&self, text: &str, span: Span) -> Range {
        Range::new(
            self.position(text, span.start),
            self.position(text, span.end.max(span.start)),
        )
    }

    /// The span of `range` in `text` (each end clamped as [`LineIndex::offset`] does).
    pub fn span(&self, text: &str, range: Range) -> Span {
        let start = self.offset(text, range.start);
        Span::new(start, self.offset(text, range.end).max(start))
    }

    /// The byte offset of `position` in `text` (clamped to its line, before its `\n` or
    /// `\r\n`, and to the text).
    pub fn offset(&self, text: &str, position: Position) -> usize {
        let Some(start) = self.starts.start(position.line as usize) else {
            return text.len();
        };
        let line = &text[start..];
        let mut units = 0;
        for (i, c) in line.char_indices() {
            let line_end = c == '\n' || line[i..].starts_with("\r\n");
            if line_end || units >= position.character as usize {
                return start + i;
            }
            units += c.len_utf16();
        }
        text.len()
    }
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

    /// A kanji is three bytes but one UTF-16 unit; a `\r\n` line end is one line break. The
    /// column is the one `koma check` shows for `X` (23, counted in characters), less one.
    #[test]
    fn kanji_and_crlf_lines_map_both_ways() {
        let text = "pieces  # 駒\r\n  G \"金将\" WfF promotes X  # 金\r\n";
        let index = LineIndex::new(text);
        let x = text.find('X').expect("X");
        let span = Span::new(x, x + 1);
        let range = index.range(text, span);
        assert_eq!(
            range,
            Range::new(Position::new(1, 22), Position::new(1, 23))
        );
        assert_eq!(index.span(text, range), span);
        // A column past the end of a line is its end, before the `\r\n`.
        let end = Position::new(0, 99);
        assert_eq!(index.offset(text, end), text.find('\r').expect("line end"));
    }
}
