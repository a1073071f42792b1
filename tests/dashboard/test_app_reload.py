"""Nothing lost on reload: what a visitor's browser keeps (a Play game, the analysis
shown, on Connect 4 or another game, the Learn exercise and a deck's progress, the
Doctor's checkup and sidebar, the checkup written once) comes back in a new session of
the same browser, and never in another's; the store's bounds; the cookie the
middleware sets.

AppTest cannot send cookies (its ``context`` seeds no ``st.context.cookies``), so the
browser's id is given by replacing :func:`visitor.visitor_id` (the one reader of the
cookie); a new ``AppTest`` is a new session, as a reload makes. The browser walk
(``tests/browser/test_browser_reload.py``) checks the same through a real cookie."""

from __future__ import annotations

import asyncio
import json
import re
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from conftest import APP, app_test, run_agent, seen
from streamlit.testing.v1 import AppTest

from treeviz.agents.contract import parse_spec
from treeviz.agents.registry import AGENTS, search
from treeviz.checkup.result import Checkup
from treeviz.checkup.run import checkup
from treeviz.dashboard.pages.doctor import state as doctor_state
from treeviz.dashboard.pages.doctor.inside import LEFT_OUT
from treeviz.dashboard.server import visitor
from treeviz.dashboard.server.visitor import COOKIE, KeptStore, VisitorCookie, new_token
from treeviz.games.game import load_game
from treeviz.learn.puzzles import puzzle_cards
from treeviz.learn.schedule import Schedule

A, B = new_token(), new_token()  # two browsers
GAME = load_game(Path(__file__).parents[1] / "data" / "games" / "greedy_vs_alphabeta.json")
TRACED = f"{Path(__file__).parents[1] / 'data' / 'traced_full_board.py'}:choose"


@pytest.fixture
def browser(monkeypatch: pytest.MonkeyPatch) -> dict[str, str | None]:
    """The browser the next sessions come from (``who["id"]``; None: AppTest's, with
    no cookie), over a store of their own."""
    who: dict[str, str | None] = {"id": None}
    cookie = visitor.visitor_id  # AppTest's own (no cookie): when ``who`` names none
    monkeypatch.setattr(visitor, "STORE", KeptStore())
    monkeypatch.setattr(visitor, "visitor_id", lambda: who["id"] or cookie())
    return who


def session(page: str, query: dict[str, str] | None = None) -> AppTest:
    """A new session (a reload, a deep link) opened at ``page``, then given the link
    ``query`` (read as on a first visit, as ``test_app_learn`` does)."""
    at = app_test(page)
    if query:
        at.query_params.update(query)
        at.session_state["learn_link_read"] = False
        at.run()
    return at


def test_a_play_game_comes_back_to_its_browser_only(browser: dict[str, str | None]) -> None:
    browser["id"] = A
    at = app_test("play")
    at.segmented_control(key="play_move").set_value(4).run()
    at.segmented_control(key="play_move").set_value(3).run()
    played = at.session_state["play_game"]
    assert len(played.moves) == 4 and played.moves[::2] == "43"  # the agent answered
    again = session("play")
    assert again.session_state["play_game"].moves == played.moves
    assert (again.session_state["play_game"].x, again.session_state["play_game"].o) == (
        played.x,
        played.o,
    )
    browser["id"] = B
    assert session("play").session_state["play_game"].moves == ""
    browser["id"] = None  # cookies off: as before, nothing kept
    assert session("play").session_state["play_game"].moves == ""


def test_the_analysis_shown_comes_back_without_a_link(browser: dict[str, str | None]) -> None:
    browser["id"] = A
    at = run_agent(app_test(), "must-block", "greedy")
    pos, shown = at.session_state["position"], at.subheader[0].value
    assert shown == f"greedy plays column {search(pos, 'greedy').move}"  # the rules' search
    again = session("play")
    again.session_state["goto"] = "analyze"  # the Play page first, then the analysis
    again.run()
    assert not again.exception and again.subheader[0].value == shown
    assert again.session_state["position"].moves_string() == pos.moves_string()
    assert again.query_params["moves"] in (pos.moves_string(), [pos.moves_string()])
    browser["id"] = B
    other = app_test()
    assert not other.exception and not any("plays column" in h.value for h in other.subheader)


