#!/usr/bin/env python3
"""Writes the benchmark archive of scripts/bench-audit to stdout: N real-shaped chess games with clocks.

The moves are real (tests/data/chess/games); each game is a source game whole or cut after a random ply and ended
by a resignation or an agreed draw, with new tags and perturbed clocks (see scripts/bench-audit). Seeded: the same
N gives the same bytes. Usage: scripts/bench-audit-archive.py N > archive.pgn
"""
import random
import re
import sys

SOURCES = {
    # file: (TimeControl, base seconds, increment seconds)
    "tests/data/chess/games/chess-lichess-hvB20kxq-blitz-checkmate.pgn": ("180+0", 180, 0),
    "tests/data/chess/games/chess-lichess-VsUqVhC2-bullet-time-forfeit.pgn": ("60+0", 60, 0),
    "tests/data/chess/games/chess-wcc2023-game1-nepomniachtchi-ding.pgn": ("5400+30", 5400, 30),
}
TOKEN = re.compile(r"\{[^}]*\}|\$\d+|\d+\.(?:\.\.)?|1-0|0-1|1/2-1/2|\*|[^\s{}]+")
CLOCK = re.compile(r"\[%clk (\d+):(\d+):(\d+)\]")


def read_game(path):
    """(tags, moves, clocks in seconds or None, result) of a one-game PGN."""
    text = open(path, encoding="utf-8").read()
    tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', text, re.M))
    body = "\n".join(line for line in text.splitlines() if not line.startswith("["))
    moves, clocks, result = [], [], "*"
    for tok in TOKEN.findall(body):
        if tok.startswith("{"):
            m = CLOCK.search(tok)
            if m and moves and len(clocks) < len(moves):
                clocks.append(int(m.group(1)) * 3600 + int(m.group(2)) * 60 + int(m.group(3)))
        elif tok in ("1-0", "0-1", "1/2-1/2", "*"):
            result = tok
        elif not re.match(r"\d+\.|\$", tok):
            moves.append(tok)
    return tags, moves, (clocks if len(clocks) == len(moves) else None), result


def clock_text(seconds):
    return "%d:%02d:%02d" % (seconds // 3600, seconds // 60 % 60, seconds % 60)


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
    rng = random.Random(17)
    games = [(path, *read_game(path), *SOURCES[path]) for path in SOURCES]
    out = sys.stdout
    for i in range(1, count + 1):
        path, tags, moves, clocks, result, control, base, inc = games[rng.randrange(len(games))]
        n = len(moves)
        termination = tags.get("Termination", "Normal")
        if rng.random() >= 1 / 3:  # cut after a random ply, then a resignation or an agreed draw
            n = rng.randrange(10, len(moves))
            roll = rng.random()
            result = "1/2-1/2" if roll < 0.2 else ("0-1" if n % 2 == 0 else "1-0")  # the side to move resigns
            termination = "Normal"
        # Each side's time used per move: the recorded one scaled (0.5 to 1), or drawn at random without clocks.
        left = [base, base]
        factor = rng.uniform(0.5, 1.0)
        readings = []
        for ply in range(n):
            side = ply % 2
            if clocks:
                before = base if ply < 2 else clocks[ply - 2]
                used = max(0, int(round((before + inc - clocks[ply]) * factor)))
            else:
                used = rng.randrange(1, 120) if ply > 20 else rng.randrange(0, 10)
            used = min(used, left[side] + inc - 1)
            left[side] = left[side] - used + inc
            readings.append(left[side])
        white, black = "Player %05d" % rng.randrange(100000), "Player %05d" % rng.randrange(100000)
        out.write('[Event "Bench archive"]\n[Site "%s"]\n[Date "2026.01.%02d"]\n[Round "%d"]\n' %
                  (tags.get("Site", "?"), i % 28 + 1, i))
        out.write('[White "%s"]\n[Black "%s"]\n[Result "%s"]\n[TimeControl "%s"]\n[Termination "%s"]\n\n' %
                  (white, black, result, control, termination))
        parts = []
        for ply in range(n):
            if ply % 2 == 0:
                parts.append("%d." % (ply // 2 + 1))
            parts.append("%s { [%%clk %s] }" % (moves[ply], clock_text(readings[ply])))
        parts.append(result)
        line, lines = "", []
        for p in parts:  # lines of at most 80 columns, as PGN export format asks
            if line and len(line) + 1 + len(p) > 80:
                lines.append(line)
                line = p
            else:
                line = p if not line else line + " " + p
        lines.append(line)
        out.write("\n".join(lines) + "\n\n")


if __name__ == "__main__":
    main()
