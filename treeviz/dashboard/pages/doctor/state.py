"""The state of the Doctor page: the sidebar's choices (the agent, its settings, the
checkup's options, declared here with their defaults and ranges), the last checkup,
kept until the next one, with the trees of its findings inside the search as the page
shows them, and one tree view per such tree."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from treeviz.agents.registry import AGENTS
from treeviz.checkup.result import Checkup
from treeviz.checkup.run import DEFAULT_HORIZON
from treeviz.connect4.board import DEFAULT_HEIGHT, DEFAULT_WIDTH
from treeviz.dashboard.components.inputs import MAX_WIDGET_INT
from treeviz.dashboard.components.tree_view import TreeView
from treeviz.dashboard.state import Keyed
from treeviz.settings import Param
from treeviz.trace.nodes import Trace

OPTIONS = ("agent", "positions", "depth", "seed")  # the sidebar's own widgets, kept


@dataclass(frozen=True)
class DoctorView(Keyed):
    """The Doctor page's values and widgets, under keys ``doctor_*`` (``doctor_agent``:
    the agent chosen; ``doctor_param_alphabeta_depth``: one of its settings)."""

    key: str = "doctor"

    def param(self, agent: str, name: str) -> str:
        """The key of setting ``name`` of ``agent`` (one widget per agent and setting,
        so each agent keeps its own)."""
        return self.widget("param", agent, name)

    def kept_keys(self, settings: Iterable[tuple[str, str]]) -> list[str]:
        """The sidebar's widgets, ``settings`` being (agent, setting name) pairs: kept
        while another page shows."""
        return [self.widget(name) for name in OPTIONS] + [self.param(a, n) for a, n in settings]

    def choose_agent(self, offered: list[str], default: str) -> str | None:
        """Before the agent picker is drawn: ``default`` unless an agent among
        ``offered`` is chosen already. Returns the choice refused, if any: a value
        the picker cannot have sent (None at first)."""
        chosen = self._get("agent")
        if chosen in offered:
            return None
        self._put("agent", default)
        return None if chosen is None else str(chosen)

    @property
    def result(self) -> Checkup | None:
        """The last checkup (None before the first)."""
        out = self._get("result")
        return out if isinstance(out, Checkup) else None

    def keep(self, result: Checkup, trees: dict[str, Trace]) -> None:
        """Show ``result`` from now on, until the next checkup; ``trees``: per node
        check of ``result.inside``, the tree the page shows (kept as the same objects,
        so that each tree view keeps its clicks from one rerun to the next)."""
        self._put("result", result)
        self._put("trees", dict(trees))

    @property
    def trees(self) -> dict[str, Trace]:
        """The trees kept with the last checkup, by node check (none before one)."""
        out = self._get("trees")
        return out if isinstance(out, dict) else {}

    def tree_view(self, check: str) -> TreeView:
        """The tree view of node check ``check``'s tree (keys ``doctor_inside_<check>_*``)."""
        return TreeView(self.widget("inside", check))


VIEW = DoctorView()
# The checkup's options. A visitor runs it on the server: fewer positions at most than
# the command line takes (eight kinds, so 100 a kind is 800 positions and their re-asks).
POSITIONS = Param("positions", "int", 10, "Positions per kind", lo=1, hi=100)
DEPTH = Param(
    "depth",
    "int",
    DEFAULT_HORIZON,
    "Plies your agent looks ahead",
    lo=1,
    hi=DEFAULT_WIDTH * DEFAULT_HEIGHT,
)
SEED = Param("seed", "int", 0, "Seed of the positions", lo=0, hi=MAX_WIDGET_INT)


def kept_keys() -> list[str]:
    """The sidebar's widgets (the agent, every agent's settings, the options), whose
    values must outlive a visit to another page."""
    return VIEW.kept_keys((a.name, p.name) for a in AGENTS.values() for p in a.params)
