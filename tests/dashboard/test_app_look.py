"""The Analyze page's look, as page logic (AppTest) and pure functions: the default
position teaches, the board's notes say what the solver and the agent say, the replay
keeps its pace, unknown links are said in words, Play asks for a move only when a
person is to move."""

from __future__ import annotations

import pytest
from conftest import APP, app_test, seen
from streamlit.testing.v1 import AppTest

from treeviz.agents.registry import search
from treeviz.connect4.board import Position
from treeviz.connect4.samples import load_sample
from treeviz.dashboard.components.board_notes import notes_for
from treeviz.dashboard.components.numbers import exact_label
from treeviz.dashboard.components.results.replay import step_interval
from treeviz.exact.scores import exact_scores
from treeviz.settings import DEFAULT_AGENT, DEFAULT_SAMPLE, QUICK_AGENT, REPLAY_SECONDS


def _choice(pos: Position, spec: str) -> int:
    return search(pos, spec).move


def test_the_default_position_is_a_real_decision() -> None:
    """Asked of the exact solver: one column wins and every other loses; asked of the
    agents: the default agent finds the win, the quick preset does not (they
    disagree), so the first Run shows a decision and Compare's default shows why."""
    pos = load_sample(DEFAULT_SAMPLE).position()
    exact = exact_scores(pos)
    wins = [c + 1 for c, s in enumerate(exact) if s is not None and s > 0]
    assert len(wins) == 1
    assert all(s < 0 for c, s in enumerate(exact) if s is not None and c + 1 not in wins)
    assert _choice(pos, DEFAULT_AGENT.default) == wins[0]
    assert _choice(pos, QUICK_AGENT) != wins[0]


def test_the_page_opens_on_the_default_position() -> None:
    at = app_test()
    assert at.sidebar.selectbox(key="sample").value == DEFAULT_SAMPLE
    assert at.session_state["position"] == load_sample(DEFAULT_SAMPLE).position()
    assert not at.exception and not at.error


@pytest.mark.parametrize("moves", ["4453", "6635527315761523542137"])
def test_board_notes_say_what_the_solver_and_the_agent_say(moves: str) -> None:
    """Over each column the solver's score, the best columns those of the highest
    score, the agent's column its choice; the bar leans to the side the exact
    score favours."""
    pos = Position.from_moves(moves)
    exact = exact_scores(pos)
    res = search(pos, "alphabeta", depth=3)
    notes = notes_for(pos, exact, res)
    top = max(s for s in exact if s is not None)
    assert notes.exact == tuple(exact_label(s) for s in exact)
    assert notes.best == {c for c, s in enumerate(exact) if s == top}
    assert notes.chosen == res.move - 1 and notes.agent is not None
    assert len(notes.agent) == pos.width and notes.source == "exact"
    x_share = notes.share if pos.side_to_move == "X" else 1 - (notes.share or 0)
    assert notes.share is not None and (x_share > 0.5) == (top > 0) and (x_share < 0.5) == (top < 0)
    bare = notes_for(pos, None)
    assert bare.exact is None and bare.agent is None and bare.share is None


@pytest.mark.parametrize("n", [2, 57, 200])
def test_any_search_replays_in_the_same_time(n: int) -> None:
    assert step_interval(n) * (n - 1) == pytest.approx(REPLAY_SECONDS)
    assert step_interval(n, 2.0) == pytest.approx(step_interval(n) / 2)


@pytest.mark.slow
def test_the_replay_is_paced_to_its_steps() -> None:
    """The browser plays the replay at the pace sent with it: one step per interval,
    the whole search in REPLAY_SECONDS at 1x, with the speeds offered."""
    from tree_reading import the_replay

    from treeviz.settings import REPLAY_SPEEDS

    at = app_test()
    at.sidebar.button(key="run").click().run()
    at.toggle(key="analyze_replay").set_value(True).run()
    data = the_replay(at)
    n = len(data["steps"])
    assert data["interval"] * (n - 1) == pytest.approx(REPLAY_SECONDS * 1000)
    assert dict(data["speeds"]) == REPLAY_SPEEDS and data["seconds"] == REPLAY_SECONDS
    assert not at.exception


def test_an_unknown_node_in_a_link_is_said_in_words() -> None:
    said = {"99999": "'99999' is not in this trace", "abc": "'abc' is not a node id"}
    for node, words in said.items():
        at = AppTest.from_file(APP, default_timeout=180)
        at.query_params.update({"moves": "4453", "agent": "alphabeta:depth=2", "node": node})
        at.run()
        assert not at.exception
        assert any(words in seen(e.value) for e in at.error), [e.value for e in at.error]
        assert at.subheader[0].value.startswith("alphabeta plays column")


def test_play_asks_for_a_move_only_when_a_person_is_to_move() -> None:
    at = app_test("play")
    asks = [s for s in at.get("segmented_control") if s.key == "play_move"]
    assert asks and "Your move" in asks[0].label  # a person plays X at first
    at.sidebar.text_input(key="play_x").set_value("random").run()
    at.sidebar.button(key="play_new").click().run()
    assert not [s for s in at.get("segmented_control") if s.key == "play_move"]
    assert not at.exception


def expanded(text: str) -> list[int]:
    """The columns of ``1-3,5,6``; a range stands for three or more."""
    back: list[int] = []
    for part in filter(None, text.split(",")):
        lo, _, hi = part.partition("-")
        assert not hi or int(hi) - int(lo) >= 2, text
        back += range(int(lo), int(hi or lo) + 1)
    return back


def test_a_pruned_stub_is_drawn_short_and_said_whole() -> None:
    """A cutoff's stub: the drawn label names its columns only (the whole sentence was
    cut at a deep level's label width), the tooltip says the cutoff whole."""
    from treeviz.dashboard.components.tree_data import tree_entries
    from treeviz.draw.view import pruned_columns, select
    from treeviz.trace.values import node_value

    trace = search(Position.from_moves("4453"), "alphabeta", depth=4).trace
    sel = select(trace, 0, max_depth=4, stubs=True)
    assert sel.stubs
    items = [x for x in tree_entries(sel) if x["kind"] == "pruned"]
    assert len(items) == len(sel.stubs)
    for item in items:
        node = int(item["key"].split(":")[1])
        cols = [c + 1 for c in pruned_columns(trace, node)]
        drawn = item["text"]
        assert drawn.startswith("pruned ") and expanded(drawn.removeprefix("pruned ")) == cols
        # said in the root player's values, as the label of the node it hangs from
        said = node_value(trace, node)
        bound = "least" if trace.nodes["depth"][node] % 2 == 0 else "most"
        assert item["tip"].startswith(f"pruned {','.join(map(str, cols))}: worth at {bound}")
        if said.outcome is None and said.value is not None:
            # the label carries its bound's sign (≤ for at most), the sentence says it
            number = said.text.lstrip("≤≥")
            assert said.text[:1] in ("", {"most": "≤", "least": "≥"}[bound], "+", "-")
            assert f"worth at {bound} {number} here" in item["tip"], (item, said)
