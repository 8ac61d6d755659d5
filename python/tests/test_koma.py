"""The koma Python module against the CLI and the rules: perft, play, errors, threads.

Run by ./test.sh after it builds and installs the wheel. The perft comparison runs the CLI
(`$KOMA`, else target/ci/koma); without it that test skips, unless KOMA_REQUIRE_EXTERNAL=1.
"""

import os
import re
import subprocess
import threading
import time
from pathlib import Path

import pytest

import koma

ROOT = Path(__file__).resolve().parents[2]
VARIANTS = ROOT / "variants"


def variant(name):
    return koma.load_variant_file(str(VARIANTS / f"{name}.koma"))


def cli():
    path = Path(os.environ.get("KOMA", ROOT / "target" / "ci" / "koma"))
    if not path.is_file():
        if os.environ.get("KOMA_REQUIRE_EXTERNAL") == "1":
            pytest.fail(f"no koma binary at {path}")
        pytest.skip(f"no koma binary at {path}")
    return path


# A game with checkmate and castling, one with drops, and one with Lion double moves.
@pytest.mark.parametrize(
    "name, depth", [("chess", 4), ("shogi", 3), ("chu-shogi", 3)]
)
def test_perft_equals_the_cli(name, depth):
    out = subprocess.run(
        [cli(), "perft", VARIANTS / f"{name}.koma", "--depth", str(depth)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    expected = int(re.search(r"^nodes (\d+)$", out, re.M).group(1))
    board = koma.Board(variant(name))
    assert board.perft(depth) == expected
    assert board.perft(depth, threads=2) == expected


def test_perft_of_chess_is_the_known_count():
    assert koma.Board(variant("chess")).perft(3) == 8902


def test_self_play_reaches_the_end_or_the_cap():
    board = koma.Board(variant("minishogi"))
    start = board.fen()
    while not board.is_game_over() and len(board.move_stack) < 120:
        found = board.search(depth=3)
        assert found.best in board.legal_moves()
        assert found.pv[0] == found.best
        board.push(found.best)
    result = board.result()
    if result is not None:
        assert result.score in ("1-0", "0-1", "1/2-1/2")
        assert board.legal_moves() == [] or result.reason != "checkmate"
    while board.move_stack:
        board.pop()
    assert board.fen() == start


def test_push_and_pop_round_trip():
    board = koma.Board(variant("chess"))
    start = board.fen()
    assert board.push("e2e4") == "e2e4"
    after = board.fen()
    assert after == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    assert board.side_to_move == "second"
    board.push("d7d5")
    assert board.is_capture("e4d5")
    board.push("e4d5")
    assert board.move_stack == ["e2e4", "d7d5", "e4d5"]
    assert board.pop() == "e4d5"
    assert board.pop() == "d7d5"
    assert board.fen() == after
    assert board.pop() == "e2e4"
    assert board.fen() == start
    with pytest.raises(IndexError):
        board.pop()
    # Position text reads back to the same position.
    assert koma.Board("chess", after).fen() == after


def test_position_text_reads_back_in_a_drop_game():
    # The Bishop takes the Bishop and promotes; the second player answers.
    board = koma.Board(variant("shogi"), moves=["c3c4", "g7g6", "b2h8+", "a7a6"])
    text = board.fen()
    assert "[B]" in text
    again = koma.Board("shogi", text)
    assert again.fen() == text
    assert again.legal_moves() == board.legal_moves()
    assert "B@e5" in board.legal_moves()


def test_bad_moves_and_positions_raise():
    board = koma.Board(variant("chess"))
    with pytest.raises(koma.MoveError, match="not a legal move"):
        board.push("e2e5")
    with pytest.raises(koma.MoveError):
        board.push("hello")
    with pytest.raises(koma.PositionError):
        koma.Board("chess", "rnbqkbnr/ppp w")
    assert issubclass(koma.KomaError, ValueError)
    assert board.move_stack == []


def test_errors_carry_their_location():
    text = 'variant "Broken"\nboard 3 x 3\npieces\n  K "King" K royal promotes Z\n  Q "Queen" Qx\n'
    with pytest.raises(koma.VariantError) as caught:
        koma.load_variant(text, name="broken.koma")
    error = caught.value
    assert (error.file, error.line, error.column) == ("broken.koma", 4, 29)
    assert (error.code, error.message) == ("E0104", "unknown piece `Z` in `promotes`")
    assert str(error) == (
        "broken.koma:4:29: error[E0104]: unknown piece `Z` in `promotes` (and 1 more error)"
    )
    first, second = error.diagnostics
    assert (first.line, first.column, first.end_line, first.end_column) == (4, 29, 4, 30)
    assert first.severity == "error" and "define the piece" in first.help
    assert (second.file, second.line) == ("broken.koma", 5)


def test_a_missing_file_is_a_located_error():
    with pytest.raises(koma.VariantError) as caught:
        koma.load_variant_file(str(VARIANTS / "no-such-game.koma"))
    assert caught.value.line == 1
    assert caught.value.code == "E0005"
    assert "no such file" in caught.value.message


def test_gil_is_released_during_perft():
    board = koma.Board(variant("chess"))
    ticks = 0
    worker = threading.Thread(target=board.perft, args=(5,))
    worker.start()
    # Each tick needs the GIL: while perft holds it, none happens.
    while worker.is_alive():
        ticks += 1
        time.sleep(0.001)
    worker.join()
    assert ticks >= 20


def test_search_limits():
    board = koma.Board(variant("chess"))
    assert board.search(nodes=500).nodes >= 500
    assert board.search(time=0.05).best in board.legal_moves()
    with pytest.raises(koma.KomaError, match="limit"):
        board.search()
    mate = koma.Board("chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    found = mate.search(depth=3)
    assert (found.best, found.mate) == ("a1a8", 1)
    mate.push(found.best)
    assert mate.result().reason == "checkmate"
    assert mate.result().winner == "first"


def test_pyffish_style_functions():
    chess = variant("chess")
    assert "chess" in koma.variants()
    start = koma.start_fen("chess")
    assert start == chess.start_fen
    moves = ["f2f3", "e7e5", "g2g4"]
    assert koma.get_fen("chess", start, moves) == koma.Board(chess, start, moves).fen()
    assert koma.legal_moves("chess", start, moves) == koma.Board(chess, start, moves).legal_moves()
    assert koma.is_capture("chess", start, ["e2e4", "d7d5"], "e4d5")
    assert not koma.gives_check("chess", start, moves)
    mated = moves + ["d8h4"]
    assert koma.gives_check("chess", start, mated)
    assert koma.legal_moves("chess", start, mated) == []
    assert koma.game_result("chess", start, mated) == -koma.VALUE_MATE
    assert koma.is_immediate_game_end("chess", start, mated) == (False, koma.VALUE_DRAW)
    with pytest.raises(koma.KomaError, match="not over"):
        koma.game_result("chess", start, moves)
    with pytest.raises(koma.KomaError, match="no variant `chesss` is loaded; did you mean `chess`"):
        koma.start_fen("chesss")


def test_piece_diagram_is_svg():
    chu = variant("chu-shogi")
    svg = chu.diagram_svg("LN")
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert chu.piece_name("LN") == "Lion"
    assert "Lion" in svg
    with pytest.raises(koma.KomaError, match="did you mean `LN`"):
        chu.diagram_svg("Ln")
