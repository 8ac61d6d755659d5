//! Each spec struct's `decode` reads back exactly what its `encode` wrote, for generated values.

use proptest::collection::vec;
use proptest::option::of;
use proptest::prelude::*;

use super::*;

/// Encodes `value`, decodes the bytes, and checks that the same value comes back and that
/// `decode` read every byte.
fn round_trip<T: Codec + PartialEq + std::fmt::Debug>(value: &T) -> Result<(), TestCaseError> {
    let mut w = Writer(Vec::new());
    value.encode(&mut w);
    let mut r = Reader { bytes: &w.0 };
    let back = T::decode(&mut r).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(&back, value);
    prop_assert!(r.bytes.is_empty(), "{} bytes left unread", r.bytes.len());
    Ok(())
}

fn text() -> impl Strategy<Value = String> {
    vec(any::<char>(), 0..6).prop_map(String::from_iter)
}

/// Any piece type a `u16` holds, past the old one-byte limit (`u16::MAX` is the codec's "none").
fn piece_type() -> impl Strategy<Value = PieceType> {
    (0..u16::MAX).prop_map(PieceType)
}

fn types() -> impl Strategy<Value = Vec<PieceType>> {
    vec(piece_type(), 0..4)
}

fn coord() -> impl Strategy<Value = Coord> {
    any::<(u8, u8)>().prop_map(|(x, y)| Coord { x, y })
}

fn coords() -> impl Strategy<Value = Vec<Coord>> {
    vec(coord(), 0..4)
}

fn player() -> impl Strategy<Value = Player> {
    prop_oneof![Just(Player::First), Just(Player::Second)]
}

fn outcome() -> impl Strategy<Value = Outcome> {
    prop_oneof![Just(Outcome::Win), Just(Outcome::Draw), Just(Outcome::Loss)]
}

/// A count that is not `u16::MAX`, which stands for none.
fn opt_count() -> impl Strategy<Value = Option<u16>> {
    of(0..u16::MAX)
}

fn area() -> impl Strategy<Value = Vec<(i8, i8)>> {
    vec(any::<(i8, i8)>(), 0..4)
}

fn board() -> impl Strategy<Value = BoardSpec> {
    let names = vec((coord(), text()), 0..3);
    (
        any::<(u8, u8, i16, i16)>(),
        names,
        vec(any::<bool>(), 0..12),
        coords(),
    )
        .prop_map(
            |((width, height, first_rank, first_file), names, real, vanishing)| BoardSpec {
                width,
                height,
                first_rank,
                first_file,
                names,
                real,
                vanishing,
            },
        )
}

fn leg() -> impl Strategy<Value = Leg> {
    any::<(i8, i8, u8, u32)>().prop_map(|(dx, dy, range, modes)| Leg {
        dx,
        dy,
        range,
        modes: Modes(modes),
    })
}

fn path() -> impl Strategy<Value = PathTemplate> {
    vec(leg(), 0..4).prop_map(|legs| PathTemplate { legs })
}

fn castling() -> impl Strategy<Value = CastlingSpec> {
    any::<(i8, u8, bool)>().prop_map(|(direction, king_steps, partner_inside)| CastlingSpec {
        direction,
        king_steps,
        partner_inside,
    })
}

fn piece() -> impl Strategy<Value = PieceSpec> {
    let names = (text(), text(), text());
    let moves = (vec(path(), 0..3), vec(castling(), 0..2));
    (names, moves, any::<bool>(), types(), of(any::<u32>())).prop_map(
        |((id, name, betza), (paths, castling), royal, promotions, value)| PieceSpec {
            id,
            name,
            betza,
            paths,
            castling,
            royal,
            promotions,
            value,
        },
    )
}

fn placement() -> impl Strategy<Value = Placement> {
    (player(), piece_type(), coord()).prop_map(|(player, piece, at)| Placement {
        player,
        piece,
        at,
    })
}

fn forced() -> impl Strategy<Value = ForcedPromotion> {
    (types(), any::<u8>()).prop_map(|(pieces, last_ranks)| ForcedPromotion { pieces, last_ranks })
}

