"""What every view's accessor shares: its values in the session under keys that start
with the view's key, and its widgets' keys built the same way, in this one place."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import streamlit as st


def joined(*parts: object) -> str:
    """A key: ``parts`` joined by underscores (``("analyze", "node")``:
    ``"analyze_node"``)."""
    return "_".join(map(str, parts))


@dataclass(frozen=True)
class Keyed:
    """A view's state in the session, under keys ``{key}_{part}``. Frozen: a view is
    its key, and its values change through its verbs (a frozen dataclass refuses
    property setters too)."""

    key: str

    def widget(self, *parts: object) -> str:
        """The key of this view's widget named by ``parts`` (``widget("crumb", 3)``:
        ``"analyze_crumb_3"``). Tests and the browser find widgets by these keys."""
        return joined(self.key, *parts)

    def _get(self, part: str, default: Any = None) -> Any:
        return st.session_state.get(joined(self.key, part), default)

    def _put(self, part: str, value: Any) -> None:
        st.session_state[joined(self.key, part)] = value

    def _preset(self, part: str, value: Any) -> None:
        st.session_state.setdefault(joined(self.key, part), value)

    def _drop(self, part: str, default: Any = None) -> Any:
        return st.session_state.pop(joined(self.key, part), default)

    def _text(self, part: str) -> str | None:
        """The text under ``part`` (None when there is none)."""
        text = self._get(part)
        return None if text is None else str(text)

    def _set_text(self, part: str, text: str | None) -> None:
        """Keep ``text`` under ``part`` (None: remove it)."""
        if text is None:
            self._drop(part)
        else:
            self._put(part, text)
