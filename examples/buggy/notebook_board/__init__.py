"""The board the minimax examples of ``examples/buggy/`` share, written the way the
course notebooks write it: a list of 6 rows of 7 cells, row 0 at the bottom, 0 empty,
1 the AI and 2 the human. None of it is buggy: each example's one bug is in its own
file. Beside this file: ``search.py``, what their searches share (the scores, the
depth, the root), and ``mcts.py``, the board of the MCTS notebooks.

This is a folder rather than a ``notebook_board.py`` because every ``.py`` file in
``examples/buggy/`` is one of the examples. Loading an example puts its folder on the
import path, so ``from notebook_board import ...`` finds this.
"""

ROWS, COLS = 6, 7
EMPTY, AI, HUMAN = 0, 1, 2
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
            if (board[r][c] == piece and board[r][c + 1] == piece
                    and board[r][c + 2] == piece and board[r][c + 3] == piece):
                return True
    # vertical
    for r in range(ROWS - 3):
        for c in range(COLS):
            if (board[r][c] == piece and board[r + 1][c] == piece
                    and board[r + 2][c] == piece and board[r + 3][c] == piece):
                return True
    # positive diagonal
    for r in range(ROWS - 3):
        for c in range(COLS - 3):
            if (board[r][c] == piece and board[r + 1][c + 1] == piece
                    and board[r + 2][c + 2] == piece and board[r + 3][c + 3] == piece):
                return True
    # negative diagonal
    for r in range(3, ROWS):
        for c in range(COLS - 3):
            if (board[r][c] == piece and board[r - 1][c + 1] == piece
                    and board[r - 2][c + 2] == piece and board[r - 3][c + 3] == piece):
                return True
    return False


def to_board(pos):
    """treeviz's position as this notebook's board: row 0 at the bottom, the player
    to move is the AI (1)."""
    me = pos.side_to_move
    return [[EMPTY if cell is None else AI if cell == me else HUMAN for cell in row]
            for row in reversed(list(pos.rows()))]
