//! What the server answers: each feature reads the compiler's results for one document.

use std::collections::HashMap;

use koma_compiler::diagnostic::{self, FileId, Severity};
use koma_compiler::diagram::{Scene, draw, draw_piece, render_text};
use koma_compiler::xbetza::{self, BoardSize, words};
use koma_grammar::ast::{MetadataValue, Moves, PieceItem};
use koma_grammar::{LineKind, SectionKind, Span, Token, TokenKind};
use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, CompletionItem, CompletionItemKind,
    DiagnosticRelatedInformation, DiagnosticSeverity, Hover, HoverContents, Location,
    MarkupContent, MarkupKind, NumberOrString, Position, Range, TextEdit, Url, WorkspaceEdit,
};

use crate::document::Document;

/// The compiler's diagnostics for the document, with codes and related locations. Findings in
/// a file it extends are shown on its `extends` line.
pub fn diagnostics(doc: &Document) -> Vec<lsp_types::Diagnostic> {
    doc.diagnostics
        .iter()
        .map(|d| {
            let at = d.primary.location;
            let (range, prefix) = if at.file == FileId(0) {
                (doc.index.range(&doc.text, at.span), String::new())
            } else {
                let name = doc
                    .loaded
                    .sources
                    .get(at.file)
                    .map_or("", |f| f.name.as_str());
                (extends_range(doc), format!("in `{name}`: "))
            };
            let mut message = format!("{prefix}{}", d.message);
            if !d.primary.message.is_empty() && d.primary.message != d.message {
                message.push_str(&format!(" ({})", d.primary.message));
            }
            if let Some(help) = &d.help {
                message.push_str(&format!("\nhelp: {help}"));
            }
            let related: Vec<DiagnosticRelatedInformation> = d
                .secondary
                .iter()
                .filter_map(|label| {
                    Some(DiagnosticRelatedInformation {
                        location: location(doc, label.location)?,
                        message: label.message.clone(),
                    })
                })
                .collect();
            lsp_types::Diagnostic {
                range,
                severity: Some(match d.severity {
                    Severity::Error => DiagnosticSeverity::ERROR,
                    Severity::Warning => DiagnosticSeverity::WARNING,
                }),
                code: Some(NumberOrString::String(d.code.clone())),
                source: Some("koma".to_string()),
                message,
                related_information: (!related.is_empty()).then_some(related),
                ..lsp_types::Diagnostic::default()
            }
        })
        .collect()
}

/// The `extends` line's range, or the file's start.
fn extends_range(doc: &Document) -> Range {
    doc.parsed
        .file
        .metadata
        .iter()
        .find(|m| matches!(m.value, MetadataValue::Extends(_)))
        .map_or_else(Range::default, |m| doc.index.range(&doc.text, m.span))
}

/// A location in any file of the compilation.
fn location(doc: &Document, at: diagnostic::Location) -> Option<Location> {
    let uri = doc.file_uri(at.file)?;
    let text = doc.file_text(at.file)?;
    let index = doc.file_index(at.file)?;
    Some(Location::new(uri, index.range(text, at.span)))
}

/// The token under the cursor and its text.
fn token_at(doc: &Document, at: usize) -> Option<(LineKind, Token, &str)> {
    let (line, token) = doc.parsed.tree.token_at(at)?;
    Some((
        line.kind,
        *token,
        &doc.text[token.span.start..token.span.end],
    ))
}

/// Hover: an XBetza string's diagram and its moves in words; a piece ID's definition, moves
/// and diagram.
pub fn hover(doc: &Document, at: usize) -> Option<Hover> {
    let (_, token, text) = token_at(doc, at)?;
    let markdown = match token.kind {
        TokenKind::Betza => betza_hover(doc, text),
        TokenKind::PieceId => piece_hover(doc, text)?,
        _ => return None,
    };
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: markdown,
        }),
        range: Some(doc.index.range(&doc.text, token.span)),
    })
}

