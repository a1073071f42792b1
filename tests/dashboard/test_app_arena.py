"""Streamlit AppTest of the Arena page: a tournament, a sweep, bad input, and a stored
game opened in the Review page."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from conftest import app_test, seen
from streamlit.testing.v1 import AppTest

from treeviz.arena.store import Store


@pytest.fixture(autouse=True)
def _arena_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test's server keeps its named databases in a fresh folder."""
    monkeypatch.setenv("TREEVIZ_ARENA_DIR", str(tmp_path))
    monkeypatch.delenv("TREEVIZ_CLUSTER", raising=False)


def arena(tmp_path: Path) -> AppTest:
    """The app on the Arena page, storing into a fresh database ``a`` (``a.db`` in the
    folder the server was started with)."""
    at = app_test("arena")
    at.sidebar.text_input(key="arena_db_name").set_value("a")
    at.sidebar.checkbox(key="arena_judge").uncheck()
    return at


@pytest.mark.slow
def test_tournament_fills_the_tables_and_opens_a_game_in_review(tmp_path: Path) -> None:
    at = arena(tmp_path)
    at.sidebar.text_area(key="arena_players").set_value("random\nalphabeta:depth=3")
    at.sidebar.number_input(key="arena_games").set_value(4)
    at.sidebar.button(key="arena_run").click().run()
    assert not at.exception and not at.error
    result = at.session_state["arena_result"]
    assert result["games"] == 4 and result["played"] == 4
    cross = at.dataframe[0].value  # the cross table comes first
    strong = result["players"][0]
    assert strong["spec"] == "alphabeta:depth=3" and strong["score"] >= 0.75
    assert cross.loc["alphabeta:depth=3", "random"].startswith(f"{strong['score']:.0%}")
    with Store(tmp_path / "a.db", create=False) as store:
        third = store.game(3)
    at.selectbox(key="arena_pick").set_value(3).run()
    at.button(key="arena_open").click().run()
    assert at.title[0].value == "Review a game" and not at.exception
    assert at.session_state["review_source"] == "Game from Arena"
    assert third.moves in at.markdown[0].value
    # A second Run of the same settings plays nothing: the games are stored.
    at.session_state["goto"] = "arena"
    at.run()
    at.sidebar.button(key="arena_run").click().run()
    assert at.session_state["arena_result"]["played"] == 0


@pytest.mark.slow
def test_sweep_draws_its_charts(tmp_path: Path) -> None:
    at = arena(tmp_path)
    at.sidebar.radio(key="arena_mode").set_value("Sweep").run()
    at.sidebar.text_area(key="arena_grid").set_value("c=0.5,2\niterations=20,40")
    at.sidebar.text_input(key="arena_against").set_value("greedy")
    at.sidebar.number_input(key="arena_games").set_value(2)
    at.sidebar.button(key="arena_run").click().run()
    assert not at.exception and not at.error
    settings = at.session_state["arena_result"]["settings"]
    assert [s["params"] for s in settings] == [
        {"c": 0.5, "iterations": 20},
        {"c": 0.5, "iterations": 40},
        {"c": 2.0, "iterations": 20},
        {"c": 2.0, "iterations": 40},
    ]
    assert any("Score against" in m.value for m in at.markdown)
    # A choice parameter swept alone: drawn on a nominal axis.
    at.sidebar.text_area(key="arena_grid").set_value("rollout=random,smart\n\niterations=20")
    at.sidebar.button(key="arena_run").click().run()
    assert not at.exception and not at.error
    assert len(at.session_state["arena_result"]["settings"]) == 2


def test_bad_input_shows_an_error_and_keeps_the_last_result(tmp_path: Path) -> None:
    at = arena(tmp_path)
    at.sidebar.text_area(key="arena_players").set_value("random\ngreedy")
    at.sidebar.number_input(key="arena_games").set_value(2)
    at.sidebar.button(key="arena_run").click().run()
    first = at.session_state["arena_result"]
    at.sidebar.text_area(key="arena_players").set_value("random\nnosuch:depth=2")
    at.sidebar.button(key="arena_run").click().run()
    assert not at.exception and "'nosuch" in seen(at.error[0].value)
    assert at.session_state["arena_result"] == first  # nothing the user had is lost
    at.sidebar.text_area(key="arena_players").set_value("random\ngreedy")
    at.sidebar.text_input(key="arena_db_name").set_value("../escape")
    at.sidebar.button(key="arena_run").click().run()
    assert not at.exception and "'../escape'" in seen(at.error[0].value)  # no path: a name
    assert at.session_state["arena_result"] == first
    assert not (tmp_path.parent / "escape.db").exists()


def test_the_cluster_named_at_start_is_the_only_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No field takes an address; the server's cluster is shown and used."""
    monkeypatch.setenv("TREEVIZ_CLUSTER", "tcp://127.0.0.1:9")
    at = arena(tmp_path)
    assert [w.key for w in at.sidebar.text_input] == ["arena_db_name"]  # no address field
    assert any("tcp://127.0.0.1:9" in c.value for c in at.sidebar.caption)
    at.sidebar.text_area(key="arena_players").set_value("random\ngreedy")
    at.sidebar.number_input(key="arena_games").set_value(3)  # games to play there
    at.sidebar.button(key="arena_run").click().run()
    assert not at.exception and "tcp://127.0.0.1:9" in seen(at.error[0].value)


SESSIONS_FOLDER = """
from treeviz.dashboard.pages.arena.page import sessions_folder
folder = sessions_folder()
(folder / "session-a").mkdir()
(folder / "session-a" / "arena.db").write_bytes(b"games")
print(folder, folder.is_dir(), sessions_folder() == folder)
"""


@pytest.mark.slow
def test_the_sessions_databases_go_with_the_server() -> None:
    """The sessions' own databases live in one folder per server process, which the
    process removes, contents and all, when it exits."""
    out = subprocess.run(
        [sys.executable, "-c", SESSIONS_FOLDER], capture_output=True, text=True, check=True
    )
    folder, existed, same = out.stdout.split()
    assert existed == "True" and same == "True"
    assert Path(folder).name.startswith("treeviz-arena-") and not Path(folder).exists()
