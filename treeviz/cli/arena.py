"""``treeviz arena`` (a round robin, or a report of a stored one) and ``treeviz sweep``
(one agent's settings against a fixed opponent).

(Imports inside commands: see :mod:`treeviz.cli`.)
"""

from __future__ import annotations

import argparse
from typing import Any

from treeviz.cli.common import CLUSTER_HELP, print_json
from treeviz.connect4.board import DEFAULT_CELLS
from treeviz.errors import InvalidParameterError
from treeviz.settings import (
    ARENA_PLY_SECONDS,
    GAMES,
    RUN_SEED,
    SPRT_ELO,
    add_setting_flag,
    setting_of,
    show_value,
)
from treeviz.trace.numbers import MISSING, count, percent, seconds

# Stones on the board when a move is chosen; the last band ends at a game's last move.
STONE_BANDS = ((0, 7), (8, 15), (16, 23), (24, 31), (32, DEFAULT_CELLS - 1))


def cmd_arena(args: argparse.Namespace) -> None:
    """Play (specs given) or report (``--db`` alone)."""
    from treeviz.arena import run_arena
    from treeviz.arena.report import report
    from treeviz.arena.store import Store

    if not args.specs:
        if args.db is None:
            raise InvalidParameterError("arena: give agent specs to play, or --db FILE to report")
        with Store(args.db, create=False) as store:
            out = report(store.games())
    else:
        games = setting_of(args, GAMES)
        if games is None:
            raise InvalidParameterError("arena: --games N is needed to play")
        out = run_arena(args.specs, games, sprt=_sprt(args.sprt), **_options(args))
    if args.json:
        print_json(out)
    else:
        print_report(out)


def _options(args: argparse.Namespace) -> dict[str, Any]:
    """The options shared by ``arena`` and ``sweep``."""
    return {
        "openings": args.openings,
        "openings_file": args.openings_file,
        "workers": args.workers,
        "cluster": args.cluster,
        "db": args.db,
        "seed": setting_of(args, RUN_SEED),
        "ply_seconds": setting_of(args, ARENA_PLY_SECONDS),
        "progress": not args.json,
    }


def _sprt(text: str | None) -> tuple[float, float] | None:
    """``elo0,elo1`` as two numbers, elo0 < elo1."""
    if text is None:
        return None
    parts = text.split(",")
    if len(parts) != 2:
        raise InvalidParameterError(f"--sprt {show_value(text)}: expected elo0,elo1 such as 0,50")
    try:
        elo0, elo1 = (SPRT_ELO.coerce(v) for v in parts)
    except InvalidParameterError as exc:
        raise InvalidParameterError(f"--sprt {show_value(text)}: {exc}") from None
    if not elo0 < elo1:
        raise InvalidParameterError(f"--sprt {show_value(text)}: elo0 must be below elo1")
    return elo0, elo1


def print_report(out: dict[str, Any]) -> None:
    """The report as tables: players by rating, then the pairs."""
    print(f"{out['games']} games")
    print(
        f"{'player':34} {'games':>5} {'score':>6}  {'W-D-L':>9}  {'rating [95%]':>21} "
        f"{'acc':>5} {'mis/g':>5} {'bl/g':>5} {'s/move':>8} {'nodes/move':>10}"
    )
    for p in out["players"]:
        wdl = f"{p['wins']}-{p['draws']}-{p['losses']}"
        rating = f"{p['rating']:+.0f} [{p['rating_low']:+.0f}, {p['rating_high']:+.0f}]"
        print(
            f"{p['spec'][:34]:34} {p['games']:5d} {percent(p['score'], 1):>6}  {wdl:>9}  "
            f"{rating:>21} "
            f"{percent(p['accuracy']):>5} {p['mistakes_per_game']:5.2f} "
            f"{p['blunders_per_game']:5.2f} {seconds(p['time_per_move']):>8} "
            f"{count(p['nodes_per_move']):>10}"
        )
    for q in out["pairs"]:
        print(f"{q['a']} vs {q['b']}: {pair_text(q)}")
    for f in out.get("forfeits", []):
        print(f"game {f['game']} lost by forfeit by {f['spec']}: {f['reason']}")
    if "sprt" in out:
        s = out["sprt"]
        print(
            f"SPRT elo0={s['elo0']:g} elo1={s['elo1']:g}: LLR {s['llr']:.2f} "
            f"[{s['lower']:.2f}, {s['upper']:.2f}] -> {s['decision']}"
        )


