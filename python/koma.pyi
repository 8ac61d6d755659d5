"""koma: chess and shogi variants from `.koma` files.

Compile a variant with `load_variant(text)` or `load_variant_file(path)`, play it on a `Board`
(legal moves, push and pop, position text, results, perft, engine search), and draw its pieces'
moves as SVG. The functions below the classes follow Fairy-Stockfish's pyffish: a variant (a
`Variant` or the name of a loaded one), a position (`"startpos"` or position text) and a list of
moves. Positions and moves are koma's text (docs/positions.md): FEN for chess-like variants,
coordinate moves such as `e2e4`, `e7e8=Q` (`e7e8q` is read too), `P@e5`, `f5xf6g7`, `pass`.
Perft, search and compiling release the GIL.
"""

import os
from typing import Optional, Sequence, Union

__version__: str

VALUE_MATE: int
"""The value of a won game for the side to move in `game_result` (koma's mate score)."""
VALUE_DRAW: int
"""The value of a drawn game: 0."""

class KomaError(ValueError):
    """Every error koma raises for bad input (a variant, a position, a move, a limit)."""

error = KomaError
"""pyffish's name for its exception type."""

class VariantError(KomaError):
    """A variant with errors. The attributes are those of the first error; `diagnostics` holds
    them all."""

    diagnostics: list[Diagnostic]
    file: str
    line: int
    column: int
    code: str
    message: str

class PositionError(KomaError):
    """Position text that does not fit the variant (or `startpos` for a variant without a
    setup)."""

class MoveError(KomaError):
    """Move text that is malformed, illegal or ambiguous in the position."""

class Diagnostic:
    """One finding of the compiler, as `koma check --format json` reports it. Lines and columns
    start at 1; columns count characters. `str()` gives `file:line:column: severity[code]:
    message`."""

    @property
    def code(self) -> str:
        """Stable code: `E....` for errors, lint codes for warnings (`koma explain CODE`)."""
    @property
    def severity(self) -> str:
        """`"error"` or `"warning"`."""
    @property
    def message(self) -> str: ...
    @property
    def file(self) -> str:
        """The file as named: `load_variant`'s `name`, or the path."""
    @property
    def line(self) -> int: ...
    @property
    def column(self) -> int: ...
    @property
    def end_line(self) -> int: ...
    @property
    def end_column(self) -> int: ...
    @property
    def help(self) -> Optional[str]:
        """What to do about it."""

class Variant:
    """A compiled variant. Functions that take a variant also take its name or key."""

    @property
    def name(self) -> str:
        """The name the file gives (`variant "Chu Shogi"`)."""
    @property
    def key(self) -> str:
        """The name in lower case letters and digits (`chushogi`), as UCI's `UCI_Variant`."""
    @property
    def width(self) -> int:
        """Files (columns) of the board."""
    @property
    def height(self) -> int:
        """Ranks (rows) of the board."""
    @property
    def pieces(self) -> list[str]:
        """The piece IDs, in the order of the file."""
    @property
    def warnings(self) -> list[Diagnostic]:
        """The warnings (lints) the variant compiled with."""
    @property
    def start_fen(self) -> str:
        """The start position as position text; raises `PositionError` without a `setup`."""
    def piece_name(self, piece: str) -> str:
        """The full name of the piece with this ID."""
    def diagram_svg(self, piece: str, second: bool = False) -> str:
        """The piece's moves as an SVG picture with its legend, as `koma diagram FILE PIECE
        --format svg` draws them (`second`: the second player's piece). Raises `KomaError` for an
        unknown ID, suggesting the nearest."""

class GameResult:
    """How a game ended."""

    @property
    def winner(self) -> Optional[str]:
        """`"first"`, `"second"`, or `None` for a draw."""
    @property
    def reason(self) -> str:
        """`"checkmate"`, `"stalemate"`, `"royals lost"`, `"repetition"`, `"perpetual check"`,
        `"move limit"`, `"bare royals"`, `"drop mate"`, `"repeated position"`,
        `"perpetual attack"`, `"counting"` or `"passing"`."""
    @property
    def score(self) -> str:
        """`"1-0"`, `"0-1"` or `"1/2-1/2"`."""

