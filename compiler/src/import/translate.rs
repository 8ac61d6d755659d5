//! Block -> [`KomaFile`]: settings, pieces, promotion, royals, setup and the comments for
//! everything koma cannot say.

use super::Sink;
use koma_grammar::Span;

use super::block::Block;
use super::model::{Board, KomaFile, Moves, Piece, RuleLine};
use super::pieces::{Types, pieces};
use super::settings::{Settings, settings};
use super::setup::setup;

/// Translates a read block into a .koma file model, reporting problems to `sink`.
pub fn translate(block: &Block, name: &str, sink: &mut Sink) -> KomaFile {
    stray_items(block, sink);
    let settings = settings(block, sink);
    let types = pieces(block, &settings, sink);
    if types.count() == 0 {
        let span = Span::new(0, 0);
        let d = sink.error(
            "I019",
            "the block defines no piece types".to_string(),
            span,
            "no pieces",
        );
        sink.push(d.with_help("a piece line is `name:ID:moves:image:squares`"));
    }
    let mut layout = setup(block, settings.geometry(), settings.symmetry, &types, sink);
    let holdings = hand_counts(&types, block);
    let untranslated_hands = match layout.setup.as_mut() {
        Some(setup) => place_hands(setup, &holdings),
        None => holdings,
    };
    let promotion = promotion(&settings, &types, sink);
    let (royal, royal_note) = royals(&settings, &types, sink);
    let mut pieces = Vec::new();
    for (slot, s) in types.slots.iter().enumerate() {
        let moves = like(&types, slot).map_or_else(|| Moves::Betza(s.betza.clone()), Moves::Like);
        let promotes = promotion.promotes[slot].clone();
        pieces.push(Piece {
            id: s.id.clone(),
            name: s.name.clone(),
            moves,
            promotes,
            promotes_second: None,
            royal: royal[slot],
            note: None,
            options: Vec::new(),
        });
    }
    let mut piece_notes = Vec::new();
    piece_notes.extend(royal_note);
    KomaFile {
        header: header(name, &settings),
        name: name.to_string(),
        board: Board {
            files: settings.files,
            ranks: settings.ranks,
            first_rank: settings.first_rank,
            holes: layout.holes,
            vanishing: Vec::new(),
            regions: Vec::new(),
        },
        pieces,
        piece_notes,
        setup: layout.setup,
        rules: rules(
            &settings,
            &types,
            sink,
            promotion.lines,
            &untranslated_hands,
        ),
    }
}

/// A piece line's initial holdings: its ID, the first and the second player's counts, and
/// the field. The diagram reads `n` as `n` for each player, `w,b` as one count each.
#[derive(Clone)]
struct Holding {
    id: String,
    first: u32,
    second: u32,
    field: super::block::Field,
}

/// Puts the holdings into the setup as `hand` lines. Under `rotate`/`mirror` a `hand` line
/// gives both players the same pieces, so holdings that differ between the players stay
/// untranslated (returned).
fn place_hands(setup: &mut super::model::Setup, holdings: &[Holding]) -> Vec<Holding> {
    let symmetric = setup.symmetry != super::square::Symmetry::None;
    if symmetric && holdings.iter().any(|h| h.first != h.second) {
        return holdings.to_vec();
    }
    for h in holdings {
        let copies = |n: u32| std::iter::repeat_n(h.id.clone(), n as usize);
        setup.hand_first.extend(copies(h.first));
        if !symmetric {
            setup.hand_second.extend(copies(h.second));
        }
    }
    Vec::new()
}

fn stray_items(block: &Block, sink: &mut Sink) {
    for item in &block.items {
        if let super::block::Item::Stray(field) = item {
            let (message, label, help) = if field.text.contains(':') {
                (
                    format!("piece line `{}` has too few fields", field.text),
                    "needs at least five `:`-separated fields",
                    "a piece line is `name:ID:moves:image:squares[:hand]`; empty fields may stay empty",
                )
            } else {
                (
                    format!("stray text `{}`", field.text),
                    "neither `key=value` nor a piece line",
                    "remove it, or finish the piece line it belongs to",
                )
            };
            let code = if field.text.contains(':') {
                "I003"
            } else {
                "I014"
            };
            sink.push(sink.error(code, message, field.span, label).with_help(help));
        }
    }
}

