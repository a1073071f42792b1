"""A checkup's result: the findings and the strength, in words (the command line) and
as HTML (a notebook), each finding with its board (the agent's answer and the right
columns marked)."""

from __future__ import annotations

import html as html_lib
from dataclasses import dataclass, field
from typing import Any

from treeviz.checkup.findings import Finding
from treeviz.checkup.nodes import NodeFinding
from treeviz.connect4.board import Position
from treeviz.trace.nodes import Trace


@dataclass
class Checkup:
    """What the doctor found: ``findings`` (bugs, each proved by a position), and the
    agent's ``strength`` (accuracy against the exact scores by phase, misses beyond
    its horizon) for ``agent`` seen as looking ``horizon`` plies ahead, over
    ``positions`` positions."""

    agent: str
    horizon: int
    positions: int
    seed: int
    findings: list[Finding] = field(default_factory=list)
    strength: dict[str, Any] = field(default_factory=dict)
    seconds: float = 0.0
    command: bool = True  # the agent can be named on the command line (not a function)
    notes: list[str] = field(default_factory=list)  # what could not be judged, and why
    # inside a traced search: the first node where each node check fails, and per check
    # the recorded tree that shows it (``--trace DIR`` saves them)
    inside: list[NodeFinding] = field(default_factory=list)
    trees: dict[str, Trace] = field(default_factory=dict, repr=False)

    @property
    def healthy(self) -> bool:
        """True when nothing was found, outside or inside the search."""
        return not self.findings and not self.inside

    def as_dict(self) -> dict[str, Any]:
        return {"agent": self.agent, "horizon": self.horizon, "positions": self.positions,
                "seed": self.seed, "healthy": self.healthy, "seconds": round(self.seconds, 2),
                "findings": [f.as_dict() for f in self.findings], "notes": self.notes,
                "inside": [n.as_dict() for n in self.inside],
                "strength": self.strength}  # fmt: skip

    def text(self) -> str:
        """The checkup in words, as the command line prints it."""
        return text(self)

    def _repr_html_(self) -> str:
        return html(self)



def text(c: Checkup) -> str:
    """Every finding as a numbered sentence with its position, then the strength."""
    lines = [f"treeviz doctor: {c.agent} (looks {plies_ahead(c.horizon)} ahead), "
             f"{c.positions} positions, {c.seconds:.0f} s"]  # fmt: skip
    if c.healthy:
        lines.append("no bug found")
    for i, f in enumerate(c.findings, 1):
        lines.append(f"{i}. {f.check}: {f.text}")
        shown = f.moves or '""'
        if c.command:
            lines.append(f"   treeviz analyze {shown} --agent {c.agent}")
    if c.inside:
        lines.append("inside its search (the first node where each shows):")
    for n in c.inside:
        lines.append(f"- {n.check}: {n.text}")
    lines.extend(f"note: {n}" for n in c.notes)
    lines.append("strength (not bugs): " + strength_words(c))
    return "\n".join(lines)


def strength_words(c: Checkup) -> str:
    """``kept the best outcome in 35 of 40 early positions, ...; beyond its horizon it
    missed 3 blocks``."""
    acc = c.strength.get("accuracy", {})
    parts = [f"kept the best outcome in {v['kept']} of {v['of']} {k} positions"
             for k, v in acc.items() if v["of"]]  # fmt: skip
    parts += [missed] if (missed := missed_words(c)) else []
    return "; ".join(parts) or "no position with exact scores"


def missed_words(c: Checkup) -> str:
    """``beyond its horizon it missed 2 wins and 3 blocks`` ('' when it missed none)."""
    missed = c.strength.get("beyond_horizon", {})
    names = {"misses-win": "wins", "misses-block": "blocks"}
    if not missed:
        return ""
    return "beyond its horizon it missed " + " and ".join(
        f"{n} {names[k]}" for k, n in missed.items())


def plies_ahead(n: int) -> str:
    """How far a horizon of ``n`` plies reaches, in words: ``4 plies``, ``to the end``."""
    return "to the end" if n >= 1_000 else f"{n} pl{'y' if n == 1 else 'ies'}"


def board_marks(f: Finding) -> dict[int, str]:
    """The columns to mark under the board of ``f`` (0-based): the right ones green,
    the agent's answer red (:data:`~treeviz.draw.style.WRONG_MARK`, over green when an
    answer that was right in itself failed a check)."""
    from treeviz.draw.style import RIGHT_MARK, WRONG_MARK

    marks = {c - 1: RIGHT_MARK for c in f.best}
    if f.answered is not None:
        marks[f.answered - 1] = WRONG_MARK
    return marks


def html(c: Checkup) -> str:
    """The checkup as an HTML fragment: a heading, each finding with its board."""
    from treeviz.draw.board_svg import board_svg

    e = html_lib.escape
    head = (f"<h4>treeviz doctor: {e(c.agent)}</h4><p>looks {e(plies_ahead(c.horizon))} "
            f"ahead · {c.positions} positions · {c.seconds:.0f} s</p>")  # fmt: skip
    if c.healthy:
        head += "<p><b>No bug found.</b></p>"
    items = []
    for f in c.findings:
        board = board_svg(Position.from_moves(f.moves), 22, marks=board_marks(f))
        items.append(f"<li><b>{e(f.check)}</b>: {e(f.text)}<div>{board}</div>"
                     f"<code>{e(f.moves) or '(empty board)'}</code></li>")  # fmt: skip
    body = f"<ol>{''.join(items)}</ol>" if items else ""
    nodes = "".join(f"<li><b>{e(n.check)}</b>: {e(n.text)}</li>" for n in c.inside)
    if nodes:
        body += f"<p>Inside its search, the first node where each shows:</p><ul>{nodes}</ul>"
    body += "".join(f"<p>Note: {e(n)}</p>" for n in c.notes)
    return f"<div>{head}{body}<p>Strength (not bugs): {e(strength_words(c))}</p></div>"
