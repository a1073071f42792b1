"""A person's own traced search on another game than Connect 4: searches written as
course notebooks write them (plain minimax and negamax over ``legal_actions``,
``child`` and ``returns``, aima's ``max_value``/``min_value``, a bug or two), recorded
call by call. Oracles: the same function run untraced, the calls it made counted and
logged by the function itself (the state it got, the window it was passed), the game's
own rules (the side to move), Bouton's theorem for Nim and the rule of the take-away
game (the side to move loses exactly on a multiple of 4)."""

from __future__ import annotations

import math
import sys
from collections import namedtuple
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

from any_game_helpers import check_trace  # noqa: E402

import treeviz  # noqa: E402
from treeviz.errors import GameError, InvalidParameterError  # noqa: E402
from treeviz.rules import AimaGame, load_game  # noqa: E402
from treeviz.trace.nodes import CUTOFF, TERMINAL  # noqa: E402
from treeviz.trace.values import user_value  # noqa: E402


def node_value(trace: Any, node: int, field: str = "value") -> float:
    """A node's stored number as the person's search returned it (for its side)."""
    return user_value(int(trace.nodes[field][node]), trace.extra["user_values"])


def played(game: Any, moves: list[int]) -> Any:
    state = game.new_initial_state()
    for m in moves:
        state.apply_action(m)
    return state


# ---------------------------------------------------------------- tic-tac-toe
def plain_minimax(log: list[str], wrap: Any = lambda fn: fn) -> Any:
    """Minimax from player 0's view, the max and min of a notebook, decorated by
    ``wrap``; ``log`` gets each call's board."""

    @wrap
    def minimax(state: Any, depth: int) -> float:
        log.append(str(state))
        if state.is_terminal():
            return float(state.returns()[0])
        if depth == 0:
            return 0.0
        values = [minimax(state.child(a), depth - 1) for a in state.legal_actions()]
        return max(values) if state.current_player() == 0 else min(values)

    return minimax


@pytest.mark.parametrize("moves", [[4, 0, 1], [4, 0, 8], [0, 4, 8, 2]])
def test_tic_tac_toe_minimax_is_recorded_call_by_call(moves: list[int]) -> None:
    game = pyspiel.load_game("tic_tac_toe")
    root = played(game, moves)
    untraced_log: list[str] = []
    expected = plain_minimax(untraced_log)(root, 9)
    log: list[str] = []
    search = plain_minimax(log, treeviz.traced)
    with treeviz.recording() as rec:
        value = search(root, 9)
    assert value == expected and log == untraced_log  # tracing changed nothing
    trace = rec.trace
    assert trace.game == "tic_tac_toe" and rec.result.trace is trace
    assert len(trace) == len(log) == trace.counters["nodes"]  # one node per call
    rules = load_game("tic_tac_toe")
    for node, board in enumerate(log):  # node i is call i, on the state it got
        assert str(trace.state(node, rules).state) == board
    check_trace(rules, rules.from_text(trace.root_moves), rec.result, "traced")
    # the values are player 0's: stored for each node's side to move
    assert trace.extra["perspective"] == {"player": 0, "from": "inferred"}
    side = root.current_player()
    assert node_value(trace, 0) == (value if side == 0 else -value)
    assert rec.result.value == node_value(trace, 0)
    terminal = (trace.nodes["flags"] & TERMINAL) != 0
    assert all(terminal[i] == trace.state(i, rules).state.is_terminal() for i in range(len(log)))


def test_whose_values_is_read_from_the_backups_when_no_game_ends() -> None:
    """A depth-2 minimax where player 1 maximises a heuristic (no game ends that
    soon): the backups say the values are player 1's, as player= says outright."""

    def corners(state: Any) -> float:
        board = str(state).replace("\n", "")
        return sum((board[i] == "o") - 2 * (board[i] == "x") for i in (0, 2, 6, 8)) + 0.5

    def search(wrap: Any) -> Any:
        @wrap
        def minimax(state: Any, depth: int) -> float:
            if depth == 0:
                return corners(state)
            values = [minimax(state.child(a), depth - 1) for a in state.legal_actions()]
            return max(values) if state.current_player() == 1 else min(values)

        return minimax

    root = pyspiel.load_game("tic_tac_toe").new_initial_state()  # x (player 0) to move
    for wrap, found in ((treeviz.traced, "inferred"), (treeviz.traced(player=1), "player=")):
        with treeviz.recording() as rec:
            value = search(wrap)(root, 2)
        assert rec.trace.extra["perspective"] == {"player": 1, "from": found}
        assert node_value(rec.trace, 0) == -value  # stored for x, the side to move
        assert rec.result.move == 0  # x's best by player 1's numbers: a corner, the first


LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def open_lines(state: Any) -> float:
    """x's lines open to x less o's open to o, each by its stones (a course's heuristic)."""
    board = str(state).replace("\n", "")
    score = 0
    for line in LINES:
        cells = [board[i] for i in line]
        score += cells.count("x") * ("o" not in cells) - cells.count("o") * ("x" not in cells)
    return score


def fail_hard(wrap: Any) -> Any:
    """A course's fail-hard alpha-beta in x's numbers: a cut returns the bound crossed,
    a node whose moves all fail returns the bound it was given."""

    @wrap
    def alphabeta(state: Any, depth: int, alpha: float, beta: float) -> float:
        if state.is_terminal():
            return 100 * state.returns()[0]
        if depth == 0:
            return open_lines(state)
        if state.current_player() == 0:
            for a in state.legal_actions():
                alpha = max(alpha, alphabeta(state.child(a), depth - 1, alpha, beta))
                if alpha >= beta:
                    return beta
            return alpha
        for a in state.legal_actions():
            beta = min(beta, alphabeta(state.child(a), depth - 1, alpha, beta))
            if alpha >= beta:
                return alpha
        return beta

    return alphabeta


@pytest.mark.parametrize("moves", [[], [4], [0, 4, 8], [1, 3]])
def test_a_fail_hard_window_is_read_as_its_players_numbers(moves: list[int]) -> None:
    """Its bounds are not the best of the children: read as backups they disagreed, and
    a search reaching no finished game was read as the side to move's. Held to their
    windows they agree: the reading is player 0's, the values the ones player=0 stores."""
    root = played(pyspiel.load_game("tic_tac_toe"), moves)
    traces = []
    for wrap in (treeviz.traced, treeviz.traced(player=0)):
        with treeviz.recording() as rec:
            fail_hard(wrap)(root, 2, -math.inf, math.inf)
        traces.append(rec.trace)
    inferred, stated = traces
    assert stated.extra["perspective"] == {"player": 0, "from": "player="}
    assert inferred.extra["perspective"] == {"player": 0, "from": "inferred"}
    assert list(inferred.nodes["value"]) == list(stated.nodes["value"])
    side, zero, one = inferred.extra["perspective_votes"]["backups"]  # (agreeing, of)
    assert zero[0] == zero[1] > max(side[0], one[0])  # player 0's: every backup agrees


def test_a_search_playing_in_place_and_undoing_is_recorded_by_its_states() -> None:
    """Negamax that applies a move to the state it was given and undoes it: each call
    is kept with the state it got at the time."""
    calls: list[str] = []

    @treeviz.traced
    def negamax(state: Any, depth: int) -> float:
        calls.append(str(state))
        if state.is_terminal():
            return -1.0 if any(state.returns()) else 0.0  # the mover has just lost
        if depth == 0:
            return 0.0
        best = -math.inf
        player = state.current_player()
        for a in state.legal_actions():
            state.apply_action(a)
            best = max(best, -negamax(state, depth - 1))
            state.undo_action(player, a)
        return best

    game = pyspiel.load_game("tic_tac_toe")
    root = played(game, [4, 0, 8])
    with treeviz.recording() as rec:
        value = negamax(root, 3)
    trace, rules = rec.trace, load_game("tic_tac_toe")
    assert len(trace) == len(calls)
    assert [str(trace.state(i, rules).state) for i in range(len(calls))] == calls
    assert trace.extra["perspective"]["player"] is None  # negamax: the side to move
    assert node_value(trace, 0) == value


# ---------------------------------------------------------------- Nim
def misere_wins(piles: list[int]) -> bool:
    """Bouton's rule for misère Nim: whether the side to move wins."""
    nim_sum = 0
    for p in piles:
        nim_sum ^= p
    if max(piles) <= 1:
        return sum(piles) % 2 == 0
    return nim_sum != 0


def alphabeta_negamax(log: list[tuple[float, float]], wrap: Any = lambda fn: fn) -> Any:
    """Alpha-beta in negamax form, decorated by ``wrap``; ``log`` gets each call's
    window."""

    @wrap
    def alphabeta(state: Any, alpha: float, beta: float) -> float:
        log.append((alpha, beta))
        if state.is_terminal():
            return float(state.returns()[state.move_number() % 2])  # the side "to move"
        best = -math.inf
        for a in state.legal_actions():
            best = max(best, -alphabeta(state.child(a), -beta, -alpha))
            alpha = max(alpha, best)
            if alpha >= beta:
                break
        return best

    return alphabeta


