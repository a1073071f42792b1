"""Monte Carlo Tree Search with UCT (the seeds' ``000``, ``001`` and ``003`` agents).

Each iteration selects a path by UCT, ``Q/N + c * sqrt(ln N_parent / N)`` (c default
sqrt(2); ``001_*.txt`` wrote ``c * sqrt(2 ln N_parent / N)``, which is this with c
multiplied by sqrt(2)), expands one untried move, plays a rollout and backs the result
up. Results count 1 / 0.5 / 0 for a win / draw / loss of the player who moved into a
node; that is how ``value_sum`` is stored, and tables show them for the root player.

Options, each from a seed: ``rule`` (``001``) restricts a node's moves to an immediate
win, else to blocking an immediate loss; ``expansion="heuristic"`` (``003``) tries
moves in heuristic order instead of at random; ``final="robust"`` (``000``/``003``)
picks the most visited column, ``"mean"`` (``001``) the best mean result;
``rollout="smart"`` plays a win or blocks a loss during rollouts.

The tree is the trace: node i = the i-th node created (one per iteration at most), so
the node capacity must exceed the iterations.
"""

from __future__ import annotations

import math
import time
from typing import Any

import numpy as np
from numba import njit

from treeviz import kernels as K
from treeviz.board import Position
from treeviz.errors import InvalidParameterError
from treeviz.heuristics import evaluate_kernel
from treeviz.search.common import (
    Evaluator,
    Recorder,
    check_choice,
    check_float,
    check_int,
    check_playable,
    evaluator,
    mark_pv,
    result,
)
from treeviz.trace import C_LEAVES, C_NODES, C_RECORDED, TERMINAL, MoveStat, SearchResult, record

CHUNK = 2_000  # iterations per kernel call when a time budget is set


@njit(cache=True)
def allowed_moves(cur: np.uint64, mask: np.uint64, rule: bool, w: int, h: int) -> int:
    """Columns to try at a node (bit c = column c): all legal ones, or with ``rule``
    only winning ones if any, else only those blocking an opponent's immediate win."""
    legal = K.legal_columns(mask, w, h)
    if not rule:
        return legal
    wins, blocks = 0, 0
    opp_cells = K.winning_cells(cur ^ mask, mask, w, h)
    for c in range(w):
        if legal >> c & 1:
            if K.is_winning_move(cur, mask, c, w, h):
                wins |= 1 << c
            cell = (mask + K.bottom_bit(c, h)) & K.column_bits(c, h)
            if opp_cells & cell:
                blocks |= 1 << c
    return wins or blocks or legal


@njit(cache=True)
def random_bit(moves: int, w: int, rng: np.ndarray) -> int:
    """A uniformly random column among the set bits of ``moves`` (at least one)."""
    n = 0
    for c in range(w):
        n += moves >> c & 1
    k = int(K.xorshift(rng) % np.uint64(n))
    for c in range(w):
        if moves >> c & 1:
            if k == 0:
                return c
            k -= 1
    return -1


@njit(cache=True)
def smart_playout(cur: np.uint64, mask: np.uint64, w: int, h: int, rng: np.ndarray) -> int:
    """Like :func:`kernels.random_playout`, but each side wins at once when it can and
    otherwise blocks an immediate loss when it can."""
    full = K.board_mask(w, h)
    sign = 1
    while mask != full:
        col = random_bit(allowed_moves(cur, mask, True, w, h), w, rng)
        if K.is_winning_move(cur, mask, col, w, h):
            return sign
        cur, mask = K.play(cur, mask, col, h)
        sign = -sign
    return 0


@njit(cache=True)
def _pick_untried(
    untried: int,
    cur: np.uint64,
    mask: np.uint64,
    heuristic_order: bool,
    w: int,
    h: int,
    rng: np.ndarray,
    hid: int,
    windows: np.ndarray,
    weights: np.ndarray,
    centre_cols: np.ndarray,
) -> int:
    """The next move to expand: random, or the best heuristic child first."""
    if not heuristic_order:
        return random_bit(untried, w, rng)
    best, best_score = -1, 1 << 60
    for c in range(w):
        if untried >> c & 1:
            ncur, nmask = K.play(cur, mask, c, h)
            s = evaluate_kernel(hid, ncur, nmask, w, h, windows, weights, centre_cols)
            if s < best_score:  # lowest for the opponent = best for the mover
                best, best_score = c, s
    return best


