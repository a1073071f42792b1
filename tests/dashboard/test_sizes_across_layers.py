"""A position is a Position, with its size, wherever it crosses a layer: a board pasted
in the dashboard, the search cache, the result's tree and its export, a game file, a
review. Checked on a 6x5 board (the solver's exact scores are the outside answer)."""

from __future__ import annotations

import pytest
from conftest import app_test

from treeviz.agents.registry import search, spec
from treeviz.connect4.board import Position
from treeviz.connect4.notation import to_diagram
from treeviz.dashboard.server import cache
from treeviz.draw.export import ExportOptions, export_bytes
from treeviz.exact.scores import exact_scores
from treeviz.games.game import Game, loads_game
from treeviz.judge.review import review

SMALL = Position.from_moves("3342", width=6, height=5)


def test_a_pasted_6x5_board_stays_6x5_from_paste_to_tree() -> None:
    at = app_test()
    at.sidebar.radio(key="source").set_value("Move string or board").run()
    at.sidebar.text_area(key="position_text").set_value(to_diagram(SMALL)).run()
    assert at.session_state["position"] == SMALL and not at.error
    at.sidebar.selectbox(key="agent").set_value("alphabeta").run()
    at.sidebar.button(key="run").click().run()
    assert not at.exception and not at.error
    table = at.dataframe[0].value
    assert list(table["column"]) == list(range(1, 7))
    exact = exact_scores(SMALL, 30.0)
    assert exact is not None and list(table["exact score"]) == exact
    kept = [r for r in cache.SEARCHES._items.values() if r.trace.position() == SMALL]
    assert kept and (kept[0].trace.width, kept[0].trace.height) == (6, 5)
    dot = export_bytes(kept[0].trace, "dot", ExportOptions(depth=1)).decode()
    assert dot.count("col 6") >= 1 and "col 7" not in dot


def test_the_cache_never_answers_a_7x6_request_for_a_6x5_board() -> None:
    big = Position.from_moves(SMALL.moves_string())
    a = cache.run_search(cache.search_request(SMALL, spec("alphabeta:depth=2")))
    b = cache.run_search(cache.search_request(big, spec("alphabeta:depth=2")))
    assert (a.trace.width, b.trace.width) == (6, 7) and len(a.moves) == 6
    assert cache.cached_exact(SMALL)[0] == exact_scores(SMALL, 30.0)


@pytest.mark.slow
def test_a_game_on_6x5_keeps_its_size_through_its_file_and_review() -> None:
    game = Game("human", "human", moves=SMALL.moves_string(), width=6, height=5)
    again = loads_game(game.dumps())
    assert (again.width, again.height) == (6, 5) and again.position == SMALL
    out = review(again.position)
    pos = Position(6, 5)
    for ply in out.plies:
        exact = exact_scores(pos, 30.0)
        assert exact is not None and ply.best_score == max(s for s in exact if s is not None)
        pos.play(ply.column - 1)
    assert search(again.position, "solver").trace.width == 6
