#!/usr/bin/env python3
"""A small move generator for the five seed games, written from their rule pages' prose (see
docs/seed-rulings.md), not from koma's code: no XBetza, no tables, every piece is a Python
function of what the page says it does. It prints perft(1) and perft(2) for the midgame
positions below, which tests/perft/seeds.perft records, and with KOMA set (or a built
target/release/koma) compares them with `koma perft`.

A move is its effect: start, end, the squares it captures on the way or at the end, the
squares it burns, and the promotion. Two routes with the same effect are one move.
Run from the repository root: python3 tests/perft/crosscheck/seed_pages.py
"""
import os
import subprocess
import sys

KING = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]
ORTH = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]


class Pos:
    def __init__(self, game, fen):
        self.g = game
        rows, side = fen.split()[0], fen.split()[1]
        self.side = 0 if side == "w" else 1
        self.cells = {}  # (x, y) -> (side, id); squares that exist map to None when empty
        rows = rows.split("/")
        for r, row in enumerate(rows):
            y = game.h - 1 - r
            x, i = 0, 0
            while i < len(row):
                c = row[i]
                if c.isdigit():
                    j = i
                    while j < len(row) and row[j].isdigit():
                        j += 1
                    for _ in range(int(row[i:j])):
                        self.cells[(x, y)] = None
                        x += 1
                    i = j
                    continue
                if c == "*":
                    x += 1
                    i += 1
                    continue
                plus = ""
                if c == "+":
                    plus = "+"
                    i += 1
                    c = row[i]
                if c == "[":
                    j = row.index("]", i)
                    name = row[i + 1 : j]
                    i = j + 1
                else:
                    name = c
                    i += 1
                owner = 0 if name.isupper() else 1
                self.cells[(x, y)] = (owner, plus + name.upper())
                x += 1
        self.passed = False

    def on(self, s):
        return s in self.cells

    def at(self, s):
        return self.cells.get(s)

    def fwd(self, side, d):
        return d if side == 0 else (-d[0], -d[1])


def add(s, d, k=1):
    return (s[0] + d[0] * k, s[1] + d[1] * k)


# ---- pieces: each yields (to, victims, stops): victims = squares the piece itself empties of
# enemies (the destination included when it captures), stops = squares a two-step route stops
# on in the middle.


def steps(p, s, side, dirs, rng=1):
    for d in dirs:
        d = p.fwd(side, d)
        for k in range(1, rng + 1):
            t = add(s, d, k)
            if not p.on(t):
                break
            c = p.at(t)
            if c is None:
                yield t, frozenset(), ()
                continue
            if c[0] != side:
                yield t, frozenset([t]), ()
            break


def slides(p, s, side, dirs):
    return steps(p, s, side, dirs, 99)


def leaps(p, s, side, vecs):
    for d in vecs:
        t = add(s, p.fwd(side, d))
        if p.on(t):
            c = p.at(t)
            if c is None:
                yield t, frozenset(), ()
            elif c[0] != side:
                yield t, frozenset([t]), ()


def lion(p, s, side):
    """Chu's Lion: "moves as a King twice per turn": a King step, a jump to any square two away,
    or two King steps: capture on the first and go on (or come back: igui), or step out to an
    empty square and on, or back (a pass)."""
    yield from leaps(p, s, side, KING)
    yield from leaps(p, s, side, [(dx, dy) for dx in range(-2, 3) for dy in range(-2, 3) if max(abs(dx), abs(dy)) == 2])
    for d in KING:
        s1 = add(s, d)
        if not p.on(s1):
            continue
        c1 = p.at(s1)
        if c1 is not None and c1[0] == side:
            continue
        first = frozenset([s1]) if c1 is not None else frozenset()
        for e in KING:
            s2 = add(s1, e)
            if not p.on(s2):
                continue
            c2 = None if s2 == s else p.at(s2)
            if c2 is None:
                yield s2, first, (s1,)
            elif c2[0] != side:
                yield s2, first | {s2}, (s1,)


