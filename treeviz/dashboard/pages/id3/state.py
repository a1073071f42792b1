"""The "Decision trees" page's state: its widgets' keys (every one ``id3_*``). The
trees learnt are kept for every session, in :data:`treeviz.dashboard.server.cache.TREES`."""

from __future__ import annotations

# the data set: a bundled table or an upload, its header row, target and ignored columns
SOURCE, UPLOAD, HEADER = "id3_source", "id3_upload", "id3_header"
TARGET, IGNORE = "id3_target", "id3_ignore"
# learning: criterion, depth and size limits; cross-validation's folds and seed
CRITERION, DEPTH, MIN_SAMPLES = "id3_criterion", "id3_depth", "id3_min"
FOLDS, SEED = "id3_cv", "id3_seed"
# what the page shows: the confusion matrix, the tree (its levels, its side by side
# columns, the chart, the clicked node's panel), the position followed down the tree
CONFUSION = "id3_confusion"
LEVELS, SIDE, TREE, NODE = "id3_view_depth", "id3_side", "id3_tree", "id3_node"
MOVES = "id3_moves"


def download_key(fmt: str) -> str:
    """The key of the tree's download as ``fmt`` (``svg``, ``dot``, ``json``...)."""
    return f"id3_dl_{fmt}"
