"""``--game NAME``: ``analyze``, ``report``, ``solve`` and ``show`` on another game
than Connect 4 (tic-tac-toe, Othello, Hex, ... through OpenSpiel, the ``games`` extra).

A position is the game's text (its moves by label, ``"x(1,1) o(0,0)"``, ``"d3 c5"``,
or action ids); the agents are :mod:`treeviz.agents.any_game`'s. Connect 4's paths are
untouched: without ``--game`` every command reads Connect 4 as before.

(Imports inside commands: see :mod:`treeviz.cli`.)
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from treeviz.cli.common import check_output, print_json, search_params
from treeviz.errors import InvalidParameterError
from treeviz.rules.registry import GAMES

# The nodes a search of another game may search from the command line: about ten
# seconds of pure Python (alphabeta on a 99 x 99 Hex board: about 95,000 nodes a second)
NODE_LIMIT = 1_000_000

GAME_HELP = (
    "play another game: " + ", ".join(GAMES) + ", or any suitable OpenSpiel game with its "
    "parameters (hex(board_size=7)); POSITION is then its moves by label ('x(1,1) o(0,0)', "
    "'d3 c5') or action ids"
)


def add_limit_flag(p: argparse.ArgumentParser) -> None:
    """``--node-limit N`` of a command that searches another game: a pure Python search
    of a large board at depth 4 would run for days, so it is refused at a limit."""
    p.add_argument(
        "--node-limit",
        type=int,
        default=NODE_LIMIT,
        metavar="N",
        help=f"with --game: refuse a search once it has searched N nodes (MCTS: nodes and "
        f"playout plies; default {NODE_LIMIT:,}; 0: no limit); on a terminal a search "
        "longer than a moment shows its progress",
    )


def node_limit(args: argparse.Namespace) -> int | None:
    """``--node-limit`` as :func:`~treeviz.agents.any_game.registry.search_game` takes
    it (0: None, no limit); a negative one is an :class:`InvalidParameterError`."""
    if args.node_limit < 0:
        raise InvalidParameterError(
            f"--node-limit {args.node_limit} is negative: give a number of nodes, or 0 for no limit"
        )
    return args.node_limit or None


def add_game_flag(p: argparse.ArgumentParser, also: str = "") -> None:
    """``--game NAME``; ``also`` says what else the flag takes on this command."""
    p.add_argument("--game", dest="rules", metavar="NAME", help=also + GAME_HELP)


def rules_of(args: argparse.Namespace) -> Any:
    """The game ``--game`` names. OpenSpiel's C++ writes its own copy of a load error
    to the process's standard error (an unknown name: a line per game it has) before
    raising it; the raised error, which the command says in one line, carries that
    message, so the copy is sent to the null device."""
    from treeviz.rules.registry import load_game

    sys.stderr.flush()
    saved = os.dup(2)
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
            return load_game(args.rules)
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def analyzed(args: argparse.Namespace) -> tuple[Any, Any]:
    """The game ``--game`` names and its agent's result on the position given."""
    from treeviz.agents.any_game.registry import GAME_AGENTS, game_spec, search_game
    from treeviz.agents.contract import make_spec

    game = rules_of(args)
    limit = node_limit(args)
    # the flags are every agent's parameters: each is checked against this agent as a
    # spec's would be, before the search (--heuristic, Connect 4's, is no parameter of
    # the agents on other games, and search_game's own heuristic is a function)
    chosen, params = game_spec(args.agent), search_params(args)
    if params:
        chosen = make_spec(GAME_AGENTS[chosen.name], params, chosen)
    return game, search_game(game, args.position, chosen, node_limit=limit)


def cmd_analyze(args: argparse.Namespace) -> None:
    """``analyze --game``: the choice, the per-move table by label, the line and counts."""
    from treeviz.draw.game_view import headline, moves_text
    from treeviz.draw.view import value_kind_text
    from treeviz.trace.numbers import count, flag

    for output in (args.trace, args.export):
        if output:
            check_output(output)
    game, res = analyzed(args)
    save_outputs(args, res)
    if args.json:
        print_json(json_of(res) | {"game": game.name})
        return
    root = res.trace.state(0)
    print(f"game: {game.name}  position: {game.to_text(root) or '(start)'}")
    print(headline(res))
    print(f"values: {value_kind_text(res.trace)}")
    print(moves_text(res))
    print(f"pv: {res.trace.path_moves(pv_node(res))}")
    c = res.trace.counters
    print(f"nodes: {count(c['nodes'])}  truncated: {flag(res.trace.truncated)}")


