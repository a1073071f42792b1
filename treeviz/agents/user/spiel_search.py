"""OpenSpiel's own searches traced unchanged: ``minimax.alpha_beta_search`` and
``mcts.MCTSBot``, run as OpenSpiel wrote them, their trees recorded beside.

- :func:`trace_openspiel_alpha_beta` calls ``alpha_beta_search`` with its module's
  recursive helper ``_alpha_beta`` wrapped by :func:`~.instrument.traced` for the
  duration of the call (restored after, even when the search raises; one such call at
  a time in the process, so that two threads never wrap each other's wrapper). Each
  call of the helper is a node; its values are the maximizing player's, as OpenSpiel
  returns them (``player=``), stored for each node's side.
- :func:`trace_openspiel_mcts` calls ``bot.step(state)`` and reads the tree of
  ``SearchNode`` its ``mcts_search`` built: a node per child the search visited
  (``explore_count`` > 0; the children it listed but never visited are not nodes),
  in depth-first order, its ``explore_count`` as ``visits`` and its ``total_reward``
  (returns for the player who moved into it) as ``value_sum`` on the 1 / 0.5 / 0 scale
  of the agents' MCTS (a return mapped from the game's utility range onto 0..1). A
  node OpenSpiel's solver proved (``outcome``) has ``proven`` set for its side.

Both answer what OpenSpiel answers: :class:`Traced` holds OpenSpiel's own return,
untouched, beside the :class:`~treeviz.trace.nodes.SearchResult`. OpenSpiel is the
``games`` extra: without it, :class:`~treeviz.errors.GameError` says how to install it.
"""

from __future__ import annotations

import importlib
import threading
from typing import Any, NamedTuple

from treeviz.agents.any_game.tree import ROOT_ARGS, Search, result, row, side_of
from treeviz.agents.user.game_calls import spiel_game
from treeviz.agents.user.instrument import recording, traced
from treeviz.errors import GameError, InvalidPositionError
from treeviz.rules.base import Node
from treeviz.rules.spiel import INSTALL, SpielGame, import_pyspiel
from treeviz.settings import DEFAULT_CAPACITY, show_value
from treeviz.trace.nodes import (
    PROVEN_DRAW,
    PROVEN_LOSS,
    PROVEN_WIN,
    TERMINAL,
    MoveStat,
    SearchResult,
)

_WRAPPING = threading.Lock()  # one wrapped alpha_beta_search at a time (module docs)


class Traced(NamedTuple):
    """What OpenSpiel's search returned (``answer``, as it returned it) and the
    recorded search (``result``)."""

    answer: Any
    result: SearchResult


def algorithms(name: str) -> Any:
    """OpenSpiel's ``open_spiel.python.algorithms.<name>`` module; :class:`GameError`
    saying how to install OpenSpiel when it is missing."""
    import_pyspiel()
    try:
        return importlib.import_module(f"open_spiel.python.algorithms.{name}")
    except ImportError as exc:
        raise GameError(f"OpenSpiel's {name} needs OpenSpiel: {INSTALL}") from exc


def playable(game: SpielGame, state: Any) -> Node:
    """``state`` as ``game``'s node; :class:`InvalidPositionError` once it is over."""
    node = game.node(state.clone(), tuple(state.history()))
    if game.outcome(node) is not None:
        raise InvalidPositionError(
            f"the game in {show_value(game.to_text(node))} of {game.name} is over: "
            "nothing to search"
        )
    return node


def trace_openspiel_alpha_beta(
    game: Any,
    state: Any = None,
    *,
    value_function: Any = None,
    maximum_depth: int = 30,
    maximizing_player_id: int | None = None,
    capacity: int = DEFAULT_CAPACITY,
) -> Traced:
    """Run OpenSpiel's ``alpha_beta_search(game, state, value_function=...,
    maximum_depth=..., maximizing_player_id=...)`` unchanged and record its tree
    (module docs). ``answer`` is its ``(value, action)``; ``capacity`` the nodes kept.
    Raises what OpenSpiel raises (``NotImplementedError`` at the depth limit without a
    value function), :class:`InvalidPositionError` for a finished ``state`` and
    :class:`GameError` without OpenSpiel or for a game it cannot search here."""
    minimax = algorithms("minimax")
    start = game.new_initial_state() if state is None else state
    playable(spiel_game(game), start)
    player = start.current_player() if maximizing_player_id is None else maximizing_player_id
    with _WRAPPING:
        helper = minimax._alpha_beta
        minimax._alpha_beta = traced(
            helper, game=game, player=player, value=lambda r: r[0], chosen=lambda r: r[1]
        )
        try:
            with recording(capacity=capacity) as rec:
                answer = minimax.alpha_beta_search(
                    game,
                    state,
                    value_function=value_function,
                    maximum_depth=maximum_depth,
                    maximizing_player_id=maximizing_player_id,
                )
        finally:
            minimax._alpha_beta = helper
    return Traced(answer, rec.result)


