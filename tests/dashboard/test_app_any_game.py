"""Streamlit AppTest of *Analyze a position* on another game than Connect 4: the game
picker, a typed position, alpha-beta's table and verdict against OpenSpiel's own
``alpha_beta_search`` (an independent oracle), the board's pieces against OpenSpiel's
state, links, bad input, and Connect 4's path as before."""

from __future__ import annotations

import base64
import re

import pytest
from conftest import app_test
from streamlit.testing.v1 import AppTest
from tree_reading import kids_frame, panel

pyspiel = pytest.importorskip("pyspiel")
minimax = pytest.importorskip("open_spiel.python.algorithms.minimax")

# tic-tac-toe's cells are actions 0..8, row by row; OpenSpiel labels them x(row,col)
TTT = pyspiel.load_game("tic_tac_toe")
RANK = {1.0: 2, 0.0: 1, -1.0: 0}  # a win, a draw, a loss for the player to move


def spiel_state(actions: list[int]) -> pyspiel.State:
    state = TTT.new_initial_state()
    for a in actions:
        state.apply_action(a)
    return state


def text_of(actions: list[int]) -> str:
    state = TTT.new_initial_state()
    labels = []
    for a in actions:
        labels.append(state.action_to_string(state.current_player(), a))
        state.apply_action(a)
    return " ".join(labels)


def oracle(actions: list[int]) -> dict[str, float]:
    """Each legal move's value for the player to move, by its label: OpenSpiel's own
    exhaustive alpha-beta on the position after it (+1 a win, 0 a draw, -1 a loss)."""
    state = spiel_state(actions)
    me = state.current_player()
    out = {}
    for a in state.legal_actions():
        child = state.child(a)
        label = state.action_to_string(me, a)
        if child.is_terminal():
            out[label] = child.returns()[me]
        else:
            out[label] = minimax.alpha_beta_search(TTT, child, maximizing_player_id=me)[0]
    return out


def analyse(at: AppTest, actions: list[int], agent: str = "alphabeta", **params: object) -> None:
    at.sidebar.selectbox(key="analyze_game").set_value("tic_tac_toe").run()
    at.sidebar.text_input(key="any_position_tic_tac_toe").set_value(text_of(actions)).run()
    at.sidebar.selectbox(key="any_agent").set_value(agent).run()
    for name, value in params.items():
        at.sidebar.slider(key=f"any_{agent}_{name}").set_value(value).run()
    at.sidebar.button(key="any_run").click().run()
    assert not at.exception and not at.error, (at.exception, at.error)


def plain(markdown: str) -> str:
    """Escaped Markdown as the text it shows."""
    return re.sub(r"\\(.)", r"\1", markdown)


def words_rank(words: str) -> int:
    """The result a row's words state: 2 a win, 1 a draw, 0 a loss."""
    if words.startswith("wins"):
        return 2
    return 1 if words == "a draw" else 0 if words.startswith("loses") else -1


@pytest.mark.parametrize(
    "actions",
    [
        [4, 1],  # X centre, O an edge: X wins with best play
        [6, 4, 7],  # X threatens the bottom row: O must block at 8
    ],
)
def test_alphabeta_table_and_verdict_agree_with_openspiel(actions: list[int]) -> None:
    at = app_test()
    analyse(at, actions, depth=9)
    truth = oracle(actions)
    table = at.dataframe[0].value
    assert sorted(table["move"]) == sorted(truth)
    chosen = table[table["chosen"] == "yes"]
    assert len(chosen) == 1
    move = chosen["move"].iloc[0]
    best = max(truth.values())
    assert truth[move] == best  # full-depth alpha-beta plays a best move
    # its value for the player to move: a win in words, a draw as 0
    words, value = chosen["in words"].iloc[0], chosen["value"].iloc[0]
    said = words or ("a draw" if float(value) == 0 else f"points {value}")
    assert words_rank(said) == RANK[best], (words, value)
    for label, words in zip(table["move"], table["exact"], strict=True):
        assert words_rank(words) == RANK[truth[label]], (label, words)
    assert plain(at.success[0].value).startswith(f"Verdict: {move} is a best move: it ")


def test_a_mistake_is_called_one_by_the_exact_values() -> None:
    actions = [6, 4, 7]  # O must block at 8; greedy sees no win and plays the first cell
    at = app_test()
    analyse(at, actions, agent="greedy")
    truth = oracle(actions)
    move = at.dataframe[0].value.query("chosen == 'yes'")["move"].iloc[0]
    fall = RANK[max(truth.values())] - RANK[truth[move]]
    assert fall == 1  # a draw thrown into a loss
    assert plain(at.success[0].value).startswith(f"Verdict: {move} is a mistake: it loses")