class SearchResult:
    """What a search found, from the side to move's point of view."""

    @property
    def best(self) -> Optional[str]:
        """The move to play; `None` when the game is over."""
    @property
    def ponder(self) -> Optional[str]:
        """The reply the engine expects."""
    @property
    def score(self) -> Optional[int]:
        """Centipawns; `None` when the search found a forced end (see `mate`)."""
    @property
    def mate(self) -> Optional[int]:
        """Moves to a won game, negative when the side to move loses; else `None`."""
    @property
    def depth(self) -> int: ...
    @property
    def nodes(self) -> int: ...
    @property
    def time(self) -> float:
        """Seconds."""
    @property
    def pv(self) -> list[str]:
        """The principal variation, starting with `best`."""

class Board:
    """A game in progress: a position of a variant and the moves pushed since it was set up."""

    def __init__(
        self,
        variant: Union[Variant, str],
        fen: str = "startpos",
        moves: Sequence[str] = ...,
    ) -> None:
        """The position `fen` (or the start position) with `moves` pushed. Raises
        `PositionError` or `MoveError`."""
    @property
    def variant(self) -> Variant: ...
    @property
    def side_to_move(self) -> str:
        """`"first"` or `"second"`."""
    @property
    def move_stack(self) -> list[str]:
        """The moves pushed since the board was set up, oldest first."""
    def fen(self) -> str:
        """The position as text; it reads back to the same position."""
    def legal_moves(self) -> list[str]:
        """The legal moves, in generation order."""
    def push(self, move: str) -> str:
        """Plays a legal move; returns it as koma writes it (`e7e8q` -> `e7e8=Q`). Raises
        `MoveError`."""
    def pop(self) -> str:
        """Takes back the last move pushed and returns it. Raises `IndexError` when none was."""
    def is_check(self) -> bool:
        """Whether the side to move is in check."""
    def is_capture(self, move: str) -> bool:
        """Whether a legal move removes a piece (capture, locust capture, burn, e.p.)."""
    def result(self) -> Optional[GameResult]:
        """How the game ended, or `None` while it goes on."""
    def is_game_over(self) -> bool: ...
    def perft(self, depth: int, threads: int = 1) -> int:
        """Leaf nodes `depth` plies below (`koma perft`); releases the GIL."""
    def search(
        self,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
        time: Optional[float] = None,
        threads: int = 1,
    ) -> SearchResult:
        """The engine's best move within the limits (at least one; `time` in seconds);
        releases the GIL. Raises `KomaError` without a limit."""
    def copy(self) -> Board:
        """A board that plays on independently, with the same move stack."""

def load_variant(text: str, name: str = "<text>") -> Variant:
    """Compiles `.koma` text; `name` is the file name diagnostics show and the path `extends`
    lines are relative to. Raises `VariantError`."""

def load_variant_file(path: Union[str, "os.PathLike[str]"]) -> Variant:
    """Compiles the variant file at `path` and the files it extends. Raises `VariantError`
    (an unreadable file is one of its diagnostics)."""

def load_variant_config(config: str) -> Variant:
    """pyffish's name: `load_variant(config)`, for `.koma` text."""

def version() -> tuple[int, int, int]: ...
def info() -> str: ...
def variants() -> list[str]:
    """The keys of the variants loaded so far, sorted."""

def start_fen(variant: Union[Variant, str]) -> str: ...
def legal_moves(
    variant: Union[Variant, str], fen: str, moves: list[str], chess960: bool = False
) -> list[str]: ...
def get_fen(
    variant: Union[Variant, str], fen: str, moves: list[str], chess960: bool = False
) -> str: ...
def gives_check(
    variant: Union[Variant, str], fen: str, moves: list[str], chess960: bool = False
) -> bool:
    """Whether the side to move is in check after `moves`."""
def is_capture(
    variant: Union[Variant, str],
    fen: str,
    moves: list[str],
    move: str,
    chess960: bool = False,
) -> bool: ...
def game_result(
    variant: Union[Variant, str], fen: str, moves: list[str], chess960: bool = False
) -> int:
    """`VALUE_MATE` (the side to move won), `-VALUE_MATE` (lost) or `VALUE_DRAW`. Raises
    `KomaError` while the game goes on."""
def is_immediate_game_end(
    variant: Union[Variant, str], fen: str, moves: list[str], chess960: bool = False
) -> tuple[bool, int]:
    """`(True, value)` when a rule other than having no legal move ended the game (repetition,
    the move-count rule, a lost royal, ...); else `(False, VALUE_DRAW)`."""
