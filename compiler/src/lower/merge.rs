//! Merging an `extends` chain into one set of items: a child's board, setup and pieces replace
//! its parent's, and each rules clause replaces the parent's clauses of the same kind.
//! Also reports items a single file gives twice.

use std::collections::HashMap;

use koma_grammar::ast::PieceDef;
use koma_grammar::ast::{
    Attribute, Board, CLAUSE_KINDS, Clause, ClauseKind, Metadata, PieceItem, Setup, clause_kind,
};

use super::extends::Unit;
use crate::codes;
use crate::diagnostic::{Diagnostic, FileId, did_you_mean};
use crate::parse::location;

/// The chain's items after inheritance, each with the file it comes from.
#[derive(Debug, Default)]
pub(crate) struct Merged<'a> {
    pub attributes: Vec<(FileId, &'a Attribute)>,
    pub board: Option<(FileId, &'a Board)>,
    pub pieces: Vec<(FileId, &'a PieceDef)>,
    pub setup: Option<(FileId, &'a Setup)>,
    pub clauses: Vec<(FileId, &'a Clause)>,
}

/// Merges `chain` (child first) from the oldest ancestor down.
pub(crate) fn merge<'a>(chain: &'a [Unit], diagnostics: &mut Vec<Diagnostic>) -> Merged<'a> {
    let mut merged = Merged::default();
    for unit in chain.iter().rev() {
        check_duplicates(unit, diagnostics);
        let ast = &unit.ast;
        merged
            .attributes
            .extend(ast.attributes.iter().map(|a| (unit.file, a)));
        if let Some(board) = ast.boards.first() {
            merged.board = Some((unit.file, board));
        }
        if let Some(setup) = ast.setups.first() {
            merged.setup = Some((unit.file, setup));
        }
        merge_pieces(&mut merged.pieces, unit, diagnostics);
        merge_clauses(&mut merged.clauses, unit, diagnostics);
    }
    merged
}

fn merge_pieces<'a>(
    pieces: &mut Vec<(FileId, &'a PieceDef)>,
    unit: &'a Unit,
    diagnostics: &mut Vec<Diagnostic>,
) {
    // Where each ID is in `pieces`, so that a file of many pieces merges in linear time. A
    // second definition in the same file is an error, while one replacing a parent's piece is
    // how `extends` works.
    let reindex = |pieces: &Vec<(FileId, &'a PieceDef)>| -> HashMap<&'a str, usize> {
        pieces
            .iter()
            .enumerate()
            .map(|(i, (_, p))| (p.id.value.as_str(), i))
            .collect()
    };
    let mut index = reindex(pieces);
    for item in &unit.ast.pieces {
        match item {
            PieceItem::Define(def) => match index.get(def.id.value.as_str()) {
                Some(&i) if pieces[i].0 == unit.file => {
                    let first = pieces[i].1;
                    diagnostics.push(
                        Diagnostic::error(
                            codes::DUPLICATE_PIECE,
                            format!("piece `{}` is defined twice", def.id.value),
                            location(unit.file, def.id.span),
                            "defined again here",
                        )
                        .with_secondary(location(unit.file, first.id.span), "first defined here")
                        .with_help("give each piece its own ID, or remove one of the lines"),
                    );
                }
                Some(&i) => pieces[i] = (unit.file, def),
                None => {
                    index.insert(def.id.value.as_str(), pieces.len());
                    pieces.push((unit.file, def));
                }
            },
            PieceItem::Remove { id, .. } => match index.get(id.value.as_str()) {
                Some(&i) => {
                    pieces.remove(i);
                    index = reindex(pieces);
                }
                None => {
                    let known: Vec<&str> =
                        pieces.iter().map(|(_, p)| p.id.value.as_str()).collect();
                    let mut d = Diagnostic::error(
                        codes::UNKNOWN_PIECE,
                        format!("cannot remove `{}`: no such piece", id.value),
                        location(unit.file, id.span),
                        "no piece has this ID",
                    );
                    d = match did_you_mean(&id.value, known.iter().copied()) {
                            Some(near) => d.with_help(format!("did you mean `{near}`?")),
                            None => d.with_help("`remove` deletes a piece defined earlier or by the file this one extends"),
                        };
                    diagnostics.push(d);
                }
            },
        }
    }
}

fn merge_clauses<'a>(
    clauses: &mut Vec<(FileId, &'a Clause)>,
    unit: &'a Unit,
    diagnostics: &mut Vec<Diagnostic>,
) {
    for clause in &unit.ast.clauses {
        let ClauseKind::Remove(kind) = &clause.kind else {
            continue;
        };
        match clause_kind(&kind.value) {
            Some(key) => clauses.retain(|(_, inherited)| inherited.kind.key() != key),
            None => {
                let at = location(unit.file, kind.span);
                let mut d = Diagnostic::error(
                    codes::UNKNOWN_CLAUSE,
                    format!("cannot remove `{}`: no such clause kind", kind.value),
                    at,
                    "not a clause kind",
                );
                d = match did_you_mean(&kind.value, CLAUSE_KINDS.iter().copied()) {
                    Some(near) => d.with_help(format!("did you mean `{near}`?")),
                    None => d.with_help("name a clause by its first words, e.g. `remove check` or `remove promotion forced`"),
                };
                diagnostics.push(d);
            }
        }
    }
    let own: Vec<&'a Clause> = unit
        .ast
        .clauses
        .iter()
        .filter(|c| !matches!(c.kind, ClauseKind::Remove(_)))
        .collect();
    clauses.retain(|(_, inherited)| {
        inherited.kind == ClauseKind::Unknown
            || !own.iter().any(|c| c.kind.key() == inherited.kind.key())
    });
    clauses.extend(own.into_iter().map(|c| (unit.file, c)));
}

/// Items one file gives twice: metadata lines, sections, board lines, clauses.
fn check_duplicates(unit: &Unit, diagnostics: &mut Vec<Diagnostic>) {
    let file = unit.file;
    let ast = &unit.ast;
    let mut seen: HashMap<&str, &Metadata> = HashMap::new();
    for meta in &ast.metadata {
        let keyword = meta.value.keyword();
        match seen.get(keyword) {
            Some(first) => {
                diagnostics.push(duplicate(file, keyword, meta.span, first.span, "line"))
            }
            None => {
                seen.insert(keyword, meta);
            }
        }
    }
    for board in ast.boards.iter().skip(1) {
        diagnostics.push(duplicate(
            file,
            "board",
            board.span,
            ast.boards[0].span,
            "section",
        ));
    }
    for setup in ast.setups.iter().skip(1) {
        diagnostics.push(duplicate(
            file,
            "setup",
            setup.span,
            ast.setups[0].span,
            "section",
        ));
    }
    for board in &ast.boards {
        let mut seen = HashMap::new();
        // Region and square lines repeat: each defines its own name (lowering checks the names).
        for item in board
            .items
            .iter()
            .filter(|i| !matches!(i.kind.keyword(), "region" | "square"))
        {
            let keyword = item.kind.keyword();
            match seen.get(keyword) {
                Some(first) => {
                    diagnostics.push(duplicate(file, keyword, item.span, *first, "line"))
                }
                None => {
                    seen.insert(keyword, item.span);
                }
            }
        }
    }
    let mut seen: HashMap<&str, &Clause> = HashMap::new();
    for clause in &ast.clauses {
        if clause.kind.repeatable() {
            continue;
        }
        let key = clause.kind.key();
        match seen.get(key) {
            Some(first) => diagnostics.push(
                Diagnostic::error(
                    codes::DUPLICATE_CLAUSE,
                    format!("`{key}` is given twice"),
                    location(file, clause.span),
                    "given again here",
                )
                .with_secondary(location(file, first.span), "first given here")
                .with_help("keep one of the two lines"),
            ),
            None => {
                seen.insert(key, clause);
            }
        }
    }
}

fn duplicate(
    file: FileId,
    keyword: &str,
    again: koma_grammar::Span,
    first: koma_grammar::Span,
    what: &str,
) -> Diagnostic {
    Diagnostic::error(
        codes::DUPLICATE_ITEM,
        format!("the `{keyword}` {what} is given twice"),
        location(file, again),
        "given again here",
    )
    .with_secondary(location(file, first), "first given here")
    .with_help(format!("a file has one `{keyword}` {what}; merge the two"))
}
