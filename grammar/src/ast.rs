//! The syntax tree of one `.koma` file: what was written, with spans, before any name is resolved.

use crate::span::{Span, Spanned};

/// One parsed file. Items keep source order within their section.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct File {
    /// Attribute lines before the first item of the file.
    pub attributes: Vec<Attribute>,
    pub metadata: Vec<Metadata>,
    /// Every `board` section (more than one is an error the compiler reports).
    pub boards: Vec<Board>,
    /// Header spans of every `pieces` section (several sections simply add up).
    pub pieces_sections: Vec<Span>,
    pub pieces: Vec<PieceItem>,
    /// Every `setup` section (more than one is an error the compiler reports).
    pub setups: Vec<Setup>,
    pub rules_sections: Vec<Span>,
    pub clauses: Vec<Clause>,
    /// Section keywords (`board`, `setup`, ...) whose header line had a syntax error, so later
    /// passes can stay quiet about the section being missing.
    pub broken_sections: Vec<String>,
    /// IDs of piece lines that had a syntax error (so uses of the ID are not "unknown").
    pub broken_pieces: Vec<String>,
}

/// `#[allow(CODE, ...)]`, `#[warn(...)]` or `#[deny(...)]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attribute {
    pub span: Span,
    pub level: Spanned<LintLevel>,
    pub codes: Vec<Spanned<String>>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LintLevel {
    Allow,
    Warn,
    Deny,
}

/// A metadata line (`variant`, `inventor`, `year`, `source`, `extends`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Metadata {
    /// The whole line.
    pub span: Span,
    pub keyword: Span,
    pub value: MetadataValue,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MetadataValue {
    Variant(Spanned<String>),
    Inventor(Spanned<String>),
    Year(Spanned<u32>),
    Source(Spanned<String>),
    Extends(Spanned<String>),
}

impl MetadataValue {
    /// The keyword that starts the line.
    pub fn keyword(&self) -> &'static str {
        match self {
            MetadataValue::Variant(_) => "variant",
            MetadataValue::Inventor(_) => "inventor",
            MetadataValue::Year(_) => "year",
            MetadataValue::Source(_) => "source",
            MetadataValue::Extends(_) => "extends",
        }
    }
}

/// A `board FILES x RANKS` section with its item lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// The header line.
    pub span: Span,
    pub files: Spanned<u32>,
    pub ranks: Spanned<u32>,
    pub items: Vec<BoardItem>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardItem {
    pub span: Span,
    pub kind: BoardItemKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardItemKind {
    /// `ranks FIRST..LAST`
    Ranks {
        first: Spanned<u32>,
        last: Spanned<u32>,
    },
    Extra(Vec<SquareItem>),
    Holes(Vec<SquareItem>),
    Vanishing(Vec<SquareItem>),
    /// `region NAME [first|second] SQUARES`: a named set of squares, for the first player
    /// (turned 180 degrees for the second); with a side, that player's own squares.
    Region {
        name: Spanned<String>,
        side: Option<Spanned<Side>>,
        squares: Vec<SquareItem>,
    },
    /// `square NAME = SQUARE + (FILES, RANKS)`: a square named explicitly, at `at` moved by
    /// `offset` (files right, ranks up).
    Square {
        name: SquareName,
        at: SquareName,
        offset: Spanned<(i32, i32)>,
    },
}

impl BoardItemKind {
    pub fn keyword(&self) -> &'static str {
        match self {
            BoardItemKind::Ranks { .. } => "ranks",
            BoardItemKind::Extra(_) => "extra",
            BoardItemKind::Holes(_) => "holes",
            BoardItemKind::Vanishing(_) => "vanishing",
            BoardItemKind::Region { .. } => "region",
            BoardItemKind::Square { .. } => "square",
        }
    }
}

/// A square as written: file letter (0 = `a`) and rank number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SquareName {
    pub file: u8,
    pub rank: u32,
    pub span: Span,
}

/// One entry of a square list: a square or a rectangle `a5-p5`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SquareItem {
    Single(SquareName),
    Range {
        from: SquareName,
        to: SquareName,
        span: Span,
    },
}

impl SquareItem {
    pub fn span(&self) -> Span {
        match self {
            SquareItem::Single(s) => s.span,
            SquareItem::Range { span, .. } => *span,
        }
    }
}

