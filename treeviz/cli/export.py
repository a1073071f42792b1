"""``export`` a saved trace, and the drawing flags ``analyze --export`` shares.

(Imports inside commands: see :mod:`treeviz.cli`.)
"""

from __future__ import annotations

import argparse
import math
from typing import Any

from treeviz.cli.common import check_output
from treeviz.errors import InvalidParameterError
from treeviz.settings import BOARDS_MAX_NODES, DPI, DRAW_DEPTH, MAX_DPI


def export_options(args: argparse.Namespace) -> Any:
    """The :class:`ExportOptions` of the export flags."""
    from treeviz.draw.export import ExportOptions

    if args.top is not None and args.top < 1:
        raise InvalidParameterError(f"--top {args.top}: at least 1 child per node")
    if not (math.isfinite(args.dpi) and 1 <= args.dpi <= MAX_DPI):
        raise InvalidParameterError(f"--dpi {args.dpi}: a resolution in 1-{MAX_DPI}")
    depth = None if args.depth_view is not None and args.depth_view < 0 else args.depth_view
    return ExportOptions(
        root=args.root,
        depth=depth,
        top_k=args.top,
        stubs=not args.no_stubs,
        boards=args.boards,
        dpi=args.dpi,
    )


def cmd_export(args: argparse.Namespace) -> None:
    """Write a saved trace as a diagram, table or trace file."""
    from treeviz.draw.export import export
    from treeviz.trace.files import load

    check_output(args.output, args.trace)
    kind = export(load(args.trace), args.output, fmt=args.format, opts=export_options(args))
    print(f"wrote {args.output} ({kind})")


def add_export_flags(p: argparse.ArgumentParser) -> None:
    """The selection and rendering flags shared by ``export`` and ``analyze --export``."""
    # Checked by the exporter (its error lists the formats): importing it here would
    # load pandas and Graphviz for every command.
    p.add_argument(
        "--format",
        help="svg, png, pdf, dot, graphml, csv, json or npz (default: from the file suffix)",
    )
    p.add_argument("--root", type=int, default=0, help="trace node id to start from")
    p.add_argument(
        "--view-depth" if p.prog.endswith("analyze") else "--depth",
        dest="depth_view",
        type=int,
        default=DRAW_DEPTH,
        help="levels drawn below the root (-1: all)",
    )
    p.add_argument("--top", type=int, help="at most K children per node (rest: +N more)")
    p.add_argument(
        "--boards", action="store_true", help=f"small boards in nodes (<={BOARDS_MAX_NODES} nodes)"
    )
    p.add_argument("--no-stubs", action="store_true", help="leave pruned moves out")
    p.add_argument("--dpi", type=float, default=DPI, help="PNG resolution")


def add_commands(sub: Any) -> None:
    """``export``."""
    ex = sub.add_parser("export", help="draw a saved trace: svg png pdf dot graphml csv json npz")
    ex.add_argument("trace", help="trace file (.json or .json.gz)")
    ex.add_argument(
        "-o",
        "--output",
        required=True,
        help="file to write; a CSV holds the nodes of the view (--root, --depth, "
        "--top) as the diagrams do: --depth -1 without --top writes every "
        "node of the trace",
    )
    add_export_flags(ex)
    ex.set_defaults(func=cmd_export)
