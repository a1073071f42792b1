"""What the per-move rows and the node panel's children table say of another game's
moves the window cut: a bound is no value, and says only what it bounds. Every number
in the panel's value column is the node's true result for the root player (a brute
force over OpenSpiel's returns); a cut node's bound is said in words only (the
solver's table read 1 beside "≤ +1: cut off" for moves that lose), and those words
hold of the true result and its length: "a win in 5 plies or worse", where they read
"at best a win in 5 plies" for moves that lose. A result's words name no score beyond
its sign (they read "wins in 5 plies, exact +1")."""

from __future__ import annotations

import re
from typing import Any

import pytest
from game_oracles import best_result, result_after, result_and_plies

from treeviz import search_game
from treeviz.dashboard.components.node_tables import children_table
from treeviz.trace.nodes import CUTOFF

pytest.importorskip("pyspiel")

VALUE, WORDS = "value (root player)", "value in words"


def truth(trace: Any, node: int, root_player: int) -> int:
    """The result of ``node`` for the root player under best play (+1, 0, -1)."""
    state = trace.state(node).state
    if state.is_terminal():
        return round(state.returns()[root_player])
    sign = 1 if state.current_player() == root_player else -1
    return sign * best_result(state)


@pytest.mark.parametrize("agent", ["solver", "alphabeta:depth=9"])
@pytest.mark.parametrize("position", ["1 8", "0 4 8"])
def test_a_number_is_a_true_value_and_a_cut_reads_as_a_bound(agent: str, position: str) -> None:
    trace = search_game("tic_tac_toe", position, agent).trace
    root_player = trace.state(0).state.current_player()
    cut = 0
    for node in range(len(trace)):
        if not len(trace.children(node)) or trace.nodes["depth"][node] > 3:
            continue
        table = children_table(trace, node)
        for kid, number, words in zip(table["node"], table[VALUE], table[WORDS], strict=True):
            assert not words or "exact" not in words, words  # no score but its sign
            if trace.nodes["flags"][kid] & CUTOFF:
                cut += 1
                assert number != number or number is None, (node, kid, number)  # blank
                assert words and any(b in words for b in ("≤", "≥", "at most", "cut off")), words
            elif number is not None and number == number:
                assert number == truth(trace, int(kid), root_player), (node, kid, words)
    assert cut, "no cut node: the test shows nothing"


BOUND = re.compile(r"a (win|loss) in (\d+) pl(?:y|ies) or (worse|better)")
RANK = {"win": 1, "draw": 0, "loss": -1}


def rank(result: int, plies: int) -> tuple[int, int]:
    """A result's order for the side it is for: a quicker win, a slower loss is better."""
    return result, -plies if result > 0 else plies if result < 0 else 0


def check_bound(words: str, result: int, plies: int) -> bool:
    """That a bound said in ``words`` holds of the true (result, plies); whether the
    truth is something other than the bound's result (a bound that "at best a win"
    would have misled on)."""
    found = BOUND.search(words)
    assert found and "at best" not in words and "at worst" not in words, words
    said = rank(RANK[found[1]], int(found[2]))
    true = rank(result, plies)
    assert true <= said if found[3] == "worse" else true >= said, (words, result, plies)
    return result != RANK[found[1]]