/// A line of the `pieces` section.
// Piece lines far outnumber `remove` lines, so boxing the large variant would only add an
// allocation per piece line.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PieceItem {
    Define(PieceDef),
    /// `remove ID`
    Remove {
        attributes: Vec<Attribute>,
        span: Span,
        id: Spanned<String>,
    },
}

/// `ID "Name" MOVES [promotes ID...] [royal] [value N]`
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceDef {
    pub attributes: Vec<Attribute>,
    /// The whole line.
    pub span: Span,
    pub id: Spanned<String>,
    pub name: Spanned<String>,
    pub moves: Moves,
    /// The `promotes` keyword span and the target IDs (empty when the line has none).
    pub promotes: Option<(Span, Vec<Spanned<String>>)>,
    /// `promotes first|second IDS`: a player's own choices, when the sides differ.
    pub promotes_by_side: Vec<(Spanned<Side>, Vec<Spanned<String>>)>,
    /// Span of the `royal` flag, when present.
    pub royal: Option<Span>,
    /// `value N`: the designer's piece value in centipawns, for the engine.
    pub value: Option<Spanned<u32>>,
    /// `confined REGION`: the region's name.
    pub confined: Option<Spanned<String>>,
    /// `glyph "龍王"`: the characters drawn for the piece instead of its ID.
    pub glyph: Option<Spanned<String>>,
    /// `in REGION MOVES`: the piece's moves on the region's squares, in order.
    pub in_regions: Vec<InRegion>,
}

/// `in REGION MOVES` on a piece line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InRegion {
    /// The whole option.
    pub span: Span,
    pub region: Spanned<String>,
    /// XBetza, raw.
    pub moves: Spanned<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Moves {
    /// An XBetza string, raw; the XBetza sub-grammar parses it.
    Betza(Spanned<String>),
    /// `like OTHER`: the span covers `like OTHER`.
    Like { span: Span, other: Spanned<String> },
}

/// A `setup` section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The header line.
    pub span: Span,
    pub symmetry: Spanned<Symmetry>,
    /// `first` / `second` block headers, in order.
    pub sides: Vec<Spanned<Side>>,
    pub placements: Vec<Placement>,
    /// `hand ID...` lines: pieces in hand at the start.
    pub hands: Vec<Hand>,
    /// `shuffle SQUARES GROUPS` lines (more than one is an error the compiler reports).
    pub shuffles: Vec<Shuffle>,
    /// `to-move first|second` lines, the player to move at the start (more than one is an
    /// error the compiler reports).
    pub to_move: Vec<Spanned<Side>>,
}

/// `shuffle SQUARES GROUP, GROUP...`: the setup's pieces on SQUARES start in any arrangement
/// the groups allow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shuffle {
    pub span: Span,
    pub squares: Vec<SquareItem>,
    pub groups: Vec<ShuffleGroup>,
}

/// One group of a `shuffle` line: pieces, and the colour of the squares they take.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShuffleGroup {
    pub span: Span,
    pub pieces: Vec<Spanned<String>>,
    /// `light` (true) or `dark` (false); `None`: any square.
    pub light: Option<bool>,
}

/// `hand ID...`: pieces a player holds in hand at the start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hand {
    pub span: Span,
    /// The `first`/`second` block the line sits in, if any.
    pub side: Option<Spanned<Side>>,
    pub pieces: Vec<Spanned<String>>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    Rotate,
    Mirror,
    None,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    First,
    Second,
}

/// `ID SQUARES...`
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    pub attributes: Vec<Attribute>,
    pub span: Span,
    /// The `first`/`second` block the line sits in, if any.
    pub side: Option<Spanned<Side>>,
    pub piece: Spanned<String>,
    pub squares: Vec<SquareItem>,
}

