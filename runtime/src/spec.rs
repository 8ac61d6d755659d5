//! The variant specification: the plain-data contract between the compiler and the runtime.
//!
//! The compiler lowers a `.koma` file into a [`VariantSpec`]; the runtime builds its move tables
//! from it ([`crate::tables`]) and `koma compile` serialises it. Everything here is validated data:
//! names are resolved to indices, XBetza is expanded into [`PathTemplate`]s, rules are parameters.
//! Moves are written for the first player (moving "up", +y); the runtime rotates them 180 degrees
//! for the second player.

/// Index of a piece type in [`VariantSpec::pieces`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PieceType(pub u16);

/// A grid coordinate: `x` = file (0 = `a`), `y` = row of the grid (0 = bottom row of the grid).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Coord {
    /// File, 0 = the grid's first column.
    pub x: u8,
    /// Row, 0 = the grid's bottom row.
    pub y: u8,
}

/// A whole variant, ready to be turned into tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantSpec {
    /// The variant's name (`variant "..."`).
    pub name: String,
    /// The board's grid and squares.
    pub board: BoardSpec,
    /// Piece types; a [`PieceType`] indexes this list.
    pub pieces: Vec<PieceSpec>,
    /// Start position, or `None` when the variant ships no setup (Kyou Shogi).
    pub setup: Option<Vec<Placement>>,
    /// The rules section, as parameters.
    pub rules: RulesSpec,
}

impl VariantSpec {
    /// The spec with the demotions `promotion flip` implies written out as promotion choices:
    /// a piece that promotes to nothing and is the promotion choice of exactly one piece
    /// promotes back into that piece. Without `flip`, or applied twice, nothing changes.
    ///
    /// ```
    /// # use koma_runtime::spec::{BoardSpec, PieceSpec, PieceType, VariantSpec};
    /// # fn piece(id: &str, promotions: Vec<PieceType>) -> PieceSpec {
    /// #     PieceSpec { id: id.into(), name: id.into(), betza: "W".into(), paths: vec![],
    /// #         castling: vec![], royal: false, promotions, value: None }
    /// # }
    /// # let board = BoardSpec { width: 1, height: 2, first_rank: 1, first_file: 0,
    /// #     names: vec![], real: vec![true; 2], vanishing: vec![] };
    /// let mut spec = VariantSpec {
    ///     name: "Flip".into(),
    ///     board,
    ///     pieces: vec![piece("P", vec![PieceType(1)]), piece("+P", vec![])],
    ///     setup: None,
    ///     rules: Default::default(),
    /// };
    /// spec.rules.promotion.flip = true;
    /// let spec = spec.with_flips();
    /// assert_eq!(spec.pieces[1].promotions, vec![PieceType(0)]);
    /// ```
    pub fn with_flips(mut self) -> VariantSpec {
        if !self.rules.promotion.flip {
            return self;
        }
        let n = self.pieces.len();
        for t in 0..n {
            if !self.pieces[t].promotions.is_empty() {
                continue;
            }
            let mut origins = (0..n).filter(|&o| {
                o != t
                    && self.pieces[o]
                        .promotions
                        .iter()
                        .any(|q| usize::from(q.0) == t)
            });
            if let (Some(origin), None) = (origins.next(), origins.next()) {
                self.pieces[t].promotions = vec![PieceType(origin as u16)];
            }
        }
        self
    }

    /// The promotion choices of `player`'s pieces of type `ty`: the piece's own, or the
    /// second player's where the rules give them apart (`promotes second ...`).
    pub fn promotions_of(&self, ty: PieceType, player: Player) -> &[PieceType] {
        let second = self.rules.promotion.second_choices.iter();
        let own = second
            .filter(|_| player == Player::Second)
            .find(|(t, _)| *t == ty);
        match own {
            Some((_, choices)) => choices,
            None => self
                .pieces
                .get(usize::from(ty.0))
                .map_or(&[], |p| &p.promotions),
        }
    }
}

/// The board: a `width` x `height` grid of which only the `real` squares exist.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardSpec {
    /// Grid columns.
    pub width: u8,
    /// Grid rows.
    pub height: u8,
    /// Rank number printed for grid row 0 (1 for most games, 0 for Minjiku's brouhaha rows).
    pub first_rank: i16,
    /// File number (`a` = 0) of grid column 0: negative when the grid reaches left of file `a`
    /// (Omega Chess's wizard squares).
    pub first_file: i16,
    /// Squares named explicitly (`w1`) instead of by file and rank.
    pub names: Vec<(Coord, String)>,
    /// Row-major (`y * width + x`), true where a square exists (holes and the grid corners
    /// around extra squares are false).
    pub real: Vec<bool>,
    /// Squares that disappear for good once the piece standing on them leaves.
    pub vanishing: Vec<Coord>,
}

/// One piece type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceSpec {
    /// One or more letters, `+X` for a promoted form: `P`, `FD`, `+CS`.
    pub id: String,
    /// The piece's full name.
    pub name: String,
    /// The XBetza text the moves came from (for diagrams and error messages).
    pub betza: String,
    /// Every expanded path, for the first player.
    pub paths: Vec<PathTemplate>,
    /// Castling moves (from XBetza `O`), for the first player.
    pub castling: Vec<CastlingSpec>,
    /// Losing it counts for the win condition ([`RoyalSpec`]).
    pub royal: bool,
    /// Promotion choices (empty: never promotes).
    pub promotions: Vec<PieceType>,
    /// The designer's value in centipawns (the engine estimates one when `None`).
    pub value: Option<u32>,
}

/// One way a piece can move: a sequence of legs walked square by square (XBetza `a` legs).
/// Directions are absolute (the compiler already resolved relative continuation directions).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PathTemplate {
    /// The legs walked one after the other.
    pub legs: Vec<Leg>,
}

