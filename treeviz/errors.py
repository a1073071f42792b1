"""Typed errors for bad user input.

Every error subclasses :class:`ValueError` and its message quotes the offending input
and says what is wrong, so the CLI can print it as one line and the dashboard can show
it with ``st.error`` without a traceback.
"""


class TreevizError(ValueError):
    """Base class of every error caused by user input."""


class InvalidMoveError(TreevizError):
    """A move is not a column at all: a bad character or a column out of range."""


class IllegalMoveError(TreevizError):
    """A move names a real column that cannot be played: full, or the game is over."""


class InvalidPositionError(TreevizError):
    """A board or position description that no legal game can reach."""


class InvalidParameterError(TreevizError):
    """A search parameter outside its documented range."""


class TraceFormatError(TreevizError):
    """A trace file that is malformed: names the field and the problem."""


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
    raised, crashed, answered something that is not a legal column, or nothing in time."""
