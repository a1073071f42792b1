"""A search of another game stops at its node limit with a typed error saying how to
ask for less (the CLI: ``--node-limit``, one line and exit 2), and finishes when the
limit holds the whole search: the search's size counted by brute force over
OpenSpiel's own moves. Hex boards wider than 30 columns, whose action strings OpenSpiel
cannot write as text, are labelled by their action ids."""

from __future__ import annotations

import re
from typing import Any

import pytest
from conftest import run_cli

pyspiel = pytest.importorskip("pyspiel")

from treeviz.agents.any_game.registry import search_game  # noqa: E402
from treeviz.errors import InvalidParameterError  # noqa: E402
from treeviz.rules import load_game  # noqa: E402


def tree_size(state: Any, depth: int) -> int:
    """The nodes of the full tree ``depth`` plies below ``state`` (what minimax
    searches), by OpenSpiel's own legal actions."""
    if depth == 0 or state.is_terminal():
        return 1
    return 1 + sum(tree_size(state.child(a), depth - 1) for a in state.legal_actions())


@pytest.mark.parametrize("depth", [2, 3])
def test_a_limit_that_holds_the_search_lets_it_finish(depth: int) -> None:
    size = tree_size(pyspiel.load_game("tic_tac_toe").new_initial_state(), depth)
    res = search_game("tic_tac_toe", None, f"minimax:depth={depth}", node_limit=size)
    assert res.trace.counters["nodes"] == size
    with pytest.raises(InvalidParameterError) as err:
        search_game("tic_tac_toe", None, f"minimax:depth={depth}", node_limit=size - 1)
    message = str(err.value)
    assert f"minimax:depth={depth}" in message and "'tic_tac_toe'" in message
    assert f"node_limit of {size - 1:,} nodes" in message and f"depth={depth} now" in message


def test_mcts_is_told_to_lower_its_iterations() -> None:
    with pytest.raises(InvalidParameterError, match=r"lower its iterations \(100 now\)"):
        search_game("hex", "a1", "mcts:iterations=100", node_limit=50)


def test_cli_refuses_a_huge_board_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("analyze", "--game", "hex(board_size=99)", "", "--node-limit", "3000")
    code, out, err = run_cli(capsys, *argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1
    assert "'hex(board_size=99)'" in err and "3,000 nodes" in err and "lower its depth" in err


@pytest.mark.parametrize(("limit", "code"), [("82", 0), ("81", 2), ("0", 0)])
def test_cli_node_limit(capsys: pytest.CaptureFixture[str], limit: str, code: int) -> None:
    """Minimax to depth 2 from tic-tac-toe's start searches 1 + 9 + 9 x 8 = 82 nodes;
    a limit of 0 is none."""
    argv = ("analyze", "--game", "tic_tac_toe", "", "--agent", "minimax:depth=2")
    got, out, _ = run_cli(capsys, *argv, "--node-limit", limit)
    assert got == code
    assert ("nodes: 82" in out) == (code == 0)


def test_cli_refuses_a_negative_limit(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(capsys, "analyze", "--game", "nim", "", "--node-limit", "-3")
    assert code == 2 and "'-3'" not in err and "-3" in err and len(err.strip().splitlines()) == 1


def test_wide_hex_boards_label_every_move_and_read_it_back() -> None:
    game = load_game("hex(board_size=33)")
    state = game.initial()
    moves = game.legal_moves(state)
    assert moves == list(range(33 * 33))  # OpenSpiel's ids, every cell empty
    labels = [game.label(state, m) for m in moves]
    assert len(set(labels)) == len(labels)
    sample = list(zip(moves, labels, strict=True))[::13]  # every column, many rows
    assert all(game.parse_move(state, text) == m for m, text in sample)


def test_mcts_on_a_board_too_large_for_its_playouts_is_refused_at_once() -> None:
    """On a 3 x 3 Hex board a game lasts 5 to 9 plies (the first player's three
    stones at the least, the nine cells at the most), so a playout from a node a ply
    below the start lasts 4 to 8: ten as long as the first always reach 40, never 90."""
    with pytest.raises(InvalidParameterError) as err:
        search_game("hex(board_size=3)", None, "mcts:iterations=10", node_limit=40)
    found = re.search(r"its first playout took (\d+) plies, so 10 iterations", str(err.value))
    assert found is not None and 4 <= int(found.group(1)) <= 8
    assert "node_limit of 40" in str(err.value) and "'hex(board_size=3)'" in str(err.value)
    # its 11 nodes and at most 80 plies of playouts stay below 100
    res = search_game("hex(board_size=3)", None, "mcts:iterations=10", node_limit=100)
    assert res.trace.counters["nodes"] == 11


@pytest.mark.parametrize(
    ("game", "position"),
    [
        ("hex", "a1 b1 a2 b2 a3 b3 a4 b4"),
        ("breakthrough", "b5c4 b2a3 d5e4 c2b3 c4d3 b1c2 e4f3 e2e3 e5e4 d1e2 e6d5 a3b4 f3e2* b4a5*"),
    ],
)
def test_a_position_won_in_one_move_is_solved_at_once(game: str, position: str) -> None:
    """The solver refused a Hex position won in one move past its node budget (the
    moves before the winning one each solved in full first): a move that wins at once
    is searched first, and the window cuts the rest. Whether a move wins at once is
    OpenSpiel's own play; the solve answers, with one such move, a win in 1 ply."""
    from treeviz import search_game
    from treeviz.rules.registry import load_game

    rules = load_game(game)
    root = rules.from_text(position)
    state = root.state
    player = state.current_player()
    winning = {
        a
        for a in state.legal_actions()
        if state.child(a).is_terminal() and state.child(a).returns()[player] > 0
    }
    if not winning:  # the position as written must be one won in one move
        pytest.fail(f"{position} of {game} has no move that wins at once")
    res = search_game(rules, position, "solver")
    assert res.move in winning and res.outcome is not None
    assert (res.outcome["result"], res.outcome["plies"]) == ("win", 1)
