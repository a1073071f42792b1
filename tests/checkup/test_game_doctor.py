"""The doctor on any game, from outside: each finding checked against the game's own
rules, played through OpenSpiel's (or Connect 4's) own API here, one or two plies by
brute force, and against the person's code run again on a fresh state; a correct
agent gets no finding."""

from __future__ import annotations

import html
from typing import Any

import game_agents as ga
import pytest

from treeviz.checkup.games.run import GameFinding, check_game
from treeviz.connect4.board import Position
from treeviz.errors import GameError, InvalidParameterError
from treeviz.rules.registry import load_game

pyspiel = pytest.importorskip("pyspiel")

SPIEL = {"tic_tac_toe": "tic_tac_toe", "nim": "nim", "hex": "hex(board_size=5)"}


def spiel_state(game: str, f: GameFinding) -> tuple[Any, str]:
    """The finding's position played by OpenSpiel itself, and its text written from
    OpenSpiel's own action strings."""
    state = pyspiel.load_game(SPIEL[game]).new_initial_state()
    words = []
    for action in f.moves:
        words.append(state.action_to_string(state.current_player(), action))
        state.apply_action(action)
    return state, " ".join(words)


def wins_at_once(state: Any) -> list[int]:
    """OpenSpiel's actions that end the game won for the player to move."""
    me, out = state.current_player(), []
    for action in state.legal_actions():
        child = state.child(action)
        if child.is_terminal() and child.returns()[me] > 0:
            out.append(action)
    return out


def loses_at_once(state: Any, action: int) -> bool:
    """Whether ``action`` ends the game lost, or lets the opponent win at once."""
    me, child = state.current_player(), state.child(action)
    if child.is_terminal():
        return child.returns()[me] < 0
    return bool(wins_at_once(child))


def checked(game: str, agent: Any) -> dict[str, GameFinding]:
    """The findings of ``agent`` on ``game`` by check, in the doctor's order; each
    position, typed back in the game's notation, is the position of its moves."""
    rules = load_game(SPIEL.get(game, game))
    found = check_game(rules, agent).findings
    for f in found:
        typed, state = rules.from_text(f.position), rules.initial()
        for move in f.moves:
            state = rules.play(state, move)
        assert rules.key(typed) == rules.key(state) and rules.to_text(typed) == f.position
    return {f.check: f for f in found}


# ---------------------------------------------------------------------- correct agents
@pytest.mark.parametrize(
    ("game", "agent"),
    [
        ("tic_tac_toe", ga.two_ply),
        ("nim", ga.two_ply),
        ("hex", ga.two_ply),
        ("connect4", ga.connect4_two_ply),
        ("tic_tac_toe", "alphabeta:depth=2"),
        ("connect4", "minimax:depth=2"),
    ],
)
def test_a_correct_agent_gets_no_finding(game: str, agent: Any) -> None:
    result = check_game(SPIEL.get(game, game), agent)
    assert result.healthy, result.text()
    assert result.positions >= 40 and "no bug found" in result.text()


@pytest.mark.parametrize("game", ["tic_tac_toe", "nim", "hex"])
def test_openspiels_own_alpha_beta_two_plies_deep_gets_no_finding(game: str) -> None:
    """OpenSpiel's own search, seeing two plies, takes every win at once and blocks
    every loss in one it can: no finding can be true of it."""
    from open_spiel.python.algorithms.minimax import alpha_beta_search

    loaded = pyspiel.load_game(SPIEL[game])

    def agent(state: Any) -> int:
        me = state.current_player()
        return alpha_beta_search(
            loaded, state, lambda s: 0.0, maximum_depth=2, maximizing_player_id=me
        )[1]

    assert check_game(SPIEL[game], agent, positions=10).healthy


