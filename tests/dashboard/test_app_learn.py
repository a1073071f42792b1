"""Streamlit AppTest of the Learn page: a link opens one exercise with its settings; a
question answered right and wrong keeps the score and the streak and writes the step
into the link; the questions whose choices are columns (the next child, UCT's choice),
each opened by a link at its step (every step asked), answered wrong and right (the
browser answers the other kinds: ``tests/browser/test_browser_learn.py``); a sheet
filled in right and with an error is checked; what a visitor may not choose is refused
in words while the page keeps working."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import app_test, seen
from streamlit.testing.v1 import AppTest

from treeviz.connect4.board import Position
from treeviz.learn.hand import bound_text, solve, textbook_tree
from treeviz.learn.predict import predict
from treeviz.learn.questions import NEXT_CHILD, UCT


def opened(query: dict[str, str]) -> AppTest:
    """The Learn page opened by a link with ``query``."""
    at = app_test("learn")
    at.query_params.update(query)
    at.session_state["learn_link_read"] = False  # as on a session's first visit
    return at.run()


def param(at: AppTest, key: str) -> Any:
    """A query parameter's value (AppTest keeps them as lists)."""
    value = at.query_params[key]
    return value[0] if isinstance(value, list) else value


def test_a_link_opens_predict_at_its_step_and_answers_are_marked() -> None:
    spec = "alphabeta:depth=2,ordering=left,tt=false"
    at = opened({"ex": "predict", "agent": spec, "moves": "4453", "step": "3"})
    assert not at.exception and not at.error
    expected = predict("4453", spec).questions  # the same search, outside the page
    question = expected[3]
    radio = next(r for r in at.radio if r.key and r.key.startswith("learn_choice_"))
    wrong = next(label for key, label in question.choices if key != question.answer)
    radio.set_value(next(k for k, _ in question.choices if k != question.answer)).run()
    at.button(key="learn_answer").click().run()
    assert at.error and f"you said {wrong}" in seen(at.error[0].value)
    assert "Score 0 / 1" in seen(" ".join(m.value for m in at.markdown))
    assert param(at, "step") == "4"
    radio = next(r for r in at.radio if r.key and r.key.startswith("learn_choice_"))
    radio.set_value(expected[4].answer).run()
    at.button(key="learn_answer").click().run()
    assert at.success and "Right" in at.success[0].value
    text = seen(" ".join(m.value for m in at.markdown))
    assert "Score 1 / 2" in text and "streak 1" in text
    assert param(at, "agent") == spec and param(at, "ex") == "predict"


COLUMN_KINDS = {  # a kind of question -> the search that asks it (the link's settings)
    NEXT_CHILD: ("4453", "alphabeta:depth=2,ordering=left,tt=false"),
    UCT: ("4453", "mcts:iterations=30,seed=3"),
}


def answered_at(kind: str, step: int, choice: str) -> AppTest:
    """The link of ``kind``'s search opened at ``step`` (every step asked), its
    question's prompt shown, ``choice`` chosen and Answer pressed."""
    moves, spec = COLUMN_KINDS[kind]
    at = opened({"ex": "predict", "agent": spec, "moves": moves, "steps": "all", "step": str(step)})
    radio = next(r for r in at.radio if r.key and r.key.startswith("learn_choice_"))
    question = predict(moves, spec, every_step=True).questions[step]
    assert seen(radio.label) == question.prompt
    radio.set_value(choice).run()
    return at.button(key="learn_answer").click().run()


@pytest.mark.parametrize("kind", list(COLUMN_KINDS))
def test_a_column_question_at_a_link_s_step_says_wrong_and_right(kind: str) -> None:
    """The first two questions of ``kind``: the first answered wrong (the verdict
    quotes the choice), the second right (it names the column)."""
    moves, spec = COLUMN_KINDS[kind]
    questions = predict(moves, spec, every_step=True).questions
    first, second = [s for s, q in enumerate(questions) if q.kind == kind][:2]
    q = questions[first]
    wrong = next(k for k, _ in q.choices if k != q.answer)
    at = answered_at(kind, first, wrong)
    assert not at.exception
    assert at.error and f"**Wrong**: you said {q.label(wrong)};" in seen(at.error[0].value)
    q = questions[second]
    at = answered_at(kind, second, q.answer)
    assert not at.exception
    assert at.success and f"**Right**: {q.label(q.answer)}." in seen(at.success[0].value)


