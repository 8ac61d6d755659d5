#!/usr/bin/env python3
"""Write variants/taikyoku-shogi.koma from the taikyoku-shogi.github.io data, or check it.

The one machine-readable reading of Taikyoku Shogi found is the MIT-licensed data of
https://github.com/taikyoku-shogi/taikyoku-shogi.github.io: `src/assets/pieces.csv` (code, name,
kanji, movement in the site's own Betza dialect, promotion) and `src/assets/initial.tsfen` (the
start array). Its authors took Wikipedia's tables and checked them against *Sekai no Shogi*
(docs/shogi-family.md, Taikyoku's sources). This script reads the dialect exactly as the site's
parser (`src/lib/betzaNotationParser.ts`) and move generator (`src/lib/Piece.ts`) do, and writes
each piece's move in koma's XBetza:

* plain slides and leaps: per direction, the range the dialect gives (its quirks kept: a
  modifier applies only to the first atom an abbreviation expands to, so `fsK` is fW sW F, and
  `s` or `v` on a diagonal atom means all four diagonals);
* `(X-Y)` compounds: a leap to an empty square then a slide on (`[D-R]`), a hook (`RmasR`), the
  Lion's two steps (`caKmcabK`) and the Free Eagle's igui (`mcabK`);
* the triple-slashed arrow `{dirs}>`: a slide that may leap up to three pieces (`f(paf)3R`);
* range capture `((cQcdQ)-Q)`: koma's range jump `(paf)cQ` with the site's ranks as `jump-rank`
  (koma cannot capture the leapt pieces; docs/shogi-family.md, Taikyoku's ruling 3).

The game has 301 kinds of piece (209 on the board, 92 only as promotions). A promoted piece never
promotes again, so each promoted form is a type of its own; promoted forms that move alike share
one, which gives 320 types (ruling 4; koma holds `koma_runtime::limits::MAX_PIECE_TYPES`, 511).

Usage (from the repository root):

    taikyoku_data.py count pieces.csv initial.tsfen    # the piece types the file needs
    taikyoku_data.py write pieces.csv initial.tsfen > variants/taikyoku-shogi.koma
    koma fmt variants/taikyoku-shogi.koma                # the shipped file is formatted
    taikyoku_data.py check pieces.csv initial.tsfen variants/taikyoku-shogi.koma
    taikyoku_data.py parts pieces.csv initial.tsfen DIR  # the moves in files koma can check

`check` formats what `write` prints with `koma fmt` (the binary in $KOMA, else `koma` on the
PATH) before it compares. `parts` writes every piece's move, in 36x36 files of at most 120 types (no promotions, a lone
royal), so that each piece's move can be checked apart from the rest.
"""

import csv
import os
import re
import subprocess
import sys
import tempfile

DIRS = {"F": (0, 1), "FR": (1, 1), "R": (1, 0), "BR": (1, -1),
        "B": (0, -1), "BL": (-1, -1), "L": (-1, 0), "FL": (-1, 1)}
XB_DIR = {"F": "f", "B": "b", "L": "l", "R": "r", "FR": "fr", "FL": "fl", "BR": "br", "BL": "bl"}
ATOMS = {"W": (1, 0), "F": (1, 1), "D": (2, 0), "N": (2, 1), "A": (2, 2),
         "H": (3, 0), "C": (3, 1), "Z": (3, 2), "G": (3, 3)}
# koma's atoms for the leaps the data uses, by (|long|, |short|) coordinates.
LEAP_ATOM = {(2, 0): "D", (2, 2): "A", (3, 0): "H", (3, 3): "G", (4, 0): "WX", (4, 4): "AY"}
RANGE_CAPTURING = {"GG": 3, "VG": 2, "FLG": 1, "AG": 1, "FID": 1, "FCR": 1}
ROYAL = {"K", "CP"}
INF = 99


def sign(v):
    return (v > 0) - (v < 0)


def rotations(x, y):
    return {(a, b) for a, b in [(x, y), (x, -y), (-x, y), (-x, -y),
                                (y, x), (y, -x), (-y, x), (-y, -x)]}


class Moves:
    """A piece's moves as the site's parser builds them."""

    def __init__(self):
        self.slides = {}  # direction name -> range
        self.jumps = set()
        self.compounds = []  # (first, second, can_continue_after_capture, kind)
        self.triple = []  # directions of the triple-slashed arrow


def expand(s):
    s = s.replace("B", "FF").replace("R", "WW").replace("K", "WF")

    def queen(m):
        mods, rng = m.group(1), m.group(2)
        return f"{mods}F{rng}{mods}W{rng}" if rng else f"{mods}FF{mods}WW"

    return re.sub(r"([a-z]*)Q(\d)?", queen, s)


