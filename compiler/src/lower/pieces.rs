//! Lowering piece lines: IDs to indices, `like` resolution, promotions, XBetza expansion.

use std::collections::HashMap;

use koma_grammar::ast::{Attribute as AstAttribute, Moves, PieceDef};
use koma_grammar::{Span, Spanned};
use koma_runtime::limits::MAX_PIECE_TYPES;
use koma_runtime::spec::PieceType;

use crate::codes;
use crate::diagnostic::{Diagnostic, FileId, Location, did_you_mean};
use crate::ir::{Attribute, Board, InRegion, Located, Piece};
use crate::parse::location;
use crate::xbetza::{self, BoardSize, Expansion};

/// Piece IDs and their indices, for resolving names anywhere in the file.
#[derive(Debug, Default)]
pub(crate) struct Names {
    /// IDs whose piece line did not parse: using them is no new error.
    broken: Vec<String>,
    ids: Vec<String>,
    index: HashMap<String, PieceType>,
}

impl Names {
    pub(crate) fn new(pieces: &[(FileId, &PieceDef)], mut broken: Vec<String>) -> Names {
        // Pieces past the limit are dropped by `lower_pieces` (error E0110): naming them
        // elsewhere is no new error, and no index may point past the pieces kept.
        broken.extend(
            pieces
                .iter()
                .skip(MAX_PIECE_TYPES)
                .map(|(_, d)| d.id.value.clone()),
        );
        let mut names = Names {
            broken,
            ..Names::default()
        };
        for (i, (_, def)) in pieces.iter().enumerate().take(MAX_PIECE_TYPES) {
            names.ids.push(def.id.value.clone());
            names
                .index
                .insert(def.id.value.clone(), PieceType(i as u16));
        }
        names
    }

    /// How many pieces have names.
    pub(crate) fn len(&self) -> usize {
        self.ids.len()
    }

    /// The piece `id` names, or an "unknown piece" error mentioning `context`.
    pub(crate) fn resolve(
        &self,
        file: FileId,
        id: &Spanned<String>,
        context: &str,
        diagnostics: &mut Vec<Diagnostic>,
    ) -> Option<PieceType> {
        if let Some(piece) = self.index.get(&id.value) {
            return Some(*piece);
        }
        if self.broken.contains(&id.value) {
            return None;
        }
        let mut d = Diagnostic::error(
            codes::UNKNOWN_PIECE,
            format!("unknown piece `{}` {context}", id.value),
            location(file, id.span),
            "no piece has this ID",
        );
        d = match suggest(&id.value, &self.ids) {
            Some(near) => d
                .with_help(format!("did you mean `{near}`?"))
                .with_suggestion(crate::diagnostic::Suggestion {
                    location: location(file, id.span),
                    replacement: near.to_string(),
                    message: format!("replace with `{near}`"),
                }),
            None => d.with_help("define the piece in the `pieces` section first"),
        };
        diagnostics.push(d);
        None
    }

    /// Resolves a list, dropping the IDs that fail.
    pub(crate) fn resolve_all(
        &self,
        file: FileId,
        ids: &[Spanned<String>],
        context: &str,
        diagnostics: &mut Vec<Diagnostic>,
    ) -> Vec<PieceType> {
        ids.iter()
            .filter_map(|id| self.resolve(file, id, context, diagnostics))
            .collect()
    }
}

/// The nearest known ID. One-letter IDs are all one edit apart, so for them only a case slip
/// or a missing `+` counts as near.
fn suggest<'a>(id: &str, known: &'a [String]) -> Option<&'a str> {
    if id.chars().count() > 1 {
        return did_you_mean(id, known.iter().map(String::as_str));
    }
    known.iter().map(String::as_str).find(|k| {
        k.eq_ignore_ascii_case(id)
            || k.strip_prefix('+')
                .is_some_and(|rest| rest.eq_ignore_ascii_case(id))
    })
}

pub(crate) fn attributes(file: FileId, attributes: &[AstAttribute]) -> Vec<Attribute> {
    attributes
        .iter()
        .flat_map(|a| {
            a.codes.iter().map(move |code| Attribute {
                level: a.level.value,
                code: code.value.clone(),
                location: location(file, code.span),
            })
        })
        .collect()
}

