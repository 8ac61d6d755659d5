//! Validation: hard errors in a lowered variant whose names all resolved (crowded squares,
//! missing royals, promotion chains, rules that contradict each other). Every error is collected.

use std::collections::HashMap;

use koma_runtime::limits::{self, Exceeded};
use koma_runtime::spec::{Coord, Modes, PieceType, Player, WinCondition};

use crate::codes;
use crate::diagnostic::Diagnostic;
use crate::ir::{Placement, Variant};

/// Every error in `variant`.
pub fn validate(variant: &Variant) -> Vec<Diagnostic> {
    let mut diagnostics = Vec::new();
    squares_taken(variant, &mut diagnostics);
    royals_placed(variant, &mut diagnostics);
    promotions(variant, &mut diagnostics);
    rule_combinations(variant, &mut diagnostics);
    diagnostics
}

fn player_name(player: Player) -> &'static str {
    match player {
        Player::First => "first",
        Player::Second => "second",
    }
}

fn squares_taken(variant: &Variant, diagnostics: &mut Vec<Diagnostic>) {
    let Some(setup) = &variant.setup else { return };
    let mut taken: HashMap<Coord, &Placement> = HashMap::new();
    // Written squares already reported: their symmetric copies collide too, but one report
    // per mistake is enough.
    let mut reported = Vec::new();
    for placement in &setup.placements {
        let Some(first) = taken.get(&placement.at) else {
            taken.insert(placement.at, placement);
            continue;
        };
        if placement.derived && reported.contains(&placement.location) {
            continue;
        }
        reported.push(placement.location);
        // A derived copy colliding with its own original (a piece on the centre of a rotation)
        // is reported at that one place.
        let square = variant.board.square_name(placement.at);
        let piece = &variant.piece(placement.piece).id;
        let label = if placement.derived {
            format!("the second player's `{piece}` from here lands on `{square}`")
        } else {
            format!("`{piece}` placed here")
        };
        let mut d = Diagnostic::error(
            codes::SQUARE_TAKEN,
            format!("two pieces start on `{square}`"),
            placement.location,
            label,
        )
        .with_help("give each piece its own square");
        if first.location != placement.location {
            let other = &variant.piece(first.piece).id;
            let label = if first.derived {
                format!("the second player's `{other}` from here stands on `{square}`")
            } else {
                format!(
                    "`{other}` ({} player) is already there",
                    player_name(first.player)
                )
            };
            d = d.with_secondary(first.location, label);
        }
        diagnostics.push(d);
    }
}

fn royals_placed(variant: &Variant, diagnostics: &mut Vec<Diagnostic>) {
    let royal = |p: &Placement| variant.piece(p.piece).royal.is_some();
    let any_royal = variant.pieces.iter().any(|p| p.royal.is_some());
    if !any_royal {
        let checkmate = variant.rules.royals.win == WinCondition::Checkmate;
        if let Some(clause) = variant.rules.clause("win").filter(|_| checkmate) {
            diagnostics.push(
                Diagnostic::error(
                    codes::ROYAL_NOT_IN_SETUP,
                    "`win checkmate` needs a royal piece".to_string(),
                    clause.location,
                    "no piece is royal",
                )
                .with_help(
                    "mark the king `royal` on its piece line, or list it in a `royal` clause",
                ),
            );
        }
        return;
    }
    let Some(setup) = &variant.setup else { return };
    // A side may play without a royal when it loses by having no piece left (Horde).
    if variant.rules.results.no_pieces == Some(koma_runtime::spec::Outcome::Loss) {
        return;
    }
    let without: Vec<Player> = [Player::First, Player::Second]
        .into_iter()
        .filter(|player| {
            // A royal in hand comes into play by a drop (Placement).
            let in_hand = setup.hands.iter().any(|h| {
                let (owner, piece) = h.value;
                owner == *player && variant.piece(piece).royal.is_some()
            });
            !in_hand
                && !setup
                    .placements
                    .iter()
                    .any(|p| p.player == *player && royal(p))
        })
        .collect();
    let who = match without.as_slice() {
        [] => return,
        [player] => format!("the {} player starts", player_name(*player)),
        _ => "both players start".to_string(),
    };
    let royals: Vec<String> = variant
        .pieces
        .iter()
        .filter(|p| p.royal.is_some())
        .map(|p| format!("`{}`", p.id))
        .collect();
    diagnostics.push(
        Diagnostic::error(
            codes::ROYAL_NOT_IN_SETUP,
            format!("{who} without a royal piece"),
            setup.location,
            "no royal piece in this setup",
        )
        .with_help(format!(
            "place one of {}, or let a side without one lose by `no-pieces loses`",
            royals.join(", ")
        )),
    );
}