def free_eagle_suzumu(p, s, side):
    """Suzumu / Kuuzen Dai Free Eagle: Queen, or "two diagonal steps, in independently chosen
    directions", the first possibly a jump or a capture."""
    yield from slides(p, s, side, KING)
    for d in DIAG:
        s1 = add(s, d)
        if not p.on(s1):
            continue
        c1 = p.at(s1)
        for e in DIAG:
            s2 = add(s1, e)
            if not p.on(s2):
                continue
            c2 = None if s2 == s else p.at(s2)
            if c2 is not None and c2[0] == side:
                continue
            captured = frozenset([s2]) if c2 is not None else frozenset()
            if c1 is not None and c1[0] != side:  # capture on the first step, or jump it
                yield s2, captured | {s1}, (s1,)
            if s2 != s or c1 is None:  # a jump (or a step out and back: a pass)
                yield s2, captured, (s1,)


def area(p, s, side, n, may_return, max_caps):
    """Up to n King steps through empty squares, stopping at a capture (Suzumu's Fire Demon:
    n = 3, may end on its start; Minjiku's Lion / Fire Dragon: n = 2, never back)."""
    frontier = {s}
    seen = set()
    for _ in range(n):
        nxt = set()
        for a in frontier:
            for d in KING:
                t = add(a, d)
                if not p.on(t):
                    continue
                c = None if t == s else p.at(t)
                if c is None:
                    if t != s or may_return:
                        seen.add((t, frozenset()))
                    nxt.add(t)
                elif c[0] != side and max_caps:
                    seen.add((t, frozenset([t])))
        frontier = nxt
    for t, v in seen:
        yield t, v, ()


def igui(p, s, side, up_to):
    """Capture one (or up to two) adjacent enemies without moving."""
    enemies = [add(s, d) for d in KING if p.on(add(s, d)) and p.at(add(s, d)) and p.at(add(s, d))[0] != side]
    for a in enemies:
        yield s, frozenset([a]), ()
        if up_to == 2:
            for b in enemies:
                if a < b:
                    yield s, frozenset([a, b]), ()


def tengu(p, s, side):
    """Tengu: "steps one square orthogonally, or slides as a Bishop, and may turn 90 degrees
    once on an empty square and slide on"."""
    yield from steps(p, s, side, ORTH)
    for d in DIAG:
        t = s
        while True:
            t = add(t, d)
            if not p.on(t):
                break
            c = p.at(t)
            if c is not None:
                if c[0] != side:
                    yield t, frozenset([t]), ()
                break
            yield t, frozenset(), ()
            for e in DIAG:
                if e[0] * d[0] + e[1] * d[1] != 0:
                    continue
                u = t
                while True:
                    u = add(u, e)
                    if not p.on(u):
                        break
                    c2 = None if u == s else p.at(u)
                    if c2 is not None:
                        if c2[0] != side:
                            yield u, frozenset([u]), ()
                        break
                    yield u, frozenset(), ()


# ---- the games


class Game:
    pass


def common(g, w, h):
    g.w, g.h = w, h


def pieces_basic():
    return {
        "K": lambda p, s, side: steps(p, s, side, KING),
        "G": lambda p, s, side: steps(p, s, side, ORTH + [(1, 1), (-1, 1)]),
        "+P": lambda p, s, side: steps(p, s, side, ORTH + [(1, 1), (-1, 1)]),
        "P": lambda p, s, side: steps(p, s, side, [(0, 1)]),
        "R": lambda p, s, side: slides(p, s, side, ORTH),
        "B": lambda p, s, side: slides(p, s, side, DIAG),
        "Q": lambda p, s, side: slides(p, s, side, KING),
        "LN": lion,
    }


