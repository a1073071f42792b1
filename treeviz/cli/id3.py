"""``treeviz id3``: learn a decision tree from a table, print, score and draw it.

(Imports inside commands: see :mod:`treeviz.cli`.)
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from treeviz.cli.common import check_output, print_json
from treeviz.errors import InvalidParameterError
from treeviz.settings import ID3_MIN_SAMPLES, RUN_SEED, add_setting_flag, setting_of
from treeviz.trace.numbers import count, percent


def load_table(args: argparse.Namespace) -> Any:
    """The table named by ``args.file``: a path, or a bundled data set's name."""
    from treeviz.id3.table import BUNDLED, bundled_path, read_table

    path = Path(args.file)
    if not path.exists() and args.file in BUNDLED:
        path = bundled_path(args.file)
    return read_table(path, target=args.target, ignore=args.ignore, header=args.header)


def cmd_id3(args: argparse.Namespace) -> None:
    """Learn, report (rules or JSON), cross-validate and export."""
    from treeviz.id3.draw import export_tree
    from treeviz.id3.learn import fit

    for flag, value, low in (("--cv", args.cv, 2), ("--min-samples", args.min_samples, 1)):
        if value is not None and value < low:
            raise InvalidParameterError(f"{flag} {value}: at least {low}")
    if args.draw_depth is not None and args.draw_depth < 1:
        raise InvalidParameterError(f"--draw-depth {args.draw_depth}: at least 1 level")
    if args.export:
        check_output(args.export, args.file)
    table = load_table(args)
    options = {
        "criterion": args.criterion,
        "max_depth": args.max_depth,
        "min_samples": args.min_samples,
    }
    tree = fit(table, **options)
    report: dict[str, Any] = {
        "nodes": len(tree.nodes),
        "depth": tree.depth,
        "leaves": tree.leaves,
        "train_accuracy": round(tree.accuracy(table), 6),
        "target": table.target.name,
        "classes": table.classes,
        "features": [c.name for c in table.features],
        "ignored": table.ignored,
        "rows": table.rows,
        "criterion": args.criterion,
    }
    if args.cv:
        cv = _cross_validate(table, args.cv, setting_of(args, RUN_SEED), options)
        report["cv_accuracy"] = round(cv.mean, 6)
        report["cv_folds"] = [round(s, 6) for s in cv.scores]
    if args.export:
        kind, shown = export_tree(
            tree, args.export, title=f"ID3 ({args.criterion}) · {table.name}", depth=args.draw_depth
        )
        note = "" if shown >= tree.depth else f", drawn to depth {shown} of {tree.depth}"
        print(f"wrote {args.export} ({kind}{note})", file=sys.stderr)
    if args.json:
        print_json({"root": tree.as_dict()} | report)
        return
    print("\n".join(tree.rules()))
    print(
        f"\n{table.name}: {table.rows} rows, target {table.target.name} "
        f"({', '.join(table.classes)})"
        + (f", ignored {', '.join(table.ignored)}" if table.ignored else "")
    )
    print(
        f"nodes {count(len(tree.nodes))}, depth {tree.depth}, leaves {count(tree.leaves)}, "
        f"train accuracy {percent(report['train_accuracy'], 2)}"
    )
    if args.cv:
        folds = " ".join(percent(s, 2) for s in report["cv_folds"])
        print(f"{args.cv}-fold accuracy {percent(report['cv_accuracy'], 2)} (folds: {folds})")


def _cross_validate(table: Any, k: int, seed: int, options: dict[str, Any]) -> Any:
    """``k``-fold cross-validation with a progress bar on a terminal (a fold of a
    million-row table takes seconds)."""
    from treeviz.arena.runner import progress_bar
    from treeviz.id3.learn import cross_validate

    with progress_bar(k, True, "fold") as bar:
        return cross_validate(table, k=k, seed=seed, on_fold=lambda _: bar.update(1), **options)


def add_commands(sub: Any) -> None:
    """The ``id3`` subcommand."""
    p = sub.add_parser("id3", help="learn an ID3 decision tree from a CSV table")
    p.add_argument(
        "file", help="CSV or UCI .data file, or a bundled set: connect-4, restaurant, weather, iris"
    )
    p.add_argument("--target", help="class column (default: the last)")
    p.add_argument(
        "--ignore",
        nargs="+",
        action="extend",
        default=[],
        metavar="COL",
        help="columns that are not features (an ID column is left out)",
    )
    p.add_argument(
        "--header",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="the first row names the columns (default: detected)",
    )
    p.add_argument("--cv", type=int, metavar="K", help="K-fold cross-validated accuracy")
    add_setting_flag(p, RUN_SEED)
    p.add_argument("--max-depth", type=int, help="stop splitting at this depth")
    p.add_argument(
        "--min-samples", type=int, default=ID3_MIN_SAMPLES, help="a node with fewer rows is a leaf"
    )
    p.add_argument("--criterion", choices=["gain", "gain_ratio"], default="gain")
    p.add_argument("--json", action="store_true")
    p.add_argument("--export", metavar="FILE", help="draw the tree: svg png pdf dot graphml json")
    p.add_argument("--draw-depth", type=int, help="levels drawn (default: as many as fit)")
    p.set_defaults(func=cmd_id3)
