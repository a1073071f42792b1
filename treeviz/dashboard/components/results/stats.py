"""A result's statistics: its counters, nodes and cutoffs per depth, branching, and the
agent's other statistics in words."""

from __future__ import annotations

import streamlit as st

from treeviz.dashboard.components.results.charts import bars
from treeviz.dashboard.components.tables import STATS, stat_words
from treeviz.dashboard.components.text import escape_markdown
from treeviz.trace.analysis import depth_profile, effective_branching
from treeviz.trace.nodes import CUTOFF, SearchResult

COUNTERS = (
    ("nodes", "Nodes"),
    ("recorded", "Recorded"),
    ("cutoffs", "Cutoffs"),
    ("tt_hits", "TT hits"),
)


def stats_section(res: SearchResult) -> None:
    """Counters (those the agent reports), time and speed as metrics; the rest in
    words; nodes per depth, and cutoffs per depth for searches that cut."""
    s, words = res.stats, stat_words(res)
    metrics = [(label, f"{s[k]:,}") for k, label in COUNTERS if STATS[k] in words]
    metrics += [("Time", f"{s['time_s']:.3f} s"), ("Nodes/s", f"{s['nodes_per_s'] or 0:,}")]
    row = st.container(horizontal=True)  # wraps: no value cut to "3,…"
    for label, value in metrics:
        row.metric(label, value, width="content")
    shown = {STATS[k] for k, _ in COUNTERS} | {STATS["time_s"], STATS["nodes_per_s"]}
    rest = [
        f"{escape_markdown(k)}: **{escape_markdown(v)}**"
        for k, v in words.items()
        if k not in shown
    ]
    st.write(
        " · ".join(
            [
                f"Effective branching factor: **{effective_branching(res.trace)}**",
                f"principal variation: **{' '.join(map(str, res.pv))}**",
                *rest,
            ]
        )
    )
    _depth_charts(res, cuts=STATS["cutoffs"] in words)


def _depth_charts(res: SearchResult, cuts: bool) -> None:
    """Nodes per depth, and (``cuts``) cutoffs per depth, depths from the root."""
    trace = res.trace
    prof = depth_profile(trace)
    left, right = st.columns(2)
    left.caption("Nodes per depth")
    bars(left, prof["depth"], prof["nodes"], key=f"depth_nodes_{id(trace)}")
    if cuts:
        cut = (trace.nodes["flags"] & CUTOFF) != 0
        depths = trace.nodes["depth"][cut] - int(trace.nodes["depth"][0])
        prof["cutoffs"] = [int((depths == d).sum()) for d in prof["depth"]]
        right.caption("Cutoffs per depth")
        bars(right, prof["depth"], prof["cutoffs"], key=f"depth_cutoffs_{id(trace)}")
