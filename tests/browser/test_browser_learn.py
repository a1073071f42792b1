"""The Learn page in a real browser, as a learner: for each kind of question whose
choices read as numbers, sentences or nodes (the value coming back, a cutoff, A*'s
pop) one wrong and one right answer, each opened by a teacher's link at its step
(every step asked; the kinds whose choices are columns, the next child and UCT's
choice, are answered so in ``tests/dashboard/test_app_learn.py``); then an alpha-beta
sheet filled in right, and again with one error, checked. Each exercise's default fits
the page at 1280x800 with no sideways scroll."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from local_server import default_app, fresh_page, wait_idle

from treeviz.learn.hand import bound_text, solve, textbook_tree
from treeviz.learn.predict import predict
from treeviz.learn.questions import CUTOFF_Q, POP, VALUE, Question

pytestmark = pytest.mark.browser

SEARCHES = {  # a kind of question -> the search that asks it (the link's settings)
    VALUE: ("4453", "alphabeta:depth=2,ordering=left,tt=false"),
    CUTOFF_Q: ("4453", "alphabeta:depth=2,ordering=left,tt=false"),
    POP: ("", "astar:max_nodes=40"),
}
WAIT = 120_000


@pytest.fixture(scope="module")
def server() -> str:
    return default_app().url


def two_of(questions: list[Question], kind: str) -> int:
    """A step whose question and the next are both of ``kind`` (the learner answers
    one wrong, then the next right), else -1."""
    kinds = [q.kind for q in questions]
    return next((s for s in range(len(kinds) - 1) if kinds[s] == kinds[s + 1] == kind), -1)


def answer(page: Any, question: Question, key: str) -> None:
    """Choose the choice ``key`` of ``question`` and press Answer."""
    wait_idle(page)
    expect_visible(page.get_by_text(question.prompt, exact=True))
    choices = page.locator("[class*='st-key-learn_choice_']")
    choices.get_by_text(question.label(key), exact=True).click()
    wait_idle(page)
    page.get_by_role("button", name="Answer", exact=True).click()
    wait_idle(page)


def expect_visible(locator: Any) -> None:
    from playwright.sync_api import expect

    expect(locator).to_be_visible(timeout=WAIT)


def predict_kind(page: Any, server: str, kind: str) -> None:
    """Open a link at two questions of ``kind`` in a row: answer wrong, then right."""
    moves, spec = SEARCHES[kind]
    questions = predict(moves, spec, every_step=True).questions
    s = two_of(questions, kind)
    steps = [s, s + 1] if s >= 0 else [i for i, q in enumerate(questions) if q.kind == kind][:2]
    for n, step in enumerate(steps):
        if n == 0 or s < 0:
            query = {
                "ex": "predict",
                "agent": spec,
                "moves": moves,
                "steps": "all",
                "step": str(step),
            }
            page.goto(f"{server}/learn?{urlencode(query)}")
        q = questions[step]
        wrong = next(k for k, _ in q.choices if k != q.answer)
        answer(page, q, wrong if n == 0 else q.answer)
        verdict = f"Wrong: you said {q.label(wrong)}" if n == 0 else f"Right: {q.label(q.answer)}"
        expect_visible(page.get_by_text(verdict))


def fill_sheet(page: Any, tree: Any, wrong: int | None = None) -> None:
    """Fill in the sheet from its key (``wrong``: that node's alpha off by one) and
    check it."""
    key = solve(tree)
    main = page.locator("[data-testid='stMain']")
    for i, nk in enumerate(key.nodes):
        name = tree.names[i]
        if tree.leaf[i] is None:
            a, b = (bound_text(nk.alpha), bound_text(nk.beta)) if nk.visited else ("", "")
            if i == wrong:
                a = "0" if a in ("-inf", "+inf") else str(int(a) + 1)
            main.get_by_label(f"α at {name}", exact=True).fill(a)
            main.get_by_label(f"β at {name}", exact=True).fill(b)
        if i:
            box = main.get_by_label(name, exact=True)
            box.set_checked(i in key.pruned, force=True)
    main.get_by_role("button", name="Check the sheet").click()
    wait_idle(page)


def test_a_learner_answers_every_kind_of_question_and_fills_a_sheet(
    server: str, tmp_path: Path
) -> None:
    with fresh_page(1300, 1000, shot=tmp_path / "learn.png") as page:
        for kind in SEARCHES:
            predict_kind(page, server, kind)
            page.screenshot(path=str(tmp_path / f"predict_{kind}.png"), full_page=True)
        expect_visible(page.get_by_text(re.compile(r"Score 1 / 2")))
        query = {"ex": "alphabeta", "tree": "textbook", "b": "2", "d": "2", "seed": "1"}
        page.goto(f"{server}/learn?{urlencode(query)}")
        expect_visible(page.get_by_role("button", name="Check the sheet"))
        wait_idle(page)
        tree = textbook_tree(2, 2, seed=1)
        assert solve(tree).pruned  # a branch to tick
        fill_sheet(page, tree)
        expect_visible(page.get_by_text("The whole sheet is right"))
        fill_sheet(page, tree, wrong=1)
        expect_visible(page.get_by_text(re.compile(r"The first, at B, α: you wrote")))
        page.screenshot(path=str(tmp_path / "sheet.png"), full_page=True)


# (scrollWidth, clientWidth) of the main area and of each box that scrolls sideways in
# it (the sheet's box scrolls a sheet too wide to shrink readably; a table's grid, which
# scrolls its columns by design, is not one), and the sheet's drawn and natural widths
WIDTHS_JS = """() => {
    const main = document.querySelector('[data-testid=stMain]');
    const boxes = [main, ...main.querySelectorAll('*')].filter(e => e.offsetParent !== null
        && ['auto', 'scroll'].includes(getComputedStyle(e).overflowX)
        && !e.closest('[data-testid=stDataFrame]'));
    const img = document.querySelector('[class*=st-key-learn_ab_sheet] img');
    return {boxes: boxes.map(e => [e.className.slice(0, 60), e.scrollWidth, e.clientWidth]),
            doc: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
            img: img ? [img.getBoundingClientRect().width, img.naturalWidth] : null};
}"""


def sideways(page: Any) -> list[Any]:
    """What scrolls sideways in the page: the document, or a box of the main area
    (its class, scroll width, client width)."""
    seen = page.evaluate(WIDTHS_JS)
    doc = [["document", *seen["doc"]]] if seen["doc"][0] > seen["doc"][1] else []
    return doc + [b for b in seen["boxes"] if b[1] > b[2]]


SHEET_LOADED_JS = """() => {
    const img = document.querySelector('[class*=st-key-learn_ab_sheet] img');
    return img !== null && img.complete && img.naturalWidth > 0;
}"""
DEFAULTS = {  # an exercise's default as a link opens it -> what shows it is drawn
    "alphabeta": ({"ex": "alphabeta"}, "Check the sheet"),
    "alphabeta_position": ({"ex": "alphabeta", "tree": "position"}, "Check the sheet"),
    "predict": ({"ex": "predict"}, "Answer"),
}


def test_each_exercises_default_fits_the_page_without_sideways_scroll(
    server: str, tmp_path: Path
) -> None:
    """At 1280x800 nothing scrolls sideways (the 3x3 sheet was 1,048 px in an 820 px
    column); the sheet is drawn at a readable size (no less than 60 % of its own);
    predict's default session is at most 20 questions. Screenshots at 1280x800 and,
    the same page narrowed, 800x1000 in ``tmp_path``."""
    with fresh_page(1280, 800) as page:
        for name, (query, button) in DEFAULTS.items():
            page.set_viewport_size({"width": 1280, "height": 800})
            page.goto(f"{server}/learn?{urlencode(query)}")
            expect_visible(page.get_by_role("button", name=button, exact=True))
            wait_idle(page)
            if name.startswith("alphabeta"):  # the sheet's image loaded
                page.wait_for_function(SHEET_LOADED_JS, timeout=WAIT)
            page.wait_for_timeout(300)  # and laid out
            page.screenshot(path=str(tmp_path / f"{name}_1280x800.png"))
            seen = page.evaluate(WIDTHS_JS)
            assert not sideways(page), (name, seen)
            if name.startswith("alphabeta"):
                shown, natural = seen["img"]
                assert natural and shown >= 0.6 * natural, (name, seen)  # readable
            else:
                said = page.get_by_text(re.compile(r"question 1 of \d+")).inner_text()
                total = int(re.search(r"question 1 of (\d+)", said).group(1))
                assert 1 <= total <= 20, said
            page.set_viewport_size({"width": 800, "height": 1000})
            page.wait_for_timeout(300)  # laid out again
            page.screenshot(path=str(tmp_path / f"{name}_800x1000.png"))
