"""Arena games as tasks: the schedule of a round robin and the game task itself.

The players are :class:`~treeviz.agents.contract.AgentSpec` values, parsed once
(:func:`canonical_specs`). A task is plain data (the players' spec strings, opening,
seed), and its result a plain dict, so a task can run in this process, in a local
worker process or on any machine of a Dask cluster, and a game is known by its key:
the same command schedules the same keys, so a stored game is never played again.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from treeviz.agents.registry import AgentSpec, spec
from treeviz.errors import InvalidParameterError, UserAgentError
from treeviz.games.game import AgentPlayer, Game, derived_seed, play
from treeviz.judge.review import review
from treeviz.settings import ARENA_PLY_SECONDS, GAMES, RUN_SEED, package_version, show_value


@dataclass(frozen=True)
class GameTask:
    """One game: X's and O's specs (canonical strings), the opening, the game seed (the
    agents' per-ply seeds come from it) and the exact-score budget per judged move
    (0: moves are not judged)."""

    # Text, not AgentSpec: a game's key and its stored row (SQLite) are the spec
    # strings, and a task stays plain data for any worker; play_task's players parse
    # each once, on the worker's side.
    x: str
    o: str
    opening: str
    seed: int
    ply_seconds: float = ARENA_PLY_SECONDS.default

    @property
    def key(self) -> str:
        """What makes two games the same game (the budget does not)."""
        return json.dumps([self.x, self.o, self.opening, self.seed])


def canonical_specs(texts: Sequence[str | AgentSpec]) -> list[AgentSpec]:
    """The players: each spec parsed and checked, once (a spec given as one is kept);
    a bad spec raises (quoting it) and two specs for the same agent settings are
    refused."""

    out = [spec(t) for t in texts]
    if len(out) < 2:
        given = [t if isinstance(t, str) else str(t) for t in texts]
        raise InvalidParameterError(f"{show_value(given)}: an arena needs at least two agent specs")
    dupes = sorted({str(s) for s in out if out.count(s) > 1})
    if dupes:
        raise InvalidParameterError(f"{show_value(dupes[0])} is given twice: each player once")
    return out


def schedule(
    pairs: list[tuple[AgentSpec, AgentSpec]],
    *,
    games: int,
    openings: list[str],
    seed: int,
    ply_seconds: float = ARENA_PLY_SECONDS.default,
) -> Iterator[GameTask]:
    """``games`` games for each pair: opening ``k`` is played by games ``2k`` and
    ``2k+1`` with colours swapped (openings reused in turn when there are fewer than
    ``games / 2``). Ordered round by round, so every pair advances together. Lazy:
    a billion games take no memory before they are played."""
    GAMES.coerce(games)  # checked now, not when the first task is asked for
    RUN_SEED.coerce(seed)
    return _tasks(pairs, games, openings, seed, ply_seconds)


def _tasks(
    pairs: list[tuple[AgentSpec, AgentSpec]],
    games: int,
    openings: list[str],
    seed: int,
    ply_seconds: float,
) -> Iterator[GameTask]:
    texts = [(str(a), str(b)) for a, b in pairs]  # a task's players: see GameTask
    for g in range(games):  # not itertools.product: it would hold range(games) whole
        for a, b in texts:
            x, o = (a, b) if g % 2 == 0 else (b, a)
            opening = openings[(g // 2) % len(openings)]
            yield GameTask(x, o, opening, game_seed(seed, a, b, game=g), ply_seconds)


def round_robin(specs: list[AgentSpec]) -> list[tuple[AgentSpec, AgentSpec]]:
    """Every pair of players once, in the order given."""
    return list(itertools.combinations(specs, 2))


def game_seed(seed: int, a: str, b: str, *, game: int) -> int:
    """The seed of game ``game`` between ``a`` and ``b`` in a run seeded ``seed``: the
    same for the same pair whatever other players are in the run."""
    return derived_seed(seed, game, *(ord(ch) for ch in f"{a}\n{b}"))


def play_task(task: GameTask) -> dict[str, Any]:
    """Play the game of ``task`` and judge every move after the opening against the
    exact scores. Returns the stored form: the task's fields, ``key``, ``moves``,
    ``result``, ``version`` and ``plies`` (the game's ply records, each with ``class``,
    ``score`` and ``best_score`` when judged)."""
    game = Game(task.x, task.o, opening=task.opening, seed=task.seed)
    forfeit = None
    try:
        play(AgentPlayer(task.x, task.seed), AgentPlayer(task.o, task.seed), game)
    except UserAgentError as exc:  # a user agent failed: its game is lost, the arena goes on
        forfeit = {"player": game.position.side_to_move, "reason": str(exc)}
    plies = [asdict(p) for p in game.plies]
    if task.ply_seconds > 0:
        _judge(game.moves, plies, task.ply_seconds)
    result = game.result if forfeit is None else "O" if forfeit["player"] == "X" else "X"
    return {
        **asdict(task),
        "key": task.key,
        "moves": game.moves,
        "result": result,
        "version": package_version(),
        "plies": plies,
        "forfeit": forfeit,
    }


def _judge(moves: str, plies: list[dict[str, Any]], seconds: float) -> None:
    """Add each ply's class and exact scores (None past the budget)."""

    judged = {p.ply: p for p in review(moves, seconds=seconds).plies}
    for rec in plies:
        r = judged[rec["ply"]]
        rec.update({"class": r.cls, "score": r.score, "best_score": r.best_score})
