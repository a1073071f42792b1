"""A player's mistakes as puzzles: every mistake and blunder of a reviewed game becomes
a :class:`Card` asking for the move that keeps the best outcome.

A card asks only for what it can show (its :attr:`Card.goal`): a win within ``k``
plies when the fastest win is at most :data:`SHORT_WIN` plies away (``k`` that
fastest win, the right columns those that win that fast); else, to keep the win or
to hold the draw, every column that does, and the answer shows the whole line to the
end of the game by the exact scores (:func:`best_line`).

A card's position is the one before the faulty move. Its ``kind`` is the exact outcome
of that position for the side to move (``win`` when it can win, ``draw`` when the best
it can do is draw; a lost position is never a card: there every move loses, so no
move there is a mistake). Its ``answers`` are every column that keeps that outcome, by
the exact scores (all winning columns, not only the fastest), so a slower win is right
too. The explanation is the judge's verdict on the move played, and the search of
:data:`~treeviz.settings.PUZZLE_AGENT` (the solver) on the position: the tree behind
the right answer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from treeviz.agents.reasons import line_words
from treeviz.connect4.board import DEFAULT_HEIGHT, DEFAULT_WIDTH, Position
from treeviz.connect4.tt_order import centre_order
from treeviz.errors import InvalidParameterError
from treeviz.exact.scores import exact_scores
from treeviz.games.game import Game
from treeviz.judge.review import PlyReview, Review, review
from treeviz.judge.verdict import Explanation, Verdict, explain, verdict
from treeviz.settings import PUZZLE_AGENT, REVIEW_SECONDS
from treeviz.trace.values import outcome_text, score_outcome

KINDS = ("win", "draw")
SHORT_WIN = 7  # plies (four of the winner's moves): a win this near is a puzzle to find
WIN_WITHIN, KEEP_WIN, HOLD_DRAW = "win_within", "keep_win", "hold_draw"  # a card's goals
PUZZLE_CLASSES = ("mistake", "blunder")  # the review's classes that make a card


@dataclass
class Card:
    """One puzzle: the position (``moves`` from the empty 7x6 board), the columns
    (1..7) that keep its best outcome, and that outcome (``win`` or ``draw``). The
    rest says where it came from: the column played in the game and its class, who
    played it (``by``: a spec or ``human``), the game (``source``), and each column's
    exact score for the side to move (None for a full column)."""

    moves: str
    answers: list[int]
    kind: str
    played: int | None = None
    cls: str | None = None
    by: str | None = None
    source: str | None = None
    scores: list[int | None] | None = field(default=None)

    @property
    def position(self) -> Position:
        """The position to solve."""
        return Position.from_moves(self.moves)

    @property
    def player(self) -> str:
        """The side to move, ``X`` or ``O``."""
        return "XO"[len(self.moves) % 2]

    @property
    def win_plies(self) -> int | None:
        """Plies to the fastest win by the exact scores (this move counted), None for a
        draw card or one without scores."""
        if self.kind != "win" or self.scores is None:
            return None
        return plies_of(self.position, max(s for s in self.scores if s is not None))

    @property
    def goal(self) -> str:
        """What the card asks: :data:`WIN_WITHIN` (a win at most :data:`SHORT_WIN`
        plies away), :data:`KEEP_WIN` (a longer win, or one of unknown length) or
        :data:`HOLD_DRAW`."""
        if self.kind == "draw":
            return HOLD_DRAW
        plies = self.win_plies
        return WIN_WITHIN if plies is not None and plies <= SHORT_WIN else KEEP_WIN

    def right_columns(self) -> list[int]:
        """The columns (1..7) that do what the card asks: for a win within ``k`` plies
        those that win that fast, else every column keeping the outcome (``answers``)."""
        if self.goal != WIN_WITHIN:
            return self.answers
        assert self.scores is not None and self.win_plies is not None
        pos, k = self.position, self.win_plies
        return [
            c + 1
            for c, s in enumerate(self.scores)
            if s is not None and s > 0 and plies_of(pos, s) <= k
        ]

    def is_right(self, column: int) -> bool:
        """Whether playing ``column`` (1..7) does what the card asks."""
        return column in self.right_columns()

    def question(self) -> str:
        """The task in words, saying which of the goals it is (``X to move: find a move
        that wins within 5 plies ...``)."""
        who = f"{self.player} to move"
        if self.goal == HOLD_DRAW:
            return (
                f"{who}: a draw is the best {self.player} can get. Find a move that "
                "holds the draw (the drawing line is shown with the answer)."
            )
        plies = self.win_plies
        keep = "Find a move that keeps the win (the winning line is shown with the answer)."
        if plies is None:
            return f"{who}: {self.player} can win. {keep}"
        if self.goal == KEEP_WIN:
            return (
                f"{who}: {self.player} can win, but the fastest win is {plies} plies "
                f"away, too far to find here. {keep}"
            )
        if plies == 1:
            return f"{who}: find the move that wins at once."
        return (
            f"{who}: find a move that wins within {plies} plies ({self.player}'s "
            f"{(plies + 1) // 2} moves, this one included)."
        )

    def _repr_html_(self) -> str:
        """A notebook's view: the question above the board (the answer is not shown)."""
        from html import escape

        from treeviz.draw.board_svg import board_svg

        return f"<p>{escape(self.question())}</p>{board_svg(self.position)}"

    def as_dict(self) -> dict[str, Any]:
        """The card as a deck file holds it (fields without a value left out)."""
        out: dict[str, Any] = {"moves": self.moves, "answers": self.answers, "kind": self.kind}
        extra = {
            "played": self.played,
            "class": self.cls,
            "by": self.by,
            "source": self.source,
            "scores": self.scores,
        }
        out.update({k: v for k, v in extra.items() if v is not None})
        return out