def any_shown(at: AppTest) -> tuple[str, str, str, list[str]]:
    """Another game's analysis as the page shows it: the game, the position box, the
    agent, and each row of the per-move table (its move, chosen or not, value)."""
    table = at.dataframe[0].value
    columns = (table["move"], table["chosen"], table["value"])
    rows = [f"{m} {c} {v}" for m, c, v in zip(*columns, strict=True)]
    side = at.sidebar
    boxes = (side.selectbox(key="analyze_game").value, side.selectbox(key="any_agent").value)
    return boxes[0], side.text_input(key="any_position_tic_tac_toe").value, boxes[1], rows


def test_another_game_s_analysis_comes_back_without_a_link(
    browser: dict[str, str | None],
) -> None:
    spiel = pytest.importorskip("pyspiel")
    from open_spiel.python.algorithms.minimax import alpha_beta_search

    browser["id"] = A
    at = app_test()
    chosen = {  # the picker, the position box, the agent and its depth, one run each
        "analyze_game": "tic_tac_toe",
        "any_position_tic_tac_toe": "x(1,1) o(0,1)",
        "any_agent": "minimax",
        "any_minimax_depth": 9,
    }
    for key, value in chosen.items():
        at.session_state[key] = value
        at.run()
    at.sidebar.button(key="any_run").click().run()
    assert not at.exception and not at.error
    shown = any_shown(at)
    again = app_test()  # a new session of the same browser at the base address, no link
    assert not again.exception and not again.error
    assert any_shown(again) == shown
    assert again.sidebar.slider(key="any_minimax_depth").value == 9
    assert again.query_params["game"] in ("tic_tac_toe", ["tic_tac_toe"])
    # the move shown is a best one by OpenSpiel's own search (x centre, o an edge)
    state = spiel.load_game("tic_tac_toe").new_initial_state().child(4).child(1)
    values = {
        state.action_to_string(0, a): alpha_beta_search(
            state.get_game(), state.child(a), maximizing_player_id=0
        )[0]
        for a in state.legal_actions()
    }
    [move] = [r.split()[0] for r in shown[3] if r.split()[1] == "yes"]
    assert values[move] == max(values.values()) == 1.0
    linked = AppTest.from_file(APP, default_timeout=180)  # a Connect 4 link, same browser
    linked.query_params["moves"] = "44"
    linked.run()
    assert not linked.exception and linked.title[0].value.endswith("column?")
    assert linked.session_state["position"].moves_string() == "44"
    browser["id"] = B
    other = app_test()
    assert other.title[0].value.endswith("column?")  # Connect 4, as on a first visit
    assert "game" not in other.query_params


@pytest.mark.parametrize(
    "kept",
    [
        {"game": "chess'><script>", "position": "e4", "agent": "alphabeta"},
        {"game": "tic_tac_toe", "position": 5, "agent": "alphabeta:depth=99"},
        {"game": "tic_tac_toe", "agent": "evil.py:choose"},
        "tic_tac_toe",
    ],
)
def test_another_game_kept_in_a_form_it_cannot_have_is_left_out(
    browser: dict[str, str | None], kept: Any
) -> None:
    browser["id"] = A
    visitor.STORE.put(A, "analyze", {"any_game": kept})
    at = app_test()
    assert not at.exception and not at.error and "any_shown" not in at.session_state
    registered = isinstance(kept, dict) and "'" not in kept["game"]
    assert at.session_state["analyze_game"] == ("tic_tac_toe" if registered else "connect4")
    assert "evil.py:choose" not in AGENTS


def deck_text(at: AppTest) -> str:
    """The card shown and the progress, as the page says them."""
    card = next(m.value for m in at.markdown if m.value.startswith("**Card "))
    bar = next(e for e in at.main if getattr(e, "type", "") == "progress")
    return f"{card} | {bar.proto.text}"