@pytest.mark.parametrize("piles", [[1, 2, 3], [2, 2, 3], [1, 1, 4]])
def test_nim_alphabeta_records_windows_cutoffs_and_bouton_value(piles: list[int]) -> None:
    game = pyspiel.load_game("nim", {"pile_sizes": ";".join(map(str, piles))})
    root = game.new_initial_state()
    log: list[tuple[float, float]] = []
    expected = alphabeta_negamax([])(root, -math.inf, math.inf)
    search = alphabeta_negamax(log, treeviz.traced(game=game))
    with treeviz.recording() as rec:
        value = search(root, -math.inf, math.inf)
    assert value == expected == (1.0 if misere_wins(piles) else -1.0)
    trace, rules = rec.trace, load_game(rec.trace.game)
    assert len(trace) == len(log)
    for node, (alpha, beta) in enumerate(log):  # the window each call was passed
        assert (node_value(trace, node, "alpha"), node_value(trace, node, "beta")) == (alpha, beta)
    assert node_value(trace, 0) == value
    check_trace(rules, rules.from_text(trace.root_moves), rec.result, "traced")
    for node in range(len(trace)):  # a cutoff exactly where legal moves went uncalled
        cut = bool(trace.nodes["flags"][node] & CUTOFF)
        assert cut == bool(trace.children(node).size and trace.unsearched(node, rules))


def test_a_bug_is_recorded_as_the_search_made_it() -> None:
    """A notebook's minimax that checks the depth before the end of the game scores a
    win at the horizon as 0: the trace holds those zeros where the game is over."""

    @treeviz.traced
    def minimax(state: Any, depth: int) -> float:
        if depth == 0:  # the bug: a finished game at the horizon scores 0
            return 0.0
        if state.is_terminal():
            return float(state.returns()[0])
        values = [minimax(state.child(a), depth - 1) for a in state.legal_actions()]
        return max(values) if state.current_player() == 0 else min(values)

    game = pyspiel.load_game("tic_tac_toe")
    root = played(game, [0, 3, 1, 4])  # x to move wins with 2 at once
    with treeviz.recording() as rec:
        value = minimax(root, 1)
    trace, rules = rec.trace, load_game("tic_tac_toe")
    assert value == 0.0
    win = next(k for k in trace.children(0) if trace.nodes["move"][k] == 2)
    assert trace.state(int(win), rules).state.is_terminal()
    assert trace.nodes["flags"][win] & TERMINAL and node_value(trace, int(win)) == 0.0


def test_a_traced_game_search_reads_back_from_its_file(tmp_path: Any) -> None:
    """The trace file keeps the game, the root and the values: the states replayed
    from the file's trace are the ones the search was called on."""
    log: list[str] = []
    search = plain_minimax(log, treeviz.traced)
    root = played(pyspiel.load_game("tic_tac_toe"), [4, 0, 8, 2])
    with treeviz.recording() as rec:
        search(root, 3)
    for name in ("t.json", "t.npz"):
        treeviz.save_trace(rec.trace, tmp_path / name)
        back = treeviz.load_trace(tmp_path / name)
        assert back == rec.trace
        assert [str(back.state(i).state) for i in range(len(back))] == log


def test_a_re_search_of_the_root_reaches_the_same_nodes() -> None:
    """Iterative deepening called from outside: every call on the root is node 0, a
    move played again from the same node reaches the same node."""
    paths: set[tuple[int, ...]] = set()

    @treeviz.traced
    def negamax(state: Any, depth: int) -> float:
        paths.add(tuple(state.history()))
        if state.is_terminal() or depth == 0:
            return 0.0
        return max(-negamax(state.child(a), depth - 1) for a in state.legal_actions())

    root = played(pyspiel.load_game("tic_tac_toe"), [4])
    with treeviz.recording() as rec:
        for depth in (1, 2, 3):
            negamax(root, depth)
    assert len(rec.trace) == len(paths)
    assert rec.trace.nodes["visits"][0] == 3  # the root was searched three times


# ---------------------------------------------------------------- an aima-style game
State = namedtuple("State", "to_move sticks")


