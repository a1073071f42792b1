"""MkDocs hook: the pages made from the code, so they never drift from it.

- ``reference/cli.md``: every command's ``--help``, from the parsers the ``treeviz``
  command itself builds (``treeviz.cli.main._parsers``).
- ``reference/api.md``: one mkdocstrings block per public name of ``treeviz``
  (``treeviz._WHERE``, the table behind ``import treeviz``'s lazy names).
- ``images/layers.svg``: the layers of the package as ``tests/test_layers.py``
  enforces them, drawn by Graphviz (the ``pygraphviz`` wheel bundles it), each box
  with its packages and how many modules each holds.

Nothing here reaches the network.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
from collections import defaultdict
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parents[2]
HELP_COLUMNS = "76"  # argparse wraps --help to $COLUMNS: the same on every machine, page-wide
# what each layer is for, by its first name in LAYERS (a layer without one is drawn
# with its names alone)
ROLES = {
    "errors": "typed errors, declared settings, compiling, reading files",
    "connect4": "the game: positions on bitboards, notation, heuristics",
    "trace": "the node arrays, trace files, what values mean",
    "exact": "the exact solver and the opening book",
    "agents": "the contract, the registry, one room per agent, your own agents",
    "games": "the play loop and game files",
    "judge": "verdict, reasons, game review, what if",
    "draw": "the one walker; trees, boards, exports, reports",
    "arena": "tournaments, decision trees, the doctor, exercises",
    "cli": "the command line, the dashboard, the public API",
}  # argparse wraps --help to $COLUMNS: the same width on every machine


def on_files(files: Files, config: Any) -> Files:
    """Add the generated pages and the picture to the site's files."""
    for path, content in (
        ("reference/cli.md", cli_page()),
        ("reference/api.md", api_page()),
        ("images/layers.svg", layers_svg()),
    ):
        files.append(File.generated(config, path, content=content))
    return files


def cli_page() -> str:
    """Each command's help as ``treeviz COMMAND --help`` prints it."""
    from treeviz.cli.main import _parsers

    before = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = HELP_COLUMNS
    try:
        return _cli_markdown(*_parsers())
    finally:
        if before is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = before


def _cli_markdown(
    parser: argparse.ArgumentParser, commands: Mapping[str, argparse.ArgumentParser]
) -> str:
    out = [
        "# Command line reference",
        "",
        "Every command's `--help`, generated from the parsers `treeviz` itself uses, so "
        "this page says what the installed command accepts. Bad input gives one line on "
        "stderr and exit code 2; Ctrl-C, exit code 130.",
        "",
        "```text",
        parser.format_help().rstrip(),
        "```",
    ]
    for name, command in commands.items():
        out += ["", f"## `treeviz {name}`", "", "```text", command.format_help().rstrip(), "```"]
    return "\n".join(out) + "\n"


def api_page() -> str:
    """Every name ``import treeviz`` offers, grouped by the module that defines it."""
    import treeviz

    by_module: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for public, where in sorted(treeviz._WHERE.items()):
        module, _, attr = where.partition(":")
        by_module[module].append((public, attr or public))
    out = [
        "# Python API reference",
        "",
        "Every name below is importable from `treeviz` itself (`import treeviz; "
        "treeviz.search(...)`); each is loaded the first time it is used, so "
        "`import treeviz` stays quick. The text is the code's own docstrings.",
    ]
    for module in sorted(by_module):
        out += ["", f"## `{module}`", ""]
        for public, attr in by_module[module]:
            alias = public != attr
            out += [
                f"::: {module}.{attr}",
                "    options:",
                "      heading_level: 3",
                f'      heading: "treeviz.{public}"',
                f'      toc_label: "treeviz.{public}"',
                "",
            ]
            out += [f"(defined as `{module}.{attr}`)", ""] if alias else []
    return "\n".join(out) + "\n"


def layers_svg() -> str:
    """The layers, lowest at the bottom; an arrow from each layer to the one below it
    (a layer imports only the layers below it)."""
    import pygraphviz

    layers = _test_layers()
    counts = _module_counts()
    g = pygraphviz.AGraph(directed=True, rankdir="TB", nodesep="0.3", ranksep="0.25")
    g.node_attr.update(
        shape="box",
        style="rounded,filled",
        fillcolor="#eef3fb",
        color="#3f6fb5",
        fontname="Helvetica",
        fontsize="11",
    )
    g.edge_attr.update(color="#777777", arrowsize="0.6")
    top_first = list(reversed(layers))
    for i, layer in enumerate(top_first):
        parts = [
            f"{name}/ ({counts[name]})" if (ROOT / "treeviz" / name).is_dir() else f"{name}.py"
            for name in layer
        ]
        role = ROLES.get(layer[0], "")
        label = "   ".join(parts) + (f"\n{role}" if role else "")
        g.add_node(i, label=label, width="5.5")
        if i:
            g.add_edge(i - 1, i)
    return g.draw(format="svg", prog="dot").decode()


def _test_layers() -> tuple[tuple[str, ...], ...]:
    """``LAYERS`` of ``tests/test_layers.py``: the order the layer test enforces."""
    spec = importlib.util.spec_from_file_location("treeviz_layers", ROOT / "tests/test_layers.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return tuple(module.LAYERS)


def _module_counts() -> dict[str, int]:
    """How many modules each top-level name of the package holds (1 for a module)."""
    package = ROOT / "treeviz"
    counts: dict[str, int] = defaultdict(int)
    for path in package.rglob("*.py"):
        top = path.relative_to(package).parts[0].removesuffix(".py")
        counts[top] += 1
    return counts