fn promotion() -> impl Strategy<Value = PromotionSpec> {
    let kind = prop_oneof![
        Just(PromotionKind::Optional),
        Just(PromotionKind::Mandatory),
        Just(PromotionKind::Automatic)
    ];
    let flags = any::<(bool, bool, bool, bool)>();
    let limits = vec((vec(piece_type(), 1..3), any::<u8>()), 0..3);
    (
        (coords(), of(coords()), vec((piece_type(), types()), 0..2)),
        any::<u8>(),
        kind,
        vec(forced(), 0..2),
        flags,
        limits,
    )
        .prop_map(
            |((zone, zone_second, second_choices), triggers, kind, forced, flags, limits)| {
                let (forced_when_stuck, mid_move, captured_only, flip) = flags;
                PromotionSpec {
                    zone,
                    zone_second,
                    second_choices,
                    triggers: Triggers(triggers),
                    kind,
                    forced_when_stuck,
                    forced,
                    mid_move,
                    captured_only,
                    flip,
                    limits,
                }
            },
        )
}

fn royals() -> impl Strategy<Value = RoyalSpec> {
    let win = prop_oneof![
        Just(WinCondition::Extinction),
        Just(WinCondition::Checkmate)
    ];
    let flags = any::<(bool, bool, bool, bool)>();
    (win, flags).prop_map(
        |(win, (check_last_only, duple, check_forbidden, captures_only))| RoyalSpec {
            win,
            check_last_only,
            duple,
            check_forbidden,
            check_royal_captures_only: captures_only,
        },
    )
}

fn burn() -> impl Strategy<Value = BurnSpec> {
    let flags = any::<(bool, bool, bool, bool)>();
    (types(), area(), of(any::<u8>()), flags, types()).prop_map(
        |(burners, area, choose_up_to, (active, passive, meet, on_promotion), immune)| BurnSpec {
            burners,
            area,
            choose_up_to,
            active,
            passive,
            burner_meets_burner_dies: meet,
            on_promotion,
            immune,
        },
    )
}

fn freeze() -> impl Strategy<Value = FreezeSpec> {
    (types(), area(), types()).prop_map(|(freezers, area, immune)| FreezeSpec {
        freezers,
        area,
        immune,
    })
}

fn explode() -> impl Strategy<Value = ExplodeSpec> {
    (area(), types()).prop_map(|(area, immune)| ExplodeSpec { area, immune })
}

fn wall() -> impl Strategy<Value = WallSpec> {
    let kind = prop_oneof![
        Just(WallKind::Moving),
        Just(WallKind::Anywhere),
        Just(WallKind::Shot),
        Just(WallKind::Edge),
    ];
    (kind, coords()).prop_map(|(kind, except)| WallSpec { kind, except })
}

fn shuffle() -> impl Strategy<Value = ShuffleSpec> {
    let group =
        (types(), of(any::<bool>())).prop_map(|(pieces, light)| ShuffleGroup { pieces, light });
    (coords(), vec(group, 0..3), any::<bool>()).prop_map(|(squares, groups, rotate)| ShuffleSpec {
        squares,
        groups,
        rotate,
    })
}

/// `castling to`, `castling safe royal-only` with `castling opposite-wings`, `shuffle`.
fn castling_rules() -> impl Strategy<Value = (Option<[u8; 2]>, (bool, bool), Option<ShuffleSpec>)> {
    (of(any::<[u8; 2]>()), any::<(bool, bool)>(), of(shuffle()))
}

fn anti_trade() -> impl Strategy<Value = AntiTradeSpec> {
    let when = prop_oneof![Just(AntiTradeWhen::Always), Just(AntiTradeWhen::Protected)];
    (types(), types(), when, any::<(bool, bool)>(), types()).prop_map(
        |(attackers, victims, when, (except_adjacent, counter_strike), bridge)| AntiTradeSpec {
            attackers,
            victims,
            when,
            except_adjacent,
            except_bridge_capture_not: bridge,
            counter_strike,
        },
    )
}

fn passing() -> impl Strategy<Value = PassSpec> {
    (any::<(bool, bool, bool, bool, bool)>(), types(), types()).prop_map(
        |((forbidden, not_after_pass, twice_ends, deviates, when_stuck), only, anytime)| PassSpec {
            forbidden,
            only,
            not_after_pass,
            twice_ends,
            anytime,
            first_passer_deviates: deviates,
            when_stuck,
        },
    )
}

fn move_limit() -> impl Strategy<Value = MoveLimit> {
    (any::<(u16, bool, bool)>(), types()).prop_map(
        |((moves, reset_on_capture, reset_on_promotion), reset_on_pieces)| MoveLimit {
            moves,
            reset_on_capture,
            reset_on_promotion,
            reset_on_pieces,
        },
    )
}

