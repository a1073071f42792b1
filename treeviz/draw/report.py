"""One-file HTML reports: an analysis (board, verdict, reasons, per-move table and the
interactive tree) and a game review (evaluation graph, move table and a board that
follows the moves). Self-contained: every script and style inlined, no network."""

from __future__ import annotations

import html
from typing import Any

from treeviz.connect4.board import DEFAULT_HEIGHT, DEFAULT_WIDTH, Position, score_top
from treeviz.draw.board_svg import board_svg, js_style
from treeviz.draw.html import (
    page,
    script_json,
    table_html,
    tree_block,
    tree_js,
    tree_payload,
)
from treeviz.draw.style import BAR, CHART_BACKGROUND, CHART_FRAME, CHART_ZERO
from treeviz.draw.view import value_kind_text
from treeviz.judge.review import Review
from treeviz.judge.verdict import Explanation, explain
from treeviz.settings import EXPORT_MAX_NODES
from treeviz.trace.analysis import move_rows
from treeviz.trace.nodes import SearchResult
from treeviz.trace.numbers import percent, value_cell

MOVE_COLUMNS = (
    ("column", "column"),
    ("value", "value (root player)"),
    ("text", "in words"),
    ("exact", "exact score"),
    ("chosen", "chosen"),
)


def explained(
    pos: Position, res: SearchResult, exact: list[int | None] | None
) -> Explanation | None:
    """The verdict and reasons of ``res`` given each column's exact score (None without
    them, or when the game is over)."""
    if exact is None or pos.is_over():
        return None
    return explain(pos, result=res, exact=exact, seconds=0)


def verdict_html(expl: Explanation | None) -> str:
    """The verdict paragraph and its reasons."""
    if expl is None:
        return '<p class="muted">No verdict: the exact scores were not computed.</p>'
    items = "".join(f"<li>{html.escape(r.text)}</li>" for r in expl.reasons)
    return (
        f'<p class="verdict"><b>[{html.escape(expl.verdict.cls)}]</b> '
        f"{html.escape(expl.text)}</p><ul class='reasons'>{items}</ul>"
    )


def moves_html(res: SearchResult, exact: list[int | None] | None) -> str:
    """The per-move table, with the exact score beside each column when known; values
    as :func:`~treeviz.trace.numbers.value_cell` reads them."""
    kind = res.trace.value_kind
    rows = [{**r, "value": value_cell(r["value"], kind)} for r in move_rows(res, exact)]
    columns = [c for c in MOVE_COLUMNS if c[0] != "exact" or exact is not None]
    return f'<p class="muted">values: {html.escape(value_kind_text(res.trace))}</p>' + table_html(
        rows, columns, marked="chosen"
    )


def analysis_body(
    pos: Position,
    res: SearchResult,
    *,
    expl: Explanation | None,
    exact: list[int | None] | None,
    depth: int | None,
) -> str:
    """Everything an analysis shows, as the body of a page."""
    trace = res.trace
    agent = html.escape(trace.algorithm)
    head = (
        f"<h1>{agent} plays column {res.move} for {pos.side_to_move}</h1>"
        f'<p class="muted">position {html.escape(pos.moves_string() or "(empty board)")}'
        f" · {trace.counters['nodes']:,} nodes searched, {len(trace):,} "
        "recorded</p>"
    )
    top = (
        f'<div class="row"><div>{board_svg(pos)}</div><div>{verdict_html(expl)}'
        f"{moves_html(res, exact)}</div></div>"
    )
    shown = f"at most {EXPORT_MAX_NODES:,} nodes drawn" + (f", {depth} levels" if depth else "")
    tree = (
        f"<h2>The search tree</h2><p class='muted'>{shown}; click a node for its "
        "board, again to fold it</p>" + tree_block(tree_payload(trace, depth=depth), "tree")
    )
    return head + top + tree


