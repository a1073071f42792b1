"""An alpha-beta practice sheet for a teacher to print: the tree with blanks for alpha
and beta at every inner node, or its answer key (the bounds filled in, each node's value,
the pruned branches dashed). Drawn as DOT and rendered by the same Graphviz as every
other diagram (:func:`treeviz.draw.export.render`): SVG, PDF or PNG."""

from __future__ import annotations

from treeviz.draw.export import render
from treeviz.draw.style import STUB_LINE
from treeviz.learn.hand import HandTree, Key, bound_text, solve

BLANK = "____"
WIDE_LEAVES = 16  # a tree with more leaves is drawn left to right (a page is taller than wide)
HOW = ("Alpha-beta, children left to right: write α and β at each node as it returns, "
       "and cross out every branch the search never enters.")  # fmt: skip


def _quote(text: str) -> str:
    """A DOT string literal."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def sheet_dot(tree: HandTree, key: bool = False) -> str:
    """DOT source of the sheet of ``tree`` (``key``: the answer key)."""
    answers: Key = solve(tree)
    title = ("Answer key — " if key else "Alpha-beta by hand — ") + tree.note
    lines = [
        "digraph sheet {",
        f"  graph [label={_quote(title + chr(10) + HOW)}, labelloc=t, fontsize=12, "
        f"nodesep=0.15, ranksep=0.5, rankdir={'LR' if wide_tree(tree) else 'TB'}];",
        '  node [fontname="Helvetica", fontsize=10];',
        '  edge [fontname="Helvetica", fontsize=9, arrowhead=none];',
    ]
    below_cut = _below(tree, answers.pruned)
    for i in range(len(tree)):
        lines.append(f"  n{i} [{_node_attrs(tree, answers, i, key, i in below_cut)}];")
    for i in range(1, len(tree)):
        attrs = f"label={_quote(tree.edge[i])}"
        if key and i in answers.pruned:
            attrs += (
                f', style=dashed, color="{STUB_LINE}", label={_quote(tree.edge[i] + " pruned")}'
            )
        elif key and i in below_cut:
            attrs += f', color="{STUB_LINE}", fontcolor="{STUB_LINE}"'
        lines.append(f"  n{tree.parent[i]} -> n{i} [{attrs}];")
    lines.append("}")
    return "\n".join(lines)


def wide_tree(tree: HandTree) -> bool:
    """Whether ``tree`` has too many leaves to lie side by side across a page."""
    return sum(v is not None for v in tree.leaf) > WIDE_LEAVES


def _below(tree: HandTree, pruned: frozenset[int]) -> set[int]:
    """The nodes inside pruned branches (pre-order: a parent comes before its child)."""
    inside: set[int] = set()
    for i in range(1, len(tree)):
        if i in pruned or tree.parent[i] in inside:
            inside.add(i)
    return inside


def _node_attrs(tree: HandTree, answers: Key, i: int, key: bool, cut_off: bool) -> str:
    """A node's DOT attributes: MAX nodes as upward, MIN as downward houses, leaves
    as boxes with their value; in the key, bounds and value filled in."""
    name = tree.names[i]
    grey = f', fontcolor="{STUB_LINE}", color="{STUB_LINE}"' if key and cut_off else ""
    if tree.leaf[i] is not None:
        return f"shape=box, label={_quote(f'{name}{chr(10)}{tree.leaf[i]}')}{grey}"
    role = "MAX" if tree.is_max(i) else "MIN"
    shape = "house" if tree.is_max(i) else "invhouse"
    nk = answers.nodes[i]
    if key and nk.visited:
        text = (f"{name} {role}\nα = {bound_text(nk.alpha)}  β = {bound_text(nk.beta)}\n"
                f"value {bound_text(nk.value)}")  # fmt: skip
    elif key:
        text = f"{name} {role}\nnot searched"
    else:
        text = f"{name} {role}\nα = {BLANK}  β = {BLANK}"
    return f"shape={shape}, label={_quote(text)}{grey}"


def sheet(tree: HandTree, fmt: str = "svg", key: bool = False) -> bytes:
    """The sheet of ``tree`` (``key``: its answer key) rendered as ``fmt`` (svg, pdf, png)."""
    return render(sheet_dot(tree, key), fmt)
