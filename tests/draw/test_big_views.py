"""Views of big traces: subtree sizes, the folding budget that keeps labels apart,
unfolding on demand, the children table and going to a node (the dashboard's tree)."""

from __future__ import annotations

import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from treeviz.agents.registry import search
from treeviz.connect4.board import Position
from treeviz.dashboard.components.node_tables import children_table
from treeviz.draw.view import Selection, select
from treeviz.exact.scores import exact_scores
from treeviz.trace.nodes import SearchResult, Trace


@pytest.fixture(scope="module")
def minimax() -> SearchResult:
    return search(Position(), "minimax", depth=4)  # no game ends within 4 plies


@pytest.fixture(scope="module")
def mcts() -> SearchResult:
    return search(Position.from_moves("4453"), "mcts", iterations=600, seed=5)


def brute_sizes(trace: Trace) -> list[int]:
    """Subtree sizes by walking every node's path to the root."""
    sizes = [0] * len(trace)
    for i in range(len(trace)):
        for a in trace.path(i):
            sizes[a] += 1
    return sizes


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**6), st.integers(20, 400))
def test_subtree_sizes_count_every_descendant(seed: int, iterations: int) -> None:
    trace = search(Position.from_moves("44"), "mcts", iterations=iterations, seed=seed).trace
    assert list(trace.subtree_sizes()) == brute_sizes(trace)


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**6), st.integers(20, 400))
def test_every_node_knows_its_root_child(seed: int, iterations: int) -> None:
    """The root child each node descends from is the second node of its path."""
    trace = search(Position.from_moves("44"), "mcts", iterations=iterations, seed=seed).trace
    paths = [trace.path(i) for i in range(len(trace))]
    assert list(trace.root_children()) == [p[1] if len(p) > 1 else 0 for p in paths]


def test_subtree_sizes_of_a_full_minimax_tree(minimax: SearchResult) -> None:
    """Minimax to depth 4 from the empty board: 7^k nodes below each level."""
    trace = minimax.trace
    sizes = trace.subtree_sizes()
    assert sizes[0] == len(trace) == 1 + 7 + 49 + 343 + 2401
    assert all(sizes[k] == 1 + 7 + 49 + 343 for k in trace.children(0))


def leaves(trace: Trace, sel: Selection) -> int:
    """Entries with nothing drawn below them."""
    drawn = set(sel.ids)
    bare = [
        i
        for i in sel.ids
        if not drawn & set(trace.children(i).tolist()) and i not in sel.more and i not in sel.stubs
    ]
    return len(bare) + len(sel.more) + len(sel.stubs)


@pytest.mark.parametrize("budget", [8, 20, 60])
def test_the_breadth_budget_folds_what_would_crowd_the_rows(
    minimax: SearchResult, budget: int
) -> None:
    """No more leaves across than the budget (past the root's own children); the
    folded nodes are the later ones (most important first), unfolding one shows its
    children."""
    trace = minimax.trace
    sel = select(trace, 0, max_depth=4, breadth=budget)
    assert leaves(trace, sel) <= max(budget, 7)
    drawn = set(sel.ids)
    folded = [
        i for i in sel.ids if len(trace.children(i)) and not drawn & set(trace.children(i).tolist())
    ]
    assert folded and folded == sorted(folded, key=sel.ids.index)
    opened = select(trace, 0, max_depth=4, breadth=budget, expanded={folded[-1]})
    assert set(trace.children(folded[-1]).tolist()) <= set(opened.ids)


def test_unfolding_goes_below_the_depth_shown(minimax: SearchResult) -> None:
    trace = minimax.trace
    leaf_parent = int(trace.children(int(trace.children(0)[0]))[0])
    sel = select(trace, 0, max_depth=2, expanded={leaf_parent})
    assert set(trace.children(leaf_parent).tolist()) <= set(sel.ids)
    assert not set(
        trace.children(int(trace.children(int(trace.children(0)[1]))[0])).tolist()
    ) & set(sel.ids)


