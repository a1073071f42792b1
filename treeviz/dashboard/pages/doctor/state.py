"""The state of the Doctor page: the sidebar's choices (the agent, its settings, the
checkup's options, declared here with their defaults and ranges), the last checkup,
kept until the next one, with the trees of its findings inside the search as the page
shows them, and one tree view per such tree; and what a reload keeps (:func:`saved`,
:func:`restore`): the sidebar's choices, and the checkup as plain data, its trees as
trace files' text while they fit in :data:`KEPT_CHARS`, made once per checkup."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from treeviz.agents.registry import AGENTS, get_agent
from treeviz.checkup.result import Checkup
from treeviz.checkup.run import DEFAULT_HORIZON
from treeviz.connect4.board import DEFAULT_HEIGHT, DEFAULT_WIDTH
from treeviz.dashboard.components.inputs import MAX_WIDGET_INT, offered_agents
from treeviz.dashboard.components.tree_view import TreeView
from treeviz.dashboard.server.visitor import MAX_VISITOR_CHARS
from treeviz.dashboard.state import Keyed, joined
from treeviz.errors import TreevizError
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

    def settings(self) -> dict[str, Any]:
        """The sidebar's choices as the widgets hold them, plain data: the agent, the
        settings of that agent, and the options (:data:`OPTIONS`) that have a value."""
        agent = self._get("agent")
        found = {o: self._get(o) for o in OPTIONS[1:]}
        out: dict[str, Any] = {o: v for o, v in found.items() if v is not None}
        if isinstance(agent, str) and agent in AGENTS:
            names = [p.name for p in get_agent(agent).params]
            out["agent"] = agent
            out["params"] = {n: self._get(joined("param", agent, n)) for n in names}
        return out

    def set_settings(self, kept: dict[str, Any], offered: list[str]) -> None:
        """Set the sidebar's choices from ``kept`` (:meth:`settings`): an agent among
        ``offered`` with its settings, and the options, each only when its declaration
        accepts it (anything else is left as it is)."""
        agent, params = kept.get("agent"), kept.get("params")
        if agent in offered:
            self._put("agent", agent)
            for p in get_agent(str(agent)).params:
                self._put_checked(joined("param", agent, p.name), p, params)
        for p in (POSITIONS, DEPTH, SEED):
            self._put_checked(p.name, p, kept)

    def _put_checked(self, part: str, p: Param, found: Any) -> None:
        """Put ``found``'s value of ``p`` under ``part`` when ``found`` is a dict with
        one and ``p`` accepts it as it is (a kept value is never fixed, only left out)."""
        if not isinstance(found, dict) or p.name not in found:
            return
        value = found[p.name]
        try:
            checked = p.check(value)
        except TreevizError:
            return
        if checked == value and type(checked) is type(value):
            self._put(part, value)

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

    def keep(self, result: Checkup, trees: dict[str, Trace], left_out: Iterable[str] = ()) -> None:
        """Show ``result`` from now on, until the next checkup; ``trees``: per node
        check of ``result.inside``, the tree the page shows (kept as the same objects,
        so that each tree view keeps its clicks from one rerun to the next);
        ``left_out``: the node checks whose trees a reload did not keep."""
        self._put("result", result)
        self._put("trees", dict(trees))
        self._put("left_out", sorted(set(left_out)))
        self._drop("saved")

    def saved_data(self) -> dict[str, Any] | None:
        """What a reload keeps of the checkup shown, as made for it (None: not made yet
        for this one)."""
        made = self._get("saved")
        return made[1] if made is not None and made[0] is self.result else None

    def keep_saved(self, data: dict[str, Any]) -> None:
        """Remember ``data``, what a reload keeps of the checkup shown."""
        self._put("saved", (self.result, data))

    @property
    def left_out(self) -> list[str]:
        """The node checks of the last checkup whose trees a reload did not keep."""
        return list(self._get("left_out", []))

    def forget(self, why: str) -> None:
        """Show no checkup (a kept one that did not read back), and say ``why`` once
        (:meth:`unread`)."""
        self._drop("result")
        self._drop("trees")
        self._put("unread", why)

    def unread(self) -> str | None:
        """Why the checkup kept from before a reload did not read back, once (None:
        it did, or there was none)."""
        out = self._drop("unread")
        return None if out is None else str(out)

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


# A reload keeps the checkup's trees while the whole takes at most this many JSON
# characters: half the visitor's share of the store, so that a game and a deck in
# progress (a few kB) still fit beside it. Past it, the findings, notes, strength, spec
# and options are kept, and the page says which trees were not.
KEPT_CHARS = MAX_VISITOR_CHARS // 2
KEPT_SOURCE = "the checkup kept from your last visit"


def saved() -> dict[str, Any]:
    """What a reload keeps: ``settings``, the sidebar's choices
    (:meth:`DoctorView.settings`), and after a checkup :func:`checkup_data`."""
    return {"settings": VIEW.settings(), **(checkup_data() or {})}


def checkup_data() -> dict[str, Any] | None:
    """The checkup shown as plain data (None before one), made once per checkup (a
    rerun of the page writes no trees again): ``checkup``, :meth:`Checkup.as_data` with
    the trees the page shows, or without them when they would take it past
    :data:`KEPT_CHARS`; ``left_out``, the checks whose trees were not kept (now or by
    an earlier reload)."""
    result = VIEW.result
    if result is None:
        return None
    made = VIEW.saved_data()
    if made is not None:
        return made
    data = replace(result, trees=VIEW.trees).as_data()
    left = set(VIEW.left_out)
    if len(json.dumps(data, separators=(",", ":"))) > KEPT_CHARS:
        left |= set(data["trees"])
        data = result.as_data(trees=False)
    made = {"checkup": data, "left_out": sorted(left)}
    VIEW.keep_saved(made)
    return made


def restore(kept: Any) -> None:
    """Put back what :func:`saved` returned: the sidebar's choices, and the checkup
    read as :meth:`Checkup.from_data` reads (only data: the agent is not loaded,
    nothing runs); a checkup that does not read back is forgotten, and the page says
    why (:meth:`DoctorView.unread`)."""
    plain = kept if isinstance(kept, dict) else {"checkup": kept}
    settings = plain.get("settings")
    if isinstance(settings, dict):
        VIEW.set_settings(settings, offered_agents())
    if "checkup" not in plain:
        return
    try:
        result = Checkup.from_data(plain.get("checkup"), KEPT_SOURCE)
    except TreevizError as exc:
        VIEW.forget(str(exc))
        return
    left = plain.get("left_out")
    inside = {f.check for f in result.inside}
    checks = [c for c in left if str(c) in inside] if isinstance(left, list) else []
    VIEW.keep(result, result.readable_trees(), checks)
    VIEW.keep_saved({"checkup": plain["checkup"], "left_out": sorted(checks)})


def kept_keys() -> list[str]:
    """The sidebar's widgets (the agent, every agent's settings, the options), whose
    values must outlive a visit to another page."""
    return VIEW.kept_keys((a.name, p.name) for a in AGENTS.values() for p in a.params)
