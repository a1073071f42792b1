"""What a click on a chart drawn with ``streamlit-echarts`` reports: the board one plays
by clicking (:mod:`.board_chart`) and Review's graph of the game's scores. (Trees are
drawn by the tree component, :mod:`.tree_panel`, which reports its own events.)"""

from __future__ import annotations

from typing import Any


def chart_event(event: Any) -> Any:
    """What a chart's click handler returned (``streamlit-echarts`` wraps it), or None."""
    return event.get("chart_event") if hasattr(event, "get") else None


def clicked_name(value: Any) -> str | None:
    """The item a chart reported clicked (its component ``value``: the handler's
    ``"<name>@<time>"``, the time making a second click on one item a new event),
    without the click's time; None before any click."""
    event = chart_event(value)
    return str(event).rsplit("@", 1)[0] if event is not None else None
