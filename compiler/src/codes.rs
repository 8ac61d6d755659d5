//! The stable error codes of `parse`, `lower` and `validate`, each with its one-line meaning.
//!
//! `docs/diagnostics.md` lists the same table; a test keeps the two in step. XBetza codes
//! (`E03..`) belong to the XBetza expander and lint codes to the lints.

/// Syntax: a line does not match its rule.
pub const SYNTAX: &str = "E0001";
/// A line starts with a word that is no keyword of its section.
pub const UNKNOWN_KEYWORD: &str = "E0002";
/// The file is not valid UTF-8.
pub const NOT_UTF8: &str = "E0003";
/// A number is too large.
pub const NUMBER_TOO_LARGE: &str = "E0004";
/// A file cannot be read.
pub const UNREADABLE_FILE: &str = "E0005";
/// An attribute line with no item after it.
pub const DANGLING_ATTRIBUTE: &str = "E0006";

/// The file has no `variant` line, or it is not the first item.
pub const MISSING_VARIANT: &str = "E0101";
/// A metadata line, section or board line given twice.
pub const DUPLICATE_ITEM: &str = "E0102";
/// No `board` section, in the file or the files it extends.
pub const MISSING_BOARD: &str = "E0103";
/// A piece ID that no piece line defines.
pub const UNKNOWN_PIECE: &str = "E0104";
/// Two piece lines of one file define the same ID.
pub const DUPLICATE_PIECE: &str = "E0105";
/// `extends` names a file that cannot be found.
pub const EXTENDS_NOT_FOUND: &str = "E0106";
/// `extends` comes back to a file already in the chain.
pub const EXTENDS_CYCLE: &str = "E0107";
/// `like` chains that never reach a piece with XBetza moves.
pub const LIKE_CYCLE: &str = "E0108";
/// A rules line whose first word is no clause keyword.
pub const UNKNOWN_CLAUSE: &str = "E0109";
/// No piece type, or more than the runtime can index.
pub const TOO_MANY_PIECES: &str = "E0110";

/// The board is too small or too large.
pub const BAD_BOARD_SIZE: &str = "E0201";
/// `ranks FIRST..LAST` does not number the board's ranks.
pub const BAD_RANK_NUMBERING: &str = "E0202";
/// A square outside the board.
pub const SQUARE_OFF_BOARD: &str = "E0203";
/// A square on a hole.
pub const SQUARE_ON_HOLE: &str = "E0204";
/// An `extra` square inside the rectangle, or a hole outside it.
pub const MISPLACED_BOARD_SQUARE: &str = "E0205";
/// A `square` line whose name is taken or that names a square twice.
pub const DUPLICATE_SQUARE_NAME: &str = "E0206";

/// Two pieces on one square at the start.
pub const SQUARE_TAKEN: &str = "E0401";
/// A side starts without any royal piece.
pub const ROYAL_NOT_IN_SETUP: &str = "E0402";
/// `first`/`second` blocks that do not match the setup's symmetry.
pub const BAD_SETUP_SIDES: &str = "E0403";
/// A `shuffle` line that does not fit its setup: no symmetry, squares that do not hold exactly
/// the groups' pieces, a colour group after one without colour, or a second `shuffle`.
pub const BAD_SHUFFLE: &str = "E0404";

/// A promoted form that promotes again.
pub const PROMOTES_TWICE: &str = "E0501";
/// A piece that promotes to itself.
pub const PROMOTES_TO_ITSELF: &str = "E0502";

/// A piece in two entries of `promotion limit`.
pub const LIMIT_TWICE: &str = "E0808";

