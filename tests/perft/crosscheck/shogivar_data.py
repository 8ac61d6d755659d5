#!/usr/bin/env python3
"""Compare a koma file with Steve Evans's ShogiVar data (Debian's `shogivar-data`).

ShogiVar 1.55b plays the large shogi games through its GTK board only: no perft, no protocol.
Its data files are the one complete second reading of Dai Dai, Maka Dai Dai and Tai Shogi, so
this script compares them with koma's files in the two ways the data allows:

* the start array, square by square (koma's start position against the .dat array);
* each piece's move on an empty board: the squares a lone piece reaches in koma against the
  squares its ShogiVar ranges give (hook movers, Lion power and the Emperor are named, not
  compared: their squares depend on more than the ranges).

The .dat format (docs/shogi-family.md, Dai Dai's source 7): a title, a bitmap name, a header
whose second field is the board size; then one line per piece: number, name, abbreviation, two
values, the number of its promoted form (0: none), two more fields, its range in the eight
directions forward, back, left, right, forward-left, forward-right, back-left, back-right (1-5
steps, 64 a slide, 128 a leap to the second square, 192 both, 512 Lion power along the line,
1024 the shogi Knight's leap, 2048 a hook move), a special power (L Lion, E Emperor, C Prince),
and two flags; then the array, size x size numbers from the top rank down, each file from the
first player's left, negative for the second player's pieces.

Usage (from the repository root, KOMA=target/ci/koma):

    shogivar_data.py table Maka.dat                  # every piece, its reading in XBetza
    shogivar_data.py compare Maka.dat variants/maka-dai-dai-shogi.koma \
        --ids maka|tai|K=K,P=P,... [--expect-moves-differ +CC] [--royal E]

`compare` exits 0 when the arrays agree and the pieces whose moves differ are exactly those of
`--expect-moves-differ` (koma IDs): the readings docs/shogi-family.md rules on.
"""

import argparse
import json
import os
import subprocess
import sys

DIRECTIONS = [  # (name, dx, dy) for the first player, forward = up
    ("f", 0, 1), ("b", 0, -1), ("l", -1, 0), ("r", 1, 0),
    ("fl", -1, 1), ("fr", 1, 1), ("bl", -1, -1), ("br", 1, -1),
]
SPECIAL = {"L": "Lion power", "E": "Emperor", "C": "Prince"}


# koma's IDs for ShogiVar's abbreviations in the shipped files (`--ids maka`, `--ids tai`).
PRESETS = {
    "maka": (
        "K=K,P=P,L=L,S=S,G=G,C=C,B=B,R=R,AB=AB,DH=DH,DK=DK,BB=BB,FL=FL,FK=Q,BT=BT,Ky=KY,"
        "Ph=PH,Ln=LN,RC=RV,SM=SM,VM=VM,BDe=BDV,CSw=CT,Ca=CA,CC=CC,CS=CS,DSp=DS,EW=EW,"
        "DV=DV,FD=FY,Do=DY,DE=DE,Ea=EA,GB=GB,GG=GG,N=N,HM=HM,OM=OM,I=I,LCh=LC,RD=RD,LD=LD,"
        "SF=SF,T=T,Wr=WR,RCh=RC,SD=SD,St=O,VO=VO,OR=OR,FF=+LN,Bt=+OR,BSp=+DS,E=+K,FBe=+BB,"
        "FBo=+AB,FC=+CT,FCo=+C,FDr=+RD,FEa=+EA,FG=+GB,FGo=+G,FIr=+I,FLp=+FL,FSe=+CS,"
        "FSi=+S,FSt=+O,FT=+BT,FTi=+T,FW=+EW,GBd=+PH,GD=+KY,MW=+OM,Pr=+DE,+P=+P,TK=+DV,"
        "WS=+CC"
    ),
    "tai": (
        "E=E,P=P,L=L,S=S,G=G,C=C,B=B,R=R,AB=AB,DH=DH,DK=DK,BB=BB,FL=FL,FK=Q,BT=BT,Ky=KY,"
        "Ph=PH,Ln=LN,RC=RV,SM=SM,VM=VM,BDe=BDV,CSw=CT,Ca=CA,CC=CC,CS=CS,DSp=DS,EW=EW,"
        "DV=DV,FD=FY,Do=DY,DE=DE,Ea=EA,GB=GB,GG=GG,N=N,HM=HM,OM=OM,I=I,LCh=LC,RD=RD,LD=LD,"
        "BD=BD,T=T,Wr=WR,RCh=RC,SD=SD,St=O,VO=VO,OR=OR,BM=BM,CP=CP,D=DO,EB=BE,EBa=EB,"
        "FH=FH,FDe=FR,FTp=FT,GBd=GO,GD=GD,HD=HD,LG=LG,RG=RG,LGn=TG,NK=NK,NB=BN,OK=OK,"
        "RB=RB,SB=BS,SBr=SB,WBf=WB,WB=BW,W=WL,WE=WE,WH=WH,WT=WT,Wo=W,FE=FEG,FO=FO,GDe=GDE,"
        "HF=HF,PC=PC,PS=PS,PSt=PR,RS=RS,SDr=SDR,SCh=SCH,SDe=SDE,SE=SE,So=SO,TS=TS,VS=VS,"
        "VBe=VB,BSp=+DS,FEl=+BN,FF=+LN,GE=+LD,MW=+BM,SMo=+PR,TK=+DV,WS=+CC"
    ),
}