fn promotions(variant: &Variant, diagnostics: &mut Vec<Diagnostic>) {
    for (index, piece) in variant.pieces.iter().enumerate() {
        for target in &piece.promotions {
            if usize::from(target.value.0) == index {
                diagnostics.push(
                    Diagnostic::error(
                        codes::PROMOTES_TO_ITSELF,
                        format!("`{}` promotes to itself", piece.id),
                        target.location,
                        "the piece's own ID",
                    )
                    .with_help(format!(
                        "name the promoted form, e.g. `+{}`",
                        piece.id.trim_start_matches('+')
                    )),
                );
                continue;
            }
            let promoted = variant.piece(target.value);
            if let Some(again) = promoted.promotions.first() {
                diagnostics.push(
                    Diagnostic::error(
                        codes::PROMOTES_TWICE,
                        format!("`{}` promotes to `{}`, which promotes again", piece.id, promoted.id),
                        target.location,
                        "promotes to a piece that promotes",
                    )
                    .with_secondary(again.location, format!("`{}` promotes here", promoted.id))
                    .with_help(format!(
                        "a piece promotes at most once: give `{}` a promoted form of its own (e.g. `+{}` ... like {})",
                        piece.id,
                        piece.id.trim_start_matches('+'),
                        promoted.id
                    )),
                );
            }
        }
    }
    let forced_clauses = variant
        .rules
        .clauses
        .iter()
        .filter(|c| c.key == "promotion forced");
    for (forced, clause) in variant.rules.promotion.forced.iter().zip(forced_clauses) {
        for piece in &forced.pieces {
            let piece = variant.piece(*piece);
            if piece.promotions.is_empty() {
                diagnostics.push(
                    Diagnostic::error(
                        codes::FORCED_WITHOUT_PROMOTION,
                        format!("`{}` must promote but never promotes", piece.id),
                        clause.location,
                        format!("`{}` has no `promotes`", piece.id),
                    )
                    .with_secondary(piece.location, "defined here")
                    .with_help(
                        "give the piece a `promotes` target or leave it out of `promotion forced`",
                    ),
                );
            }
        }
    }
}

fn rule_combinations(variant: &Variant, diagnostics: &mut Vec<Diagnostic>) {
    let rules = &variant.rules;
    // An inherited `check` under a child's `win extinction` is harmless (royals may always be
    // left attacked then); only a file that says both itself contradicts itself.
    let own_file = variant.files.first().copied();
    let contradicts = (rules.royals.check_last_only || rules.royals.duple)
        && rules.royals.win != WinCondition::Checkmate;
    let words = if rules.royals.duple {
        "duple"
    } else {
        "last-royal-only"
    };
    if contradicts
        && let Some(clause) = rules
            .clause("check")
            .filter(|c| Some(c.location.file) == own_file)
    {
        diagnostics.push(
            Diagnostic::error(
                codes::CHECK_WITHOUT_CHECKMATE,
                format!("`check {words}` needs `win checkmate`"),
                clause.location,
                "only meaningful with checkmate",
            )
            .with_help(
                "add `win checkmate`, or remove this clause (with extinction royals may always be left attacked)",
            ),
        );
    }
    petrify_with_moving_wall(rules, diagnostics);
    castling_wins_without_castler(variant, diagnostics);
    first_moves(variant, diagnostics);
    never_dropped_in_zone(rules, diagnostics);
    enters_and_enclosing(rules, diagnostics);
    shared_flip_forms(variant, diagnostics);
    if rules.royals.win != WinCondition::Checkmate
        && let Some(clause) = rules
            .clause("checkmate")
            .filter(|c| Some(c.location.file) == own_file)
    {
        diagnostics.push(
            Diagnostic::error(
                codes::CHECK_WITHOUT_CHECKMATE,
                "`checkmate` scores a checkmate, which needs `win checkmate`".to_string(),
                clause.location,
                "no checkmate under `win extinction`",
            )
            .with_help("add `win checkmate`, or remove this clause"),
        );
    }
    if let (Some(forbidden), Some(only)) =
        (rules.clause("pass forbidden"), rules.clause("pass only"))
    {
        diagnostics.push(
            Diagnostic::error(
                codes::CONFLICTING_PASS,
                "`pass only` contradicts `pass forbidden`".to_string(),
                only.location,
                "some pieces may pass here",
            )
            .with_secondary(forbidden.location, "no piece may pass here")
            .with_help("keep one of the two clauses"),
        );
    }
}