/// One line of the `rules` section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clause {
    pub attributes: Vec<Attribute>,
    pub span: Span,
    /// The clause keyword (`promotion`, `burn`, ...).
    pub keyword: Spanned<String>,
    pub kind: ClauseKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClauseKind {
    /// `promotion zone [first|second] N|SQUARES`: with a side, that player's zone alone.
    PromotionZone {
        side: Option<Spanned<Side>>,
        zone: Zone,
    },
    PromotionOn(Vec<Spanned<Trigger>>),
    PromotionKind(Spanned<PromotionKind>),
    PromotionForcedWhenStuck,
    PromotionForced {
        pieces: Vec<Spanned<String>>,
        last: Spanned<u32>,
    },
    Royal(Vec<Spanned<String>>),
    Win(Spanned<WinKind>),
    CheckLastRoyalOnly,
    /// `check duple`: a move is illegal only if it leaves every royal of its side attacked.
    CheckDuple,
    /// `check forbidden`: no move may give check.
    CheckForbidden,
    /// `check royal-captures-only`: in check, a royal moves only to capture every checker
    /// (Makpong).
    CheckRoyalCapturesOnly,
    /// `check N wins`: the side that gives its N-th check wins (Three-check).
    CheckWins(Spanned<u32>),
    /// `captures compulsory`: a side that can capture must.
    CapturesCompulsory,
    /// `no-pieces wins|loses`: a side left without a piece, on the board or in hand, wins
    /// (Antichess) or loses (Horde).
    NoPieces(Spanned<Outcome>),
    /// `repetition N [first|second] wins|loses`: the N-th occurrence of a position ends the
    /// game; without a side it is scored for the player whose move made it.
    Repetition {
        count: Spanned<u32>,
        side: Option<Spanned<Side>>,
        wins: Spanned<bool>,
    },
    /// `extinction IDS|all OUTCOME [at N] [if-opponent-has N]`: a side with `at` or fewer
    /// pieces of one of the types (or of all its pieces together, `pieces` empty), on the board
    /// and in hand, while the other side has at least `if-opponent-has` of it, gets `outcome`.
    Extinction {
        pieces: Vec<Spanned<String>>,
        outcome: Spanned<Outcome>,
        at: Option<Spanned<u32>>,
        opponent_has: Option<Spanned<u32>>,
    },
    /// `checkmate wins|draws|loses`: what being checkmated means for the mated side.
    CheckmateScore(Spanned<Outcome>),
    /// `tiebreak ...`: how a game that would end drawn is decided instead.
    Tiebreak(Tiebreak),
    /// `stalemate fewer-pieces-wins` (true) or `more-pieces-wins` (false): a stalemate is won
    /// by the side with fewer (more) pieces on the board; equal counts draw.
    StalemateByCount(Spanned<bool>),
    /// `goal [first|second] IDS SQUARES [...] [hold] [reply-draws]`: a piece of `pieces` that ends its
    /// side's move on one of `squares` wins; without a side, both players' (the squares are the
    /// first player's, rotated for the second).
    Goal {
        side: Option<Spanned<Side>>,
        pieces: Vec<Spanned<String>>,
        squares: Vec<SquareItem>,
        /// `count N`: N goal pieces must stand on the squares at once (1 without it).
        count: Option<Spanned<u32>>,
        /// `or-filled`: one goal piece is enough once every goal square is occupied.
        or_filled: bool,
        /// `safe`: when exactly the count stand there, none of them may be attacked; a goal
        /// reached under attack wins if it still holds, unattacked, on the side's next turn.
        safe: bool,
        /// `hold`: the goal wins only if it still holds when its side's turn comes (the
        /// opponent has one move to break it; with `safe`, an unattacked arrival wins at once);
        /// where the word stands, for the check against `reply-draws`.
        hold: Option<Span>,
        reply_draws: bool,
        /// `row N [ranks] [files] [diagonals]` in place of the squares: N goal pieces in an
        /// unbroken line win (connect-N).
        row: Option<GoalRow>,
    },
    /// `wall KIND [except SQUARES]`: every move also puts a blocker on an empty square, where
    /// `kind` says; never on the `except` squares.
    Wall {
        kind: Spanned<WallKind>,
        except: Vec<SquareItem>,
    },
    Burn {
        burners: Vec<Spanned<String>>,
        options: Vec<Spanned<BurnOption>>,
    },
    Freeze {
        freezers: Vec<Spanned<String>>,
        options: Vec<Spanned<FreezeOption>>,
    },
    /// `explode [area KIND] [immune IDS]`: a capture explodes its mover and the pieces around
    /// its destination (Atomic); the options read as `freeze`'s.
    Explode(Vec<Spanned<FreezeOption>>),
    /// `petrify IDS`: a piece of these types that captures turns into a wall on the square it
    /// lands on (Petrified, Nuclear).
    Petrify(Vec<Spanned<String>>),
    AntiTrade(AntiTrade),
    /// Tiers from highest to lowest; pieces within a tier share a rank.
    JumpRank(Vec<Vec<Spanned<String>>>),
    Pass(PassRule),
    Stalemate(Spanned<Outcome>),
    DrawRepetition(Spanned<u32>),
    DrawMoves {
        moves: Spanned<u32>,
        reset: Vec<Spanned<ResetEvent>>,
    },
    /// `draw bare-royal [single-piece]`: both sides bare is a draw; bare means nothing but
    /// royals, or with `single-piece` a lone royal.
    DrawBareRoyal {
        single_piece: bool,
    },
    /// `bare-royal loses`: a side left with royals alone loses, unless it bares the other side
    /// on its very next move.
    BareRoyalLoses,
    /// `perpetual-check loses` (true) or `perpetual-check draws` (false).
    PerpetualCheck(Spanned<bool>),
    /// `captures to-hand [as-is]`: captured pieces join the capturer's hand, demoted to their
    /// base form unless `as-is`.
    CapturesToHand {
        as_is: bool,
    },
    /// `castling with IDS`: a castler's partner is the outermost of these pieces on its rank.
    CastlingWith(Vec<Spanned<String>>),
    /// `castling to FILE FILE`: the castler lands on these files (towards the last file, then
    /// the first), its partner beside it; both may start anywhere on the rank (Chess960).
    CastlingTo([Spanned<String>; 2]),
    /// `castling safe royal-only`: only a royal castler must not castle out of, through or
    /// into attack.
    CastlingSafeRoyalOnly,
    /// `castling wins [first|second] [king-side|queen-side]` (Fairy-Stockfish's
    /// `castlingWins`): a player who castles on the wing wins, and one who can no longer castle
    /// there loses. Without a side both players'; without a wing both wings (`king_side`: the
    /// wing towards the last file).
    CastlingWins {
        side: Option<Spanned<Side>>,
        king_side: Option<Spanned<bool>>,
    },
    /// `castling opposite-wings` (Fairy-Stockfish's `oppositeCastling`): once a player castles
    /// on a wing, the other may no longer castle on that wing.
    CastlingOppositeWings,
    /// `gating SQUARES [only]`: a piece leaving one of these squares for the first time may
    /// bring a piece from its side's hand onto it; `only`: pieces in hand are never dropped.
    Gating {
        squares: Vec<SquareItem>,
        only: bool,
    },
    /// `drop not-stuck`: no drop where the piece could never move again.
    DropNotStuck,
    /// `drop one-per-file IDS`: at most one of these pieces of a side per file.
    DropOnePerFile(Vec<Spanned<String>>),
    /// `drop per-file N IDS`: at most `N` of these pieces of a side per file.
    DropPerFile {
        limit: Spanned<u32>,
        pieces: Vec<Spanned<String>>,
    },
    /// `drop no-mate IDS`: a drop of one of these that checkmates loses.
    DropNoMate(Vec<Spanned<String>>),
    /// `drop never IDS`: pieces of these types are never dropped; they stay in hand.
    DropNever(Vec<Spanned<String>>),
    /// `drop no-check`: no drop may give check (Fairy-Stockfish's `dropChecks = false`).
    DropNoCheck,
    /// `drop compulsory [IDS]`: while a side holds one of these pieces (any without IDS) in
    /// hand and can drop one, its only legal moves are such drops.
    DropCompulsory(Vec<Spanned<String>>),
    /// `drop unmoved [first|second] IDS SQUARES`: a piece of these dropped on one of the
    /// squares counts as never moved (it may castle). Without a side both players', the squares
    /// the first player's (rotated for the second); with one, that player's as written.
    DropUnmoved {
        side: Option<Spanned<Side>>,
        pieces: Vec<Spanned<String>>,
        squares: Vec<SquareItem>,
    },
    /// `drop enclosing [start SQUARES]`: a drop must enclose an enemy piece; while one of the
    /// start squares is empty, drops go only there.
    DropEnclosing(Vec<SquareItem>),
    /// `drop enters top|any-side`: a drop enters at an edge and slides to the last empty square
    /// before a piece or the far edge (Connect Four).
    DropEnters(Spanned<DropEdge>),
    /// `flip enclosed`: enemy pieces enclosed by a move change sides (Reversi).
    FlipEnclosed,
    /// `draw full-board`: the game ends drawn (or by `tiebreak`) once no square is empty.
    DrawFullBoard,
    /// `drop opposite-colours IDS`: a side's pieces of each of these types are split as evenly
    /// as they can be over the two square colours: no drop leaves that impossible.
    DropOppositeColours(Vec<Spanned<String>>),
    /// `drop zone [first|second] IDS SQUARES`: these pieces drop only on these squares; with
    /// a side, that player's drops alone.
    DropZone {
        side: Option<Spanned<Side>>,
        pieces: Vec<Spanned<String>>,
        squares: Vec<SquareItem>,
    },
    /// `promotion captured-only`: a piece may promote only into a type its side has lost
    /// (fewer on the board and in its hand than the setup gives it); a move that must promote
    /// and has no such type left cannot be played.
    PromotionCapturedOnly,
    /// `promotion flip`: a promoted piece turns back into the piece it promoted from on a move
    /// that fires a trigger (Kyoto Shogi's two-sided pieces).
    PromotionFlip,
    /// `promotion limit IDS N, ...`: a piece promotes into one of `IDS` only while its side
    /// has fewer than `N` of them, counted together, on the board.
    PromotionLimit(Vec<(Vec<Spanned<String>>, Spanned<u32>)>),
    /// `drop promoted`: a piece in hand may also be dropped as its promoted form.
    DropPromoted,
    /// `repeat illegal|loses [except-evasion] [except-no-new-attack]`: a move that recreates
    /// an earlier position (same side to move) is illegal, or loses for its maker.
    Repeat {
        outcome: Spanned<RepeatOutcome>,
        exceptions: Vec<Spanned<RepeatException>>,
    },
    /// `perpetual-attack loses` (true) or `perpetual-attack draws` (false).
    PerpetualAttack(Spanned<bool>),
    /// `counting board-honour N [up-to M] [unblocked]`: once counting runs, a draw after N
    /// moves; `up-to`: only while the counting side has at most M pieces; `unblocked`: the
    /// `without` pieces do not stop it.
    CountingBoard {
        moves: Spanned<u32>,
        up_to: Option<Spanned<u32>>,
        unblocked: bool,
    },
    /// `first-move IDS not-in-check`: these pieces make no never-moved move (XBetza `i`)
    /// while their side is in check.
    FirstMoveNotInCheck(Vec<Spanned<String>>),
    /// `first-move IDS lost-when-aimed IDS`: a never-moved piece of the first IDS counts as
    /// moved once an enemy of the second IDS ends a move aiming at it.
    FirstMoveLostWhenAimed {
        pieces: Vec<Spanned<String>>,
        aimers: Vec<Spanned<String>>,
    },
    /// `counting pieces-honour IDS N, ..., else N`: the count of a side left with its royal
    /// alone, by the first entry whose pieces the other side has.
    CountingPieces {
        entries: Vec<HonourEntry>,
        default: Option<Spanned<u32>>,
    },
    /// `counting without IDS`: counting runs only while none of these is on the board.
    CountingWithout(Vec<Spanned<String>>),
    /// `counting from-zero`: every count starts at 0, when the counting side is to move.
    CountingFromZero,
    /// `facing-royals forbidden`: royals may not face each other on an open file;
    /// `facing-royals must-break` (`must_break`): they may, but the side to move must then
    /// break the line or pass.
    FacingRoyals {
        must_break: bool,
    },
    /// `weight TERM N`: the engine's evaluation weight `N` for the term `TERM`
    /// (signed, centipawns per unit of the term).
    Weight {
        term: Spanned<String>,
        weight: Spanned<i32>,
    },
    /// `remove KIND`: drops the clauses of kind `KIND` inherited through `extends`.
    Remove(Spanned<String>),
    /// A line whose first word is no clause keyword; the compiler reports it.
    Unknown,
}