def trace_openspiel_mcts(bot: Any, state: Any) -> Traced:
    """Run ``bot.step(state)`` (an OpenSpiel ``MCTSBot``) unchanged and record the tree
    it searched (module docs). ``answer`` is the action it chose. Raises what the bot
    raises, :class:`InvalidPositionError` for a finished ``state`` and
    :class:`GameError` without OpenSpiel or for a game it cannot search here."""
    game = spiel_game(state.get_game())
    root = playable(game, state)
    roots: list[Any] = []
    own = vars(bot).get("mcts_search")  # a search the person set on the bot itself
    search_fn = bot.mcts_search

    def keep(at: Any) -> Any:
        roots.append(search_fn(at))
        return roots[-1]

    bot.mcts_search = keep  # read by step through the instance: the class is untouched
    try:
        action = bot.step(state)
    finally:
        if own is None:
            del bot.mcts_search
        else:
            bot.mcts_search = own
    return Traced(action, _mcts_result(game, root, roots[-1], bot, action))


def _mcts_result(game: SpielGame, root: Node, top: Any, bot: Any, action: int) -> SearchResult:
    """The trace and answer of the tree ``top`` (the root ``SearchNode``)."""
    low, high = bot._game.min_utility(), bot._game.max_utility()
    search = Search(game, root, _size(top))
    stack = [(top, root, ROOT_ARGS, search.root_side)]
    chosen: dict[int, Any] = {}  # the root's children by move
    while stack:
        node, state, (parent, move, depth), side = stack.pop()
        i = search.add(parent, move, depth)
        rate = (node.total_reward - node.explore_count * low) / (high - low)
        search.set(i, visits=node.explore_count, value_sum=rate)
        if game.outcome(state) is not None:
            search.set(i, flags=TERMINAL)
        if node.outcome is not None:
            mine = node.outcome[side]
            search.set(
                i, proven=PROVEN_WIN if mine > 0 else PROVEN_LOSS if mine < 0 else PROVEN_DRAW
            )
        kids = [k for k in node.children if k.explore_count > 0]
        if depth == 0:
            chosen = {int(k.action): k for k in kids}
        for kid in reversed(kids):  # popped in the bot's order
            after = game.play(state, int(kid.action))
            stack.append((kid, after, (i, int(kid.action), depth + 1), side_of(game, after, side)))
    fields = ("visits", "value_sum", "proven")
    params = {"uct_c": bot.uct_c, "max_simulations": bot.max_simulations, "solve": bot.solve}
    trace = search.trace("openspiel:mcts", params, fields=fields)
    trace.value_kind = "win_rate"
    rows = [_mcts_row(game, root, move, chosen.get(move), top) for move in game.legal_moves(root)]
    best = chosen[action]
    value = _rate(best, low, high)
    pv, node = [action], best
    while any(k.explore_count for k in node.children):
        node = max(node.children, key=lambda k: k.explore_count)
        pv.append(int(node.action))
    return result(search, trace, action, rows, pv=pv, value=value, iterations=top.explore_count)


def _rate(node: Any, low: float, high: float) -> float:
    """A node's mean return for the player who moved into it, on 0..1."""
    return float((node.total_reward / node.explore_count - low) / (high - low))


def _mcts_row(game: SpielGame, root: Node, move: int, kid: Any, top: Any) -> MoveStat:
    """A root move's row: its mean result for the root's side and its visits in words."""
    if kid is None:
        return row(game, root, move, None, "never visited")
    text = f"{kid.explore_count} of the root's {top.explore_count} visits"
    rate = _rate(kid, game.game.min_utility(), game.game.max_utility())
    return row(game, root, move, rate, text)


def _size(top: Any) -> int:
    """The visited nodes of the tree under ``top``, itself included."""
    count, stack = 0, [top]
    while stack:
        node = stack.pop()
        count += 1
        stack.extend(k for k in node.children if k.explore_count > 0)
    return count
