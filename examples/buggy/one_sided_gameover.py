"""BUGGY (teaching example): the game only ends on the AI's own four.

The search: minimax with alpha-beta, 4 plies, inside a ``MinimaxAI`` class as the
course notebooks write it, over a list-of-lists board (row 0 at the bottom, 0 empty,
1 the AI, 2 the human) with a ``maximizingPlayer`` flag.

THE BUG, in ``MinimaxAI.is_terminal_node``: it tests ``winning_move(board, AI)`` and
the full board, but not ``winning_move(board, HUMAN)``. After the human's four the
search does not stop: it plays on as if nothing had happened, and the four is only
seen through the heuristic at the horizon (which weighs squares, not fours), or the
AI "wins" later in that same line. So the search thinks leaving your threat open
costs nothing. (The fix: ``or winning_move(board, HUMAN)``, with the loss scored
``-(WIN + depth)``, as in correct_minimax.py.)

Symptom a player sees: the AI never blocks; you win by making three in a row with
the fourth square open.

Doctor check: ``misses-block``.

    treeviz analyze 4453 --agent examples/buggy/one_sided_gameover.py:choose
"""

import math

import treeviz

ROWS, COLS = 6, 7
EMPTY, AI, HUMAN = 0, 1, 2
DEPTH = 4
WIN = 1_000_000

# a stone is worth more in the centre: more fours go through those squares
WEIGHTS = [[3, 4, 5, 7, 5, 4, 3],
           [4, 6, 8, 10, 8, 6, 4],
           [5, 8, 11, 13, 11, 8, 5],
           [5, 8, 11, 13, 11, 8, 5],
           [4, 6, 8, 10, 8, 6, 4],
           [3, 4, 5, 7, 5, 4, 3]]
ORDER = [3, 2, 4, 1, 5, 0, 6]  # centre columns first: alpha-beta prunes more


def get_valid_locations(board):
    return [c for c in ORDER if board[ROWS - 1][c] == EMPTY]


def drop_piece(board, col, piece):
    """A copy of the board with ``piece`` dropped into ``col``."""
    b_copy = [row[:] for row in board]
    for r in range(ROWS):
        if b_copy[r][col] == EMPTY:
            b_copy[r][col] = piece
            return b_copy


def winning_move(board, piece):
    # horizontal
    for r in range(ROWS):
        for c in range(COLS - 3):
            if board[r][c] == piece and board[r][c + 1] == piece and board[r][c + 2] == piece and board[r][c + 3] == piece:
                return True
    # vertical
    for r in range(ROWS - 3):
        for c in range(COLS):
            if board[r][c] == piece and board[r + 1][c] == piece and board[r + 2][c] == piece and board[r + 3][c] == piece:
                return True
    # positive diagonal
    for r in range(ROWS - 3):
        for c in range(COLS - 3):
            if board[r][c] == piece and board[r + 1][c + 1] == piece and board[r + 2][c + 2] == piece and board[r + 3][c + 3] == piece:
                return True
    # negative diagonal
    for r in range(3, ROWS):
        for c in range(COLS - 3):
            if board[r][c] == piece and board[r - 1][c + 1] == piece and board[r - 2][c + 2] == piece and board[r - 3][c + 3] == piece:
                return True
    return False


def score_position(board, piece):
    """Heuristic: the weights of my stones minus the weights of the opponent's."""
    score = 0
    for r in range(ROWS):
        for c in range(COLS):
            if board[r][c] == piece:
                score += WEIGHTS[r][c]
            elif board[r][c] != EMPTY:
                score -= WEIGHTS[r][c]
    return score


class MinimaxAI:
    def __init__(self, depth=DEPTH):
        self.depth = depth

    def is_terminal_node(self, board):
        # BUG: the human's four ends the game too: winning_move(board, HUMAN) is missing
        return winning_move(board, AI) or len(get_valid_locations(board)) == 0

    @treeviz.traced(maximizing="maximizingPlayer")
    def minimax(self, board, depth, alpha, beta, maximizingPlayer):
        if self.is_terminal_node(board):
            if winning_move(board, AI):
                return WIN + depth        # sooner wins (more depth left) score higher
            return 0                      # full board: a draw
        if depth == 0:
            return score_position(board, AI)
        valid_locations = get_valid_locations(board)
        if maximizingPlayer:
            value = -math.inf
            for col in valid_locations:
                value = max(value, self.minimax(drop_piece(board, col, AI), depth - 1, alpha, beta, False))
                alpha = max(alpha, value)
                if alpha >= beta:
                    break
            return value
        value = math.inf
        for col in valid_locations:
            value = min(value, self.minimax(drop_piece(board, col, HUMAN), depth - 1, alpha, beta, True))
            beta = min(beta, value)
            if alpha >= beta:
                break
        return value

    def best_move(self, board):
        best_col, best_score = None, -math.inf
        alpha = -math.inf
        for col in get_valid_locations(board):
            score = self.minimax(drop_piece(board, col, AI), self.depth - 1, alpha, math.inf, False)
            if best_col is None or score > best_score:
                best_col, best_score = col, score
            alpha = max(alpha, best_score)
        return best_col


def to_board(pos):
    """treeviz's position as this notebook's board: row 0 at the bottom, the player
    to move is the AI (1)."""
    me = pos.side_to_move
    return [[EMPTY if cell is None else AI if cell == me else HUMAN for cell in row]
            for row in reversed(list(pos.rows()))]


def choose(pos):
    """The agent: the best column (1-7) after a DEPTH-ply search."""
    return MinimaxAI().best_move(to_board(pos)) + 1
