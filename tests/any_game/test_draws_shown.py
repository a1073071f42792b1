"""A draw is counted only in a game that can draw: what each game declares is checked
against OpenSpiel's own ``returns()`` (every ending of small games, random endings of
larger ones), and MCTS's per-move table (rows, CLI, report, dashboard) shows a draws
column exactly where the game declares draws."""

from __future__ import annotations

import random
from typing import Any

import pytest
from conftest import run_cli

pyspiel = pytest.importorskip("pyspiel")

from treeviz.agents.any_game.registry import search_game  # noqa: E402
from treeviz.draw import game_view  # noqa: E402
from treeviz.draw.view import value_kind_text  # noqa: E402
from treeviz.rules import load_game  # noqa: E402
from treeviz.rules.protocol import can_draw  # noqa: E402

# small enough to reach every ending by OpenSpiel's own moves
EXHAUSTIVE = ("tic_tac_toe", "nim", "hex(board_size=3)", "mnk(m=3,n=3,k=3)")
SAMPLED = ("clobber", "breakthrough(rows=6,columns=6)", "othello", "checkers")


def endings(state: Any, seen: dict[str, bool]) -> bool:
    """Whether some ending below ``state`` is a draw by OpenSpiel's ``returns()``,
    each state visited once (``seen``: its text and player to its answer)."""
    key = f"{state.current_player()}|{state}"
    if key not in seen:
        if state.is_terminal():
            seen[key] = state.returns()[0] == state.returns()[1]
        else:
            seen[key] = any(endings(state.child(a), seen) for a in state.legal_actions())
    return seen[key]


def random_draw(spec: str, games: int) -> bool:
    """Whether one of ``games`` seeded random games of ``spec`` ends drawn."""
    game, rng = pyspiel.load_game(spec), random.Random(7)
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        if state.returns()[0] == state.returns()[1]:
            return True
    return False


@pytest.mark.parametrize("spec", EXHAUSTIVE)
def test_declared_draws_match_every_ending(spec: str) -> None:
    drawn = endings(pyspiel.load_game(spec).new_initial_state(), {})
    assert can_draw(load_game(spec)) == drawn


@pytest.mark.parametrize("spec", SAMPLED)
def test_declared_draws_match_random_endings(spec: str) -> None:
    """A game declared drawless ends drawn in none of 60 random games; each game that
    can draw does within them (a sample: these are too large to end every way)."""
    assert can_draw(load_game(spec)) == random_draw(spec, 60)


def test_a_game_that_declares_nothing_may_draw() -> None:
    class Plain:
        name = "plain"

    assert can_draw(Plain()) is True  # type: ignore[arg-type]


@pytest.mark.parametrize(("spec", "draws"), [("hex", False), ("nim", False), ("tic_tac_toe", True)])
def test_mcts_rows_count_draws_only_where_the_game_draws(spec: str, draws: bool) -> None:
    res = search_game(spec, None, "mcts:iterations=150,seed=3")
    visited = [m for m in res.moves if m.extra]
    assert visited
    for m in visited:
        assert ("draws" in m.extra) == draws
        counted = m.extra["wins"] + m.extra["losses"] + m.extra.get("draws", 0)
        assert counted == m.extra["visits"]
    header, _, _ = game_view.move_cells(res)
    assert ("draws" in header) == draws
    assert ("<th>draws</th>" in game_view.moves_html(res)) == draws


def test_dashboard_table_has_no_draws_for_hex() -> None:
    from treeviz.dashboard.components.results.any_game import moves_frame

    res = search_game("hex", None, "mcts:iterations=80,seed=2")
    frame = moves_frame(res, res.trace.rules(), res.trace.state(0), None)
    assert "draws" not in frame.columns and "wins" in frame.columns


@pytest.mark.parametrize(("spec", "draws"), [("hex", False), ("tic_tac_toe", True)])
def test_cli_table_header(capsys: pytest.CaptureFixture[str], spec: str, draws: bool) -> None:
    code, out, _ = run_cli(capsys, "analyze", "--game", spec, "", "--agent", "mcts:iterations=60")
    assert code == 0
    header = next(line for line in out.splitlines() if "visits" in line).split()
    assert ("draws" in header) == draws


@pytest.mark.parametrize("agent", ["alphabeta:depth=2", "mcts:iterations=60,seed=1", "solver"])
@pytest.mark.parametrize(("spec", "draws"), [("hex(board_size=3)", False), ("tic_tac_toe", True)])
def test_the_values_line_offers_a_draw_only_where_the_game_draws(
    spec: str, draws: bool, agent: str
) -> None:
    text = value_kind_text(search_game(spec, None, agent).trace)
    assert ("a draw" in text or "0.5 draw" in text) == draws
    assert ("no draws in this game" in text) == (not draws)


def test_a_drawless_mcts_value_is_the_share_of_playouts_won() -> None:
    from treeviz.dashboard.components.results.any_game import answer_value

    res = search_game("hex", "c3", "mcts:iterations=200,seed=5")
    chosen = next(m for m in res.moves if m.extra.get("chosen"))
    won = chosen.extra["wins"] / chosen.extra["visits"]
    assert res.value == pytest.approx(won)
    assert answer_value(res) == f"{won:.1%} of its playouts won"
