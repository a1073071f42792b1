"""The doctor's checks inside a search's trace on any game: course-style searches over
OpenSpiel's tic-tac-toe and Nim, each with one bug, traced by ``treeviz.traced``; the
agents on any game for the correct case. Oracles: OpenSpiel's own states at the node
named, and the person's function run again, untraced, on that state."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest

import treeviz
from treeviz.agents.any_game.registry import search_game
from treeviz.checkup.games.inside import GameNodeFinding, check_game_tree
from treeviz.checkup.games.tree import GameTree
from treeviz.trace.nodes import TERMINAL

pyspiel = pytest.importorskip("pyspiel")
GAME = pyspiel.load_game("tic_tac_toe")
ROOT = [4, 0, 8, 2]  # x(1,1) o(0,0) x(2,2) o(0,2): X to move, wins and losses in reach


def played(moves: list[int], game: Any = GAME) -> Any:
    state = game.new_initial_state()
    for m in moves:
        state.apply_action(m)
    return state


@treeviz.traced
def depth_first(state: Any, depth: int) -> float:
    """BUG: the depth is tested before the end of the game: a game lost by the last
    move searched is scored 0, as an unfinished position."""
    if depth == 0:
        return 0.0
    if state.is_terminal():
        return -1.0 if any(state.returns()) else 0.0  # the side to move has lost
    return max(-depth_first(state.child(a), depth - 1) for a in state.legal_actions())


@treeviz.traced
def fixed_player(state: Any, depth: int) -> float:
    """BUG: a negamax that scores a finished game for the first player, whoever is to
    move."""
    if state.is_terminal():
        return state.returns()[0]
    if depth == 0:
        return 0.0
    return max(-fixed_player(state.child(a), depth - 1) for a in state.legal_actions())


@treeviz.traced
def max_twice(state: Any, depth: int, maximizing: bool) -> float:
    """BUG: minimax for the first player that takes the maximum at the second
    player's turns too."""
    if state.is_terminal():
        return state.returns()[0]
    if depth == 0:
        return 0.0
    values = [max_twice(state.child(a), depth - 1, not maximizing) for a in state.legal_actions()]
    return max(values)


TRIED: list[list[int]] = []


@treeviz.traced
def early_break(state: Any, depth: int, alpha: float, beta: float) -> float:
    """BUG: alpha-beta that stops at the first child raising alpha (``break`` on the
    wrong test): moves are left unsearched with the window still open."""
    if state.is_terminal():
        return -1.0 if any(state.returns()) else 0.0
    if depth == 0:
        return 0.0
    best = -math.inf
    TRIED.append([len(state.history())])
    for a in state.legal_actions():
        TRIED[-1].append(a)
        v = -early_break(state.child(a), depth - 1, -beta, -alpha)
        best = max(best, v)
        if v > alpha:
            alpha = v
            break
    return best


TOP: list[int] = []


@treeviz.traced
def negamax(state: Any, depth: int) -> float:
    """Correct negamax (-1 for a side to move that has lost, 0 a draw)."""
    if depth == 2:
        TOP.append(len(state.history()))
    if state.is_terminal():
        return -1.0 if any(state.returns()) else 0.0
    if depth == 0:
        return 0.0
    return max(-negamax(state.child(a), depth - 1) for a in state.legal_actions())


def choose_aliased(state: Any, search: Any) -> int:
    """BUG: the root loop's child is the state itself, not a copy: each move stays on
    the board for the next."""
    scores = {}
    for a in state.legal_actions():
        child = state
        child.apply_action(a)
        scores[a] = -search(child, 2)
        if child.is_terminal():
            break
    return max(scores, key=lambda a: scores[a])


def traced_findings(fn: Any, *args: Any) -> list[GameNodeFinding]:
    """The findings inside ``fn``'s recorded search from :data:`ROOT` (a traced
    function runs as it is outside a recording: the oracles call it so)."""
    with treeviz.recording() as rec:
        fn(played(ROOT), *args)
    return check_game_tree(rec.result)