# ---------------------------------------------------------------------- the checks
def test_a_loss_in_one_not_blocked_on_tic_tac_toe() -> None:
    by = checked("tic_tac_toe", ga.greedy_ignores_opponent)
    assert list(by) == ["misses-block"]
    f = by["misses-block"]
    state, text = spiel_state("tic_tac_toe", f)
    assert f.position == text and not wins_at_once(state)
    played = ga.greedy_ignores_opponent(state.clone())
    assert state.action_to_string(played) == f.answered
    assert loses_at_once(state, played)
    safe = [a for a in state.legal_actions() if not loses_at_once(state, a)]
    assert safe and all(state.action_to_string(a) in f.text for a in safe)
    # the shortest a threat can be: two stones of X and one of O, O to move
    assert len(f.moves) == 3


def test_a_win_missed_and_an_illegal_cell_on_tic_tac_toe() -> None:
    by = checked("tic_tac_toe", ga.cell_preference)
    win = by["misses-win"]
    state, text = spiel_state("tic_tac_toe", win)
    assert win.position == text
    wins = wins_at_once(state)
    played = ga.cell_preference(state.clone())
    assert wins and played not in wins
    assert all(state.action_to_string(a) in win.text for a in wins)
    assert len(win.moves) == 4  # X's two stones in a line, O's two elsewhere: the least
    bad = by["illegal-move"]
    state, _ = spiel_state("tic_tac_toe", bad)
    assert ga.cell_preference(state.clone()) not in state.legal_actions()


def test_a_state_changed_by_the_search_is_found() -> None:
    by = checked("tic_tac_toe", ga.plays_on_the_state)
    assert list(by) == ["mutation"]
    f = by["mutation"]
    state, _ = spiel_state("tic_tac_toe", f)
    before = (str(state), state.history())
    ga.plays_on_the_state(state)
    assert (str(state), state.history()) != before
    assert str(before[1]) in f.text and str(state.history()) in f.text
    # on a position with no win at once it leaves the state as it was
    quiet = pyspiel.load_game("tic_tac_toe").new_initial_state()
    ga.plays_on_the_state(quiet)
    assert quiet.history() == []


def test_a_crash_is_quoted_with_its_line() -> None:
    by = checked("nim", ga.last_heap_first)
    f = by["crash"]
    state, text = spiel_state("nim", f)
    assert f.position == text
    with pytest.raises(IndexError) as raised:
        ga.last_heap_first(state)
    assert f"IndexError: {raised.value}" in f.text
    assert f.where.startswith("game_agents.py:")
    assert f.answered is None


def test_an_answer_that_never_comes_is_a_timeout() -> None:
    result = check_game("nim", ga.never_the_last_token, positions=10, seconds=0.2)
    assert [f.check for f in result.findings] == ["timeout"]
    f = result.findings[0]
    state, text = spiel_state("nim", f)
    (only,) = state.legal_actions()  # one token left: its one move ends the game
    assert f.position == text and state.child(only).is_terminal()
    assert "gave no answer within 0.2 s" in f.text


def test_misere_nim_taking_the_last_tokens_is_a_loss_not_blocked() -> None:
    """Who takes the last token loses: no move ever wins at once, and taking a whole
    last pile loses at once."""
    by = checked("nim", ga.takes_the_largest_pile)
    assert list(by) == ["misses-block"]
    f = by["misses-block"]
    state, _ = spiel_state("nim", f)
    played = ga.takes_the_largest_pile(state.clone())
    child = state.child(played)
    assert child.is_terminal() and child.returns()[state.current_player()] < 0
    assert "ends the game lost at once" in f.text


def test_hex_through_openspiel() -> None:
    by = checked("hex", ga.greedy_ignores_opponent)
    f = by["misses-block"]
    state, text = spiel_state("hex", f)
    assert f.position == text
    assert loses_at_once(state, ga.greedy_ignores_opponent(state.clone()))


def test_connect4_through_the_protocol() -> None:
    by = checked("connect4", ga.connect4_greedy)
    assert list(by) == ["misses-block"]
    f = by["misses-block"]
    pos = Position.from_moves(f.position)  # Connect 4's own move string
    played = ga.connect4_greedy(pos.copy()) - 1
    assert str(played + 1) == f.answered
    child = pos.copy()
    child.play(played)
    threats = [c for c in child.legal_moves() if ga._wins(child, c)]
    assert threats and f"wins at once with {threats[0] + 1}" in f.text
    # three stones of X in a line and O to move: five plies, the least there is
    assert len(f.position) == 5 and pos.side_to_move == "O"