fn repetition_score() -> impl Strategy<Value = RepetitionScore> {
    prop_oneof![
        Just(RepetitionScore::Draw),
        any::<bool>().prop_map(|wins| RepetitionScore::Mover { wins }),
        (player(), any::<bool>())
            .prop_map(|(player, wins)| RepetitionScore::Player { player, wins }),
    ]
}

fn extinction() -> impl Strategy<Value = ExtinctionSpec> {
    (types(), outcome(), any::<u16>(), any::<u16>()).prop_map(
        |(pieces, outcome, at, opponent_has)| ExtinctionSpec {
            pieces,
            outcome,
            at,
            opponent_has,
        },
    )
}

fn tiebreak() -> impl Strategy<Value = Tiebreak> {
    let values = vec(((0..u16::MAX).prop_map(PieceType), any::<u16>()), 0..3);
    let komi = of((player(), 1..=u16::MAX));
    prop_oneof![
        player().prop_map(Tiebreak::Player),
        Just(Tiebreak::Pieces),
        (values, komi).prop_map(|(values, komi)| Tiebreak::Material { values, komi }),
    ]
}

fn endings() -> impl Strategy<Value = EndingsSpec> {
    (
        repetition_score(),
        vec(extinction(), 0..2),
        of(tiebreak()),
        of(any::<bool>()),
        of(outcome()),
        any::<bool>(),
        any::<[u8; 2]>(),
    )
        .prop_map(
            |(repetition, extinction, tiebreak, fewer, checkmate, full, castling)| EndingsSpec {
                repetition,
                extinction,
                tiebreak,
                stalemate_fewer_wins: fewer,
                checkmate,
                full_board: full,
                castling_wins: castling,
            },
        )
}

fn results() -> impl Strategy<Value = ResultSpec> {
    let bare = prop_oneof![Just(Bare::RoyalsOnly), Just(Bare::SinglePiece)];
    let flags = any::<(bool, bool, bool, bool)>();
    let counts = (of(any::<u8>()), of(any::<u8>()));
    (
        outcome(),
        flags,
        of(move_limit()),
        bare,
        counts,
        (of(outcome()), endings()),
    )
        .prop_map(
            |(
                stalemate,
                flags,
                move_limit,
                bare,
                (repetition, check_wins),
                (no_pieces, endings),
            )| {
                let (check, attack, bare_draw, bare_loses) = flags;
                ResultSpec {
                    stalemate,
                    repetition,
                    perpetual_check_loses: check,
                    perpetual_attack_loses: attack,
                    move_limit,
                    bare_royal_draw: bare_draw,
                    bare_royal_loses: bare_loses,
                    bare,
                    check_wins,
                    no_pieces,
                    endings,
                }
            },
        )
}

fn drop_zone() -> impl Strategy<Value = DropZone> {
    (types(), coords(), of(player())).prop_map(|(pieces, squares, side)| DropZone {
        pieces,
        squares,
        side,
    })
}

fn drops() -> impl Strategy<Value = DropSpec> {
    let hands = (
        vec(of(piece_type()), 0..4),
        vec((player(), piece_type()), 0..3),
    );
    let files = (types(), vec((piece_type(), any::<u8>()), 0..3));
    let gating = (coords(), any::<bool>());
    let must_drop = (any::<bool>(), types(), vec(unmoved_drop(), 0..2), types());
    let enclosing = (any::<bool>(), coords(), of(drop_edge()), any::<bool>());
    (
        hands,
        any::<(bool, bool)>(),
        files,
        types(),
        vec(drop_zone(), 0..2),
        gating,
        must_drop,
        enclosing,
    )
        .prop_map(
            |(
                (to_hand, start_hand),
                (not_stuck, promoted),
                (one_per_file, per_file),
                no_mate,
                zones,
                (gates, gates_only),
                (must_drop, must_drop_pieces, unmoved, opposite_colours),
                (enclosing, enclosing_start, enters, no_check),
            )| DropSpec {
                to_hand,
                start_hand,
                not_stuck,
                one_per_file,
                per_file,
                no_mate,
                zones,
                promoted,
                gates,
                gates_only,
                must_drop,
                must_drop_pieces,
                unmoved,
                opposite_colours,
                enclosing,
                enclosing_start,
                enters,
                no_check,
            },
        )
}

fn drop_edge() -> impl Strategy<Value = DropEdge> {
    prop_oneof![Just(DropEdge::Top), Just(DropEdge::AnySide)]
}

