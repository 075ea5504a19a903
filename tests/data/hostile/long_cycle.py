#!/usr/bin/env python3
"""Writes a xiangqi timeline whose repetition cycle is thousands of plies long (issue 34, round four).

Four chariots walk closed tours on disjoint parts of an otherwise quiet board (red: a1.. of 11 steps and g0.. of 9,
behind red soldiers on g3 h3 i3; black: g5.. of 7 and e5.. of 5); red moves its two in turn, black likewise. The
whole position comes back only when every tour is back at its start at once, so the first position repeats after
lcm(11, 9, 7, 5) = 3465 moves of each chariot (6,930 plies) and its third occurrence is ply 13,860. No move checks,
chases or threatens, so both bundled rulebooks rule the cycle idle: a draw.

  python3 long_cycle.py [PLIES] [RULEBOOK] > cycle.yaml   (PLIES 0: up to the third occurrence)
"""
import sys

TOURS = ["a1 a3 a4 b4 c4 c3 b3 b2 c2 c1 b1", "g0 g1 g2 h2 i2 i1 h1 h0 i0", "g5 g6 g7 i7 i6 i5 h5", "e5 e6 e7 f7 f5"]
tours = [t.split() for t in TOURS]
limit = int(sys.argv[1]) if len(sys.argv) > 1 else 0
rulebook = sys.argv[2] if len(sys.argv) > 2 else "axf-asian-rules"
at = [0, 0, 0, 0]
seen = {(tuple(at), 0): 1}
moves = []
turns = [0, 0]
while True:
    side = len(moves) % 2
    piece = 2 * side + turns[side] % 2
    turns[side] += 1
    tour = tours[piece]
    before = tour[at[piece]]
    at[piece] = (at[piece] + 1) % len(tour)
    moves.append(before + tour[at[piece]])
    key = (tuple(at), len(moves) % 2)
    seen[key] = seen.get(key, 0) + 1
    if (limit and len(moves) >= limit) or (not limit and seen[key] >= 3):
        break
print("timeline: long-cycle")
print('event: {rulebook: %s, time_control: "360000"}' % rulebook)
print('start: {fen: "5k3/9/9/9/4r1r2/9/6PPP/9/R8/3K2R2 w - - 0 1"}')
print("entries:")
for i, move in enumerate(moves, 1):
    print('  - {at: "%d:%02d:%02d", move: %s}' % (i // 3600, i // 60 % 60, i % 60, move))