def test_answers_changed_by_what_was_asked_before_are_history() -> None:
    ga.VISITED.clear()
    by = checked("tic_tac_toe", ga.closed_list)
    f = by["history"]
    state, text = spiel_state("tic_tac_toe", f)
    assert f.position == text
    ga.VISITED.clear()
    assert ga.closed_list(state.clone()) != ga.closed_list(state.clone())


def test_an_agent_that_answers_at_random_is_not_judged_on_history() -> None:
    import random

    import treeviz

    rng = random.Random(3)  # through the public name, as a notebook calls it
    result = treeviz.doctor_game("tic_tac_toe", lambda state: rng.choice(state.legal_actions()))
    assert "history" not in {f.check for f in result.findings}
    assert any("history not judged" in n for n in result.notes)


def test_a_solver_is_judged_to_the_end_of_the_game() -> None:
    result = check_game("nim", "solver", positions=10)
    assert result.healthy and "judged to the end of the game" in result.text()


def test_a_check_beyond_the_stated_depth_is_not_judged() -> None:
    """Seeing one ply, a loss in one is beyond the agent: not a finding."""
    result = check_game("tic_tac_toe", ga.greedy_ignores_opponent, depth=1)
    assert result.healthy


def test_a_traced_search_is_also_checked_inside() -> None:
    """The depth tested first: outside, threats it cannot see (a loss in one not
    blocked); inside, the finished game at the depth limit scored 0."""
    result = check_game("tic_tac_toe", ga.traced_root_loop)
    assert "misses-block" in {f.check for f in result.findings}
    (f,) = [f for f in result.inside if f.check == "terminal"]
    state = pyspiel.load_game("tic_tac_toe").new_initial_state()
    for action in f.moves:  # from the start of the game: the position asked, then the node
        state.apply_action(action)
    assert state.is_terminal() and any(state.returns())
    assert ga.depth_first_search(state, 0) == 0.0
    assert "(inside its search)" in result.text()
    page = result._repr_html_()  # in a notebook: every line of the text, escaped
    assert all(html.escape(line.removeprefix("- ")) in page for line in result.text().splitlines())
    assert check_game("tic_tac_toe", ga.two_ply).inside == []  # traces nothing


# ---------------------------------------------------------------------- bad input
def test_bad_input_is_a_typed_error_quoting_it() -> None:
    with pytest.raises(InvalidParameterError, match="'alphabeat'"):
        check_game("tic_tac_toe", "alphabeat:depth=2")
    with pytest.raises(InvalidParameterError, match="positions '0'"):
        check_game("tic_tac_toe", ga.two_ply, positions=0)
    with pytest.raises(GameError, match="'tic_tac_tow'"):
        check_game("tic_tac_tow", ga.two_ply)


# ---------------------------------------------------------------------- a course's own game
def test_an_aima_style_game_and_its_own_moves() -> None:
    """Nim as aima-python writes it (normal play: who takes the last token wins); the
    agent returns the game's own move, (heap, count), as aima's players do."""
    from rules.rules_examples import aima_nim

    rules = aima_nim()
    nim = rules.game

    def take_most(state: Any) -> Any:
        """BUG: takes the most tokens it can, whatever is left to the opponent."""
        return max(nim.actions(state), key=lambda move: move[1])

    found = check_game(rules, take_most).findings
    assert [f.check for f in found] == ["misses-block"]
    f = found[0]
    state = nim.initial
    for action in f.moves:  # a move's id is its place in actions(state)
        state = nim.result(state, nim.actions(state)[action])
    played = take_most(state)
    assert str(played) == f.answered
    after = nim.result(state, played)
    me = state.to_move
    assert any(  # the opponent takes the last token at once
        nim.terminal_test(nim.result(after, m)) and nim.utility(nim.result(after, m), me) < 0
        for m in nim.actions(after)
    )


