//! A Fairy-Stockfish `variants.ini` as written: `[name]` / `[name:parent]` sections of
//! `key = value` lines, with spans.

use koma_grammar::Span;

/// One `key = value` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub key: String,
    pub value: String,
    /// The whole line.
    pub span: Span,
    pub value_span: Span,
}

/// One section, in file order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    pub name: String,
    /// The parent's name and where it is written.
    pub parent: Option<(String, Span)>,
    pub header: Span,
    pub entries: Vec<Entry>,
    /// Lines that are neither comments nor `key = value` (Fairy-Stockfish skips them).
    pub stray: Vec<Span>,
}

/// Whether `text` reads as an ini file: some line is a section header.
pub fn looks_like_ini(text: &str) -> bool {
    text.lines().any(|l| header(l.trim()).is_some())
}

/// `[name]` or `[name:parent]`: the name and the parent with its offset in the line.
fn header(line: &str) -> Option<(&str, Option<(&str, usize)>)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let ok = |s: &str| {
        !s.is_empty()
            && s.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"-_".contains(&b))
    };
    match inner.split_once(':') {
        Some((name, parent)) if ok(name) && ok(parent) => {
            Some((name, Some((parent, name.len() + 2))))
        }
        None if ok(inner) => Some((inner, None)),
        _ => None,
    }
}

/// Reads every section; text before the first header is ignored, as Fairy-Stockfish does.
pub fn read(text: &str) -> Vec<Section> {
    let mut sections: Vec<Section> = Vec::new();
    let mut offset = 0;
    for raw in text.split_inclusive('\n') {
        let start = offset;
        offset += raw.len();
        let line = raw.trim_end_matches(['\n', '\r']);
        let lead = line.len() - line.trim_start().len();
        let trimmed = line.trim();
        let span = Span::new(start + lead, start + lead + trimmed.len());
        if let Some((name, parent)) = header(trimmed) {
            sections.push(Section {
                name: name.to_string(),
                parent: parent.map(|(p, at)| {
                    let s = span.start + at;
                    (p.to_string(), Span::new(s, s + p.len()))
                }),
                header: span,
                entries: Vec::new(),
                stray: Vec::new(),
            });
            continue;
        }
        let Some(section) = sections.last_mut() else {
            continue;
        };
        if trimmed.is_empty() || trimmed.starts_with(['#', ';']) {
            continue;
        }
        match entry(line, start) {
            Some(e) => section.entries.push(e),
            None => section.stray.push(span),
        }
    }
    sections
}

fn entry(line: &str, start: usize) -> Option<Entry> {
    let (key, value) = line.split_once('=')?;
    let key = key.trim();
    if key.is_empty() {
        return None;
    }
    let value_start = start + line.len() - line[line.find('=')? + 1..].trim_start().len();
    let value = value.trim();
    let lead = line.len() - line.trim_start().len();
    Some(Entry {
        key: key.to_string(),
        value: value.to_string(),
        span: Span::new(start + lead, start + line.trim_end().len()),
        value_span: Span::new(value_start, value_start + value.len()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_sections_entries_and_spans() {
        let text = "# intro\n[a:chess]\nmaxRank = 6\nbogus\n\n[b]\n; c\nking = k:KN\n";
        let s = read(text);
        assert_eq!(s.len(), 2);
        let (parent, at) = s[0].parent.clone().expect("parent");
        assert_eq!(parent, "chess");
        assert_eq!(&text[at.start..at.end], "chess");
        let e = &s[0].entries[0];
        assert_eq!((e.key.as_str(), e.value.as_str()), ("maxRank", "6"));
        assert_eq!(&text[e.value_span.start..e.value_span.end], "6");
        assert_eq!(&text[s[0].stray[0].start..s[0].stray[0].end], "bogus");
        assert_eq!(s[1].entries[0].value, "k:KN");
        assert!(looks_like_ini(text));
        assert!(!looks_like_ini("files=8 ranks=8 king:K:K:k:e1"));
    }
}
