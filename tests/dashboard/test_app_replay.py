"""The replay in the tree's place, under AppTest: switched on, the page's one tree is
the search as it stood at the step shown (read from the chart's own options, checked
against the trace's parent array), beside the replay's controls; switched off, the
tree and the node panel come back with the selection the person had; a click on a
node in the replay stops it and selects that node."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
from conftest import app_test
from streamlit.testing.v1 import AppTest
from tree_reading import panel, tree_views

from treeviz.agents.registry import search
from treeviz.connect4.samples import load_samples
from treeviz.draw.style import SELECTED_FILL

STEP = "analyze_replay_nodes"  # the replay's slider: nodes created so far


def charts(node: Any) -> dict[str, dict[str, Any]]:
    """The ECharts components under ``node`` of the element tree: key -> options."""
    out: dict[str, dict[str, Any]] = {}
    for child in getattr(node, "children", {}).values():
        if getattr(child, "type", None) == "bidi_component" and "echarts" in str(
            child.proto.component_name
        ):
            out[str(child.proto.id).split("-", 2)[2]] = json.loads(child.proto.json)["options"]
        out |= charts(child)
    return out


def trees(at: AppTest) -> dict[str, dict[str, Any]]:
    """The tree charts of the page (keys ``..._tree_...``)."""
    return {k: v for k, v in charts(at._tree).items() if "_tree_" in k}


def items(options: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Every item a tree chart draws, by name (node ids, "more:..", "pruned:..")."""
    out, stack = {}, list(options["series"][0]["data"])
    while stack:
        item = stack.pop()
        out[item["name"]] = item
        stack.extend(item["children"])
    return out


def keys_under(node: Any) -> set[str]:
    """The widget keys and chart keys under ``node``."""
    out = set(charts(node))
    for child in getattr(node, "children", {}).values():
        if getattr(child, "key", None):
            out.add(str(child.key))
        out |= keys_under(child)
    return out


def columns(at: AppTest) -> tuple[Any, Any]:
    """The tree's two columns (left, right): the pair of columns whose right one holds
    the replay's slider or the go-to box."""
    stack = [at._tree]
    while stack:
        node = stack.pop()
        kids = list(getattr(node, "children", {}).values())
        cols = [k for k in kids if type(k).__name__ == "Column"]
        if len(cols) == 2 and {STEP, "analyze_goto"} & keys_under(cols[1]):
            return cols[0], cols[1]
        stack.extend(kids)
    raise AssertionError("no tree columns")


def flow(at: AppTest) -> tuple[set[str], set[str]]:
    """The keys in the tree's two columns (left, right)."""
    left, right = columns(at)
    return keys_under(left), keys_under(right)


def root_table(at: AppTest) -> Any:
    """The replay's table of the root's columns, in the right column."""
    tables = columns(at)[1].dataframe
    assert len(tables) == 1
    return tables[0].value


def expected_at(parent: np.ndarray, n: int) -> set[str]:
    """The nodes a depth-1 view of the first ``n`` nodes draws, from the parent array
    alone: the root, its children created so far, and the children created so far of
    every node on the way to the newest node (unfolded, so that it is drawn)."""
    path, node = set(), n - 1
    while node >= 0:
        path.add(node)
        node = int(parent[node])
    opened = path - {n - 1}
    return {"0"} | {str(k) for k in range(1, n) if int(parent[k]) in opened}


def run_sample(at: AppTest) -> AppTest:
    at.sidebar.selectbox(key="sample").set_value("greedy-trap").run()
    at.sidebar.selectbox(key="agent").set_value("alphabeta").run()
    return at.sidebar.button(key="run").click().run()


def test_the_replay_draws_the_main_tree_at_its_step() -> None:
    """One tree on the page, in the tree's (left) column, beside the controls: at
    each step it draws exactly the nodes created so far that the depth shows, the
    newest unfolded and marked; a deeper view shows more of the same step."""
    at = run_sample(app_test())
    at.slider(key="analyze_depth").set_value(1).run()
    at.toggle(key="analyze_replay").set_value(True).run()
    moves = next(s.moves for s in load_samples().values() if s.name.startswith("Greedy"))
    parent = search(moves, "alphabeta").trace.nodes["parent"].astype(np.int64)
    cut = [int(o) for o in at.select_slider(key=STEP).options]
    assert cut[-1] == len(parent) and not at.exception
    at.button(key="analyze_replay_first").click().run()
    seen = []
    for move in ("forward", "forward", "forward", "back"):
        at.button(key=f"analyze_replay_{move}").click().run()
        seen.append(n := int(at.session_state[STEP]))
        (key, options), *others = trees(at).items()
        assert not others and key.startswith("analyze_replay_tree_"), list(trees(at))
        drawn = items(options)
        assert {k for k in drawn if k.isdigit()} == expected_at(parent, n)
        assert drawn[str(n - 1)]["label"]["backgroundColor"] == SELECTED_FILL  # the newest
        left, right = flow(at)
        assert key in left and STEP in right and not [k for k in right if "_tree_" in k]
    assert seen == [cut[1], cut[2], cut[3], cut[2]]
    at.select_slider(key=STEP).set_value(cut[120]).run()
    shallow = {k for k in items(next(iter(trees(at).values()))) if k.isdigit()}
    assert shallow == expected_at(parent, cut[120])
    at.slider(key="analyze_depth").set_value(2).run()  # the person's depth, during the replay
    deeper = {k for k in items(next(iter(trees(at).values()))) if k.isdigit()}
    assert at.toggle(key="analyze_replay").value and shallow < deeper
    assert all(int(k) < cut[120] for k in deeper) and not at.exception


