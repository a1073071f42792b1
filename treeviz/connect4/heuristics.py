"""The seeds' static evaluation functions, compiled, from the side to move's perspective.

Each heuristic has a name, an integer id (the compiled searches dispatch on the id, since
numba cannot take Python callables cheaply) and the seed it comes from:

``window`` (seed notebook 000 ``heuristicCalculate``, the assignment's suggested heuristic)
    Every 4-cell window (horizontal, vertical, both diagonals) holding only the side to
    move's stones scores 1/10/50/512 for 1/2/3/4 stones; only the opponent's, the same
    negated; mixed or empty windows 0. Plus the move bonus: +16 when the side to move is
    X, -16 when it is O, exactly as the seed adds it for the evaluating player's symbol.
    (seed notebook 003 adds the bonus with the opposite sign; either way it is a constant per
    side to move, so it never changes which of a node's children is best.)
``centre``  (seed notebook 000's ``ValueGrade`` grid)
    Sum of the grid weights of the side to move's stones minus the opponent's. The grid
    (3 4 5 7 5 4 3 / 4 6 8 10 8 6 4 / 5 8 11 13 11 8 5 ...) is the number of 4-cell
    windows through each cell, which is how it is computed here for any board size.
``window_centre`` (seed notebook 000: "used together with the previous heuristic")
    ``window`` + ``centre``.
``window_three`` (seed notebook 004 ``Astar.heuristic``)
    The window scores without the move bonus, plus 100 when the side to move has three
    of its stones in a row in any direction. (The seed's ``check_three_xs`` meant this,
    its text says so, but its loops test four in a row in two directions only.)
``central_column`` (seed notebook 003 ``central_pieces``)
    Per row: +2 for a stone in the middle column, else +1 for one in a column beside it
    (even widths: +2 for either middle column); side to move's score minus opponent's.
``zero`` (seed notebook 002 ``static_evaluation``)
    0 for every non-terminal position: minimax on wins and losses alone.

Compiled kernels take their arguments positionally (``treeviz.jit`` says why).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property

import numpy as np

from treeviz.connect4 import kernels as K
from treeviz.connect4.board import Position
from treeviz.errors import InvalidParameterError
from treeviz.jit import ctpop, njit
from treeviz.settings import show_value

WINDOW_VALUES = np.array([0, 1, 10, 50, 512], dtype=np.int64)
MOVE_BONUS = 16
THREE_BONUS = 100

H_WINDOW, H_CENTRE, H_WINDOW_CENTRE, H_WINDOW_THREE, H_CENTRAL_COLUMN, H_ZERO = range(6)


@dataclass(frozen=True)
class Heuristic:
    """A named evaluation: ``hid`` is what compiled searches dispatch on."""

    name: str
    hid: int
    source: str
    summary: str


HEURISTICS: dict[str, Heuristic] = {
    h.name: h
    for h in (
        Heuristic("window", H_WINDOW, "000", "4-cell windows 512/50/10/1 and the ±16 move bonus"),
        Heuristic("centre", H_CENTRE, "000", "centre-weight grid (windows per cell)"),
        Heuristic("window_centre", H_WINDOW_CENTRE, "000", "window + centre grid"),
        Heuristic("window_three", H_WINDOW_THREE, "004", "windows + 100 for three in a row"),
        Heuristic("central_column", H_CENTRAL_COLUMN, "003", "stones in the central columns"),
        Heuristic("zero", H_ZERO, "002", "wins and losses only"),
    )
}


def get_heuristic(name: str) -> Heuristic:
    """The heuristic called ``name``; :class:`InvalidParameterError` lists the choices."""
    try:
        return HEURISTICS[name]
    except KeyError:
        raise InvalidParameterError(
            f"unknown heuristic {show_value(name)}: choose one of {', '.join(HEURISTICS)}"
        ) from None


@dataclass(frozen=True)
class Tables:
    """Per-board-size constants the compiled evaluations read.

    ``windows``: one ``uint64`` mask per 4-cell line segment; ``weights``: the centre grid
    indexed by bit number (0 on sentinel bits); ``centre_cols``: per column, the
    ``central_column`` value of a stone there (2 in the middle, 1 beside it, else 0).
    """

    windows: np.ndarray
    weights: np.ndarray
    centre_cols: np.ndarray


@cache
def tables(width: int, height: int) -> Tables:
    """The evaluation tables of one board size (computed once)."""
    h1 = height + 1
    windows = []
    for col in range(width):
        for row in range(height):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                cells = [(col + k * dc, row + k * dr) for k in range(4)]
                if all(0 <= c < width and 0 <= r < height for c, r in cells):
                    windows.append(sum(1 << (c * h1 + r) for c, r in cells))
    weights = np.zeros(64, dtype=np.int64)
    for w in windows:
        for bit in range(64):
            if w >> bit & 1:
                weights[bit] += 1
    mid = width // 2
    centre_cols = np.zeros(width, dtype=np.int64)
    if width % 2:
        centre_cols[mid] = 2
        centre_cols[mid - 1] = centre_cols[mid + 1] = 1
    else:
        centre_cols[mid - 1] = centre_cols[mid] = 2
    return Tables(np.array(windows, dtype=np.uint64), weights, centre_cols)


@njit(cache=True, inline="always")
def popcount(x: np.uint64) -> int:
    """Number of set bits."""
    return int(ctpop(np.uint64(x)))


@njit(cache=True, inline="always")
def _window_counts(stones: np.uint64, s: np.uint64) -> tuple[np.uint64, np.uint64, np.uint64]:
    """Bit-sliced count of ``stones`` in the 4-cell window starting at every bit and
    stepping ``s``: bits ``(n0, n1, n2)`` of each start's count (0..4)."""
    x1, x2, x3 = stones >> s, stones >> (s + s), stones >> (s + s + s)
    s1, c1 = stones ^ x1, stones & x1  # first pair: sum bit, carry
    s2, c2 = x2 ^ x3, x2 & x3  # second pair
    t = s1 & s2
    return s1 ^ s2, c1 ^ c2 ^ t, (c1 & c2) | ((c1 ^ c2) & t)


