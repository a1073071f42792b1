"""A person's own agents, named by spec: ``PATH.py:NAME``, ``package.module:NAME`` and
``cmd:COMMAND``.

Spec grammar (no spec of a built-in agent reads as one of these)::

    builtin[:key=value,...]           mcts:iterations=500
    PATH.py:NAME[:key=value,...]      examples/minimax_agent.py:choose
    package.module:NAME[:key=...]     mybots.alphabeta:AGENT:depth=3
    cmd:COMMAND                       cmd:./c4solver --weak   (the rest of the line)

``NAME`` is a Python identifier in the file or module: a function ``(Position) ->
column`` (1-based), or returning ``(column, values)`` with one value per column (a
list left to right, or a dict column -> value), or an :class:`Agent` declared with
treeviz's contract (its settings then follow as for built-ins). A function whose
search is :func:`~treeviz.agents.user.instrument.traced` records its tree. ``cmd:`` runs a
program that reads a move string per line and answers a column per line, optionally
followed by a score per column (:mod:`treeviz.agents.user.engine`).

Code is loaded only when the person who started the process named it: the command
line, ``search()`` in their own Python, or the dashboard's agents at start
(``treeviz app --agents``): the dashboard then calls :func:`seal`, after which this
process loads and runs no user agent but those, whatever a visitor types, uploads,
clicks or links, and whichever thread or callback asks.
"""

from __future__ import annotations

import dataclasses
import importlib
import importlib.util
import sys
import threading
import time
from collections.abc import Callable, Iterable
from numbers import Integral
from pathlib import Path
from typing import Any

from treeviz.agents.contract import Agent
from treeviz.agents.deadline import limited
from treeviz.agents.user.instrument import answered, recording
from treeviz.agents.user.instrument_result import as_float
from treeviz.agents.user.reasons import user_reasons
from treeviz.connect4.board import Position
from treeviz.errors import (
    AgentCrashError,
    AgentIllegalMoveError,
    AgentNoMoveError,
    InvalidParameterError,
    UserAgentError,
    exception_line,
    raised_at,
)
from treeviz.settings import show_path, show_value
from treeviz.trace.nodes import SearchResult
from treeviz.trace.recorder import check_playable

ENGINE_PREFIX = "cmd:"
# Where a person's own code is not: treeviz, the standard library, installed packages
# (a crash is shown at the line of theirs that raised it, not inside NumPy)
NOT_THEIRS = tuple(
    sorted(
        {
            str(Path(__file__).resolve().parents[2]),
            sys.prefix,
            sys.base_prefix,
            str(Path(dataclasses.__file__).parent),
        }
    )
)
# None: this process loads whatever its own code names (the CLI, a notebook). A set:
# the only user agents it may load or run (a dashboard's, named when it started).
# Process-wide on purpose: Streamlit runs callbacks, fragments and pages on threads of
# its own, and a seal that any of them could miss would not be one.
_SEALED: frozenset[str] | None = None
# Held while a file is imported: the module is in sys.modules before its code has run
# (so that it can import itself), and another thread must not take it half made.
# Re-entrant: a file may load another agent's file as it is imported.
_LOADING = threading.RLock()


def is_user_head(head: str) -> bool:
    """Whether ``head`` (a spec's agent part) names a user agent."""
    if head.startswith(ENGINE_PREFIX):
        return True
    where, sep, name = head.rpartition(":")
    return bool(sep and where and name.isidentifier())


def agent_file(spec: str) -> str | None:
    """The Python file a ``PATH.py:NAME`` spec names, when it exists here."""
    if spec.startswith(ENGINE_PREFIX):
        return None
    head, sep, _ = spec.strip().partition(":")
    if head.endswith(".py") and sep and Path(head).expanduser().is_file():
        return str(Path(head).expanduser().resolve())
    return None


def seal(allowed: Iterable[str]) -> None:
    """From now on this process loads and runs no user agent but ``allowed`` (spec
    heads, as registered): the dashboard seals itself once it has loaded the agents it
    was started with. Sealing again replaces the set; nothing unseals."""
    global _SEALED
    _SEALED = frozenset(allowed)


def sealed() -> frozenset[str] | None:
    """The user agents this process may run, or None when it was never sealed."""
    return _SEALED