class Piece:
    def __init__(self, fields):
        self.number = int(fields[0])
        self.name = fields[1]
        self.abbr = fields[2]
        self.promotes = int(fields[5])
        self.ranges = [int(x) for x in fields[8:16]]
        self.special = fields[16].strip()


def read_dat(path):
    with open(path, encoding="latin-1") as f:
        lines = [line.strip() for line in f.read().replace("\r", "").split("\n")]
    size = int(lines[2].split(",")[1])
    pieces, numbers = {}, []
    for line in lines[3:]:
        fields = [x.strip() for x in line.split(",")]
        if len(fields) > 2 and not fields[1].lstrip("-").isdigit() and fields[1]:
            p = Piece(fields)
            pieces[p.number] = p
        elif fields and fields[0].lstrip("-").isdigit():
            numbers.extend(int(x) for x in fields if x.lstrip("-").isdigit())
    array = numbers[: size * size]
    return size, pieces, array


def squares(size, array):
    """(square name, number) for every occupied square, koma's square names."""
    out = {}
    for i, n in enumerate(array):
        if n == 0:
            continue
        rank = size - i // size
        file = i % size
        out[f"{file_name(file)}{rank}"] = n
    return out


def file_name(i):
    return chr(ord("a") + i) if i < 26 else "a" + chr(ord("a") + i - 26)


def xbetza(piece):
    """ShogiVar's ranges written in XBetza (hooks, Lion power and the Emperor named aside)."""
    if piece.special == "E":
        return "U"
    by_code = {}
    for (name, _, _), code in zip(DIRECTIONS, piece.ranges):
        if code:
            by_code.setdefault(code, []).append(name)
    terms = []
    for code, dirs in sorted(by_code.items()):
        orth = [d for d in dirs if len(d) == 1]
        diag = [d for d in dirs if len(d) == 2]
        for group, step, slide, leap in ((orth, "W", "R", "D"), (diag, "F", "B", "A")):
            if not group:
                continue
            for mods in modifiers(group):
                terms.append(mods + atom_for(code, step, slide, leap, mods))
    text = "".join(terms)
    if piece.special in ("L", "C"):
        text += f" + {SPECIAL[piece.special]}"
    return text


def atom_for(code, step, slide, leap, mods):
    """The XBetza atom of one ShogiVar range code (`step` W or F, `slide` R or B, `leap` D or A)."""
    if code <= 5:
        return step + (str(code) if code > 1 else "")
    named = {64: slide, 128: leap, 192: slide + mods + leap, 512: step + "2(lion)", 1024: "N",
             2048: slide + "(hook)"}
    return named.get(code, f"?{code}")


def modifiers(dirs):
    """XBetza modifiers covering a set of directions of one atom kind, one per term."""
    if len(dirs) == 4:
        return [""]
    pairs = {("f", "b"): "v", ("l", "r"): "s", ("fl", "fr"): "f", ("bl", "br"): "b",
             ("fl", "bl"): "l", ("fr", "br"): "r"}
    left = list(dirs)
    out = []
    for pair, mod in pairs.items():
        if set(pair) <= set(left):
            out.append(mod)
            left = [d for d in left if d not in pair]
    return out + left


def reach(piece, size, x, y):
    """The squares a lone first-player piece on (x, y) reaches on an empty board, or None
    when its move is not a plain function of its ranges (hook, Lion power, Emperor)."""
    if piece.special in ("L", "E") or 2048 in piece.ranges:
        return None
    out = set()
    for (_, dx, dy), code in zip(DIRECTIONS, piece.ranges):
        if code == 0:
            continue
        if code == 1024:
            for kx in (-1, 1):
                out.add((x + kx, y + 2))
            continue
        if code <= 5:
            dists = range(1, code + 1)
        elif code in (64, 192):
            dists = range(1, size)
        elif code == 128:
            dists = [2]
        elif code == 512:
            dists = [1, 2]
        else:
            return None
        for d in dists:
            out.add((x + dx * d, y + dy * d))
    return {(a, b) for a, b in out if 0 <= a < size and 0 <= b < size}


def koma(*args):
    exe = os.environ.get("KOMA", "target/ci/koma")
    done = subprocess.run([exe, *args], capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"koma {' '.join(args)}: {done.stderr}")
    return done.stdout


