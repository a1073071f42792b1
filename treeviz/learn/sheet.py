"""An alpha-beta practice sheet for a teacher to print: the tree with blanks for alpha
and beta at every inner node, or its answer key (the bounds filled in, each node's value,
the pruned branches dashed). Drawn as DOT and rendered by the same Graphviz as every
other diagram (:func:`treeviz.draw.export.render`): SVG, PDF or PNG."""

from __future__ import annotations

import textwrap

from treeviz.draw.export import render
from treeviz.draw.style import STUB_LINE
from treeviz.learn.hand import HandTree, Key, bound_text, solve

BLANK = "___"
CROSS = "✗"  # the answer key's mark on a pruned branch
TITLE_CHARS = 64  # a title line's length: no wider than the HOW lines below it
# a tree with more leaves is drawn left to right (a page is taller than wide); a 3x3
# textbook tree (27 leaves) still lies across, as the lesson draws it
WIDE_LEAVES = 32
HOW = (
    "Alpha-beta, children left to right: write α and β at each node as it returns,\n"
    "and cross out every branch the search never enters."
)


def _quote(text: str) -> str:
    """A DOT string literal."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def sheet_dot(tree: HandTree, key: bool = False) -> str:
    """DOT source of the sheet of ``tree`` (``key``: the answer key)."""
    answers: Key = solve(tree)
    title = ("Answer key — " if key else "Alpha-beta by hand — ") + tree.note
    # wrapped: a title one line long was the widest thing on a 25-leaf sheet
    head = "\n".join([*textwrap.wrap(title, TITLE_CHARS), HOW])
    lines = [
        "digraph sheet {",
        f"  graph [label={_quote(head)}, labelloc=t, fontsize=12, "
        f"nodesep=0.06, ranksep=0.35, rankdir={'LR' if wide_tree(tree) else 'TB'}];",
        # as narrow as their labels (Graphviz's default 0.75 in made 27 leaves 1,900 px)
        '  node [fontname="Helvetica", fontsize=10, width=0, height=0, margin="0.04,0.02"];',
        '  edge [fontname="Helvetica", fontsize=9, arrowhead=none];',
    ]
    below_cut = _below(tree, answers.pruned)
    for i in range(len(tree)):
        lines.append(f"  n{i} [{_node_attrs(tree, answers, i, key, i in below_cut)}];")
    for i in range(1, len(tree)):
        # no edge label: the node's name says its branch, and a label is as wide as a
        # node to Graphviz (27 labelled leaves did not fit a screen's column); a pruned
        # branch is crossed out, as the sheet asks, by a head label (it takes no room)
        attrs = ""
        if key and i in answers.pruned:
            attrs = f'style=dashed, color="{STUB_LINE}", headlabel="{CROSS}", fontsize=12'
        elif key and i in below_cut:
            attrs = f'color="{STUB_LINE}"'
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
    """A node's DOT attributes: MAX nodes as square boxes, MIN as rounded ones (the
    label names the role: houses were too wide for a level of nine), leaves as small
    boxes with their value; in the key, bounds and value filled in."""
    name = tree.names[i]
    grey = f', fontcolor="{STUB_LINE}", color="{STUB_LINE}"' if key and cut_off else ""
    if tree.leaf[i] is not None:
        return f"shape=box, label={_quote(f'{name}{chr(10)}{tree.leaf[i]}')}{grey}"
    role = "MAX" if tree.is_max(i) else "MIN"
    shape = "box" if tree.is_max(i) else 'box, style="rounded"'
    nk = answers.nodes[i]
    # one bound a line: a level of nine inner nodes then fits a screen's column
    if key and nk.visited:
        text = (
            f"{name} {role}\nα = {bound_text(nk.alpha)}\nβ = {bound_text(nk.beta)}\n"
            f"value {bound_text(nk.value)}"
        )
    elif key:
        text = f"{name} {role}\nnot searched"
    else:
        text = f"{name} {role}\nα = {BLANK}\nβ = {BLANK}"
    return f"shape={shape}, label={_quote(text)}{grey}"


def sheet(tree: HandTree, fmt: str = "svg", key: bool = False) -> bytes:
    """The sheet of ``tree`` (``key``: its answer key) rendered as ``fmt`` (svg, pdf, png)."""
    return render(sheet_dot(tree, key), fmt)