/// One leg of a path: repeated steps of `(dx, dy)`, up to `range` of them (0 = unlimited).
///
/// Walking semantics (docs/xbetza.md, "Modes" and "Multi-leg moves"):
/// - A leg visits the squares `from + k * (dx, dy)` for `k = 1..=range`; it ends at the first
///   occupied square, or earlier on any empty square its modes allow it to stop on.
/// - A *non-final* leg may hand over to the next leg on an empty square (`MOVE`), on an enemy it
///   removes (`CAPTURE`: locust capture), on a friend it removes (`DESTROY`), or on any piece it
///   jumps (`HOP`: the piece stays, the next leg starts on its square).
/// - The *final* leg's stopping square is the destination: empty needs `MOVE`, enemy needs
///   `CAPTURE` (or `ROYAL_CAPTURE` for a royal victim), friend needs `DESTROY`.
/// - A final-leg `HOP` (XBetza `p` on one leg) slides to the first piece, jumps it and goes on
///   in the same line with the remaining range; `toggle_after_hop` (XBetza `g`) instead lands
///   exactly one step beyond a slider's hurdle.
/// - The origin square counts as empty for every leg after the first.
/// - Pieces removed by earlier legs (locust captures) stay on the board until the move
///   completes: later legs see them as occupied; a square captured twice is one capture.
/// - The compiler (`koma_compiler::xbetza`) never emits `HOP` or `GRASSHOP` on a final leg: it
///   writes `pR` as a hop leg followed by a straight leg, and resolves `g`/`y` range toggles
///   into each leg's `range`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Leg {
    /// Step along files, for the first player.
    pub dx: i8,
    /// Step along rows, for the first player (+1 = forwards).
    pub dy: i8,
    /// Maximum number of steps; 0 = unlimited.
    pub range: u8,
    /// What the leg may do where it stops or hands over.
    pub modes: Modes,
}

/// Leg mode flags (XBetza mode letters), a bit set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Modes(pub u32);

impl Modes {
    /// `m`: may stop on / continue from an empty square.
    pub const MOVE: Modes = Modes(1);
    /// `c`: may capture an enemy.
    pub const CAPTURE: Modes = Modes(1 << 1);
    /// `d`: may capture a friend.
    pub const DESTROY: Modes = Modes(1 << 2);
    /// `k`: may capture an enemy royal only.
    pub const ROYAL_CAPTURE: Modes = Modes(1 << 3);
    /// `e`: may move to an en-passant square, capturing the piece that created it.
    pub const EN_PASSANT: Modes = Modes(1 << 4);
    /// `p`: jumps the first piece on its line (hopper).
    pub const HOP: Modes = Modes(1 << 5);
    /// `g`: as `HOP`, then the range toggles (slider lands right behind the hurdle).
    pub const GRASSHOP: Modes = Modes(1 << 6);
    /// `n` on a leap longer than one step: lame, every square passed over must be empty.
    pub const LAME: Modes = Modes(1 << 7);
    /// `j` on a leap: must jump, the passed-over square must be occupied. On a slider: ski,
    /// the first square is skipped whatever is on it and the leg cannot stop there.
    pub const JUMP: Modes = Modes(1 << 8);
    /// `i` on a first leg: only while the piece has never moved.
    pub const INITIAL: Modes = Modes(1 << 9);
    /// `i` on a later leg: exactly as many steps as the previous leg.
    pub const ISO: Modes = Modes(1 << 10);
    /// `u`: the move's victim reappears on this leg's start square.
    pub const UNLOAD: Modes = Modes(1 << 11);
    /// The squares this leg passes over (not its stopping square) become en-passant squares.
    pub const CREATES_EP: Modes = Modes(1 << 12);
    /// `o`: wraps around the left and right edges (cylinder).
    pub const CYLINDER: Modes = Modes(1 << 13);
    /// `oo`: also wraps around the top and bottom edges (torus; always with `CYLINDER`).
    pub const TORUS: Modes = Modes(1 << 14);
    /// XBetza range `*` (pawn push): the leg's range is the number of steps up to the last
    /// rank of the mover's own half, `max(1, ranks / 2 - y - 1)` for a mover on row `y`
    /// counted from its own side; `range` is 0 on such legs.
    pub const HALF_BOARD: Modes = Modes(1 << 15);

    /// Whether every flag of `other` is set.
    pub const fn contains(self, other: Modes) -> bool {
        self.0 & other.0 == other.0
    }
    /// Whether any flag of `other` is set.
    pub const fn intersects(self, other: Modes) -> bool {
        self.0 & other.0 != 0
    }
    /// Both sets' flags.
    pub const fn union(self, other: Modes) -> Modes {
        Modes(self.0 | other.0)
    }
}

impl std::ops::BitOr for Modes {
    type Output = Modes;
    fn bitor(self, rhs: Modes) -> Modes {
        self.union(rhs)
    }
}

/// XBetza `O<n>`: the king moves `king_steps` squares towards a virgin partner standing at the
/// edge of the rank (or `partner_inside` = next to the corner, XBetza `j`); the partner lands
/// on the square the king passed last. Only from a virgin king, never out of, through or into
/// check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CastlingSpec {
    /// -1 = towards file `a`, +1 = towards the last file.
    pub direction: i8,
    /// Squares the king moves.
    pub king_steps: u8,
    /// The partner stands next to the corner (XBetza `j`), not in it.
    pub partner_inside: bool,
}

/// `shuffle SQUARES GROUPS`: the setup's pieces on SQUARES (the first player's; the second
/// player's follow by the setup's symmetry) may start in any arrangement the groups allow.
/// Arrangements are numbered: each group in turn, the first the least significant digit,
/// takes as many squares as it has pieces out of the free squares of its colour (in square
/// order), the combinations counted in lexicographic order, and puts its pieces on them in
/// the order written. Chess960's `B light, B dark, Q, N N, R K R` is Scharnagl's numbering
/// (518 is the classical array). Groups with a colour come before the others, so that every
/// group's count of choices is the same for every number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShuffleSpec {
    /// The first player's squares, in file order (then rank order).
    pub squares: Vec<Coord>,
    /// The placement steps.
    pub groups: Vec<ShuffleGroup>,
    /// The second player's pieces are rotated (`setup rotate`), else mirrored.
    pub rotate: bool,
}

