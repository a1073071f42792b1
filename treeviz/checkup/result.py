"""A checkup's result: the findings and the strength, in words (the command line) and
as HTML (a notebook), each finding with its board (the agent's answer and the right
columns marked); and as plain data that reads back (:meth:`Checkup.as_data`,
:meth:`Checkup.from_data`: the dashboard keeps a checkup across a reload so)."""

from __future__ import annotations

import html as html_lib
from dataclasses import dataclass, field
from typing import Any

from treeviz.checkup.causes import OUTSIDE_CAUSES
from treeviz.checkup.findings import (
    AnyFinding,
    Finding,
    Kind,
    dict_of,
    entry,
    from_entry,
    grouped,
    is_int,
    is_pair,
    is_str,
    list_of,
    or_none,
    read_fields,
    seen_in,
)
from treeviz.checkup.horizon import Horizon, level_words, verdict_words
from treeviz.checkup.inside import readable
from treeviz.checkup.tree_bugs import CAUSES, NodeFinding
from treeviz.connect4.board import Position
from treeviz.errors import CheckupDataError
from treeviz.settings import show_value
from treeviz.trace.files import dumps, loads
from treeviz.trace.nodes import Trace
from treeviz.trace.values import plies


@dataclass
class Checkup:
    """What the doctor found: ``findings``, the one list of bugs, those seen from
    outside (:class:`Finding`, each proved by a position) and those seen inside the
    recorded tree (:class:`NodeFinding`), in the order every view shows them: each bug,
    then the symptoms it explains (:meth:`bugs` nests them); the agent's
    ``strength`` (accuracy against the exact scores by phase, misses beyond its
    horizon); ``lookahead``, its horizon measured from its answers. ``horizon`` is
    the plies its answers are judged within, over ``positions`` positions."""

    agent: str
    horizon: int
    positions: int
    seed: int
    findings: list[AnyFinding] = field(default_factory=list)
    strength: dict[str, Any] = field(default_factory=dict)
    seconds: float = 0.0
    command: bool = True  # the agent can be named on the command line (not a function)
    notes: list[str] = field(default_factory=list)  # what could not be judged, and why
    lookahead: Horizon = field(default_factory=Horizon)
    # per inside check, the recorded tree that shows it (``--trace DIR`` saves them)
    trees: dict[str, Trace] = field(default_factory=dict, repr=False)

    @property
    def outside(self) -> list[Finding]:
        """The findings seen outside, in the agent's answers (a view of ``findings``)."""
        return [f for f in self.findings if isinstance(f, Finding)]

    @property
    def inside(self) -> list[NodeFinding]:
        """The findings seen inside the recorded tree (a view of ``findings``)."""
        return [f for f in self.findings if isinstance(f, NodeFinding)]

    @property
    def healthy(self) -> bool:
        """True when nothing was found, outside or inside the search."""
        return not self.findings

    def bugs(self) -> list[tuple[AnyFinding, list[AnyFinding]]]:
        """Each bug with the symptoms it explains, in the order of ``findings``."""
        return grouped(self.findings)

    def as_dict(self) -> dict[str, Any]:
        """The checkup as data: ``findings`` in the order every view shows them,
        each with ``seen``; ``bugs`` counts those not explained by another."""
        return {
            "agent": self.agent,
            "horizon": self.horizon,
            "positions": self.positions,
            "seed": self.seed,
            "healthy": self.healthy,
            "seconds": round(self.seconds, 2),
            "bugs": len(self.bugs()),
            "findings": [entry(f) for f in self.findings],
            "lookahead": self.lookahead.as_dict(),
            "notes": self.notes,
            "strength": self.strength,
        }

    def readable_trees(self) -> dict[str, Trace]:
        """Per node finding (by its check), its tree as a trace file can hold it: the
        recorded one cut before any node off the game
        (:func:`~treeviz.checkup.inside.readable`); none for a finding whose node that
        cut would lose, or whose tree was not kept."""
        out = {}
        for nf in self.inside:
            trace = self.trees.get(nf.check)
            cut = None if trace is None else readable(trace, nf.node)
            if cut is not None:
                out[nf.check] = cut
        return out

    def as_data(self, *, trees: bool = True) -> dict[str, Any]:
        """The checkup as plain data (JSON-able) that :meth:`from_data` reads back to
        one whose text, HTML and findings are this one's: :meth:`as_dict`'s fields,
        the exact seconds, ``command``, and (``trees``, else none) each of
        :meth:`readable_trees` as a trace file's text."""
        kept = self.readable_trees() if trees else {}
        return self.as_dict() | {
            "format": DATA_FORMAT,
            "seconds": self.seconds,
            "command": self.command,
            "trees": {check: dumps(t) for check, t in kept.items()},
        }

    @classmethod
    def from_data(cls, data: Any, source: str = "checkup data") -> Checkup:
        """The checkup :meth:`as_data` gave as ``data``, every field checked, the trees
        read as trace files are (validated); :class:`CheckupDataError` (or, for a
        tree, :class:`TraceFormatError`) naming the field of ``source`` and quoting
        it. Nothing is imported or run: the agent is its spec's text only."""
        read = read_fields(data, CHECKUP_KINDS, source)
        if read["format"] != DATA_FORMAT:
            raise CheckupDataError(f"{source}: format={show_value(read['format'])} is not ours")
        return cls(
            agent=read["agent"],
            horizon=read["horizon"],
            positions=read["positions"],
            seed=read["seed"],
            findings=[
                from_entry(f, f"{source}, finding {i}") for i, f in enumerate(read["findings"], 1)
            ],
            strength=_strength(read["strength"], f"{source}, strength"),
            seconds=float(read["seconds"]),
            command=read["command"],
            notes=read["notes"],
            lookahead=_horizon(read["lookahead"], f"{source}, lookahead"),
            trees={k: loads(t, f"{source}, tree {k!r}") for k, t in read["trees"].items()},
        )

    def text(self) -> str:
        """The checkup in words, as the command line prints it."""
        return text(self)

    def _repr_html_(self) -> str:
        return html(self)