@pytest.mark.parametrize("agent", ["solver", "alphabeta:depth=9"])
def test_a_cut_says_only_what_it_bounds(agent: str) -> None:
    """The root's rows and the node panel's children: a result the window bounded away
    from it reads "a win in k plies or worse" (or "a loss ... or better"), and holds of
    the brute force's result and length; some of those moves in truth draw or lose."""
    misled = said = 0
    for position in ("1 8", "0 4 8", "0 3 1 4"):
        res = search_game("tic_tac_toe", position, agent)
        trace, root = res.trace, res.trace.state(0).state
        me = root.current_player()
        for row in res.moves:
            if row.value is None:  # a win bounded from above, at the root
                said += 1
                misled += check_bound(row.text, *result_after(root, row.column, me))
        for node in (n for n in range(len(trace)) if trace.nodes["depth"][n] <= 2):
            table = children_table(trace, node)
            for kid, words in zip(table["node"], table[WORDS], strict=True):
                if words and BOUND.search(words):
                    said += 1
                    state = trace.state(int(kid)).state
                    if state.is_terminal():
                        continue
                    result, plies = result_and_plies(state)
                    sign = 1 if state.current_player() == me else -1
                    depth = int(trace.nodes["depth"][kid])
                    misled += check_bound(words, sign * result, plies + depth)
    assert said and misled, "no bound, or none on a move that does not win: shows nothing"


def test_a_move_that_wins_at_once_is_an_exact_win_in_one_ply() -> None:
    """A move that ends the game with a win is never a bound, however late alpha-beta
    tries it (it read "a win in 1 plies or worse: cut by the window" beside an equal
    move tried first): over every tic-tac-toe position reached in four moves each way
    where the side to move has two or more such moves, by OpenSpiel's own play."""
    import itertools

    import pyspiel

    game, seen = pyspiel.load_game("tic_tac_toe"), 0
    for moves in itertools.permutations(range(9), 6):
        state = game.new_initial_state()
        for m in moves:
            if state.is_terminal():
                break
            state.apply_action(m)
        if state.is_terminal():
            continue
        winning = {a for a in state.legal_actions() if _wins_at_once(state, a)}
        if len(winning) < 2:
            continue
        res = search_game("tic_tac_toe", " ".join(map(str, moves)), "alphabeta")
        for row in res.moves:
            if row.action in winning:
                assert row.text == "wins in 1 ply" and row.outcome is not None
                assert (row.outcome["result"], row.outcome["plies"]) == ("win", 1)
        seen += 1
        if seen == 12:
            return
    raise AssertionError(f"only {seen} positions with two wins at once")


def _wins_at_once(state: Any, action: int) -> bool:
    after = state.child(action)
    return after.is_terminal() and after.returns()[state.current_player()] > 0


@pytest.mark.parametrize(
    ("agent", "windowed"),
    [("solver", True), ("alphabeta:depth=9", True), ("minimax:depth=9", False), ("mcts", False)],
)
def test_the_values_line_says_a_windowed_searchs_rows_may_be_bounds(
    agent: str, windowed: bool
) -> None:
    """The solver's line said "result for the root player" alone beside six rows that
    were bounds: a search with a window says that a row it cut is a bound, and every
    such row says so in its words; one without a window cuts nothing."""
    from treeviz.draw.view import value_kind_text

    res = search_game("tic_tac_toe", "4 1", agent)
    line = value_kind_text(res.trace)
    assert line.endswith("a move the window cut has a bound, said in its words") == windowed
    cut = [m for m in res.moves if "cut by the window" in m.text]
    assert bool(cut) <= windowed
    assert all(m.value is None or m.outcome is None for m in cut)


def test_the_node_table_gives_a_bound_no_number() -> None:
    """The per-node table (CSV) put 1, which it documents as a win, beside "≤ win in 5"
    for a move that draws: a decided bound has words and no number, and every decided
    number the table has is the node's true result for the root player."""
    from treeviz.trace.analysis import node_table

    trace = search_game("tic_tac_toe", "4 1", "alphabeta:depth=6").trace
    root_player = trace.state(0).state.current_player()
    table = node_table(trace)
    bounds = table["value in words"].fillna("").str.match(r"^[≤≥] (win|loss) in ")
    assert bounds.any() and table.loc[bounds, "value (root player)"].isna().all()
    decided = table["value in words"].fillna("").str.match(r"^(win|loss) in ")
    for node in table.index[decided][:200]:
        assert table.loc[node, "value (root player)"] == truth(trace, int(node), root_player)
