"""Streamlit AppTest of the "Decision trees" page."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import app_test, seen
from streamlit.testing.v1 import AppTest

from treeviz.id3 import bundled_path, cross_validate, fit, read_table
from treeviz.id3.draw import class_colour, edge_text


def metrics(at: AppTest) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


@pytest.mark.slow
def test_bundled_sets_learn_score_and_draw() -> None:
    at = app_test("id3", timeout=240)
    assert at.title[0].value == "Decision trees (ID3)" and not at.exception
    table = read_table(bundled_path("weather"))
    tree = fit(table)
    shown = metrics(at)
    assert shown["Nodes"] == str(len(tree.nodes)) and shown["Train accuracy"] == "100.00%"
    cv = cross_validate(table, k=5, seed=0)
    assert shown["5-fold accuracy"] == f"{cv.mean:.2%}"
    confusion = at.dataframe[0].value
    assert confusion.to_numpy().sum() == table.rows  # every row predicted once
    assert list(confusion.index) == table.classes
    legend = next(m.value for m in at.markdown if "Class predicted" in m.value)
    for c, name in enumerate(table.classes):  # every class named beside its colour
        assert f"background:{class_colour(tree, c)};" in legend and f">{name}</span>" in legend
    at.sidebar.selectbox(key="id3_source").set_value("restaurant").run()
    assert metrics(at)["Nodes"] == "12"
    assert any("ignored ID" in c.value for c in at.caption)
    at.sidebar.selectbox(key="id3_target").set_value("Pat").run()  # another target
    assert not at.exception and not at.error


@pytest.mark.slow
def test_a_bad_upload_shows_an_error_and_the_page_survives() -> None:
    at = app_test("id3", timeout=240)
    at.sidebar.selectbox(key="id3_source").set_value("iris").run()
    at.sidebar.number_input(key="id3_cv").set_value(1).run()  # below the minimum: clamped
    assert not at.exception
    at.sidebar.selectbox(key="id3_source").set_value("weather").run()
    at.sidebar.number_input(key="id3_depth").set_value(1).run()
    assert metrics(at)["Depth"] == "1" and not at.exception


@pytest.mark.slow
def test_connect4_follows_a_position_to_its_leaf_beside_the_solver() -> None:
    at = app_test("id3", timeout=240)
    at.sidebar.number_input(key="id3_cv").set_value(0).run()
    at.sidebar.selectbox(key="id3_source").set_value("connect-4").run()
    assert not at.exception and metrics(at)["Train accuracy"] == "100.00%"
    at.text_input(key="id3_moves").set_value("44444435").run()
    said = next(m.value for m in at.markdown if "The tree predicts" in m.value)
    # 44444435 is in the UCI table with label "win"; a full tree has learned it
    assert "predicts **win**" in said and "exact solver says **win**" in said
    at.text_input(key="id3_moves").set_value("4444").run()
    assert at.error and "'4444'" in seen(at.error[0].value) and not at.exception


def test_downloads_do_not_rerun_the_page() -> None:
    """Every download of the page is frontend-only (``on_click="ignore"``): a rerun
    started by the click raced the diagram drawn on demand and left it loading."""
    at = app_test("id3", timeout=240)
    buttons = at.get("download_button")
    assert len(buttons) == 6  # SVG, PNG, PDF, DOT, GraphML, JSON
    assert all(b.proto.ignore_rerun for b in buttons), [b.proto.label for b in buttons]


@pytest.mark.slow
def test_connect4_blank_cells_read_as_blank() -> None:
    """The UCI Connect-4 data writes an empty cell "b": the tree says "blank"."""
    tree = fit(read_table(bundled_path("connect-4")).subset(np.arange(2000)))
    tests = [edge_text(tree, n) for n in tree.nodes[1:]]
    assert any(t.endswith("= blank") for t in tests) and not any(t.endswith("= b") for t in tests)


@pytest.mark.slow
def test_a_connect4_nodes_panel_fixes_one_cell_per_test_on_its_path() -> None:
    """The panel's board pattern of a Connect-4 tree's node: ID3 tests a cell at most
    once on a path, so a node ``depth`` levels down fixes exactly ``depth`` cells and
    leaves the other 42 - depth untested (``?``); the cell its own test fixed holds
    the value of its branch (x: X, o: O, blank: .)."""
    from treeviz.dashboard.pages.id3.page import node_panel

    tree = fit(read_table(bundled_path("connect-4")).subset(np.arange(2000)), max_depth=4)
    for node in tree.nodes:
        rows = node_panel(tree, node.id)["pattern"]["rows"]
        cells = "".join(rows)
        assert len(rows) == 6 and len(cells) == 42 and cells.count("?") == 42 - node.depth
        if node.parent >= 0:
            name = tree.feature(tree.nodes[node.parent])  # "a1": column a, row 1 (bottom)
            column, row = ord(name[0]) - ord("a"), int(name[1:])
            mark = {"x": "X", "o": "O"}.get(str(node.branch), ".")
            assert rows[6 - row][column] == mark, (node.id, name, node.branch)
