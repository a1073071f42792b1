"""Tic-tac-toe written as an OpenSpiel-style state, the way a course writes one for
its own search code: ``legal_actions``, ``apply_action``, ``clone``, ``is_terminal``,
``returns``, ``current_player`` and ``action_to_string``. Cells 0..8, row by row."""

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


class TicTacToeState:
    def __init__(self):
        self.board = ["."] * 9
        self.player = 0

    def current_player(self):
        return self.player

    def winner(self):
        for a, b, c in LINES:
            if self.board[a] != "." and self.board[a] == self.board[b] == self.board[c]:
                return "xo".index(self.board[a])
        return None

    def is_terminal(self):
        return self.winner() is not None or "." not in self.board

    def legal_actions(self):
        return [] if self.is_terminal() else [i for i in range(9) if self.board[i] == "."]

    def apply_action(self, action):
        self.board[action] = "xo"[self.player]
        self.player = 1 - self.player

    def clone(self):
        other = TicTacToeState()
        other.board, other.player = list(self.board), self.player
        return other

    def returns(self):
        won = self.winner()
        if won is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if won == 0 else [-1.0, 1.0]

    def action_to_string(self, action):
        return f"{'xo'[self.player]}{action // 3 + 1}{action % 3 + 1}"

    def __str__(self):
        return "\n".join("".join(self.board[r * 3 : r * 3 + 3]) for r in range(3))
