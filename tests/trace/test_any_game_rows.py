"""The per-move rows of another game's search (the table, the CSV, the text): each
row's cutoffs are those below that row's own move (an action id, not a column), and a
decided row's value is in the game's unit (1 a win, -1 a loss), never the stored
``±(WIN - plies)``. Oracles: the trace's nodes walked up to their root child in
Python, and OpenSpiel's own exhaustive alpha-beta."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")
minimax = pytest.importorskip("open_spiel.python.algorithms.minimax")

from game_oracles import move_values  # noqa: E402

from treeviz.agents.any_game.registry import search_game  # noqa: E402
from treeviz.trace.analysis import move_rows  # noqa: E402
from treeviz.trace.nodes import CUTOFF, Trace  # noqa: E402

TTT = pyspiel.load_game("tic_tac_toe")


def cutoffs_by_first_move(trace: Trace) -> dict[int, int]:
    """Cutoff nodes counted by the move at the root their path starts with."""
    counts: dict[int, int] = {}
    for i in range(1, len(trace)):
        first = i
        while int(trace.nodes["parent"][first]) != 0:
            first = int(trace.nodes["parent"][first])
        if int(trace.nodes["flags"][i]) & CUTOFF:
            move = int(trace.nodes["move"][first])
            counts[move] = counts.get(move, 0) + 1
    return counts


@pytest.mark.parametrize(("position", "agent"), [("", "alphabeta:depth=3"), ("4 0", "solver")])
def test_each_rows_cutoffs_are_below_its_own_move(position: str, agent: str) -> None:
    res = search_game("tic_tac_toe", position or None, agent)
    expected = cutoffs_by_first_move(res.trace)
    assert sum(expected.values()) > 0  # the search cut somewhere: the test can fail
    for row in move_rows(res):
        assert row["cutoffs_below"] == expected.get(row["column"], 0), row["label"]


@pytest.mark.parametrize("agent", ["solver", "minimax:depth=9", "alphabeta:depth=9"])
@pytest.mark.parametrize("actions", [[4, 0, 1], [0, 4, 8, 2]])
def test_decided_rows_give_the_games_result_not_a_sentinel(agent: str, actions: list[int]) -> None:
    text = " ".join(str(a) for a in actions)
    res = search_game("tic_tac_toe", text, agent)
    truth = move_values(TTT, actions)
    rows = move_rows(res)
    assert any(row["outcome"] for row in rows)  # some row is decided
    for row in rows:
        value, true = row["value"], truth[row["column"]]
        if "cut by the window" in row["text"]:  # an upper bound: at most the truth's
            assert value is None or value >= true
            continue
        assert value == true, row
        assert bool(row["outcome"]) == (true != 0)


def spiel_labels_and_values(actions: list[int], path: list[int]) -> tuple[str, float]:
    """The label OpenSpiel gives the last move of ``path`` (played after ``actions``),
    and the exact value after it for the player to move after ``actions``."""
    state = TTT.new_initial_state()
    for a in actions:
        state.apply_action(a)
    me = state.current_player()
    label = ""
    for a in path:
        label = state.action_to_string(state.current_player(), a)
        state.apply_action(a)
    if state.is_terminal():
        return label, state.returns()[me]
    return label, minimax.alpha_beta_search(TTT, state, maximizing_player_id=me)[0]


@pytest.mark.parametrize("agent", ["solver", "alphabeta:depth=9"])
def test_the_node_csv_names_each_move_by_its_label_and_values_in_the_games_unit(
    agent: str,
) -> None:
    from treeviz.trace.analysis import node_table

    actions = [4, 1, 0]
    trace = search_game("tic_tac_toe", "4 1 0", agent).trace
    table = node_table(trace)
    assert "column" not in table.columns
    decided = 0
    for i in range(1, len(trace)):
        path = [int(trace.nodes["move"][n]) for n in trace.path(i)[1:]]
        label, truth = spiel_labels_and_values(actions, path)
        row = table.iloc[i]
        assert (row["move"], row["label"]) == (path[-1], label)
        words = row["value in words"]
        # a decided game said in words (not a bound): its value is the game's result
        if isinstance(words, str) and not words.startswith(("≤", "≥")):
            assert row["value (root player)"] == truth, (path, words)
            decided += 1
    assert decided > 5


def test_the_graphml_export_gives_each_nodes_value_in_the_games_unit() -> None:
    import io

    import networkx as nx

    from treeviz.draw.export import ExportOptions, export_bytes

    actions = [4, 1, 0]
    trace = search_game("tic_tac_toe", "4 1 0", "solver").trace
    graph = nx.read_graphml(io.BytesIO(export_bytes(trace, "graphml", ExportOptions(depth=9))))
    checked = 0
    for key, data in graph.nodes(data=True):
        if data.get("kind") != "node":
            continue
        path = [int(trace.nodes["move"][n]) for n in trace.path(int(key))[1:]]
        if not str(data["text"]).startswith(("≤", "≥")):  # exact: the game's own result
            assert data["root_value"] == spiel_labels_and_values(actions, path)[1], path
            checked += 1
    assert checked > 5
