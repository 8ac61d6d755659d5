//! `koma fmt`: the one canonical layout of a variant file, computed from the lossless tree.
//!
//! The layout: sections in the order head, `board`, `pieces`, `setup`, `rules` (a comment block
//! right above a header moves with it); headers and head lines at column 0, section lines
//! indented two spaces, comment lines indented like the code they introduce; one space between
//! words (none where the source has none, as in `a2-h2` or `1..8`); piece and placement tables
//! aligned in columns; trailing comments of neighbouring lines aligned; at most one blank line in
//! a row, one before each section, none at the ends; `\n` line ends. Formatting never changes
//! what a file means: it only moves whitespace, comments and whole sections.

use koma_grammar::{Line, LineKind, SectionKind, SyntaxTree, TokenKind};

/// Why a file cannot be formatted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FormatError {
    /// The formatter only rewrites files that parse: a bad line has no layout to canonicalise
    /// (`koma fmt` reports the syntax errors themselves).
    #[error("the file has {count} syntax error(s), so it is left as it is")]
    Syntax { count: usize },
}

/// The canonical layout of `text`.
///
/// ```
/// let text = "variant   \"Tiny\"\n\n\n\nboard 3 x 3\npieces\nK \"King\" K royal\n";
/// let formatted = koma_compiler::format::format(text).unwrap();
/// assert_eq!(formatted, "variant \"Tiny\"\n\nboard 3 x 3\n\npieces\n  K  \"King\"  K  royal\n");
/// assert_eq!(koma_compiler::format::format(&formatted).unwrap(), formatted);
/// ```
pub fn format(text: &str) -> Result<String, FormatError> {
    let parsed = koma_grammar::parse(text);
    if !parsed.errors.is_empty() {
        return Err(FormatError::Syntax {
            count: parsed.errors.len(),
        });
    }
    let mut chunks = chunks(&parsed.tree);
    chunks.sort_by_key(|c| c.kind);
    let mut out = Output::default();
    for chunk in &chunks {
        if chunk.kind != SectionKind::Head {
            out.blank();
        }
        chunk_lines(text, chunk, &mut out);
    }
    Ok(out.finish())
}

/// A section with the comment block written right above its header.
struct Chunk<'t> {
    kind: SectionKind,
    lines: Vec<&'t Line>,
}

fn chunks(tree: &SyntaxTree) -> Vec<Chunk<'_>> {
    let mut chunks: Vec<Chunk<'_>> = Vec::new();
    for section in &tree.sections {
        let mut lines: Vec<&Line> = section.lines.iter().collect();
        if let Some(previous) = chunks.last_mut() {
            let keep = previous
                .lines
                .iter()
                .rposition(|l| !matches!(l.kind, LineKind::Comment | LineKind::Attribute))
                .map_or(0, |i| i + 1);
            let moved = previous.lines.split_off(keep);
            lines.splice(0..0, moved);
        }
        chunks.push(Chunk {
            kind: section.kind,
            lines,
        });
    }
    chunks
}

/// Output lines; `None` is a blank line.
#[derive(Default)]
struct Output {
    lines: Vec<Option<String>>,
}

impl Output {
    fn blank(&mut self) {
        if matches!(self.lines.last(), Some(Some(_))) {
            self.lines.push(None);
        }
    }

    fn push(&mut self, line: String) {
        self.lines.push(Some(line));
    }

    fn finish(mut self) -> String {
        while matches!(self.lines.last(), Some(None)) {
            self.lines.pop();
        }
        let mut text = String::new();
        for line in self.lines {
            if let Some(line) = line {
                text.push_str(line.trim_end());
            }
            text.push('\n');
        }
        text
    }
}

/// One code line laid out: its columns (aligned with its neighbours' for tables) and comment.
struct Laid {
    indent: usize,
    columns: Vec<String>,
    comment: Option<String>,
}

/// Lays out one chunk: indents, table columns, then trailing comments aligned.
fn chunk_lines(text: &str, chunk: &Chunk<'_>, out: &mut Output) {
    let laid = lay_out(text, chunk);
    let widths = column_widths(&laid);
    let rendered: Vec<Option<String>> = laid
        .iter()
        .map(|l| l.as_ref().map(|l| render_code(l, &widths)))
        .collect();
    let comment_column = comment_columns(&laid, &rendered);
    for (i, l) in laid.iter().enumerate() {
        let (Some(l), Some(code)) = (l, &rendered[i]) else {
            out.blank();
            continue;
        };
        let line = match (&l.comment, l.columns.is_empty()) {
            (Some(comment), true) => format!("{code}{comment}"),
            (Some(comment), false) => {
                let pad = comment_column[i].saturating_sub(code.chars().count());
                format!("{code}{}{comment}", " ".repeat(pad.max(2)))
            }
            (None, _) => code.clone(),
        };
        out.push(line);
    }
}

/// How far each line of the chunk is indented: lines above the header (file-wide comments and
/// attributes) and the header itself sit at the margin; a section's lines are indented two
/// spaces, four under `first` or `second`.
fn indents(text: &str, chunk: &Chunk<'_>) -> Vec<usize> {
    let head = chunk.kind == SectionKind::Head;
    let header = chunk
        .lines
        .iter()
        .position(|l| l.kind == LineKind::Header)
        .unwrap_or(0);
    let mut indents = Vec::with_capacity(chunk.lines.len());
    let mut in_side = false;
    for (i, line) in chunk.lines.iter().enumerate() {
        let side = chunk.kind == SectionKind::Setup
            && line.kind == LineKind::Item
            && line.tokens.len() == 1
            && matches!(
                &text[line.tokens[0].span.start..line.tokens[0].span.end],
                "first" | "second"
            );
        let indent = if head || i <= header {
            0
        } else if in_side && !side {
            4
        } else {
            2
        };
        in_side |= side;
        indents.push(indent);
    }
    indents
}

