"""The dashboard's session state has one door: the state module. Pages, sections and
components read and change it through its functions and the accessors built on its
:class:`Keyed` (a view's selection, folds, replay step...), so no module spells a
session key of another, or builds one from a string."""

from __future__ import annotations

import re
from pathlib import Path

DASHBOARD = Path(__file__).resolve().parents[2] / "treeviz" / "dashboard"
STATE = DASHBOARD / "state.py"


def test_only_the_state_module_touches_the_session_state() -> None:
    outside = [p for p in DASHBOARD.rglob("*.py") if p != STATE]
    touching = [
        str(p.relative_to(DASHBOARD))
        for p in outside
        if re.search(r"\bsession_state\b", p.read_text())
    ]
    assert touching == []