/// The board a hover draws on: the variant's when it is small enough to read, else 9x9.
fn hover_scene(doc: &Document) -> Scene {
    match &doc.loaded.variant {
        Some(v) if v.board.width <= 12 && v.board.height <= 12 => Scene::on_board(&v.board),
        _ => Scene::centre(BoardSize { files: 9, ranks: 9 }),
    }
}

fn betza_hover(doc: &Document, betza: &str) -> String {
    let scene = hover_scene(doc);
    let mut out = format!("**{betza}**\n\n");
    match xbetza::expand(betza, scene.board) {
        Ok((expansion, _)) => {
            let diagram = draw(&expansion, &scene);
            let text = render_text(&diagram, false);
            out.push_str(&format!("```text\n{}\n```\n\n", text.trim_end()));
        }
        Err(problems) => {
            for p in problems {
                out.push_str(&format!("- {}\n", p.message));
            }
        }
    }
    if let Ok(lines) = words::describe(betza) {
        for line in lines {
            out.push_str(&format!("- {line}\n"));
        }
    }
    out
}

fn piece_hover(doc: &Document, id: &str) -> Option<String> {
    if let Some((_, piece)) = doc.loaded.variant.as_ref().and_then(|v| v.piece_by_id(id)) {
        let mut out = format!("**{}** `{}`: `{}`", piece.id, piece.name, piece.betza);
        if let Some(like) = &piece.like {
            let variant = doc.loaded.variant.as_ref()?;
            out.push_str(&format!(" (like `{}`)", variant.piece(like.value).id));
        }
        if piece.royal.is_some() {
            out.push_str(", royal");
        }
        // On the variant's own board, where its regions apply; else on the hover board.
        let diagram = match doc.loaded.variant.as_ref() {
            Some(v) if v.board.width <= 12 && v.board.height <= 12 => {
                draw_piece(v, piece, &Scene::for_piece(v, piece, false))
            }
            _ => draw(&piece.expansion, &hover_scene(doc)),
        };
        let text = render_text(&diagram, false);
        out.push_str(&format!("\n\n```text\n{}\n```\n", text.trim_end()));
        return Some(out);
    }
    // The variant has errors: show what this file writes.
    let def = own_definition(doc, id)?;
    let moves = match &def.moves {
        Moves::Betza(b) => b.value.clone(),
        Moves::Like { other, .. } => format!("like {}", other.value),
    };
    let mut out = format!("**{}** `{}`: `{moves}`", def.id.value, def.name.value);
    if let Moves::Betza(b) = &def.moves {
        out.push_str("\n\n");
        out.push_str(&betza_hover(doc, &b.value));
    }
    Some(out)
}

fn own_definition<'d>(doc: &'d Document, id: &str) -> Option<&'d koma_grammar::ast::PieceDef> {
    doc.parsed.file.pieces.iter().find_map(|item| match item {
        PieceItem::Define(def) if def.id.value == id => Some(def),
        _ => None,
    })
}

/// Go to definition: a piece ID's piece line (in this file or the file it extends); the file
/// an `extends` line names.
pub fn definition(doc: &Document, at: usize) -> Option<Location> {
    let (kind, token, text) = token_at(doc, at)?;
    match token.kind {
        TokenKind::PieceId => {
            if let Some((_, piece)) = doc
                .loaded
                .variant
                .as_ref()
                .and_then(|v| v.piece_by_id(text))
            {
                return location(doc, piece.id_location);
            }
            let def = own_definition(doc, text)?;
            Some(Location::new(
                doc.uri.clone(),
                doc.index.range(&doc.text, def.id.span),
            ))
        }
        TokenKind::String if kind == LineKind::Metadata => {
            let line_start = doc.text[..token.span.start]
                .rfind('\n')
                .map_or(0, |i| i + 1);
            if !doc.text[line_start..token.span.start]
                .trim_start()
                .starts_with("extends")
            {
                return None;
            }
            let from = doc.uri.to_file_path().ok()?;
            let target = text.trim_matches('"');
            let path = std::fs::canonicalize(koma_compiler::extends_path(&from, target)).ok()?;
            Some(Location::new(
                Url::from_file_path(path).ok()?,
                Range::default(),
            ))
        }
        _ => None,
    }
}

