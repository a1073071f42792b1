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