@njit(cache=True)
def run_iterations(
    first: int,
    last: int,
    c_uct: float,
    rule: bool,
    heuristic_order: bool,
    smart: bool,
    w: int,
    h: int,
    hid: int,
    windows: np.ndarray,
    weights: np.ndarray,
    centre_cols: np.ndarray,
    nodes: np.ndarray,
    ctr: np.ndarray,
    curs: np.ndarray,
    masks: np.ndarray,
    untried: np.ndarray,
    child: np.ndarray,
    sibling: np.ndarray,
    outcome: np.ndarray,
    rng: np.ndarray,
    log: np.ndarray,
) -> None:
    """Iterations ``first .. last-1`` on the tree in ``nodes`` (root = 0, made by the
    caller). ``outcome[i]``: -2 open, else the result for the player who moved into i
    (1 win, 0 draw) of a finished game. ``log`` rows (leaf, leaf depth, result x 2)."""
    for it in range(first, last):
        node, depth = 0, 0
        # selection: descend while the node is fully expanded and not finished
        while untried[node] == 0 and outcome[node] == -2 and child[node] >= 0:
            best, best_u = -1, -1.0
            ln_n = math.log(nodes[node].visits)
            k = child[node]
            while k >= 0:
                n = nodes[k].visits
                u = nodes[k].value_sum / n + c_uct * math.sqrt(ln_n / n)
                if u > best_u:
                    best, best_u = k, u
                k = sibling[k]
            node = best
            depth += 1
        # expansion
        if untried[node] != 0 and outcome[node] == -2:
            col = _pick_untried(
                untried[node],
                curs[node],
                masks[node],
                heuristic_order,
                w,
                h,
                rng,
                hid,
                windows,
                weights,
                centre_cols,
            )
            untried[node] &= ~(1 << col)
            new = record(nodes, ctr, node, col, depth + 1, 0)
            ctr[C_NODES] += 1
            won = K.is_winning_move(curs[node], masks[node], col, w, h)
            curs[new], masks[new] = K.play(curs[node], masks[node], col, h)
            nodes[new].expanded_at = it
            sibling[new] = child[node]
            child[new] = -1
            child[node] = new
            if won or masks[new] == K.board_mask(w, h):
                outcome[new] = 1 if won else 0
                nodes[new].flags |= TERMINAL
                nodes[new].proven = -1 if won else 0
                untried[new] = 0
            else:
                outcome[new] = -2
                untried[new] = allowed_moves(curs[new], masks[new], rule, w, h)
            node = new
            depth += 1
        # simulation: result for the player who moved into ``node``
        if outcome[node] != -2:
            res = 1.0 if outcome[node] == 1 else 0.5
            ctr[C_LEAVES] += 1
        else:
            r = (
                smart_playout(curs[node], masks[node], w, h, rng)
                if smart
                else K.random_playout(curs[node], masks[node], w, h, rng)
            )
            res = 0.5 - 0.5 * r  # the playout's +1 is a win for the player to move there
        log_row = it % log.shape[0] if log.shape[0] else -1
        if log_row >= 0:
            log[log_row, 0] = node
            log[log_row, 1] = depth
            log[log_row, 2] = int(res * 2)
        # backpropagation
        while node >= 0:
            nodes[node].visits += 1
            nodes[node].value_sum += res
            res = 1.0 - res
            node = nodes[node].parent


def search_mcts(
    pos: Position,
    iterations: int | None = 10_000,
    time_limit: float | None = None,
    c: float = math.sqrt(2),
    seed: int = 0,
    rule: bool = False,
    expansion: str = "random",
    rollout: str = "random",
    final: str = "robust",
    heuristic: str = "window",
    record_iterations: bool = False,
    capacity: int | None = None,
) -> SearchResult:
    """UCT search with a budget of ``iterations`` or ``time_limit`` seconds (or both:
    whichever ends first). See the module docs for the options."""
    check_playable(pos)
    if iterations is None and time_limit is None:
        raise InvalidParameterError("MCTS needs a budget: give iterations or time_limit")
    c = check_float("c", c, 0.0)
    seed = check_int("seed", seed, 0, 2**63 - 1)
    check_choice("expansion", expansion, ("random", "heuristic"))
    check_choice("rollout", rollout, ("random", "smart"))
    check_choice("final", final, ("robust", "mean"))
    budget = (
        check_int("iterations", iterations, 1, 10_000_000) if iterations is not None else 10_000_000
    )
    cap = check_int("capacity", capacity if capacity is not None else budget + 1, 2, 10_000_001)
    if cap < budget + 1:
        raise InvalidParameterError(
            f"iterations {budget} need a capacity of at least {budget + 1}, got {cap}"
        )
    limit = check_float("time_limit", time_limit, 0.0) if time_limit is not None else None
    ev = evaluator(heuristic, pos)
    rec = Recorder(cap)
    state = _State(pos, rec, cap, seed, budget if record_iterations else 0, rule)
    start, done = time.perf_counter(), 0
    while done < budget:
        step = budget - done if limit is None else min(CHUNK, budget - done)
        state.run(done, done + step, c, rule, expansion == "heuristic", rollout == "smart", ev)
        done += step
        if limit is not None and time.perf_counter() - start >= limit:
            break
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
        "capacity": cap,
    }
    return _result(pos, rec, state, done, c, final, params)


