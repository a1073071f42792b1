"""The exact solver against BitBully (pip ``bitbully``, C++, AGPL: a peer measured
here only, installed on demand, never imported by treeviz), side by side in one run.

1. Strong scores without opening books: ``tests/data/positions/begin_score.txt``
   (8-15 plies), a fresh transposition table per position on both sides.
2. Per-column scores with the 12-ply books on both sides (``begin_analyze.txt`` and
   the empty board).

Run: ``.venv/bin/python benchmarks/solver.py [N]`` (``make bench``): the first N lines
of each file (default 40). Prints totals, medians and the ratio treeviz / BitBully
(below 1.0: treeviz is faster). Every score is checked against the file.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from treeviz.connect4.board import Position
from treeviz.connect4.tt_order import new_table
from treeviz.exact.scores import column_scores, solve

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "positions"


def peer() -> Any:
    """The ``bitbully`` module, installed into this environment when missing."""
    try:
        import bitbully
    except ImportError:
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "bitbully"], check=True)
        import bitbully
    return bitbully


def lines(name: str, n: int) -> list[tuple[str, list[int]]]:
    out = []
    for line in (DATA / name).read_text().splitlines()[:n]:
        moves, *scores = line.split()
        out.append((moves, [int(s) for s in scores]))
    return out


def fresh_table(pos: Position) -> Any:
    """A new transposition table sized for ``pos``, as the solver agent uses."""
    return new_table(pos.width * pos.height - pos.ply)


def timed(fn: Any) -> tuple[Any, float]:
    t0 = time.perf_counter()
    value = fn()
    return value, time.perf_counter() - t0


def strong_without_books(bb: Any, n: int) -> None:
    agent = bb.BitBully(opening_book=None)
    ours, theirs = [], []
    for moves, (score,) in lines("begin_score.txt", n):
        pos = Position.from_moves(moves)
        board = bb.Board("".join(str(int(c) - 1) for c in moves))
        got, t_ours = timed(lambda pos=pos: solve(pos, book=False, table=fresh_table(pos)))
        agent.reset_transposition_table()
        peer_score, t_peer = timed(lambda board=board: agent.mtdf(board))
        assert got == score, (moves, got, score)
        assert peer_score == score, (moves, peer_score, score)
        ours.append(t_ours)
        theirs.append(t_peer)
    report("strong score, no books, begin_score.txt", ours, theirs)


def columns_with_books(bb: Any, n: int) -> None:
    agent = bb.BitBully()  # the 12-ply book with distances, as ours
    ours, theirs = [], []
    cases = [("", [-2, -1, 0, 1, 0, -1, -2]), *lines("begin_analyze.txt", n)]
    for moves, scores in cases:
        pos = Position.from_moves(moves)
        board = bb.Board("".join(str(int(c) - 1) for c in moves))
        got, t_ours = timed(lambda pos=pos: column_scores(pos, table=fresh_table(pos)))
        agent.reset_transposition_table()
        peer_scores, t_peer = timed(lambda board=board: agent.score_all_moves(board))
        assert [-1000 if s is None else s for s in got] == scores, (moves, got, scores)
        assert [peer_scores.get(c, -1000) for c in range(7)] == scores, (moves, peer_scores)
        ours.append(t_ours)
        theirs.append(t_peer)
    report("per-column scores, 12-ply books, empty board + begin_analyze.txt", ours, theirs)


def report(title: str, ours: list[float], theirs: list[float]) -> None:
    print(f"{title} ({len(ours)} positions)")
    print(
        f"  treeviz : total {sum(ours):7.3f} s  median {statistics.median(ours) * 1e3:8.1f} ms"
        f"  max {max(ours) * 1e3:8.1f} ms"
    )
    print(
        f"  BitBully: total {sum(theirs):7.3f} s  median {statistics.median(theirs) * 1e3:8.1f}"
        f" ms  max {max(theirs) * 1e3:8.1f} ms"
    )
    print(f"  ratio treeviz / BitBully: {sum(ours) / sum(theirs):.2f}x (totals)")


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    bb = peer()
    solve(Position.from_moves("4453"), book=False)  # load compiled code outside timings
    column_scores(Position.from_moves("4453"))
    strong_without_books(bb, n)
    columns_with_books(bb, n)


if __name__ == "__main__":
    main()
