"""The Analyze page's look, as page logic (AppTest) and pure functions: the default
position teaches, the board's notes say what the solver and the agent say, the replay
keeps its pace, unknown links are said in words, Play asks for a move only when a
person is to move."""

from __future__ import annotations

from typing import Any

import pandas as pd
import pytest
from conftest import APP, app_test, seen
from hypothesis import given
from hypothesis import strategies as hs
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


def test_id3_cells_are_drawn_as_a_board() -> None:
    """A pattern's cells in the board's colours, each cell marked with what it
    holds, the untested ones with a question mark; read back cell by cell."""
    import re

    from treeviz.dashboard.components.board import pattern_html

    rows = [list("?X.O???"), *[list("???????")] * 4, list("XO.XO.X")]
    html = pattern_html(rows)
    cells = re.findall(r"data-cell='([^']*)'[^>]*>([^<]*)</td>", html)
    assert [c for c, _ in cells] == [m for row in rows for m in row]
    assert all((text == "?") == (mark == "?") for mark, text in cells)


@pytest.mark.parametrize("depth", [1, 3, 6, 12])
def test_tree_levels_keep_their_labels_apart(depth: int) -> None:
    """ECharts spreads a tree's levels evenly between its left and right margins. In
    a chart as wide as ``chart_width`` asks (its floor, or wider), each label (5 px
    past its node's edge) ends before the next level's node and the deepest inside
    the chart; labels are 11 px or more, and at least
    ``LABEL_MIN_PX`` wide (deep views scroll sideways rather than shrink them)."""
    from treeviz.dashboard.components.tree_chart import (
        LABEL_MIN_PX,
        chart_px,
        chart_width,
        tree_options,
    )
    from treeviz.draw.view import select

    trace = search(Position.from_moves("4453"), "alphabeta", depth=6).trace
    sel = select(trace, 0, max_depth=depth, stubs=True)
    options = tree_options(sel)
    series = options["series"][0]
    depths = trace.nodes["depth"]  # the levels drawn: nodes, and stubs and summaries below
    levels = 1 + max(
        [int(depths[i]) for i in sel.ids] + [int(depths[p]) + 1 for p in [*sel.stubs, *sel.more]]
    )
    label = series["label"]["width"]
    assert series["label"]["fontSize"] >= 11 and label >= LABEL_MIN_PX
    floor = chart_px(options)
    assert chart_width(options) == f"max(100%, {floor}px)"
    offset = series["symbolSize"] / 2 + 5  # ECharts' label distance: 5 px
    for width in (floor, floor + 333):
        step = (width - series["left"] - series["right"]) / (levels - 1)
        assert offset + label <= step - series["symbolSize"] / 2, (width, step, label)
        assert width - series["right"] + offset + label <= width


def test_the_settle_label_stays_off_the_axis() -> None:
    """The settle line's label lies on the side of the line with the plot's larger
    part: right of a line in the left half (left of it, it ran over the y axis'
    labels), left of one in the right half (right of it, off the chart)."""
    from treeviz.dashboard.components.results.progress import progress_options, sampled
    from treeviz.trace.progress import search_progress

    for moves in ("112233", "4453"):  # settled early (iteration 12) and late (172)
        res = search(Position.from_moves(moves), "mcts", iterations=400, record_iterations=True)
        found = search_progress(res.trace)
        assert found is not None and found.settled
        options = progress_options(found, sampled(found.iterations), found.visits, name="visits")
        mark = options["series"][0]["markLine"]
        early = found.settled < found.iterations / 2
        assert mark["label"]["position"] == ("insideEndBottom" if early else "insideEndTop")


def test_table_columns_are_as_wide_as_their_headers_and_texts() -> None:
    """The browser's table draws on a canvas and cut "value (root player)" and the
    "in words" texts: every column of a per-move table gets a width that holds its
    header and its longest text (measured in Chromium: 5.5 px a header character,
    6.05 px a cell's, and 16 px of padding), capped for very long texts; other
    settings kept."""
    from treeviz.dashboard.components.tables import COLUMN_MAX_PX, fitted_columns, readable, styled
    from treeviz.trace.analysis import move_table

    res = search(Position.from_moves("4453"), "alphabeta", depth=5)
    table = readable(move_table(res), res.trace.value_kind)
    config = fitted_columns(styled(table), {"in words": {"help": "said"}})
    assert set(config) == {str(c) for c in table.columns}
    assert config["in words"]["help"] == "said"
    for name in table.columns:
        longest = max(len(str(v)) for v in table[name] if v is not None)
        need = max(5.5 * len(str(name)), 6.05 * longest) + 16
        assert config[str(name)]["width"] >= min(COLUMN_MAX_PX, need), name
    assert config["in words"]["width"] > config["column"]["width"]
    wide = fitted_columns(pd.DataFrame({"x": ["word " * 400]}), index=True)
    assert wide["x"]["width"] == COLUMN_MAX_PX and "_index" in wide


@pytest.mark.parametrize(
    ("page", "limit"), [("play", "GAME_MAX_BYTES"), ("trace", "TRACE_UPLOAD_MB")]
)
def test_uploaders_state_the_real_cap(page: str, limit: str) -> None:
    """The uploader's "per file" limit is the cap the page enforces (Play's said
    200 MB, Streamlit's default, while a game file may have 1 MiB)."""
    import treeviz.settings as settings

    cap = getattr(settings, limit)
    megabytes = cap >> 20 if limit.endswith("BYTES") else cap
    at = app_test(page)
    sizes = [u.proto.max_upload_size_mb for u in at.get("file_uploader")]
    assert sizes == [megabytes] and not at.exception


@given(hs.sets(hs.integers(1, 7)))
def test_column_runs_read_back_as_the_columns(cols: set[int]) -> None:
    """``pruned 1-3,5,6``: expanded, the text gives the columns back in order, and a
    range stands for three columns or more (two read as ``5,6``)."""
    from treeviz.draw.view import column_runs

    assert expanded(column_runs(sorted(cols))) == sorted(cols)


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
    from treeviz.dashboard.components.tree_chart import tree_options
    from treeviz.draw.view import pruned_columns, select
    from treeviz.trace.values import node_value

    trace = search(Position.from_moves("4453"), "alphabeta", depth=4).trace
    sel = select(trace, 0, max_depth=4, stubs=True)
    assert sel.stubs
    top = tree_options(sel)["series"][0]["data"][0]
    items = [x for x in _items(top) if str(x["name"]).startswith("pruned:")]
    assert len(items) == len(sel.stubs)
    for item in items:
        node = int(item["name"].split(":")[1])
        cols = [c + 1 for c in pruned_columns(trace, node)]
        drawn = item["label"]["formatter"]
        assert drawn.startswith("pruned ") and expanded(drawn.removeprefix("pruned ")) == cols
        # said in the root player's values, as the label of the node it hangs from
        said = node_value(trace, node)
        bound = "least" if trace.nodes["depth"][node] % 2 == 0 else "most"
        assert item["value"].startswith(f"pruned {','.join(map(str, cols))}: worth at {bound}")
        if said.outcome is None and said.value is not None:
            # the label carries its bound's sign (≤ for at most), the sentence says it
            number = said.text.lstrip("≤≥")
            assert said.text[:1] in ("", {"most": "≤", "least": "≥"}[bound], "+", "-")
            assert f"worth at {bound} {number} here" in item["value"], (item, said)


def _items(item: dict[str, Any]) -> list[dict[str, Any]]:
    """``item`` and every item below it."""
    return [item, *(x for k in item["children"] for x in _items(k))]
