"""Agents on OpenSpiel's games and on Connect 4's position, written the way course
notebooks write them (a function of the state returning an action; ``clone()`` and
``apply_action``; a notebook's global tables), each with one real bug, or none.

Each docstring says the bug; the doctor's tests check what it says of them against
the game's own rules and by running these functions again, never against its words.
"""

from __future__ import annotations

import math
from typing import Any

import treeviz

# ---------------------------------------------------------------------- OpenSpiel


def negamax(state: Any, depth: int, player: int) -> float:
    """The course's negamax: the game's returns for ``player`` at the end, 0 at the
    depth limit, every child a clone."""
    if state.is_terminal():
        return state.returns()[player]
    if depth == 0:
        return 0.0
    best = -math.inf
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        best = max(best, -negamax(child, depth - 1, 1 - player))
    return best


def two_ply(state: Any) -> int:
    """Correct: the action with the best negamax value two plies deep."""
    me = state.current_player()
    best, best_value = None, -math.inf
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        value = -negamax(child, 1, 1 - me)
        if value > best_value:
            best, best_value = action, value
    return best


def greedy_ignores_opponent(state: Any) -> int:
    """BUG: takes a win at once, else the first action, never looking at what the
    opponent can do next (a loss in one is not blocked)."""
    me = state.current_player()
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        if child.is_terminal() and child.returns()[me] > 0:
            return action
    return state.legal_actions()[0]


def plays_on_the_state(state: Any) -> int:
    """BUG: plays each action on the state it was given and undoes it, but returns as
    soon as a move wins, before its undo: the caller's state keeps the winning move."""
    me = state.current_player()
    for action in state.legal_actions():
        state.apply_action(action)
        if state.is_terminal() and state.returns()[me] > 0:
            return action
        state.undo_action(me, action)
    return two_ply(state)


CENTRE_FIRST = [4, 0, 2, 6, 8, 1, 3, 5, 7]  # tic-tac-toe's cells, best first


def cell_preference(state: Any) -> int:
    """BUG: picks the best cell of a fixed order that is still empty, testing
    emptiness on the board's text, where it reads row and column swapped: an occupied
    cell is returned when the board is not symmetric."""
    rows = str(state).split("\n")
    for cell in CENTRE_FIRST:
        row, col = cell % 3, cell // 3  # BUG: the two swapped
        if rows[row][col] == ".":
            return cell
    return state.legal_actions()[0]


def last_heap_first(state: Any) -> int:
    """BUG (Nim): a fixed place in the listing of legal actions, a quarter of the way
    in and four more: the index runs past the list once few tokens are left."""
    legal = state.legal_actions()
    return legal[len(legal) // 4 + 4]


def takes_the_largest_pile(state: Any) -> int:
    """BUG (misère Nim): takes the whole largest pile, even the last tokens on the
    board, which loses at once (who takes the last token loses)."""
    best, most = None, -1
    for action in state.legal_actions():
        text = state.action_to_string(state.current_player(), action)
        take = int(text.split("take:")[1].rstrip(";"))
        if take > most:
            best, most = action, take
    return best


@treeviz.traced
def depth_first_search(state: Any, depth: int) -> float:
    """BUG: the depth is tested before the end of the game: a game won by the last
    move searched is scored 0, as an unfinished position."""
    if depth == 0:
        return 0.0
    if state.is_terminal():
        return -1.0 if any(state.returns()) else 0.0  # the side to move has lost
    return max(-depth_first_search(state.child(a), depth - 1) for a in state.legal_actions())


def traced_root_loop(state: Any) -> int:
    """The root loop of a traced search two plies deep (the search has the bug)."""
    values = {a: -depth_first_search(state.child(a), 1) for a in state.legal_actions()}
    return max(values, key=lambda a: values[a])


def never_the_last_token(state: Any) -> int:
    """BUG (misère Nim): looks for a move that leaves a token on the board, and keeps
    looking when there is none (one token left: taking it is the only move)."""
    while True:
        for action in state.legal_actions():
            if not state.child(action).is_terminal():
                return action


VISITED: set[str] = set()


def closed_list(state: Any) -> int:
    """BUG: a graph search's closed list kept as a notebook global between moves: a
    child met in an earlier call is skipped, so a position asked again is answered
    from fewer children."""
    me = state.current_player()
    best, best_value = None, -math.inf
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        if str(child) in VISITED:
            continue
        VISITED.add(str(child))
        value = -negamax(child, 1, 1 - me)
        if value > best_value:
            best, best_value = action, value
    return best if best is not None else state.legal_actions()[-1]


# ---------------------------------------------------------------------- Connect 4


def connect4_greedy(pos: Any) -> int:
    """BUG (Connect 4's position, columns 1..7): wins at once when it can, else the
    column nearest the centre, never blocking the opponent's four."""
    for col in pos.legal_moves():
        child = pos.copy()
        child.play(col)
        if child.winner() is not None:
            return col + 1
    return min(pos.legal_moves(), key=lambda c: abs(c - pos.width // 2)) + 1


def connect4_two_ply(pos: Any) -> int:
    """Correct: a win at once, else a column after which the opponent has none."""
    safe = []
    for col in pos.legal_moves():
        child = pos.copy()
        child.play(col)
        if child.winner() is not None:
            return col + 1
        if not any(_wins(child, reply) for reply in child.legal_moves()):
            safe.append(col)
    return (safe or pos.legal_moves())[0] + 1


def _wins(pos: Any, col: int) -> bool:
    child = pos.copy()
    child.play(col)
    return child.winner() is not None