def tokens(s):
    """Characters, with `(x,y)` atoms as tuples."""
    out, i = [], 0
    while i < len(s):
        m = re.match(r"\((\d+),(\d+)\)", s[i:])
        if m:
            out.append((int(m.group(1)), int(m.group(2))))
            i += m.end()
        else:
            out.append(s[i])
            i += 1
    return out


def add_slides(moves, atom, mods, rng):
    dm = re.sub(r"[^frblsv]", "", mods)
    if atom == "W":
        dirs = ["F", "R", "B", "L"]
        if dm:
            dirs = [d for d in dirs if (d == "R" and ("s" in dm or "r" in dm))
                    or (d == "L" and ("s" in dm or "l" in dm))
                    or (d == "F" and ("v" in dm or "f" in dm))
                    or (d == "B" and ("v" in dm or "b" in dm))]
    else:
        dirs = ["FR", "FL", "BR", "BL"]
        if dm:
            dirs = [d for d in dirs if "s" in dm or "v" in dm
                    or (d == "FR" and dm in ("fr", "f", "r")) or (d == "FL" and dm in ("fl", "f", "l"))
                    or (d == "BR" and dm in ("br", "b", "r")) or (d == "BL" and dm in ("bl", "b", "l"))]
    for d in dirs:
        moves.slides[d] = max(rng, moves.slides.get(d, 0))


def add_jumps(moves, atom, mods):
    x, y = ATOMS[atom] if isinstance(atom, str) else atom
    rots = rotations(x, y)
    if mods:
        def keep(v):
            a, b = v
            if a and b and abs(a) != abs(b):
                return (abs(b) > abs(a) and "v" in mods) or (abs(b) > abs(a) and b > 0 and "ff" in mods)
            return ((a > 0 and ("s" in mods or "r" in mods)) or (a < 0 and ("s" in mods or "l" in mods))
                    or (b > 0 and ("v" in mods or "f" in mods)) or (b < 0 and ("v" in mods or "b" in mods)))
        rots = {v for v in rots if keep(v)}
    moves.jumps |= rots


def parse(betza):
    moves = Moves()

    def triple(m):
        moves.triple += m.group(0)[1:-2].split(",")
        return ""

    betza = re.sub(r"\{[A-Z,]+\}>", triple, betza)
    betza = re.sub(r"\(\(c([A-Z])cd\1\)-\1\)", r"\1", betza)
    toks = tokens(expand(betza))
    mods, i = "", 0
    while i < len(toks):
        c = toks[i]
        if c == "(":
            depth, start, hyphen = 1, i + 1, -1
            while depth:
                i += 1
                depth += {"(": 1, ")": -1}.get(toks[i], 0) if isinstance(toks[i], str) else 0
                if toks[i] == "-":
                    hyphen = i
            inner = "".join(t if isinstance(t, str) else f"({t[0]},{t[1]})" for t in toks[start:i])
            if hyphen >= 0:
                add_compound(moves, *inner.split("-"))
        elif isinstance(c, str) and (c.islower() or c in "0123456789,"):
            mods += c
        else:
            rng = 1
            nxt = toks[i + 1] if i + 1 < len(toks) else None
            if isinstance(nxt, str) and nxt.isdigit():
                rng, i = int(nxt), i + 1
            elif nxt == c:
                nn = toks[i + 2] if i + 2 < len(toks) else None
                if isinstance(nn, str) and nn.isdigit():
                    rng, i = int(nn), i + 2
                else:
                    rng, i = INF, i + 1
            if c in ("W", "F"):
                add_slides(moves, c, mods, rng)
            else:
                add_jumps(moves, c, mods)
            mods = ""
        i += 1
    return moves


def add_compound(moves, step1, step2):
    cont = bool(re.match(r"^c[A-Z]", step1))
    kind = "again" if re.match(r"^a[A-Z]", step2) else "side" if re.match(
        r"^s[A-Z]", step2) else "back" if re.match(r"^b[A-Z]", step2) else "on"
    first = parse(step1 if not step1.startswith("(") or not step1.endswith(")") else step1)
    second = parse(step2[1:] if kind in ("side", "back") else step2)
    moves.compounds.append((first, second, cont, kind))


