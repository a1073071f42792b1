"""How one JSON value of a trace file is checked, with one message style for every field.

:class:`Kind` says what a field holds (a whole number, a finite number, true/false or
a string; its range or choices; whether null is allowed); :func:`refuse` raises the
:class:`TraceFormatError` every check raises: ``trace field 'counters.nodes' must be a
whole number at least 0, got 'many'``. :func:`plain` checks a value nobody computes
with: JSON only, no NaN or Infinity (docs/reference/files.md: "plain JSON numbers
only"), and every string and key printable text (no control characters or lone surrogates, which
break Graphviz labels, the HTML report's encoding and the dashboard's tables).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NoReturn

from treeviz.errors import TraceFormatError
from treeviz.settings import SHOWN_CHARS

_NOTHING = object()  # refuse() without a value to quote
PLAIN = "null, true/false, printable text or a finite number"


def shown(value: Any) -> str:
    """``value`` as a message quotes it: its repr, shortened; a list or an object by its
    size (a deeply nested one has no short repr)."""
    if isinstance(value, list):
        return f"a list of {len(value):,} items"
    if isinstance(value, dict):
        return f"an object of {len(value):,} keys"
    text = repr(value)
    return text if len(text) <= SHOWN_CHARS else text[: SHOWN_CHARS - 3] + "..."


def refuse(path: str, problem: str, value: Any = _NOTHING) -> NoReturn:
    """Raise the :class:`TraceFormatError` of field ``path`` (dotted, ``[i]`` for list
    items): ``problem`` and, when given, the value found."""
    got = "" if value is _NOTHING else f", got {shown(value)}"
    raise TraceFormatError(f"trace field '{path}' {problem}{got}")


def is_whole(value: Any) -> bool:
    """A JSON integer (a boolean is not one)."""
    return type(value) is int


def is_number(value: Any) -> bool:
    """A finite JSON number (a boolean is not one)."""
    return type(value) is int or (type(value) is float and math.isfinite(value))


def is_text(value: Any) -> bool:
    """A string of printable characters (no control characters, no lone surrogates)."""
    return type(value) is str and value.isprintable()


def is_plain(value: Any) -> bool:
    """A JSON scalar: null, true/false, printable text or a finite number."""
    return value is None or type(value) in (bool, int) or is_number(value) or is_text(value)


@dataclass(frozen=True)
class Kind:
    """What one field holds: ``type`` ``"whole"``, ``"number"`` (finite), ``"bool"`` or
    ``"text"``; ``lo``/``hi`` bound numbers (inclusive), ``choices`` texts; ``null``
    allows null."""

    type: str
    lo: float | None = None
    hi: float | None = None
    choices: tuple[str, ...] | None = None
    null: bool = False

    def fits(self, value: Any) -> bool:
        """Whether ``value`` is of this kind."""
        if value is None:
            return self.null
        if self.type == "bool":
            return type(value) is bool
        if self.type == "text":
            return is_text(value) and (self.choices is None or value in self.choices)
        if not (is_whole(value) if self.type == "whole" else is_number(value)):
            return False
        return (self.lo is None or value >= self.lo) and (self.hi is None or value <= self.hi)

    def words(self) -> str:
        """What this kind accepts, in words."""
        if self.type == "bool":
            text = "true or false"
        elif self.type == "text":
            text = "one of " + ", ".join(map(repr, self.choices)) if self.choices else "text"
        else:
            text = "a whole number" if self.type == "whole" else "a finite number"
            if self.lo is not None and self.hi is not None:
                text += f" in {self.lo:g}..{self.hi:g}"
            elif self.lo is not None:
                text += f" at least {self.lo:g}"
            elif self.hi is not None:
                text += f" at most {self.hi:g}"
        return text + (" or null" if self.null else "")

    def check(self, value: Any, path: str) -> None:
        """Refuse ``value`` at ``path`` unless it is of this kind."""
        if not self.fits(value):
            refuse(path, f"must be {self.words()}", value)


COUNT = Kind("whole", lo=0)
BOOL = Kind("bool")
TEXT = Kind("text")


def check_fields(
    data: Mapping[str, Any], kinds: Mapping[str, Kind], *, path: str, required: tuple[str, ...] = ()
) -> None:
    """The fields of object ``data`` (at ``path``) that ``kinds`` names are of their
    kind, those in ``required`` are there, and every other one is a plain scalar."""
    for key in required:
        if key not in data:
            refuse(f"{path}.{key}", "is missing")
    for key, value in data.items():
        kind = kinds.get(key)
        if not is_text(key):
            refuse(path, "must have keys of printable text", key)
        if kind is not None:
            kind.check(value, f"{path}.{key}")
        elif not is_plain(value):
            refuse(f"{path}.{key}", f"must be {PLAIN}", value)


def need_object(value: Any, path: str) -> dict[str, Any]:
    """``value``, refused unless it is a JSON object."""
    if not isinstance(value, dict):
        refuse(path, "must be an object", value)
    return value


def need_list(value: Any, path: str) -> list[Any]:
    """``value``, refused unless it is a JSON list."""
    if not isinstance(value, list):
        refuse(path, "must be a list", value)
    return value


def member(data: Mapping[str, Any], key: str, path: str) -> Any:
    """``data[key]``, refused when missing."""
    if key not in data:
        refuse(f"{path}.{key}", "is missing")
    return data[key]


def plain(value: Any, path: str) -> None:
    """Refuse anything in ``value`` (any depth) that is not plain JSON (NaN, Infinity,
    text that is not printable). Walked without recursion (a file may nest deeply) and
    building an item's path only when it is refused (a list may hold millions of
    numbers)."""
    stack: list[tuple[Any, str]] = [(value, path)]
    while stack:
        here, where = stack.pop()
        if not isinstance(here, dict | list):
            if not is_plain(here):
                refuse(where, f"must be {PLAIN}", here)
            continue
        items = here.items() if isinstance(here, dict) else enumerate(here)
        for key, item in items:
            if isinstance(key, str) and not key.isprintable():
                refuse(where, "must have keys of printable text", key)
            if isinstance(item, dict | list):
                stack.append((item, child(where, key)))
            elif not is_plain(item):
                refuse(child(where, key), f"must be {PLAIN}", item)


def child(path: str, key: str | int) -> str:
    """The path of member ``key`` (an object's key or a list's index) of ``path``."""
    return f"{path}[{key}]" if isinstance(key, int) else f"{path}.{key}"
