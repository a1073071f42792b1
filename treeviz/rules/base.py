"""What every game given as states and action ids shares: the node that carries a
state with the moves that reached it, the protocol's methods written once over a few
hooks, and the position text (a list of moves, by label or by action id).

:class:`StepGame` is the base of OpenSpiel's games and of the adapters of a person's
own class: a subclass says how to start, list, play and score its states; this class
turns that into :class:`~treeviz.rules.protocol.Game` (new states, typed errors that
quote the input, text both ways).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable
from typing import Any

from treeviz.errors import IllegalMoveError, InvalidMoveError, InvalidPositionError
from treeviz.rules.protocol import NOBODY
from treeviz.rules.steps import Steps
from treeviz.settings import show_value

# What may stand between two moves of a position text; a label may hold them too
# (OpenSpiel's "x(1,1)", "pile:1, take:2;"), so labels are matched before splitting.
SEPARATORS = " \t\r\n,;"
# OpenSpiel's serialize_game_and_state(): the moves follow this line, one id a line.
SPIEL_STATE_HEADER = "[State]"
LEGAL_SHOWN = 12  # legal moves quoted in a message
REST_SHOWN = 16  # characters of the text quoted where a bad move starts (labels hold spaces)


class Node:
    """A state of the game's own type, the moves (action ids) that reached it, and its
    key (asked of the game the first time it is read: a search without a table never
    needs it, and a state's text is the dearest thing a node holds). Nodes are equal
    when their keys are, whatever the moves that led there."""

    __slots__ = ("key_of", "known", "moves", "state")

    def __init__(
        self, state: Any, moves: tuple[int, ...], key_of: Callable[[Any, tuple[int, ...]], Hashable]
    ) -> None:
        self.state, self.moves, self.key_of = state, moves, key_of
        # What the game said of the state, asked once: a search asks a node for its
        # outcome and legal moves several times (playing each of its moves checks it is
        # legal), and a state never changes once made.
        self.known: dict[str, Any] = {}

    @property
    def key(self) -> Hashable:
        if "key" not in self.known:
            self.known["key"] = self.key_of(self.state, self.moves)
        return self.known["key"]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Node) and self.key == other.key

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        return f"Node(state={self.state!r}, moves={self.moves!r})"


class StepGame(ABC):
    """The protocol over the hooks below; subclasses set ``name`` and write them."""

    name: str

    # ----------------------------------------------------------------- hooks
    @abstractmethod
    def first_state(self) -> Any:
        """The game's own initial state."""

    @abstractmethod
    def actions(self, state: Any) -> list[int]:
        """The legal action ids of a state that is not over."""

    @abstractmethod
    def child(self, state: Any, move: int) -> Any:
        """The state after the legal ``move``, leaving ``state`` as it was."""

    @abstractmethod
    def returns(self, state: Any) -> tuple[float, float] | None:
        """Players 0's and 1's returns when ``state`` is over, else ``None``."""

    @abstractmethod
    def player(self, state: Any) -> int:
        """The player to move (0 or 1) in a state that is not over."""

    def move_label(self, state: Any, move: int) -> str:
        """How a person writes ``move`` from ``state``."""
        return str(move)

    def state_key(self, state: Any, moves: tuple[int, ...]) -> Hashable:
        """The key of ``state`` (reached by ``moves``): its text when its class writes
        one, else the moves themselves (then transpositions keep apart)."""
        if type(state).__str__ is not object.__str__:
            return str(state)
        return moves

    @abstractmethod
    def board(self, node: Node) -> str:
        """The board as SVG."""

    # ----------------------------------------------------------------- the protocol
    def node(self, state: Any, moves: tuple[int, ...]) -> Node:
        return Node(state, moves, self.state_key)

    def initial(self) -> Node:
        return self.node(self.first_state(), ())

    def outcome(self, node: Node) -> tuple[float, float] | None:
        if "outcome" not in node.known:
            node.known["outcome"] = self.returns(node.state)
        return node.known["outcome"]

    def to_move(self, node: Node) -> int:
        return NOBODY if self.outcome(node) is not None else self.player(node.state)

    def legal_moves(self, node: Node) -> list[int]:
        return list(self.legal_tuple(node))  # the caller's own list

    def legal_tuple(self, node: Node) -> tuple[int, ...]:
        """The legal moves, asked of the game once per node."""
        if "legal" not in node.known:
            over = self.outcome(node) is not None
            node.known["legal"] = () if over else tuple(self.actions(node.state))
        return node.known["legal"]

    def play(self, node: Node, move: int) -> Node:
        if move not in self.legal_tuple(node):
            raise IllegalMoveError(
                f"move {move!r} cannot be played after {show_value(self.to_text(node))} "
                f"in {self.name}: {self.legal_text(node)}"
            )
        return self.node(self.child(node.state, move), (*node.moves, move))

    def key(self, node: Node) -> Hashable:
        return node.key

    def steps(self, node: Node) -> Steps:
        """The hooks as a search's walk from ``node`` (:mod:`treeviz.rules.steps`)."""
        before = node.moves

        def mover(state: Any) -> int:
            return NOBODY if self.returns(state) is not None else self.player(state)

        return Steps(
            start=node.state,
            mover=mover,
            returns=self.returns,  # type: ignore[arg-type]
            actions=self.actions,
            child=self.child,
            key=lambda state, path: self.state_key(state, (*before, *path)),
            wrap=lambda state, path: Node(state, (*before, *path), self.state_key),
        )

    def label(self, node: Node, move: int) -> str:
        return self.move_label(node.state, move)

    def svg(self, node: Node) -> str:
        return self.board(node)

    def legal_text(self, node: Node) -> str:
        """The legal moves by label, for a message (the game may be over)."""
        moves = self.legal_moves(node)
        if not moves:
            return "the game is over"
        shown = ", ".join(self.label(node, m) for m in moves[:LEGAL_SHOWN])
        more = f" and {len(moves) - LEGAL_SHOWN} more" if len(moves) > LEGAL_SHOWN else ""
        return f"the legal moves are {shown}{more}"

    def labels(self, node: Node) -> dict[str, int]:
        return {self.label(node, m): m for m in self.legal_moves(node)}

    def parse_move(self, node: Node, text: str) -> int:
        """The legal move whose label is ``text`` (spaces around it ignored), or whose
        action id it is. Raises :class:`IllegalMoveError` once the game is over and
        :class:`InvalidMoveError` for text that names no legal move."""
        word = text.strip()
        if not self.legal_moves(node):
            raise IllegalMoveError(f"{show_value(text)} cannot be played: the game is over")
        found = self.labels(node).get(word)
        if found is None and word.isascii() and word.isdigit():
            found = int(word) if int(word) in self.legal_moves(node) else None
        if found is None:
            raise InvalidMoveError(
                f"{show_value(text)} is no legal move of {self.name} here: {self.legal_text(node)}"
            )
        return found

    # ----------------------------------------------------------------- text
    def to_text(self, node: Node) -> str:
        """The moves from the start by label, one space apart (``"d3 c5 f6"``)."""
        words, at = [], self.initial()
        for move in node.moves:
            words.append(self.label(at, move))
            at = self.play(at, move)
        return " ".join(words)

    def from_text(self, text: str) -> Node:
        """Play from the start the moves of ``text``: labels or action ids, apart by
        spaces, commas, semicolons or new lines; OpenSpiel's serialised game and state
        is read from its ``[State]`` line on. Raises :class:`InvalidPositionError`
        quoting ``text``, naming the first move that cannot be played and why."""
        body = text.split(SPIEL_STATE_HEADER, 1)[1] if SPIEL_STATE_HEADER in text else text
        at, start, count = self.initial(), 0, 0
        while (start := skip_separators(body, start)) < len(body):
            count += 1
            move, start = self.next_move(at, body, start, count, text)
            at = self.play(at, move)
        return at

    def next_move(
        self, node: Node, body: str, start: int, count: int, text: str
    ) -> tuple[int, int]:
        """The move ``body`` names at ``start`` (the ``count``-th of ``text``) and where
        it ends: the longest legal label there that a separator or the end follows,
        else an action id."""
        end = word_end(body, start)
        word, at = body[start:end], show_value(body[start : start + REST_SHOWN].rstrip())
        legal = self.legal_moves(node)
        if not legal:
            raise InvalidPositionError(
                f"move {count} (at {at}) comes after the end of the game in {show_value(text)}"
            )
        found = longest_label(body, start, self.labels(node))
        if found is not None:
            return found
        if word.isascii() and word.isdigit() and int(word) in legal:
            return int(word), end
        raise InvalidPositionError(
            f"move {count} (at {at}) is no legal move of {self.name} there "
            f"({self.legal_text(node)}) in {show_value(text)}"
        )


def skip_separators(text: str, start: int) -> int:
    """The first index from ``start`` that is not a separator."""
    while start < len(text) and text[start] in SEPARATORS:
        start += 1
    return start


def word_end(text: str, start: int) -> int:
    """Where the word at ``start`` ends: the next separator or the end."""
    end = start
    while end < len(text) and text[end] not in SEPARATORS:
        end += 1
    return end


def longest_label(text: str, start: int, labels: dict[str, int]) -> tuple[int, int] | None:
    """The move of the longest label that ``text`` holds at ``start``, ending where a
    separator or the end of ``text`` follows (or itself ends in a separator), and the
    index after it; ``None`` when no label is there."""
    best: tuple[int, int] | None = None
    for label, move in labels.items():
        end = start + len(label)
        if not (label and text.startswith(label, start)):
            continue
        bounded = end == len(text) or text[end] in SEPARATORS or label[-1] in SEPARATORS
        if bounded and (best is None or end > best[1]):
            best = (move, end)
    return best
