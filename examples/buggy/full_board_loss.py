"""BUGGY (teaching example): a full board is never treated as the end of the game.

The search: minimax with alpha-beta, 4 plies, a list-of-lists board (row 0 at the
bottom, 0 empty, 1 the AI, 2 the human) and a ``maximizingPlayer`` flag, as in the
course notebooks.

THE BUG, in ``is_terminal_node`` (and so in ``minimax``): it asks only "has someone
four in a row?" and never "is the board full?". On a full board with nobody's four
the search carries on into the move loop, finds no column to play and returns the
loop's starting value: ``-math.inf`` at a maximising node (the AI to move), ``+inf``
at a minimising one. X is always the one to move on a full board, so for an AI
playing X a draw looks worse than any loss (it walks into a four rather than into a
drawn full board); for an AI playing O a draw looks better than a win. (The fix:
``if not valid_locations: return 0`` before the loops, as in correct_minimax.py.)

Symptom a player sees: in the last few moves of a close game the AI throws away a
draw: as X it plays the move that lets you win when another move would fill the
board for a draw.

Doctor check: ``endgame`` (its choice loses where a draw was available; only near
the end, when the search reaches the full board).

    treeviz analyze 4453 --agent examples/buggy/full_board_loss.py:choose
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


def is_terminal_node(board):
    # BUG: a full board ends the game too (a draw), and it is not tested here
    return winning_move(board, AI) or winning_move(board, HUMAN)


@treeviz.traced(maximizing="maximizingPlayer")
def minimax(board, depth, alpha, beta, maximizingPlayer):
    if depth == 0 or is_terminal_node(board):
        if winning_move(board, AI):
            return WIN + depth        # sooner wins (more depth left) score higher
        if winning_move(board, HUMAN):
            return -(WIN + depth)
        return score_position(board, AI)
    valid_locations = get_valid_locations(board)   # empty on a full board!
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