def test_an_openspiel_style_class_changed_in_place() -> None:
    """A course's own tic-tac-toe state class; the agent plays on the state itself."""
    from rules.rules_examples import state_tictactoe

    def in_place(state: Any) -> int:
        """BUG: tries the first move on the state it was given, and keeps it."""
        action = state.legal_actions()[0]
        state.apply_action(action)
        return action

    found = check_game(state_tictactoe(), in_place).findings
    assert "mutation" in [f.check for f in found]
    f = next(f for f in found if f.check == "mutation")
    assert f.moves == [] and f.position == ""  # the start: the shortest there is


# ------------------------------------------------- a win scored alike at any depth


def minimax_over_returns(state: Any, depth: int, player: int) -> float:
    """A course's minimax: the game's returns for ``player`` at the end (+1 however
    far away), 0 at the depth limit."""
    if state.is_terminal():
        return state.returns()[player]
    if depth == 0:
        return 0.0
    values = [
        minimax_over_returns(state.child(a), depth - 1, player) for a in state.legal_actions()
    ]
    return max(values) if state.current_player() == player else min(values)


def sees_to_the_end(state: Any) -> int:
    """Correct as far as it goes: the first action of the best value four plies deep
    (every result found within them), a slower win valued as a quick one."""
    me = state.current_player()
    return max(state.legal_actions(), key=lambda a: minimax_over_returns(state.child(a), 3, me))


def best_play(state: Any, player: int, memo: dict[str, tuple[int, int]]) -> tuple[int, int]:
    """(+1 won, -1 lost, 0 drawn, plies to the end) for ``player`` with best play: the
    winner ends as soon, the loser as late as it can (a brute force over OpenSpiel)."""
    key = f"{state}|{state.current_player()}"
    if key not in memo:
        if state.is_terminal():
            r = state.returns()[player]
            memo[key] = ((r > 0) - (r < 0), 0)
        else:
            outs = [best_play(state.child(a), player, memo) for a in state.legal_actions()]
            mine = state.current_player() == player
            # my best: win soonest, else draw, else lose latest (theirs: the reverse)
            rank = [(res, -plies if res > 0 else plies) for res, plies in outs]
            res, signed = max(rank) if mine else min(rank)
            memo[key] = (res, abs(signed) + 1)
    return memo[key]


def test_a_slower_win_and_a_lost_position_are_said_as_they_are() -> None:
    """A minimax that sees every result four plies deep but scores a win alike at any
    depth misses a win at once only for a slower forced win, and leaves a loss in one
    unblocked only where every move loses: the findings say so, with the plies, each
    checked by a brute force over OpenSpiel's states."""
    c = check_game("tic_tac_toe", sees_to_the_end, positions=20, seed=0)
    found = {f.check: f for f in c.findings}
    assert {"misses-win", "misses-block"} <= set(found), c.text()
    memo: dict[str, tuple[int, int]] = {}
    win = found["misses-win"]
    state, _ = spiel_state("tic_tac_toe", win)
    me = state.current_player()
    played = next(a for a in state.legal_actions() if state.action_to_string(me, a) == win.answered)
    result, plies = best_play(state.child(played), me, memo)
    assert result == 1 and plies > 1
    assert f"which wins too, in {plies + 1} plies" in win.text, win.text
    block = found["misses-block"]
    state, _ = spiel_state("tic_tac_toe", block)
    result, plies = best_play(state, state.current_player(), memo)
    assert result == -1
    assert "every move loses" in block.text and f"lost only in {plies} plies" in block.text


def test_our_greedy_is_judged_on_the_wins_it_sees() -> None:
    """The agents' greedy looks one ply ahead: the doctor judges it on wins at once
    (it judged it on nothing, as seeing no ply), and it takes every one it meets."""
    c = check_game("tic_tac_toe", "greedy", positions=10, seed=3)
    assert c.depth == 1 and c.healthy, c.text()