/// What the runtime cannot hold (`koma_runtime::limits`), located where the variant asks for it.
/// Asked only of a variant without other errors (it is emitted to ask the runtime).
pub fn capacities(variant: &Variant, diagnostics: &mut Vec<Diagnostic>) {
    let spec = crate::emit(variant);
    for exceeded in limits::check(&spec) {
        let piece = |i: usize| &variant.pieces[i];
        let (at, label, help) = match &exceeded {
            Exceeded::TableEntries { .. } => (
                variant.board.location,
                "move tables for this board".to_string(),
                "use fewer multi-leg moves or a smaller board",
            ),
            Exceeded::Board { .. } => (
                variant.board.location,
                "board too large".to_string(),
                "use a smaller board",
            ),
            Exceeded::PieceTypes { .. } => (
                variant.pieces[limits::MAX_PIECE_TYPES].location,
                "one piece type too many".to_string(),
                "define fewer piece types",
            ),
            Exceeded::Legs { piece: i, .. }
            | Exceeded::Paths { piece: i, .. }
            | Exceeded::Routes { piece: i, .. } => (
                piece(*i).betza_location,
                format!("the moves of `{}`", piece(*i).id),
                "write fewer or shorter multi-leg moves (unlimited legs after `a` multiply)",
            ),
            Exceeded::Captures { piece: i, .. } => (
                piece(*i).betza_location,
                format!("a move of `{}`", piece(*i).id),
                "remove fewer pieces per move: fewer capturing legs or a smaller burn area",
            ),
            Exceeded::EnPassant { piece: i, .. } => (
                piece(*i).betza_location,
                format!("an e.p.-creating move of `{}`", piece(*i).id),
                "give the e.p.-creating leg a shorter range",
            ),
            Exceeded::Royals { .. } => (
                variant
                    .setup
                    .as_ref()
                    .map_or(variant.board.location, |s| s.location),
                "too many royal pieces".to_string(),
                "place fewer royal pieces (or pieces that promote to one)",
            ),
            Exceeded::BurnChoices { burn, .. } => (
                variant.rules.burning[*burn].location,
                "burn area too large to choose in".to_string(),
                "make the burn area smaller or burn every piece in it",
            ),
            Exceeded::HandPieces { .. } => (
                variant
                    .setup
                    .as_ref()
                    .map_or(variant.board.location, |s| s.location),
                "too many pieces for a game with hands".to_string(),
                "place fewer pieces, or send captured pieces to no hand",
            ),
        };
        diagnostics.push(
            Diagnostic::error(
                codes::EXCEEDS_CAPACITY,
                format!("the runtime cannot hold this: {exceeded}"),
                at,
                label,
            )
            .with_help(help),
        );
    }
}

/// Under `promotion flip` a promoted form turns back into the piece it promoted from, so that
/// piece must be one: two pieces promoting into one form leave the flip undecided.
fn shared_flip_forms(variant: &Variant, diagnostics: &mut Vec<Diagnostic>) {
    let Some(clause) = variant.rules.clause("promotion flip") else {
        return;
    };
    for (t, form) in variant.pieces.iter().enumerate() {
        let origins: Vec<&crate::ir::Piece> = variant
            .pieces
            .iter()
            .filter(|p| p.promotions.iter().any(|q| usize::from(q.value.0) == t))
            .collect();
        if let [first, second, ..] = origins.as_slice() {
            diagnostics.push(
                Diagnostic::error(
                    codes::CONFLICTING_OPTIONS,
                    format!(
                        "`{}` is the promoted form of both `{}` and `{}`: `promotion flip` cannot turn it back",
                        form.id, first.id, second.id
                    ),
                    clause.location,
                    "flips each promoted form back into its one origin",
                )
                .with_secondary(form.location, "promoted form defined here")
                .with_help(format!(
                    "give each piece a promoted form of its own (e.g. `+{}` ... like {})",
                    second.id.trim_start_matches('+'),
                    form.id
                )),
            );
        }
    }
}

/// `castling wins` where no piece castles: its player would have no castling left from the
/// start, and lose before its first move.
fn castling_wins_without_castler(variant: &Variant, diagnostics: &mut Vec<Diagnostic>) {
    let Some(clause) = variant.rules.clause("castling wins") else {
        return;
    };
    if variant
        .pieces
        .iter()
        .any(|p| !p.expansion.castling.is_empty())
    {
        return;
    }
    diagnostics.push(
        Diagnostic::error(
            codes::CASTLING_WINS_WITHOUT_CASTLER,
            "`castling wins` in a game where no piece castles".to_string(),
            clause.location,
            "its player could never castle, and would lose at once",
        )
        .with_help("give the castler a castling move (`O2` in its XBetza), or remove the clause"),
    );
}

