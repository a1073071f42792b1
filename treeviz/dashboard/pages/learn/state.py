"""The Learn page's state: which exercise, whether the link was read, and each
exercise's: the learner's session of questions, its agents and settings (predict the
search); the tree to fill in and its settings (alpha-beta by hand); the deck played,
its schedule, the card shown and the learner's answer (the puzzles). What a reload
keeps (:func:`saved`, :func:`restore`): the exercise, and the deck with its progress.

Every key starts with ``learn``, but the puzzles' (``puzzles_``; their query
parameters ``p_``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from treeviz.agents.registry import get_agent
from treeviz.agents.user.load import is_user_head
from treeviz.dashboard import state
from treeviz.dashboard.components.inputs import offered_agents
from treeviz.dashboard.components.tree_view import TreeView
from treeviz.dashboard.state import Keyed
from treeviz.errors import TreevizError
from treeviz.learn.deck import dumps_deck, loads_deck
from treeviz.learn.hand import HandTree
from treeviz.learn.predict import PREDICTABLE
from treeviz.learn.puzzles import Card
from treeviz.learn.questions import Moment, Session
from treeviz.learn.schedule import Schedule
from treeviz.settings import (
    HAND_DEPTH,
    LEARN_ASTAR_NODES,
    LEARN_DEPTH,
    LEARN_ITERATIONS,
    Param,
)
from treeviz.trace.nodes import SearchResult, Trace


@dataclass(frozen=True)
class LearnView(Keyed):
    """The Learn page's values in the session."""

    key: str = "learn"

    @property
    def tree_view(self) -> TreeView:
        """The view of the tree the learner has revealed."""
        return TreeView(self.widget("tree"))

    def read_link_once(self) -> bool:
        """True the first time in a session (the page then reads its query parameters)."""
        if self._get("link_read"):
            return False
        self._put("link_read", True)
        return True

    # -- predict the search ---------------------------------------------------------
    def session(self, ident: tuple[Any, ...]) -> Session | None:
        """The learner's session for the search ``ident`` names (None: not started)."""
        kept = self._get("session")
        return kept[1] if kept is not None and kept[0] == ident else None

    def keep_session(self, ident: tuple[Any, ...], session: Session) -> None:
        """Keep ``session`` as the one for ``ident`` (the revealed trees start afresh)."""
        self._put("session", (ident, session))
        self._put("shown", None)

    def shown(self, session: Session) -> Trace:
        """The tree as the learner sees it now, the same object while the moment is the
        same (so the tree view keeps its selection across reruns); only the latest kept."""
        kept: tuple[Moment, Trace] | None = self._get("shown")
        moment = session.moment()
        if kept is None or kept[0] != moment:
            kept = (moment, session.shown())
            self._put("shown", kept)
        return kept[1]

    def pending_step(self) -> int | None:
        """The question a shared link asked to start at (taken once)."""
        return self._drop("step")

    def ask_step(self, step: int) -> None:
        """Start the next session at question ``step`` (a shared link's)."""
        self._put("step", step)

    @property
    def unanswered(self) -> bool:
        """Whether Answer was pressed with no choice made (the page asks for one)."""
        return bool(self._get("unanswered"))

    def set_unanswered(self, flag: bool) -> None:
        """Keep whether Answer was pressed with no choice made."""
        self._put("unanswered", flag)

    # -- alpha-beta by hand ---------------------------------------------------------
    def checked(self, tree: HandTree) -> Any:
        """The last check of ``tree``'s sheet (None before one)."""
        kept = self._get("checked")
        return kept[1] if kept is not None and kept[0] == tree else None

    def keep_check(self, tree: HandTree, result: Any) -> None:
        """Keep ``result`` (a check, or the error text of a sheet that could not be read)."""
        self._put("checked", (tree, result))


CHOICES = ("source", "moves", "side")  # the puzzles' choices of a deck, kept


