"""The games of tests/rules: every registered one and the course examples of
tests/rules/data/ through the adapters."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Any

from conftest import load_file

from treeviz.rules import GAMES, AimaGame, StateGame, load_game

DATA = Path(__file__).parent / "data"


def example(name: str) -> ModuleType:
    """The module tests/rules/data/<name>.py."""
    return load_file(DATA / f"{name}.py")


def aima_nim(heaps: tuple[int, ...] = (1, 3, 5)) -> AimaGame:
    return AimaGame(example("nim_aima").Nim(heaps), name="nim (aima)")


def state_tictactoe() -> StateGame:
    return StateGame(example("tictactoe_state").TicTacToeState(), name="tic-tac-toe (own)")


def every_game() -> dict[str, Any]:
    """Each registered game by its name, then the two adapted examples."""
    games: dict[str, Any] = {name: load_game(name) for name in GAMES}
    return {**games, "aima nim": aima_nim(), "own tic-tac-toe": state_tictactoe()}
