"""Typed errors for bad user input.

Every error subclasses :class:`ValueError` and its message quotes the offending input
and says what is wrong, so the CLI can print it as one line and the dashboard can show
it with ``st.error`` without a traceback.
"""

import os


class TreevizError(ValueError):
    """Base class of every error caused by user input."""


class InvalidMoveError(TreevizError):
    """A move is not a column at all: a bad character or a column out of range."""


class IllegalMoveError(TreevizError):
    """A move names a real column that cannot be played: full, or the game is over."""


class InvalidPositionError(TreevizError):
    """A board or position description that no legal game can reach."""


class GameError(TreevizError):
    """A game that cannot be loaded: an unknown name, bad parameters, a game that is not
    two-player, zero-sum, deterministic and of perfect information, or a library it
    needs that is not installed (the message says what to install)."""


class InvalidParameterError(TreevizError):
    """A search parameter outside its documented range."""


class TraceFormatError(TreevizError):
    """A trace file that is malformed: names the field and the problem."""


class CheckupDataError(TreevizError):
    """A checkup's plain-data form (kept across a reload) that does not read back:
    names the field and quotes its value."""


class ExportLimitError(TreevizError):
    """A selection too large to draw."""


class GameFileError(TreevizError):
    """A game (file or move string) that cannot be read in full; ``valid`` holds the
    moves before the first bad one."""

    def __init__(self, message: str, valid: str = "") -> None:
        super().__init__(message)
        self.valid = valid


class TableError(TreevizError):
    """A table that cannot be learned from (its message names the table)."""


class OpeningsError(TreevizError):
    """An openings file that cannot be used: names the file and the line."""


class ArenaDatabaseError(TreevizError):
    """A database file that cannot be used: not ours, newer, or damaged."""


class ClusterError(TreevizError):
    """A Dask cluster that cannot be reached or lost the games."""


class SearchStopped(TreevizError):
    """A search was stopped (Ctrl-C, Stop, a deadline) before it had anything to report."""


class BatchError(TreevizError):
    """Some lines of a batch failed; each was reported on its own line already, so the
    CLI only sets the exit code."""


class InputTooLargeError(TreevizError):
    """A file, pipe or device that holds more than its reader takes (read no further)."""


class UserAgentError(TreevizError):
    """A person's own agent (a file, a module or a command-line engine) failed: it
    raised, crashed, answered something that is not a legal column, or nothing in time.
    The subclasses say which (the doctor names them as its checks)."""


class AgentCrashError(UserAgentError):
    """The agent raised an exception or its program exited: ``error`` names the
    exception's type (empty for a program) and ``where`` the file and line in the
    person's own code where it was raised (empty when unknown)."""

    def __init__(self, message: str, error: str = "", where: str = "") -> None:
        super().__init__(message)
        self.error, self.where = error, where


class AgentTimeoutError(UserAgentError):
    """The agent gave no answer within the time allowed for a move."""


class AgentNoMoveError(UserAgentError):
    """The agent answered something that is not a column (``None``, text, a float)."""


class AgentIllegalMoveError(UserAgentError):
    """The agent answered a column that cannot be played: out of range, or full."""


MESSAGE_CHARS = 200  # of a person's exception text quoted in one of ours


def raised_at(exc: BaseException, skip: tuple[str, ...] = ()) -> str:
    """``mine.py:12``: where ``exc`` was raised, in the innermost frame whose file is
    not under one of the folders ``skip`` (a library or treeviz itself: the person's
    own line is what they can fix); the innermost frame when every one is."""
    if isinstance(exc, SyntaxError) and exc.filename:  # the line that does not parse
        return f"{os.path.basename(exc.filename)}:{exc.lineno}"
    tb, last, own = exc.__traceback__, "", ""
    while tb is not None:
        path = tb.tb_frame.f_code.co_filename
        last = f"{os.path.basename(path)}:{tb.tb_lineno}"
        # Python's own import machinery (<frozen importlib._bootstrap>) is nobody's line
        if not path.startswith("<frozen") and not any(path.startswith(f) for f in skip):
            own = last
        tb = tb.tb_next
    return own or last


def exception_line(exc: BaseException) -> str:
    """``ValueError: bad thing (at mine.py:12)``: an exception raised by a person's code
    in one line, its text cut to a readable length, and where it was raised. Never
    raises: an exception whose ``__str__`` fails is still named."""
    at = raised_at(exc)
    where = f" (at {at})" if at else ""
    try:
        text = str(exc)
    except Exception:  # a broken __str__ must not hide the error it describes
        text = "(its message could not be read)"
    first = text.strip().splitlines()[0] if text.strip() else ""
    if len(first) > MESSAGE_CHARS:
        first = f"{first[:MESSAGE_CHARS]}... ({len(text):,} characters)"
    return f"{type(exc).__name__}{': ' + first if first else ''}{where}"
