"""Arena: tournaments and parameter sweeps between agent specs.

``run_arena`` plays a round robin (``run_sweep`` one setting per grid point against a
fixed opponent) from balanced openings, each played twice with colours swapped, on
this process, local workers or a Dask cluster; every game is stored in SQLite as it
finishes (a re-run resumes), and the report is computed from the stored games.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from treeviz.arena.openings import pick_openings, read_openings
from treeviz.arena.ratings import sprt as sprt_test
from treeviz.arena.report import by_ply, pair_row, report, score_of
from treeviz.arena.runner import play_all
from treeviz.arena.store import Store
from treeviz.arena.tasks import PLY_SECONDS, canonical_specs, round_robin, schedule
from treeviz.errors import InvalidParameterError


def run_arena(
    specs: list[str],
    games: int,
    *,
    openings: int | None = None,
    openings_file: str | None = None,
    workers: int = 1,
    cluster: str | None = None,
    db: str | None = None,
    seed: int = 0,
    sprt: tuple[float, float] | None = None,
    ply_seconds: float = PLY_SECONDS,
    on_game: Callable[[dict[str, Any]], Any] | None = None,
    progress: bool = False,
    in_process: bool | None = None,
) -> dict[str, Any]:
    """Play ``games`` games per pair of ``specs`` (those not stored in ``db`` yet) and
    report on every stored game between them. ``sprt=(elo0, elo1)`` (two players only)
    stops as soon as the test decides; the report then has an ``sprt`` entry.
    ``in_process``: see :func:`play_all`."""
    players = canonical_specs(specs)
    if sprt is not None and len(players) != 2:
        raise InvalidParameterError(f"--sprt needs exactly two players, not {len(players)}")
    tasks = schedule(round_robin(players), games, _openings(games, openings, openings_file,
                                                            seed), seed, ply_seconds)  # fmt: skip
    with Store(db or ":memory:") as store:

        def decided() -> bool:
            return sprt is not None and _sprt(store, players, sprt).decision != "continue"

        def told(game: dict[str, Any]) -> bool:
            if on_game is not None:
                on_game(game)
            return decided()

        played = 0 if decided() else play_all(tasks, store, workers, cluster, told, progress,
                                              in_process)  # fmt: skip
        out = report(store.games(players))
        out["played"] = played
        if sprt is not None:
            out["sprt"] = _sprt(store, players, sprt).as_dict()
    return out


def _openings(games: int, count: int | None, path: str | None, seed: int) -> list[str]:
    """The openings file's, or ``count`` balanced ones (default: one per two games)."""
    if path is not None:
        return read_openings(path)
    return pick_openings(count if count is not None else max(1, (games + 1) // 2), seed)


def _sprt(store: Store, players: list[str], bounds: tuple[float, float]) -> Any:
    """The SPRT of the first player against the second over their stored games."""
    scores = [score_of(g, players[0]) for g in store.games(players)]
    return sprt_test(scores, *bounds)


def grid_specs(agent: str, grid: dict[str, list[str]]) -> list[str]:
    """One spec per point of ``grid`` (parameter name -> values as typed), in grid
    order; values are checked by the agent's declarations."""
    from treeviz.search import spec

    names = list(grid)
    out = []
    for values in itertools.product(*grid.values()):
        text = f"{agent}:" + ",".join(f"{n}={v}" for n, v in zip(names, values, strict=True))
        out.append(str(spec(text)))
    return out


def run_sweep(
    agent: str,
    grid: dict[str, list[str]],
    against: str,
    games: int,
    **options: Any,
) -> dict[str, Any]:
    """Each grid point of ``agent`` against ``against``, ``games`` games each: the
    arena report plus ``settings`` (per point: its parameters, score with interval,
    Elo difference with interval and nodes per second by stones on the board)."""
    if not grid:
        raise InvalidParameterError("a sweep needs at least one --grid NAME=V1,V2,...")
    specs = grid_specs(agent, grid)
    opponent = canonical_specs([against, specs[0]])[0]
    if opponent in specs:
        raise InvalidParameterError(f"{against!r} is one of the swept settings")
    seed = options.get("seed", 0)
    tasks = schedule([(s, opponent) for s in specs], games,
                     _openings(games, options.get("openings"), options.get("openings_file"),
                               seed), seed, options.get("ply_seconds", PLY_SECONDS))  # fmt: skip
    with Store(options.get("db") or ":memory:") as store:
        played = play_all(tasks, store, options.get("workers", 1), options.get("cluster"),
                          options.get("on_game"), options.get("progress", False))  # fmt: skip
        stored = store.games([*specs, opponent])
    out = report(stored)
    out["played"] = played
    out["against"] = opponent
    out["settings"] = [_setting(s, opponent, grid, stored) for s in specs]
    return out


def _setting(spec: str, opponent: str, grid: dict[str, list[str]],
             stored: list[Any]) -> dict[str, Any]:  # fmt: skip
    """One grid point's row of the sweep table: its parameters, its games against the
    opponent (:func:`pair_row`, ``a`` being the setting) and its nodes per second by
    stones on the board."""
    from treeviz.search import spec as parse

    kwargs = parse(spec).kwargs
    row = {"spec": spec, "params": {n: kwargs.get(n) for n in grid}}
    return {**row, **pair_row(spec, opponent, stored), "nodes_per_s_by_stones":
            by_ply(stored, spec)}  # fmt: skip