@dataclass(frozen=True)
class PuzzlesView(Keyed):
    """The puzzles' values and widgets, under keys ``puzzles_*``."""

    key: str = "puzzles"

    def first_visit(self) -> bool:
        """True on the session's first visit only (a link is read then)."""
        if self._get("visited"):
            return False
        self._put("visited", True)
        return True

    def keep_link_card(self, text: str | None) -> None:
        """Keep a link's ``p_card`` for the first deck made (None: there is none)."""
        self._set_text("link_card", text)

    def take_link_card(self) -> str | None:
        """The link's ``p_card``, once: later decks start with the schedule's card."""
        found = self._drop("link_card")
        return None if found is None else str(found)

    @property
    def deck_id(self) -> str | None:
        """What the deck played was made from (None: no deck yet)."""
        return self._text("deck_id")

    @property
    def cards(self) -> list[Card]:
        """The deck played (empty before one is loaded)."""
        return list(self._get("cards", []))

    @property
    def schedule(self) -> Schedule:
        """The deck's schedule (a deck must be loaded)."""
        found: Schedule = self._get("schedule")
        return found

    def load(self, deck_id: str, cards: list[Card], first: int | None = None) -> None:
        """Play ``cards`` from the start (``first``: the card shown first, else the
        schedule's)."""
        self._put("deck_id", deck_id)
        self._put("cards", list(cards))
        self._put("schedule", Schedule(len(cards)))
        self._put("answers", [])
        self._put("answer", None)
        self._put("card", None if not cards else first if first is not None else 0)

    @property
    def card(self) -> int | None:
        """The index of the card shown (None for an empty deck)."""
        found = self._get("card")
        return None if found is None else int(found)

    @property
    def answer(self) -> int | None:
        """The column (1..7) the learner answered to the card shown, None before."""
        found = self._get("answer")
        return None if found is None else int(found)

    def give(self, column: int) -> None:
        """The learner answers ``column`` to the card shown (once per showing)."""
        card = self.card
        if card is None or self.answer is not None:
            return
        right = self.cards[card].is_right(column)
        self.schedule.answer(card, right)
        self._put("answers", [*self._get("answers", []), (card, right)])
        self._put("answer", column)
        self.tree_view.detach()  # every answer opens its tree at the answer again

    @property
    def tree_view(self) -> TreeView:
        """The view of the search tree explaining the answer (keys ``puzzles_tree_*``)."""
        return TreeView(self.widget("tree"))

    def search(self, moves: str) -> SearchResult | None:
        """The search kept for the card of ``moves`` (None: not kept)."""
        kept = self._get("search")
        return kept[1] if kept is not None and kept[0] == moves else None

    def keep_search(self, moves: str, result: SearchResult) -> None:
        """Keep ``result``, the search of the card of ``moves``, as the same object
        while that card shows (its tree view keeps the learner's clicks)."""
        self._put("search", (moves, result))

    def progress_kept(self) -> dict[str, Any] | None:
        """The deck played and how far, as plain data (None: no deck): its identity
        and cards (a deck file's text), the answers given in order (the schedule is
        a pure function of them), the card shown and its answer, the source chosen."""
        if self.deck_id is None:
            return None
        return {
            "deck_id": self.deck_id,
            "deck": dumps_deck(self.cards),
            "answers": [list(a) for a in self._get("answers", [])],
            "card": self.card,
            "answer": self.answer,
            "choices": {n: self._get(n) for n in CHOICES if isinstance(self._get(n), str)},
        }

    def restore_progress(self, kept: dict[str, Any]) -> None:
        """Play again the deck :meth:`progress_kept` returned, where it was: its cards
        read as any deck file is, its answers replayed (a deck that does not read
        back is left out)."""
        try:
            cards = loads_deck(str(kept.get("deck")), "the kept deck")
        except TreevizError:
            return
        card, answer = kept.get("card"), kept.get("answer")
        self.load(str(kept.get("deck_id")), cards, card if isinstance(card, int) else None)
        for done, right in kept.get("answers") or []:
            if isinstance(done, int) and 0 <= done < len(cards):
                self.schedule.answer(done, bool(right))
                self._put("answers", [*self._get("answers", []), (done, bool(right))])
        self._put("answer", answer if isinstance(answer, int) else None)
        for name, value in dict(kept.get("choices") or {}).items():
            if name in CHOICES and isinstance(value, str):
                self._put(name, value)

    def next(self) -> None:
        """Show the card the schedule puts next."""
        if self.cards:
            self._put("card", self.schedule.next_card())
            self._put("answer", None)


VIEW = LearnView()
EXERCISES = {
    "predict": "Predict the search",
    "alphabeta": "Alpha-beta by hand",
    "puzzles": "Your mistakes as puzzles",
}
EXERCISE = VIEW.widget("exercise")  # the exercise chosen
FIRST_EXERCISE = "predict"  # ... on a first visit