def analysis_report(
    pos: Position,
    res: SearchResult,
    *,
    exact: list[int | None] | None = None,
    depth: int | None = None,
) -> str:
    """The analysis of ``res`` on ``pos`` as one HTML document (the verdict and reasons
    when the exact scores ``exact`` are known)."""
    title = f"treeviz: {res.trace.algorithm} on {pos.moves_string() or 'the empty board'}"
    return page(
        title, analysis_body(pos, res, expl=explained(pos, res, exact), exact=exact, depth=depth)
    )


def review_report(rev: Review, players: tuple[str, str] = ("?", "?")) -> str:
    """A reviewed game as one HTML document: the exact score after each move (X's side)
    as a graph, the moves with their class, and a board that follows the table."""
    return page(f"treeviz review: {rev.moves}", review_body(rev, players))


def review_body(rev: Review, players: tuple[str, str] = ("?", "?")) -> str:
    """:func:`review_report`'s content (also a notebook's view of a review)."""
    rows: list[dict[str, Any]] = []
    for p in rev.plies:
        lost = None if p.score is None or p.best_score is None else p.best_score - p.score
        rows.append(
            {
                "ply": p.ply,
                "player": p.player,
                "column": p.column,
                "class": p.cls,
                "score": value_cell(p.score, "exact"),  # signed, as the CLI's review
                "best": value_cell(p.best_score, "exact"),
                "lost": lost,
            }
        )
    summary = rev.summary()
    accuracy = " · ".join(
        f"{side} {html.escape(name)}: accuracy {percent(summary[side]['accuracy'])}"
        for side, name in zip(("X", "O"), players, strict=True)
    )
    final = board_svg(Position.from_moves(rev.moves))
    return (
        f"<h1>Game review: {html.escape(rev.moves)} ({html.escape(rev.result)})</h1>"
        f"<p>{accuracy}</p><div class='row'><div id='board'>{final}</div>"
        f"<div>{graph_svg(rev)}</div></div>"
        + table_html(
            rows,
            (
                ("ply", "ply"),
                ("player", "player"),
                ("column", "column"),
                ("class", "class"),
                ("score", "exact score (mover)"),
                ("best", "best score"),
                ("lost", "points lost"),
            ),
        )
        + _stepper(rev)
    )


def graph_svg(rev: Review, width: int = 520, height: int = 180) -> str:
    """The exact score after each move from X's side (22 - stones scale) as a line."""
    points = [(ply, s) for ply, s in enumerate(rev.x_scores) if ply and s is not None]
    n = max(len(rev.moves), 1)
    top = score_top(DEFAULT_WIDTH, DEFAULT_HEIGHT)  # the score scale's end

    def xy(ply: int, s: int) -> str:
        return f"{8 + (width - 16) * ply / n:.1f},{height / 2 - s * (height / 2 - 8) / top:.1f}"

    line = " ".join(xy(p, s) for p, s in points)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}">'
        f'<rect width="{width}" height="{height}" fill="{CHART_BACKGROUND}" '
        f'stroke="{CHART_FRAME}"/><line x1="0" y1="{height / 2}" x2="{width}" '
        f'y2="{height / 2}" stroke="{CHART_ZERO}"/>'
        f'<polyline points="{line}" fill="none" stroke="{BAR}" stroke-width="2"/>'
        f'<text x="6" y="14" font-size="11">exact score, X\'s side (+ X wins)</text>'
        "</svg>"
    )


def _stepper(rev: Review) -> str:
    """Clicking a row of the move table shows the board after that move (drawn by the
    tree script's ``treevizBoard``)."""
    return (
        f"<script>{tree_js()}\nconst MOVES = {script_json(rev.moves)};"
        f"const STYLE = {script_json(js_style())};"
        "document.querySelectorAll('table tr').forEach((tr, i) => { if (!i) return;"
        " tr.style.cursor = 'pointer'; tr.onclick = () => {"
        " const b = document.getElementById('board'); b.dataset.ply = i;"
        f" b.innerHTML = treevizBoard(MOVES.slice(0, i), {DEFAULT_WIDTH}, {DEFAULT_HEIGHT},"
        " STYLE, 36); }; });</script>"
    )