def test_switching_the_replay_off_gives_the_tree_back_with_its_selection() -> None:
    at = run_sample(app_test())
    at.text_input(key="analyze_goto").set_value("#5").run()
    shown = panel(at)
    assert shown["node"] == 5
    at.toggle(key="analyze_replay").set_value(True).run()
    assert not tree_views(at)  # the replay's tree in its place, no panel
    assert [s.key for s in at.slider if s.key == "analyze_depth"] == ["analyze_depth"]
    at.button(key="analyze_replay_button").click().run()  # playing when switched off
    at.toggle(key="analyze_replay").set_value(False).run()
    assert panel(at) == shown and not trees(at)  # the tree view back, node 5 selected
    assert not at.session_state["analyze_replay_playing"] and not at.exception


REPLAY_CLICKS = """
import streamlit as st
from treeviz.agents.registry import search
from treeviz.dashboard.components.results.replay import on_click
from treeviz.dashboard.components.tree_chart import clicked_name
from treeviz.dashboard.components.results.views import ReplayView
from treeviz.dashboard.components.tree_view import TreeView

view, replay = TreeView("t"), ReplayView("t")
trace = st.session_state.setdefault("trace", search("4453", "alphabeta:depth=4").trace)
view.attach(trace)
for name, root in st.session_state.get("clicks", []):  # what the chart reports, in turn
    st.session_state["t_replay"], st.session_state["t_replay_playing"] = True, True
    view.draw_from(root)
    st.session_state["k"] = {"chart_event": f"{name}@1"}
    on_click(trace, view, replay, clicked_name(st.session_state["k"]))
    st.write(f"on {replay.on} playing {replay.playing} selected {view.selected_in(trace)} "
             f"root {view.root_in(trace)} open {sorted(view.opened)}")
"""


def test_a_click_in_the_replay_stops_it_and_selects_the_node() -> None:
    """A node clicked in the replay's tree: the replay stops and switches off, the
    node is selected and unfolded, and drawn from the trace's root when the view was
    drawn from a node not above it; "+N more", stubs and stale values change
    nothing."""
    trace = search("4453", "alphabeta:depth=4").trace
    a, b = (int(k) for k in trace.children(0)[:2])
    deep = int(trace.children(a)[0])
    at = AppTest.from_string(REPLAY_CLICKS, default_timeout=60)
    at.session_state["clicks"] = [(f"more:{a}", 0), (deep, a), (b, a), (10**9, 0)]
    at.run()
    assert not at.exception
    both = sorted([b, deep])
    assert [m.value for m in at.markdown] == [
        "on True playing True selected 0 root 0 open []",
        f"on False playing False selected {deep} root {a} open [{deep}]",
        f"on False playing False selected {b} root 0 open {both}",
        f"on True playing True selected {b} root 0 open {both}",
    ]


def test_an_mcts_replay_recounts_its_visits_in_the_main_tree() -> None:
    """MCTS with its iterations recorded: the tree and the root's columns count the
    visits made so far (fewer than the search's in the middle, the search's own at
    the end), and the tree draws no node created later."""
    from conftest import APP

    spec = "mcts:iterations=300,seed=3,record_iterations=true"
    final = search("4453", spec).trace
    kids = {
        int(final.nodes["move"][k]) + 1: int(final.nodes["visits"][k]) for k in final.children(0)
    }
    at = AppTest.from_file(APP, default_timeout=180)
    at.query_params.update({"moves": "4453", "agent": spec})
    at.run()
    at.toggle(key="analyze_replay").set_value(True).run()
    cut = [int(o) for o in at.select_slider(key=STEP).options]
    at.select_slider(key=STEP).set_value(cut[len(cut) // 2]).run()
    table = root_table(at)
    drawn = items(next(iter(trees(at).values())))
    assert all(int(k) < cut[len(cut) // 2] for k in drawn if k.isdigit())
    assert table["visits"].sum() < sum(kids.values()) and not at.exception
    at.button(key="analyze_replay_last").click().run()
    table = root_table(at)
    assert dict(zip(table["column"], table["visits"], strict=True)) == kids