def plies_of(pos: Position, score: int) -> int:
    """Plies to the end of the game for an exact ``score`` of a column of ``pos`` (for
    its side to move), that column counted."""
    return int(score_outcome(score, pos.ply, width=pos.width, height=pos.height)["plies"])


def best_line(pos: Position, first: int, *, seconds: float = REVIEW_SECONDS.default) -> list[int]:
    """Best play from ``pos`` to the end of the game, starting with column ``first``
    (1..7): each side then plays a column of its best exact score (the fastest win, the
    slowest loss, or a draw; centre first among equals). Columns 1..7. A position the
    solver cannot score within ``seconds`` ends the line early (it is then shorter than
    the game: :func:`line_text` says so)."""
    walk = pos.copy()
    walk.play(first - 1)
    line = [first]
    order = [int(c) for c in centre_order(walk.width)]
    while not walk.is_over():
        scores = exact_scores(walk, seconds)
        if scores is None:
            break
        best = max(s for s in scores if s is not None)
        col = next(c for c in order if scores[c] == best)
        walk.play(col)
        line.append(col + 1)
    return line


def line_text(card: Card, line: list[int]) -> str:
    """A card's line in words (``X 4, O 3, X 4``) and how it ends."""
    pos = card.position
    for c in line:
        pos.play(c - 1)
    plies = f"{len(line)} pl{'y' if len(line) == 1 else 'ies'}"
    if pos.winner() is not None:
        end = f"{pos.winner()} has four in a row after {plies}"
    elif pos.is_over():
        end = "the board is full: a draw"
    else:
        end = "and on past what the solver could score here"
    return f"The line with best play: {line_words(card.position, line)} ({end})."


def kind_of(best: int) -> str | None:
    """The card kind of a position whose best exact score is ``best``: ``win``,
    ``draw``, or None for a lost position (no puzzle)."""
    return "win" if best > 0 else "draw" if best == 0 else None


def keeping(scores: list[int | None]) -> list[int]:
    """The columns (1-based) whose exact score has the best one's outcome: every win
    when a win is possible, every draw when a draw is the best."""
    best = max(s for s in scores if s is not None)
    sign = (best > 0) - (best < 0)
    return [c + 1 for c, s in enumerate(scores) if s is not None and (s > 0) - (s < 0) == sign]


def card_at(
    moves: str, scores: list[int | None], played: int | None = None, **where: Any
) -> Card | None:
    """The card of the position after ``moves`` given its exact column ``scores``,
    or None when it is lost (no move saves it). ``where``: ``cls``, ``by``, ``source``."""
    kind = kind_of(max(s for s in scores if s is not None))
    if kind is None:
        return None
    return Card(moves, keeping(scores), kind, played, scores=list(scores), **where)


def cards_from_review(
    out: Review,
    *,
    players: tuple[str, str] = ("?", "?"),
    source: str | None = None,
    seconds: float = REVIEW_SECONDS.default,
    opening: int = 0,
) -> list[Card]:
    """One card per mistake and blunder of the reviewed game ``out`` (7x6), in the
    order played. ``players``: who played X and O (each card's ``by``); ``seconds``:
    the exact-score budget per card (the review solved these positions already, so
    the solver's table answers them at once; one it cannot answer is left out);
    ``opening``: the plies of the opening the game started from, which nobody chose
    (no card is made of them)."""
    cards = []
    for p in out.plies:
        if p.cls not in PUZZLE_CLASSES or p.ply <= opening:
            continue
        made = _card_of(out.moves[: p.ply - 1], p, players, source, seconds)
        if made is not None:
            cards.append(made)
    return cards