/// One step of a [`ShuffleSpec`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShuffleGroup {
    /// Its pieces, put on the squares it takes in this order.
    pub pieces: Vec<PieceType>,
    /// `Some(true)`: light squares only, `Some(false)`: dark (a1 is dark); `None`: any.
    pub light: Option<bool>,
}

/// A piece on a square at the start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    /// Whose piece.
    pub player: Player,
    /// Its type.
    pub piece: PieceType,
    /// Where it stands.
    pub at: Coord,
}

/// The two players; `First` moves first (unless the setup says `to-move second`) and sits at
/// the bottom (`w` in FEN; sente).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Player {
    /// Moves first, from the bottom of the board.
    #[default]
    First,
    /// Moves second, from the top.
    Second,
}

/// Every rule the runtime interprets, as parameters.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct RulesSpec {
    /// Promotion zone, triggers and kind.
    pub promotion: PromotionSpec,
    /// Royal pieces and the win condition.
    pub royals: RoyalSpec,
    /// Burning clauses.
    pub burning: Vec<BurnSpec>,
    /// Freezing clauses.
    pub freezing: Vec<FreezeSpec>,
    /// Anti-trade clauses.
    pub anti_trade: Vec<AntiTradeSpec>,
    /// Jump ranks: `jump_rank[piece]`; a hop may not leap a piece of equal or higher rank.
    /// Empty = no hierarchy.
    pub jump_rank: Vec<u8>,
    /// Turn passing.
    pub passing: PassSpec,
    /// Game results: stalemate, repetition, move limits, bare royals.
    pub results: ResultSpec,
    /// Hands and drops.
    pub drops: DropSpec,
    /// Regions and the facing-royals rule.
    pub regions: RegionsSpec,
    /// Modern repetition: a move that recreates an earlier position.
    pub repeat: Option<RepeatSpec>,
    /// Makruk-style counting draws.
    pub counting: Option<CountingSpec>,
    /// The pieces a castler may castle with (`castling with IDS`); empty: whatever piece
    /// stands on the partner square (the edge of the rank, or next to it with XBetza `j`).
    pub castling_partners: Vec<PieceType>,
    /// Goal squares (`goal`): a side that brings one of its goal pieces onto one of its goal
    /// squares wins.
    pub goals: Vec<GoalSpec>,
    /// The designer's evaluation weights (`weight TERM N`), for the engine: a term of
    /// [`EVAL_TERMS`] and its weight; a term not listed keeps the engine's default.
    pub weights: Vec<(String, i32)>,
    /// A side that can capture must (`captures compulsory`: Antichess): while some legal move
    /// removes a piece, the moves that remove none are illegal.
    pub captures_compulsory: bool,
    /// Atomic explosions (`explode`): a move that removes a piece also removes its own mover
    /// and the pieces around its destination.
    pub explosion: Option<ExplodeSpec>,
    /// Petrification (`petrify IDS`): a piece of these types that removes a piece turns into a
    /// wall on its destination (its type before the move promotes it decides). Under `win
    /// checkmate` a royal of these types never captures, so it attacks nothing.
    pub petrify: Vec<PieceType>,
    /// Blockers placed with the moves (`wall`): every move also puts a blocker on an empty
    /// square.
    pub wall: Option<WallSpec>,
    /// `castling to FILE FILE`: the castler lands on these files (towards the last file,
    /// towards the first), the same for both players, its partner beside it on the inner side;
    /// castler and partner may start anywhere on the rank (Chess960, Janus). `None`: the
    /// XBetza `O<n>` distance, with the partner at the edge.
    pub castling_to: Option<[u8; 2]>,
    /// `castling safe royal-only`: only a castler the rules keep out of check (a royal under
    /// `win checkmate`) is barred from castling out of, through or into attack (Fairy-
    /// Stockfish's reading); by default every castler is.
    pub castling_safe_royal_only: bool,
    /// `castling opposite-wings` (Fairy-Stockfish's `oppositeCastling`): a castling bars the
    /// other player's castling on the same wing (its partners there count as moved).
    pub castling_opposite_wings: bool,
    /// `shuffle SQUARES GROUPS` in the setup: start positions drawn from a numbered set.
    pub shuffle: Option<ShuffleSpec>,
    /// `to-move` in the setup: the player to move in the start position (Argess: the second).
    pub start_side: Player,
    /// `flip enclosed`: after a move, the enemy pieces on each straight line from its
    /// destination up to the nearest piece of the mover change sides when that piece is the
    /// mover's and only enemy pieces stand between (Reversi, Fairy-Stockfish's
    /// `flipEnclosedPieces = reversi`).
    pub flip_enclosed: bool,
    /// Conditions on the moves a piece makes while it has never moved (XBetza `i`):
    /// `first-move IDS not-in-check` and `first-move IDS lost-when-aimed IDS`.
    pub first_moves: FirstMoveSpec,
}

/// `first-move` clauses: when the never-moved moves (XBetza `i`) of a piece may be made.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct FirstMoveSpec {
    /// These pieces make no never-moved move while their side is in check (Ouk's King leap).
    pub not_in_check: Vec<PieceType>,
    /// `(target, aimer)`: a never-moved piece of type `target` counts as moved once an enemy
    /// `aimer` ends a move on a square from which one of its one-leg capturing moves would
    /// reach it on an empty board (Ouk: a King a Rook has aimed at loses its leap).
    pub lost_when_aimed: Vec<(PieceType, PieceType)>,
}

impl RulesSpec {
    /// A rule decides whether a move is legal from the other legal moves: a capture
    /// (`captures compulsory`) or a drop (`drop compulsory`) bars the rest while one is legal.
    pub fn compulsory(&self) -> bool {
        self.captures_compulsory || self.drops.must_drop
    }
}

