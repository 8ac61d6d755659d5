//! Lowering: the AST of a file and the files it extends, merged into the checked IR.
//!
//! Resolution problems (unknown names, squares off the board, bad clause parameters) are
//! reported here, where the names are resolved; `validate` checks the finished IR.

mod board;
pub(crate) mod extends;
mod merge;
mod pieces;
mod rules;
mod setup;

use koma_grammar::ast::{File, MetadataValue};

use crate::codes;
use crate::diagnostic::{Diagnostic, FileId, Location, Span};
use crate::ir::{Located, Variant};
use crate::parse::location;
use extends::Unit;

/// Lowers a chain of parsed files (the variant's own file first). Returns `None` when the
/// variant is too broken to build (no name or no board); other errors only add diagnostics.
pub(crate) fn lower(chain: &[Unit], diagnostics: &mut Vec<Diagnostic>) -> Option<Variant> {
    let root = chain.first()?;
    let name = variant_name(root, diagnostics);
    let merged = merge::merge(chain, diagnostics);
    let board = match merged.board {
        Some((file, ast)) => board::lower_board(file, ast, diagnostics),
        None if board_reported(chain, diagnostics) => None,
        None => {
            let at = name.as_ref().map_or(start_of(root.file), |n| n.location);
            diagnostics.push(
                Diagnostic::error(
                    codes::MISSING_BOARD,
                    "the variant has no board".to_string(),
                    at,
                    "no `board` section",
                )
                .with_help("add a board section, e.g. `board 9 x 9`"),
            );
            None
        }
    };
    let broken = chain
        .iter()
        .flat_map(|u| u.ast.broken_pieces.iter().cloned())
        .collect();
    // The runtime holds 1 to MAX_PIECE_TYPES types; too many is reported by lower_pieces.
    // A file with other errors already says what is wrong: no follow-on error for it.
    if merged.pieces.is_empty() && !diagnostics.iter().any(Diagnostic::is_error) {
        let at = name.as_ref().map_or(start_of(root.file), |n| n.location);
        diagnostics.push(
            Diagnostic::error(
                codes::TOO_MANY_PIECES,
                "the variant has no pieces".to_string(),
                at,
                "no piece defined",
            )
            .with_help("add a `pieces` section with at least one piece, e.g. `K \"King\" K royal`"),
        );
    }
    let names = pieces::Names::new(&merged.pieces, broken);
    let mut pieces = pieces::lower_pieces(&merged.pieces, &names, board.as_ref(), diagnostics);
    let board = board?;
    let setup = merged
        .setup
        .map(|(file, ast)| setup::lower_setup(file, ast, &board, &names, diagnostics));
    let rules = rules::lower_rules(&merged.clauses, &board, &names, &mut pieces, diagnostics);
    let file = root.file;
    Some(Variant {
        name: name?,
        inventor: text_metadata(root, "inventor"),
        year: root.ast.metadata.iter().find_map(|m| match &m.value {
            MetadataValue::Year(y) => Some(Located {
                value: y.value,
                location: location(file, y.span),
            }),
            _ => None,
        }),
        source: text_metadata(root, "source"),
        files: chain.iter().map(|u| u.file).collect(),
        attributes: merged
            .attributes
            .iter()
            .flat_map(|(file, a)| pieces::attributes(*file, std::slice::from_ref(*a)))
            .collect(),
        board,
        pieces,
        setup,
        rules,
    })
}

/// Whether a missing board is already explained: a broken `board` line, or an `extends`
/// chain that could not be followed to the parent that has the board.
fn board_reported(chain: &[Unit], diagnostics: &[Diagnostic]) -> bool {
    chain
        .iter()
        .any(|u| u.ast.broken_sections.iter().any(|s| s == "board"))
        || diagnostics
            .iter()
            .any(|d| d.code == codes::EXTENDS_NOT_FOUND || d.code == codes::EXTENDS_CYCLE)
}

fn start_of(file: FileId) -> Location {
    Location::new(file, Span::new(0, 0))
}

fn text_metadata(unit: &Unit, keyword: &str) -> Option<Located<String>> {
    unit.ast.metadata.iter().find_map(|m| match &m.value {
        MetadataValue::Inventor(s) | MetadataValue::Source(s) if m.value.keyword() == keyword => {
            Some(Located {
                value: s.value.clone(),
                location: location(unit.file, s.span),
            })
        }
        _ => None,
    })
}

/// The `variant` line's name; it must be the first item of the file.
fn variant_name(unit: &Unit, diagnostics: &mut Vec<Diagnostic>) -> Option<Located<String>> {
    let found = unit.ast.metadata.iter().find_map(|m| match &m.value {
        MetadataValue::Variant(name) => Some((m.span, name)),
        _ => None,
    });
    let Some((line, name)) = found else {
        let first = first_item(&unit.ast).map_or(start_of(unit.file), |start| {
            Location::new(unit.file, Span::new(start, start))
        });
        diagnostics.push(
            Diagnostic::error(
                codes::MISSING_VARIANT,
                "the file has no `variant` line".to_string(),
                first,
                "expected `variant \"NAME\"` first",
            )
            .with_help("start the file with `variant \"NAME\"`"),
        );
        return None;
    };
    if let Some(start) = first_item(&unit.ast).filter(|start| *start < line.start) {
        diagnostics.push(
            Diagnostic::error(
                codes::MISSING_VARIANT,
                "`variant` must be the first item of the file".to_string(),
                location(unit.file, line),
                "found after other items",
            )
            .with_secondary(
                Location::new(unit.file, Span::new(start, start)),
                "the file starts here",
            )
            .with_help("move the `variant` line to the top (comments may come before it)"),
        );
    }
    Some(Located {
        value: name.value.clone(),
        location: location(unit.file, name.span),
    })
}

/// Where the first item of the file starts (attributes and comments aside).
fn first_item(file: &File) -> Option<usize> {
    let metadata = file.metadata.iter().map(|m| m.span.start);
    let boards = file.boards.iter().map(|b| b.span.start);
    let setups = file.setups.iter().map(|s| s.span.start);
    let sections = file
        .pieces_sections
        .iter()
        .chain(&file.rules_sections)
        .map(|s| s.start);
    metadata.chain(boards).chain(setups).chain(sections).min()
}
