//! Words for grammar rules: what a user reads after "expected". Raw rule names never leave here.

use crate::syntax::Rule;

/// How `rule` reads in an "expected ..." message, or `None` for rules a user never needs to hear
/// about (they are reported through an enclosing rule).
// long: a table, one line per grammar rule.
pub(crate) fn describe(rule: Rule) -> Option<&'static str> {
    let text = match rule {
        Rule::EOI => "end of line",
        Rule::number | Rule::dimension | Rule::zone_depth => "a number",
        Rule::string => "a quoted string",
        Rule::closing_quote => "a closing `\"`",
        Rule::piece_id | Rule::piece_ids | Rule::rank_tier => "a piece ID",
        Rule::square | Rule::square_item | Rule::square_list => "a square",
        Rule::attribute_level => "`allow`, `warn` or `deny`",
        Rule::open_paren => "`(`",
        Rule::close_paren => "`)`",
        Rule::close_bracket => "`]`",
        Rule::lint_code => "a lint code",
        Rule::by => "`x`",
        Rule::dots => "`..`",
        Rule::equals => "`=`",
        Rule::plus => "`+`",
        Rule::offset => "an offset `(FILES, RANKS)`",
        Rule::signed => "a whole number",
        Rule::symmetry => "`rotate`, `mirror` or `none`",
        Rule::like => "`like`",
        Rule::betza => "XBetza moves",
        Rule::promotes => "`promotes`",
        Rule::royal_flag => "`royal`",
        Rule::value => "`value`",
        Rule::glyph | Rule::glyph_word => "`glyph`",
        Rule::glyph_string | Rule::glyph_text => "a glyph in quotes, e.g. `\"龍王\"`",
        Rule::confined | Rule::confined_word => "`confined`",
        Rule::in_region | Rule::in_word => "`in`",
        Rule::region_name => "a region name",
        Rule::region_betza => "XBetza moves",
        Rule::facing_kind => "`forbidden` or `must-break`",
        Rule::weight_term => "an evaluation term, e.g. `royal-attackers`",
        Rule::side => "`first` or `second`",
        Rule::zone_clause => "`zone`",
        Rule::on_clause => "`on`",
        Rule::trigger => {
            "a trigger (`enter`, `leave`, `inside`, `start-or-end`, `capture-in-zone`, \
             `capture-from-zone`, `capture-inside-zone`, `mid-move`)"
        }
        Rule::promotion_kind => "`optional`, `mandatory`, `automatic`",
        Rule::forced_stuck => "`forced-when-stuck`",
        Rule::forced_clause => "`forced`",
        Rule::last => "`last`",
        Rule::win_kind => "`extinction` or `checkmate`",
        Rule::check_kind => "`last-royal-only`, `duple`, `forbidden` or `royal-captures-only`",
        Rule::check_count => "a number of checks",
        Rule::check_wins => "`wins`",
        Rule::compulsory => "`compulsory`",
        Rule::no_pieces_outcome => "`wins` or `loses`",
        Rule::decisive_outcome => "`wins` or `loses`",
        Rule::all_pieces => "`all` or piece IDs",
        Rule::extinction_at => "`at N`",
        Rule::extinction_opponent => "`if-opponent-has N`",
        Rule::tiebreak_pieces => "`pieces`",
        Rule::tiebreak_material => "`material`",
        Rule::material_entry => "a piece ID and its value",
        Rule::komi => "`komi first|second POINTS`",
        Rule::points => "points, e.g. `1.5`",
        Rule::stalemate_count => "`fewer-pieces-wins` or `more-pieces-wins`",
        Rule::reply_draws => "`reply-draws`",
        Rule::wall_kind => "`moving`, `anywhere`, `shot` or `edge`",
        Rule::wall_except => "`except`",
        Rule::goal_count => "`count N`",
        Rule::or_filled => "`or-filled`",
        Rule::goal_safe => "`safe`",
        Rule::goal_hold => "`hold`",
        Rule::castling_wins => "`wins`",
        Rule::castling_wing => "`king-side` or `queen-side`",
        Rule::castling_opposite => "`opposite-wings`",
        Rule::goal_row => "`row N`",
        Rule::row_line => "`ranks`, `files` or `diagonals`",
        Rule::row_loses => "`loses`",
        Rule::area => "`area`",
        Rule::area_kind => "`king`, `diagonal` or `orthogonal`",
        Rule::burn_all => "`all`",
        Rule::choose => "`choose`",
        Rule::burn_active => "`active`",
        Rule::burn_passive => "`passive`",
        Rule::immune => "`immune`",
        Rule::burner_meets_burner => "`burner-meets-burner`",
        Rule::on_promotion => "`on-promotion`",
        Rule::takes => "`takes`",
        Rule::anti_trade_when | Rule::always | Rule::when_protected => {
            "`always` or `when protected`"
        }
        Rule::except_adjacent => "`except-adjacent`",
        Rule::except_bridge => "`except-bridge`",
        Rule::counter_strike => "`counter-strike`",
        Rule::higher => "`>`",
        Rule::equal => "`=`",
        Rule::pass_forbidden => "`forbidden`",
        Rule::pass_only => "`only`",
        Rule::pass_not_after_pass => "`not-after-pass`",
        Rule::pass_twice_ends => "`twice-ends`",
        Rule::pass_when_stuck => "`when-stuck`",
        Rule::pass_anytime => "`anytime`",
        Rule::pass_first_passer => "`first-passer-deviates`",
        Rule::outcome => "`draws`, `loses` or `wins`",
        Rule::draw_repetition => "`repetition`",
        Rule::draw_moves => "`moves`",
        Rule::reset => "`reset`",
        Rule::reset_event | Rule::reset_capture | Rule::reset_promotion => {
            "`capture`, `promotion` or a piece ID"
        }
        Rule::draw_bare_royal | Rule::bare_royal_word => "`bare-royal`",
        Rule::bare_kind => "`single-piece`",
        Rule::perpetual_outcome => "`loses` or `draws`",
        Rule::bare_outcome => "`loses`",
        Rule::to_hand => "`to-hand`",
        Rule::as_is => "`as-is`",
        Rule::drop_not_stuck => "`not-stuck`",
        Rule::drop_no_check => "`no-check`",
        Rule::drop_one_per_file => "`one-per-file`",
        Rule::castling_with => "`with`",
        Rule::castling_to => "`to`",
        Rule::file_name => "a file letter",
        Rule::castling_safe => "`safe`",
        Rule::royal_only => "`royal-only`",
        Rule::shuffle_group => "a piece ID",
        Rule::square_colour => "`light` or `dark`",
        Rule::drop_per_file => "`per-file`",
        Rule::drop_no_mate => "`no-mate`",
        Rule::drop_never => "`never`",
        Rule::drop_zone => "`zone`",
        Rule::gating_only => "`only`",
        Rule::captured_only => "`captured-only`",
        Rule::promotion_flip => "`flip`",
        Rule::promotion_limit => "`limit`",
        Rule::limit_entry => "piece IDs and a number",
        Rule::drop_promoted => "`promoted`",
        Rule::drop_compulsory => "`compulsory`",
        Rule::drop_enclosing => "`enclosing`",
        Rule::enclosing_start => "`start`",
        Rule::drop_enters => "`enters`",
        Rule::drop_edge => "`top` or `any-side`",
        Rule::draw_full_board => "`full-board`",
        Rule::flip_enclosed => "`enclosed`",
        Rule::drop_unmoved => "`unmoved`",
        Rule::drop_opposite_colours => "`opposite-colours`",
        Rule::repeat_outcome => "`illegal` or `loses`",
        Rule::repeat_exception => "`except-evasion` or `except-no-new-attack`",
        Rule::counting_board => "`board-honour`",
        Rule::counting_pieces => "`pieces-honour`",
        Rule::counting_without => "`without`",
        Rule::counting_from_zero => "`from-zero`",
        Rule::board_up_to => "`up-to`",
        Rule::board_unblocked => "`unblocked`",
        Rule::first_move_not_in_check => "`not-in-check`",
        Rule::first_move_aimed => "`lost-when-aimed`",
        Rule::honour_entry => "piece IDs and a number of moves",
        Rule::honour_else => "`else`",
        Rule::clause_key => "a clause kind (`check`, `promotion forced`, ...)",
        _ => return None,
    };
    Some(text)
}

