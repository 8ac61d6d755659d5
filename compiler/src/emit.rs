//! Emission: the checked IR as the runtime's [`VariantSpec`].

use koma_runtime::spec::{
    BoardSpec, DropSpec, PieceRegions, PieceSpec, PieceType, Placement, Player, PromotionSpec,
    RegionSpec, RegionsSpec, RulesSpec, VariantSpec,
};

use crate::ir::Variant;

/// The runtime specification of a checked variant.
pub fn emit(variant: &Variant) -> VariantSpec {
    let board = &variant.board;
    VariantSpec {
        name: variant.name.value.clone(),
        board: BoardSpec {
            width: board.width,
            height: board.height,
            first_rank: board.first_rank,
            first_file: board.names.first_file,
            names: board.names.own.clone(),
            real: board.real.clone(),
            vanishing: board.vanishing.iter().map(|v| v.value).collect(),
        },
        pieces: variant
            .pieces
            .iter()
            .map(|p| PieceSpec {
                id: p.id.clone(),
                name: p.name.clone(),
                betza: p.betza.clone(),
                paths: p
                    .expansion
                    .paths
                    .iter()
                    .chain(p.region_options().flat_map(|r| r.expansion.paths.iter()))
                    .cloned()
                    .collect(),
                castling: p.expansion.castling.clone(),
                royal: p.royal.is_some(),
                value: p.value,
                promotions: p.promotions.iter().map(|t| t.value).collect(),
            })
            .collect(),
        setup: variant.setup.as_ref().map(|setup| {
            setup
                .placements
                .iter()
                .map(|p| Placement {
                    player: p.player,
                    piece: p.piece,
                    at: p.at,
                })
                .collect()
        }),
        rules: rules(variant),
    }
}

/// Per piece type whose choices differ by side, the second player's own.
fn second_choices(variant: &Variant) -> Vec<(PieceType, Vec<PieceType>)> {
    let pieces = variant.pieces.iter().enumerate();
    pieces
        .filter_map(|(t, p)| {
            let own = p.promotions_second.as_ref()?;
            Some((PieceType(t as u16), own.iter().map(|q| q.value).collect()))
        })
        .collect()
}

fn rules(variant: &Variant) -> RulesSpec {
    let rules = &variant.rules;
    RulesSpec {
        promotion: PromotionSpec {
            second_choices: second_choices(variant),
            ..rules.promotion.clone()
        },
        royals: rules.royals.clone(),
        burning: rules.burning.iter().map(|b| b.value.clone()).collect(),
        freezing: rules.freezing.iter().map(|f| f.value.clone()).collect(),
        anti_trade: rules.anti_trade.iter().map(|a| a.value.clone()).collect(),
        jump_rank: rules.jump_rank.clone(),
        passing: rules.passing.clone(),
        results: rules.results.clone(),
        repeat: rules.repeat,
        counting: rules.counting.clone(),
        weights: rules.weights.iter().map(|w| w.value.clone()).collect(),
        castling_partners: rules.castling_partners.clone(),
        castling_to: rules.castling_to,
        castling_safe_royal_only: rules.castling_safe_royal_only,
        castling_opposite_wings: rules.castling_opposite_wings,
        shuffle: variant
            .setup
            .as_ref()
            .and_then(|s| s.shuffle.as_ref())
            .map(|s| s.value.clone()),
        start_side: variant.setup.as_ref().map_or(Player::First, |s| s.to_move),
        goals: rules.goals.iter().map(|g| g.value.clone()).collect(),
        captures_compulsory: rules.captures_compulsory,
        explosion: rules.explosion.as_ref().map(|e| e.value.clone()),
        petrify: rules
            .petrify
            .as_ref()
            .map(|p| p.value.clone())
            .unwrap_or_default(),
        wall: rules.wall.as_ref().map(|w| w.value.clone()),
        flip_enclosed: rules.flip_enclosed,
        first_moves: rules.first_moves.clone(),
        drops: DropSpec {
            start_hand: variant
                .setup
                .iter()
                .flat_map(|s| s.hands.iter().map(|h| h.value))
                .collect(),
            ..rules.drops.clone()
        },
        regions: regions(variant),
    }
}

/// Regions, and per piece which region each of its paths belongs to (its own moves first,
/// then each `in REGION` option's, in the order `emit` lists the paths).
fn regions(variant: &Variant) -> RegionsSpec {
    let used = variant
        .pieces
        .iter()
        .any(|p| p.confined.is_some() || !p.in_regions.is_empty());
    RegionsSpec {
        regions: variant
            .board
            .regions
            .iter()
            .map(|r| RegionSpec {
                name: r.name.clone(),
                squares: r.squares.clone(),
                second: r.second.clone(),
            })
            .collect(),
        pieces: if used {
            variant
                .pieces
                .iter()
                .map(|p| PieceRegions {
                    path_region: std::iter::repeat_n(None, p.expansion.paths.len())
                        .chain(p.region_options().flat_map(|r| {
                            std::iter::repeat_n(Some(r.region), r.expansion.paths.len())
                        }))
                        .collect(),
                    confined: p.confined.as_ref().map(|c| c.value),
                })
                .collect()
        } else {
            Vec::new()
        },
        facing_royals_forbidden: variant.rules.facing_royals_forbidden,
        facing_royals_must_break: variant.rules.facing_royals_must_break,
    }
}