fn unmoved_drop() -> impl Strategy<Value = UnmovedDrop> {
    (of(player()), types(), coords()).prop_map(|(player, pieces, squares)| UnmovedDrop {
        player,
        pieces,
        squares,
    })
}

fn region() -> impl Strategy<Value = RegionSpec> {
    (text(), coords(), of(coords())).prop_map(|(name, squares, second)| RegionSpec {
        name,
        squares,
        second,
    })
}

fn piece_regions() -> impl Strategy<Value = PieceRegions> {
    (vec(of(any::<u8>()), 0..4), of(any::<u8>())).prop_map(|(path_region, confined)| PieceRegions {
        path_region,
        confined,
    })
}

fn regions() -> impl Strategy<Value = RegionsSpec> {
    (
        vec(region(), 0..3),
        vec(piece_regions(), 0..3),
        any::<(bool, bool)>(),
    )
        .prop_map(|(regions, pieces, (forbidden, must_break))| RegionsSpec {
            regions,
            pieces,
            facing_royals_forbidden: forbidden,
            facing_royals_must_break: must_break,
        })
}

fn repeat() -> impl Strategy<Value = RepeatSpec> {
    any::<(bool, bool, bool)>().prop_map(|(loses, except_evasion, except_no_new_attack)| {
        RepeatSpec {
            loses,
            except_evasion,
            except_no_new_attack,
        }
    })
}

fn honour() -> impl Strategy<Value = HonourSpec> {
    (vec((piece_type(), any::<u8>()), 0..3), any::<u16>())
        .prop_map(|(pieces, moves)| HonourSpec { pieces, moves })
}

fn counting() -> impl Strategy<Value = CountingSpec> {
    let counts = (opt_count(), vec(honour(), 0..2), opt_count());
    let board = (opt_count(), any::<bool>());
    (counts, types(), any::<bool>(), board).prop_map(
        |((board_honour, pieces_honour, pieces_default), without, from_zero, board)| CountingSpec {
            board_honour,
            pieces_honour,
            pieces_default,
            without,
            from_zero,
            board_up_to: board.0,
            board_unblocked: board.1,
        },
    )
}

fn goal() -> impl Strategy<Value = GoalSpec> {
    (
        of(player()),
        types(),
        coords(),
        any::<bool>(),
        1..=u8::MAX,
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        of(row_goal()),
    )
        .prop_map(
            |(player, pieces, squares, reply_draws, count, or_filled, safe, hold, row)| GoalSpec {
                player,
                pieces,
                squares,
                reply_draws,
                count,
                or_filled,
                safe,
                hold,
                row,
            },
        )
}

fn row_goal() -> impl Strategy<Value = RowGoal> {
    (2..=u8::MAX, any::<(bool, bool, bool)>(), any::<bool>()).prop_map(
        |(length, (ranks, files, diagonals), loses)| RowGoal {
            length,
            loses,
            ranks,
            files,
            diagonals,
        },
    )
}

/// A weight on one of the engine's terms (the only names the compiler lets through).
fn weight() -> impl Strategy<Value = (String, i32)> {
    (0..EVAL_TERMS.len(), any::<i32>()).prop_map(|(i, w)| (EVAL_TERMS[i].to_string(), w))
}

fn rules() -> impl Strategy<Value = RulesSpec> {
    let clauses = (
        vec(burn(), 0..2),
        vec(freeze(), 0..2),
        vec(anti_trade(), 0..2),
    );
    let core = (
        promotion(),
        royals(),
        clauses,
        vec(any::<u8>(), 0..4),
        passing(),
    );
    let ends = (results(), of(repeat()), of(counting()), vec(goal(), 0..2));
    let rest = (
        drops(),
        regions(),
        types(),
        vec(weight(), 0..3),
        (
            any::<bool>(),
            of(explode()),
            of(wall()),
            any::<bool>(),
            types(),
        ),
        castling_rules(),
        any::<bool>(),
        (types(), vec((piece_type(), piece_type()), 0..2)),
    );
    (core, ends, rest).prop_map(|(core, ends, rest)| {
        let (promotion, royals, (burning, freezing, anti_trade), jump_rank, passing) = core;
        let (results, repeat, counting, goals) = ends;
        let (drops, regions, castling_partners, weights, more, castles, second_starts, first) =
            rest;
        let (captures_compulsory, explosion, wall, flip_enclosed, petrify) = more;
        let (castling_to, (castling_safe_royal_only, castling_opposite_wings), shuffle) = castles;
        RulesSpec {
            promotion,
            royals,
            burning,
            freezing,
            anti_trade,
            jump_rank,
            passing,
            results,
            drops,
            regions,
            repeat,
            counting,
            castling_partners,
            goals,
            weights,
            captures_compulsory,
            explosion,
            petrify,
            wall,
            castling_to,
            castling_safe_royal_only,
            castling_opposite_wings,
            shuffle,
            flip_enclosed,
            start_side: if second_starts {
                Player::Second
            } else {
                Player::First
            },
            first_moves: FirstMoveSpec {
                not_in_check: first.0,
                lost_when_aimed: first.1,
            },
        }
    })
}

