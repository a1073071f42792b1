"""Reading a tree view under AppTest: the browser draws the tree and the node panel
(``treeviz.dashboard.components.tree_panel``) from the data the server sends once;
these helpers read that data, where the tests read the panel's Markdown before."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pandas as pd


def elements(node: Any) -> Iterator[Any]:
    """Every element and block below ``node`` of an AppTest's tree."""
    yield node
    for child in getattr(node, "children", {}).values():
        yield from elements(child)


def tree_views(at: Any) -> dict[str, dict[str, Any]]:
    """The tree views drawn: widget key -> the data the browser draws from."""
    return {k: v for k, v in mounts(at._tree).items() if v.get("mode") == "tree"}


def tree_view(at: Any, key: str = "analyze_tree_") -> dict[str, Any]:
    """The data of the one tree view whose key starts with ``key``."""
    found = [v for k, v in tree_views(at).items() if k.startswith(key)]
    assert len(found) == 1, list(tree_views(at))
    return found[0]


def panel(at: Any, key: str = "analyze_tree_") -> dict[str, Any]:
    """What the panel of that view shows first: its selected ``node`` and the node's
    path, position, facts and children."""
    data = tree_view(at, key)
    return data["nodes"][str(data["selected"])] | {"node": data["selected"]}


def kids_frame(shown: dict[str, Any]) -> pd.DataFrame:
    """A panel's children table, its cells as the browser sorts them (numbers as
    numbers)."""
    kids = shown["kids"]
    return pd.DataFrame(kids["sort"], columns=kids["head"])


def drawn_nodes(data: dict[str, Any]) -> dict[int, dict[str, Any]]:
    """The nodes a view sends, by id."""
    return {e["node"]: e for e in data["entries"] if e["kind"] == "node"}


def mounts(node: Any) -> dict[str, dict[str, Any]]:
    """The tree component's mounts under ``node`` of the element tree: key -> data."""
    out = {}
    for e in elements(node):
        if getattr(e, "type", None) == "bidi_component" and "tree_panel" in str(
            e.proto.component_name
        ):
            out[str(e.proto.id).split("-", 2)[2]] = json.loads(e.proto.json)
    return out


def replays(at: Any) -> dict[str, dict[str, Any]]:
    """The replays drawn: key -> the data the browser replays from."""
    return {k: v for k, v in mounts(at._tree).items() if v.get("mode") == "replay"}


def the_replay(at: Any) -> dict[str, Any]:
    """The data of the page's one replay."""
    (data,) = replays(at).values()
    return data


def step_nodes(data: dict[str, Any], n: int) -> set[str]:
    """The node ids (as keys) the replay draws at the step of ``n`` nodes."""
    (step,) = [s for s in data["steps"] if s["n"] == n]
    drawn = [data["items"][i] for i in step["entries"]]
    return {e["key"] for e in drawn if e["kind"] == "node"}


def reasons(at: Any, key: str = "analyze_reasons_") -> list[dict[str, Any]]:
    """The verdict's reasons the browser draws (text and node, None for a reason
    about the whole search), from the mounts whose key starts with ``key``."""
    found = [v for k, v in mounts(at._tree).items() if k.startswith(key)]
    return [r for data in found for r in data["reasons"]]


def focus(at: Any, view: str, node: int, parent: int) -> None:
    """What a reason's button asks the server when the tree does not draw its node
    (``verdict.on_reason``): ``node`` selected, drawn from ``parent``."""
    at.session_state[f"{view}_node"] = node
    at.session_state[f"{view}_root"] = parent
