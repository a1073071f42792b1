"""Monte Carlo Tree Search with UCT (the seeds' ``000``, ``001`` and ``003`` agents).

Each iteration selects a path by UCT, ``Q/N + c * sqrt(ln N_parent / N)`` (c default
sqrt(2); seed notebook 001 wrote ``c * sqrt(2 ln N_parent / N)``, which is this with c
multiplied by sqrt(2)), expands one untried move, plays a rollout and backs the result
up. Results count 1 / 0.5 / 0 for a win / draw / loss of the player who moved into a
node; that is how ``value_sum`` is stored, and tables show them for the root player.

Options, each from a seed: ``rule`` (``001``) restricts a node's moves to an immediate
win, else to blocking an immediate loss; ``expansion="heuristic"`` (``003``) tries
moves in heuristic order instead of at random; ``final="robust"`` (``000``/``003``)
picks the most visited column, ``"mean"`` (``001``) the best mean result;
``rollout="smart"`` plays a win or blocks a loss during rollouts; ``reuse`` (``000``'s
``moveRoot``) continues from the sub-tree of an earlier search's result that matches
the new position. ``solver=True`` proves nodes won, drawn or lost (MCTS-solver): a
proven node is no longer expanded, counts its exact result, and a proven-won column
is always chosen. Terminal nodes are proven with or without it.

The tree is the trace: node i = the i-th node created (one per iteration at most), so
the node capacity must exceed the reused nodes plus the iterations. With ``reuse`` the
root's visits are the reused ones plus this search's iterations.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from functools import partial
from typing import Any

import numpy as np

import treeviz.agents.mcts.explain as mcts_explain
from treeviz.agents.common import (
    HEURISTIC,
    SEED,
    TIME_LIMIT,
    full_row,
    mark_pv,
    result,
)
from treeviz.agents.contract import Agent, Param
from treeviz.agents.mcts.kernel import (
    AUX_DTYPE,
    OPEN,
    allowed_moves,
    run_iterations,
    subtree_ids,
)
from treeviz.agents.stopping import deadline_of, run_stoppable
from treeviz.connect4 import kernels as K
from treeviz.connect4.board import Position
from treeviz.connect4.heuristics import Evaluator, evaluator
from treeviz.errors import InvalidParameterError, SearchStopped
from treeviz.settings import DEFAULT_CAPACITY, MCTS_MAX_ITERATIONS
from treeviz.trace.nodes import C_NODES, C_RECORDED, ON_PV, TERMINAL, MoveStat, SearchResult, record
from treeviz.trace.reading import uct_value
from treeviz.trace.recorder import Recorder, check_playable
from treeviz.trace.values import RESULT_WORDS, outcome, outcome_text

CHUNK = 2_000  # iterations per kernel call when a time budget is set
UNVISITED: dict[str, Any] = {  # the row of a column the search never tried
    "visits": 0,
    "share": 0.0,
    "q": None,
    "uct": None,
    "wins": 0,
    "draws": 0,
    "losses": 0,
    "proven": "",
}
PROVEN_NAMES = {1: "won", 0: "draw", -1: "lost"}  # outcome for the root player


@dataclass
class MctsTree:
    """What a later search needs to reuse a tree: the trace's nodes, their search
    state, the position at node 0, the rule the untried moves were filtered by, and
    how many iterations built it."""

    nodes: np.ndarray
    aux: np.ndarray
    moves: str
    rule: bool
    iterations: int


def search_mcts(
    pos: Position,
    *,
    iterations: int | None,
    time_limit: float | None,
    c: float,
    seed: int,
    rule: bool,
    expansion: str,
    rollout: str,
    final: str,
    heuristic: str,
    solver: bool,
    record_iterations: bool,
    capacity: int | None,
    reuse: SearchResult | None = None,
) -> SearchResult:
    """UCT search with a budget of ``iterations`` or ``time_limit`` seconds (or both:
    whichever ends first). See the module docs for the options."""
    check_playable(pos)
    if iterations is None and time_limit is None:
        raise InvalidParameterError("MCTS needs a budget: give iterations or time_limit")
    budget = iterations if iterations is not None else MCTS_MAX_ITERATIONS
    kept = reused_tree(reuse, pos, rule) if reuse is not None else None
    n_kept = len(kept.nodes) if kept else 1
    # An iteration adds at most one node. A search bounded by time alone gets the
    # default capacity and stops early once its tree fills it (stats: tree_full).
    need = n_kept + (budget if iterations is not None else 1)
    cap = (
        capacity
        if capacity is not None
        else n_kept + (budget if iterations is not None else DEFAULT_CAPACITY)
    )
    if cap < need:
        raise InvalidParameterError(
            f"capacity={cap} is too small: iterations={budget} need at least {need}"
        )
    state = _State(pos, cap, seed, rule, kept)
    ev = evaluator(heuristic, pos)
    flags = (rule, expansion == "heuristic", rollout == "smart", bool(solver))
    done = state.run_budget(
        budget, limit=time_limit, c=c, flags=flags, ev=ev, record_iterations=record_iterations
    )
    if not _root_children(state.rec.nodes, state.aux):
        raise SearchStopped("mcts was stopped before its first iteration: nothing to report")
    params = {
        "iterations": iterations,
        "time_limit": time_limit,
        "c": c,
        "seed": seed,
        "rule": rule,
        "expansion": expansion,
        "rollout": rollout,
        "final": final,
        "heuristic": heuristic,
        "solver": bool(solver),
        "record_iterations": record_iterations,
        "reused_nodes": n_kept if kept else 0,
        "capacity": cap,
    }
    return _result(pos, state, done, c, final, params)


def reused_tree(previous: SearchResult, pos: Position, rule: bool) -> MctsTree | None:
    """The sub-tree of ``previous`` rooted at ``pos``, renumbered from 0 in creation
    order (so every kept node keeps its statistics and its children's order), or
    None when the search never reached ``pos``. ``pos`` must follow the previous
    root by moves."""
    tree = previous.tree
    if not isinstance(tree, MctsTree):
        raise InvalidParameterError("reuse needs the result of an earlier MCTS search")
    if tree.rule != rule:
        raise InvalidParameterError(f"reuse needs the same rule as before ({tree.rule})")
    played = pos.moves_string()
    if (pos.width, pos.height) != (previous.trace.width, previous.trace.height) or not (
        played.startswith(tree.moves)
    ):
        raise InvalidParameterError(
            f"position {played!r} does not follow the reused search's root {tree.moves!r}"
        )
    node = 0
    for ch in played[len(tree.moves) :]:
        node = _child(tree, node, int(ch) - 1)
        if node < 0:
            return None
    ids = subtree_ids(tree.nodes["parent"], node)
    remap = np.full(len(tree.nodes) + 1, -1, np.int64)  # index -1 maps "none" to -1
    remap[ids] = np.arange(len(ids))
    nodes, aux = tree.nodes[ids].copy(), tree.aux[ids].copy()
    nodes["parent"] = remap[nodes["parent"]]
    nodes["depth"] -= nodes["depth"][0]
    nodes["flags"] &= ~np.uint8(ON_PV)
    aux["child"], aux["sibling"] = remap[aux["child"]], remap[aux["sibling"]]
    return MctsTree(nodes, aux, played, rule, tree.iterations)


def _child(tree: MctsTree, node: int, col: int) -> int:
    """The child of ``node`` reached by ``col``, -1 if it was never expanded."""
    k = int(tree.aux["child"][node])
    while k >= 0 and int(tree.nodes["move"][k]) != col:
        k = int(tree.aux["sibling"][k])
    return k


class _State:
    """One tree under construction: the recorder's node table and the aux table."""

    def __init__(
        self, pos: Position, cap: int, seed: int, rule: bool, kept: MctsTree | None
    ) -> None:
        self.pos, self.rule = pos, rule
        self.rec = Recorder(cap)
        self.aux = np.zeros(cap, AUX_DTYPE)
        self.rng = K.new_rng(seed)
        self.log: list[np.ndarray] = []
        self.stopped = False
        self.full = False  # set by run_budget: it stopped because the table was full
        self.base = kept.iterations if kept else 0
        if kept is not None:
            n = len(kept.nodes)
            self.rec.nodes[:n], self.aux[:n] = kept.nodes, kept.aux
            self.rec.ctr[C_NODES] = self.rec.ctr[C_RECORDED] = n
            return
        record(self.rec.nodes, self.rec.ctr, -1, -1, 0, 0)
        self.rec.ctr[C_NODES] = 1
        root = self.aux[0]
        root["cur"], root["mask"] = np.uint64(pos.current), np.uint64(pos.mask)
        root["child"] = root["sibling"] = -1
        root["outcome"] = OPEN
        root["untried"] = allowed_moves(root["cur"], root["mask"], rule, pos.width, pos.height)

    def run_budget(
        self,
        budget: int,
        *,
        limit: float | None,
        c: float,
        flags: tuple[bool, bool, bool, bool],
        ev: Evaluator,
        record_iterations: bool,
    ) -> int:
        """Run up to ``budget`` iterations within ``limit`` seconds; return how many
        ran (fewer if the root got proven)."""
        done, deadline = 0, deadline_of(limit)
        if budget > 0:  # one iteration whatever the clock says: a result needs a visit
            done = self._chunk(1, None, c, flags, ev, record_iterations)[0]
        while done < budget and not self.stopped and self.room():
            step = budget - done if limit is None else min(CHUNK, budget - done)
            ran, step = self._chunk(step, deadline, c, flags, ev, record_iterations, done)
            done += ran
            if ran < step:
                break
        # reaching the time limit is the budget at work, not an interruption
        self.stopped = self.stopped and (deadline is None or time.monotonic() < deadline)
        # full: it stopped for want of room (a tree sized to its iterations fills anyway)
        self.full = done < budget and not self.room()
        return done

    def room(self) -> bool:
        """Whether the node table can take another node (another iteration)."""
        return int(self.rec.ctr[C_RECORDED]) < self.rec.nodes.shape[0]

    def _chunk(
        self,
        step: int,
        deadline: float | None,
        c: float,
        flags: tuple[bool, bool, bool, bool],
        ev: Evaluator,
        record_iterations: bool,
        done: int = 0,
    ) -> tuple[int, int]:
        """Run ``step`` iterations from ``done`` (stoppable); returns (ran, step)."""
        log = np.zeros((step if record_iterations else 0, 4), np.int64)
        first = self.base + done
        # one spread of flags and evaluator together: mypy misreads two in a row
        chunk = partial(
            run_iterations,
            first,
            first + step,
            c,
            *(flags + ev.kernel_args),
            self.rec.nodes,
            self.rec.ctr,
            self.aux,
            self.rng,
            log,
        )
        ran, self.stopped = run_stoppable(chunk, self.rec.ctr, deadline)
        self.log.append(log[:ran])
        return ran, step


def _root_children(nodes: np.ndarray, aux: np.ndarray) -> dict[int, int]:
    """Column -> node id of the root's children."""
    kids, k = {}, int(aux[0]["child"])
    while k >= 0:
        kids[int(nodes[k]["move"])] = k
        k = int(aux[k]["sibling"])
    return kids


def _row(
    col: int, pos: Position, nodes: np.ndarray, aux: np.ndarray, k: int, root_n: int, c: float
) -> MoveStat:
    """The table row of root child ``k`` (column ``col``, 0-based): Q for the root
    player over the visits, and the outcome when the child is proven."""
    n, s = int(nodes[k]["visits"]), float(nodes[k]["value_sum"])
    wins, draws = int(aux[k]["wins"]), int(aux[k]["draws"])
    q = s / n if n else None
    uct = uct_value(q, n, root_n, c=c) if q is not None and root_n > 1 else None
    proven = int(aux[k]["outcome"])
    extra = {
        "visits": n,
        "share": round(n / root_n, 6) if root_n else 0.0,
        "q": None if q is None else round(q, 6),
        "uct": None if uct is None else round(uct, 6),
        "wins": wins,
        "draws": draws,
        "losses": n - wins - draws,
        "proven": PROVEN_NAMES.get(proven, ""),
    }
    found = _proven_outcome(pos, nodes, k, proven)
    if q is None:  # created but not yet visited: only a proof speaks for it
        text = outcome_text(found) if found else "expanded, not visited yet"
        return MoveStat(col + 1, None, extra, found, text)
    text = f"Q {q:.2f} over {n} visits"
    if found is not None:
        text = f"{outcome_text(found)}; {text}"
    return MoveStat(col + 1, round(q, 6), extra, found, text)


def _proven_outcome(pos: Position, nodes: np.ndarray, k: int, proven: int) -> dict[str, Any] | None:
    """The outcome of a proven root child: exact for a game it ends, else the result
    alone (MCTS-solver proves who wins, not how fast)."""
    if proven == OPEN:
        return None
    if nodes[k]["flags"] & TERMINAL:
        return outcome(RESULT_WORDS[proven], 1, pos.ply, width=pos.width, height=pos.height)
    return {"result": RESULT_WORDS[proven], "plies": None, "score": None}


def _unsearched(col: int, pos: Position, rule: bool, done: int) -> MoveStat:
    """The row of a legal column MCTS never expanded, saying why."""
    allowed = int(
        allowed_moves(np.uint64(pos.current), np.uint64(pos.mask), rule, pos.width, pos.height)
    )
    why = (
        "excluded by the win/block rule"
        if rule and not allowed >> col & 1
        else f"never expanded in {done} iterations"
    )
    return MoveStat(col + 1, None, dict(UNVISITED), text=f"not searched: {why}")


def _choose(rows: list[MoveStat], kids: dict[int, int], aux: np.ndarray, final: str, w: int) -> int:
    """The chosen column (0-based): a proven win first, a proven loss last, else the
    most visited (``robust``) or the best mean (``mean``); ties go to the centre."""

    def key(col: int) -> tuple[float, ...]:
        row, outcome = rows[col].extra, int(aux[kids[col]]["outcome"])
        rank = {1: 2, -1: 0}.get(outcome, 1)
        q = row["q"] if row["q"] is not None else -1.0
        score = (row["visits"], q) if final == "robust" else (q, row["visits"])
        return (rank, *score, -abs(col - w // 2))

    return max(kids, key=key)


def _result(
    pos: Position, state: _State, done: int, c: float, final: str, params: dict[str, Any]
) -> SearchResult:
    """Per-column statistics, the chosen column and the most-visited line."""
    rec, aux = state.rec, state.aux
    nodes = rec.nodes
    root_n = int(nodes[0]["visits"])
    kids = _root_children(nodes, aux)
    rows = []
    for col in range(pos.width):
        if not pos.can_play(col):
            rows.append(full_row(col))
        elif col not in kids:
            rows.append(_unsearched(col, pos, state.rule, done))
        else:
            rows.append(_row(col, pos, nodes, aux, kids[col], root_n, c))
    best = _choose(rows, kids, aux, final, pos.width)
    ids = [0, kids[best], *_most_visited_line(nodes, aux, kids[best])]
    log = np.concatenate(state.log) if state.log else np.zeros((0, 4), np.int64)
    trace = rec.trace(
        "mcts",
        params,
        pos,
        fields=("visits", "value_sum", "expanded_at", "proven"),
        extra={"log": log.tolist()} if len(log) else None,
    )
    mark_pv(trace, ids)
    n = int(rec.ctr[C_RECORDED])
    tree = MctsTree(trace.nodes, aux[:n].copy(), pos.moves_string(), state.rule, state.base + done)
    depths = trace.nodes["depth"]
    elapsed = float(trace.counters["time_s"])
    out = result(
        trace,
        best,
        rows,
        pv=[int(nodes[i]["move"]) for i in ids[1:]],
        value=rows[best].value,
        iterations=done,
        iterations_per_s=round(done / elapsed) if elapsed else None,
        tree_size=n,
        max_depth=int(depths.max()),
        mean_depth=round(float(depths.mean()), 3),
        root_proven=PROVEN_NAMES.get(-int(aux[0]["outcome"]), ""),
        stopped=state.stopped,
        tree_full=state.full,
    )
    out.tree = tree
    return out


def _most_visited_line(nodes: np.ndarray, aux: np.ndarray, node: int) -> list[int]:
    """Node ids below ``node`` following the most visited child each time."""
    line = []
    while int(aux[node]["child"]) >= 0:
        k, top = int(aux[node]["child"]), -1
        while k >= 0:
            if top < 0 or nodes[k]["visits"] > nodes[top]["visits"]:
                top = k
            k = int(aux[k]["sibling"])
        line.append(top)
        node = top
    return line


AGENT = Agent(
    name="mcts",
    description="Monte Carlo Tree Search (UCT) with the rollout, expansion, rule "
    "and final-choice options of the course notebooks",
    params=(
        Param(
            "iterations",
            "int",
            10_000,
            "iterations to run (none: until time_limit)",
            lo=1,
            hi=MCTS_MAX_ITERATIONS,
            optional=True,
        ),
        TIME_LIMIT,
        Param("c", "float", math.sqrt(2), "UCT exploration constant", lo=0.0, hi=100.0),
        SEED,
        Param("rule", "bool", False, "play an immediate win, else block one (001)"),
        Param(
            "expansion",
            "str",
            "random",
            "order untried moves are expanded in (003)",
            choices=("random", "heuristic"),
        ),
        Param(
            "rollout",
            "str",
            "random",
            "rollout policy: random, or win/block first",
            choices=("random", "smart"),
        ),
        Param(
            "final",
            "str",
            "robust",
            "final choice: most visited, or best mean (001)",
            choices=("robust", "mean"),
        ),
        HEURISTIC,
        Param("solver", "bool", False, "prove wins, draws and losses (MCTS-solver)"),
        Param("record_iterations", "bool", False, "log every iteration in the trace"),
        Param(
            "capacity",
            "int",
            None,
            "trace node limit (none: what the iterations need)",
            lo=2,
            hi=MCTS_MAX_ITERATIONS + 1,
            optional=True,
        ),
    ),
    run=search_mcts,
    value_kind="win_rate",
    sources="000, 001, 003",
    runtime=("reuse",),
    quick={"iterations": 300, "seed": 2},
    fields=mcts_explain.FIELDS,
    reasons=mcts_explain.reasons,
    horizon=lambda p: 2 if p["rule"] else 0,  # the rule plays a win, else blocks one
)
