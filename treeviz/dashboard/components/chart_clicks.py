"""What a click on a chart drawn with ``streamlit-echarts`` reports: Review's graph of
the game's scores. (The board and the trees are drawn by treeviz's own components,
:mod:`.board_chart` and :mod:`.tree_panel`, which report their own events.)"""

from __future__ import annotations

from typing import Any


def chart_event(event: Any) -> Any:
    """What a chart's click handler returned (``streamlit-echarts`` wraps it), or None."""
    return event.get("chart_event") if hasattr(event, "get") else None