/// Every clause kind a `remove KIND` line may name.
pub const CLAUSE_KINDS: &[&str] = &[
    "promotion zone",
    "promotion on",
    "promotion kind",
    "promotion forced-when-stuck",
    "promotion forced",
    "royal",
    "win",
    "check",
    "check forbidden",
    "check royal-captures-only",
    "check wins",
    "captures compulsory",
    "no-pieces",
    "explode",
    "petrify",
    "drop no-check",
    "extinction",
    "tiebreak",
    "checkmate",
    "goal",
    "wall",
    "burn",
    "freeze",
    "anti-trade",
    "jump-rank",
    "pass forbidden",
    "pass only",
    "pass not-after-pass",
    "pass twice-ends",
    "pass anytime",
    "pass first-passer-deviates",
    "stalemate",
    "draw repetition",
    "draw moves",
    "draw bare-royal",
    "bare-royal",
    "perpetual-check",
    "captures",
    "drop not-stuck",
    "drop one-per-file",
    "castling with",
    "castling to",
    "castling safe",
    "drop per-file",
    "drop no-mate",
    "drop never",
    "drop zone",
    "facing-royals",
    "promotion captured-only",
    "promotion flip",
    "promotion limit",
    "drop promoted",
    "repeat",
    "perpetual-attack",
    "counting board-honour",
    "counting pieces-honour",
    "counting without",
    "counting from-zero",
    "first-move not-in-check",
    "first-move lost-when-aimed",
    "weight",
];