def only(found: list[GameNodeFinding], check: str) -> GameNodeFinding:
    assert [f.check for f in found] == [check], [f.text for f in found]
    return found[0]


# ---------------------------------------------------------------------- correct
@pytest.mark.parametrize("game", ["tic_tac_toe", "nim", "connect4", "hex"])
@pytest.mark.parametrize(
    "agent", ["minimax:depth=3", "alphabeta:depth=4", "alphabeta:depth=3,tt=true", "mcts"]
)
def test_our_searches_get_no_finding(game: str, agent: str) -> None:
    assert check_game_tree(search_game(game, None, agent)) == []


def test_a_correct_traced_negamax_gets_no_finding() -> None:
    assert traced_findings(negamax, 4) == []


# ---------------------------------------------------------------------- the checks
def test_a_depth_tested_first_scores_a_lost_game_as_unfinished() -> None:
    f = only(traced_findings(depth_first, 2), "terminal")
    state = played(ROOT + f.moves)
    assert state.is_terminal() and any(state.returns())  # decided, so someone lost
    assert depth_first(state, 2 - len(f.moves)) == 0.0  # yet scored as unfinished
    assert "scored 0" in f.text


def test_a_finished_game_scored_for_the_wrong_player_is_a_sign_finding() -> None:
    f = only(traced_findings(fixed_player, 3), "sign")
    state = played(ROOT + f.moves)
    last_mover = 1 - len(state.history()) % 2  # who made the last move (players alternate)
    assert state.is_terminal() and state.returns()[last_mover] > 0
    assert fixed_player(state, 0) > 0  # a win for the side that has lost
    assert "a loss scored as a win" in f.text


def test_a_maximum_taken_at_the_opponents_turn_is_a_backup_finding() -> None:
    f = only(traced_findings(max_twice, 3, True), "backup")
    state = played(ROOT + f.moves)
    assert not state.is_terminal() and state.current_player() == 1
    left = 3 - len(f.moves)
    values = [max_twice(state.child(a), left - 1, True) for a in state.legal_actions()]
    assert max_twice(state, left, False) == max(values) != min(values)


def test_moves_left_unsearched_with_an_open_window_are_a_cutoff_finding() -> None:
    TRIED.clear()
    f = only(traced_findings(early_break, 4, -10.0, 10.0), "cutoff")
    state = played(ROOT + f.moves)
    tried = next(t[1:] for t in TRIED if t[0] == len(state.history()))
    untried = [a for a in state.legal_actions() if a not in tried]
    assert untried and all(state.action_to_string(a) in f.text for a in untried)
    assert f.node == 0 and "alpha -10, beta +10" in f.text  # the window it was given


def test_a_root_loop_that_plays_on_the_state_is_a_mutation_finding() -> None:
    TOP.clear()
    root = played([4, 0])
    with treeviz.recording(root=root.clone()) as rec:
        choose_aliased(root, negamax)
    f = only(check_game_tree(rec.result), "mutation")
    strays = sum(n != 3 for n in TOP)  # calls not one move after the root's two
    assert strays > 0 and f.text.split(": ", 1)[1].startswith(f"{strays} calls got a state")


# ---------------------------------------------------------------------- MCTS counts
def mcts_trace() -> Any:
    trace = search_game("tic_tac_toe", "x(1,1) o(0,0)", "mcts:iterations=400").trace
    assert check_game_tree(trace) == []
    return trace


def test_results_credited_to_the_other_player_are_a_perspective_finding() -> None:
    """A backup that adds each finished game's result for the player who did not move
    into it: the value sums of the finished nodes, as that search would leave them."""
    trace = mcts_trace()
    nodes = trace.nodes
    over = (nodes["flags"] & TERMINAL) != 0
    nodes["value_sum"][over] = nodes["visits"][over] - nodes["value_sum"][over]
    f = only(check_game_tree(trace), "perspective")
    state = played([4, 0, *f.moves])
    into = 1 - len(state.history()) % 2  # the player who made the last move
    assert state.is_terminal() and state.returns()[into] != 0
    assert f"moved into it, but its {int(nodes['visits'][f.node])} visits" in f.text


