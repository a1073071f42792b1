"""One style table: every colour, line width and mark the drawing backends read.

The dashboard's tree component, the DOT/SVG/PNG/PDF exports, the ID3 trees, the board,
the verdict panel and the review page all take their look from here, so a node, an
edge, a stone or a move class looks the same wherever it is drawn.
"""

from __future__ import annotations

# Stones and the board (red X moves first, yellow O).
STONES: dict[str | None, str] = {"X": "#d62728", "O": "#f2c500", None: "#ffffff"}
BOARD_FRAME = "#1f3b73"
WIN_RING = "#2ca02c"  # the winning four of a finished game
LAST_MOVE = "#1f3b73"  # the dot on the last disc played

# Tree nodes: fill by value (value_colour); these for what has no value.
UNKNOWN_FILL = "#d9d9d9"
MORE_FILL = "#ffffff"  # "+N more" summaries
STUB_FILL = "#eeeeee"  # moves a cutoff pruned
STUB_LINE = "#9e9e9e"
NODE_LINE = "#666666"
PV_LINE = "#1a1a1a"  # the principal variation: dark and wide
PV_WIDTH = 3.0
TT_RING = 6.0  # a transposition hit: a thick ring (DOT: a double border)

# The diverging value scale, for the root player: bad, even, good.
SCALE_LOW, SCALE_MID, SCALE_HIGH = (202, 0, 32), (247, 247, 247), (5, 113, 176)

# Reports and notebooks (HTML): tables, charts, the selected node of a tree.
TABLE_HEAD = "#f3f3f3"
CHART_BACKGROUND = "#fafafa"
CHART_FRAME = "#cccccc"
CHART_ZERO = "#bbbbbb"
SELECTED_LINE = "#1565c0"
SELECTED_FILL = "#fff59d"  # the label of the selected node
MUTED_TEXT = "#666666"
TEXT = "#333333"  # ordinary text drawn in a picture (the board's column numbers)
INK_DARK = "#000000"  # text on a light swatch (the lighter of the two inks elsewhere)
INK_LIGHT = "#ffffff"
UNTESTED_CELL = "#d9d9d9"  # a board cell no test on the path fixes (ID3's patterns)

# Move classes (verdicts and game reviews).
CLASS_COLOURS = {
    "best": "#1a9850",
    "inaccuracy": "#d9a400",
    "mistake": "#f46d43",
    "blunder": "#d73027",
    "unknown": "#777777",
}

# Categorical classes (ID3 leaves), and single-series charts.
PALETTE = (
    "#4c78a8",
    "#f58518",
    "#54a24b",
    "#e45756",
    "#72b7b2",
    "#b279a2",
    "#ff9da6",
    "#9d755d",
    "#bab0ac",
    "#eeca3b",
)
BAR = PALETTE[0]
SECOND_SERIES = "#7f7f7f"  # a second axis beside the main one (agents' own values)
CHOSEN_ROW = "#fff3b0"  # the chosen column's row in a table
WRONG_MARK = "#d62728"  # a column the agent answered that was wrong (the doctor)
RIGHT_MARK = "#2ca02c"  # the columns that were right
DIFFER = "#ffd8cc"  # a cell where two searches differ (Compare)


def edge_width(weight: float) -> float:
    """Line width of an edge carrying ``weight`` (0..1: its share of the heaviest)."""
    return round(0.5 + 5.0 * weight, 2)


def value_colour(x: float | None) -> str:
    """Diverging colour for a value scaled to [-1, 1]: red (bad for the root player),
    white (even), blue (good); grey when unknown."""
    if x is None:
        return UNKNOWN_FILL
    x = max(-1.0, min(1.0, x))
    end = SCALE_HIGH if x > 0 else SCALE_LOW
    rgb = [round(m + abs(x) * (e - m)) for m, e in zip(SCALE_MID, end, strict=True)]
    return hex_colour(rgb)


def tint(colour: str, amount: float) -> str:
    """``colour`` mixed with white: ``amount`` 1 keeps it, 0 gives white."""
    rgb = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    return hex_colour([round(255 + amount * (c - 255)) for c in rgb])


def hex_colour(rgb: list[int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)
