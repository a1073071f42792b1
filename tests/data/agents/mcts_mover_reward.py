# UCT MCTS, Node class, list-of-lists board (row 0 = top, 0 empty, 1 = X, 2 = O). Seeded.
# The recursion returns the reward (1 win, 0.5 draw, 0 loss) for the player who
# moved INTO the node; each level flips it (1 - r) on the way up.
import math
import random
import treeviz

ROWS, COLS = 6, 7
ITERATIONS = 2000
SEARCH = None  # the iteration: simulate (None) or simulate_winner
C = 1.4


def to_grid(pos):
    return [[1 if v == 'X' else 2 if v == 'O' else 0 for v in row] for row in pos.rows()]


def legal(grid):
    return [c for c in range(COLS) if grid[0][c] == 0]


def play(grid, c, p):
    g = [row[:] for row in grid]
    for r in range(ROWS - 1, -1, -1):
        if g[r][c] == 0:
            g[r][c] = p
            return g, r
    raise ValueError("full column")


def wins_at(g, r, c):
    p = g[r][c]
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
        n = 1
        for s in (1, -1):
            rr, cc = r + s * dr, c + s * dc
            while 0 <= rr < ROWS and 0 <= cc < COLS and g[rr][cc] == p:
                n += 1
                rr += s * dr
                cc += s * dc
        if n >= 4:
            return True
    return False


class Node:
    def __init__(self, player_to_move, parent=None, move=None, winner=None):
        self.player = player_to_move      # who moves at this node
        self.parent = parent
        self.move = move
        self.children = {}
        self.visits = 0
        self.wins = 0.0                   # for the player who moved INTO this node
        self.winner = winner              # 1/2 if the move into it won, 0 draw, None open

    def ucb(self, child):
        if child.visits == 0:
            return float('inf')
        return child.wins / child.visits + C * math.sqrt(math.log(self.visits) / child.visits)


def rollout(grid, player, rng):
    g = [row[:] for row in grid]
    while True:
        moves = legal(g)
        if not moves:
            return 0
        c = rng.choice(moves)
        g, r = play(g, c, player)
        if wins_at(g, r, c):
            return player
        player = 3 - player


@treeviz.traced(visits=lambda grid, node, rng: node.visits)
def simulate(grid, node, rng):
    mover = 3 - node.player               # the player who moved into this node
    if node.winner is not None:
        r = 1.0 if node.winner == mover else 0.5 if node.winner == 0 else 0.0
    else:
        untried = [m for m in legal(grid) if m not in node.children]
        if untried:
            m = rng.choice(untried)
            g, row = play(grid, m, node.player)
            w = node.player if wins_at(g, row, m) else (0 if not legal(g) else None)
            child = Node(3 - node.player, node, m, w)
            node.children[m] = child
            res = w if w is not None else rollout(g, child.player, rng)
            rc = 1.0 if res == node.player else 0.5 if res == 0 else 0.0   # for node.player
            child.visits += 1
            child.wins += rc
            r = 1.0 - rc
        else:
            m = max(node.children, key=lambda k: node.ucb(node.children[k]))
            g, _ = play(grid, m, node.player)
            r = 1.0 - simulate(g, node.children[m], rng)
    node.visits += 1
    node.wins += r
    return r


# The same iteration as a course often writes it: the recursion returns the winner's
# number (1, 2, or 0 for a draw) and each node credits the player who moved into it.
@treeviz.traced(visits=lambda grid, node, rng: node.visits)
def simulate_winner(grid, node, rng):
    """One iteration below `node`; returns the winner (1, 2) or 0 for a draw."""
    if node.winner is not None:
        result = node.winner
    else:
        moves = legal(grid)
        untried = [m for m in moves if m not in node.children]
        if untried:
            m = rng.choice(untried)
            g, r = play(grid, m, node.player)
            w = node.player if wins_at(g, r, m) else (0 if not legal(g) else None)
            child = Node(3 - node.player, node, m, w)
            node.children[m] = child
            if w is not None:
                result = w
            else:
                result = rollout(g, child.player, rng)
            child.visits += 1
            child.wins += 1.0 if result == node.player else 0.5 if result == 0 else 0.0
        else:
            m = max(node.children, key=lambda k: node.ucb(node.children[k]))
            g, _ = play(grid, m, node.player)
            result = simulate_winner(g, node.children[m], rng)
    node.visits += 1
    mover = 3 - node.player               # the player who moved into this node
    node.wins += 1.0 if result == mover else 0.5 if result == 0 else 0.0
    return result


def choose(pos):
    rng = random.Random(12345)
    grid = to_grid(pos)
    me = 1 if pos.side_to_move == 'X' else 2
    root = Node(me)
    search = SEARCH or simulate
    for _ in range(ITERATIONS):
        search(grid, root, rng)
    best = max(root.children.values(), key=lambda n: n.visits)
    return best.move + 1