@njit(cache=True, inline="always")
def _side_sum(n: tuple[np.uint64, np.uint64, np.uint64], starts: np.uint64) -> int:
    """``WINDOW_VALUES[k]`` for every start among ``starts`` whose count ``n`` is k."""
    n0, n1, n2 = n
    one = starts & n0 & ~n1 & ~n2
    two = starts & ~n0 & n1 & ~n2
    three = starts & n0 & n1
    return (
        popcount(one) * WINDOW_VALUES[1]
        + popcount(two) * WINDOW_VALUES[2]
        + popcount(three) * WINDOW_VALUES[3]
        + popcount(starts & n2) * WINDOW_VALUES[4]
    )


@njit(cache=True)
def window_sum(own: np.uint64, opp: np.uint64, w: int, h: int) -> int:
    """Sum over windows of ``WINDOW_VALUES`` (1/10/50/512 for 1-4 stones) for own-only,
    negated for opponent-only.

    All windows of one direction at once: a window is named by its first cell, and
    shifted copies of the stones give, per first cell, the count of stones in it
    (the cells of one window are ``s`` bits apart: 1 up, ``h + 1`` right, ``h + 2``
    up-right, ``h`` down-right). A start is a window when its four cells are on the
    board (the sentinel bit above each column stops columns running into each other).
    """
    board = K.board_mask(w, h)
    score = 0
    for step in (1, h + 1, h + 2, h):
        s = np.uint64(step)
        starts = board & (board >> s) & (board >> (s + s)) & (board >> (s + s + s))
        mine, theirs = _window_counts(own, s), _window_counts(opp, s)
        # a window counts for a side when the other has no stone in it
        mine_only = starts & ~(theirs[0] | theirs[1] | theirs[2])
        theirs_only = starts & ~(mine[0] | mine[1] | mine[2])
        score += _side_sum(mine, mine_only) - _side_sum(theirs, theirs_only)
    return score


@njit(cache=True)
def weight_sum(stones: np.uint64, weights: np.ndarray) -> int:
    """Sum of ``weights[bit]`` over the set bits of ``stones``."""
    total = 0
    while stones:
        low = stones & (~stones + np.uint64(1))
        total += weights[popcount(low - np.uint64(1))]
        stones ^= low
    return total


@njit(cache=True)
def has_three(stones: np.uint64, h: int) -> bool:
    """True when ``stones`` hold three in a row in some direction."""
    for shift in (1, h, h + 1, h + 2):
        s = np.uint64(shift)
        if stones & (stones >> s) & (stones >> (s + s)):
            return True
    return False


@njit(cache=True)
def central_score(stones: np.uint64, centre_cols: np.ndarray, w: int, h: int) -> int:
    """``central_pieces`` of ``003``: per row, the best central-column value present."""
    total = 0
    for row in range(h):
        best = 0
        for col in range(w):
            if stones & (K.U1 << np.uint64(col * (h + 1) + row)):
                best = max(best, centre_cols[col])
        total += best
    return total