/// A rules clause given twice in one file.
pub const DUPLICATE_CLAUSE: &str = "E0601";
/// A clause parameter out of range.
pub const BAD_PARAMETER: &str = "E0602";
/// Clause options that contradict each other or repeat.
pub const CONFLICTING_OPTIONS: &str = "E0603";
/// `check last-royal-only`, `check duple` or `checkmate` without `win checkmate`.
pub const CHECK_WITHOUT_CHECKMATE: &str = "E0604";
/// A piece listed twice in `jump-rank`.
pub const DUPLICATE_JUMP_RANK: &str = "E0605";
/// `pass forbidden` together with `pass only`.
pub const CONFLICTING_PASS: &str = "E0606";
/// `promotion forced` names a piece that never promotes.
pub const FORCED_WITHOUT_PROMOTION: &str = "E0607";
// E0608 (`explode` together with `captures to-hand`) is retired: each exploded piece now goes
// to its owner's opponent's hand, as in Fairy-Stockfish (docs/rules.md, "Atomic explosions").
/// `petrify` together with `wall moving`.
pub const PETRIFY_MOVING_WALL: &str = "E0812";
/// `drop enters` together with `drop enclosing`: each says alone where a drop may go.
pub const ENTERS_AND_ENCLOSING: &str = "E0809";
/// A setup with two `to-move` lines: the start position has one player to move.
pub const TO_MOVE_TWICE: &str = "E0810";

/// A region name that no `region` line defines.
pub const UNKNOWN_REGION: &str = "E0801";
/// Two `region` lines define the same name.
pub const DUPLICATE_REGION: &str = "E0802";
/// A region without a single square of the board.
pub const EMPTY_REGION: &str = "E0803";
/// A confined piece with a multi-leg move whose legs ride or hop (its squares depend on the
/// position, so the region cannot be checked when the tables are built).
pub const UNCONFINABLE_MOVE: &str = "E0804";
/// A castling atom (`O`) among a piece's `in REGION` moves, which never castle (castling is a
/// move of the piece's own XBetza).
pub const CASTLING_IN_REGION: &str = "E0805";
/// `castling wins` in a game where no piece castles (its player would lose at once).
pub const CASTLING_WINS_WITHOUT_CASTLER: &str = "E0806";
/// A piece named by `drop never` and by a `drop zone`, which would let it drop after all.
pub const NEVER_DROPPED_IN_ZONE: &str = "E0807";

/// `counting board-honour N up-to M` with `M` below 2: a side with its royal alone never
/// counts by the board's honour.
pub const BOARD_HONOUR_UP_TO: &str = "E0815";
/// `first-move` names a piece without a never-moved move (XBetza `i` on a first leg).
pub const FIRST_MOVE_WITHOUT_INITIAL: &str = "E0816";
/// `first-move ... lost-when-aimed` names an aimer without a one-leg capturing move.
pub const AIMER_WITHOUT_CAPTURE: &str = "E0817";

/// A variant the runtime cannot play exactly: it exceeds one of its capacities
/// (`koma_runtime::limits`), named in the message.
pub const EXCEEDS_CAPACITY: &str = "E0701";