/// `like X` when an earlier piece has exactly the same XBetza (and is not itself a `like`).
fn like(types: &Types, slot: usize) -> Option<String> {
    let betza = &types.slots[slot].betza;
    types.slots[..slot]
        .iter()
        .find(|s| &s.betza == betza)
        .map(|s| s.id.clone())
}

struct Promotion {
    promotes: Vec<Vec<String>>,
    lines: Vec<RuleLine>,
}

fn promotion(s: &Settings, types: &Types, sink: &mut Sink) -> Promotion {
    let mut promotes = vec![Vec::new(); types.slots.len()];
    let mut lines = Vec::new();
    let last = usize::try_from(s.max_promote.max(0))
        .unwrap_or(0)
        .min(types.count());
    if s.promo_zone == 0 {
        lines.push(RuleLine::Comment(
            "promoZone=0: nothing promotes".to_string(),
        ));
        return Promotion { promotes, lines };
    }
    let mut decided: Vec<Option<(i64, Vec<String>)>> = vec![None; types.slots.len()];
    let chess = s.promo_offset == 0;
    let choices = if chess {
        chess_choices(s, types, sink, &mut lines)
    } else {
        Vec::new()
    };
    for n in 1..=last as i64 {
        let Some(slot) = types.slot_of(n) else {
            continue;
        };
        let targets = if chess {
            choices.clone()
        } else {
            shogi_target(s, types, n, sink)
        };
        if targets.is_empty() {
            continue;
        }
        match &decided[slot] {
            Some((m, earlier)) if *earlier != targets => {
                let id = &types.slots[slot].id;
                let message = format!("types {m} and {n} are both `{id}` but promote differently");
                let span = s.promo_span.unwrap_or(types.slots[slot].id_span);
                let d = sink.error("I023", message, span, "promotion by type index");
                sink.push(d.with_help("give the two piece lines different IDs"));
            }
            Some(_) => {}
            None => {
                decided[slot] = Some((n, targets.clone()));
                promotes[slot] = targets;
            }
        }
    }
    if promotes.iter().any(|p| !p.is_empty()) {
        lines.splice(0..0, promotion_clauses(s, types, &promotes));
    }
    Promotion { promotes, lines }
}

fn promotion_clauses(s: &Settings, types: &Types, promotes: &[Vec<String>]) -> Vec<RuleLine> {
    let mut lines = vec![RuleLine::Clause(format!("promotion zone {}", s.promo_zone))];
    // The diagram: without drops a piece already in the zone promotes only by capturing;
    // with drops any move that starts or ends in the zone may promote.
    let on = if s.holdings == 0 {
        "enter capture-from-zone"
    } else {
        "start-or-end"
    };
    lines.push(RuleLine::Clause(format!("promotion on {on}")));
    lines.push(RuleLine::Clause("promotion optional".to_string()));
    if let Some(slot) = types.slot_of(1).filter(|&slot| !promotes[slot].is_empty()) {
        let id = &types.slots[slot].id;
        lines.push(RuleLine::Comment(format!(
            "the diagram makes type 1 (`{id}`) promote on the last rank"
        )));
        lines.push(RuleLine::Clause(format!("promotion forced {id} last 1")));
    }
    lines
}

/// Shogi-style: type n promotes to n + promoOffset, or to promoOffset + 1 past the last type.
fn shogi_target(s: &Settings, types: &Types, n: i64, sink: &mut Sink) -> Vec<String> {
    let count = types.count() as i64;
    let mut target = n + s.promo_offset;
    if target > count {
        target = s.promo_offset + 1;
    }
    match types.slot_of(target) {
        Some(slot) => vec![types.slots[slot].id.clone()],
        None if target > count => {
            let message =
                format!("type {n} promotes to type {target}, but there are only {count} types");
            let span = s.promo_span.unwrap_or(Span::new(0, 0));
            let d = sink.error("I012", message, span, "promotion target out of range");
            sink.push(d.with_help("check `promoOffset` and `maxPromote` against the piece lines"));
            Vec::new()
        }
        None => Vec::new(),
    }
}