/// The keywords named in backticks by the descriptions of `rules` (`draws`, `loses`, ...):
/// what a misspelt word may have meant.
pub(crate) fn expected_keywords(rules: &[Rule]) -> Vec<&'static str> {
    let mut words = Vec::new();
    for text in rules.iter().filter_map(|r| describe(*r)) {
        for (i, part) in text.split('`').enumerate() {
            let keyword = i % 2 == 1 && part.chars().all(|c| c.is_ascii_lowercase() || c == '-');
            if keyword && !part.is_empty() && !words.contains(&part) {
                words.push(part);
            }
        }
    }
    words
}

/// "a, b or c" from the descriptions of `rules`, without repeats.
pub(crate) fn expected_list(rules: &[Rule]) -> Option<String> {
    let mut words: Vec<&str> = Vec::new();
    for rule in rules {
        if let Some(word) = describe(*rule)
            && !words.contains(&word)
        {
            words.push(word);
        }
    }
    // "end of line" reads best last.
    if let Some(i) = words.iter().position(|w| *w == "end of line") {
        let eol = words.remove(i);
        words.push(eol);
    }
    match words.as_slice() {
        [] => None,
        [one] => Some((*one).to_string()),
        [init @ .., last] => Some(format!("{} or {}", init.join(", "), last)),
    }
}