/// `wall KIND [except SQUARES]`: every move (a drop too) ends by putting a blocker (a wall:
/// no piece enters, passes or takes it; leapers jump it) on a square that is empty once the
/// piece has moved, where `kind` says and never on `except`. Fairy-Stockfish's `wallingRule`
/// (its `past` is koma's `vanishing` squares).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WallSpec {
    /// Where the blocker may go.
    pub kind: WallKind,
    /// Squares no blocker may go to, for both players as written.
    pub except: Vec<Coord>,
}

/// Where `wall` puts a move's blocker.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WallKind {
    /// One blocker, moved by every move to an empty square other than its own (Duck chess):
    /// the move lifts every blocker on the board and puts one down.
    Moving,
    /// A new blocker on any empty square; blockers stay (Isolation).
    Anywhere,
    /// A new blocker on an empty square the moved piece could move to (without capturing)
    /// from where it ended (Amazons).
    Shot,
    /// A new blocker on an empty square of the board's outer ranks and files, or orthogonally
    /// beside a blocker (Atlantis).
    Edge,
}

/// `explode`: a move that removes a piece (on its destination, e.p. or on the way) explodes on
/// its destination: the mover and every piece of either side in `area` around the destination
/// are removed too, except pieces of the `immune` types standing around it (the mover always
/// explodes). Under `win checkmate` a move may not explode its own royal, a move that explodes
/// an enemy royal is legal whatever it leaves attacked, and a royal is not attacked while an
/// enemy royal stands in its area (taking it would explode the taker's royal): lichess's and
/// Fairy-Stockfish's Atomic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExplodeSpec {
    /// Neighbour offsets (first player's orientation).
    pub area: Vec<(i8, i8)>,
    /// Pieces that survive an explosion next to them (Atomic's Pawns).
    pub immune: Vec<PieceType>,
}

/// The engine's evaluation terms a `weight` line may name (koma-engine's `eval::Term`, in
/// its order); the compiler checks the names against this list.
pub const EVAL_TERMS: [&str; 10] = [
    "centre",
    "royal-home",
    "promotion",
    "mobility",
    "advance",
    "hand-tempo",
    "royal-attackers",
    "royal-open",
    "hand-threat",
    "royal-shelter",
];

/// `goal`: after a move of `player` (both players when `None`), a piece of `pieces` of that
/// player standing on one of `squares` wins the game for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoalSpec {
    /// `None`: both players, the squares given for the first player (the second player's are
    /// the 180 degree rotation); `Some(p)`: `p` alone, the squares as written.
    pub player: Option<Player>,
    /// The goal pieces.
    pub pieces: Vec<PieceType>,
    /// The goal squares.
    pub squares: Vec<Coord>,
    /// The opponent may answer (Racing Kings): the game goes on while the opponent has a legal
    /// move that reaches one of its own goals, and reaching one with that answer draws.
    pub reply_draws: bool,
    /// How many goal pieces must stand on the squares at once (at least 1).
    pub count: u8,
    /// One goal piece is enough once every goal square is occupied, by either side.
    pub or_filled: bool,
    /// When exactly `count` goal pieces stand there, none may be attacked by the opponent; a
    /// side whose goal holds, unattacked, when its turn comes wins then.
    pub safe: bool,
    /// `hold` (Fairy-Stockfish's `flagMove` for a flag piece other than the King): the goal
    /// wins only if it still holds when its side's turn comes, the opponent having had one
    /// move to break it (Jeson Mor); with `safe`, an arrival none attacks wins at once and one
    /// under attack wins if it still holds, attacked or not, on the side's next turn (Alapo).
    pub hold: bool,
    /// `row`: the goal is `length` goal pieces in an unbroken line instead of the squares
    /// (which are then empty): connect-N, Fairy-Stockfish's `connectN`.
    pub row: Option<RowGoal>,
}

/// `goal IDS row N [ranks] [files] [diagonals] [loses]`: after its move, a side with `length` of
/// its goal pieces on consecutive squares of one line wins (tic-tac-toe, gomoku), or loses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowGoal {
    /// How many in a row (at least 2).
    pub length: u8,
    /// `loses`: the side that makes the row loses instead of winning (misere Connect Four,
    /// Fairy-Stockfish's `connectValue = loss`).
    pub loses: bool,
    /// Along a rank.
    pub ranks: bool,
    /// Along a file.
    pub files: bool,
    /// Along either diagonal.
    pub diagonals: bool,
}

impl RowGoal {
    /// The (files, ranks) steps of the lines a row may run along, one per direction.
    pub fn steps(&self) -> Vec<(i32, i32)> {
        let mut steps = Vec::new();
        if self.ranks {
            steps.push((1, 0));
        }
        if self.files {
            steps.push((0, 1));
        }
        if self.diagonals {
            steps.extend([(1, 1), (1, -1)]);
        }
        steps
    }
}