class _State:
    """The arrays of one tree besides the trace nodes."""

    def __init__(
        self, pos: Position, rec: Recorder, cap: int, seed: int, log_rows: int, rule: bool
    ) -> None:
        self.pos, self.rec = pos, rec
        self.curs = np.zeros(cap, np.uint64)
        self.masks = np.zeros(cap, np.uint64)
        self.untried = np.zeros(cap, np.int64)
        self.child = np.full(cap, -1, np.int64)
        self.sibling = np.full(cap, -1, np.int64)
        self.outcome = np.full(cap, -2, np.int64)
        self.log = np.zeros((log_rows, 3), np.int64)
        self.rng = K.new_rng(seed)
        record(rec.nodes, rec.ctr, -1, -1, 0, 0)
        rec.ctr[C_NODES] = 1
        self.curs[0], self.masks[0] = np.uint64(pos.current), np.uint64(pos.mask)
        self.untried[0] = allowed_moves(self.curs[0], self.masks[0], rule, pos.width, pos.height)

    def run(
        self, first: int, last: int, c: float, rule: bool, heur: bool, smart: bool, ev: Evaluator
    ) -> None:
        run_iterations(
            first,
            last,
            c,
            rule,
            heur,
            smart,
            self.pos.width,
            self.pos.height,
            ev.hid,
            ev.windows,
            ev.weights,
            ev.centre_cols,
            self.rec.nodes,
            self.rec.ctr,
            self.curs,
            self.masks,
            self.untried,
            self.child,
            self.sibling,
            self.outcome,
            self.rng,
            self.log,
        )


def _result(
    pos: Position,
    rec: Recorder,
    state: _State,
    done: int,
    c: float,
    final: str,
    params: dict[str, Any],
) -> SearchResult:
    """Per-column statistics, the chosen column and the most-visited line."""
    nodes = rec.nodes
    root_n = int(nodes[0]["visits"])
    kids: dict[int, int] = {}
    k = int(state.child[0])
    while k >= 0:
        kids[int(nodes[k]["move"])] = k
        k = int(state.sibling[k])
    rows, score = [], {}
    for col in range(pos.width):
        if not pos.can_play(col):
            rows.append(MoveStat(col + 1, None, {"full": True}))
            continue
        if col not in kids:
            rows.append(
                MoveStat(col + 1, None, {"visits": 0, "share": 0.0, "q": None, "uct": None})
            )
            continue
        n, s = int(nodes[kids[col]]["visits"]), float(nodes[kids[col]]["value_sum"])
        q = s / n
        uct = q + c * math.sqrt(math.log(root_n) / n)
        score[col] = (n, q) if final == "robust" else (q, n)
        proven = {-1: "won", 1: "lost"}.get(int(nodes[kids[col]]["proven"]), "")
        rows.append(
            MoveStat(
                col + 1,
                round(q, 6),
                {
                    "visits": n,
                    "share": round(n / root_n, 6),
                    "q": round(q, 6),
                    "uct": round(uct, 6),
                    "proven": proven,
                },
            )
        )
    best = max(score, key=lambda col: (score[col], -abs(col - pos.width // 2)))
    pv, ids, node = [], [0], 0
    while int(state.child[node]) >= 0:
        k, top = int(state.child[node]), -1
        while k >= 0:
            if top < 0 or nodes[k]["visits"] > nodes[top]["visits"]:
                top = k
            k = int(state.sibling[k])
        if node == 0:
            top = kids[best]
        pv.append(int(nodes[top]["move"]))
        ids.append(top)
        node = top
    trace = rec.trace(
        "mcts",
        params,
        pos,
        ("visits", "value_sum", "expanded_at", "proven"),
        {"log": state.log.tolist()} if len(state.log) else None,
    )
    mark_pv(trace, ids)
    depths = trace.nodes["depth"]
    elapsed = float(trace.counters["time_s"])
    return result(
        trace,
        best,
        rows,
        pv,
        rows[best].value,
        iterations=done,
        iterations_per_s=round(done / elapsed) if elapsed else None,
        tree_size=int(rec.ctr[C_RECORDED]),
        max_depth=int(depths.max()),
        mean_depth=round(float(depths.mean()), 3),
    )
