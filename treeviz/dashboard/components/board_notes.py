"""What the analysis board shows of an analysis (Connect 4's answer to a chess
board's arrows): over each column its exact score and the agent's value, the agent's
column and the best ones marked, and an evaluation bar for the position. Made from a
result and the exact scores, drawn by :func:`treeviz.dashboard.components.board_chart.board_chart`.
"""

from __future__ import annotations

from dataclasses import dataclass

from treeviz.connect4.board import Position
from treeviz.dashboard.components.numbers import column_label, exact_label
from treeviz.trace.nodes import SearchResult
from treeviz.trace.values import node_value, user_result


@dataclass(frozen=True)
class BoardNotes:
    """The analysis drawn on a board, per 0-based column (``None`` rows: nothing to
    say). ``share`` is the first player's (X's) part of the evaluation bar, 0..1
    (0.5 even), ``bar_text`` its label, ``source`` where it comes from."""

    exact: tuple[str, ...] | None = None  # each column's exact score, as shown
    agent: tuple[str, ...] | None = None  # each column's agent value, as shown
    chosen: int | None = None  # the agent's column
    best: frozenset[int] = frozenset()  # the columns with the best exact score
    share: float | None = None
    bar_text: str = ""
    source: str = ""


def notes_for(
    pos: Position, exact: list[int | None] | None, res: SearchResult | None = None
) -> BoardNotes:
    """The notes of ``pos``: its exact scores (None: unknown) and, after a search, the
    agent's values and choice. The bar follows the exact score of the best column
    when known (the position's value), else the agent's value of the position."""
    kind = res.trace.value_kind if res is not None else None
    agent = None
    if res is not None:
        by_col = {m.column - 1: m for m in res.moves}
        agent = tuple(
            column_label(
                m.value,
                kind,
                outcome=m.outcome,
                bound=str(m.extra.get("bound", "")),
                word=user_result(res.trace, m.value),
            )
            if (m := by_col.get(c)) is not None
            else "–"
            for c in range(pos.width)
        )
    known = [s for s in exact or [] if s is not None]
    best = frozenset(c for c, s in enumerate(exact or []) if known and s == max(known))
    share, text, source = _bar(pos, max(known) if known else None, res)
    return BoardNotes(
        exact=tuple(exact_label(s) for s in exact) if exact is not None else None,
        agent=agent,
        chosen=res.move - 1 if res is not None else None,
        best=best,
        share=share,
        bar_text=text,
        source=source,
    )


def _bar(
    pos: Position, value: int | None, res: SearchResult | None
) -> tuple[float | None, str, str]:
    """(X's share of the bar, its label, its source) for the side to move's ``value``
    (an exact score), else the agent's scaled value of the root."""
    mover_first = pos.side_to_move == "X"
    if value is not None:
        half = pos.width * pos.height // 2
        # a won position fills at least three quarters of the bar, the sooner the more
        sign = (value > 0) - (value < 0)
        scaled = sign * (0.5 + 0.5 * min(1.0, abs(value) / half))
        text = f"{pos.side_to_move} {exact_label(value)}"
        source = "exact"
    elif res is not None and (found := node_value(res.trace, 0)).scaled is not None:
        scaled = float(found.scaled)
        text, source = f"{pos.side_to_move} {found.text}", "agent"
    else:
        return None, "", ""
    share = 0.5 + scaled / 2 if mover_first else 0.5 - scaled / 2
    return share, text, source
