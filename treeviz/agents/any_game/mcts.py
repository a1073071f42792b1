"""MCTS with UCT and random playouts on any game, as Connect 4's MCTS records it.

Each iteration selects a path by UCT, ``Q/N + c * sqrt(ln N_parent / N)``, expands one
untried move (in the game's order: the seeded generator picks the playouts' moves),
plays random moves to the end and backs the result up. Results count 1 / 0.5 / 0 for
a win / draw / loss of the player who moved into a node (the player to move at its
parent: never assumed to alternate); that is ``value_sum``. The root's ``value_sum``
is for the other side, as Connect 4's MCTS and the replay's recount store it (the
side that moved before the root, in these two-player games). The iteration log
(``extra.log``) has a row per iteration: the leaf's id, its depth, the playout's
plies, 2 x the result for the player who moved into the leaf. The chosen move is the
most visited (ties to the move listed first).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from treeviz.agents.any_game.tree import ROOT_ARGS, Search, row
from treeviz.rules.protocol import NOBODY, Game, can_draw
from treeviz.rules.steps import steps_of
from treeviz.trace.nodes import NOT_RECORDED, TERMINAL, MoveStat


@dataclass(eq=False)
class Node:
    """A node of the tree: its state (the game's raw one: :mod:`treeviz.rules.steps`),
    id in the trace, who moves there and what is left to expand."""

    state: Any
    trace_id: int
    mover: int  # the player to move at the node (NOBODY once the game is over)
    untried: list[int]
    depth: int
    children: dict[int, Node] = field(default_factory=dict)
    visits: int = 0
    value_sum: float = 0.0
    wins: int = 0  # results counted as value_sum is: for the player who moved into it
    draws: int = 0
    expanded_at: int = 0


def result_for(returns: Sequence[float], player: int) -> float:
    """1 / 0.5 / 0: ``player`` won, drew or lost."""
    return 1.0 if returns[player] > 0 else 0.5 if returns[player] == 0 else 0.0


class Uct:
    """One UCT search of ``iterations`` iterations (see the module docstring)."""

    def __init__(self, search: Search, *, c: float, seed: int) -> None:
        self.s, self.game, self.c = search, search.game, c
        self.walk = steps_of(search.game, search.root)
        # Python's generator, seeded: a playout draws a move per ply, and NumPy's
        # costs a microsecond a draw from Python (a quarter of a ply of tic-tac-toe)
        self.random = random.Random(seed).random
        self.log: list[tuple[int, int, int, int]] = []
        self.played = 0  # plies of every playout so far
        self.root = self.make(self.walk.start, search.add(*ROOT_ARGS), 0, 0)

    def make(self, state: Any, trace_id: int, depth: int, iteration: int) -> Node:
        mover = self.walk.mover(state)
        if mover < 0:
            self.s.set(trace_id, flags=TERMINAL)
            return Node(state, trace_id, NOBODY, [], depth, expanded_at=iteration)
        untried = list(self.walk.actions(state))
        return Node(state, trace_id, mover, untried, depth, expanded_at=iteration)

    def run(self, iterations: int) -> None:
        for i in range(1, iterations + 1):
            path = self.select()
            leaf = path[-1]
            if leaf.untried:
                leaf = self.expand(leaf, i)
                path.append(leaf)
            returns, plies = self.playout(leaf.state)
            # a playout of a large board is most of the work: within the node limit too
            self.played += plies
            if i == 1:
                self.s.projected_within_limit(plies, iterations)
            self.s.within_limit(self.s.nodes + self.played, "nodes and playout plies")
            for parent, node in zip([None, *path], path, strict=False):
                node.visits += 1
                if parent is None:  # the root's: for the other side, not the root's
                    score = 1.0 - result_for(returns, self.s.root_side)
                else:
                    score = result_for(returns, parent.mover)
                node.value_sum += score
                node.wins += score == 1.0
                node.draws += score == 0.5
            into = path[-2].mover if len(path) > 1 else self.s.root_side
            self.log.append((leaf.trace_id, leaf.depth, plies, int(2 * result_for(returns, into))))

    def select(self) -> list[Node]:
        """The path from the root by UCT to a node with untried moves or no moves;
        ties to the child expanded first. (The score is written out in the loop: a
        call per child was half of a search's time.)"""
        path, node, c, sqrt = [self.root], self.root, self.c, math.sqrt
        while not node.untried and node.children:
            log_n = math.log(node.visits)
            best, top = node, -math.inf
            for kid in node.children.values():
                score = kid.value_sum / kid.visits + c * sqrt(log_n / kid.visits)
                if score > top:
                    best, top = kid, score
            node = best
            path.append(node)
        return path

    def expand(self, node: Node, iteration: int) -> Node:
        move = node.untried.pop(0)
        state = self.walk.child(node.state, move)
        trace_id = self.s.add(node.trace_id, move, node.depth + 1)
        child = self.make(state, trace_id, node.depth + 1, iteration)
        node.children[move] = child
        return child

    def playout(self, state: Any) -> tuple[Sequence[float], int]:
        """Random moves to the end (each legal move as likely): the returns and the
        plies played."""
        mover, actions, child, draw = (
            self.walk.mover,
            self.walk.actions,
            self.walk.child,
            self.random,
        )
        plies = 0
        while mover(state) >= 0:
            moves = actions(state)
            state = child(state, moves[int(draw() * len(moves))])
            plies += 1
        return self.walk.returns(state), plies

    def write(self) -> None:
        """Copy the visits, sums and expansion times into the recorded nodes."""
        stack = [self.root]
        while stack:
            node = stack.pop()
            if node.trace_id != NOT_RECORDED:
                self.s.set(
                    node.trace_id,
                    visits=node.visits,
                    value_sum=node.value_sum,
                    expanded_at=node.expanded_at,
                )
            stack.extend(node.children.values())

    def best(self) -> int:
        """The most visited root move, ties to the move listed first."""
        legal = self.game.legal_moves(self.s.root)
        kids = self.root.children
        return max(legal, key=lambda m: (kids[m].visits if m in kids else -1, -legal.index(m)))

    def rows(self, game: Game[Any]) -> list[MoveStat]:
        """One row per legal move: the mean result for the root side over its visits,
        the visits, their share of the root's, and the wins, draws and losses (no draws
        in a game that cannot draw: a column always 0 would say nothing)."""
        out, draws = [], can_draw(game)
        for move in game.legal_moves(self.s.root):
            kid = self.root.children.get(move)
            if kid is None or kid.visits == 0:
                out.append(row(game, self.s.root, move, None, "never visited"))
                continue
            found = row(game, self.s.root, move, kid.value_sum / kid.visits)
            found.extra |= {
                "visits": kid.visits,
                "share": kid.visits / self.root.visits,
                "wins": kid.wins,
                **({"draws": kid.draws} if draws else {}),
                "losses": kid.visits - kid.wins - kid.draws,
            }
            out.append(found)
        return out
