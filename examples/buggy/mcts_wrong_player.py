"""BUGGY (teaching example): an MCTS that credits every result to the AI.

The search: Monte Carlo Tree Search as the course notebooks write it: a board of
'X', 'O' and '-' (row 0 at the top), a ``Node`` class with ``children``, ``visits``
and ``wins``, UCT selection and random rollouts, here as one recursive ``simulate``
that selects, expands, plays out and backs up on its way back. ITERATIONS iterations,
seeded from the position. ``simulate`` is traced with ``treeviz.traced`` (its value:
the result, 1 a win and 0 a loss, as 2r - 1 for the player to move at the node; its
visits: the node's own count), so treeviz can look inside it.

THE BUG, in ``simulate``: the result is the AI's at every level (``reward = 1 if
winner == ai``, the way the backpropagation of many notebooks writes it) and is never
flipped on the way up, so each node's ``wins`` counts the AI's wins, and UCT picks,
at the opponent's nodes too, the move that is best FOR THE AI. The search expects its
opponent to help it: it plans on lines where the opponent never blocks, and it does
not see the opponent's fours coming. (The fix: return the result for the player to
move at the node, ``1 - result`` on the way up, and count each child's wins for the
player who moved into it.)

Symptom a player sees: the AI leaves your threes open and builds its own, as if you
would never take your chance.

Doctor check: ``misses-block``; inside the traced search, ``perspective`` (the means
of the children at the opponent's nodes are ranked against their exact outcomes).

    treeviz doctor examples/buggy/mcts_wrong_player.py:choose
"""

import random

import treeviz
from notebook_board.mcts import ITERATIONS, legal_moves, other, play, random_playout, to_board, uct


class Node:
    def __init__(self, board, to_play, parent=None, won=False):
        self.board = board
        self.to_play = to_play      # who moves at this node
        self.parent = parent
        self.won = won              # the move that led here made four in a row
        self.children = {}          # column -> Node
        self.visits = 0
        self.wins = 0.0


class MCTS:
    def __init__(self, board, ai, rng):
        self.root = Node(board, ai)
        self.ai = ai
        self.rng = rng

    def reward(self, winner):
        # BUG: the AI's result at every node, whoever moves there
        if winner is None:
            return 0.5
        return 1.0 if winner == self.ai else 0.0

    # treeviz records the calls as the tree: the position, the value (2r - 1, for the
    # player to move at the node) and the node's own visit count
    @treeviz.traced(position=lambda self, node: node.board, value=lambda r: 2 * r - 1,
                    visits=lambda self, node: node.visits)
    def simulate(self, node):
        """One iteration below ``node``: the AI's result (see the bug)."""
        moves = legal_moves(node.board)
        if node.won:
            result = self.reward(other(node.to_play))   # the player who just moved won
        elif not moves:
            result = self.reward(None)
        elif node.visits == 0:
            result = self.reward(random_playout(node.board, node.to_play, self.rng))
        else:
            untried = [c for c in moves if c not in node.children]
            if untried:
                col = self.rng.choice(untried)
                board, won = play(node.board, col, node.to_play)
                node.children[col] = Node(board, other(node.to_play), node, won)
            else:
                col = max(node.children, key=lambda c: uct(node.children[c]))
            child = node.children[col]
            result = self.simulate(child)
            child.wins += result                        # BUG: never 1 - result
        node.visits += 1
        return result


def choose(pos):
    """The most visited column after ITERATIONS iterations (seeded from the position)."""
    ai = pos.side_to_move
    rng = random.Random(str(pos))   # seeded from the position: same position, same move
    search = MCTS(to_board(pos), ai, rng)
    for _ in range(ITERATIONS):
        search.simulate(search.root)
    best = max(search.root.children, key=lambda c: search.root.children[c].visits)
    return best + 1
