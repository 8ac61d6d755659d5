#!/bin/sh
# Prints Sjaak II's perft counts for the Omega Chess positions of tests/perft/omega.perft
# (apt-get install sjaakii). Usage: tests/perft/crosscheck/omega_sjaakii.sh
for fen in \
  'w**********w/*crnbqkbnrc*/*pppppppppp*/*10*/*10*/*10*/*10*/*10*/*10*/*PPPPPPPPPP*/*CRNBQKBNRC*/W**********W w KQkq - 0 1' \
  'w**********w/*cr3k2rc*/*pppppppppp*/*10*/*10*/*10*/*10*/*10*/*10*/*PPPPPPPPPP*/*CR3K2RC*/W**********W w KQkq - 0 1'; do
  echo "fen $fen"
  printf 'variant omega\nsetboard %s\nperft 1\nperft 2\nperft 3\nperft 4\nquit\n' "$fen" |
    sjaakii 2>/dev/null | sed 's/\x1b\[[0-9;]*m//g' | grep nps | awk '{ print "perft " $(NF-3) " " $(NF-2) }' | awk '!seen[$0]++'
done
