"""Searches written the way course notebooks write them (a list-of-lists board, row 0
at the bottom, 0 empty, 1 the AI and 2 the human, a ``maximizingPlayer`` flag), each
with ONE bug that shows inside the tree, and a log of their calls kept apart from
treeviz: every call appends its board (copied on entry and on return), its depth, its
flag, its caller (an index into the log) and what it returned. With no call left out
of the tree and none made twice, a call's index in the log is its node id.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import Any

import treeviz

ROWS, COLS = 6, 7
EMPTY, AI, HUMAN = 0, 1, 2
WIN = 1_000_000
Board = list[list[int]]

LOG: list[dict[str, Any]] = []
_STACK: list[int] = []


def logged(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Log every call of ``fn(board, depth, ...)`` (see the module docs)."""

    @functools.wraps(fn)
    def wrapper(board: Board, depth: int, *rest: Any) -> Any:
        entry: dict[str, Any] = {
            "board": copy(board),
            "depth": depth,
            "args": rest,
            "parent": _STACK[-1] if _STACK else -1,
            "kids": [],
        }
        LOG.append(entry)
        _STACK.append(len(LOG) - 1)
        try:
            ret = fn(board, depth, *rest)
        finally:
            _STACK.pop()
        entry["ret"], entry["after"] = ret, copy(board)
        if entry["parent"] >= 0:
            LOG[entry["parent"]]["kids"].append(ret)
        return ret

    return wrapper


def copy(board: Board) -> Board:
    return [row[:] for row in board]


def to_board(moves: str) -> Board:
    """The position after ``moves`` with the player to move as the AI."""
    pos = treeviz.Position.from_moves(moves)
    me = pos.side_to_move
    return [
        [EMPTY if c is None else AI if c == me else HUMAN for c in row]
        for row in reversed(list(pos.rows()))
    ]


def drop(board: Board, col: int, piece: int) -> Board:
    new = copy(board)
    new[next(r for r in range(ROWS) if new[r][col] == EMPTY)][col] = piece
    return new


def valid(board: Board) -> list[int]:
    return [c for c in (3, 2, 4, 1, 5, 0, 6) if board[ROWS - 1][c] == EMPTY]


def wins(board: Board, piece: int) -> bool:
    for r in range(ROWS):
        for c in range(COLS):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (-1, 1)):
                cells = [(r + i * dr, c + i * dc) for i in range(4)]
                if all(
                    0 <= rr < ROWS and 0 <= cc < COLS and board[rr][cc] == piece for rr, cc in cells
                ):
                    return True
    return False


def score(board: Board) -> int:
    """Centre stones: the AI's minus the human's (small, never a win's size)."""
    weights = (0, 1, 2, 3, 2, 1, 0)
    return sum(
        weights[c] * (1 if cell == AI else -1)
        for row in board
        for c, cell in enumerate(row)
        if cell
    )


def full(board: Board) -> bool:
    return not valid(board)


# ------------------------------------------------------------------ terminal
@treeviz.traced(maximizing="maximizingPlayer")
@logged
def one_sided(board: Board, depth: int, maximizingPlayer: bool) -> float:
    """BUG: only the AI's four ends the game; the human's is searched on."""
    if wins(board, AI):
        return WIN
    if full(board):
        return 0
    if depth == 0:
        return score(board)
    piece = AI if maximizingPlayer else HUMAN
    values = [
        one_sided(drop(board, c, piece), depth - 1, not maximizingPlayer) for c in valid(board)
    ]
    return max(values) if maximizingPlayer else min(values)


@treeviz.traced(maximizing="maximizingPlayer")
@logged
def full_board_inf(board: Board, depth: int, maximizingPlayer: bool) -> float:
    """BUG: a full board is not a draw: the loop over no columns returns its start,
    -inf for the maximiser and +inf for the minimiser."""
    if wins(board, AI):
        return WIN
    if wins(board, HUMAN):
        return -WIN
    if depth == 0:
        return score(board)
    best = -math.inf if maximizingPlayer else math.inf
    for c in valid(board):
        v = full_board_inf(
            drop(board, c, AI if maximizingPlayer else HUMAN), depth - 1, not maximizingPlayer
        )
        best = max(best, v) if maximizingPlayer else min(best, v)
    return best


@treeviz.traced(maximizing="maximizingPlayer")
@logged
def four_is_zero(board: Board, depth: int, maximizingPlayer: bool) -> float:
    """BUG: a finished game scores 0 whoever made four, as if it were a draw."""
    if wins(board, AI) or wins(board, HUMAN) or full(board):
        return 0
    if depth == 0:
        return score(board)
    piece = AI if maximizingPlayer else HUMAN
    values = [
        four_is_zero(drop(board, c, piece), depth - 1, not maximizingPlayer) for c in valid(board)
    ]
    return max(values) if maximizingPlayer else min(values)