def test_board_svg_has_each_players_pieces_where_openspiel_has_them() -> None:
    actions = [4, 0, 8]
    at = app_test()
    analyse(at, actions, depth=2)
    svg = next(m.value for m in at.markdown if m.value.startswith("<svg"))
    board = str(spiel_state(actions)).split()  # three rows of x, o and .
    pieces = re.findall(r'class="piece (p[01])"', svg)
    assert pieces.count("p0") == sum(r.count("x") for r in board) == 2
    assert pieces.count("p1") == sum(r.count("o") for r in board) == 1


def test_a_bad_position_is_an_error_quoting_it_and_the_page_works() -> None:
    at = app_test()
    at.sidebar.selectbox(key="analyze_game").set_value("tic_tac_toe").run()
    at.sidebar.text_input(key="any_position_tic_tac_toe").set_value("x(1,1) x(7,7)").run()
    assert not at.exception and "x(7,7)" in plain(at.error[0].value)
    at.sidebar.text_input(key="any_position_tic_tac_toe").set_value("x(1,1)").run()
    at.sidebar.button(key="any_run").click().run()
    assert not at.exception and not at.error and len(at.dataframe[0].value) == 8


def test_the_link_names_the_game_and_opens_the_analysis() -> None:
    at = app_test()
    at.query_params.update({"game": "nim", "position": "", "agent": "solver"})
    at.run()
    assert not at.exception and not at.error
    assert at.sidebar.selectbox(key="analyze_game").value == "nim"
    # misère Nim with a heap above 1 is lost for the mover exactly when the heaps' xor
    # is 0 (Bouton): 1 ^ 3 ^ 5 ^ 7 == 0, so every first move loses
    verdict = plain(at.success[0].value)
    assert verdict.startswith("Verdict: ") and "it loses in " in verdict
    assert set(at.dataframe[0].value["exact"].str.split().str[0]) == {"loses"}
    assert at.query_params["agent"] == "solver"
    at.sidebar.selectbox(key="analyze_game").set_value("connect4").run()
    assert "game" not in at.query_params and at.title[0].value.endswith("column?")


def test_a_bad_game_in_the_link_is_an_error_and_connect4_shows() -> None:
    at = app_test()
    at.query_params["game"] = "chess'><script>"
    at.run()
    assert not at.exception and "chess'><script>" in plain(at.error[0].value)
    assert at.title[0].value.endswith("column?")


def test_connect4_stays_the_default_and_other_pages_say_connect4_only() -> None:
    at = app_test()
    assert at.sidebar.selectbox(key="analyze_game").value == "connect4"
    assert at.title[0].value == "treeviz — why this column?" and "game" not in at.query_params
    at.session_state["goto"] = "play"
    at.run()
    assert any(c.value.startswith("Connect 4 only in this version") for c in at.caption)


def test_hex_from_the_start_says_no_exact_values_are_known_in_words() -> None:
    at = app_test()
    at.sidebar.selectbox(key="analyze_game").set_value("hex").run()
    at.sidebar.slider(key="any_alphabeta_depth").set_value(1).run()
    at.sidebar.button(key="any_run").click().run()
    assert not at.exception and not at.error and not at.success
    assert at.info[0].value.startswith("No exact values are known for this position")
    table = at.dataframe[0].value
    assert "exact" not in table.columns and len(table) == 25  # a 5 x 5 board's cells


def test_the_tree_panel_draws_the_selected_nodes_board_and_replay_runs() -> None:
    actions = [4, 0]
    at = app_test()
    analyse(at, actions, depth=2)
    kids = kids_frame(panel(at, "any_game_tree_"))  # the root's children, by their labels
    legal = [a for a in range(9) if a not in actions]
    assert sorted(kids["move"]) == sorted(text_of([*actions, a]).split()[-1] for a in legal)
    at.session_state["any_game_node"] = int(kids["node"].iloc[0])
    at.run()
    boards = [m.value for m in at.markdown if m.value.startswith("<svg")]
    shown = panel(at, "any_game_tree_")  # the panel's board: an image of the game's SVG
    assert shown["image"].startswith("data:image/svg+xml;base64,")
    node_board = base64.b64decode(shown["image"].split(",", 1)[1]).decode()
    assert node_board.count('class="piece') == boards[0].count('class="piece') + 1
    at.toggle(key="any_game_replay").set_value(True).run()
    assert not at.exception and any(c.value.startswith("The whole trace") for c in at.caption)


