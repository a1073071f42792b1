"""The checks of a trace of a game other than Connect 4, as it is read from a file:
its game loads, its root reads in that game's text and is not over, each node's move
is legal in its parent's state (replayed through the game), and its answer
(``extra.result``) names legal moves, one row per legal move of the root in the
game's order. Connect 4's traces keep their own, compiled checks
(:mod:`treeviz.trace.files`).

The agent that made such a trace is not checked against a declaration (the
declarations the loader knows are Connect 4's agents'): its parameters are read as
plain JSON, as an unregistered agent's are. So is a Connect 4 trace made by an agent
on any game (:func:`by_game_agent`): its agents share their names with Connect 4's
compiled ones (``alphabeta``, ``mcts``, ...) but not their parameters or reasons.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from treeviz.errors import TraceFormatError, TreevizError
from treeviz.rules.protocol import Game, can_draw
from treeviz.rules.registry import load_game
from treeviz.trace.extra import RESULT, ROW_NEEDS, ROWS, STATS, STATS_NEEDED, check_value
from treeviz.trace.fieldcheck import (
    TEXT,
    check_fields,
    member,
    need_list,
    need_object,
    refuse,
)
from treeviz.trace.nodes import WIN, Trace

MAX_ROOT_CHARS = 100_000  # a position text: far more than any game's moves
GAME_AGENT = "game_agent"  # extra's flag (true): made by an agent on any game


def by_game_agent(trace: Trace) -> bool:
    """Whether an agent on any game made ``trace`` (its ``extra`` says so), not the
    Connect 4 agent of the same name: neither its declaration nor its reasons apply."""
    return trace.extra.get(GAME_AGENT) is True


def game_of(name: str, source: str) -> Game[Any]:
    """The game a trace names; :class:`TraceFormatError` when it cannot be loaded."""
    try:
        return load_game(name)
    except TreevizError as exc:
        raise TraceFormatError(f"{source}: trace field 'game' names no game here: {exc}") from None


def check_game_root(game: Game[Any], text: Any, nodes: np.ndarray, source: str) -> None:
    """The root reads in ``game``'s text and is not over, and every recorded node's
    move is legal in its parent's state (parents precede their children)."""
    if not isinstance(text, str) or len(text) > MAX_ROOT_CHARS:
        raise TraceFormatError(f"{source}: trace field 'root_moves' must be a position text")
    try:
        root = game.from_text(text)
    except TreevizError as exc:
        raise TraceFormatError(
            f"{source}: trace field 'root_moves' is not a position of {game.name}: {exc}"
        ) from None
    if game.outcome(root) is not None:
        raise TraceFormatError(f"{source}: trace field 'root_moves' is a finished game")
    states = [root]
    parents, moves = nodes["parent"].tolist(), nodes["move"].tolist()
    for i in range(1, len(nodes)):
        parent = states[parents[i]]
        if moves[i] not in game.legal_moves(parent):
            raise TraceFormatError(
                f"{source}: trace field 'move' of node {i} ({moves[i]}) is not a legal move "
                f"of its parent's position in {game.name}"
            )
        states.append(game.play(parent, moves[i]))


def check_game_answer(trace: Trace) -> None:
    """``extra.result`` of another game: a chosen move legal at the root, one row per
    legal move in the game's order (its action id, label and value), a principal
    variation of moves each legal where it is played, the statistics the views show."""
    res = need_object(trace.extra["result"], RESULT)
    game = trace.rules()
    root = game.from_text(trace.root_moves)
    legal = game.legal_moves(root)
    move = member(res, "move", RESULT)
    if move not in legal or type(move) is not int:
        refuse(f"{RESULT}.move", "must be a legal move (action id) at the root", move)
    check_value(res.get("value"), f"{RESULT}.value", trace)
    state = root
    for i, step in enumerate(need_list(member(res, "pv", RESULT), f"{RESULT}.pv")):
        if type(step) is not int or step not in game.legal_moves(state):
            refuse(f"{RESULT}.pv[{i}]", "must be a move legal where it is played", step)
        state = game.play(state, step)
    rows = need_list(member(res, "moves", RESULT), f"{RESULT}.moves")
    if len(rows) != len(legal):
        refuse(f"{RESULT}.moves", f"must hold one row per legal move ({len(legal)})", rows)
    for i, row in enumerate(rows):
        check_game_row(row, f"{RESULT}.moves[{i}]", legal[i], trace)
    stats = need_object(member(res, "stats", RESULT), f"{RESULT}.stats")
    check_fields(stats, STATS, path=f"{RESULT}.stats", required=STATS_NEEDED)


def check_game_row(row: Any, path: str, move: int, trace: Trace) -> None:
    """A row of another game's per-move table: its move, label, value and fields."""
    row = need_object(row, path)
    if member(row, "column", path) != move:
        refuse(f"{path}.column", f"must be {move} (one row per legal move, in order)", row)
    check_value(row.get("value"), f"{path}.value", trace)
    rest = {k: v for k, v in row.items() if k not in ("column", "value", "outcome")}
    check_fields(rest, {**ROWS, "label": TEXT}, path=path)
    draws = can_draw(trace.rules())  # a game that cannot draw counts no draws
    for key, needs in ROW_NEEDS.items():
        if key in row:
            for other in needs:
                if draws or other != "draws":
                    member(row, other, path)


def decided_beyond_win(values: np.ndarray) -> np.ndarray:
    """Where another game's stored values lie past a win (NO_VALUE, unset, is not:
    its absolute value overflows below every bound)."""
    return np.abs(values) > WIN