/// Hands and drops: where captured pieces go, which pieces start in hand, and where a piece in
/// hand may be dropped. A drop puts a piece from the mover's hand on an empty square.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct DropSpec {
    /// Per piece type: what a captured piece of that type becomes in the capturer's hand
    /// (`None`: it goes to no hand). Empty: every captured piece goes to no hand.
    pub to_hand: Vec<Option<PieceType>>,
    /// Pieces in hand at the start, one entry per piece.
    pub start_hand: Vec<(Player, PieceType)>,
    /// No drop on a square from which the piece could never move again (shogi's Pawn, Lance and
    /// Knight on the last ranks).
    pub not_stuck: bool,
    /// No drop may give check (`drop no-check`).
    pub no_check: bool,
    /// At most one of these pieces of a side per file after a drop (shogi's nifu).
    pub one_per_file: Vec<PieceType>,
    /// At most so many of these pieces of a side per file after a drop (Tori Shogi's two
    /// Swallows); `one_per_file` is the limit 1.
    pub per_file: Vec<(PieceType, u8)>,
    /// A drop of one of these that checkmates loses for the dropper (shogi's uchifuzume).
    pub no_mate: Vec<PieceType>,
    /// Pieces that may be dropped only on some squares.
    pub zones: Vec<DropZone>,
    /// A piece in hand may also be dropped as any of its promotion choices (`drop promoted`:
    /// Kyoto Shogi's pieces go down either side up), where the hand piece may be dropped.
    pub promoted: bool,
    /// Gates (`gating`): squares, given for the first player (the second player's are the 180
    /// degree rotation), where a piece leaving for the first time may bring a piece from its
    /// side's hand onto the square it left (Seirawan chess).
    pub gates: Vec<Coord>,
    /// Pieces in hand enter the board only through gates, never by a drop (`gating ... only`).
    pub gates_only: bool,
    /// `drop compulsory`: while the side to move holds a piece of `must_drop_pieces` in hand
    /// (any piece when that is empty), it drops no other piece, and moves no piece while it
    /// can drop one (Fairy-Stockfish's `mustDrop`, `mustDropType`: Placement's setup phase).
    pub must_drop: bool,
    /// The pieces `must_drop` is about; empty: every piece.
    pub must_drop_pieces: Vec<PieceType>,
    /// `drop unmoved`: pieces that count as never moved when dropped on given squares, so
    /// they may castle (Fairy-Stockfish's `castlingDroppedPiece`: Placement).
    pub unmoved: Vec<UnmovedDrop>,
    /// `drop enclosing`: a drop must enclose an enemy piece (it would flip one under
    /// `flip enclosed`; Fairy-Stockfish's `enclosingDrop = reversi`).
    pub enclosing: bool,
    /// With `enclosing`: while one of these squares (the same for both players) is empty,
    /// drops go on them alone (Reversi's opening, `enclosingDropStart`).
    pub enclosing_start: Vec<Coord>,
    /// `drop enters`: a drop comes in at an edge and slides to the last empty square before a
    /// piece or the far edge (Connect Four; Fairy-Stockfish's `enclosingDrop = top|anyside`).
    pub enters: Option<DropEdge>,
    /// `drop opposite-colours`: per type, a side's pieces are split as evenly as they can be
    /// over the two square colours; no drop makes that impossible (Fairy-Stockfish's
    /// `dropOppositeColoredBishop`).
    pub opposite_colours: Vec<PieceType>,
}

/// Where a drop under `drop enters` comes in. The edges are the board's as the first player
/// sees it, for both players: a falling piece falls down the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DropEdge {
    /// At the top of its file (the last rank), falling towards the first rank.
    Top,
    /// At any of the four edges, along its file or its rank.
    AnySide,
}

/// `drop unmoved [first|second] IDS SQUARES`: a piece of `pieces` dropped on one of `squares`
/// counts as never moved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnmovedDrop {
    /// `None`: both players, the squares the first player's (rotated 180 degrees for the
    /// second); `Some(p)`: `p` alone, the squares as written.
    pub player: Option<Player>,
    /// The pieces that count as never moved there.
    pub pieces: Vec<PieceType>,
    /// The squares.
    pub squares: Vec<Coord>,
}

impl DropSpec {
    /// Whether a piece can ever be in hand.
    pub fn has_hands(&self) -> bool {
        !self.start_hand.is_empty() || self.to_hand.iter().any(Option::is_some)
    }
}

/// `pieces` may be dropped only on `squares` (given for the first player; the second player's
/// squares are the 180 degree rotation), or, for a zone of one `side`, that player's drops
/// alone on `squares` as written (the other player's drops of them are not confined by it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DropZone {
    /// The pieces this zone confines.
    pub pieces: Vec<PieceType>,
    /// The squares they may be dropped on.
    pub squares: Vec<Coord>,
    /// The one player whose drops the zone confines; `None`: both.
    pub side: Option<Player>,
}

/// When and how pieces promote.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct PromotionSpec {
    /// Zone squares for the first player (the second player's zone is the 180 degree rotation,
    /// unless `zone_second` gives it).
    pub zone: Vec<Coord>,
    /// The second player's zone as written, when it is not the turn of `zone`
    /// (`promotion zone second ...`).
    pub zone_second: Option<Vec<Coord>>,
    /// Per piece type whose choices differ by side (`promotes second ...`), the second
    /// player's own choices; [`PieceSpec::promotions`] are then the first player's.
    pub second_choices: Vec<(PieceType, Vec<PieceType>)>,
    /// What makes a move promote.
    pub triggers: Triggers,
    /// Whether promotion is a choice.
    pub kind: PromotionKind,
    /// Must promote when the unpromoted piece could never move again from its destination.
    pub forced_when_stuck: bool,
    /// Must promote when a move that allows promotion ends on the last `ranks` ranks.
    pub forced: Vec<ForcedPromotion>,
    /// Squares a multi-leg move stops on in the middle count for `enter` (Kyou's lions): every
    /// route of a move is seen, and a route that fires and one that does not give two moves.
    pub mid_move: bool,
    /// A piece promotes only into a type its side has lost: fewer of that type on the board and
    /// in the side's hand than the setup gives the side (Grand Chess). A move that must
    /// promote and has no such type left cannot be played.
    pub captured_only: bool,
    /// Two-sided pieces (`promotion flip`, Kyoto Shogi): a promoted form that promotes to
    /// nothing turns back into the piece it promoted from, on a move that fires a trigger and
    /// as the promotion kind says; [`VariantSpec::with_flips`] writes those demotions out.
    pub flip: bool,
    /// Per group of types, how many of them, counted together, a side may have on the board
    /// before no piece may promote into one of them (`promotion limit`, Fairy-Stockfish's
    /// `promotionLimit`, whose count of a type takes in its promoted copies: Grandhouse's
    /// `Q +Q 1`): a promotion into a listed type is open only while the side has fewer of its
    /// group on the board. A move that must promote and has no open choice cannot be played.
    pub limits: Vec<(Vec<PieceType>, u8)>,
}

