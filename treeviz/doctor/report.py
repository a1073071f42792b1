"""A checkup in words (the command line) and as HTML (a notebook), each finding with
its board: the agent's answer and the right columns marked."""

from __future__ import annotations

import html as html_lib
from typing import TYPE_CHECKING

from treeviz.connect4.board import Position

if TYPE_CHECKING:
    from treeviz.doctor.checkup import Checkup


def text(c: Checkup) -> str:
    """Every finding as a numbered sentence with its position, then the strength."""
    lines = [f"treeviz doctor: {c.agent} (looks {_plies(c.horizon)} ahead), "
             f"{c.positions} positions, {c.seconds:.0f} s"]  # fmt: skip
    if c.healthy:
        lines.append("no bug found")
    for i, f in enumerate(c.findings, 1):
        lines.append(f"{i}. {f.check}: {f.text}")
        shown = f.moves or '""'
        lines.append(f"   treeviz analyze {shown} --agent {c.agent}")
    lines.append("strength (not bugs): " + strength_words(c))
    return "\n".join(lines)


def strength_words(c: Checkup) -> str:
    """``kept the best outcome in 35 of 40 early positions, ...; beyond its horizon it
    missed 3 blocks``."""
    acc = c.strength.get("accuracy", {})
    parts = [f"kept the best outcome in {v['kept']} of {v['of']} {k} positions"
             for k, v in acc.items() if v["of"]]  # fmt: skip
    missed = c.strength.get("beyond_horizon", {})
    names = {"misses-win": "wins", "misses-block": "blocks"}
    if missed:
        parts.append("beyond its horizon it missed " + " and ".join(
            f"{n} {names[k]}" for k, n in missed.items()))
    return "; ".join(parts) or "no position with exact scores"


def _plies(n: int) -> str:
    return "to the end" if n >= 1_000 else f"{n} pl{'y' if n == 1 else 'ies'}"


def html(c: Checkup) -> str:
    """The checkup as an HTML fragment: a heading, each finding with its board."""
    from treeviz.draw.board_svg import board_svg
    from treeviz.draw.style import RIGHT_MARK, WRONG_MARK

    e = html_lib.escape
    head = (f"<h4>treeviz doctor: {e(c.agent)}</h4><p>looks {e(_plies(c.horizon))} "
            f"ahead · {c.positions} positions · {c.seconds:.0f} s</p>")  # fmt: skip
    if c.healthy:
        head += "<p><b>No bug found.</b></p>"
    items = []
    for f in c.findings:
        pos = Position.from_moves(f.moves)
        marks = {c - 1: RIGHT_MARK for c in f.best}
        if f.answered is not None:
            marks[f.answered - 1] = WRONG_MARK
        board = board_svg(pos, 22, marks=marks)
        items.append(f"<li><b>{e(f.check)}</b>: {e(f.text)}<div>{board}</div>"
                     f"<code>{e(f.moves) or '(empty board)'}</code></li>")  # fmt: skip
    body = f"<ol>{''.join(items)}</ol>" if items else ""
    return f"<div>{head}{body}<p>Strength (not bugs): {e(strength_words(c))}</p></div>"