fn variant() -> impl Strategy<Value = VariantSpec> {
    let setup = of(vec(placement(), 0..4));
    (text(), board(), vec(piece(), 0..3), setup, rules()).prop_map(
        |(name, board, pieces, setup, rules)| VariantSpec {
            name,
            board,
            pieces,
            setup,
            rules,
        },
    )
}

proptest! {
    #[test]
    fn variant_round_trips(x in variant()) { round_trip(&x)?; }
    #[test]
    fn board_round_trips(x in board()) { round_trip(&x)?; }
    #[test]
    fn piece_round_trips(x in piece()) { round_trip(&x)?; }
    #[test]
    fn path_round_trips(x in path()) { round_trip(&x)?; }
    #[test]
    fn leg_round_trips(x in leg()) { round_trip(&x)?; }
    #[test]
    fn castling_round_trips(x in castling()) { round_trip(&x)?; }
    #[test]
    fn placement_round_trips(x in placement()) { round_trip(&x)?; }
    /// Covers the promotion, royal and result clauses, whose fields the rules spread out.
    #[test]
    fn rules_round_trip(x in rules()) { round_trip(&x)?; }
    #[test]
    fn forced_promotion_round_trips(x in forced()) { round_trip(&x)?; }
    #[test]
    fn burn_round_trips(x in burn()) { round_trip(&x)?; }
    #[test]
    fn freeze_round_trips(x in freeze()) { round_trip(&x)?; }
    #[test]
    fn explode_round_trips(x in explode()) { round_trip(&x)?; }
    #[test]
    fn wall_round_trips(x in wall()) { round_trip(&x)?; }
    #[test]
    fn shuffle_round_trips(x in shuffle()) { round_trip(&x)?; }
    #[test]
    fn endings_round_trip(x in endings()) { round_trip(&x)?; }
    #[test]
    fn anti_trade_round_trips(x in anti_trade()) { round_trip(&x)?; }
    #[test]
    fn passing_round_trips(x in passing()) { round_trip(&x)?; }
    #[test]
    fn move_limit_round_trips(x in move_limit()) { round_trip(&x)?; }
    #[test]
    fn drops_round_trip(x in drops()) { round_trip(&x)?; }
    #[test]
    fn drop_zone_round_trips(x in drop_zone()) { round_trip(&x)?; }
    #[test]
    fn regions_round_trip(x in regions()) { round_trip(&x)?; }
    #[test]
    fn region_round_trips(x in region()) { round_trip(&x)?; }
    #[test]
    fn piece_regions_round_trip(x in piece_regions()) { round_trip(&x)?; }
    #[test]
    fn repeat_round_trips(x in repeat()) { round_trip(&x)?; }
    #[test]
    fn counting_round_trips(x in counting()) { round_trip(&x)?; }
    #[test]
    fn honour_round_trips(x in honour()) { round_trip(&x)?; }
    #[test]
    fn goal_round_trips(x in goal()) { round_trip(&x)?; }
    fn row_goal_round_trips(x in row_goal()) { round_trip(&x)?; }
    fn unmoved_drop_round_trips(x in unmoved_drop()) { round_trip(&x)?; }
}

#[test]
fn out_of_range_numbers_are_refused() {
    let mut w = Writer(Vec::new());
    300u16.encode(&mut w);
    let mut r = Reader { bytes: &w.0 };
    assert_eq!(Option::<u8>::decode(&mut r), Err(bad_tag("count", 300u16)));
    // A piece type is wider: 300 is one (Taikyoku Shogi has 320).
    let mut r = Reader { bytes: &w.0 };
    assert_eq!(
        Option::<PieceType>::decode(&mut r),
        Ok(Some(PieceType(300)))
    );
}
