"""How often each buggy search of this corpus plays another move than the same file
with its one bug fixed, over seeded random positions of every phase.

    .venv/bin/python tests/data/course_searches/differs.py [--positions N] [FILE ...]

FIXES holds, per file, the text replacements that fix its bug (and nothing else); the
figures it prints are the ``differs`` of MANIFEST.json. Positions come from random
games that never complete a four, stopped at a ply drawn uniformly from 0-40 (or
``--plies LOW-HIGH``), so that nearly full boards are asked about as often as openings.
"""

import argparse
import json
import random
import sys
import types
from pathlib import Path

from treeviz.connect4.board import Position

HERE = Path(__file__).resolve().parent

FIXES: dict[str, list[tuple[str, str]]] = {
    "s06_minimax_evaltable.py": [
        ("    if depth == 0:\n        return None, evaluate(board)\n    if gameOver(board):",
         "    if gameOver(board):"),
        ("        return None, 0\n    if maximizingPlayer:",
         "        return None, 0\n    if depth == 0:\n        return None, evaluate(board)\n"
         "    if maximizingPlayer:"),
    ],
    "s07_negamax_position.py": [
        ("return -WIN_VALUE  #", "return -(WIN_VALUE + depth)  #"),
    ],
    "s08_minimax_class_game.py": [
        ("        if depth == 0:\n            return self.evaluate(game)",
         "        if not game.available():\n            return 0\n"
         "        if depth == 0:\n            return self.evaluate(game)"),
    ],
    "s09_negamax_numpy_signed.py": [
        ("        return evaluate(board)\n", "        return color * evaluate(board)\n"),
    ],
    "s10_minimax_inplace.py": [
        ("        if wins_at(board, row, col, piece):\n            return WIN",
         "        if wins_at(board, row, col, piece):\n            board[row][col] = EMPTY\n"
         "            return WIN"),
    ],
    "s11_negamax_iterdeep_memo.py": [
        ("    key = state\n", "    key = (state, depth)\n"),
    ],
    "s12_alphabeta_aima.py": [
        ("DIRECTIONS = [(0, 1), (1, 0), (1, 1)]", "DIRECTIONS = [(0, 1), (1, 0), (1, 1), (1, -1)]"),
    ],
    "s13_minimax_column_value.py": [
        ("                value = new_score\n            column = col\n",
         "                value = new_score\n                column = col\n"),
    ],
    "s14_mcts_recursive_lists.py": [
        ('math.sqrt(parent["N"] / child["N"])', 'math.sqrt(math.log(parent["N"]) / child["N"])'),
    ],
    "s15_mcts_seed_style.py": [
        ("            if child.value / child.visits > melhorValor:\n"
         "                melhorValor = child.value / child.visits\n",
         "            if child.visits > melhorValor:\n"
         "                melhorValor = child.visits\n"),
    ],
    "s16_mcts_position_api.py": [
        ("        result = visit(child, rng)\n", "        result = 1.0 - visit(child, rng)\n"),
    ],
    "s17_negamax_flat_class.py": [
        ("depth - 1, -alpha, -beta, -side)", "depth - 1, -beta, -alpha, -side)"),
    ],
}


def module_from(source: str, name: str) -> types.ModuleType:
    """A fresh module run from ``source`` (each load has its own globals)."""
    module = types.ModuleType(name)
    module.__file__ = str(HERE / name)
    exec(compile(source, name, "exec"), module.__dict__)
    return module


def fixed_source(name: str) -> str:
    """The file's text with its fix applied; every replacement must match once."""
    text = (HERE / name).read_text()
    for old, new in FIXES[name]:
        if text.count(old) != 1:
            raise SystemExit(f"{name}: the fix's text {old!r} is not there exactly once")
        text = text.replace(old, new)
    return text


def random_positions(count: int, seed: int, low: int = 0, high: int = 40) -> list[Position]:
    """``count`` positions of random games that never make four, plies low-high."""
    rng = random.Random(seed)
    found: list[Position] = []
    while len(found) < count:
        target, pos = rng.randint(low, high), Position()
        while pos.ply < target:
            safe = [c for c in pos.legal_moves() if not pos.is_winning_move(c)]
            if not safe:
                break
            pos.push(rng.choice(safe))
        if pos.ply == target:
            found.append(pos)
    return found


def spec_function(name: str) -> str:
    """The agent's function name, from MANIFEST.json's spec."""
    manifest = json.loads((HERE / "MANIFEST.json").read_text())
    return next(e["spec"].rsplit(":", 1)[1] for e in manifest if e["file"] == name)


def measure(name: str, positions: list[Position]) -> tuple[int, int, int]:
    """(positions where the move differs, of them with ply >= 34, positions with ply >= 34)."""
    fn = spec_function(name)
    buggy = getattr(module_from((HERE / name).read_text(), name), fn)
    fixed = getattr(module_from(fixed_source(name), name), fn)
    differ = late_differ = late = 0
    for pos in positions:
        moved = buggy(pos.copy()) != fixed(pos.copy())
        differ += moved
        late += pos.ply >= 34
        late_differ += moved and pos.ply >= 34
    return differ, late_differ, late


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", default=sorted(FIXES))
    parser.add_argument("--positions", type=int, default=120)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plies", default="0-40", help="LOW-HIGH: the plies drawn from")
    args = parser.parse_args()
    low, high = (int(p) for p in args.plies.split("-"))
    positions = random_positions(args.positions, args.seed, low, high)
    for name in args.files:
        differ, late_differ, late = measure(name, positions)
        print(f"{name}: {100 * differ / len(positions):.1f}% of {len(positions)} "
              f"(late, ply >= 34: {late_differ}/{late})", flush=True)


if __name__ == "__main__":
    sys.exit(main())