/// Every place this file names the piece under the cursor.
pub fn references(doc: &Document, at: usize, include_declaration: bool) -> Option<Vec<Location>> {
    let (_, token, id) = token_at(doc, at)?;
    if token.kind != TokenKind::PieceId {
        return None;
    }
    let declaration = own_definition(doc, id).map(|d| d.id.span);
    let found = doc
        .parsed
        .tree
        .lines()
        .flat_map(|l| l.tokens.iter())
        .filter(|t| t.kind == TokenKind::PieceId && &doc.text[t.span.start..t.span.end] == id)
        .filter(|t| include_declaration || Some(t.span) != declaration)
        .map(|t| Location::new(doc.uri.clone(), doc.index.range(&doc.text, t.span)))
        .collect();
    Some(found)
}

const METADATA: &[&str] = &["variant", "inventor", "year", "source", "extends"];
const SECTIONS: &[&str] = &["board", "pieces", "setup", "rules"];
const BOARD: &[&str] = &["ranks", "extra", "holes", "vanishing", "region", "square"];
const PIECE_WORDS: &[&str] = &[
    "like", "promotes", "royal", "value", "confined", "in", "glyph", "remove",
];
const SETUP: &[&str] = &[
    "first", "second", "hand", "shuffle", "to-move", "rotate", "mirror", "none",
];
/// The words that follow a clause keyword.
const CLAUSE_WORDS: &[&str] = &[
    "zone",
    "on",
    "enter",
    "leave",
    "inside",
    "start-or-end",
    "capture-in-zone",
    "capture-from-zone",
    "mid-move",
    "optional",
    "mandatory",
    "automatic",
    "forced-when-stuck",
    "forced",
    "last",
    "extinction",
    "checkmate",
    "last-royal-only",
    "duple",
    "area",
    "king",
    "diagonal",
    "orthogonal",
    "all",
    "choose",
    "active",
    "passive",
    "immune",
    "burner-meets-burner",
    "on-promotion",
    "takes",
    "always",
    "when protected",
    "except-adjacent",
    "except-bridge",
    "counter-strike",
    "forbidden",
    "only",
    "not-after-pass",
    "twice-ends",
    "when-stuck",
    "anytime",
    "first-passer-deviates",
    "draws",
    "loses",
    "wins",
    "repetition",
    "moves",
    "reset",
    "capture",
    "promotion",
    "bare-royal",
    "captured-only",
    "flip",
    "limit",
    "promoted",
    "illegal",
    "except-evasion",
    "except-no-new-attack",
    "board-honour",
    "pieces-honour",
    "else",
    "without",
    "or-filled",
    "safe",
    "hold",
    "opposite-wings",
    "king-side",
    "queen-side",
    "count",
    "row",
    "ranks",
    "files",
    "diagonals",
    "unmoved",
    "opposite-colours",
    "enclosed",
    "enclosing",
    "start",
    "full-board",
    "enters",
    "top",
    "any-side",
];

