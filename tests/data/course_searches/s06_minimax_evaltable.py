"""Trabalho 1 -- Minimax com cortes alfa-beta para o Quatro em Linha.

Board: np.full([6, 7], EMPTY), row 0 is the TOP row (pieces fall to the highest row
index that is still empty). EMPTY = 0, PLAYER = 1 (human), AI = 2.
Evaluation: the classic "evaluation table" -- each cell is worth the number of
possible fours that go through it; the AI adds the cells it holds and subtracts the
human's.
"""

import math

import numpy as np

import treeviz

NUM_ROW, NUM_COL = 6, 7
EMPTY, PLAYER, AI = 0, 1, 2
DEPTH = 4
WIN = 10**6

EVALUATION_TABLE = np.array([
    [3, 4, 5, 7, 5, 4, 3],
    [4, 6, 8, 10, 8, 6, 4],
    [5, 8, 11, 13, 11, 8, 5],
    [5, 8, 11, 13, 11, 8, 5],
    [4, 6, 8, 10, 8, 6, 4],
    [3, 4, 5, 7, 5, 4, 3],
])


def drawBoard(board):
    symbols = {EMPTY: ".", PLAYER: "O", AI: "X"}
    for r in range(NUM_ROW):
        print("|" + "|".join(symbols[int(v)] for v in board[r]) + "|")
    print(" 1 2 3 4 5 6 7")


def availableColumns(board):
    return [c for c in range(NUM_COL) if board[0][c] == EMPTY]


def playOneTurn(board, col, piece):
    new = board.copy()
    for r in range(NUM_ROW - 1, -1, -1):
        if new[r][col] == EMPTY:
            new[r][col] = piece
            break
    return new


def checkWin(board, piece):
    b = board == piece
    if (b[:, :-3] & b[:, 1:-2] & b[:, 2:-1] & b[:, 3:]).any():
        return True
    if (b[:-3, :] & b[1:-2, :] & b[2:-1, :] & b[3:, :]).any():
        return True
    if (b[:-3, :-3] & b[1:-2, 1:-2] & b[2:-1, 2:-1] & b[3:, 3:]).any():
        return True
    return bool((b[3:, :-3] & b[2:-1, 1:-2] & b[1:-2, 2:-1] & b[:-3, 3:]).any())


def evaluate(board):
    return int(EVALUATION_TABLE[board == AI].sum() - EVALUATION_TABLE[board == PLAYER].sum())


def gameOver(board):
    return checkWin(board, AI) or checkWin(board, PLAYER) or len(availableColumns(board)) == 0


@treeviz.traced(maximizing="maximizingPlayer")
def minimax(board, depth, alpha, beta, maximizingPlayer):
    valid = availableColumns(board)
    if depth == 0:
        return None, evaluate(board)
    if gameOver(board):
        if checkWin(board, AI):
            return None, WIN + depth
        if checkWin(board, PLAYER):
            return None, -WIN - depth
        return None, 0
    if maximizingPlayer:
        value, column = -math.inf, valid[0]
        for col in valid:
            new_score = minimax(playOneTurn(board, col, AI), depth - 1, alpha, beta, False)[1]
            if new_score > value:
                value, column = new_score, col
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        return column, value
    value, column = math.inf, valid[0]
    for col in valid:
        new_score = minimax(playOneTurn(board, col, PLAYER), depth - 1, alpha, beta, True)[1]
        if new_score < value:
            value, column = new_score, col
        beta = min(beta, value)
        if alpha >= beta:
            break
    return column, value


def choose(pos):
    me = pos.side_to_move
    board = np.full([NUM_ROW, NUM_COL], EMPTY)
    for r, row in enumerate(pos.rows()):
        for c, cell in enumerate(row):
            if cell is not None:
                board[r][c] = AI if cell == me else PLAYER
    col, _ = minimax(board, DEPTH, -math.inf, math.inf, True)
    return col + 1