def koma_squares(position_text, size):
    """The occupied squares of a koma position text: name -> (first player?, ID)."""
    board = position_text.split(" ")[0]
    out = {}
    for r, row in enumerate(board.split("/")):
        rank, file, i = size - r, 0, 0
        while i < len(row):
            c = row[i]
            if c.isdigit():
                j = i
                while j < len(row) and row[j].isdigit():
                    j += 1
                file += int(row[i:j])
                i = j
                continue
            plus = ""
            if c == "+":
                plus, i = "+", i + 1
                c = row[i]
            if c == "[":
                j = row.index("]", i)
                ident, i = row[i + 1 : j], j + 1
            else:
                ident, i = c, i + 1
            out[f"{file_name(file)}{rank}"] = (ident[0].isupper(), plus + ident.upper())
            file += 1
    return out


def placement(ident, first):
    shown = ident if first else ident.lower()
    body = f"[{shown.lstrip('+')}]" if len(ident.lstrip("+")) > 1 else shown.lstrip("+")
    return ("+" if ident.startswith("+") else "") + body


def lone_position(ident, size, centre, royal):
    """A position text with the first player's `ident` on `centre` and both Kings tucked a
    knight's leap from the corners, off every line through the centre."""
    cells = {centre: placement(ident, True)}
    kings = {(1, 0): placement(royal, True), (size - 2, size - 1): placement(royal, True).lower()}
    rows = []
    for y in range(size - 1, -1, -1):
        row, empty = "", 0
        for x in range(size):
            piece = cells.get((x, y)) or kings.get((x, y))
            if piece is None:
                empty += 1
                continue
            if empty:
                row, empty = row + str(empty), 0
            row += piece
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + " w"


def compare(args):
    size, pieces, array = read_dat(args.dat)
    ids = dict(pair.split("=") for pair in PRESETS.get(args.ids, args.ids).split(","))
    by_abbr = {p.abbr: p for p in pieces.values()}
    missing = [p.abbr for p in pieces.values() if p.abbr not in ids]
    if missing:
        sys.exit(f"no koma ID for {', '.join(sorted(set(missing)))}")
    start = json.loads(koma("moves", args.koma, "--format", "json"))["position"]
    theirs = {sq: (n > 0, ids[pieces[abs(n)].abbr]) for sq, n in squares(size, array).items()}
    ours = koma_squares(start, size)
    array_diff = sorted(set(theirs.items()) ^ set(ours.items()))
    for sq, piece in array_diff:
        print(f"array: {sq} {'ShogiVar' if (sq, piece) in theirs.items() else 'koma'} {piece}")
    print(f"array: {len(theirs)} pieces, {len(array_diff)} differences")

    centre = (size // 2, size // 2)
    differ, skipped = [], []
    for abbr, ident in sorted(ids.items(), key=lambda kv: kv[1]):
        piece = by_abbr[abbr]
        theirs_reach = reach(piece, size, *centre)
        if theirs_reach is None:
            skipped.append(ident)
            continue
        text = lone_position(ident, size, centre, args.royal)
        moves = json.loads(koma("moves", args.koma, "--fen", text, "--format", "json"))
        name = f"{file_name(centre[0])}{centre[1] + 1}"
        ours_reach = set()
        for m in moves["moves"]:
            if m["from"] == name and m["to"] != name:
                to = m["to"]
                ours_reach.add((ord(to[0]) - ord("a"), int(to[1:]) - 1))
        if ours_reach != theirs_reach:
            differ.append(ident)
            print(f"moves: {ident} ({piece.name}) ShogiVar {xbetza(piece)}: "
                  f"{len(theirs_reach - ours_reach)} squares only ShogiVar's, "
                  f"{len(ours_reach - theirs_reach)} only koma's")
    print(f"moves: {len(ids) - len(skipped)} pieces compared, {len(differ)} differ; "
          f"not compared (hook, Lion power, Emperor): {' '.join(skipped)}")
    expected = set(filter(None, args.expect_moves_differ.split(",")))
    if array_diff or set(differ) != expected:
        print(f"unexpected: differ {sorted(set(differ) - expected)}, "
              f"agree {sorted(expected - set(differ))}")
        return 1
    return 0


def table(args):
    size, pieces, array = read_dat(args.dat)
    counts = {}
    for n in array:
        if n > 0:
            counts[n] = counts.get(n, 0) + 1
    print(f"board {size} x {size}, {sum(counts.values())} pieces a side")
    for p in pieces.values():
        promoted = pieces[p.promotes].name if p.promotes in pieces and p.promotes != p.number \
            else "-"
        print(f"{p.number:3} {p.abbr:4} {p.name:22} x{counts.get(p.number, 0)} "
              f"{xbetza(p):28} -> {promoted}")
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    t = sub.add_parser("table")
    t.add_argument("dat")
    c = sub.add_parser("compare")
    c.add_argument("dat")
    c.add_argument("koma")
    c.add_argument("--ids", required=True)
    c.add_argument("--expect-moves-differ", default="")
    c.add_argument("--royal", default="K", help="the royal to stand beside the lone piece")
    args = parser.parse_args()
    sys.exit(table(args) if args.command == "table" else compare(args))


if __name__ == "__main__":
    main()