class TakeAway:
    """Take 1 to 3 sticks; who takes the last one wins (aima's Game interface)."""

    def __init__(self, sticks: int) -> None:
        self.initial = State("A", sticks)

    def actions(self, state: State) -> list[int]:
        return [n for n in (1, 2, 3) if n <= state.sticks]

    def result(self, state: State, move: int) -> State:
        return State("B" if state.to_move == "A" else "A", state.sticks - move)

    def terminal_test(self, state: State) -> bool:
        return state.sticks == 0

    def utility(self, state: State, player: str) -> int:
        return -1 if state.to_move == player else 1  # the player to move has lost

    def to_move(self, state: State) -> str:
        return state.to_move


def minimax_decision(state: State, game: TakeAway, calls: list[State]) -> int:
    """aima-python's minimax_decision: ``max_value`` and ``min_value`` call each other
    (each one traced), the root loop calls ``min_value`` on the root's children."""
    player = game.to_move(state)
    helpers: dict[Any, Any] = {}

    def helper(pick: Any, other: Any) -> Any:
        @treeviz.traced(game=game)
        def value(state: State) -> float:
            calls.append(state)
            if game.terminal_test(state):
                return game.utility(state, player)
            return pick(helpers[other](game.result(state, a)) for a in game.actions(state))

        return value

    helpers[max], helpers[min] = helper(max, min), helper(min, max)
    return max(game.actions(state), key=lambda a: helpers[min](game.result(state, a)))


@pytest.mark.parametrize("sticks", [5, 7, 9])
def test_an_aima_game_traced_below_a_given_root(sticks: int) -> None:
    game = TakeAway(sticks)
    expected = minimax_decision(game.initial, game, [])
    calls: list[State] = []
    with treeviz.recording(root=game.initial) as rec:
        move = minimax_decision(game.initial, game, calls)
    assert move == expected and (sticks - move) % 4 == 0  # leaves a multiple of 4
    res, rules = rec.result, AimaGame(game, name="TakeAway")
    assert len(res.trace) == len(calls) + 1  # the root was no call: a node of its own
    assert [rules.label(rules.initial(), res.move)] == [str(move)]  # the best by values
    assert res.trace.extra["perspective"]["player"] == 0  # values are A's throughout
    assert node_value(res.trace, 0) == 1.0  # A, to move, wins
    for node in range(1, len(res.trace)):  # node i is call i, on the state it got
        assert res.trace.state(node, rules).state == calls[node - 1]
    check_trace(rules, rules.initial(), res, "traced")


def test_a_full_trace_and_a_call_two_moves_on_are_said_not_hidden() -> None:
    """Past the capacity the search runs on and the trace says it was cut; a call on
    a state two moves after its caller's is left out of the tree and counted."""
    log: list[str] = []
    search = plain_minimax(log, treeviz.traced)
    root = played(pyspiel.load_game("tic_tac_toe"), [4, 0])
    expected = plain_minimax([])(root, 9)
    with treeviz.recording(capacity=100) as rec:
        assert search(root, 9) == expected
    assert len(rec.trace) == 100 and rec.trace.counters["nodes"] == len(log)
    assert rec.trace.counters["truncated"]

    @treeviz.traced
    def skipping(state: Any, depth: int) -> float:
        if depth == 0 or state.is_terminal():
            return 0.0
        a, b = state.legal_actions()[:2]
        return max(-skipping(state.child(a), depth - 1), skipping(state.child(a).child(b), 0))

    with treeviz.recording() as rec:
        skipping(root, 2)
    assert rec.trace.counters["left_out"] == 2  # at the root and at its child
    assert len(rec.trace) == 3  # the root, its child, its grandchild


def test_checking_each_call_is_refused_on_another_game() -> None:
    search = plain_minimax([], treeviz.traced)
    root = played(pyspiel.load_game("tic_tac_toe"), [4, 0])
    with pytest.raises(InvalidParameterError, match="Connect 4"), treeviz.recording(check=True):
        search(root, 1)


# ---------------------------------------------------------------- bad input
def test_bad_games_and_players_are_typed_errors_quoting_them() -> None:
    with pytest.raises(InvalidParameterError, match=r"game=.42."):
        treeviz.traced(lambda s: 0, game=42)
    with pytest.raises(GameError, match="tic_tac_tow"):
        treeviz.traced(lambda s: 0, game="tic_tac_tow")
    with pytest.raises(InvalidParameterError, match=r"player=.?2"):
        treeviz.traced(lambda s: 0, player=2)


def test_without_openspiel_a_named_game_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # import pyspiel now fails
    with pytest.raises(GameError, match=r"pip install 'treeviz-c4\[games\]'"):
        treeviz.traced(lambda s: 0, game="nim")