def test_a_visit_counted_twice_is_a_visits_finding() -> None:
    """A visit backed up twice (its count and its result): every node's visits and
    value sums doubled, as that search would leave them; a node expanded in one of its
    own visits then counts two more than its children's sum."""
    trace = mcts_trace()
    nodes = trace.nodes
    nodes["visits"] *= 2
    nodes["value_sum"] *= 2  # its results with it: the means are as they were
    f = only(check_game_tree(trace), "visits")
    below = int(nodes["visits"][nodes["parent"] == f.node].sum())
    assert below and int(nodes["visits"][f.node]) == below + 2
    assert f"counts {below + 2} visits" in f.text and f"add up to {below}:" in f.text
    assert nodes["parent"][f.node] == 0  # a child of the root: the shallowest such


# ---------------------------------------------------------------------- Nim
NIM = pyspiel.load_game("nim")  # misère: who takes the last token loses


@treeviz.traced
def normal_play(state: Any, depth: int) -> float:
    """BUG: misère Nim scored as normal play: at the end, the side to move (who did
    not take the last token) is said to have lost."""
    if state.is_terminal():
        return -1.0
    if depth == 0:
        return 0.0
    return max(-normal_play(state.child(a), depth - 1) for a in state.legal_actions())


def test_misere_nim_scored_as_normal_play_is_a_sign_finding() -> None:
    start = [27, 18]  # the piles of 7 and 5 taken: 1 and 3 tokens left
    with treeviz.recording() as rec:
        normal_play(played(start, NIM), 4)
    f = only(check_game_tree(rec.result), "sign")
    state = played([*start, *f.moves], NIM)
    into = 1 - len(state.history()) % 2  # who took the last token
    assert state.is_terminal() and state.returns()[into] < 0  # misère: that player lost
    assert normal_play(state, 0) < 0  # yet the winner, to move there, is scored a loss
    assert "a win scored as a loss" in f.text


CELL_WEIGHTS = [3, 2, 3, 2, 4, 2, 3, 2, 3]  # lines through each cell


def cell_weights(state: Any) -> float:
    """The course heuristic: the weights of the side to move's cells minus the
    opponent's (a finished board scores too: it may fall past the others' range)."""
    me = "xo"[len(state.history()) % 2]
    cells = str(state).replace("\n", "")
    return float(
        sum(w for w, c in zip(CELL_WEIGHTS, cells, strict=True) if c == me)
        - sum(w for w, c in zip(CELL_WEIGHTS, cells, strict=True) if c not in (me, "."))
    )


@treeviz.traced
def depth_first_weights(state: Any, depth: int) -> float:
    """BUG: the depth tested before the end, the board scored by ``cell_weights``."""
    if depth == 0:
        return cell_weights(state)
    if state.is_terminal():
        return -100.0 if any(state.returns()) else 0.0
    return max(-depth_first_weights(state.child(a), depth - 1) for a in state.legal_actions())


# random positions (seeded) where a lost board at the depth limit scores above every
# unfinished one there: read as a loss scored as a win before the gap was asked
@pytest.mark.parametrize("seed", [17, 27, 33, 105])
def test_a_finished_board_scored_by_the_evaluation_is_no_sign_finding(seed: int) -> None:
    """The horizon bug with a heuristic: a finished board at the depth limit scored
    just past the unfinished positions' range is the evaluation's score (terminal),
    never a sign taken from the wrong player."""
    import random

    rng, state = random.Random(seed), GAME.new_initial_state()
    for _ in range(rng.randrange(3, 6)):
        state.apply_action(rng.choice(state.legal_actions()))
    assert not state.is_terminal()
    with treeviz.recording() as rec:
        depth_first_weights(state.clone(), 3)
    found = check_game_tree(rec.result)
    assert [f.check for f in found] == ["terminal"], [f.text for f in found]
    # the case, read from the boards: a lost board at the limit above every unfinished one
    t = GameTree(rec.trace)
    limit = [k for k in range(t.n) if len(t.moves_to(k)) == 3 and not t.kids[k]]
    unfinished = max(t.value[k] for k in limit if not t.over(k))
    assert any(t.over(k) and t.result(k) < 0 and t.value[k] > unfinished for k in limit)


