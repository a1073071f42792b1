"""Another game's search in words and pictures: its values said as a person reads
them, the per-move table by the moves' labels (as text and HTML), the board drawn by
the game's own SVG, and the HTML a notebook and a report show.

Connect 4's views (:mod:`treeviz.draw.report`, :mod:`treeviz.draw.notebook`) keep
their own pieces: its exact scores and verdicts have no counterpart here.
"""

from __future__ import annotations

import html
from typing import Any

from treeviz.draw.html import page
from treeviz.draw.view import value_kind_text
from treeviz.rules.protocol import PLAYERS
from treeviz.trace.analysis import move_rows
from treeviz.trace.game_values import game_outcome
from treeviz.trace.nodes import SearchResult, Trace
from treeviz.trace.numbers import cell, count, percent, value_cell
from treeviz.trace.values import PROVEN, plies

# Row keys shown by other columns, or not true of another game's trace
# (cutoffs_below reads a row's move as a 1-based column).
HIDDEN = {"column", "label", "text", "outcome", "full", "cutoffs_below", "chosen", "value"}
SHARES = {"share"}
VALUE_HEADER = "value (root player)"  # the player to move at the root, as every table says


def value_decided(value: Any) -> bool:
    """Whether a row's or node's stored value is a decided game (``±(WIN - plies)``)."""
    return value is not None and abs(value) >= PROVEN


def value_words(value: Any, kind: str, outcome: dict[str, Any] | None = None) -> str:
    """A value for the player to move as words: a proven result (its ``outcome``, or a
    value stored as ``±(WIN - plies)``, never shown raw: a trace saved before results
    read in the game's unit) as ``win in 3 plies``, ``loss in at most 2 plies``, an
    exact 0 as ``draw``, any other value as :func:`~treeviz.trace.numbers.value_cell`
    reads it."""
    if value is None:
        return "-"
    found = outcome if outcome is not None else game_outcome(value)
    if found is not None and found["result"] != "draw" and found["plies"] is not None:
        at_most = "at most " if found.get("bound") == "upper" else ""
        return f"{found['result']} in {at_most}{plies(int(found['plies']))}"
    if kind.startswith("exact") and value == 0:
        return "draw"
    return value_cell(value, kind)


def player_text(player: int) -> str:
    """``the first player`` or ``the second player`` (players 0 and 1)."""
    return PLAYERS[player]


def move_cells(res: SearchResult) -> tuple[list[str], list[list[str]], list[bool]]:
    """The per-move table by label (Connect 4's rows have none: their 1-based
    column): its header, each row's cells and whether each row is the chosen move. A
    value a cutoff left as a bound reads ``at most ...``."""
    rows = move_rows(res)
    kind = res.trace.value_kind
    extra = [k for k in rows[0] if k not in HIDDEN] if rows else []
    # a random agent's numbers are the chances of each move, not what it is worth
    chance = res.trace.kind.base == "probability"
    header = ["move", "chance of being chosen" if chance else VALUE_HEADER, *extra]
    cells = []
    # the words read the agent's own values (a row's value gives a decided game in the
    # game's unit, 1 or -1, where the words count its plies)
    for m, r in zip(res.moves, rows, strict=True):
        value = value_words(m.value, kind, m.outcome)
        if m.text and (m.value is None or m.outcome is not None or value_decided(m.value)):
            value = m.text  # the agent's words say what a cut left, never "win in 5 plies"
        elif m.text.startswith("at most"):
            value = f"at most {value}"
        shown = [percent(r[k], 1) if k in SHARES else cell(r[k]) for k in extra]
        cells.append([str(r.get("label") or r["column"]), value, *shown])
    return header, cells, [bool(r["chosen"]) for r in rows]


def moves_text(res: SearchResult) -> str:
    """:func:`move_cells` as aligned plain text, the chosen move marked ``*``."""
    header, cells, chosen = move_cells(res)
    lines = [["", *header]] + [["*" if c else "", *r] for r, c in zip(cells, chosen, strict=True)]
    widths = [max(len(line[i]) for line in lines) for i in range(len(lines[0]))]
    return "\n".join(
        "  ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)).rstrip() for line in lines
    )


def moves_html(res: SearchResult) -> str:
    """:func:`move_cells` as an HTML table, the chosen row of class ``chosen``."""
    header, cells, chosen = move_cells(res)
    head = "".join(f"<th>{html.escape(h)}</th>" for h in header)
    body = "".join(
        ("<tr class='chosen'>" if c else "<tr>")
        + "".join(f"<td>{html.escape(x)}</td>" for x in r)
        + "</tr>"
        for r, c in zip(cells, chosen, strict=True)
    )
    values = html.escape(value_kind_text(res.trace))
    return f'<p class="muted">values: {values}</p><table><tr>{head}</tr>{body}</table>'


def board(trace: Trace, node: int = 0) -> str:
    """The board at ``node`` as the game's own SVG (without the XML declaration, to
    sit inside HTML)."""
    svg = trace.rules().svg(trace.state(node))
    return svg[svg.find("<svg") :]


def chosen_move(res: SearchResult) -> int:
    """The result's move as the game's move (Connect 4's results give 1-based columns)."""
    return res.move - 1 if res.trace.is_connect4 else res.move


def headline(res: SearchResult) -> str:
    """``alphabeta plays x(1,1) for the first player``, and the value in words."""
    trace = res.trace
    rules = trace.rules()
    root = trace.state(0)
    label = rules.label(root, chosen_move(res))
    who = player_text(rules.to_move(root))
    if trace.kind.base == "probability":  # no value: a move drawn at random
        return f"{trace.algorithm} plays {label} for {who} (drawn at random from {len(res.moves)})"
    words = value_words(res.value, trace.value_kind, res.outcome)
    return f"{trace.algorithm} plays {label} for {who} (value {words})"


def summary(res: SearchResult) -> str:
    """``tic_tac_toe at x(1,1) · 189 nodes``."""
    trace = res.trace
    where = trace.root_moves or "the start"
    return f"{trace.game} at {where} · {count(trace.counters['nodes'])} nodes"


def panels(res: SearchResult, tree: str) -> str:
    """The board beside the per-move table, then ``tree`` (HTML of the tree)."""
    return (
        f"<div style='display:flex;gap:16px'><div>{board(res.trace)}</div><div>"
        f"{moves_html(res)}</div></div>{tree}"
    )


def result_body(res: SearchResult, tree: str) -> str:
    """A search's result on another game (a notebook's display): headline, board,
    per-move table and ``tree``."""
    head = f"<b>{html.escape(headline(res))}</b> · {html.escape(summary(res))}"
    return f"<div><p>{head}</p>{panels(res, tree)}</div>"


def trace_body(trace: Trace, tree: str) -> str:
    """A trace of another game: what was searched, the root's board and ``tree``."""
    cut = " (cut short at its capacity)" if trace.truncated else ""
    return (
        f"<div><p><b>{html.escape(trace.algorithm)}</b> trace of {html.escape(trace.game)} "
        f"at {html.escape(trace.root_moves or 'the start')}: {count(trace.counters['nodes'])} "
        f"nodes searched, {count(len(trace))} recorded{cut}</p>{board(trace)}{tree}</div>"
    )


def report(res: SearchResult, tree: str) -> str:
    """:func:`result_body` as one self-contained HTML document."""
    title = f"treeviz: {res.trace.algorithm} on {res.trace.game}"
    head = f"<h1>{html.escape(headline(res))}</h1><p class='muted'>{html.escape(summary(res))}</p>"
    return page(title, head + panels(res, tree))