DATA_FORMAT = "treeviz-checkup-1"  # the data form's name and version
PLY_DIGITS = 4  # a level's plies, read as text: more digits is no board's


def _is_number(v: Any) -> bool:
    return is_int(v) or isinstance(v, float)


def _is_phase(v: Any) -> bool:
    """One phase's count: the positions ``kept`` of ``of``."""
    return isinstance(v, dict) and set(v) == {"kept", "of"} and all(map(is_int, v.values()))


STRENGTH_KINDS: dict[str, Kind] = {  # what :func:`~treeviz.checkup.run.strength` gives
    "accuracy": dict_of(_is_phase),
    "beyond_horizon": dict_of(is_int),
}


def _strength(data: Any, source: str) -> dict[str, Any]:
    """The strength as :func:`~treeviz.checkup.run.strength` gives it (or none), its
    misses beyond the horizon by checks :data:`MISSED` says."""
    if data == {}:
        return {}
    read = read_fields(data, STRENGTH_KINDS, source)
    for check in read["beyond_horizon"]:
        if check not in MISSED:
            raise CheckupDataError(f"{source}: beyond_horizon names {show_value(check)}")
    return read


CHECKUP_KINDS: dict[str, Kind] = {
    "format": is_str,
    "agent": is_str,
    "horizon": is_int,
    "positions": is_int,
    "seed": is_int,
    "healthy": lambda v: isinstance(v, bool),  # (derived: not read)
    "seconds": _is_number,
    "bugs": is_int,  # (derived: not read)
    "findings": lambda v: isinstance(v, list),  # each read by from_entry
    "lookahead": lambda v: isinstance(v, dict),  # read by _horizon
    "notes": list_of(is_str),
    "strength": lambda v: isinstance(v, dict),  # read by _strength
    "command": lambda v: isinstance(v, bool),
    "trees": dict_of(is_str),
}
HORIZON_KINDS: dict[str, Kind] = {
    "levels": dict_of(is_pair),
    "measured": is_int,
    "stated": or_none(is_int),
    "judged": is_int,
}


def _horizon(data: Any, source: str) -> Horizon:
    """The :class:`Horizon` its ``as_dict`` gave as ``data`` (levels keyed by text)."""
    read = read_fields(data, HORIZON_KINDS, source)
    if not all(k.isascii() and k.isdigit() and len(k) <= PLY_DIGITS for k in read["levels"]):
        raise CheckupDataError(f"{source}: levels={show_value(read['levels'])} are not plies")
    read["levels"] = {int(k): v for k, v in read["levels"].items()}
    return Horizon(**read)


def found_words(c: Checkup) -> str:
    """``no bug found``, ``1 bug found``, ``3 bugs found (2 seen outside (black box),
    1 inside the recorded tree)``; symptoms are not counted."""
    roots = [r for r, _ in c.bugs()]
    if not roots:
        return "no bug found"
    head = f"{len(roots)} bug{'s' if len(roots) > 1 else ''} found"
    where = {seen_in(r) for r in roots}
    if len(where) == 1:
        return f"{head}, seen {where.pop()}"
    counts = [f"{sum(seen_in(r) == w for r in roots)} {w}" for w in sorted(where, reverse=True)]
    return f"{head} ({', '.join(counts)})"


