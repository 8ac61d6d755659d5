#!/usr/bin/env python3
"""Lists production functions longer than a limit (default 80 lines), longest first.

Usage: scripts/long-functions.py [--limit N] [DIR...]   (default: every crate's sources)

A function runs from its `fn` line to the closing brace at the same indentation (the tree is
rustfmt-formatted). Test code is skipped: `tests/`, `benches/`, and `#[cfg(test)]` modules.
A function whose preceding comment lines contain `long:` is listed apart, with its reason.
"""
import os
import re
import sys

FN = re.compile(r"^(\s*)(pub(\([^)]*\))?\s+)?(const\s+)?(async\s+)?(unsafe\s+)?fn\s+(\w+)")
DEFAULT = ["grammar/src", "compiler/src", "web/src", "lsp/src", "python/src", "wasm/src", "src",
           "runtime/src", "engine/src"]


def functions(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    skip_indent = None
    i = 0
    while i < len(lines):
        line = lines[i]
        if skip_indent is not None:
            if line == skip_indent + "}":
                skip_indent = None
            i += 1
            continue
        if line.strip() == "#[cfg(test)]" and i + 1 < len(lines) and re.match(r"\s*(pub\s+)?mod\s+\w+\s*\{", lines[i + 1]):
            skip_indent = re.match(r"\s*", lines[i + 1]).group(0)
            i += 2
            continue
        m = FN.match(line)
        if m and not line.rstrip().endswith(";"):
            indent = m.group(1)
            end = i
            while end < len(lines) and lines[end] != indent + "}":
                if end > i and lines[end].startswith(indent + "}") and lines[end].strip() == "}":
                    break
                end += 1
            reason = None
            j = i - 1
            while j >= 0 and lines[j].strip().startswith(("///", "//", "#[")):
                r = re.search(r"long: (.*)", lines[j])
                if r:
                    reason = r.group(1)
                j -= 1
            yield m.group(7), i + 1, end - i + 1, reason
        i += 1


def main():
    args = sys.argv[1:]
    limit = 80
    if args[:1] == ["--limit"]:
        limit = int(args[1])
        args = args[2:]
    roots = args or DEFAULT
    long, explained = [], []
    for root in roots:
        walk = [(os.path.dirname(root), [], [os.path.basename(root)])] if os.path.isfile(root) else os.walk(root)
        for dirpath, dirs, files in walk:
            dirs[:] = [d for d in dirs if d not in ("tests", "benches", "target")]
            for f in files:
                if not f.endswith(".rs"):
                    continue
                path = os.path.join(dirpath, f)
                for name, line, length, reason in functions(path):
                    if length > limit:
                        (explained if reason else long).append((length, f"{path}:{line}", name, reason))
    for length, at, name, _ in sorted(long, reverse=True):
        print(f"{length:5} {at} {name}")
    for length, at, name, reason in sorted(explained, reverse=True):
        print(f"{length:5} {at} {name} (long: {reason})")
    print(f"{len(long)} over {limit} lines, {len(explained)} more with a reason", file=sys.stderr)


if __name__ == "__main__":
    main()