/// The shape of a whole line, shown as help under its syntax errors.
// long: a table, one line per line rule.
pub(crate) fn usage(rule: Rule) -> Option<&'static str> {
    let text = match rule {
        Rule::attribute_line => {
            "write an attribute as `#[allow(CODE)]`, `#[warn(CODE)]` or `#[deny(CODE)]`"
        }
        Rule::variant_line => "write `variant \"NAME\"`",
        Rule::inventor_line => "write `inventor \"NAME\"`",
        Rule::year_line => "write `year N`, e.g. `year 2022`",
        Rule::source_line => "write `source \"URL\"`",
        Rule::extends_line => "write `extends \"FILE\"`, e.g. `extends \"dai-shogi\"`",
        Rule::board_line => "write `board FILES x RANKS`, e.g. `board 9 x 9`",
        Rule::pieces_line => "the `pieces` line has nothing after the keyword",
        Rule::rules_line => "the `rules` line has nothing after the keyword",
        Rule::setup_line => "write `setup rotate`, `setup mirror` or `setup none`",
        Rule::ranks_line => "write `ranks FIRST..LAST`, e.g. `ranks 1..9`",
        Rule::extra_line | Rule::holes_line | Rule::vanishing_line => {
            "list squares separated by spaces or commas, e.g. `e0 f0` or `a5-p5`"
        }
        Rule::piece_line => {
            "a piece line reads `ID \"Name\" MOVES [promotes ID...] [royal] [confined REGION] \
             [in REGION MOVES] [glyph \"G\"]` or `ID \"Name\" like ID`"
        }
        Rule::region_line => "write `region NAME SQUARES`, e.g. `region palace d1-f3`",
        Rule::square_line => {
            "write `square NAME = SQUARE` or `square NAME = SQUARE + (FILES, RANKS)`, e.g. \
             `square w1 = a0 + (-1, -1)`"
        }
        Rule::facing_royals_line => "write `facing-royals forbidden` or `facing-royals must-break`",
        Rule::remove_line => "write `remove ID`",
        Rule::side_line => "`first` and `second` stand alone on their line",
        Rule::placement_line => "a placement reads `ID SQUARES...`, e.g. `P a3-i3`",
        Rule::promotion_line => {
            "promotion clauses: `zone N`, `zone SQUARES`, `on TRIGGERS`, `optional`, `mandatory`, \
             `automatic`, `forced-when-stuck`, `forced IDS last N`"
        }
        Rule::royal_line => "write `royal ID...`, e.g. `royal K +DE`",
        Rule::win_line => "write `win extinction` or `win checkmate`",
        Rule::check_line => {
            "write `check last-royal-only`, `check duple`, `check forbidden`, \
             `check royal-captures-only` or `check N wins`, e.g. `check 3 wins`"
        }
        Rule::no_pieces_line => "write `no-pieces wins` or `no-pieces loses`",
        Rule::repetition_line => {
            "write `repetition N [first|second] wins|loses`, e.g. `repetition 3 loses`"
        }
        Rule::extinction_line => {
            "write `extinction IDS|all draws|loses|wins [at N] [if-opponent-has N]`, e.g. \
             `extinction K loses at 2`"
        }
        Rule::checkmate_line => "write `checkmate loses`, `checkmate wins` or `checkmate draws`",
        Rule::tiebreak_line => {
            "write `tiebreak first`, `tiebreak second`, `tiebreak pieces` or `tiebreak material \
             ID N, ... [, komi first|second POINTS]`"
        }
        Rule::burn_line => {
            "write `burn IDS [area king|diagonal|orthogonal] [all | choose N] [active] [passive] \
             [immune IDS] [burner-meets-burner] [on-promotion]`"
        }
        Rule::freeze_line => "write `freeze IDS [area king|diagonal|orthogonal] [immune IDS]`",
        Rule::petrify_line => "write `petrify IDS`, e.g. `petrify P N B R Q`",
        Rule::explode_line => {
            "write `explode [area king|diagonal|orthogonal] [immune IDS]`, e.g. `explode immune P`"
        }
        Rule::anti_trade_line => {
            "write `anti-trade IDS takes IDS always|when protected [except-adjacent] \
             [except-bridge IDS] [counter-strike]`"
        }
        Rule::jump_rank_line => {
            "write the ranks from highest to lowest, e.g. `jump-rank K > J > A > +M = D`"
        }
        Rule::pass_line => {
            "write `pass forbidden`, `pass only IDS`, `pass not-after-pass`, `pass first-passer-deviates`, \
             `pass twice-ends` or `pass anytime IDS`"
        }
        Rule::stalemate_line => {
            "write `stalemate draws`, `stalemate loses`, `stalemate wins`, \
             `stalemate fewer-pieces-wins` or `stalemate more-pieces-wins`"
        }
        Rule::draw_line => {
            "write `draw repetition N`, `draw moves N [reset capture|promotion|IDS...]` or `draw bare-royal`"
        }
        Rule::perpetual_line => "write `perpetual-check loses` or `perpetual-check draws`",
        Rule::bare_royal_line => "write `bare-royal loses`",
        Rule::repeat_line => {
            "write `repeat illegal` or `repeat loses`, optionally with `except-evasion` and \
             `except-no-new-attack`"
        }
        Rule::perpetual_attack_line => "write `perpetual-attack loses` or `perpetual-attack draws`",
        Rule::counting_line => {
            "write `counting board-honour N`, `counting pieces-honour IDS N, ..., else N` or \
             `counting without IDS`"
        }
        Rule::captures_line => {
            "write `captures to-hand`, `captures to-hand as-is` or `captures compulsory`"
        }
        Rule::castling_line => {
            "write `castling with IDS`, `castling to FILE FILE` or `castling safe royal-only`, \
             e.g. `castling with R`"
        }
        Rule::shuffle_line => {
            "write `shuffle SQUARES GROUP, GROUP...`, e.g. `shuffle a1-h1 B light, B dark, Q, N N, R K R`"
        }
        Rule::wall_line => {
            "write `wall moving|anywhere|shot|edge [except SQUARES]`, e.g. `wall moving`"
        }
        Rule::gating_line => "write `gating SQUARES [only]`, e.g. `gating a1-h1 only`",
        Rule::flip_line => "write `flip enclosed`",
        Rule::first_move_line => {
            "write `first-move IDS not-in-check` or `first-move IDS lost-when-aimed IDS`, e.g. \
             `first-move K not-in-check`"
        }
        Rule::goal_line => {
            "write `goal [first|second] IDS SQUARES [count N] [or-filled] [safe] [hold] \
             [reply-draws]`, e.g. `goal K d4 e4 d5 e5`, or `goal [first|second] IDS row N [ranks] [files] \
             [diagonals]`, e.g. `goal P row 3`"
        }
        Rule::drop_line => {
            "write `drop not-stuck`, `drop one-per-file IDS`, `drop per-file N IDS`, \
             `drop no-mate IDS`, `drop never IDS` or \
             `drop zone IDS SQUARES`"
        }
        Rule::hand_line => "write `hand ID...`, e.g. `hand P P N`",
        Rule::to_move_line => "write `to-move first` or `to-move second`",
        Rule::weight_line => "write `weight TERM N`, e.g. `weight royal-attackers 24`",
        Rule::remove_clause_line => {
            "write `remove KIND`, e.g. `remove check` or `remove promotion forced`"
        }
        _ => return None,
    };
    Some(text)
}
