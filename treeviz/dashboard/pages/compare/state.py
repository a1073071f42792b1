"""The Compare page's state: the comparison asked for, one tree view per search, and
its widgets' keys."""

from __future__ import annotations

from treeviz.dashboard.components.tree_view import TreeView

VIEWS = (TreeView("compare_0"), TreeView("compare_1"))  # search A's, search B's
REQUEST = "compare_request"  # (position identity, spec A, spec B) of the last Compare
SPEC_A, SPEC_B = "compare_a", "compare_b"  # the two agent specs, as typed
EXACT = "compare_exact"  # the exact scores' switch
RUN = "compare_run"  # the Compare button
TABLE, STATS = "compare_table", "compare_stats"  # per column; statistics
TREES = "pair_compare_trees"  # the two trees' columns (``pair``: they stack when narrow)