def check_allowed(head: str) -> None:
    """Refuse ``head`` (a user agent's spec head) in a sealed process that was not
    started with it: :class:`InvalidParameterError` saying how agents are named."""
    if _SEALED is not None and head not in _SEALED:
        started = ", ".join(sorted(_SEALED)) or "none"
        raise InvalidParameterError(
            f"{head!r} is not one of the agents this dashboard was started with "
            f"({started}): only the person who starts it names the agents that run "
            "(treeviz app --agents mine.py:choose)"
        )


def heads_in(where: str) -> list[str]:
    """The agents a file or module offers when named alone (``make app AGENTS=mine.py``):
    the names in its ``__all__``, else every :class:`Agent` it declares and a function
    named ``choose``."""
    module = _module(where, where)
    names = getattr(module, "__all__", None)
    if names is None:
        names = [n for n, v in vars(module).items() if isinstance(v, Agent)]
        names += ["choose"] if callable(getattr(module, "choose", None)) else []
    if not names:
        raise InvalidParameterError(
            f"{show_path(where)} offers no agent: name one "
            "(PATH.py:NAME), or define choose(pos) or __all__"
        )
    return [f"{where}:{n}" for n in names]


def load(head: str) -> Agent:
    """The agent ``head`` names, loaded (see the module docs); its name is ``head``."""
    check_allowed(head)
    if head.startswith(ENGINE_PREFIX):
        from treeviz.agents.user.engine import engine_agent

        return engine_agent(head)
    where, _, name = head.rpartition(":")
    module = _module(where, head)
    if not hasattr(module, name):
        raise InvalidParameterError(
            f"{show_path(where)} has no {show_value(name)} (in agent spec {show_value(head)})"
        )
    obj = getattr(module, name)
    if isinstance(obj, Agent):  # a person's code: run only when asked, timed in a game
        return dataclasses.replace(obj, name=head, run=limited(head, obj.run), warmup=False)
    if not callable(obj):
        raise InvalidParameterError(f"{show_value(head)} is not a function or an Agent")
    return function_agent(head, obj)


def function_of(head: str) -> Callable[..., Any]:
    """The function a ``PATH.py:NAME`` or ``module:NAME`` spec names, loaded as
    :func:`load` loads it but not wrapped as a Connect 4 agent (another game's doctor
    gives it that game's states); :class:`InvalidParameterError` quoting ``head``."""
    check_allowed(head)
    where, sep, name = head.rpartition(":")
    if not (sep and where and name.isidentifier()):
        raise InvalidParameterError(f"{show_value(head)} is not PATH.py:NAME or module:NAME")
    obj = getattr(_module(where, head), name, None)
    if not callable(obj):
        raise InvalidParameterError(f"{show_path(where)} has no function {show_value(name)}")
    return obj


def _module(where: str, head: str) -> Any:
    """The module of a file path or a dotted module name."""
    if where.endswith(".py"):
        path = Path(where).expanduser()
        if not path.is_file():
            uploaded = sys.modules.get(path.stem)  # sent to a cluster's workers by the arena
            if uploaded is not None:
                return uploaded
            raise InvalidParameterError(
                f"agent file {show_path(where)} does not exist (in {show_value(head)})"
            )
        return _load_file(path.resolve())
    if not all(part.isidentifier() for part in where.split(".")):
        raise InvalidParameterError(
            f"{show_path(where)} in agent spec {show_value(head)} is neither a Python file "
            "(PATH.py) nor a module name (package.module; relative names are not)"
        )
    return _import(where, head)


def _import(where: str, head: str) -> Any:
    """The module named ``where``, imported; its failure in one line."""
    try:
        return importlib.import_module(where)
    except ImportError as exc:
        raise InvalidParameterError(
            f"cannot import {show_path(where)} (in agent spec "
            f"{show_value(head)}): {exception_line(exc)}"
        ) from None
    except Exception as exc:  # the module's own code failed as it ran
        raise UserAgentError(
            f"importing {show_path(where)} failed: {exception_line(exc)}"
        ) from None


def _load_file(path: Path) -> Any:
    """Import the file at ``path`` as a module named after it (its folder goes on the
    import path, as when a script runs, so it can import its neighbours); once per
    process, whichever threads ask at once."""
    with _LOADING:
        for mod in list(sys.modules.values()):
            if getattr(mod, "__file__", None) == str(path):
                return mod
        name = path.stem if path.stem not in sys.modules else f"treeviz_user_{path.stem}"
        spec = importlib.util.spec_from_file_location(name, path)
        if spec is None or spec.loader is None:
            raise InvalidParameterError(f"cannot load {show_path(path)} as Python")
        module = importlib.util.module_from_spec(spec)
        if str(path.parent) not in sys.path:
            sys.path.append(str(path.parent))
        sys.modules[name] = module
        try:
            spec.loader.exec_module(module)
        except Exception as exc:
            del sys.modules[name]
            raise UserAgentError(
                f"loading {show_path(path)} failed: {exception_line(exc)}"
            ) from None
        return module


