"""Greedy Connect 4 player (one move ahead, plus a block).

The board is a single string of 42 characters, 7 per row, top row first:
'.' empty, 'X' and 'O' stones. Cell (row, col) is board[row * 7 + col].

1. if one of my moves wins, play it;
2. else if the opponent could win by playing somewhere, put my piece there;
3. else play the move whose resulting board has the best score
   (centre weights plus open lines of 2 and 3).
"""

ROWS, COLS = 6, 7

WEIGHTS = [
    3, 4, 5, 7, 5, 4, 3,
    4, 6, 8, 10, 8, 6, 4,
    5, 8, 11, 13, 11, 8, 5,
    5, 8, 11, 13, 11, 8, 5,
    4, 6, 8, 10, 8, 6, 4,
    3, 4, 5, 7, 5, 4, 3,
]


def lines():
    result = []
    for r in range(ROWS):
        for c in range(COLS):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                end_r, end_c = r + 3 * dr, c + 3 * dc
                if 0 <= end_r < ROWS and 0 <= end_c < COLS:
                    result.append([(r + k * dr) * COLS + c + k * dc for k in range(4)])
    return result


LINES = lines()


def show(board):
    for r in range(ROWS):
        print(" ".join(board[r * COLS:(r + 1) * COLS]))
    print("1 2 3 4 5 6 7")


def free_columns(board):
    return [c for c in range(COLS) if board[c] == "."]


def drop(board, col, stone):
    for r in range(ROWS - 1, -1, -1):
        i = r * COLS + col
        if board[i] == ".":
            return board[:i] + stone + board[i + 1:]
    raise ValueError("column full")


def has_four(board, stone):
    return any(all(board[i] == stone for i in line) for line in LINES)


def score(board, me, you):
    total = 0
    for i, cell in enumerate(board):
        if cell == me:
            total += WEIGHTS[i]
        elif cell == you:
            total -= WEIGHTS[i]
    for line in LINES:
        cells = [board[i] for i in line]
        if you not in cells:
            total += {2: 10, 3: 50}.get(cells.count(me), 0)
        if me not in cells:
            total -= {2: 10, 3: 50}.get(cells.count(you), 0)
    return total


def agent(pos):
    board = "".join("".join(c or "." for c in row) for row in pos.rows())
    me = pos.side_to_move
    you = "O" if me == "X" else "X"
    columns = free_columns(board)
    for col in columns:
        if has_four(drop(board, col, me), me):
            return col + 1
    for col in columns:
        if has_four(drop(board, col, you), you):
            return col + 1
    best = max(columns, key=lambda col: score(drop(board, col, me), me, you))
    return best + 1