def dir_groups(dirs, orth):
    """XBetza direction letters naming exactly the set `dirs` of one kind."""
    if orth:
        full = {"F", "B", "L", "R"}
        if dirs == full:
            return [""]
        out, rest = [], set(dirs)
        if {"F", "B"} <= rest:
            out.append("v"), rest.difference_update({"F", "B"})
        if {"L", "R"} <= rest:
            out.append("s"), rest.difference_update({"L", "R"})
        out += [XB_DIR[d] for d in sorted(rest)]
        return ["".join(out)]
    full = {"FR", "FL", "BR", "BL"}
    if dirs == full:
        return [""]
    out, rest = [], set(dirs)
    for pair, letter in ((("FR", "FL"), "f"), (("BR", "BL"), "b"), (("FL", "BL"), "l"), (("FR", "BR"), "r")):
        if set(pair) <= rest:
            out.append(letter)
            rest.difference_update(pair)
    out += [XB_DIR[d] for d in sorted(rest)]
    return out


def slide_text(slides):
    parts = []
    for orth, atom1, atomn in ((True, "W", "R"), (False, "F", "B")):
        by_range = {}
        for d, r in slides.items():
            if (len(d) == 1) == orth:
                by_range.setdefault(r, set()).add(d)
        for r in sorted(by_range, key=lambda r: -r):
            atom = atom1 if r == 1 else atomn if r == INF else f"{atomn}{r}"
            for letters in dir_groups(by_range[r], orth):
                parts.append(letters + atom)
    # Every direction alike is one atom in standard XBetza (lint L008): `Q`, `K`.
    for rook, bishop, both in (("R", "B", "Q"), ("W", "F", "K")):
        if rook in parts and bishop in parts:
            parts.remove(rook)
            parts.remove(bishop)
            parts.insert(0, both)
    return "".join(parts)


def vec_dir(v):
    return next(n for n, d in DIRS.items() if d == (sign(v[0]), sign(v[1])))


def jump_text(jumps):
    by_atom = {}
    for v in jumps:
        a, b = sorted((abs(v[0]), abs(v[1])), reverse=True)
        if a != b and b != 0:
            by_atom.setdefault("N", set()).add(v)
        else:
            by_atom.setdefault(LEAP_ATOM[(a, b)], set()).add(vec_dir(v))
    parts = []
    for atom in sorted(by_atom):
        dirs = by_atom[atom]
        if atom == "N":
            parts.append(knight_text(dirs))
            continue
        orth = atom in ("D", "H", "WX")
        for letters in dir_groups(dirs, orth):
            parts.append(letters + atom)
    return "".join(parts)


def knight_text(vs):
    if len(vs) == 8:
        return "N"
    if vs == {(1, 2), (-1, 2)}:
        return "fN"
    if vs == {(1, 2), (-1, 2), (1, -2), (-1, -2)}:
        return "vN"
    raise ValueError(f"knight leaps {sorted(vs)}")


def compound_text(first, second, cont, kind):
    if kind == "again" and cont:  # the Lion's two steps: its leaps are plain jumps
        return "caKmcabK"
    if kind == "back" and cont:  # igui, or a pass through an empty square
        return "mcabK"
    if kind == "side":  # hook: a slide to an empty square, then a 90-degree turn
        (d, _), = first.slides.items() if len(first.slides) == 1 else [(None, None)]
        atom = "R" if set(first.slides) <= {"F", "B", "L", "R"} else "B"
        letters = dir_groups(set(first.slides), atom == "R")
        return "".join(f"{l}mas{atom}" for l in letters)
    assert kind == "on" and not cont and not first.slides, (kind, cont)
    parts = []
    for v in sorted(first.jumps):
        d = vec_dir(v)
        cont_range = second.slides.get(d)
        if cont_range is None:
            continue
        a, b = sorted((abs(v[0]), abs(v[1])), reverse=True)
        atom = LEAP_ATOM[(a, b)]
        slide = ("R" if len(d) == 1 else "B") + ("" if cont_range == INF else str(cont_range))
        parts.append((d, atom, slide))
    groups = {}
    for d, atom, slide in parts:
        groups.setdefault((atom, slide), set()).add(d)
    return "".join(f"[{letters}{atom}-{slide}]" for (atom, slide), dirs in sorted(groups.items())
                   for letters in dir_groups(dirs, slide[0] == "R"))


def triple_text(dirs):
    return "".join(f"{XB_DIR[d]}(paf)3{'R' if len(d) == 1 else 'B'}" for d in dirs)


def xbetza(code, betza):
    m = parse(betza)
    text = slide_text(m.slides) + jump_text(m.jumps)
    text += "".join(compound_text(*c) for c in m.compounds)
    text += triple_text(m.triple)
    if code in RANGE_CAPTURING:
        text += range_jump_text({d for d, r in m.slides.items() if r == INF})
    return text