/// The clause kind a `remove` line names, accepting the clause's own words
/// (`promotion optional` is the kind `promotion kind`, `check last-royal-only` is `check`).
pub fn clause_kind(words: &str) -> Option<&'static str> {
    let words = words.split_whitespace().collect::<Vec<_>>().join(" ");
    let alias = match words.as_str() {
        "promotion optional" | "promotion mandatory" | "promotion automatic" => "promotion kind",
        "check last-royal-only" | "check duple" => "check",
        "repetition" => "draw repetition",
        "facing-royals forbidden" | "facing-royals must-break" => "facing-royals",
        "captures to-hand" | "captures to-hand as-is" => "captures",
        "castling safe royal-only" => "castling safe",
        other => other,
    };
    CLAUSE_KINDS.iter().find(|k| **k == alias).copied()
}

impl ClauseKind {
    /// What a child file's clause replaces in its parent: clauses with equal keys.
    // long: a table, one arm per clause kind.
    pub fn key(&self) -> &'static str {
        match self {
            ClauseKind::PromotionZone { .. } => "promotion zone",
            ClauseKind::PromotionOn(_) => "promotion on",
            ClauseKind::PromotionKind(_) => "promotion kind",
            ClauseKind::PromotionForcedWhenStuck => "promotion forced-when-stuck",
            ClauseKind::PromotionForced { .. } => "promotion forced",
            ClauseKind::Royal(_) => "royal",
            ClauseKind::Win(_) => "win",
            ClauseKind::CheckLastRoyalOnly | ClauseKind::CheckDuple => "check",
            ClauseKind::CheckForbidden => "check forbidden",
            ClauseKind::CheckRoyalCapturesOnly => "check royal-captures-only",
            ClauseKind::CheckWins(_) => "check wins",
            ClauseKind::CapturesCompulsory => "captures compulsory",
            ClauseKind::NoPieces(_) => "no-pieces",
            // One repetition rule: drawn or scored.
            ClauseKind::Repetition { .. } => "draw repetition",
            ClauseKind::Extinction { .. } => "extinction",
            ClauseKind::Tiebreak(_) => "tiebreak",
            ClauseKind::CheckmateScore(_) => "checkmate",
            ClauseKind::StalemateByCount(_) => "stalemate",
            ClauseKind::Goal { .. } => "goal",
            ClauseKind::Wall { .. } => "wall",
            ClauseKind::Burn { .. } => "burn",
            ClauseKind::Freeze { .. } => "freeze",
            ClauseKind::Explode(_) => "explode",
            ClauseKind::Petrify(_) => "petrify",
            ClauseKind::AntiTrade(_) => "anti-trade",
            ClauseKind::JumpRank(_) => "jump-rank",
            ClauseKind::Pass(PassRule::Forbidden) => "pass forbidden",
            ClauseKind::Pass(PassRule::Only(_)) => "pass only",
            ClauseKind::Pass(PassRule::NotAfterPass) => "pass not-after-pass",
            ClauseKind::Pass(PassRule::TwiceEnds) => "pass twice-ends",
            ClauseKind::Pass(PassRule::Anytime(_)) => "pass anytime",
            ClauseKind::Pass(PassRule::FirstPasserDeviates) => "pass first-passer-deviates",
            ClauseKind::Pass(PassRule::WhenStuck) => "pass when-stuck",
            ClauseKind::Stalemate(_) => "stalemate",
            ClauseKind::DrawRepetition(_) => "draw repetition",
            ClauseKind::DrawMoves { .. } => "draw moves",
            ClauseKind::DrawBareRoyal { .. } => "draw bare-royal",
            ClauseKind::BareRoyalLoses => "bare-royal",
            ClauseKind::PerpetualCheck(_) => "perpetual-check",
            ClauseKind::CapturesToHand { .. } => "captures",
            ClauseKind::Gating { .. } => "gating",
            ClauseKind::DropNotStuck => "drop not-stuck",
            ClauseKind::DropOnePerFile(_) => "drop one-per-file",
            ClauseKind::CastlingWith(_) => "castling with",
            ClauseKind::CastlingTo(_) => "castling to",
            ClauseKind::CastlingSafeRoyalOnly => "castling safe",
            ClauseKind::CastlingWins { .. } => "castling wins",
            ClauseKind::CastlingOppositeWings => "castling opposite-wings",
            ClauseKind::DropPerFile { .. } => "drop per-file",
            ClauseKind::DropNoMate(_) => "drop no-mate",
            ClauseKind::DropNever(_) => "drop never",
            ClauseKind::DropNoCheck => "drop no-check",
            ClauseKind::DropZone { .. } => "drop zone",
            ClauseKind::DropCompulsory(_) => "drop compulsory",
            ClauseKind::DropUnmoved { .. } => "drop unmoved",
            ClauseKind::DropEnclosing(_) => "drop enclosing",
            ClauseKind::DropEnters(_) => "drop enters",
            ClauseKind::FlipEnclosed => "flip enclosed",
            ClauseKind::DrawFullBoard => "draw full-board",
            ClauseKind::DropOppositeColours(_) => "drop opposite-colours",
            ClauseKind::PromotionCapturedOnly => "promotion captured-only",
            ClauseKind::PromotionFlip => "promotion flip",
            ClauseKind::PromotionLimit(_) => "promotion limit",
            ClauseKind::DropPromoted => "drop promoted",
            ClauseKind::Repeat { .. } => "repeat",
            ClauseKind::PerpetualAttack(_) => "perpetual-attack",
            ClauseKind::CountingBoard { .. } => "counting board-honour",
            ClauseKind::FirstMoveNotInCheck(_) => "first-move not-in-check",
            ClauseKind::FirstMoveLostWhenAimed { .. } => "first-move lost-when-aimed",
            ClauseKind::CountingPieces { .. } => "counting pieces-honour",
            ClauseKind::CountingWithout(_) => "counting without",
            ClauseKind::CountingFromZero => "counting from-zero",
            ClauseKind::FacingRoyals { .. } => "facing-royals",
            ClauseKind::Weight { .. } => "weight",
            ClauseKind::Remove(_) => "remove",
            ClauseKind::Unknown => "unknown",
        }
    }

    /// Whether several clauses of this kind may appear in one file (they add up).
    pub fn repeatable(&self) -> bool {
        matches!(
            self,
            ClauseKind::PromotionForced { .. }
                | ClauseKind::Burn { .. }
                | ClauseKind::Freeze { .. }
                | ClauseKind::AntiTrade(_)
                | ClauseKind::Royal(_)
                | ClauseKind::Extinction { .. }
                | ClauseKind::DropOnePerFile(_)
                | ClauseKind::FirstMoveNotInCheck(_)
                | ClauseKind::FirstMoveLostWhenAimed { .. }
                | ClauseKind::DropPerFile { .. }
                | ClauseKind::DropNoMate(_)
                | ClauseKind::DropNever(_)
                | ClauseKind::DropZone { .. }
                | ClauseKind::PromotionZone { .. }
                | ClauseKind::DropUnmoved { .. }
                | ClauseKind::DropOppositeColours(_)
                | ClauseKind::Goal { .. }
                | ClauseKind::CastlingWins { .. }
                | ClauseKind::Weight { .. }
                | ClauseKind::Remove(_)
                | ClauseKind::Unknown
        )
    }
}

