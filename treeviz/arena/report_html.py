"""An arena report as HTML, for notebooks: players by rating, a chart of the ratings
with their 95% intervals, and the pairs."""

from __future__ import annotations

import html
from typing import Any

from treeviz.draw.html import table_html
from treeviz.draw.style import BAR
from treeviz.trace.numbers import percent

PLAYER_COLUMNS = (
    ("spec", "player"),
    ("games", "games"),
    ("score", "score"),
    ("wdl", "W-D-L"),
    ("rating", "rating (Elo)"),
    ("interval", "95% interval"),
    ("accuracy", "accuracy"),
)


def report_html(out: dict[str, Any]) -> str:
    """The report ``out`` (:func:`treeviz.arena.report.report`) as an HTML fragment."""
    rows = [
        {
            **p,
            "score": percent(p["score"], 1),  # a mean of results, as the CLI's table
            "wdl": f"{p['wins']}-{p['draws']}-{p['losses']}",
            "rating": f"{p['rating']:+.0f}",  # whole Elo points, as its interval
            "interval": f"[{p['rating_low']:+.0f}, {p['rating_high']:+.0f}]",
            "accuracy": percent(p["accuracy"]),
        }
        for p in out["players"]
    ]
    pairs = "".join(
        f"<li>{html.escape(q['a'])} vs {html.escape(q['b'])}: +{q['a_wins']} "
        f"={q['draws']} -{q['b_wins']}</li>"
        for q in out["pairs"]
    )
    return (
        f"<div><p><b>{out['games']} games</b></p>"
        + table_html(rows, PLAYER_COLUMNS)
        + rating_chart(out["players"])
        + f"<ul>{pairs}</ul></div>"
    )


def rating_chart(players: list[dict[str, Any]], width: int = 520, row: int = 26) -> str:
    """Each player's rating as a dot on its 95% interval, one row each."""
    finite = [v for p in players for v in (p["rating_low"], p["rating_high"]) if abs(v) < 1e6]
    lo, hi = (min(finite, default=-100), max(finite, default=100))
    span = max(hi - lo, 1.0)
    left, right = 200, 20

    def x(v: float) -> float:
        v = min(max(v, lo), hi)
        return left + (width - left - right) * (v - lo) / span

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" '
        f'height="{row * len(players) + 24}">'
    ]
    for i, p in enumerate(players):
        y = 12 + i * row
        name = html.escape(p["spec"] if len(p["spec"]) <= 28 else p["spec"][:27] + "…")
        parts.append(
            f'<text x="4" y="{y + 4}" font-size="12"><title>{html.escape(p["spec"])}'
            f"</title>{name}</text>"
            f'<line x1="{x(p["rating_low"]):.1f}" x2="{x(p["rating_high"]):.1f}" '
            f'y1="{y}" y2="{y}" stroke="{BAR}" stroke-width="2"/>'
            f'<circle cx="{x(p["rating"]):.1f}" cy="{y}" r="4" '
            f'fill="{BAR}"/>'
        )
    parts.append(
        f'<text x="{left}" y="{row * len(players) + 20}" font-size="11">'
        f"rating (Elo), {lo:+.0f} to {hi:+.0f}</text></svg>"
    )
    return "".join(parts)
