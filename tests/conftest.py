"""Shared test helpers: the exact-score data files beside the checkout, random
positions, quick agent settings."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from treeviz.agents.contract import make_spec
from treeviz.agents.registry import AGENTS
from treeviz.cli.main import main
from treeviz.connect4.board import Position

DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "positions"


def data_lines(name: str) -> list[tuple[str, list[int]]]:
    """(moves, scores) per line of ``shared/data/positions/<name>``."""
    out = []
    for line in (DATA / name).read_text().splitlines():
        moves, *scores = line.split()
        out.append((moves, [int(s) for s in scores]))
    return out


def random_position(seed: int, plies: int, width: int = 7, height: int = 6) -> Position:
    """An unfinished position after ``plies`` random moves (fewer if a game ends first:
    then another game, from the same generator) on a ``width`` x ``height`` board."""
    rng = random.Random(seed)
    while True:
        pos = Position(width, height)
        for _ in range(plies):
            if pos.is_over():
                break
            pos.play(rng.choice(pos.legal_moves()))
        if not pos.is_over():
            return pos


@pytest.fixture(autouse=True)
def _unsealed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A dashboard run by a test (AppTest) seals this process against user agents; the
    next test starts unsealed, as a fresh process would."""
    import treeviz.agents.user.load as user

    monkeypatch.setattr(user, "_SEALED", user.sealed())


# Each agent's quick settings (its declaration's ``quick``), so a test can run every
# agent on a position quickly.
QUICK = {name: str(make_spec(a, a.quick)) for name, a in AGENTS.items()}


def seen(markdown: str) -> str:
    """What a person reads of a Markdown element's source: backslash escapes removed
    (the dashboard escapes every string that may quote a visitor's input)."""
    return re.sub(r"\\(.)", r"\1", markdown).replace("\u200b", "")


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``treeviz ARGV`` in this process: (exit code, stdout, stderr)."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err