/// Every code with its one-line meaning, in order.
pub const ALL: &[(&str, &str)] = &[
    (
        SYNTAX,
        "a line does not match its rule; the message says what was expected",
    ),
    (
        UNKNOWN_KEYWORD,
        "a line starts with a word that is no keyword of its section",
    ),
    (NOT_UTF8, "the file is not valid UTF-8"),
    (NUMBER_TOO_LARGE, "a number is too large"),
    (UNREADABLE_FILE, "a file cannot be read"),
    (
        DANGLING_ATTRIBUTE,
        "an attribute line is not followed by an item",
    ),
    (
        MISSING_VARIANT,
        "the file does not start with `variant \"NAME\"`",
    ),
    (
        DUPLICATE_ITEM,
        "a metadata line, section or board line is given twice",
    ),
    (
        MISSING_BOARD,
        "no `board` section, in the file or the files it extends",
    ),
    (
        UNKNOWN_PIECE,
        "a piece ID (in setup, rules, `promotes`, `like` or `remove`) that no piece defines",
    ),
    (
        DUPLICATE_PIECE,
        "two piece lines of one file define the same ID",
    ),
    (
        EXTENDS_NOT_FOUND,
        "`extends` names a file that cannot be found",
    ),
    (
        EXTENDS_CYCLE,
        "`extends` leads back to a file already in the chain",
    ),
    (
        LIKE_CYCLE,
        "`like` chains that never reach a piece with XBetza moves",
    ),
    (
        UNKNOWN_CLAUSE,
        "a rules line starts with an unknown clause name",
    ),
    (
        TOO_MANY_PIECES,
        "no piece types, or more than the runtime holds",
    ),
    (
        BAD_BOARD_SIZE,
        "the board has no squares, or more files or ranks than the runtime holds",
    ),
    (
        BAD_RANK_NUMBERING,
        "`ranks FIRST..LAST` does not number the board's ranks",
    ),
    (SQUARE_OFF_BOARD, "a square outside the board"),
    (SQUARE_ON_HOLE, "a square on a hole of the board"),
    (
        MISPLACED_BOARD_SQUARE,
        "an `extra` square inside the rectangle, or a hole outside it",
    ),
    (
        DUPLICATE_SQUARE_NAME,
        "a `square` name that another square already has",
    ),
    (SQUARE_TAKEN, "two pieces start on the same square"),
    (ROYAL_NOT_IN_SETUP, "a side starts without any royal piece"),
    (
        BAD_SETUP_SIDES,
        "`first`/`second` blocks that do not match the setup's symmetry",
    ),
    (BAD_SHUFFLE, "a `shuffle` line that does not fit its setup"),
    (
        PROMOTES_TWICE,
        "a promoted form promotes again (a piece promotes at most once)",
    ),
    (PROMOTES_TO_ITSELF, "a piece promotes to itself"),
    (
        DUPLICATE_CLAUSE,
        "a rules clause is given twice in one file",
    ),
    (
        BAD_PARAMETER,
        "a clause parameter is out of range (zone depth, counts, ranks)",
    ),
    (
        CONFLICTING_OPTIONS,
        "clause options contradict each other or repeat",
    ),
    (
        CHECK_WITHOUT_CHECKMATE,
        "`check last-royal-only`, `check duple` or `checkmate` without `win checkmate`",
    ),
    (
        DUPLICATE_JUMP_RANK,
        "a piece is listed twice in `jump-rank`",
    ),
    (
        CONFLICTING_PASS,
        "`pass forbidden` together with `pass only`",
    ),
    (
        FORCED_WITHOUT_PROMOTION,
        "`promotion forced` names a piece that never promotes",
    ),
    (
        PETRIFY_MOVING_WALL,
        "`petrify` together with `wall moving` (petrified pieces are walls too)",
    ),
    (
        ENTERS_AND_ENCLOSING,
        "`drop enters` together with `drop enclosing`",
    ),
    (TO_MOVE_TWICE, "a setup says `to-move` twice"),
    (
        UNKNOWN_REGION,
        "a region name that no `region` line defines",
    ),
    (DUPLICATE_REGION, "two `region` lines define the same name"),
    (EMPTY_REGION, "a region without a square of the board"),
    (
        UNCONFINABLE_MOVE,
        "a confined piece with a multi-leg move whose legs ride or hop",
    ),
    (
        CASTLING_WINS_WITHOUT_CASTLER,
        "`castling wins` in a game where no piece castles",
    ),
    (
        CASTLING_IN_REGION,
        "a castling atom (`O`) among a piece's `in REGION` moves",
    ),
    (
        LIMIT_TWICE,
        "a piece is in two entries of `promotion limit`",
    ),
    (
        BOARD_HONOUR_UP_TO,
        "`counting board-honour N up-to M` with `M` below 2",
    ),
    (
        FIRST_MOVE_WITHOUT_INITIAL,
        "`first-move` names a piece without a never-moved move (XBetza `i`)",
    ),
    (
        AIMER_WITHOUT_CAPTURE,
        "`first-move ... lost-when-aimed` names an aimer without a one-leg capturing move",
    ),
    (
        EXCEEDS_CAPACITY,
        "the variant exceeds a capacity of the runtime (board, paths, routes, captures, royals)",
    ),
];

/// The one-line meaning of `code`, if it is one of these.
pub fn describe(code: &str) -> Option<&'static str> {
    ALL.iter().find(|(c, _)| *c == code).map(|(_, d)| *d)
}