def test_children_table_ranks_by_visits_with_sizes_and_exact_scores(mcts: SearchResult) -> None:
    """MCTS children come most visited first, with the nodes below each; the exact
    scores are the solver's for the player to move at the root (negated one ply down)."""
    trace = mcts.trace
    table = children_table(trace, 0)
    visits = list(table["visits"])
    assert visits == sorted(visits, reverse=True)
    sizes = trace.subtree_sizes()
    assert list(table["nodes below"]) == [int(sizes[k]) - 1 for k in table["node"]]
    child = int(table["node"].iloc[0])
    pos = Position.from_moves(trace.root_moves + trace.path_moves(child))
    exact = exact_scores(pos, 10.0)
    assert exact is not None
    below = children_table(trace, child, exact)
    for _, row in below.iterrows():
        assert row["exact score (root player)"] == -exact[int(row["column"]) - 1]


def test_mcts_children_show_q_exploration_and_uct(mcts: SearchResult) -> None:
    """Per child: Q from its results, the exploration term from c, the parent's visits
    and its own, and UCT their sum."""
    trace = mcts.trace
    table = children_table(trace, 0)
    c, parent_n = float(trace.params["c"]), int(trace.nodes["visits"][0])
    for _, row in table.iterrows():
        n = trace.nodes[int(row["node"])]
        q = float(n["value_sum"]) / float(n["visits"])
        assert row["Q (mover)"] == pytest.approx(q)
        term = c * np.sqrt(np.log(parent_n) / int(n["visits"]))
        assert row["exploration (c·√(ln N / n))"] == pytest.approx(term)
        assert row["UCT = Q + exploration"] == pytest.approx(q + term)


def test_visit_share_over_iterations_ends_at_the_root_visits() -> None:
    """From the iteration log: shares sum to one, and at the last iteration each
    column's share is its root child's visits over the root's."""
    from treeviz.trace.reading import share_over_time

    res = search(
        Position.from_moves("4453"), "mcts", iterations=500, seed=2, record_iterations=True
    )
    trace = res.trace
    at, share = share_over_time(trace, points=50)
    assert at[-1] == 500 and len(at) <= 50 and np.allclose(share.sum(axis=1), 1.0)
    kids = trace.children(0)
    visits = np.zeros(trace.width)
    visits[trace.nodes["move"][kids]] = trace.nodes["visits"][kids]
    assert np.allclose(share[-1], visits / visits.sum())
    assert share_over_time(search(Position(), "mcts", iterations=50).trace) is None


def test_a_running_search_says_how_far_it_is() -> None:
    """MCTS from its iterations (about one node each); other searches from the time
    they may still take: their own limit or the page's budget, whichever is first."""
    from treeviz.agents.registry import spec
    from treeviz.dashboard.server.cache import estimate, search_request

    pos = Position.from_moves("4453")
    mcts = search_request(pos, spec("mcts", iterations=1000))
    assert estimate(mcts, budget_s=60.0, elapsed=1.0, nodes=250) == (0.25, "about 3 s left")
    deep = search_request(pos, spec("minimax", depth=9))
    assert estimate(deep, budget_s=60.0, elapsed=15.0, nodes=10**6) == (
        0.25,
        "at most 45 s left (the time budget)",
    )
    timed = search_request(pos, spec("mcts", iterations=None, time_limit=4.0))
    assert estimate(timed, budget_s=60.0, elapsed=3.0, nodes=5000) == (
        0.75,
        "at most 1 s left (the time budget)",
    )


def test_tables_show_rounded_numbers_and_blanks(mcts: SearchResult) -> None:
    """The dashboard's tables: MCTS's mean result and share of visits as percentages
    (one column for the mean result), other floats to three decimals, missing values
    blank."""
    import pandas as pd

    from treeviz.dashboard.components.tables import readable, styled
    from treeviz.trace.analysis import move_table

    table = readable(move_table(mcts), mcts.trace.value_kind)
    html = styled(table).to_html()
    assert not re.search(r"\d\.\d{4,}", html) and "None" not in html and ">nan<" not in html
    assert "Q (mean result)" not in table and "value (player to move)" not in table
    for header in ("value (mean result)", "share of visits"):
        rate = table[header].iloc[0]
        assert 0 <= rate <= 1 and f">{rate * 100:.1f}%<" in html
    assert table["value (mean result)"].tolist() == [m.value for m in mcts.moves]
    blank = styled(pd.DataFrame({"a": [1.23456, None], "b": ["x", None]})).to_html()
    assert "1.235" in blank and "None" not in blank and "nan" not in blank


