"""Alpha-beta on any game searches the tree that alpha-beta defines: with OpenSpiel's
options (no ordering, no table) it counts exactly the nodes of a plain alpha-beta
written here over the protocol, and of OpenSpiel's own ``alpha_beta_search`` where
the two score the same leaves; each node is counted once, the root included, and with
a trace large enough every counted node is recorded."""

from __future__ import annotations

from typing import Any

import pytest

from treeviz.agents.any_game.registry import search_game
from treeviz.rules import NOBODY, load_game
from treeviz.trace.nodes import WIN

pyspiel = pytest.importorskip("pyspiel")
minimax = pytest.importorskip("open_spiel.python.algorithms.minimax")


def plain(
    game: Any,
    state: Any,
    side: int,
    ply: int,
    depth: int,
    window: tuple[int, int],
    *,
    seen: list[list[int]] | None = None,
    came: tuple[int, int] = (-1, -1),
) -> tuple[int, int]:
    """(the value of ``state`` for ``side``, the nodes visited): negamax alpha-beta in
    the game's move order, by the agents' documented rules: a node's side is the
    player to move, at a finished node the one who did not make the last move; a
    finished game is worth WIN - plies to its winner, the horizon 0; a child of the
    same side keeps the window and its value, another's are negated. ``seen`` gets
    each node as it is entered (``came``: its parent's index in ``seen`` and the move
    from there): [parent, move, ply, alpha, beta, value], the value set as it is left."""
    seen = [] if seen is None else seen
    alpha, beta = window
    me, mine_row = len(seen), [*came, ply, alpha, beta, 0]
    seen.append(mine_row)
    returns = game.outcome(state)
    if returns is not None:
        mine = returns[side]
        mine_row[5] = 0 if mine == 0 else WIN - ply if mine > 0 else ply - WIN
        return mine_row[5], 1
    if ply == depth:
        return 0, 1
    best, count = -2 * WIN, 1
    for step in game.legal_moves(state):
        child = game.play(state, step)
        mover = game.to_move(child)
        kid = 1 - side if mover == NOBODY else mover
        kid_window = (alpha, beta) if kid == side else (-beta, -alpha)
        v, n = plain(game, child, kid, ply + 1, depth, kid_window, seen=seen, came=(me, step))
        if kid != side:
            v = -v
        count += n
        best = max(best, v)
        alpha = max(alpha, v)
        if alpha >= beta:
            break
    mine_row[5] = best
    return best, count


@pytest.mark.parametrize(
    ("name", "moves", "depth"),
    [("tic_tac_toe", "", 9), ("tic_tac_toe", "4", 9), ("connect4", "4453", 5), ("nim", "", 6)],
)
def test_alphabeta_counts_the_nodes_of_a_plain_alphabeta(name: str, moves: str, depth: int) -> None:
    game = load_game(name)
    root = game.from_text(moves)
    res = search_game(game, root, f"alphabeta:depth={depth},ordering=false,tt=false")
    value, count = plain(game, root, game.to_move(root), 0, depth, (-2 * WIN, 2 * WIN))
    assert res.stats["nodes"] == count == res.stats["recorded"]
    assert res.value == value


@pytest.mark.parametrize(
    ("name", "moves", "depth"),
    [("tic_tac_toe", "4", 6), ("connect4", "4453", 4), ("nim", "", 6), ("breakthrough", "", 3)],
)
def test_alphabeta_records_each_node_as_a_plain_alphabeta_meets_it(
    name: str, moves: str, depth: int
) -> None:
    """Every node in the order entered: its parent, the move to it, its ply, the
    window it was searched with (its side's view) and its value."""
    game = load_game(name)
    root = game.from_text(moves)
    res = search_game(game, root, f"alphabeta:depth={depth},ordering=false,tt=false")
    seen: list[list[int]] = []
    plain(game, root, game.to_move(root), 0, depth, (-2 * WIN, 2 * WIN), seen=seen)
    fields = ["parent", "move", "depth", "alpha", "beta", "value"]
    nodes = res.trace.nodes
    assert [[int(nodes[f][i]) for f in fields] for i in range(len(nodes))] == seen


@pytest.mark.parametrize(("name", "depth"), [("othello", 5), ("checkers", 5), ("breakthrough", 4)])
def test_alphabeta_counts_the_nodes_of_openspiels_alpha_beta_search(name: str, depth: int) -> None:
    """No game ends within ``depth`` plies of the start, so both score every leaf 0
    and search one tree (OpenSpiel's recursion counted: one call a node)."""
    count, inner = [0], minimax._alpha_beta

    def counted(*args: Any, **kwargs: Any) -> Any:
        count[0] += 1
        return inner(*args, **kwargs)

    minimax._alpha_beta = counted
    try:
        value, _ = minimax.alpha_beta_search(
            pyspiel.load_game(load_game(name).name),
            value_function=lambda s: 0.0,
            maximum_depth=depth,
        )
    finally:
        minimax._alpha_beta = inner
    res = search_game(name, None, f"alphabeta:depth={depth},ordering=false,tt=false")
    assert res.stats["nodes"] == count[0] == res.stats["recorded"]
    assert res.value == value == 0