/// Lowers every piece; `board` sizes the XBetza expansion.
pub(crate) fn lower_pieces(
    pieces: &[(FileId, &PieceDef)],
    names: &Names,
    board: Option<&Board>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<Piece> {
    if pieces.len() > MAX_PIECE_TYPES {
        let (file, def) = pieces[MAX_PIECE_TYPES];
        diagnostics.push(
            Diagnostic::error(
                codes::TOO_MANY_PIECES,
                format!(
                    "{} piece types, but at most {MAX_PIECE_TYPES} are supported",
                    pieces.len()
                ),
                location(file, def.id.span),
                "one piece too many",
            )
            .with_help("remove piece types the variant does not use"),
        );
    }
    let pieces = &pieces[..pieces.len().min(MAX_PIECE_TYPES)];
    let size = board.map_or(BoardSize { files: 8, ranks: 8 }, |b| BoardSize {
        files: b.width,
        ranks: b.height,
    });
    let mut lowered: Vec<Piece> = pieces
        .iter()
        .map(|(file, def)| {
            let mut p = piece(*file, def, names, size, diagnostics);
            if let Some(board) = board {
                regions(*file, def, board, size, &mut p, diagnostics);
            }
            p
        })
        .collect();
    resolve_likes(pieces, &mut lowered, diagnostics);
    lowered
}

fn piece(
    file: FileId,
    def: &PieceDef,
    names: &Names,
    size: BoardSize,
    diagnostics: &mut Vec<Diagnostic>,
) -> Piece {
    let (promotions, promotions_second) = promotions(file, def, names, diagnostics);
    let (like, betza, betza_location, expansion) = match &def.moves {
        Moves::Betza(text) => {
            let at = location(file, text.span);
            (
                None,
                text.value.clone(),
                at,
                expand(&text.value, at, size, diagnostics),
            )
        }
        Moves::Like { span, other } => {
            let like = names
                .resolve(file, other, "after `like`", diagnostics)
                .map(|p| Located {
                    value: p,
                    location: location(file, *span),
                });
            (
                like,
                String::new(),
                location(file, *span),
                Expansion::default(),
            )
        }
    };
    Piece {
        id: def.id.value.clone(),
        name: def.name.value.clone(),
        location: location(file, def.span),
        id_location: location(file, def.id.span),
        like,
        betza,
        betza_location,
        expansion,
        promotions,
        promotions_second,
        royal: def.royal.map(|s| location(file, s)),
        value: def.value.as_ref().map(|v| v.value),
        confined: None,
        in_regions: Vec::new(),
        glyph: def.glyph.as_ref().map(|g| Located {
            value: g.value.clone(),
            location: location(file, g.span),
        }),
        attributes: attributes(file, &def.attributes),
    }
}

/// The piece's promotion choices: `promotes IDS` for both players, or `promotes first IDS` and
/// `promotes second IDS` apart (the first player's, then the second's own; a side without a
/// line has none).
fn promotions(
    file: FileId,
    def: &PieceDef,
    names: &Names,
    diagnostics: &mut Vec<Diagnostic>,
) -> (Vec<Located<PieceType>>, Option<Vec<Located<PieceType>>>) {
    let mut resolve = |ids: &[Spanned<String>]| -> Vec<Located<PieceType>> {
        ids.iter()
            .filter_map(|id| {
                let target = names.resolve(file, id, "in `promotes`", diagnostics)?;
                Some(Located {
                    value: target,
                    location: location(file, id.span),
                })
            })
            .collect()
    };
    let both = def.promotes.as_ref().map(|(_, ids)| resolve(ids));
    if def.promotes_by_side.is_empty() {
        return (both.unwrap_or_default(), None);
    }
    let (mut first, mut second) = (Vec::new(), Vec::new());
    for (side, ids) in &def.promotes_by_side {
        match side.value {
            koma_grammar::ast::Side::First => first = resolve(ids),
            koma_grammar::ast::Side::Second => second = resolve(ids),
        }
    }
    if let Some((span, _)) = &def.promotes {
        let at = location(file, def.promotes_by_side[0].0.span);
        diagnostics.push(
            Diagnostic::error(
                codes::CONFLICTING_OPTIONS,
                "`promotes` is given for both players and for one side".to_string(),
                at,
                "a side's own choices",
            )
            .with_secondary(location(file, *span), "both players' choices")
            .with_help("give `promotes IDS`, or `promotes first IDS` and `promotes second IDS`"),
        );
    }
    (first, Some(second))
}

/// E0805: an `in REGION` group's castling atom, which would compile and never castle (the
/// castling tables are built from the piece's own XBetza).
fn castling_in_region(file: FileId, moves: &Spanned<String>) -> Diagnostic {
    // Point at the atom: XBetza atoms are capitals, and `O` is castling's.
    let span = match moves.value.find('O') {
        Some(i) => Span::new(moves.span.start + i, moves.span.start + i + 1),
        None => moves.span,
    };
    Diagnostic::error(
        codes::CASTLING_IN_REGION,
        "castling cannot be one of a piece's `in REGION` moves",
        location(file, span),
        "this castling would never happen",
    )
    .with_help("write the castling atom (`O`) in the piece's own XBetza, after its ID and name")
}

/// Resolves a piece's `confined REGION` and `in REGION MOVES` options.
fn regions(
    file: FileId,
    def: &PieceDef,
    board: &Board,
    size: BoardSize,
    piece: &mut Piece,
    diagnostics: &mut Vec<Diagnostic>,
) {
    piece.confined = def.confined.as_ref().and_then(|name| {
        region_index(file, board, name, diagnostics).map(|r| Located {
            value: r,
            location: location(file, name.span),
        })
    });
    for option in &def.in_regions {
        let Some(region) = region_index(file, board, &option.region, diagnostics) else {
            continue;
        };
        let at = location(file, option.moves.span);
        let expansion = expand(&option.moves.value, at, size, diagnostics);
        if !expansion.castling.is_empty() {
            diagnostics.push(castling_in_region(file, &option.moves));
        }
        piece.in_regions.push(InRegion {
            region,
            location: location(file, option.span),
            betza: option.moves.value.clone(),
            betza_location: at,
            expansion,
        });
    }
    check_confinable(piece, diagnostics);
}

/// The index of the region a piece option names; an unknown name is an error with a suggestion.
fn region_index(
    file: FileId,
    board: &Board,
    name: &Spanned<String>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<u8> {
    if let Some((i, _)) = board.region(&name.value) {
        return Some(i);
    }
    let at = location(file, name.span);
    let mut d = Diagnostic::error(
        codes::UNKNOWN_REGION,
        format!("unknown region `{}`", name.value),
        at,
        "no `region` line defines this name",
    );
    let known = board.regions.iter().map(|r| r.name.as_str());
    d = match did_you_mean(&name.value, known) {
        Some(near) => d
            .with_help(format!("did you mean `{near}`?"))
            .with_suggestion(crate::diagnostic::Suggestion {
                location: at,
                replacement: near.to_string(),
                message: format!("replace with `{near}`"),
            }),
        None => d.with_help("define it in the board section: `region NAME SQUARES`"),
    };
    diagnostics.push(d);
    None
}

/// A confined piece's multi-leg moves must be checkable against its region when the tables
/// are built.
fn check_confinable(piece: &Piece, diagnostics: &mut Vec<Diagnostic>) {
    let Some(confined) = &piece.confined else {
        return;
    };
    let own = piece.expansion.paths.iter();
    let all = own.chain(
        piece
            .in_regions
            .iter()
            .flat_map(|r| r.expansion.paths.iter()),
    );
    if all.into_iter().any(|path| !confinable(path)) {
        diagnostics.push(
            Diagnostic::error(
                codes::UNCONFINABLE_MOVE,
                format!(
                    "`{}` is confined, but one of its multi-leg moves rides or hops along a line",
                    piece.id
                ),
                confined.location,
                "confined here",
            )
            .with_help(
                "a confined piece's multi-leg moves must be made of single steps and leaps \
                 (`mafsW`), so that their squares are known in advance",
            ),
        );
    }
}

/// Whether the region of a confined piece can be checked on the path when the tables are
/// built: one leg, or legs of one step or leap each.
fn confinable(path: &koma_runtime::spec::PathTemplate) -> bool {
    use koma_runtime::spec::Modes;
    path.legs.len() == 1
        || path.legs.iter().all(|l| {
            l.range == 1
                && !l.modes.intersects(
                    Modes::GRASSHOP
                        .union(Modes::CYLINDER)
                        .union(Modes::HALF_BOARD),
                )
        })
}

/// Expands an XBetza string, turning its problems into diagnostics at their place in the file.
fn expand(
    text: &str,
    at: Location,
    size: BoardSize,
    diagnostics: &mut Vec<Diagnostic>,
) -> Expansion {
    let (expansion, problems) = match xbetza::expand(text, size) {
        Ok((expansion, warnings)) => (expansion, warnings),
        Err(errors) => (Expansion::default(), errors),
    };
    diagnostics.extend(problems.iter().map(|p| p.diagnostic(at, "in these moves")));
    expansion
}

/// Gives each `like` piece the moves of the piece it copies, following chains.
fn resolve_likes(
    pieces: &[(FileId, &PieceDef)],
    lowered: &mut [Piece],
    diagnostics: &mut Vec<Diagnostic>,
) {
    for i in 0..lowered.len() {
        let Some(first) = lowered[i].like.clone() else {
            continue;
        };
        let mut seen = vec![i];
        let mut target = usize::from(first.value.0);
        let resolved = loop {
            if seen.contains(&target) {
                break None;
            }
            match &lowered[target].like {
                Some(next) => {
                    seen.push(target);
                    target = usize::from(next.value.0);
                }
                None => break Some(target),
            }
        };
        match resolved {
            Some(t) => {
                let (betza, at, expansion) = (
                    lowered[t].betza.clone(),
                    lowered[t].betza_location,
                    lowered[t].expansion.clone(),
                );
                let in_regions = lowered[t].in_regions.clone();
                let piece = &mut lowered[i];
                if piece.in_regions.is_empty() {
                    piece.in_regions = in_regions;
                }
                piece.betza = betza;
                piece.betza_location = at;
                piece.expansion = expansion;
            }
            None => {
                let (file, def) = pieces[i];
                let Moves::Like { span, .. } = &def.moves else {
                    continue;
                };
                diagnostics.push(
                    Diagnostic::error(
                        codes::LIKE_CYCLE,
                        format!("`{}` moves like itself through `like`", def.id.value),
                        location(file, *span),
                        "this `like` chain never reaches XBetza moves",
                    )
                    .with_help("write the XBetza moves on one of the pieces of the chain"),
                );
            }
        }
    }
}
