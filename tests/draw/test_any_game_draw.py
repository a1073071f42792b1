"""A notebook's display and the tree's labels of another game's search: the board
drawn by the game's own SVG, the per-move table by label, nodes named by the moves'
labels as OpenSpiel writes them, Connect 4's board-in-node drawing refused."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")

from treeviz.agents.any_game.registry import search_game  # noqa: E402
from treeviz.draw.export import ExportOptions, export_bytes  # noqa: E402
from treeviz.draw.game_view import value_words  # noqa: E402
from treeviz.errors import InvalidParameterError  # noqa: E402
from treeviz.trace.nodes import WIN  # noqa: E402


def spiel_labels(game: str, actions: list[int]) -> list[str]:
    """OpenSpiel's own labels of the legal moves after ``actions``."""
    state = pyspiel.load_game(game).new_initial_state()
    for a in actions:
        state.apply_action(a)
    return [state.action_to_string(state.current_player(), a) for a in state.legal_actions()]


@pytest.mark.parametrize("agent", ["alphabeta:depth=2", "mcts:iterations=60"])
def test_result_html_shows_board_table_and_tree(agent: str) -> None:
    res = search_game("tic_tac_toe", "4", agent)
    page = res._repr_html_()
    assert "class='chosen'" in page
    # the board: the game's own SVG with the one stone played (x in the centre)
    assert page.count("piece p0") == 1 and "piece p1" not in page.split("<table")[0]
    for text in spiel_labels("tic_tac_toe", [4]):
        assert f"<td>{text}</td>" in page
    assert page.count("<svg") >= 2  # the board and the tree


def test_trace_html_shows_board_and_tree() -> None:
    trace = search_game("othello", "d3 c5", "minimax:depth=1").trace
    page = trace._repr_html_()
    assert "othello" in page and page.count("<svg") >= 2
    assert page.count("piece p0") + page.count("piece p1") == 6  # 4 at the start, 2 moves


def test_tree_nodes_are_named_by_labels() -> None:
    trace = search_game("tic_tac_toe", "0 4", "minimax:depth=1").trace
    dot = export_bytes(trace, "dot", ExportOptions(depth=1)).decode()
    for text in spiel_labels("tic_tac_toe", [0, 4]):
        assert f'label="{text}\n' in dot
    assert "col " not in dot


def test_boards_in_nodes_are_refused_for_other_games() -> None:
    trace = search_game("nim", None, "random").trace
    with pytest.raises(InvalidParameterError, match="'nim'"):
        export_bytes(trace, "dot", ExportOptions(boards=True))


@pytest.mark.parametrize("agent", ["solver", "alphabeta:depth=9"])
def test_decided_values_are_said_in_plies_not_stone_scores(agent: str) -> None:
    # o to move after x(1,1) o(0,1) x(0,0)... : x threatens (2,2); every line is decided
    res = search_game("tic_tac_toe", "4 1 0", agent)
    dot = export_bytes(res.trace, "dot", ExportOptions(depth=1)).decode()
    page = res._repr_html_()
    for text in (dot, page):
        assert "stones" not in text and "in plies" in text
    assert "loss in" in page  # x wins whatever o does: the root player loses


@pytest.mark.parametrize(
    ("value", "kind", "said"),
    [
        (WIN - 3, "exact:outcome", "win in 3 plies"),
        (-(WIN - 1), "heuristic:outcome", "loss in 1 ply"),
        (0, "exact:outcome", "draw"),
        (None, "exact:outcome", "-"),
    ],
)
def test_values_in_words(value: float | None, kind: str, said: str) -> None:
    assert value_words(value, kind) == said
