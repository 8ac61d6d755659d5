//! Scenario tests for the rules section: hand-made positions whose exact move lists or results
//! are asserted, each failing when its rule is removed or weakened (most compare the same
//! position under the fixture with and without the clause). Fixtures: tests/fixtures/rules/.

#[path = "rules/common.rs"]
mod common;

#[path = "rules/burn.rs"]
mod burn;

#[path = "rules/freeze.rs"]
mod freeze;

#[path = "rules/anti_trade.rs"]
mod anti_trade;

#[path = "rules/jump.rs"]
mod jump;

#[path = "rules/pass.rs"]
mod pass;

#[path = "rules/promotion.rs"]
mod promotion;

#[path = "rules/promotion_mix.rs"]
mod promotion_mix;

#[path = "rules/board.rs"]
mod board;

#[path = "rules/results.rs"]
mod results;

#[path = "rules/seeds.rs"]
mod seeds;

#[path = "rules/pages.rs"]
mod pages;

#[path = "rules/playout.rs"]
mod playout;

#[path = "rules/drops.rs"]
mod drops;

#[path = "rules/shogi_family.rs"]
mod shogi_family;

#[path = "rules/regions.rs"]
mod regions;

#[path = "rules/sides.rs"]
mod sides;

#[path = "rules/to_move.rs"]
mod to_move;

#[path = "rules/counting.rs"]
mod counting;

#[path = "rules/repeat.rs"]
mod repeat;

#[path = "rules/captured.rs"]
mod captured;

#[path = "rules/castling.rs"]
mod castling;

#[path = "rules/goal.rs"]
mod goal;

#[path = "rules/connect.rs"]
mod connect;

#[path = "rules/endings.rs"]
mod endings;

#[path = "rules/atomic.rs"]
mod atomic;
#[path = "rules/first_move.rs"]
mod first_move;
#[path = "rules/flip.rs"]
mod flip;
#[path = "rules/game_ends.rs"]
mod game_ends;
#[path = "rules/gating.rs"]
mod gating;
#[path = "rules/petrify.rs"]
mod petrify;
#[path = "rules/reversi.rs"]
mod reversi;
#[path = "rules/royal_sets.rs"]
mod royal_sets;
#[path = "rules/wall.rs"]
mod wall;