def pair_text(q: dict[str, Any]) -> str:
    """A pair row (or sweep setting) in words: W/D/L, score and Elo with intervals."""
    from treeviz.arena.ratings import elo_of

    scores = ("a_score_low", "a_score", "a_score_high")
    low, mean, high = (elo_of(q[k]) for k in scores)
    score_low, score, score_high = (percent(q[k], 1) for k in scores)
    return (
        f"+{q['a_wins']} ={q['draws']} -{q['b_wins']}, score {score} "
        f"[{score_low}, {score_high}], Elo {mean:+.0f} [{low:+.0f}, {high:+.0f}]"
    )


def cmd_sweep(args: argparse.Namespace) -> None:
    """Every grid point against the opponent; a table (or JSON)."""
    from treeviz.arena import parse_grid, run_sweep

    games = setting_of(args, GAMES)
    if games is None:
        raise InvalidParameterError("sweep: --games N is needed")
    out = run_sweep(
        args.agent, parse_grid(args.grid), against=args.against, games=games, **_options(args)
    )
    if args.json:
        print_json(out)
        return
    names = list(out["settings"][0]["params"]) if out["settings"] else []
    bands = "  ".join(f"{a}-{b}" for a, b in STONE_BANDS)
    print(f"against {out['against']}, {out['games']} games; nodes/s by stones: {bands}")
    for s in out["settings"]:
        params = " ".join(f"{n}={s['params'][n]}" for n in names)
        speed = "  ".join(_band(s["nodes_per_s_by_stones"], a, b) for a, b in STONE_BANDS)
        print(f"{params:24} {pair_text(s)}  {speed}")


def _band(by_stones: list[list[float]], low: int, high: int) -> str:
    """Mean nodes per second over moves played with ``low..high`` stones on the board."""
    rows = [(v, n) for k, v, n in by_stones if low <= k <= high]
    total = sum(n for _, n in rows)
    return count(sum(v * n for v, n in rows) / total) if total else MISSING


def _shared_flags(p: argparse.ArgumentParser) -> None:
    """Openings, where to play, database, seed, judging budget, JSON."""
    op = p.add_mutually_exclusive_group()
    op.add_argument(
        "--openings",
        type=int,
        metavar="K",
        help="balanced openings to use (default: one per two games)",
    )
    op.add_argument("--openings-file", metavar="F", help="openings, one move string per line")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, default=1, help="local worker processes")
    where.add_argument("--cluster", metavar="tcp://HOST:PORT", help=CLUSTER_HELP)
    p.add_argument("--db", metavar="FILE", help="store games here (re-run to resume)")
    add_setting_flag(p, RUN_SEED)
    add_setting_flag(p, ARENA_PLY_SECONDS)
    p.add_argument("--json", action="store_true")


def add_commands(sub: Any) -> None:
    """The ``arena`` and ``sweep`` subcommands."""
    ar = sub.add_parser("arena", help="a round robin between agent specs, or a stored report")
    ar.add_argument("specs", nargs="*", help="two or more agent specs (none: report --db)")
    add_setting_flag(ar, GAMES)
    ar.add_argument("--sprt", metavar="ELO0,ELO1", help="stop a two-player match once decided")
    _shared_flags(ar)
    ar.set_defaults(func=cmd_arena)

    sw = sub.add_parser("sweep", help="an agent's parameter grid against a fixed opponent")
    sw.add_argument("agent", help="the agent swept (a name, e.g. mcts)")
    sw.add_argument(
        "--grid",
        action="append",
        metavar="NAME=V1,V2",
        help="values of one parameter (repeat for a grid)",
    )
    sw.add_argument("--against", required=True, help="the opponent's spec")
    add_setting_flag(sw, GAMES)
    _shared_flags(sw)
    sw.set_defaults(func=cmd_sweep)
