"""Engines behind a command line: ``cmd:COMMAND`` as an agent.

The program is started once per process and kept: treeviz writes a move string per
line on its standard input (``4453``, the empty line for the empty board) and reads one
line back: a column 1..width, optionally followed by one score per column, left to
right (as Pascal Pons' solver prints its analysis; a score for a full column may be
anything and is ignored). An engine that exits, answers something else, an illegal
column or nothing within ``TREEVIZ_ENGINE_SECONDS`` (10 s by default) raises one
:class:`UserAgentError` saying which, with the last line it wrote on stderr; the
program is then stopped, and started again for the next question.
"""

from __future__ import annotations

import atexit
import os
import selectors
import shlex
import subprocess
import tempfile
import time
from typing import IO, Any, NoReturn

from treeviz.agents.contract import Agent
from treeviz.agents.deadline import current_limit
from treeviz.agents.user.instrument import Recording, answered
from treeviz.agents.user.reasons import user_reasons
from treeviz.connect4.board import Position
from treeviz.errors import (
    AgentCrashError,
    AgentIllegalMoveError,
    AgentNoMoveError,
    AgentTimeoutError,
    InvalidParameterError,
    UserAgentError,
)
from treeviz.settings import ENGINE_LINE_MAX_BYTES, show_value
from treeviz.trace.nodes import SearchResult

PREFIX = "cmd:"


class Engine:
    """One running engine process and the lines it has sent."""

    def __init__(self, head: str) -> None:
        self.head = head
        try:
            self.argv = shlex.split(head[len(PREFIX) :])
        except ValueError as exc:  # an unterminated quote or a trailing escape
            raise InvalidParameterError(
                f"{show_value(head)} is not a command line: {exc} (quote as in a shell)"
            ) from None
        if not self.argv:
            raise InvalidParameterError(
                f"{show_value(head)} names no command: write cmd:PROGRAM ARGS"
            )
        self.proc: subprocess.Popen[bytes] | None = None
        self.err: IO[bytes] | None = None
        self.buffer = b""

    def start(self) -> subprocess.Popen[bytes]:
        """The running process (started when there is none)."""
        if self.proc is not None and self.proc.poll() is None:
            return self.proc
        # a file, not a pipe: an engine that writes much on stderr cannot block on it
        self.err = tempfile.TemporaryFile()  # noqa: SIM115  # kept while the engine runs
        try:
            self.proc = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.err, bufsize=0
            )
        except OSError as exc:
            raise AgentCrashError(f"cannot start {show_value(self.head)}: {exc.strerror}") from None
        self.buffer = b""
        return self.proc

    def ask(self, pos: Position) -> str:
        """The engine's answer line to ``pos``."""
        proc = self.start()
        question = pos.moves_string()
        assert proc.stdin is not None
        try:
            proc.stdin.write(question.encode() + b"\n")
            proc.stdin.flush()
        except (BrokenPipeError, OSError):
            self.fail(f"exited before it was asked {question!r}")
        return self._line(proc, question)

    def _line(self, proc: subprocess.Popen[bytes], question: str) -> str:
        """One line from the engine, within the time allowed."""
        assert proc.stdout is not None
        limit = current_limit()
        deadline = time.monotonic() + limit
        with selectors.DefaultSelector() as sel:
            sel.register(proc.stdout, selectors.EVENT_READ)
            while b"\n" not in self.buffer:
                left = deadline - time.monotonic()
                if left <= 0 or not sel.select(left):
                    self.fail(
                        f"gave no answer to {question!r} within {limit:g} s", AgentTimeoutError
                    )
                chunk = os.read(proc.stdout.fileno(), 4096)
                if not chunk:
                    proc.wait(timeout=1)
                    self.fail(f"exited (code {proc.returncode}) when asked {question!r}")
                self.buffer += chunk
                if len(self.buffer) > ENGINE_LINE_MAX_BYTES:
                    self.fail(
                        f"answered {question!r} with over {ENGINE_LINE_MAX_BYTES} bytes "
                        "and no line end",
                        AgentNoMoveError,
                    )
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line.decode(errors="replace").strip()

    def fail(self, what: str, error: type[UserAgentError] = AgentCrashError) -> NoReturn:
        """Stop the engine and raise ``error`` (a :class:`UserAgentError`: by default,
        it crashed) saying ``what`` happened."""
        said = self.stderr_tail()
        self.stop()
        tail = f"; it said: {said}" if said else ""
        raise error(f"engine {show_value(self.head)} {what}{tail}")

    def stderr_tail(self) -> str:
        """The last line the engine wrote on stderr."""
        if self.err is None:
            return ""
        self.err.seek(0)
        lines = [
            ln for ln in self.err.read()[-4096:].decode(errors="replace").splitlines() if ln.strip()
        ]
        return lines[-1].strip()[:200] if lines else ""

    def stop(self) -> None:
        """End the process (killed when it does not end at once)."""
        if self.proc is not None:
            if self.proc.poll() is None:
                self.proc.kill()
            self.proc.wait()
            self.proc = None


_ENGINES: dict[str, Engine] = {}


@atexit.register
def _stop_all() -> None:
    for engine in _ENGINES.values():
        engine.stop()


def parse_answer(
    head: str, pos: Position, *, question: str, line: str
) -> tuple[int, dict[int, float]]:
    """(0-based column, {0-based column: score}) from an answer line;
    :class:`UserAgentError` quoting it when it is not a legal column."""
    words = line.split()
    shown, head = show_value(line), show_value(head)
    try:
        column = int(words[0]) if words and words[0].isascii() else None
        scores = [float(w) for w in words[1:]]
    except ValueError:
        column = None
    if column is None:
        raise AgentNoMoveError(
            f"engine {head} answered {shown} to {question!r}: expected "
            f"a column 1-{pos.width}, optionally followed by a score per "
            "column"
        )
    if not 1 <= column <= pos.width or not pos.can_play(column - 1):
        raise AgentIllegalMoveError(
            f"engine {head} answered column {column} to {question!r}, "
            "which is not a legal move there"
        )
    if scores and len(scores) != pos.width:
        raise AgentNoMoveError(
            f"engine {head} answered {shown} to {question!r}: "
            f"{len(scores)} scores for {pos.width} columns"
        )
    return column - 1, {c: s for c, s in enumerate(scores) if pos.can_play(c)}


def engine_agent(head: str) -> Agent:
    """The agent of ``cmd:COMMAND``."""
    engine = _ENGINES.setdefault(head, Engine(head))

    def run(pos: Position, **params: Any) -> SearchResult:
        t0 = time.perf_counter()
        question = pos.moves_string()
        column, values = parse_answer(head, pos, question=question, line=engine.ask(pos))
        rec = Recording(pos)
        return answered(
            rec, pos, name=head, column=column, values=values, seconds=time.perf_counter() - t0
        )

    return Agent(
        head,
        f"the engine {' '.join(engine.argv)}",
        (),
        run,
        "user",
        reasons=user_reasons,
        warmup=False,
    )