/// Where `wall` puts the blocker each move places.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WallKind {
    /// `moving`: the one blocker moves to another empty square (Duck chess).
    Moving,
    /// `anywhere`: a new blocker on any empty square (Isolation).
    Anywhere,
    /// `shot`: a new blocker on a square the moved piece could move to from where it ended
    /// (Amazons).
    Shot,
    /// `edge`: a new blocker on an edge square or beside a blocker (Atlantis).
    Edge,
}

/// What `repeat` does to a move that recreates an earlier position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RepeatOutcome {
    Illegal,
    Loses,
}

/// Moves a `repeat` clause lets repeat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RepeatException {
    /// `except-evasion`: a move made while in check.
    Evasion,
    /// `except-no-new-attack`: a move after which the mover attacks no enemy piece it did not
    /// attack before.
    NoNewAttack,
}

/// One entry of `counting pieces-honour`: the other side has these pieces (an ID given twice
/// means two of them), the count is `moves`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HonourEntry {
    pub span: Span,
    pub pieces: Vec<Spanned<String>>,
    pub moves: Spanned<u32>,
}

/// `promotion zone N` or `promotion zone SQUARES`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Zone {
    Depth(Spanned<u32>),
    Squares(Vec<SquareItem>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Trigger {
    Enter,
    Leave,
    Inside,
    StartOrEnd,
    CaptureInZone,
    CaptureFromZone,
    CaptureInsideZone,
    MidMove,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PromotionKind {
    Optional,
    Mandatory,
    Automatic,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinKind {
    Extinction,
    Checkmate,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Area {
    King,
    Diagonal,
    Orthogonal,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BurnOption {
    Area(Area),
    All,
    Choose(Spanned<u32>),
    Active,
    Passive,
    Immune(Vec<Spanned<String>>),
    BurnerMeetsBurner,
    OnPromotion,
}

impl BurnOption {
    /// The option's keyword, for messages about repeated or conflicting options.
    pub fn keyword(&self) -> &'static str {
        match self {
            BurnOption::Area(_) => "area",
            BurnOption::All => "all",
            BurnOption::Choose(_) => "choose",
            BurnOption::Active => "active",
            BurnOption::Passive => "passive",
            BurnOption::Immune(_) => "immune",
            BurnOption::BurnerMeetsBurner => "burner-meets-burner",
            BurnOption::OnPromotion => "on-promotion",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FreezeOption {
    Area(Area),
    Immune(Vec<Spanned<String>>),
}

/// `anti-trade ATTACKERS takes VICTIMS (always | when protected) [options]`
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AntiTrade {
    pub attackers: Vec<Spanned<String>>,
    pub victims: Vec<Spanned<String>>,
    pub when: Spanned<AntiTradeWhen>,
    pub except_adjacent: Option<Span>,
    pub except_bridge: Option<(Span, Vec<Spanned<String>>)>,
    pub counter_strike: Option<Span>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AntiTradeWhen {
    Always,
    Protected,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PassRule {
    Forbidden,
    Only(Vec<Spanned<String>>),
    NotAfterPass,
    /// `pass twice-ends`: two passes in a row end the game, a draw.
    TwiceEnds,
    /// `pass anytime IDS`: these pieces may pass whatever surrounds them.
    Anytime(Vec<Spanned<String>>),
    FirstPasserDeviates,
    /// `pass when-stuck`: a side with no legal move, not in check, passes instead.
    WhenStuck,
}

/// `tiebreak`: who wins a game that would end drawn (Fairy-Stockfish's material counting).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tiebreak {
    /// `tiebreak first|second`: that player wins (draw odds, Armageddon).
    Player(Spanned<Side>),
    /// `tiebreak pieces`: the side with more pieces on the board wins; equal stays a draw.
    Pieces,
    /// `tiebreak material ID N, ... [komi SIDE POINTS]`: the side whose pieces on the board
    /// are worth more wins, `komi` (in half points) added to one side; equal stays a draw.
    Material {
        values: Vec<(Spanned<String>, Spanned<u32>)>,
        komi: Option<(Spanned<Side>, Spanned<u32>)>,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Draws,
    Loses,
    Wins,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResetEvent {
    Capture,
    Promotion,
    Piece(String),
}

/// `row N [ranks] [files] [diagonals] [loses]` of a `goal`: N goal pieces of one side in an
/// unbroken line along the named lines (all three when none is named) win, or lose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoalRow {
    pub length: Spanned<u32>,
    pub lines: Vec<Spanned<RowLine>>,
    /// `loses`: the side that makes the row loses instead (misere Connect Four).
    pub loses: bool,
}

/// Where a `drop enters` comes in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DropEdge {
    /// The top edge (the first player's far rank): it falls down its file.
    Top,
    /// Any of the four edges, along its file or rank.
    AnySide,
}

/// The lines a `goal ... row` runs along.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowLine {
    Ranks,
    Files,
    Diagonals,
}
