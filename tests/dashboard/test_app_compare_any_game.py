"""Streamlit AppTest, Compare two searches on another game (tic-tac-toe): both
searches on the same position, each verdict and the per-move table by label against
OpenSpiel's own exhaustive alpha-beta (an independent oracle), both searches'
statistics, bad input quoted in an error with the page working on, and the page no
longer saying it is Connect 4 only (Play still does)."""

from __future__ import annotations

import pytest
from conftest import app_test, seen
from streamlit.testing.v1 import AppTest

pyspiel = pytest.importorskip("pyspiel")
minimax = pytest.importorskip("open_spiel.python.algorithms.minimax")

TTT = pyspiel.load_game("tic_tac_toe")
RANK = {1.0: 2, 0.0: 1, -1.0: 0}  # a win, a draw, a loss for the player to move
ACTIONS = [6, 4, 7]  # x threatens the bottom row: o must block at 8 or lose


def spiel_state(actions: list[int]) -> pyspiel.State:
    state = TTT.new_initial_state()
    for a in actions:
        state.apply_action(a)
    return state


def oracle(actions: list[int]) -> dict[str, float]:
    """Each legal move's value for the player to move, by OpenSpiel's label."""
    state = spiel_state(actions)
    me = state.current_player()
    out = {}
    for a in state.legal_actions():
        child = state.child(a)
        value = (
            child.returns()[me]
            if child.is_terminal()
            else minimax.alpha_beta_search(TTT, child, maximizing_player_id=me)[0]
        )
        out[state.action_to_string(me, a)] = value
    return out


def words_rank(words: str) -> int:
    """The result some words state: 2 a win, 1 a draw, 0 a loss."""
    if words.startswith("wins"):
        return 2
    return 1 if words == "a draw" else 0 if words.startswith("loses") else -1


def compare(at: AppTest, position: str, a: str, b: str) -> None:
    at.sidebar.selectbox(key="analyze_game").set_value("tic_tac_toe").run()
    at.sidebar.text_input(key="compare_position_tic_tac_toe").set_value(position).run()
    at.sidebar.text_input(key="compare_any_a").set_value(a).run()
    at.sidebar.text_input(key="compare_any_b").set_value(b).run()
    at.sidebar.button(key="compare_any_run").click().run()


def position_text(actions: list[int]) -> str:
    state, labels = TTT.new_initial_state(), []
    for a in actions:
        labels.append(state.action_to_string(state.current_player(), a))
        state.apply_action(a)
    return " ".join(labels)


def test_both_searches_side_by_side_against_openspiel() -> None:
    at = app_test("compare")
    compare(at, position_text(ACTIONS), "alphabeta:depth=9", "greedy")
    assert not at.exception and not at.error, (at.exception, at.error)
    assert [seen(h.value) for h in at.subheader] == ["A: alphabeta:depth=9", "B: greedy"]
    truth = oracle(ACTIONS)
    best = max(truth.values())
    table = at.dataframe[0].value
    assert sorted(table["move"]) == sorted(truth)
    chosen = {
        x: table[table[f"{x} in words"].str.endswith("(chosen)")]["move"].tolist() for x in "AB"
    }
    assert len(chosen["A"]) == len(chosen["B"]) == 1
    a, b = chosen["A"][0], chosen["B"][0]
    assert truth[a] == best  # full-depth alpha-beta plays a best move
    assert RANK[best] - RANK[truth[b]] == 1  # greedy throws the draw away: a mistake
    for label, words in zip(table["move"], table["exact"], strict=True):
        assert words_rank(words) == RANK[truth[label]], (label, words)
    verdicts = [seen(s.value) for s in at.success]
    assert verdicts[0].startswith(f"Verdict: {a} is a best move: it ")
    assert verdicts[1].startswith(f"Verdict: {b} is a mistake: it loses")
    stats = at.dataframe[1].value
    assert list(stats.loc["move chosen"]) == [a, b]
    assert stats.loc["principal variation", "A"].split()[0] == a


def test_bad_input_is_an_error_quoting_it_and_the_page_works_on() -> None:
    at = app_test("compare")
    compare(at, "x(1,1) x(7,7)", "alphabeta", "greedy")
    assert not at.exception and "x(7,7)" in seen(at.error[0].value)
    compare(at, "x(1,1)", "alphabeta", "alphabeta:depth=99")
    assert not at.exception and "99" in seen(at.error[0].value)
    assert not at.dataframe  # neither search ran
    compare(at, "x(1,1)", "alphabeta", "random")
    assert not at.exception and not at.error and len(at.dataframe[0].value) == 8


def test_compare_no_longer_says_connect4_only_and_play_still_does() -> None:
    def says_connect4_only(at: AppTest) -> bool:
        return any(c.value.startswith("Connect 4 only") for c in at.caption)

    at = app_test("compare")
    assert not says_connect4_only(at)
    at.sidebar.selectbox(key="analyze_game").set_value("tic_tac_toe").run()
    assert not at.exception and not says_connect4_only(at)
    at.session_state["goto"] = "play"
    at.run()
    assert says_connect4_only(at)
