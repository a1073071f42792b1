"""Nim written the way aima-python writes its games (games4e.py): a ``Game`` with
``initial``, ``actions``, ``result``, ``utility``, ``terminal_test`` and ``to_move``.
Normal play: who takes the last token wins."""

from collections import namedtuple

GameState = namedtuple("GameState", "to_move, heaps")


class Nim:
    def __init__(self, heaps=(1, 3, 5)):
        self.initial = GameState(to_move="MAX", heaps=tuple(heaps))

    def actions(self, state):
        """Take n tokens (1 to all) from heap i: the move (i, n)."""
        return [(i, n) for i, h in enumerate(state.heaps) for n in range(1, h + 1)]

    def result(self, state, move):
        i, n = move
        heaps = list(state.heaps)
        heaps[i] -= n
        return GameState(to_move="MIN" if state.to_move == "MAX" else "MAX", heaps=tuple(heaps))

    def utility(self, state, player):
        """+1 for the player who took the last token (the one not to move now)."""
        return 1 if state.to_move != player else -1

    def terminal_test(self, state):
        return sum(state.heaps) == 0

    def to_move(self, state):
        return state.to_move
