"""Connect Four AI with minimax and alpha-beta pruning.

numpy board of 6 rows x 7 columns, row 0 is the BOTTOM row (we flip it to print), 0 is
empty, 1 the player and 2 the AI. Columns are tried centre first so that alpha-beta cuts
more. score_position counts every window of four (horizontal, vertical, both diagonals)
with evaluate_window and adds 3 per piece in the centre column.
"""

import math

import numpy as np

ROW_COUNT = 6
COLUMN_COUNT = 7
EMPTY = 0
PLAYER_PIECE = 1
AI_PIECE = 2
WINDOW_LENGTH = 4
DEPTH = 4
COLUMN_ORDER = [3, 2, 4, 1, 5, 0, 6]


def create_board():
    return np.zeros((ROW_COUNT, COLUMN_COUNT), dtype=int)


def drop_piece(board, row, col, piece):
    board[row][col] = piece


def is_valid_location(board, col):
    return board[ROW_COUNT - 1][col] == 0


def get_next_open_row(board, col):
    for r in range(ROW_COUNT):
        if board[r][col] == 0:
            return r
    return None


def print_board(board):
    print(np.flip(board, 0))


def winning_move(board, piece):
    # horizontal
    for c in range(COLUMN_COUNT - 3):
        for r in range(ROW_COUNT):
            if (board[r][c] == piece and board[r][c + 1] == piece
                    and board[r][c + 2] == piece and board[r][c + 3] == piece):
                return True
    # vertical
    for c in range(COLUMN_COUNT):
        for r in range(ROW_COUNT - 3):
            if (board[r][c] == piece and board[r + 1][c] == piece
                    and board[r + 2][c] == piece and board[r + 3][c] == piece):
                return True
    # positively sloped diagonals
    for c in range(COLUMN_COUNT - 3):
        for r in range(ROW_COUNT - 3):
            if (board[r][c] == piece and board[r + 1][c + 1] == piece
                    and board[r + 2][c + 2] == piece and board[r + 3][c + 3] == piece):
                return True
    # negatively sloped diagonals
    for c in range(COLUMN_COUNT - 3):
        for r in range(3, ROW_COUNT):
            if (board[r][c] == piece and board[r - 1][c + 1] == piece
                    and board[r - 2][c + 2] == piece and board[r - 3][c + 3] == piece):
                return True
    return False


def evaluate_window(window, piece):
    score = 0
    opp_piece = PLAYER_PIECE if piece == AI_PIECE else AI_PIECE
    if window.count(piece) == 4:
        score += 100
    elif window.count(piece) == 3 and window.count(EMPTY) == 1:
        score += 5
    elif window.count(piece) == 2 and window.count(EMPTY) == 2:
        score += 2
    if window.count(opp_piece) == 3 and window.count(EMPTY) == 1:
        score -= 4
    return score


def score_position(board, piece):
    score = 0
    center_array = [int(i) for i in list(board[:, COLUMN_COUNT // 2])]
    score += center_array.count(piece) * 3
    for r in range(ROW_COUNT):
        row_array = [int(i) for i in list(board[r, :])]
        for c in range(COLUMN_COUNT - 3):
            score += evaluate_window(row_array[c:c + WINDOW_LENGTH], piece)
    for c in range(COLUMN_COUNT):
        col_array = [int(i) for i in list(board[:, c])]
        for r in range(ROW_COUNT - 3):
            score += evaluate_window(col_array[r:r + WINDOW_LENGTH], piece)
    for r in range(ROW_COUNT - 3):
        for c in range(COLUMN_COUNT - 3):
            window = [int(board[r + i][c + i]) for i in range(WINDOW_LENGTH)]
            score += evaluate_window(window, piece)
    for r in range(ROW_COUNT - 3):
        for c in range(COLUMN_COUNT - 3):
            window = [int(board[r + 3 - i][c + i]) for i in range(WINDOW_LENGTH)]
            score += evaluate_window(window, piece)
    return score


def get_valid_locations(board):
    return [col for col in COLUMN_ORDER if is_valid_location(board, col)]


def is_terminal_node(board):
    return (winning_move(board, PLAYER_PIECE) or winning_move(board, AI_PIECE)
            or len(get_valid_locations(board)) == 0)


def minimax(board, depth, alpha, beta, maximizingPlayer):
    valid_locations = get_valid_locations(board)
    is_terminal = is_terminal_node(board)
    if depth == 0 or is_terminal:
        if is_terminal:
            if winning_move(board, AI_PIECE):
                return (None, 100000000000000 + depth)
            elif winning_move(board, PLAYER_PIECE):
                return (None, -100000000000000 - depth)
            else:  # game is over, no more valid moves
                return (None, 0)
        else:  # depth is zero
            return (None, score_position(board, AI_PIECE))
    if maximizingPlayer:
        value = -math.inf
        column = valid_locations[0]
        for col in valid_locations:
            row = get_next_open_row(board, col)
            b_copy = board.copy()
            drop_piece(b_copy, row, col, AI_PIECE)
            new_score = minimax(b_copy, depth - 1, alpha, beta, False)[1]
            if new_score > value:
                value = new_score
                column = col
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        return column, value
    else:  # minimizing player
        value = math.inf
        column = valid_locations[0]
        for col in valid_locations:
            row = get_next_open_row(board, col)
            b_copy = board.copy()
            drop_piece(b_copy, row, col, PLAYER_PIECE)
            new_score = minimax(b_copy, depth - 1, alpha, beta, True)[1]
            if new_score < value:
                value = new_score
                column = col
            beta = min(beta, value)
            if alpha >= beta:
                break
        return column, value


def board_from_treeviz(pos):
    """treeviz's Position -> our numpy board (the side to move plays AI_PIECE)."""
    board = create_board()
    me = pos.side_to_move
    for r in range(ROW_COUNT):
        for c in range(COLUMN_COUNT):
            cell = pos.cell(c, r)
            if cell is not None:
                board[r][c] = AI_PIECE if cell == me else PLAYER_PIECE
    return board


def pick_column(pos):
    board = board_from_treeviz(pos)
    col, _ = minimax(board, DEPTH, -math.inf, math.inf, True)
    return col + 1