/// Chess-style: the IDs listed in `promoChoice` (default `QNRB`), longest ID first.
fn chess_choices(
    s: &Settings,
    types: &Types,
    sink: &mut Sink,
    lines: &mut Vec<RuleLine>,
) -> Vec<String> {
    let (text, start, explicit) = match &s.promo_choice {
        Some(f) => (f.text.as_str(), f.span.start, true),
        None => ("QNRB", 0, false),
    };
    let mut ids: Vec<&str> = types.slots.iter().map(|s| s.id.as_str()).collect();
    ids.sort_by_key(|id| std::cmp::Reverse(id.len()));
    let mut choices = Vec::new();
    let mut marks = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let at = start + text.len() - rest.len();
        let prefix = rest.starts_with(['!', '*']);
        let body = if prefix { &rest[1..] } else { rest };
        let Some(id) = ids.iter().find(|id| body.starts_with(**id)) else {
            let skip = rest.chars().next().map_or(1, char::len_utf8);
            if explicit && !prefix {
                let message = format!("`promoChoice` names no piece at `{}`", &rest[..skip]);
                let span = Span::new(at, at + skip);
                sink.push(sink.warning("I018", message, span, "no piece has this ID"));
            }
            rest = &rest[skip..];
            continue;
        };
        let after = &body[id.len()..];
        let digits = after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        if prefix || digits > 0 {
            let used = usize::from(prefix) + id.len() + digits;
            marks.push(rest[..used].to_string());
        }
        if !choices.iter().any(|c| c == id) {
            choices.push((*id).to_string());
        }
        rest = &after[digits..];
    }
    if !marks.is_empty() {
        let message = format!(
            "promoChoice marks {} (`!`/`*` restrictions, depth limits): not translated, \
             the choices are offered everywhere in the zone",
            marks.join(" ")
        );
        lines.push(RuleLine::Comment(message));
        let span = s.promo_choice.as_ref().map_or(Span::new(0, 0), |f| f.span);
        let d = sink.warning(
            "I013",
            "`promoChoice` restrictions are not translated".to_string(),
            span,
            "here",
        );
        sink.push(d.with_help("see the comment in the rules section of the output"));
    }
    choices
}

/// The royal flag per slot, and a note when the diagram's default (last type) applies.
fn royals(s: &Settings, types: &Types, sink: &mut Sink) -> (Vec<bool>, Option<String>) {
    let mut royal = vec![false; types.slots.len()];
    let count = types.count();
    for &(n, span) in &s.royals {
        match types.slot_of(n) {
            Some(slot) => royal[slot] = true,
            None if n >= 1 && (n as usize) <= count => {} // a broken line, already reported
            None => {
                let message = format!("royal index {n} is out of range");
                let d = sink.error(
                    "I006",
                    message,
                    span,
                    &format!("there are {count} piece types"),
                );
                let help = "types are numbered 1.. in the order of the piece lines; `hole` lines do not count";
                sink.push(d.with_help(help));
            }
        }
    }
    if !s.royals.is_empty() {
        return (royal, None);
    }
    let Some(slot) = types.slot_of(count as i64) else {
        return (royal, None);
    };
    royal[slot] = true;
    let id = &types.slots[slot].id;
    (
        royal,
        Some(format!(
            "no `royal=` key: the last type (`{id}`) is royal, as in the diagram"
        )),
    )
}

fn header(name: &str, s: &Settings) -> Vec<String> {
    let mut header = vec![
        format!("{name}: imported by `koma import` from an Interactive Diagram parameter block."),
        "Moves are the diagram's XBetza as written; rules the diagram leaves to the page text"
            .to_string(),
        "(burning, freezing, repetition, ...) are not here: add them to `rules`.".to_string(),
    ];
    if !s.appearance.is_empty() {
        header.push(String::new());
        header.extend(wrap("Appearance settings, not kept:", &s.appearance, 96));
    }
    header
}