def _card_of(
    moves: str, p: PlyReview, players: tuple[str, str], source: str | None, seconds: float
) -> Card | None:
    """The card of ply ``p`` played after ``moves``."""
    scores = exact_scores(Position.from_moves(moves), seconds)
    if scores is None:
        return None
    by = players[0] if p.player == "X" else players[1]
    return card_at(moves, scores, p.column, cls=p.cls, by=None if by == "?" else by, source=source)


def puzzle_cards(
    game: Game | str,
    *,
    source: str | None = None,
    seconds: float = REVIEW_SECONDS.default,
    on_ply: Callable[[int, int], None] | None = None,
) -> list[Card]:
    """Review ``game`` (a :class:`Game` or a move string on 7x6) against the exact
    scores and make a card of each mistake and blunder its players made (not of the
    opening's moves). ``seconds``: the exact-score
    budget per move (a move past it is ``unknown``, never a card); ``on_ply(done,
    total)`` follows the review."""
    game = as_game(game)
    out = review(game.position, agent=None, seconds=seconds, on_ply=on_ply)
    return cards_from_review(
        out, players=(game.x, game.o), source=source, seconds=seconds, opening=len(game.opening)
    )


def as_game(game: Game | str) -> Game:
    """``game`` as a :class:`Game` of the 7x6 board (a move string: players unknown);
    a game on another board is refused: a card's position is a move string."""
    if isinstance(game, str):
        game = Game("?", "?", moves=Position.from_moves(game).moves_string())
    if (game.width, game.height) != (DEFAULT_WIDTH, DEFAULT_HEIGHT):
        raise InvalidParameterError(
            f"a game on a {game.width}x{game.height} board: puzzles "
            "are positions of the 7x6 board (move strings)"
        )
    return game


def of_player(cards: list[Card], player: str | None) -> list[Card]:
    """The cards of ``player``: a side (``X``, ``O``) or a player as the game records
    it (``human``, an agent spec); all of them when None."""
    if player is None:
        return cards
    return [c for c in cards if player in (c.player, c.by)]


def card_verdict(card: Card) -> Verdict | None:
    """The judge's verdict on the move played in the game (None when the card does not
    say which move was played or has no exact scores)."""
    if card.played is None or card.scores is None:
        return None
    return verdict(card.position, card.played, card.scores)


def explanation_text(card: Card) -> str:
    """Why the answers are right, in words: what the right columns achieve (for a win
    within ``k`` plies, the slower wins named apart), and what the move played in the
    game did instead (the judge's verdict)."""
    right = card.right_columns()
    many = len(right) > 1
    cols = f"Column{'s' if many else ''} {', '.join(map(str, right))}"
    if card.goal == WIN_WITHIN:
        text = f"{cols} win{'' if many else 's'} within {card.win_plies} plies"
        slower = [c for c in card.answers if c not in right]
        if slower:
            text += (
                f"; column{'s' if len(slower) > 1 else ''} "
                f"{', '.join(map(str, slower))} win{'' if len(slower) > 1 else 's'} too, "
                "but later"
            )
    elif card.goal == KEEP_WIN:
        text = f"{cols} keep{'' if many else 's'} the win"
        if card.scores is not None:
            best = max(s for s in card.scores if s is not None)
            fastest = [c + 1 for c, s in enumerate(card.scores) if s == best]
            plural = "s" if len(fastest) > 1 else ""
            plies = plies_of(card.position, best)
            text += (
                f"; fastest: column{plural} {', '.join(map(str, fastest))} "
                f"(wins in {plies} plies, exact {best:+d})"
            )
    else:
        text = f"{cols} hold{'' if many else 's'} the draw"
    text += "."
    v = card_verdict(card)
    if v is not None and v.score is not None:
        pos = card.position
        did = outcome_text(score_outcome(v.score, pos.ply, width=pos.width, height=pos.height))
        who = f" by {card.by}" if card.by else ""
        text += f" In the game, column {v.column} was played{who}: a {v.cls} ({did})."
    return text


def solution(card: Card, agent: str = PUZZLE_AGENT) -> Explanation:
    """The search of ``agent`` (a spec; the exact solver by default) on the card's
    position with its verdict and reasons: the tree behind the right answer (draw it
    with :func:`treeviz.select` or open it in the dashboard's analysis view)."""
    return explain(card.position, agent=agent, exact=card.scores)