def suzumu():
    g = Game()
    common(g, 16, 16)
    g.name = "suzumu-shogi"
    g.moves = pieces_basic()
    g.moves["FE"] = free_eagle_suzumu
    g.moves["FD"] = lambda p, s, side: _chain(
        slides(p, s, side, [(1, 0), (-1, 0)] + DIAG), area(p, s, side, 3, True, 1), igui(p, s, side, 2)
    )
    g.promotes = {"P": "+P", "G": "+G", "LN": "+LN"}
    g.zone = 5
    g.trigger = "start-or-end"
    g.kind = "optional"
    g.royal = {"K"}
    g.win = "extinction"
    g.burn = dict(burners={"FD"}, area=KING, choose=2, active=True, passive=False, meets=False, immune={"FD"}, on_promotion=False)
    g.not_after_pass = True
    return g


def kyou():
    g = Game()
    common(g, 12, 12)
    g.name = "kyou-shogi"
    g.moves = pieces_basic()
    g.moves["FD"] = lambda p, s, side: _chain(slides(p, s, side, DIAG), steps(p, s, side, [(1, 0), (-1, 0)], 2))
    g.promotes = {"P": "+P", "LN": "+LN"}
    g.zone = 4
    g.trigger = "enter-mid-move"
    g.kind = "automatic"
    g.royal = {"K"}
    g.win = "extinction"
    g.burn = dict(burners={"FD"}, area=KING, choose=None, active=True, passive=True, meets=True, immune=set(), on_promotion=False)
    g.not_after_pass = False
    return g


def kuuzen():
    g = Game()
    common(g, 15, 15)
    g.name = "kuuzen-dai-shogi"
    g.moves = pieces_basic()
    g.moves["+Q"] = free_eagle_suzumu
    g.moves["N"] = lambda p, s, side: leaps(p, s, side, KNIGHT)
    g.promotes = {"P": "+P", "G": "+G", "LN": "+LN", "N": "+N"}
    g.zone = 5
    g.trigger = "enter-capture-in-zone"
    g.kind = "optional"
    g.royal = {"K"}
    g.win = "extinction"
    g.burn = None
    g.not_after_pass = False
    return g


def tengu_dai():
    g = Game()
    common(g, 15, 15)
    g.name = "tengu-dai-shogi"
    g.moves = pieces_basic()
    g.moves["TG"] = tengu
    g.promotes = {"P": "+P", "G": "+G"}
    g.zone = 5
    g.trigger = "enter-capture-in-zone"
    g.kind = "optional"
    g.royal = {"K"}
    g.win = "extinction"
    g.burn = None
    g.not_after_pass = False
    g.tengu_trade = True
    return g


def minjiku():
    g = Game()
    common(g, 10, 12)
    g.name = "minjiku-shogi"
    g.moves = pieces_basic()
    g.moves["F"] = lambda p, s, side: _chain(slides(p, s, side, KING), area(p, s, side, 2, False, 1))
    g.moves["+Q"] = g.moves["F"]
    g.promotes = {"P": "+P", "G": "+G", "Q": "+Q"}
    g.zone = 3
    g.zone_rows = (8, 10)  # grid rows of the camp (ranks 8-10; the grid's row 0 is rank 0)
    g.trigger = "enter-capture-inside-zone"
    g.kind = "optional"
    g.royal = {"K"}
    g.win = "checkmate"
    g.burn = dict(burners={"F", "+Q"}, area=DIAG, choose=None, active=True, passive=True, meets=True, immune=set(), on_promotion=True)
    g.not_after_pass = True
    g.vanishing = {(4, 0), (5, 0), (4, 11), (5, 11)}
    return g


def _chain(*gens):
    for gen in gens:
        yield from gen


def in_zone(g, side, s):
    if hasattr(g, "zone_rows"):
        lo, hi = g.zone_rows
        y = s[1] if side == 0 else g.h - 1 - s[1]
        return lo <= y <= hi
    y = s[1] if side == 0 else g.h - 1 - s[1]
    return y >= g.h - g.zone