def title(f: AnyFinding) -> str:
    """``misses-win`` or ``terminal (cause: the depth limit is tested before ...)``."""
    cause = CAUSES.get(f.cause) or OUTSIDE_CAUSES.get(f.cause, f.cause)
    return f"{f.check} (cause: {cause})" if cause else f.check


def text(c: Checkup) -> str:
    """The horizon, every bug as a numbered sentence saying where it was seen (its
    symptoms beneath it), then the strength."""
    lines = [
        f"treeviz doctor: {c.agent} (judged within {plies_ahead(c.horizon)}), "
        f"{c.positions} positions, {c.seconds:.0f} s",
        f"horizon: {verdict_words(c.lookahead)}",
        f"  {level_words(c.lookahead)}",
        found_words(c),
    ]
    for i, (root, under) in enumerate(c.bugs(), 1):
        lines.append(f"{i}. [{seen_in(root)}] {title(root)}: {root.text}")
        lines.extend(_rerun(c, root, "   "))
        for f in under:
            lines.append(f"   - explained by {i} [{seen_in(f)}] {title(f)}: {f.text}")
    lines.extend(f"note: {n}" for n in c.notes)
    lines.append("strength (not bugs): " + strength_words(c))
    return "\n".join(lines)


def _rerun(c: Checkup, f: AnyFinding, indent: str) -> list[str]:
    """The command that shows ``f``'s position searched by the agent (outside only)."""
    if not c.command or not isinstance(f, Finding):
        return []
    return [f"{indent}treeviz analyze {f.moves or chr(34) * 2} --agent {c.agent}"]


def strength_words(c: Checkup) -> str:
    """``kept the best outcome in 35 of 40 early positions, ...; beyond its horizon it
    missed 3 blocks``."""
    acc = c.strength.get("accuracy", {})
    parts = [
        f"kept the best outcome in {v['kept']} of {v['of']} {k} positions"
        for k, v in acc.items()
        if v["of"]
    ]
    parts += [missed] if (missed := missed_words(c)) else []
    return "; ".join(parts) or "no position with exact scores"


def missed_words(c: Checkup) -> str:
    """``beyond its horizon it missed 2 wins and 3 blocks`` ('' when it missed none)."""
    missed = c.strength.get("beyond_horizon", {})
    if not missed:
        return ""
    return "beyond its horizon it missed " + " and ".join(
        f"{n} {MISSED[k][n != 1]}" for k, n in missed.items()
    )


MISSED = {  # each check missed beyond the horizon, said of one and of several
    "misses-win": ("win at once", "wins at once"),
    "misses-block": ("block", "blocks"),
    "misses-win-3": ("win in 3 plies", "wins in 3 plies"),
    "walks-into-loss-4": ("escape from a loss in 4 plies", "escapes from losses in 4 plies"),
    "misses-win-5": ("win in 5 plies", "wins in 5 plies"),
}


def plies_ahead(n: int) -> str:
    """How far a horizon of ``n`` plies reaches, in words: ``4 plies``, ``to the end``."""
    return "to the end" if n >= 1_000 else plies(n)


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
    """The checkup as an HTML fragment: a heading, the horizon, each bug (where it was
    seen, its board, its symptoms beneath it), then the strength."""
    e = html_lib.escape
    head = (
        f"<h4>treeviz doctor: {e(c.agent)}</h4><p>judged within "
        f"{e(plies_ahead(c.horizon))} · {c.positions} positions · {c.seconds:.0f} s</p>"
        f"<p>Horizon: {e(verdict_words(c.lookahead))}<br><small>"
        f"{e(level_words(c.lookahead))}</small></p>"
        f"<p><b>{e(_sentence(found_words(c)))}</b></p>"
    )
    items = []
    for root, under in c.bugs():
        subs = "".join(f"<li>explained by it: {_item(f)}</li>" for f in under)
        items.append(f"<li>{_item(root)}{f'<ul>{subs}</ul>' if subs else ''}</li>")
    body = f"<ol>{''.join(items)}</ol>" if items else ""
    body += "".join(f"<p>Note: {e(n)}</p>" for n in c.notes)
    return f"<div>{head}{body}<p>Strength (not bugs): {e(strength_words(c))}</p></div>"


def _sentence(words: str) -> str:
    """``words`` as a sentence's start: ``No bug found``."""
    return words[:1].upper() + words[1:]


def _item(f: AnyFinding) -> str:
    """One finding in HTML: where seen, its title and sentence, its board."""
    from treeviz.draw.board_svg import board_svg

    e = html_lib.escape
    out = f"<i>{e(seen_in(f))}</i> <b>{e(title(f))}</b>: {e(f.text)}"
    if isinstance(f, Finding):
        board = board_svg(Position.from_moves(f.moves), cell=22, marks=board_marks(f))
        out += f"<div>{board}</div><code>{e(f.moves) or '(empty board)'}</code>"
    return out