impl PromotionSpec {
    /// Whether a move of a promotable piece fires a trigger. `from_in` / `to_in`: its start and
    /// end lie in the mover's zone; `mid_in`: one of the squares the route stops on in the
    /// middle does (only counted with `mid_move`); `capture`: it removes a piece.
    pub fn fires(&self, from_in: bool, to_in: bool, mid_in: bool, capture: bool) -> bool {
        let tr = self.triggers;
        let entered = to_in || (self.mid_move && mid_in);
        (tr.contains(Triggers::ENTER) && !from_in && entered)
            || (tr.contains(Triggers::LEAVE) && from_in && !to_in)
            || (tr.contains(Triggers::INSIDE) && from_in && to_in)
            || (tr.contains(Triggers::CAPTURE_IN_ZONE) && capture && (from_in || to_in))
            || (tr.contains(Triggers::CAPTURE_FROM_ZONE) && capture && from_in)
            || (tr.contains(Triggers::CAPTURE_INSIDE_ZONE) && capture && from_in && to_in)
    }
}

/// A set of promotion triggers (bit set).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Triggers(pub u8);

impl Triggers {
    /// The move ends in the zone and started outside it.
    pub const ENTER: Triggers = Triggers(1);
    /// The move starts in the zone and ends outside it.
    pub const LEAVE: Triggers = Triggers(1 << 1);
    /// The move starts and ends in the zone.
    pub const INSIDE: Triggers = Triggers(1 << 2);
    /// A capturing move that starts or ends in the zone.
    pub const CAPTURE_IN_ZONE: Triggers = Triggers(1 << 3);
    /// A capturing move that starts in the zone (wherever it ends).
    pub const CAPTURE_FROM_ZONE: Triggers = Triggers(1 << 4);
    /// A capturing move that starts and ends in the zone (Minjiku: "not when they leave").
    pub const CAPTURE_INSIDE_ZONE: Triggers = Triggers(1 << 5);

    /// Whether every trigger of `other` is in the set.
    pub const fn contains(self, other: Triggers) -> bool {
        self.0 & other.0 == other.0
    }
}

/// Whether a move that fires a trigger may, must, or does promote.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PromotionKind {
    /// Promote or defer: two moves.
    #[default]
    Optional,
    /// Must promote whenever a trigger fires.
    Mandatory,
    /// Promotes without a choice whenever a trigger fires (one move).
    Automatic,
}

/// Promotion becomes compulsory near the far side for some pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForcedPromotion {
    /// The pieces concerned.
    pub pieces: Vec<PieceType>,
    /// How many ranks from the far side promotion is compulsory.
    pub last_ranks: u8,
}

/// What losing royal pieces means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum WinCondition {
    /// Moves may leave royals attacked; losing the last royal loses.
    #[default]
    Extinction,
    /// No move may leave a royal attacked; no legal move while attacked loses.
    Checkmate,
}

/// Royal pieces and what losing them means.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct RoyalSpec {
    /// The win condition.
    pub win: WinCondition,
    /// With `Checkmate`: while a side has two or more royals it may leave any of them attacked.
    pub check_last_only: bool,
    /// With `Checkmate` (`check duple`, Spartan Chess): a move is illegal only if it leaves
    /// every royal of its side attacked, and a side is in check only while all are.
    pub duple: bool,
    /// No move may give check (`check forbidden`: Racing Kings).
    pub check_forbidden: bool,
    /// In check, a royal may move only when its move removes every piece giving check
    /// (`check royal-captures-only`: Makpong, Fairy-Stockfish's `makpongRule`).
    pub check_royal_captures_only: bool,
}

impl RoyalSpec {
    /// Under `Checkmate`: whether a side whose royals are `royals` is in check, `attacked`
    /// telling which are attacked. Any attacked royal is a check, except that a side with two
    /// or more is never in check under `check last-royal-only` (none is guarded alone:
    /// Fairy-Stockfish's pseudo-royal pieces) and only when all are under `check duple`.
    pub fn in_check<T: Copy>(&self, royals: &[T], mut attacked: impl FnMut(T) -> bool) -> bool {
        if royals.len() >= 2 && self.check_last_only {
            false
        } else if self.duple {
            !royals.is_empty() && royals.iter().all(|&r| attacked(r))
        } else {
            royals.iter().any(|&r| attacked(r))
        }
    }

    /// Under `Checkmate`: whether a side whose royals are `royals` (at least one) is safe
    /// after its move: not in check ([`RoyalSpec::in_check`]).
    pub fn safe<T: Copy>(&self, royals: &[T], attacked: impl FnMut(T) -> bool) -> bool {
        !self.in_check(royals, attacked)
    }
}

/// Burning: pieces next to a burner are removed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BurnSpec {
    /// The pieces that burn.
    pub burners: Vec<PieceType>,
    /// Neighbour offsets (for the first player's orientation; symmetric in practice).
    pub area: Vec<(i8, i8)>,
    /// `None` = every enemy in the area burns; `Some(n)` = the mover chooses 0..=n victims.
    pub choose_up_to: Option<u8>,
    /// Burns after the burner moves.
    pub active: bool,
    /// An enemy that ends its move in the area is burned.
    pub passive: bool,
    /// Pieces that cannot be burned.
    pub immune: Vec<PieceType>,
    /// A burner that ends next to an enemy burner is burned itself and burns nothing.
    pub burner_meets_burner_dies: bool,
    /// A piece promoting into a burner burns at once.
    pub on_promotion: bool,
}

/// Freezing: enemies next to a freezer cannot move (not even pass).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FreezeSpec {
    /// The pieces that freeze.
    pub freezers: Vec<PieceType>,
    /// Neighbour offsets frozen (for the first player's orientation).
    pub area: Vec<(i8, i8)>,
    /// Pieces that cannot be frozen.
    pub immune: Vec<PieceType>,
}

