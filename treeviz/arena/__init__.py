"""Arena: tournaments and parameter sweeps between agent specs.

``run_arena`` plays a round robin (``run_sweep`` one setting per grid point against a
fixed opponent) from balanced openings, each played twice with colours swapped, on
this process, local workers or a Dask cluster; every game is stored in SQLite as it
finishes (a re-run resumes), and the report is computed from the stored games.

Its modules: :mod:`.openings` (balanced openings), :mod:`.tasks` (the schedule and the
game task), :mod:`.runner` (where the tasks run), :mod:`.store` (SQLite),
:mod:`.ratings` (Bradley-Terry, Elo, SPRT), :mod:`.report` and :mod:`.report_html`
(the report, as data and as HTML), and :mod:`.localhost` (a real Dask cluster on this
machine, for the tests and benchmarks of ``--cluster``).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Any

from treeviz.agents.registry import AGENTS, AgentSpec, spec, split_spec
from treeviz.arena.openings import pick_openings, read_openings
from treeviz.arena.ratings import sprt as sprt_test
from treeviz.arena.report import by_ply, pair_row, points, report, score_of
from treeviz.arena.runner import play_all
from treeviz.arena.store import Store
from treeviz.arena.tasks import canonical_specs, round_robin, schedule
from treeviz.errors import InvalidParameterError, SearchStopped
from treeviz.settings import ARENA_PLY_SECONDS, show_value


def run_arena(
    specs: Sequence[str | AgentSpec],
    games: int,
    *,
    db: str | None = None,
    sprt: tuple[float, float] | None = None,
    on_game: Callable[[dict[str, Any]], Any] | None = None,
    **options: Any,
) -> dict[str, Any]:
    """Play ``games`` games per pair of ``specs`` (spec strings, parsed here once, or
    specs) that are not stored in ``db`` yet and report on every stored game between
    them. ``sprt=(elo0, elo1)`` (two players only)
    stops as soon as the test decides; the report then has an ``sprt`` entry.
    ``on_game`` sees each game as it is stored; ``options``: those of :func:`_play`."""
    players = canonical_specs(specs)
    if sprt is not None and len(players) != 2:
        raise InvalidParameterError(f"--sprt needs exactly two players, not {len(players)}")
    names = [str(p) for p in players]  # as the stored games name them
    with Store(db or ":memory:") as store:
        scores = [score_of(g, names[0]) for g in store.games(names)] if sprt else []

        def told(game: dict[str, Any]) -> bool:
            if on_game is not None:
                on_game(game)
            if sprt is None:
                return False
            scores.append(points(game["result"], game["x"], game["o"], spec=names[0]))
            return sprt_test(scores, *sprt).decision != "continue"

        decided = sprt is not None and sprt_test(scores, *sprt).decision != "continue"
        pairs = round_robin(players)
        played = 0 if decided else _stoppable_play(store, db, pairs, games, told, **options)
        out = report(store.games(names))
    out["played"] = played
    if sprt is not None:
        out["sprt"] = sprt_test(scores, *sprt).as_dict()
    return out


def _stoppable_play(store: Store, db: str | None, *args: Any, **options: Any) -> int:
    """:func:`_play`; a Ctrl-C ends the run (during a search: :class:`SearchStopped`,
    else :class:`KeyboardInterrupt`, as it came) saying what was kept."""
    try:
        return _play(store, *args, **options)
    except (SearchStopped, KeyboardInterrupt) as exc:
        kept = (
            f"{store.count()} games are stored in {db!r}: the same command continues"
            if db
            else "no --db: the games played were not kept"
        )
        raise type(exc)(f"Ctrl-C: the run was stopped; {kept}") from None


def _play(
    store: Store,
    pairs: list[tuple[AgentSpec, AgentSpec]],
    games: int,
    on_game: Callable[[dict[str, Any]], Any] | None,
    *,
    openings: int | None = None,
    openings_file: str | None = None,
    workers: int = 1,
    cluster: str | None = None,
    seed: int = 0,
    ply_seconds: float = ARENA_PLY_SECONDS.default,
    progress: bool = False,
    in_process: bool | None = None,
) -> int:
    """Schedule ``games`` games per pair from the openings file's openings or
    ``openings`` balanced ones (default: one per two games), play those ``store`` lacks
    (:func:`play_all`) and return how many were played."""
    if openings_file is not None:
        chosen = read_openings(openings_file)
    else:
        chosen = pick_openings(openings if openings is not None else max(1, (games + 1) // 2), seed)
    tasks = schedule(pairs, games=games, openings=chosen, seed=seed, ply_seconds=ply_seconds)
    return play_all(
        tasks,
        store,
        workers=workers,
        cluster=cluster,
        on_game=on_game,
        progress=progress,
        in_process=in_process,
        total=games * len(pairs),
    )


def grid_specs(agent: str, grid: dict[str, list[str]]) -> list[AgentSpec]:
    """One spec per point of ``grid`` (parameter name -> values as typed), in grid
    order, each parsed from its text once; values are checked by the agent's
    declarations (an error quotes the point's spec)."""

    names = list(grid)
    # a swept agent given with settings of its own keeps them ("alphabeta:tt=false");
    # a user agent's name is part of its head ("mine.py:AGENT", then ":depth=2")
    joiner = "," if split_spec(agent, AGENTS)[1].strip() else ":"
    out = []
    for values in itertools.product(*grid.values()):
        text = agent + joiner + ",".join(f"{n}={v}" for n, v in zip(names, values, strict=True))
        out.append(spec(text))
    return out


def run_sweep(
    agent: str,
    grid: dict[str, list[str]],
    *,
    against: str | AgentSpec,
    games: int,
    db: str | None = None,
    on_game: Callable[[dict[str, Any]], Any] | None = None,
    **options: Any,
) -> dict[str, Any]:
    """Each grid point of ``agent`` (a spec string: the grid's values are set on its
    text) against ``against``, ``games`` games each: the arena report plus
    ``settings`` (per point: its parameters, score with interval, Elo difference with
    interval and nodes per second by stones on the board). ``options``: those of
    :func:`_play`."""
    if not grid:
        raise InvalidParameterError("a sweep needs at least one --grid NAME=V1,V2,...")
    specs = grid_specs(agent, grid)
    opponent = canonical_specs([against, specs[0]])[0]
    if opponent in specs:
        raise InvalidParameterError(f"{show_value(against)} is one of the swept settings")
    with Store(db or ":memory:") as store:
        played = _stoppable_play(
            store, db, [(s, opponent) for s in specs], games, on_game, **options
        )
        stored = store.games([str(s) for s in (*specs, opponent)])
    out = report(stored)
    out["played"] = played
    out["against"] = str(opponent)
    out["settings"] = [_setting(s, str(opponent), grid, stored) for s in specs]
    return out


def _setting(
    point: AgentSpec, opponent: str, grid: dict[str, list[str]], stored: list[Any]
) -> dict[str, Any]:
    """One grid point's row of the sweep table: its parameters, its games against the
    opponent (:func:`pair_row`, ``a`` being the setting; the stored games name
    players by their spec strings) and its nodes per second by stones on the board."""
    text = str(point)
    row = {"spec": text, "params": {n: point.kwargs.get(n) for n in grid}}
    return {
        **row,
        **pair_row(text, opponent, stored),
        "nodes_per_s_by_stones": by_ply(stored, text),
    }


def parse_grid(items: list[str] | None) -> dict[str, list[str]]:
    """``NAME=V1,V2,...`` flags as a dict (values as typed; the agent checks them)."""
    grid: dict[str, list[str]] = {}
    for item in items or []:
        name, sep, values = item.partition("=")
        vals = [v.strip() for v in values.split(",") if v.strip()]
        if not sep or not name.strip() or not vals:
            raise InvalidParameterError(
                f"--grid {show_value(item)}: expected NAME=V1,V2,... such as c=1,2"
            )
        if name.strip() in grid:
            raise InvalidParameterError(
                f"--grid {show_value(item)}: {show_value(name.strip())} is given twice"
            )
        grid[name.strip()] = vals
    return grid
