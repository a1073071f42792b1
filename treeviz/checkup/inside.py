"""Inside a traced search: the doctor records a person's search on the positions that
exposed a bug and on some of every kind, every call checked as it runs
(:func:`~treeviz.agents.user.instrument.checking`), and keeps for each node check the
first failing node on the shortest position (:mod:`treeviz.checkup.tree_bugs`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from treeviz.checkup.battery import Probe
from treeviz.checkup.findings import Finding
from treeviz.checkup.tree_bugs import Across, NodeFinding, check_tree
from treeviz.connect4.board import Position
from treeviz.errors import UserAgentError
from treeviz.trace.nodes import SearchResult, Trace

TREES_PER_KIND = 2  # positions of each kind whose trees are checked, beside the findings'


Found = tuple[list[NodeFinding], dict[str, Trace]]  # the node findings, the trees by check


def inside(
    agent: str,
    *,
    seconds: float,
    probes: list[Probe],
    findings: list[Finding],
    step: Callable[[], Any] | None = None,
) -> Found:
    """The node findings of ``agent``'s recorded trees (none for an agent that records
    none: ours, an engine, a function with no traced search) and, per check, the tree
    that shows it. The positions: each finding's, then :data:`TREES_PER_KIND` of each
    kind (endgames included: where searches meet full boards)."""
    per_kind: dict[str, int] = {}
    moves = [f.moves for f in findings]
    for p in probes:
        if per_kind.get(p.kind, 0) < TREES_PER_KIND:
            per_kind[p.kind] = per_kind.get(p.kind, 0) + 1
            moves.append(p.moves)
    best: dict[str, tuple[NodeFinding, Trace]] = {}
    across = Across()  # the checks that read all the trees together
    for m in dict.fromkeys(moves):
        res = recorded(agent, m, seconds)
        if step is not None:
            step()
        if res is None:
            continue
        if res.trace.kind.base != "user":  # ours: its tree is not a person's search
            return [], {}
        across.add(res)
        for nf in check_tree(res):
            _keep(best, nf, res.trace)
    for nf, trace in across.findings():
        _keep(best, nf, trace)
    found = sorted(best.values(), key=lambda x: len(x[0].node_moves))
    return [nf for nf, _ in found], {nf.check: t for nf, t in found}


def _keep(best: dict[str, tuple[NodeFinding, Trace]], nf: NodeFinding, trace: Trace) -> None:
    """Keep ``nf`` as its check's finding where it is the first or on a shorter
    position than the one kept."""
    if nf.check not in best or len(nf.node_moves) < len(best[nf.check][0].node_moves):
        best[nf.check] = (nf, trace)


def readable(trace: Trace, node: int) -> Trace | None:
    """``trace`` as a trace file can hold it: a Connect 4 tree, every move playable
    from its parent's position. A search that played a stone of the wrong colour goes
    on from positions the game never reaches; the tree is then cut before its first
    such node (parents come before their children, so what stays is a tree), and
    None when that cut would lose ``node``."""
    from dataclasses import replace

    import numpy as np

    from treeviz.trace.files import first_illegal_node

    root = trace.position()
    parent, move = (trace.nodes[k].astype(np.int64) for k in ("parent", "move"))
    bad = first_illegal_node(
        np.uint64(root.current), np.uint64(root.mask), parent, move, root.width, root.height
    )
    if bad < 0:
        return trace
    if node >= bad:
        return None
    counters = dict(trace.counters, recorded=bad)
    return replace(trace, nodes=trace.nodes[:bad].copy(), counters=counters)


def recorded(agent: str, moves: str, seconds: float) -> SearchResult | None:
    """``agent``'s search of ``moves`` with every traced call checked; None when the
    agent fails there (the black-box checks report that)."""
    from treeviz.agents.deadline import move_limit
    from treeviz.agents.registry import search
    from treeviz.agents.user.instrument import checking

    try:
        with checking(), move_limit(seconds):
            return search(Position.from_moves(moves), agent)
    except UserAgentError:
        return None