/// Completion: the keywords of the section the cursor is in, rules clauses and their words,
/// piece IDs, and lint names inside an attribute.
pub fn completion(doc: &Document, at: usize) -> Vec<CompletionItem> {
    let line_start = doc.text[..at.min(doc.text.len())]
        .rfind('\n')
        .map_or(0, |i| i + 1);
    let before = &doc.text[line_start..at.min(doc.text.len())];
    let keyword = |word: &str, detail: &str| CompletionItem {
        label: word.to_string(),
        kind: Some(CompletionItemKind::KEYWORD),
        detail: Some(detail.to_string()),
        ..CompletionItem::default()
    };
    if before.trim_start().starts_with("#[") {
        return koma_compiler::lint::LINTS
            .iter()
            .map(|l| CompletionItem {
                label: l.name.to_string(),
                kind: Some(CompletionItemKind::VALUE),
                detail: Some(format!("{}: {}", l.code, l.summary)),
                ..CompletionItem::default()
            })
            .collect();
    }
    let section = doc
        .parsed
        .tree
        .sections
        .iter()
        .rev()
        .find(|s| s.span.start <= line_start)
        .map_or(SectionKind::Head, |s| s.kind);
    // The cursor is in the line's first word (or before it).
    let first_word = !before.trim_start().contains(char::is_whitespace);
    let mut items: Vec<CompletionItem> = Vec::new();
    if first_word {
        items.extend(METADATA.iter().map(|w| keyword(w, "metadata")));
        items.extend(SECTIONS.iter().map(|w| keyword(w, "section")));
    }
    match section {
        SectionKind::Head => {}
        SectionKind::Board => items.extend(BOARD.iter().map(|w| keyword(w, "board line"))),
        SectionKind::Pieces => items.extend(PIECE_WORDS.iter().map(|w| keyword(w, "piece line"))),
        SectionKind::Setup => items.extend(SETUP.iter().map(|w| keyword(w, "setup"))),
        SectionKind::Rules if first_word => {
            items.extend(koma_grammar::clause_keywords().map(|w| keyword(w, "rules clause")));
            items.push(keyword("remove", "rules clause"));
        }
        SectionKind::Rules => {
            items.extend(CLAUSE_WORDS.iter().map(|w| keyword(w, "clause option")))
        }
    }
    if !(first_word
        && matches!(
            section,
            SectionKind::Head | SectionKind::Board | SectionKind::Rules
        ))
    {
        items.extend(piece_ids(doc).into_iter().map(|(id, name)| CompletionItem {
            label: id,
            kind: Some(CompletionItemKind::CONSTANT),
            detail: Some(name),
            ..CompletionItem::default()
        }));
    }
    items
}

/// Every piece ID the variant knows (inherited ones included), with the piece's name.
fn piece_ids(doc: &Document) -> Vec<(String, String)> {
    let mut ids: HashMap<String, String> = HashMap::new();
    if let Some(variant) = &doc.loaded.variant {
        for piece in &variant.pieces {
            ids.insert(piece.id.clone(), piece.name.clone());
        }
    }
    for item in &doc.parsed.file.pieces {
        if let PieceItem::Define(def) = item {
            ids.insert(def.id.value.clone(), def.name.value.clone());
        }
    }
    let mut ids: Vec<(String, String)> = ids.into_iter().collect();
    ids.sort();
    ids
}

/// Quick fixes: the machine-applicable suggestions of the diagnostics touching the range.
pub fn code_actions(doc: &Document, range: Span) -> Vec<CodeActionOrCommand> {
    let lsp_diagnostics = diagnostics(doc);
    doc.diagnostics
        .iter()
        .zip(lsp_diagnostics)
        .filter_map(|(d, lsp)| {
            let s: &diagnostic::Suggestion = d.suggestion.as_ref()?;
            let at = d.primary.location;
            let touches = at.span.start <= range.end && range.start <= at.span.end;
            if s.location.file != FileId(0) || !touches {
                return None;
            }
            let edit = TextEdit::new(
                doc.index.range(&doc.text, s.location.span),
                s.replacement.clone(),
            );
            let changes = HashMap::from([(doc.uri.clone(), vec![edit])]);
            Some(CodeActionOrCommand::CodeAction(CodeAction {
                title: s.message.clone(),
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: Some(vec![lsp]),
                edit: Some(WorkspaceEdit::new(changes)),
                is_preferred: Some(true),
                ..CodeAction::default()
            }))
        })
        .collect()
}

/// The document in `koma fmt`'s layout: one edit over the whole text, none when it is already
/// formatted, and nothing (`null`) when it has syntax errors.
pub fn formatting(doc: &Document) -> Option<Vec<TextEdit>> {
    let formatted = koma_compiler::format::format(&doc.text).ok()?;
    if formatted == doc.text {
        return Some(Vec::new());
    }
    let end = doc.index.position(&doc.text, doc.text.len());
    Some(vec![TextEdit::new(
        Range::new(Position::new(0, 0), end),
        formatted,
    )])
}