def function_agent(head: str, fn: Callable[[Position], Any]) -> Agent:
    """An :class:`Agent` around a function ``(Position) -> column`` or ``-> (column,
    values)``; a traced search inside it records its tree. In a game its moves are
    timed (:mod:`treeviz.agents.deadline`)."""

    def run(pos: Position, **params: Any) -> SearchResult:
        check_playable(pos)
        t0 = time.perf_counter()
        with recording(root=pos) as rec:
            out = _call(head, fn, pos)
        column, values = answer(head, pos, out)
        return answered(
            rec, pos, name=head, column=column, values=values, seconds=time.perf_counter() - t0
        )

    doc = (fn.__doc__ or "").strip().splitlines()
    return Agent(
        head,
        doc[0] if doc else f"your agent {head}",
        (),
        limited(head, run),
        "user",
        reasons=user_reasons,
        warmup=False,
    )


def _call(head: str, fn: Callable[[Position], Any], pos: Position) -> Any:
    """``fn(pos)``; whatever it raises becomes one :class:`UserAgentError` naming the
    agent, the position and where in its code, but an :class:`InvalidParameterError`
    (treeviz set up wrongly inside it: a ``@treeviz.traced`` search with no argument
    it reads as a position, a search spec out of range), which names the agent and
    says what to change: the agent did not fail, treeviz could not run it so."""
    try:
        return fn(pos.copy())
    except UserAgentError as exc:  # says already what failed (a traced value= function)
        raise UserAgentError(f"{head}: {exc}") from None
    except InvalidParameterError as exc:
        raise InvalidParameterError(f"{head}: {exc}") from None
    except Exception as exc:
        where = pos.moves_string() or "the empty board"
        raise AgentCrashError(
            f"{head} raised {exception_line(exc)} on {where!r}",
            type(exc).__name__,
            raised_at(exc, NOT_THEIRS),
        ) from None


def answer(head: str, pos: Position, out: Any) -> tuple[int, dict[int, float]]:
    """(0-based column, {0-based column: value}) from an agent's return: a column, or a
    pair (column, values) whose values are a list or a dict; :class:`UserAgentError`
    quoting the return when it is neither, or its column is not a legal one 1..width."""
    values: dict[int, float] = {}
    if isinstance(out, tuple | list) and len(out) == 2:
        if not isinstance(out[1], tuple | list | dict):
            raise AgentNoMoveError(
                f"{head} returned {show_value(out)}: expected a column "
                f"1-{pos.width}, or (column, values) with one value per "
                "column in a list or a dict"
            )
        values = _values(head, pos, out[1])
        out = out[0]
    if isinstance(out, bool) or not isinstance(out, Integral):
        raise AgentNoMoveError(
            f"{head} returned {show_value(out)}: expected a column 1-{pos.width}"
        )
    out = int(out)  # NumPy's integers too
    if not 1 <= out <= pos.width or not pos.can_play(out - 1):
        legal = ", ".join(str(c + 1) for c in pos.legal_moves())
        raise AgentIllegalMoveError(
            f"{head} returned column {out} on "
            f"{pos.moves_string() or 'the empty board'!r}: columns count "
            f"from 1, and the legal ones are {legal}"
        )
    return out - 1, values


def _values(head: str, pos: Position, given: Any) -> dict[int, float]:
    """Per-column values given as a list (left to right) or a dict (1-based keys); an
    integer beyond the float range counts as an infinite value."""
    items = given.items() if isinstance(given, dict) else enumerate(given, 1)
    out = {}
    for col, v in items:
        if v is None:
            continue
        try:
            out[int(col) - 1] = as_float(v)
        except (TypeError, ValueError):
            raise UserAgentError(
                f"{head} gave the value {show_value(v)} for column "
                f"{show_value(col)}: expected a number"
            ) from None
    return {c: v for c, v in out.items() if 0 <= c < pos.width and pos.can_play(c)}
