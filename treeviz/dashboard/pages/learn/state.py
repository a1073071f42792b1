"""The Learn page's state: which exercise, whether the link was read, the learner's
session of questions (predict the search) and the tree to fill in (alpha-beta by hand).

Every key starts with ``learn`` (the puzzles section keeps its own, ``p_``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from treeviz.dashboard.state.keyed import Keyed
from treeviz.dashboard.state.tree import TreeView
from treeviz.learn.hand import HandTree
from treeviz.learn.questions import Moment, Session
from treeviz.trace.nodes import Trace


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
