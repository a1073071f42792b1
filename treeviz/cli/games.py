"""The game commands of the CLI: ``play`` a game, ``review`` one against the truth.

(Imports inside commands: see :mod:`treeviz.cli`.)
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from treeviz.cli.common import (
    add_position_args,
    check_output,
    is_readable,
    print_json,
    read_position,
)
from treeviz.connect4.notation import to_diagram
from treeviz.errors import InvalidParameterError
from treeviz.games.game import (
    HUMAN,
    AgentPlayer,
    Game,
    PlyRecord,
    TerminalHuman,
    load_game,
    make_player,
    play,
)
from treeviz.safe_io import atomic_write
from treeviz.settings import (
    GAME_ID,
    REVIEW_SECONDS,
    RUN_SEED,
    add_setting_flag,
    setting_of,
    show_path,
)
from treeviz.trace.numbers import count, number_text, percent, seconds, value_with_unit

if TYPE_CHECKING:
    from treeviz.judge.review import PlyReview


def read_game(arg: str, game_id: int | None = None, first: str | None = None) -> Game:
    """A game: a JSON game file, game ``game_id`` of an arena database, or anything
    :func:`read_position` reads (its moves; ``first`` is ``--first``)."""
    path = Path(arg)
    if is_readable(path) and path.suffix == ".json":
        return load_game(path)
    if is_readable(path) and path.is_file() and is_database(path):  # a pipe would block
        return stored_game(path, game_id)
    if game_id is not None:
        raise InvalidParameterError(f"--game {game_id}: {show_path(arg)} is not an arena database")
    moves = read_position(arg, first).moves_string()
    return Game("?", "?", moves=moves)


def is_database(path: Path) -> bool:
    """Whether ``path`` starts like an SQLite database."""
    with path.open("rb") as f:
        return f.read(16) == b"SQLite format 3\x00"


def stored_game(path: Path, game_id: int | None) -> Game:
    """Game ``game_id`` of the arena database at ``path``."""
    from treeviz.arena.store import Store

    with Store(path, create=False) as store:
        if game_id is None:
            raise InvalidParameterError(
                f"{show_path(path)} is an arena database: choose "
                f"a game with --game ID ({store.count()} "
                "stored)"
            )
        g = store.game(game_id)
    return Game(g.x, g.o, opening=g.opening, moves=g.moves, seed=g.seed)


def _ply_line(p: PlyReview) -> str:
    """``  5. X 3  mistake  score -2, best +1 by [4]  agent: 4`` (scores for the mover)."""
    scores = ""
    if p.score is not None and p.best_score is not None:
        scores = f"  score {number_text(p.score)}"
        if p.cls != "best":
            scores += f", best {number_text(p.best_score)} by {p.best_columns}"
    agent = f"  agent: {p.agent_column}" if p.agent_column is not None else ""
    return f"{p.ply:3d}. {p.player} {p.column}  {p.cls}{scores}{agent}"


def cmd_review(args: argparse.Namespace) -> None:
    """Every move of a game against the exact scores, and each player's summary."""
    from treeviz.agents.registry import spec
    from treeviz.judge.review import review

    game = read_game(args.game, setting_of(args, GAME_ID), args.first)
    chosen = spec(args.agent) if args.agent else None  # a bad spec fails before the review
    out = review(game.position, agent=chosen, seconds=setting_of(args, REVIEW_SECONDS))
    if args.json:
        print_json(out.as_dict())
        return
    for p in out.plies:
        print(_ply_line(p))
    print(f"result: {out.result}")
    for player, counts in out.summary().items():
        acc = percent(counts["accuracy"])
        parts = ", ".join(
            f"{counts[c]} {c}" for c in ("best", "inaccuracy", "mistake", "blunder", "unknown")
        )
        print(f"{player}: {parts}; accuracy {acc}")


def terminal_human(out: TextIO) -> TerminalHuman:
    """A human answering on stdin; the board and prompts go to ``out``."""

    def read(prompt: str) -> str:
        out.write(prompt)
        out.flush()
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        return line

    return TerminalHuman(read, lambda text: print(text, file=out, flush=True))


def cmd_play(args: argparse.Namespace) -> None:
    """One game between two players (agent specs or ``human``)."""
    seed = setting_of(args, RUN_SEED)
    if args.save:
        check_output(args.save)  # before the game: a long game is not lost at the end
    talk = sys.stderr if args.json else sys.stdout  # --json keeps stdout for the result
    human = lambda: terminal_human(talk)  # noqa: E731
    x = make_player(args.x, seed, human)
    o = make_player(args.o, seed, human)
    names = [str(p.chosen) if isinstance(p, AgentPlayer) else HUMAN for p in (x, o)]
    game = Game(names[0], names[1], opening=args.opening.strip(), seed=seed)

    def shown(g: Game) -> None:
        if not args.json:
            print(ply_line(g.plies[-1]), flush=True)

    play(x, o, game, on_ply=shown)
    if args.save:
        with atomic_write(args.save, "w", encoding="utf-8") as out:
            out.write(game.dumps())
    if args.json:
        print_json(game.as_dict())
        return
    print(to_diagram(game.position))
    print(f"moves: {game.moves or '(none)'}")
    print(f"result: {result_text(game.result)}")
    if args.save:
        print(f"saved: {args.save}")


def ply_line(rec: PlyRecord) -> str:
    """One move as a line: ply, player, column and how the agent chose it (its value
    with its unit: the two players' agents may count in different ones)."""
    line = f"{rec.ply:3d}. {rec.player} plays {rec.column}"
    if rec.spec and rec.spec != HUMAN:
        value = value_with_unit(rec.agent_value, rec.value_kind)
        line += f"  ({rec.spec}: value {value}, {count(rec.nodes)} nodes, {seconds(rec.time_s)} s)"
    return line


def result_text(result: str) -> str:
    """The result in words."""
    return {"X": "X wins", "O": "O wins", "draw": "draw"}.get(result, "unfinished (quit)")


def add_commands(sub: Any) -> None:
    """The ``play`` and ``review`` subcommands."""
    pl = sub.add_parser("play", help="play a game: agent specs or 'human' for X and O")
    pl.add_argument("x", help="X's player: an agent spec (e.g. mcts:iterations=500) or human")
    pl.add_argument("o", help="O's player: an agent spec or human")
    add_setting_flag(pl, RUN_SEED)
    pl.add_argument("--opening", default="", help="moves played before the players start")
    pl.add_argument("--json", action="store_true", help="print the game as JSON")
    pl.add_argument("--save", metavar="GAME.json", help="write the game file here")
    pl.set_defaults(func=cmd_play)

    rv = sub.add_parser("review", help="every move of a game against the exact scores")
    add_position_args(
        rv,
        "game",
        "a move string, sample name, board, JSON game file or arena database (with --game)",
    )
    rv.add_argument("--agent", help="also show what this agent spec would have played")
    add_setting_flag(rv, REVIEW_SECONDS)
    add_setting_flag(rv, GAME_ID, "--game")
    rv.add_argument("--json", action="store_true")
    rv.set_defaults(func=cmd_review)