/// `first-move`: its pieces need a never-moved move for the clause to govern (E0816), and an
/// aimer a one-leg capturing move to aim with (E0817).
fn first_moves(variant: &Variant, diagnostics: &mut Vec<Diagnostic>) {
    let spec = &variant.rules.first_moves;
    let piece = |t: PieceType| &variant.pieces[usize::from(t.0)];
    let initial = |t: PieceType| {
        piece(t).expansion.paths.iter().any(|p| {
            p.legs
                .first()
                .is_some_and(|l| l.modes.contains(Modes::INITIAL))
        })
    };
    let aims = |t: PieceType| {
        piece(t)
            .expansion
            .paths
            .iter()
            .any(|p| p.legs.len() == 1 && p.legs[0].modes.contains(Modes::CAPTURE))
    };
    let checked = [
        ("first-move not-in-check", spec.not_in_check.clone()),
        (
            "first-move lost-when-aimed",
            spec.lost_when_aimed.iter().map(|p| p.0).collect(),
        ),
    ];
    for (key, types) in checked {
        let Some(clause) = variant.rules.clause(key) else {
            continue;
        };
        if let Some(&t) = types.iter().find(|&&t| !initial(t)) {
            diagnostics.push(
                Diagnostic::error(
                    codes::FIRST_MOVE_WITHOUT_INITIAL,
                    format!("`{}` has no never-moved move for `{key}` to govern", piece(t).id),
                    clause.location,
                    "names a piece without XBetza `i`",
                )
                .with_help("give the piece a first move (`i` on a first leg, e.g. `imfD`), or remove it from the clause"),
            );
        }
    }
    let Some(clause) = variant.rules.clause("first-move lost-when-aimed") else {
        return;
    };
    if let Some(&(_, a)) = spec.lost_when_aimed.iter().find(|&&(_, a)| !aims(a)) {
        diagnostics.push(
            Diagnostic::error(
                codes::AIMER_WITHOUT_CAPTURE,
                format!(
                    "`{}` has no one-leg capturing move to aim with",
                    piece(a).id
                ),
                clause.location,
                "this aimer never aims",
            )
            .with_help(
                "name a piece that captures along a ride or a leap, e.g. `lost-when-aimed R`",
            ),
        );
    }
}

/// `drop never` is lowered to a zone of no squares, and a type's zones add up, so a `drop zone`
/// for the same type would quietly let it drop again: refuse the pair.
fn never_dropped_in_zone(rules: &crate::ir::Rules, diagnostics: &mut Vec<Diagnostic>) {
    let zones = &rules.drops.zones;
    let never = zones
        .iter()
        .filter(|z| z.squares.is_empty() && z.side.is_none());
    let clash = never.flat_map(|z| &z.pieces).find(|p| {
        zones
            .iter()
            .any(|z| !z.squares.is_empty() && z.pieces.contains(p))
    });
    let (Some(_), Some(never), Some(zone)) =
        (clash, rules.clause("drop never"), rules.clause("drop zone"))
    else {
        return;
    };
    diagnostics.push(
        Diagnostic::error(
            codes::NEVER_DROPPED_IN_ZONE,
            "a piece that is never dropped has a drop zone".to_string(),
            zone.location,
            "this zone would let it drop",
        )
        .with_secondary(never.location, "never dropped here")
        .with_help("remove the piece from one of the two clauses"),
    );
}

/// `drop enters` and `drop enclosing` each decide alone where a drop goes (Fairy-Stockfish's
/// one `enclosingDrop` option): a file gives one of them.
fn enters_and_enclosing(rules: &crate::ir::Rules, diagnostics: &mut Vec<Diagnostic>) {
    let (Some(enters), Some(enclosing)) =
        (rules.clause("drop enters"), rules.clause("drop enclosing"))
    else {
        return;
    };
    diagnostics.push(
        Diagnostic::error(
            codes::ENTERS_AND_ENCLOSING,
            "`drop enters` cannot be combined with `drop enclosing`".to_string(),
            enters.location,
            "a drop slides in from an edge here",
        )
        .with_secondary(enclosing.location, "and must enclose a piece here")
        .with_help("keep the clause that says where this game's drops go"),
    );
}

/// `petrify` with `wall moving`: the moving blocker is the one wall on the board, which
/// petrified pieces would break (the runtime lifts the first wall it finds).
fn petrify_with_moving_wall(rules: &crate::ir::Rules, diagnostics: &mut Vec<Diagnostic>) {
    let (Some(petrify), Some(wall)) = (&rules.petrify, &rules.wall) else {
        return;
    };
    if wall.value.kind != koma_runtime::spec::WallKind::Moving {
        return;
    }
    diagnostics.push(
        Diagnostic::error(
            codes::PETRIFY_MOVING_WALL,
            "`petrify` cannot be combined with `wall moving`".to_string(),
            petrify.location,
            "captures leave walls here",
        )
        .with_secondary(wall.location, "and the one blocker moves each turn here")
        .with_help(
            "`wall moving` lifts the one blocker on the board: use `wall anywhere` or drop a clause",
        ),
    );
}