def test_answer_without_a_choice_asks_for_one() -> None:
    at = opened({"ex": "predict", "agent": "mcts:iterations=30,seed=2", "moves": ""})
    at.button(key="learn_answer").click().run()
    assert at.warning and "Choose an answer first" in at.warning[0].value
    assert "Score 0 / 0" in seen(" ".join(m.value for m in at.markdown))


def test_a_link_may_not_name_an_agent_that_is_not_offered(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    evil = tmp_path / "evil.py"
    evil.write_text(f"open({str(marker)!r}, 'w').write('x')\ndef f(pos):\n    return 1\n")
    for agent in (f"{evil}:f", "solver", "alphabeta:depth=9"):
        at = opened({"ex": "predict", "agent": agent})
        assert not at.exception and at.error, agent
        assert "cannot be opened" in seen(at.error[0].value)
        assert at.selectbox(key="learn_agent").value == "alphabeta"  # the page goes on
    assert not marker.exists()


def test_a_bad_position_is_refused_quoting_it() -> None:
    at = opened({"ex": "predict", "moves": "4458"})
    assert at.error and "'4458'" in seen(at.error[0].value)


def test_a_hostile_link_is_read_as_data() -> None:
    at = opened({"ex": "predict", "agent": "minimax:depth=2", "step": "9" * 5000})
    assert not at.exception and "question 1 of" in seen(" ".join(m.value for m in at.markdown))
    at = opened({"ex": "alphabeta", "b": "9" * 30, "leaves": "1 " * 100_000})
    assert not at.exception and at.error  # each refused in words


def fill(at: AppTest, tree: Any, wrong: int | None = None) -> AppTest:
    """Fill the sheet of ``tree`` from its key; ``wrong``: that node's alpha off by one."""
    key = solve(tree)
    ident = next(t.key for t in at.text_input if t.key.endswith("_0_a")).split("_")[2]
    for i, nk in enumerate(key.nodes):
        if tree.leaf[i] is None:
            a = bound_text(nk.alpha) if nk.visited else ""
            if i == wrong:
                a = "0" if a in ("-inf", "+inf") else str(int(a) + 1)
            at.text_input(key=f"learn_ab_{ident}_{i}_a").input(a)
            b = bound_text(nk.beta) if nk.visited else ""
            at.text_input(key=f"learn_ab_{ident}_{i}_b").input(b)
        if i in key.pruned:
            at.checkbox(key=f"learn_ab_{ident}_{i}_p").check()
    return at


def check(at: AppTest) -> AppTest:
    """Press "Check the sheet"."""
    return next(b for b in at.button if "Check" in b.label).click().run()


def test_a_sheet_filled_right_passes_and_one_error_is_explained() -> None:
    at = opened({"ex": "alphabeta", "tree": "textbook", "b": "2", "d": "2", "seed": "1"})
    assert not at.exception and not at.error
    tree = textbook_tree(2, 2, seed=1)
    assert solve(tree).pruned  # a branch to tick
    fill(at, tree)
    check(at)
    assert at.success and "The whole sheet is right" in at.success[0].value
    at = opened({"ex": "alphabeta", "tree": "textbook", "b": "2", "d": "2", "seed": "1"})
    check(fill(at, tree, wrong=1))
    assert at.error and "The first, at B, α" in seen(at.error[0].value)


def test_a_real_position_tree_and_a_bad_leaf_list() -> None:
    at = opened(
        {"ex": "alphabeta", "tree": "position", "plies": "2", "moves": "444444", "cols": "1234567"}
    )
    assert not at.exception and not at.error
    assert param(at, "moves") == "444444" and param(at, "cols") == "1234567"
    at = opened({"ex": "alphabeta", "tree": "position", "cols": "2x"})
    assert at.error and "'2x'" in seen(at.error[0].value)
    at = opened({"ex": "alphabeta", "tree": "textbook", "b": "2", "d": "2", "leaves": "1 2 x 4"})
    assert at.error and "'x'" in seen(at.error[0].value)


def test_the_puzzles_choice_opens_the_puzzles_exercise() -> None:
    from treeviz.games.game import load_game
    from treeviz.learn.puzzles import puzzle_cards

    game = load_game(Path(__file__).parents[1] / "data" / "games" / "greedy_vs_alphabeta.json")
    at = opened({"ex": "puzzles", "p_moves": game.moves, "p_card": "2"})
    assert not at.exception and not at.error
    assert param(at, "ex") == "puzzles" and param(at, "p_card") == "2"
    card = puzzle_cards(game)[1]
    shown = " ".join(m.value for m in at.markdown)
    assert f"Card 2 of {len(puzzle_cards(game))}** · {card.question()}" in shown


def test_another_exercise_leaves_the_link_with_its_own_settings_only() -> None:
    at = opened({"ex": "alphabeta", "tree": "textbook", "b": "2", "d": "2", "seed": "1"})
    at.radio(key="learn_exercise").set_value("puzzles").run()
    assert dict(at.query_params) in ({"ex": "puzzles"}, {"ex": ["puzzles"]})
    at.radio(key="learn_exercise").set_value("predict").run()
    assert "tree" not in at.query_params and param(at, "agent").startswith("alphabeta")


def test_a_visit_to_another_page_forgets_nothing() -> None:
    at = opened({"ex": "alphabeta", "tree": "textbook", "b": "3", "d": "2", "seed": "7"})
    for page in ("analyze", "learn"):
        at.session_state["goto"] = page
        at.run()
    assert at.radio(key="learn_exercise").value == "alphabeta"
    assert at.slider(key="learn_ab_branching").value == 3
    assert at.number_input(key="learn_ab_seed").value == 7


def branch_boxes(at: AppTest) -> int:
    """The sheet's "pruned" check boxes: one per branch (node below the root)."""
    return sum(1 for c in at.checkbox if c.key and c.key.endswith("_p"))


def legal_paths(moves: str, cols: str, depth: int) -> int:
    """Nodes below the root of ``moves`` searched ``depth`` plies over ``cols`` only,
    counted by playing them (the oracle of the page's tree)."""

    def count(pos: Position, d: int) -> int:
        if d == depth or pos.is_over():
            return 0
        kids = [int(c) - 1 for c in cols if pos.can_play(int(c) - 1)]
        total = 0
        for c in kids:
            child = pos.copy()
            child.play(c)
            total += 1 + count(child, d + 1)
        return total

    return count(Position.from_moves(moves), 0)


@pytest.mark.slow
def test_each_trees_default_is_a_lesson_and_a_big_sheet_is_offered_to_print() -> None:
    """The defaults: a 3x3 textbook tree (27 leaves) and position 4453 at depth 2 on
    columns 2-6 (at most 25 leaves, not 343 at depth 3), each drawn; a 343-leaf sheet is
    offered to print, not drawn (it was 21,540 px tall)."""
    at = opened({"ex": "alphabeta"})
    assert not at.exception and not at.error
    assert branch_boxes(at) == 3 + 9 + 27
    at = opened({"ex": "alphabeta", "tree": "position"})
    assert not at.exception and not at.error
    assert param(at, "plies") == "2" and param(at, "cols") == "23456"
    assert branch_boxes(at) == legal_paths("4453", "23456", 2) <= 5 + 25
    assert not at.info  # drawn in the page
    at = opened({"ex": "alphabeta", "tree": "position", "plies": "3", "cols": ""})
    assert not at.exception and not at.error
    assert branch_boxes(at) == legal_paths("4453", "1234567", 3)
    assert at.info and "too big to read on screen" in at.info[0].value
    assert "Download" in " ".join(b.label for b in at.get("download_button"))


def test_predict_asks_the_key_decisions_unless_a_link_asks_every_step() -> None:
    spec = "alphabeta:depth=3,ordering=centre,tt=false"
    for steps, every in (("key", False), ("all", True)):
        at = opened({"ex": "predict", "agent": spec, "moves": "4453", "steps": steps})
        assert not at.exception and not at.error
        total = len(predict("4453", spec, every_step=every).questions)
        assert f"question 1 of {total}" in seen(" ".join(m.value for m in at.markdown))
        assert param(at, "steps") == steps
        assert (total <= 20) != every  # every step of this search: 403 questions
