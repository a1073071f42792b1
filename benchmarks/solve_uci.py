"""Solving the whole UCI Connect-4 set (67,557 positions of 8 stones, X to move, each
labelled win/draw/loss for X), against BitBully (pip ``bitbully``, C++, AGPL: a peer
measured here only, never imported by treeviz) side by side in one run.

1. In process: ``solve_many`` (strong and weak) and BitBully's ``mtdf`` with its
   12-ply book, each keeping its transposition table across positions.
2. Through the command line, whole process: ``treeviz solve`` reading the move strings
   on stdin, in one process and with ``--workers`` = the machine's cores (Dask).

Every answer is checked against the UCI labels. Run: ``.venv/bin/python
benchmarks/solve_uci.py [N]`` (``make bench``; N: the first N rows, default all).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from solver import peer

import treeviz.exact.scores as solver
from treeviz.connect4.board import Position
from treeviz.connect4.notation import position_from_stones
from treeviz.exact.scores import solve_many

ROOT = Path(__file__).resolve().parents[1]
UCI = ROOT / "treeviz" / "data" / "id3" / "connect-4.data"
TREEVIZ = str(ROOT / ".venv" / "bin" / "treeviz")


def uci(n: int | None) -> tuple[list[Position], list[str]]:
    """The set's boards (cells column by column, bottom up) and labels."""
    positions, labels = [], []
    for row in UCI.read_text().splitlines()[:n]:
        *cells, label = row.split(",")
        x = sum(1 << ((i // 6) * 7 + i % 6) for i, c in enumerate(cells) if c == "x")
        o = sum(1 << ((i // 6) * 7 + i % 6) for i, c in enumerate(cells) if c == "o")
        positions.append(position_from_stones(x, o, width=7, height=6))
        labels.append(label)
    return positions, labels


def outcome(score: int) -> str:
    return "win" if score > 0 else "loss" if score < 0 else "draw"


def check(scores: list[int], labels: list[str], who: str) -> None:
    wrong = sum(outcome(s) != label for s, label in zip(scores, labels, strict=True))
    assert wrong == 0, f"{who}: {wrong} positions labelled wrongly"


def in_process(positions: list[Position], labels: list[str]) -> None:
    bb = peer()
    solve_many(positions[:50])  # load compiled code and the book outside the timings
    solve_many(positions[:50], weak=True)
    agent = bb.BitBully()
    boards = [bb.Board("".join(str(c) for c in p.history)) for p in positions]
    t0 = time.perf_counter()
    theirs = [agent.mtdf(b) for b in boards]
    t_peer = time.perf_counter() - t0
    check(theirs, labels, "BitBully")
    n = len(positions)
    print(f"in process, {n:,} positions (per position):")
    print(f"  BitBully mtdf, 12-ply book : {t_peer / n * 1e3:.4f} ms")
    for weak in (False, True):
        solver._TABLES.clear()  # each run starts from an empty table, as BitBully's did
        t0 = time.perf_counter()
        ours = solve_many(positions, weak=weak)
        t_ours = time.perf_counter() - t0
        check(ours, labels, "treeviz")
        what = "weak  " if weak else "strong"
        print(
            f"  treeviz solve_many {what}   : {t_ours / n * 1e3:.4f} ms   "
            f"treeviz / BitBully {t_ours / t_peer:.2f}x"
        )


def command_line(positions: list[Position], labels: list[str]) -> None:
    cores = os.cpu_count() or 1
    n = len(positions)
    print(f"command line, whole process, {n:,} positions on stdin:")
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as f:
        f.write("".join(p.moves_string() + "\n" for p in positions))
        f.flush()
        for extra in (
            [],
            ["--workers", str(cores)],
            ["--analyze"],
            ["--analyze", "--workers", str(cores)],
        ):
            with open(f.name) as stdin:
                t0 = time.perf_counter()
                done = subprocess.run(
                    [TREEVIZ, "solve", *extra],
                    stdin=stdin,
                    text=True,
                    capture_output=True,
                    check=True,
                )
                dt = time.perf_counter() - t0
            lines = done.stdout.splitlines()
            scores = [
                int(line.split()[1])
                if "--analyze" not in extra
                else max(int(s) for s in line.split()[1:] if s != "-1000")
                for line in lines
            ]
            check(scores, labels, "treeviz solve")
            print(
                f"  treeviz solve {' '.join(extra):24}: {dt:6.2f} s  "
                f"{dt / n * 1e3:.4f} ms a position"
            )


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else None
    positions, labels = uci(n)
    in_process(positions, labels)
    command_line(positions, labels)


if __name__ == "__main__":
    main()