def fires(g, side, s, t, capture, stops):
    a, b = in_zone(g, side, s), in_zone(g, side, t)
    if g.trigger == "start-or-end":
        return a or b
    if g.trigger == "enter-mid-move":
        return not a and (b or any(in_zone(g, side, m) for m in stops))
    if g.trigger == "enter-capture-in-zone":
        return (not a and b) or (capture and (a or b))
    if g.trigger == "enter-capture-inside-zone":
        return (not a and b) or (capture and a and b)
    raise ValueError(g.trigger)


def pseudo(p):
    g = p.g
    side = p.side
    if g.win == "extinction" and not any(c and c[0] == side and c[1] in g.royal for c in p.cells.values()):
        return []
    out = set()
    for s, c in list(p.cells.items()):
        if not c or c[0] != side:
            continue
        ident = c[1]
        for t, victims, stops in g.moves[ident](p, s, side):
            capture = bool(victims)
            options = [None]
            if ident in g.promotes and fires(g, side, s, t, capture, stops):
                options = [g.promotes[ident]] if g.kind == "automatic" else [g.promotes[ident], None]
            for promo in options:
                for burns in burn_sets(p, s, t, ident, promo, victims):
                    out.add((s, t, victims, burns, promo))
    moves = sorted(out, key=repr)
    # One pass per position, whichever piece makes it; not right after a pass.
    passes = [m for m in moves if m[0] == m[1] and not m[2] and not m[3] and m[4] is None]
    moves = [m for m in moves if m not in passes]
    if passes and not (g.not_after_pass and p.passed):
        moves.append(passes[0])
    if g.__dict__.get("tengu_trade"):
        moves = [m for m in moves if not (p.at(m[0])[1] == "TG" and any(p.at(v) and p.at(v)[1] == "TG" for v in m[2]))]
    return moves


def burn_sets(p, s, t, ident, promo, victims):
    b = p.g.burn
    if b is None:
        return [frozenset()]
    side = p.side
    placed = promo or ident
    gone = set(victims)
    # Passive: the mover ends next to an enemy burner that is still there.
    burned = silenced = False
    for d in b["area"]:
        r = add(t, p.fwd(side, d))
        c = p.at(r) if r != s else None
        if c and c[0] != side and c[1] in b["burners"] and r not in gone:
            if b["passive"] and placed not in b["immune"]:
                burned = True
            if b["meets"] and placed in b["burners"]:
                burned = silenced = True
    base = {t} if burned else set()
    burns_now = b["active"] and placed in b["burners"] and (ident in b["burners"] or b["on_promotion"])
    if silenced or t == s or not burns_now:
        return [frozenset(base)]
    cands = []
    for d in b["area"]:
        r = add(t, p.fwd(side, d))
        c = p.at(r) if r != s else None
        if c and c[0] != side and c[1] not in b["immune"] and r not in gone:
            cands.append(r)
    if b["choose"] is None:
        return [frozenset(base | set(cands))]
    out = [frozenset(base)]
    for i, a in enumerate(cands):
        out.append(frozenset(base | {a}))
        if b["choose"] >= 2:
            for c2 in cands[i + 1 :]:
                out.append(frozenset(base | {a, c2}))
    return out


def make(p, m):
    s, t, victims, burns, promo = m
    q = Pos.__new__(Pos)
    q.g, q.cells, q.side = p.g, dict(p.cells), 1 - p.side
    mover = q.cells[s]
    q.cells[s] = None
    for v in victims | burns:
        if v != t:
            q.cells[v] = None
    q.cells[t] = (mover[0], promo or mover[1])
    if t in burns:
        q.cells[t] = None
    if t != s and s in getattr(p.g, "vanishing", ()) and q.cells[s] is None:
        del q.cells[s]
    q.passed = s == t and not victims and not burns and promo is None
    return q


def attacked_royal(p, side):
    """Under checkmate rules: could the opponent remove a royal of `side` next move?"""
    q = Pos.__new__(Pos)
    q.g, q.cells, q.side, q.passed = p.g, p.cells, 1 - side, False
    royals = {s for s, c in p.cells.items() if c and c[0] == side and c[1] in p.g.royal}
    for m in pseudo(q):
        if royals & (set(m[2]) | set(m[3]) | {m[1]}):
            return True
    return False