@pytest.mark.slow
def test_a_deck_s_progress_comes_back_in_a_deep_link(browser: dict[str, str | None]) -> None:
    browser["id"] = A
    at = session("learn", {"ex": "puzzles", "p_moves": GAME.moves})
    cards = puzzle_cards(GAME)
    first = at.session_state["puzzles_card"]
    wrong = next(
        c + 1 for c in cards[first].position.legal_moves() if not cards[first].is_right(c + 1)
    )
    at.segmented_control(key="puzzles_pick_0").set_value(wrong).run()
    at.button(key="puzzles_next").click().run()
    shown = deck_text(at)
    # the schedule, outside the page, after the same answer
    schedule = Schedule(len(cards))
    schedule.answer(first, False)
    assert at.session_state["puzzles_card"] == schedule.next_card()
    assert schedule.progress().text() in shown
    again = session("learn")  # /learn, no link: the exercise and the deck as they were
    assert not again.exception and not again.error
    assert again.radio(key="learn_exercise").value == "puzzles"
    assert deck_text(again) == shown
    browser["id"] = B
    other = session("learn")
    assert other.radio(key="learn_exercise").value == "predict"
    assert not any(m.value.startswith("**Card ") for m in other.markdown)


@cache
def traced_checkup() -> Checkup:
    """A checkup of a traced search with a bug inside (its tree) and outside, run once
    in this process (one position of each kind)."""
    return checkup(TRACED, positions=1)


@pytest.fixture
def checkups(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, dict[str, Any]]]:
    """The agent and options of every checkup the Doctor page runs from now on (a
    restore runs none)."""
    from treeviz.dashboard.pages.doctor import page

    ran: list[tuple[str, dict[str, Any]]] = []

    def counted(agent: str, **options: Any) -> Checkup:
        ran.append((agent, {k: options[k] for k in ("positions", "depth", "seed")}))
        return traced_checkup()

    monkeypatch.setattr(page, "checkup", counted)
    return ran


def doctor_shown(c: Checkup) -> AppTest:
    """A session of the Doctor page showing ``c`` as a checkup run there leaves it (its
    trees, those the page shows), its state kept at the end of the run."""
    at = app_test("doctor")
    at.session_state["doctor_result"] = c
    at.session_state["doctor_trees"] = c.readable_trees()
    return at.run()


def page_text(at: AppTest) -> list[str]:
    """What a person reads on the page: every Markdown, caption, note and verdict."""
    parts = [*at.markdown, *at.caption, *at.info, *at.success, *at.warning, *at.error]
    return [seen(p.value) for p in parts]


@pytest.mark.slow
def test_a_checkup_comes_back_without_running_and_to_its_browser_only(
    browser: dict[str, str | None], checkups: list[tuple[str, dict[str, Any]]]
) -> None:
    browser["id"] = A
    c = traced_checkup()
    assert c.inside and c.outside and c.readable_trees()  # what must come back
    first = doctor_shown(c)
    shown = page_text(first)
    again = session("doctor")
    assert not again.exception and not again.error and checkups == []
    kept = again.session_state["doctor_result"]
    assert kept is not c and kept.findings == c.findings and kept.text() == c.text()
    assert page_text(again) == shown  # the same findings, trees and strength, in words
    trees = again.session_state["doctor_trees"]
    assert {k: t.nodes.tolist() for k, t in trees.items()} == {
        k: t.nodes.tolist() for k, t in c.readable_trees().items()
    }
    browser["id"] = B
    other = session("doctor")
    assert "doctor_result" not in other.session_state and checkups == []
    assert any("press **Run the checkup**" in i.value for i in other.info)