def range_jump_text(dirs):
    """koma's range jump (Tenjiku's `(paf)cQ`) along each unlimited slide."""
    orth = {d for d in dirs if len(d) == 1}
    diag = dirs - orth
    text = ""
    for kind, atom in ((orth, "R"), (diag, "B")):
        if kind:
            text += "".join(f"{letters}(paf)c{atom}" for letters in dir_groups(kind, atom == "R"))
    return text.replace("(paf)cR(paf)cB", "(paf)cQ") if len(dirs) == 8 else text


# Kanji the data writes as ideographic description sequences (a character Unicode lacks):
# those pieces show their ID.
NO_GLYPH = {"WS", "MB"}


def title(name):
    return " ".join(w[:1].upper() + w[1:] for w in name.split(" "))


def read_rows(csv_path):
    with open(csv_path, encoding="utf-8") as f:
        return {r["code"]: r for r in csv.DictReader(f)}


def read_array(tsfen_path):
    """The first player's pieces (lowercase, bottom rows) as (code, file, rank)."""
    with open(tsfen_path, encoding="utf-8") as f:
        rows = f.read().split(" ")[0].split("/")
    out = []
    for y, row in enumerate(rows):
        x = 0
        for cell in row.split(","):
            if cell.isdigit():
                x += int(cell)
                continue
            m = re.fullmatch(r"([A-Za-z]+?)(\d*)", cell)
            for _ in range(int(m.group(2) or 1)):
                if m.group(1).islower():
                    out.append((m.group(1).upper(), x, 36 - y))
                x += 1
    return out


def square(x, rank):
    f = chr(ord("a") + x) if x < 26 else "a" + chr(ord("a") + x - 26)
    return f"{f}{rank}"


class Types:
    """koma's piece types: every piece of the array, and one type per promoted move."""

    def __init__(self, rows, on_board):
        self.rows, self.on_board = rows, on_board
        self.moves = {code: xbetza(code, r["movement"]) for code, r in rows.items()}
        self.promoted = {}  # (moves, royal, rank) -> [koma ID, [codes]]
        self.target = {}  # base code -> koma ID it promotes to
        for code in sorted(on_board, key=lambda c: list(rows).index(c)):
            promo = rows[code]["promotion"]
            if promo == "-":
                continue
            if promo in on_board and rows[promo]["promotion"] == "-":
                self.target[code] = promo  # moves alike and never promotes: the same piece
                continue
            key = (self.moves[promo], promo in ROYAL, RANGE_CAPTURING.get(promo, 0))
            entry = self.promoted.setdefault(key, ["+" + code, []])
            if promo not in entry[1]:
                entry[1].append(promo)
            self.target[code] = entry[0]

    def piece_lines(self):
        lines = []
        for code in sorted(self.on_board, key=lambda c: list(self.rows).index(c)):
            lines.append(self.line(code, code, [code], self.target.get(code)))
        lines.append("")
        lines.append("  # Promoted forms: one type per move (docs/shogi-family.md, Taikyoku's ruling 4).")
        for (_, _, _), (pid, codes) in self.promoted.items():
            lines.append(self.line(pid, codes[0], codes, None))
        return lines

    def line(self, pid, code, codes, promotes):
        name = " / ".join(title(self.rows[c]["name"]) for c in codes)
        text = f"  {pid:5} \"{name}\"  {self.moves[code]}"
        if promotes:
            text += f"  promotes {promotes}"
        if code in ROYAL:
            text += "  royal"
        if code not in NO_GLYPH:
            text += f"  glyph \"{self.rows[code]['kanji']}\""
        return text

    def ranks(self):
        """`jump-rank` tiers: the royals, then the range-capturing generals by rank."""
        tiers = {4: [], 3: [], 2: [], 1: []}
        for code in self.on_board:
            rank = 4 if code in ROYAL else RANGE_CAPTURING.get(code)
            if rank:
                tiers[rank].append(code)
        for (_, royal, rank), (pid, _) in self.promoted.items():
            if royal or rank:
                tiers[4 if royal else rank].append(pid)
        return " > ".join(" = ".join(sorted(tiers[r])) for r in (4, 3, 2, 1))

    def count(self):
        return len(self.on_board) + len(self.promoted)


def setup_lines(array):
    by_code = {}
    for code, x, rank in array:
        by_code.setdefault(code, []).append(square(x, rank))
    lines = []
    for code, squares in by_code.items():
        lines.append(f"  {code:5} " + " ".join(squares))
    return lines


