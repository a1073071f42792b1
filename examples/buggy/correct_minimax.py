"""CONTROL: a correct Connect 4 minimax with alpha-beta, written the way course
notebooks write it (a list-of-lists board, row 0 at the bottom, 0 empty, 1 the AI and
2 the human, ``winning_move`` / ``get_valid_locations`` helpers and a
``maximizingPlayer`` flag).

What a correct depth-limited search needs, and this file has:
  * both players' fours end the game (``winning_move(board, AI)`` and
    ``winning_move(board, HUMAN)``);
  * a full board is a draw, scored 0;
  * a win found sooner is worth more: ``WIN + depth`` (``depth`` is the depth still
    left, so a win now beats a win in three);
  * ties keep the first column searched (``>``, not ``>=``);
  * near the end (ENDGAME_DEPTH empty squares or fewer) it searches to the last stone, so
    it never walks into a loss it could have drawn.

The doctor should find nothing wrong with it. Every file in this folder is this search
(or an MCTS) with ONE bug put in, so comparing a buggy file with this one shows the bug.

    treeviz analyze 4453 --agent examples/buggy/correct_minimax.py:choose
"""

import math

import treeviz

ROWS, COLS = 6, 7
EMPTY, AI, HUMAN = 0, 1, 2
DEPTH = 4
ENDGAME_DEPTH = 8  # with this few empty squares left, search that deep: to the end
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


@treeviz.traced(maximizing="maximizingPlayer")
def minimax(board, depth, alpha, beta, maximizingPlayer):
    if winning_move(board, AI):
        return WIN + depth            # sooner wins (more depth left) score higher
    if winning_move(board, HUMAN):
        return -(WIN + depth)
    valid_locations = get_valid_locations(board)
    if not valid_locations:
        return 0                      # full board: a draw
    if depth == 0:
        return score_position(board, AI)
    if maximizingPlayer:
        value = -math.inf
        for col in valid_locations:
            value = max(value, minimax(drop_piece(board, col, AI), depth - 1, alpha, beta, False))
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        return value
    value = math.inf
    for col in valid_locations:
        value = min(value, minimax(drop_piece(board, col, HUMAN), depth - 1, alpha, beta, True))
        beta = min(beta, value)
        if alpha >= beta:
            break
    return value


def to_board(pos):
    """treeviz's position as this notebook's board: row 0 at the bottom, the player
    to move is the AI (1)."""
    me = pos.side_to_move
    return [[EMPTY if cell is None else AI if cell == me else HUMAN for cell in row]
            for row in reversed(list(pos.rows()))]


def choose(pos):
    """The agent: the best column (1-7) after a DEPTH-ply search (ENDGAME_DEPTH plies,
    to the end of the game, once that few squares are empty)."""
    board = to_board(pos)
    empty = sum(row.count(EMPTY) for row in board)
    depth = ENDGAME_DEPTH if empty <= ENDGAME_DEPTH else DEPTH
    best_col, best_score = None, -math.inf
    alpha = -math.inf
    for col in get_valid_locations(board):
        score = minimax(drop_piece(board, col, AI), depth - 1, alpha, math.inf, False)
        if best_col is None or score > best_score:
            best_col, best_score = col, score
        alpha = max(alpha, best_score)
    return best_col + 1
