"""Connect4 game class + MinimaxAI class (alpha-beta), OOP version of the project.

Connect4.grid is a list of 6 rows of 7 cells, grid[0] is the BOTTOM row, cells are
' ' (empty), 'X' or 'O'. MinimaxAI plays one symbol and searches `depth` plies;
evaluate() counts, in every line of four, the pieces of a player when the other has
none there (1 -> 1 point, 2 -> 4 points, 3 -> 16 points).
"""

import math


class Connect4:
    ROWS = 6
    COLS = 7

    def __init__(self):
        self.grid = [[" "] * self.COLS for _ in range(self.ROWS)]

    def copy(self):
        game = Connect4()
        game.grid = [row[:] for row in self.grid]
        return game

    def available(self):
        return [c for c in range(self.COLS) if self.grid[self.ROWS - 1][c] == " "]

    def drop(self, col, piece):
        for r in range(self.ROWS):
            if self.grid[r][col] == " ":
                self.grid[r][col] = piece
                return r
        raise ValueError(f"column {col} is full")

    def lines(self):
        for r in range(self.ROWS):
            for c in range(self.COLS):
                for dr, dc in ((0, 1), (1, 0), (1, 1), (-1, 1)):
                    if 0 <= r + 3 * dr < self.ROWS and 0 <= c + 3 * dc < self.COLS:
                        yield [self.grid[r + k * dr][c + k * dc] for k in range(4)]

    def winner(self):
        for line in self.lines():
            if line[0] != " " and line.count(line[0]) == 4:
                return line[0]
        return None

    def __str__(self):
        text = ""
        for row in reversed(self.grid):
            text += "|" + "|".join(row) + "|\n"
        return text + " 1 2 3 4 5 6 7"


POINTS = {1: 1, 2: 4, 3: 16}


class MinimaxAI:

    def __init__(self, piece, depth=4):
        self.piece = piece
        self.enemy = "O" if piece == "X" else "X"
        self.depth = depth

    def evaluate(self, game):
        score = 0
        for line in game.lines():
            mine, theirs = line.count(self.piece), line.count(self.enemy)
            if theirs == 0 and mine > 0:
                score += POINTS.get(mine, 0)
            elif mine == 0 and theirs > 0:
                score -= POINTS.get(theirs, 0)
        return score

    def alphabeta(self, game, depth, alpha, beta, maximizing):
        winner = game.winner()
        if winner == self.piece:
            return 10**6 + depth
        if winner == self.enemy:
            return -(10**6) - depth
        if depth == 0:
            return self.evaluate(game)
        if maximizing:
            value = -math.inf
            for col in game.available():
                child = game.copy()
                child.drop(col, self.piece)
                value = max(value, self.alphabeta(child, depth - 1, alpha, beta, False))
                alpha = max(alpha, value)
                if alpha >= beta:
                    break
            return value
        value = math.inf
        for col in game.available():
            child = game.copy()
            child.drop(col, self.enemy)
            value = min(value, self.alphabeta(child, depth - 1, alpha, beta, True))
            beta = min(beta, value)
            if alpha >= beta:
                break
        return value

    def best_move(self, game):
        best_col, best_value = None, -math.inf
        alpha = -math.inf
        for col in game.available():
            child = game.copy()
            child.drop(col, self.piece)
            value = self.alphabeta(child, self.depth - 1, alpha, math.inf, False)
            if best_col is None or value > best_value:
                best_col, best_value = col, value
            alpha = max(alpha, best_value)
        return best_col


def get_move(pos):
    game = Connect4()
    for r in range(Connect4.ROWS):
        for c in range(Connect4.COLS):
            game.grid[r][c] = pos.cell(c, r) or " "
    ai = MinimaxAI(pos.side_to_move, depth=4)
    return ai.best_move(game) + 1