/// Greedy word wrap of `words` after `lead`, continuation lines indented.
fn wrap(lead: &str, words: &[String], width: usize) -> Vec<String> {
    let mut lines = vec![lead.to_string()];
    for word in words {
        let last = lines.last_mut().expect("lines starts non-empty");
        if last.len() + 1 + word.len() > width && last.len() > 2 {
            lines.push(format!("  {word}"));
        } else {
            last.push(' ');
            last.push_str(word);
        }
    }
    lines
}

fn rules(
    s: &Settings,
    types: &Types,
    sink: &mut Sink,
    mut lines: Vec<RuleLine>,
    untranslated_hands: &[Holding],
) -> Vec<RuleLine> {
    match s.stalemate_draws {
        Some(true) => lines.push(RuleLine::Clause("stalemate draws".to_string())),
        Some(false) => lines.push(RuleLine::Clause("stalemate loses".to_string())),
        None => {}
    }
    let shogi_choice = s
        .promo_choice
        .as_ref()
        .filter(|f| s.promo_offset > 0 && f.text != "+");
    if let Some(f) = shogi_choice {
        let text = format!(
            "promoChoice={}: ignored with Shogi-style promotion (promoOffset > 0)",
            f.text
        );
        lines.push(RuleLine::Comment(text));
    }
    if s.holdings < 0 {
        // -1 demotes the captured piece; other negative values keep its form.
        lines.push(RuleLine::Clause(if s.holdings == -1 {
            "captures to-hand".to_string()
        } else {
            "captures to-hand as-is".to_string()
        }));
    } else if s.holdings > 0 {
        let value = s.holdings_text.as_deref().unwrap_or("");
        let text = format!(
            "holdingsType={value}: captured pieces go to their owner's hand; not translated (koma's hands hold the capturer's captures)"
        );
        lines.push(RuleLine::Comment(text));
    }
    if !untranslated_hands.is_empty() {
        for h in untranslated_hands {
            let message = "initial holdings that differ between the players are not translated: \
                           write them as `hand` lines under `setup none`"
                .to_string();
            sink.push(sink.warning("I013", message, h.field.span, "becomes a comment"));
        }
        let list: Vec<String> = untranslated_hands
            .iter()
            .map(|h| format!("{} {}", h.id, h.field.text))
            .collect();
        lines.push(RuleLine::Comment(format!(
            "initial holdings, not translated (the players' differ; write `hand` lines under `setup none`): {}",
            list.join(", ")
        )));
    }
    for (item, about, indexed) in &s.untranslated {
        let target = indexed_target(item.value.text.parse().ok(), *indexed, types);
        let text = format!(
            "{}={}{target}: {about}; not translated",
            item.key.text, item.value.text
        );
        lines.push(RuleLine::Comment(text));
    }
    for item in &s.unknown {
        let text = format!(
            "{}={}: unknown key, ignored by the diagram",
            item.key.text, item.value.text
        );
        lines.push(RuleLine::Comment(text));
    }
    lines
}

fn indexed_target(n: Option<i64>, indexed: bool, types: &Types) -> String {
    match n.filter(|_| indexed).and_then(|n| types.slot_of(n)) {
        Some(slot) => format!(" (`{}`)", types.slots[slot].id),
        None => String::new(),
    }
}