HEADER = """\
# Taikyoku Shogi, the 36x36 "ultimate shogi" (16th century; rediscovered in 1997): 402 pieces
# of 209 types a side at the start, 301 kinds with the promoted forms. Capture every King and
# Crown Prince; promotion on entering the far eleven ranks, compulsory. No engine that counts
# moves plays it: docs/shogi-family.md#taikyoku-shogi-36x36 gives the sources and rulings.
#
# Written by tests/perft/crosscheck/taikyoku_data.py from the taikyoku-shogi.github.io data
# (MIT; Wikipedia's tables checked against Umebayashi and Okano's Sekai no Shogi, the one
# published transcription of the Ohashi family's Taikyoku Shogi Koma).
variant "Taikyoku Shogi"
inventor "traditional"
year 1550  # approximate: "created around the mid-16th century" (Wikipedia)
source "https://en.wikipedia.org/wiki/Taikyoku_shogi"

board 36 x 36

# The moves use XBetza's brackets (`[D-R]`, a leap then a slide on) and groups (`(paf)3R`, up to
# three pieces leapt), which koma reads as docs/xbetza.md says; the lint that warns about other
# programs' readings is allowed for the whole file.
#[allow(ambiguous-betza)]
pieces"""

RULES = """\
rules
  # The far eleven ranks; a move that ends there, or whose first leg stops there, promotes,
  # with no choice (the site's Game.ts; Wikipedia).
  promotion zone 11
  promotion on enter inside mid-move
  promotion automatic

  # Capture every King and Crown Prince; no check or checkmate (Wikipedia).
  win extinction
  stalemate loses

  # Range capture read as Tenjiku's range jump: the generals leap only pieces that rank below
  # them (the site's ranks: royals 4, Great General 3, Vice General 2, the other four 1).
  jump-rank {ranks}

  # The sources are silent on repetition; as tai-shogi.koma (a fourth repetition draws).
  draw repetition 4
"""


def write(csv_path, tsfen_path):
    rows, array = read_rows(csv_path), read_array(tsfen_path)
    types = Types(rows, {code for code, _, _ in array})
    out = [HEADER] + types.piece_lines()
    out += ["", "# The first player's half, as the site's start position; the second player's is its",
            "# rotation. The promotion zone reaches the far eleven ranks, past no starting piece.",
            "setup rotate"] + setup_lines(array)
    out += ["", RULES.format(ranks=types.ranks())]
    return "\n".join(out), types


def write_parts(csv_path, tsfen_path, directory):
    rows, array = read_rows(csv_path), read_array(tsfen_path)
    types = Types(rows, {code for code, _, _ in array})
    lines = [l for l in types.piece_lines() if l.strip() and not l.strip().startswith("#")]
    for n, start in enumerate(range(0, len(lines), 120)):
        body = []
        for line in lines[start:start + 120]:
            line = re.sub(r"  promotes \S+|  royal", "", line)
            body.append(re.sub(r"^  \+", "  Z", line))
        text = (f'variant "Taikyoku Shogi moves, part {n + 1}"\n\nboard 36 x 36\n\npieces\n'
                '  ROYAL "Royal"  K  royal\n' + "\n".join(body)
                + "\n\nsetup rotate\n  ROYAL a1\n\nrules\n  win extinction\n")
        with open(f"{directory}/taikyoku-moves-{n + 1}.koma", "w", encoding="utf-8") as f:
            f.write(text)


def formatted(text):
    """`text` in koma's canonical layout (`koma fmt`), as the shipped file is kept."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "taikyoku-shogi.koma")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        subprocess.run([os.environ.get("KOMA", "koma"), "fmt", path], check=True,
                       stdout=subprocess.DEVNULL)
        with open(path, encoding="utf-8") as f:
            return f.read()


def main(argv):
    if len(argv) >= 3 and argv[0] == "write":
        text, _ = write(argv[1], argv[2])
        sys.stdout.write(text)
    elif len(argv) >= 3 and argv[0] == "count":
        _, types = write(argv[1], argv[2])
        print(f"{len(types.on_board)} types on the board, {len(types.promoted)} promoted types: "
              f"{types.count()}")
    elif len(argv) >= 4 and argv[0] == "parts":
        write_parts(argv[1], argv[2], argv[3])
    elif len(argv) >= 4 and argv[0] == "check":
        text, _ = write(argv[1], argv[2])
        with open(argv[3], encoding="utf-8") as f:
            same = f.read() == formatted(text)
        print("same" if same else f"{argv[3]} differs from the data")
        return 0 if same else 1
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