@pytest.mark.parametrize(
    ("agent", "params"),
    [
        ("astar", {}),
        ("alphabeta", {"depth": 3, "iterative": True}),
        ("mcts", {"iterations": 80}),
        ("solver", {}),
    ],
)
def test_the_node_panel_reads_as_words(agent: str, params: dict) -> None:
    """The selected node's panel: facts named in words (no field names), no value the
    search did not set (A*'s never-expanded order, NO_VALUE), no parent at the root,
    flags in words, every field the agent recorded at the node present."""
    from treeviz.dashboard.components.node_tables import node_facts
    from treeviz.trace.nodes import field_is_set, flag_text

    trace = search(Position.from_moves("3344"), agent, **params).trace
    for node in range(min(len(trace), 60)):
        facts = node_facts(trace, node)
        names = list(facts.index)
        assert not [n for n in names if "_" in n], names
        assert ("parent" in names) == (node != 0)
        assert ("flags" in names) == bool(flag_text(int(trace.nodes["flags"][node])))
        for f in ("static_eval", "g", "h", "order", "visits"):
            if f in trace.fields:
                shown = any(n.startswith(f.split("_")[0]) for n in names if n != "search order")
                shown |= f == "order" and "search order" in names
                assert shown == bool(field_is_set(f, int(trace.nodes[f][node]))), (f, names)


def test_statistics_say_only_what_the_agent_does() -> None:
    """Statistics in words: no cutoffs or transposition hits for a search without
    windows (MCTS) unless it made some, a windowed search's counters even at zero,
    flags as yes/no, 'tree full' only when MCTS stopped for want of room."""
    from treeviz.dashboard.components.tables import stat_words
    from treeviz.dashboard.pages.compare.page import stats_table

    pos = Position.from_moves("4453")
    mcts = search(pos, "mcts", iterations=50, seed=1)  # its table holds exactly 51 nodes
    assert mcts.stats["iterations"] == 50 and not mcts.stats["tree_full"]
    words = stat_words(mcts)
    assert "cutoffs" not in words and "transposition hits" not in words
    assert words["stopped"] == "no" and words["tree full"] == "no"
    assert not [k for k in words if "_" in k] and "recorded tree" not in words
    shallow = search(pos, "alphabeta", depth=1, tt=False)
    assert shallow.stats["cutoffs"] == 0
    assert stat_words(shallow)["cutoffs"] == "0"
    cut = search(pos, "minimax", depth=3, capacity=10)
    assert stat_words(cut)["recorded tree"] == "cut at its capacity"
    table = stats_table([mcts, shallow])
    assert table.loc["cutoffs", "A"] == "" and table.loc["cutoffs", "B"] == "0"
    assert table.loc["move chosen", "A"] == str(mcts.move)


WHOLE_BIG_INT = re.compile(r"(?<![\d.])-?\d{6,}(?![\d.])")  # not a float's digits


@pytest.mark.slow
@pytest.mark.parametrize("moves", ["3344", "334455", "4453"])
def test_no_view_shows_an_internal_number(moves: str) -> None:
    """Near wins and far from them, every built-in agent's node labels, node panels,
    children tables, per-node CSV and per-move table show no stored win value (about
    1,000,000) nor NO_VALUE: words or blanks instead."""
    from treeviz.agents.registry import AGENTS
    from treeviz.dashboard.components.node_tables import node_facts
    from treeviz.draw.view import node_label, short_label
    from treeviz.trace.analysis import move_table, node_table

    for name, agent in AGENTS.items():
        res = search(Position.from_moves(moves), name, **agent.quick)
        trace = res.trace
        shown = [node_table(trace).to_csv(), move_table(res).to_string()]
        for i in range(min(len(trace), 150)):
            shown += [node_label(trace, i), short_label(trace, i), node_facts(trace, i).to_string()]
            if len(trace.children(i)):
                shown.append(children_table(trace, i).to_string())
        found = WHOLE_BIG_INT.findall("\n".join(shown))
        assert not found, (name, found[:3])
