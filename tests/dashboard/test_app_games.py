"""Streamlit AppTest of the Play and Review pages, and the way into the analysis view."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import app_test, seen
from streamlit.testing.v1 import AppTest

from treeviz.agents.registry import search
from treeviz.connect4.board import Position
from treeviz.dashboard.components.board_chart import board_data
from treeviz.draw.style import STONES, WIN_RING
from treeviz.judge.review import review


def game_of(at: AppTest) -> str:
    return str(at.session_state["play_game"].moves)


def test_human_against_an_agent_with_undo_hint_and_the_agent_search() -> None:
    at = app_test("play")
    assert at.title[0].value == "Play" and not at.exception
    at.segmented_control(key="play_move").set_value(4).run()
    moves = game_of(at)
    assert len(moves) == 2 and moves[0] == "4"  # the agent answered at once
    reply = search(Position.from_moves("4"), "alphabeta:depth=4").move
    assert moves[1] == str(reply)
    at.segmented_control(key="play_move").set_value(3).run()
    assert len(game_of(at)) == 4
    at.button(key="play_undo").click().run()
    assert game_of(at) == moves  # the human's move and the reply taken back
    at.button(key="play_hint_button").click().run()
    assert any(i.value.startswith("Best: column") for i in at.info)
    at.button(key="play_open").click().run()  # the agent's last search, in the analysis view
    assert at.title[0].value.startswith("treeviz") and not at.exception
    assert at.session_state["position"].moves_string() == moves[:1]
    assert at.session_state["agent"] == "alphabeta"
    assert at.subheader[0].value == f"alphabeta plays column {reply}"


def test_two_agents_step_then_autoplay_to_a_banner() -> None:
    at = app_test("play")
    at.sidebar.text_input(key="play_x").set_value("alphabeta:depth=4").run()
    at.sidebar.text_input(key="play_o").set_value("random").run()
    at.sidebar.button(key="play_new").click().run()
    assert game_of(at) == ""  # watching waits for play or step
    at.button(key="play_step_button").click().run()
    assert len(game_of(at)) == 1
    at.toggle(key="play_auto").set_value(True).run()
    pos = Position.from_moves(game_of(at))
    assert pos.winner() == "X" and not at.exception
    assert "X wins" in at.success[0].value
    drawn = board_data(pos, 34)["shapes"]  # the board the page drew: the four ringed
    discs = {(d["col"], d["row"]): d for d in drawn if d["t"] == "disc"}
    ringed = {cell for cell, d in discs.items() if d["stroke"] == WIN_RING}
    assert ringed == set(pos.winning_four()) and len(ringed) >= 4
    last = discs[pos.history[-1], pos.history.count(pos.history[-1]) - 1]
    assert [(d["x"], d["y"]) for d in drawn if d["t"] == "dot"] == [(last["x"], last["y"])]


def test_bad_players_and_a_bad_game_file_keep_what_was_there(tmp_path: Path) -> None:
    at = app_test("play")
    at.segmented_control(key="play_move").set_value(4).run()
    before = game_of(at)
    at.sidebar.text_input(key="play_o").set_value("mcts:c=-2").run()
    at.sidebar.text_input(key="play_opening").set_value("4459").run()
    at.sidebar.button(key="play_new").click().run()
    said = seen(at.error[0].value) if at.error else ""
    assert "mcts:c=-2" in said and "4459" in said and game_of(at) == before  # both at once
    at.sidebar.text_input(key="play_opening").set_value("").run()
    at.sidebar.text_input(key="play_o").set_value("greedy").run()
    at.sidebar.button(key="play_swap").click().run()  # greedy plays X now and moves first
    assert at.session_state["play_game"].x == "greedy" and len(game_of(at)) == 1


def test_review_page_classifies_a_typed_game_and_keeps_a_bad_one_valid_part() -> None:
    at = app_test("review")
    at.sidebar.radio(key="review_source").set_value("Move string").run()
    game = "4453" + "1"  # the last move lets X win at once
    at.sidebar.text_input(key="review_moves").set_value(game).run()
    assert not at.exception and not at.error
    table = at.dataframe[1].value
    expect = review(game)
    assert list(table["class"]) == [p.cls for p in expect.plies]
    summary = at.dataframe[0].value
    assert int(summary.loc["O", "best"]) == expect.summary()["O"]["best"]
    share = expect.summary()["O"]["accuracy"]
    assert summary.loc["O", "accuracy"] == f"{share:.0%}"  # a percentage, not 0.2857
    lost = [None if p.score is None else p.best_score - p.score for p in expect.plies]
    assert [None if v != v else v for v in table["points lost"]] == lost  # NaN: unknown
    assert any("players not recorded" in m.value for m in at.markdown)  # not "X: ?"
    # typed moves: no column of "?" players or of agents' values that are all None
    assert "by" not in table and "agent value" not in table, list(table)
    assert ("unknown" in summary) == any(p.cls == "unknown" for p in expect.plies)
    at.sidebar.text_input(key="review_moves").set_value("44445x").run()
    assert at.error and "'44445x'" in seen(at.error[0].value)
    assert len(at.dataframe[1].value) == 5  # the valid start is reviewed
    board = next(m.value for m in at.markdown if "<table" in m.value)
    assert 42 - board.count(f"background:{STONES[None]}") == 5  # the board shows the end
    at.button(key="review_home").click().run()
    for ply in range(1, 4):  # forward three moves: the board follows
        at.button(key="review_right").click().run()
        board = next(m.value for m in at.markdown if "<table" in m.value)
        assert board.count("data-last='1'") == 1, "the last move is marked"
        assert 42 - board.count(f"background:{STONES[None]}") == ply  # discs on the board
    assert any(m.value.startswith("**3. X plays 4**") for m in at.markdown)
    at.button(key="review_open").click().run()
    assert at.title[0].value.startswith("treeviz")
    assert at.session_state["position"].moves_string() == "44"


@pytest.mark.slow
def test_review_a_game_played_on_the_play_page() -> None:
    at = app_test("play")
    at.sidebar.text_input(key="play_x").set_value("greedy").run()
    at.sidebar.text_input(key="play_o").set_value("alphabeta:depth=2").run()
    at.sidebar.button(key="play_new").click().run()
    at.toggle(key="play_auto").set_value(True).run()
    played = at.session_state["play_game"]
    saved = json.loads(played.dumps())
    at.button(key="play_review").click().run()
    assert at.title[0].value == "Review a game" and not at.exception
    table = at.dataframe[1].value
    assert len(table) == len(saved["moves"])
    assert list(table["by"].unique()) == ["greedy", "alphabeta:depth=2"]
    assert re.search(r"result \*\*[XO]|draw", at.markdown[0].value)


def test_pages_start_from_the_position_being_analysed() -> None:
    """A position typed on Analyze is where Compare starts (its board, its searches)."""
    at = app_test()
    at.sidebar.radio(key="source").set_value("Move string or board").run()
    at.sidebar.text_area(key="position_text").set_value("4453").run()
    at.session_state["goto"] = "compare"
    at.run()
    assert at.title[0].value == "Compare two searches" and not at.exception
    board = next(m.value for m in at.markdown if "<table" in m.value)
    assert 42 - board.count(f"background:{STONES[None]}") == 4  # the four discs of 4453
    at.sidebar.button(key="compare_run").click().run()
    a = search(Position.from_moves("4453"), "alphabeta", depth=3)
    assert seen(at.subheader[0].value) == "A: alphabeta:depth=3"
    chosen = at.dataframe[0].value["A in words"].str.contains("chosen")
    assert int(at.dataframe[0].value.loc[chosen, "column"].iloc[0]) == a.move


def test_agents_values_turn_to_x_side() -> None:
    """Points and exact scores change sign for O; a win rate becomes one minus it."""
    from treeviz.dashboard.pages.review.page import x_side

    assert x_side(12.0, "heuristic:window", "X") == 12.0
    assert x_side(12.0, "heuristic:window", "O") == -12.0
    assert x_side(0.7, "win_rate", "O") == pytest.approx(0.3)
    assert x_side(-3.0, "exact", "O") == 3.0
