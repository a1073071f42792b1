"""The interactive tree as a notebook widget (anywidget: Jupyter, JupyterLab, VS Code,
marimo), drawn by the same script as the one-file reports."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from treeviz.draw.html import tree_js
from treeviz.errors import InvalidParameterError
from treeviz.settings import DISTRIBUTION, EXPORT_MAX_NODES, Param, show_value

# anywidget loads the module and calls its default export's render({model, el})
ADAPTER = "\nexport default { render({ model, el }) { treevizRender(el, model.get('payload')); } };"

# The options of ``.widget()`` (a trace's or a result's), checked as declared.
OPTIONS = (
    Param("max_nodes", "int", 2_000, f"nodes drawn at most (up to {EXPORT_MAX_NODES:,})", lo=1),
    Param(
        "depth",
        "int",
        None,
        "levels drawn below the root (none: as many as fit)",
        lo=0,
        optional=True,
    ),
)


@cache
def widget_class() -> Any:
    """The widget class (made on first use: anywidget is an optional dependency)."""
    try:
        import anywidget
        import traitlets
    except ImportError:
        raise InvalidParameterError(
            f"the tree widget needs anywidget: pip install '{DISTRIBUTION}[notebook]'"
        ) from None

    class TreeWidget(anywidget.AnyWidget):
        """A trace's tree: click a node for its board and label, click again to fold,
        "Show from here" to re-root."""

        _esm = tree_js() + ADAPTER
        payload = traitlets.Dict().tag(sync=True)

    return TreeWidget


def widget_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """Every option of ``.widget()``: those given checked by :data:`OPTIONS` (Python
    values: ``"10"`` is not a number here), the others at their defaults;
    :class:`InvalidParameterError` naming the argument otherwise."""
    known = {p.name: p for p in OPTIONS}
    for name in options:
        if name not in known:
            raise InvalidParameterError(
                f".widget() has no option {show_value(name)}; it takes {', '.join(known)}"
            )
    return {p.name: p.check(options[p.name]) if p.name in options else p.default for p in OPTIONS}


def tree_widget(payload: dict[str, Any]) -> Any:
    """A widget drawing ``payload`` (:func:`treeviz.draw.html.tree_payload`)."""
    return widget_class()(payload=payload)
