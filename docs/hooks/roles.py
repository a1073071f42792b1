"""A griffe extension for the API reference: the code's docstrings cross-reference
with Sphinx roles (:class:`Position`, :meth:`~.Trace.copy`), which Markdown would show
as written; each becomes the name in code type, as Sphinx shows it (``~`` keeps the
last part only)."""

from __future__ import annotations

import re
from typing import Any

import griffe

ROLE = re.compile(r":(?:class|meth|func|mod|data|attr|exc|obj|const):`([^`]+)`")


def _name(match: re.Match[str]) -> str:
    target = match.group(1)
    if target.startswith("~"):
        target = target.rsplit(".", 1)[-1]
    return f"`{target.lstrip('.')}`"


class SphinxRoles(griffe.Extension):
    """Rewrite every docstring's Sphinx roles as code spans."""

    def on_object(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = ROLE.sub(_name, obj.docstring.value)
