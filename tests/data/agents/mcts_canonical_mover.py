"""Recursive UCT, canonical numpy board. go(node) returns the result in [-1,1] for the
player who moved INTO node (+1 that player won); parent passes -result up."""
import math, random
import treeviz
import numpy as np

ROWS, COLS = 6, 7


def four(b, p):
    m = b == p
    return bool((m[:, :-3] & m[:, 1:-2] & m[:, 2:-1] & m[:, 3:]).any() or
                (m[:-3] & m[1:-2] & m[2:-1] & m[3:]).any() or
                (m[:-3, :-3] & m[1:-2, 1:-2] & m[2:-1, 2:-1] & m[3:, 3:]).any() or
                (m[3:, :-3] & m[2:-1, 1:-2] & m[1:-2, 2:-1] & m[:-3, 3:]).any())


def drop(b, c):
    n = b.copy()
    r = max(r for r in range(ROWS) if n[r, c] == 0)
    n[r, c] = 1
    return n


def to_board(pos):
    me = pos.side_to_move
    return np.array([[0 if x is None else (1 if x == me else -1) for x in row] for row in pos.rows()], dtype=np.int8)


def legal(b):
    return [c for c in range(7) if b[0, c] == 0]


class Node:
    def __init__(self, board):
        self.board = board; self.children = {}; self.N = 0; self.W = 0.0


def rollout(board):
    """random playout; result for the player who moved into board (the -1 stones)."""
    b, sign = board, 1   # sign=1: b is from view of node's side to move
    while True:
        if four(b, -1):
            return 1.0 if sign == 1 else 0.0
        ms = legal(b)
        if not ms:
            return 0.5
        b = -drop(b, random.choice(ms)); sign = -sign


ITER = 100

@treeviz.traced(position=lambda n: n.board)
def go(node):
    if four(node.board, -1):
        r = 1.0
    elif not legal(node.board):
        r = 0.0
    elif node.N == 0:
        r = 2 * rollout(node.board) - 1
    else:
        untried = [c for c in legal(node.board) if c not in node.children]
        if untried:
            c = random.choice(untried)
            node.children[c] = Node(-drop(node.board, c))
        else:
            c = max(node.children, key=lambda c: node.children[c].W / node.children[c].N
                    + 2.0 * math.sqrt(math.log(node.N) / node.children[c].N))
        r = -go(node.children[c])
    node.N += 1; node.W += r
    return r

def choose(pos):
    random.seed(5)
    root = Node(to_board(pos))
    for _ in range(ITER):
        go(root)
    return max(root.children, key=lambda c: root.children[c].N) + 1

def stats(pos):
    random.seed(5)
    root = Node(to_board(pos))
    for _ in range(ITER):
        go(root)
    return {c+1: (k.N, round(k.W / k.N, 3)) for c, k in sorted(root.children.items())}