@njit(cache=True)
def evaluate_kernel(
    hid: int,
    cur: np.uint64,
    mask: np.uint64,
    w: int,
    h: int,
    windows: np.ndarray,
    weights: np.ndarray,
    centre_cols: np.ndarray,
) -> int:
    """Heuristic ``hid`` of the position, for the player to move (see module docs)."""
    opp = cur ^ mask
    if hid == H_ZERO:
        return 0
    if hid == H_CENTRAL_COLUMN:
        return central_score(cur, centre_cols, w, h) - central_score(opp, centre_cols, w, h)
    score = 0
    if hid != H_CENTRE:
        score += window_sum(cur, opp, w, h)
    if hid in (H_WINDOW, H_WINDOW_CENTRE):
        x_to_move = popcount(mask) % 2 == 0
        score += MOVE_BONUS if x_to_move else -MOVE_BONUS
    if hid in (H_CENTRE, H_WINDOW_CENTRE):
        score += weight_sum(cur, weights) - weight_sum(opp, weights)
    if hid == H_WINDOW_THREE and has_three(cur, h):
        score += THREE_BONUS
    return score


# What a compiled search takes for its evaluation (see ``Evaluator.kernel_args``).
KernelArgs = tuple[int, int, int, np.ndarray, np.ndarray, np.ndarray]


@dataclass(frozen=True)
class Evaluator:
    """Heuristic ``hid`` on a ``width`` x ``height`` board, with that size's tables: the
    evaluation a search is given whole, and passes whole to its compiled kernel."""

    hid: int
    width: int
    height: int
    tables: Tables

    @cached_property
    def kernel_args(self) -> KernelArgs:
        """``(w, h, hid, windows, weights, centre_cols)``: the evaluator as the compiled
        searches take it, built once (the board size travels with the tables built for
        it, so the two cannot disagree). Alpha-beta's ``negamax`` takes it as one
        argument; a kernel that is itself the search loop (A*, MCTS) takes it spread,
        ``*ev.kernel_args``, into parameters of these names in this order, since a
        tuple unpacked inside would change the loop's compiled code."""
        t = self.tables
        return (self.width, self.height, self.hid, t.windows, t.weights, t.centre_cols)

    def evaluate(self, pos: Position) -> int:
        """The heuristic of ``pos`` (a position of this board size) for its side to move."""
        w, h, hid, windows, weights, centre_cols = self.kernel_args
        return int(
            evaluate_kernel(
                hid,
                np.uint64(pos.current),
                np.uint64(pos.mask),
                w,
                h,
                windows,
                weights,
                centre_cols,
            )
        )


def evaluator(name: str, pos: Position) -> Evaluator:
    """Heuristic ``name`` for ``pos``'s board size (its tables computed once per size);
    :class:`InvalidParameterError` for an unknown name."""
    return Evaluator(get_heuristic(name).hid, pos.width, pos.height, tables(pos.width, pos.height))


def evaluate(pos: Position, name: str = "window") -> int:
    """The heuristic ``name`` of ``pos`` from the side to move's perspective."""
    return evaluator(name, pos).evaluate(pos)


def window_breakdown(pos: Position, for_mover: bool = False) -> str:
    """The ``window`` heuristic of ``pos`` in words: open windows (holding one
    player's stones only) by stone count for each player, and the move bonus; for the
    side to move, or with ``for_mover`` for the player who just moved (the sum is then
    minus the heuristic)."""
    t = tables(pos.width, pos.height)
    own, opp = pos.current, pos.current ^ pos.mask
    if for_mover:
        own, opp = opp, own
    counts = {}
    for name, a, b in (("own", own, opp), ("opp", opp, own)):
        n = [0] * 5
        for w in t.windows.tolist():
            if not w & b and w & a:
                n[(w & a).bit_count()] += 1
        counts[name] = n
    x_to_move = pos.ply % 2 == 0
    bonus = (MOVE_BONUS if x_to_move else -MOVE_BONUS) * (-1 if for_mover else 1)
    me = pos.side_to_move if not for_mover else ("O" if pos.side_to_move == "X" else "X")
    you = "O" if me == "X" else "X"

    def part(n: list[int]) -> str:
        return " + ".join(f"{n[k]}x{int(WINDOW_VALUES[k])}" for k in (3, 2, 1) if n[k]) or "0"

    return (
        f"{me} windows {part(counts['own'])} - {you} windows {part(counts['opp'])} "
        f"{'+' if bonus > 0 else '-'} {abs(bonus)} move bonus"
    )