/// Anti-trade: `attackers` may not capture `victims` under `when`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AntiTradeSpec {
    /// Capturing pieces the rule restricts.
    pub attackers: Vec<PieceType>,
    /// Pieces they may not capture.
    pub victims: Vec<PieceType>,
    /// When the restriction applies.
    pub when: AntiTradeWhen,
    /// Chu: the rule does not apply when the victim was adjacent to the attacker.
    pub except_adjacent: bool,
    /// Chu: the rule does not apply when the move also captured a piece not in this list
    /// (the "bridge" capture; empty = no such exception).
    pub except_bridge_capture_not: Vec<PieceType>,
    /// Chu counter-strike: after a non-attacker captured a victim, the opponent may not capture a
    /// victim with a non-attacker on the very next move.
    pub counter_strike: bool,
}

/// When an anti-trade rule applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AntiTradeWhen {
    /// On every capture.
    Always,
    /// When the capturer could be recaptured at once on its destination.
    Protected,
}

/// Turn passing (a move that ends on its start square and captures nothing).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct PassSpec {
    /// No passing at all.
    pub forbidden: bool,
    /// Only these pieces may pass (empty = any piece whose moves allow it).
    pub only: Vec<PieceType>,
    /// Not on the move right after the opponent passed.
    pub not_after_pass: bool,
    /// Two passes in a row end the game, a draw (Fairy-Stockfish's Janggi).
    pub twice_ends: bool,
    /// These pieces may pass whatever surrounds them, even without a move that comes back
    /// (Janggi's General).
    pub anytime: Vec<PieceType>,
    /// In a repetition, the player who passed first must deviate.
    pub first_passer_deviates: bool,
    /// A side with no legal move, not in check, passes instead (Fairy-Stockfish's
    /// `passOnStalemate`): its first piece stays where it is.
    pub when_stuck: bool,
}

/// What a result clause means for the side it concerns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Outcome {
    /// The side that cannot move wins.
    Win,
    /// A draw.
    #[default]
    Draw,
    /// The side that cannot move loses.
    Loss,
}

/// How games end apart from the win condition.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ResultSpec {
    /// What stalemate means for the stalemated side (`None` = the variant does not say: draw).
    pub stalemate: Outcome,
    /// Draw at the n-th occurrence of a position (`None` = no repetition rule).
    pub repetition: Option<u8>,
    /// A player whose every move since the previous occurrence was a check loses.
    pub perpetual_check_loses: bool,
    /// A player who attacked one same enemy piece after every one of its moves since the
    /// previous occurrence loses (a check is an attack on a royal).
    pub perpetual_attack_loses: bool,
    /// Draw after this many moves (plies / 2) without a reset event.
    pub move_limit: Option<MoveLimit>,
    /// Draw when both sides are bare (see `bare`).
    pub bare_royal_draw: bool,
    /// A bare side loses, unless it bares the other side on its very next move (then both are
    /// bare: a draw). Shatranj's and Courier's bare king.
    pub bare_royal_loses: bool,
    /// What "bare" means for the two clauses above.
    pub bare: Bare,
    /// The side that gives its N-th check wins (`check N wins`: Three-check). The checks each
    /// side has given are position state.
    pub check_wins: Option<u8>,
    /// What having no piece left, on the board or in hand, means for that side (`no-pieces
    /// wins|loses`: Antichess, Horde); `None`: nothing.
    pub no_pieces: Option<Outcome>,
    /// Repetition won or lost, extinction by counts, draws decided otherwise, stalemate by
    /// piece count (`repetition`, `extinction`, `tiebreak`, `stalemate fewer-pieces-wins`).
    pub endings: EndingsSpec,
}

/// The game ends Fairy-Stockfish scores otherwise than chess (its `nFoldValue`, extinction
/// counts, `materialCounting` and `stalematePieceCount`).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct EndingsSpec {
    /// Who the repetition (`ResultSpec::repetition`'s count) is scored for.
    pub repetition: RepetitionScore,
    /// Extinction rules, checked in order (the side that just moved first).
    pub extinction: Vec<ExtinctionSpec>,
    /// How a game that would end drawn by stalemate, repetition, the move count or passing is
    /// decided instead.
    pub tiebreak: Option<Tiebreak>,
    /// A stalemate is won by the side with fewer (`Some(true)`) or more (`Some(false)`) pieces
    /// on the board, equal counts draw; `None`: `ResultSpec::stalemate` says.
    pub stalemate_fewer_wins: Option<bool>,
    /// What being checkmated means for the mated side (`None`: it loses).
    pub checkmate: Option<Outcome>,
    /// `draw full-board`: the game ends drawn (or by `tiebreak`) once no square is empty
    /// (Fairy-Stockfish's `adjudicateFullBoard`: Reversi).
    pub full_board: bool,
    /// `castling wins` (Fairy-Stockfish's `castlingWins`), per player (first, second): the
    /// wings on which castling wins, bit [`CASTLE_KING_SIDE`] towards the last file and
    /// [`CASTLE_QUEEN_SIDE`] towards the first. A player with such a wing who can castle on
    /// none of its wings any more loses.
    pub castling_wins: [u8; 2],
}

/// The wing of `EndingsSpec::castling_wins` towards the last file (the King's side in chess).
pub const CASTLE_KING_SIDE: u8 = 1;
/// The wing towards the first file (the Queen's side in chess).
pub const CASTLE_QUEEN_SIDE: u8 = 2;

/// Who wins at the repetition count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum RepetitionScore {
    /// Nobody: a draw (`draw repetition N`).
    #[default]
    Draw,
    /// The player whose move completed the repetition wins (`true`) or loses.
    Mover {
        /// Whether the maker wins (else loses).
        wins: bool,
    },
    /// This player wins or loses, whoever completed it (`repetition N first loses`).
    Player {
        /// The player scored.
        player: Player,
        /// Whether that player wins (else loses).
        wins: bool,
    },
}

