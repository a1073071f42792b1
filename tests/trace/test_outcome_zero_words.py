"""What a 0 means, in the units line of another game's alpha-beta and minimax (CLI,
Analyze's caption, the tree's legend): the outcome "heuristic" gives no points, so its
0 is a draw the search reached or a position it left unfinished at its depth. The line
read "0 for a game not over", false where the search went to the end and found a draw
(tic-tac-toe from x(1,1) o(0,0) searched 9 plies deep). Checked against a brute force
over OpenSpiel's returns and against the state the search stopped at."""

from __future__ import annotations

import pytest
from game_oracles import best_result

import treeviz
from treeviz.dashboard.components.node_tables import children_table
from treeviz.trace.analysis import node_table
from treeviz.trace.values import kind_text


def zero_words(res: treeviz.SearchResult) -> str:
    """What the units line says a 0 is: its clause before the first ';'."""
    return kind_text(res.trace.value_kind).split(";", 1)[0]


def test_a_drawn_position_searched_to_the_end_reads_as_a_draw() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    state = pyspiel.load_game("tic_tac_toe").new_initial_state().child(4).child(0)
    assert best_result(state) == 0  # a draw with best play
    res = treeviz.search_game("tic_tac_toe", "x(1,1) o(0,0)", "alphabeta:depth=9")
    assert res.value == 0
    words = zero_words(res)
    assert "draw" in words and "not over" not in words


def test_a_search_stopped_by_its_depth_reads_as_no_result_yet() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    res = treeviz.search_game("tic_tac_toe", "", "minimax:depth=1")
    state = pyspiel.load_game("tic_tac_toe").new_initial_state()
    assert not any(state.child(a).is_terminal() for a in state.legal_actions())
    assert res.value == 0
    assert "no result within the depth" in zero_words(res)


def test_a_search_given_no_heuristic_names_none_at_its_nodes() -> None:
    """The node panel's children and the per-node table: a cut child reads "≤ 0 (upper
    bound: cut off)", where it read "≤ 0 outcome heuristic": no heuristic was given."""
    pyspiel = pytest.importorskip("pyspiel")
    state = pyspiel.load_game("tic_tac_toe").new_initial_state().child(4).child(0)
    assert best_result(state) == 0  # every cut move is at most a draw: its words a bound
    res = treeviz.search_game("tic_tac_toe", "x(1,1) o(0,0)", "alphabeta:depth=2")
    kids = children_table(res.trace, 0)
    words = [*kids["value in words"], *node_table(res.trace)["value in words"]]
    assert any(w.startswith("≤ 0") for w in words)
    assert not [w for w in words if "heuristic" in str(w)]