# ---------------------------------------------------------------------- turn
def minimax_flag(flip: bool) -> Any:
    """Minimax for the first player with a maximizing flag; ``flip`` False is the BUG:
    each child gets its caller's flag."""

    @treeviz.traced(maximizing="maximizing")
    def minimax(state: Any, depth: int, maximizing: bool) -> float:
        if state.is_terminal():
            return state.returns()[0]
        if depth == 0:
            return 0.0
        child_flag = not maximizing if flip else maximizing
        values = [minimax(state.child(a), depth - 1, child_flag) for a in state.legal_actions()]
        return max(values) if maximizing else min(values)

    return minimax


def flag_findings(flip: bool) -> list[GameNodeFinding]:
    with treeviz.recording() as rec:
        minimax_flag(flip)(played(ROOT), 3, True)
    flags = np.frombuffer(rec.maxi, np.int8)  # each call's flag, as the recording kept it
    return check_game_tree(rec.result, flags=flags)


def test_a_flag_that_does_not_change_with_the_player_is_a_turn_finding() -> None:
    f = only(flag_findings(flip=False), "turn")  # the values it misleads are not judged
    state = played(ROOT + f.moves)
    assert len(f.moves) == 1 and state.current_player() == 1  # the opponent moves there
    assert "told it is maximizing, the same as its caller's" in f.text


def test_a_flag_that_changes_with_the_player_gets_no_finding() -> None:
    assert flag_findings(flip=True) == []


# ---------------------------------------------------------------------- a course's MCTS
class MctsNode:
    """A node of the notebook's tree: its state, children by action, counts."""

    def __init__(self, state: Any) -> None:
        self.state, self.children = state, {}
        self.visits, self.wins = 0, 0.0


def rollout(state: Any, player: int, rng: Any) -> float:
    """Random play to the end: 1, 0 or -1 for ``player``."""
    s = state.clone()
    while not s.is_terminal():
        s.apply_action(rng.choice(s.legal_actions()))
    return float(np.sign(s.returns()[player]))


def course_mcts(counted_twice: bool) -> Any:
    """One UCT iteration per call, recursive, the result for the player to move at the
    node; ``counted_twice`` is the BUG: a child's visit is counted on the way down and
    again when its own call returns."""
    import random

    rng = random.Random(0)

    @treeviz.traced(position=lambda node: node.state, visits=lambda node: node.visits)
    def simulate(node: MctsNode) -> float:
        state = node.state
        if state.is_terminal():
            node.visits += 1
            return -1.0 if any(state.returns()) else 0.0  # the side to move has lost
        me = state.current_player()
        untried = [a for a in state.legal_actions() if a not in node.children]
        if untried:  # expand one child and play out from it, inside this call
            child = node.children[untried[0]] = MctsNode(state.child(untried[0]))
            result = rollout(child.state, me, rng)
            child.visits, child.wins = child.visits + 1, child.wins + result
        else:
            log_n = math.log(node.visits)
            child = max(
                node.children.values(),
                key=lambda c: c.wins / c.visits + 1.4 * math.sqrt(log_n / c.visits),
            )
            if counted_twice:
                child.visits += 1
            result = -simulate(child)
        node.visits, node.wins = node.visits + 1, node.wins - result
        return result

    return simulate


@pytest.mark.parametrize("counted_twice", [False, True])
def test_a_course_mcts_counts_its_visits(counted_twice: bool) -> None:
    root = MctsNode(played([4, 0]))
    simulate = course_mcts(counted_twice)
    with treeviz.recording() as rec:
        for _ in range(200):
            simulate(root)
    found = check_game_tree(rec.result)
    if not counted_twice:  # children made inside their parent's call: no false surplus
        assert found == []
        return
    f = only(found, "visits")
    below = sum(c.visits for c in root.children.values())  # the notebook's own counts
    assert f.node == 0 and below > root.visits + 1
    assert f"counts {root.visits} visits, but its children's add up to {below}:" in f.text
