"""The doctor's positions: a seeded battery, by kind, each chosen to tempt one bug.

Every position is reached by play from the empty board (its move string is the proof
that it is reachable), none is over, and each kind alternates the side to move:

- ``win-now``: the side to move wins at once, and where one can be found another
  column wins too, only later (a search that scores wins the same at any depth
  takes the slow one);
- ``block``: it cannot win at once, the opponent threatens to, and some moves stop
  the threat while others let it through;
- ``edge``: a win or the only block is in an edge column (``if move:`` is false for
  column index 0);
- ``endgame``: a nearly full board whose columns do not all lead to the same
  outcome, half of them with a draw the best one, half with a win beside a loss and
  no column drawing, where such can be found (searches meet full boards here);
- ``transposition``: a position with a second move order that reaches it (a search
  whose answer depends on the path, or on what it was asked before);
- ``win-3``, ``loss-4``, ``win-5``: the shortest forced win is 3 or 5 plies, or no
  column wins, some lose in 4 plies (none sooner) and some do not
  (:mod:`.tactics`): a search that looks that far plays right, one that looks less
  only by chance (the agent's horizon is measured on these);
- ``early``, ``middle``, ``late``: positions by phase, for the strength report.

The facts a check needs are cheap bitboard tests (:func:`facts`); exact scores come
from the solver when a check or the strength report asks (cached per position).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache

from treeviz.checkup.kept import kept_rows
from treeviz.checkup.tactics import could_be, tactics
from treeviz.connect4.board import Position, board_masks, win_cells

LEVELS = {"win-3": 3, "loss-4": 4, "win-5": 5}  # a kind that tests one horizon, its plies
KINDS = ("win-now", "block", "edge", "endgame", "transposition", *LEVELS, "early", "middle", "late")
PHASES = {"early": (4, 12), "middle": (13, 26), "late": (27, 38)}  # plies, inclusive
ENDGAME_EMPTY = (2, 4)  # empty cells of an endgame position, inclusive (horizons are short)
LEVEL_MAX = 20  # positions of a horizon kind at most: enough to count, each costs playouts
LEVEL_PLIES = (14, 28)  # plies of a horizon kind's position: where deep tactics are common
TRIES_PER_POSITION = 400  # playouts tried for one position of a kind before giving up


@dataclass(frozen=True)
class Probe:
    """A position of the battery: its ``moves`` from the empty board, the ``kind``
    that chose it, and for a transposition ``other``, a second move order to it."""

    moves: str
    kind: str
    other: str = ""

    def position(self) -> Position:
        return Position.from_moves(self.moves)


@dataclass(frozen=True)
class Facts:
    """What the side to move of a position faces, as 0-based columns: ``wins`` (its
    moves that win at once), ``threats`` (where the opponent would win at once if it
    moved now), ``unsafe`` (its moves after which the opponent wins at once) and
    ``safe`` (the other legal moves)."""

    wins: frozenset[int]
    threats: frozenset[int]
    unsafe: frozenset[int]
    safe: frozenset[int]

    @property
    def must_block(self) -> bool:
        """No win at once, a threat, and a choice between stopping it and not."""
        return not self.wins and bool(self.threats) and bool(self.safe) and bool(self.unsafe)


def facts(pos: Position) -> Facts:
    """The :class:`Facts` of ``pos`` (not over), from its bitboards."""
    legal = pos.legal_moves()
    mine, theirs = pos.win_now_cells(), _their_wins(pos)
    wins = frozenset(c for c in legal if mine & _cell(pos, c))
    threats = frozenset(c for c in legal if theirs & _cell(pos, c))
    unsafe = frozenset(c for c in legal if c not in wins and _hands_win(pos, c, theirs))
    return Facts(wins, threats, unsafe, frozenset(legal) - wins - unsafe)


def _cell(pos: Position, col: int) -> int:
    """The bit of the cell a stone played in ``col`` would take."""
    base = col * (pos.height + 1)
    return (pos.mask + (1 << base)) & (((1 << pos.height) - 1) << base)


def _their_wins(pos: Position) -> int:
    """The empty cells where the opponent of the side to move would have four (``pos``
    not over: the opponent holds none yet)."""
    board = board_masks(pos.width, pos.height)[0]
    return win_cells(pos.current ^ pos.mask, board & ~pos.mask, pos.height)


def _hands_win(pos: Position, col: int, theirs: int) -> bool:
    """After the side to move plays ``col`` (not a win), the opponent wins at once:
    one of ``theirs`` (:func:`_their_wins`) is playable then (the cell taken is not,
    the one above it is)."""
    cell = _cell(pos, col)
    board = board_masks(pos.width, pos.height)[0]
    return bool(theirs & ((pos.playable() ^ cell) | (cell << 1 & board)))


@lru_cache(maxsize=16)
def _made(per_kind: int, seed: int, kinds: tuple[str, ...]) -> tuple[Probe, ...]:
    def make() -> list[list[str]]:
        return [[p.moves, p.kind, p.other] for p in make_battery(per_kind, seed, kinds)]

    named = "all" if kinds == KINDS else hashlib.sha256("\0".join(kinds).encode()).hexdigest()[:12]
    rows = kept_rows(
        f"battery-{per_kind}-{seed}-{named}", make, lambda rows: _probes_of(rows, kinds)
    )
    return tuple(Probe(*row) for row in rows)


def _probes_of(rows: list[list[str]], kinds: tuple[str, ...]) -> bool:
    """Each row is a probe as :func:`make_battery` makes them: ``[moves, kind, other]``
    of these ``kinds``, its positions reached by legal play and not over."""

    def playable(moves: str) -> bool:
        return set(moves) <= set("1234567") and reached(moves) is not None

    return all(
        len(r) == 3 and r[1] in kinds and playable(r[0]) and (r[2] == "" or playable(r[2]))
        for r in rows
    )


def battery(per_kind: int, seed: int = 0, kinds: tuple[str, ...] = KINDS) -> list[Probe]:
    """The probes of :func:`make_battery`, made once per arguments and code: kept on
    disk for every later process (:mod:`~treeviz.checkup.kept`), and in this one (a
    test run or a dashboard's visitors ask for the same ones again and again): each
    call gets a list of its own of the same frozen probes."""
    return list(_made(per_kind, seed, tuple(kinds)))


def make_battery(per_kind: int, seed: int = 0, kinds: tuple[str, ...] = KINDS) -> list[Probe]:
    """``per_kind`` positions of each kind (fewer where a kind is rare, at most
    :data:`LEVEL_MAX` of a horizon kind), distinct, the same for the same ``seed``."""
    out: list[Probe] = []
    seen: set[str] = set()
    for kind in kinds:
        rng = random.Random(f"{seed}:{kind}")
        found, wanted = 0, min(per_kind, LEVEL_MAX) if kind in LEVELS else per_kind
        for i in range(wanted * 4):  # room for repeats
            if found == wanted:
                break
            probe = FINDERS[kind](rng, i % 2)
            if probe is not None and probe.moves not in seen:
                seen.add(probe.moves)
                out.append(probe)
                found += 1
    return out


def playout(rng: random.Random, plies: int, careful: bool = False) -> str | None:
    """A random game of ``plies`` moves that is not over, as a move string; None when
    it ended first. ``careful``: no move wins or hands the opponent a win at once
    while another exists (games that reach full boards)."""
    pos = Position()
    for _ in range(plies):
        legal = pos.legal_moves()
        if careful:
            legal = _careful(pos, legal)
        if not legal:
            return None
        pos.push(rng.choice(legal))  # legal, and the game not over: nothing to check
        if pos.is_over():
            return None
    return pos.moves_string()


def _careful(pos: Position, legal: list[int]) -> list[int]:
    """The moves of ``legal`` that neither win nor hand the opponent a win at once,
    else those that do not win (``pos`` not over)."""
    mine, theirs = pos.win_now_cells(), _their_wins(pos)
    calm = [c for c in legal if not mine & _cell(pos, c)]
    return [c for c in calm if not _hands_win(pos, c, theirs)] or calm


def _search(
    rng: random.Random,
    parity: int,
    lo: int,
    hi: int,
    accept: Callable[[Position], bool],
    careful: bool = False,
) -> str | None:
    """A playout of ``lo``..``hi`` plies, with ``parity`` the side to move (0: X), that
    ``accept`` takes; None after :data:`TRIES_PER_POSITION` tries."""
    for _ in range(TRIES_PER_POSITION):
        plies = rng.randrange(lo, hi + 1)
        if plies % 2 != parity:  # X moves after an even number of plies
            plies = plies + 1 if plies < hi else plies - 1
        moves = playout(rng, plies, careful)
        if moves is not None and accept(Position.from_moves(moves)):
            return moves
    return None


def _win_now(rng: random.Random, parity: int) -> Probe | None:
    def tempting(pos: Position) -> bool:  # a win now and a slower one beside it
        return bool(facts(pos).wins) and _slow_win(pos)

    moves = _search(rng, parity, 7, 30, tempting) or _search(
        rng, parity, 7, 30, lambda p: bool(facts(p).wins)
    )
    return Probe(moves, "win-now") if moves else None


def _slow_win(pos: Position) -> bool:
    """Some column that does not win at once still wins (the exact scores say)."""
    from treeviz.exact.scores import exact_scores

    scores = exact_scores(pos, 0.2)
    wins = facts(pos).wins
    return scores is not None and any(
        s is not None and s > 0 and c not in wins for c, s in enumerate(scores)
    )


def _block(rng: random.Random, parity: int) -> Probe | None:
    moves = _search(rng, parity, 6, 30, lambda p: facts(p).must_block)
    return Probe(moves, "block") if moves else None


def _edge(rng: random.Random, parity: int) -> Probe | None:
    def at_edge(pos: Position) -> bool:
        f, edges = facts(pos), {0, pos.width - 1}
        return bool(f.wins & edges) or (f.must_block and f.safe <= edges)

    moves = _search(rng, parity, 6, 30, at_edge)
    return Probe(moves, "edge") if moves else None


def _endgame(rng: random.Random, parity: int) -> Probe | None:
    cells = Position().width * Position().height
    lo, hi = cells - ENDGAME_EMPTY[1], cells - ENDGAME_EMPTY[0]
    # half with a draw at stake (a draw the best outcome, a loss beside it), half with
    # none (a win beside a loss, no column drawing): a search that misvalues only the
    # full board (the one draw) fails the first kind and not the second
    wanted = _draw_or_lose if rng.random() < 0.5 else _won_or_lost
    moves = _search(rng, parity, lo, hi, wanted, careful=True) or _search(
        rng, parity, lo, hi, _outcomes_differ, careful=True
    )
    return Probe(moves, "endgame") if moves else None


def outcomes(pos: Position) -> dict[int, int] | None:
    """Each legal column's exact outcome for the side to move (1 win, 0 draw, -1
    loss), or None when the solver does not finish quickly."""
    from treeviz.exact.scores import exact_scores

    scores = exact_scores(pos, 1.0)
    if scores is None:
        return None
    return {c: (s > 0) - (s < 0) for c, s in enumerate(scores) if s is not None}


def _outcomes_differ(pos: Position) -> bool:
    found = outcomes(pos)
    return found is not None and len(set(found.values())) > 1


def _draw_or_lose(pos: Position) -> bool:
    found = outcomes(pos)
    return found is not None and max(found.values()) == 0 and min(found.values()) < 0


def _won_or_lost(pos: Position) -> bool:
    found = outcomes(pos)
    return found is not None and set(found.values()) == {1, -1}


def _transposition(rng: random.Random, parity: int) -> Probe | None:
    for _ in range(TRIES_PER_POSITION):
        moves = _search(rng, parity, 6, 24, lambda p: True)
        other = moves and next(other_orders(moves, rng), None)
        if moves and other:
            return Probe(moves, "transposition", other)
    return None


def other_orders(moves: str, rng: random.Random) -> Iterator[str]:
    """Other move orders that reach the position of ``moves`` without a game ending
    on the way: two moves of one player swapped (in a random order of pairs)."""
    target = Position.from_moves(moves)
    pairs = [
        (i, j)
        for i in range(len(moves))
        for j in range(i + 2, len(moves), 2)
        if moves[i] != moves[j]
    ]
    rng.shuffle(pairs)
    for i, j in pairs:
        swapped = moves[:i] + moves[j] + moves[i + 1 : j] + moves[i] + moves[j + 1 :]
        pos = reached(swapped)
        if pos is not None and pos.key() == target.key():
            yield swapped


def reached(moves: str) -> Position | None:
    """The position after ``moves``, or None when a move is illegal or the game ends
    before the last one (a position the doctor cannot ask about)."""
    pos = Position()
    for ch in moves:
        col = int(ch) - 1
        if pos.is_over() or not 0 <= col < pos.width or not pos.can_play(col):
            return None
        pos.push(col)  # checked just above
    return None if pos.is_over() else pos


def _level(kind: str) -> Callable[[random.Random, int], Probe | None]:
    k = LEVELS[kind]

    def find(rng: random.Random, parity: int) -> Probe | None:
        def accept(pos: Position) -> bool:
            return could_be(pos, k) and tactics(pos).kind() == k

        moves = _search(rng, parity, *LEVEL_PLIES, accept, careful=True)
        return Probe(moves, kind) if moves else None

    return find


def _phase(kind: str) -> Callable[[random.Random, int], Probe | None]:
    lo, hi = PHASES[kind]

    def find(rng: random.Random, parity: int) -> Probe | None:
        moves = _search(rng, parity, lo, hi, lambda p: True, careful=kind == "late")
        return Probe(moves, kind) if moves else None

    return find


FINDERS: dict[str, Callable[[random.Random, int], Probe | None]] = {
    "win-now": _win_now,
    "block": _block,
    "edge": _edge,
    "endgame": _endgame,
    "transposition": _transposition,
    **{k: _level(k) for k in LEVELS},
    **{k: _phase(k) for k in PHASES},
}