/// Every piece line whose sixth field holds a non-zero count. A count that is no number
/// reads as 0, as the diagram's `parseInt` reads it as `NaN`, which holds nothing.
fn hand_counts(types: &Types, block: &Block) -> Vec<Holding> {
    let mut out = Vec::new();
    for (line, role) in block.pieces().zip(&types.roles) {
        let (Some(hand), super::pieces::Role::Piece(slot)) = (&line.hand, role) else {
            continue;
        };
        let mut counts = hand
            .text
            .split(',')
            .map(|c| c.trim().parse::<u32>().unwrap_or(0).min(64));
        let first = counts.next().unwrap_or(0);
        let second = counts.next().unwrap_or(first);
        if first == 0 && second == 0 {
            continue;
        }
        out.push(Holding {
            id: types.slots[*slot].id.clone(),
            first,
            second,
            field: hand.clone(),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::diagnostic::FileId;

    fn koma(block: &str) -> String {
        let imported = crate::import::import(FileId(0), block, "T");
        let codes: Vec<&str> = imported
            .diagnostics
            .iter()
            .map(|d| d.code.as_str())
            .collect();
        imported.koma.unwrap_or_else(|| panic!("errors: {codes:?}"))
    }

    fn line<'a>(koma: &'a str, start: &str) -> &'a str {
        koma.lines()
            .find(|l| l.trim_start().starts_with(start))
            .unwrap_or_else(|| panic!("no `{start}` line in\n{koma}"))
    }

    #[test]
    fn shogi_promotion_past_the_last_type_goes_to_the_generic_tokin() {
        let k = koma(
            "files=5 ranks=5 promoOffset=3 maxPromote=2 a:A:W:a:a1 b:B:F:b:b1 k:K:K:k:c1 t:+T:WfF:t:",
        );
        assert!(line(&k, "A ").ends_with("promotes +T"), "{k}");
        assert!(line(&k, "B ").ends_with("promotes +T"), "{k}");
        assert!(!line(&k, "K ").contains("promotes"), "{k}");
    }

    #[test]
    fn royal_indices_skip_holes_and_default_to_the_last_type() {
        let k = koma("files=5 ranks=5 hole::::c3 a:A:W:a:a1 k:K:K:k:c1 royal=2");
        assert!(line(&k, "K ").ends_with("royal"), "{k}");
        assert!(!line(&k, "A ").contains("royal"), "{k}");
        let k = koma("files=5 ranks=5 k:K:K:k:c1 a:A:W:a:a1");
        assert!(line(&k, "A ").ends_with("royal"), "{k}");
        assert!(k.contains("the last type (`A`) is royal"), "{k}");
    }

    #[test]
    fn lines_with_one_id_merge_and_identical_moves_become_like() {
        let k =
            koma("files=5 ranks=5 gold:G:WfF:g:a1 gold:G:WfF:g:e1 tokin:+P:WfF:p: king:K:K:k:c1");
        assert_eq!(k.matches("\"Gold\"").count(), 1, "{k}");
        assert!(k.contains("\n  G  a1 e1\n"), "{k}");
        assert!(line(&k, "+P ").contains("like G"), "{k}");
    }

    #[test]
    fn stalemate_and_symmetry_keys() {
        let k = koma("files=5 ranks=5 stalemate=win symmetry=rotate king:K:K:k:c1");
        assert!(
            k.contains("setup rotate") && k.contains("stalemate loses"),
            "{k}"
        );
        let k = koma("files=5 ranks=5 stalemate=draw king:K:K:k:c1");
        assert!(
            k.contains("setup mirror") && k.contains("stalemate draws"),
            "{k}"
        );
        let k = koma("files=5 ranks=5 king:K:K:k:c1");
        assert!(!k.contains("stalemate"), "{k}");
    }
}

#[cfg(test)]
mod betza_tests {
    use crate::diagnostic::FileId;

    #[test]
    fn broken_xbetza_is_reported_in_the_block_and_kept() {
        let block = "files=5 ranks=5 odd:O:fW(pa:o:a1 king:K:K:k:c1";
        let imported = crate::import::import(FileId(0), block, "T");
        let d = imported
            .diagnostics
            .iter()
            .find(|d| d.code == "I027")
            .expect("an I027 warning");
        let moves = block.find("fW(pa").expect("present");
        assert!(
            d.primary.location.span.start >= moves && d.primary.location.span.end <= moves + 5,
            "{d:?}"
        );
        assert!(imported.koma.expect("warnings only").contains("fW(pa"));
    }
}