def json_of(res: Any) -> dict[str, Any]:
    """The result as JSON; another game's rows name their move ``action`` (its action
    id, beside its ``label``), as ``column`` would call it a Connect 4 column."""
    out: dict[str, Any] = res.as_dict()
    if not res.trace.is_connect4:
        out["moves"] = [
            {("action" if k == "column" else k): v for k, v in row.items()} for row in out["moves"]
        ]
    return out


def pv_node(res: Any) -> int:
    """The deepest recorded node along the result's principal variation (Connect 4's
    is of 1-based columns, its trace's moves 0-based)."""
    trace, node = res.trace, 0
    shift = 1 if trace.is_connect4 else 0
    for move in res.pv:
        kids = [k for k in trace.children(node) if int(trace.nodes["move"][k]) == move - shift]
        if not kids:
            break
        node = int(kids[-1])
    return node


def save_outputs(args: argparse.Namespace, res: Any) -> None:
    """``--trace`` and ``--export`` of ``analyze --game``."""
    if args.trace:
        from treeviz.trace.files import save

        save(res.trace, args.trace)
    if args.export:
        from treeviz.cli.export import export_options
        from treeviz.draw.export import export

        export(res.trace, args.export, fmt=args.format, opts=export_options(args))


def report_html(args: argparse.Namespace) -> str:
    """``report --game``: the analysis as one HTML document with the game's board."""
    from treeviz.draw import game_view
    from treeviz.draw.notebook import small_tree

    _, res = analyzed(args)
    return game_view.report(res, small_tree(res.trace))


def cmd_solve(args: argparse.Namespace) -> None:
    """``solve --game``: each position's exact value for the player to move, in words,
    and a best move; a position past the solver's node budget is a typed error."""
    from treeviz.agents.any_game.registry import search_game
    from treeviz.draw.game_view import chosen_move, player_text, value_words

    game = rules_of(args)
    for text in args.positions or [""]:
        res = search_game(game, text, "solver")
        root = res.trace.state(0)
        words = value_words(res.value, res.trace.value_kind, res.outcome)
        print(
            f"{game.to_text(root) or '(start)'}: {words} for "
            f"{player_text(game.to_move(root))}, best move {game.label(root, chosen_move(res))}"
        )


def cmd_show(args: argparse.Namespace) -> None:
    """``show --game``: the position's text, whose turn, its legal moves, its status."""
    from treeviz.draw.game_view import player_text

    game = rules_of(args)
    state = game.from_text(args.position)
    moves = [game.label(state, m) for m in game.legal_moves(state)]
    over = game.outcome(state)
    board = board_text(state)
    if args.json:
        print_json(
            {
                "game": game.name,
                "position": game.to_text(state),
                "legal": moves,
                "status": outcome_text(over),
                "board": board,
            }
        )
        return
    print(f"game: {game.name}")
    print(f"moves: {game.to_text(state) or '(none)'}")
    if board:
        print("board:\n" + "\n".join("    " + line for line in board.splitlines()))
    print(f"to move: {'-' if over else player_text(game.to_move(state))}")
    print(f"legal moves: {' '.join(moves) or '-'}")
    print(f"status: {outcome_text(over)}")


def board_text(state: Any) -> str | None:
    """The board as the game's own state writes it (OpenSpiel's boards, a course's
    class with a ``__str__``); None when its class writes none (the SVG is then the
    board: ``report``)."""
    own = getattr(state, "state", state)
    return str(own).strip("\n") if type(own).__str__ is not object.__str__ else None


def outcome_text(returns: tuple[float, float] | None) -> str:
    """A game's status from its returns: in play, a draw, or who won."""
    from treeviz.draw.game_view import player_text

    if returns is None:
        return "in play"
    if returns[0] == returns[1]:
        return "draw"
    return f"won by {player_text(0 if returns[0] > returns[1] else 1)}"