/// Each line of the chunk laid out (`None` for a blank line).
fn lay_out(text: &str, chunk: &Chunk<'_>) -> Vec<Option<Laid>> {
    let indents = indents(text, chunk);
    // Comment lines take the indentation of the code they introduce: the next code line, or
    // the last one when none follows (found in one pass each, not one search per comment).
    let is_code = |l: &&Line| !matches!(l.kind, LineKind::Blank | LineKind::Comment);
    let last_code = chunk.lines.iter().rposition(is_code);
    let mut next_code = vec![None; chunk.lines.len()];
    let mut after = None;
    for (i, line) in chunk.lines.iter().enumerate().rev() {
        if is_code(line) {
            after = Some(i);
        }
        next_code[i] = after;
    }
    let mut laid: Vec<Option<Laid>> = Vec::new();
    for (i, line) in chunk.lines.iter().enumerate() {
        let comment = line
            .comment
            .map(|c| text[c.start..c.end].trim_end().to_string());
        match line.kind {
            LineKind::Blank => laid.push(None),
            LineKind::Comment => {
                let next = next_code[i].or(last_code);
                laid.push(Some(Laid {
                    indent: next.map_or(0, |n| indents[n]),
                    columns: Vec::new(),
                    comment,
                }));
            }
            _ => laid.push(Some(Laid {
                indent: indents[i],
                columns: columns(text, chunk.kind, line),
                comment,
            })),
        }
    }
    laid
}

/// Tables: every line of the section with more than one column shares the column widths. A
/// column's width counts only where another column follows it.
fn column_widths(laid: &[Option<Laid>]) -> Vec<usize> {
    let mut widths: Vec<usize> = Vec::new();
    for l in laid.iter().flatten() {
        if l.columns.len() < 2 {
            continue;
        }
        for (c, column) in l.columns[..l.columns.len() - 1].iter().enumerate() {
            if widths.len() <= c {
                widths.push(0);
            }
            widths[c] = widths[c].max(column.chars().count());
        }
    }
    widths
}

/// A line's code: its indent and its columns padded to `widths`.
fn render_code(l: &Laid, widths: &[usize]) -> String {
    let mut code = " ".repeat(l.indent);
    let last = l.columns.len().saturating_sub(1);
    for (c, column) in l.columns.iter().enumerate() {
        code.push_str(column);
        if c < last {
            let width = widths.get(c).copied().unwrap_or(0);
            let pad = width.saturating_sub(column.chars().count()) + 2;
            code.push_str(&" ".repeat(pad));
        }
    }
    code
}

/// Where each line's trailing comment starts: comments of neighbouring code lines (no blank or
/// comment line between) align two spaces after the longest of their code.
fn comment_columns(laid: &[Option<Laid>], rendered: &[Option<String>]) -> Vec<usize> {
    let mut comment_column = vec![0; laid.len()];
    let mut run: Vec<usize> = Vec::new();
    let flush = |run: &mut Vec<usize>, comment_column: &mut Vec<usize>| {
        let width = run
            .iter()
            .filter(|&&i| laid[i].as_ref().is_some_and(|l| l.comment.is_some()))
            .filter_map(|&i| rendered[i].as_ref().map(|r| r.chars().count()))
            .max()
            .unwrap_or(0);
        for &i in run.iter() {
            comment_column[i] = width + 2;
        }
        run.clear();
    };
    for (i, l) in laid.iter().enumerate() {
        let code = l.as_ref().is_some_and(|l| !l.columns.is_empty());
        if code {
            run.push(i);
        } else {
            flush(&mut run, &mut comment_column);
        }
    }
    flush(&mut run, &mut comment_column);
    comment_column
}

/// The words of a code line, spaced as the canonical layout spaces them, cut into the columns
/// its table aligns (one column for lines that are no table rows).
fn columns(text: &str, section: SectionKind, line: &Line) -> Vec<String> {
    let tokens = &line.tokens;
    let word = |i: usize| &text[tokens[i].span.start..tokens[i].span.end];
    // Joins tokens `from..to`, with one space where the source has any and none where it has none.
    let join = |from: usize, to: usize| {
        let mut s = String::new();
        for i in from..to {
            if i > from && tokens[i].span.start > tokens[i - 1].span.end {
                s.push(' ');
            }
            s.push_str(word(i));
        }
        s
    };
    let n = tokens.len();
    let row = line.kind == LineKind::Item
        && n >= 2
        && tokens[0].kind == TokenKind::PieceId
        && tokens[1].span.start > tokens[0].span.end;
    match section {
        SectionKind::Pieces if row && tokens[1].kind == TokenKind::String => {
            let options = (2..n)
                .find(|&i| {
                    tokens[i].kind == TokenKind::Keyword && matches!(word(i), "promotes" | "royal")
                })
                .unwrap_or(n);
            let mut columns = vec![join(0, 1), join(1, 2), join(2, options)];
            if options < n {
                columns.push(join(options, n));
            }
            columns
        }
        SectionKind::Setup if row => vec![join(0, 1), join(1, n)],
        _ => vec![join(0, n)],
    }
}