/// `extinction`: a side with `at` or fewer pieces of one of `pieces` (or of all its pieces
/// together when `pieces` is empty), counting the board and its hand, while the other side has
/// at least `opponent_has` of that type, gets `outcome`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExtinctionSpec {
    /// The types counted, each on its own (empty: all pieces together).
    pub pieces: Vec<PieceType>,
    /// What the side whose count falls to `at` gets.
    pub outcome: Outcome,
    /// The count at or below which the rule applies (0: none left).
    pub at: u16,
    /// The least count of that type the other side must have for the rule to apply.
    pub opponent_has: u16,
}

/// `tiebreak`: who wins a game that would end drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tiebreak {
    /// This player (draw odds: Armageddon gives them to the second player).
    Player(Player),
    /// The side with more pieces on the board; equal counts stay a draw.
    Pieces,
    /// The side whose pieces on the board are worth more, in half points: `values` per piece
    /// type (unlisted types are worth nothing), `komi` added to one side; equal stays a draw.
    Material {
        /// Each counted type's value in half points.
        values: Vec<(PieceType, u16)>,
        /// Half points added to one player's total.
        komi: Option<(Player, u16)>,
    },
}

/// When a side counts as bare for the bare-royal rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Bare {
    /// Nothing but royal pieces (any number of them): Shatranj, Courier.
    #[default]
    RoyalsOnly,
    /// A single piece, a royal (Kyou: "just a single piece left (King/Crown Prince)"; King and
    /// Crown Prince together are two pieces, not bare).
    SinglePiece,
}

/// A move-count draw (`draw moves N`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveLimit {
    /// Moves (two plies each) without a reset event.
    pub moves: u16,
    /// A capture resets the counter.
    pub reset_on_capture: bool,
    /// A promotion resets the counter.
    pub reset_on_promotion: bool,
    /// Moves of these pieces reset the counter (the chess pawn).
    pub reset_on_pieces: Vec<PieceType>,
}

/// `repeat`: what happens to a move that recreates a position that occurred before with the
/// same side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RepeatSpec {
    /// True: the mover loses; false: the move is illegal.
    pub loses: bool,
    /// A move made while in check may repeat.
    pub except_evasion: bool,
    /// A move after which the mover attacks no enemy piece it did not attack before may repeat.
    pub except_no_new_attack: bool,
}

/// Counting (Makruk): once no `without` piece is left on the board, the game is drawn when the
/// counting side has not won within its count. Counts are in moves (two plies each).
///
/// The count of a side: none while a `without` piece stands or the other side has nothing but
/// one piece; `board_honour` while the side has more than one piece; else (its royal alone)
/// the first `pieces_honour` entry whose pieces the other side has, else `pieces_default`,
/// else `board_honour`. Counting starts for the side to move when it first has a count; it
/// restarts for a side that a capture or promotion left bare, from the number of pieces on the
/// board (Fairy-Stockfish's `MAKRUK_COUNTING`).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct CountingSpec {
    /// The count while the counting side has more than one piece.
    pub board_honour: Option<u16>,
    /// `board-honour N up-to M`: the counting side counts by the board's honour only while it
    /// has at most `M` pieces (its royal included); with more it has no count (Cambodian).
    pub board_up_to: Option<u16>,
    /// `board-honour N ... unblocked`: the `without` pieces stop the pieces' honour alone, not
    /// the board's (Cambodian counting).
    pub board_unblocked: bool,
    /// Counts by the pieces the other side has, first match wins.
    pub pieces_honour: Vec<HonourSpec>,
    /// The count when no `pieces_honour` entry matches.
    pub pieces_default: Option<u16>,
    /// Counting starts once none of these is on the board.
    pub without: Vec<PieceType>,
    /// `counting from-zero` (ASEAN): a count starts at 0 plies, and only for the side to move;
    /// without it a pieces' honour count starts from the pieces on the board, and a lone royal
    /// that takes the last `without` piece starts its count at once (Makruk).
    pub from_zero: bool,
}

/// One `pieces-honour` entry: the other side has at least `count` of each listed type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HonourSpec {
    /// Piece types and how many of each the other side must have.
    pub pieces: Vec<(PieceType, u8)>,
    /// The count, in moves.
    pub moves: u16,
}

/// Regions of a variant and how its pieces use them.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct RegionsSpec {
    /// Every named region.
    pub regions: Vec<RegionSpec>,
    /// Per piece type (empty: no piece uses a region).
    pub pieces: Vec<PieceRegions>,
    /// Royals may not face each other on a file with nothing between them (Xiangqi's flying
    /// general): a move that leaves them so is illegal.
    pub facing_royals_forbidden: bool,
    /// Royals may come to face each other, but the side to move while they face must break
    /// the line or pass, and may pass even in check (Janggi's bikjang).
    pub facing_royals_must_break: bool,
}

/// A named set of squares, given for the first player; the second player's region is the 180
/// degree rotation (each side's palace, each side's half of the board), unless it has squares
/// of its own (`region NAME second ...`: the two sides of the game differ).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct RegionSpec {
    /// The region's name.
    pub name: String,
    /// Its squares, for the first player.
    pub squares: Vec<Coord>,
    /// The second player's squares as written, when they are not the turn of `squares`.
    pub second: Option<Vec<Coord>>,
}

/// How one piece type uses regions.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct PieceRegions {
    /// Per path of the piece (`PieceSpec::paths`): the region whose `in` moves the path
    /// belongs to; `None` marks the piece's own moves, which apply on the squares that none of
    /// its `in` regions covers. Each region marks one option's paths, in the order written.
    /// Empty: every path is one of its own moves.
    pub path_region: Vec<Option<u8>>,
    /// The region the piece never leaves.
    pub confined: Option<u8>,
}

impl PieceRegions {
    /// Whether the piece's moves depend on where it stands.
    pub fn is_bound(&self) -> bool {
        self.confined.is_some() || self.path_region.iter().any(Option::is_some)
    }
}