def test_the_game_and_its_position_outlive_a_visit_to_another_page() -> None:
    at = app_test()
    at.sidebar.selectbox(key="analyze_game").set_value("tic_tac_toe").run()
    at.sidebar.text_input(key="any_position_tic_tac_toe").set_value("x(1,1)").run()
    at.session_state["goto"] = "play"
    at.run()
    at.session_state["goto"] = "analyze"
    at.run()
    assert at.sidebar.selectbox(key="analyze_game").value == "tic_tac_toe"
    assert at.sidebar.text_input(key="any_position_tic_tac_toe").value == "x(1,1)"


def test_without_openspiel_only_connect4_is_offered_and_the_page_says_how_to_get_more(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from treeviz.dashboard.components import game_picker

    monkeypatch.setattr(game_picker, "spiel_available", lambda: False)
    at = app_test()
    assert at.sidebar.selectbox(key="analyze_game").options == ["Connect 4"]
    assert any("treeviz-c4[games]" in c.value for c in at.sidebar.caption)
    at.query_params["game"] = "tic_tac_toe"
    at.run()
    said = plain(at.error[0].value)
    assert "'tic_tac_toe'" in said and "treeviz-c4[games]" in said
    assert at.title[0].value.endswith("column?")


def test_a_tic_tac_toe_trace_file_is_shown_with_its_board_labels_and_verdict() -> None:
    from treeviz import search_game
    from treeviz.dashboard.pages.trace.page import load_upload
    from treeviz.trace.files import dumps

    actions = [6, 4, 7]
    res = search_game("tic_tac_toe", text_of(actions), "minimax:depth=9")
    at = AppTest.from_string(
        "from treeviz.dashboard.pages.trace.page import trace_page\ntrace_page()",
        default_timeout=60,
    )
    at.session_state["uploaded"] = load_upload("t.json", dumps(res.trace).encode())
    at.run()
    assert not at.exception and not at.error
    truth = oracle(actions)
    table = at.dataframe[0].value
    move = table.query("chosen == 'yes'")["move"].iloc[0]
    assert truth[move] == max(truth.values())  # minimax to the end plays a best move
    for label, words in zip(table["move"], table["exact"], strict=True):
        assert words_rank(words) == RANK[truth[label]], (label, words)
    assert plain(at.success[0].value).startswith(f"Verdict: {move} is a best move")
    svg = next(m.value for m in at.markdown if m.value.startswith("<svg"))
    assert svg.count('class="piece p0"') == 2 and svg.count('class="piece p1"') == 1


def test_a_bad_position_or_agent_in_the_link_is_an_error_quoting_it() -> None:
    at = app_test()
    at.query_params.update({"game": "tic_tac_toe", "position": "x(1,1) o(1,1)", "agent": "mcts"})
    at.run()
    assert not at.exception and "x(1,1) o(1,1)" in plain(at.error[0].value)
    at.query_params.update({"position": "x(1,1)", "agent": "alphabeta:depth=99"})
    at.run()
    assert not at.exception and "depth=99" in plain(at.error[0].value).replace(" ", "")
    at.sidebar.button(key="any_run").click().run()  # the page works on
    assert not at.exception and len(at.dataframe[0].value) == 8


def test_mcts_says_its_mean_result_as_its_rows_count_it() -> None:
    at = app_test()
    at.sidebar.selectbox(key="analyze_game").set_value("tic_tac_toe").run()
    at.sidebar.text_input(key="any_position_tic_tac_toe").set_value("x(1,1)").run()
    at.sidebar.selectbox(key="any_agent").set_value("mcts").run()
    at.sidebar.number_input(key="any_mcts_iterations").set_value(300).run()
    at.sidebar.button(key="any_run").click().run()
    assert not at.exception and not at.error
    row = at.dataframe[0].value.query("chosen == 'yes'").iloc[0]
    rate = (float(row["wins"]) + float(row["draws"]) / 2) / float(row["visits"])
    answer = plain(next(m.value for m in at.markdown if " chose " in m.value))
    # a draw counts half a win: the mean result, not the share of games won
    assert f"value {100 * rate:.1f}% mean result" in answer and "for the second player" in answer
    assert "win rate" not in answer


def test_a_search_past_its_time_budget_is_stopped_and_said() -> None:
    """A pure Python search too large for the page's time budget (Othello's opening,
    minimax to depth 8: millions of nodes) is stopped at the budget, as Stop would,
    and the page says so and what to lower; Connect 4's budget setting serves it."""
    at = app_test()
    at.sidebar.selectbox(key="analyze_game").set_value("othello").run()
    at.sidebar.selectbox(key="any_agent").set_value("minimax").run()
    at.sidebar.slider(key="any_minimax_depth").set_value(8).run()
    at.sidebar.number_input(key="budget").set_value(1.0).run()
    at.sidebar.button(key="any_run").click().run(timeout=60)
    assert not at.exception
    said = plain(at.error[0].value)
    assert "the search of the start was stopped after" in said and "lower its depth" in said
