"""AlphaBetaAgent: negamax with alpha-beta pruning on a flat board.

The board is a list of 42 ints, index = row * 7 + col with row 0 at the bottom;
0 empty, +1 / -1 the two players. `side` is +1 or -1 for the player to move, and
negamax returns the value for that player. Moves are tried from the centre outwards.
Evaluation: centre weights plus 20 per open three (three stones + an empty cell).
"""

import math

ROWS, COLS = 6, 7
WEIGHTS = [1, 2, 3, 5, 3, 2, 1]
ORDER = [3, 2, 4, 1, 5, 0, 6]


def make_lines():
    out = []
    for r in range(ROWS):
        for c in range(COLS):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                if 0 <= r + 3 * dr < ROWS and 0 <= c + 3 * dc < COLS:
                    out.append(tuple((r + k * dr) * COLS + c + k * dc for k in range(4)))
    return out


class AlphaBetaAgent:
    LINES = make_lines()
    WIN = 1_000_000

    def __init__(self, depth=5):
        self.depth = depth
        self.nodes = 0

    @staticmethod
    def heights(board):
        return [sum(1 for r in range(ROWS) if board[r * COLS + c] != 0) for c in range(COLS)]

    def has_four(self, board, side):
        return any(all(board[i] == side for i in line) for line in self.LINES)

    def evaluate(self, board, side):
        score = 0
        for i, v in enumerate(board):
            score += v * WEIGHTS[i % COLS]
        for line in self.LINES:
            total = sum(board[i] for i in line)
            if abs(total) == 3 and any(board[i] == 0 for i in line):
                score += 20 if total > 0 else -20
        return side * score

    def negamax(self, board, depth, alpha, beta, side):
        self.nodes += 1
        if self.has_four(board, -side):
            return -(self.WIN + depth)
        heights = self.heights(board)
        moves = [c for c in ORDER if heights[c] < ROWS]
        if not moves:
            return 0
        if depth == 0:
            return self.evaluate(board, side)
        best = -math.inf
        for col in moves:
            i = heights[col] * COLS + col
            board[i] = side
            score = -self.negamax(board, depth - 1, -alpha, -beta, -side)
            board[i] = 0
            best = max(best, score)
            alpha = max(alpha, score)
            if alpha >= beta:
                break
        return best

    def choose_column(self, board, side):
        heights = self.heights(board)
        best_col, best = None, -math.inf
        for col in ORDER:
            if heights[col] == ROWS:
                continue
            i = heights[col] * COLS + col
            board[i] = side
            score = -self.negamax(board, self.depth - 1, -math.inf, -best, -side)
            board[i] = 0
            if best_col is None or score > best:
                best_col, best = col, score
        return best_col


def agent(pos):
    side = 1 if pos.side_to_move == "X" else -1
    board = [0] * (ROWS * COLS)
    for r in range(ROWS):
        for c in range(COLS):
            cell = pos.cell(c, r)
            if cell is not None:
                board[r * COLS + c] = 1 if cell == "X" else -1
    return AlphaBetaAgent(depth=5).choose_column(board, side) + 1