# ------------------------------------------------------------------ backup
@treeviz.traced(maximizing="maximizingPlayer")
@logged
def max_twice(board: Board, depth: int, maximizingPlayer: bool) -> float:
    """BUG: the minimising branch takes the max too (a copied line)."""
    if wins(board, AI):
        return WIN
    if wins(board, HUMAN):
        return -WIN
    if depth == 0 or full(board):
        return score(board)
    piece = AI if maximizingPlayer else HUMAN
    values = [
        max_twice(drop(board, c, piece), depth - 1, not maximizingPlayer) for c in valid(board)
    ]
    return max(values)


# ------------------------------------------------------------------ sign
@treeviz.traced(maximizing="maximizingPlayer")
@logged
def flag_signed(board: Board, depth: int, maximizingPlayer: bool) -> float:
    """BUG: the AI's four is scored by whose turn it is (``WIN if maximizingPlayer
    else -WIN``): after the AI's winning move it is the human's turn, so the AI's wins
    score as losses, at every other depth."""
    if wins(board, AI):
        return WIN if maximizingPlayer else -WIN
    if wins(board, HUMAN):
        return -WIN
    if depth == 0 or full(board):
        return score(board)
    piece = AI if maximizingPlayer else HUMAN
    values = [
        flag_signed(drop(board, c, piece), depth - 1, not maximizingPlayer) for c in valid(board)
    ]
    return max(values) if maximizingPlayer else min(values)


# ------------------------------------------------------------------ turn
@treeviz.traced(maximizing="maximizingPlayer")
@logged
def same_piece(board: Board, depth: int, maximizingPlayer: bool) -> float:
    """BUG: the minimiser drops the AI's piece too."""
    if wins(board, AI):
        return WIN
    if wins(board, HUMAN):
        return -WIN
    if depth == 0 or full(board):
        return score(board)
    values = [same_piece(drop(board, c, AI), depth - 1, not maximizingPlayer) for c in valid(board)]
    return max(values) if maximizingPlayer else min(values)


@treeviz.traced(maximizing="maximizingPlayer")
@logged
def stuck_flag(board: Board, depth: int, maximizingPlayer: bool) -> float:
    """BUG: the flag is passed on unchanged below the root's children (the pieces
    alternate by depth, so only the flag is wrong)."""
    if wins(board, AI):
        return WIN
    if wins(board, HUMAN):
        return -WIN
    if depth == 0 or full(board):
        return score(board)
    piece = AI if (len(_STACK) % 2 == 1) else HUMAN  # by depth: the right piece
    flag = not maximizingPlayer if len(_STACK) == 1 else maximizingPlayer
    values = [stuck_flag(drop(board, c, piece), depth - 1, flag) for c in valid(board)]
    return max(values) if maximizingPlayer else min(values)


# ------------------------------------------------------------------ mutation
@treeviz.traced(maximizing="maximizingPlayer")
@logged
def break_before_undo(
    board: Board, depth: int, alpha: float, beta: float, maximizingPlayer: bool
) -> float:
    """BUG: plays in place and takes the move back after the cutoff test, so a cutoff
    leaves its stone on the board."""
    if wins(board, AI):
        return WIN
    if wins(board, HUMAN):
        return -WIN
    if depth == 0 or full(board):
        return score(board)
    best = -math.inf if maximizingPlayer else math.inf
    for c in valid(board):
        r = next(r for r in range(ROWS) if board[r][c] == EMPTY)
        board[r][c] = AI if maximizingPlayer else HUMAN
        v = break_before_undo(board, depth - 1, alpha, beta, not maximizingPlayer)
        if maximizingPlayer:
            best, alpha = max(best, v), max(alpha, v)
        else:
            best, beta = min(best, v), min(beta, v)
        if alpha >= beta:
            LOG[_STACK[-1]]["cut"] = True
            break
        board[r][c] = EMPTY
    return best


# ------------------------------------------------------------------ cutoff
@treeviz.traced(maximizing="maximizingPlayer")
@logged
def inverted_cut(
    board: Board, depth: int, alpha: float, beta: float, maximizingPlayer: bool
) -> float:
    """BUG: the minimising branch's cutoff test is the wrong way round (``beta >=
    alpha``): it stops after its first child whatever the window."""
    if wins(board, AI):
        return WIN
    if wins(board, HUMAN):
        return -WIN
    if depth == 0 or full(board):
        return score(board)
    if maximizingPlayer:
        best = -math.inf
        for c in valid(board):
            best = max(best, inverted_cut(drop(board, c, AI), depth - 1, alpha, beta, False))
            alpha = max(alpha, best)
            if alpha >= beta:
                break
        return best
    best = math.inf
    for c in valid(board):
        best = min(best, inverted_cut(drop(board, c, HUMAN), depth - 1, alpha, beta, True))
        beta = min(beta, best)
        if beta >= alpha:
            LOG[_STACK[-1]]["open_cut"] = alpha < beta and c != valid(board)[-1]
            break
    return best