def legal(p):
    moves = pseudo(p)
    if p.g.win != "checkmate":
        return moves
    out = []
    for m in moves:
        q = make(p, m)
        royals = [s for s, c in q.cells.items() if c and c[0] == p.side and c[1] in p.g.royal]
        if royals and not attacked_royal(q, p.side):
            out.append(m)
    return out


def perft(p, depth):
    moves = legal(p)
    if depth == 1:
        return len(moves)
    return sum(perft(make(p, m), depth - 1) for m in moves)


# The positions: midgame positions built for the rules each page states (none is koma output).
CASES = [
    # Suzumu: White Fire Demon g8 (chosen burns of non-Fire-Demons, igui, area move, pass),
    # Free Eagle i8, Lion k9; Black Fire Demon h10, Lion m12, pawns and a Gold near them.
    ("suzumu-mid", suzumu, "15k/16/16/16/12[ln]3/11g4/6p[fd]p7/10[LN]5/6[FD]1[FE]7/16/16/3PP11/16/2G13/16/K15 w"),
    ("suzumu-mid-black", suzumu, "15k/16/16/16/12[ln]3/11g4/6p[fd]p7/10[LN]5/6[FD]1[FE]7/16/16/3PP11/16/2G13/16/K15 b"),
    # Kyou: White Lion c8 below the zone (routes through it promote), Fire Demon f5 near
    # enemies (automatic active and passive burns), Pawn h8 about to enter next to the Black
    # Fire Demon i10 (it promotes and burns).
    ("kyou-mid", kyou, "11k/12/4[ln]3[fd]3/6p5/2[LN]4P4/5p6/12/5[FD]6/6P5/12/12/K11 w"),
    ("kyou-mid-black", kyou, "11k/12/4[ln]3[fd]3/6p5/2[LN]4P4/5p6/12/5[FD]6/6P5/12/12/K11 b"),
    # Kuuzen Dai: the Free Eagle (promoted Queen) h8 among enemies, a Lion j9 near the zone
    # (promotion on entering or capturing in the zone), a chess Knight.
    ("kuuzen-mid", kuuzen, "14k/15/15/9g5/6p1p6/9[ln]5/9[LN]5/7+Q7/15/4N10/15/15/15/15/K14 w"),
    # Tengu Dai: Tengus that may turn once, and may never take each other.
    ("tengu-mid", tengu_dai, "14k/15/15/15/10[tg]4/15/4p10/15/7[TG]7/15/15/3[tg]11/15/15/K14 w"),
    # Minjiku: checkmate rules with burn checks; a Queen c6 that may promote to a Fire Dragon on
    # entering the camp (and burn at once), a Black Fire Dragon g5 whose burns give check.
    ("minjiku-mid", minjiku, "****k1****/10/10/4p5/10/2Q7/6f3/10/10/3P6/3G6/****1K**** w"),
    ("minjiku-mid-black", minjiku, "****k1****/10/10/4p5/10/2Q7/6f3/10/10/3P6/3G6/****1K**** b"),
]


def main():
    koma = os.environ.get("KOMA", "target/release/koma")
    ok = True
    for name, game, fen in CASES:
        g = game()
        p = Pos(g, fen)
        counts = [perft(p, 1), perft(p, 2)]
        line = f"{name}: perft 1 {counts[0]}, perft 2 {counts[1]}"
        if os.path.exists(koma):
            got = []
            for d in (1, 2):
                r = subprocess.run([koma, "perft", f"variants/{g.name}.koma", "--depth", str(d), "--fen", fen], capture_output=True, text=True)
                last = [l for l in r.stdout.splitlines() if l.startswith("nodes")]
                got.append(int(last[-1].split()[1]) if last else None)
            same = got == counts
            ok &= same
            line += f"   koma {got[0]}, {got[1]}" + ("" if same else "   MISMATCH")
        print(line)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
