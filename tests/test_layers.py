"""The package tree is the architecture: each layer imports only the layers below it,
and no module imports, directly or through others, a module that imports it back
(imports inside functions count: a hidden circle is still a circle). One named
exception: an object's display hook (``_repr_svg_``, ``_repr_html_``, ``widget``) imports
its renderer from ``treeviz.draw`` when called, as python-chess's ``Board._repr_svg_``
imports ``chess.svg``: the drawing sits above what it draws, and importing the object
never loads it."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import networkx as nx

PACKAGE = Path(__file__).resolve().parents[1] / "treeviz"
# Lowest first; a module may import its own layer and the layers before it.
LAYERS = (
    ("errors", "settings", "jit", "safe_io"),
    ("connect4",),
    ("rules",),
    ("trace",),
    ("exact",),
    ("agents",),
    ("games",),
    ("judge",),
    ("draw",),
    ("arena", "id3", "checkup", "learn"),
    ("cli", "dashboard", "warmup", "__init__", "__main__"),
)
TOP_LEVEL_LIMIT = 6
DISPLAY_HOOKS = ("_repr_svg_", "_repr_html_", "widget")
# The dashboard's rooms: one package per page, and what pages share (components and the
# session state), which imports no page and not the page list.
PAGES = "treeviz.dashboard.pages"
SHARED = ("treeviz.dashboard.components", "treeviz.dashboard.state")
RENDERERS = "treeviz.draw."


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in PACKAGE.rglob("*.py")}


def display_hook_imports(tree: ast.AST) -> set[ast.AST]:
    """The imports of renderers inside display hooks (the module docstring's exception)."""
    return {
        node
        for hook in ast.walk(tree)
        if isinstance(hook, ast.FunctionDef) and hook.name in DISPLAY_HOOKS
        for node in ast.walk(hook)
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(RENDERERS)
    }


def imports_of(path: Path, known: set[str]) -> set[str]:
    """The treeviz modules ``path`` imports, anywhere in its body but its display hooks."""
    out = set()
    tree = ast.parse(path.read_text())
    hooks = display_hook_imports(tree)
    for node in ast.walk(tree):
        if node in hooks:
            continue
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        else:
            continue
        out |= {n for n in names if n in known and n.startswith("treeviz")}
    return out


@cache  # read-only: every test reads one parse of the package (1.5-2 s each)
def graph() -> nx.DiGraph:
    mods = modules()
    g = nx.DiGraph()
    g.add_nodes_from(mods)
    for name, path in mods.items():
        for target in imports_of(path, set(mods)):
            if target != name and not name.startswith(target + "."):
                g.add_edge(name, target)
    return g


def layer_of(module: str) -> int:
    top = module.split(".")[1] if "." in module else "__init__"
    for i, names in enumerate(LAYERS):
        if top in names:
            return i
    raise AssertionError(f"{module} is in no layer: add its package to LAYERS")


def test_no_import_circles() -> None:
    cycles = list(nx.simple_cycles(graph()))
    assert cycles == [], cycles[:5]


def test_each_layer_imports_only_layers_below() -> None:
    wrong = [(a, b) for a, b in graph().edges if layer_of(b) > layer_of(a)]
    assert wrong == []


def page_of(module: str) -> str | None:
    """The page ``module`` belongs to (``treeviz.dashboard.pages.<page>...``), or None."""
    if not module.startswith(PAGES + "."):
        return None
    return module.removeprefix(PAGES + ".").split(".")[0]


def is_shared(module: str) -> bool:
    return any(module == s or module.startswith(s + ".") for s in SHARED)


def test_no_page_imports_another_page() -> None:
    """What two pages share is a component: a page's modules import no other page's."""
    edges = [(a, b, page_of(a), page_of(b)) for a, b in graph().edges]
    wrong = [(a, b) for a, b, pa, pb in edges if None not in (pa, pb) and pa != pb]
    assert wrong == []


def test_no_component_imports_a_page() -> None:
    """Components and the session state serve every page: they import none, nor the
    page list or the app that lists them."""
    pages = (PAGES, "treeviz.dashboard.app")
    wrong = [
        (a, b) for a, b in graph().edges if is_shared(a) and (page_of(b) is not None or b in pages)
    ]
    assert wrong == []


def test_few_modules_at_the_top() -> None:
    # ``__main__`` is Python's hook for ``python -m treeviz``, not a module of ours
    top = sorted(p.name for p in PACKAGE.glob("*.py") if p.name != "__main__.py")
    assert len(top) <= TOP_LEVEL_LIMIT, top


def test_colours_come_from_the_style_table() -> None:
    """One style table: no drawing module writes a colour of its own."""
    style = PACKAGE / "draw" / "style.py"
    found = [
        (str(p.relative_to(PACKAGE)), m)
        for p in PACKAGE.rglob("*.py")
        if p != style
        for m in re.findall(r"#[0-9a-fA-F]{6}\b", p.read_text())
    ]
    assert found == []


def test_views_read_the_trace_not_the_agents() -> None:
    """Drawing a tree, replaying it and reading its nodes ask the trace (its fields),
    never the registry: importing them loads no agent and no compiled search."""
    import subprocess
    import sys

    views = (
        "treeviz.draw.view",
        "treeviz.draw.export",
        "treeviz.trace.reading",
        "treeviz.trace.replay",
        "treeviz.trace.analysis",
    )
    code = (
        f"import sys\nimport {', '.join(views)}\n"
        "print(sorted(m for m in sys.modules if m.startswith(('treeviz.agents', "
        "'treeviz.exact'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout
