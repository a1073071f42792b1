"""The dashboard's session state has one door: the state package. Pages and sections
read and change it through its accessors (a view's selection, folds, replay step...),
so no module spells a session key of another, or builds one from a string."""

from __future__ import annotations

import re
from pathlib import Path

DASHBOARD = Path(__file__).resolve().parents[2] / "treeviz" / "dashboard"
STATE = DASHBOARD / "state"


def test_only_the_state_package_touches_the_session_state() -> None:
    outside = [p for p in DASHBOARD.rglob("*.py") if STATE not in p.parents]
    touching = [
        str(p.relative_to(DASHBOARD))
        for p in outside
        if re.search(r"\bsession_state\b", p.read_text())
    ]
    assert touching == []