@pytest.mark.slow  # a whole checkup, then a reload: over 3 s
def test_a_checkup_too_large_keeps_its_findings_and_says_what_it_lost(
    browser: dict[str, str | None],
    checkups: list[tuple[str, dict[str, Any]]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    browser["id"] = A
    c = traced_checkup()
    with_trees = json.dumps(c.as_data(), separators=(",", ":"))
    monkeypatch.setattr(doctor_state, "KEPT_CHARS", len(with_trees) - 1)
    doctor_shown(c)
    kept = visitor.STORE.get(A, "doctor")
    assert kept["checkup"]["trees"] == {} and kept["left_out"] == ["terminal"]
    for _ in range(2):  # a reload, and one more: still said
        again = session("doctor")
        assert not again.exception and not again.error and checkups == []
        assert again.session_state["doctor_result"].findings == c.findings
        assert again.session_state["doctor_trees"] == {}
        (note,) = [seen(i.value) for i in again.info]
        assert "`terminal`" in note and "too large to keep across the reload" in note
        assert "Run the checkup" in note
        assert seen(LEFT_OUT) in [seen(x.value) for x in again.caption]


@pytest.mark.parametrize(
    "kept",
    [
        "garbled",
        {"checkup": {"format": "treeviz-checkup-1", "agent": "x"}, "left_out": []},
        {"checkup": {"findings": [{"seen": "nowhere"}]}},
    ],
)
def test_a_kept_checkup_that_does_not_read_back_is_said_and_forgotten(
    browser: dict[str, str | None], checkups: list[tuple[str, dict[str, Any]]], kept: Any
) -> None:
    browser["id"] = A
    visitor.STORE.put(A, "doctor", kept)
    at = session("doctor")
    assert not at.exception and "doctor_result" not in at.session_state
    (error,) = [seen(e.value) for e in at.error]
    assert error.startswith("the checkup kept from your last visit")
    assert "Run the checkup to check again" in error
    assert any("press **Run the checkup**" in i.value for i in at.info)  # afresh
    assert "checkup" not in visitor.STORE.get(A, "doctor") and checkups == []
    at.run()
    assert not at.error  # said once


@pytest.mark.slow
def test_a_restored_checkup_never_loads_its_agent(
    browser: dict[str, str | None], checkups: list[tuple[str, dict[str, Any]]], tmp_path: Path
) -> None:
    """The agent in the kept data is text: a file that would leave a mark when
    imported is named, shown, and never imported."""
    evil = tmp_path / "evil.py"
    mark = tmp_path / "imported"
    evil.write_text(f"open({str(mark)!r}, 'w').close()\ndef choose(pos):\n    return 4\n")
    browser["id"] = A
    data = traced_checkup().as_data()
    data["agent"] = f"{evil}:choose"
    visitor.STORE.put(A, "doctor", {"checkup": data, "left_out": []})
    at = session("doctor")
    assert not at.exception and not at.error
    assert at.session_state["doctor_result"].agent == f"{evil}:choose"
    assert any(str(evil) in t for t in page_text(at))
    assert not mark.exists() and checkups == [] and f"{evil}:choose" not in AGENTS


def doctor_sidebar(at: AppTest) -> dict[str, Any]:
    """The Doctor sidebar's values: the agent, minimax's settings, the options."""
    side = at.sidebar
    return {
        "agent": side.selectbox(key="doctor_agent").value,
        "depth": side.slider(key="doctor_param_minimax_depth").value,
        "heuristic": side.selectbox(key="doctor_param_minimax_heuristic").value,
        "tt": side.checkbox(key="doctor_param_minimax_tt").value,
        "positions": side.number_input(key="doctor_positions").value,
        "seed": side.number_input(key="doctor_seed").value,
    }


@pytest.mark.slow  # a whole checkup, then a reload: over 3 s
def test_the_doctor_s_sidebar_comes_back_and_asks_the_same_checkup(
    browser: dict[str, str | None], checkups: list[tuple[str, dict[str, Any]]]
) -> None:
    browser["id"] = A
    traced_checkup()  # before the page seals the process
    at = app_test("doctor")
    at.sidebar.selectbox(key="doctor_agent").set_value("minimax").run()
    at.sidebar.slider(key="doctor_param_minimax_depth").set_value(2).run()
    at.sidebar.selectbox(key="doctor_param_minimax_heuristic").set_value("centre").run()
    at.sidebar.checkbox(key="doctor_param_minimax_tt").check().run()
    at.sidebar.number_input(key="doctor_positions").set_value(3).run()
    at.sidebar.number_input(key="doctor_seed").set_value(7).run()
    at.button(key="doctor_run").click().run()
    assert not at.error and at.session_state["doctor_result"] is traced_checkup()
    chosen = doctor_sidebar(at)
    [(agent, options)] = checkups
    spec = parse_spec(agent, AGENTS)  # what was asked, read by the registry
    asked = spec.kwargs
    assert (spec.name, asked["depth"], asked["heuristic"]) == ("minimax", 2, "centre")
    assert asked["tt"] is True and options == {"positions": 3, "depth": None, "seed": 7}
    again = session("doctor")
    assert not again.exception and not again.error and len(checkups) == 1
    assert doctor_sidebar(again) == chosen
    again.button(key="doctor_run").click().run()
    assert checkups == [(agent, options)] * 2  # the same question as before the reload
    browser["id"] = B
    other = session("doctor")
    assert other.sidebar.selectbox(key="doctor_agent").value != "minimax"
    assert other.sidebar.number_input(key="doctor_seed").value == 0


@pytest.mark.slow
def test_a_checkup_is_written_for_a_reload_once_not_on_every_rerun(
    browser: dict[str, str | None],
    checkups: list[tuple[str, dict[str, Any]]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    browser["id"] = A
    written: list[bool] = []
    as_data = Checkup.as_data

    def counted(self: Checkup, **options: Any) -> dict[str, Any]:
        written.append(True)
        return as_data(self, **options)

    traced_checkup()  # before the page seals the process
    monkeypatch.setattr(Checkup, "as_data", counted)
    at = app_test("doctor")
    at.button(key="doctor_run").click().run()
    once = len(written)
    assert len(checkups) == 1 and once >= 1 and visitor.STORE.get(A, "doctor")["checkup"]
    for _ in range(3):
        at.run()
    at.sidebar.number_input(key="doctor_seed").set_value(3).run()
    assert len(written) == once  # reruns and a setting changed: nothing written again
    assert visitor.STORE.get(A, "doctor")["settings"]["seed"] == 3
    again = session("doctor")
    again.run()
    assert not again.error and len(written) == once  # the kept data is kept as it came
    again.button(key="doctor_run").click().run()
    assert len(checkups) == 2 and len(written) > once  # a new checkup: written anew


def test_the_store_copies_bounds_and_forgets_the_least_recent() -> None:
    store = KeptStore(visitors=2, chars=40)
    kept = {"moves": "4453"}
    assert store.put("a", "play", kept)
    kept["moves"] = "1"
    got = store.get("a", "play")
    assert got == {"moves": "4453"}
    got["moves"] = "2"  # a session's change of what it read is its own
    assert store.get("a", "play") == {"moves": "4453"} and store.get("b", "play") is None
    assert not store.put("a", "learn", "x" * 40)  # past the visitor's cap: not kept
    assert store.get("a", "learn") is None and store.get("a", "play") == {"moves": "4453"}
    assert not store.put("a", "play", "y" * 41)  # a value too big drops the older one
    assert store.get("a", "play") is None
    store.put("a", "play", 1)
    store.put("b", "play", 2)
    store.get("a", "play")  # a seen last: b is the least recent
    store.put("c", "play", 3)
    assert [store.get(v, "play") for v in "abc"] == [1, None, 3]


def answer_of(scope: dict[str, Any]) -> list[tuple[bytes, bytes]]:
    """The headers the middleware sends for a request of ``scope``."""
    sent: list[dict[str, Any]] = []

    async def inner(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    async def receive() -> dict[str, Any]:
        return {"type": "http.request"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    with ThreadPoolExecutor(max_workers=1) as pool:  # a loop of its own (see test_base_url)
        pool.submit(asyncio.run, VisitorCookie(inner)(scope, receive, send)).result()
    return list(sent[0]["headers"])


def http(headers: list[tuple[bytes, bytes]], **more: Any) -> dict[str, Any]:
    return {"type": "http", "method": "GET", "path": "/play", "headers": headers, **more}


def test_the_cookie_is_set_once_with_its_flags() -> None:
    [(name, value)] = answer_of(http([]))
    assert name == b"set-cookie"
    fields = [f.strip() for f in value.decode().split(";")]
    token = fields[0].removeprefix(f"{COOKIE}=")
    assert re.fullmatch(r"[A-Za-z0-9_-]{22}", token)  # 16 random bytes, base64url
    assert {"HttpOnly", "SameSite=Strict", "Path=/"} == set(fields[1:])
    assert answer_of(http([(b"cookie", f"x=1; {COOKIE}={token}".encode())])) == []
    # a value that is not one of ours is replaced, not kept
    assert answer_of(http([(b"cookie", f"{COOKIE}=../../etc".encode())]))
    [(_, secure)] = answer_of(http([], scheme="https", root_path="/class"))
    assert b"; Secure" in secure and b"Path=/class/" in secure
    two = {answer_of(http([]))[0][1].split(b";")[0] for _ in range(2)}
    assert len(two) == 2  # each browser its own id
