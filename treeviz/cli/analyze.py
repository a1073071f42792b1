"""``analyze`` a position with an agent, and ``explain`` its choice.

(Imports inside commands: see :mod:`treeviz.cli`.)
"""

from __future__ import annotations

import argparse
from typing import Any

from treeviz.cli import any_game
from treeviz.cli.common import agent_command, check_output, chosen_agent, print_json, read_position
from treeviz.cli.export import add_export_flags, export_options
from treeviz.connect4.notation import to_diagram
from treeviz.settings import EXACT_SECONDS, add_setting_flag, setting_of


def cmd_analyze(args: argparse.Namespace) -> None:
    """Run an agent, print its choice and per-column table, optionally save the trace."""
    from treeviz.agents.registry import search
    from treeviz.trace.analysis import move_table_text
    from treeviz.trace.files import save

    if args.rules is not None:
        any_game.cmd_analyze(args)
        return
    pos = read_position(args.position, args.first)
    for output in (args.trace, args.export):
        if output:
            check_output(output, args.position)
    chosen = chosen_agent(args)
    res = search(pos, chosen)
    if args.trace:
        save(res.trace, args.trace)
    if args.export:
        from treeviz.draw.export import export

        export(res.trace, args.export, fmt=args.format, opts=export_options(args))
    if args.json:
        print_json(res.as_dict() | {"spec": str(chosen)})
        return
    from treeviz.trace.numbers import count, flag, seconds
    from treeviz.trace.values import kind_text, read_as_words

    print(to_diagram(pos))
    print(f"agent: {chosen}  to move: {pos.side_to_move}  chosen column: {res.move}")
    print(f"values: {kind_text(res.trace.value_kind)}{read_as_words(res.trace.extra)}")
    print(move_table_text(res))
    print(f"pv: {' '.join(map(str, res.pv))}")
    s = res.stats
    print(
        f"nodes: {count(s['nodes'])}  cutoffs: {count(s['cutoffs'])}  "
        f"tt hits: {count(s['tt_hits'])}  time: {seconds(s['time_s'])} s  "
        f"truncated: {flag(s['truncated'])}"
    )
    from treeviz.trace.reading import left_out_note

    if note := left_out_note(res.trace):
        print(f"note: {note}")
    if s.get("stopped"):  # Ctrl-C kept what was found: the run must not read as whole
        print(
            "stopped early (Ctrl-C or its time budget): the answer is what the search "
            "had found by then"
        )


def cmd_explain(args: argparse.Namespace) -> None:
    """Run an agent and judge its choice against the exact scores, in words."""
    from treeviz.judge.verdict import explain

    pos = read_position(args.position, args.first)
    out = explain(pos, agent=chosen_agent(args), seconds=setting_of(args, EXACT_SECONDS))
    if args.json:
        print_json(out.as_dict())
        return
    print(to_diagram(pos))
    print(f"[{out.verdict.cls}] {out.text}")
    for reason in out.reasons:
        print(f"  - {reason.text}")


def add_commands(sub: Any) -> None:
    """``analyze`` and ``explain``."""
    an = agent_command(sub, "analyze", text="run an agent and explain its choice", func=cmd_analyze)
    an.add_argument("--trace", help="write the trace JSON here (.json or .json.gz)")
    an.add_argument("--export", help="also write a diagram/table/trace (format from suffix)")
    add_export_flags(an)
    any_game.add_game_flag(an)
    any_game.add_limit_flag(an)

    xp = agent_command(
        sub, "explain", text="judge an agent's choice against the exact scores", func=cmd_explain
    )
    add_setting_flag(xp, EXACT_SECONDS)
