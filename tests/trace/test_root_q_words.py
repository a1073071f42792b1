"""An MCTS node panel's Q at the root: the root's value row gives the mean result for
the player to move there; a second row, "Q (mover)", gave the same search's mean for
the other side (the root's result sum as stored), so the root read 0.56 and 0.44 at
once, and a newcomer took "mover" for the player to move. Every Q the root's panel
shows must be the root player's mean result, counted here from the root's children
(each child's results are for the player who moved into it: the root player)."""

from __future__ import annotations

import re

import numpy as np
import pytest

import treeviz
from treeviz.connect4.board import Position
from treeviz.dashboard.components.node_tables import node_stats
from treeviz.trace.nodes import Trace

Q_NUMBER = re.compile(r"^Q (\d+(?:\.\d+)?)")


def root_player_mean(trace: Trace) -> float:
    """The root player's mean result over the root's playouts, from its children."""
    kids = np.flatnonzero(trace.nodes["parent"] == 0)
    visits = trace.nodes["visits"][kids].astype(float)
    return float(trace.nodes["value_sum"][kids].sum() / visits.sum())


def root_qs(trace: Trace) -> list[float]:
    """Every Q the root's panel shows: rows named Q and values written "Q 0.56"."""
    out = []
    for name, value in node_stats(trace, 0).items():
        if str(name).startswith("Q"):
            out.append(float(value))
        elif match := Q_NUMBER.match(str(value)):
            out.append(float(match[1]))
    return out


def check_root(trace: Trace) -> None:
    mean = root_player_mean(trace)
    assert abs(mean - 0.5) > 0.02  # at one half, a flipped Q would read the same
    shown = root_qs(trace)
    assert shown, "the root's panel shows its Q"
    for q in shown:
        assert q == pytest.approx(mean, abs=0.0051)  # shown to 2 places


def test_root_q_of_another_game_is_the_root_players() -> None:
    pytest.importorskip("pyspiel")
    res = treeviz.search_game("tic_tac_toe", "x(0,0) o(0,1)", "mcts:iterations=300,seed=3")
    check_root(res.trace)


def test_root_q_of_connect4_is_the_root_players() -> None:
    res = treeviz.search(Position.from_moves("4444"), "mcts", iterations=300, seed=3)
    check_root(res.trace)