# -- predict the search: the position, the agent, its settings and the questions asked
PREDICT_MOVES, PREDICT_AGENT, PREDICT_STEPS = (
    VIEW.widget("moves"),
    VIEW.widget("agent"),
    VIEW.widget("steps"),
)
PREDICT_DEFAULTS = {PREDICT_MOVES: "4453", PREDICT_AGENT: "alphabeta", PREDICT_STEPS: "key"}


def predict_agents() -> list[str]:
    """The agents a learner may pick: ours with steps to predict, and the agents named
    when the server started (a person's traced search)."""
    return [a for a in offered_agents() if is_user_head(a) or a in PREDICTABLE]


def predict_settings(agent: str) -> list[Param]:
    """The settings a learner chooses for ``agent``: a few, in small ranges (ours), or
    all it declares (a person's)."""
    decl = get_agent(agent)
    if agent in ("minimax", "alphabeta"):
        return [LEARN_DEPTH, decl.param("ordering")]
    if agent == "mcts":
        return [LEARN_ITERATIONS, decl.param("seed"), decl.param("c")]
    if agent == "astar":
        return [LEARN_ASTAR_NODES]
    return list(decl.params)


def predict_param_key(agent: str, name: str) -> str:
    """The widget key of ``agent``'s setting ``name``."""
    return VIEW.widget("param", agent, name)


def predict_keys() -> list[str]:
    """The exercise's widgets whose values outlive a visit to another page."""
    params = [predict_param_key(a, p.name) for a in predict_agents() for p in predict_settings(a)]
    return [PREDICT_MOVES, PREDICT_AGENT, PREDICT_STEPS, *params]


# -- alpha-beta by hand: a textbook tree or a real position's, and their settings
AB_SOURCE, AB_LEAVES, AB_MOVES, AB_COLUMNS = (
    VIEW.widget("ab", "source"),
    VIEW.widget("ab", "leaves"),
    VIEW.widget("ab", "moves"),
    VIEW.widget("ab", "columns"),
)
AB_SEED = Param("seed", "int", 1, "seed of the leaf numbers", lo=0, hi=10**9)
AB_PLIES = Param(
    "plies",
    "int",
    2,
    "plies of the real position's tree",
    lo=int(HAND_DEPTH.lo or 2),
    hi=int(HAND_DEPTH.hi or 3),
)
AB_DEFAULTS = {
    AB_SOURCE: "textbook",
    AB_MOVES: "4453",
    AB_COLUMNS: "23456",  # 25 leaves at depth 2: a lesson's size (all 7: 49)
}


def ab_setting_key(name: str) -> str:
    """The widget key of a tree setting."""
    return VIEW.widget("ab", name)


def alphabeta_keys() -> list[str]:
    """The exercise's widgets whose values outlive a visit to another page (not the
    sheet's: a new tree starts a new sheet)."""
    names = ("depth", "branching", "seed", "plies", "key")
    return [AB_SOURCE, AB_LEAVES, AB_MOVES, AB_COLUMNS, *(ab_setting_key(n) for n in names)]


# -- the puzzles: their view, their query parameters and the choices kept
PUZZLES = PuzzlesView()
P_MOVES, P_CARD = "p_moves", "p_card"  # the exercise's query parameters
# The exercise's choices, kept while another page shows (the app keeps them; an
# upload cannot be kept: the same deck uploaded again goes on where it was)
PUZZLES_KEYS = [PUZZLES.widget(name) for name in CHOICES]


def kept_keys() -> list[str]:
    """The sidebar's widgets (the exercise and each exercise's settings), whose values
    must outlive a visit to another page."""
    return [EXERCISE, *predict_keys(), *alphabeta_keys(), *PUZZLES_KEYS]


def saved() -> dict[str, Any]:
    """What a reload keeps: the exercise chosen and the puzzles' deck with its
    progress (None when no deck is played)."""
    return {"exercise": state.get(EXERCISE), "puzzles": PUZZLES.progress_kept()}


def restore(kept: dict[str, Any]) -> None:
    """Put back what :func:`saved` returned (a link's exercise, read later, wins)."""
    if kept.get("exercise") in EXERCISES:
        state.put(EXERCISE, kept["exercise"])
    if isinstance(kept.get("puzzles"), dict):
        PUZZLES.restore_progress(kept["puzzles"])
