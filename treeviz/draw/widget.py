"""The interactive tree as a notebook widget (anywidget: Jupyter, JupyterLab, VS Code,
marimo), drawn by the same script as the one-file reports."""

from __future__ import annotations

from functools import cache
from typing import Any

from treeviz.draw.html import tree_js
from treeviz.errors import InvalidParameterError

# anywidget loads the module and calls its default export's render({model, el})
ADAPTER = "\nexport default { render({ model, el }) { treevizRender(el, model.get('payload')); } };"


@cache
def widget_class() -> Any:
    """The widget class (made on first use: anywidget is an optional dependency)."""
    try:
        import anywidget
        import traitlets
    except ImportError:
        raise InvalidParameterError("the tree widget needs anywidget: pip install "
                                    "'treeviz[notebook]'") from None  # fmt: skip

    class TreeWidget(anywidget.AnyWidget):
        """A trace's tree: click a node for its board and label, click again to fold,
        "Show from here" to re-root."""

        _esm = tree_js() + ADAPTER
        payload = traitlets.Dict().tag(sync=True)

    return TreeWidget


def tree_widget(payload: dict[str, Any]) -> Any:
    """A widget drawing ``payload`` (:func:`treeviz.draw.html.tree_payload`)."""
    return widget_class()(payload=payload)
