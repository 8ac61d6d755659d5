//! The block's `key=value` items read into typed settings, with the diagram's defaults.

use std::collections::HashMap;

use super::Sink;
use koma_grammar::Span;

use super::block::{Block, Field, KeyItem};
use super::keys::{self, KeyKind};
use super::square::{Geometry, Symmetry};
use crate::diagnostic::did_you_mean;

/// Larger first-rank labels are surely a slip (and would overflow rank arithmetic).
const MAX_FIRST_RANK: u32 = 1000;

/// The diagram names its files with one letter, `a` to `z`: fewer than the runtime holds.
const MAX_DIAGRAM_FILES: u32 = 26;
const _: () = assert!(MAX_DIAGRAM_FILES <= koma_runtime::limits::MAX_FILES as u32);

/// Every key the importer acts on, after defaults.
#[derive(Clone, Debug)]
pub struct Settings {
    pub files: u32,
    pub ranks: u32,
    pub first_rank: i64,
    pub symmetry: Symmetry,
    /// `royal=N` items: the 1-based type index and where it was written.
    pub royals: Vec<(i64, Span)>,
    pub promo_zone: u32,
    pub max_promote: i64,
    pub promo_offset: i64,
    /// Where `promoOffset` / `maxPromote` were written (for promotion-target errors).
    pub promo_span: Option<Span>,
    /// `None`: the diagram's default `QNRB`.
    pub promo_choice: Option<Field>,
    pub holdings: i64,
    pub holdings_text: Option<String>,
    /// `Some(true)` for `stalemate=draw`, `Some(false)` for any other value.
    pub stalemate_draws: Option<bool>,
    /// Keys that become comments: the item and what it does.
    pub untranslated: Vec<(KeyItem, &'static str, bool)>,
    /// Keys the diagram does not know (reported, and kept as comments).
    pub unknown: Vec<KeyItem>,
    /// `key=value` texts of the appearance keys, for one summary comment.
    pub appearance: Vec<String>,
}

impl Default for Settings {
    /// The diagram's own defaults.
    fn default() -> Self {
        Settings {
            files: 8,
            ranks: 8,
            first_rank: 1,
            symmetry: Symmetry::Mirror,
            royals: Vec::new(),
            promo_zone: 1,
            max_promote: 1,
            promo_offset: 0,
            promo_span: None,
            promo_choice: None,
            holdings: 0,
            holdings_text: None,
            stalemate_draws: None,
            untranslated: Vec::new(),
            unknown: Vec::new(),
            appearance: Vec::new(),
        }
    }
}

impl Settings {
    pub fn geometry(&self) -> Geometry {
        Geometry {
            files: self.files,
            ranks: self.ranks,
            first_rank: self.first_rank,
        }
    }
}

/// Reads every key item of `block`; later items override earlier ones, as in the diagram.
pub fn settings(block: &Block, sink: &mut Sink) -> Settings {
    let mut s = Settings::default();
    let mut seen: HashMap<&str, Span> = HashMap::new();
    for item in block.keys() {
        let Some(kind) = keys::classify(&item.key.text) else {
            unknown_key(item, sink);
            s.unknown.push(item.clone());
            continue;
        };
        let earlier = (!keys::repeatable(kind)).then(|| seen.insert(&item.key.text, item.span));
        if let Some(Some(first)) = earlier {
            let message = format!("`{}` is given twice; the last value counts", item.key.text);
            let d = sink.warning("I015", message, item.span, "this value is used");
            sink.push(d.with_secondary(sink.location(first), "this one is ignored"));
        }
        if item.after_pieces && shapes_setup(kind) {
            let message = format!("`{}` comes after piece lines", item.key.text);
            let help = "the diagram applies it only to the piece lines after it; koma applies it \
                        to all of them: move the key before the first piece line";
            let d = sink.warning("I016", message, item.span, "after a piece line");
            sink.push(d.with_help(help));
        }
        apply(&mut s, kind, item, sink);
    }
    s
}

fn shapes_setup(kind: KeyKind) -> bool {
    matches!(
        kind,
        KeyKind::Files | KeyKind::Ranks | KeyKind::FirstRank | KeyKind::Symmetry
    )
}

fn unknown_key(item: &KeyItem, sink: &mut Sink) {
    let message = format!("unknown key `{}`", item.key.text);
    let d = sink.warning(
        "I001",
        message,
        item.key.span,
        "the diagram ignores this key",
    );
    let d = match did_you_mean(&item.key.text, keys::all_keys()) {
        Some(near) => d.with_help(format!("did you mean `{near}`?")),
        None => d.with_help("it is kept as a comment in the output"),
    };
    sink.push(d);
}

fn apply(s: &mut Settings, kind: KeyKind, item: &KeyItem, sink: &mut Sink) {
    match kind {
        KeyKind::Files => {
            let why = "the diagram names files `a` to `z`";
            s.files = size(item, MAX_DIAGRAM_FILES, why, sink).unwrap_or(s.files);
        }
        KeyKind::Ranks => {
            let max = u32::from(koma_runtime::limits::MAX_RANKS);
            s.ranks = size(item, max, "the most ranks koma holds", sink).unwrap_or(s.ranks);
        }
        KeyKind::FirstRank => s.first_rank = first_rank(item, sink).unwrap_or(s.first_rank),
        KeyKind::Symmetry => s.symmetry = symmetry(item, sink),
        KeyKind::Royal => {
            if let Some(n) = number(item, sink) {
                s.royals.push((n, item.value.span));
            }
        }
        KeyKind::PromoZone => {
            if let Some(n) = number(item, sink) {
                s.promo_zone = non_negative(n, item, sink);
            }
        }
        KeyKind::MaxPromote => {
            s.max_promote = number(item, sink).unwrap_or(s.max_promote);
            s.promo_span = Some(item.span);
        }
        KeyKind::PromoOffset => {
            if let Some(n) = number(item, sink) {
                s.promo_offset = i64::from(non_negative(n, item, sink));
            }
            s.promo_span = Some(item.span);
        }
        KeyKind::PromoChoice => s.promo_choice = Some(item.value.clone()),
        KeyKind::HoldingsType => {
            s.holdings = number(item, sink).unwrap_or(s.holdings);
            s.holdings_text = Some(item.value.text.clone());
            // Negative: captured pieces change colour and join the capturer's hand (koma's
            // `captures to-hand`); positive: they stay their owner's, which koma cannot say.
            if s.holdings > 0 {
                untranslated(
                    item,
                    "captured pieces go to their owner's hand (drops)",
                    sink,
                );
            }
        }
        KeyKind::Stalemate => s.stalemate_draws = Some(item.value.text == "draw"),
        KeyKind::Untranslated { about, indexed } => {
            untranslated(item, about, sink);
            s.untranslated.push((item.clone(), about, indexed));
        }
        KeyKind::Appearance => s
            .appearance
            .push(format!("{}={}", item.key.text, item.value.text)),
    }
}

fn untranslated(item: &KeyItem, about: &str, sink: &mut Sink) {
    let message = format!("`{}` is not translated: {about}", item.key.text);
    let d = sink.warning("I013", message, item.span, "becomes a comment");
    sink.push(d.with_help("koma has no equivalent yet; the output keeps it as a comment"));
}

/// An integer value. The diagram's `parseInt` would read `5x` as 5; koma asks for a clean number.
pub fn number(item: &KeyItem, sink: &mut Sink) -> Option<i64> {
    match item.value.text.parse::<i64>() {
        Ok(n) => Some(n),
        Err(_) => {
            let message = format!(
                "`{}` needs a whole number, not `{}`",
                item.key.text, item.value.text
            );
            sink.push(sink.error("I002", message, item.value.span, "not a number"));
            None
        }
    }
}

fn non_negative(n: i64, item: &KeyItem, sink: &mut Sink) -> u32 {
    match u32::try_from(n) {
        Ok(n) => n,
        Err(_) => {
            let message = format!("`{}` cannot be negative", item.key.text);
            sink.push(sink.error("I002", message, item.value.span, "negative"));
            0
        }
    }
}

/// A first-rank label in 0..=1000; otherwise reported, and the default is kept so that the
/// squares do not all fall off the board as well.
fn first_rank(item: &KeyItem, sink: &mut Sink) -> Option<i64> {
    let n = number(item, sink)?;
    if (0..=i64::from(MAX_FIRST_RANK)).contains(&n) {
        return Some(n);
    }
    let message = format!(
        "`firstRank={n}` is out of range: koma rank numbers run from 0 to {MAX_FIRST_RANK}"
    );
    sink.push(sink.error("I020", message, item.value.span, "out of range"));
    None
}

/// A board size in `1..=max`; `why` says where `max` comes from.
fn size(item: &KeyItem, max: u32, why: &str, sink: &mut Sink) -> Option<u32> {
    let n = number(item, sink)?;
    match u32::try_from(n) {
        Ok(n) if (1..=max).contains(&n) => Some(n),
        _ => {
            let message = format!(
                "`{}={n}` is out of range: 1 to {max} ({why})",
                item.key.text
            );
            sink.push(sink.error("I020", message, item.value.span, "unsupported board size"));
            None
        }
    }
}

fn symmetry(item: &KeyItem, sink: &mut Sink) -> Symmetry {
    match item.value.text.as_str() {
        "rotate" => Symmetry::Rotate,
        "mirror" => Symmetry::Mirror,
        "none" => Symmetry::None,
        other => {
            let message = format!("unknown symmetry `{other}`: the diagram adds no copies");
            let d = sink.warning("I017", message, item.value.span, "read as `none`");
            let d = match did_you_mean(other, ["rotate", "mirror", "none"]) {
                Some(near) => d.with_help(format!("did you mean `{near}`?")),
                None => d.with_help("use `rotate`, `mirror` or `none`"),
            };
            sink.push(d);
            Symmetry::None
        }
    }
}
