# Minimax with alpha-beta on a list of 7 column stacks: board[c] lists the stones of
# column c from the bottom up ('R' and 'Y'); a move appends, undo pops.
import treeviz

ROWS, COLS = 6, 7
DEPTH = 4


def to_board(pos):
    board = [[] for _ in range(COLS)]
    for row in reversed(list(pos.rows())):
        for c, v in enumerate(row):
            if v is not None:
                board[c].append('R' if v == 'X' else 'Y')
    return board


def cell(board, r, c):
    return board[c][r] if r < len(board[c]) else None


def wins(board, p):
    for c in range(COLS):
        for r in range(ROWS):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                if all(0 <= c + k * dc < COLS and 0 <= r + k * dr < ROWS
                       and cell(board, r + k * dr, c + k * dc) == p for k in range(4)):
                    return True
    return False


def heuristic(board, me):
    return sum(1 for c in (2, 3, 4) for s in board[c] if s == me) - \
        sum(1 for c in (2, 3, 4) for s in board[c] if s != me)


@treeviz.traced(maximizing="maxing")
def minimax(board, depth, alpha, beta, maxing, me):
    other = 'Y' if me == 'R' else 'R'
    if wins(board, me):
        return 100 + depth
    if wins(board, other):
        return -100 - depth
    moves = [c for c in range(COLS) if len(board[c]) < ROWS]
    if depth == 0 or not moves:
        return heuristic(board, me)
    if maxing:
        best = -10**9
        for c in moves:
            board[c].append(me)
            best = max(best, minimax(board, depth - 1, alpha, beta, False, me))
            board[c].pop()
            alpha = max(alpha, best)
            if alpha >= beta:
                break
        return best
    best = 10**9
    for c in moves:
        board[c].append(other)
        best = min(best, minimax(board, depth - 1, alpha, beta, True, me))
        board[c].pop()
        beta = min(beta, best)
        if alpha >= beta:
            break
    return best


def choose(pos):
    board = to_board(pos)
    me = 'R' if pos.side_to_move == 'X' else 'Y'
    best, col = -10**9, None
    for c in range(COLS):
        if len(board[c]) < ROWS:
            board[c].append(me)
            v = minimax(board, DEPTH - 1, -10**9, 10**9, False, me)
            board[c].pop()
            if v > best:
                best, col = v, c
    return col + 1
