"""BUGGY (teaching example): leaves scored for the wrong player when the AI plays O.

The search: negamax with alpha-beta, 4 plies, over a list-of-lists board (row 0 at
the bottom, 0 empty, 1 the AI, 2 the human). In negamax every node's value is for
the player to move there, so ``evaluate`` must score the board for that player.

THE BUG, in ``evaluate``: it works out who is to move by counting stones, "X (1)
moves first, so with an even number of stones it is 1's turn". But ``to_board``
makes 1 the AI, whoever moved first. When the AI is the second player (O) the
count gives the wrong player at every node: each leaf is scored for the player who
has just moved, so every value is upside down and the fours are never seen as
wins (the test for "the player who just moved has won" looks at the other player).
As X (1 really is the first player) everything is right. (The fix: pass the player
to move down the recursion, or score for ``AI``/``HUMAN`` by depth, never by the
stone count of a board whose 1 is not X.)

Symptom a player sees: as X the AI plays well; as O it plays the worst move it can
find: it leaves its own four unplayed and ignores yours.

Doctor check: ``misses-win`` (and ``misses-block``), for positions with O to move only.

    treeviz analyze 4453 --agent examples/buggy/wrong_side_leaves.py:choose
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


def count_stones(board):
    return sum(1 for row in board for cell in row if cell != EMPTY)


def evaluate(board, depth):
    """The board's score for the player to move (negamax needs it that way)."""
    to_move = AI if count_stones(board) % 2 == 0 else HUMAN   # BUG: true only if AI is X
    just_moved = HUMAN if to_move == AI else AI
    if winning_move(board, just_moved):
        return -(WIN + depth)      # the player to move has lost (sooner = worse)
    return score_position(board, to_move)


@treeviz.traced()
def negamax(board, depth, alpha, beta, piece):
    """The value of ``board`` for ``piece``, the player to move."""
    if depth == 0 or winning_move(board, AI) or winning_move(board, HUMAN):
        return evaluate(board, depth)
    valid_locations = get_valid_locations(board)
    if not valid_locations:
        return 0                   # full board: a draw
    other = HUMAN if piece == AI else AI
    value = -math.inf
    for col in valid_locations:
        value = max(value, -negamax(drop_piece(board, col, piece), depth - 1, -beta, -alpha, other))
        alpha = max(alpha, value)
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
        score = -negamax(drop_piece(board, col, AI), depth - 1, -math.inf, -alpha, HUMAN)
        if best_col is None or score > best_score:
            best_col, best_score = col, score
        alpha = max(alpha, best_score)
    return best_col + 1
