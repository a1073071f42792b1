"""The sidebar's paste box reads a notebook's ``print_board`` grid of 0 1 2 (it said
"no board rows found"), says which colouring it chose, and its toggle reads the other."""

from __future__ import annotations

from conftest import app_test, seen

from treeviz.connect4.board import Position

# rows of 0 1 2 under 0-based column numbers; 2 stones each, both colourings legal
PRINT_BOARD = "0 1 2 3 4 5 6\n" + "0 0 0 0 0 0 0\n" * 4 + "0 0 0 2 0 0 0\n0 0 2 1 1 0 0"


def test_a_pasted_0_1_2_grid_is_read_said_and_its_toggle_swaps_the_colours() -> None:
    at = app_test()
    at.sidebar.radio(key="source").set_value("Move string or board").run()
    at.sidebar.text_area(key="position_text").set_value(PRINT_BOARD).run()
    assert not at.exception and not at.error, at.error
    assert at.session_state["position"] == Position.from_moves("4453")
    note = " ".join(seen(i.value) for i in at.sidebar.info)
    assert "'1' is read as X, the first player" in note and "'2' moved first" in note
    at.sidebar.toggle(key="first_swapped").set_value(True).run()
    assert not at.exception and not at.error
    assert at.session_state["position"] == Position.from_moves("3445")
    note = " ".join(seen(i.value) for i in at.sidebar.info)
    assert "'2' is read as X, the first player (red), as asked" in note
    at.sidebar.button(key="run").click().run()  # the page still works on it
    assert not at.exception and "plays column" in at.subheader[0].value


def test_a_board_the_counts_decide_has_no_toggle() -> None:
    at = app_test()
    at.sidebar.radio(key="source").set_value("Move string or board").run()
    one_more_2 = PRINT_BOARD.replace("0 0 2 1 1", "0 2 2 1 1")
    at.sidebar.text_area(key="position_text").set_value(one_more_2).run()
    assert not at.exception and not at.error and not at.sidebar.toggle
    assert at.session_state["position"].side_to_move == "O"


def test_after_a_bad_paste_the_page_says_the_board_is_the_previous_one() -> None:
    at = app_test()
    at.sidebar.radio(key="source").set_value("Move string or board").run()
    at.sidebar.text_area(key="position_text").set_value("4453").run()
    assert not at.error
    at.sidebar.text_area(key="position_text").set_value("0 0 0\n0 1 0").run()
    text = " ".join(seen(e.value) for e in at.error)
    assert "'0 0 0 / 0 1 0'" in text
    assert "previous position 4453, still loaded" in text
    assert at.session_state["position"] == Position.from_moves("4453")
