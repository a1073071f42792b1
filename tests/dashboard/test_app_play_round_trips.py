"""Streamlit AppTest of the Play page's round trip: a move answered by the agent
searches the one new position, in the run that draws the human's move (the page is
drawn once, with the reply); an agent that cannot move is said above the board."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import app_test, seen
from test_app_games import game_of

from treeviz.agents.registry import search
from treeviz.connect4.board import Position
from treeviz.dashboard.pages.play import page as play
from treeviz.dashboard.server import cache
from treeviz.errors import UserAgentError
from treeviz.settings import OPPONENT_AGENT


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[str]]:
    """The positions searched and the boards drawn from now on (as move strings), with
    an empty search cache (another test's searches are not found)."""
    log: dict[str, list[str]] = {"searched": [], "drawn": []}
    real_search, real_board = cache.search, play.board_chart

    def searched(pos: Position, chosen: Any) -> Any:
        log["searched"].append(pos.moves_string())
        return real_search(pos, chosen)

    def drawn(pos: Position, key: str, **options: Any) -> None:
        log["drawn"].append(pos.moves_string())
        real_board(pos, key, **options)

    monkeypatch.setattr(cache, "SEARCHES", cache.Kept(cache.SEARCHES.size))
    monkeypatch.setattr(cache, "search", searched)
    monkeypatch.setattr(play, "board_chart", drawn)
    return log


def test_a_reply_searches_only_the_new_position_in_one_run(
    counted: dict[str, list[str]],
) -> None:
    at = app_test("play")
    for col in (4, 3, 5):
        before = game_of(at)
        counted["searched"].clear()
        counted["drawn"].clear()
        at.segmented_control(key="play_move").set_value(col).run()
        asked = before + str(col)
        reply = search(Position.from_moves(asked), OPPONENT_AGENT).move  # outside the page
        assert game_of(at) == asked + str(reply)
        assert counted["searched"] == [asked]  # the new position only, once
        assert counted["drawn"] == [asked + str(reply)]  # one run, with the reply


def test_undo_and_a_move_again_search_nothing_known(counted: dict[str, list[str]]) -> None:
    at = app_test("play")
    at.segmented_control(key="play_move").set_value(4).run()
    first = game_of(at)
    at.button(key="play_undo").click().run()
    assert game_of(at) == ""
    counted["searched"].clear()
    at.segmented_control(key="play_move").set_value(4).run()
    assert game_of(at) == first and counted["searched"] == []  # the kept search
    assert not at.exception


def test_an_agent_that_cannot_move_is_said_and_the_game_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    at = app_test("play")

    def fails(pos: Position, chosen: Any) -> Any:
        raise UserAgentError(f"no move in {pos.moves_string()!r}")

    monkeypatch.setattr(cache, "SEARCHES", cache.Kept(cache.SEARCHES.size))
    monkeypatch.setattr(cache, "search", fails)
    at.segmented_control(key="play_move").set_value(4).run()
    assert game_of(at) == "4" and not at.exception
    assert at.error and "could not move: no move in '4'" in seen(at.error[0].value)
